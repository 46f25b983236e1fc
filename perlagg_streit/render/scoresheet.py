"""The scoresheet as players keep it: the target at the top, one column per team, the points of
each deal, a vertical line through the column of a team that is gestrichen, the winner
(000 Scoring; 004 Scoring). As text, and as a standalone HTML page that prints on A4."""

from __future__ import annotations

import html

from ..base.safe_text import printable
from ..engine.verdict import MatchVerdict
from ..messages import say, scores_text
from .report import owed_text, sources_text, target_text

# (deal, points, score after, gestrichen per column, owed per column); None for a deal not scored
Row = tuple[int, tuple[int, ...], tuple[int, ...], tuple[bool, ...], tuple[int, ...]] | None


def _rows(m: MatchVerdict) -> list[tuple[int, Row]]:
    """The sheet's rows: the deals that count. A deal a --strict replay stopped in has no score (None);
    a deal recorded after the match was decided is not on the match's sheet at all (old § 2)."""
    rows: list[tuple[int, Row]] = []
    n = len(m.sides)
    for d in m.deals:
        if d.match is None:
            rows.append((d.number, None))
        elif d.match.counts:
            owed = d.match.owed or (0,) * n
            rows.append((d.number, (d.number, d.points, d.match.after,
                                    tuple(side in d.match.gestrichen for side in m.sides), owed)))
    return rows


def _notes(m: MatchVerdict, lang: str) -> list[str]:
    """What the sheet leaves out, and the rule for points owed when a side owes any."""
    notes = []
    stopped = [str(d.number) for d in m.deals if d.match is None]
    after = [str(d.number) for d in m.deals if d.match is not None and not d.match.counts]
    if stopped:
        notes.append(say("sheet.stopped", lang, deals=stopped, n=len(stopped)))
    if after:
        notes.append(say("sheet.after", lang, deals=after, n=len(after)))
    if any(any(d.match.owed) for d in m.deals if d.match is not None and d.match.counts):
        notes += _owed_rule(lang)
    return notes


def _owed_rule(lang: str) -> list[str]:
    """'owes N': the rule and its sources (SCORE-11, 003 old/Neue § 10)."""
    from ..engine.rules import RULES
    rule = RULES["SCORE-11"]
    return [f"{say('sheet.owes', lang, n='N')}: SCORE-11 {rule.text(lang)}", f"  {sources_text(rule.sources, lang)}"]


def _cell_text(points: int, after: int, owed: int, lang: str) -> str:
    """One column of one deal: the deal's points, the score after it, and any points owed (§ 10)."""
    return f"{points:>3} ({after:>2}" + (f", {say('sheet.owes', lang, n=owed)})" if owed else ")")


def _headings(m: MatchVerdict, names: dict[str, str]) -> list[str]:
    """Each column's heading: the players' names if the header gave them, else N/S, E/W, A, B, C."""
    return [names.get(side, "/".join(side)) for side in m.sides]


def _top(m: MatchVerdict, lang: str) -> str:
    """The number at the top of the sheet: the target, or (counting down) the starting score."""
    return target_text(m, lang)


def _result(m: MatchVerdict, lang: str, heads: list[str]) -> str:
    """The last line: the winner, or the score and 'not decided'; and who still owes points."""
    score = scores_text(m.score)
    if m.winner:
        result = say("sheet.winner", lang, name=heads[m.sides.index(m.winner)], score=score)
    else:
        result = say("sheet.open", lang, score=score)
    owed = owed_text(m.sides, m.owed, lang)
    return f"{result}; {owed}" if owed else result


def scoresheet_text(m: MatchVerdict, lang: str, players: dict[str, str] | None = None) -> str:
    """The scoresheet as text; '|' marks a gestrichen team's column from the deal it got there."""
    heads = [printable(h) for h in _headings(m, players or {})]  # players' names, from the header tags
    rows = _rows(m)
    texts = {number: [_cell_text(row[1][i], row[2][i], row[4][i], lang) for i in range(len(heads))]
             for number, row in rows if row is not None}
    width = max([12] + [len(h) for h in heads] + [len(c) + 1 for cells in texts.values() for c in cells])
    deal = say("sheet.deal-column", lang)
    out = [say("sheet.target", lang, target=_top(m, lang)), "",
           f"{deal:>5}  " + "  ".join(f"{h:>{width}}" for h in heads)]
    for number, row in rows:
        if row is None:
            out.append(f"{number:>5}  " + "  ".join(f"{'-':>{width}}" for _ in heads))
            continue
        struck = row[3]
        cells = [f"|{text:>{width - 1}}" if struck[i] else f"{text:>{width}}" for i, text in enumerate(texts[number])]
        out.append(f"{number:>5}  " + "  ".join(cells))
    out.append("")
    out.append(_result(m, lang, heads))
    notes = _notes(m, lang)
    return "\n".join(out + ([""] + notes if notes else [])) + "\n"


_CSS = """
@page { size: A4; margin: 18mm; }
body { font-family: "DejaVu Serif", Georgia, serif; color: #111; margin: 0 auto; max-width: 170mm; }
h1 { font-size: 20pt; margin: 0 0 2mm; }
p.meta { margin: 0 0 6mm; color: #444; }
table { border-collapse: collapse; width: 100%; font-size: 13pt; }
th, td { padding: 2.2mm 4mm; text-align: right; border-bottom: 0.3mm solid #bbb; }
th { border-bottom: 0.6mm solid #111; }
td.deal, th.deal { text-align: left; width: 18%; color: #555; }
td.team { font-variant-numeric: tabular-nums; }
/* the gestrichen bar: one unbroken line down the column, over the row lines, from the deal it began */
td.struck { position: relative; }
td.struck::before { content: ""; position: absolute; left: 12%; top: -0.5mm; bottom: -0.5mm; width: 0.7mm;
                    background: #111; }
tr.opening td { color: #555; font-style: italic; border-bottom: 0.6mm solid #111; }
td small { color: #777; font-size: 9pt; margin-left: 2mm; }
td small.owed { color: #8b0000; }
p.note { font-size: 10pt; color: #444; margin: 1mm 0; }
p.result { font-size: 15pt; margin-top: 8mm; }
.target { font-size: 26pt; font-weight: bold; text-align: center; margin: 2mm 0 6mm; }
.target .label { font-size: 12pt; font-weight: normal; color: #555; margin-right: 3mm; vertical-align: middle; }
dl.legend { font-size: 9.5pt; color: #333; margin: 6mm 0 0; border-top: 0.3mm solid #bbb; padding-top: 2mm; }
dl.legend dt { font-weight: bold; margin-bottom: 1mm; } dl.legend dd { margin: 0 0 1mm; }
span.bar { display: inline-block; width: 0.7mm; height: 4mm; background: #111; margin: 0 2mm -0.8mm 1mm; }
p.scorer { margin-top: 10mm; display: flex; gap: 3mm; align-items: flex-end; }
p.scorer span.line { flex: 1; border-bottom: 0.3mm solid #111; min-height: 6mm; padding: 0 2mm; }
"""


def _opening(m: MatchVerdict) -> tuple[int, ...]:
    """The score before the first deal: as the first scored deal found it (a [Score] line before
    the deal may have set it), else everyone's start."""
    first = next((d.match.before for d in m.deals if d.match is not None), None)
    return first if first is not None else (m.start,) * len(m.sides)


def _legend(m: MatchVerdict, lang: str) -> str:
    """What the marks of the sheet mean: the numbers, the gestrichen bar, points owed."""
    items = [html.escape(say("sheet.legend-points", lang)),
             f'<span class="bar"></span>{html.escape(say("sheet.legend-struck", lang))}']
    if any(any(d.match.owed) for d in m.deals if d.match is not None):
        items.append(html.escape(say("sheet.legend-owes", lang)))
    return (f'<dl class="legend"><dt>{html.escape(say("sheet.legend", lang))}</dt>'
            + "".join(f"<dd>{item}</dd>" for item in items) + "</dl>")


def scoresheet_html(m: MatchVerdict, lang: str, title: str = "", players: dict[str, str] | None = None,
                    scorer: str = "") -> str:
    """A standalone HTML page (no external files) that prints well on A4: the labelled target, a row
    for the opening score, the deals, the gestrichen bar from the deal where it began, a legend,
    and the scorer's name (the [Schreiber] tag) on a line to sign."""
    heads = [html.escape(h) for h in _headings(m, players or {})]
    opening = "".join(f'<td class="team">{score}</td>' for score in _opening(m))
    rows = [f'<tr class="opening"><td class="deal">{html.escape(say("sheet.opening", lang))}</td>{opening}</tr>']
    for number, row in _rows(m):
        if row is None:
            cells = "".join('<td class="team">-</td>' for _ in heads)
        else:
            _, points, after, struck, owed = row
            cells = "".join(
                f'<td class="team{" struck" if struck[i] else ""}">{points[i]}<small>{after[i]}</small>'
                + (f'<small class="owed">{say("sheet.owes", lang, n=owed[i])}</small>' if owed[i] else "") + "</td>"
                for i in range(len(heads)))
        rows.append(f'<tr><td class="deal">{number}</td>{cells}</tr>')
    score = scores_text(m.score)
    if m.winner:
        result = say("sheet.winner-html", lang, name=f"<strong>{heads[m.sides.index(m.winner)]}</strong>", score=score)
    else:
        result = say("sheet.open", lang, score=score)
    owed_now = owed_text(m.sides, m.owed, lang)
    result += f"; {html.escape(owed_now)}" if owed_now else ""
    notes = "".join(f'<p class="note">{html.escape(note)}</p>' for note in _notes(m, lang))
    heading = html.escape(title or say("sheet.title", lang))
    target_label = html.escape(say("sheet.target-label", lang))
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{heading}</title>
<style>{_CSS}</style>
</head>
<body>
<h1>{heading}</h1>
<p class="meta">{html.escape(m.source)} · {html.escape(m.ruleset)}</p>
<div class="target"><span class="label">{target_label}</span>{html.escape(_top(m, lang))}</div>
<table>
<thead><tr><th class="deal">{say("sheet.deal-column", lang)}</th>{"".join(f"<th>{h}</th>" for h in heads)}</tr></thead>
<tbody>
{chr(10).join(rows)}
</tbody>
</table>
<p class="result">{result}</p>
{notes}
{_legend(m, lang)}
<p class="scorer">{html.escape(say("sheet.scorer", lang))}: <span class="line">{html.escape(scorer)}</span></p>
</body>
</html>
"""
