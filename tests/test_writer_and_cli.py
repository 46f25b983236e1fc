"""fmt round trip and the command line: exit codes, no tracebacks, files kept safe."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import DATA, REPO, cli_process

from perlagg_streit.cli import cli
from perlagg_streit.language.reader import read_file, read_transcript
from perlagg_streit.language.writer import format_transcript

TRANSCRIPTS = sorted(DATA.glob("*.perlagg")) + sorted((REPO / "examples").glob("*.perlagg")) \
    + sorted((REPO / "cases").rglob("*.perlagg"))


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_fmt_round_trips_and_is_idempotent(path: Path, lang: str) -> None:
    original = read_file(path)
    if original.errors:
        pytest.fail("\n".join(e.render() for e in original.errors))
    text = format_transcript(original.transcript, lang)
    again = read_transcript(text)
    assert again.errors == []
    assert again.transcript == original.transcript
    assert format_transcript(again.transcript, lang) == text


def test_english_and_german_forms_read_the_same() -> None:
    t = read_file(DATA / "all_constructs.perlagg").transcript
    english = read_transcript(format_transcript(t, "en")).transcript
    assert english == read_transcript(format_transcript(t, "de")).transcript


def test_three_mistakes_exit_2_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "drei.perlagg"
    bad.write_text('Ausgabe 1\nKarten N: HA H10 L9 E8 SX\nW L10, N LA, E LU=\nS bitte Gleich\n', "utf-8")
    proc = cli_process("parse", str(bad))
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    located = [line for line in proc.stderr.splitlines() if line.startswith(f"{bad}:")]
    assert [line.split(":")[1] for line in located] == ["2", "3", "4"]


@pytest.mark.parametrize("content", [b"", b"\x00\x01\x02\xff" * 1000, "Geber: S\n".encode("cp1252") + b"\xfc\xe4\n",
                                     bytes(range(256)) * 10])
def test_bad_bytes_never_give_a_traceback(tmp_path: Path, content: bytes) -> None:
    f = tmp_path / "x.perlagg"
    f.write_bytes(content)
    for command in ("parse", "fmt"):
        proc = cli_process(command, str(f))
        assert proc.returncode in (0, 2), proc.stderr
        assert "Traceback" not in proc.stderr


def test_a_file_of_junk_just_under_the_size_limit_is_refused_quickly_without_traceback(tmp_path: Path) -> None:
    # (a larger file is not read at all: tests/test_robustness_cli.py)
    from perlagg_streit.language.files import MAX_TRANSCRIPT_BYTES

    junk = b"das ist kein Perlaggen-Protokoll\n"
    f = tmp_path / "big.perlagg"
    f.write_bytes(junk * (MAX_TRANSCRIPT_BYTES // len(junk)))
    proc = cli_process("parse", str(f))
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "too many errors" in proc.stderr


def test_cp1252_file_is_read_with_a_warning(tmp_path: Path) -> None:
    f = tmp_path / "alt.perlagg"
    f.write_bytes("Ausgabe 1\nGeber: Süd\n".encode("cp1252"))
    result = read_file(f)
    assert result.errors == []
    assert result.warnings and "not UTF-8" in result.warnings[0].message


def test_missing_file_and_directory() -> None:
    proc = cli_process("parse", "/nonexistent/x.perlagg")
    assert proc.returncode == 2 and "cannot read" in proc.stderr and "Traceback" not in proc.stderr


def test_parse_json_is_versioned() -> None:
    result = CliRunner().invoke(cli, ["parse", "--json", str(DATA / "all_constructs.perlagg")])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["format"] == "perlagg-streit/transcript" and doc["version"] == 1
    first_play = next(e for line in doc["deals"][0]["lines"] for e in line["events"] if e["type"] == "Play")
    assert first_play == {"type": "Play", "line": 14, "column": 10, "seat": "W", "card": "L10", "baptism": None}


RECORD_STATEMENTS = """Ausgabe 1
Karten E: E7 EA E10  # the first packet only
neu ausgeben nach paket 1
reklamation ost punkte 0:3  # lenient spellings
Claim: W score: 14:8 fur Ausgabe 1
Schulden 2:0
"""


@pytest.mark.parametrize("lang, canonical", [
    ("de", "Ausgabe 1\nKarten E: E7 EA E10  # the first packet only\nNeu geben nach dem ersten Paket\n"
           "Reklamation: E Punkte 0:3  # lenient spellings\nReklamation: W Stand 14:8 für Ausgabe 1\nSchuld: 2:0\n"),
    ("en", "Deal 1\nHand E: E7 EA E10  # the first packet only\nRedeal after the first packet\n"
           "Claim: E Points 0:3  # lenient spellings\nClaim: W Score 14:8 for deal 1\nOwed: 2:0\n"),
])
def test_the_record_statements_have_one_canonical_form_in_each_language(lang: str, canonical: str) -> None:
    # issue 17: a deal stopped after the first packet, a claim against the sheet, points owed
    original = read_transcript(RECORD_STATEMENTS)
    assert original.errors == []
    text = format_transcript(original.transcript, lang)
    assert text == canonical
    again = read_transcript(text)
    assert again.errors == [] and again.transcript == original.transcript
    assert format_transcript(again.transcript, lang) == text


def test_the_record_statements_in_json(tmp_path: Path) -> None:
    f = tmp_path / "r.perlagg"
    f.write_text(RECORD_STATEMENTS, "utf-8")
    result = CliRunner().invoke(cli, ["parse", "--json", str(f)])
    assert result.exit_code == 0, result.output
    events = [e for line in json.loads(result.output)["deals"][0]["lines"] for e in line["events"]]
    assert events[1:] == [
        {"type": "Redeal", "line": 3, "column": 1, "first_packet": True},
        {"type": "Claim", "line": 4, "column": 1, "seat": "E", "scores": [0, 3], "points": True, "deal": None},
        {"type": "Claim", "line": 5, "column": 1, "seat": "W", "scores": [14, 8], "points": False, "deal": 1},
        {"type": "PointsOwed", "line": 6, "column": 1, "scores": [2, 0]},
    ]


def test_fmt_in_place_rewrites_a_clean_file_atomically(tmp_path: Path) -> None:
    f = tmp_path / "t.perlagg"
    f.write_text("ausgabe 1\ngeber:   s\nw l10 ,  n la\n", "utf-8")
    result = CliRunner().invoke(cli, ["fmt", "--in-place", str(f)])
    assert result.exit_code == 0, result.output
    assert f.read_text("utf-8") == "Ausgabe 1\nGeber: S\nW L10, N LA\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.perlagg"]  # no temp file left


def test_fmt_in_place_keeps_a_broken_file_untouched(tmp_path: Path) -> None:
    f = tmp_path / "t.perlagg"
    original = "Ausgabe 1\nGeber: S\nW L1O\n"
    f.write_text(original, "utf-8")
    result = CliRunner().invoke(cli, ["fmt", "--in-place", str(f)])
    assert result.exit_code == 2
    assert f.read_text("utf-8") == original


def test_the_spec_ends_with_the_example_match_verbatim() -> None:
    spec = (REPO / "docs" / "transcript-format.md").read_text("utf-8")
    section = spec[spec.index("## 19. A complete example match"):]
    block = section.split("```\n", 2)[1]
    example = (REPO / "examples" / "beispiel.perlagg").read_text("utf-8")
    assert block == example
    assert read_transcript(example).errors == []
    assert format_transcript(read_transcript(example).transcript) == example


@pytest.mark.parametrize("lang", ["de", "en"])
def test_fmt_refuses_a_line_whose_canonical_form_would_pass_the_line_limit(tmp_path: Path, lang: str) -> None:
    # A comment of 10,000 characters reads (a line may have 10,000), but the canonical form writes
    # `# ` before its text: 10,001, which would not read back. fmt said "internal error" (found by
    # benchmarks/fuzz.py); now it names the line and the limit and leaves the file alone (exit 2).
    path = tmp_path / "long.perlagg"
    original = "Ausgabe 1\nGeber: S\n" + "#" * 10_000 + "\n"
    path.write_text(original, "utf-8")
    for args in (["fmt", str(path)], ["fmt", "-i", str(path)], ["fmt", "--lang", "en", str(path)]):
        result = subprocess.run([sys.executable, "-m", "perlagg_streit.cli", *args], capture_output=True,
                                text=True, env={**os.environ, "LC_ALL": f"{lang}_DE.UTF-8" if lang == "de" else "C"})
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert "intern" not in result.stderr
        said = ("Zeile 3 wäre in der kanonischen Form 10.001 Zeichen lang, eine Zeile hat höchstens 10.000"
                if lang == "de" else "line 3 would be 10,001 characters long in the canonical form, and a line has "
                "at most 10,000")
        assert said in result.stderr
    assert path.read_text("utf-8") == original
    # one character less, and the canonical form fits: it reads back the same
    path.write_text(original.replace("#" * 10_000, "#" * 9_999), "utf-8")
    done = CliRunner().invoke(cli, ["fmt", "-i", str(path)])
    assert done.exit_code == 0
    assert read_file(path).transcript == read_transcript(original.replace("#" * 10_000, "#" * 9_999)).transcript
