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
  reader reads as "step 3 of 21"; arrows, Page Up/Down, Home and End move it;
- ``StepButton``: a button that says "not now" with ``aria-disabled`` (as the
  boards' buttons do) rather than ``disabled``, which would drop the keyboard
  focus to the page at the first or last step; a press on it is refused;
- ``ViewerKeys``: the viewer's style sheet (its focus ring), and a guard that
  keeps the keys pressed on a viewer's control for that control: in the
  slides (reveal.js), Space on "next" steps the search, not the slide show.

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
const RING_ROOM = %(ring)d;
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
    // Room for the focus ring (3 px, 2 px out) between the track and its label.
    input.style.margin = `0 ${RING_ROOM}px`;
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

_STEP_BUTTON_ESM = """
export default {
  render({ model, el }) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "jupyter-button widget-button aisearch-step-button";
    el.appendChild(button);
    const show = () => {
      button.textContent = model.get("description");
      button.title = model.get("tooltip");
      // Not "disabled": a disabled button loses the keyboard focus to the page.
      button.setAttribute("aria-disabled", model.get("disabled") ? "true" : "false");
    };
    show();
    model.on("change:description change:tooltip change:disabled", show);
    button.addEventListener("click", (event) => {
      if (model.get("disabled")) { event.preventDefault(); return; }  // refused, focus kept
      model.send({ event: "click" });
    });
  },
};
"""

_VIEWER_KEYS_ESM = """
// The keys a control of the viewer uses, which a page around it (the slides'
// reveal.js, a notebook's shortcuts) would otherwise take as well: Space on
// "next" would step the search and turn the slide.
const KEYS = [" ", "Enter", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End",
              "PageUp", "PageDown"];
export default {
  render({ model, el }) {
    const style = document.createElement("style");
    el.appendChild(style);
    const show = () => { style.textContent = model.get("css"); };
    show();
    model.on("change:css", show);
    const guard = (event) => {
      if (!KEYS.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target.closest("button, input, select")) event.stopPropagation();
    };
    let viewer = null;
    // Once the viewer's box holds this widget: it is drawn before it is placed.
    const attach = () => {
      viewer = el.closest("." + model.get("scope"));
      if (!viewer || viewer.dataset.aisearchKeys) return viewer !== null;
      viewer.dataset.aisearchKeys = "guarded";
      viewer.addEventListener("keydown", guard);
      viewer.addEventListener("keyup", guard);
      return true;
    };
    let tries = 0;
    const timer = setInterval(() => { if (attach() || ++tries > 100) clearInterval(timer); }, 50);
    return () => {
      clearInterval(timer);
      if (viewer) {
        viewer.removeEventListener("keydown", guard);
        viewer.removeEventListener("keyup", guard);
        delete viewer.dataset.aisearchKeys;
      }
    };
  },
};
"""


VIEWER = "aisearch-viewer"
"""The class of a viewer's box, which its style sheet is scoped by."""

FOCUS_RING = "#111111"
"""The focus ring's colour: 18.9:1 on white, 15:1 on a button's grey."""
RING_WIDTH, RING_OFFSET = 3, 2
"""Pixels of the focus ring, and between it and the control."""

UNAVAILABLE_TEXT, UNAVAILABLE_BACKGROUND = "#595959", "#f2f2f2"
"""A step button that may not be pressed now (``aria-disabled``), as the boards
draw theirs: grey text, 6 : 1, on a paler grey, with a dashed border."""

_STEP_SLIDER_ESM = _STEP_SLIDER_ESM % {"ring": RING_WIDTH + RING_OFFSET + 1}


def focus_css(scope: str = VIEWER) -> str:
    """The style sheet (for ``ViewerKeys``) that gives every button, input and
    menu inside ``.scope`` a focus ring of 3 px, well over WCAG's 3:1
    (JupyterLab's own is a 1 px light blue, about 2:1), and draws a step
    button that cannot be pressed now as the boards draw theirs."""
    targets = ", ".join(f".{scope} {tag}:focus-visible" for tag in ("button", "input", "select"))
    # Important: ipywidgets' own focus rule for its buttons is more specific
    # than any rule scoped to the viewer, and draws the faint 1 px ring.
    ring = (
        f"outline: {RING_WIDTH}px solid {FOCUS_RING} !important; "
        f"outline-offset: {RING_OFFSET}px !important;"
    )
    unavailable = (
        f".{scope} button.aisearch-step-button[aria-disabled='true'] {{ color: "
        f"{UNAVAILABLE_TEXT}; background: {UNAVAILABLE_BACKGROUND}; opacity: 1; "
        f"border: 1px dashed {UNAVAILABLE_TEXT}; cursor: not-allowed; box-shadow: none; }}"
    )
    return f"{targets} {{ {ring} }} {unavailable}"


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


class StepButton(anywidget.AnyWidget):
    """A button of the viewer: ``description`` on it, ``tooltip`` over it, and
    ``disabled`` said with ``aria-disabled``, so that it keeps the keyboard
    focus at the first or last step (a ``disabled`` button drops it to the
    page); a press on it then is refused. ``on_click`` and ``click()`` are
    those of ``ipywidgets.Button``.

    >>> pressed = []
    >>> button = StepButton(description="next ▶")
    >>> button.on_click(lambda b: pressed.append(b.description))
    >>> button.click(); pressed
    ['next ▶']
    """

    _esm = _STEP_BUTTON_ESM
    description = traitlets.Unicode("").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._callbacks: list = []
        self.on_msg(self._message)

    def on_click(self, callback, remove: bool = False) -> None:
        """Call ``callback(button)`` at each click (``remove``: no longer)."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def click(self) -> None:
        """What a click in the browser does (a click on a disabled one too, as
        ``ipywidgets.Button.click`` does: the viewer clamps the step)."""
        for callback in list(self._callbacks):
            callback(self)

    def _message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "click" and not self.disabled:
            self.click()


class ViewerKeys(anywidget.AnyWidget):
    """Nothing to see: the viewer's style sheet (``css``: its focus ring, its
    unavailable buttons), and a guard on the box of class ``scope`` that keeps
    the keys pressed on its controls (Space, Enter, arrows, Home, End, Page
    Up/Down) from the page around it, the slides' reveal.js among them."""

    _esm = _VIEWER_KEYS_ESM
    css = traitlets.Unicode("").tag(sync=True)
    scope = traitlets.Unicode(VIEWER).tag(sync=True)
