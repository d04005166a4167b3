"""The step viewer, driven from the kernel side with real ipywidgets."""

import gc

import ipywidgets as widgets
import matplotlib.pyplot as plt
import pytest
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure

from aisearch.viz import StepViewer, step_through, style

CUTOFF_AT_C = 11
C = 5  # node id of C in the textbook trace


def live_figures() -> int:
    gc.collect()
    return sum(isinstance(o, Figure) for o in gc.get_objects())


def test_the_viewer_is_a_vbox_of_real_widgets(textbook):
    viewer = StepViewer(textbook)
    assert isinstance(viewer, widgets.VBox)
    assert isinstance(viewer.play, widgets.Play)
    assert isinstance(viewer.slider, widgets.IntSlider)
    assert isinstance(viewer.previous_button, widgets.Button)
    assert isinstance(viewer.next_button, widgets.Button)
    assert isinstance(viewer.sentence, widgets.HTML)
    assert isinstance(viewer.counters, widgets.HTML)
    assert isinstance(viewer.image, widgets.Image)
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
    viewer = step_through(random40, dpi=50)  # small pictures: the test is about figures
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
