"""The course's two editions and its grading, through nbgrader.

    .venv/bin/python tools/course.py release [ID ...]   # make release [NB=02]: the student edition
    .venv/bin/python tools/course.py check              # make editions: exit 1 if out of step
    .venv/bin/python tools/course.py grade [ID ...]     # make grade [NB=02]: grade submitted/

``release`` has nbgrader generate each assignment (``instructor/<id>/<id>.ipynb``
to ``notebooks/<id>/<id>.ipynb``, with the course's steps of
``nbgrader_config.py``), then runs the new notebook and stores the outputs CI
checks (``tools/refresh.py``). ``check`` generates the student edition afresh
in a scratch folder and compares it cell by cell with the committed one: the
same cells, sources and metadata (outputs are nbval's business). ``grade``
autogrades every submission in ``submitted/<student>/<id>/<id>.ipynb`` (or those of
the assignments named) sealed off (``course_grading.py``), each in a process of its
own, one a core at a time; writes each student's feedback page to ``feedback/`` and
the gradebook to ``grades.csv`` (nbgrader's own export, with a status and notes a
row). Every step but the sealed run is nbgrader's: this file runs them over every
assignment and student.
"""

from __future__ import annotations

import argparse
import csv
import multiprocessing
import multiprocessing.connection
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from functools import partial
from pathlib import Path

import nbformat
from nbgrader.api import Gradebook, MissingEntry

from aisearch.exercises.sealed.sandbox import Limits, SandboxUnavailable, bubblewrap

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


NOTEBOOK_BYTES = 20 * 2**20
"""A submitted notebook larger than this is not graded (the course's are under 1 MB)."""


def grade(root: Path = ROOT, jobs: int | None = None, only: list[str] | None = None) -> Path:
    """Autograde ``submitted/``, sealed off, on ``jobs`` cores; write feedback and ``grades.csv``.

    Each submission is graded by nbgrader with the course's ``SealedExecute``
    (``tools/course_grading.py``): its code runs in a sandbox, its graded cells
    in the grader; each in a process of its own, ``jobs`` at a time (default:
    one a core), so that nothing one submission does to its grading process
    stops another's. ``only`` grades those assignments and leaves the others'
    grades as they are. ``grades.csv`` has a row for every student and
    assignment, with a ``status`` (``graded``, ``no submission``, or ``not
    graded:`` and why) and, for a graded one, the first line of each failed
    check's message in ``notes``. A score set by hand in the formgrader is
    kept when a submission is graded again (nbgrader's rule). The class is
    graded whatever one submission does; returns the path of ``grades.csv``.
    """
    submitted = sorted(p for p in (root / "submitted").glob("*/*/") if p.is_dir())
    if only:
        submitted = [p for p in submitted if p.name in only]
    if not submitted:
        raise SystemExit(
            f"nothing to grade: put each submission in {root / 'submitted'}/<student>/<assignment>/"
        )
    try:
        bubblewrap()
    except SandboxUnavailable as missing:
        raise SystemExit(f"cannot grade: {missing}") from None
    known = set(assignments(root))
    why_not: dict[tuple[str, str], str] = {}
    gradable = []
    for folder in submitted:
        student, assignment = folder.parent.name, folder.name
        problem = _ungradable(folder, assignment, known)
        if problem:
            why_not[(student, assignment)] = problem
        else:
            gradable.append((student, assignment))
    # Generating records each assignment's graded cells in the gradebook; into a scratch
    # folder, so that the committed student edition is not rewritten.
    with tempfile.TemporaryDirectory() as scratch:
        _generate(_api(root, release_directory=scratch), sorted({a for _, a in gradable}))
    with Gradebook(_db_url(root)) as gradebook:
        for student in sorted({folder.parent.name for folder in submitted}):
            gradebook.update_or_create_student(student)
    jobs = max(1, jobs or os.cpu_count() or 1)
    started = time.monotonic()
    staging = _stage(root, gradable)
    # The package's names, made once here, where every grading process is forked from.
    from course_grading import prepare

    prepare()
    _forget_the_page_cache()
    print(f"grading {len(gradable)} submission(s), {jobs} at a time, each sealed off")
    print("first pass: each notebook's cells, and its checks on the notebook's own cases")

    def first(done: int, task: tuple[str, str], outcome: str) -> None:
        if outcome.startswith("not graded: "):
            why_not[task] = outcome.removeprefix("not graded: ")
            print(f"[{done}/{len(gradable)}] NOT GRADED {'/'.join(task)}: {why_not[task]}")

    def second(done: int, task: tuple[str, str], outcome: str) -> None:
        if outcome.startswith("not graded: "):
            why_not[task] = outcome.removeprefix("not graded: ")
            print(f"[{done}/{len(second_pass)}] NOT GRADED {'/'.join(task)}: {why_not[task]}")
        else:
            print(f"[{done}/{len(second_pass)}] graded {'/'.join(task)}: {outcome}")

    seconds = Limits().total_seconds + 120  # a pass's deadline, and time for nbgrader
    run_each(gradable, jobs, partial(_grade_one, root, staging, "visible"), first, seconds)
    second_pass = [task for task in gradable if task not in why_not]
    print("second pass: the hidden cases, and the feedback pages")
    run_each(second_pass, jobs, partial(_grade_one, root, staging, "hidden"), second, seconds)
    csv_path = _export(root, why_not)
    graded = sum(1 for key in gradable if key not in why_not)
    print(f"graded {graded} submission(s) in {time.monotonic() - started:.0f} s")
    print(f"grades, a row for each student and assignment with its status: {csv_path}")
    print(f"feedback pages: {root / 'feedback'}/<student>/<assignment>/")
    for (student, assignment), problem in sorted(why_not.items()):
        print(f"NOT GRADED: submitted/{student}/{assignment}: {problem}")
    return csv_path


def _stage(root: Path, gradable: list[tuple[str, str]]) -> Path:
    """A copy of each submission holding only its notebook (and nbgrader's timestamp).

    nbgrader copies whatever else a submission folder holds into the student's
    autograded and feedback folders, which the formgrader serves: an HTML file
    of a student's would open there as the instructor's own page. Graded from
    this copy, nothing else is copied; what is left out is said.
    """
    staging = root / ".grading" / "submitted"
    shutil.rmtree(staging, ignore_errors=True)
    for student, assignment in gradable:
        folder, copy = root / "submitted" / student / assignment, staging / student / assignment
        copy.mkdir(parents=True)
        shutil.copyfile(folder / f"{assignment}.ipynb", copy / f"{assignment}.ipynb")
        stamp = folder / "timestamp.txt"
        if (
            stamp.is_file()
            and stamp.stat().st_size < 100
            and _TIMESTAMP.fullmatch(stamp.read_text())
        ):
            shutil.copyfile(stamp, copy / stamp.name)
        kept = {folder / f"{assignment}.ipynb", folder / "timestamp.txt"}
        others = sorted(
            str(p.relative_to(root)) for p in folder.rglob("*") if p.is_file() and p not in kept
        )
        if others:
            print(f"left out of grading (only the notebook is graded): {', '.join(others[:5])}")
    return staging


_TIMESTAMP = re.compile(r"\s*[0-9][0-9 :.+\-TZ]*\s*")
"""What nbgrader writes in timestamp.txt: a date and a time."""


def _forget_the_page_cache() -> None:
    """As root, have the kernel drop the files it keeps cached in memory.

    A sandbox of an earlier run can leave a trace in what is cached (which of a
    file's pages a read finds in memory), where a sandbox of this run could find
    it; from an empty cache, nothing of it is left. Elsewhere, nothing is done.
    """
    if os.geteuid() == 0:
        try:
            os.sync()
            with open("/proc/sys/vm/drop_caches", "w") as caches:
                caches.write("1")
        except OSError:
            pass


def _ungradable(folder: Path, assignment: str, known: set[str]) -> str:
    """Why the submission in ``folder`` cannot be graded ("" if it can).

    Anything in it that is not a plain file or folder (a symbolic link, which
    could point at the hidden tests or another student's work, a device, a
    pipe) stops it: nbgrader would copy what a link points at into the
    student's feedback.
    """
    expected = folder / f"{assignment}.ipynb"
    if assignment not in known:
        return f"no assignment {assignment!r}; the course has {', '.join(sorted(known))}"
    for path in (folder.parent, folder, *sorted(folder.rglob("*"))):
        kind = path.lstat().st_mode
        if stat.S_ISLNK(kind) or not (stat.S_ISREG(kind) or stat.S_ISDIR(kind)):
            what = "a symbolic link" if stat.S_ISLNK(kind) else "not a plain file"
            return f"{path.relative_to(folder.parent.parent)} is {what}"
    if not expected.is_file():
        found = ", ".join(sorted(p.name for p in folder.iterdir())) or "nothing"
        return f"expected {expected.name}, found {found}"
    if expected.stat().st_size > NOTEBOOK_BYTES:
        return f"{expected.name} is larger than {NOTEBOOK_BYTES // 2**20} MB"
    try:
        with warnings.catch_warnings():  # nbformat's notes on old notebooks are not problems
            warnings.simplefilter("ignore")
            nbformat.validate(nbformat.read(expected, as_version=4))
    except Exception as error:  # any way a file is not a notebook
        first = str(error).strip().splitlines()[:1] or [type(error).__name__]
        return f"{expected.name} cannot be read as a notebook ({first[0][:200]})"
    return ""


def _db_url(root: Path) -> str:
    """The gradebook, waiting up to a minute for another grader's write (grading in parallel)."""
    return f"sqlite:///{root / 'gradebook.db'}?timeout=60"


def run_each(
    tasks: list, jobs: int, work: Callable, report: Callable, seconds: float | None = None
) -> None:
    """``work(*task)`` for every task, in ``jobs`` grading processes at a time.

    Each process has a slot, from 0 to ``jobs - 1`` (plus
    ``AISEARCH_GRADING_SLOT_BASE``), in ``AISEARCH_GRADING_SLOT``: the sandboxes
    it starts run as that slot's user. It takes one task after another (what
    it has loaded stays warm); ``work`` returns a line of text, and
    ``report(done, task, line)`` hears each as it ends. A process that dies
    (killed for its memory, say), or whose task runs past ``seconds``, is
    killed, its task reported as ``"not graded: ..."``, and a new process
    takes its slot: one submission never stops another.
    """
    context = multiprocessing.get_context("fork")
    base = int(os.environ.get("AISEARCH_GRADING_SLOT_BASE", "0"))
    pending, done = list(tasks), 0
    workers: dict[int, list] = {}  # slot -> [process, connection, task, started]

    def start(slot: int) -> None:
        ours, theirs = context.Pipe()
        others = [worker[1] for worker in workers.values()]  # the child closes its copies
        process = context.Process(
            target=_grading_process, args=(work, base + slot, theirs, [ours, *others])
        )
        process.start()
        theirs.close()
        workers[slot] = [process, ours, None, 0.0]

    def give(slot: int) -> None:
        if pending:
            task = pending.pop(0)
            workers[slot][1].send(task)
            workers[slot][2:] = [task, time.monotonic()]

    for slot in range(min(jobs, len(pending))):
        start(slot)
        give(slot)
    while any(worker[2] is not None for worker in workers.values()):
        busy = {worker[1]: slot for slot, worker in workers.items() if worker[2] is not None}
        ready = multiprocessing.connection.wait(list(busy), timeout=1)
        for slot, (process, connection, task, started) in list(workers.items()):
            if task is None:
                continue
            late = seconds is not None and time.monotonic() - started > seconds
            if connection not in ready and not late:
                continue
            try:
                line = connection.recv() if connection in ready else None
            except (EOFError, OSError):
                line = None
            if not isinstance(line, str):  # it died, or ran late: a new process takes over
                process.kill()
                process.join()
                code = process.exitcode or 0
                how = f"killed by signal {-code}" if code < 0 else f"exit status {code}"
                line = f"not graded: its grading process ended ({how}) before it was done"
                if late:
                    line = f"not graded: its grading took longer than {seconds:g} s"
                connection.close()
                start(slot)
            workers[slot][2] = None
            done += 1
            report(done, task, line)
            give(slot)
    for process, connection, *_ in workers.values():
        connection.close()
        process.join(timeout=10)
        if process.is_alive():
            process.kill()


def _grading_process(work: Callable, slot: int, connection, inherited: list) -> None:
    """A grading process: takes tasks from ``connection`` until it closes, one at a time.

    ``inherited`` are the parent's ends of the pipes, which the fork copied:
    closed here, so that a process sees its own pipe close when the parent's does.
    """
    for other in inherited:
        other.close()
    os.environ["AISEARCH_GRADING_SLOT"] = str(slot)
    warnings.filterwarnings("ignore", module="nbgrader")  # its SQLAlchemy notes: not problems
    warnings.filterwarnings("ignore", module="nbformat")
    while True:
        try:
            task = connection.recv()
        except EOFError:
            return
        try:
            line = work(*task)
        except Exception as error:  # a fault of the grading, not of the submission: said so
            line = f"not graded: grading failed ({type(error).__name__}: {error})"
        connection.send(line)


def _grade_one(root: Path, staging: Path, step: str, student: str, assignment: str) -> str:
    """One pass of grading one submission (``visible`` or ``hidden``, then its feedback);
    its score, or why it was not graded."""
    os.environ["AISEARCH_GRADING_PASS"] = step
    api = _api(root, db_url=_db_url(root), submitted_directory=str(staging))
    steps = [api.autograde] + ([api.generate_feedback] if step == "hidden" else [])
    for run in steps:
        outcome = run(assignment, student)
        if not outcome["success"]:
            last = (outcome.get("error") or "").strip().splitlines()[-1:] or ["no reason given"]
            return f"not graded: nbgrader could not grade it: {last[0]}"
    with Gradebook(_db_url(root)) as gradebook:
        submission = gradebook.find_submission(assignment, student)
        return f"{submission.score:g}/{submission.max_score:g}"


def _export(root: Path, why_not: dict[tuple[str, str], str]) -> Path:
    """``grades.csv``: nbgrader's export, with a status and notes a row, a row for every
    submission, sorted by assignment and student; no score where nothing was graded."""
    csv_path = root / "grades.csv"
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    with tempfile.TemporaryDirectory() as scratch:
        exported = Path(scratch) / "grades.csv"
        subprocess.run(
            [sys.executable, "-m", "nbgrader", "export", "--to", str(exported)],
            cwd=root,
            env=env,
            check=True,
            capture_output=True,
        )
        with open(exported, newline="") as file:
            rows = list(csv.DictReader(file))
    columns = list(rows[0]) if rows else ["assignment", "student_id", "score", "max_score"]
    listed = {(row["student_id"], row["assignment"]) for row in rows}
    for student, assignment in sorted(why_not):
        if (student, assignment) not in listed:
            rows.append(
                {**dict.fromkeys(columns, ""), "assignment": assignment, "student_id": student}
            )
    with Gradebook(_db_url(root)) as gradebook:
        for row in rows:
            key = (row["student_id"], row["assignment"])
            row["notes"] = ""
            if key in why_not:
                row["status"] = f"not graded: {why_not[key]}"
            else:
                try:
                    gradebook.find_submission(row["assignment"], row["student_id"])
                    row["status"] = "graded"
                    row["notes"] = _notes(root / "autograded" / key[0] / key[1])
                except MissingEntry:
                    row["status"] = "no submission"
            if row["status"] != "graded":
                for column in ("raw_score", "late_submission_penalty", "score"):
                    row[column] = ""
    rows.sort(key=lambda row: (row["assignment"], row["student_id"]))
    with open(csv_path, "w", newline="") as file:
        writer = csv.DictWriter(file, [*columns, "status", "notes"])
        writer.writeheader()
        writer.writerows(rows)
    return csv_path


def _notes(folder: Path) -> str:
    """The first line of each failed graded cell's message in an autograded submission."""
    notes = []
    for path in sorted(folder.glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if not cell.metadata.get("nbgrader", {}).get("grade"):
                continue
            for output in cell.get("outputs", []):
                if output.get("output_type") == "error":
                    first = (output.get("evalue") or output.get("ename", "")).splitlines()[:1]
                    notes.append(
                        f"{cell.metadata['nbgrader'].get('grade_id')}: {first[0] if first else ''}"
                    )
    return " | ".join(notes)


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
    parser.add_argument(
        "ids", nargs="*", help="assignments to release or grade, or their numbers (02)"
    )
    parser.add_argument("--jobs", type=int, help="grade: submissions at a time (default: cores)")
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
        grade(jobs=args.jobs, only=[_assignment_named(name) for name in args.ids] or None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
