"""The command line as its users expect it (issue 21): clean exits, standard input and ``--output``,
many matches in one file, one JSON document, standings over a batch.

The walk over every command's bad input finds the commands in the click tree itself, so a
command added later is walked too.
"""

from __future__ import annotations

import json
import re
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import click
import jsonschema
import pytest
from helpers import EXAMPLES, cli_process, invoke, read_ok

from perlagg_streit.cli import EXIT_CLOSED_PIPE, cli

EXAMPLE = str(EXAMPLES / "ausgabe.perlagg")  # one clean deal


# ---- item 4: clean exits ---------------------------------------------------------------------


def test_a_closed_pipe_ends_quietly() -> None:
    """`generate | head -1`: no message, and the status a shell gives a program ended by SIGPIPE."""
    with subprocess.Popen(["head", "-c", "1"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL) as head:
        proc = cli_process("generate", "-n", "3000", stdout=head.stdin)
    assert proc.returncode == EXIT_CLOSED_PIPE == 141
    assert proc.stderr == ""


def test_a_closed_pipe_ends_check_quietly(tmp_path: Path) -> None:
    for n in range(30):
        (tmp_path / f"m{n:02d}.perlagg").write_text((EXAMPLES / "beispiel.perlagg").read_text())
    with subprocess.Popen(["head", "-c", "1"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL) as head:
        proc = cli_process("check", "--no-summary", str(tmp_path), stdout=head.stdin)
    assert proc.returncode == EXIT_CLOSED_PIPE
    assert proc.stderr == ""


@pytest.mark.parametrize("deal", ["5", "0", "-1"])
def test_a_deal_the_file_does_not_have_is_a_usage_error(deal: str) -> None:
    result = invoke("replay", "--lang", "en", "--deal", deal, str(EXAMPLES / "beispiel.perlagg"))
    assert result.exit_code == 2
    assert f"has no deal {deal} (deals: 1-4)" in result.output


def test_a_missing_deal_is_named_in_german() -> None:
    result = invoke("replay", "--lang", "de", "--deal", "9", str(EXAMPLES / "beispiel.perlagg"))
    assert result.exit_code == 2
    assert "hat keine Ausgabe 9 (Ausgaben: 1-4)" in result.output


def _commands(group: click.Group, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            yield from _commands(command, (*path, name))
        else:
            yield (*path, name), command


COMMANDS = list(_commands(cli))


@pytest.fixture()
def bad_files(tmp_path: Path) -> dict[str, str]:
    """Inputs a user may give by mistake, each a path."""
    (tmp_path / "folder").mkdir()
    (tmp_path / "binary.perlagg").write_bytes(b"\x00\x01\x02PK\x03\x04" * 50)
    (tmp_path / "empty.perlagg").write_text("")
    (tmp_path / "syntax.perlagg").write_text("Ausgabe 1\nGeber: Q\nStich 1: N XX\n")
    (tmp_path / "garbage.yaml").write_text("bet: [unclosed\n")
    (tmp_path / "deals-down.perlagg").write_text("Ausgabe 2\nGeber: W\nAusgabe 1\nGeber: N\n")
    return {"missing": str(tmp_path / "no-such.perlagg"), "folder": str(tmp_path / "folder"),
            "binary": str(tmp_path / "binary.perlagg"), "empty": str(tmp_path / "empty.perlagg"),
            "syntax": str(tmp_path / "syntax.perlagg"), "garbage": str(tmp_path / "garbage.yaml"),
            "deals-down": str(tmp_path / "deals-down.perlagg"), "word": "no such thing", "nothing": ""}


def _good_argument(param: click.Parameter) -> str:
    """A value a command accepts for an argument, so that an option can be tried on its own."""
    name = param.name or ""
    if name in ("name", "first", "second"):
        return "innsbruck"
    if name == "rule_id":
        return "PLAY-3"
    if name == "root":
        return str(EXAMPLES.parent / "cases")
    return EXAMPLE


@pytest.fixture(autouse=True)
def _serve_does_not_listen(monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve`` given good values would start a server and never return: here it only checks
    what it was given (the web app itself is tested in test_web.py)."""
    try:
        from perlagg_streit.web import app
    except ImportError:  # the [web] extra is not installed: serve says so itself
        return
    monkeypatch.setattr(app, "serve", lambda host, port: None)


def _assert_no_internal_error(result: click.testing.Result, args: list[str]) -> None:
    # an exception that reached click's runner would be exit 70 for a user, through main()
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, repr(result.exception))
    assert result.exit_code != 70, args
    assert "internal error" not in result.output and "interner Fehler" not in result.output, args


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_no_bad_argument_of_any_command_is_an_internal_error(path: tuple[str, ...], command: click.Command,
                                                            bad_files: dict[str, str],
                                                            monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Every argument of every command given each kind of bad input: a usage error or a
    message, never an internal error; and never exit 0 for a file that is not a transcript."""
    monkeypatch.chdir(tmp_path)
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    for kind, value in bad_files.items():
        args = [*path, "--lang", "en"] if any(p.name == "lang" for p in command.params) else list(path)
        args += [value] * len(arguments)
        result = invoke(*args)
        _assert_no_internal_error(result, args)
        folders = any(p.name == "root" for p in arguments)  # a folder of cases: an empty one is no mistake
        if arguments and kind in ("missing", "binary", "syntax", "nothing") + (() if folders else ("folder",)):
            assert result.exit_code in (1, 2, 3), (args, result.output)


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_no_bad_option_value_of_any_command_is_an_internal_error(path: tuple[str, ...], command: click.Command,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    """Every option that takes a value, given values a user may mistype, on good arguments."""
    monkeypatch.chdir(tmp_path)
    good = [_good_argument(p) for p in command.params if isinstance(p, click.Argument)]
    options = [p for p in command.params if isinstance(p, click.Option) and not p.is_flag and p.name != "lang"]
    for option in options:
        for value in ("nope", "-5", "0", "99999999999999999999", "/dev/null/x", "", "\x1b[31m"):
            args = [*path, option.opts[0], value, *good]
            result = invoke(*args)
            _assert_no_internal_error(result, args)


# ---- item 2: `-` for standard input, --output FILE ----------------------------------------------


@pytest.mark.parametrize("command", ["check", "parse", "fmt", "replay", "score"])
def test_a_dash_reads_standard_input(command: str) -> None:
    text = (EXAMPLES / "streitfall.perlagg").read_text(encoding="utf-8")
    from_stdin = invoke(command, "-", stdin=text)
    from_file = invoke(command, str(EXAMPLES / "streitfall.perlagg"))
    assert from_stdin.exit_code == from_file.exit_code
    assert from_stdin.output.replace("<stdin>", "F") == from_file.output.replace(
        str(EXAMPLES / "streitfall.perlagg"), "F")
    assert from_stdin.output.strip() != ""


def test_standard_input_is_named_in_messages_and_checked_beside_files() -> None:
    result = invoke("check", "--lang", "en", "-j", "2", "-", EXAMPLE, stdin="Ausgabe 1\nGeber: Q\n")
    assert result.exit_code == 3
    assert "<stdin>:2:8:" in result.output
    assert "Unreadable: <stdin>" in result.output or "<stdin>" in result.output.split("unreadable")[-1]
    assert f"{EXAMPLE} (ruleset innsbruck" in result.output


def test_standard_input_is_named_when_it_cannot_be_read() -> None:
    result = invoke("score", "--lang", "en", "-", stdin="")
    assert result.exit_code == 2
    assert "<stdin>:1:1: the file is empty" in result.output and "<stdin> could not be read cleanly" in result.output


def test_fmt_in_place_cannot_rewrite_standard_input() -> None:
    result = invoke("fmt", "--lang", "de", "-i", "-", stdin="Ausgabe 1\n")
    assert result.exit_code == 2
    assert "--in-place rewrites each file where it is" in result.output


@pytest.mark.parametrize("args", [["check"], ["parse"], ["fmt"], ["replay"], ["score"], ["generate", "-n", "2"],
                                  ["rulesets", "show", "innsbruck"], ["rulesets", "list"],
                                  ["rulesets", "diff", "innsbruck", "innsbruck-1890"], ["cases", "map"],
                                  ["cases", "run"], ["standings"], ["explain", "PLAY-3"], ["explain", "--list"],
                                  ["rulesets", "validate"], ["why"]])
def test_output_writes_what_would_be_printed_to_a_file(args: list[str], tmp_path: Path) -> None:
    files = [] if args[0] in ("generate", "rulesets", "cases", "explain") else [EXAMPLE]
    if args[0] == "why":
        files = [f"{EXAMPLE}:12"]
    if args[:2] == ["rulesets", "validate"]:
        files = [str(EXAMPLES.parent / "perlagg_streit" / "rulesets" / "innsbruck-neu.yaml")]
    if args[0] == "cases":
        files = [str(EXAMPLES.parent / "cases" / "betting")]
    printed = invoke(*args, *files)
    target = tmp_path / "out.txt"
    target.write_text("old")
    written = invoke(*args, "--output", str(target), *files)
    assert written.exit_code == printed.exit_code == 0
    assert written.output == ""
    assert target.read_text(encoding="utf-8") == printed.output != ""
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]  # no temporary file left


def test_validate_names_the_good_files_in_the_output_and_a_bad_one_in_a_message(tmp_path: Path) -> None:
    bad = tmp_path / "haus.yaml"
    bad.write_text("extends: innsbruck\nbet:\n  maxx: 3\n", "utf-8")
    good = str(EXAMPLES.parent / "perlagg_streit" / "rulesets" / "innsbruck.yaml")
    target = tmp_path / "ok.txt"
    result = invoke("rulesets", "validate", "--lang", "de", "-o", str(target), good, str(bad))
    assert result.exit_code == 2
    assert "innsbruck.yaml" in target.read_text(encoding="utf-8") and "haus.yaml" not in target.read_text("utf-8")
    assert "maxx" in result.output and "max" in result.output  # the bad key, and what was meant


def test_check_output_is_written_even_when_violations_are_found(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    result = invoke("check", "--format", "json", "-o", str(target), str(EXAMPLES / "streitfall.perlagg"))
    assert result.exit_code == 1
    assert '"PLAY-3"' in target.read_text(encoding="utf-8")


def test_an_output_that_cannot_be_written_is_exit_2_before_any_work(tmp_path: Path) -> None:
    result = invoke("check", "--lang", "en", "-o", "/dev/null/report.txt", EXAMPLE)
    assert result.exit_code == 2
    assert "error: /dev/null/report.txt: cannot write the file (a part of the path is not a folder)" in result.output
    assert "ruleset innsbruck" not in result.output  # nothing was checked
    folder = tmp_path / "folder"
    folder.mkdir()
    german = invoke("score", "--lang", "de", "-o", str(tmp_path / "missing" / "x.txt"), EXAMPLE)
    assert german.exit_code == 2
    assert "Datei kann nicht geschrieben werden" in german.output


def test_a_failed_run_leaves_the_output_file_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    result = invoke("replay", "-o", str(target), str(tmp_path / "no-such.perlagg"))
    assert result.exit_code == 2
    assert target.read_text() == "old"


def test_generate_takes_out_or_output_not_both(tmp_path: Path) -> None:
    result = invoke("generate", "--lang", "en", "--out", str(tmp_path), "-o", str(tmp_path / "x"))
    assert result.exit_code == 2
    assert list(tmp_path.iterdir()) == []


# ---- item 1: many matches in one file ------------------------------------------------------------

AUSGABE = (EXAMPLES / "ausgabe.perlagg").read_text(encoding="utf-8")  # [Event "Beispiel"], one clean deal
STREITFALL = (EXAMPLES / "streitfall.perlagg").read_text(encoding="utf-8")  # one deal, a revoke (PLAY-3)
BEISPIEL = (EXAMPLES / "beispiel.perlagg").read_text(encoding="utf-8")  # four clean deals, Herbstturnier


@pytest.fixture()
def tournament(tmp_path: Path) -> Path:
    """Three matches in one file, as a tournament log holds them: each opened by its tags."""
    path = tmp_path / "turnier.perlagg"
    path.write_text(BEISPIEL + "\n" + STREITFALL + "\n" + AUSGABE, encoding="utf-8")
    return path


def test_a_file_is_split_into_matches_at_their_tags(tournament: Path) -> None:
    from perlagg_streit.language.matches import read_matches_file

    read = read_matches_file(tournament)
    assert read.errors == []
    assert [m.tags["Event"] for m in read.matches] == ["Herbstturnier der Perlaggerrunde", "Beispiel", "Beispiel"]
    assert [[d.number for d in m.deals] for m in read.matches] == [[1, 2, 3, 4], [1], [1]]
    # each match is the match its own file holds; the lines keep their numbers in the whole file
    alone = [read_ok(text) for text in (BEISPIEL, STREITFALL, AUSGABE)]
    assert read.matches == alone
    first_of_second = read.matches[1].header[0].pos.line
    assert first_of_second > len(BEISPIEL.splitlines())


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.perlagg")), ids=lambda p: p.stem)
def test_a_file_of_one_match_reads_as_before(example: Path) -> None:
    from perlagg_streit.language.matches import read_matches

    text = example.read_text(encoding="utf-8")
    read = read_matches(text, "x")
    assert len(read.matches) == 1 and read.matches[0] == read_ok(text)


def test_deals_must_still_go_up_within_a_match() -> None:
    from perlagg_streit.language.matches import read_matches

    read = read_matches('[Event "a"]\nAusgabe 2\nGeber: W\nAusgabe 1\nGeber: N\n[Event "b"]\nAusgabe 1\nGeber: S\n')
    assert [e.line for e in read.errors] == [4]
    assert "deal numbers must go up" in read.errors[0].render("en")


def test_check_gives_a_verdict_per_match_with_its_place(tournament: Path) -> None:
    result = invoke("check", "--lang", "en", "--summary", str(tournament))
    assert result.exit_code == 1  # the revoke in the second match
    out = result.output
    herbst = "Herbstturnier der Perlaggerrunde"
    assert f"{tournament}, match 1 of 3 ({herbst}) (ruleset innsbruck, target 18, 4 deals)" in out
    assert f"{tournament}, match 2 of 3 (Beispiel) (ruleset innsbruck-1890, target 18, 1 deal)" in out
    assert f"{tournament}, match 3 of 3 (Beispiel) (ruleset innsbruck, target 18, 1 deal)" in out
    assert "1 file, 3 matches, 6 deals" in out
    # the second match is judged as its own file is: the same report, the finding at its line in this file
    alone = invoke("check", "--lang", "en", str(EXAMPLES / "streitfall.perlagg")).output
    second = out.split("match 2 of 3 (Beispiel)")[1].split(f"{tournament}, match 3")[0]
    assert f"{EXAMPLES / 'streitfall.perlagg'}:18:16 (Deal 1, Trick 2): PLAY-3" in alone
    line = 18 + len(BEISPIEL.splitlines()) + 1  # a blank line between the matches
    assert f"{tournament}:{line}:16 (Deal 1, Trick 2): PLAY-3" in second

    def placeless(text: str) -> str:  # places, and the lines a proof or a Streitfrage names
        text = re.sub(r"\S+\.perlagg:\d+:\d+", "PLACE", text)
        return re.sub(r"\b(line|Line|Zeile) \d+", r"\1 N", text)

    assert placeless(second) == placeless(" (ruleset" + alone.split(" (ruleset", 1)[1])


def test_check_in_german_names_the_match() -> None:
    result = invoke("check", "--lang", "de", "-", stdin=AUSGABE + "\n" + AUSGABE)
    assert result.exit_code == 0
    assert "<stdin>, Partie 2 von 2 (Beispiel) (Regelwerk innsbruck" in result.output


def test_generate_prints_one_file_that_check_reads_as_many_matches() -> None:
    generated = invoke("generate", "-n", "25", "--seed", "3")
    matches = generated.output.count('[Event "')
    assert matches >= 2
    result = invoke("check", "--lang", "en", "--summary", "-", stdin=generated.output)
    assert result.exit_code == 0  # generated play is legal
    assert f"1 file, {matches} matches" in result.output


def test_fmt_formats_each_match(tournament: Path) -> None:
    whole = invoke("fmt", str(tournament))
    parts = [invoke("fmt", str(EXAMPLES / f"{name}.perlagg")).output for name in ("beispiel", "streitfall", "ausgabe")]
    assert whole.exit_code == 0
    assert whole.output == "\n".join(parts)


def test_parse_lists_each_match(tournament: Path) -> None:
    result = invoke("parse", str(tournament))
    assert result.exit_code == 0
    assert f"{tournament}, match 2 of 3 (Beispiel): 1 deal" in result.output or \
        f"{tournament}, Partie 2 von 3 (Beispiel): 1 Ausgabe" in result.output


def test_replay_and_score_show_each_match_or_the_one_chosen(tournament: Path) -> None:
    every = invoke("score", "--lang", "en", str(tournament))
    assert every.exit_code == 0
    assert every.output.count(f"{tournament}, match ") == 3
    second = invoke("score", "--lang", "en", "--match", "2", str(tournament))
    alone = invoke("score", "--lang", "en", str(EXAMPLES / "streitfall.perlagg"))
    assert second.output == f"{tournament}, match 2 of 3 (Beispiel)\n" + alone.output
    deal = invoke("replay", "--lang", "en", "--match", "1", "--deal", "4", str(tournament))
    assert deal.exit_code == 0 and "Deal 4" in deal.output
    ambiguous = invoke("replay", "--lang", "en", "--deal", "1", str(tournament))
    assert ambiguous.exit_code == 2 and "holds 3 matches: choose one with --match N" in ambiguous.output
    missing = invoke("replay", "--lang", "en", "--match", "4", str(tournament))
    assert missing.exit_code == 2 and "has no match 4 (matches: 1-3)" in missing.output


def test_versus_is_given_per_match(tournament: Path) -> None:
    result = invoke("check", "--lang", "en", "--versus", "innsbruck", str(tournament))
    assert result.output.count(f"{tournament}, match ") >= 3


# ---- item 3: one JSON document; a JSONL record for each unreadable file; --versus in every format ----

SCHEMA = json.loads((EXAMPLES.parent / "docs" / "verdict-schema.json").read_text(encoding="utf-8"))


def test_json_over_one_file_of_one_match_is_its_verdict_as_before() -> None:
    doc = json.loads(invoke("check", "--format", "json", EXAMPLE).output)
    jsonschema.validate(doc, SCHEMA)
    assert (doc["format"], doc["file"], doc["match_number"], doc["event"]) == (
        "perlagg-streit/verdict", EXAMPLE, 1, "Beispiel")


def test_json_over_several_files_and_matches_is_one_document(tournament: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.perlagg"
    bad.write_text("Ausgabe 1\nGeber: Q\n", encoding="utf-8")
    result = invoke("check", "--lang", "en", "--format", "json", str(tournament), EXAMPLE, str(bad))
    assert result.exit_code == 3  # bad.perlagg could not be read
    doc = json.loads(result.stdout)  # one document, not several glued together
    jsonschema.validate(doc, SCHEMA)
    assert doc["format"] == "perlagg-streit/verdicts"
    assert [(m["file"], m["match_number"]) for m in doc["matches"]] == [
        (str(tournament), 1), (str(tournament), 2), (str(tournament), 3), (EXAMPLE, 1)]
    assert [m["event"] for m in doc["matches"]][:2] == ["Herbstturnier der Perlaggerrunde", "Beispiel"]
    assert doc["problems"] == [{"format": "perlagg-streit/verdict/problem", "version": 2, "file": str(bad),
                                "status": "unreadable", "error": doc["problems"][0]["error"]}]
    assert f"{bad}:2:8: unexpected 'Q'" in doc["problems"][0]["error"]
    summary = doc["summary"]
    assert (summary["files"], summary["matches"], summary["deals"], summary["unreadable"]) == (3, 4, 7, [str(bad)])
    assert summary["by_rule"] == {"PLAY-3": 1} and summary["matches_with_violations"] == 1


def test_json_of_a_folder_with_nothing_readable_is_still_one_document(tmp_path: Path) -> None:
    (tmp_path / "bad.perlagg").write_bytes(b"\x00binary")
    result = invoke("check", "--format", "json", str(tmp_path))
    doc = json.loads(result.stdout)
    jsonschema.validate(doc, SCHEMA)
    assert doc["matches"] == [] and [p["status"] for p in doc["problems"]] == ["unreadable"]


def test_jsonl_gives_a_record_for_each_unreadable_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.perlagg"
    bad.write_bytes(b"\x00binary")
    result = invoke("check", "--lang", "de", "--format", "jsonl", EXAMPLE, str(bad), str(tmp_path / "missing.perlagg"))
    records = [json.loads(line) for line in result.stdout.splitlines()]
    for record in records:
        jsonschema.validate(record, SCHEMA)
    assert [r["format"] for r in records] == ["perlagg-streit/verdict/deal"] + ["perlagg-streit/verdict/problem"] * 2
    assert [r["file"] for r in records[1:]] == [str(bad), str(tmp_path / "missing.perlagg")]
    assert "Datei" in records[2]["error"]  # the run's language


def _items(versus_text: str) -> list[str]:
    """The differences a text --versus report names: its indented lines but the continuations."""
    return [line for line in versus_text.splitlines()[1:] if line.startswith("  ") and not line.startswith("    ")]


@pytest.mark.parametrize("fmt", ["text", "json", "jsonl", "markdown", "html"])
def test_versus_honours_every_format(fmt: str) -> None:
    # streitfall under innsbruck-1890 (its tag) against innsbruck: the revoke is penalised only by the first
    streitfall = str(EXAMPLES / "streitfall.perlagg")
    out = invoke("check", "--lang", "en", "--format", fmt, "--versus", "innsbruck", streitfall).stdout
    text = invoke("check", "--lang", "en", "--versus", "innsbruck", streitfall).stdout
    assert len(_items(text)) >= 1
    if fmt == "json":
        doc = json.loads(out)
        jsonschema.validate(doc, SCHEMA)
        assert (doc["format"], doc["rulesets"]) == ("perlagg-streit/versus", ["innsbruck-1890", "innsbruck"])
        assert [v["ruleset"] for v in doc["verdicts"]] == ["innsbruck-1890", "innsbruck"]
        assert doc["same"] is False and len(doc["differences"]) == len(_items(text))
    elif fmt == "jsonl":
        lines = [json.loads(line) for line in out.splitlines()]
        for line in lines:
            jsonschema.validate(line, SCHEMA)
        assert {line["format"] for line in lines} == {"perlagg-streit/versus/difference"}
        assert len(lines) == len(_items(text))
    elif fmt == "markdown":
        assert out.startswith("## ") and out.splitlines()[0][3:] == text.splitlines()[0]
        assert out.count("\n- ") == len(_items(text))
    elif fmt == "html":
        assert out.startswith("<!DOCTYPE html>") and out.count("<li>") == out.count("</li>") == len(_items(text))
        xml = out.removeprefix("<!DOCTYPE html>").replace("<br>", "<br/>").replace("'utf-8'>", "'utf-8'/>")
        ET.fromstring(xml)  # well formed
    else:
        assert out == text and "innsbruck-1890" in out


def test_versus_differences_are_the_same_in_text_and_json(tmp_path: Path) -> None:
    """A record where the two rulesets part: the JSON names each difference the text names."""
    path = tmp_path / "t.perlagg"
    path.write_text((EXAMPLES / "strafperlaggen.perlagg").read_text(encoding="utf-8"), encoding="utf-8")
    text = invoke("check", "--lang", "en", "--versus", "innsbruck", str(path)).stdout
    doc = json.loads(invoke("check", "--format", "json", "--versus", "innsbruck", str(path)).stdout)
    items = [line for line in text.splitlines()[1:] if line.startswith("  ") and not line.startswith("    ")]
    assert len(doc["differences"]) == len(items) >= 1


# ---- item 10: standings over a batch ------------------------------------------------------------

HERBST = (EXAMPLES / "beispiel.perlagg").read_text(encoding="utf-8")
# beispiel.perlagg: N/S (Sepp Haller, Toni Pircher) against E/W (Luis Oberhofer, Franz Gruber); the scorer
# wrote "Stand: 18:6  # N/S reach 18 and win the match" (its line 153; target 18, old and Neue § 2).
SWAPPED = (HERBST.replace('[N "Sepp Haller"]', '[N "Luis Oberhofer"]')
           .replace('[S "Toni Pircher"]', '[S "Franz Gruber"]')
           .replace('[E "Luis Oberhofer"]', '[E "Sepp Haller"]')
           .replace('[W "Franz Gruber"]', '[W "Toni Pircher"]'))
REORDERED = HERBST.replace('[N "Sepp Haller"]', '[N "Toni Pircher"]').replace('[S "Toni Pircher"]', '[S "Sepp Haller"]')


@pytest.fixture()
def league(tmp_path: Path) -> Path:
    """Three matches over two files: the same play, the two pairs seated differently."""
    (tmp_path / "runde1.perlagg").write_text(HERBST + "\n" + SWAPPED, encoding="utf-8")
    (tmp_path / "runde2.perlagg").write_text(REORDERED, encoding="utf-8")
    return tmp_path


def test_standings_count_each_side_by_its_players_wherever_they_sit(league: Path) -> None:
    # by hand: N/S win 18:6 in each match; Sepp/Toni sit N/S in matches 1 and 3, Luis/Franz in match 2
    result = invoke("standings", "--lang", "en", str(league))
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "Standings after 3 matches"
    assert lines[2].split() == ["Side", "played", "won", "for", "against"]
    assert lines[3].split() == ["1", "Sepp", "Haller", "/", "Toni", "Pircher", "3", "2", "42", "30"]
    assert lines[4].split() == ["2", "Luis", "Oberhofer", "/", "Franz", "Gruber", "3", "1", "30", "42"]
    assert len(lines) == 5


def test_standings_as_json(league: Path) -> None:
    doc = json.loads(invoke("standings", "--format", "json", str(league)).output)
    assert (doc["format"], doc["version"], doc["matches"], doc["problems"]) == ("perlagg-streit/standings", 1, 3, 0)
    assert [(s["place"], s["players"], s["played"], s["won"], s["points_for"], s["points_against"])
            for s in doc["sides"]] == [(1, ["Sepp Haller", "Toni Pircher"], 3, 2, 42, 30),
                                       (2, ["Luis Oberhofer", "Franz Gruber"], 3, 1, 30, 42)]


def test_standings_as_html_are_valid_and_escaped(tmp_path: Path) -> None:
    (tmp_path / "a.perlagg").write_text(HERBST.replace("Sepp Haller", "<b>Sepp & Co</b>"), encoding="utf-8")
    out = invoke("standings", "--lang", "de", "--format", "html", str(tmp_path)).output
    assert "&lt;b&gt;Sepp &amp; Co&lt;/b&gt; / Toni Pircher" in out and "<b>" not in out
    assert "<title>Tabelle nach 1 Partie</title>" in out and "<th scope='col'>gewonnen</th>" in out
    root = ET.fromstring(out.removeprefix("<!DOCTYPE html>\n").replace("'utf-8'>", "'utf-8'/>"))
    cells = [[c.text for c in row] for row in root.iter("tr")][1:]
    assert cells == [["1", "<b>Sepp & Co</b> / Toni Pircher", "1", "1", "18", "6"],
                     ["2", "Luis Oberhofer / Franz Gruber", "1", "0", "6", "18"]]


def test_standings_name_a_side_without_player_tags_by_its_seats_and_a_broken_file(tmp_path: Path) -> None:
    untagged = "\n".join(line for line in HERBST.splitlines() if not line.startswith(("[N ", "[E ", "[S ", "[W ")))
    (tmp_path / "a.perlagg").write_text(untagged + "\n", encoding="utf-8")
    (tmp_path / "b.perlagg").write_text("Ausgabe 1\nGeber: Q\n", encoding="utf-8")
    result = invoke("standings", "--lang", "en", str(tmp_path))
    assert result.exit_code == 3
    assert f"{tmp_path / 'b.perlagg'}:2:8:" in result.output
    rows = [line.split() for line in result.output.splitlines() if line[:3].strip().isdigit()]
    assert rows == [["1", "N/S", "1", "1", "18", "6"], ["2", "E/W", "1", "0", "6", "18"]]
