"""Markdown and HTML reports of a verdict (``check --format markdown|html``)."""

from __future__ import annotations

import html

from .engine.rules import RULES
from .engine.verdict import DealVerdict, MatchVerdict, Violation
from .report import (
    _T,
    match_not_listed_text,
    not_listed_text,
    owed_lines,
    penalty_text,
    place_text,
    scores_text,
    side_label,
    target_text,
)
from .safe_text import markdown_code, markdown_text


def _trick_rows(d: DealVerdict) -> list[list[str]]:
    rows = []
    for seat in d.seats:
        row = [seat]
        for trick in d.tricks:
            play = next((p for p in trick.plays if p.seat == seat), None)
            cell = "" if play is None else str(play.card) + (f"={play.baptism}" if play.baptism else "")
            row.append(cell + ("*" if play is not None and seat == trick.winner else ""))
        rows.append(row)
    return rows


def _violation_parts(v: Violation, lang: str) -> dict[str, str]:
    t = _T[lang]
    rule = RULES[v.rule]
    penalty = ""
    if v.kind == "offence":
        penalty = penalty_text(v.penalty, lang) if v.penalty else t["no_penalty"]
    return {"place": place_text(v, lang), "rule": v.rule, "kind": t[v.kind], "text": rule.text(lang),
            "what": v.detail(lang), "sources": "; ".join(rule.sources), "penalty": penalty}


def _deal_facts(d: DealVerdict, lang: str) -> tuple[str, list[str]]:
    t = _T[lang]
    suit = (d.trumps.german if lang == "de" else d.trumps.english) if d.trumps else "?"
    title = f"{t['deal']} {d.number} — {t['dealer']} {d.dealer or '?'}, {t['trumps']} {suit}"
    facts = []
    if d.perlaggen:
        facts.append(f"{t['perlaggen']}: {' > '.join(str(c) for c in d.perlaggen)}")
    if d.cutter:
        facts.append(f"{t['cut']}: {d.cutter}, {t['kept']}: {' '.join(str(c) for c in d.cut) or t['nothing']}")
    for x in d.exchanges:
        facts.append(f"{t['exchanges']}: {x.seat} {t['gives']} {x.gives} {t['for']} {x.takes}")
    how = {"tricks": t["won_by_tricks"], "concession": t["conceded"], "hin": t["hin"]}.get(d.spiel_decided_by or "", "")
    spiel = side_label(d.spiel_winner) if d.spiel_winner else t["undecided"]
    facts.append(f"{t['spiel']}: {spiel}" + (f" ({how})" if how else ""))
    if d.match is not None:
        marks = "".join(f", {side_label(g)} {t['gestrichen']}" for g in d.match.gestrichen)
        facts.append(f"{t['deal_points']}: {scores_text(d.points)}; {t['score']}: "
                     f"{scores_text(d.match.before)} → {scores_text(d.match.after)}{marks}"
                     + ("" if d.match.counts else f" ({t['not_counted']})"))
        owed = " ".join(line.strip() for line in owed_lines(d.sides, d.match.owed, lang))
        facts += [owed] if owed else []
    return title, facts


def markdown_report(m: MatchVerdict, lang: str) -> str:
    """The verdict as Markdown: a section per deal, tables for tricks and figures."""
    t = _T[lang]
    # the file and ruleset names are the user's: shown as written, never read as Markdown
    out = [f"# {markdown_text(m.source)}", "",
           f"{t['ruleset']} {markdown_code(m.ruleset)}, {t['target']} {target_text(m, lang)}", ""]
    for d in m.deals:
        title, facts = _deal_facts(d, lang)
        out += [f"## {title}", ""] + [f"- {f}" for f in facts] + [""]
        if d.tricks:
            out.append("| | " + " | ".join(str(tr.number) for tr in d.tricks) + " |")
            out.append("|---" * (len(d.tricks) + 1) + "|")
            out += ["| " + " | ".join(row) + " |" for row in _trick_rows(d)] + [""]
        if d.figures:
            out += [f"| {t['figures']} | | | |", "|---|---|---|---|"]
            out += [f"| {o.figure.value} | {(side_label(o.winner) if o.winner else '-')} | {o.value} | "
                    f"{t['how'].get(o.how, o.how)} |" for o in d.figures] + [""]
        if d.violations or d.violations_not_listed:
            out += [f"**{t['violations']}**", ""]
            for v in d.violations:
                p = _violation_parts(v, lang)
                line = (f"- {markdown_code(p['place'])} **{p['rule']}** ({p['kind']}) {p['text']}  \n"
                        f"  {t['what']}: {markdown_text(p['what'])}")
                line += f"  \n  {t['sources']}: {p['sources']}" if p["sources"] else ""
                line += f"  \n  {t['penalty']}: {markdown_text(p['penalty'])}" if p["penalty"] else ""
                out.append(line)
            if d.violations_not_listed:
                out.append(f"- {markdown_text(not_listed_text(d, lang))}")
            out.append("")
        else:
            out += [t["clean"], ""]
    if m.winner:
        out.append(f"**{t['winner']}: {side_label(m.winner)} {scores_text(m.score)}** ({t['in_deal']} {m.won_in_deal})")
    out += [line.strip() + "  " for line in owed_lines(m.sides, m.owed, lang)]
    if m.violations_not_listed:
        out += ["", markdown_text(match_not_listed_text(m, lang))]
    return "\n".join(out) + "\n"


def html_report(m: MatchVerdict, lang: str) -> str:
    """The verdict as a standalone HTML page."""
    t = _T[lang]
    e = html.escape
    parts = [f"<h1>{e(m.source)}</h1>", f"<p>{e(t['ruleset'])} <code>{e(m.ruleset)}</code>, "
             f"{e(t['target'])} {e(target_text(m, lang))}</p>"]
    for d in m.deals:
        title, facts = _deal_facts(d, lang)
        parts.append(f"<section><h2>{e(title)}</h2><ul>" + "".join(f"<li>{e(f)}</li>" for f in facts) + "</ul>")
        if d.tricks:
            head = "".join(f"<th>{tr.number}</th>" for tr in d.tricks)
            body = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in _trick_rows(d))
            parts.append(f"<table class='tricks'><tr><th></th>{head}</tr>{body}</table>")
        if d.figures:
            rows = "".join(f"<tr><td>{o.figure.value}</td><td>{side_label(o.winner) if o.winner else '-'}</td>"
                           f"<td>{o.value}</td>"
                           f"<td>{e(t['how'].get(o.how, o.how))}</td></tr>" for o in d.figures)
            parts.append(f"<table class='figures'><caption>{e(t['figures'])}</caption>{rows}</table>")
        if d.violations or d.violations_not_listed:
            items = []
            for v in d.violations:
                p = _violation_parts(v, lang)
                extra = "".join(f"<br>{e(label)}: {e(p[key])}" for label, key in
                                ((t["sources"], "sources"), (t["penalty"], "penalty")) if p[key])
                items.append(f"<li class='{v.kind}'><code>{e(p['place'])}</code> <b>{e(p['rule'])}</b> "
                             f"({e(p['kind'])}) {e(p['text'])}<br>{e(t['what'])}: {e(p['what'])}{extra}</li>")
            if d.violations_not_listed:
                items.append(f"<li class='not-listed'>{e(not_listed_text(d, lang))}</li>")
            parts.append(f"<h3>{e(t['violations'])}</h3><ul>{''.join(items)}</ul>")
        else:
            parts.append(f"<p class='clean'>{e(t['clean'])}</p>")
        parts.append("</section>")
    if m.violations_not_listed:
        parts.append(f"<p class='not-listed'>{e(match_not_listed_text(m, lang))}</p>")
    if m.winner:
        parts.append(f"<p class='winner'>{e(t['winner'])}: {side_label(m.winner)} {scores_text(m.score)}</p>")
    owed = owed_lines(m.sides, m.owed, lang)
    if owed:
        parts.append("<p class='owed'>" + "<br>".join(e(line.strip()) for line in owed) + "</p>")
    style = ("body{font-family:'DejaVu Serif',Georgia,serif;max-width:60em;margin:auto;padding:1em}"
             "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .6em}"
             "li.offence{color:#8b0000}li.record{color:#7a5200}.clean{color:#1b5e20}")
    return (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{e(m.source)}</title>"
            f"<style>{style}</style></head><body>{''.join(parts)}</body></html>\n")
