"""Present a lecture: a notebook as a page with no code, for a projector.

    make present NB=02                         # or, the same:
    .venv/bin/python tools/present.py 02       # 02_alpha_beta
    .venv/bin/python tools/present.py          # a list of all the notebooks

Voilà runs the notebook in a fresh kernel and serves what it shows: the
text, the pictures and the live widgets (the step-through viewer, the boards
played with buttons), with every code cell left out. The page is served on
this machine only (127.0.0.1) and opens in the browser; press Ctrl+C here
to stop it.

A notebook is named by its number or name (``02``, ``02_alpha_beta``) or by
its path. The lecture is the instructor source (``instructor/``), in which every
cell runs: in the student edition the first unfinished exercise would stop it. The browser tests start the presentation with this same script.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[1] / "instructor"


def find_notebook(name: str, folder: Path) -> Path:
    """The notebook ``name`` names: a path, a file name, or the start of one (``02``)."""
    if Path(name).is_file():
        return Path(name)
    matches = sorted(folder.glob(f"{name}*/{name}*.ipynb"))
    if len(matches) != 1:
        known = ", ".join(p.stem for p in sorted(folder.glob("*/*.ipynb")))
        found = "no notebook" if not matches else f"{len(matches)} notebooks"
        raise SystemExit(f"present: {found} in {folder} named {name!r}; the notebooks: {known}")
    return matches[0]


def voila_command(
    target: Path, *, port: int | None, token: str | None, open_browser: bool
) -> list[str]:
    voila = shutil.which("voila", path=str(Path(sys.executable).parent)) or "voila"
    command = [
        voila,
        str(target),
        "--Voila.ip=127.0.0.1",
        "--strip_sources=True",
        "--show_tracebacks=True",
    ]
    if port is not None:  # a port asked for is that port or an error, never another
        command += [f"--port={port}", "--Voila.port_retries=0"]
    if token is not None:
        command.append(f"--token={token}")
    if not open_browser:
        command.append("--no-browser")
    return command


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "notebook", nargs="?", help="number, name or path of a notebook; none lists them all"
    )
    parser.add_argument(
        "--notebooks",
        type=Path,
        default=NOTEBOOKS,
        help="the folder of the course's notebooks, one folder each (default: %(default)s)",
    )
    parser.add_argument("--port", type=int, help="the port (default: Voilà's, 8866 or next)")
    parser.add_argument("--token", help="require this token in the address (default: none)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    args = parser.parse_args(argv)
    target = (
        find_notebook(args.notebook, args.notebooks) if args.notebook else args.notebooks
    ).resolve()
    command = voila_command(
        target, port=args.port, token=args.token, open_browser=not args.no_browser
    )
    # The kernel runs in the notebook's folder, as in JupyterLab; exec keeps
    # this process's id, so stopping it stops Voilà.
    os.chdir(target if target.is_dir() else target.parent)
    os.execvp(command[0], command)


if __name__ == "__main__":
    main()
