"""The course's two editions and its grading, through nbgrader.

    .venv/bin/python tools/course.py release [ID ...]   # make release [NB=02]: the student edition
    .venv/bin/python tools/course.py check              # make editions: exit 1 if out of step
    .venv/bin/python tools/course.py grade              # make grade: grade submitted/

``release`` has nbgrader generate each assignment (``instructor/<id>/<id>.ipynb``
to ``notebooks/<id>/<id>.ipynb``, with the course's steps of
``nbgrader_config.py``), then runs the new notebook and stores the outputs CI
checks (``tools/refresh.py``). ``check`` generates the student edition afresh
in a scratch folder and compares it cell by cell with the committed one: the
same cells, sources and metadata (outputs are nbval's business). ``grade``
autogrades every submission in ``submitted/<student>/<id>/<id>.ipynb``, writes each
student's feedback page to ``feedback/`` and the gradebook to ``grades.csv``
(nbgrader's own export). Every step is nbgrader's: this file only runs them in
one process, over every assignment and student.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from refresh import refresh  # noqa: E402

# Metadata that a run or nbgrader's timestamps change, not the edition.
_VOLATILE = ("execution", "collapsed", "scrolled", "jupyter")


def assignments(root: Path = ROOT) -> list[str]:
    """The assignment ids: one per instructor notebook, in teaching order."""
    return sorted(p.parent.name for p in (root / "instructor").glob("*/*.ipynb"))


def _api(root: Path, **course_directory):
    """nbgrader's API on the course in ``root``, with ``nbgrader_config.py`` read from there."""
    # nbgrader runs its database migrations as the `alembic` command: the venv's.
    bin_dir = str(Path(sys.executable).parent)
    if bin_dir not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = bin_dir + os.pathsep + os.environ.get("PATH", "")
    from nbgrader.apps import NbGraderAPI
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(root)).load_config()
    for name, value in course_directory.items():
        setattr(config.CourseDirectory, name, value)
    return NbGraderAPI(config=config)


def _generate(api, ids) -> None:
    for assignment in ids:
        outcome = api.generate_assignment(assignment, force=True, create=True)
        if not outcome["success"]:
            raise SystemExit(f"nbgrader could not generate {assignment}:\n{outcome['error']}")


def release(ids=None, root: Path = ROOT) -> list[Path]:
    """Generate the student edition of ``ids`` (default: all) and store its checked outputs."""
    ids = ids or assignments(root)
    _generate(_api(root), ids)
    made = [root / "notebooks" / i / f"{i}.ipynb" for i in ids]
    for path in made:
        refresh(path)
        print(f"{path.relative_to(root)}: released")
    return made


def _cells(path: Path) -> list[tuple]:
    """What an edition's cells say: type, source and metadata, without run-time state."""
    nb = nbformat.read(path, as_version=4)
    return [
        (
            cell.cell_type,
            cell.source,
            {k: v for k, v in cell.metadata.items() if k not in _VOLATILE},
        )
        for cell in nb.cells
    ]


def out_of_step(root: Path = ROOT) -> list[str]:
    """Where the committed student edition differs from a fresh one: a sentence each."""
    problems = []
    with tempfile.TemporaryDirectory() as scratch:
        api = _api(
            root,
            release_directory=str(Path(scratch) / "release"),
            db_url=f"sqlite:///{Path(scratch) / 'gradebook.db'}",
        )
        ids = assignments(root)
        _generate(api, ids)
        committed = {p.parent.name for p in (root / "notebooks").glob("*/*.ipynb")}
        for extra in sorted(committed - set(ids)):
            problems.append(f"notebooks/{extra}: has no instructor source")
        for assignment in ids:
            fresh = Path(scratch) / "release" / assignment / f"{assignment}.ipynb"
            path = root / "notebooks" / assignment / f"{assignment}.ipynb"
            if not path.exists():
                problems.append(f"{path.relative_to(root)}: missing")
                continue
            mine, theirs = _cells(path), _cells(fresh)
            if len(mine) != len(theirs):
                problems.append(
                    f"{path.relative_to(root)}: {len(mine)} cells, the source gives {len(theirs)}"
                )
                continue
            for number, (a, b) in enumerate(zip(mine, theirs, strict=True), start=1):
                if a != b:
                    what = "source" if a[1] != b[1] else "type" if a[0] != b[0] else "metadata"
                    problems.append(
                        f"{path.relative_to(root)}: cell {number} differs from the source ({what})"
                    )
                    break
    return problems


def grade(root: Path = ROOT) -> Path:
    """Autograde ``submitted/``, write feedback pages and ``grades.csv``; returns its path.

    A submission nbgrader cannot grade (a folder for no assignment, a notebook
    saved under another name, a file that is not a notebook) is named with what
    was expected and skipped; the rest of the class is graded all the same.
    """
    submitted = sorted((root / "submitted").glob("*/*/"))
    if not submitted:
        raise SystemExit(
            f"nothing to grade: put each submission in {root / 'submitted'}/<student>/<assignment>/"
        )
    api = _api(root)
    known = set(assignments(root))
    skipped = []
    gradable = []
    for folder in submitted:
        student, assignment = folder.parent.name, folder.name
        expected = folder / f"{assignment}.ipynb"
        if assignment not in known:
            skipped.append(
                f"{folder}: no assignment {assignment!r}; the course has {sorted(known)}"
            )
        elif not expected.is_file():
            found = ", ".join(sorted(p.name for p in folder.iterdir())) or "nothing"
            skipped.append(f"{folder}: expected {expected.name}, found {found}")
        else:
            gradable.append((student, assignment))
    # Generating records each assignment's graded cells in the gradebook; into a scratch
    # folder, so that the committed student edition is not rewritten.
    with tempfile.TemporaryDirectory() as scratch:
        _generate(_api(root, release_directory=scratch), sorted({a for _, a in gradable}))
    for student, assignment in gradable:
        for step in (api.autograde, api.generate_feedback):
            outcome = step(assignment, student)
            if not outcome["success"]:
                last = (outcome.get("error") or "").strip().splitlines()[-1:] or ["no reason given"]
                skipped.append(
                    f"submitted/{student}/{assignment}: nbgrader could not grade it: {last[0]}"
                )
                break
        else:
            print(f"graded {student}/{assignment}")
    csv = root / "grades.csv"
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    subprocess.run(
        [sys.executable, "-m", "nbgrader", "export", "--to", str(csv)],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
    )
    print(f"gradebook: {csv}; feedback pages: {root / 'feedback'}/<student>/<assignment>/")
    for line in skipped:
        print(f"NOT GRADED: {line}")
    if skipped:
        raise SystemExit(f"{len(skipped)} submission(s) not graded: see NOT GRADED above")
    return csv


def _assignment_named(name: str, root: Path = ROOT) -> str:
    """The assignment ``name`` names: its id, or the start of one (``02``)."""
    ids = assignments(root)
    matches = [i for i in ids if i == name] or [i for i in ids if i.startswith(name)]
    if len(matches) != 1:
        found = "no assignment" if not matches else f"{len(matches)} assignments"
        raise SystemExit(f"{found} named {name!r}; the assignments: {', '.join(ids)}")
    return matches[0]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["release", "check", "grade"])
    parser.add_argument("ids", nargs="*", help="assignments to release, or their numbers (02)")
    args = parser.parse_args(argv)
    if args.command == "release":
        release([_assignment_named(name) for name in args.ids])
    elif args.command == "check":
        problems = out_of_step()
        for line in problems:
            print(line)
        if problems:
            stale = sorted(
                {line.split("/")[1] for line in problems if line.startswith("notebooks/")}
            )
            print(
                "The student edition is out of step with instructor/: run "
                + ", ".join(f"`make release NB={i}`" for i in stale or ["..."])
            )
            return 1
        print("The student edition matches the instructor source.")
    else:
        grade()
    return 0


if __name__ == "__main__":
    sys.exit(main())
