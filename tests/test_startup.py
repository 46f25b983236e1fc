"""Start-up (issue 21 item 8): lark's tables kept in the user's cache folder, safely; and the
modules a `check` of one file does not need are not imported. (How fast it starts is measured
in benchmarks/bench_check.py, never here.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from helpers import EXAMPLES, cli_process

from perlagg_streit.language.parser_cache import cache_folder, parser_cache_file

EXAMPLE = str(EXAMPLES / "streitfall.perlagg")


def _check_with_cache(cache: Path | str, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PERLAGG_NO_CACHE"}
    env.update(XDG_CACHE_HOME=str(cache), LANG="en_GB.UTF-8", **extra)
    return cli_process("check", "--lang", "en", EXAMPLE, env=env)


def test_the_cache_folder_follows_the_xdg_rules() -> None:
    assert cache_folder({"XDG_CACHE_HOME": "/c", "HOME": "/h"}) == Path("/c/perlagg-streit")
    assert cache_folder({"XDG_CACHE_HOME": "relative", "HOME": "/h"}) == Path("/h/.cache/perlagg-streit")
    assert cache_folder({"HOME": "/h"}) == Path("/h/.cache/perlagg-streit")
    assert cache_folder({}) is None
    assert parser_cache_file("g", "o", {"HOME": "/h", "PERLAGG_NO_CACHE": "1"}) is False


def test_the_tables_are_kept_in_a_missing_cache_folder_which_is_made(tmp_path: Path) -> None:
    cache = tmp_path / "not" / "yet"
    first = _check_with_cache(cache)
    kept = list((cache / "perlagg-streit").glob("parser-*.lark"))
    assert len(kept) == 1 and kept[0].stat().st_size > 1000
    # beside them the parser kept whole, the compiled __init__ of the records, the regexes and the
    # rulesets' data (base.disk_cache)
    files = sorted((cache / "perlagg-streit").iterdir())
    assert [f.name.rsplit("-", 1)[0] for f in files] == [
        "lark-parser", kept[0].name.rsplit("-", 1)[0], "records", "regexes", "rulesets"]
    written = {f: (f.stat().st_mtime_ns, f.read_bytes()) for f in files}
    second = _check_with_cache(cache)
    assert first.returncode == second.returncode == 1  # streitfall's revoke, found both times
    assert first.stdout == second.stdout and "PLAY-3" in first.stdout
    # the second run found everything kept and wrote nothing
    assert {f: (f.stat().st_mtime_ns, f.read_bytes()) for f in sorted((cache / "perlagg-streit").iterdir())} == written


def test_a_corrupt_cache_file_is_ignored_and_written_again(tmp_path: Path) -> None:
    clean = _check_with_cache(tmp_path)
    (kept,) = (tmp_path / "perlagg-streit").glob("parser-*.lark")
    good = kept.read_bytes()
    for garbage in (b"", b"not a parser\n", good[: len(good) // 2]):
        kept.write_bytes(garbage)
        for whole in (tmp_path / "perlagg-streit").glob("lark-parser-*"):
            whole.unlink()  # else the parser kept whole is thawed and lark's tables are not read at all
        again = _check_with_cache(tmp_path)
        assert (again.returncode, again.stdout, again.stderr) == (clean.returncode, clean.stdout, clean.stderr)
        rebuilt = kept.read_bytes()  # built afresh and kept again (pickled anew: not byte for byte the same)
        assert rebuilt.split(b"\n")[0] == good.split(b"\n")[0] and len(rebuilt) > 1000


def test_any_kept_file_broken_changes_nothing_and_is_written_again(tmp_path: Path) -> None:
    # the parser kept whole, the records' __init__, the regexes: each broken in turn (lark's own
    # tables are the test above)
    clean = _check_with_cache(tmp_path)
    folder = tmp_path / "perlagg-streit"
    for kept in sorted(folder.glob("*.marshal")):
        good = kept.read_bytes()
        for garbage in (b"", b"\xff\x00junk", good[: len(good) // 2]):
            kept.write_bytes(garbage)
            again = _check_with_cache(tmp_path)
            assert (again.returncode, again.stdout, again.stderr) == (clean.returncode, clean.stdout, clean.stderr), \
                kept.name
            assert kept.read_bytes() == good or len(kept.read_bytes()) > 1000, kept.name  # written afresh


def test_a_cache_that_cannot_be_made_or_written_changes_nothing(tmp_path: Path) -> None:
    clean = _check_with_cache(tmp_path / "ok")
    blocked = tmp_path / "a-file"
    blocked.write_text("a file where the cache folder would go")
    refused = _check_with_cache(blocked)
    assert (refused.returncode, refused.stdout, refused.stderr) == (clean.returncode, clean.stdout, clean.stderr)
    off = _check_with_cache(tmp_path / "off", PERLAGG_NO_CACHE="1")
    assert off.stdout == clean.stdout and not (tmp_path / "off").exists()
    if os.geteuid() != 0:  # root may write anywhere
        read_only = tmp_path / "ro"
        (read_only / "perlagg-streit").mkdir(parents=True)
        (read_only / "perlagg-streit").chmod(0o500)
        try:
            assert _check_with_cache(read_only).stdout == clean.stdout
        finally:
            (read_only / "perlagg-streit").chmod(0o700)


def test_check_of_one_file_imports_only_what_it_needs() -> None:
    # a file without a Streitfrage: an answer writes the act as the transcript has it (the writer)
    plain = str(EXAMPLES / "ausgabe.perlagg")
    assert "Streitfrage" not in Path(plain).read_text("utf-8")
    code = ("import sys; from perlagg_streit.cli import cli\n"
            f"try:\n    cli(['check', {plain!r}])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith(('concurrent', 'multiprocessing', "
            "'perlagg_streit.render.ruleset_report', 'perlagg_streit.render.report_markup', "
            "'perlagg_streit.render.versus', 'perlagg_streit.language.writer', 'perlagg_streit.tools.generate', "
            # nor, since issue 21's start-up work, the standard library's JSON, hints, HTML and resources
            "'json', 'difflib', 'html', 'importlib.resources', 'zipfile'))))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.stdout.strip().splitlines()[-1] == "[]"
