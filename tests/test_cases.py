"""Every dispute case in cases/ agrees with its hand-worked verdict."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import CASES as CASES_DIR
from helpers import REPO

from perlagg_streit.tools.cases import find_cases, run_case

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
        "question: test\nruleset: innsbruck\nsources: [x]\nreasoning: x\nexpect:\n  deals:\n    - deal: 1\n"
        "      tricks: [S]\n"
        "      violations: [{rule: PLAY-3}]\n", "utf-8")
    result = run_case(tmp_path / "x.expect.yaml")
    assert not result.passed
    assert any("trick winners" in str(d) for d in result.differences)
    assert any("PLAY-3" in str(d) and "not found" in str(d) for d in result.differences)


def test_the_rule_map_in_the_cases_readme_is_current() -> None:
    from perlagg_streit.tools.cases import rule_map_markdown

    root = CASES_DIR
    readme = (root / "README.md").read_text("utf-8")
    assert rule_map_markdown(root) in readme, "run: perlagg-streit cases map cases, and paste it into cases/README.md"


def test_the_rule_map_is_the_only_index_of_the_cases() -> None:
    # the hand-kept engine1/engine2 indexes fell out of date; the generated map replaced them
    root = Path(__file__).parent.parent / "cases"
    assert sorted(p.name for p in root.rglob("*.md")) == ["README.md", "README.md"]  # cases/, cases/variants/
    from perlagg_streit.tools.cases import rule_map_split

    split = rule_map_split(root)
    assert split["PLAY-3"][0] and "play/revoke" in split["PLAY-3"][0]  # a violation expected
    assert "play/void-discards" in split["PLAY-3"][1]  # a legal play the rule decides
    assert all(not set(expected) & set(applied) for expected, applied in split.values())


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

    from perlagg_streit.tools.cases import rule_map

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


# ---- the expectation file's schema (issue 20, Tooling) -------------------------------------------

TRANSCRIPT = ("Ausgabe 1\nGeber: W\nAbheben: S\nKarten N: L10 H8 H9 E8 E9\nKarten E: LA HA HO E10 EA\n"
              "Karten S: LU SA SK S10 S9\nKarten W: S7 S8 EK EO L9\nAufschlag: L8\nN L10, E LA, S LU=LA, W S7=LA\n")
EXPECT = ("question: test\nruleset: innsbruck\nsources: [000 The Play]\nreasoning: by hand\n"
          "expect:\n  deals:\n    - deal: 1\n      {line}\n")


def _case(tmp_path: Path, line: str) -> list[str]:
    (tmp_path / "x.perlagg").write_text(TRANSCRIPT, "utf-8")
    (tmp_path / "x.expect.yaml").write_text(EXPECT.format(line=line), "utf-8")
    result = run_case(tmp_path / "x.expect.yaml")
    assert not result.passed
    return [str(d) for d in result.differences]


def test_a_misspelt_key_fails_the_case_with_its_path(tmp_path: Path) -> None:
    # with `violatons` the violations would go unchecked and any verdict would pass
    said = _case(tmp_path, "violatons: []")
    assert said[0].startswith("the expectation file: expect.deals[0].violatons: unknown key; known keys: counts, deal")


def test_a_left_out_violations_list_fails_the_case(tmp_path: Path) -> None:
    said = _case(tmp_path, "tricks: [N]")
    assert said == ["the expectation file: expect.deals[0].violations: missing"]


@pytest.mark.parametrize(("line", "says"), [
    ("violations: [{rule: PLAY-3, trick: first}]",
     "expect.deals[0].violations[0].trick: expected a whole number from 1, got 'first'"),
    ("violations: [{rul: PLAY-3}]", "expect.deals[0].violations[0].rul: unknown key"),
    ("violations: []\n      trumps: X", "expect.deals[0].trumps: expected a suit letter (E, L, H or S), got 'X'"),
    ("violations: []\n      penalties: [{team: NS, forfeit: game}]",
     "expect.deals[0].penalties[0].forfeit: expected one of none, spiel, figures, deal, partie, got 'game'"),
    ("violations: []\n      figures: {Gleich: {winner: NS}}", "expect.deals[0].figures.Gleich: unknown key"),
    ("violations: []\n      figures: {spiel: {how: won}}", "expect.deals[0].figures.spiel.how: expected one of"),
    ("violations: []\n      perlaggen: [HK, X9]", "expect.deals[0].perlaggen[1]: expected a card such as HK"),
])
def test_a_value_of_the_wrong_kind_fails_the_case_with_its_path(tmp_path: Path, line: str, says: str) -> None:
    assert _case(tmp_path, line)[0].startswith(f"the expectation file: {says}")


def test_a_good_expectation_passes_the_schema_and_is_judged(tmp_path: Path) -> None:
    said = _case(tmp_path, "tricks: [S]\n      violations: [{rule: PLAY-3}]")  # a wrong expectation: judged
    assert not any("the expectation file" in d for d in said) and any("trick" in d for d in said)


def _declared(check: object, prefix: str = "") -> set[str]:
    from perlagg_streit.engine.schema import ListOf
    from perlagg_streit.tools.case_schema import Maybe, Record

    while isinstance(check, (Maybe, ListOf)):
        check = check.check if isinstance(check, Maybe) else check.item
    if not isinstance(check, Record):
        return set()
    out: set[str] = set()
    for name, field in check.fields.items():
        out |= {prefix + name} | _declared(field.check, f"{prefix}{name}.")
    return out


def test_the_readme_example_is_the_declared_schema() -> None:
    import re

    import yaml

    from perlagg_streit.tools.case_schema import CASE_FILE, problems

    readme = (Path(__file__).parent.parent / "cases" / "README.md").read_text("utf-8")
    block = readme.split("## The expectation file", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    assert problems(yaml.safe_load(block)) == []  # every key the example shows is declared
    declared = _declared(CASE_FILE)
    assert "expect.deals.violations.rule" in declared and len(declared) > 40
    named = set(re.findall(r"\b(\w+):", block)) | set(re.findall(r"`(\w+)`", block))
    assert {path.rsplit(".", 1)[-1] for path in declared} - named == set()  # and every declared key is shown


def test_the_cli_fails_a_case_with_a_misspelt_key_without_a_traceback(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from perlagg_streit.cli import cli

    _case(tmp_path, "violatons: []")
    result = CliRunner().invoke(cli, ["cases", "run", str(tmp_path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "expect.deals[0].violatons: unknown key" in result.output and "0 passed, 1 failed" in result.output
