"""Markdown and HTML reports of a verdict (``check --format markdown|html``); the words are the
text report's (:mod:`perlagg_streit.render.report`, catalogue codes ``report.*``)."""

from __future__ import annotations

from ..base.safe_text import markdown_code, markdown_text
from ..engine.rules import RULES
from ..engine.verdict import DealVerdict, MatchVerdict, Violation
from ..language.transcript import Transcript
from ..messages import Message, say, scores_text
from .report import (
    deal_title,
    figure_how_text,
    kind_text,
    match_not_listed_text,
    not_listed_text,
    owed_lines,
    penalty_text,
    place_text,
    score_line,
    setup_facts,
    side_label,
    side_scores,
    spiel_text,
    target_text,
)
from .ruling_page import match_page, ruling_document, trick_rows
from .ruling_text import deal_rulings_markdown


def _violation_parts(v: Violation, lang: str) -> dict[str, str]:
    rule = RULES[v.rule]
    penalty = ""
    if v.kind == "offence":
        penalty = penalty_text(v.penalty, lang) if v.penalty else say("report.no-penalty", lang)
    return {"place": place_text(v, lang), "rule": v.rule, "kind": kind_text(v.kind, lang), "text": rule.text(lang),
            "what": v.detail(lang), "sources": "; ".join(rule.sources), "penalty": penalty}


def _deal_facts(d: DealVerdict, lang: str) -> tuple[str, list[str]]:
    facts = setup_facts(d, lang) + [spiel_text(d, lang)]
    if d.match is not None:
        facts.append(say("report.deal-points", lang, points=side_scores(d.sides, d.points)) + "; "
                     + score_line(d, lang, arrow="→"))
        owed = " ".join(line.strip() for line in owed_lines(d.sides, d.match.owed, lang))
        facts += [owed] if owed else []
    return deal_title(d, lang), facts


def _match_end(m: MatchVerdict, lang: str) -> tuple[str, list[str]]:
    """The match's result ('Winner: A 20:14:17' or 'Score: 3:5, match not decided') and, counting
    down, the places as the sides reached zero, as the text report shows them."""
    if m.winner:
        result = say("report.winner-short", lang, side=m.winner, score=scores_text(m.score))
    else:
        result = say("report.score-open", lang, score=scores_text(m.score))
    places = []
    if len(m.places) > 1:
        places.append(say("report.places", lang,
                          places=[Message("report.place-of", n=n, side=s) for n, s in enumerate(m.places, 1)]))
    return result, places


def markdown_report(m: MatchVerdict, lang: str) -> str:
    """The verdict as Markdown: a section per deal, tables for tricks and figures."""
    # the file and ruleset names are the user's: shown as written, never read as Markdown
    out = [f"# {markdown_text(m.source)}", "",
           say("report.ruleset-target", lang, ruleset=markdown_code(m.ruleset), target=target_text(m, lang)), ""]
    for d in m.deals:
        title, facts = _deal_facts(d, lang)
        out += [f"## {title}", ""] + [f"- {f}" for f in facts] + [""]
        if d.tricks:
            out.append("| | " + " | ".join(str(tr.number) for tr in d.tricks) + " |")
            out.append("|---" * (len(d.tricks) + 1) + "|")
            out += ["| " + " | ".join(row) + " |" for row in trick_rows(d)] + [""]
        if d.figures:
            out += [f"| {say('report.figures-caption', lang)} | | | |", "|---|---|---|---|"]
            out += [f"| {o.figure.value} | {(side_label(o.winner) if o.winner else '-')} | {o.value} | "
                    f"{figure_how_text(o.how, lang)} |" for o in d.figures] + [""]
        if d.violations or d.violations_not_listed:
            out += [f"**{say('report.violations', lang)}**", ""]
            for v in d.violations:
                p = _violation_parts(v, lang)
                line = (f"- {markdown_code(p['place'])} **{p['rule']}** ({p['kind']}) {p['text']}  \n"
                        f"  {say('report.what', lang, what=markdown_text(p['what']))}")
                line += f"  \n  {say('report.sources-label', lang)}: {p['sources']}" if p["sources"] else ""
                line += f"  \n  {say('report.penalty', lang, penalty=markdown_text(p['penalty']))}" \
                    if p["penalty"] else ""
                out.append(line)
            if d.violations_not_listed:
                out.append(f"- {markdown_text(not_listed_text(d, lang))}")
            out.append("")
        else:
            out += [say("report.clean", lang), ""]
        out += deal_rulings_markdown(d, lang)
    result, places = _match_end(m, lang)
    if m.winner:
        out.append(f"**{result}** ({say('report.in-deal', lang, deal=m.won_in_deal)})")
    else:
        out.append(f"**{result}**")
    out += [f"{line}  " for line in places]
    out += [line.strip() + "  " for line in owed_lines(m.sides, m.owed, lang)]
    if m.violations_not_listed:
        out += ["", markdown_text(match_not_listed_text(m, lang))]
    return "\n".join(out) + "\n"


def html_report(m: MatchVerdict, lang: str, transcript: Transcript | None = None) -> str:
    """The verdict as a standalone HTML page: the ruling to pin up and print on A4
    (:mod:`perlagg_streit.render.ruling_page`); the transcript gives its tags and Streitfragen."""
    return ruling_document([match_page(m, transcript)], lang)
