"""No input makes it fail (issue 19, files, batch and command line): each finding on its minimal input.

A command that could block (a named pipe) runs in a subprocess with a timeout; the test asserts
what the command says and its exit status, not how long it took.
"""

from __future__ import annotations

import errno
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import EXAMPLES, FOUR_PLAYER_EXAMPLES, cli_process, invoke

from perlagg_streit import cli as cli_module
from perlagg_streit.language import files
from perlagg_streit.language.files import MAX_TRANSCRIPT_BYTES, UnreadableFileError, read_regular_file
from perlagg_streit.tools import batch

# the four-player examples: ausgabe (1 clean deal), beispiel (4 clean deals), streitfall (1 deal, PLAY-3)
UNFORMATTED = "ausgabe 1\ngeber:   s\nw l10 ,  n la\n"
FORMATTED = "Ausgabe 1\nGeber: S\nW L10, N LA\n"


def folder_of_examples(folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    for f in FOUR_PLAYER_EXAMPLES:
        shutil.copy(f, folder / f.name)
    return folder


# ---- finding 9: one file that fails must not stop a batch -------------------------------------------

@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("stage", ["read_file", "load_ruleset", "judge"])
def test_a_file_that_raises_in_any_stage_is_named_and_the_others_are_judged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stage: str, jobs: str) -> None:
    folder_of_examples(tmp_path)
    broken = str(tmp_path / "beispiel.perlagg")
    real_read, real_load, real_judge = batch.read_matches_file, batch.load_ruleset, batch.judge
    reading: list[str] = []  # the file this process read last (each worker has its own)

    def read_file(path: str) -> Any:
        reading[:] = [str(path)]
        if stage == "read_file" and str(path) == broken:
            raise RecursionError("a bug of ours in reading")
        return real_read(path)

    def load_ruleset(name: str, transcript: Any = None) -> Any:  # loaded right after the file is read
        if stage == "load_ruleset" and reading == [broken]:
            raise KeyError("a bug of ours in loading")
        return real_load(name, transcript)

    def judge(transcript: Any, ruleset: Any, strict: bool = False) -> Any:
        if stage == "judge" and transcript.source == broken:
            raise ZeroDivisionError("a bug of ours in judging")
        return real_judge(transcript, ruleset, strict=strict)

    monkeypatch.setattr(batch, "read_matches_file", read_file)
    monkeypatch.setattr(batch, "load_ruleset", load_ruleset)
    monkeypatch.setattr(batch, "judge", judge)
    monkeypatch.delenv("PERLAGG_DEBUG", raising=False)
    result = invoke("check", "--lang", "en", "--jobs", jobs, str(tmp_path))
    assert result.exit_code == 70, result.output
    assert f"{broken}: internal error: " in result.output and "this file was not judged" in result.output
    assert f"internal error (please report): {broken}" in result.output  # the summary names it
    assert "3 files, " in result.output
    # the others were judged: ausgabe is clean, streitfall has its revoke
    assert "PLAY-3 1" in result.output
    assert result.output.count("Deal 1 — ") == 2


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_file_that_runs_out_of_memory_is_not_checked_and_the_others_are(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str) -> None:
    folder_of_examples(tmp_path)
    real = batch.judge

    def judge(transcript: Any, ruleset: Any, strict: bool = False) -> Any:
        if transcript.source.endswith("ausgabe.perlagg"):
            raise MemoryError
        return real(transcript, ruleset, strict=strict)

    monkeypatch.setattr(batch, "judge", judge)
    result = invoke("check", "--lang", "de", "--jobs", jobs, str(tmp_path))
    assert result.exit_code == 3, result.output
    assert "ausgabe.perlagg: nicht geprüft: nicht genug Arbeitsspeicher" in result.output
    assert f"nicht geprüft: {tmp_path / 'ausgabe.perlagg'}" in result.output
    assert "PLAY-3 1" in result.output and "3 Dateien, 5 Ausgaben" in result.output


def test_a_worker_that_dies_costs_only_its_own_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # 30 files, so that several go to a worker at once: the one that kills its worker is found
    # and reported, and all the files that were in the pool with it are checked again.
    for i in range(10):
        for f in FOUR_PLAYER_EXAMPLES:
            shutil.copy(f, tmp_path / f"{i}-{f.name}")
    deadly = str(tmp_path / "4-beispiel.perlagg")
    real = batch.judge

    def judge(transcript: Any, ruleset: Any, strict: bool = False) -> Any:
        if transcript.source == deadly:
            os._exit(9)  # as if killed (out of memory, kill -9): no exception, no result
        return real(transcript, ruleset, strict=strict)

    monkeypatch.setattr(batch, "judge", judge)
    result = invoke("check", "--lang", "en", "--jobs", "2", "--format", "jsonl", str(tmp_path))
    assert result.exit_code == 3, result.output
    assert f"{deadly}: not checked: the process checking it stopped unexpectedly" in result.output
    assert f"not checked: {deadly}" in result.output
    # every other file judged: 10 x (1 + 4 + 1) deals less the 4 of the lost beispiel
    assert "30 files, 56 deals, 46 clean; 10 files with violations, 0 unreadable" in result.output
    assert result.output.count('"format": "perlagg-streit/verdict/deal"') == 56


def test_two_jobs_give_the_same_results_in_the_same_order_as_one(tmp_path: Path) -> None:
    for i in range(40):
        shutil.copy(FOUR_PLAYER_EXAMPLES[i % 3], tmp_path / f"{i:02d}.perlagg")
    one = invoke("check", "--lang", "en", "--jobs", "1", "--format", "jsonl", str(tmp_path))
    two = invoke("check", "--lang", "en", "--jobs", "2", "--format", "jsonl", str(tmp_path))
    assert one.exit_code == two.exit_code == 1
    assert one.output == two.output


# ---- finding 13 and the reader: only regular files, of a bounded size ---------------------------------

def test_a_fifo_in_a_folder_is_reported_not_opened(tmp_path: Path) -> None:
    folder_of_examples(tmp_path)
    os.mkfifo(tmp_path / "pipe.perlagg")
    for jobs in ("1", "2"):
        proc = cli_process("check", "--lang", "en", "--jobs", jobs, str(tmp_path))
        assert proc.returncode == 3, proc.stderr
        assert "pipe.perlagg: not a transcript file: this is a named pipe (FIFO)" in proc.stderr
        assert f"unreadable: {tmp_path / 'pipe.perlagg'}" in proc.stderr
        assert "4 files, 6 deals, 5 clean; 1 file with violations, 1 unreadable" in proc.stderr


@pytest.mark.parametrize("command", ["check", "parse", "fmt", "replay", "score"])
def test_a_fifo_named_on_the_command_line_is_refused(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "pipe.perlagg"
    os.mkfifo(fifo)
    proc = cli_process(command, str(fifo), env={**os.environ, "LANG": "de_AT.UTF-8"})
    assert proc.returncode == (3 if command == "check" else 2), proc.stderr
    assert "pipe.perlagg: keine Protokolldatei: das ist eine benannte Pipe (FIFO)" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_fmt_in_place_refuses_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.perlagg"
    os.mkfifo(fifo)
    proc = cli_process("fmt", "-i", str(fifo))
    assert proc.returncode == 2 and "named pipe" in proc.stderr
    assert fifo.is_fifo()


def test_a_symlink_loop_in_a_folder_is_not_followed(tmp_path: Path) -> None:
    folder_of_examples(tmp_path / "a")
    (tmp_path / "a" / "b").mkdir()
    (tmp_path / "a" / "b" / "up").symlink_to("..")  # a/b/up -> a: a loop
    (tmp_path / "a" / "self").symlink_to(".")
    (tmp_path / "a" / "link.perlagg").symlink_to("streitfall.perlagg")  # a link to a file is read
    proc = cli_process("check", "--lang", "en", "--format", "jsonl", str(tmp_path / "a"))
    assert proc.returncode == 1, proc.stderr
    assert "4 files, 7 deals, 5 clean; 2 files with violations, 0 unreadable" in proc.stderr


def test_dev_zero_is_refused(tmp_path: Path) -> None:
    proc = cli_process("check", "--lang", "en", "/dev/zero")
    assert proc.returncode == 3
    assert "/dev/zero: not a transcript file: this is a device; only regular files are read" in proc.stderr
    (tmp_path / "zero.perlagg").symlink_to("/dev/zero")  # the same behind a link in a folder
    folder_of_examples(tmp_path)
    proc = cli_process("check", "--lang", "en", str(tmp_path))
    assert proc.returncode == 3 and "zero.perlagg: not a transcript file: this is a device" in proc.stderr
    assert "PLAY-3 1" in proc.stderr  # the others were judged


def test_an_oversize_file_is_refused_without_being_read(tmp_path: Path) -> None:
    big = tmp_path / "big.perlagg"
    with open(big, "wb") as handle:  # sparse: no disk space used
        handle.truncate(MAX_TRANSCRIPT_BYTES + 1)
    proc = cli_process("parse", str(big))
    assert proc.returncode == 2
    assert "big.perlagg: the file is too large for a transcript (20.0 MB; at most 20 MB are read)" in proc.stderr
    folder_of_examples(tmp_path)
    proc = cli_process("check", "--lang", "en", str(tmp_path))
    assert proc.returncode == 3 and "1 unreadable" in proc.stderr and "PLAY-3 1" in proc.stderr


def test_the_size_limit_is_exact(tmp_path: Path) -> None:
    f = tmp_path / "t.perlagg"
    f.write_bytes(b"x" * 100)
    assert read_regular_file(f, limit=100) == b"x" * 100
    with pytest.raises(UnreadableFileError, match="too large"):
        read_regular_file(f, limit=99)


def test_a_folder_is_not_read_as_a_file(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFileError) as caught:
        read_regular_file(tmp_path)
    assert caught.value.text("en").endswith("this is a folder; only regular files are read")
    assert "das ist ein Ordner" in caught.value.text("de")


def test_a_folder_that_cannot_be_searched_is_named_and_the_rest_is_judged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder_of_examples(tmp_path)
    locked = tmp_path / "gesperrt"
    locked.mkdir()
    real_scandir = os.scandir

    def scandir(path: Any = ".") -> Any:  # as root, a folder without permissions is still readable
        if Path(path) == locked:
            raise PermissionError(errno.EACCES, "Permission denied", str(locked))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    result = invoke("check", "--lang", "en", "--jobs", "1", str(tmp_path))
    assert result.exit_code == 3, result.output
    assert f"error: {locked}: cannot search the folder (permission denied)" in result.output
    assert "4 files, 6 deals, 5 clean; 1 file with violations, 1 unreadable" in result.output


# ---- fmt -i: links, a file changed meanwhile ------------------------------------------------------------

def test_fmt_in_place_keeps_a_link_and_formats_its_target(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "t.perlagg"
    target.write_text(UNFORMATTED, "utf-8")
    link = tmp_path / "link.perlagg"
    link.symlink_to(Path("real") / "t.perlagg")
    result = invoke("fmt", "-i", str(link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == str(Path("real") / "t.perlagg")
    assert target.read_text("utf-8") == FORMATTED
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["t.perlagg"]  # no temp file left


def test_fmt_in_place_does_not_overwrite_a_file_changed_meanwhile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "t.perlagg"
    f.write_text(UNFORMATTED, "utf-8")
    theirs = "Ausgabe 1\nGeber: S\nW L10, N LA, E LU\n"
    real_format = cli_module.format_matches

    def format_while_another_program_writes(matches: Any, lang: str = "de") -> str:
        f.write_text(theirs, "utf-8")  # between our reading and our writing
        return real_format(matches, lang)

    monkeypatch.setattr(cli_module, "format_matches", format_while_another_program_writes)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    result = invoke("fmt", "-i", str(f))
    assert result.exit_code == 2
    assert f"{f}: the file was changed by another program while it was formatted" in result.output
    assert f.read_text("utf-8") == theirs
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.perlagg"]


# ---- finding 12: environment errors are not internal errors -------------------------------------------

def fail_with(code: int) -> Any:
    def fail(*args: Any, **kwargs: Any) -> Any:
        raise OSError(code, os.strerror(code))
    return fail


@pytest.mark.parametrize(("where", "code", "reason"), [
    ("mkstemp", errno.EACCES, "permission denied"),  # a read-only folder
    ("mkstemp", errno.EROFS, "the file system is read-only"),
    ("mkstemp", errno.ENAMETOOLONG, "the name is too long"),
    ("fsync", errno.ENOSPC, "the disk is full"),
    ("fsync", errno.EDQUOT, "the disk quota is used up"),
    ("fsync", errno.EFBIG, "ulimit -f"),
    ("replace", errno.EXDEV, "the file cannot be moved across file systems"),
    ("replace", errno.EACCES, "permission denied"),
])
def test_fmt_in_place_reports_what_the_machine_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, code: int, reason: str) -> None:
    f = tmp_path / "t.perlagg"
    f.write_text(UNFORMATTED, "utf-8")
    target = {"mkstemp": (files.tempfile, "mkstemp"), "fsync": (os, "fsync"), "replace": (os, "replace")}[where]
    monkeypatch.setattr(*target, fail_with(code))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    result = invoke("fmt", "-i", str(f))
    assert result.exit_code == 2, result.output
    assert f"error: {f}: cannot write the file (" in result.output and reason in result.output
    assert "the file is left as it was" in result.output and "internal error" not in result.output
    assert f.read_text("utf-8") == UNFORMATTED
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.perlagg"]  # the temporary file is gone


def test_fmt_in_place_in_a_full_disk_goes_on_with_the_next_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "a.perlagg", tmp_path / "b.perlagg"
    first.write_text(UNFORMATTED, "utf-8")
    second.write_text(UNFORMATTED, "utf-8")
    real_replace = os.replace

    def replace(src: Any, dst: Any) -> None:
        if Path(dst) == first:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    result = invoke("fmt", "-i", str(first), str(second))
    assert result.exit_code == 2 and "1 of 2 files not formatted" in result.output
    assert first.read_text("utf-8") == UNFORMATTED and second.read_text("utf-8") == FORMATTED


def test_fmt_in_place_under_ulimit_f(tmp_path: Path) -> None:
    f = tmp_path / "t.perlagg"
    f.write_text(UNFORMATTED, "utf-8")
    script = f'ulimit -f 0; exec "{sys.executable}" -m perlagg_streit.cli fmt -i "{f}"'
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "LANG": "en_GB.UTF-8"})
    assert proc.returncode == 2, proc.stderr
    assert f"error: {f}: cannot write the file (the file would be larger than allowed, see ulimit -f)" in proc.stderr
    assert f.read_text("utf-8") == UNFORMATTED
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.perlagg"]


def test_generate_under_ulimit_f(tmp_path: Path) -> None:
    out = tmp_path / "out"
    script = f'ulimit -f 0; exec "{sys.executable}" -m perlagg_streit.cli generate -n 2 --out "{out}"'
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "LANG": "de_AT.UTF-8"})
    assert proc.returncode == 2, proc.stderr
    assert "match-0001.perlagg: Datei kann nicht geschrieben werden (die Datei wäre größer als erlaubt" in proc.stderr
    assert list(out.iterdir()) == []


def test_score_html_into_a_missing_folder() -> None:
    proc = cli_process("score", "--lang", "en", "--html", "/no/such/dir/x.html", str(EXAMPLES / "ausgabe.perlagg"))
    assert proc.returncode == 2
    assert "error: /no/such/dir/x.html: cannot write the file (no such file or folder)" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_score_html_into_a_read_only_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files.tempfile, "mkstemp", fail_with(errno.EROFS))
    out = tmp_path / "x.html"
    result = invoke("score", "--lang", "de", "--html", str(out), str(EXAMPLES / "ausgabe.perlagg"))
    assert result.exit_code == 2
    assert f"Fehler: {out}: Datei kann nicht geschrieben werden (das Dateisystem ist schreibgeschützt)" in result.output
    assert not out.exists()


def test_generate_into_a_read_only_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files.tempfile, "mkstemp", fail_with(errno.EACCES))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    result = invoke("generate", "-n", "3", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert f"error: {tmp_path / 'match-0001.perlagg'}: cannot write the file (permission denied)" in result.output
    proc = cli_process("generate", "-n", "1", "--out", "/dev/null/x", env={**os.environ, "LANG": "en_GB.UTF-8"})
    assert proc.returncode == 2
    assert "error: /dev/null/x: cannot create the folder (a part of the path is not a folder)" in proc.stderr


def test_output_to_a_full_disk_is_no_internal_error() -> None:
    example = str(EXAMPLES / "ausgabe.perlagg")
    with open("/dev/full", "w") as full:
        check = cli_process("check", "--lang", "en", example, stdout=full, stderr=subprocess.PIPE)
        parse = cli_process("parse", example, stdout=full, stderr=subprocess.PIPE,
                    env={**os.environ, "LANG": "en_GB.UTF-8"})
    assert check.returncode == 3 and "cannot write the output (the disk is full)" in check.stderr
    assert parse.returncode == 2 and "perlagg-streit: the disk is full" in parse.stderr


# ---- finding 13: no worker is left behind ------------------------------------------------------------

def processes_naming(marker: str) -> list[int]:
    """The processes whose command line names ``marker`` (workers are forked: they carry the parent's)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
            state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker.encode() in command and state != "Z":  # a zombie is gone, only not yet reaped
            found.append(int(entry))
    return found


def wait_for(condition: Any, seconds: float = 30) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


needs_proc = pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="counts processes in /proc")


@needs_proc
def test_check_of_a_folder_leaves_no_worker_behind(tmp_path: Path) -> None:
    for i in range(10):
        for f in FOUR_PLAYER_EXAMPLES:
            shutil.copy(f, tmp_path / f"{i}-{f.name}")
    proc = cli_process("check", "--jobs", "2", str(tmp_path))
    assert proc.returncode == 1
    assert wait_for(lambda: not processes_naming(str(tmp_path)), 10), processes_naming(str(tmp_path))


SLOW_CHECK = textwrap.dedent("""
    import sys, time
    from perlagg_streit import cli
    from perlagg_streit.tools import batch
    real = batch.judge
    def slow(transcript, ruleset, strict=False):
        time.sleep(0.5)
        return real(transcript, ruleset, strict=strict)
    batch.judge = slow
    sys.argv = ["perlagg-streit", "check", "--jobs", "2", sys.argv[1]]
    cli.main()
""")


def _as_from_a_shell() -> None:
    """Start the child with Ctrl-C and SIGTERM as a shell gives them (default, not blocked): an
    ignored or blocked signal is inherited across exec, and earlier tests of the same pytest
    process may leave one so (seen in a full run: SIGINT lost, the batch ran on to exit 0)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})


@needs_proc
@pytest.mark.parametrize("how", ["SIGTERM", "SIGINT", "SIGKILL"])
def test_a_stopped_check_leaves_no_worker_behind(tmp_path: Path, how: str) -> None:
    for i in range(20):
        shutil.copy(EXAMPLES / "ausgabe.perlagg", tmp_path / f"{i:02d}.perlagg")
    proc = subprocess.Popen([sys.executable, "-c", SLOW_CHECK, str(tmp_path)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True, preexec_fn=_as_from_a_shell)
    try:
        # the parent and both workers are at work
        assert wait_for(lambda: len(processes_naming(str(tmp_path))) == 3)
        if how == "SIGINT":  # Ctrl-C: the terminal signals the whole process group
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(getattr(signal, how))
        _, err = proc.communicate(timeout=30)
        assert "Traceback" not in err
        if how == "SIGTERM":
            assert proc.returncode == 128 + signal.SIGTERM
        elif how == "SIGKILL":
            assert proc.returncode == -signal.SIGKILL
        else:  # Ctrl-C: 130, as a shell reports a program ended by SIGINT; not 1, which says "violations"
            assert proc.returncode == 128 + signal.SIGINT, (proc.returncode, err)
            assert err.strip().endswith(("abgebrochen", "interrupted")), err
        assert wait_for(lambda: not processes_naming(str(tmp_path)), 10), processes_naming(str(tmp_path))
    finally:
        for pid in processes_naming(str(tmp_path)):  # only ours: they name this test's folder
            os.kill(pid, signal.SIGKILL)
        proc.wait()


@pytest.mark.parametrize("command", ["check", "fmt", "parse", "score", "replay"])
def test_a_file_name_with_escape_sequences_reaches_no_terminal_raw(tmp_path: Path, command: str) -> None:
    # issue 19: file names go into error messages and the batch summary; a terminal must be shown
    # the escape, not obey it (ESC ] 0 ; ... BEL retitles the window, CR overwrites the line)
    name = tmp_path / "x\x1b]0;pwned\x07\r.perlagg"
    name.write_text("Ausgabe 1\nGeber: Q\n", "utf-8")  # a syntax error: the message names the file
    args = [command, str(name)] if command != "check" else [command, "--lang", "de", str(name), str(name)]
    result = invoke(*args)
    assert result.exit_code in (2, 3), result.output
    assert "\x1b" not in result.output and "\x07" not in result.output and "\r" not in result.output
    assert "\\x1b]0;pwned\\x07\\r.perlagg" in result.output
