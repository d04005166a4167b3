"""The boards' own buttons, in the kernel: names, unavailable states, clicks, toggles."""

import pytest

from aisearch.viz import buttons
from aisearch.viz.board_style import CELL_BACKGROUND, LEGAL_BACKGROUND, contrast_ratio
from aisearch.viz.buttons import ButtonGrid, ButtonLook, ToggleGroup


def letters(clicked):
    looks = [ButtonLook("a"), ButtonLook("b", name="the letter b", disabled=True)]
    looks.append(ButtonLook("c", classes=("x", ""), title="see"))
    return ButtonGrid(looks, columns=3, on_click=clicked.append, label="letters", hint="keys")


def test_a_grid_names_its_buttons_and_says_which_may_not_be_pressed():
    grid = letters([])
    a, b, c = (grid.button(k) for k in range(3))
    assert (a.name, b.name, c.name) == ("a", "the letter b", "c")  # the text unless named
    assert (a.disabled, b.disabled, c.disabled) == (False, True, False)
    assert c.classes == ("x",) and c.tooltip == "see" and a.description == "a"
    assert (grid.label, grid.hint, grid.columns) == ("letters", "keys", 3)


def test_a_click_reaches_the_kernel_from_code_and_from_the_browser_disabled_or_not():
    clicked = []
    grid = letters(clicked)
    grid.button(1).click()  # disabled: the caller says why, so it must hear of it
    grid._message(grid, {"event": "click", "index": 2}, [])  # what the browser sends
    grid._message(grid, {"event": "click", "index": 9}, [])  # stale: ignored
    grid._message(grid, {"event": "hover", "index": 0}, [])
    assert clicked == [1, 2]
    with pytest.raises(ValueError, match="index must be 0..2 .* got 3"):
        grid.click(3)
    with pytest.raises(ValueError, match="index must be an integer, got '1'"):
        grid.click("1")


def test_show_sends_one_change_and_nothing_when_nothing_changed():
    grid = letters([])
    sent = []
    grid.observe(sent.append, names=["buttons", "announcement", "focus", "busy"])
    grid.show([ButtonLook("a"), ButtonLook("b", name="the letter b", disabled=True)] * 1)
    assert [c["name"] for c in sent] == ["buttons"]
    sent.clear()
    grid.show(
        [ButtonLook("a"), ButtonLook("b", name="the letter b", disabled=True)],
        announcement="hello",
        focus=7,
        busy=True,
    )
    assert [c["name"] for c in sent] == ["announcement", "focus", "busy"]
    assert grid.focus == 1  # clamped to the last button


def test_columns_must_be_a_positive_integer():
    for bad in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="columns must be a positive integer"):
            ButtonGrid([], columns=bad, on_click=print, label="none")


def test_the_browser_half_uses_aria_disabled_a_status_region_and_a_roving_tab_stop():
    esm = buttons.GRID_ESM
    assert 'setAttribute("aria-disabled"' in esm and ".disabled =" not in esm
    assert 'setAttribute("role", "status")' in esm and '"aria-live", "polite"' in esm
    assert "tabIndex = k === stop ? 0 : -1" in esm
    for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
        assert key in esm
    assert 'setAttribute("aria-pressed"' in buttons.TOGGLE_ESM


def test_unavailable_buttons_and_focus_rings_keep_their_contrast():
    text, background = buttons.UNAVAILABLE_TEXT, buttons.UNAVAILABLE_BACKGROUND
    assert contrast_ratio(text, background) >= 4.5
    for behind in ("#ffffff", CELL_BACKGROUND, LEGAL_BACKGROUND, background):
        assert contrast_ratio(buttons.FOCUS_RING, behind) >= 3.0, behind
    assert contrast_ratio(buttons.PRESSED_BAR, "#eeeeee") >= 3.0  # a toggle's grey


def test_a_toggle_group_says_which_is_pressed_and_keeps_any_value():
    depth = ToggleGroup([("1", 1), ("2", 2), ("3", 3)], 3, description="depth")
    assert depth.options == ["1", "2", "3"] and depth.values == [1, 2, 3]
    assert depth.value == 3 and depth.pressed == [False, False, True]
    seen = []
    depth.observe(lambda change: seen.append(change["new"]), names="value")
    depth.index = 0  # what a click in the browser sets
    assert depth.value == 1 and depth.pressed == [True, False, False] and seen == [1]
    depth.value = 2  # from code
    assert depth.index == 1 and seen == [1, 2]
    first = ToggleGroup(["you", "computer"])
    assert first.value == "you" and first.description == ""


def test_a_toggle_group_names_what_is_wrong():
    with pytest.raises(ValueError, match="value must be one of \\['you', 'computer'\\], got 'me'"):
        ToggleGroup(["you", "computer"], "me")
    first = ToggleGroup(["you", "computer"])
    with pytest.raises(ValueError, match="got 'me'"):
        first.value = "me"
    with pytest.raises(ValueError, match="an option must be a string or a"):
        ToggleGroup([("a", 1, 2)])
    with pytest.raises(ValueError, match="at least one choice"):
        ToggleGroup([])
    with pytest.raises(ValueError, match="tooltips must be one per option \\(2\\), got 1"):
        ToggleGroup(["a", "b"], tooltips=["only one"])
    with pytest.raises(ValueError, match="index must be 0..1, got 5"):
        first.index = 5
