"""Grading sealed off (aisearch.exercises.sealed): the same verdicts, and a sandbox that holds.

The checks are the ones students run in their notebooks; graded, the student's
function runs in a bubblewrap sandbox and the check in the grader. Every
answer in ``sealed_students.py`` gets the same verdict and message both ways.
Then the sandbox itself: what it cannot see, reach or keep, and how each way
of stopping ends (a time limit, a crash), each within its limit.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
import time
from pathlib import Path

import pytest

from aisearch.exercises import (
    check_alphabeta,
    check_count_games,
    check_depth_limited,
    check_expectimax,
    check_four_in_a_row,
    check_isolation_evaluation,
    check_maxn,
    check_maxn_by_hand,
    check_minimax,
    check_table_rule,
    check_uct_score,
)
from aisearch.exercises.sealed import wire
from aisearch.exercises.sealed.notebook import Cell, grade_notebook
from aisearch.exercises.sealed.remote import Missing, RemoteFunction, Session, package_names
from aisearch.exercises.sealed.sandbox import (
    SANDBOX_UID,
    Limits,
    Sandbox,
    SandboxError,
    TimeUp,
    package_folder,
)

import sealed_students as answers

ANSWERS = Path(answers.__file__).read_text()
QUICK = Limits(cell_seconds=3.0, idle_seconds=2.0)
HANG = 30
"""Seconds after which a test that should stop sooner has hung (a net, not a timing)."""


def _slot() -> int:
    """A sandbox slot of this test process's own (xdist's workers run at the same time)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return 40 + int(worker.removeprefix("gw") or 0)


@pytest.fixture(scope="module")
def package():
    return package_names()


@pytest.fixture(scope="module")
def session(package):
    """A sandbox that has run ``sealed_students.py`` as its one cell."""
    sandbox = Sandbox(package, slot=_slot()).start()
    session = Session(sandbox)
    reply = session.run_cell(ANSWERS)
    assert reply["error"] is None, reply["error"]
    yield session
    sandbox.kill()


@pytest.fixture
def fresh(package):
    """A new sandbox for a test that may end it, with short limits."""
    sandbox = Sandbox(package, slot=_slot(), limits=QUICK).start()
    yield Session(sandbox)
    sandbox.kill()


SAME_VERDICT = [
    (check_count_games, "count_games_right"),
    (check_count_games, "count_tree_nodes_instead"),
    (check_count_games, "count_without_return"),
    (check_minimax, "minimax_right"),
    (check_minimax, "minimax_swapped"),
    (check_minimax, "minimax_divides_by_zero"),
    (check_minimax, "minimax_unfinished"),
    (check_minimax, "minimax_empty"),
    (check_minimax, "minimax_pair"),
    (check_depth_limited, "depth_limited_right"),
    (check_depth_limited, "depth_limited_too_deep"),
    (check_alphabeta, "alphabeta_right"),
    (check_alphabeta, "alphabeta_wrong_side"),
    (check_alphabeta, "alphabeta_no_pruning"),
    (check_alphabeta, "alphabeta_peeks_at_children"),
    (check_expectimax, "expectimax_right"),
    (check_expectimax, "expectimax_wrong_chance_name"),
    (check_expectimax, "expectimax_mean_everywhere"),
    (check_table_rule, "may_answer_right"),
    (check_table_rule, "may_answer_any_depth"),
    (check_table_rule, "may_answer_as_a_number"),
    (check_four_in_a_row, "four_in_a_row_right"),
    (check_four_in_a_row, "four_in_a_row_no_diagonals"),
    (check_maxn, "maxn_right"),
    (check_maxn, "maxn_keeps_the_last_tie"),
    (check_maxn_by_hand, "BY_HAND_RIGHT"),
    (check_maxn_by_hand, "BY_HAND_UNFINISHED"),
    (check_uct_score, "uct_right"),
    (check_uct_score, "uct_without_log"),
]


@pytest.mark.parametrize("check, name", SAME_VERDICT, ids=[n for _, n in SAME_VERDICT])
def test_a_check_says_the_same_of_a_function_in_the_sandbox(session, check, name):
    here = check(getattr(answers, name))
    there = check(session.lookup(name))
    assert (there.passed, there.message) == (here.passed, here.message)
    assert there.attempted == here.attempted


def test_some_of_those_answers_pass_and_some_fail(session):
    # The comparison above is not between two verdicts that always pass.
    passed = {name for check, name in SAME_VERDICT if check(session.lookup(name)).passed}
    right = {name for _, name in SAME_VERDICT if name.endswith(("_right", "_RIGHT"))}
    assert passed == right | {"alphabeta_peeks_at_children"}  # a glance is no visit


@pytest.mark.slow
def test_an_evaluation_plays_its_tournaments_from_the_sandbox(session):
    # Isolation's states are named tuples: they cross as named tuples of the same fields.
    here = check_isolation_evaluation(answers.mobility)
    there = check_isolation_evaluation(session.lookup("mobility"))
    assert here.passed and (there.passed, there.message) == (here.passed, here.message)


def test_a_missing_name_lists_the_functions_the_notebook_defines(session):
    found = session.lookup("alphabeta_value")
    assert isinstance(found, Missing)
    assert "alphabeta_right" in found.defined and "math" not in found.defined


# What the student's code cannot do to a check ---------------------------------------------


CHEATS = """
import aisearch
from aisearch import alphabeta, minimax


class Yes(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


def forged_equality(game, state, alpha, beta):
    return Yes(0)


def any_object(game, state, alpha, beta):
    class Value:
        def __eq__(self, other):
            return True
    return Value()


def hides_the_package_search(game, state, alpha, beta):
    class Quiet:  # a game that asks the real one, so that no package frame asks it
        def __getattr__(self, name):
            return getattr(game, name)
    return alphabeta(Quiet(), state).value


def catches_the_refusal(game, state, alpha, beta):
    try:
        return minimax(game, state).value
    except Exception:
        return 0


def reads_the_record(game, state, alpha, beta):
    return sorted(vars(game))


def unwraps_the_game(game, state, alpha, beta):
    return game.game.values


def asks_a_bogus_state(game, state, alpha, beta):
    return game.actions("no such node")


def leaves_the_package(game, state, alpha, beta):
    return aisearch.__file__


def hands_uct_to_the_package(mean, visits, parent_visits, exploration):
    return aisearch.uct_score(mean, visits, parent_visits, exploration)


def hands_four_to_the_package(bits, height):
    return aisearch.games.ConnectFour(7, height).has_four(bits)

"""


@pytest.fixture(scope="module")
def cheats(package):
    sandbox = Sandbox(package, slot=_slot()).start()
    session = Session(sandbox)
    assert session.run_cell(CHEATS)["error"] is None
    yield session
    sandbox.kill()


def test_a_number_that_equals_everything_is_only_its_number(cheats):
    result = check_alphabeta(cheats.lookup("forged_equality"))
    assert not result.passed and "returned 0" in result.message


def test_an_object_that_equals_everything_is_no_number(cheats):
    result = check_alphabeta(cheats.lookup("any_object"))
    assert not result.passed and "expected a number" in result.message


def test_a_package_search_behind_a_proxy_is_refused(cheats):
    result = check_alphabeta(cheats.lookup("hides_the_package_search"))
    assert not result.passed
    assert "hands the search to the package's own `aisearch.alphabeta`" in result.message


def test_a_refused_search_that_is_caught_still_gives_no_answer(cheats):
    result = check_alphabeta(cheats.lookup("catches_the_refusal"))
    assert not result.passed and "returned 0" in result.message


def test_the_game_offers_its_protocol_and_nothing_of_the_grader(cheats):
    # No record, no wrapped tree: only the game's methods and plain attributes cross.
    result = check_alphabeta(cheats.lookup("reads_the_record"))
    assert not result.passed
    shown = result.message
    assert "'actions'" in shown and "'visited'" not in shown and "'asked'" not in shown
    unwrapped = check_alphabeta(cheats.lookup("unwraps_the_game"))
    assert "AttributeError" in unwrapped.message


def test_the_game_s_own_error_reaches_the_student_s_code(cheats):
    result = check_alphabeta(cheats.lookup("asks_a_bogus_state"))
    assert "raised ValueError" in result.message and "no such node" in result.message


@pytest.mark.parametrize(
    "check, name, exercise",
    [
        (check_uct_score, "hands_uct_to_the_package", "uct_score"),
        (check_four_in_a_row, "hands_four_to_the_package", "four_in_a_row"),
    ],
)
def test_work_handed_to_the_package_is_refused_sealed_off_too(cheats, check, name, exercise):
    from aisearch.exercises.unaided import INSTEAD

    result = check(cheats.lookup(name))
    assert not result.passed
    assert "hands the work to the package's own `" in result.message
    assert result.message.endswith(f"Hint: {INSTEAD[exercise]}")


def test_a_game_s_method_that_does_the_work_is_refused_by_the_grader(fresh):
    # The game is the grader's (a handle): asking it for evaluate is refused there, and the
    # sandbox, mid-call, is ended (a new one runs the next graded cell).
    from aisearch.exercises.unaided import INSTEAD

    source = "def by_the_game(game, state, player):\n    return game.evaluate(state, player)\n"
    assert fresh.run_cell(source)["error"] is None
    result = check_isolation_evaluation(fresh.lookup("by_the_game"))
    assert not result.passed
    assert "hands the work to the package's own `Isolation.evaluate`" in result.message
    assert result.message.endswith(f"Hint: {INSTEAD['isolation evaluation']}")


def test_the_package_is_not_in_the_sandbox(cheats):
    result = check_alphabeta(cheats.lookup("leaves_the_package"))
    assert "AttributeError: module 'aisearch' has no attribute '__file__'" in result.message
    # The walk below reads thousands of folders: read them here first, so that in
    # the sandbox it computes instead of waiting for the disk (a sandbox that waits
    # 5 s without computing is stopped, which a busy CI machine once met here).
    for top in ("/usr", "/tmp", "/root", "/work"):
        for _ in os.walk(top):
            pass
    reply = cheats.run_cell(
        "import os\n"
        "found = [os.path.join(d, f) for top in ('/usr', '/tmp', '/grading', '/root', '/work')\n"
        "         for d, _, files in os.walk(top) for f in files if f == 'alphabeta.py']\n"
        "found"
    )
    assert reply["error"] is None and reply["value"] == "[]"
    assert not package_folder().is_relative_to("/usr")


# What the sandbox cannot see or reach ------------------------------------------------------


def test_the_sandbox_sees_none_of_the_course(fresh):
    course = Path(__file__).resolve().parent.parent
    reply = fresh.run_cell(
        "import os\n"
        f"[os.path.exists(p) for p in {[str(course / 'instructor'), str(course / 'tests')]!r}]"
    )
    assert reply["value"] == "[False, False]"
    # Of the home folder, only the way to the Python it runs on, if that lies there.
    home = Path.home()
    reply = fresh.run_cell(
        f"import os\nsorted(os.listdir({str(home)!r})) if os.path.isdir({str(home)!r}) else []"
    )
    shown = eval(reply["value"])  # a list of names, printed by the sandbox
    on_the_way = {
        p.relative_to(home).parts[0]
        for p in map(Path, {sys.prefix, sys.base_prefix})
        if p.is_relative_to(home)
    }
    assert set(shown) <= on_the_way


def test_the_sandbox_has_no_network(fresh):
    reply = fresh.run_cell("import socket\nsocket.create_connection(('10.0.0.1', 80), timeout=2)")
    assert reply["error"]["type"] == "OSError"


def test_the_sandbox_writes_only_its_small_scratch_folder(fresh):
    reply = fresh.run_cell("open('/usr/planted.py', 'w')")
    assert reply["error"]["type"] in ("OSError", "PermissionError")
    reply = fresh.run_cell("open('/tmp/big', 'wb').write(bytes(64 * 2**20))")
    assert reply["error"]["type"] == "OSError"  # the file size limit, or the tmpfs is full


@pytest.mark.skipif(os.geteuid() != 0, reason="a uid of its own needs a grader that is root")
def test_as_root_the_student_s_code_runs_as_a_user_of_its_own(fresh):
    reply = fresh.run_cell("import os\nos.getuid(), os.geteuid()")
    uid = SANDBOX_UID + _slot()
    assert reply["value"] == f"({uid}, {uid})"


def test_standard_input_is_empty(fresh):
    reply = fresh.run_cell("input('your move? ')")
    assert reply["error"]["type"] == "EOFError"


def test_what_a_cell_prints_is_cut_at_the_limit(fresh):
    reply = fresh.run_cell("print('x' * 10**7)")
    assert len(reply["output"]) < QUICK.output_chars + 100 and reply["output"].endswith(
        "(output cut)"
    )


def test_a_memory_blow_up_is_a_memory_error(fresh):
    reply = fresh.run_cell("blob = bytearray(8 * 2**30)")
    assert reply["error"]["type"] == "MemoryError"


def test_a_fork_bomb_meets_the_process_limit(fresh):
    reply = fresh.run_cell(
        "import os\n"
        "children = 0\n"
        "try:\n"
        "    while children < 1000:\n"
        "        if os.fork() == 0:\n"
        "            import time; time.sleep(60); os._exit(0)\n"
        "        children += 1\n"
        "except OSError as error:\n"
        "    print('refused after', children)\n"
    )
    refused = re.search(r"refused after (\d+)", reply["output"])
    assert refused and int(refused.group(1)) < QUICK.processes


def _sandbox_processes(session: Session) -> list[int]:
    return session.sandbox._tree()


def test_nothing_it_started_outlives_it(fresh):
    reply = fresh.run_cell(
        "import subprocess\n"
        "subprocess.Popen(['sleep', '300'], start_new_session=True)\n"
        "import os\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        "    if os.fork() == 0:\n"
        "        import time; time.sleep(300)\n"
        "    os._exit(0)\n"
    )
    assert reply["error"] is None
    inside = _sandbox_processes(fresh)
    assert len(inside) >= 4  # its init, the worker, sleep, the detached grandchild
    fresh.sandbox.kill()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(os.path.exists(f"/proc/{p}") for p in inside):
        time.sleep(0.05)
    assert not [p for p in inside if os.path.exists(f"/proc/{p}")]


# How each way of stopping ends -------------------------------------------------------------


def test_an_endless_loop_costs_its_computing_time_and_says_where(fresh):
    fresh.run_cell("def spin(game, state, alpha, beta):\n    while True:\n        pass\n")
    started = time.monotonic()
    result = check_alphabeta(fresh.lookup("spin"), time_limit=2.0)
    assert time.monotonic() - started < HANG
    assert not result.passed
    assert "did not finish within 2 s" in result.message
    assert "it computed for 2 s without finishing" in result.message
    assert "(line 3 of `spin`: `pass`)" in result.message or "line 2 of `spin`" in result.message
    assert not fresh.sandbox.alive()


def test_a_loop_in_a_bare_except_still_stops(fresh):
    fresh.run_cell(
        "def stubborn(game, state, alpha, beta):\n"
        "    while True:\n"
        "        try:\n"
        "            while True:\n"
        "                pass\n"
        "        except:\n"
        "            pass\n"
    )
    result = check_alphabeta(fresh.lookup("stubborn"), time_limit=2.0)
    assert "did not finish within 2 s" in result.message


def test_sleeping_costs_a_few_seconds_of_waiting(fresh):
    fresh.run_cell("import time\ndef sleepy(game, state, alpha, beta):\n    time.sleep(600)\n")
    started = time.monotonic()
    result = check_alphabeta(fresh.lookup("sleepy"), time_limit=60.0)
    assert time.monotonic() - started < HANG  # not the 60 s of computing it was allowed
    assert "waited 2 s without computing" in result.message and "time.sleep" in result.message


def test_a_cell_that_never_ends_is_stopped(fresh):
    with pytest.raises(TimeUp) as stopped:
        fresh.run_cell("while True:\n    pass\n")
    assert stopped.value.kind == "cpu"


def test_exiting_the_process_fails_the_check_and_says_so(fresh):
    fresh.run_cell("import os\ndef quits(game, state, alpha, beta):\n    os._exit(3)\n")
    result = check_alphabeta(fresh.lookup("quits"))
    assert not result.passed and "exit status 3" in result.message


def test_killing_its_parent_ends_only_the_sandbox(fresh):
    fresh.run_cell(
        "import os, signal\n"
        "def parricide(game, state, alpha, beta):\n"
        "    os.kill(os.getppid(), signal.SIGKILL)\n"
        "    os.kill(1, signal.SIGKILL)\n"
        "    return 0\n"
    )
    result = check_alphabeta(fresh.lookup("parricide"))
    assert not result.passed  # returned 0, or its process ended: never a pass
    assert os.getppid() > 1  # the grader is untouched


def test_a_stopped_sandbox_refuses_further_calls(fresh):
    function = fresh.lookup
    fresh.run_cell("def f(*args):\n    return 1\n")
    remote = function("f")
    fresh.sandbox.kill()
    with pytest.raises(SandboxError):
        fresh.run_cell("1")
    assert not check_uct_score(remote).passed


# What crosses ------------------------------------------------------------------------------


def test_plain_data_crosses_and_nothing_else():
    class Liar(str):
        def __eq__(self, other):
            return True

    sent = {"A": (1, 2.5, math.inf), "B": [None, ..., True], "C": frozenset({3})}
    assert wire.decode(wire.encode(sent)) == sent
    assert type(wire.decode(wire.encode(Liar("x")))) is str
    opaque = wire.decode(wire.encode(object()))
    assert isinstance(opaque, wire.Opaque) and opaque != opaque.text
    with pytest.raises(wire.WireError):
        wire.decode({"$h": 1})  # a handle where none may come back
    with pytest.raises(wire.WireError):
        wire.decode({"$x": 1})


def test_a_message_longer_than_the_limit_is_refused():
    read, write = os.pipe()
    channel = wire.Channel(read, write, limit=100)
    os.write(write, b'{"op": "' + b"x" * 200 + b'"}\n')
    with pytest.raises(wire.WireError):
        channel.receive(timeout=1)
    os.close(read)
    os.close(write)


# A whole notebook --------------------------------------------------------------------------


def _cells(*sources: tuple[str, str]) -> list[Cell]:
    return [Cell(i, source, kind) for i, (kind, source) in enumerate(sources)]


HIDDEN = """# Graded
assert_passed(check_alphabeta(alphabeta_value))
### BEGIN HIDDEN TESTS
assert_passed(check_alphabeta(alphabeta_value, cases={"the secret tree": GameTree.from_nested([[31, 41], [59, 26]])}))
### END HIDDEN TESTS
"""


def test_a_hidden_case_s_failure_is_told_without_the_case(package):
    # Right on the notebook's trees, wrong on any other: its failure must not show the case.
    student = (
        "import math\n"
        + ANSWERS.split("# 02: alpha-beta")[1].split("# 04")[0]
        + "\ndef alphabeta_value(game, state, alpha, beta):\n"
        "    value = alphabeta_right(game, state, alpha, beta)\n"
        "    return value if value < 20 else value + 1\n"
    )
    report = grade_notebook(_cells(("student", student), ("graded", HIDDEN)), package, slot=_slot())
    verdict = report.verdicts[1]
    assert not verdict.passed
    assert "not on a hidden case" in verdict.message
    for secret in ("secret", "31", "41", "59", "26", "from_nested"):
        assert secret not in verdict.message


def test_a_notebook_that_passes_says_so_for_the_hidden_cases_too(package):
    student = "import math\n" + ANSWERS.split("# 02: alpha-beta")[1].split("# 04")[0]
    student += "\nalphabeta_value = alphabeta_right\n"
    report = grade_notebook(_cells(("student", student), ("graded", HIDDEN)), package, slot=_slot())
    assert report.verdicts[1].passed
    assert report.verdicts[1].message.endswith("Right on the hidden cases too.")


def test_a_cell_that_never_ends_is_left_out_and_the_rest_graded(package):
    cells = _cells(
        ("student", "import math\n" + ANSWERS.split("# 02: alpha-beta")[1].split("# 04")[0]),
        ("student", "while True:\n    pass\n"),
        ("student", "alphabeta_value = alphabeta_right\n"),
        ("graded", HIDDEN),
    )
    report = grade_notebook(cells, package, slot=_slot(), limits=QUICK)
    assert report.verdicts[3].passed
    assert "Grading left this cell out: it computed for 3 s" in report.cells[1].note


def test_a_renamed_function_is_named_with_what_the_notebook_defines(package):
    cells = _cells(
        ("student", "def alphabeta_valu(game, state, alpha, beta):\n    return 0\n"),
        ("graded", HIDDEN),
    )
    report = grade_notebook(cells, package, slot=_slot())
    message = report.verdicts[1].message
    assert "`alphabeta_value` is not defined" in message and "alphabeta_valu." in message
    assert "HIDDEN" not in message and "secret" not in message


def test_a_syntax_error_in_the_function_s_cell_is_named(package):
    cells = [
        Cell(
            0,
            "def alphabeta_value(game, state, alpha, beta)\n    return 0\n",
            "student",
            "alphabeta_value",
        ),
        Cell(1, HIDDEN, "graded"),
    ]
    report = grade_notebook(cells, package, slot=_slot())
    assert "Its cell raised SyntaxError" in report.verdicts[1].message


def test_a_remote_function_reports_its_name(session):
    found = session.lookup("alphabeta_right")
    assert isinstance(found, RemoteFunction) and found.__name__ == "alphabeta_right"


# What one sandbox cannot leave for another -------------------------------------------------


def test_the_kernel_s_keyrings_and_page_cache_probes_are_refused(fresh):
    # A keyring outlives every process of its user, and what of a file is cached tells
    # what an earlier sandbox read: either could carry hidden cases to a later one.
    reply = fresh.run_cell(
        "import ctypes, mmap, os, platform\n"
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "keyctl = {'x86_64': 250, 'aarch64': 219}[platform.machine()]\n"
        "refused = []\n"
        "if libc.syscall(keyctl, 0, 0) == -1 and ctypes.get_errno() == 1:\n"
        "    refused.append('keyctl')\n"
        "fd = os.open('/usr/bin/env', os.O_RDONLY)\n"
        "for name, call in [\n"
        "    ('fadvise', lambda: os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)),\n"
        "    ('preadv2', lambda: os.preadv(fd, [bytearray(8)], 0, os.RWF_NOWAIT)),\n"
        "    ('pageout', lambda: mmap.mmap(fd, 4096, prot=mmap.PROT_READ).madvise(21)),\n"
        "]:\n"
        "    try:\n"
        "        call()\n"
        "    except PermissionError:\n"
        "        refused.append(name)\n"
        "len(os.pread(fd, 8, 0)), refused\n"
    )
    assert reply["error"] is None, reply["error"]
    assert reply["value"] == "(8, ['keyctl', 'fadvise', 'preadv2', 'pageout'])"


def test_the_kernel_s_counters_and_the_calls_that_move_them_are_out_of_reach(fresh):
    # A later sandbox could read a counter of the whole machine that an earlier one moved
    # (numa_interleave, by placing its memory): the counters read as empty, and the
    # calls that place memory, read files without waiting (Linux AIO) or page them
    # out, or make a namespace, are refused.
    reply = fresh.run_cell(
        "import ctypes, os, platform, subprocess\n"
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "calls = {'x86_64': {'set_mempolicy': 238, 'io_setup': 206, 'process_madvise': 440},\n"
        "         'aarch64': {'set_mempolicy': 237, 'io_setup': 0, 'process_madvise': 440}}\n"
        "refused = sorted(name for name, number in calls[platform.machine()].items()\n"
        "                 if libc.syscall(number, 0, 0, 0) == -1 and ctypes.get_errno() == 1)\n"
        "counters = {name: open(f'/proc/{name}').read() for name in ('vmstat', 'stat', 'meminfo')}\n"
        "nested = subprocess.run(['unshare', '-Ur', 'true']).returncode\n"
        "refused, counters, os.listdir('/proc/sys/fs'), nested\n"
    )
    assert reply["error"] is None, reply["error"]
    refused, counters, listed, nested = eval(reply["value"])
    assert refused == ["io_setup", "process_madvise", "set_mempolicy"]
    assert counters == {"vmstat": "", "stat": "", "meminfo": ""} and listed == []
    assert nested != 0


def test_the_filter_knows_only_its_own_architectures():
    from aisearch.exercises.sealed.confine import seccomp_filter

    assert seccomp_filter("sparc") is None
    program = seccomp_filter("x86_64")
    assert program is not None and len(program) % 8 == 0


@pytest.mark.skipif(os.geteuid() != 0, reason="a control group of its own needs a root grader")
def test_computing_nobody_waits_for_is_counted(fresh):
    # Children the kernel reaps itself (SIGCHLD ignored) leave no trace in /proc: the
    # sandbox's control group counts them all the same.
    assert fresh.sandbox.cgroup is not None
    reply = fresh.run_cell(
        "import os, signal, time\n"
        "signal.signal(signal.SIGCHLD, signal.SIG_IGN)\n"
        "if os.fork() == 0:\n"
        "    end = time.process_time() + 1.0\n"
        "    while time.process_time() < end:\n"
        "        pass\n"
        "    os._exit(0)\n"
        "time.sleep(2.5)\n"
    )
    assert reply["error"] is None
    assert fresh.sandbox.usage()[0] >= 0.9


@pytest.mark.skipif(os.geteuid() != 0, reason="a control group of its own needs a root grader")
def test_memory_is_limited_for_the_sandbox_as_a_whole(package):
    limits = Limits(memory_total=192 * 2**20, cell_seconds=20)
    with Sandbox(package, slot=_slot(), limits=limits) as sandbox:
        reply = Session(sandbox).run_cell(
            "import os\n"
            "children = []\n"
            "for _ in range(4):\n"
            "    pid = os.fork()\n"
            "    if pid == 0:\n"
            "        blob = bytearray(80 * 2**20)  # touched: zeroed pages are real\n"
            "        os._exit(0)\n"
            "    children.append(pid)\n"
            "[os.waitpid(pid, 0)[1] for pid in children]\n"
        )
        peak = sandbox.cgroup.peak_memory()
    assert peak is not None and peak <= 192 * 2**20
    assert reply["value"] != "[0, 0, 0, 0]"  # some child was stopped at the limit


def test_a_submission_has_a_deadline_across_its_sandboxes(package):
    cells = [Cell(i, "import time\ntime.sleep(1.5)\n", "student") for i in range(6)]
    cells.append(Cell(6, HIDDEN, "graded"))
    report = grade_notebook(cells, package, slot=_slot(), limits=Limits(total_seconds=4))
    assert "used up its 4 s of grading time" in report.verdicts[6].message


def test_what_a_notebook_prints_is_cut_for_the_notebook_as_a_whole(package):
    cells = [Cell(i, "print('x' * 5000)\n", "student") for i in range(10)]
    cells.append(Cell(10, HIDDEN, "graded"))
    limits = Limits(output_total=12_000)
    report = grade_notebook(cells, package, slot=_slot(), limits=limits)
    shown = sum(len(report.cells[i].output) for i in range(10))
    assert shown <= 12_000 + 10 * len("\n… (cut)")
    assert report.cells[9].output.endswith("(cut)")


def test_everything_shown_was_run_before_any_hidden_case(package, monkeypatch):
    # Two graded cells: the cells' outputs and both checks on the notebook's own cases
    # come from a first sandbox; the hidden cases are checked after, in sandboxes of
    # their own, whose output is never shown.
    import aisearch.exercises.sealed.notebook as sealed

    events = []
    reporting, visible, hidden = sealed._Run._report, sealed.run_visible, sealed.run_hidden
    monkeypatch.setattr(
        sealed._Run, "_report", lambda self, reply: events.append("shown") or reporting(self, reply)
    )
    monkeypatch.setattr(sealed, "run_visible", lambda *a: events.append("own") or visible(*a))
    monkeypatch.setattr(sealed, "run_hidden", lambda *a: events.append("hidden") or hidden(*a))
    answer = "import math\n" + ANSWERS.split("# 02: alpha-beta")[1].split("# 04")[0]
    cells = [
        Cell(0, answer + "\nalphabeta_value = alphabeta_right\n", "student"),
        Cell(1, HIDDEN, "graded"),
        Cell(2, "print('between the checks')\n", "student"),
        Cell(3, HIDDEN, "graded"),
    ]
    report = sealed.grade_notebook(cells, package, slot=_slot())
    assert events == ["shown", "own", "shown", "own", "hidden", "hidden"]
    assert report.cells[2].output == "between the checks\n"
    assert report.verdicts[1].passed and report.verdicts[3].passed


def test_a_report_goes_from_the_first_pass_to_the_second_as_it_was(package):
    from aisearch.exercises.sealed.notebook import Report, check_hidden, check_visible

    answer = "import math\n" + ANSWERS.split("# 02: alpha-beta")[1].split("# 04")[0]
    cells = [
        Cell(0, answer + "\nalphabeta_value = alphabeta_right\n", "student"),
        Cell(1, HIDDEN, "graded"),
    ]
    first = check_visible(cells, package, slot=_slot())
    assert first.pending == [1] and first.verdicts[1].passed
    again = Report.from_json(first.to_json())
    assert again == first
    final = check_hidden(again, cells, package, slot=_slot())
    assert final.pending == [] and final.verdicts[1].message.endswith("hidden cases too.")


def test_hidden_tests_are_parted_as_nbgrader_parts_them():
    from aisearch.exercises.sealed.notebook import split_hidden

    cell = "a()\n## BEGIN HIDDEN TESTS (mine)\nsecret()\n# END HIDDEN TESTS\nb()\n"
    assert split_hidden(cell) == ("a()\nb()\n", "secret()\n")
    # A marker misspelt, or a region never closed: the whole cell counts as hidden.
    assert split_hidden("a()\n### BEGIN HIDDEN TEST\nsecret()\n")[0] == ""
    assert split_hidden("a()\n### BEGIN HIDDEN TESTS\nsecret()\n")[0] == ""


def test_a_question_too_long_for_a_state_is_refused_before_the_game_notes_it(fresh):
    fresh.run_cell(
        "def asks_a_lot(game, state, alpha, beta):\n"
        "    try:\n"
        "        game.to_move(tuple(range(10**5)))\n"
        "    except ValueError as error:\n"
        "        return str(error)\n"
    )
    from aisearch.exercises import RecordingGame
    from aisearch.games import GameTree

    game = RecordingGame(GameTree.from_nested([[1, 2], [3, 4]]))
    said = fresh.lookup("asks_a_lot")(game, "A", -math.inf, math.inf)
    assert said == "that is not a state of this game (far too long)"
    assert game.visited == []


def test_a_number_too_large_for_a_float_is_a_wrong_answer(session):
    session.run_cell("def huge(game, state, alpha, beta):\n    return 10**1000\n")
    result = check_alphabeta(session.lookup("huge"))
    assert not result.passed and "is worth 3 to MAX" in result.message


@pytest.mark.parametrize(
    "check",
    sorted(__import__("aisearch.exercises.sealed.notebook", fromlist=["OWN_CASES"]).OWN_CASES),
)
def test_the_cases_a_hidden_failure_suggests_pass_a_right_answer(check):
    from aisearch.exercises.sealed.notebook import OWN_CASES, grading_namespace

    right = {
        "check_count_games": answers.count_games_right,
        "check_minimax": answers.minimax_right,
        "check_alphabeta": answers.alphabeta_right,
        "check_expectimax": answers.expectimax_right,
        "check_maxn": answers.maxn_right,
        "check_table_rule": answers.may_answer_right,
        "check_uct_score": answers.uct_right,
    }[check]
    namespace = grading_namespace()
    result = namespace[check](right, cases=eval(OWN_CASES[check], namespace))
    assert result.passed, result.message


def test_a_grader_that_is_not_root_seals_off_in_a_user_namespace(package):
    # As another user, the sandbox runs as that user, in a user namespace of its own;
    # run here as root with privileged=False, the same path (tried as nobody by hand).
    with Sandbox(package, slot=_slot(), limits=QUICK, privileged=False) as sandbox:
        session = Session(sandbox)
        session.run_cell(ANSWERS)
        assert sandbox.cgroup is None
        assert check_alphabeta(session.lookup("alphabeta_right")).passed
        course = Path(__file__).resolve().parent.parent
        reply = session.run_cell(
            f"import os\nos.path.exists({str(course / 'instructor')!r}), "
            "open('/proc/self/uid_map').read().split()"
        )
        seen, mapping = eval(reply["value"])  # a bool and a list, printed by the sandbox
        assert seen is False  # nothing of the course
        assert mapping[1:] == [str(os.geteuid()), "1"]  # one user, the grader's


def test_cells_that_end_their_process_cannot_outrun_the_deadline(package):
    # Each such cell costs a new sandbox that runs the cells above it again: without a
    # deadline checked before each sandbox and each cell, 200 of them take an hour.
    cells = [Cell(i, "import os\nos._exit(3)\n", "student") for i in range(200)]
    cells.append(Cell(200, HIDDEN, "graded"))
    started = time.monotonic()
    report = grade_notebook(cells, package, slot=_slot(), limits=Limits(total_seconds=5))
    assert time.monotonic() - started < HANG
    assert "used up its 5 s of grading time" in report.verdicts[200].message


def test_a_dict_too_large_to_hash_cheaply_does_not_cross():
    # Keys that hash alike cost the reader the square of their number: a dict is capped.
    alike = {i * (2**61 - 1): 0 for i in range(wire.HASHED_LIMIT + 1)}
    with pytest.raises(wire.WireError):
        wire.decode(json.loads(json.dumps(wire.encode(alike))))
    assert wire.decode(wire.encode({1: 2})) == {1: 2}
