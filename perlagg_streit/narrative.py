"""Texts for ``explain`` (a rule, its sources and the options that change it) and ``replay``
(a step-by-step narrative of a deal with the state after each event)."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from .engine import replay
from .engine import state as engine_state
from .engine.betting import ORDER
from .engine.enums import BookStatus, Phase
from .engine.rules import RULES
from .engine.ruleset import Ruleset
from .engine.view import DealView
from .report import scores_text, side_label
from .ruleset_files import bundled_names
from .ruleset_report import ruleset_rows
from .safe_text import printable
from .transcript import Line, Transcript
from .writer import Writer


def suggest_rule(rule_id: str) -> list[str]:
    """Rule IDs close to a mistyped one."""
    return difflib.get_close_matches(rule_id.upper(), list(RULES), n=3, cutoff=0.5)


def explain_text(rule_id: str, lang: str) -> str:
    """A rule in German and English, its sources, and how each bundled ruleset sets its options."""
    rule = RULES[rule_id.upper()]
    de = lang == "de"
    out = [rule.id, f"  de: {rule.de}", f"  en: {rule.en}"]
    if rule.sources:
        out.append(f"  {'Quellen' if de else 'Sources'}: {'; '.join(rule.sources)}")
    options = [*rule.options, f"penalties.{rule.id}"]
    rows_by_ruleset = {name: {k: (v, s) for k, v, s in ruleset_rows(name)[1]} for name in bundled_names()}
    shown_any = False
    for option in dict.fromkeys(options):
        values = {name: rows.get(option) for name, rows in rows_by_ruleset.items()}
        if not any(values.values()):
            continue
        if not shown_any:
            out.append(f"  {'Regelwerke' if de else 'Rulesets'}:")
            shown_any = True
        out.append(f"    {option}")
        for name, found in values.items():
            value, source = found if found else ("-", "")
            out.append(printable(f"      {name:<16} {value}" + (f"  ({source})" if source else "")))
    return "\n".join(out) + "\n"


def _state_lines(state: DealView, lang: str) -> list[str]:
    de = lang == "de"
    if state.phase is Phase.SETUP:
        trumps = state.setup.trumps
        if trumps is None:
            return []
        suit = trumps.german if de else trumps.english
        perlaggen = " > ".join(map(str, state.setup.perlaggen))
        return [f"{'Trumpf' if de else 'trumps'}: {suit}; Perlaggen: {perlaggen or '-'}"]
    lines = []
    if state.phase is Phase.PLAY and not state.spiel_decided:
        seat = state.expected_seat()
        trick = ", ".join(f"{p.seat} {p.card}" + (f"={p.baptism}" if p.baptism else "") for p in state.play.current)
        lines.append(f"{'Stich' if de else 'trick'} {state.play.trick_number}: {trick or '-'}; "
                     f"{'am Zug' if de else 'to play'}: {seat or '?'}")
    figures = []
    for f in ORDER:
        b = state.betting.books.get(f)
        if b is None:
            continue
        text = f"{f.value} {b.value}"
        if b.pending is not None:
            text += f" ({'geboten' if de else 'bet'} {b.pending.proposed} {'von' if de else 'by'} {b.pending.seat})"
        elif b.status is BookStatus.CONCEDED:
            text += f" ({'gut für' if de else 'good for'} {side_label(b.conceded_to) if b.conceded_to else '?'})"
        elif b.seen_team is not None:
            text += f" ({'gehalten' if de else 'held'})"
        figures.append(text)
    lines.append(", ".join(figures))
    may = []
    for team in state.table.sides:
        # the engine's own verdict on a bet now: a bet it would rule void is not offered
        open_ = [f.value for f in state.may_bet(team)]
        may.append(f"{side_label(team)}: {', '.join(open_) or '-'}")
    lines.append(f"{'bieten dürfen' if de else 'may bet'}: " + "; ".join(may))
    if state.spiel_decided:
        lines.append(f"Spiel: {side_label(state.play.spiel_winner) if state.play.spiel_winner else '-'} "
                     f"({state.play.spiel_decided_by}); {'Stiche' if de else 'tricks'}: "
                     f"{scores_text(tuple(state.play.tricks_won[s] for s in state.table.sides))}")
    return lines


def replay_text(transcript: Transcript, ruleset: Ruleset, lang: str, deal: int | None = None) -> Iterator[str]:
    """The narrative, a block per event: the event as written, then the state after it."""
    writer = Writer(lang)
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
            yield f"\n{'Ausgabe' if lang == 'de' else 'Deal'} {state.number}"
        # the event as written: a Streitfrage's text or a tag's value is the user's own
        text = printable(writer.line(Line((event,))))
        block = [f"{event.pos.line:>4}  {text}"] + [f"        {s}" for s in _state_lines(state, lang)]
        findings = state.violations
        for index in range(seen, len(findings)):
            v = findings[index]
            if index < findings.listed:
                block.append(f"      ! {v.rule}: {printable(v.detail(lang))}")
            else:  # beyond the file's cap: counted and penalised, but its account is not kept
                cap = engine_state.MAX_FINDINGS
                block.append(f"      ! {v.rule}: " + (f"nicht aufgeführt (mehr als {cap} Befunde in der Datei)"
                                                      if lang == "de" else
                                                      f"not listed (more than {cap} findings in the file)"))
        seen = len(state.violations)
        yield "\n".join(block)


__all__ = ["explain_text", "replay_text", "suggest_rule"]
