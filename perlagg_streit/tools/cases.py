"""Run the dispute cases in ``cases/``: replay each transcript and compare with the
hand-worked expectation, key by key, with a readable account of any difference (in the
catalogue's words, codes ``case.*``)."""

from __future__ import annotations

import os
import re
from dataclasses import field
from pathlib import Path
from typing import Any

import yaml

from ..base.cards import parse_card_name
from ..base.records import mutable_record
from ..engine import judge
from ..engine.ruleset import RulesetError
from ..engine.verdict import DealVerdict, Penalty, Ruling, Violation
from ..language.reader import UnreadableFileError, read_file
from ..messages import Message
from ..rulesets import bundled_names, load_ruleset
from ..rulesets.compare import with_other_answers
from . import case_schema

VIOLATION_KEYS = ("rule", "seat", "trick", "line")


@mutable_record
class CaseResult:
    """The outcome of one case: passed, or the list of differences."""

    name: str
    question: str
    differences: list[Message] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """True when the engine agrees with the expectation on every key."""
        return not self.differences


def find_cases(root: str | Path) -> list[Path]:
    """Every ``*.expect.yaml`` below a folder (or the file itself)."""
    path = Path(root)
    if path.is_file():
        return [path]
    return sorted(path.rglob("*.expect.yaml"))


def _violation_view(v: Violation) -> dict[str, Any]:
    return {"rule": v.rule, "seat": v.seat, "trick": v.place.trick, "line": v.place.line}


def _match_multiset(expected: list[dict[str, Any]], actual: list[dict[str, Any]], deal: int,
                    what: str) -> list[Message]:
    """Expected items that were not found, then found items nobody expected (``what``: violation
    or penalty)."""
    remaining = list(actual)
    missing = []
    for exp in expected:
        hit = next((a for a in remaining if all(a.get(k) == exp[k] for k in exp)), None)
        if hit is None:
            missing.append(exp)
        else:
            remaining.remove(hit)
    out = [Message(f"case.{what}-missing", deal=deal, item=str(m)) for m in missing]
    out += [Message(f"case.{what}-unexpected", deal=deal, item=str(a)) for a in remaining]
    return out


def _differs(deal: int, key: str, expected: Any, got: Any) -> Message:
    """One key of a deal's expectation that the verdict does not meet (``key``: case.deal.<key>)."""
    return Message(f"case.deal.{key}", deal=deal, expected=str(expected), got=str(got))


def _compare_deal(exp: dict[str, Any], got: DealVerdict) -> list[Message]:
    diffs: list[Message] = []
    n = got.number
    if "trumps" in exp and (got.trumps.value if got.trumps else None) != exp["trumps"]:
        diffs.append(_differs(n, "trumps", exp["trumps"], got.trumps.value if got.trumps else None))
    if "perlaggen" in exp:
        want = [parse_card_name(str(c)).code for c in exp["perlaggen"]]
        have = [c.code for c in got.perlaggen]
        if want != have:
            diffs.append(_differs(n, "perlaggen", " ".join(want), " ".join(have)))
    if "tricks" in exp:
        have_tricks = [t.winner for t in got.tricks if t.winner is not None]
        if list(exp["tricks"]) != have_tricks:
            diffs.append(_differs(n, "tricks", exp["tricks"], have_tricks))
    if "spiel" in exp and exp["spiel"] != got.spiel_winner:
        diffs.append(_differs(n, "spiel", exp["spiel"], got.spiel_winner))
    if "violations" in exp:
        wanted = [{k: v for k, v in e.items() if k in VIOLATION_KEYS} for e in exp["violations"] or []]
        diffs += _match_multiset(wanted, [_violation_view(v) for v in got.violations], n, "violation")
    if "score" in exp:
        after = list(got.match.after) if got.match is not None else None
        if list(exp["score"]) != after:
            diffs.append(_differs(n, "score", exp["score"], after))
    if "figures" in exp:
        have_fig = {o.figure.value.lower(): o for o in got.figures}
        for name, want in (exp["figures"] or {}).items():
            o = have_fig.get(str(name).lower())
            if o is None:
                diffs.append(Message("case.deal.figure-not-scored", deal=n, figure=str(name)))
                continue
            if "winner" in want and want["winner"] != o.winner:
                diffs.append(Message("case.deal.figure-winner", deal=n, figure=str(name), expected=str(want["winner"]),
                                     got=str(o.winner), how=o.how))
            if "value" in want and want["value"] != o.value:
                diffs.append(Message("case.deal.figure-value", deal=n, figure=str(name), expected=str(want["value"]),
                                     got=str(o.value)))
            if "how" in want and want["how"] != o.how:
                diffs.append(Message("case.deal.figure-how", deal=n, figure=str(name), expected=str(want["how"]),
                                     got=o.how))
    if "owed" in exp:
        owed = list(got.match.owed) if got.match is not None else None
        if list(exp["owed"]) != owed:
            diffs.append(_differs(n, "owed", exp["owed"], owed))
    if "counts" in exp and exp["counts"] != (got.match is not None and got.match.counts):
        diffs.append(_differs(n, "counts", exp["counts"], not exp["counts"]))
    if "points" in exp and list(exp["points"]) != list(got.points):
        diffs.append(_differs(n, "points", exp["points"], list(got.points)))
    if "penalties" in exp:
        have_p = [{"team": v.penalty.team, "points": v.penalty.points, "forfeit": v.penalty.forfeit}
                  for v in got.violations if v.penalty and (v.penalty.points or v.penalty.forfeit != "none")]
        wanted_p = [dict(p) for p in exp["penalties"] or []]
        diffs += _match_multiset(wanted_p, have_p, n, "penalty")
    if "rulings" in exp:
        diffs += _compare_rulings(n, exp["rulings"] or [], got.rulings)
    return diffs


def _penalty_view(penalties: tuple[Penalty, ...]) -> list[dict[str, Any]]:
    return sorted(({"team": p.team, "points": p.points, "forfeit": str(p.forfeit)} for p in penalties), key=str)


def _wanted_penalties(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(({"team": p["team"], "points": p.get("points", 0), "forfeit": str(p.get("forfeit", "none"))}
                   for p in items), key=str)


def _ruling_differs(n: int, line: int, key: str, expected: Any, got: Any) -> Message:
    return Message("case.ruling.differs", deal=n, line=line, key=key, expected=str(expected), got=str(got))


def _compare_rulings(n: int, expected: list[dict[str, Any]], got: tuple[Ruling, ...]) -> list[Message]:
    """Each Streitfrage's ruling against its expectation, by the question's line; a ruling nobody
    expected, or an expected one not given, is a difference."""
    diffs: list[Message] = []
    by_line = {r.line: r for r in got}
    for line in sorted(by_line.keys() - {e["line"] for e in expected}):
        diffs.append(Message("case.ruling.unexpected", deal=n, line=line))
    for exp in expected:
        line = exp["line"]
        r = by_line.get(line)
        if r is None:
            diffs.append(Message("case.ruling.missing", deal=n, line=line))
            continue
        winner = r.trick_facts.winner if r.trick_facts is not None else None
        for key, have in (("answer", str(r.answer)), ("event_line", r.event_line), ("seat", r.seat),
                          ("trick", r.trick), ("trick_winner", winner)):
            want = str(exp[key]) if key == "answer" else exp.get(key)
            if key in exp and want != have:
                diffs.append(_ruling_differs(n, line, key, want, have))
        missing = [rule for rule in exp.get("rules", []) if rule not in r.rules]
        if missing:
            diffs.append(_ruling_differs(n, line, "rules", exp["rules"], list(r.rules)))
        if "penalties" in exp and _wanted_penalties(exp["penalties"]) != _penalty_view(r.penalties):
            diffs.append(_ruling_differs(n, line, "penalties", _wanted_penalties(exp["penalties"]),
                                         _penalty_view(r.penalties)))
        books = {b.figure.value: b for b in r.betting}
        for want_book in exp.get("betting", []):
            book = books.get(str(want_book["figure"]))
            if book is None:
                diffs.append(_ruling_differs(n, line, "betting", want_book["figure"], list(books)))
                continue
            have_book = {"value": book.value, "proposed": book.proposed, "awaiting": list(book.awaiting)}
            for key in ("value", "proposed", "awaiting"):
                if key in want_book and want_book[key] != have_book[key]:
                    diffs.append(_ruling_differs(n, line, f"betting.{book.figure.value}.{key}", want_book[key],
                                                 have_book[key]))
        diffs += _compare_others(n, line, exp, r)
    return diffs


def _compare_others(n: int, line: int, exp: dict[str, Any], r: Ruling) -> list[Message]:
    """The other rulesets' answers: those expected to differ, and those expected to answer alike."""
    diffs = []
    others = {o.ruleset: o for o in r.others}
    for want in exp.get("others", []):
        o = others.get(want["ruleset"])
        if o is None:
            diffs.append(_ruling_differs(n, line, f"others.{want['ruleset']}", str(want["answer"]), "alike"))
            continue
        if str(want["answer"]) != str(o.answer):
            diffs.append(_ruling_differs(n, line, f"others.{o.ruleset}.answer", str(want["answer"]), str(o.answer)))
        if any(rule not in o.rules for rule in want.get("rules", [])):
            diffs.append(_ruling_differs(n, line, f"others.{o.ruleset}.rules", want["rules"], list(o.rules)))
        if "penalties" in want and _wanted_penalties(want["penalties"]) != _penalty_view(o.penalties):
            diffs.append(_ruling_differs(n, line, f"others.{o.ruleset}.penalties", _wanted_penalties(want["penalties"]),
                                         _penalty_view(o.penalties)))
    for name in exp.get("alike", []):
        if name in others or name not in r.compared:
            diffs.append(_ruling_differs(n, line, f"alike.{name}", "alike", str(others[name].answer)
                                         if name in others else "not compared"))
    return diffs


def run_case(expect_path: Path) -> CaseResult:
    """Replay one case and compare it with its expectation."""
    name = str(expect_path)[: -len(".expect.yaml")]
    try:
        spec = yaml.safe_load(expect_path.read_text("utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        return CaseResult(name, "", [Message("case.cannot-read", error=str(exc))])
    if not isinstance(spec, dict) or "expect" not in spec:
        return CaseResult(name, "", [Message("case.no-expect")])
    result = CaseResult(name, str(spec.get("question", "")).strip())
    result.differences += case_schema.problems(spec)  # a misspelt key must not pass unchecked
    if not result.passed:
        return result
    # A case may judge another case's transcript under a different ruleset (`transcript: x.perlagg`).
    transcript_path = Path(name + ".perlagg")
    if "transcript" in spec:
        transcript_path = expect_path.parent / str(spec["transcript"])
    ruleset_name = str(spec.get("ruleset", "innsbruck"))
    if ruleset_name not in bundled_names():
        ruleset_name = str(expect_path.parent / ruleset_name)
    try:
        ruleset = load_ruleset(ruleset_name)
        read = read_file(transcript_path)
    except RulesetError as exc:
        result.differences.append(Message("case.as-is", text=exc.text("en"), text_de=exc.text("de")))
        return result
    except UnreadableFileError as exc:
        result.differences.append(exc.what)
        return result
    if read.errors:
        result.differences += [Message("case.as-is", text=e.render("en"), text_de=e.render("de")) for e in read.errors]
        return result
    try:
        verdict = judge(read.transcript, ruleset)
        if any("rulings" in d for d in spec["expect"].get("deals", [])):
            verdict = with_other_answers(read.transcript, ruleset, verdict)
    except Exception as exc:  # noqa: BLE001 - one case that breaks the engine must not stop the others
        if os.environ.get("PERLAGG_DEBUG"):
            raise
        result.differences.append(Message("case.internal-error", error=f"{type(exc).__name__}: {exc}"))
        return result
    match_exp = spec["expect"].get("match")
    if match_exp:
        if "winner" in match_exp and match_exp["winner"] != verdict.winner:
            result.differences.append(Message("case.match.winner", expected=str(match_exp["winner"]),
                                              got=str(verdict.winner), how=verdict.won_by or "-"))
        for key, have in (("score", list(verdict.score)), ("owed", list(verdict.owed)), ("target", verdict.target),
                          ("places", list(verdict.places)), ("deal", verdict.won_in_deal)):
            want = match_exp.get(key)
            if key in match_exp and (list(want) if isinstance(want, list) else want) != have:
                result.differences.append(Message(f"case.match.{key}", expected=str(want), got=str(have)))
    by_number = {d.number: d for d in verdict.deals}
    for exp in spec["expect"].get("deals", []):
        got = by_number.get(exp.get("deal", 1))
        if got is None:
            result.differences.append(Message("case.no-such-deal", deal=exp.get("deal", 1)))
            continue
        result.differences += _compare_deal(exp, got)
    return result


_PREFIXES = ("SETUP|DECK|PERL|CUT|DEAL|TRUMP|LB|EXCH|PLAY|BAPT|TRICK|FIG|BET|SHOW|VALID|SCORE|END|PEN|BLIND|"
             "COMM|P2|P3|P6|STRAF|EICHEL|SCHL|DNOF|GILT|HIST|RECORD")
# rule IDs, RECORD-* codes, and the worked examples of the digest (EX-I1, EX-I-R, EX-S0a, EX-P3c, EX-SC)
_RULE_ID = re.compile(rf"\b((?:{_PREFIXES})(?:-[A-Z]+)*-\d+|RECORD-[A-Z-]+[A-Z]|EX-[A-Z]+(?:-R|\d+[a-d]?)?)\b")


def rule_map(root: str | Path) -> dict[str, list[str]]:
    """Each rule ID and the cases that exercise it: expected violations, and the rules the
    case's sources and reasoning rest on."""
    return {rule_id: sorted({*expected, *applied}) for rule_id, (expected, applied) in rule_map_split(root).items()}


def rule_map_split(root: str | Path) -> dict[str, tuple[list[str], list[str]]]:
    """Each rule ID with the cases that expect it as a violation, and the other cases whose
    sources or reasoning rest on it (where it decides a legal play, or clears one that looks wrong)."""
    expected: dict[str, set[str]] = {}
    cited: dict[str, set[str]] = {}
    base = Path(root)
    for path in find_cases(base):
        spec = yaml.safe_load(path.read_text("utf-8")) or {}
        name = str(path.relative_to(base))[: -len(".expect.yaml")]
        text = " ".join(str(spec.get(k, "")) for k in ("sources", "reasoning"))
        for rule_id in set(_RULE_ID.findall(text)):
            cited.setdefault(rule_id, set()).add(name)
        for deal in (spec.get("expect") or {}).get("deals", []) or []:
            for v in deal.get("violations") or []:
                expected.setdefault(str(v["rule"]), set()).add(name)
    rules = sorted({*expected, *cited}, key=_rule_key)
    return {r: (sorted(expected.get(r, ())), sorted(cited.get(r, set()) - expected.get(r, set()))) for r in rules}


def _rule_key(rule_id: str) -> tuple[str, int, str]:
    head, _, tail = rule_id.rpartition("-")
    return (head, int(tail), "") if tail.isdigit() else (rule_id, 0, "")


def rule_map_markdown(root: str | Path) -> str:
    """The rule -> cases table for cases/README.md: the cases that expect each rule as a violation,
    and the others that rest on it."""
    rows = ["| rule | violation expected in | other cases resting on it |", "|---|---|---|"]
    for rule_id, (expected, applied) in rule_map_split(root).items():
        rows.append(f"| `{rule_id}` | {', '.join(expected) or '—'} | {', '.join(applied) or '—'} |")
    return "\n".join(rows) + "\n"
