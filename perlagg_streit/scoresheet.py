"""The scoresheet as players keep it: the target at the top, one column per team, the points of
each deal, a vertical line through the column of a team that is gestrichen, the winner
(000 Scoring; 004 Scoring). As text, and as a standalone HTML page that prints on A4."""

from __future__ import annotations

import html

from .engine.verdict import MatchVerdict
from .safe_text import printable

_T = {
    "de": {"target": "Ziel", "deal": "Ausg.", "total": "Stand", "winner": "Sieger", "open": "offen",
           "gestrichen": "gestrichen", "title": "Schreibblatt"},
    "en": {"target": "Target", "deal": "Deal", "total": "Score", "winner": "Winner", "open": "not decided",
           "gestrichen": "gestrichen", "title": "Scoresheet"},
}


Row = tuple[int, tuple[int, ...], tuple[int, ...], tuple[bool, ...]]


def _rows(m: MatchVerdict) -> list[Row]:
    rows = []
    for d in m.deals:
        after = d.match.after if d.match is not None else d.points
        gestrichen = d.match.gestrichen if d.match is not None else ()
        rows.append((d.number, d.points, after, tuple(side in gestrichen for side in m.sides)))
    return rows


def _headings(m: MatchVerdict, names: dict[str, str]) -> list[str]:
    """Each column's heading: the players' names if the header gave them, else N/S, E/W, A, B, C."""
    return [names.get(side, "/".join(side)) for side in m.sides]


def _top(m: MatchVerdict) -> str:
    """The number at the top of the sheet: the target, or (counting down) the starting score."""
    return m.goal


def scoresheet_text(m: MatchVerdict, lang: str, players: dict[str, str] | None = None) -> str:
    """The scoresheet as text; '|' marks a gestrichen team's column from the deal it got there."""
    t = _T[lang]
    heads = [printable(h) for h in _headings(m, players or {})]  # players' names, from the header tags
    width = max([12] + [len(h) for h in heads])
    out = [f"{t['target']}: {_top(m)}", "", f"{t['deal']:>5}  " + "  ".join(f"{h:>{width}}" for h in heads)]
    for number, points, after, struck in _rows(m):
        cells = []
        for i in range(len(heads)):
            text = f"{points[i]:>3} ({after[i]:>2})"
            cells.append(f"|{text:>{width - 1}}" if struck[i] else f"{text:>{width}}")
        out.append(f"{number:>5}  " + "  ".join(cells))
    out.append("")
    score = ":".join(map(str, m.score))
    if m.winner:
        out.append(f"{t['winner']}: {heads[m.sides.index(m.winner)]}  {score}")
    else:
        out.append(f"{t['total']}: {score} ({t['open']})")
    return "\n".join(out) + "\n"


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
td.struck { background-image: linear-gradient(#111, #111); background-size: 0.7mm 100%;
            background-repeat: no-repeat; background-position: 22% 0; }
td small { color: #777; font-size: 9pt; margin-left: 2mm; }
p.result { font-size: 15pt; margin-top: 8mm; }
.target { font-size: 26pt; font-weight: bold; text-align: center; margin: 2mm 0 6mm; }
"""


def scoresheet_html(m: MatchVerdict, lang: str, title: str = "", players: dict[str, str] | None = None) -> str:
    """A standalone HTML page (no external files) that prints well on A4."""
    t = _T[lang]
    heads = [html.escape(h) for h in _headings(m, players or {})]
    rows = []
    for number, points, after, struck in _rows(m):
        cells = "".join(
            f'<td class="team{" struck" if struck[i] else ""}">{points[i]}<small>{after[i]}</small></td>'
            for i in range(len(heads)))
        rows.append(f'<tr><td class="deal">{number}</td>{cells}</tr>')
    score = ":".join(map(str, m.score))
    if m.winner:
        result = f"{t['winner']}: <strong>{heads[m.sides.index(m.winner)]}</strong> {score}"
    else:
        result = f"{t['total']}: {score} ({t['open']})"
    heading = html.escape(title or t["title"])
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
<div class="target">{_top(m)}</div>
<table>
<thead><tr><th class="deal">{t['deal']}</th>{"".join(f"<th>{h}</th>" for h in heads)}</tr></thead>
<tbody>
{chr(10).join(rows)}
</tbody>
</table>
<p class="result">{result}</p>
</body>
</html>
"""
