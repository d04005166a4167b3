"""Accessibility audits in the page: axe-core, run where the students look.

axe-core comes from the installed ``axe_playwright_python`` package (its
``axe.min.js``, pinned in requirements.txt): nothing is downloaded. It is put
into the page once and run with the WCAG 2.1 A and AA rules only, on a scope:

- the course's own outputs (``audit`` with the output areas as ``include``,
  or ``audit_element`` on one widget), where every finding is ours to fix;
- the rest of the page (``audit`` with the outputs as ``exclude``): what
  JupyterLab or Voilà draw themselves, upstream findings to list, not fix.

A finding is returned as plain data (``Violation``), and ``table`` writes
findings as a few lines that a failing test can print.

    violations = audit(page, include=[outputs_of_lab_notebook(page)])
    assert not violations, table(violations)
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Sequence
from dataclasses import dataclass

WCAG_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
SNIPPET_CHARS = 120
TARGET_CHARS = 80
# Voilà's page and JupyterLab's notebook both draw code outputs in these.
OUTPUTS = ".jp-OutputArea-output"


def axe_source() -> str:
    """The text of the installed axe-core (``axe_playwright_python/axe.min.js``)."""
    return (importlib.resources.files("axe_playwright_python") / "axe.min.js").read_text()


@dataclass(frozen=True)
class Violation:
    """One axe rule broken on a scope: how badly, where, and on how many elements."""

    rule: str
    impact: str
    nodes: int
    targets: tuple[str, ...]  # a CSS selector per failing element, as axe names it
    html: str  # the first failing element's markup, shortened
    help: str

    @classmethod
    def from_axe(cls, found: dict) -> Violation:
        targets = tuple(" >>> ".join(_flat(t)) for t in (n["target"] for n in found["nodes"]))
        html = " ".join(found["nodes"][0]["html"].split()) if found["nodes"] else ""
        if len(html) > SNIPPET_CHARS:
            html = html[: SNIPPET_CHARS - 1] + "…"
        return cls(
            found["id"], found["impact"] or "", len(found["nodes"]), targets, html, found["help"]
        )


def _flat(target) -> list[str]:
    """axe names an element in a shadow root or a frame by a list of selectors."""
    if isinstance(target, str):
        return [target]
    return [part for piece in target for part in _flat(piece)]


RUN_JS = """async ([context, options]) => {
  const results = await window.axe.run(context, options);
  return results.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target, html: n.html})),
  }));
}"""

RUN_ON_ELEMENT_JS = """async (element, options) => {
  const results = await window.axe.run(element, options);
  return results.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target, html: n.html})),
  }));
}"""


def inject(page) -> None:
    """Put axe-core into ``page`` (once: a page that has it keeps it)."""
    if not page.evaluate("() => typeof window.axe === 'object' && !!window.axe.run"):
        page.add_script_tag(content=axe_source())
        page.wait_for_function("() => typeof window.axe === 'object' && !!window.axe.run")


def options() -> dict:
    """The rules run: WCAG 2.0 and 2.1, levels A and AA; nothing else."""
    return {"runOnly": {"type": "tag", "values": list(WCAG_TAGS)}, "resultTypes": ["violations"]}


def audit(page, *, include: Sequence[str] = (), exclude: Sequence[str] = ()) -> list[Violation]:
    """The WCAG 2.1 AA violations in ``page`` within ``include`` and outside ``exclude``.

    Both are CSS selectors, each matching any number of elements; no
    ``include`` means the whole document. A selector that matches nothing in
    ``include`` is refused, so that an audit never passes by looking at nothing.
    """
    for selector in include:
        if page.locator(selector).count() == 0:
            raise ValueError(f"audit: include selector {selector!r} matches nothing in the page")
    inject(page)
    context: dict = {"exclude": list(exclude)}
    if include:
        context["include"] = list(include)
    found = page.evaluate(RUN_JS, [context, options()])
    return [Violation.from_axe(v) for v in found]


def audit_element(locator) -> list[Violation]:
    """The WCAG 2.1 AA violations within one element (a widget), ``locator``'s first match."""
    inject(locator.page)
    found = locator.first.evaluate(RUN_ON_ELEMENT_JS, options())
    return [Violation.from_axe(v) for v in found]


def outputs_of_lab_notebook(page) -> str:
    """A selector of every output area of the notebook JupyterLab shows in ``page``."""
    panel = page.evaluate("() => CSS.escape(window.jupyterapp.shell.currentWidget.node.id)")
    if not panel:
        raise ValueError("outputs_of_lab_notebook: the current notebook panel has no id")
    return f"#{panel} {OUTPUTS}"


def table(violations: Sequence[Violation]) -> str:
    """The violations one a line: rule, impact, node count, an example target and markup."""
    if not violations:
        return "no violations"
    width = max(len(v.rule) for v in violations)
    lines = [f"{'rule':{width}}  impact    nodes  example target  |  markup"]
    for v in sorted(violations, key=lambda v: (-v.nodes, v.rule)):
        example = v.targets[0] if v.targets else "-"
        if len(example) > TARGET_CHARS:  # axe's selectors run from the page down: keep the end
            example = "…" + example[1 - TARGET_CHARS :]
        lines.append(f"{v.rule:{width}}  {v.impact:8}  {v.nodes:5}  {example}  |  {v.html}")
    return "\n".join(lines)


def counts(violations: Sequence[Violation]) -> str:
    """``rule ×nodes`` for each violation, the most frequent first: one cell of a report."""
    ordered = sorted(violations, key=lambda v: (-v.nodes, v.rule))
    return ", ".join(f"{v.rule} ×{v.nodes}" for v in ordered) or "none"
