"""The performance invariants, each guarded by a test that fails when it is broken (issue 20, item 10).

None of these is timed (speed is measured in benchmarks/): each checks the property the speed rests
on, as written in a comment where it lives.

- Events and lines keep their fields in ``__dict__``, never ``__slots__`` (transcript.Event): the
  reader copies shared lines and events by their ``__dict__`` and the replay looks up an event's
  seat there.
- One object per card (cards.Card): cards, suits, ranks and figures compare and hash by identity.
- The betting books are kept in the order of the figures (engine.betting.ORDER): the figures whose
  bet awaits an answer are read off them in that order on every card played.
- Every module-level cache is declared in perlagg_streit/base/caches.py with a bound, and kept bounded.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import importlib
import pickle
import pkgutil
from pathlib import Path
from typing import Any

import pytest
from helpers import CASES, DATA, EXAMPLES, REPO

import perlagg_streit
from perlagg_streit.base import caches
from perlagg_streit.base.cards import EICHEL_SPITZ, WELI, Card, Rank, Suit, card, parse_card_name
from perlagg_streit.engine import betting, replay
from perlagg_streit.engine.state import BettingState
from perlagg_streit.language import reader, transcript
from perlagg_streit.language.reader import read_file
from perlagg_streit.language.transcript import Event, Figure, Line
from perlagg_streit.rulesets import load_ruleset

PACKAGE = REPO / "perlagg_streit"


def _every_module() -> list[str]:
    names = [info.name for info in pkgutil.walk_packages(perlagg_streit.__path__, "perlagg_streit.")]
    for name in names:
        importlib.import_module(name)  # a module's caches exist once it is imported
    return names


def _subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub} | _subclasses(sub)
    return found


# ---- events keep their fields in __dict__ ----------------------------------------------------------

def test_no_event_or_line_class_declares_slots() -> None:
    classes = {Event, Line} | _subclasses(Event)
    assert len(classes) > 25
    for cls in classes:
        for klass in cls.__mro__:
            if klass is not object:
                assert "__slots__" not in vars(klass), f"{klass.__name__} has __slots__: the reader copies " \
                    "events by their __dict__ (reader._moved) and would lose its fields"


def test_every_field_of_every_event_read_is_in_its_dict() -> None:
    # the file of every construct, and the three it leaves out: each kind of event, read, with all
    # its fields where the reader copies them from
    text = (DATA / "all_constructs.perlagg").read_text("utf-8") \
        + "Ausgabe 99\nN fragt Gleich dritzig\nKartenstehlen: W\nNeu geben nach dem ersten Paket\n"
    result = reader.read_transcript(text)
    assert result.ok
    seen: set[type] = set()
    t = result.transcript
    lines = list(t.header) + [line for d in t.deals for line in d.lines]
    for line in lines:
        assert set(vars(line)) == {f.name for f in dataclasses.fields(line)}
    for event in [e for line in lines for e in line.events] + [d.header for d in t.deals]:
        seen.add(type(event))
        assert set(vars(event)) == {f.name for f in dataclasses.fields(event)}, type(event).__name__
    concrete = {cls for cls in _subclasses(Event) if cls.__module__ == transcript.__name__}
    assert concrete - seen == set(), "a kind of event is missing from the text above"


def test_a_line_read_twice_is_copied_with_every_field() -> None:
    # a remembered line is shared and copied to its own line number field by field (reader._shift)
    text = "Ausgabe 1\nN biete Gleich und Hanger  # zwei\nN biete Gleich und Hanger  # zwei\n"
    first, second = read_file_text(text)
    assert first == second and first is not second
    assert (first.pos.line, second.pos.line) == (2, 3)
    assert first.comment == second.comment == "zwei"


def read_file_text(text: str) -> list[Line]:
    return list(reader.read_transcript(text).transcript.deals[0].lines)


# ---- one object per card ---------------------------------------------------------------------------

def test_there_is_one_object_per_card_however_it_is_made() -> None:
    for suit in Suit:
        for rank in Rank:
            c = Card(suit, rank)
            assert Card(suit, rank) is c
            assert parse_card_name(c.code) is c
            assert copy.copy(c) is c and copy.deepcopy(c) is c
            assert pickle.loads(pickle.dumps(c)) is c
            assert dataclasses.replace(c) is c
    assert card("S6") is WELI and parse_card_name("Eichel-Spitz") is EICHEL_SPITZ
    interned = caches.registered()["perlagg_streit.base.cards._EVERY_CARD"]
    assert len(interned) == len(Suit) * len(Rank) == caches.BOUNDS["perlagg_streit.base.cards._EVERY_CARD"]


def test_cards_suits_ranks_and_figures_compare_and_hash_by_identity() -> None:
    # equality by identity costs no Python call; a dataclass __eq__ or Enum's own __hash__ would
    assert Card.__eq__ is object.__eq__ and Card.__hash__ is object.__hash__
    for enum in (Suit, Rank, Figure):
        assert enum.__hash__ is object.__hash__, enum.__name__


# ---- the books in ORDER ----------------------------------------------------------------------------

def _books_of(state: Any) -> dict[Figure, Any]:
    return state.betting.books  # type: ignore[no-any-return]


def test_a_new_deal_opens_its_books_in_the_order_of_the_figures() -> None:
    assert tuple(BettingState().books) == betting.ORDER


def test_the_books_are_in_the_order_of_the_figures_at_every_step_of_every_case() -> None:
    # including the redeals (deal.redeal builds the books anew) and every ruleset and table size
    files = sorted(CASES.glob("**/*.perlagg")) + sorted(EXAMPLES.glob("*.perlagg"))
    steps = 0
    for path in files:
        read = read_file(path)
        if not read.ok:
            continue
        ruleset = load_ruleset(read.transcript.tags.get("Ruleset", "innsbruck"), path)
        for state, _event in replay(read.transcript, ruleset):
            assert tuple(_books_of(state)) == betting.ORDER, path
            steps += 1
    assert steps > 5000


def test_pending_bets_follow_the_order_of_the_figures() -> None:
    # the Hanger and the Gleich bet at once, the Hanger named first: both await an answer, Gleich first
    case = (CASES / "scoring" / "simultaneous-bets-gleich-first.perlagg").read_text("utf-8")
    text = case.split("S biete Hanger und Gleich")[0] + "S biete Hanger und Gleich\n"
    read = reader.read_transcript(text)
    assert read.ok
    last = None
    for state, _event in replay(read.transcript, load_ruleset("innsbruck")):
        last = state
    assert last is not None
    assert last.pending_bets() == [Figure.GLEICH, Figure.HANGER]


# ---- the caches: one place, bounded ----------------------------------------------------------------

def test_every_declared_cache_exists_and_every_cache_is_declared() -> None:
    _every_module()
    assert set(caches.registered()) == set(caches.BOUNDS)


@pytest.mark.parametrize("name", sorted(caches.BOUNDS))
def test_each_cache_is_bounded(name: str) -> None:
    _every_module()
    cache = caches.registered()[name]
    bound = caches.BOUNDS[name]
    if isinstance(cache, caches.BoundedTable):
        assert cache.bound == bound
        if not cache.clearable:
            return  # an interning table: bounded by what it interns (the cards, above)
        kept = dict(cache)
        try:
            for i in range(bound + 10):
                cache.keep(("test", i), i)
            assert len(cache) == bound
        finally:
            cache.clear()
            cache.update(kept)
    else:
        assert cache.cache_parameters()["maxsize"] == bound


def test_a_full_table_still_answers() -> None:
    table: caches.BoundedTable[int, str] = caches.BoundedTable("test", 2, clearable=True)
    assert [table.keep(i, str(i)) for i in range(4)] == ["0", "1", "2", "3"]
    assert table == {0: "0", 1: "1"}


def test_an_interning_table_is_never_cleared() -> None:
    with pytest.raises(ValueError):
        caches.clear("perlagg_streit.base.cards._EVERY_CARD")
    caches.clear()
    assert len(caches.registered()["perlagg_streit.base.cards._EVERY_CARD"]) == 36
    assert Card(Suit.HERZ, Rank.ASS) is parse_card_name("HA")


_CACHE_DECORATORS = {"lru_cache", "cache"}


def _module_level_caches(path: Path) -> list[str]:
    """Caches a module keeps of its own: functools caches, and module-level dicts, lists or sets
    that start empty (a module fills those as it runs)."""
    tree = ast.parse(path.read_text("utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for deco in node.decorator_list:
                target = deco.func if isinstance(deco, ast.Call) else deco
                name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
                if name in _CACHE_DECORATORS:
                    found.append(f"{path.name}:{node.lineno} @{name} {node.name}")
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        empty_literal = (isinstance(value, ast.Dict) and not value.keys) or \
            (isinstance(value, (ast.List, ast.Set)) and not value.elts)
        empty_call = isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and \
            value.func.id in {"dict", "list", "set"} and not value.args and not value.keywords
        if empty_literal or empty_call:
            found.append(f"{path.name}:{node.lineno} an empty module-level container")
    return found


def test_no_module_keeps_a_cache_outside_the_registry() -> None:
    found = [f for path in sorted(PACKAGE.rglob("*.py")) if path.name != "caches.py"
             for f in _module_level_caches(path)]
    assert found == [], "declare these in perlagg_streit/base/caches.py, with a bound"


def test_the_scan_for_caches_sees_one(tmp_path: Path) -> None:
    # the scan above would see a cache written the old way
    sample = tmp_path / "sample.py"
    sample.write_text("import functools\n_SEEN: dict[str, int] = {}\n_ALSO = set()\n\n"
                      "@functools.lru_cache(maxsize=None)\ndef f(x): return x\n", "utf-8")
    assert len(_module_level_caches(sample)) == 3
