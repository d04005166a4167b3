"""`make lab` and `make notebook` open the student edition without nbgrader's instructor tools.

nbgrader is installed with the test tools, into the same environment, and it adds
its Formgrader (an instructor's page of every grade) and its menus to Jupyter.
The two commands a student is given switch them off (tools/student-lab). Each is
started here as the README gives it, on a free port, and asked for the
Formgrader; plain `jupyter notebook` serves it, which shows the test can see it.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, ""
    except OSError:  # not listening yet
        return 0, ""


def _serving(command: list[str], port: int, token: str):
    """Start ``command`` (a Jupyter server); wait for it; the process, to stop."""
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if _get(f"http://127.0.0.1:{port}/api/status?token={token}")[0] == 200:
            return process
        if process.poll() is not None:
            raise AssertionError(f"{command} ended with {process.returncode}")
        time.sleep(0.3)
    os.killpg(process.pid, signal.SIGKILL)
    raise AssertionError(f"{command} did not start within 60 s")


def _stop(process) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _flags(port: int, token: str) -> str:
    return (
        f"--no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port={port} "
        f"--ServerApp.port_retries=0 --ServerApp.token={token}"
    )


@pytest.mark.parametrize("target, page", [("lab", "lab"), ("notebook", "tree")])
def test_the_student_commands_leave_out_nbgrader_s_tools(target, page):
    port, token = _free_port(), secrets.token_hex(8)
    process = _serving(["make", "-s", target, f"JUPYTER_FLAGS={_flags(port, token)}"], port, token)
    try:
        assert _get(f"http://127.0.0.1:{port}/formgrader?token={token}")[0] == 404
        status, html = _get(f"http://127.0.0.1:{port}/{page}?token={token}")
        assert status == 200
        config = json.loads(
            re.search(r'id="jupyter-config-data"[^>]*>\s*(\{.*?\})\s*</script>', html, re.S).group(
                1
            )
        )
        assert "@jupyter/nbgrader" in config["disabledExtensions"]
    finally:
        _stop(process)


def test_without_them_the_formgrader_is_served():
    # The check above can fail: the environment has nbgrader, and plain Jupyter serves it.
    port, token = _free_port(), secrets.token_hex(8)
    command = [str(ROOT / ".venv" / "bin" / "jupyter"), "notebook", *_flags(port, token).split()]
    if os.geteuid() == 0:
        command.append("--allow-root")
    process = _serving(command, port, token)
    try:
        assert _get(f"http://127.0.0.1:{port}/formgrader?token={token}")[0] == 200
    finally:
        _stop(process)
