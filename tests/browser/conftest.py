"""Fixtures of the browser tests: a real Jupyter server, a real Chromium.

Every server runs on 127.0.0.1, on a free port, behind a token, in its own
process group, on a temporary copy of the course's instructor source,
``instructor/`` (running a notebook never changes the repository's). The
instructor source is the student edition with its exercises solved: every cell
runs, the graded ones pass, and the viewers a check shows are drawn (in the
student edition an unfinished exercise's graded cell fails; nbval checks those). Teardown always stops what was started, even
after a failure, kernels included, and fails the test if a process survives.

Chromium is Debian's (``apt-get install chromium``), driven by Playwright by
its path: nothing is downloaded when the tests run. A missing browser fails
the suite with the command that installs it; it never skips.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "instructor"
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM = os.environ.get("AISEARCH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SERVER_START_SECONDS = 60
HOW_TO_INSTALL = (
    "Install Debian's Chromium with `apt-get install -y chromium` (as root, or through "
    "`make chromium`), or point AISEARCH_CHROMIUM at a Chromium executable."
)


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "browser: opens the course in headless Chromium (tests/browser; "
        "run alone with `pytest tests/browser -m browser`)",
    )


# -- processes -------------------------------------------------------------------


def _process_table() -> dict[int, tuple[int, str]]:
    """pid -> (parent pid, state letter) of every process, read from /proc."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:  # it ended while we looked
            continue
        table[int(entry)] = (int(fields[1]), fields[0])
    return table


def descendants(pid: int) -> set[int]:
    """The live (not zombie) processes below ``pid``."""
    table = _process_table()
    found, frontier = set(), [pid]
    while frontier:
        parent = frontier.pop()
        for child, (ppid, _) in table.items():
            if ppid == parent and child not in found:
                found.add(child)
                frontier.append(child)
    return {p for p in found if table[p][1] != "Z"}


def mentioning(text: str) -> set[int]:
    """The live processes whose command line contains ``text``."""
    found = set()
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                if text.encode() in cmdline.read():
                    found.add(int(entry))
        except (OSError, ValueError):
            continue
    return alive(found)


def alive(pids) -> set[int]:
    table = _process_table()
    return {p for p in pids if p in table and table[p][1] != "Z"}


def stop_process_tree(process: subprocess.Popen, name: str) -> None:
    """Stop ``process`` (a group leader) and everything it started; fail if any survive.

    Kernels start in sessions of their own, so the group is not enough: the
    whole tree is noted first, asked to stop (SIGTERM lets Jupyter shut its
    kernels down), and whatever is left after a grace period is killed.
    """
    tree = descendants(process.pid)
    for sig, grace in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        if process.poll() is None:
            try:
                os.killpg(process.pid, sig)
            except ProcessLookupError:
                pass
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            pass
        deadline = time.monotonic() + grace
        while alive(tree) and time.monotonic() < deadline:
            time.sleep(0.1)
        if process.poll() is not None and not alive(tree):
            return
        for pid in alive(tree):  # left behind by the first signal
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
    left = alive(tree) | ({process.pid} if process.poll() is None else set())
    if left:
        pytest.fail(f"{name}: processes left behind after shut-down: {sorted(left)}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """A started server: its base URL, token and log file."""

    def __init__(self, name: str, url: str, token: str, log: Path, root: Path):
        self.name, self.url, self.token, self.log, self.root = name, url, token, log, root

    def page_url(self, path: str) -> str:
        return f"{self.url}/{path.lstrip('/')}?token={self.token}"

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


def start_server(
    name: str,
    command: list[str],
    *,
    port: int,
    token: str,
    log: Path,
    root: Path,
    env: dict,
    ready_path: str,
):
    """Start ``command`` in its own process group; wait until ``ready_path`` answers."""
    process = subprocess.Popen(
        command,
        cwd=root,
        env=env,
        start_new_session=True,
        stdin=subprocess.DEVNULL,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    server = Server(name, f"http://127.0.0.1:{port}", token, log, root)
    deadline = time.monotonic() + SERVER_START_SECONDS
    while True:
        try:
            with urllib.request.urlopen(server.page_url(ready_path), timeout=2):
                return process, server
        except urllib.error.HTTPError:  # it answers: up, whatever it thinks of the path
            return process, server
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            stop_process_tree(process, name)
            pytest.fail(
                f"{name} did not start (exit code {process.returncode}); "
                f"the end of its log:\n{server.log_tail()}"
            )
        time.sleep(0.25)


@pytest.fixture(scope="session")
def course_copy(tmp_path_factory) -> Path:
    """A throw-away copy of instructor/, so that running cells changes no tracked file."""
    copy = tmp_path_factory.mktemp("course") / "instructor"
    shutil.copytree(NOTEBOOKS, copy, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return copy


@pytest.fixture(scope="session")
def server_env(tmp_path_factory) -> dict:
    """The servers' environment: private Jupyter config and runtime folders.

    MPLBACKEND is dropped: the unit tests set it to Agg, and a kernel that
    inherits it would show no figure at all. This checkout comes first on
    PYTHONPATH: the kernels run in the course copy, where a relative
    ``PYTHONPATH=.`` names nothing, and would import whichever ``aisearch`` is
    installed in the venv (another checkout's, when the venv is shared).
    """
    home = tmp_path_factory.mktemp("jupyter-home")
    env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    )
    env.update(
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        IPYTHONDIR=str(home / "ipython"),
        JUPYTER_PLATFORM_DIRS="1",
    )
    # No news and no update check: the page asks nothing and fetches nothing.
    settings = home / "config/lab/user-settings/@jupyterlab/apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false}'
    )
    return env


@pytest.fixture(scope="session")
def lab_server(course_copy, server_env, tmp_path_factory):
    """JupyterLab on 127.0.0.1 serving the copy of the course; always stopped.

    With the ``notebook`` package installed, this one server also serves the
    classic Notebook 7 interface (``/tree``, ``/notebooks/<path>``).
    """
    port, token = free_port(), secrets.token_hex(16)
    log = tmp_path_factory.mktemp("logs") / "jupyterlab.log"
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.token={token}",
        f"--ServerApp.root_dir={course_copy}",
        # window.jupyterapp: the tests run cells through Lab's own commands
        "--LabApp.expose_app_in_browser=True",
        # The same server serves Notebook 7 (/tree, /notebooks/...) when the
        # notebook package is installed: its pages expose their app the same way.
        "--JupyterNotebookApp.expose_app_in_browser=True",
    ]
    process, server = start_server(
        "JupyterLab",
        command,
        port=port,
        token=token,
        log=log,
        root=course_copy,
        env=server_env,
        ready_path="api/status",
    )
    try:
        yield server
    finally:
        stop_process_tree(process, "JupyterLab")


def _voila_servers(tool: str, course_copy, server_env, tmp_path_factory, *, slide_copy: bool):
    """Start ``tools/<tool>.py`` (Voilà) on one notebook per call; stop them all at the end.

    A generator for the two session fixtures below: it yields the factory,
    ``start("02")``, which returns the started ``Server``. With ``slide_copy``
    the tool makes its copy in a folder of its own, which is the server's root.
    """
    started = []

    def start(notebook: str) -> Server:
        port, token = free_port(), secrets.token_hex(16)
        log = tmp_path_factory.mktemp("logs") / f"{tool}-{notebook}.log"
        root = tmp_path_factory.mktemp("slides") if slide_copy else course_copy
        command = [
            sys.executable,
            str(ROOT / f"tools/{tool}.py"),
            notebook,
            f"--notebooks={course_copy}",
            *([f"--slides={root}"] if slide_copy else []),
            f"--port={port}",
            f"--token={token}",
            "--no-browser",
        ]
        process, server = start_server(
            f"{'presentation' if tool == 'present' else tool} of {notebook}",
            command,
            port=port,
            token=token,
            log=log,
            root=root,
            env=server_env,
            ready_path="voila/static/",
        )
        started.append((process, server.name))
        return server

    try:
        yield start
    finally:
        for process, name in started:
            stop_process_tree(process, name)


@pytest.fixture(scope="session")
def present_server(course_copy, server_env, tmp_path_factory):
    """Start the presentation mode (tools/present.py) on one notebook; always stopped.

    A factory: ``present_server("04")`` returns the started ``Server``; the
    servers end with the session.
    """
    yield from _voila_servers(
        "present", course_copy, server_env, tmp_path_factory, slide_copy=False
    )


@pytest.fixture(scope="session")
def slides_server(course_copy, server_env, tmp_path_factory):
    """Start the slides (tools/slides.py, Voilà's reveal template) of one notebook; always stopped.

    A factory like ``present_server``: ``slides_server("02")`` returns the
    started ``Server``, whose ``root`` is the folder of the slide copy.
    """
    yield from _voila_servers("slides", course_copy, server_env, tmp_path_factory, slide_copy=True)


# -- the browser ---------------------------------------------------------------


@pytest.fixture(scope="session")
def chromium_executable() -> str:
    path = shutil.which(CHROMIUM) or (CHROMIUM if os.access(CHROMIUM, os.X_OK) else None)
    if path is None:
        pytest.fail(f"Chromium was not found at {CHROMIUM}. {HOW_TO_INSTALL}", pytrace=False)
    return path


@pytest.fixture(scope="session")
def browser(chromium_executable, tmp_path_factory):
    """Headless Chromium driven by Playwright; closed, with all its processes, at the end.

    Chromium gets a home of its own (its crash handler writes there, not in
    ~/.config), which also names the crash handlers: they leave the process
    tree at once, so they are found by that folder in their command line.
    """
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail(
            "Playwright for Python is missing: `make test` installs it from "
            "requirements-dev.txt (pip install playwright).",
            pytrace=False,
        )
    home = tmp_path_factory.mktemp("chromium-home")
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_CACHE_HOME": str(home / "cache"),
    }
    before = descendants(os.getpid())
    playwright = sync_playwright().start()
    ours: set[int] = set()
    try:
        try:
            browser = playwright.chromium.launch(
                executable_path=chromium_executable, args=CHROMIUM_FLAGS, env=env, timeout=60_000
            )
        except Exception as error:
            pytest.fail(
                f"Chromium at {chromium_executable} did not start: {error}\n{HOW_TO_INSTALL}",
                pytrace=False,
            )
        try:
            yield browser
        finally:
            ours = (descendants(os.getpid()) - before) | mentioning(str(home))
            browser.close()
    finally:
        playwright.stop()
        ours |= descendants(os.getpid()) - before
        deadline = time.monotonic() + 10
        while alive(ours) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = alive(ours)
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        if left:
            pytest.fail(f"browser processes left behind after closing: {sorted(left)}")


@pytest.fixture
def screenshots(request):
    """``shoot(target, label)`` saves a PNG of a page or element for a person to look at.

    They go to tests/browser/screenshots/<test name>/, numbered in order, and
    are emptied at the start of the test.
    """
    folder = SCREENSHOTS / re.sub(r"[^\w.-]+", "_", request.node.name).strip("_")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    count = 0

    def shoot(target, label: str) -> Path:
        nonlocal count
        count += 1
        path = folder / f"{count:02d}-{label}.png"
        target.screenshot(path=path)
        return path

    return shoot


@pytest.fixture(scope="session")
def lab_notebook(browser, lab_server):
    """``lab_notebook("02_alpha_beta")``: a page with that notebook opened and run once.

    Each notebook is run once in the session (in its own page and kernel), and
    the tests that look at it share the page, so they act and compare, not
    assume where a previous test left a widget.
    """
    from pages import LabNotebook

    opened: dict[str, LabNotebook] = {}
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(30_000)

    def open_notebook(name: str) -> LabNotebook:
        if name not in opened:
            page = context.new_page()
            opened[name] = LabNotebook.open_and_run(page, lab_server, f"{name}/{name}.ipynb")
        # A tab in the background has its timers throttled: each click would
        # wait seconds for the kernel's answer to be drawn.
        opened[name].page.bring_to_front()
        return opened[name]

    try:
        yield open_notebook
    finally:
        context.close()
