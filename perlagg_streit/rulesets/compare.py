"""Where other bundled rulesets answer a Streitfrage differently.

The engine rules under one ruleset; here the same transcript is judged under each other bundled
ruleset of the same form (players and hand size), and a ruling whose answer, rules, penalty or
trick winner differs there is given that ruleset's answer (:class:`.engine.verdict.OtherAnswer`).
Only a verdict with rulings pays for it.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine import judge, rule_on_line
from ..engine.ruleset import Ruleset
from ..engine.verdict import MatchVerdict, OtherAnswer, Ruling
from ..language.transcript import Transcript
from . import bundled_names, load_ruleset


def same_form(ruleset: Ruleset) -> list[Ruleset]:
    """The other bundled rulesets with this one's number of players and hand size, by name."""
    out = []
    for name in bundled_names():
        other = load_ruleset(name)
        if other.name != ruleset.name and other.players == ruleset.players and other.hand_size == ruleset.hand_size:
            out.append(other)
    return out


def _key(ruling: Ruling) -> tuple[object, ...]:
    """What makes two answers differ: the answer in words (it names the rules broken, the trick's
    winner, what a bet is worth), the rules it rests on and the penalties."""
    penalties = tuple((p.team, p.points, p.forfeit) for p in ruling.penalties)
    return ruling.text.text("en"), ruling.rules, penalties


def _other(name: str, theirs: Ruling) -> OtherAnswer:
    return OtherAnswer(name, theirs.answer, theirs.rules, theirs.penalties, theirs.text)


def _compared(mine: Ruling, theirs_by_ruleset: list[tuple[str, Ruling | None]]) -> Ruling:
    others = tuple(_other(name, theirs) for name, theirs in theirs_by_ruleset
                   if theirs is not None and _key(theirs) != _key(mine))
    compared = tuple(name for name, theirs in theirs_by_ruleset if theirs is not None)
    return replace(mine, others=others, compared=compared)


def with_other_answers(transcript: Transcript, ruleset: Ruleset, verdict: MatchVerdict) -> MatchVerdict:
    """The verdict with each ruling's differing answers under the other bundled rulesets of its form.

    A ruling on an event is compared with the other ruleset's ruling on that same event (asked as
    ``why`` asks about its line: under another ruleset a different card of the line may be the one
    that breaks a rule); a ruling on the deal as a whole with that ruleset's on the same question."""
    if not any(d.rulings for d in verdict.deals):
        return verdict
    others = same_form(ruleset)
    judged: dict[str, MatchVerdict] = {}
    on_line: dict[tuple[str, int], tuple[Ruling, ...]] = {}

    def theirs(other: Ruleset, index: int, mine: Ruling) -> Ruling | None:
        if mine.event_line is not None:
            key = (other.name, mine.event_line)
            if key not in on_line:
                on_line[key] = rule_on_line(transcript, other, mine.event_line)[1]
            return next((r for r in on_line[key] if r.event_column == mine.event_column), None)
        if other.name not in judged:
            judged[other.name] = judge(transcript, other)
        deals = judged[other.name].deals
        return next((r for r in deals[index].rulings if r.line == mine.line), None) if index < len(deals) else None

    deals = []
    for index, deal in enumerate(verdict.deals):
        rulings = tuple(_compared(r, [(o.name, theirs(o, index, r)) for o in others]) for r in deal.rulings)
        deals.append(replace(deal, rulings=rulings) if rulings else deal)
    return replace(verdict, deals=tuple(deals))


def rulings_on_line(transcript: Transcript, ruleset: Ruleset, line: int) -> tuple[MatchVerdict, tuple[Ruling, ...]]:
    """``why FILE:LINE``: the rulings on that line's events under ``ruleset``, each with the
    differing answers of the other bundled rulesets of its form."""
    verdict, mine = rule_on_line(transcript, ruleset, line)
    if not mine:
        return verdict, mine
    index = next((i for i, d in enumerate(verdict.deals) if d.number == mine[0].deal), None)
    if index is None:
        return verdict, mine
    deals = tuple(replace(d, rulings=mine if i == index else ()) for i, d in enumerate(verdict.deals))
    compared = with_other_answers(transcript, ruleset, replace(verdict, deals=deals))
    return verdict, compared.deals[index].rulings
