"""The course's own touches to its website (site/conf.py loads this extension).

- Each lecture opens with a banner: how to run it live (``make lab``, or the
  course's JupyterHub, ``course_site_jupyterhub`` in conf.py) and the AIMA 4e
  sections it follows, read from the table in docs/instructors.md.
- A "More" section of a lecture (a heading stored folded in JupyterLab, cell
  metadata ``jp-MarkdownHeadingCollapsed``) is drawn folded too: an HTML
  ``<details>`` whose summary is its heading, opened by a click or by a link
  to it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx

FOLDED = "jp-MarkdownHeadingCollapsed"
LECTURE = re.compile(r"^notebooks/(?P<id>\d\d_\w+)/(?P=id)$")
SECTIONS_ROW = re.compile(r"^\|\s*`(?P<id>\d\d_\w+)`\s*\|\s*(?P<aima>[^|]+?)\s*\|")


class folded_section(nodes.section):
    """A section drawn as ``<details>``: its title is the summary."""


class summary_end(nodes.Element):
    """Closes the summary, right after a folded section's title."""


def visit_folded(self, node: folded_section) -> None:
    self.section_level += 1
    # A section may have several ids (MyST's slug and docutils' own): the first is
    # the element's id, each other one an empty anchor of its own, since an HTML
    # id holds no space.
    first, *others = node["ids"] or [""]
    anchors = "".join(f'<span id="{other}"></span>' for other in others)
    self.body.append(f'{anchors}<details class="more-section" id="{first}"><summary>')
    node["summary_start"] = len(self.body)


def depart_folded(self, node: folded_section) -> None:
    self.section_level -= 1
    self.body.append("</details>\n")


def visit_summary_end(self, node: summary_end) -> None:
    # The heading's "#" link is left out of the summary: a link inside the control
    # that opens the fold would be a control inside a control.
    start = node.parent["summary_start"]
    self.body[start:] = [part for part in self.body[start:] if 'class="headerlink"' not in part]
    self.body.append("</summary>\n")


def depart_nothing(self, node: nodes.Element) -> None:
    pass


def folded_headings(path: Path) -> set[str]:
    """The text of each heading that ``path``'s notebook stores folded."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    headings = set()
    for cell in cells:
        if cell["cell_type"] == "markdown" and cell.get("metadata", {}).get(FOLDED):
            first = "".join(cell["source"]).lstrip().splitlines()[0]
            headings.add(plain(first.lstrip("#")))
    return headings


def plain(heading: str) -> str:
    """A heading's words as the page shows them: its inline code and emphasis
    marks (`` ` ``, ``*``) left out."""
    return re.sub(r"[`*]", "", heading).strip()


def fold(doctree: nodes.document, headings: set[str]) -> None:
    """Turn each section titled by one of ``headings`` into a folded section."""
    for section in list(doctree.findall(nodes.section)):
        title = section.next_node(nodes.title)
        if title is None or plain(title.astext()) not in headings:
            continue
        folded = folded_section(section.rawsource, *section.children, **section.attributes)
        folded.insert(folded.index(folded.next_node(nodes.title)) + 1, summary_end())
        section.replace_self(folded)


def aima_sections(srcdir: Path) -> dict[str, str]:
    """Each lecture's AIMA 4e sections, as the instructor guide's table gives them."""
    table = srcdir / "docs" / "instructors.md"
    rows = {}
    for line in table.read_text(encoding="utf-8").splitlines():
        match = SECTIONS_ROW.match(line)
        if match:
            rows[match["id"]] = match["aima"]
    return rows


def banner(lecture: str, aima: str, hub: str) -> nodes.Element:
    """The note atop a lecture: run it live, and what to read in AIMA 4e."""
    box = nodes.admonition(classes=["tip", "lecture-banner"])
    box += nodes.title("", "Run this lecture live")
    live = nodes.paragraph()
    live += nodes.Text("This page is the lecture run once: its viewers show their first step ")
    live += nodes.Text("and its exercises wait for you. To step, play and answer, open ")
    live += nodes.literal("", f"{lecture}.ipynb")
    if hub:
        live += nodes.Text(" on ")
        live += nodes.reference("", "the course's JupyterHub", refuri=hub)
        live += nodes.Text(", or on your own machine with ")
    else:
        live += nodes.Text(" on your own machine with ")
    live += nodes.literal("", "make lab")
    live += nodes.Text(" (")
    live += nodes.reference("", "setting up", refuri="../../docs/setup.html")
    live += nodes.Text(").")
    box += live
    reading = nodes.paragraph()
    if aima.strip().lower() == "none":
        reading += nodes.Text("AIMA 4e: this lecture follows no section of the textbook (")
    else:
        reading += nodes.Text(f"Reading alongside, in AIMA 4e: {aima} (")
    reading += nodes.reference("", "the instructor guide", refuri="../../docs/instructors.html")
    reading += nodes.Text(" says more).")
    box += reading
    return box


def on_doctree_read(app: Sphinx, doctree: nodes.document) -> None:
    docname = app.env.docname
    match = LECTURE.match(docname)
    if not match:
        return
    srcdir = Path(app.srcdir)
    fold(doctree, folded_headings(Path(app.env.doc2path(docname))))
    rows = aima_sections(srcdir)
    if match["id"] not in rows:
        raise ValueError(
            f"course_site: docs/instructors.md has no row for {match['id']!r}: "
            "its table of lectures names each notebook's AIMA sections"
        )
    first = doctree.next_node(nodes.section)
    title = first.next_node(nodes.title)
    first.insert(
        first.index(title) + 1,
        banner(match["id"], rows[match["id"]], app.config.course_site_jupyterhub),
    )


def setup(app: Sphinx) -> dict[str, object]:
    app.add_config_value("course_site_jupyterhub", "", "env", types=[str])
    app.add_node(folded_section, html=(visit_folded, depart_folded))
    app.add_node(summary_end, html=(visit_summary_end, depart_nothing))
    app.connect("doctree-read", on_doctree_read)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
