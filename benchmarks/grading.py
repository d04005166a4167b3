"""How long `make grade` takes for a class of 200, every submission sealed off.

    python benchmarks/grading.py [--students 200] [--jobs 2]      # make benchmark-grading

The class hands in notebook 02 (alpha-beta). It holds every attack of the
red-team suite (tests/test_grading.py: reading the hidden tests, a fork bomb,
sleeping, a process left behind, ...), and honest answers for the rest, in the
proportions a lecturer sees: most right, many with the usual slips, a few
that raise, never end, or rename the function. It is graded as `make grade`
grades, in a copy of the course, on every core. The table gives the class's
time and the time a submission, and the sandbox's own cost: starting and
ending an empty sandbox, and `make grade` for a class of one right answer
(mostly the fixed costs of nbgrader's generate and export). The goal of issue 25: a class of 200 in under
10 minutes on a 2-core machine. Wall-clock on a shared machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import test_grading as red_team  # noqa: E402

from aisearch.exercises.sealed.remote import package_names  # noqa: E402
from aisearch.exercises.sealed.sandbox import Sandbox  # noqa: E402

ASSIGNMENT = red_team.ASSIGNMENT
GOAL_SECONDS = 600

MISSING_RETURN = red_team.RIGHT.replace(
    "        return value\n    value = math.inf", "    value = math.inf"
)
HONEST = [  # (share of the honest answers, answer)
    (0.55, dict(body=red_team.RIGHT)),
    (0.15, dict(body=red_team.WRONG_SIDE)),
    (0.12, dict(body=red_team.NO_PRUNING)),
    (0.08, dict(body=MISSING_RETURN)),
    (0.04, dict(body="    return 1 / 0\n")),
    (
        0.03,
        dict(
            body=red_team.RIGHT, after="\n\nalphabeta_valu = alphabeta_value\ndel alphabeta_value\n"
        ),
    ),
    (0.03, dict(body=red_team.ENDLESS)),
]


def make_class(course: Path, students: int) -> dict[str, dict]:
    """Copy the course into ``course`` and hand in ``students`` submissions of notebook 02."""
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "tools", course / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "instructor" / ASSIGNMENT, course / "instructor" / ASSIGNMENT)
    edition = nbformat.read(ROOT / "notebooks" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    names = {"course": course, "package": ROOT / "aisearch", "port": 9}
    handed_in = dict(red_team.STUDENTS)
    honest = students - len(handed_in)
    counts = [round(share * honest) for share, _ in HONEST]
    counts[0] += honest - sum(counts)
    for (_, how), count in zip(HONEST, counts, strict=True):
        for _ in range(count):
            handed_in[f"student{len(handed_in):03d}"] = how
    for student, how in handed_in.items():
        folder = course / "submitted" / student / ASSIGNMENT
        folder.mkdir(parents=True)
        nbformat.write(
            red_team._submission(edition, **how, **names), folder / f"{ASSIGNMENT}.ipynb"
        )
    return handed_in


def sandbox_seconds(runs: int = 20) -> list[float]:
    """Seconds to start an empty sandbox (its Python and IPython ready) and end it."""
    package, times = package_names(), []
    for _ in range(runs):
        started = time.perf_counter()
        Sandbox(package, slot=90).start().kill()
        times.append(time.perf_counter() - started)
    return times


def grade(course: Path, jobs: int) -> tuple[float, str]:
    started = time.perf_counter()
    run = subprocess.run(
        [sys.executable, str(course / "tools" / "course.py"), "grade", "--jobs", str(jobs)],
        cwd=course,
        capture_output=True,
        text=True,
        env=dict(os.environ, AISEARCH_GRADING_SLOT_BASE="60"),
    )
    if run.returncode != 0:
        raise SystemExit(run.stdout[-2000:] + run.stderr[-3000:])
    return time.perf_counter() - started, run.stdout


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    starts = sandbox_seconds()
    with tempfile.TemporaryDirectory() as scratch:
        one = Path(scratch) / "one"
        one.mkdir()
        make_class(one, len(red_team.STUDENTS))
        for folder in sorted((one / "submitted").iterdir()):
            if folder.name != "right":
                shutil.rmtree(folder)
        single, _ = grade(one, 1)
        course = Path(scratch) / "class"
        course.mkdir()
        handed_in = make_class(course, args.students)
        seconds, report = grade(course, args.jobs)
    graded = next(line for line in report.splitlines() if line.startswith("graded "))
    print(
        f"A class of {len(handed_in)} notebook-02 submissions ({len(red_team.STUDENTS)} of them attacks), {args.jobs} at a time"
    )
    print(f"{'':38} {'seconds':>9}")
    print(
        f"{'the class, make grade from start to end':38} {seconds:9.1f}   (goal: under {GOAL_SECONDS})"
    )
    print(f"{'a submission, on average':38} {seconds / len(handed_in):9.2f}")
    print(
        f"{'a sandbox started and ended (median)':38} {statistics.median(starts):9.2f}   (of {len(starts)}, {min(starts):.2f} to {max(starts):.2f})"
    )
    print(
        f"{'one right answer, graded alone':38} {single:9.1f}   (mostly fixed costs: nbgrader's generate and export)"
    )
    print(graded)
    if seconds > GOAL_SECONDS:
        raise SystemExit(f"the class took {seconds:.0f} s, over the goal of {GOAL_SECONDS} s")


if __name__ == "__main__":
    main()
