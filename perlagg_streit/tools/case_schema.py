"""The schema of a case's expectation file (``cases/<topic>/<name>.expect.yaml``), declared once.

A misspelt key must not pass silently: ``violatons: []`` would leave the violations unchecked
and the case would pass whatever the engine found. So every key of the file is declared here,
with what it takes, and :func:`problems` names the path of the first key that breaks it
(``expect.deals[0].violatons: unknown key; known keys: ...``), as pre-commit's cfgv does. The
checks are the ruleset schema's (:mod:`perlagg_streit.engine.schema`); cases/README.md shows
the same keys in its example, and a test keeps the two alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base.cards import Suit, parse_card_name
from ..base.records import record
from ..engine.enums import Answer, HowDecided
from ..engine.ruleset import Forfeit
from ..engine.schema import Check, Custom, Flag, ListOf, OneOf, RulesetError, Text, expected, key_text
from ..language.transcript import Figure
from ..messages import Message


@record
class Field:
    """One key of a mapping: what it takes, whether the file must give it, and what it means."""

    check: Check
    help: str
    required: bool = False


@record
class Record:
    """A mapping whose keys are declared: an unknown key or a missing required one is an error."""

    fields: dict[str, Field]

    @property
    def wants(self) -> Message:
        return Message("ruleset.takes.mapping-of", keys=list(self.fields))

    @property
    def takes(self) -> str:
        return self.wants.text("en")

    def __call__(self, value: Any, path: str) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise expected(path, self.wants, value)
        here = f"{path}." if path else ""
        for k in value:
            if k not in self.fields:
                raise RulesetError(f"{here}{key_text(k)}", Message("ruleset.unknown-key", known=sorted(self.fields)))
        for name, declared in self.fields.items():
            if declared.required and name not in value:
                raise RulesetError(f"{here}{name}", Message("ruleset.missing-field"))
        return {k: self.fields[k].check(v, f"{here}{k}") for k, v in value.items()}


@record
class Maybe:
    """A value, or ``null`` (written ``null`` or left empty)."""

    check: Check

    @property
    def wants(self) -> Message:
        return self.check.wants  # null is said in the field's help

    @property
    def takes(self) -> str:
        return f"{self.check.takes}, or null"

    def __call__(self, value: Any, path: str) -> Any:
        return None if value is None else self.check(value, path)


def _number(low: int) -> Check:
    def check(value: Any, path: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise expected(path, Message("ruleset.takes.whole-from", low=low), value)
        return value
    return Custom(check, Message("ruleset.takes.whole-from", low=low))


def _integer(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise expected(path, Message("ruleset.takes.whole"), value)
    return value


def _suit(value: Any, path: str) -> str:
    if not isinstance(value, str) or value not in {s.value for s in Suit}:
        raise expected(path, Message("ruleset.takes.suit"), value)
    return value


def _card(value: Any, path: str) -> str:
    try:
        return parse_card_name(str(value)).code
    except ValueError:
        raise expected(path, Message("ruleset.takes.card"), value) from None


_WHOLE = Custom(_integer, Message("ruleset.takes.whole"))
_POSITIVE = _number(1)
_SIDE = Text()  # NS, EW; ACE, BDF; A, B, C: the sides of the ruleset's scoresheet
_SCORES = ListOf(_WHOLE)

_FIGURE = Record({
    "winner": Field(Maybe(_SIDE), "the side that wins the figure, or null (it stands, or nobody has it)"),
    "value": Field(_number(0), "the points it is worth"),
    "how": Field(OneOf(HowDecided), "how it ended"),
})

_PENALTY = Record({
    "team": Field(_SIDE, "the side that pays it", required=True),
    "points": Field(_number(0), "penalty points"),
    "forfeit": Field(OneOf(Forfeit), "what it forfeits"),
})

_RULING = Record({
    "line": Field(_POSITIVE, "the line of the Streitfrage", required=True),
    "answer": Field(OneOf(Answer), "allowed, not_allowed, not_proven, record_error", required=True),
    "event_line": Field(Maybe(_POSITIVE), "the line of the event it concerns (null: the deal as a whole)"),
    "seat": Field(Maybe(Text()), "the seat whose act it concerns"),
    "trick": Field(Maybe(_POSITIVE), "for a card: the trick it was played to"),
    "rules": Field(ListOf(Text()), "rule IDs the answer must rest on (among others)"),
    "trick_winner": Field(Maybe(Text()), "for a card: who wins its trick (in the end)"),
    "penalties": Field(ListOf(_PENALTY), "exactly the penalties the act costs under the case's ruleset"),
    "betting": Field(ListOf(Record({
        "figure": Field(OneOf(Figure), "Gleich, Hanger or Spiel", required=True),
        "value": Field(_number(1), "what it is worth now (conceded now: this much)"),
        "proposed": Field(Maybe(_number(1)), "a bet awaiting its answer: what it is worth if held"),
        "awaiting": Field(ListOf(_SIDE), "the sides that must answer it"),
    })), "the betting when the question was asked, per figure named"),
    "others": Field(ListOf(Record({
        "ruleset": Field(Text(), "a bundled ruleset of the same form", required=True),
        "answer": Field(OneOf(Answer), "its answer", required=True),
        "rules": Field(ListOf(Text()), "rule IDs its answer rests on (among others)"),
        "penalties": Field(ListOf(_PENALTY), "exactly the penalties under it"),
    })), "bundled rulesets that answer differently, with their answers"),
    "alike": Field(ListOf(Text()), "bundled rulesets that answer the same"),
})

_DEAL = Record({
    "deal": Field(_POSITIVE, "the deal's number as in the transcript", required=True),
    "trumps": Field(Custom(_suit, Message("ruleset.takes.suit")), "the trump suit"),
    "perlaggen": Field(ListOf(Custom(_card, Message("ruleset.takes.card"))), "this deal's Perlaggen, highest first"),
    "tricks": Field(ListOf(_SIDE), "the winner of each completed trick, in order"),
    "spiel": Field(Maybe(_SIDE), "the side that won the Spiel, or null (not decided)"),
    "violations": Field(ListOf(Record({
        "rule": Field(Text(), "a rule ID of the digest or a RECORD-* code", required=True),
        "seat": Field(Text(), "the seat that broke it"),
        "trick": Field(_POSITIVE, "the trick it happened in"),
        "line": Field(_POSITIVE, "the transcript line it is reported at"),
    })), "exactly these violations, no more, no fewer (may be [])", required=True),
    "penalties": Field(ListOf(Record({
        "team": Field(_SIDE, "the side that pays it", required=True),
        "points": Field(_number(0), "penalty points"),
        "forfeit": Field(OneOf(Forfeit), "what it forfeits"),
    })), "the penalties the violations cost"),
    "figures": Field(Record({name: Field(_FIGURE, f"how the {name} ended") for name in ("gleich", "hanger", "spiel")}),
                     "how each figure ended (engine II)"),
    "points": Field(_SCORES, "the points of the deal, after penalties, one number per side"),
    "score": Field(_SCORES, "the running match score after the deal"),
    "owed": Field(_SCORES, "penalty points each side still owes after the deal"),
    "counts": Field(Flag(), "false for a deal recorded after the match was decided"),
    "rulings": Field(ListOf(_RULING), "the answer to each Streitfrage of the deal, exactly these (by line)"),
})

_MATCH = Record({
    "winner": Field(Maybe(_SIDE), "the side that won the match, or null (not decided)"),
    "score": Field(_SCORES, "the final running score"),
    "deal": Field(Maybe(_POSITIVE), "the deal in which the match was decided"),
    "places": Field(ListOf(_SIDE), "counting down: who reached zero, first place first"),
    "owed": Field(_SCORES, "points still owed after the last deal"),
    "target": Field(_POSITIVE, "the target the match was judged at"),
})

#: The whole expectation file.
CASE_FILE = Record({
    "question": Field(Text(), "the dispute, German first, then English", required=True),
    "ruleset": Field(Text(), "a bundled ruleset, or a file relative to this one (default: innsbruck)"),
    "transcript": Field(Text(), "judge another transcript of the same folder instead of <name>.perlagg"),
    "sources": Field(ListOf(Text()), "where the answer comes from, by source and section or §", required=True),
    "reasoning": Field(Text(), "the hand-worked argument, step by step", required=True),
    "expect": Field(Record({
        "deals": Field(ListOf(_DEAL), "what each deal must come to", required=True),
        "match": Field(_MATCH, "what the whole match must come to"),
    }), "the expected verdict", required=True),
})


def problems(spec: Any) -> list[Message]:
    """What is wrong with an expectation file's data: the first bad key with its path, or nothing."""
    try:
        CASE_FILE(spec, "")
    except RulesetError as exc:
        return [Message("case.bad-file", path=exc.path, problem=exc.what)]
    return []
