"""House rules you can trust (issue 21, item 5): every mistake of a ruleset file in one run, each at
its key path with a "did you mean"; penalties under rule IDs that are never checked refused; a key
given twice refused with both places; a key a house file changes cited by the house file."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import EXAMPLES, cli_run

from perlagg_streit.engine.ruleset import RulesetError
from perlagg_streit.rulesets import load_ruleset

#: A house file with seven mistakes, one of each kind a club makes.
SEVEN_MISTAKES = """\
extends: innsbruck
bet:
  maxx: seven
target: "21"
max: three
penalties:
  play-4: {points: 2, source: Hausregel}
  BAPT-66: {points: 2, source: Hausregel}
  PLAY-3: {points: 2, forfiet: spiel}
"""


def _house(tmp_path: Path, text: str, name: str = "haus.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return str(path)


def _problems(path: str) -> list[tuple[str, str]]:
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    assert all(p.source == path for p in err.value.problems)
    return [(p.path, p.message) for p in err.value.problems]


def test_every_mistake_of_a_file_is_named_in_one_run_with_the_key_meant(tmp_path: Path) -> None:
    problems = _problems(_house(tmp_path, SEVEN_MISTAKES))
    assert sorted(problems) == sorted([
        ("bet.maxx", "unknown key; did you mean bet.max?"),
        ("target", "expected a whole number from 11 to 24, got '21'"),
        ("max", "unknown key; did you mean bet.max?"),  # the right key in the wrong section
        ("penalties.play-4", "not a rule ID that is checked (a penalty under it would never be applied); "
                             "did you mean PLAY-4?"),
        ("penalties.BAPT-66", "not a rule ID that is checked (a penalty under it would never be applied); "
                              "did you mean BAPT-6?"),
        ("penalties.PLAY-3.forfiet", "unknown key (expected points, forfeit, source); did you mean forfeit?"),
        ("penalties.PLAY-3.source", "every penalty must say where it is written"),
    ])


def test_a_key_nothing_resembles_lists_the_keys_beside_it(tmp_path: Path) -> None:
    assert _problems(_house(tmp_path, "extends: innsbruck\nspiel5:\n  zzz: 1\n")) == [
        ("spiel5.zzz", "unknown key; known keys: spiel5.restrict")]


def test_a_rule_id_nothing_resembles_is_refused_and_the_list_is_named(tmp_path: Path) -> None:
    [(path, message)] = _problems(_house(tmp_path, "extends: innsbruck\npenalties:\n  QQQ: {source: x}\n"))
    assert path == "penalties.QQQ" and "perlagg-streit explain --list" in message


def test_a_penalty_under_a_rule_id_that_is_checked_is_taken(tmp_path: Path) -> None:
    ruleset = load_ruleset(_house(tmp_path, "extends: innsbruck\npenalties:\n  PLAY-4: {points: 3, source: Haus}\n"))
    penalty = ruleset.penalty("PLAY-4")
    assert penalty is not None and (penalty.points, penalty.source) == (3, "Haus")


@pytest.mark.parametrize("command", [
    ("rulesets", "validate"), ("check", "--ruleset"), ("replay", "--ruleset"), ("score", "--ruleset"),
    ("rulesets", "show")])
def test_every_command_that_loads_a_ruleset_shows_every_mistake(tmp_path: Path, command: tuple[str, ...]) -> None:
    house = _house(tmp_path, SEVEN_MISTAKES)
    transcript = [] if command[0] == "rulesets" else [str(EXAMPLES / "ausgabe.perlagg")]
    code, out = cli_run(*command, house, *transcript)
    assert code == 2, out
    for path in ("bet.maxx", "target", "max", "penalties.play-4", "penalties.BAPT-66", "penalties.PLAY-3.forfiet",
                 "penalties.PLAY-3.source"):
        assert f"{house}: {path}: " in out, (path, out)


def test_the_mistakes_are_said_in_german(tmp_path: Path) -> None:
    code, out = cli_run("check", "--lang", "de", "--ruleset", _house(tmp_path, SEVEN_MISTAKES),
                        str(EXAMPLES / "ausgabe.perlagg"))
    assert code == 2
    assert "bet.maxx: unbekannter Schlüssel; meinten Sie bet.max?" in out
    assert "penalties.play-4: keine Regel-ID, die geprüft wird" in out and "meinten Sie PLAY-4?" in out


def test_a_key_given_twice_is_refused_with_both_places_and_the_other_mistakes(tmp_path: Path) -> None:
    text = "extends: innsbruck\ntarget: 21\nbet:\n  max: seven\n  max: three\ntarget: 11\nbet_max: 3\n"
    assert _problems(_house(tmp_path, text)) == [
        ("bet.max", "the key max is given twice in the same mapping, at line 4, column 3 and at line 5, column 3 "
                    "(YAML would silently let the second win)"),
        ("target", "the key target is given twice in the same mapping, at line 2, column 1 and at line 6, column 1 "
                   "(YAML would silently let the second win)"),
        ("bet_max", "unknown key; did you mean bet.max?"),
    ]


def test_a_key_given_twice_in_a_file_it_extends_names_that_file(tmp_path: Path) -> None:
    base = _house(tmp_path, "extends: innsbruck\ntarget: 21\ntarget: 22\n", "verein.yaml")
    house = tmp_path / "haus.yaml"
    house.write_text("extends: verein.yaml\nname: haus\n", "utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(house))
    [problem] = err.value.problems
    assert (problem.source, problem.path) == (base, "target") and "line 2" in problem.message


def test_a_key_a_house_file_changes_is_cited_by_the_house_file(tmp_path: Path) -> None:
    club = _house(tmp_path, "extends: innsbruck\nname: verein\ntarget: 21\nendgame:\n  min_len: 4\n", "verein.yaml")
    house = _house(tmp_path, "extends: verein.yaml\nname: haus\nbet:\n  max: seven\n"
                             "sources:\n  endgame.min_len: Vereinsbeschluss 2024\n")
    ruleset = load_ruleset(house)
    assert ruleset.source_of("target") == club  # changed by the club's file, kept by the house's
    assert ruleset.source_of("bet.max") == house
    assert ruleset.source_of("endgame.min_len") == "Vereinsbeschluss 2024"  # a sources entry of its own wins
    assert ruleset.source_of("endgame.equal_length") == load_ruleset("innsbruck").source_of("endgame.equal_length")
    code, out = cli_run("rulesets", "show", house)
    assert code == 0
    rows = {line.split()[0]: line.split()[-1] for line in out.splitlines() if line.strip()}
    assert rows["target"] == club and rows["bet.max"] == house
    code, out = cli_run("rulesets", "diff", "innsbruck", house)
    assert code == 0 and f"({house})" in out and f"({club})" in out


def test_every_mistake_travels_from_a_worker_process_whole(tmp_path: Path) -> None:
    import pickle

    with pytest.raises(RulesetError) as err:
        load_ruleset(_house(tmp_path, SEVEN_MISTAKES))
    travelled = pickle.loads(pickle.dumps(err.value))
    assert len(travelled.problems) == 7 and travelled.text("de") == err.value.text("de")


def test_a_file_of_thousands_of_mistakes_shows_fifty_and_counts_the_rest(tmp_path: Path) -> None:
    text = "extends: innsbruck\n" + "".join(f"k{i}: 1\n" for i in range(500))
    code, out = cli_run("rulesets", "validate", _house(tmp_path, text))
    assert code == 2 and len(out.strip().splitlines()) == 51 and out.strip().endswith("… and 450 more problems")


# ---- the data of a ruleset's YAML kept between runs (start-up, issue 21) ---------------------------

@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The rulesets' cache in a folder of the test, and every text parse_yaml really reads."""
    from perlagg_streit import rulesets
    from perlagg_streit.base.disk_cache import DiskCache

    read: list[str] = []
    real = rulesets.parse_yaml

    def counted(text: str, *args: Any, **kwargs: Any) -> Any:
        read.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(rulesets, "parse_yaml", counted)
    monkeypatch.setattr(rulesets, "_PARSED", DiskCache("rulesets", "test", {"XDG_CACHE_HOME": str(tmp_path)}))
    rulesets._load.cache_clear()
    yield read
    rulesets._load.cache_clear()


def test_a_ruleset_read_once_is_not_read_again_and_is_the_same(own_cache: list[str], tmp_path: Path) -> None:
    from perlagg_streit import rulesets

    first = load_ruleset("innsbruck-1890")
    assert own_cache  # read: the file and the ones it extends
    rulesets._load.cache_clear()
    own_cache.clear()
    assert load_ruleset("innsbruck-1890") == first
    assert own_cache == []  # every text came from the cache
    house = _house(tmp_path, "extends: innsbruck\nname: haus\ntarget: 21\n")
    assert load_ruleset(house).target == 21
    rulesets._load.cache_clear()
    own_cache.clear()
    assert load_ruleset(house).target == 21 and own_cache == []


def test_a_file_with_a_problem_is_read_and_reported_every_time(own_cache: list[str], tmp_path: Path) -> None:
    from perlagg_streit import rulesets

    house = _house(tmp_path, "extends: innsbruck\nname: haus\ntarget: 21\ntarget: 22\n")
    for _ in range(2):
        rulesets._load.cache_clear()
        own_cache.clear()
        assert [path for path, _ in _problems(house)] == ["target"]  # the key given twice, each time
        assert any("target: 22" in text for text in own_cache)


def test_a_text_uploaded_to_the_web_app_is_not_kept(own_cache: list[str]) -> None:
    from perlagg_streit import rulesets
    from perlagg_streit.rulesets import load_ruleset_text

    text = "extends: innsbruck\nname: hochgeladen\ntarget: 20\n"
    assert load_ruleset_text(text, "upload.yaml").target == 20
    digest = hashlib.sha256(text.encode()).hexdigest()
    assert [k for k in (rulesets._PARSED._entries or {}) if k[1] == digest] == []
