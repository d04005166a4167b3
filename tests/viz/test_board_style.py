"""The boards' colours, measured with WCAG 2's contrast ratio, and their style sheet."""

import re

import pytest

from aisearch.viz import board_style as look
from aisearch.viz import connect4
from aisearch.viz.board_style import contrast_ratio

MARKS = 7.0  # WCAG AAA for text: what a washed-out projector still shows
TEXT = 4.5  # WCAG AA for text
GRAPHICS = 3.0  # WCAG 2.1 for non-text: rings, outlines, discs


def test_the_contrast_ratio_is_wcags():
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21)
    assert contrast_ratio("#ffffff", "#000000") == pytest.approx(21)  # either order
    assert contrast_ratio("#123456", "#123456") == pytest.approx(1)
    # Reference values from WebAIM's contrast checker.
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio("#0000ff", "#ffffff") == pytest.approx(8.59, abs=0.01)
    assert contrast_ratio("#ff0000", "#000000") == pytest.approx(5.25, abs=0.01)


@pytest.mark.parametrize("bad", ["red", "#fff", "#gggggg", None, 0xFFFFFF])
def test_a_colour_that_is_not_rrggbb_is_named(bad):
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        contrast_ratio(bad, "#ffffff")


def test_the_marks_stand_out_on_a_projector():
    for mark, colour in look.MARK_COLOURS.items():
        assert contrast_ratio(colour, look.CELL_BACKGROUND) >= MARKS, mark
        assert contrast_ratio(colour, look.LEGAL_BACKGROUND) >= MARKS, mark
    assert contrast_ratio(look.BLOCKED_MARK, look.BLOCKED_BACKGROUND) >= MARKS
    assert contrast_ratio(look.LEGAL_DOT, look.LEGAL_BACKGROUND) >= TEXT
    assert contrast_ratio(look.MESSAGE_TEXT, look.MESSAGE_BACKGROUND) >= MARKS
    assert contrast_ratio(look.LAST_RING, look.CELL_BACKGROUND) >= GRAPHICS
    assert contrast_ratio(look.CELL_BORDER, look.CELL_BACKGROUND) >= GRAPHICS


def test_connect_four_discs_stand_apart():
    red, yellow, hole = (connect4.COLOURS[k] for k in ("X", "O", "."))
    for disc in (red, yellow, hole):  # each disc against its outline
        assert contrast_ratio(disc, connect4.DISC_OUTLINE) >= GRAPHICS, disc
    assert contrast_ratio(red, yellow) >= GRAPHICS
    assert contrast_ratio(connect4.LAST_DISC_RING, connect4.BOARD_BLUE) >= GRAPHICS


def test_the_style_sheet_styles_only_boards():
    css = look.board_css()
    assert css.startswith("<style>") and css.endswith("</style>")
    selectors = re.findall(r"^([^{}\n]+)\{", css, flags=re.MULTILINE)
    assert len(selectors) >= 8
    for selector in selectors:
        assert re.match(rf"\.{look.BOARD}[ .]", selector), selector
    assert "flex: 0 0 auto" in css and f"width: {look.CELL_PX}px" in css
    assert "opacity: 1" in css  # a cell never fades
    assert 'content: "•"' in css  # legal cells show a dot, not only a colour


def test_a_message_is_escaped():
    assert look.message_html("") == ""
    assert "&lt;b&gt;" in look.message_html("<b>")
