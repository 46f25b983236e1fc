"""Load rulesets from YAML: the bundled ones by name, or a user's file.

The only module that reads YAML. ``extends`` is resolved here (a house-rules
file may extend a bundled ruleset and change a few keys); the schema check is
the engine's (:func:`perlagg_streit.engine.ruleset.build_ruleset`).
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from .engine.ruleset import Ruleset, RulesetError, build_ruleset, merge

MAX_EXTENDS = 8


def bundled_names() -> list[str]:
    """Names of the rulesets shipped with the package."""
    return list(_bundled())


@lru_cache(maxsize=1)
def _bundled() -> tuple[str, ...]:
    folder = resources.files("perlagg_streit").joinpath("rulesets")
    return tuple(sorted(p.name[: -len(".yaml")] for p in folder.iterdir() if p.name.endswith(".yaml")))


def _raw(name_or_path: str) -> tuple[dict[str, Any], str]:
    if name_or_path in _bundled():
        text = resources.files("perlagg_streit").joinpath(f"rulesets/{name_or_path}.yaml").read_text("utf-8")
        source = f"ruleset {name_or_path}"
    else:
        path = Path(name_or_path)
        if not path.is_file():
            raise RulesetError("", f"no bundled ruleset and no file named {name_or_path!r} "
                               f"(bundled: {', '.join(bundled_names())})")
        try:
            text = path.read_text("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RulesetError("", f"cannot read the file: {exc}", str(path)) from None
        source = str(path)
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        raise RulesetError("", f"not valid YAML{where}: {getattr(exc, 'problem', exc)}", source) from None
    if not isinstance(data, dict):
        raise RulesetError("", "a ruleset file must hold a mapping of keys to values", source)
    return data, source


def resolve(name_or_path: str) -> tuple[dict[str, Any], str]:
    """The ruleset's data with every ``extends`` merged in, and its source name."""
    data, source = _raw(name_or_path)
    chain = [name_or_path]
    level_source = source  # the file whose ``extends`` is being resolved
    while "extends" in data:
        parent = data["extends"]
        if not isinstance(parent, str):
            raise RulesetError("extends", f"expected the name of a ruleset, got {parent!r}", source)
        if parent in chain or len(chain) > MAX_EXTENDS:
            raise RulesetError("extends", f"rulesets extend each other in a circle: {' -> '.join(chain + [parent])}",
                               source)
        chain.append(parent)
        parent_data, parent_source = _raw(parent)
        child = _cite_own_keys({k: v for k, v in data.items() if k != "extends"}, level_source, parent_data)
        data = merge(parent_data, child)
        level_source = parent_source
    return data, source


_UNCITED = {"name", "title", "sources", "penalties"}  # no source entry (a penalty carries its own)


def _cite_own_keys(child: dict[str, Any], source: str, parent: dict[str, Any]) -> dict[str, Any]:
    """A key a file changes from its parent's value, with no ``sources`` entry of its own for the key
    or a section above it, is cited by the file itself: without this the parent's source would be
    cited for the child's value (``target: 21`` in a house-rules file cited as "000 Scoring ...
    normally 18 points")."""
    own = child.get("sources", {})
    if not isinstance(own, dict):
        return child  # the schema check reports it
    cited = dict(own)
    for path, value in _leaves(child):
        section = path
        while section not in own and "." in section:
            section = section.rpartition(".")[0]
        if section not in own and _value_at(parent, path) != value:
            cited[path] = source
    return {**child, "sources": cited} if cited != own else child


def _leaves(data: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """The dotted keys a ruleset file sets, with their values (sections flattened as the schema names them)."""
    out: list[tuple[str, Any]] = []
    for key, value in data.items():
        if prefix or key not in _UNCITED:
            path = f"{prefix}{key}"
            out += _leaves(value, path + ".") if isinstance(value, dict) else [(path, value)]
    return out


def _value_at(data: Any, path: str) -> Any:
    """The value at a dotted key of raw ruleset data, or None where the file does not set it."""
    for key in path.split("."):
        if not isinstance(data, dict) or key not in data:
            return None
        data = data[key]
    return data


def load_ruleset(name_or_path: str) -> Ruleset:
    """Load a bundled ruleset by name, or a YAML file by path, checked against the schema.

    Remembered within the process: a batch of a thousand files names the same few rulesets,
    and reading the YAML again for every file cost more than judging it. A user's file is read
    again when its size or modification time changes; a bad ruleset raises every time.
    """
    return _load(name_or_path, _fingerprint(name_or_path))


def _fingerprint(name_or_path: str) -> tuple[int, int] | None:
    if name_or_path in _bundled():
        return None
    try:
        stat = Path(name_or_path).stat()
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


@lru_cache(maxsize=64)
def _load(name_or_path: str, fingerprint: tuple[int, int] | None) -> Ruleset:
    data, source = resolve(name_or_path)
    return build_ruleset(data, source)
