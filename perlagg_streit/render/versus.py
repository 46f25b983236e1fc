"""``check --versus``: where two rulesets judge the same match differently, as data.

:func:`partings` finds the differences once; the text report (``ruleset_report.versus_text``)
and the JSON, JSONL, Markdown and HTML forms here are all made from them, so every format
says the same.
"""

from __future__ import annotations

import html
from typing import Any

from ..base.records import record
from ..base.safe_text import printable
from ..engine.verdict import MatchVerdict, Penalty, Violation
from ..language.jsonform import plain
from .verdict_json import VERDICT_VERSION, verdict_to_json

VERSUS_FORMAT = "perlagg-streit/versus"


@record
class Parting:
    """One place where the two verdicts part.

    ``kind``: ``only`` (a finding one ruleset makes and the other not; ``ruleset`` says which,
    ``left`` the finding), ``penalty`` (the same finding, penalised differently: ``left`` and
    ``right``), ``points`` (a deal's points differ) or ``match`` (the match's end differs).
    """

    kind: str
    deal: int | None = None
    ruleset: str | None = None
    left: Violation | None = None
    right: Violation | None = None


def _key(v: Violation) -> tuple[str, str | None, int]:
    return v.rule, v.seat, v.place.line


def _same_penalty(a: Penalty | None, b: Penalty | None) -> bool:
    return (a is None and b is None) or (a is not None and b is not None and
                                         (a.points, a.forfeit, a.source) == (b.points, b.forfeit, b.source))


def partings(left: MatchVerdict, right: MatchVerdict) -> list[Parting]:
    """Every difference between two verdicts on the same match, deal by deal, then the match's end."""
    found: list[Parting] = []
    for da, db in zip(left.deals, right.deals, strict=False):
        va, vb = {_key(v) for v in da.violations}, {_key(v) for v in db.violations}
        for name, only, deal in ((left.ruleset, va - vb, da), (right.ruleset, vb - va, db)):
            for key in sorted(only, key=str):
                v = next(x for x in deal.violations if _key(x) == key)
                found.append(Parting("only", da.number, name, left=v))
        for v in da.violations:
            twin = next((x for x in db.violations if _key(x) == _key(v)), None)
            if twin is not None and not _same_penalty(v.penalty, twin.penalty):
                found.append(Parting("penalty", da.number, left=v, right=twin))
        # each score with its sides: the two rulesets may seat the table differently (drei against innsbruck)
        if (da.sides, da.points) != (db.sides, db.points):
            found.append(Parting("points", da.number))
    if (left.sides, left.winner, left.score) != (right.sides, right.winner, right.score):
        found.append(Parting("match"))
    return found


def versus_json(left: MatchVerdict, right: MatchVerdict) -> dict[str, Any]:
    """The comparison as one JSON object: the two rulesets (the first: ``--ruleset`` or the tag; the
    second: ``--versus``), the differences, and both verdicts in full."""
    deals = {d.number: (d, e) for d, e in zip(left.deals, right.deals, strict=False)}
    differences: list[dict[str, Any]] = []
    for p in partings(left, right):
        item: dict[str, Any] = {"kind": p.kind}
        if p.deal is not None:
            item["deal"] = p.deal
        if p.kind == "only" and p.left is not None:
            item.update(ruleset=p.ruleset, finding=plain(p.left))
        elif p.kind == "penalty" and p.left is not None and p.right is not None:
            item.update(finding=plain(p.left), left_penalty=plain(p.left.penalty), right_penalty=plain(p.right.penalty))
        elif p.kind == "points" and p.deal is not None:
            da, db = deals[p.deal]
            item.update(left={"sides": plain(da.sides), "points": plain(da.points)},
                        right={"sides": plain(db.sides), "points": plain(db.points)})
        else:
            item.update(left={"sides": plain(left.sides), "score": plain(left.score), "winner": left.winner},
                        right={"sides": plain(right.sides), "score": plain(right.score), "winner": right.winner})
        differences.append(item)
    return {"format": VERSUS_FORMAT, "version": VERDICT_VERSION, "source": left.source,
            "rulesets": [left.ruleset, right.ruleset], "same": not differences, "differences": differences,
            "verdicts": [verdict_to_json(left), verdict_to_json(right)]}


def versus_jsonl(left: MatchVerdict, right: MatchVerdict) -> list[dict[str, Any]]:
    """The comparison a line per difference (one line saying ``same`` when there is none), each
    line self-contained: the source and both rulesets on every line."""
    whole = versus_json(left, right)
    head = {"format": VERSUS_FORMAT + "/difference", "version": VERDICT_VERSION, "source": whole["source"],
            "rulesets": whole["rulesets"]}
    return [{**head, **item} for item in whole["differences"]] or [{**head, "kind": "same"}]


def versus_markdown(text: str) -> str:
    """The text report (``versus_text``) as Markdown: its head a heading, each difference an item."""
    head, *rest = text.rstrip("\n").split("\n")
    items: list[str] = []
    for line in rest:
        if line.startswith("  ") and not line.startswith("    "):
            items.append(f"- {line.strip()}")
        else:  # the continuation of an item (the two penalties)
            items.append(f"  {line.strip()}")
    return f"## {head}\n\n" + "\n".join(items) + "\n"


def versus_html(text: str, lang: str) -> str:
    """The text report as a small, valid HTML page (every word escaped)."""
    e = html.escape
    head, *rest = text.rstrip("\n").split("\n")
    items: list[list[str]] = []
    for line in rest:
        if line.startswith("  ") and not line.startswith("    ") or not items:
            items.append([line.strip()])
        else:
            items[-1].append(line.strip())
    body = "".join("<li>" + "<br>".join(e(printable(part)) for part in item) + "</li>" for item in items)
    return (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{e(head)}</title></head>"
            f"<body><h2>{e(head)}</h2><ul>{body}</ul></body></html>\n")


__all__ = ["VERSUS_FORMAT", "Parting", "partings", "versus_html", "versus_json", "versus_jsonl", "versus_markdown"]
