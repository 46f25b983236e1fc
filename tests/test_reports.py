"""Reports, batch checking, explain and replay, as a user meets them."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner
from helpers import EXAMPLES, FOUR_PLAYER_EXAMPLES, REPO, cli_run

from perlagg_streit.cli import cli


def test_the_german_report_of_a_disputed_deal_reads_as_a_ruling() -> None:
    code, out = cli_run("check", "--lang", "de", str(EXAMPLES / "streitfall.perlagg"))
    assert code == 1
    assert "Ausgabe 1 — Geber W, Trumpf Laub" in out
    assert "PLAY-3 (Regelverstoß) Farbe bekennen" in out
    assert "Was geschah: N hatte E8 (Eichel ausgespielt), spielte aber H9: Farbleugnen" in out
    assert "Strafe: 2 Punkte für N/S" in out and "003 old § 17" in out
    assert "(Ausgabe 1, Stich 2)" in out


def test_tricks_are_laid_out_as_on_the_table() -> None:
    _, out = cli_run("check", "--lang", "en", str(EXAMPLES / "ausgabe.perlagg"))
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines() if line.startswith("    ") and
            line.split()[0] in ("N", "E", "S", "W")}
    assert rows["W"] == ["S7=LA*", "EK", "S8"]  # West's row, left to right, his trick marked
    assert rows["E"] == ["LA", "EA*", "HA*"]


def test_a_folder_with_one_broken_file(tmp_path: Path) -> None:
    for f in FOUR_PLAYER_EXAMPLES:
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "kaputt.perlagg").write_text("Ausgabe 1\nGeber: S\nW L1O\n", "utf-8")
    proc = subprocess.run([sys.executable, "-m", "perlagg_streit.cli", "check", "--format", "jsonl", "--lang", "en",
                           str(tmp_path)], capture_output=True, text=True)
    assert proc.returncode == 3
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(lines) == 1 + 4 + 1 + 1  # ausgabe, beispiel, streitfall: one line per deal; kaputt: its problem
    formats = [line["format"] for line in lines]
    assert formats == ["perlagg-streit/verdict/deal"] * 6 + ["perlagg-streit/verdict/problem"]
    assert lines[-1]["file"].endswith("kaputt.perlagg") and lines[-1]["status"] == "unreadable"
    assert "kaputt.perlagg:3:3" in proc.stderr
    assert "4 files, 6 deals, 5 clean" in proc.stderr and "PLAY-3 1" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_two_jobs_give_the_same_output_in_the_same_order(tmp_path: Path) -> None:
    for i in range(6):
        for f in FOUR_PLAYER_EXAMPLES:
            shutil.copy(f, tmp_path / f"{i}-{f.name}")
    args = [sys.executable, "-m", "perlagg_streit.cli", "check", "--lang", "de", str(tmp_path)]
    one = subprocess.run(args + ["--jobs", "1"], capture_output=True, text=True)
    two = subprocess.run(args + ["--jobs", "2"], capture_output=True, text=True)
    assert one.returncode == two.returncode == 1
    assert one.stdout == two.stdout and one.stdout.count("Ausgabe 1 —") == 18


def test_explain_gives_the_rule_its_sources_and_the_rulesets() -> None:
    code, out = cli_run("explain", "BAPT-6", "--lang", "de")
    assert code == 0
    assert "de: Wer die ausgespielte Farbe" in out and "en: A player who holds" in out
    assert "000 The Play" in out
    line = next(x for x in out.splitlines() if x.strip().startswith("innsbruck-1890"))
    assert "false" in line and "§ 15" in line
    code, out = cli_run("explain", "PLAY3")
    assert code == 2 and "PLAY-3" in out


def test_replay_narrates_each_event_with_the_state() -> None:
    code, out = cli_run("replay", "--lang", "en", str(EXAMPLES / "streitfall.perlagg"))
    assert code == 0
    assert "trick 1: N L10, E LA; to play: S" in out
    assert "! PLAY-3: N held E8" in out
    assert "trumps: leaves; Perlaggen: HK > Weli > S7 > E7 > L7 > LU > LO" in out


def test_the_verdict_json_is_versioned_and_complete() -> None:
    code, out = cli_run("check", "--format", "json", str(EXAMPLES / "beispiel.perlagg"))
    assert code == 0
    doc = json.loads(out)
    assert doc["format"] == "perlagg-streit/verdict" and doc["version"] == 2
    assert doc["winner"] == "NS" and doc["score"] == [18, 6]
    assert [d["points"] for d in doc["deals"]] == [[5, 0], [1, 4], [4, 2], [8, 0]]


def test_verdicts_follow_the_documented_schema() -> None:
    import jsonschema

    schema = json.loads((REPO / "docs" / "verdict-schema.json").read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    cases = REPO / "cases"
    # every example, and cases of every topic and form: one team, a side of three, a lone seat
    transcripts = sorted(EXAMPLES.glob("*.perlagg")) + sorted(cases.rglob("*.perlagg"))[:60]
    for form in ("players", "strafperlaggen"):
        transcripts += sorted((cases / form).glob("*.perlagg"))
    for path in transcripts:
        for fmt in ("json", "jsonl"):
            _, out = cli_run("check", "--format", fmt, "--lang", "en", str(path))
            docs = [json.loads(out)] if fmt == "json" else [json.loads(x) for x in out.splitlines()]
            for doc in docs:
                jsonschema.validate(doc, schema)


def test_markdown_and_html_reports() -> None:
    code, md = cli_run("check", "--format", "markdown", "--lang", "de", str(EXAMPLES / "streitfall.perlagg"))
    assert code == 1
    assert "## Ausgabe 1 — Geber W, Trumpf Laub" in md
    assert "| W | S7=LA* | EK | S8 |" in md
    assert "**PLAY-3** (Regelverstoß)" in md and "003 old § 17" in md
    code, page = cli_run("check", "--format", "html", "--lang", "en", str(EXAMPLES / "streitfall.perlagg"))
    assert page.startswith("<!DOCTYPE html>") and "<li class='offence'" in page and "S7=LA*" in page


def test_every_case_transcript_renders_in_every_format_and_language() -> None:
    # Found by a helper: a blind bet crashed the text report. Every transcript in cases/ must render.
    from perlagg_streit.tools.batch import CheckOptions, check_file

    for path in sorted((REPO / "cases").rglob("*.perlagg")):
        for fmt in ("text", "markdown", "html", "jsonl"):
            for lang in ("de", "en"):
                result = check_file(str(path), CheckOptions(lang=lang, format=fmt))
                assert result.status in ("clean", "violations"), (path, result.errors)
                assert result.output


def test_checks_a_partly_known_hand_prevents_are_named_in_german(tmp_path: Path) -> None:
    f = tmp_path / "teil.perlagg"
    f.write_text("Ausgabe 1\nGeber: W\nAbheben: S\nKarten N: L10 H8 ? ? ?\nKarten E: LA HA HO E10 EA\n"
                 "Karten S: LU SA SK S10 S9\nKarten W: S7 S8 EK EO L9\nAufschlag: L8\n"
                 "N H8, E HA, S SA, W EK\n", "utf-8")
    _, out = cli_run("check", "--lang", "de", str(f))
    assert "Nicht prüfbar: die Karten von N sind nur zum Teil bekannt" in out
    assert "Stich 1: ob S Herz hatte" not in out  # S's hand is fully known: checked, no note
    _, out = cli_run("check", "--lang", "de", str(EXAMPLES / "ausgabe.perlagg"))
    assert ("Nicht prüfbar: Hanger: das Weisen ist dazu nicht aufgeschrieben; nach den nachgewiesenen Karten "
            "entschieden") in out


def test_an_internal_error_in_one_file_does_not_stop_the_batch(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from perlagg_streit.tools import batch

    for f in FOUR_PLAYER_EXAMPLES:
        shutil.copy(f, tmp_path / f.name)
    real_judge = batch.judge

    def judge_or_break(transcript, ruleset, strict=False):  # type: ignore[no-untyped-def]
        if transcript.source.endswith("beispiel.perlagg"):
            raise ZeroDivisionError("a bug of ours")
        return real_judge(transcript, ruleset, strict=strict)

    monkeypatch.setattr(batch, "judge", judge_or_break)
    monkeypatch.delenv("PERLAGG_DEBUG", raising=False)
    result = CliRunner().invoke(cli, ["check", "--lang", "en", "--jobs", "1", "--summary", str(tmp_path)])
    assert result.exit_code == 70
    assert "Deal 1" in result.output and "streitfall.perlagg" in result.output  # the others were judged
    assert "beispiel.perlagg: internal error: ZeroDivisionError: a bug of ours" in result.output
    assert "internal error (please report): " in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_missing_turn_up_is_named_among_the_checks_the_record_did_not_allow() -> None:
    case = REPO / "cases" / "record" / "no-turn-up-recorded.perlagg"
    _, out = cli_run("check", "--lang", "de", str(case))
    assert "RECORD-MISSING" in out
    assert ("Nicht prüfbar: Trumpf unbekannt: Farbe bekennen, Stechen und die Trumpf-Perlaggen werden nicht geprüft"
            in out)
    _, out = cli_run("check", "--lang", "en", str(case))
    assert "Not checkable: trumps unknown: following suit, trumping and the trump Perlaggen are not checked" in out


def test_a_batch_collects_garbage_less_often_and_puts_the_setting_back() -> None:
    """`check` raises Python's cycle-collection threshold while it runs a batch (see
    collect_garbage_for_a_batch) and restores the caller's setting afterwards."""
    import gc

    from perlagg_streit.tools.batch import CheckOptions, run_batch

    examples = sorted(EXAMPLES.glob("*.perlagg"))[:2]
    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []
    for result in run_batch(examples, CheckOptions(), jobs=1):
        seen.append(gc.get_threshold())
        assert result.status in ("clean", "violations")
    assert len(seen) == 2
    assert all(t[0] == 20_000 for t in seen)
    assert gc.get_threshold() == before
