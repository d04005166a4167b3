"""The step viewer, driven from the kernel side with real ipywidgets."""

import gc

import ipywidgets as widgets
import matplotlib.pyplot as plt
import pytest
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure

from aisearch.viz import StepViewer, step_through, style
from aisearch.viz.accessible import AltImage, LiveText, StepButton, StepSlider, ViewerKeys
from aisearch.viz.controls import StepControls

CUTOFF_AT_C = 11
C = 5  # node id of C in the textbook trace


def live_figures() -> int:
    gc.collect()
    return sum(isinstance(o, Figure) for o in gc.get_objects())


def test_the_viewer_is_a_vbox_of_real_widgets(textbook):
    viewer = StepViewer(textbook)
    assert isinstance(viewer, widgets.VBox)
    assert isinstance(viewer.play, widgets.Play)
    assert isinstance(viewer.slider, StepSlider)  # named: "step 0 of 21"
    # aria-disabled at either end, so that the keyboard focus stays on them.
    assert isinstance(viewer.previous_button, StepButton)
    assert isinstance(viewer.next_button, StepButton)
    assert isinstance(viewer.children[-2], ViewerKeys)  # the focus ring, the keys kept
    assert isinstance(viewer.sentence, LiveText)  # announced as it changes
    assert isinstance(viewer.counters, widgets.HTML)
    assert isinstance(viewer.image, AltImage)  # with the frame in words
    assert viewer.slider.value_text == "step 0 of 21"
    assert viewer.image.alt and viewer.image.width == round(
        viewer.figure.get_figwidth() * viewer.figure.dpi
    )
    assert viewer.figure is viewer.tree_figure.figure
    assert bytes(viewer.image.value).startswith(b"\x89PNG")
    assert viewer.step == 0
    assert viewer.sentence.value == (
        "<b>Start at A, a MAX node: find the most MAX can be sure of; α = −∞, β = +∞.</b>"
    )


def test_play_and_slider_span_every_step(textbook):
    viewer = StepViewer(textbook)
    assert viewer.play.min == viewer.slider.min == 0
    assert viewer.play.max == viewer.slider.max == len(textbook) - 1 == 21


def test_moving_the_slider_redraws(textbook):
    viewer = StepViewer(textbook)
    before = bytes(viewer.image.value)
    assert viewer.tree_figure.highlighted() == [0]
    viewer.slider.value = CUTOFF_AT_C
    assert viewer.sentence.value.startswith("<b>Cutoff at C: its value 2 ≤ α = 3")
    assert viewer.tree_figure.highlighted() == [C]
    assert viewer.tree_figure.node_style(C)["facecolor"] == to_rgba(style.NODE_LOOKS["active"].face)
    assert viewer.tree_figure.node_style(0)["facecolor"] == to_rgba(style.NODE_LOOKS["stack"].face)
    assert bytes(viewer.image.value) != before
    assert "cutoffs 1" in viewer.counters.value and "pruned 2" in viewer.counters.value
    assert viewer.frame.step == viewer.step == CUTOFF_AT_C
    assert viewer.frame.stack == [0, C]


def test_play_drives_the_slider_through_the_kernel_link(textbook):
    viewer = StepViewer(textbook)
    viewer.play.value = 3
    assert viewer.slider.value == 3
    assert viewer.sentence.value == "<b>B takes 3 from E as its best so far; β = 3.</b>"
    viewer.slider.value = 7
    assert viewer.play.value == 7


def test_buttons_step_forwards_and_backwards(textbook):
    viewer = StepViewer(textbook)
    assert viewer.previous_button.disabled and not viewer.next_button.disabled
    viewer.previous_button.click()  # a no-op at the first step
    assert viewer.step == 0
    viewer.next_button.click()
    viewer.next_button.click()
    assert viewer.step == 2
    assert viewer.tree_figure.highlighted() == [2]  # leaf E
    viewer.previous_button.click()
    assert viewer.step == 1 and viewer.tree_figure.highlighted() == [1]
    assert not viewer.previous_button.disabled
    viewer.step = -1
    assert viewer.step == 21 and viewer.next_button.disabled
    viewer.next_button.click()  # a no-op at the last step
    assert viewer.step == 21
    assert viewer.sentence.value == "<b>Done: A is worth 3 to MAX.</b>"


def test_step_outside_the_trace_is_an_error(textbook):
    viewer = StepViewer(textbook, step=4)
    assert viewer.step == 4 and viewer.slider.value == 4
    with pytest.raises(ValueError, match="outside this trace's steps 0..21"):
        viewer.step = 22
    assert viewer.step == 4


def test_stepping_fifty_times_makes_no_new_figures(random40):
    assert len(random40) >= 51
    # Small pictures: the test is about figures. A figsize keeps the whole tree,
    # which the viewer would otherwise draw in focus, being wider than a notebook.
    viewer = step_through(random40, dpi=50, figsize=(12, 4))
    figure = viewer.figure
    children = list(figure.axes[0].get_children())
    pyplot_before = plt.get_fignums()
    figures_before = live_figures()
    images = set()
    for _ in range(50):
        viewer.next_button.click()
        images.add(bytes(viewer.image.value))
    assert viewer.step == 50
    assert viewer.figure is figure and viewer.tree_figure.figure is figure
    assert len(figure.axes) == 1 and list(figure.axes[0].get_children()) == children
    assert live_figures() == figures_before
    assert plt.get_fignums() == pyplot_before
    assert len(images) > 40  # a picture per step, not a stale one
    for _ in range(10):
        viewer.previous_button.click()
    assert viewer.step == 40 and live_figures() == figures_before
    # In focus (the default for a tree this wide) the axes are redrawn, in the same figure.
    focused = step_through(random40, dpi=50)
    assert type(focused.tree_figure).__name__ == "FocusFigure"
    figures_before = live_figures()
    for _ in range(20):
        focused.next_button.click()
    assert focused.figure is focused.tree_figure.figure and len(focused.figure.axes) == 1
    assert live_figures() == figures_before and plt.get_fignums() == pyplot_before


# The controls: play and pause, start, previous, next ----------------------------


def test_the_controls_are_named_and_labelled(textbook):
    viewer = StepViewer(textbook)
    controls = viewer.controls
    assert isinstance(controls, StepControls) and viewer.children[0] is controls
    assert isinstance(controls.play_button, widgets.ToggleButton)
    shown = [c for c in controls.children if c.layout.display != "none"]
    assert shown == [
        controls.play_button,
        controls.start_button,
        controls.previous_button,
        controls.slider,
        controls.next_button,
    ]
    assert controls.player is viewer.play and controls.player.layout.display == "none"
    labels = [(b.description, b.tooltip) for b in shown if not isinstance(b, StepSlider)]
    assert labels == [
        ("play", "play the steps one after another"),
        ("start", "back to the start"),
        ("◀ previous", "previous step"),
        ("next ▶", "next step"),
    ]
    assert controls.slider.label == "step"
    assert (controls.play_button.icon, controls.start_button.icon) == ("play", "step-backward")
    assert controls.layout.flex_flow == "row wrap"


def test_play_runs_in_the_browser_and_pause_stops_where_it_is(textbook):
    viewer = StepViewer(textbook, interval=300)
    controls = viewer.controls
    assert viewer.play.interval == 300 and not viewer.play.repeat
    controls.play_button.value = True  # a click: the browser's Play starts its clock
    assert viewer.play.playing and controls.play_button.description == "pause"
    assert controls.play_button.icon == "pause"
    assert controls.play_button.tooltip == "pause at this step"
    viewer.play.value = 5  # the browser's clock ticks
    assert viewer.step == 5 and viewer.sentence.value.startswith("<b>")
    controls.play_button.value = False  # pause
    assert not viewer.play.playing and viewer.step == 5
    assert controls.play_button.description == "play"


def test_play_at_the_end_turns_back_into_play_and_starts_again_from_the_start(textbook):
    viewer = StepViewer(textbook, step=19)
    controls = viewer.controls
    controls.play_button.value = True
    viewer.play.value = 21  # the last step
    viewer.play.playing = False  # what the browser's Play does after the last step
    assert controls.play_button.value is False and controls.play_button.description == "play"
    assert viewer.step == 21 and controls.play_button.tooltip == "play again from the start"
    controls.play_button.value = True
    assert viewer.step == 0 and viewer.play.value == 0 and viewer.play.playing


def test_start_previous_and_next_pause_and_move(textbook):
    viewer = StepViewer(textbook, step=6)
    controls = viewer.controls
    controls.play_button.value = True
    controls.next_button.click()
    assert viewer.step == 7 and not viewer.play.playing
    controls.play_button.value = True
    controls.previous_button.click()
    assert viewer.step == 6 and not controls.play_button.value
    controls.play_button.value = True
    controls.start_button.click()
    assert viewer.step == 0 and not viewer.play.playing
    assert viewer.previous_button.disabled and not controls.start_button.disabled
    controls.start_button.click()  # a no-op at the start
    assert viewer.step == 0


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((0,), "steps must be a whole number >= 1, got 0"),
        ((3.0,), "steps must be a whole number >= 1"),
        ((3,), None),
        ((3, 3), r"step must be at most 2 \(steps=3\), got 3"),
        ((3, -1), "step must be a whole number >= 0"),
        ((3, 0, 0), "interval must be a whole number >= 1"),
    ],
)
def test_bad_controls_are_named(arguments, message):
    steps, *rest = arguments
    options = dict(zip(("step", "interval")[: len(rest)], rest, strict=True))
    if message is None:
        assert StepControls(steps, **options).slider.max == steps - 1
    else:
        with pytest.raises(ValueError, match=message):
            StepControls(steps, **options)


def test_a_press_on_a_step_button_that_cannot_be_pressed_is_refused(textbook):
    """At the last step "next" is aria-disabled: the browser's click message is
    refused in the kernel too (the browser does not send it)."""
    viewer = StepViewer(textbook, step=-1)
    assert viewer.next_button.disabled and not viewer.previous_button.disabled
    viewer.next_button._message(viewer.next_button, {"event": "click"}, [])
    assert viewer.step == 21
    viewer.previous_button._message(viewer.previous_button, {"event": "click"}, [])
    assert viewer.step == 20 and not viewer.next_button.disabled
