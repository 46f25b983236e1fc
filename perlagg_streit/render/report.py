"""Render verdicts as text for people, German or English (renderers only read verdicts).

Every word comes from the message catalogue (:mod:`perlagg_streit.messages`, codes ``report.*``);
this module only lays the lines out. The Markdown and HTML reports and the scoresheet reuse the
phrases made here.
"""

from __future__ import annotations

from ..base.safe_text import printable
from ..engine import state as engine_state
from ..engine.rules import RULES
from ..engine.verdict import DealVerdict, MatchVerdict, Penalty, Violation
from ..messages import Message, number, say, scores_text


def side_label(side: str) -> str:
    """How a side is written: N/S, E/W, A/C/E, or a single seat (three players)."""
    return "/".join(side)


def side_scores(sides: tuple[str, ...], scores: tuple[int, ...] | list[int]) -> str:
    """Each side's number with its label: 'N/S 5, E/W 0', 'A 3, B 0, C 2', 'A/C/E 1, B/D/F 2'.

    A score has one number per side, in the order of ``sides``; a mismatch is a bug of ours."""
    if len(sides) != len(scores):
        raise ValueError(f"{len(scores)} numbers for {len(sides)} sides")
    return ", ".join(f"{side_label(s)} {n}" for s, n in zip(sides, scores, strict=True))


def unchecked_text(note: Message, lang: str) -> str:
    """A check the record did not allow, in the report's language."""
    return note.text(lang)


def how_text(how: Message | None, lang: str) -> str:
    """How a match or deal was decided, in the report's language ('' if it was not)."""
    return how.text(lang) if how is not None else ""


def kind_text(kind: str, lang: str) -> str:
    """What a finding is: an offence, a record error or a ruling."""
    return say(f"report.kind.{kind}", lang)


def figure_how_text(how: str, lang: str) -> str:
    """How a figure ended (the verdict's ``how``: unseen, held, conceded, endgame, ...), in words."""
    return say(f"report.figure-how.{how}", lang)


def spiel_text(d: DealVerdict, lang: str) -> str:
    """'Spiel: E/W (durch Stiche)': who has the Spiel and how it was decided."""
    winner = side_label(d.spiel_winner) if d.spiel_winner else say("report.undecided", lang)
    decided = d.spiel_decided_by or ""
    if decided in ("tricks", "concession", "hin"):
        return say("report.spiel-how", lang, winner=winner, how=say(f"report.spiel.{decided}", lang))
    return say("report.spiel", lang, winner=winner)


def deal_title(d: DealVerdict, lang: str) -> str:
    """'Ausgabe 1 — Geber W, Trumpf Laub'."""
    return say("report.deal-head", lang, deal=d.number, dealer=d.dealer or "?", trumps=d.trumps or "?")


def setup_facts(d: DealVerdict, lang: str) -> list[str]:
    """The Perlaggen, the cut and the exchanges of a deal, a line each."""
    facts = []
    if d.perlaggen:
        facts.append(say("report.perlaggen", lang, cards=" > ".join(str(c) for c in d.perlaggen)))
    if d.cutter:
        kept = " ".join(str(c) for c in d.cut) or say("report.nothing", lang)
        facts.append(say("report.cut", lang, cutter=d.cutter, kept=kept))
    for x in d.exchanges:
        facts.append(say("report.exchange", lang, seat=x.seat, gives=x.gives, takes=x.takes))
    return facts


def score_line(d: DealVerdict, lang: str, arrow: str = "->") -> str:
    """'Stand: 0:0 -> 0:2, N/S gestrichen': the running score before and after the deal (empty
    when the deal has no score)."""
    if d.match is None:
        return ""
    line = say("report.score-change", lang, before=scores_text(d.match.before), arrow=arrow,
               after=scores_text(d.match.after))
    if not d.match.counts:
        line += " " + say("report.not-counted", lang)
    return line + "".join(say("report.gestrichen-mark", lang, side=side) for side in d.match.gestrichen)


def owed_text(sides: tuple[str, ...], owed: tuple[int, ...], lang: str) -> str:
    """'N/S schuldet 2 Punkte' for each side that owes penalty points (§ 10), or '' when none does."""
    # a pair owes, a single player owes: English agrees the verb with the number of players
    return ", ".join(say("report.owes-pair" if len(s) > 1 else "report.owes-one", lang, side=s, n=n)
                     for s, n in zip(sides, owed, strict=False) if n)


def sources_text(sources: tuple[str, ...], lang: str) -> str:
    """'Quellen: 000 The Play; 003 § 17': the places in the sources that state a rule."""
    return say("report.sources", lang, sources=sources)


def owed_lines(sides: tuple[str, ...], owed: tuple[int, ...], lang: str, indent: str = "  ") -> list[str]:
    """Points owed with their rule and its sources, as a violation is shown (SCORE-11, 003 § 10)."""
    text = owed_text(sides, owed, lang)
    if not text:
        return []
    rule = RULES["SCORE-11"]
    return [f"{indent}{text}: SCORE-11 {rule.text(lang)}", f"{indent}    {sources_text(rule.sources, lang)}"]


def target_text(m: MatchVerdict, lang: str) -> str:
    """The goal of the match; a target agreed in the [Target] tag says so and names the ruleset's."""
    if m.target_from_tag:
        return say("report.target-agreed", lang, goal=m.goal, target=m.ruleset_target)
    return m.goal


def forfeit_text(forfeit: str, lang: str) -> str:
    """What a penalty forfeits beyond its points ('' for nothing)."""
    return say(f"report.forfeit.{forfeit}", lang)


def penalty_text(p: Penalty, lang: str) -> str:
    """'2 Punkte für N/S, N/S: Verlust der Figur Spiel (003 old § 17 ...)'."""
    parts = []
    if p.points:
        parts.append(say("report.penalty-points", lang, n=p.points, side=p.team))
    forfeit = forfeit_text(p.forfeit, lang)
    if forfeit:
        parts.append(f"{side_label(p.team)}: {forfeit}")
    return ", ".join(parts) + f" ({p.source})"


def place_text(v: Violation, lang: str) -> str:
    """'file:line:col (Ausgabe 1, Stich 2)', the file name as a terminal may show it."""
    p = v.place
    where = f"{printable(p.source)}:{p.line}:{p.column}"
    if p.trick:
        return say("report.place-trick", lang, where=where, deal=p.deal, trick=p.trick)
    return say("report.place", lang, where=where, deal=p.deal)


def not_listed_text(d: DealVerdict, lang: str) -> str:
    """The findings of a deal beyond the file's cap, counted by rule: '... and 5,000 more, not listed'."""
    by_rule = ", ".join(f"{number(n, lang)}× {rule}" for rule, _kind, n in d.not_listed_by_rule)
    return say("report.not-listed-deal", lang, n=d.violations_not_listed, cap=engine_state.MAX_FINDINGS,
               rules=by_rule)


def match_not_listed_text(m: MatchVerdict, lang: str) -> str:
    """The file's findings beyond the cap, in one line (empty if there are none)."""
    n = m.violations_not_listed
    if not n:
        return ""
    return say("report.not-listed-match", lang, n=n, cap=engine_state.MAX_FINDINGS)


def violation_text(v: Violation, lang: str) -> list[str]:
    """A violation as a referee states it: place, rule in words, what happened, source, penalty."""
    rule = RULES[v.rule]
    lines = [f"  - {place_text(v, lang)}: {v.rule} ({kind_text(v.kind, lang)}) {rule.text(lang)}",
             "      " + printable(say("report.what", lang, what=v.message))]
    if rule.sources:
        lines.append("      " + sources_text(rule.sources, lang))
    if v.kind == "offence":
        # a penalty's source is text from the ruleset's YAML file
        penalty = printable(penalty_text(v.penalty, lang)) if v.penalty else say("report.no-penalty", lang)
        lines.append("      " + say("report.penalty", lang, penalty=penalty))
    return lines


def trick_table(d: DealVerdict, lang: str) -> list[str]:
    """The tricks as they lie on the table: each player's row of cards from left to right,
    a Perlagg with its baptism, the card that won the trick marked with '*' (000 The Play)."""
    cells: dict[str, list[str]] = {seat: [] for seat in d.seats}
    for trick in d.tricks:
        for seat in cells:
            play = next((p for p in trick.plays if p.seat == seat), None)
            text = "" if play is None else str(play.card) + (f"={play.baptism}" if play.baptism else "")
            cells[seat].append(text + ("*" if play is not None and seat == trick.winner else ""))
    width = max([len(c) for row in cells.values() for c in row] + [3]) + 2
    head = "".join(str(trick.number).ljust(width) for trick in d.tricks)
    lines = ["  " + say("report.tricks", lang), f"          {head}".rstrip()]
    for seat, row in cells.items():
        lines.append(f"    {seat}    " + " " + "".join(c.ljust(width) for c in row).rstrip())
    winners = ", ".join(trick.winner or "-" for trick in d.tricks)
    lines.append(f"    -> {winners}")
    return lines


def bets_text(d: DealVerdict, lang: str) -> str:
    """'Gebote: N bietet Gleich (2), E hält Gleich (2)'."""
    steps = [say(f"report.bet-step.{b.action}", lang, seat=b.seat, figure=b.figure.value, value=b.value)
             for b in d.bets]
    return say("report.bets", lang, steps=steps)


def deal_rulings_text(d: DealVerdict, lang: str) -> list[str]:
    """The deal's Streitfragen and their answers (render.ruling_text, imported here late: it reuses
    this module's penalty text; and only for a deal that has some, as most have none)."""
    if not d.rulings:
        return []
    from .ruling_text import deal_rulings_text as rulings

    return rulings(d, lang)


def deal_text(d: DealVerdict, lang: str) -> str:
    """The report of one deal."""
    out = [deal_title(d, lang)] + [f"  {fact}" for fact in setup_facts(d, lang)]
    if d.tricks:
        out.extend(trick_table(d, lang))
    out.append("  " + spiel_text(d, lang))
    if d.bets:
        out.append("  " + bets_text(d, lang))
    if d.figures:
        out.append("  " + say("report.figures", lang))
        for o in d.figures:
            who = side_label(o.winner) if o.winner else "-"
            best = f"  [{'; '.join(o.best)}]" if o.best else ""
            out.append(f"    {o.figure.value:<7} {who:<4} {o.value}  {figure_how_text(o.how, lang)}{best}")
        out.append("  " + say("report.deal-points", lang, points=side_scores(d.sides, d.points)))
    if d.match is not None:
        how = f"  ({how_text(d.match.how, lang)})" if d.match.how else ""
        out.append("  " + score_line(d, lang) + how)
        out.extend(owed_lines(d.sides, d.match.owed, lang))
    if d.violations or d.violations_not_listed:
        out.append("  " + say("report.violations-count", lang, n=len(d.violations) + d.violations_not_listed))
        for v in d.violations:
            out.extend(violation_text(v, lang))
        if d.violations_not_listed:
            out.append(f"  {not_listed_text(d, lang)}")
    else:
        out.append("  " + say("report.clean", lang))
    if d.stopped:
        out.append("  " + say("report.stopped", lang))
    for note in d.unchecked:
        out.append("  " + printable(say("report.unchecked", lang, note=note)))
    out += deal_rulings_text(d, lang)
    return "\n".join(out)


_ANSI = {"head": "\033[1m", "bad": "\033[31m", "ruling": "\033[33m", "good": "\033[32m", "end": "\033[0m"}


def colourise(text: str) -> str:
    """Colour for a terminal: deal headings bold, offences red, rulings yellow, clean deals green."""
    langs = ("de", "en")
    # the first word of a deal's heading and of the winner's line, in either language
    heads = tuple(say(code, lang, **args).split(" ")[0] + " " for lang in langs
                  for code, args in (("report.deal-head", {"deal": 0, "dealer": "", "trumps": ""}),
                                     ("report.winner", {"side": "", "score": "", "deal": 0, "how": ""})))
    ruling = tuple(f"({kind_text('ruling', lang)})" for lang in langs)
    clean = tuple(say("report.clean", lang) for lang in langs)
    out = []
    for line in text.splitlines():
        if line.startswith(heads):
            line = _ANSI["head"] + line + _ANSI["end"]
        elif line.startswith("  - ") and any(word in line for word in ruling):
            line = _ANSI["ruling"] + line + _ANSI["end"]
        elif line.startswith("  - "):
            line = _ANSI["bad"] + line + _ANSI["end"]
        elif line.strip() in clean:
            line = _ANSI["good"] + line + _ANSI["end"]
        out.append(line)
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def match_text(m: MatchVerdict, lang: str) -> str:
    """The report of a whole transcript."""
    head = say("report.match-head", lang, source=printable(m.source), ruleset=printable(m.ruleset),
               target=target_text(m, lang), n=len(m.deals))
    if m.winner:
        end = say("report.winner", lang, side=m.winner, score=scores_text(m.score), deal=m.won_in_deal,
                  how=how_text(m.won_by, lang))
    else:
        end = say("report.score-open", lang, score=scores_text(m.score))
    end = "\n".join([end] + owed_lines(m.sides, m.owed, lang, indent=""))
    if len(m.places) > 1:
        places = [Message("report.place-of", n=n, side=s) for n, s in enumerate(m.places, 1)]
        end += "\n" + say("report.places", lang, places=places)
    if m.violations_not_listed:
        end += "\n" + match_not_listed_text(m, lang)
    return "\n\n".join([head] + [deal_text(d, lang) for d in m.deals] + [end]) + "\n"
