"""The ruling as a page to pin up and print on A4 (``check --format html``, issue 21 item 9).

One page per match: the event, date, place and players from the header tags, a summary line at
the top, each Streitfrage with its answer, then per deal the tricks, bets, figures, violations and
penalties, the result, and a line to sign. Several files or matches make one HTML document with
a table of contents, each match starting on a new sheet.

Every user text (tags, Streitfrage texts, file and ruleset names, what the verdict quotes) is
escaped; the page loads nothing from anywhere (the CSS is inline), so it opens offline and in the
web app alike. Every word comes from the catalogue (``page.*``, ``report.*``).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import field

from .. import __version__
from ..base.records import record
from ..engine.enums import FindingKind
from ..engine.verdict import DealVerdict, MatchVerdict, Violation
from ..language.transcript import Dispute, Transcript
from ..messages import Message, say, scores_text
from .report import (
    bets_text,
    deal_title,
    figure_how_text,
    kind_text,
    match_not_listed_text,
    not_listed_text,
    owed_lines,
    owed_text,
    penalty_text,
    score_line,
    setup_facts,
    side_label,
    side_scores,
    spiel_text,
    target_text,
)
from .ruling_text import ruling_html


@record
class DisputeNote:
    """A ``Streitfrage:`` line: its deal, its line, the line of the event it asks about."""

    deal: int
    line: int
    about_line: int | None  # the line of the event just before the question (None: none before it)
    text: str


@record
class MatchPage:
    """What one match's ruling page shows: the verdict, and from the transcript its header tags
    and its Streitfragen (the verdict holds neither)."""

    verdict: MatchVerdict
    tags: Mapping[str, str] = field(default_factory=dict)
    disputes: tuple[DisputeNote, ...] = ()


def match_page(verdict: MatchVerdict, transcript: Transcript | None = None) -> MatchPage:
    """The page of a judged transcript; without the transcript, the verdict alone (no tags)."""
    if transcript is None:
        return MatchPage(verdict)
    return MatchPage(verdict, transcript.tags, disputes(transcript))


def disputes(transcript: Transcript) -> tuple[DisputeNote, ...]:
    """Every Streitfrage of a transcript, with the line of the event it is about."""
    notes = []
    for deal in transcript.deals:
        before: int | None = None
        for line in deal.lines:
            for event in line.events:
                if isinstance(event, Dispute):
                    notes.append(DisputeNote(deal.number, event.pos.line, before, event.text))
                else:
                    before = event.pos.line
    return tuple(notes)


def findings_at(m: MatchVerdict, deal: int, line: int | None) -> tuple[Violation, ...]:
    """The findings of a deal made at one line of the transcript (the answer a Streitfrage gets
    until the typed ruling of ``why`` is there)."""
    if line is None:
        return ()
    return tuple(v for d in m.deals if d.number == deal for v in d.violations if v.place.line == line)


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _title(page: MatchPage, n: int, lang: str) -> str:
    """The heading: the [Event] tag, else the file's name, else 'Match 2'."""
    return page.tags.get("Event") or page.verdict.source or say("page.untitled", lang, n=n)


def _listed_findings(m: MatchVerdict) -> list[Violation]:
    return [v for v in m.violations if v.kind is not FindingKind.RULING]


def summary_text(m: MatchVerdict, lang: str) -> str:
    """The line at the top: '1 Ausgabe, 1 Verstoß (PLAY-3); Stand: 0:2, Partie offen'."""
    found = _listed_findings(m)
    n = len(found) + m.violations_not_listed
    rules = sorted({v.rule for v in found})
    findings = say("page.findings", lang, n=n, rules=rules) if n else say("page.no-findings", lang)
    return say("page.summary", lang, deals=len(m.deals), findings=findings, result=_result_text(m, lang))


def _result_text(m: MatchVerdict, lang: str) -> str:
    if m.winner:
        return say("report.winner-short", lang, side=m.winner, score=scores_text(m.score))
    return say("report.score-open", lang, score=scores_text(m.score))


def _facts(page: MatchPage, lang: str) -> str:
    m = page.verdict
    rows = [(say("page.date", lang), page.tags.get("Date", "")), (say("page.place", lang), page.tags.get("Place", "")),
            (say("page.ruleset", lang), m.ruleset), (say("page.target", lang), target_text(m, lang)),
            (say("page.file", lang), m.source)]
    return "<dl class='facts'>" + "".join(f"<div><dt>{_e(k)}</dt><dd>{_e(v)}</dd></div>" for k, v in rows if v) \
        + "</dl>"


def _players(page: MatchPage, lang: str) -> str:
    """The players by side, from the seat tags ([N "Hans"]); nothing when the header names none."""
    m = page.verdict
    rows = []
    for side in m.sides:
        named = [(seat, page.tags[seat]) for seat in side if seat in page.tags]
        if named:
            who = ", ".join(f"{_e(name)} ({_e(seat)})" for seat, name in named)
            rows.append(f"<div><dt>{_e(side_label(side))}</dt><dd>{who}</dd></div>")
    if not rows:
        return ""
    return f"<dl class='players' aria-label='{_e(say('page.players', lang))}'>{''.join(rows)}</dl>"


def _place(v: Violation, lang: str) -> str:
    """'18:16 (Ausgabe 1, Stich 2)': the file is named once at the top of the page."""
    p = v.place
    where = f"{p.line}:{p.column}"
    if p.trick:
        return say("report.place-trick", lang, where=where, deal=p.deal, trick=p.trick)
    return say("report.place", lang, where=where, deal=p.deal)


def violation_item(v: Violation, lang: str, sources: bool = True) -> str:
    from ..engine.rules import RULES

    rule = RULES[v.rule]
    extra = ""
    if rule.sources and sources:
        label = say("report.sources-label", lang)
        extra += f"<br><span class='label'>{_e(label)}:</span> {_e('; '.join(rule.sources))}"
    if v.kind == "offence":
        penalty = penalty_text(v.penalty, lang) if v.penalty else say("report.no-penalty", lang)
        extra += f"<br><span class='label'>{_e(say('report.penalty-label', lang))}:</span> " \
                 f"<strong>{_e(penalty)}</strong>"
    return (f"<li class='{v.kind}' data-line='{v.place.line}'><code>{_e(_place(v, lang))}</code> "
            f"<b>{_e(v.rule)}</b> ({_e(kind_text(v.kind, lang))}) {_e(rule.text(lang))}<br>"
            f"<span class='label'>{_e(say('report.what-label', lang))}:</span> {_e(v.detail(lang))}{extra}</li>")


def _disputes(page: MatchPage, lang: str) -> str:
    """Each Streitfrage with its answer: the typed ruling of the verdict (issue 16), or, for a
    question the verdict holds no ruling on, the findings at the line in dispute."""
    if not page.disputes:
        return ""
    rulings = {(d.number, r.line): r for d in page.verdict.deals for r in d.rulings}
    parts = [f"<section class='disputes'><h2>{_e(say('page.dispute', lang))}</h2>"]
    for note in page.disputes:
        where = say("page.dispute-where", lang, line=note.line, deal=note.deal)
        ruling = rulings.get((note.deal, note.line))
        typed = (f"<div class='ruling {ruling.answer.value}'>{ruling_html(ruling, lang, short=True)}</div>"
                 if ruling else "")
        found = () if ruling else findings_at(page.verdict, note.deal, note.about_line)
        if found:  # no typed ruling: the findings at the line in dispute, with rule, what happened and penalty
            answer = (f"<p>{_e(say('page.answer-findings', lang, line=note.about_line))}</p>"
                      f"<ul class='findings'>{''.join(violation_item(v, lang, sources=False) for v in found)}"
                      "</ul>" + typed)
        else:
            answer = typed or f"<p>{_e(say('page.answer-none', lang, line=note.about_line or note.line))}</p>"
        parts.append(f"<div class='dispute'><blockquote>{_e(note.text)}</blockquote>"
                     f"<p class='where'>{_e(where)}</p>"
                     f"<div class='answer' data-ruling-slot='{note.deal}:{note.line}'>"
                     f"<h3>{_e(say('page.answer', lang))}</h3>{answer}</div></div>")
    parts.append("</section>")
    return "".join(parts)


def trick_rows(d: DealVerdict) -> list[list[str]]:
    """A row per seat, a column per trick: the card played ('S7=LA' when baptised), '*' on the winner."""
    rows = []
    for seat in d.seats:
        row = [seat]
        for trick in d.tricks:
            play = next((p for p in trick.plays if p.seat == seat), None)
            cell = "" if play is None else str(play.card) + (f"={play.baptism}" if play.baptism else "")
            row.append(cell + ("*" if play is not None and seat == trick.winner else ""))
        rows.append(row)
    return rows


def _deal(d: DealVerdict, lang: str, anchor: str) -> str:
    facts = setup_facts(d, lang) + [spiel_text(d, lang)]
    if d.match is not None:
        facts.append(say("report.deal-points", lang, points=side_scores(d.sides, d.points)) + "; "
                     + score_line(d, lang, arrow="→"))
        owed = owed_text(d.sides, d.match.owed, lang)  # the rule it follows is cited under the result
        facts += [owed] if owed else []
    parts = [f"<section class='deal' id='{anchor}'><h2>{_e(deal_title(d, lang))}</h2><ul class='deal-facts'>"
             + "".join(f"<li>{_e(f)}</li>" for f in facts) + "</ul>"]
    parts.append("<div class='tables'>")
    if d.tricks:
        head = "".join(f"<th>{tr.number}</th>" for tr in d.tricks)
        body = "".join("<tr><th>" + _e(row[0]) + "</th>" + "".join(f"<td>{_e(c)}</td>" for c in row[1:]) + "</tr>"
                       for row in trick_rows(d))
        parts.append(f"<table class='tricks'><caption>{_e(say('page.tricks', lang))}</caption>"
                     f"<tr><th></th>{head}</tr>{body}</table>")
    if d.bets:
        parts.append(f"<p class='bets'>{_e(bets_text(d, lang))}</p>")
    if d.figures:
        head = "".join(f"<th>{_e(say(code, lang))}</th>"
                       for code in ("page.figure", "page.figure-side", "page.figure-value", "page.figure-how"))
        rows = "".join(f"<tr><td>{_e(o.figure.value)}</td><td>{_e(side_label(o.winner) if o.winner else '-')}</td>"
                       f"<td>{o.value}</td><td>{_e(figure_how_text(o.how, lang))}</td></tr>" for o in d.figures)
        parts.append(f"<table class='figures'><caption>{_e(say('report.figures-caption', lang))}</caption>"
                     f"<tr>{head}</tr>{rows}</table>")
    parts.append("</div>")
    if d.violations or d.violations_not_listed:
        items = [violation_item(v, lang) for v in d.violations]
        if d.violations_not_listed:
            items.append(f"<li class='not-listed'>{_e(not_listed_text(d, lang))}</li>")
        parts.append(f"<h3>{_e(say('report.violations', lang))}</h3><ul class='findings'>{''.join(items)}</ul>")
    else:
        parts.append(f"<p class='clean'>{_e(say('report.clean', lang))}</p>")
    if d.stopped:
        parts.append(f"<p class='stopped'>{_e(say('report.stopped', lang))}</p>")
    for note in d.unchecked:
        parts.append(f"<p class='unchecked'>{_e(say('report.unchecked', lang, note=note))}</p>")
    parts.append("</section>")
    return "".join(parts)


def _result(m: MatchVerdict, lang: str) -> str:
    result = _result_text(m, lang)
    if m.winner:
        result += f" ({say('report.in-deal', lang, deal=m.won_in_deal)})"
    parts = [f"<section class='result'><h2>{_e(say('page.result', lang))}</h2>",
             f"<p class='{'winner' if m.winner else 'open'}'>{_e(result)}</p>"]
    if len(m.places) > 1:
        places = [Message("report.place-of", n=n, side=s) for n, s in enumerate(m.places, 1)]
        parts.append(f"<p class='places'>{_e(say('report.places', lang, places=places))}</p>")
    owed = owed_lines(m.sides, m.owed, lang)
    if owed:
        parts.append("<p class='owed'>" + "<br>".join(_e(line.strip()) for line in owed) + "</p>")
    if m.violations_not_listed:
        parts.append(f"<p class='not-listed'>{_e(match_not_listed_text(m, lang))}</p>")
    parts.append("</section>")
    return "".join(parts)


def _signature(lang: str) -> str:
    return ("<footer class='sign'>"
            f"<div><span class='line'></span>{_e(say('page.sign-place-date', lang))}</div>"
            f"<div><span class='line'></span>{_e(say('page.sign-referee', lang))}</div></footer>")


def ruling_article(page: MatchPage, lang: str, n: int = 1) -> str:
    """One match's ruling as an ``<article>`` (id ``match-N``), to be put in :func:`ruling_document`."""
    m = page.verdict
    anchor = f"match-{n}"
    return "".join([
        f"<article class='ruling' id='{anchor}'><header>",
        f"<p class='kind'>{_e(say('page.kind', lang))}</p><h1>{_e(_title(page, n, lang))}</h1>",
        _facts(page, lang), _players(page, lang),
        f"<p class='summary'>{_e(summary_text(m, lang))}</p></header>",
        _disputes(page, lang),
        *(_deal(d, lang, f"{anchor}-deal-{d.number}") for d in m.deals),
        _result(m, lang), _signature(lang), "</article>"])


def contents_entry(page: MatchPage, lang: str, n: int) -> str:
    """The table of contents' line for one match: its title, linked, and its summary."""
    return (f"<li><a href='#match-{n}'>{_e(_title(page, n, lang))}</a> "
            f"<span class='summary'>{_e(summary_text(page.verdict, lang))}</span></li>")


CSS = """
@page { size: A4; margin: 10mm 12mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Serif", Georgia, serif; color: #111; max-width: 180mm; margin: 0 auto; padding: 4mm;
       font-size: 10pt; line-height: 1.3; }
h1 { font-size: 18pt; margin: 0 0 2mm; }
h2 { font-size: 13pt; margin: 4mm 0 1.5mm; border-bottom: .3mm solid #999; }
h3 { font-size: 11pt; margin: 3mm 0 1mm; }
p.kind { text-transform: uppercase; letter-spacing: .15em; color: #555; margin: 0; font-size: 9pt; }
dl.facts, dl.players { display: flex; flex-wrap: wrap; gap: 1mm 6mm; margin: 0 0 1.5mm; }
dl.facts div, dl.players div { display: flex; gap: 1.5mm; } dl.players dt { font-weight: bold; color: #111; }
dt { color: #555; } dt::after { content: ":"; } dd { margin: 0; }
table { border-collapse: collapse; margin: 1.5mm 0; }
td, th { border: .25mm solid #bbb; padding: .6mm 2mm; text-align: left; }
caption { text-align: left; font-weight: bold; padding-bottom: .5mm; }
table.tricks td { font-family: "DejaVu Sans Mono", monospace; font-size: 9.5pt; }
p.summary { font-size: 12pt; font-weight: bold; border: .4mm solid #111; padding: 2mm 3mm; margin: 2mm 0 3mm; }
section.disputes { background: #f6f1e4; border-left: 1.2mm solid #8a6d1f; padding: 1mm 3mm 2mm; margin: 2mm 0; }
div.ruling { font-size: 7.5pt; line-height: 1.15; margin-top: 1mm; }
div.ruling dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 2mm; margin: .5mm 0 0; }
div.ruling dt { font-weight: bold; } div.ruling dd { margin: 0; grid-column: 2; }
blockquote { font-style: italic; font-size: 11.5pt; margin: 1mm 0; }
p.where { color: #555; margin: 0; font-size: 9pt; }
ul.findings { padding-left: 5mm; } ul.findings li { margin-bottom: 1.5mm; }
li.offence { color: #8b0000; } li.record { color: #7a5200; } .clean { color: #1b5e20; }
span.label { color: #555; }
ul.deal-facts { padding-left: 5mm; margin: 1mm 0; }
div.tables { display: flex; flex-wrap: wrap; gap: 0 8mm; align-items: flex-start; }
section.deal { break-inside: auto; }
section.result p { font-size: 12pt; font-weight: bold; margin: 1mm 0; }
section.result p.owed, section.result p.places { font-size: 10pt; font-weight: normal; }
footer.sign { display: flex; gap: 12mm; margin-top: 4mm; break-inside: avoid; }
footer.sign div { flex: 1; color: #555; font-size: 9pt; }
footer.sign span.line { display: block; border-bottom: .3mm solid #111; height: 9mm; margin-bottom: 1mm; }
nav.contents { border: .3mm solid #999; padding: 2mm 4mm; margin-bottom: 4mm; }
nav.contents li { margin: .8mm 0; } nav.contents span.summary { color: #555; font-size: 9pt; }
article.ruling + article.ruling { break-before: page; }
@media screen { article.ruling + article.ruling { margin-top: 8mm; border-top: .6mm solid #111; } }
p.made-by { color: #888; font-size: 8pt; text-align: right; }
@media screen and (max-width: 600px) { body { padding: 2mm; } table.tricks { display: block; overflow-x: auto; } }
@media print { body { padding: 0; font-size: 9pt; max-width: none; } h2 { margin-top: 2.5mm; }
  td, th { padding: .3mm 1.5mm; } p.summary { margin: 1mm 0 2mm; } nav.contents { break-after: page; }
  a { color: inherit; text-decoration: none; } div.ruling { font-size: 7pt; } section.disputes { margin: 1mm 0; } }
"""


def ruling_document(pages: Sequence[MatchPage], lang: str) -> str:
    """One HTML document of the rulings of several matches, with a table of contents when there
    are more than one."""
    return document_of(["".join(ruling_article(p, lang, n)) for n, p in enumerate(pages, 1)],
                       [contents_entry(p, lang, n) for n, p in enumerate(pages, 1)], lang,
                       _title(pages[0], 1, lang) if len(pages) == 1 else say("page.kind", lang))


def document_of(articles: Sequence[str], contents: Sequence[str], lang: str, title: str) -> str:
    """The HTML document around articles made by :func:`ruling_article` (a batch renders each
    file's article on its own, then puts them together here)."""
    nav = ""
    if len(articles) > 1:
        nav = f"<nav class='contents'><h2>{_e(say('page.contents', lang))}</h2><ol>{''.join(contents)}</ol></nav>"
    made = f"<p class='made-by'>{_e(say('page.made-by', lang, version=__version__))}</p>"
    return (f"<!DOCTYPE html><html lang='{_e(lang)}'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{_e(title)}</title><style>{CSS}</style></head><body>{nav}{''.join(articles)}{made}</body></html>\n")


def numbered_article(article: str, n: int) -> str:
    """An article made as match 1 renumbered as match ``n`` (its anchors), for a batch's document."""
    return article.replace("id='match-1'", f"id='match-{n}'", 1).replace("id='match-1-deal-", f"id='match-{n}-deal-")


def numbered_entry(entry: str, n: int) -> str:
    """A contents line made for match 1, renumbered as match ``n``."""
    return entry.replace("href='#match-1'", f"href='#match-{n}'", 1)
