"""Every module-level cache of the package, in one place, each with its bound.

Why caches: reading and judging repeat the same small work for every line, card and show (see
``benchmarks/README.md``, "Where the time goes"). Why bounded: ``check`` runs over batches of
files that may be hostile (issue 19), and a cache that grows with its input is a leak. So each
cache is declared here, by the qualified name of what it caches, with its bound; the module that
uses it asks for it here (:func:`memo` for a function, :func:`table` for a dict it fills itself),
and an undeclared name fails at import. ``tests/test_invariants.py`` checks that every declared
cache exists and is bounded, and that no module of the package keeps a cache of its own.

Caches inside an object are bounded where they live: the trie of the path memo
(``line_paths.MAX_NODES``) and a table's facts (``engine.table.Table``, one set per table).
Pure standard library: the engine may import it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

_T = TypeVar("_T")
_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")

#: Each cache by the qualified name of the function or dict, and the most entries it may hold.
BOUNDS: dict[str, int] = {
    # one object per card: 4 suits x 9 ranks, and never cleared (cards compare by identity)
    "perlagg_streit.base.cards._EVERY_CARD": 36,
    # the spellings of cards recur in every deal
    "perlagg_streit.base.cards.parse_card_name": 4096,
    # every stage of every show asks again for the same players' best figure
    "perlagg_streit.engine.figures._best_of": 16384,
    # the pack with and without the Weli
    "perlagg_streit.engine.ruleset._deck": 4,
    # a ruleset's Perlaggen for each trump suit
    "perlagg_streit.engine.ruleset._perlaggen": 256,
    # the names of the bundled rulesets
    "perlagg_streit.rulesets._bundled": 1,
    # the words of the transcript language a player's name may not be (made once, when a tag names a player)
    "perlagg_streit.language.player_names._words_of_the_language": 1,
    # rulesets loaded, by name or path and file fingerprint
    "perlagg_streit.rulesets._load": 64,
    # the parser, built once per process; and the diagnosing one, built on the first failure
    "perlagg_streit.language.reader._parser": 1,
    "perlagg_streit.language.reader._guarded_parser": 1,
    # short lines remembered by their text (lines longer than reader.MEMO_MAX_CHARS are not kept)
    "perlagg_streit.language.reader._parse_line": 16384,
    # the memo of parse paths (its trie is bounded by line_paths.MAX_NODES)
    "perlagg_streit.language.reader._path_memo": 1,
    # whether a kind of object is a frozen dataclass, for the read-only view of a deal (a few dozen kinds)
    "perlagg_streit.engine.view._frozen_types": 1024,
    # positions shared by the events of every file
    "perlagg_streit.language.reader._POSITIONS": 1 << 16,
    # each catalogue text compiled once per language: some 520 codes in 2 languages
    "perlagg_streit.messages.core._COMPILED": 4096,
}

_MEMOS: dict[str, functools._lru_cache_wrapper[Any]] = {}
_TABLES: dict[str, BoundedTable[Any, Any]] = {}


def memo(func: Callable[..., _T]) -> functools._lru_cache_wrapper[_T]:
    """``func`` remembered by its arguments, up to the bound declared for it in :data:`BOUNDS`
    (``functools.lru_cache``: the least recently used entry goes first)."""
    name = f"{func.__module__}.{func.__qualname__}"
    cached = functools.lru_cache(maxsize=BOUNDS[name])(func)
    _MEMOS[name] = cached
    return cached


class BoundedTable(dict[_K, _V], Generic[_K, _V]):
    """A dict that a module fills itself, holding at most ``bound`` entries: once full, a new
    value is handed back but not kept (the entries kept are the ones most asked for first)."""

    def __init__(self, name: str, bound: int, clearable: bool) -> None:
        super().__init__()
        self.name = name
        self.bound = bound
        self.clearable = clearable

    def keep(self, key: _K, value: _V) -> _V:
        """``value``, remembered under ``key`` while there is room."""
        if len(self) < self.bound:
            self[key] = value
        return value


def table(name: str, clearable: bool = True) -> BoundedTable[Any, Any]:
    """The dict declared in :data:`BOUNDS` as ``name`` (a module-level qualified name). A table
    that is not ``clearable`` interns objects whose identity matters (the cards)."""
    made: BoundedTable[Any, Any] = BoundedTable(name, BOUNDS[name], clearable)
    _TABLES[name] = made
    return made


def registered() -> dict[str, functools._lru_cache_wrapper[Any] | BoundedTable[Any, Any]]:
    """Every cache made so far (a module's caches exist once it is imported), by name."""
    return {**_MEMOS, **_TABLES}


def clear(*names: str) -> None:
    """Empty the caches named (every clearable one if none is named); for tests and long batches."""
    for name in names or tuple(registered()):
        if name in _MEMOS:
            _MEMOS[name].cache_clear()
        elif _TABLES[name].clearable:
            _TABLES[name].clear()
        elif names:
            raise ValueError(f"{name} interns objects and must not be cleared")
