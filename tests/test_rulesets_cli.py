"""The rulesets commands and check --versus."""

from __future__ import annotations

from pathlib import Path

from helpers import REPO, cli_run


def test_list_names_every_bundled_ruleset() -> None:
    code, out = cli_run("rulesets", "list", "--lang", "de")
    assert code == 0
    for name in ("innsbruck", "innsbruck-1890", "eichel", "giltspiel"):
        assert name in out
    assert "Innsbrucker Perlaggerregeln" in out


def test_show_gives_each_value_with_its_source() -> None:
    code, out = cli_run("rulesets", "show", "innsbruck", "--lang", "en")
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("perlaggen.order"))
    assert "HK S6 S7 E7 T7 TU TO" in line and "000 Players and Cards" in line


def test_diff_lists_the_differences_with_both_sources() -> None:
    code, out = cli_run("rulesets", "diff", "innsbruck", "innsbruck-1890", "--lang", "en")
    assert code == 0
    assert "baptism.restrict_when_holding_led_suit" in out
    assert "003 old § 15" in out and "000 The Play" in out
    assert "penalties.PLAY-3" in out and "§ 17" in out
    assert "perlaggen.order" not in out  # the same in both


def test_validate_names_the_bad_key(tmp_path: Path) -> None:
    bad = tmp_path / "haus.yaml"
    bad.write_text("extends: innsbruck\nexchange:\n  card: jede\n", "utf-8")
    good = tmp_path / "gut.yaml"
    good.write_text("extends: innsbruck\nname: gut\ntarget: 21\n", "utf-8")
    code, out = cli_run("rulesets", "validate", str(good), str(bad))
    assert code == 2
    assert "gut.yaml: ok" in out
    assert "exchange.card: expected one of natural_trump, any_trump, got 'jede'" in out


def test_a_broken_yaml_file_is_reported_with_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "kaputt.yaml"
    bad.write_text("extends: innsbruck\ntarget: [\n", "utf-8")
    code, out = cli_run("rulesets", "validate", str(bad))
    assert code == 2 and "not valid YAML" in out and "line" in out


def test_check_versus_shows_where_the_verdicts_part() -> None:
    code, out = cli_run("check", "--lang", "en", "--ruleset", "innsbruck-1890", "--versus", "innsbruck",
                    str(REPO / "examples" / "streitfall.perlagg"))
    assert "PLAY-3" in out or "penalties" in out
    assert "§ 17" in out
    # the revoke costs N/S two points under § 17
    assert "innsbruck-1890: N/S -1, E/W 2; innsbruck: N/S 1, E/W 2" in out


def test_check_with_an_unknown_ruleset_says_so_without_a_traceback() -> None:
    code, out = cli_run("check", "--ruleset", "nirgendwo", str(REPO / "examples" / "ausgabe.perlagg"))
    assert code == 2 and "no bundled ruleset" in out and "Traceback" not in out


def test_a_house_ruleset_changed_on_disk_is_read_again(tmp_path: Path) -> None:
    # Rulesets are remembered within a process (a batch names the same one a thousand times);
    # an edited file must not be judged by its old text.
    import os

    from perlagg_streit.rulesets import load_ruleset

    house = tmp_path / "haus.yaml"
    house.write_text("extends: innsbruck\nname: haus\ntarget: 15\n", "utf-8")
    assert load_ruleset(str(house)).target == 15
    assert load_ruleset(str(house)) is load_ruleset(str(house))
    house.write_text("extends: innsbruck\nname: haus\ntarget: 21\n", "utf-8")
    os.utime(house, ns=(1, 1))  # a different time even on a coarse clock
    assert load_ruleset(str(house)).target == 21
