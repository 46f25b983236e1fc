"""Hostile rulesets (issue 19): each refused with a clear message and exit 2, never a traceback or exit 70.

Each test is built on the issue's minimal input. A refusal is asserted, not timed: the old code
took 12 s and 1.5 GB on the billion laughs before it failed, the new one must say "aliases".
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from helpers import REPO, cli_run

from perlagg_streit import rulesets
from perlagg_streit.engine.ruleset import RulesetError, build_ruleset, merge, preview
from perlagg_streit.rulesets import (
    MAX_EXTENDS,
    MAX_FILE_BYTES,
    YAML_LOADERS,
    PureRulesetLoader,
    load_ruleset,
    parse_yaml,
    resolve,
)

TRANSCRIPT = (REPO / "examples" / "ausgabe.perlagg").read_text("utf-8")

# ---- the minimal inputs --------------------------------------------------------------------

#: 640 bytes or less: nine lists of nine aliases, 9^9 "lol" when expanded.
LAUGHS = "extends: innsbruck\ntarget:\n  - &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"  - &{b} [{', '.join(['*' + a] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True))
#: The same with mappings, under a key the schema does not know.
MAP_LAUGHS = "extends: innsbruck\njunk:\n  a: &a {x: 1, y: 1, z: 1, w: 1, v: 1, u: 1, t: 1, s: 1, r: 1}\n" + "".join(
    f"  {b}: &{b} {{{', '.join(f'k{j}: *{a}' for j in range(9))}}}\n" for a, b in zip("abcdefgh", "bcdefghi",
                                                                                       strict=True))
DEEP = "extends: innsbruck\ntarget: " + "[" * 5000 + "]" * 5000 + "\n"
DIGITS = "extends: innsbruck\ntarget: " + "9" * 5000 + "\n"
LONG_NAME = "r" * 295 + ".yaml"  # 300 bytes: more than the 255 a file name may have


def validate(tmp_path: Path, text: str, name: str = "haus.yaml") -> str:
    """``rulesets validate`` on a file holding ``text``: must exit 2; its message."""
    path = tmp_path / name
    path.write_text(text, "utf-8")
    code, out = cli_run("rulesets", "validate", str(path))
    assert code == 2, out
    return out


@pytest.fixture(params=[loader.__name__ for loader in YAML_LOADERS])
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> type:
    """Each YAML loader in turn: libyaml's parser (when PyYAML has it) and the pure-Python one."""
    chosen = next(x for x in YAML_LOADERS if x.__name__ == request.param)
    monkeypatch.setattr(rulesets, "RULESET_LOADER", chosen)
    rulesets._load.cache_clear()
    return chosen


# ---- YAML: aliases, depth, numbers, duplicate keys -------------------------------------------

def test_the_inputs_are_as_small_as_the_issue_says() -> None:
    assert len(LAUGHS.encode()) <= 640 and len(MAP_LAUGHS.encode()) <= 800


def test_billion_laughs_is_refused_at_the_first_anchor(tmp_path: Path, loader: type) -> None:
    out = validate(tmp_path, LAUGHS)
    assert "anchors and aliases (&name, *name) are not allowed" in out
    assert "line 3, column 5" in out  # the first anchor: nothing after it was read


def test_mapping_aliases_under_an_unknown_key_are_refused(tmp_path: Path, loader: type) -> None:
    out = validate(tmp_path, MAP_LAUGHS)
    assert "anchors and aliases" in out and "line 3" in out


def test_nesting_5000_deep_is_refused_without_recursion_error(tmp_path: Path, loader: type) -> None:
    out = validate(tmp_path, DEEP)
    # libyaml stops at its own nesting limit (1,000) while scanning ahead; our composer at 16.
    assert "nesting depth" in out or f"nested more than {rulesets.MAX_DEPTH} deep" in out


def test_nesting_past_the_bound_is_refused_and_within_it_read(loader: type) -> None:
    limit = rulesets.MAX_DEPTH
    assert parse_yaml("a: " + "[" * (limit - 1) + "]" * (limit - 1), loader) == {"a": eval("[" * (limit - 1) +
                                                                                            "]" * (limit - 1))}
    with pytest.raises(yaml.YAMLError, match=f"nested more than {limit} deep"):
        parse_yaml("a: " + "[" * limit + "]" * limit, loader)


def test_a_target_of_5000_digits_is_refused(tmp_path: Path, loader: type) -> None:
    out = validate(tmp_path, DIGITS)
    assert "a number of 5,000 characters" in out and "line 2, column 9" in out


def test_a_key_given_twice_is_refused(tmp_path: Path, loader: type) -> None:
    out = validate(tmp_path, "extends: innsbruck\ntarget: 21\ntarget: 11\n")
    assert "the key target is given twice" in out and "line 3" in out
    out = validate(tmp_path, "extends: innsbruck\npenalties:\n  PLAY-3: {points: 2, points: 3, source: x}\n")
    assert "the key points is given twice" in out


@pytest.mark.parametrize(("text", "says"), [
    ("extends: innsbruck\n<<: {target: 21}\n", "merge keys (<<) are not allowed"),
    ("extends: innsbruck\ntarget: !!int 21\n", "YAML tags (!!int) are not allowed"),
    ("extends: innsbruck\ntarget: !!bool maybe\n", "YAML tags (!!bool) are not allowed"),
    ("extends: innsbruck\nname: 2020-13-45\n", "cannot read this value: month must be in 1..12"),
    ("extends: innsbruck\ntarget: 0x_\n", "cannot read this value"),
])
def test_other_yaml_that_used_to_crash_is_refused(tmp_path: Path, loader: type, text: str, says: str) -> None:
    # !!bool maybe was a KeyError, 2020-13-45 and 0x_ a ValueError: exit 70 before.
    assert says in validate(tmp_path, text)


def test_both_loaders_read_every_bundled_ruleset_as_safe_load_does() -> None:
    folder = REPO / "perlagg_streit" / "rulesets"
    for path in sorted(folder.glob("*.yaml")):
        text = path.read_text("utf-8")
        for loader in YAML_LOADERS:
            assert parse_yaml(text, loader) == yaml.safe_load(text), (path.name, loader.__name__)


def test_libyaml_is_used_when_pyyaml_has_it() -> None:
    assert rulesets.RULESET_LOADER is YAML_LOADERS[0]
    if yaml.__with_libyaml__:
        assert rulesets.RULESET_LOADER.__name__ == "LibyamlRulesetLoader"


def test_without_libyaml_the_pure_loader_judges_alone() -> None:
    # A fresh interpreter in which PyYAML's C extension cannot be imported.
    code = ("import sys; sys.modules['yaml._yaml'] = None\n"
            "from perlagg_streit import rulesets as rf\n"
            "assert rf.YAML_LOADERS == (rf.PureRulesetLoader,) and rf.RULESET_LOADER is rf.PureRulesetLoader\n"
            "assert rf.load_ruleset('innsbruck-neu').name == 'innsbruck-neu'\n"
            f"try:\n    rf.parse_yaml({LAUGHS!r})\nexcept Exception as exc:\n    print(type(exc).__name__, exc)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("_Refused") and "anchors and aliases" in done.stdout


# ---- files: size, kind, names -----------------------------------------------------------------

def test_a_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    out = validate(tmp_path, "extends: innsbruck\n" + "# Hausregel\n" * (MAX_FILE_BYTES // 12 + 1))
    assert f"a ruleset file may have at most {MAX_FILE_BYTES:,}" in out


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "haus.yaml"
    path.write_bytes(b"extends: innsbruck\nname: M\xfchle\n")
    code, out = cli_run("rulesets", "validate", str(path))
    assert code == 2 and "not UTF-8 text (byte 27)" in out


def _validate_in_a_subprocess(target: str) -> subprocess.CompletedProcess[str]:
    """Run ``rulesets validate`` in its own process, so that a hang fails the test instead of stopping the run."""
    code = "import sys; from perlagg_streit.cli import main; sys.argv = ['perlagg-streit', 'rulesets', " \
           f"'validate', {target!r}]; main()"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_is_refused_without_being_read(tmp_path: Path) -> None:
    fifo = tmp_path / "haus.yaml"
    os.mkfifo(fifo)  # nobody writes to it: reading it would wait for ever
    done = _validate_in_a_subprocess(str(fifo))
    assert done.returncode == 2 and "this is a named pipe, not a ruleset file; it was not read" in done.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_is_refused_without_being_read() -> None:
    done = _validate_in_a_subprocess("/dev/zero")  # endless: reading it would fill the memory
    assert done.returncode == 2 and "this is a device, not a ruleset file" in done.stderr


def test_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "haus.yaml").mkdir()
    code, out = cli_run("rulesets", "validate", str(tmp_path / "haus.yaml"))
    assert code == 2 and "this is a folder, not a ruleset file" in out


def test_a_300_byte_name_via_ruleset_is_a_clear_error(tmp_path: Path) -> None:
    code, out = cli_run("check", "--lang", "en", "--ruleset", str(tmp_path / LONG_NAME),
                    str(REPO / "examples" / "ausgabe.perlagg"))
    assert code == 2 and "bad ruleset" in out and "the name is too long for a file" in out
    code, out = cli_run("rulesets", "validate", LONG_NAME)
    assert code == 2 and "the name is too long for a file (300 bytes" in out
    assert "r" * 100 not in out  # the name is shown cut short


def test_a_300_byte_name_in_the_tag_is_a_clear_error(tmp_path: Path) -> None:
    transcript = tmp_path / "partie.perlagg"
    transcript.write_text(TRANSCRIPT.replace('[Ruleset "innsbruck"]', f'[Ruleset "{LONG_NAME}"]'), "utf-8")
    code, out = cli_run("check", "--lang", "en", str(transcript))
    assert code == 3 and "bad ruleset" in out and "the name is too long for a file" in out
    code, out = cli_run("score", "--lang", "en", str(transcript))
    assert code == 2 and "the name is too long for a file" in out


def test_a_value_is_shown_by_its_type_and_a_short_preview(tmp_path: Path) -> None:
    out = validate(tmp_path, "extends: innsbruck\ntarget: [" + ", ".join(["21"] * 1000) + "]\n")
    assert "target: expected a whole number from 11 to 24, got a list of 1,000 items: [21, 21, 21, …]" in out
    out = validate(tmp_path, "extends: innsbruck\nexchange:\n  card: " + "x" * 10_000 + "\n")
    assert "got a text of 10,000 characters, 'xxxx" in out and len(out) < 400


def test_the_engine_shows_a_huge_number_without_converting_it() -> None:
    data, _ = resolve("innsbruck")
    with pytest.raises(RulesetError) as err:
        build_ruleset({**data, "target": 10**5000})
    assert err.value.path == "target" and "got a whole number of about 5,001 digits" in str(err.value)
    assert "eine ganze Zahl mit etwa 5.001 Ziffern" in err.value.text("de")


def test_an_unknown_key_is_refused_before_what_lies_under_it_is_walked() -> None:
    # Built in memory with shared references: 9^40 paths, which the old _flatten walked all of.
    tree: dict[str, object] = {"x": 1}
    for _ in range(40):
        tree = {f"k{j}": tree for j in range(9)}
    data, _ = resolve("innsbruck")
    with pytest.raises(RulesetError) as err:
        build_ruleset({**data, "junk": tree})
    assert err.value.path == "junk" and err.value.message.startswith("unknown key")
    with pytest.raises(RulesetError) as err:
        build_ruleset(merge(data, {"exchange": {"card": tree}}))
    assert str(err.value).endswith("exchange.card: expected one of natural_trump, any_trump, "
                                   "got a mapping of 9 keys (k0, k1, k2, …)")


def test_penalty_keys_of_mixed_types_are_a_ruleset_error() -> None:
    # sorted() of {1, 'a'} was a TypeError.
    data, _ = resolve("innsbruck")
    with pytest.raises(RulesetError) as err:
        build_ruleset(merge(data, {"penalties": {"PLAY-3": {1: 2, "a": 3, "source": "x"}}}))
    assert err.value.path == "penalties.PLAY-3.1"


def test_every_message_of_a_check_has_german() -> None:
    data, _ = resolve("innsbruck")
    with pytest.raises(RulesetError) as err:
        build_ruleset(merge(data, {"exchange": {"card": "jede"}}), "haus.yaml")
    assert err.value.text("de") == "haus.yaml: exchange.card: erwartet einen der Werte natural_trump, any_trump, " \
                                   "gefunden 'jede'"
    assert preview([1, [2], {"a": 1}, 4]) == ("a list of 4 items: [1, […], {…}, …]",
                                              "eine Liste mit 4 Einträgen: [1, […], {…}, …]")


# ---- the [Ruleset] tag: bundled, or a file beside the transcript --------------------------------

HOUSE = "extends: innsbruck\nname: haus\ntarget: 21\n"


def _transcript(folder: Path, tag: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "partie.perlagg"
    path.write_text(TRANSCRIPT.replace('[Ruleset "innsbruck"]', f'[Ruleset "{tag}"]'), "utf-8")
    return path


def test_the_tag_may_name_a_file_beside_the_transcript(tmp_path: Path) -> None:
    (tmp_path / "match" / "haus.yaml").parent.mkdir()
    (tmp_path / "match" / "haus.yaml").write_text(HOUSE, "utf-8")
    transcript = _transcript(tmp_path / "match", "haus.yaml")
    code, out = cli_run("check", "--format", "json", str(transcript))
    assert code == 0 and '"ruleset": "haus"' in out
    code, out = cli_run("score", "--lang", "en", str(transcript))
    assert code == 0 and "Target: 21" in out
    assert load_ruleset("haus.yaml", transcript).target == 21


@pytest.mark.parametrize("tag", ["/etc/passwd", "../other/haus.yaml", "sub/haus.yaml", ".."])
def test_the_tag_may_not_name_any_other_file(tmp_path: Path, tag: str) -> None:
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "haus.yaml").write_text(HOUSE, "utf-8")  # a good ruleset: only the tag's place is wrong
    (tmp_path / "match" / "sub").mkdir(parents=True)
    (tmp_path / "match" / "sub" / "haus.yaml").write_text(HOUSE, "utf-8")
    transcript = _transcript(tmp_path / "match", tag)
    code, out = cli_run("check", "--lang", "en", str(transcript))
    assert code == 3
    assert ("the [Ruleset] tag may name a bundled ruleset or a file beside the transcript; "
            "use --ruleset for another file") in out
    assert "root:" not in out and "not valid YAML" not in out  # /etc/passwd was not parsed
    code, out = cli_run("replay", "--lang", "de", str(transcript))
    assert code == 2
    assert "das [Ruleset]-Tag darf ein mitgeliefertes Regelwerk oder eine Datei neben dem Protokoll" in out


@pytest.mark.parametrize("tag", ["../other/haus.yaml", "sub/haus.yaml"])
def test_a_file_the_tag_may_not_name_is_fine_through_ruleset(tmp_path: Path, tag: str) -> None:
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "haus.yaml").write_text(HOUSE, "utf-8")
    (tmp_path / "match" / "sub").mkdir(parents=True)
    (tmp_path / "match" / "sub" / "haus.yaml").write_text(HOUSE, "utf-8")
    transcript = _transcript(tmp_path / "match", tag)
    code, out = cli_run("score", "--lang", "en", "--ruleset", str(transcript.parent / tag), str(transcript))
    assert code == 0 and "Target: 21" in out


def test_a_file_beside_the_transcript_may_not_extend_a_file_elsewhere(tmp_path: Path) -> None:
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "base.yaml").write_text(HOUSE, "utf-8")
    transcript = _transcript(tmp_path / "match", "haus.yaml")
    (tmp_path / "match" / "haus.yaml").write_text("extends: ../other/base.yaml\n", "utf-8")
    code, out = cli_run("check", "--lang", "en", str(transcript))
    assert code == 3 and "a ruleset named by a [Ruleset] tag may extend only a bundled ruleset or a file beside " \
                         "the transcript" in out
    # Given with --ruleset, the same file may extend what it likes.
    code, out = cli_run("check", "--lang", "en", "--ruleset", str(tmp_path / "match" / "haus.yaml"), str(transcript))
    assert code == 0, out


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_beside_the_transcript_to_a_file_elsewhere_is_refused(tmp_path: Path) -> None:
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "base.yaml").write_text(HOUSE, "utf-8")
    transcript = _transcript(tmp_path / "match", "haus.yaml")
    os.symlink(tmp_path / "other" / "base.yaml", tmp_path / "match" / "haus.yaml")  # as an unpacked archive may hold
    with pytest.raises(RulesetError, match="is a link to a file elsewhere"):
        load_ruleset("haus.yaml", transcript)


def test_the_tag_still_names_bundled_rulesets(tmp_path: Path) -> None:
    transcript = _transcript(tmp_path, "innsbruck-1890")
    assert load_ruleset("innsbruck-1890", transcript).name == "innsbruck-1890"
    code, _ = cli_run("check", str(transcript))
    assert code == 0


# ---- extends: relative to its file, a long chain, a circle --------------------------------------

def test_a_relative_extends_is_taken_from_the_folder_of_the_file(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    club = tmp_path / "club"
    (club / "basis").mkdir(parents=True)
    (club / "basis" / "sonne.yaml").write_text("extends: innsbruck\nname: sonne\ntarget: 21\n", "utf-8")
    (club / "haus.yaml").write_text("extends: basis/sonne.yaml\nname: haus\n", "utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # not the club's folder: the old code looked for basis/sonne.yaml here
    rulesets._load.cache_clear()
    r = load_ruleset("../club/haus.yaml")
    assert (r.name, r.target) == ("haus", 21)
    code, out = cli_run("rulesets", "validate", str(club / "haus.yaml"))
    assert code == 0 and "ok (haus)" in out


def _chain(folder: Path, length: int) -> Path:
    """File 1 extends file 2 ... file ``length`` extends innsbruck; each sets the target to its number + 10."""
    for n in range(1, length + 1):
        parent = f"{n + 1:02}.yaml" if n < length else "innsbruck"
        (folder / f"{n:02}.yaml").write_text(f"extends: {parent}\nname: r{n}\ntarget: {min(n + 10, 24)}\n", "utf-8")
    return folder / "01.yaml"


def test_a_chain_of_ten_extends_files_works(tmp_path: Path) -> None:
    # The old limit of 8 called this a circle.
    r = load_ruleset(str(_chain(tmp_path, 10)))
    assert (r.name, r.target) == ("r1", 11)


def test_a_chain_longer_than_the_limit_says_so(tmp_path: Path) -> None:
    assert load_ruleset(str(_chain(tmp_path, MAX_EXTENDS))).name == "r1"  # 16 steps down to innsbruck
    first = _chain(tmp_path, MAX_EXTENDS + 4)
    code, out = cli_run("rulesets", "validate", str(first))
    assert code == 2 and f"more than {MAX_EXTENDS} rulesets extend one another" in out
    assert "circle" not in out


def test_a_real_circle_says_circle_and_names_the_files(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("extends: b.yaml\nname: a\n", "utf-8")
    (tmp_path / "b.yaml").write_text("extends: ./a.yaml\nname: b\n", "utf-8")
    code, out = cli_run("rulesets", "validate", str(tmp_path / "a.yaml"))
    assert code == 2 and "rulesets extend each other in a circle" in out
    assert out.count("a.yaml") >= 2 and "b.yaml" in out


def test_an_extends_to_a_missing_file_names_the_file_that_says_it(tmp_path: Path) -> None:
    out = validate(tmp_path, "extends: innsbruk\n")
    assert "haus.yaml: extends: no bundled ruleset and no file named" in out and "innsbruk" in out


def test_every_hostile_file_at_once_exits_2_never_70(tmp_path: Path) -> None:
    files = []
    for n, text in enumerate([LAUGHS, MAP_LAUGHS, DEEP, DIGITS, "a: 1\na: 2\n", "- just\n- a list\n", ""]):
        path = tmp_path / f"{n}.yaml"
        path.write_text(text, "utf-8")
        files.append(str(path))
    code, out = cli_run("rulesets", "validate", *files, str(tmp_path), LONG_NAME, "")
    assert code == 2 and "internal error" not in out
    lines = out.strip().splitlines()
    assert all(any(line.startswith(f"{f}: ") for line in lines) for f in files)
    # every problem of a file in one run: the key given twice, the unknown key, the keys missing
    four = [line for line in lines if line.startswith(f"{files[4]}: ")]
    assert len(four) == 3 and "given twice" in four[0] and "unknown key" in four[1] and "keys are missing" in four[2]
    assert len(lines) == len(files) + 3 + 2
    assert PureRulesetLoader in YAML_LOADERS


# ---- a match over before its first deal (found by benchmarks/fuzz.py: `generate` exited 70) ------------

@pytest.mark.parametrize(("text", "says"), [
    # counting up, 18 of 18 (innsbruck's target, 000 Scoring) are the match won before any card is dealt
    ("extends: innsbruck\nscore:\n  start: 18\n", "score.start: 18 is not below the target (18)"),
    ("extends: tirol-1853\nscore:\n  start: 23\n", "score.start: 23 is not below the target (18)"),
    # counting down (004 Strafperlaggen: from 9 to 0, the first to reach 0 wins), everyone on 0 already
    ("extends: strafperlaggen\nscore:\n  start: 0\n", "score.start: counting down (score.kind: countdown)"),
    ("extends: zwei-sieben\nscore:\n  kind: countdown\n", "everyone would start at 0"),
])
def test_a_start_at_which_the_match_is_already_over_is_refused(tmp_path: Path, text: str, says: str) -> None:
    assert says in validate(tmp_path, text)
    (tmp_path / "t.perlagg").write_text(TRANSCRIPT, "utf-8")
    for args in (["generate", "--ruleset", str(tmp_path / "haus.yaml")],
                 ["check", "--ruleset", str(tmp_path / "haus.yaml"), str(tmp_path / "t.perlagg")]):
        code, out = cli_run(*args)
        assert code == 2 and "score.start" in out


def test_a_start_one_short_of_the_target_is_a_match_that_begins_both_gestrichen(tmp_path: Path) -> None:
    path = tmp_path / "haus.yaml"
    path.write_text("extends: innsbruck\nscore:\n  start: 17\n", "utf-8")
    assert load_ruleset(str(path)).score.start == 17
