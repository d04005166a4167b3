"""Game states drawn as small boards (aisearch.viz.glyphs)."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from aisearch.game import Picture  # noqa: E402
from aisearch.games import ConnectFour, DiceNim, GameTree, Isolation, TicTacToe  # noqa: E402
from aisearch.games.dicenim import DiceNimState  # noqa: E402
from aisearch.viz import glyphs  # noqa: E402
from aisearch.viz.glyphs import (  # noqa: E402
    add_glyph,
    can_draw,
    contrast_ratio,
    state_image,
)


def isolation_midgame():
    game = Isolation(5, 5)
    state = game.initial_state()
    for action in [(0, 0), (4, 4), (1, 2), (3, 2)]:
        state = game.result(state, action)
    return game, state


CASES = [
    (TicTacToe(), "X.O.X..O.", (1, 1)),
    (ConnectFour(), ConnectFour().from_moves("4455667"), 6),
    (ConnectFour(4, 4), ConnectFour(4, 4).from_moves("1213"), 2),
    (*isolation_midgame(), None),
    (DiceNim(7, 3), DiceNimState(5, "B", 3), None),
    (DiceNim(7, 3), DiceNimState(7, "A"), None),
]


def rgb(image, row, column):
    return tuple(int(v) for v in image[row, column, :3])


# The protocol ----------------------------------------------------------------------


def test_the_games_with_a_picture_can_draw_themselves_and_others_cannot():
    assert all(can_draw(game) for game, _, _ in CASES)
    assert not can_draw(GameTree.from_nested([1, 2]))
    assert not can_draw(TicTacToe)  # the class, not a game


@pytest.mark.parametrize("game, state, action", CASES)
@pytest.mark.parametrize("pixels", [40, 48, 64])
def test_an_image_is_opaque_rgba_with_its_longer_side_near_pixels(game, state, action, pixels):
    image = state_image(game, state, pixels=pixels, action=action)
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 4
    assert (image[..., 3] == 255).all()
    assert pixels - 8 <= max(image.shape[:2]) <= pixels
    assert not image.flags.writeable  # the cache's copy cannot be spoilt


def test_images_are_cached_by_game_parameters_state_size_and_action():
    state = ConnectFour().from_moves("4455")
    first = state_image(ConnectFour(), state, pixels=48)
    assert state_image(ConnectFour(), state, pixels=48) is first  # another, equal game
    assert state_image(ConnectFour(), state, pixels=64) is not first
    assert state_image(ConnectFour(), state, pixels=48, action=4) is not first
    other = state_image(ConnectFour(8, 6), ConnectFour(8, 6).from_moves("4455"), pixels=48)
    assert other.shape != first.shape


def test_the_cache_keeps_at_most_its_size(monkeypatch):
    monkeypatch.setattr(glyphs, "CACHE_SIZE", 3)
    glyphs._cache.clear()
    game = TicTacToe()
    for state in ["X........", ".X.......", "..X......", "...X....."]:
        state_image(game, state, pixels=40)
    assert len(glyphs._cache) == 3


@pytest.mark.parametrize(
    "game, pixels, message",
    [
        (GameTree.from_nested([1, 2]), 48, "cannot draw itself"),
        (TicTacToe(), 8, "at least 12"),
        (TicTacToe(), 48.0, "whole number"),
        (TicTacToe(), True, "whole number"),
    ],
)
def test_bad_requests_are_refused_naming_the_culprit(game, pixels, message):
    with pytest.raises(ValueError, match=message):
        state_image(game, game.initial_state(), pixels=pixels)


class Scribbler(TicTacToe):
    def __init__(self, picture):
        super().__init__()
        self._picture = picture

    def __repr__(self):
        return f"Scribbler({self._picture!r})"

    def picture(self, state, action=None):
        return self._picture


@pytest.mark.parametrize(
    "picture, message",
    [
        ("X.O", "expected an aisearch.Picture"),
        (Picture(("X..", "..")), "rows of equal length"),
        (Picture(("X?.",)), "only the characters"),
        (Picture(("X..",), kind="hexes"), "use one of"),
        (Picture(kind="pile", pile=-1), "pile of -1"),
    ],
)
def test_a_bad_picture_is_refused_naming_the_game(picture, message):
    with pytest.raises(ValueError, match=f"Scribbler.*{message}"):
        state_image(Scribbler(picture), ".........", pixels=48)


# Marks are told apart by shape, and by contrast ---------------------------------------


def tic_tac_toe_cells(state, pixels=48):
    """The image and the (top, left, size) of each cell, from the grid's lines."""
    image = state_image(TicTacToe(), state, pixels=pixels)
    line = max(1, round(pixels / 40))
    cell = (pixels - line) // 3 - line
    return image, [
        (line + r * (cell + line), line + c * (cell + line), cell)
        for r in range(3)
        for c in range(3)
    ]


def dark(tile, background):
    """Pixels that differ clearly from the cell's ``background``."""
    return np.abs(tile[..., :3].astype(int) - np.array(background)).sum(axis=-1) > 120


@pytest.mark.parametrize("pixels", [40, 48, 64])
def test_x_is_a_cross_and_o_a_ring(pixels):
    image, cells = tic_tac_toe_cells("XO.......", pixels)
    (t, left, n), (t2, left2, _) = cells[0], cells[1]
    cross, ring = (
        dark(image[t : t + n, left : left + n], glyphs.PAPER),
        dark(image[t2 : t2 + n, left2 : left2 + n], glyphs.PAPER),
    )
    middle = n // 2
    assert cross[middle, middle] and not ring[middle, middle]  # a ring is hollow
    near_corner = n // 5
    assert cross[near_corner, near_corner]  # a cross reaches towards the corners
    assert not ring[near_corner, near_corner]  # a ring does not
    overlap = (cross & ring).sum() / (cross | ring).sum()
    assert overlap < 0.35
    assert rgb(image, t + middle, left + 1) == glyphs.PAPER  # an empty band beside the cross


@pytest.mark.parametrize("pixels", [40, 48, 64])
def test_connect_four_discs_are_drawn_as_on_the_board(pixels):
    """X red, O yellow, each in a black outline, in white holes of the board's
    blue: the colours of ``ConnectFourBoard`` itself."""
    from aisearch.viz.connect4 import BOARD_BLUE, COLOURS

    game = ConnectFour()
    image = state_image(game, game.from_moves("12"), pixels=pixels)
    cell = pixels // 7
    bottom = 5 * cell + cell // 2  # the centre of the bottom row
    assert rgb(image, bottom, cell // 2) == glyphs.DISCS["X"] == hex_rgb(COLOURS["X"])
    assert rgb(image, bottom, cell + cell // 2) == glyphs.DISCS["O"] == hex_rgb(COLOURS["O"])
    assert rgb(image, cell // 2, cell // 2) == glyphs.HOLE == hex_rgb(COLOURS["."])
    assert glyphs.FRAME == hex_rgb(BOARD_BLUE)
    o_disc = image[5 * cell : 6 * cell, cell : 2 * cell]
    assert dark(o_disc, glyphs.DISCS["O"]).sum() >= cell  # its outline is there


def hex_rgb(colour: str) -> tuple:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def test_a_figure_that_draws_discs_says_which_is_whose():
    from aisearch.viz.glyphs import disc_key

    assert [words for _, _, words in disc_key(ConnectFour())] == [
        "X: red disc (moves first)",
        "O: yellow disc",
    ]
    assert disc_key(TicTacToe()) == [] and disc_key(GameTree.from_nested([1, 2])) == []


def test_the_last_disc_carries_a_dot():
    game = ConnectFour(4, 4)
    state = game.from_moves("12")
    plain, marked = (state_image(game, state, pixels=48, action=a) for a in (None, 1))
    cell = 12
    centre = (3 * cell + cell // 2, cell + cell // 2)  # O's disc, in column 2
    assert rgb(plain, *centre) == glyphs.DISCS["O"]
    assert rgb(marked, *centre) == glyphs.LAST_DOTS["O"] == glyphs.DISC_EDGE
    differ = np.argwhere((plain != marked).any(axis=2))
    assert differ.min(axis=0)[1] >= cell and differ.max(axis=0)[1] < 2 * cell  # only that hole


def test_isolation_blocks_are_dark_and_the_mover_stands_on_yellow():
    game, state = isolation_midgame()  # X at (1, 2), O at (3, 2), X to move
    image = state_image(game, state, pixels=50)
    line = max(1, round(50 / 40))
    cell = (50 - line) // 5 - line
    pitch = cell + line

    def corner(r, c):
        return rgb(image, line + r * pitch, line + c * pitch)

    assert corner(0, 0) == glyphs.BLOCKED and corner(4, 4) == glyphs.BLOCKED
    assert corner(1, 2) == glyphs.TO_MOVE and corner(3, 2) == glyphs.PAPER
    assert corner(2, 2) == glyphs.PAPER


def test_dice_nim_draws_the_stones_left_and_the_die():
    game = DiceNim(7, 3)
    images = {
        key: state_image(game, DiceNimState(*key), pixels=64)
        for key in [(5, "B", 3), (4, "B", 3), (5, "B", 2), (5, "B", None)]
    }
    stone = np.array(glyphs.STONE)
    stones = {
        k: (np.abs(im[:, :32, :3].astype(int) - stone).sum(axis=2) < 30).sum()
        for k, im in images.items()
    }
    assert stones[(4, "B", 3)] < stones[(5, "B", 3)]  # one stone fewer
    die = {k: im[:, -32:] for k, im in images.items()}
    assert not np.array_equal(die[(5, "B", 3)], die[(5, "B", 2)])
    blank = die[(5, "B", None)]
    assert rgb(blank, 16, 16) == glyphs.DIE_BLANK


def test_colours_meet_wcag_contrast():
    marks_on_cells = [
        (glyphs.X_COLOUR, glyphs.PAPER),
        (glyphs.O_COLOUR, glyphs.PAPER),
        (glyphs.X_COLOUR, glyphs.LAST),
        (glyphs.O_COLOUR, glyphs.LAST),
        (glyphs.X_COLOUR, glyphs.TO_MOVE),
        (glyphs.O_COLOUR, glyphs.TO_MOVE),
        (glyphs.LAST_DOTS["X"], glyphs.DISCS["X"]),  # the last disc's dot, on each disc
        (glyphs.LAST_DOTS["O"], glyphs.DISCS["O"]),
        (glyphs.STONE, glyphs.PAPER),
        (glyphs.X_COLOUR, glyphs.DIE_BLANK),  # the die's outline, unrolled
    ]
    for mark, cell in marks_on_cells:
        assert contrast_ratio(mark, cell) >= 4.5, (mark, cell)
    for line, cell in [
        (glyphs.GRID, glyphs.PAPER),
        (glyphs.GRID, glyphs.TO_MOVE),
        (glyphs.FRAME, glyphs.HOLE),
        (glyphs.DISC_EDGE, glyphs.FRAME),  # a disc's outline on the board
        (glyphs.DISC_EDGE, glyphs.DISCS["O"]),
        (glyphs.DISCS["X"], glyphs.DISCS["O"]),  # red and yellow differ in lightness too
        (glyphs.BLOCKED, glyphs.PAPER),
    ]:
        assert contrast_ratio(line, cell) >= 3, (line, cell)


def test_the_drawn_marks_have_the_contrast_of_their_colours():
    image, cells = tic_tac_toe_cells("XO.......", 48)
    for (t, left, n), colour in zip(cells[:2], (glyphs.X_COLOUR, glyphs.O_COLOUR), strict=True):
        tile = image[t : t + n, left : left + n, :3].reshape(-1, 3)
        darkest = min(map(tuple, tile), key=glyphs.relative_luminance)
        assert contrast_ratio(darkest, glyphs.PAPER) >= 4.5
        assert contrast_ratio(darkest, colour) < 1.1  # the full colour is reached


def test_contrast_ratio_follows_wcag():
    assert contrast_ratio((255, 255, 255), (255, 255, 255)) == 1
    assert round(contrast_ratio((118, 118, 118), (255, 255, 255)), 2) == 4.54  # WCAG's #767676


# Placing glyphs on axes ------------------------------------------------------------------


def test_add_glyph_centres_the_image_on_a_data_point():
    fig, ax = plt.subplots(figsize=(4, 3), dpi=72)  # 72 dpi: one image pixel a screen pixel
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 10)
    ax.set_axis_off()
    game = ConnectFour(4, 4)
    image = state_image(game, game.from_moves("1"), pixels=48)
    artist = add_glyph(ax, image, (3, 7), zorder=5)
    assert artist.zorder == 5 and artist in ax.artists
    fig.canvas.draw()
    pixels = np.asarray(fig.canvas.buffer_rgba())
    x, y = ax.transData.transform((3, 7))
    row, column = pixels.shape[0] - int(round(y)), int(round(x))
    # The board's blue frame and X's red disc are both there.
    window = pixels[row - 24 : row + 24, column - 24 : column + 24, :3].reshape(-1, 3)
    colours = {tuple(int(v) for v in p) for p in window}
    assert glyphs.FRAME in colours and glyphs.DISCS["X"] in colours
    artist.remove()
    assert artist not in ax.artists
    plt.close(fig)


def test_add_glyph_refuses_a_zoom_that_is_not_positive():
    fig, ax = plt.subplots()
    image = state_image(TicTacToe(), ".........", pixels=40)
    with pytest.raises(ValueError, match="zoom"):
        add_glyph(ax, image, (0, 0), zoom=0)
    plt.close(fig)
