"""Rulesets for people: a table of one ruleset, the differences between two, each value with its source."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .engine.ruleset import _MAPPING_VALUES, SCHEMA, Ruleset, build_ruleset
from .engine.verdict import MatchVerdict, Penalty
from .messages import say
from .report import forfeit_text, side_label, side_scores
from .ruleset_files import resolve
from .safe_text import printable


def _show(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(str(v) for v in value) or "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def ruleset_rows(name: str) -> tuple[Ruleset, list[tuple[str, str, str]]]:
    """(key, value, source) for every key of a ruleset, penalties one row each."""
    data, source = resolve(name)
    ruleset = build_ruleset(data, source)
    rows: list[tuple[str, str, str]] = []
    for path in SCHEMA:
        if path in _MAPPING_VALUES:
            continue
        node: Any = data
        for part in path.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        rows.append((path, _show(node), ruleset.source_of(path)))
    for rule_id, p in sorted(ruleset.penalties.items()):
        rows.append((f"penalties.{rule_id}", f"{p.points} / {p.forfeit}", p.source))
    return ruleset, rows


def table(rows: Sequence[tuple[str, ...]], head: tuple[str, ...]) -> str:
    """A plain text table; its cells may come from a ruleset file, so they are shown escaped."""
    head = tuple(printable(h) for h in head)
    rows = [tuple(printable(c) for c in r) for r in rows]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    widths[-1] = 0
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * max(w, 6) for w in widths))
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    return "\n".join(lines)


def show_text(name: str, lang: str) -> str:
    """``rulesets show``: every key of one ruleset with its source."""
    ruleset, rows = ruleset_rows(name)
    title = ruleset.title_de if lang == "de" else ruleset.title_en
    head = (say("rulesets.key", lang), say("rulesets.value", lang), say("rulesets.source", lang))
    return printable(f"{ruleset.name}: {title}") + "\n\n" + table(rows, head) + "\n"


def diff_rows(a: str, b: str) -> list[tuple[str, str, str, str, str]]:
    """Every key whose value differs: (key, value in A, source A, value in B, source B)."""
    _, rows_a = ruleset_rows(a)
    _, rows_b = ruleset_rows(b)
    da = {k: (v, s) for k, v, s in rows_a}
    db = {k: (v, s) for k, v, s in rows_b}
    out = []
    for key in list(dict.fromkeys([*da, *db])):
        va, sa = da.get(key, ("-", ""))
        vb, sb = db.get(key, ("-", ""))
        if key in ("name", "title.de", "title.en") or va == vb:
            continue
        out.append((key, va, sa, vb, sb))
    return out


def diff_text(a: str, b: str, lang: str) -> str:
    """``rulesets diff``: every difference, each side with its source."""
    rows = diff_rows(a, b)
    if not rows:
        return say("rulesets.no-differences", lang) + "\n"
    out = []
    for key, va, sa, vb, sb in rows:
        out.append("\n".join(printable(part) for part in (key, f"  {a}: {va}", f"      ({sa or '-'})", f"  {b}: {vb}",
                                                         f"      ({sb or '-'})")))
    return "\n".join(out) + "\n"


def _penalty(p: Penalty | None, lang: str) -> str:
    """'2 / Verlust der Figur Spiel (source)': a penalty's points, what it forfeits and its source."""
    if p is None:
        return ""
    forfeit = forfeit_text(p.forfeit, lang) or "-"
    return printable(f"{p.points} / {forfeit} ({p.source})")


def versus_text(left: MatchVerdict, right: MatchVerdict, lang: str) -> str:
    """``check --versus``: where two rulesets judge the same transcript differently."""
    # the names, sources and details below may come from a ruleset file: shown escaped
    lname, rname = printable(left.ruleset), printable(right.ruleset)
    out = [say("versus.head", lang, source=printable(left.source), left=lname, right=rname)]
    parted = False
    for da, db in zip(left.deals, right.deals, strict=False):
        va = {(v.rule, v.seat, v.place.line) for v in da.violations}
        vb = {(v.rule, v.seat, v.place.line) for v in db.violations}
        for side, only, deal in ((lname, va - vb, da), (rname, vb - va, db)):
            for rule_id, seat, line in sorted(only, key=str):
                v = next(x for x in deal.violations if (x.rule, x.seat, x.place.line) == (rule_id, seat, line))
                pen = f"; {_penalty(v.penalty, lang)}" if v.penalty else ""
                out.append("  " + say("versus.only", lang, deal=da.number, line=line, ruleset=side, rule=rule_id,
                                      what=printable(v.detail(lang))) + pen)
                parted = True
        for v in da.violations:
            twin = next((x for x in db.violations if (x.rule, x.seat, x.place.line) == (v.rule, v.seat, v.place.line)),
                        None)
            if twin is None or _penalty(v.penalty, lang) == _penalty(twin.penalty, lang):
                continue
            none = say("versus.no-penalty", lang)
            out.append("  " + say("versus.penalties", lang, deal=da.number, line=v.place.line, rule=v.rule,
                                  what=printable(v.detail(lang)))
                       + f"\n      {lname}: {_penalty(v.penalty, lang) or none}"
                       + f"\n      {rname}: {_penalty(twin.penalty, lang) or none}")
            parted = True
        # each score with its sides: the two rulesets may seat the table differently (drei against innsbruck)
        if (da.sides, da.points) != (db.sides, db.points):
            out.append("  " + say("versus.points", lang, deal=da.number, left=lname, right=rname,
                                  a=side_scores(da.sides, da.points), b=side_scores(db.sides, db.points)))
            parted = True
    if (left.sides, left.winner, left.score) != (right.sides, right.winner, right.score):
        out.append("  " + say("versus.match", lang, left=lname, right=rname,
                              a=side_scores(left.sides, left.score), b=side_scores(right.sides, right.score),
                              a_winner=side_label(left.winner) if left.winner else "-",
                              b_winner=side_label(right.winner) if right.winner else "-"))
        parted = True
    if not parted:
        out.append("  " + say("versus.same", lang))
    return "\n".join(out) + "\n"
