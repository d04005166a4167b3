"""The package's layers (docs/architecture.md): no module imports one above
it, no two modules import each other, every module has its layer, and the
pictures (``viz``) import no search, no player and not the engine."""

import ast
from pathlib import Path

import aisearch

PACKAGE = Path(aisearch.__file__).parent

SEARCHES = {
    "minimax",
    "alphabeta",
    "negamax",
    "expectimax",
    "quiescence",
    "maxn",
    "caching",
    "connect4_solver",
    "connect4_solver_trace",
    "counting",
    "montecarlo",
    "paranoid",
}
PLAYING = {"deepening", "players", "connect4_player", "mcts", "tournament", "agents", "matches"}
"""Searches built on searches, and playing games."""

LAYERS = [
    # core: what a game is, what a search returns and what a player decided;
    # tracing (mcts_trace is MCTS's trace: it reads events, it runs no search)
    {
        "game",
        "validation",
        "result",
        "decision",
        "symmetry",
        "zobrist",
        "evaluation",
        "tracing",
        "trace",
        "mcts_trace",
        "narration",
        "focus",
        "description",
        "progress",
    },
    {"games"},
    # the engine
    {"table", "engine"},
    SEARCHES,
    PLAYING,
    {"viz"},
    {"exercises"},
    {"figures", "__init__"},
]
"""Each module's layer, bottom first, by its first name inside the package."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """The package's modules that ``path`` imports, at the top or inside a function."""
    name = module_name(path)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    if name == "__init__":
        package = []
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
            target = [*base, *(node.module.split(".") if node.module else [])]
            found.add(".".join(target))
            for alias in node.names:  # `from . import x` imports the module x
                if (
                    PACKAGE.joinpath(*target, alias.name).with_suffix(".py").exists()
                    or PACKAGE.joinpath(*target, alias.name).is_dir()
                ):
                    found.add(".".join([*target, alias.name]))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("aisearch."):
            found.add(node.module.removeprefix("aisearch."))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("aisearch."):
                    found.add(alias.name.removeprefix("aisearch."))
    found.discard("")
    return found


def graph() -> dict[str, set[str]]:
    return {module_name(p): imports(p) for p in PACKAGE.rglob("*.py")}


def layer(name: str) -> int:
    first = name.split(".")[0]
    for i, members in enumerate(LAYERS):
        if first in members:
            return i
    raise AssertionError(f"aisearch.{name} has no layer: give it one in tests/test_layers.py")


def test_every_module_has_a_layer():
    for name in graph():
        layer(name)


def test_no_module_imports_one_above_it():
    upward = [
        f"aisearch.{a} imports aisearch.{b}"
        for a, targets in graph().items()
        for b in targets
        if layer(b) > layer(a)
    ]
    assert not upward


def test_no_import_cycle():
    edges = graph()
    state: dict[str, str] = {}
    cycles = []

    def visit(node, path):
        state[node] = "open"
        for nxt in sorted(edges.get(node, ())):
            if nxt not in edges:
                continue
            if state.get(nxt) == "open":
                cycles.append(" -> ".join([*path[path.index(nxt) :], nxt]))
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = "done"

    for node in sorted(edges):
        if node not in state:
            visit(node, [node])
    assert not cycles


NOT_FOR_PICTURES = SEARCHES | PLAYING | {"engine"}
"""What ``viz`` never imports: a board is handed its player, a picture reads a trace."""


def test_pictures_never_search():
    offenders = [
        f"aisearch.{a} imports aisearch.{b}"
        for a, targets in graph().items()
        if a.split(".")[0] == "viz"
        for b in targets
        if b.split(".")[0] in NOT_FOR_PICTURES
    ]
    assert not offenders, "\n".join(offenders)


def test_viz_modules_import_their_siblings_not_the_package():
    offenders = [a for a, targets in graph().items() if a.startswith("viz.") and "viz" in targets]
    assert not offenders


def test_the_checker_sees_an_upward_import_and_a_cycle(tmp_path, monkeypatch):
    # The test can fail: a game that imports a search is caught.
    fake = tmp_path / "aisearch"
    (fake / "games").mkdir(parents=True)
    (fake / "games" / "bad.py").write_text("from ..minimax import minimax\n")
    (fake / "minimax.py").write_text("from .games.bad import x\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", fake)
    assert graph() == {"games.bad": {"minimax"}, "minimax": {"games.bad"}}
    assert layer("minimax") > layer("games.bad")
    try:
        test_no_import_cycle()
    except AssertionError:
        pass
    else:
        raise AssertionError("the cycle was not seen")


def test_the_checker_sees_a_picture_that_searches_or_plays(tmp_path, monkeypatch):
    # A board that imports a search, a player or the engine is caught, with its
    # sibling that imports only the core and a trace.
    fake = tmp_path / "aisearch"
    (fake / "viz").mkdir(parents=True)
    (fake / "viz" / "board.py").write_text(
        "from ..alphabeta import alphabeta\nfrom ..players import depth_player\n"
        "import aisearch.engine\nfrom ..decision import Decision\n"
    )
    (fake / "viz" / "tree.py").write_text(
        "from ..trace import Trace\nfrom ..mcts_trace import SELECT\n"
    )
    for name in ("alphabeta", "players", "engine", "decision", "trace", "mcts_trace"):
        (fake / f"{name}.py").write_text("")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", fake)
    try:
        test_pictures_never_search()
    except AssertionError as error:
        seen = str(error)
    else:
        raise AssertionError("the board that searches was not seen")
    for b in ("alphabeta", "players", "engine"):
        assert f"aisearch.viz.board imports aisearch.{b}" in seen
    assert "decision" not in seen and "viz.tree" not in seen
