"""Render verdicts as text for people, German or English (renderers only read verdicts)."""

from __future__ import annotations

from typing import Any

from .engine import state as engine_state
from .engine.rules import RULES
from .engine.verdict import DealVerdict, MatchVerdict, Penalty, Violation
from .messages import Message
from .safe_text import printable

_T: dict[str, dict[str, Any]] = {
    "de": {
        "deal": "Ausgabe", "dealer": "Geber", "trumps": "Trumpf", "perlaggen": "Perlaggen", "cut": "Abheben",
        "kept": "behalten", "nothing": "nichts", "exchanges": "Tausch", "gives": "gibt", "for": "für",
        "tricks": "Stiche", "spiel": "Spiel", "won_by_tricks": "durch Stiche", "conceded": "gut gelassen",
        "hin": "das Spiel ist hin", "places": "Plätze",
        "undecided": "nicht entschieden", "violations": "Verstöße", "none": "keine", "what": "Was geschah",
        "sources": "Quellen", "penalty": "Strafe", "points": "Punkte", "for_team": "für", "unchecked": "Nicht prüfbar",
        "forfeit": {"none": "", "spiel": "Verlust der Figur Spiel", "figures": "Verlust aller gemachten Figuren",
                    "deal": "keine Punkte in dieser Ausgabe", "partie": "Verlust der Partie"},
        "record": "Protokollfehler", "offence": "Regelverstoß", "no_penalty": "keine Strafe in diesem Regelwerk",
        "trick": "Stich", "clean": "Keine Verstöße.", "summary": "Ausgaben", "ruleset": "Regelwerk",
        "stopped": "(--strict: beim ersten Verstoß angehalten)",
        "score": "Stand", "gestrichen": "gestrichen", "winner": "Sieger", "in_deal": "in Ausgabe",
        "open": "Partie offen", "target": "Ziel",
        "ruling": "Entscheidung", "bets": "Gebote", "figures": "Figuren", "deal_points": "Punkte der Ausgabe",
        "how": {"unseen": "ungeboten", "held": "gehalten", "conceded": "gut gelassen", "stands": "steht", "hin": "hin",
                "tricks": "durch Stiche", "forfeit": "verwirkt", "none": "niemand", "hands": "aus den Karten"},
        "actions": {"bet": "bietet", "hold": "hält", "raise": "steigert", "good": "gut", "blind": "bietet blind"},
        "owes": "schuldet", "not_counted": "zählt nicht",
        "agreed": "vereinbart laut [Target]; das Regelwerk spielt auf",
    },
    "en": {
        "deal": "Deal", "dealer": "dealer", "trumps": "trumps", "perlaggen": "Perlaggen", "cut": "Cut",
        "kept": "kept", "nothing": "nothing", "exchanges": "Exchange", "gives": "gives", "for": "for",
        "tricks": "Tricks", "spiel": "Spiel", "won_by_tricks": "by tricks", "conceded": "conceded",
        "hin": "nobody made it: das Spiel ist hin", "places": "Places",
        "undecided": "not decided", "violations": "Violations", "none": "none", "what": "What happened",
        "sources": "Sources", "penalty": "Penalty", "points": "points", "for_team": "for", "unchecked": "Not checkable",
        "forfeit": {"none": "", "spiel": "loses the Spiel", "figures": "loses every figure made",
                    "deal": "no points this deal", "partie": "loses the match (Partie)"},
        "record": "record error", "offence": "offence", "no_penalty": "no penalty in this ruleset",
        "trick": "trick", "clean": "No violations.", "summary": "deals", "ruleset": "ruleset",
        "stopped": "(--strict: stopped at the first violation)",
        "score": "Score", "gestrichen": "gestrichen", "winner": "Winner", "in_deal": "in deal",
        "open": "match not decided", "target": "target",
        "ruling": "ruling", "bets": "Bets", "figures": "Figures", "deal_points": "Points of the deal",
        "how": {"unseen": "unbet", "held": "held", "conceded": "conceded", "stands": "stands", "hin": "hin",
                "tricks": "by tricks", "forfeit": "forfeited", "none": "nobody", "hands": "from the hands"},
        "actions": {"bet": "bets", "hold": "holds", "raise": "raises", "good": "good", "blind": "bets blind"},
        "owes": "owes", "not_counted": "not counted",
        "agreed": "agreed in [Target]; the ruleset plays to",
    },
}
def side_label(side: str) -> str:
    """How a side is written: N/S, E/W, A/C/E, or a single seat (three players)."""
    return "/".join(side)


def scores_text(scores: tuple[int, ...] | list[int]) -> str:
    """A score with one column per side: 12:9, or 9:7:11."""
    return ":".join(map(str, scores))


def unchecked_text(note: Message, lang: str) -> str:
    """A check the record did not allow, in the report's language."""
    return note.text(lang)


def how_text(how: Message | None, lang: str) -> str:
    """How a match or deal was decided, in the report's language ('' if it was not)."""
    return how.text(lang) if how is not None else ""


def owed_text(sides: tuple[str, ...], owed: tuple[int, ...], lang: str) -> str:
    """'N/S schuldet 2 Punkte' for each side that owes penalty points (§ 10), or '' when none does."""
    t = _T[lang]
    def owes(side: str) -> str:  # a pair owes, a single player owes: English agrees with the number of players
        return "owe" if lang == "en" and len(side) > 1 else str(t["owes"])
    return ", ".join(f"{side_label(s)} {owes(s)} {n} {t['points']}" for s, n in zip(sides, owed, strict=False) if n)


def owed_lines(sides: tuple[str, ...], owed: tuple[int, ...], lang: str, indent: str = "  ") -> list[str]:
    """Points owed with their rule and its sources, as a violation is shown (SCORE-11, 003 § 10)."""
    text = owed_text(sides, owed, lang)
    if not text:
        return []
    rule = RULES["SCORE-11"]
    return [f"{indent}{text}: SCORE-11 {rule.text(lang)}",
            f"{indent}    {_T[lang]['sources']}: {'; '.join(rule.sources)}"]


def target_text(m: MatchVerdict, lang: str) -> str:
    """The goal of the match; a target agreed in the [Target] tag says so and names the ruleset's."""
    if m.target_from_tag:
        return f"{m.goal} ({_T[lang]['agreed']} {m.ruleset_target})"
    return m.goal


def penalty_text(p: Penalty, lang: str) -> str:
    """'2 Punkte für N/S, Verlust der Figur Spiel (003 old § 17 ...)'."""
    t = _T[lang]
    parts = []
    if p.points:
        parts.append(f"{p.points} {t['points']} {t['for_team']} {side_label(p.team)}")
    forfeit = t["forfeit"][p.forfeit]
    if forfeit:
        parts.append(f"{side_label(p.team)}: {forfeit}")
    return ", ".join(parts) + f" ({p.source})"


def place_text(v: Violation, lang: str) -> str:
    """'file:line:col (Ausgabe 1, Stich 2)', the file name as a terminal may show it."""
    t = _T[lang]
    p = v.place
    trick = f", {str(t['trick']).capitalize()} {p.trick}" if p.trick else ""
    return f"{printable(p.source)}:{p.line}:{p.column} ({t['deal']} {p.deal}{trick})"


def _number(n: int, lang: str) -> str:
    """12,345 in English, 12.345 in German."""
    return f"{n:,}".replace(",", ".") if lang == "de" else f"{n:,}"


def not_listed_text(d: DealVerdict, lang: str) -> str:
    """The findings of a deal beyond the file's cap, counted by rule: '... and 5,000 more, not listed'."""
    by_rule = ", ".join(f"{_number(n, lang)}× {rule}" for rule, _kind, n in d.not_listed_by_rule)
    n, cap = d.violations_not_listed, _number(engine_state.MAX_FINDINGS, lang)
    if lang == "de":
        more = "weiterer Befund" if n == 1 else "weitere Befunde"
        return (f"… und {_number(n, lang)} {more}, nicht aufgeführt (je Datei werden höchstens {cap} Befunde "
                f"aufgeführt): {by_rule}")
    return (f"… and {_number(n, lang)} more {'finding' if n == 1 else 'findings'}, not listed (at most {cap} findings "
            f"are listed per file): {by_rule}")


def match_not_listed_text(m: MatchVerdict, lang: str) -> str:
    """The file's findings beyond the cap, in one line (empty if there are none)."""
    n = m.violations_not_listed
    if not n:
        return ""
    cap = _number(engine_state.MAX_FINDINGS, lang)
    if lang == "de":
        more = "weiterer Befund" if n == 1 else "weitere Befunde"
        return (f"Nicht aufgeführt: {_number(n, lang)} {more} (je Datei werden höchstens {cap} aufgeführt; "
                "gezählt und bestraft sind sie alle)")
    return (f"Not listed: {_number(n, lang)} more {'finding' if n == 1 else 'findings'} (at most {cap} are listed "
            "per file; all of them are counted and penalised)")


def violation_text(v: Violation, lang: str) -> list[str]:
    """A violation as a referee states it: place, rule in words, what happened, source, penalty."""
    t = _T[lang]
    rule = RULES[v.rule]
    lines = [f"  - {place_text(v, lang)}: {v.rule} ({t[v.kind]}) {rule.text(lang)}",
             f"      {t['what']}: {printable(v.detail(lang))}"]
    if rule.sources:
        lines.append(f"      {t['sources']}: {'; '.join(rule.sources)}")
    if v.kind == "offence":
        # a penalty's source is text from the ruleset's YAML file
        penalty = printable(penalty_text(v.penalty, lang)) if v.penalty else t["no_penalty"]
        lines.append(f"      {t['penalty']}: {penalty}")
    return lines


def trick_table(d: DealVerdict, lang: str) -> list[str]:
    """The tricks as they lie on the table: each player's row of cards from left to right,
    a Perlagg with its baptism, the card that won the trick marked with '*' (000 The Play)."""
    t = _T[lang]
    cells: dict[str, list[str]] = {seat: [] for seat in d.seats}
    for trick in d.tricks:
        for seat in cells:
            play = next((p for p in trick.plays if p.seat == seat), None)
            text = "" if play is None else str(play.card) + (f"={play.baptism}" if play.baptism else "")
            cells[seat].append(text + ("*" if play is not None and seat == trick.winner else ""))
    width = max([len(c) for row in cells.values() for c in row] + [3]) + 2
    head = "".join(str(trick.number).ljust(width) for trick in d.tricks)
    lines = [f"  {t['tricks']}:", f"          {head}".rstrip()]
    for seat, row in cells.items():
        lines.append(f"    {seat}    " + " " + "".join(c.ljust(width) for c in row).rstrip())
    winners = ", ".join(trick.winner or "-" for trick in d.tricks)
    lines.append(f"    -> {winners}")
    return lines


def deal_text(d: DealVerdict, lang: str) -> str:
    """The report of one deal."""
    t = _T[lang]
    suit = (d.trumps.german if lang == "de" else d.trumps.english) if d.trumps else "?"
    out = [f"{t['deal']} {d.number} — {t['dealer']} {d.dealer or '?'}, {t['trumps']} {suit}"]
    if d.perlaggen:
        out.append(f"  {t['perlaggen']}: {' > '.join(str(c) for c in d.perlaggen)}")
    if d.cutter:
        kept = " ".join(str(c) for c in d.cut) or t["nothing"]
        out.append(f"  {t['cut']}: {d.cutter}, {t['kept']}: {kept}")
    for x in d.exchanges:
        out.append(f"  {t['exchanges']}: {x.seat} {t['gives']} {x.gives} {t['for']} {x.takes}")
    if d.tricks:
        out.extend(trick_table(d, lang))
    how = {"tricks": t["won_by_tricks"], "concession": t["conceded"], "hin": t["hin"]}.get(d.spiel_decided_by or "", "")
    winner = side_label(d.spiel_winner) if d.spiel_winner else t["undecided"]
    out.append(f"  {t['spiel']}: {winner}" + (f" ({how})" if how else ""))
    if d.bets:
        steps = ", ".join(f"{b.seat} {t['actions'][b.action]} {b.figure.value} ({b.value})" for b in d.bets)
        out.append(f"  {t['bets']}: {steps}")
    if d.figures:
        out.append(f"  {t['figures']}:")
        for o in d.figures:
            who = side_label(o.winner) if o.winner else "-"
            best = f"  [{'; '.join(o.best)}]" if o.best else ""
            out.append(f"    {o.figure.value:<7} {who:<4} {o.value}  {t['how'].get(o.how, o.how)}{best}")
        points = ", ".join(f"{side_label(s)} {p}" for s, p in zip(d.sides, d.points, strict=False))
        out.append(f"  {t['deal_points']}: {points}")
    if d.match is not None:
        marks = "".join(f", {side_label(g)} {t['gestrichen']}" for g in d.match.gestrichen)
        line = f"  {t['score']}: {scores_text(d.match.before)} -> {scores_text(d.match.after)}"
        line += "" if d.match.counts else f" ({t['not_counted']})"
        out.append(line + marks + (f"  ({how_text(d.match.how, lang)})" if d.match.how else ""))
        out.extend(owed_lines(d.sides, d.match.owed, lang))
    if d.violations or d.violations_not_listed:
        out.append(f"  {t['violations']} ({_number(len(d.violations) + d.violations_not_listed, lang)}):")
        for v in d.violations:
            out.extend(violation_text(v, lang))
        if d.violations_not_listed:
            out.append(f"  {not_listed_text(d, lang)}")
    else:
        out.append(f"  {t['clean']}")
    if d.stopped:
        out.append(f"  {t['stopped']}")
    for note in d.unchecked:
        out.append(f"  {t['unchecked']}: {printable(unchecked_text(note, lang))}")
    return "\n".join(out)


_ANSI = {"head": "\033[1m", "bad": "\033[31m", "ruling": "\033[33m", "good": "\033[32m", "end": "\033[0m"}


def colourise(text: str) -> str:
    """Colour for a terminal: deal headings bold, offences red, rulings yellow, clean deals green."""
    out = []
    for line in text.splitlines():
        if line.startswith(("Ausgabe ", "Deal ", "Sieger", "Winner")):
            line = _ANSI["head"] + line + _ANSI["end"]
        elif line.startswith("  - ") and ("(Entscheidung)" in line or "(ruling)" in line):
            line = _ANSI["ruling"] + line + _ANSI["end"]
        elif line.startswith("  - "):
            line = _ANSI["bad"] + line + _ANSI["end"]
        elif line.strip() in ("Keine Verstöße.", "No violations."):
            line = _ANSI["good"] + line + _ANSI["end"]
        out.append(line)
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def match_text(m: MatchVerdict, lang: str) -> str:
    """The report of a whole transcript."""
    t = _T[lang]
    head = (f"{printable(m.source)} ({t['ruleset']} {printable(m.ruleset)}, {t['target']} {target_text(m, lang)}, "
            f"{len(m.deals)} {t['summary']})")
    if m.winner:
        end = (f"{t['winner']}: {side_label(m.winner)} {scores_text(m.score)} {t['in_deal']} {m.won_in_deal} "
               f"({how_text(m.won_by, lang)})")
    else:
        end = f"{t['score']}: {scores_text(m.score)}, {t['open']}"
    end = "\n".join([end] + owed_lines(m.sides, m.owed, lang, indent=""))
    if len(m.places) > 1:
        end += f"\n{t['places']}: " + ", ".join(f"{n}. {side_label(s)}" for n, s in enumerate(m.places, 1))
    if m.violations_not_listed:
        end += "\n" + match_not_listed_text(m, lang)
    return "\n\n".join([head] + [deal_text(d, lang) for d in m.deals] + [end]) + "\n"
