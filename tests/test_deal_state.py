"""A deal's state in parts, each written by its phase, and handed out read-only (issue 20, item 5).

- a consumer of ``replay()`` cannot change the deal: every attribute, container and method it can
  reach refuses, and the verdict it gets is ``judge``'s;
- the engine's questions asked through the view (legal cards, who may bet ...) change nothing;
- each part is written only by the module that owns it (the table in engine/state.py).
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Mapping, Sequence
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from helpers import REPO as ROOT
from helpers import replay_to_verdict

from perlagg_streit.base.records import is_frozen
from perlagg_streit.engine import judge, replay
from perlagg_streit.engine.state import DealState
from perlagg_streit.engine.view import DealView, MappingView, ObjectView, ReadOnlyError, SequenceView
from perlagg_streit.language.reader import read_file, read_transcript
from perlagg_streit.language.transcript import Transcript
from perlagg_streit.render.verdict_json import verdict_to_json
from perlagg_streit.rulesets import load_ruleset

ENGINE = ROOT / "perlagg_streit" / "engine"

#: the examples cover the setup, tricks, bets, the show and validation, a redeal, three and six players
EXAMPLES = sorted((ROOT / "examples").glob("*.perlagg"))


def _load(path: Path) -> tuple[Transcript, Any]:
    transcript = read_file(str(path)).transcript
    return transcript, load_ruleset(transcript.tags.get("Ruleset", "innsbruck"), path)


def _try_to_change(value: Any, depth: int = 0) -> int:
    """Try every way of changing ``value`` and what it holds; each must be refused. Returns how
    many attempts were made (all refused)."""
    tried = 0
    if depth > 6:
        return tried
    if isinstance(value, ObjectView):
        of = object.__getattribute__(value, "_of")
        names = [f.name for f in dataclasses.fields(of)] if dataclasses.is_dataclass(of) else []
        for name in names:
            if name.startswith("_"):
                continue
            with pytest.raises(AttributeError):
                setattr(value, name, None)
            with pytest.raises(AttributeError):
                delattr(value, name)
            tried += 2
            tried += _try_to_change(getattr(value, name), depth + 1)
        for name in dir(type(of)):
            member = getattr(of, name, None)
            if callable(member) and not name.startswith("_") and not isinstance(member, type) \
                    and name not in getattr(type(of), "QUERIES", ()):
                with pytest.raises(ReadOnlyError):
                    getattr(value, name)  # a method that may change the deal cannot even be reached
                tried += 1
    elif isinstance(value, SequenceView):
        for method in ("append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse", "record"):
            with pytest.raises(AttributeError):
                getattr(value, method)
            tried += 1
        with pytest.raises(TypeError):
            value[0] = None  # type: ignore[index]
        tried += 1
        for item in list(value)[:3]:
            tried += _try_to_change(item, depth + 1)
    elif isinstance(value, MappingView):
        for method in ("pop", "popitem", "clear", "update", "setdefault"):
            with pytest.raises(AttributeError):
                getattr(value, method)
            tried += 1
        with pytest.raises(TypeError):
            value["x"] = None  # type: ignore[index]
        tried += 1
        for item in list(value.values())[:3]:
            tried += _try_to_change(item, depth + 1)
    else:
        # what is handed out as it is cannot be changed: immutable values, frozen records
        assert isinstance(value, (str, int, bool, type(None), tuple, frozenset, float, Enum)) or \
            dataclasses.is_dataclass(value) and is_frozen(type(value)) or \
            type(value).__name__ == "Card", type(value)
    return tried


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_a_consumer_of_replay_cannot_change_the_deal(path: Path) -> None:
    transcript, ruleset = _load(path)
    tried = 0

    def at_each(state: DealView) -> None:
        nonlocal tried
        assert isinstance(state, DealView)
        tried += _try_to_change(state)
        with pytest.raises(ReadOnlyError):
            state.violate(("PEN-12", "x", "x"), None)  # type: ignore[attr-defined]
        with pytest.raises(ReadOnlyError):
            state.note_unchecked("x")  # type: ignore[attr-defined]

    verdict = replay_to_verdict(transcript, ruleset, at_each)
    assert tried > 1000  # the walk reached the parts, the books and the hands
    assert verdict_to_json(verdict) == verdict_to_json(judge(transcript, ruleset))


def test_the_view_hands_out_read_only_containers_that_read_like_the_state() -> None:
    transcript, ruleset = _load(ROOT / "examples" / "streitfall.perlagg")
    state = list(replay(transcript, ruleset))[-1][0]
    assert isinstance(state.setup.hands, Mapping) and isinstance(state.play.tricks, Sequence)
    assert isinstance(state.betting.books, MappingView) and isinstance(state.violations, SequenceView)
    hand = next(iter(state.setup.hands.values()))
    with pytest.raises(AttributeError):
        hand.known.remove(hand.known[0]) if hand.known else hand.known.append(None)
    with pytest.raises(AttributeError):
        hand.unknown = 5
    book = next(iter(state.betting.books.values()))
    with pytest.raises(AttributeError):
        book.value = 7
    with pytest.raises(ReadOnlyError):
        book.commit("N", "bet", 2)
    assert state.violations.listed == len(state.violations)  # a findings list's own counts are readable
    assert isinstance(state.betting.books[next(iter(state.betting.books))].out, frozenset)


def test_the_view_is_live() -> None:
    transcript, ruleset = _load(ROOT / "examples" / "streitfall.perlagg")
    numbers = []
    views = set()
    for state, _event in replay(transcript, ruleset):
        numbers.append(state.play.trick_number)
        views.add(id(state))
    # one view per deal (a redeal would make another), showing the tricks as they are played
    assert len(views) == len(transcript.deals)
    assert numbers == sorted(numbers) and numbers[0] == 1 and numbers[-1] > 1


def test_asking_the_view_changes_nothing() -> None:
    # West's hand is only partly known ("?"): at his turn in the second trick (acorns led) the legal
    # cards are worked out for his one known card, the S8, which the record cannot show to be a
    # revoke. Working them out must not write "whether W held Eichel is unknown" into the deal:
    # West then follows suit with the Weli baptised E8, and only what was played is judged.
    source = (ROOT / "cases" / "record" / "luck-und-boden-weli-played.perlagg").read_text("utf-8")
    assert "Karten W: ? ? ? ? ?" in source
    transcript = read_transcript(source.replace("Karten W: ? ? ? ? ?", "Karten W: H7 S8 ? ? ?"), "w.perlagg").transcript
    ruleset = load_ruleset("innsbruck-1890")
    asked = 0

    def at_each(state: DealView) -> None:
        nonlocal asked
        state.legal_actions()
        state.expected_seat()
        state.pending_bets()
        for side in state.table.sides:
            state.may_bet(side)
        for seat in state.table.seats:
            state.displayed(seat, with_validation=True)
        state.verdict()
        asked += 1

    verdict = replay_to_verdict(transcript, ruleset, at_each)
    assert asked > 10
    assert verdict_to_json(verdict) == verdict_to_json(judge(transcript, ruleset))
    assert not any("whether W held" in str(note) for note in verdict.deals[0].unchecked)


# ---- who writes each part -----------------------------------------------------------------------

OWNERS = {"setup": "deal.py", "play": "tricks.py", "betting": "betting.py", "show": "show.py", "score": "match.py"}
CORE = {"phase", "pos", "line_label", "line_index", "last_call", "stopped", "violations", "unchecked", "table"}
MUTATORS = {"append", "extend", "insert", "remove", "pop", "popitem", "clear", "update", "setdefault", "add",
            "discard", "sort", "reverse"}


def _written(target: ast.expr) -> list[str]:
    """What a write to ``target`` changes: 'part' for a field of a part (state.play.current,
    state.show.frozen[f], state.show.frozen.setdefault(f, {})[t]), 'core:field' for a field of the
    DealState itself, nothing for anything else."""
    if isinstance(target, ast.Tuple):
        return [w for element in target.elts for w in _written(element)]
    if isinstance(target, ast.IfExp):
        return _written(target.body) + _written(target.orelse)
    if isinstance(target, ast.Subscript):
        return _written(target.value)
    if isinstance(target, ast.Call) and isinstance(target.func, ast.Attribute) \
            and target.func.attr in ("get", "setdefault"):
        return _written(target.func.value)
    if isinstance(target, ast.Attribute):
        if isinstance(target.value, ast.Attribute) and target.value.attr in OWNERS and _a_state(target.value.value):
            return [target.value.attr]
        if target.attr in OWNERS and _a_state(target.value):
            return [f"the part {target.attr} itself"]
        if target.attr in CORE and _a_state(target.value):
            return [f"core:{target.attr}"]
    return []


def _a_state(node: ast.expr) -> bool:
    """A name the engine gives a DealState: ``state``, ``fresh`` (a redeal), ``self.state``."""
    return (isinstance(node, ast.Name) and node.id in ("state", "fresh")) or \
        (isinstance(node, ast.Attribute) and node.attr == "state")


def _writes(tree: ast.AST) -> list[tuple[str, int]]:
    """(what is written, line) for every write the scan can see in a module."""
    found = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            targets = [node.func.value]
        for target in targets:
            found += [(what, node.lineno) for what in _written(target)]
    return found


def test_the_scan_sees_writes() -> None:
    tree = ast.parse("state.play.current.append(x)\nstate.show.frozen.setdefault(f, {}).setdefault(t, v)\n"
                     "state.setup.hands[s] = h\nstate.play.trick_number += 1\nstate.phase = p\n"
                     "(state.show.a if v else state.show.b).setdefault(s, {}).update(c)\nstate.play = p\n"
                     "x = state.play.current\nstate.setup.hands.get(s)\n")
    assert set(_writes(tree)) == {("play", 1), ("show", 2), ("setup", 3), ("play", 4), ("core:phase", 5),
                                  ("show", 6), ("the part play itself", 7)}
    assert _writes(ast.parse("match.score = s\nscore[i] = 1\nin_play = state.play\n")) == []


def test_each_part_is_written_only_by_its_owner() -> None:
    wrong = []
    seen: dict[str, set[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        if path.name == "state.py":
            continue  # it declares the parts, builds them and records the findings
        for what, line in _writes(ast.parse(path.read_text("utf-8"))):
            seen.setdefault(what, set()).add(path.name)
            owner = "replay.py" if what.startswith("core:") else OWNERS.get(what)
            if path.name != owner:
                wrong.append(f"{path.name}:{line} writes {what} (owner: {owner})")
    assert wrong == []
    # the scan is not idle: every part is written, by its owner
    assert {part: seen.get(part) for part in OWNERS} == {part: {owner} for part, owner in OWNERS.items()}


def test_the_parts_hold_every_field_once() -> None:
    from perlagg_streit.engine import state as module

    # the parts' classes, as DealState declares them (its annotations are strings)
    parts = {name: getattr(module, str(DealState.__dataclass_fields__[name].type)) for name in OWNERS}
    fields = [f.name for cls in parts.values() for f in dataclasses.fields(cls)]
    assert len(fields) == len(set(fields)) > 40  # no field in two parts
    core = {f.name for f in dataclasses.fields(DealState)}
    assert not (core & set(fields)) and set(OWNERS) <= core
    assert core - set(OWNERS) - {"ruleset", "source", "number", "_ranks", "_ranks_of"} <= CORE  # replay's own
