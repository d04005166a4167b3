"""The viewer's own small widgets, for keyboards and screen readers.

Stock ipywidgets cannot give a picture a text alternative, announce a
changing sentence, or name a slider (its label is not tied to the slider's
handle). These three widgets can; each is an anywidget module (a few lines
of plain JavaScript, no build step) with the same Python ``value`` a stock
widget has, so code that reads or sets ``value`` works on both:

- ``LiveText``: a sentence in a live region (``role="status"``) that stays in
  place, so that a screen reader announces each new sentence;
- ``AltImage``: a PNG picture with a text alternative (``alt``), shown at its
  own ``width`` in pixels, never stretched;
- ``StepSlider``: a range input named by ``label``, whose value a screen
  reader reads as "step 3 of 21"; arrows, Page Up/Down, Home and End move it.

>>> slider = StepSlider(value=3, min=0, max=20)
>>> slider.value_text
'step 3 of 20'
"""

from __future__ import annotations

import anywidget
import traitlets

_LIVE_TEXT_ESM = """
export default {
  render({ model, el }) {
    el.classList.add("aisearch-live-text");
    const region = document.createElement("div");
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-atomic", "true");
    const text = document.createElement("span");
    region.appendChild(text);
    el.appendChild(region);
    const show = () => { text.innerHTML = model.get("value"); };
    show();
    model.on("change:value", show);
  },
};
"""

_ALT_IMAGE_ESM = """
export default {
  render({ model, el }) {
    el.classList.add("aisearch-alt-image");
    const image = document.createElement("img");
    image.style.display = "block";
    image.style.maxWidth = "none";
    el.appendChild(image);
    let url = null;
    const show = () => {
      const bytes = model.get("value");
      if (url) { URL.revokeObjectURL(url); }
      url = URL.createObjectURL(new Blob([bytes], { type: "image/" + model.get("format") }));
      image.src = url;
      image.alt = model.get("alt");
      const width = model.get("width");
      if (width > 0) { image.width = width; } else { image.removeAttribute("width"); }
    };
    show();
    model.on("change:value", show);
    model.on("change:alt", () => { image.alt = model.get("alt"); });
    model.on("change:width", show);
    return () => { if (url) { URL.revokeObjectURL(url); } };
  },
};
"""

_STEP_SLIDER_ESM = """
export default {
  render({ model, el }) {
    el.classList.add("aisearch-step-slider");
    // Its arrow keys, Home and End step the slider, not JupyterLab's notebook.
    el.setAttribute("data-lm-suppress-shortcuts", "true");
    el.style.display = "flex";
    el.style.alignItems = "center";
    el.style.gap = "0.5em";
    const label = document.createElement("label");
    const input = document.createElement("input");
    // The number beside it, for the eye; a screen reader hears the slider's
    // own "step 3 of 20" (an <output> would be a second live region).
    const readout = document.createElement("span");
    readout.className = "aisearch-readout";
    readout.setAttribute("aria-hidden", "true");
    const id = "aisearch-slider-" + Math.random().toString(36).slice(2);
    input.id = id;
    label.htmlFor = id;
    input.type = "range";
    input.step = "1";
    // On the input itself too: the shortcuts' selectors (":focus") match the
    // input before Lumino reaches the wrapper's attribute, and Notebook 7 reads
    // keys as they come down (capture), before the listener below can stop them.
    input.setAttribute("data-lm-suppress-shortcuts", "true");
    input.style.width = "min(40vw, 420px)";
    el.append(label, input, readout);
    const show = () => {
      label.textContent = model.get("label");
      input.min = model.get("min");
      input.max = model.get("max");
      input.value = model.get("value");
      input.setAttribute("aria-valuetext", model.get("value_text"));
      readout.textContent = model.get("value");
    };
    show();
    for (const name of ["value", "min", "max", "label", "value_text"]) {
      model.on("change:" + name, show);
    }
    input.addEventListener("keydown", (event) => {
      // The notebook around it listens for keys too: these are the slider's.
      const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End",
                    "PageUp", "PageDown"];
      if (keys.includes(event.key)) { event.stopPropagation(); }
    });
    input.addEventListener("input", () => {
      model.set("value", Number(input.value));
      model.save_changes();
    });
  },
};
"""


VIEWER = "aisearch-viewer"
"""The class of a viewer's box, which its style sheet is scoped by."""

FOCUS_RING = "#111111"
"""The focus ring's colour: 18.9:1 on white, 15:1 on a button's grey."""


def focus_css(scope: str = VIEWER) -> str:
    """A ``<style>`` (for a hidden ``widgets.HTML``) that gives every button,
    input and menu inside ``.scope`` a focus ring of 3 px, well over WCAG's
    3:1 (JupyterLab's own is a 1 px light blue, about 2:1)."""
    targets = ", ".join(f".{scope} {tag}:focus-visible" for tag in ("button", "input", "select"))
    # Important: ipywidgets' own focus rule for its buttons is more specific
    # than any rule scoped to the viewer, and draws the faint 1 px ring.
    ring = f"outline: 3px solid {FOCUS_RING} !important; outline-offset: 2px !important;"
    return f"<style>{targets} {{ {ring} }}</style>"


class LiveText(anywidget.AnyWidget):
    """HTML text in a live region that stays in place: a screen reader announces
    each new ``value`` (as a ``role="status"`` region, politely)."""

    _esm = _LIVE_TEXT_ESM
    value = traitlets.Unicode("").tag(sync=True)


class AltImage(anywidget.AnyWidget):
    """A picture with a text alternative: ``value`` the image's bytes, ``format``
    (``"png"``), ``alt`` what it shows in words, ``width`` its width in pixels
    (0: its own), never stretched."""

    _esm = _ALT_IMAGE_ESM
    value = traitlets.Bytes(b"").tag(sync=True)
    format = traitlets.Unicode("png").tag(sync=True)
    alt = traitlets.Unicode("").tag(sync=True)
    width = traitlets.Int(0).tag(sync=True)


class StepSlider(anywidget.AnyWidget):
    """A slider over the steps ``min`` .. ``max``, named by ``label`` (a visible
    ``<label>`` tied to a range input) and read out as ``value_text``,
    "step 3 of 20" (of ``total``, if given, else of ``max``)."""

    _esm = _STEP_SLIDER_ESM
    value = traitlets.Int(0).tag(sync=True)
    min = traitlets.Int(0).tag(sync=True)
    max = traitlets.Int(0).tag(sync=True)
    label = traitlets.Unicode("step").tag(sync=True)
    total = traitlets.Int(-1).tag(sync=True)
    """The number said after "of" (the last step of the whole trace, even while the
    slider runs over one subtree's steps); -1: ``max``."""
    value_text = traitlets.Unicode("").tag(sync=True)

    @traitlets.validate("value")
    def _clamp(self, proposal):
        return min(max(proposal["value"], self.min), self.max)

    @traitlets.observe("min", "max")
    def _keep_inside(self, _change) -> None:
        if not self.min <= self.value <= self.max and self.min <= self.max:
            self.value = min(max(self.value, self.min), self.max)

    @traitlets.observe("value", "max", "label", "total")
    def _say(self, _change=None) -> None:
        total = self.max if self.total < 0 else self.total
        self.value_text = f"{self.label} {self.value} of {total}"

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._say()
