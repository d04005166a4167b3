"""Dice Nim: the take-away game of Nim with a die that limits each move.

Rules. A pile of stones lies between two players, A and B; A moves first.
At the start of each turn the player to move rolls a fair die with faces
1 to ``die``, then takes at least 1 stone and at most the number rolled (and
never more than are left). Whoever takes the last stone wins (+1, the other
-1).

Why this game. Without the die (take 1 to 3, always) it is the classic
subtraction game, solved by a rule a student can check by hand: leave your
opponent a multiple of 4. The die keeps that rule in sight but changes the
best move: with 6 stones and a roll of 3, taking the most (3) is a mistake,
taking 2 (leaving 4) is right; with 7 stones and a roll of 2 the multiple of
4 is out of reach and the best move is to take 1. So a search that ignores
the dice plays worse, and the chance nodes are the lesson. The game is tiny
and has no cycles (every turn removes a stone), so expectiminimax can search
it to the end in a notebook, and the values it finds are exact fractions a
student can verify (with 3 stones: 1/9 for A).

A state is a ``DiceNimState(stones, player, roll)``: the stones left, the
player whose turn it is, and the number rolled, or ``None`` while the die has
not been rolled yet. A state with stones left and no roll is a chance state:
``to_move`` answers ``aisearch.game.CHANCE`` and its actions are the faces
``Roll(1), ..., Roll(die)``, each with probability ``1 / die``. Otherwise
``player`` is to move and the actions are the numbers of stones to take,
``1, 2, ..., min(roll, stones)``. With no stones left the game is over and
``player`` is the one who would have moved next, that is, the loser.

Sizes of the full game tree (chance nodes included) with the standard
three-sided die, from ``aisearch.count_tree_nodes``, ``count_games`` and
``count_positions``; the tree grows about 13-fold for every two stones, the
positions only by 16:

=======  ==========  ==============  =========
stones   tree nodes  complete games  positions
=======  ==========  ==============  =========
3               100              40         18
5             1,326             526         34
7            17,457           6,921         50
9           229,705          91,065         66
=======  ==========  ==============  =========
"""

from __future__ import annotations

from typing import NamedTuple

from ..game import CHANCE, ChanceGame, Picture


class DiceNimState(NamedTuple):
    """Stones left, the player whose turn it is, and the roll (``None`` before it)."""

    stones: int
    player: str
    roll: int | None = None


class Roll(NamedTuple):
    """A chance outcome: the die shows ``face``. Distinct from a move, which is an int."""

    face: int

    def __repr__(self) -> str:
        return f"Roll({self.face})"

    def __str__(self) -> str:
        """How an edge of a drawn tree writes it: ``roll 3``."""
        return f"roll {self.face}"


DiceNimAction = int | Roll
"""An action: the stones to take, or at a chance state the roll of the die."""


def _is_whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


class DiceNim(ChanceGame[DiceNimState, DiceNimAction, str]):
    """Nim with a die: roll, then take 1 up to the roll; the last stone wins.

    >>> game = DiceNim(stones=7, die=3)
    >>> start = game.initial_state()
    >>> start, game.to_move(start)
    (DiceNimState(stones=7, player='A', roll=None), 'chance')
    >>> game.chance_outcomes(start)
    ((Roll(1), 0.333...), (Roll(2), 0.333...), (Roll(3), 0.333...))
    >>> s = game.result(start, Roll(3))
    >>> game.to_move(s), game.actions(s)
    ('A', (1, 2, 3))
    >>> game.result(s, 3)
    DiceNimState(stones=4, player='B', roll=None)
    >>> print(game.render(s))
    ● ● ● ● ● ● ●  (7 left)
    A rolled 3: may take 1 to 3
    """

    players = ("A", "B")
    zero_sum = True
    """One player's win is the other's loss (``utility`` is negated for the
    other player), as negamax, tables and MCTS assume."""

    def __init__(self, stones: int = 7, die: int = 3) -> None:
        if not _is_whole(stones) or stones < 1:
            raise ValueError(f"stones must be a whole number >= 1, got {stones!r}")
        if not _is_whole(die) or die < 2:
            raise ValueError(f"die must be a whole number of faces >= 2, got {die!r}")
        self.stones = stones
        self.die = die
        self._rolls = tuple(Roll(face) for face in range(1, die + 1))
        self._outcomes = tuple((roll, 1 / die) for roll in self._rolls)

    def is_state(self, state: object) -> bool:
        """Whether ``state`` is a ``DiceNimState`` (the searches refuse anything else)."""
        return isinstance(state, DiceNimState)

    def __repr__(self) -> str:
        return f"DiceNim(stones={self.stones}, die={self.die})"

    # The six parts of a game, and the chance outcomes -------------------------

    def initial_state(self) -> DiceNimState:
        """All the stones on the pile; A is about to roll."""
        return DiceNimState(self.stones, "A", None)

    def to_move(self, state: DiceNimState) -> str:
        """``CHANCE`` before a roll, else the player to take stones (the loser at the end)."""
        if state.roll is None and state.stones > 0:
            return CHANCE
        return state.player

    def actions(self, state: DiceNimState) -> tuple[DiceNimAction, ...]:
        """``Roll(1), ..., Roll(die)`` at a chance state; else ``1, ..., min(roll, stones)``."""
        stones, _, roll = state
        if stones == 0:
            return ()
        if roll is None:
            return self._rolls
        return tuple(range(1, min(roll, stones) + 1))

    def chance_outcomes(self, state: DiceNimState) -> tuple[tuple[Roll, float], ...]:
        """Each face of the fair die with probability ``1 / die``, in face order.

        Raises:
            ValueError: ``state`` is not a chance state.
        """
        if self.to_move(state) != CHANCE:
            raise ValueError(
                f"{state!r} is not a chance state: "
                + ("the game is over" if state.stones == 0 else f"{state.player} rolled already")
            )
        return self._outcomes

    def result(self, state: DiceNimState, action: DiceNimAction) -> DiceNimState:
        """The state after a roll (at a chance state) or after taking ``action`` stones.

        Raises:
            ValueError: naming the action and the state, for a roll at a
                player's turn, a move before the roll, a face the die does not
                have, or a number of stones that is not 1 up to the roll and
                the stones left.
        """
        stones, player, roll = state
        if stones == 0:
            raise ValueError(f"no move {action!r} in {state!r}: the game is over")
        if roll is None:
            if not isinstance(action, Roll):
                raise ValueError(
                    f"{action!r} is not a roll: {state!r} is a chance state, the die "
                    f"is rolled next, so the action is one of Roll(1) .. Roll({self.die})"
                )
            if not _is_whole(action.face) or not 1 <= action.face <= self.die:
                raise ValueError(f"{action!r} is not a face of the die: faces are 1 to {self.die}")
            return DiceNimState(stones, player, action.face)
        if isinstance(action, Roll):
            raise ValueError(
                f"{action!r} in {state!r}: {player} rolled {roll} already and takes "
                "stones now, an int"
            )
        if not _is_whole(action) or action < 1:
            raise ValueError(
                f"cannot take {action!r} stones in {state!r}: take a whole number, at least 1"
            )
        if action > roll:
            raise ValueError(
                f"cannot take {action} stones in {state!r}: {player} rolled {roll}, "
                f"so takes 1 to {roll}"
            )
        if action > stones:
            raise ValueError(f"cannot take {action} stones in {state!r}: only {stones} left")
        return DiceNimState(stones - action, self._other(player), None)

    def is_terminal(self, state: DiceNimState) -> bool:
        """True when no stones are left."""
        return state.stones == 0

    def utility(self, state: DiceNimState, player: str) -> int:
        """+1 if ``player`` took the last stone, -1 if the other did, 0 before the end."""
        if player not in self.players:
            raise ValueError(f"player must be 'A' or 'B', got {player!r}")
        if state.stones > 0:
            return 0
        return -1 if player == state.player else 1

    def evaluate(self, state: DiceNimState, player: str) -> float:
        """A heuristic value for ``player``, strictly between -1 and +1.

        It carries over the rule of the game without dice: a pile that is a
        multiple of ``die + 1`` is bad for the player to move. Before a roll,
        the player to move is worth -0.9 on such a pile, and otherwise
        ``0.9 * share``, where ``share`` is the fraction of the faces that let
        them leave a multiple of ``die + 1`` (an empty pile counts: it wins).
        After a roll, the player to move is worth the best, over the moves,
        of that estimate for the opponent, negated. The value is for
        ``player``; the other player's is its negation.

        >>> game = DiceNim(stones=7, die=3)
        >>> [round(game.evaluate(DiceNimState(n, "A"), "A"), 2) for n in (4, 5, 6, 7)]
        [-0.9, 0.9, 0.6, 0.3]
        >>> round(game.evaluate(DiceNimState(6, "A", 3), "A"), 2)
        0.9
        """
        if player not in self.players:
            raise ValueError(f"player must be 'A' or 'B', got {player!r}")
        stones, mover, roll = state
        if roll is None:
            value = self._before_roll(stones)
        else:
            value = max(-self._before_roll(stones - a) for a in range(1, min(roll, stones) + 1))
        return value if player == mover else -value

    def _before_roll(self, stones: int) -> float:
        """The heuristic value of ``stones`` for the player about to roll."""
        gap = stones % (self.die + 1)  # the take that leaves a multiple of die + 1
        if gap == 0:
            return -0.9
        return 0.9 * (self.die - gap + 1) / self.die  # the share of faces >= gap

    # Reading the game -----------------------------------------------------------

    def _other(self, player: str) -> str:
        return "B" if player == "A" else "A"

    def label(self, state: DiceNimState) -> str:
        """A short name for ``state``, as traces and tree drawings write it.

        >>> game = DiceNim()
        >>> [game.label(s) for s in (DiceNimState(7, "A"), DiceNimState(7, "A", 2),
        ...                          DiceNimState(0, "B"))]
        ['7 A rolls', '7 A rolled 2', 'A won']
        """
        stones, player, roll = state
        if stones == 0:
            return f"{self._other(player)} won"
        if roll is None:
            return f"{stones} {player} rolls"
        return f"{stones} {player} rolled {roll}"

    def picture(self, state: DiceNimState, action: object = None) -> Picture:
        """The pile as ``aisearch.viz.glyphs`` draws it: the stones left (of
        those the game started with) and the die, blank before it is rolled.
        ``action`` is accepted for the protocol's sake and not drawn.

        >>> DiceNim(stones=7, die=3).picture(DiceNimState(5, "B", 2))
        Picture(rows=(), kind='pile', last=None, to_move=None, pile=5, start=7, roll=2, die=3)
        """
        if not isinstance(state, DiceNimState):
            raise ValueError(f"{state!r} is not a DiceNimState: use game.initial_state()")
        stones, _, roll = state
        return Picture(
            kind="pile", pile=stones, start=max(stones, self.stones), roll=roll, die=self.die
        )

    def render(self, state: DiceNimState) -> str:
        """The pile, and who rolls, takes, or has won, as two lines of text."""
        stones, player, roll = state
        pile = " ".join("●" * stones) if stones else "(empty)"
        line = f"{pile}  ({stones} left)"
        if stones == 0:
            return f"{line}\n{self._other(player)} took the last stone and wins"
        if roll is None:
            return f"{line}\n{player} rolls the die (1 to {self.die})"
        top = min(roll, stones)
        takes = "may take 1" if top == 1 else f"may take 1 to {top}"
        return f"{line}\n{player} rolled {roll}: {takes}"
