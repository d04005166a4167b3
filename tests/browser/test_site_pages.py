"""The course's website in Chromium: axe-core finds no WCAG 2.1 AA violation on
any page, and a lecture reads at 1366 × 768 and on a 390 px wide phone.

The site is built (or read back from its cache) by ``tools/site.py``, as
``make site`` builds it; its pages are opened from the disk, as a student
opens ``_build/site/html/index.html``. tests/test_site.py checks its links,
pictures and the absence of solutions.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from axe import audit, table

ROOT = Path(__file__).resolve().parents[2]
HTML = ROOT / "_build" / "site" / "html"
LECTURE = "notebooks/02_alpha_beta/02_alpha_beta.html"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site_pages() -> list[Path]:
    built = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "site.py")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    return sorted(
        path
        for path in HTML.rglob("*.html")
        if not {"_static", "_sources"} & set(path.relative_to(HTML).parts)
    )


def test_no_page_of_the_site_breaks_wcag_aa(browser, site_pages):
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    found = {}
    try:
        for path in site_pages:
            page.goto(path.as_uri())
            page.wait_for_load_state("load")
            violations = audit(page)
            if violations:
                found[str(path.relative_to(HTML))] = table(violations)
    finally:
        page.close()
    assert len(site_pages) > 12
    assert not found, "\n\n".join(f"{where}\n{what}" for where, what in found.items())


def test_no_page_scrolls_sideways_on_a_phone(browser, site_pages):
    """At 390 px wide every page fits: long addresses and names wrap, wide tables
    and code scroll in their own boxes."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    wide = {}
    try:
        for path in site_pages:
            page.goto(path.as_uri())
            page.wait_for_load_state("load")
            page.evaluate("() => window.scrollTo(10000, 0)")
            if page.evaluate("() => window.scrollX") > 2:
                wide[str(path.relative_to(HTML))] = page.evaluate("() => window.scrollX")
    finally:
        page.close()
    assert not wide, f"pages that scroll sideways at 390 px, by how many pixels: {wide}"


@pytest.mark.parametrize("width, height", [(1366, 768), (390, 844)])
def test_a_lecture_reads_on_a_laptop_and_a_phone(browser, site_pages, screenshots, width, height):
    """The banner, the text and a viewer's first frame fit the width: no sideways
    scrolling of the page, and the picture shrinks to the column."""
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        for name in ("index.html", LECTURE):
            page.goto((HTML / name).as_uri())
            page.wait_for_load_state("load")
            screenshots(page, f"{Path(name).stem}-{width}")
            page.evaluate("() => window.scrollTo(10000, 0)")
            assert page.evaluate("() => window.scrollX") <= 8, (
                f"{name} scrolls sideways at {width} px"
            )
        banner = page.locator(".lecture-banner")
        assert banner.is_visible()
        frame = page.locator(".aisearch-static-widget img").first
        frame.scroll_into_view_if_needed()
        box = frame.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        screenshots(page, f"viewer-{width}")
    finally:
        page.close()
