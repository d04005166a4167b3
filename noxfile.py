"""The course on every supported Python: ``make pythons`` (or ``nox``).

One session per Python from 3.10 to 3.13, run one after another, each in a
virtualenv of its own under ``.nox/``: it installs requirements-dev.txt and the
package, runs the unit tests (``-m "not browser"``, on every core) and
notebooks 01 and 02 under nbval. A Python the machine does not have is skipped,
not failed, and none is ever downloaded. Python 3.11, the default, is also
tested in full by ``make test``.

Pythons that pyenv has installed but not activated are found too (see
``_offer_pyenv_pythons``). Run one Python alone with ``nox -s tests-3.12``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import nox

PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
HERE = Path(__file__).parent

nox.options.sessions = ["tests"]
# A missing Python is skipped (the session is reported as skipped, not failed).
nox.options.error_on_missing_interpreters = False
# Only the machine's own Pythons: never fetch an interpreter from the network.
nox.options.download_python = "never"
# The virtualenvs are kept between runs; `session.install` still runs each time,
# so a change to the requirements reaches them.
nox.options.reuse_venv = "yes"


def _offer_pyenv_pythons() -> None:
    """Let pyenv's shims answer ``python3.10`` and the like for every installed Python.

    pyenv runs only the versions it has activated (``pyenv global``,
    ``.python-version`` or ``PYENV_VERSION``); its shim for any other Python
    fails, and nox would find nothing. Here the newest installed patch release
    of each of ``PYTHONS`` is added after the active versions, as
    ``pyenv global 3.11.7 3.10.13 ...`` would, for this process and its
    children only. Without pyenv this does nothing.
    """
    pyenv = shutil.which("pyenv")
    if pyenv is None:
        return
    root = (
        os.environ.get("PYENV_ROOT")
        or subprocess.run(
            [pyenv, "root"], capture_output=True, text=True, check=False
        ).stdout.strip()
    )
    versions = Path(root, "versions")
    if not versions.is_dir():
        return
    active = subprocess.run(
        [pyenv, "version-name"], capture_output=True, text=True, check=False
    ).stdout.strip()
    chosen = [v for v in active.split(":") if v and v != "system"]
    for minor in PYTHONS:
        patches = [
            d.name
            for d in versions.iterdir()
            if re.fullmatch(re.escape(minor) + r"\.\d+", d.name)
            and (d / "bin" / f"python{minor}").exists()
        ]
        if patches:
            newest = max(patches, key=lambda name: int(name.rsplit(".", 1)[1]))
            if newest not in chosen:
                chosen.append(newest)
    if chosen:
        os.environ["PYENV_ROOT"] = root
        os.environ["PYENV_VERSION"] = ":".join(chosen)


def _one(pattern: str, folders: tuple[str, ...]) -> str:
    """The one file matching ``pattern`` under ``folders``, relative to the project.

    The notebooks may live in ``notebooks/`` or ``notebooks/<name>/``, and
    nbval's sanitize.cfg in ``notebooks/`` or ``tools/``: a glob finds them
    wherever they are.
    """
    found = sorted(
        {
            path.relative_to(HERE).as_posix()
            for folder in folders
            for path in (HERE / folder).glob(pattern)
            if ".ipynb_checkpoints" not in path.parts
        }
    )
    if len(found) != 1:
        raise FileNotFoundError(
            f"expected exactly one {pattern} under {', '.join(folders)}, found {found or 'none'}"
        )
    return found[0]


_offer_pyenv_pythons()


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Unit tests and notebooks 01 and 02 on one Python."""
    notebooks = [
        _one(f"**/{name}.ipynb", ("notebooks",)) for name in ("01_minimax", "02_alpha_beta")
    ]
    sanitize = _one("**/sanitize.cfg", ("notebooks", "tools"))
    session.install("-r", "requirements-dev.txt", "-e", ".")
    session.run("python", "--version")
    session.run(
        "python", "-m", "pytest", "tests", "-m", "not browser and not site", "-n", "auto",
        env={"MPLBACKEND": "Agg"},
    )  # fmt: skip
    session.run(
        "python", "-m", "pytest", "--nbval-lax", "--nbval-current-env",
        "--nbval-sanitize-with", sanitize, *notebooks,
    )  # fmt: skip
