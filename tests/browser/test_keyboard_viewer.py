"""The step viewer from the keyboard, as a screen reader meets it, in JupyterLab.

Notebook 02's first viewer: the slider is a range input named "step" and read
as "step N of M"; the arrow keys step it, and each step's sentence appears in
the viewer's live region (role "status", polite), the same element every
step, so a screen reader announces it. The picture's text alternative follows
the step. Tab reaches every control, each with a name.
"""

from __future__ import annotations

import pytest
from pages import StepViewer, wait_until

pytestmark = pytest.mark.browser

STATE_JS = """(viewer) => {
  const region = viewer.querySelector('.aisearch-live-text [role=status]');
  const slider = viewer.querySelector('.aisearch-step-slider input[type=range]');
  const image = viewer.querySelector('.aisearch-alt-image img');
  return {
    live: region ? region.textContent.trim() : null,
    polite: region ? region.getAttribute('aria-live') : null,
    valuetext: slider.getAttribute('aria-valuetext'),
    value: Number(slider.value),
    alt: image ? image.alt : null,
    focused: document.activeElement === slider,
  };
}"""


def test_the_viewer_steps_from_the_keyboard_and_announces_each_step(lab_notebook, screenshots):
    page = lab_notebook("02_alpha_beta").page
    viewers = StepViewer.all_in(page)
    assert viewers, "no step viewer in 02_alpha_beta"
    viewer = viewers[0]
    viewer.locator.scroll_into_view_if_needed()
    viewer.settled_state()
    slider = viewer.locator.get_by_role("slider", name="step")
    region = viewer.locator.get_by_role("status")
    region.evaluate("(r) => r.setAttribute('data-seen', 'first')")

    slider.focus()
    before = viewer.locator.evaluate(STATE_JS)
    assert before["focused"] and before["polite"] == "polite"
    assert before["valuetext"] == f"step {before['value']} of {slider.get_attribute('max')}"
    seen = [before]
    for key in ("ArrowRight", "ArrowRight", "ArrowLeft"):
        page.keyboard.press(key)
        expected = seen[-1]["value"] + (1 if key == "ArrowRight" else -1)
        now = wait_until(
            lambda expected=expected: (
                (s := viewer.locator.evaluate(STATE_JS))["value"] == expected
                and s["live"] != seen[-1]["live"]
                and s["alt"] != seen[-1]["alt"]
                and s
            ),
            f"{key}: step {expected} announced",
        )
        assert now["valuetext"].startswith(f"step {expected} of ") and now["focused"]
        seen.append(now)
    state = viewer.settled_state()
    assert state.sentence == seen[-1]["live"], "the live region holds the step's sentence"
    assert seen[3]["live"] == seen[1]["live"], "back is the same step, told the same way"
    assert region.get_attribute("data-seen") == "first", "the live region stayed in place"
    screenshots(viewer.locator, "after-the-arrow-keys")

    # The focus is seen: a ring of 3 px in #111111 (JupyterLab's own is 1 px, light blue).
    page.keyboard.press("Tab")  # from the slider to "next ▶"
    ring = page.evaluate(
        """() => { const s = getComputedStyle(document.activeElement);
                   return [document.activeElement.textContent.trim(), s.outlineStyle,
                           s.outlineWidth, s.outlineColor]; }"""
    )
    assert ring == ["next ▶", "solid", "3px", "rgb(17, 17, 17)"], ring

    # Every control Tab reaches in the viewer has a name.
    names = viewer.locator.evaluate(
        """(viewer) => [...viewer.querySelectorAll('button, input, select')]
             .filter((e) => e.offsetParent !== null)
             .map((e) => (e.getAttribute('aria-label') || e.labels?.[0]?.textContent
                          || e.textContent || '').trim())"""
    )
    assert names and all(names), names


ACTIVE_JS = """() => {
  const a = document.activeElement;
  return {text: a ? a.textContent.trim() : null, tag: a ? a.tagName : null,
          body: a === document.body || a === null,
          aria: a ? a.getAttribute('aria-disabled') : null, disabled: !!(a && a.disabled)};
}"""


def test_previous_and_next_keep_the_focus_at_either_end(lab_notebook, screenshots):
    """At the last step "next" (at the first, "previous") became ``disabled``
    and the keyboard focus fell to the page's body. Now it says so with
    aria-disabled, keeps the focus, and a press on it is refused."""
    page = lab_notebook("02_alpha_beta").page
    viewer = StepViewer.all_in(page)[0]
    viewer.locator.scroll_into_view_if_needed()
    slider = viewer.locator.get_by_role("slider", name="step")
    last = int(slider.get_attribute("max"))

    # One step before the end, then "next" from the keyboard: the last step.
    slider.focus()
    page.keyboard.press("End")
    wait_until(lambda: viewer.state().step == last and viewer.state().settled, "End")
    page.keyboard.press("ArrowLeft")
    wait_until(lambda: viewer.state().step == last - 1 and viewer.state().settled, "a step back")
    page.keyboard.press("Tab")
    assert page.evaluate(ACTIVE_JS)["text"] == "next ▶"
    page.keyboard.press("Enter")
    at_end = wait_until(
        lambda: (s := viewer.state()).step == last and s.settled and s.next_disabled and s,
        "next to reach the last step and say it cannot go on",
    )
    active = page.evaluate(ACTIVE_JS)
    assert active == {
        "text": "next ▶",
        "tag": "BUTTON",
        "body": False,
        "aria": "true",
        "disabled": False,
    }, active
    screenshots(viewer.locator, "next-at-the-end")
    # Pressed again, by key or click: refused, nothing moves, the focus stays.
    for key in ("Enter", "Space"):
        page.keyboard.press(key)
    viewer.locator.get_by_role("button", name="next ▶").click(force=True)
    page.wait_for_timeout(800)
    assert viewer.settled_state().step == last and viewer.state().src == at_end.src
    assert page.evaluate(ACTIVE_JS)["text"] == "next ▶"

    # The other end: "previous" at step 1, pressed with Space.
    slider.focus()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    wait_until(lambda: viewer.state().step == 1 and viewer.state().settled, "step 1")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(ACTIVE_JS)["text"] == "◀ previous"
    page.keyboard.press("Space")
    wait_until(
        lambda: (s := viewer.state()).step == 0 and s.settled and s.previous_disabled,
        "previous to reach step 0 and say it cannot go back",
    )
    active = page.evaluate(ACTIVE_JS)
    assert active["text"] == "◀ previous" and active["aria"] == "true" and not active["body"]
    page.keyboard.press("Enter")
    page.wait_for_timeout(500)
    assert viewer.settled_state().step == 0 and page.evaluate(ACTIVE_JS)["text"] == "◀ previous"
    # It looks unavailable too, not by colour alone: a dashed border.
    border = viewer.locator.get_by_role("button", name="◀ previous").evaluate(
        "(b) => getComputedStyle(b).borderStyle"
    )
    assert border == "dashed", border


RING_JS = """(viewer) => {
  const input = viewer.querySelector('.aisearch-step-slider input[type=range]');
  const label = viewer.querySelector('.aisearch-step-slider label');
  const readout = viewer.querySelector('.aisearch-step-slider .aisearch-readout');
  const s = getComputedStyle(input);
  const out = parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset);
  const r = input.getBoundingClientRect();
  const box = (b) => ({left: b.left, right: b.right, top: b.top, bottom: b.bottom});
  return {ring: {left: r.left - out, right: r.right + out, top: r.top - out,
                 bottom: r.bottom + out},
          label: box(label.getBoundingClientRect()),
          readout: box(readout.getBoundingClientRect()),
          style: s.outlineStyle, width: s.outlineWidth,
          focused: document.activeElement === input};
}"""


def apart(a: dict, b: dict) -> bool:
    return (
        a["right"] <= b["left"]
        or b["right"] <= a["left"]
        or (a["bottom"] <= b["top"] or b["bottom"] <= a["top"])
    )


def test_the_sliders_focus_ring_leaves_its_label_and_number_clear(lab_notebook, screenshots):
    page = lab_notebook("02_alpha_beta").page
    viewer = StepViewer.all_in(page)[0]
    viewer.locator.scroll_into_view_if_needed()
    viewer.locator.get_by_role("slider", name="step").focus()
    page.keyboard.press("ArrowRight")  # focus shown from the keyboard (:focus-visible)
    seen = viewer.locator.evaluate(RING_JS)
    assert seen["focused"] and seen["style"] == "solid" and seen["width"] == "3px", seen
    assert apart(seen["ring"], seen["label"]), f"the ring covers the label 'step': {seen}"
    assert apart(seen["ring"], seen["readout"]), f"the ring covers the step's number: {seen}"
    screenshots(viewer.locator.locator(".aisearch-step-slider"), "slider-focus-ring")
