"""Run the dispute cases in ``cases/``: replay each transcript and compare with the
hand-worked expectation, key by key, with a readable account of any difference."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from . import case_schema
from .cards import parse_card_name
from .engine import judge
from .engine.ruleset import RulesetError
from .engine.verdict import DealVerdict, Violation
from .reader import UnreadableFileError, read_file
from .ruleset_files import bundled_names, load_ruleset

VIOLATION_KEYS = ("rule", "seat", "trick", "line")


@dataclass
class CaseResult:
    """The outcome of one case: passed, or the list of differences."""

    name: str
    question: str
    differences: list[str] = field(default_factory=list)

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


def _match_multiset(expected: list[dict[str, Any]], actual: list[dict[str, Any]], what: str) -> list[str]:
    remaining = list(actual)
    missing = []
    for exp in expected:
        hit = next((a for a in remaining if all(a.get(k) == exp[k] for k in exp)), None)
        if hit is None:
            missing.append(exp)
        else:
            remaining.remove(hit)
    out = [f"{what}: expected {m}, not found" for m in missing]
    out += [f"{what}: unexpected {a}" for a in remaining]
    return out


def _compare_deal(exp: dict[str, Any], got: DealVerdict) -> list[str]:
    diffs: list[str] = []
    tag = f"deal {got.number}"
    if "trumps" in exp and (got.trumps.value if got.trumps else None) != exp["trumps"]:
        diffs.append(f"{tag} trumps: expected {exp['trumps']}, got {got.trumps.value if got.trumps else None}")
    if "perlaggen" in exp:
        want = [parse_card_name(str(c)).code for c in exp["perlaggen"]]
        have = [c.code for c in got.perlaggen]
        if want != have:
            diffs.append(f"{tag} Perlaggen: expected {' '.join(want)}, got {' '.join(have)}")
    if "tricks" in exp:
        have_tricks = [t.winner for t in got.tricks if t.winner is not None]
        if list(exp["tricks"]) != have_tricks:
            diffs.append(f"{tag} trick winners: expected {exp['tricks']}, got {have_tricks}")
    if "spiel" in exp and exp["spiel"] != got.spiel_winner:
        diffs.append(f"{tag} Spiel: expected {exp['spiel']}, got {got.spiel_winner}")
    if "violations" in exp:
        wanted = [{k: v for k, v in e.items() if k in VIOLATION_KEYS} for e in exp["violations"] or []]
        diffs += _match_multiset(wanted, [_violation_view(v) for v in got.violations], f"{tag} violation")
    if "score" in exp:
        after = list(got.match.after) if got.match is not None else None
        if list(exp["score"]) != after:
            diffs.append(f"{tag} running score after the deal: expected {exp['score']}, got {after}")
    if "figures" in exp:
        have_fig = {o.figure.value.lower(): o for o in got.figures}
        for name, want in (exp["figures"] or {}).items():
            o = have_fig.get(str(name).lower())
            if o is None:
                diffs.append(f"{tag} figure {name}: not scored")
                continue
            if "winner" in want and want["winner"] != o.winner:
                diffs.append(f"{tag} {name}: expected winner {want['winner']}, got {o.winner} ({o.how})")
            if "value" in want and want["value"] != o.value:
                diffs.append(f"{tag} {name}: expected value {want['value']}, got {o.value}")
            if "how" in want and want["how"] != o.how:
                diffs.append(f"{tag} {name}: expected it to end {want['how']}, got {o.how}")
    if "owed" in exp:
        owed = list(got.match.owed) if got.match is not None else None
        if list(exp["owed"]) != owed:
            diffs.append(f"{tag} points owed after the deal: expected {exp['owed']}, got {owed}")
    if "counts" in exp and exp["counts"] != (got.match is not None and got.match.counts):
        diffs.append(f"{tag} counts on the score: expected {exp['counts']}, got {not exp['counts']}")
    if "points" in exp and list(exp["points"]) != list(got.points):
        diffs.append(f"{tag} points: expected {exp['points']}, got {list(got.points)}")
    if "penalties" in exp:
        have_p = [{"team": v.penalty.team, "points": v.penalty.points, "forfeit": v.penalty.forfeit}
                  for v in got.violations if v.penalty and (v.penalty.points or v.penalty.forfeit != "none")]
        wanted_p = [dict(p) for p in exp["penalties"] or []]
        diffs += _match_multiset(wanted_p, have_p, f"{tag} penalty")
    return diffs


def run_case(expect_path: Path) -> CaseResult:
    """Replay one case and compare it with its expectation."""
    name = str(expect_path)[: -len(".expect.yaml")]
    try:
        spec = yaml.safe_load(expect_path.read_text("utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        return CaseResult(name, "", [f"cannot read the expectation: {exc}"])
    if not isinstance(spec, dict) or "expect" not in spec:
        return CaseResult(name, "", ["the expectation file has no 'expect' section"])
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
    except (RulesetError, UnreadableFileError) as exc:
        result.differences.append(str(exc))
        return result
    if read.errors:
        result.differences += [e.render() for e in read.errors]
        return result
    try:
        verdict = judge(read.transcript, ruleset)
    except Exception as exc:  # noqa: BLE001 - one case that breaks the engine must not stop the others
        if os.environ.get("PERLAGG_DEBUG"):
            raise
        result.differences.append(f"internal error while judging: {type(exc).__name__}: {exc}")
        return result
    match_exp = spec["expect"].get("match")
    if match_exp:
        if "winner" in match_exp and match_exp["winner"] != verdict.winner:
            result.differences.append(f"match winner: expected {match_exp['winner']}, got {verdict.winner} "
                                      f"({verdict.won_by})")
        if "score" in match_exp and list(match_exp["score"]) != list(verdict.score):
            result.differences.append(f"match score: expected {match_exp['score']}, got {list(verdict.score)}")
        if "owed" in match_exp and list(match_exp["owed"]) != list(verdict.owed):
            result.differences.append(f"match points owed: expected {match_exp['owed']}, got {list(verdict.owed)}")
        if "target" in match_exp and match_exp["target"] != verdict.target:
            result.differences.append(f"match target: expected {match_exp['target']}, got {verdict.target}")
        if "places" in match_exp and list(match_exp["places"]) != list(verdict.places):
            result.differences.append(f"match places: expected {match_exp['places']}, got {list(verdict.places)}")
        if "deal" in match_exp and match_exp["deal"] != verdict.won_in_deal:
            result.differences.append(
                f"match decided in deal: expected {match_exp['deal']}, got {verdict.won_in_deal}")
    by_number = {d.number: d for d in verdict.deals}
    for exp in spec["expect"].get("deals", []):
        got = by_number.get(exp.get("deal", 1))
        if got is None:
            result.differences.append(f"deal {exp.get('deal', 1)} is not in the transcript")
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
