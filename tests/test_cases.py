"""Every dispute case in cases/ agrees with its hand-worked verdict."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import CASES as CASES_DIR
from helpers import REPO

from perlagg_streit.cases import find_cases, run_case

CASES = find_cases(CASES_DIR)


@pytest.mark.parametrize("expect_path", CASES, ids=lambda p: str(p.relative_to(p.parents[1]))[: -len(".expect.yaml")])
def test_case(expect_path: Path) -> None:
    result = run_case(expect_path)
    assert result.passed, "\n".join([result.question, *map(str, result.differences)])


def test_the_case_runner_reports_a_wrong_expectation(tmp_path: Path) -> None:
    (tmp_path / "x.perlagg").write_text(
        "Ausgabe 1\nGeber: W\nAbheben: S\nKarten N: L10 H8 H9 E8 E9\nKarten E: LA HA HO E10 EA\n"
        "Karten S: LU SA SK S10 S9\nKarten W: S7 S8 EK EO L9\nAufschlag: L8\nN L10, E LA, S LU=LA, W S7=LA\n", "utf-8")
    (tmp_path / "x.expect.yaml").write_text(
        "question: test\nruleset: innsbruck\nexpect:\n  deals:\n    - deal: 1\n      tricks: [S]\n"
        "      violations: [{rule: PLAY-3}]\n", "utf-8")
    result = run_case(tmp_path / "x.expect.yaml")
    assert not result.passed
    assert any("trick winners" in str(d) for d in result.differences)
    assert any("PLAY-3" in str(d) and "not found" in str(d) for d in result.differences)


def test_the_rule_map_in_the_cases_readme_is_current() -> None:
    from perlagg_streit.cases import rule_map_markdown

    root = CASES_DIR
    readme = (root / "README.md").read_text("utf-8")
    assert rule_map_markdown(root) in readme, "run: perlagg-streit cases map cases, and paste it into cases/README.md"


def test_the_corpus_has_at_least_a_hundred_cases() -> None:
    assert len(CASES) >= 100


def _unexercisable() -> dict[str, str]:
    """The table 'Rules no transcript can exercise' of cases/README.md: rule ID -> why."""
    readme = (CASES_DIR / "README.md").read_text("utf-8")
    section = readme.split("## Rules no transcript can exercise", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|") for line in section.splitlines() if line.startswith("| `")]
    return {row[1].strip().strip("`"): row[2].strip() for row in rows}


def test_every_rule_of_the_digest_has_a_case_or_a_reason_why_none_can() -> None:
    # The digest lives beside the project (../shared, as CI checks it out); a user's clone may not have it.
    digest = REPO.parent / "shared" / "rules" / "RULES.md"
    if not digest.exists():
        pytest.skip("the rules digest ../shared/rules/RULES.md is not beside this clone")
    import re

    from perlagg_streit.cases import rule_map

    text = digest.read_text("utf-8")
    rule_ids = re.findall(r"^- \*\*([A-Za-z0-9]+(?:-[A-Za-z0-9]+)+)\*\*", text, re.M)
    rule_ids += re.findall(r"^\| \*\*([A-Z0-9]+-\d+)\*\* \|", text, re.M)  # the penalty table
    assert len(rule_ids) > 250
    covered = set(rule_map(CASES_DIR))
    reasons = _unexercisable()
    assert not [r for r in rule_ids if r not in covered and r not in reasons], \
        "a rule with neither a case nor a reason in cases/README.md"
    assert not [r for r in reasons if r in covered], "a rule listed as unexercisable has a case: take it off the list"
    assert all(len(why) > 20 for why in reasons.values())
