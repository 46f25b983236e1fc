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


#: The package's rooms, lowest first: a module may import only from its own room or one below.
#: ``web`` (``perlagg-streit serve``) is on floor 6 beside ``tools``: listed after it, so that tools
#: cannot import it; that nothing but cli.py imports it is tested below.
ROOMS = ("base", "messages", "language", "engine", "rulesets", "render", "tools", "web", "cli")


def _room(module: str) -> str:
    """The room of a dotted module name of the package (``perlagg_streit.engine.tricks`` -> engine)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _package_imports() -> list[tuple[str, str, str]]:
    """(importing module, imported module, where) for every import of the package by the package."""
    found: list[tuple[str, str, str]] = []
    root = REPO / "perlagg_streit"
    for path in sorted(root.rglob("*.py")):
        parts = ["perlagg_streit", *path.relative_to(root).with_suffix("").parts]
        is_package = parts[-1] == "__init__"
        module = ".".join(parts[:-1] if is_package else parts)
        package = module if is_package else module.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join([*base, *([node.module] if node.module else [])])
                names = [target] if node.module else [f"{target}.{a.name}" for a in node.names]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("perlagg_streit"):
                names = [node.module or ""]
            else:
                continue
            found += [(module, name, f"{path.relative_to(REPO)}:{node.lineno}") for name in names]
    return found


def test_the_rooms_import_only_downward() -> None:
    imports = _package_imports()
    assert any(_room(a) == "render" and _room(b) == "engine" for a, b, _ in imports)  # the scan sees them
    upward = [f"{where}: {a} imports {b}" for a, b, where in imports
              if _room(b) in ROOMS and _room(a) in ROOMS and ROOMS.index(_room(b)) > ROOMS.index(_room(a))]
    assert not upward, "\n".join(upward)


def test_every_module_sits_in_a_room() -> None:
    root = REPO / "perlagg_streit"
    loose = sorted(p.name for p in root.glob("*.py") if p.stem not in ("__init__", "__main__", "cli"))
    assert loose == []
    assert {p.name for p in root.iterdir() if p.is_dir() and (p / "__init__.py").exists()} == set(ROOMS) - {"cli"}


def test_nothing_but_the_command_line_imports_the_web_app() -> None:
    users = sorted({a for a, b, _ in _package_imports() if _room(b) == "web" and _room(a) not in ("web", "cli")})
    assert users == []
    assert any(_room(a) == "cli" and _room(b) == "web" for a, b, _ in _package_imports())  # the scan sees it
