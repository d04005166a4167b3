"""Tournaments: every seating, counted right, reproducible from the seed."""

import pytest

from aisearch import minimax
from aisearch.evaluation import linear_evaluation, own_moves
from aisearch.games import DiceNim, TicTacToe
from aisearch.games.isolation import Isolation
from aisearch.players import depth_player, random_player, search_player
from aisearch.tournament import TournamentTable, seatings, tournament


def isolation_players():
    return {
        "mobility": depth_player(2),
        "own moves": depth_player(2, own_moves),
        "random": lambda: random_player(seed=7),
    }


def run(seed, progress=False):
    return tournament(
        isolation_players(), Isolation(5, 5), games=2, seed=seed, openings=2, progress=progress
    )


def test_the_same_seed_gives_the_same_table_and_another_seed_another():
    first, again, other = run(0), run(0), run(1)
    assert first.results() == again.results()
    assert [r.mean_depth for r in first.rows()] == [r.mean_depth for r in again.rows()]
    assert [rec.moves for _, rec in first.records] == [rec.moves for _, rec in again.records]
    assert [rec.moves for _, rec in first.records] != [rec.moves for _, rec in other.records]


def test_every_pairing_plays_both_colours_and_the_counts_add_up():
    table = run(0)
    assert isinstance(table, TournamentTable)
    pairs = [seating for seating, _ in table.records]
    assert len(pairs) == 3 * 2 * 2  # 6 ordered pairings, 2 games each
    assert sorted(set(pairs)) == sorted(
        [
            ("mobility", "own moves"),
            ("own moves", "mobility"),
            ("mobility", "random"),
            ("random", "mobility"),
            ("own moves", "random"),
            ("random", "own moves"),
        ]
    )
    assert sorted(seatings(["mobility", "own moves", "random"], 2)) == sorted(set(pairs))
    for row in table.rows():
        assert row.games == 8 == row.wins + row.draws + row.losses
    assert sum(r.wins for r in table.rows()) == sum(r.losses for r in table.rows()) == 12
    assert table["mobility"].mean_depth == 2 and table["random"].mean_depth is None
    assert table["mobility"].wins > table["random"].wins
    for _, record in table.records:  # Isolation has no draws
        assert sorted(record.outcome.values()) == [-25 * 10, 25 * 10]


def test_recounting_the_records_gives_the_table():
    table = run(3)
    wins = {name: 0 for name in ("mobility", "own moves", "random")}
    for (x_name, o_name), record in table.records:
        wins[x_name if record.outcome["X"] > 0 else o_name] += 1
    assert wins == {r.name: r.wins for r in table.rows()}


def test_draws_and_text():
    players = {"a": search_player(), "b": search_player()}
    table = tournament(players, TicTacToe(), games=1, progress=False)
    assert table.results() == [("a", 0, 2, 0), ("b", 0, 2, 0)]
    text = table.to_text(times=False)
    assert text.splitlines()[1].split() == ["a", "2", "0", "2", "0", "1", "-"]
    assert "ms/move" in table.to_text() and "ms/move" not in text


def test_more_than_two_seats_use_every_seating_order():
    class ThreeWay:
        """Each of three players picks 1 or 2 once; the highest total of the picks' owners wins."""

        players = ("A", "B", "C")

        def initial_state(self):
            return ()

        def to_move(self, state):
            return self.players[len(state)]

        def actions(self, state):
            return () if len(state) == 3 else (1, 2)

        def result(self, state, action):
            return state + (action,)

        def is_terminal(self, state):
            return len(state) == 3

        def utility(self, state, player):
            return state[self.players.index(player)]

    big = lambda game, state: 2  # noqa: E731
    small = lambda game, state: 1  # noqa: E731
    table = tournament(
        {"big": big, "also big": big, "small": small}, ThreeWay(), games=1, progress=False
    )
    assert len(table.records) == 6
    assert table.results() == [("big", 0, 6, 0), ("also big", 0, 6, 0), ("small", 0, 0, 6)]


def test_chance_games_are_seeded_too():
    def play(seed):
        players = {"first": random_player(seed=1), "second": random_player(seed=2)}
        return tournament(players, DiceNim(stones=6), games=3, seed=seed, progress=False)

    one, two, other = play(4), play(4), play(5)
    assert one.results() == two.results()
    assert [rec.moves for _, rec in one.records] == [rec.moves for _, rec in two.records]
    assert [rec.moves for _, rec in one.records] != [rec.moves for _, rec in other.records]


def test_progress_reports_every_game(capsys):
    calls = []
    tournament(
        {"a": random_player(1), "b": random_player(2)},
        TicTacToe(),
        games=2,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    tournament({"a": random_player(1), "b": random_player(2)}, TicTacToe(), games=1, progress=True)
    assert capsys.readouterr().err.endswith("games 2/2\n")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": {"a": random_player()}}, "at least 2 players"),
        ({"players": {"a": random_player(), "b": "minimax"}}, "player 'b' must be a function"),
        ({"games": 0}, "games must be a whole number >= 1, got 0"),
        ({"openings": -1}, "openings must be a whole number >= 0"),
        ({"seed": 1.5}, "seed must be an int"),
    ],
)
def test_bad_arguments_are_named(kwargs, message):
    arguments = {"players": {"a": random_player(), "b": random_player()}, "progress": False}
    arguments.update(kwargs)
    with pytest.raises(ValueError, match=message):
        tournament(game=TicTacToe(), **arguments)


def test_an_illegal_move_is_named():
    with pytest.raises(ValueError, match=r"chose \(9, 9\)"):
        tournament(
            {"cheat": lambda g, s: (9, 9), "b": random_player()},
            TicTacToe(),
            games=1,
            progress=False,
        )


def test_a_linear_evaluation_reads_well_in_the_table():
    weights = linear_evaluation({"own_moves": 1, "opponent_moves": -2})
    game = Isolation(4, 4)
    table = tournament(
        {"aggressive": depth_player(1, weights), "random": random_player(3)},
        game,
        games=1,
        progress=False,
    )
    assert [r.name for r in table.rows()] == ["aggressive", "random"]
    assert table["aggressive"].mean_depth == 1 and table["random"].mean_depth is None
    assert all(row.games == 2 == row.wins + row.losses for row in table.rows())
    # Every move of "aggressive" is a best move by one-ply minimax with its weights.
    checked = 0
    for seating, record in table.records:
        mine = game.players[seating.index("aggressive")]
        for state, move in zip(record.states[:-1], record.moves, strict=True):
            if game.to_move(state) == mine:
                best = minimax(game, state, depth=1, evaluate=weights).value
                after = game.result(state, move)
                worth = (
                    game.utility(after, mine)
                    if game.is_terminal(after)
                    else weights(game, after, mine)
                )
                assert worth == best
                checked += 1
    assert checked >= 2


def test_the_standings_chart_fits_the_games_and_shows_draws_only_if_any():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from aisearch.viz.standings import draw_tournament

    players = {"depth 2": depth_player(2), "depth 1": depth_player(1)}
    no_draws = tournament(players, Isolation(4, 4), games=3, seed=0, openings=2, progress=False)
    ax = draw_tournament(no_draws, title="Isolation")
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["wins", "losses"]
    assert max(ax.get_xticks()) <= 6 < ax.get_xlim()[1]  # 6 games each; room for the points
    ax.figure.canvas.draw()
    legend = ax.get_legend().get_window_extent()
    assert legend.y1 < ax.get_window_extent().y0  # below the axes, clear of the title
    plt.close(ax.figure)
    drawn = tournament(players, TicTacToe(), games=1, progress=False)
    ax = draw_tournament(drawn)
    assert "draws" in [t.get_text() for t in ax.get_legend().get_texts()]
    plt.close(ax.figure)
