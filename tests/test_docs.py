"""The README is a front door, and every link of it and of the docs leads somewhere.

A newcomer reads the README in two minutes: what the course is, the two
commands, what a student and a lecturer do next, the lectures, links to the
rest. Everything else lives in ``docs/``, and a link that leads nowhere is a
page lost.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_readme_reads_in_two_minutes():
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines: move detail into docs/"
    text = "\n".join(lines)
    for must in ("make lab", "make test", "## As a student", "## As a lecturer", "## The lectures"):
        assert must in text
    for notebook in sorted(p.name for p in (ROOT / "notebooks").iterdir() if p.is_dir()):
        assert f"`{notebook}`" in text, f"the README's list of lectures lacks {notebook}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_leads_to_a_file(page):
    broken = []
    for target in LINK.findall(page.read_text()):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue  # a web address or an anchor on the same page
        path = (page.parent / target.split("#")[0]).resolve()
        if not path.exists():
            broken.append(target)
    assert not broken, f"{page.name} links to missing files: {broken}"
