"""Texts for ``explain`` (a rule, its sources and the options that change it) and ``replay``
(a step-by-step narrative of a deal with the state after each event)."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from ..base import rule_index
from ..base.safe_text import printable
from ..engine import judge, replay
from ..engine import state as engine_state
from ..engine.betting import ORDER
from ..engine.enums import BookStatus, Phase
from ..engine.rules import RULES
from ..engine.ruleset import Ruleset
from ..engine.view import DealView
from ..language.transcript import Dispute, Line, Transcript
from ..language.writer import Writer
from ..messages import Message, say
from ..messages.unchecked_texts import not_checked
from ..rulesets import bundled_names
from ..rulesets.compare import with_other_answers
from .report import side_label, side_scores, sources_text
from .ruleset_report import ruleset_rows
from .ruling_text import ruling_lines


def suggest_rule(rule_id: str) -> list[str]:
    """Rule IDs close to a mistyped one."""
    return difflib.get_close_matches(rule_id.upper(), [*RULES, *rule_index.checked(), *not_checked()],
                                     n=3, cutoff=0.5)


def explain_text(rule_id: str, lang: str) -> str:
    """A rule in German and English, its sources, where the engine checks it, and how each bundled
    ruleset sets its options and the penalty for breaking it."""
    rule_id = rule_id.upper()
    rule = RULES.get(rule_id)
    out = [rule_id]
    if rule is not None:
        out += [f"  de: {rule.de}", f"  en: {rule.en}"]
        if rule.sources:
            out.append("  " + sources_text(rule.sources, lang))
    else:
        out.append("  " + say("narrative.wording-in-digest", lang))
    places = rule_index.checked_at(rule_id)
    if places:
        out.append("  " + say("narrative.checked-in", lang))
        out += [f"    {module.replace('.', '/')}.py: {function}" for module, function in places]
    elif rule_id in not_checked():
        out.append("  " + say("narrative.not-checked", lang, why=say(f"unchecked.{rule_id}", lang)))
    options = [*(rule.options if rule is not None else ()), *rule_index.keys_at(rule_id),
               *_penalty_keys(rule_id, places)]
    rows_by_ruleset = {name: {k: (v, s) for k, v, s in ruleset_rows(name)[1]} for name in bundled_names()}
    shown_any = False
    for option in dict.fromkeys(options):
        values = {name: rows.get(option) for name, rows in rows_by_ruleset.items()}
        if not any(values.values()):
            continue
        if not shown_any:
            out.append("  " + say("narrative.rulesets", lang))
            shown_any = True
        out.append(f"    {option}")
        for name, found in values.items():
            value, source = found if found else ("-", "")
            out.append(printable(f"      {name:<16} {value}" + (f"  ({source})" if source else "")))
    return "\n".join(out) + "\n"


def _penalty_keys(rule_id: str, places: tuple[tuple[str, str], ...]) -> list[str]:
    """The ruleset keys that set the penalty for breaking ``rule_id``: its own, and those of the
    rules checked in the same places (a finding is penalised under the rule it reports, so old
    § 17's penalty for a revoke is set by ``penalties.PLAY-3``)."""
    keys = [f"penalties.{rule_id}"]
    for other, at in rule_index.checked().items():
        if other != rule_id and any(place in at for place in places):
            keys.append(f"penalties.{other}")
    return keys


def _state_lines(state: DealView, lang: str) -> list[str]:
    if state.phase is Phase.SETUP:
        trumps = state.setup.trumps
        if trumps is None:
            return []
        return [say("narrative.trumps", lang, trumps=trumps, cards=" > ".join(map(str, state.setup.perlaggen)) or "-")]
    lines = []
    if state.phase is Phase.PLAY and not state.spiel_decided:
        seat = state.expected_seat()
        trick = ", ".join(f"{p.seat} {p.card}" + (f"={p.baptism}" if p.baptism else "") for p in state.play.current)
        lines.append(say("narrative.trick", lang, trick=state.play.trick_number, cards=trick or "-", seat=seat or "?"))
    figures = []
    for f in ORDER:
        b = state.betting.books.get(f)
        if b is None:
            continue
        text = f"{f.value} {b.value}"
        if b.pending is not None:
            text += " " + say("narrative.bet-by", lang, value=b.pending.proposed, seat=b.pending.seat)
        elif b.status is BookStatus.CONCEDED:
            text += " " + say("narrative.good-for", lang, side=side_label(b.conceded_to) if b.conceded_to else "?")
        elif b.seen_team is not None:
            text += " " + say("narrative.held", lang)
        figures.append(text)
    lines.append(", ".join(figures))
    may = []
    for team in state.table.sides:
        # the engine's own verdict on a bet now: a bet it would rule void is not offered
        open_ = [f.value for f in state.may_bet(team)]
        may.append(f"{side_label(team)}: {', '.join(open_) or '-'}")
    lines.append(say("narrative.may-bet", lang, sides="; ".join(may)))
    if state.spiel_decided:
        decided = state.play.spiel_decided_by
        how = Message(f"report.spiel.{decided}") if decided is not None else "-"
        winner = state.play.spiel_winner
        lines.append(say("narrative.spiel", lang, side=side_label(winner) if winner else "-", how=how,
                         tricks=side_scores(state.table.sides,
                                            tuple(state.play.tricks_won[s] for s in state.table.sides))))
    return lines


def replay_text(transcript: Transcript, ruleset: Ruleset, lang: str, deal: int | None = None) -> Iterator[str]:
    """The narrative, a block per event: the event as written, then the state after it."""
    writer = Writer(lang)
    # each Streitfrage is answered where it stands, as the report answers it
    answers = {r.line: r for d in with_other_answers(transcript, ruleset, judge(transcript, ruleset)).deals
               for r in d.rulings}
    steps = replay(transcript, ruleset)
    seen = 0
    current_deal = None
    for state, event in steps:
        if deal is not None and state.number != deal:
            seen = len(state.violations)
            continue
        if state.number != current_deal:
            current_deal = state.number
            seen = 0
            yield "\n" + say("narrative.deal", lang, deal=state.number)
        # the event as written: a Streitfrage's text or a tag's value is the user's own
        text = printable(writer.line(Line((event,))))
        block = [f"{event.pos.line:>4}  {text}"] + [f"        {s}" for s in _state_lines(state, lang)]
        findings = state.violations
        for index in range(seen, len(findings)):
            v = findings[index]
            if index < findings.listed:
                block.append(f"      ! {v.rule}: {printable(v.detail(lang))}")
            else:  # beyond the file's cap: counted and penalised, but its account is not kept
                block.append(f"      ! {v.rule}: " + say("narrative.not-listed", lang, cap=engine_state.MAX_FINDINGS))
        seen = len(state.violations)
        if isinstance(event, Dispute) and event.pos.line in answers:
            block += ruling_lines(answers[event.pos.line], lang, "      ")
        yield "\n".join(block)


__all__ = ["explain_text", "replay_text", "suggest_rule"]
