"""``python -m aisearch.figures``: its options, and every figure legible on a projector.

A lecturer shows these on a 1280 x 720 projector: each figure, fitted into
that box, must have no text under 14 pixels, name every node its caption
names, and (MCTS) keep its numbers off the edges.
"""

import re

import matplotlib.style
import pytest

from aisearch import figures
from aisearch.viz.labels import drawn_texts

# One worker builds this file's module fixture once (make unit: --dist loadgroup);
# spread over workers, each would build it again.
pytestmark = pytest.mark.xdist_group("figures_cli")

MAGIC = {"png": b"\x89PNG\r\n\x1a\n", "pdf": b"%PDF"}


def png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data.startswith(MAGIC["png"])
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


# The command line ------------------------------------------------------------------


@pytest.mark.parametrize("fmt", figures.FORMATS)
def test_each_format_writes_a_file_of_its_type(fmt, tmp_path, capsys):
    (path,) = figures.main(["--format", fmt, "--out", str(tmp_path), "minimax_final"])
    assert path == tmp_path / f"minimax_final.{fmt}"
    data = path.read_bytes()
    if fmt == "svg":
        assert b"<svg" in data[:1000]
    else:
        assert data.startswith(MAGIC[fmt])
    assert str(path) in capsys.readouterr().out


def test_dpi_sets_the_pixels_of_a_png(tmp_path):
    (small,) = figures.main(["--dpi", "72", "--out", str(tmp_path / "a"), "viewer.png"])
    (large,) = figures.main(["--dpi", "144", "--out", str(tmp_path / "b"), "viewer"])
    (w, h), (w2, h2) = png_size(small), png_size(large)
    assert (abs(w2 - 2 * w) <= 1, abs(h2 - 2 * h) <= 1) == (True, True)


@pytest.mark.parametrize(
    ("size", "dpi", "pixels"),
    [
        ("8x4.5", "100", (800, 450)),
        ("1280x720px", "144", (1280, 720)),
        ("640x360px", "80", (640, 360)),
    ],
)
def test_size_in_inches_or_pixels_sets_the_figure(size, dpi, pixels, tmp_path):
    (path,) = figures.main(["--size", size, "--dpi", dpi, "--out", str(tmp_path), "table_hit"])
    width, height = png_size(path)
    assert abs(width - pixels[0]) <= 1 and abs(height - pixels[1]) <= 1


@pytest.mark.parametrize(
    ("argv", "culprit"),
    [
        (["no_such_figure"], "'no_such_figure'"),
        (["--format", "gif"], "'gif'"),
        (["--dpi", "many"], "'many'"),
        (["--dpi", "0"], "'0'"),
        (["--size", "8by4"], "'8by4'"),
        (["--size", "0x4"], "'0x4'"),
    ],
)
def test_a_bad_option_fails_naming_the_culprit(argv, culprit, capsys, tmp_path):
    with pytest.raises(SystemExit) as failed:
        figures.main([*argv, "--out", str(tmp_path)])
    assert failed.value.code == 2
    assert culprit in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_help_lists_every_figure(capsys):
    with pytest.raises(SystemExit):
        figures.main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for name in figures.FIGURES:
        assert name.removesuffix(".png") in shown


def test_smallest_font_fits_a_figure_into_the_projector():
    assert figures.smallest_font((12.8, 7.2)) == pytest.approx(10.08)  # 100 px per inch
    assert figures.smallest_font((6.4, 7.2)) == pytest.approx(10.08)  # tall: height decides
    assert figures.smallest_font((25.6, 7.2)) == pytest.approx(20.16)  # wide: width decides


# Every figure, projected -------------------------------------------------------------


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """name -> (the figure each figure function saves, the drawings made in it)."""
    from aisearch.viz.mcts import MCTSDrawing
    from aisearch.viz.tree import TreeDrawing

    drawings = []
    kept = {}
    patch = pytest.MonkeyPatch()
    for cls in (TreeDrawing, MCTSDrawing):
        init = cls.__init__

        def record(self, *args, _init=init, **kwargs):
            _init(self, *args, **kwargs)
            drawings.append(self)

        patch.setattr(cls, "__init__", record)
    patch.setattr(figures.Output, "save", lambda self, figure, path, dpi=0: kept.update(now=figure))
    folder = tmp_path_factory.mktemp("figures")
    made = {}
    try:
        with matplotlib.style.context("default"):
            for name, make in figures.FIGURES.items():
                drawings.clear()
                make(folder / name)
                figure = kept.pop("now")
                made[name] = (figure, [d for d in drawings if d.ax.figure is figure])
    finally:
        patch.undo()
    return made


@pytest.mark.parametrize("name", list(figures.FIGURES))
def test_every_text_is_at_least_14_pixels_projected_at_1280_by_720(name, saved):
    figure, _ = saved[name]
    width, height = figure.get_size_inches()
    scale = min(1280 / width, 720 / height) / 72  # pixels per point, projected
    smallest = min(drawn_texts(figure), key=lambda drawn: drawn[0].get_fontsize())[0]
    pixels = smallest.get_fontsize() * scale
    assert pixels >= figures.SMALLEST_PIXELS - 0.05, f"{smallest.get_text()!r}: {pixels:.1f} px"


def captions(figure) -> str:
    """The figure's sentences: its own texts (captions, headings, counters) and axes titles."""
    texts = [t.get_text() for t in figure.texts if t.get_visible()]
    texts += [ax.get_title(loc) for ax in figure.axes for loc in ("left", "center", "right")]
    return "\n".join(texts)


@pytest.mark.parametrize("name", list(figures.FIGURES))
def test_every_node_a_caption_names_is_named_in_the_picture(name, saved):
    figure, drawings = saved[name]
    text = captions(figure)
    labels = {t.get_text().strip() for ax in figure.axes for t in ax.texts if t.get_visible()}
    named, missing = set(), set()
    for drawing in drawings:
        for node in drawing.order:
            label = drawing.trace.label(node)
            if label and re.search(rf"(?<![\w.]){re.escape(label)}(?!\w)", text):
                named.add(label)
                if label not in labels:
                    missing.add(label)
    assert missing == set()
    if name == "table_hit.png":
        assert named == {"XOOOXX.XO"}


def _crosses(box, start, end) -> bool:
    """Whether the segment ``start``-``end`` passes through ``box`` (x0, y0, x1, y1)."""
    (x0, y0, x1, y1), (sx, sy), (ex, ey) = box, start, end
    low, high = 0.0, 1.0
    for p, q in (
        (-(ex - sx), sx - x0),
        (ex - sx, x1 - sx),
        (-(ey - sy), sy - y0),
        (ey - sy, y1 - sy),
    ):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            low = max(low, q / p)
        else:
            high = min(high, q / p)
    return low <= high


def test_no_number_of_the_mcts_tree_sits_on_an_edge(saved):
    figure, (drawing,) = saved["mcts_final.png"]
    renderer = figure.canvas.get_renderer()
    figure.canvas.draw()
    segments = [
        drawing.ax.transData.transform(segment)
        for segment, width in zip(
            drawing.edges.get_segments(), drawing.edges.get_linewidths(), strict=True
        )
        if width > 0
    ]
    on_edges = []
    for text in drawing.value_texts.values():
        if not text.get_text():
            continue
        box = text.get_window_extent(renderer)
        extent = (box.x0, box.y0, box.x1, box.y1)
        if any(_crosses(extent, start, end) for start, end in segments):
            on_edges.append(text.get_text())
    assert on_edges == []
