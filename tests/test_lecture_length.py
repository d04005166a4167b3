"""Every lecture reads in one sitting: a budget for its main path.

A lecture's *main path* is the student edition's prose outside "More"
sections. A "More" section starts at a Markdown heading whose text begins
with "More" (``### More: the 3rd edition's order``) and runs to the next
heading of the same or a higher level; it is stored collapsed
(JupyterLab's ``jp-MarkdownHeadingCollapsed``), so a student opens it on
purpose. Its heading has a cell of its own: JupyterLab folds the cells under a
collapsed heading, never the text that shares the heading's cell. Instructors' cells are not in the student edition at all.

The budget (issue "Lighter to read"): at most about 2,000 words of prose on
the main path, no paragraph over about 120 words, an opening that states the
question and what the student will be able to do in a few lines, and a
picture on the first screen.

Words are counted as a reader meets them: code blocks and display maths are
left out, inline code and inline maths count as one word each, a link counts
its text and not its address. A paragraph is a block between blank lines; each
item of a list is a paragraph of its own; tables and headings are not prose.
"""

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
LECTURES = sorted(ROOT.glob("notebooks/*/*.ipynb"))

MAIN_PATH_WORDS = 2000
PARAGRAPH_WORDS = 120
OPENING_WORDS = 90
# JupyterLab at 1366 × 768 shows about 30 to 35 lines of a notebook (a student
# walking through the lectures measured it): the first picture starts within
# them, stored in the notebook so that it shows before anything is run.
FIRST_SCREEN_LINES = 36
DRAWS = re.compile(
    r"\b(show|draw_\w+|step_through|frame_strip|TreeFigure|MCTSFigure|plt\.\w+|\w+Board)\("
)

HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
WORD = re.compile(r"[^\W_][\w'’.-]*", re.UNICODE)


def heading(cell) -> tuple[int, str] | None:
    """The level and text of the heading that opens a Markdown cell, if any."""
    if cell.cell_type != "markdown":
        return None
    first = cell.source.lstrip().split("\n", 1)[0]
    match = HEADING.match(first)
    return (len(match.group(1)), match.group(2).strip()) if match else None


def is_more(title: str) -> bool:
    return title.lower().startswith("more")


def main_path(nb) -> list:
    """The cells of ``nb`` outside its "More" sections."""
    kept, more_level = [], None
    for cell in nb.cells:
        opened = heading(cell)
        if opened is not None:
            level, title = opened
            if more_level is not None and level <= more_level:
                more_level = None
            if more_level is None and is_more(title):
                more_level = level
        if more_level is None:
            kept.append(cell)
    return kept


def prose(markdown: str) -> str:
    """The text a reader reads in ``markdown``, with code and display maths left out."""
    text = re.sub(r"```.*?```", " ", markdown, flags=re.S)
    text = re.sub(r"\$\$.*?\$\$", " ", text, flags=re.S)
    text = re.sub(r"`[^`]*`", " code ", text)
    text = re.sub(r"\$[^$\n]+\$", " maths ", text)
    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r" \1 ", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r" \1 ", text)
    return re.sub(r"<[^>]+>", " ", text)


def words(text: str) -> int:
    return len(WORD.findall(text))


def paragraphs(markdown: str) -> list[str]:
    """The paragraphs of ``markdown``: blocks between blank lines, a list item each."""
    found: list[str] = []
    for block in re.split(r"\n\s*\n", prose(markdown)):
        current: list[str] = []
        for line in block.splitlines():
            stripped = line.strip()
            if not stripped or stripped.startswith("|") or HEADING.match(stripped):
                continue
            if re.match(r"^([-*+]|\d+[.)])\s", stripped) and current:
                found.append(" ".join(current))
                current = []
            current.append(stripped)
        if current:
            found.append(" ".join(current))
    return found


def main_path_words(nb) -> int:
    return sum(
        words(paragraph)
        for cell in main_path(nb)
        if cell.cell_type == "markdown"
        for paragraph in paragraphs(cell.source)
    )


def first_picture(nb) -> tuple[int, object] | None:
    """The cell that draws the first picture, and how many source lines come
    before its picture (the cells above it, and its own code), or None."""
    lines = 0
    for cell in nb.cells:
        if cell.cell_type == "markdown" and "![" in cell.source:
            return lines, cell
        lines += len(cell.source.splitlines()) + 1
        if cell.cell_type == "code" and DRAWS.search(cell.source):
            return lines, cell
    return None


def stored_picture(cell) -> bool:
    """Whether ``cell`` holds its picture: a Markdown image, or a PNG output kept in the file."""
    if cell.cell_type == "markdown":
        return True
    return any("image/png" in output.get("data", {}) for output in cell.get("outputs", []))


def read(path: Path):
    return nbformat.read(path, as_version=4)


def name(path: Path) -> str:
    return path.stem


def test_there_are_lectures():
    assert len(LECTURES) >= 9


@pytest.mark.parametrize("path", LECTURES, ids=name)
def test_main_path_within_budget(path):
    count = main_path_words(read(path))
    assert count <= MAIN_PATH_WORDS, (
        f"{path.stem}: {count} words of prose on the main path, budget {MAIN_PATH_WORDS}; "
        "move what is secondary into a collapsed '### More: …' section or the instructor notes"
    )


@pytest.mark.parametrize("path", LECTURES, ids=name)
def test_paragraphs_within_budget(path):
    long = [
        (words(paragraph), paragraph[:70])
        for cell in main_path(read(path))
        if cell.cell_type == "markdown"
        for paragraph in paragraphs(cell.source)
        if words(paragraph) > PARAGRAPH_WORDS
    ]
    assert not long, f"{path.stem}: paragraphs over {PARAGRAPH_WORDS} words: {long}"


@pytest.mark.parametrize("path", LECTURES, ids=name)
def test_more_sections_are_stored_collapsed(path):
    open_ones = [
        heading(cell)[1]
        for cell in read(path).cells
        if heading(cell) and is_more(heading(cell)[1])
        if not cell.metadata.get("jp-MarkdownHeadingCollapsed")
    ]
    assert not open_ones, f"{path.stem}: 'More' sections stored open: {open_ones}"


@pytest.mark.parametrize("path", LECTURES, ids=name)
def test_more_headings_stand_alone_so_that_folding_hides_the_text(path):
    with_text = [
        heading(cell)[1]
        for cell in read(path).cells
        if heading(cell) and is_more(heading(cell)[1])
        if len(cell.source.strip().splitlines()) > 1
    ]
    assert not with_text, (
        f"{path.stem}: 'More' headings sharing their cell with text, which folding "
        f"leaves on screen: {with_text}"
    )


@pytest.mark.parametrize("path", LECTURES, ids=name)
def test_headings_never_skip_a_level(path):
    """A heading is at most one level below the one before it: the outline a
    screen reader lists, and the website's table of contents, have no holes."""
    skips, level = [], 0
    for cell in read(path).cells:
        opened = heading(cell)
        if opened is not None:
            if opened[0] > level + 1:
                skips.append(opened[1])
            level = opened[0]
    assert not skips, f"{path.stem}: headings that skip a level: {skips}"


@pytest.mark.parametrize("path", LECTURES, ids=name)
def test_opening_says_the_question_and_the_aim(path):
    first = read(path).cells[0]
    assert heading(first), f"{path.stem}: the first cell is not the lecture's title"
    text = first.source
    assert "**The question.**" in text, f"{path.stem}: the opening does not state the question"
    assert re.search(r"\*\*You will be able to\b", text), (
        f"{path.stem}: the opening does not say what the student will be able to do"
    )
    count = sum(words(p) for p in paragraphs(text))
    assert count <= OPENING_WORDS, f"{path.stem}: an opening of {count} words"


@pytest.mark.parametrize("path", LECTURES, ids=name)
def test_a_picture_on_the_first_screen(path):
    found = first_picture(read(path))
    assert found is not None, f"{path.stem}: nothing draws a picture"
    lines, cell = found
    assert lines <= FIRST_SCREEN_LINES, (
        f"{path.stem}: the first picture comes after {lines} lines, "
        f"beyond the first screen ({FIRST_SCREEN_LINES})"
    )
    assert stored_picture(cell), (
        f"{path.stem}: the first picture (cell {cell.get('id')}) is not stored in the "
        "notebook, so a student who opens it sees none until it runs: tag the cell "
        "nbval-check-output and refresh it"
    )


def test_the_counter_counts_what_a_reader_reads():
    markdown = (
        "## A heading\n\nOne two `three` $x$ [four](http://a.b/c).\n\n"
        "- item one\n- item two three\n\n```python\nnot counted\n```\n\n$$\nx = y\n$$\n"
        "| a | b |\n"
    )
    assert [words(p) for p in paragraphs(markdown)] == [5, 2, 3]


def test_a_more_section_ends_at_the_next_heading_of_its_level():
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("## Main\n\nkept"),
        nbformat.v4.new_markdown_cell("### More: detail\n\nleft out"),
        nbformat.v4.new_code_cell("left_out()"),
        nbformat.v4.new_markdown_cell("#### Deeper\n\nleft out"),
        nbformat.v4.new_markdown_cell("### Back\n\nkept again"),
    ]
    assert [cell.source.split()[-1] for cell in main_path(nb)] == ["kept", "again"]
