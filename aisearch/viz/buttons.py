"""Buttons that a keyboard and a screen reader can use: board cells and toggles.

ipywidgets' ``Button`` is named by its visible text (an empty cell would be
named by nothing), cannot say "not now" without being disabled (and a
disabled button drops the keyboard focus to the page), and its
``ToggleButtons`` never say which one is pressed. So the boards use two small
widgets of their own, built with anywidget (an ES module in a string, no
build step):

``ButtonGrid`` is a grid of real ``<button>``\\ s in a named group. Each
button has a spoken name ("row 1, column 2, empty"), and one that may not be
pressed now is ``aria-disabled``: it stays focusable, and a click on it still
reaches the kernel, which says why it is refused. One button holds the tab
stop and the arrow keys move it (a roving tabindex), so Tab enters and leaves
the board in one step. When the kernel redraws the grid the buttons stay the
same elements, so the focus stays where it was; the kernel may move it with
``focus``. A status region (``role="status"``, polite) under the grid
announces ``announcement`` whenever it changes. In the kernel,
``grid.click(k)`` (or ``grid.button(k).click()``) does what a click in the
browser does.

``ToggleGroup`` is a row of toggle buttons for one choice: each says whether
it is pressed (``aria-pressed``), the group is named by its visible label, and
the pressed one is marked by a thick bar, not by colour alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import anywidget
import traitlets

from .board_style import FOCUS_RING

UNAVAILABLE_TEXT, UNAVAILABLE_BACKGROUND = "#595959", "#f2f2f2"
"""A button that may not be pressed now: grey text, 6 : 1, on a paler grey,
with a dashed border, so it reads as unavailable without colour too."""
PRESSED_BAR = "#111111"

_SHARED_CSS = f"""
.aisearch-sr-only {{
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0;
}}
.aisearch-keys button.aisearch-button:focus-visible,
.aisearch-keys button.aisearch-button:focus-visible:enabled {{
  outline: 3px solid {FOCUS_RING}; outline-offset: 2px; position: relative; z-index: 2;
}}
"""

GRID_CSS = (
    _SHARED_CSS
    + f"""
.aisearch-keys {{ position: relative; }}
.aisearch-grid {{ display: inline-grid; }}
.aisearch-grid button.jupyter-button[aria-disabled="true"] {{
  color: {UNAVAILABLE_TEXT}; background: {UNAVAILABLE_BACKGROUND}; opacity: 1;
  border: 1px dashed {UNAVAILABLE_TEXT}; cursor: not-allowed; box-shadow: none;
}}
"""
)

TOGGLE_CSS = (
    _SHARED_CSS
    + f"""
.aisearch-toggles {{ display: flex; flex-flow: row wrap; align-items: center; gap: 2px; }}
.aisearch-toggles button.aisearch-button {{ width: auto; min-width: 3em; }}
.aisearch-toggles button.aisearch-button[aria-pressed="true"] {{
  font-weight: 700; box-shadow: inset 0 -4px 0 {PRESSED_BAR};
}}
"""
)

GRID_ESM = """
let made = 0;

function render({ model, el }) {
  const id = `aisearch-grid-${++made}-${Math.random().toString(36).slice(2, 8)}`;
  el.classList.add("aisearch-keys");
  const group = document.createElement("div");
  group.className = "aisearch-grid";
  group.setAttribute("role", "group");
  // JupyterLab's own shortcuts (arrows, Enter) leave the board's keys alone.
  group.setAttribute("data-lm-suppress-shortcuts", "true");
  const hint = document.createElement("div");
  hint.id = `${id}-hint`;
  hint.className = "aisearch-sr-only";
  const status = document.createElement("div");
  status.className = "aisearch-sr-only aisearch-announcement";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  status.setAttribute("aria-atomic", "true");
  el.append(group, hint, status);

  let buttons = [];
  let stop = 0;  // the button that holds the tab stop
  let shownFocus = null;  // the kernel's focus when last drawn
  let inside = false;  // the keyboard focus is (or was last) on the grid

  function holdStop(index, moveFocus) {
    stop = Math.max(0, Math.min(index, buttons.length - 1));
    buttons.forEach((b, k) => { b.tabIndex = k === stop ? 0 : -1; });
    if (moveFocus && buttons[stop]) buttons[stop].focus();
  }

  function press(index) {
    holdStop(index, false);
    if (!model.get("busy")) model.send({ event: "click", index });
  }

  function draw() {
    const specs = model.get("buttons");
    while (buttons.length > specs.length) buttons.pop().remove();
    while (buttons.length < specs.length) {
      const button = document.createElement("button");
      const index = buttons.length;
      button.type = "button";
      button.addEventListener("click", () => press(index));
      group.append(button);
      buttons.push(button);
    }
    const width = model.get("button_width");
    specs.forEach((spec, k) => {
      const button = buttons[k];
      if (button.textContent !== spec.text) button.textContent = spec.text;
      button.setAttribute("aria-label", spec.name);
      button.setAttribute("aria-disabled", spec.disabled ? "true" : "false");
      button.className = ["aisearch-button", ...spec.classes].join(" ");
      if (spec.title) button.title = spec.title; else button.removeAttribute("title");
      button.style.width = width ? `${width}px` : "";
    });
    group.style.gridTemplateColumns = `repeat(${Math.max(1, model.get("columns"))}, max-content)`;
    group.style.gap = `${model.get("gap")}px`;
    group.setAttribute("aria-label", model.get("label"));
    group.setAttribute("aria-busy", model.get("busy") ? "true" : "false");
    hint.textContent = model.get("hint");
    if (model.get("hint")) group.setAttribute("aria-describedby", hint.id);
    else group.removeAttribute("aria-describedby");
    if (status.textContent !== model.get("announcement")) {
      status.textContent = model.get("announcement");
    }
    // Follow the kernel's focus when it moves it, or when the focus fell off
    // the page (to its body) from the grid; otherwise stay where the keys left it.
    const active = document.activeElement;
    const lost = !active || active === document.body;
    const asked = model.get("focus");
    const moved = asked !== shownFocus;
    shownFocus = asked;
    const onGrid = group.contains(active);
    holdStop(moved || !onGrid ? asked : stop, inside && (lost || (onGrid && moved)));
  }

  const columns = () => Math.max(1, model.get("columns"));
  function onKey(event) {
    const index = buttons.indexOf(event.target);
    if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const n = buttons.length, width = columns();
    const row = Math.floor(index / width), start = row * width;
    const end = Math.min(start + width, n) - 1;
    const next = {
      ArrowLeft: Math.max(index - 1, start),
      ArrowRight: Math.min(index + 1, end),
      ArrowUp: index - width >= 0 ? index - width : index,
      ArrowDown: index + width < n ? index + width : index,
      Home: start,
      End: end,
    }[event.key];
    if (next !== undefined) {
      event.preventDefault();
      event.stopPropagation();
      holdStop(next, true);
    } else if (event.key === "Enter" || event.key === " ") {
      event.stopPropagation();  // the button's own click, not a notebook shortcut
    }
  }
  group.addEventListener("keydown", onKey);
  group.addEventListener("focusin", () => { inside = true; });
  group.addEventListener("focusout", (event) => {
    // Focus that goes nowhere (null) fell off the grid: bring it back on the next draw.
    if (event.relatedTarget && !group.contains(event.relatedTarget)) inside = false;
  });

  const events = ["buttons", "columns", "gap", "label", "busy", "hint", "announcement",
    "focus", "button_width"].map((name) => `change:${name}`).join(" ");
  model.on(events, draw);
  draw();
  return () => model.off(events, draw);
}

export default { render };
"""

TOGGLE_ESM = """
let made = 0;

function render({ model, el }) {
  const id = `aisearch-toggles-${++made}-${Math.random().toString(36).slice(2, 8)}`;
  el.classList.add("aisearch-keys", "widget-inline-hbox");
  const label = document.createElement("span");
  label.id = `${id}-label`;
  label.className = "widget-label";
  const group = document.createElement("div");
  group.className = "aisearch-toggles";
  group.setAttribute("role", "group");
  el.append(label, group);
  let buttons = [];

  function choose(index) {
    const option = model.get("options")[index];
    if (option === undefined || model.get("index") === index) return;
    model.set("index", index);
    model.save_changes();
  }

  function draw() {
    const options = model.get("options"), tooltips = model.get("tooltips");
    label.textContent = model.get("description");
    label.style.display = model.get("description") ? "" : "none";
    if (model.get("description")) group.setAttribute("aria-labelledby", label.id);
    else group.removeAttribute("aria-labelledby");
    while (buttons.length > options.length) buttons.pop().remove();
    while (buttons.length < options.length) {
      const button = document.createElement("button");
      const index = buttons.length;
      button.type = "button";
      button.addEventListener("click", () => choose(index));
      group.append(button);
      buttons.push(button);
    }
    const chosen = model.get("index");
    options.forEach((text, k) => {
      const button = buttons[k];
      const pressed = k === chosen;
      button.textContent = text;
      button.setAttribute("aria-pressed", pressed ? "true" : "false");
      button.className = "aisearch-button jupyter-button widget-toggle-button"
        + (pressed ? " mod-active" : "");
      if (tooltips[k]) button.title = tooltips[k]; else button.removeAttribute("title");
    });
  }

  const events = "change:options change:index change:description change:tooltips";
  model.on(events, draw);
  draw();
  return () => model.off(events, draw);
}

export default { render };
"""


class ButtonLook(NamedTuple):
    """What one button of a ``ButtonGrid`` shows and says.

    ``text`` is drawn on it; ``name`` is what a screen reader says (``""``:
    the text); ``disabled``: it may not be pressed now (``aria-disabled``,
    still focusable and still sent to the kernel); ``classes``: CSS classes
    for its look; ``title``: a tooltip.
    """

    text: str
    name: str = ""
    disabled: bool = False
    classes: tuple[str, ...] = ()
    title: str = ""


class ButtonGrid(anywidget.AnyWidget):
    """A grid of named buttons, with arrow keys, a kernel-kept focus and a status region.

    Args:
        looks: the buttons, row by row (``ButtonLook``); see ``show``.
        columns: buttons per row.
        on_click: called with a button's index when it is clicked (in the
            browser or with ``click``), disabled or not: the caller decides
            what a click on a button that may not be pressed does.
        label: the group's spoken name ("board, 3 rows by 3 columns").
        hint: how to use it from the keyboard, read after the label.
        gap, button_width: pixels between buttons, and each button's width
            (0: as wide as its text).

    Raises:
        ValueError: naming ``columns`` if it is not a positive integer.

    >>> grid = ButtonGrid([ButtonLook("a"), ButtonLook("b", disabled=True)], columns=2,
    ...                   on_click=print, label="letters")
    >>> grid.button(1).click()
    1
    >>> grid.button(1).disabled, grid.button(0).name
    (True, 'a')
    """

    _esm = GRID_ESM
    _css = GRID_CSS
    buttons = traitlets.List(traitlets.Dict()).tag(sync=True)
    columns = traitlets.Int(1).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)
    announcement = traitlets.Unicode("").tag(sync=True)
    """What the status region says; a screen reader reads each new value."""
    focus = traitlets.Int(0).tag(sync=True)
    """The button that holds the tab stop; the browser moves the keyboard focus
    to it when it changes while the focus is on the grid (or fell off it)."""
    busy = traitlets.Bool(False).tag(sync=True)
    """The kernel is busy (the computer thinks): the browser sends no clicks."""
    gap = traitlets.Int(3).tag(sync=True)
    button_width = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        looks: Sequence[ButtonLook],
        *,
        columns: int,
        on_click: Callable[[int], Any],
        label: str,
        hint: str = "",
        gap: int = 3,
        button_width: int = 0,
        **kwargs,
    ):
        if isinstance(columns, bool) or not isinstance(columns, int) or columns < 1:
            raise ValueError(f"columns must be a positive integer, got {columns!r}")
        super().__init__(
            columns=columns, label=label, hint=hint, gap=gap, button_width=button_width, **kwargs
        )
        self._on_click = on_click
        self.show(looks)
        self.on_msg(self._message)

    def show(
        self,
        looks: Sequence[ButtonLook],
        *,
        announcement: str | None = None,
        focus: int | None = None,
        busy: bool | None = None,
    ) -> None:
        """Draw ``looks`` (one per button); ``None`` leaves the other traits as they are.

        One message to the browser for all of it, and none when nothing changed.
        """
        buttons = [
            {
                "text": look.text,
                "name": look.name or look.text,
                "disabled": bool(look.disabled),
                "classes": [c for c in look.classes if c],
                "title": look.title,
            }
            for look in looks
        ]
        with self.hold_sync():
            if buttons != self.buttons:
                self.buttons = buttons
            if announcement is not None:
                self.announcement = announcement
            if focus is not None:
                self.focus = min(max(focus, 0), max(len(buttons) - 1, 0))
            if busy is not None:
                self.busy = busy

    def click(self, index: int) -> None:
        """A click on button ``index``, as in the browser (also on a disabled one).

        Raises:
            ValueError: naming ``index`` if there is no such button.
        """
        if isinstance(index, bool) or not isinstance(index, int):
            raise ValueError(f"index must be an integer, got {index!r}")
        if not 0 <= index < len(self.buttons):
            raise ValueError(
                f"index must be 0..{len(self.buttons) - 1} (one per button), got {index}"
            )
        self._on_click(index)

    def button(self, index: int) -> GridButton:
        """Button ``index`` (row by row), as an object with ``click()`` and its looks."""
        return GridButton(self, index)

    def _message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "click":
            index = content.get("index")
            if isinstance(index, int) and 0 <= index < len(self.buttons):
                self._on_click(index)


class GridButton:
    """One button of a ``ButtonGrid``: ``click()``, and what it shows, read-only.

    It reads the grid each time, so a ``GridButton`` kept across moves stays current.
    """

    __slots__ = ("grid", "index")

    def __init__(self, grid: ButtonGrid, index: int):
        self.grid, self.index = grid, index

    def click(self) -> None:
        """What a click in the browser does."""
        self.grid.click(self.index)

    @property
    def _spec(self) -> dict:
        return self.grid.buttons[self.index]

    @property
    def description(self) -> str:
        """The text drawn on it (``""`` on an empty cell)."""
        return self._spec["text"]

    @property
    def name(self) -> str:
        """What a screen reader says for it ("row 1, column 2, empty")."""
        return self._spec["name"]

    @property
    def disabled(self) -> bool:
        """May it not be pressed now? (``aria-disabled``: it stays focusable.)"""
        return self._spec["disabled"]

    @property
    def classes(self) -> tuple[str, ...]:
        return tuple(self._spec["classes"])

    @property
    def tooltip(self) -> str:
        return self._spec["title"]

    def __repr__(self) -> str:
        state = ", unavailable" if self.disabled else ""
        return f"<GridButton {self.index}: {self.name!r}{state}>"


def _option(option) -> tuple[str, Any]:
    """``(label, value)`` of one option: a pair, or a string that is both."""
    if isinstance(option, str):
        return option, option
    if isinstance(option, (tuple, list)) and len(option) == 2 and isinstance(option[0], str):
        return option[0], option[1]
    raise ValueError(f"an option must be a string or a (label, value) pair, got {option!r}")


class ToggleGroup(anywidget.AnyWidget):
    """One choice among toggle buttons that say which is pressed (``aria-pressed``).

    A stand-in for ``ipywidgets.ToggleButtons``: ``value`` is the chosen
    option's value, and ``observe(..., names="value")`` sees every change,
    whether made in the browser or in code.

    Args:
        options: strings, or ``(label, value)`` pairs.
        value: the chosen value (default: the first option's).
        description: the visible label, which also names the group.
        tooltips: one per option, or none.

    Raises:
        ValueError: naming an option that is neither, a ``value`` that is not
            an option's, or tooltips that do not match the options.

    >>> first = ToggleGroup(["you", "computer"], description="first move:")
    >>> first.value = "computer"
    >>> first.index, first.pressed
    (1, [False, True])
    """

    _esm = TOGGLE_ESM
    _css = TOGGLE_CSS
    options = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The labels shown, in order."""
    index = traitlets.Int(0).tag(sync=True)
    """The pressed option's position (the browser sets it)."""
    description = traitlets.Unicode("").tag(sync=True)
    tooltips = traitlets.List(traitlets.Unicode()).tag(sync=True)
    value = traitlets.Any()
    """The pressed option's value (kept in the kernel: any Python value)."""

    def __init__(
        self,
        options: Sequence,
        value: Any = None,
        *,
        description: str = "",
        tooltips: Sequence[str] = (),
        **kwargs,
    ):
        pairs = [_option(option) for option in options]
        if not pairs:
            raise ValueError("options must name at least one choice, got none")
        if tooltips and len(tooltips) != len(pairs):
            raise ValueError(f"tooltips must be one per option ({len(pairs)}), got {len(tooltips)}")
        self._values = [v for _, v in pairs]
        chosen = self._values[0] if value is None else value
        if chosen not in self._values:
            raise ValueError(f"value must be one of {self._values}, got {value!r}")
        super().__init__(
            options=[label for label, _ in pairs],
            index=self._values.index(chosen),
            description=description,
            tooltips=list(tooltips),
            **kwargs,
        )
        self.value = chosen

    @property
    def values(self) -> list:
        return list(self._values)

    @property
    def pressed(self) -> list[bool]:
        """Which buttons are pressed, in order (``aria-pressed``): exactly one."""
        return [k == self.index for k in range(len(self.options))]

    @traitlets.validate("value")
    def _valid_value(self, proposal):
        if proposal["value"] not in self._values:
            raise ValueError(f"value must be one of {self._values}, got {proposal['value']!r}")
        return proposal["value"]

    @traitlets.observe("value")
    def _value_to_index(self, change) -> None:
        self.index = self._values.index(change["new"])

    @traitlets.validate("index")
    def _valid_index(self, proposal):
        index = proposal["value"]
        if not 0 <= index < len(self._values):
            raise ValueError(f"index must be 0..{len(self._values) - 1}, got {index}")
        return index

    @traitlets.observe("index")
    def _index_to_value(self, change) -> None:
        self.value = self._values[change["new"]]
