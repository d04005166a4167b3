"""Checks for the notebooks' exercises: run a student's function, say what is wrong.

Each ``check_...`` function takes the student's function, runs it on a fixed
set of cases (the textbook tree, a Pacman tree, a tree with
ties, a few seeded random trees, tic-tac-toe positions where they fit) and
compares it with the package's own searches. It returns a ``CheckResult``
whose message says exactly what is wrong: the case, the value expected and
the value returned, the first node (in preorder) whose value is wrong, and,
for alpha-beta, the nodes visited that should have been pruned or the
reverse. A check never raises because of the student's code: a wrong answer,
an exception or an unfinished skeleton (``NotImplementedError``, or an empty
body that returns ``None``) is reported in the message; ``None`` returned by
a function that does something is a missing ``return``, and says so.

To know which nodes a function looks at, the check hands it a
``RecordingGame``: the same game, which notes every state it is asked about.
The student's code uses the ordinary game methods and needs nothing special.
The recording game also sees where a question comes from: a function that
hands the work to the package's own search (``aisearch.alphabeta(game,
state)``, ``minimax``, ``expectimax``, ``maxn``, ``count_games``, ...)
fails, with the search it called named: the exercise is to write it.
The checks whose function takes no game (``check_uct_score``,
``check_four_in_a_row``, ``check_table_rule``) and the evaluation's watch
the student's function while it runs instead (``unaided``): a call into
the package's own ``uct_score``, ``has_four``, table rule or evaluations
fails the same way, and the message says what to write instead.

For graded work (nbgrader), four more things:

- ``cases=``: a check runs on the cases given instead of its own, for a
  hidden test with trees the student never saw: a dict ``{name: GameTree}``
  or a list of trees (``"tree 1"``, ...), or for the other checks their own
  kind of case (``(game, state)`` pairs, ``(bits, width, height)`` boards,
  UCT and table-rule tuples). Bad cases raise a ``ValueError`` naming the
  entry; a message about a given case says so instead of pointing at
  ``case_trees()``.
- ``time_limit=``: every check that runs a student's function stops it
  after that many seconds, all cases together (``TIME_LIMIT``, 10 s; 60 s
  for the Isolation tournament) and fails, naming the function, the limit
  and the case, instead of hanging on a loop that never ends.
- ``assert_passed(result)`` returns a passing result and raises
  ``ExerciseFailed`` (an ``AssertionError`` with the check's message) for
  any other: a graded test cell then fails as it should.
- ``pristine()`` loads the package anew and returns that copy's
  ``aisearch.exercises``, untouched by whatever the student's cells changed
  in the loaded one: ``ex = pristine(); ex.assert_passed(ex.check_alphabeta(
  alphabeta_value, cases=hidden))``.

>>> def minimax_value(game, state):
...     if game.is_terminal(state):
...         return game.utility(state, "MAX")
...     values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
...     return max(values) if game.to_move(state) == "MAX" else min(values)
>>> check_minimax(minimax_value).passed
True

The checks live in one module per notebook (``counting`` for 00,
``minimax`` for 01, ``alphabeta`` 02, ``evaluation`` 03, ``expectimax`` 04,
``caching`` 05, ``connect4`` 06, ``maxn`` 07, ``mcts`` 08), on top of what
they share (``checking``: the verdict, the recording game, running the
student's code) and the case trees (``cases``). This package offers them
all under one name. A new exercise's check goes in the module of its
notebook, and its name in ``__all__`` here.
"""

from .alphabeta import check_alphabeta
from .caching import check_table_rule
from .cases import case_trees
from .checking import FAIL as FAIL
from .checking import PASS as PASS
from .checking import CheckResult
from .connect4 import check_four_in_a_row
from .counting import check_count_games
from .evaluation import EVALUATION_GAMES as EVALUATION_GAMES
from .evaluation import EVALUATION_TIME_LIMIT as EVALUATION_TIME_LIMIT
from .evaluation import EVALUATION_TO_BEAT as EVALUATION_TO_BEAT
from .evaluation import check_isolation_evaluation, isolation_baseline
from .expectimax import chance_case_trees, check_expectimax
from .grading import ExerciseFailed, assert_passed, pristine
from .guard import TIME_LIMIT as TIME_LIMIT
from .maxn import BACKUP_TREE as BACKUP_TREE
from .maxn import check_maxn, check_maxn_by_hand, draw_backup_tree, maxn_case_trees
from .mcts import check_selection, check_uct_score
from .minimax import check_depth_limited, check_minimax
from .recording import RecordingGame

# Offered too, outside __all__, as the single module offered them (imported ``X as X``):
# FAIL and PASS, EVALUATION_GAMES and EVALUATION_TO_BEAT, and BACKUP_TREE; and
# the time limits, TIME_LIMIT and EVALUATION_TIME_LIMIT, beside them.
__all__ = [
    "CheckResult",
    "ExerciseFailed",
    "RecordingGame",
    "assert_passed",
    "case_trees",
    "chance_case_trees",
    "check_alphabeta",
    "check_count_games",
    "check_depth_limited",
    "check_expectimax",
    "check_four_in_a_row",
    "check_isolation_evaluation",
    "check_maxn",
    "check_maxn_by_hand",
    "check_minimax",
    "check_selection",
    "check_table_rule",
    "check_uct_score",
    "draw_backup_tree",
    "isolation_baseline",
    "maxn_case_trees",
    "pristine",
]
