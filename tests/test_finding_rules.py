"""Finding rules (issue 21, item 7): ``explain --list``, ``explain`` by a word or by a §, and
shell completion of commands, ruleset names and rule IDs."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from helpers import REPO, cli_run

from perlagg_streit.cli import cli
from perlagg_streit.engine.rules import RULES
from perlagg_streit.messages.unchecked_texts import not_checked
from perlagg_streit.render.rule_search import _sections, every_rule_id, find_rules, fold
from perlagg_streit.rulesets import bundled_names


@pytest.mark.parametrize("lang", ["de", "en"])
def test_explain_list_names_every_rule_once_in_three_groups(lang: str) -> None:
    code, out = cli_run("explain", "--list", "--lang", lang)
    assert code == 0
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("  ")]
    assert sorted(listed) == sorted(every_rule_id()) and len(listed) == len(set(listed))
    assert RULES.keys() <= set(listed) and set(not_checked()) <= set(listed)
    # the rules the engine cites first, with their words: a penalty can be keyed by these only
    assert listed[:len(RULES)] == list(RULES)
    play3 = next(line for line in out.splitlines() if line.split()[:1] == ["PLAY-3"])
    assert RULES["PLAY-3"].text(lang)[:30] in play3
    assert len([line for line in out.splitlines() if line and not line.startswith(" ")]) == 3


@pytest.mark.parametrize("query", ["Farbleugnen", "farbleugnen", "revoke", "§ 17", "§17", "Paragraph 17"])
def test_the_revoke_is_found_by_its_german_and_english_word_and_by_its_section(query: str) -> None:
    # Farbleugnen is the old § 17's word for a revoke (003 § 17), PLAY-3 the rule that forbids it
    assert "PLAY-3" in find_rules(query)


def test_a_section_finds_only_rules_citing_that_section() -> None:
    assert _sections(["003 § 25-28"]) == {25, 26, 27, 28}
    assert _sections(["003 §§ 16, 17", "003 Neue § 6 (x)"]) == {6, 16, 17}
    assert _sections(["003 § 25 (Im Falle, dass beide Parteien 17 : 17 haben)"]) == {25}  # 17 : 17 is no §
    # PLAY-3 cites 000 The Play, § 15 and § 17 (and its penalties old § 17): not § 1, not § 7
    assert "PLAY-3" not in find_rules("§ 1") and "PLAY-3" not in find_rules("§ 7")
    assert "PLAY-3" in find_rules("§ 15")


def test_a_section_of_the_english_rules_finds_its_rules() -> None:
    hits = find_rules("The Endgame")
    assert hits and all(any("000 The Endgame" in s for s in RULES[h].sources) or "endgame" in fold(RULES[h].en)
                        for h in hits)
    assert "END-2" in hits  # the gestrichen team's bet ban, 000 The Endgame


def test_a_word_is_found_with_its_umlaut_written_out_or_dropped() -> None:
    word = next(w for rule in RULES.values() for w in re.findall(r"\w+", rule.de) if "ü" in w and len(w) > 5)
    assert find_rules(word) == find_rules(word.replace("ü", "ue")) == find_rules(word.replace("ü", "u")) != []


def test_explain_by_word_lists_the_rules_or_shows_the_only_one(tmp_path: object) -> None:
    # Farbleugnen: PLAY-3 (follow suit) and PLAY-4 (trump when trumps are led), both the old § 17,
    # whose penalty the bundled rulesets cite as "003 old § 17: Farbleugnen ..."
    code, out = cli_run("explain", "Farbleugnen", "--lang", "de")
    assert code == 0 and out.startswith("2 Regeln nennen 'Farbleugnen':") and "PLAY-3" in out
    code, out = cli_run("explain", "Farbleugnen", "--lang", "en")
    assert code == 0 and out.startswith("2 rules mention 'Farbleugnen':")
    only = find_rules("Weli")
    assert len(only) >= 1
    single = next(q for q in ("Luck und Boden", "Kartenstehlen", "Weli", "Spitz") if len(find_rules(q)) == 1)
    code, out = cli_run("explain", single, "--lang", "en")
    [rule_id] = find_rules(single)
    assert code == 0 and out.startswith(rule_id) and f"en: {RULES[rule_id].en}" in out


@pytest.mark.parametrize(("lang", "says"), [("de", "keine Regel nennt 'xyzzy'"), ("en", "no rule mentions 'xyzzy'")])
def test_explain_of_nothing_known_is_a_usage_error(lang: str, says: str) -> None:
    code, out = cli_run("explain", "xyzzy", "--lang", lang)
    assert code == 2 and says in out and "explain --list" in out
    code, out = cli_run("explain", "--lang", lang)
    assert code == 2 and "--list" in out


def _complete(*words: str) -> list[str]:
    """What the command line offers a bash user for the last of ``words``."""
    line = ["perlagg-streit", *words]
    env = {"_PERLAGG_STREIT_COMPLETE": "bash_complete", "COMP_WORDS": " ".join(line), "COMP_CWORD": str(len(words))}
    result = CliRunner().invoke(cli, [], prog_name="perlagg-streit", env=env)
    assert result.exit_code == 0, result.output
    return [line.split(",", 1)[1] for line in result.output.splitlines() if line.startswith("plain,")]


def test_completion_completes_commands() -> None:
    assert _complete("ru") == ["rulesets"]
    assert set(_complete("rulesets", "")) >= {"list", "show", "diff", "validate"}
    assert "--ruleset" in _complete("check", "--r")


@pytest.mark.parametrize("words", [("check", "--ruleset"), ("check", "-r"), ("check", "--versus"),
                                   ("score", "--ruleset"), ("replay", "--ruleset"), ("generate", "--ruleset"),
                                   ("rulesets", "show"), ("rulesets", "diff", "innsbruck")])
def test_completion_completes_ruleset_names(words: tuple[str, ...]) -> None:
    assert _complete(*words, "") == bundled_names()
    assert _complete(*words, "innsbruck-") == ["innsbruck-1890", "innsbruck-neu"]


def test_completion_completes_rule_ids_in_any_case() -> None:
    assert _complete("explain", "PLAY-1") == [i for i in every_rule_id() if i.startswith("PLAY-1")]
    assert "PLAY-3" in _complete("explain", "play-")
    assert _complete("explain", "") == every_rule_id()


def test_the_readme_says_how_to_turn_completion_on() -> None:
    readme = (REPO / "README.md").read_text("utf-8")
    for shell in ("bash", "zsh", "fish"):
        assert f"_PERLAGG_STREIT_COMPLETE={shell}_source perlagg-streit" in readme
    assert "explain --list" in readme and 'explain "§ 17"' in readme and "explain Farbleugnen" in readme
