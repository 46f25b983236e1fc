"""The engine's layout (issue 20, item 12): its modules import one another in one direction only,
type-only imports included, and it never imports the reading or CLI libraries."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from helpers import REPO

ENGINE = REPO / "perlagg_streit" / "engine"


def _imports(path: Path) -> tuple[set[str], set[str]]:
    """(engine modules, outside top-level packages) that a module imports anywhere: at the top,
    inside a function, or under ``if TYPE_CHECKING``."""
    engine: set[str] = set()
    outside: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            outside.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                outside.add((node.module or "").split(".")[0])
            elif node.level == 1 and node.module:
                engine.add(node.module.split(".")[0])
            elif node.level == 1:  # from . import betting, deal
                engine.update(alias.name for alias in node.names)
    return engine, outside


def _graph() -> dict[str, set[str]]:
    return {p.stem: _imports(p)[0] - {p.stem} for p in ENGINE.glob("*.py") if p.stem != "__init__"}


def test_the_engine_modules_import_each_other_without_a_circle() -> None:
    graph = _graph()
    assert "betting" in graph["replay"] and "state" in graph["betting"]  # the scan sees the imports
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for imported in sorted(graph.get(module, ())):
            visit(imported, (*path, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())


def test_the_state_imports_no_phase_module() -> None:
    """state.py is below every phase: the phases import it, never the other way round."""
    assert _graph()["state"] & {"betting", "deal", "match", "replay", "scoring", "show", "tricks"} == set()


def test_the_engine_never_imports_lark_yaml_or_click() -> None:
    for path in ENGINE.glob("*.py"):
        assert _imports(path)[1] & {"lark", "yaml", "click"} == set(), path.name
    code = ("import sys, perlagg_streit.engine\n"
            "print(sorted(m for m in ('lark', 'yaml', 'click') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
