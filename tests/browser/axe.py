"""Accessibility audits in the page: axe-core, run where the students look.

axe-core comes from the installed ``axe_playwright_python`` package (its
``axe.min.js``, pinned in requirements-dev.txt): nothing is downloaded. It is put
into the page once and run with the WCAG 2.1 A and AA rules only, on a scope:

- the course's own outputs (``audit`` with the output areas as ``include``,
  or ``audit_element`` on one widget), where every finding is ours to fix;
- the lecture's text (the rendered Markdown cells): ours too, but drawn
  with JupyterLab's or Voilà's styles;
- the rest of the page (``audit`` with both as ``exclude``): what JupyterLab
  or Voilà draw themselves, upstream findings to list, not fix.

A finding is returned as plain data (``Violation``), and ``table`` writes
findings as a few lines that a failing test can print.

    violations = audit(page, include=[in_lab_notebook(page, OUTPUTS)])
    assert not violations, table(violations)
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Sequence
from dataclasses import dataclass

WCAG_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
SNIPPET_CHARS = 120
TARGET_CHARS = 80
# Voilà's page and JupyterLab's notebook both draw code outputs and Markdown
# cells in these.
OUTPUTS = ".jp-OutputArea-output"
MARKDOWN = ".jp-MarkdownOutput"


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


# Installed in the page beside axe-core: runs it, and merges what it finds into
# plain data (a rule's elements are counted once however many runs saw them).
#
# Two things about the page that axe-core would otherwise misjudge:
# - JupyterLab's <body> has overflow: hidden and no height (its shell is
#   positioned over the window). axe-core takes an element for hidden when an
#   overflow: hidden ancestor's box does not hold it, even when a positioned
#   box in between lets it show (dequelabs/axe-core#4539), so in JupyterLab
#   every output would be "hidden" and color-contrast would judge nothing.
#   The body gets the window's height while axe runs (nothing moves: its
#   content is positioned against the window, not the body), then its own back.
# - For the same reason an element scrolled out of the notebook's view is
#   taken for hidden (dequelabs/axe-core#3883). So the elements audited are
#   scrolled through the view, and audited at each step.
AUDIT_JS = """window.aisearchAudit = (() => {
  const collect = (merged, results) => {
    for (const v of results.violations) {
      const rule = merged.get(v.id) || {id: v.id, impact: v.impact, help: v.help, nodes: new Map()};
      for (const n of v.nodes) rule.nodes.set(JSON.stringify(n.target), {target: n.target, html: n.html});
      merged.set(v.id, rule);
    }
  };
  const plain = (merged) => [...merged.values()].map(r => ({...r, nodes: [...r.nodes.values()]}));
  const withBodyOverWindow = async (run) => {
    const body = document.body, before = body.style.minHeight;
    body.style.minHeight = '100vh';
    try { return await run(); } finally { body.style.minHeight = before; }
  };
  const scroller = (element) => {
    for (let e = element.parentElement; e && e !== document.body; e = e.parentElement) {
      const overflow = getComputedStyle(e).overflowY;
      if ((overflow === 'auto' || overflow === 'scroll') && e.scrollHeight > e.clientHeight) return e;
    }
    return document.scrollingElement;
  };
  const view = (box) => {
    if (box === document.scrollingElement) return {top: 0, bottom: innerHeight};
    const r = box.getBoundingClientRect();
    return {top: Math.max(0, r.top), bottom: Math.min(innerHeight, r.bottom)};
  };
  const frame = () => new Promise(done => requestAnimationFrame(() => done()));
  // The elements that scroll in the same box are audited together, one run per
  // view's height from the first one's top to the last one's bottom.
  const inView = (elements, exclude, options) => withBodyOverWindow(async () => {
    const merged = new Map(), groups = new Map();
    for (const element of elements) {
      const box = scroller(element);
      groups.set(box, [...(groups.get(box) || []), element]);
    }
    for (const [box, group] of groups) {
      group[0].scrollIntoView({block: 'start'});
      for (let slice = 0; slice < 1000; slice++) {
        await frame();
        collect(merged, await axe.run({include: group, exclude}, options));
        const seen = view(box), bottom = group[group.length - 1].getBoundingClientRect().bottom;
        if (bottom <= seen.bottom + 1) break;
        const before = box.scrollTop;
        box.scrollTop += Math.max(100, 0.8 * (seen.bottom - seen.top));
        if (box.scrollTop === before) break;
      }
    }
    return plain(merged);
  });
  const whole = (exclude, options) => withBodyOverWindow(async () => {
    const merged = new Map();
    collect(merged, await axe.run({exclude}, options));
    return plain(merged);
  });
  return {inView, whole};
})();"""


def inject(page) -> None:
    """Put axe-core and the audit's helpers into ``page`` (once: a page keeps them)."""
    if not page.evaluate("() => !!(window.axe && window.axe.run && window.aisearchAudit)"):
        page.add_script_tag(content=axe_source())
        page.add_script_tag(content=AUDIT_JS)
        page.wait_for_function("() => !!(window.axe && window.axe.run && window.aisearchAudit)")


def options() -> dict:
    """The rules run: WCAG 2.0 and 2.1, levels A and AA; nothing else."""
    return {"runOnly": {"type": "tag", "values": list(WCAG_TAGS)}, "resultTypes": ["violations"]}


def audit(page, *, include: Sequence[str] = (), exclude: Sequence[str] = ()) -> list[Violation]:
    """The WCAG 2.1 AA violations in ``page`` within ``include`` and outside ``exclude``.

    Both are CSS selectors, each matching any number of elements. The elements
    ``include`` matches are scrolled through the view and audited at each
    step; no ``include`` audits the whole document as it
    stands, so that elements scrolled out of a scrolling panel's view may go
    unjudged by the rules that need to see them (color-contrast). A selector
    that matches nothing in ``include`` is refused, so that an audit never
    passes by looking at nothing.
    """
    for selector in include:
        if page.locator(selector).count() == 0:
            raise ValueError(f"audit: include selector {selector!r} matches nothing in the page")
    inject(page)
    if include:
        found = page.evaluate(
            """([include, exclude, options]) => window.aisearchAudit.inView(
                 [...document.querySelectorAll(include.join(', '))], exclude, options)""",
            [list(include), list(exclude), options()],
        )
    else:
        found = page.evaluate(
            "([exclude, options]) => window.aisearchAudit.whole(exclude, options)",
            [list(exclude), options()],
        )
    return [Violation.from_axe(v) for v in found]


def audit_element(locator) -> list[Violation]:
    """The WCAG 2.1 AA violations within one element (a widget), ``locator``'s first
    match, scrolled into view."""
    inject(locator.page)
    found = locator.first.evaluate(
        "(element, options) => window.aisearchAudit.inView([element], [], options)", options()
    )
    return [Violation.from_axe(v) for v in found]


def in_lab_notebook(page, selector: str) -> str:
    """``selector`` (``OUTPUTS``, ``MARKDOWN``) narrowed to the notebook JupyterLab shows."""
    panel = page.evaluate("() => CSS.escape(window.jupyterapp.shell.currentWidget.node.id)")
    if not panel:
        raise ValueError("in_lab_notebook: the current notebook panel has no id")
    return f"#{panel} {selector}"


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
