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
