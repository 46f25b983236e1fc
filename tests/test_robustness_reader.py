"""Issue 19: no input makes the reader fail, nothing from the input takes over the terminal, and
memory stays bounded. Each test is built on the minimal input that broke it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from helpers import REPO, cli_process, first_event

from perlagg_streit.base.cards import card
from perlagg_streit.base.safe_text import markdown_code, markdown_text, printable
from perlagg_streit.engine import judge, state
from perlagg_streit.language import reader
from perlagg_streit.language.reader import MAX_DIGITS, MAX_LINE_CHARS, read_transcript
from perlagg_streit.language.transcript import BlindBet, DealerIs, Figure, Hold, Play, Raise, Stands
from perlagg_streit.rulesets import load_ruleset
from perlagg_streit.tools.batch import CheckOptions, check_file


def only_error(text: str):
    """The single error of a text that must not read, and never a Python exception."""
    result = read_transcript(text, "x.perlagg")
    assert len(result.errors) == 1, [e.render() for e in result.errors]
    return result.errors[0]


# ---- letters that Python's case folding maps onto ASCII ---------------------------------------

@pytest.mark.parametrize("text, column, word", [
    ("Geber: ſ\n", 8, "ſ"),                    # long s: was a KeyError in the transformer
    ("E dreİ\n", 3, "dreİ"),                   # dotted capital I: was a KeyError ('drei̇')
    ("W ſchell-Spitz=LA\n", 3, "ſchell-Spitz"),  # was a ValueError (not a card)
    ("W H\u212a\n", 3, "H\u212a"),          # Kelvin sign for K
    ("N bıete Gleich\n", 3, "bıete"),          # dotless i
])
def test_a_letter_that_folds_onto_ascii_is_a_located_syntax_error(text: str, column: int, word: str) -> None:
    error = only_error(text)
    assert (error.line, error.column, error.kind) == (1, column, "syntax")
    assert word in error.message


@pytest.mark.parametrize("text, expected", [
    ("Geber: SÜD", DealerIs("S")),
    ("W GRÜN-ASS", Play("W", card("LA"))),
    ("W SCHELL-KÖNIG", Play("W", card("SK"))),
    ("N HÄLT", Hold("N", ())),
    ("E FÜNF", Raise("E", 5, ())),
    ("N HÄNGER STEHT", Stands("N", Figure.HANGER)),
    ("Blind: N HÖLL AUF", BlindBet("N", (Figure.GLEICH, Figure.HANGER, Figure.SPIEL), hoell_auf=True)),
])
def test_umlauts_still_read_in_either_case(text: str, expected: object) -> None:
    assert first_event(text) == expected


def test_anything_the_transformer_raises_becomes_a_located_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # A spelling the grammar lets through but the transformer cannot read (a bug of ours, say)
    # must not end the check: lark passes such an exception on unwrapped.
    def broken(_text: str) -> None:
        raise RuntimeError("nobody foresaw this")

    reader._parse_line.cache_clear()
    monkeypatch.setattr(reader, "parse_card_name", broken)
    try:
        error = only_error("Ausgabe 1\nW HA\n")
    finally:
        monkeypatch.undo()
        reader._parse_line.cache_clear()
    assert (error.line, error.column) == (2, 3)
    assert error.message == "cannot read 'HA' here"
    assert error.message_de == "'HA' ist hier nicht zu lesen"
    assert "x.perlagg:2:3: 'HA' ist hier nicht zu lesen" in error.render("de")


# ---- numbers -------------------------------------------------------------------------------

def test_a_number_of_5000_digits_is_a_located_error_not_a_crash() -> None:
    error = only_error("Ausgabe " + "9" * 5000 + "\n")
    assert (error.line, error.column) == (1, 9)
    assert "5,000 digits" in error.message and f"at most {MAX_DIGITS}" in error.message
    assert error.message_de is not None and "5.000 Stellen" in error.message_de
    rendered = error.render()
    assert len(rendered) < 400  # the line is quoted around the column, not in full
    assert rendered.splitlines()[2].index("^") == rendered.splitlines()[1].index("9")


@pytest.mark.parametrize("text, column", [
    ("Ausgabe 1234567", 9), ("Stand: 1234567:1", 8), ("Punkte: 1:-1234567", 11), ("Stich 1234567: N HA", 7),
    ("Stufe 1234567 N/S", 7), ("N 1234567", 3),
])
def test_every_number_has_at_most_six_digits(text: str, column: int) -> None:
    error = only_error(text + "\n")
    assert error.column == column and "at most 6" in error.message


def test_six_digits_still_read() -> None:
    result = read_transcript("Ausgabe 999999\nStand: 123456:-999999\n")
    assert result.errors == []
    assert result.transcript.deals[0].number == 999999


# ---- what reaches a terminal -----------------------------------------------------------------

def test_printable_escapes_controls_c1_and_bidi_and_nothing_else() -> None:
    assert printable("Hans Müller — Sepp") == "Hans Müller — Sepp"
    assert printable("\x1b]0;x\x07") == "\\x1b]0;x\\x07"
    assert printable("a\rb\nc\td\x7f\x85\x9f") == "a\\rb\\nc\\td\\x7f\\x85\\x9f"
    assert printable("\u202eabc\u2066\u2069\u200e\u200f\u061c\u2028") == \
        "\\u202eabc\\u2066\\u2069\\u200e\\u200f\\u061c\\u2028"
    assert printable(printable("\x1b")) == printable("\x1b")


def test_markdown_text_and_code_show_user_text_as_written() -> None:
    assert markdown_text("*a* _b_ [c](d) <e> `f` #g |h| \\") == \
        "\\*a\\* \\_b\\_ \\[c\\]\\(d\\) \\<e\\> \\`f\\` \\#g \\|h\\| \\\\"
    assert markdown_text("x\x1by") == "x\\\\x1by"  # escaped for the terminal, then for Markdown
    assert markdown_code("a`b") == "``a`b``"
    assert markdown_code("`a") == "`` `a ``"


HOSTILE = ('[N "\x1b]0;pwned\x07"]\n[E "Sepp\u202eevil"]\n[S "over\rwrite"]\n[W "Luis"]\n'
           "Ausgabe 1\nGeber: W\nStreitfrage: \x1b[2J\u2066gelöscht\u2069\n"
           "W \x1b[31mHA\n")
_RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def test_check_and_parse_show_a_hostile_file_escaped(tmp_path: Path) -> None:
    path = tmp_path / "böse\x1b[5m.perlagg"
    path.write_text(HOSTILE, "utf-8")
    for args in (["check", "--lang", "en"], ["check", "--format", "markdown"], ["parse"]):
        proc = cli_process(*args, str(path))
        assert proc.returncode in (2, 3), proc.stderr
        assert "Traceback" not in proc.stderr
        everything = proc.stdout + proc.stderr
        assert not _RAW.search(everything), repr(everything)
        # the bad line is quoted, escaped, with the caret under the escape
        assert "W \\x1b[31mHA" in proc.stderr
        quoted = proc.stderr.splitlines()
        row = next(i for i, line in enumerate(quoted) if "W \\x1b[31mHA" in line)
        assert quoted[row + 1].index("^") == quoted[row].index("\\x1b")
        assert "b\\xf6se" not in everything  # a letter is a letter; only controls are escaped


def test_a_file_that_cannot_be_read_is_named_escaped(tmp_path: Path) -> None:
    missing = tmp_path / "fehlt\x1b]0;x\x07.perlagg"
    for args in (["check"], ["parse"]):
        proc = cli_process(*args, str(missing))
        assert proc.returncode in (2, 3) and "Traceback" not in proc.stderr
        assert "fehlt\\x1b]0;x\\x07.perlagg" in proc.stderr
        assert "\x1b" not in proc.stderr.split("\n")[0]


def test_parse_shows_tags_and_disputes_escaped(tmp_path: Path) -> None:
    path = tmp_path / "t.perlagg"
    path.write_text(HOSTILE.replace("W \x1b[31mHA\n", "W HA\n"), "utf-8")
    proc = cli_process("parse", str(path))
    assert proc.returncode == 0, proc.stderr
    assert not _RAW.search(proc.stdout), repr(proc.stdout)
    assert "value=\\x1b]0;pwned\\x07" in proc.stdout
    assert "value=Sepp\\u202eevil" in proc.stdout
    assert "value=over\\rwrite" in proc.stdout
    assert "text=\\x1b[2J\\u2066gelöscht\\u2069" in proc.stdout


def test_replay_and_score_show_user_text_escaped(tmp_path: Path) -> None:
    text = (REPO / "examples" / "streitfall.perlagg").read_text("utf-8")
    text = text.replace('[N "Hans"]', '[N "Hans\x1b]0;pwned\x07"]').replace(
        "Streitfrage: Darf", "Streitfrage: \u202eDarf\r")
    path = tmp_path / "s.perlagg"
    path.write_text(text, "utf-8")
    for args in (["replay", "--lang", "de"], ["score", "--lang", "de"]):
        proc = cli_process(*args, str(path))
        assert "Traceback" not in proc.stderr
        assert not _RAW.search(proc.stdout + proc.stderr), repr(proc.stdout)
    assert "Hans\\x1b]0;pwned\\x07" in cli_process("score", str(path)).stdout
    assert "Streitfrage: \\u202eDarf\\r" in cli_process("replay", "--lang", "de", str(path)).stdout


def test_a_ruleset_name_from_a_file_is_escaped_in_every_report(tmp_path: Path) -> None:
    yaml = tmp_path / "haus.yaml"
    yaml.write_text('extends: innsbruck\nname: "haus\\e]0;x\\a*_`"\ntitle:\n  de: "T\\r"\n  en: "T\\r"\n'
                    'target: 21\nsources:\n  target: "Hausregel\\e]0;x\\a"\n', "utf-8")
    transcript = tmp_path / "t.perlagg"
    transcript.write_text((REPO / "examples" / "streitfall.perlagg").read_text("utf-8"), "utf-8")
    for args in (["check", "-r", str(yaml)], ["check", "-r", str(yaml), "--format", "markdown"],
                 ["check", "-r", str(yaml), "--versus", "innsbruck"], ["rulesets", "show", str(yaml)],
                 ["rulesets", "diff", str(yaml), "innsbruck"]):
        proc = cli_process(*args, str(transcript)) if args[0] == "check" else cli_process(*args)
        assert "Traceback" not in proc.stderr
        assert proc.returncode in (0, 1), proc.stderr
        assert not _RAW.search(proc.stdout), (args, proc.stdout[:500])
        assert "\\x1b]0;x\\x07" in proc.stdout, args
    markdown = cli_process("check", "-r", str(yaml), "--format", "markdown", str(transcript)).stdout
    assert "`` haus\\x1b]0;x\\x07*_` ``" in markdown  # a code span that the name cannot close


def test_markdown_escapes_a_file_name(tmp_path: Path) -> None:
    path = tmp_path / "[klick](http:evil)*.perlagg"
    path.write_text((REPO / "examples" / "streitfall.perlagg").read_text("utf-8"), "utf-8")
    out = cli_process("check", "--format", "markdown", str(path)).stdout
    heading = out.splitlines()[0]
    assert heading.startswith("# ") and heading.endswith("\\[klick\\]\\(http:evil\\)\\*.perlagg")


# ---- bounded memory: caps, each counted and reported ----------------------------------------

def test_the_line_memo_keeps_only_short_lines() -> None:
    reader._parse_line.cache_clear()
    short = "N zeigt Gleich HA HK"
    long_line = "N zeigt Gleich " + " ".join(["HA"] * 60)
    assert len(short) <= reader.MEMO_MAX_CHARS < len(long_line)
    result = read_transcript(f"Ausgabe 1\nWeisen:\n{short}\n{long_line}\n")
    assert result.errors == []
    assert reader._parse_line.cache_info().currsize == 3  # 'Ausgabe 1', 'Weisen:' and the short one
    assert reader._parse_line.cache_info().maxsize == 16384


def test_a_line_too_long_is_an_error_quoted_in_part() -> None:
    error = only_error("Ausgabe 1\n# " + "x" * MAX_LINE_CHARS + "\n")
    assert (error.line, error.column) == (2, MAX_LINE_CHARS + 1)
    assert f"{MAX_LINE_CHARS + 2:,} characters" in error.message
    assert error.message_de is not None and "Zeichen lang" in error.message_de
    assert len(error.render()) < 400


def test_reading_stops_at_the_limits_of_a_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "MAX_ITEMS", 10)
    error = only_error("Ausgabe 1\n" + "N HA\n" * 20)
    assert (error.line, error.kind) == (11, "limit")
    assert "more than 10 lines, actions and shown cards" in error.message
    monkeypatch.setattr(reader, "MAX_ITEMS", 10_000)
    monkeypatch.setattr(reader, "MAX_DEALS", 3)
    error = only_error("".join(f"Ausgabe {n}\nGeber: S\n" for n in range(1, 6)))
    assert (error.line, error.kind) == (7, "limit")
    assert "more than 3 deals" in error.message
    assert error.message_de is not None and "mehr als 3 Ausgaben" in error.message_de


def test_structure_errors_stop_at_the_bound_too() -> None:
    result = read_transcript("Ausgabe 1\n" + '[Event "spät"]\n' * 500)
    assert len(result.errors) == reader.MAX_ERRORS + 1
    assert result.errors[-1].kind == "limit"
    assert result.errors[0].line_text == '[Event "spät"]'
    assert result.errors[7].line == 9


def test_reading_in_pieces_gives_the_same_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (REPO / "examples" / "streitfall.perlagg").read_text("utf-8") + "\nW Xx\n\n"
    whole = read_transcript(text, "x")
    monkeypatch.setattr(reader, "_PIECE", 5)
    pieces = read_transcript(text, "x")
    assert pieces.transcript == whole.transcript and pieces.errors == whole.errors
    assert [e.line for e in pieces.errors] == [len(text.split("\n")) - 2]
    assert [line.pos for d in pieces.transcript.deals for line in d.lines] == \
        [line.pos for d in whole.transcript.deals for line in d.lines]


def capped_example() -> str:
    """examples/streitfall.perlagg with its deal played five times: five renounces (PLAY-3, which
    innsbruck-1890 penalises with two points and the Spiel, old § 17), among other findings."""
    text = (REPO / "examples" / "streitfall.perlagg").read_text("utf-8")
    head, deal = text.split("Ausgabe 1\n", 1)
    return head + "".join(f"Ausgabe {n}\n{deal}\n" for n in range(1, 6))


def test_findings_beyond_the_cap_are_counted_penalised_and_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    transcript = read_transcript(capped_example(), "cap.perlagg").transcript
    ruleset = load_ruleset("innsbruck-1890")
    full = judge(transcript, ruleset)
    penalised = [v for v in full.violations if v.penalty and v.penalty.points]
    assert len(penalised) >= 5 and full.violations.index(penalised[2]) >= 2
    monkeypatch.setattr(state, "MAX_FINDINGS", 2)
    capped = judge(transcript, ruleset)
    assert capped.violations == full.violations[:2]
    assert capped.violations_not_listed == len(full.violations) - 2
    for deal, whole in zip(capped.deals, full.deals, strict=True):
        assert sum(n for _rule, _kind, n in deal.not_listed_by_rule) == deal.violations_not_listed
        assert len(deal.violations) + deal.violations_not_listed == len(whole.violations)
        assert deal.points == whole.points and deal.clean == whole.clean  # an unlisted finding still counts
    assert capped.score == full.score and capped.winner == full.winner
    assert capped.deals[-1].violations == () and not capped.deals[-1].clean


def test_the_cap_is_reported_in_every_format_and_language(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "cap.perlagg"
    path.write_text(capped_example(), "utf-8")
    more = len(judge(read_transcript(capped_example()).transcript, load_ruleset("innsbruck-1890")).violations) - 2
    assert more > 2
    monkeypatch.setattr(state, "MAX_FINDINGS", 2)
    en = check_file(str(path), CheckOptions(lang="en")).output
    assert "… and 1 more finding, not listed (at most 2 findings are listed per file): 1× PLAY-3\n" in en
    assert "… and 2 more findings, not listed (at most 2 findings are listed per file): 1× PLAY-3, 1× SETUP-4" in en
    assert f"Not listed: {more} more findings" in en
    de = check_file(str(path), CheckOptions(lang="de")).output
    assert "… und 1 weiterer Befund, nicht aufgeführt (je Datei werden höchstens 2 Befunde aufgeführt): 1× PLAY-3" \
        in de
    assert f"Nicht aufgeführt: {more} weitere Befunde" in de
    md = check_file(str(path), CheckOptions(lang="en", format="markdown")).output
    assert "more findings, not listed \\(at most 2 findings are listed per file\\): 1× PLAY\\-3" in md
    html = check_file(str(path), CheckOptions(lang="en", format="html")).output
    assert "class='not-listed'" in html
    doc = json.loads(check_file(str(path), CheckOptions(format="json")).documents[0])
    jsonschema.validate(doc, json.loads((REPO / "docs" / "verdict-schema.json").read_text("utf-8")))
    assert sum(d["violations_not_listed"] for d in doc["deals"]) == more
    assert sum(len(d["violations"]) for d in doc["deals"]) == 2


def test_a_file_lists_at_most_max_findings() -> None:
    # 1,200 cards played by a player who holds none of them: far more findings than the cap
    text = "Ausgabe 1\nGeber: S\nKarten W: HA HK HO HU H10\nAufschlag: L7\n" + "W EA\n" * 1200
    verdict = judge(read_transcript(text).transcript, load_ruleset("innsbruck"))
    assert len(verdict.violations) == state.MAX_FINDINGS
    assert verdict.violations_not_listed > 0


def test_a_parser_that_cannot_be_made_is_a_bug_of_ours_not_a_line_written_wrong(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # it was "cannot read this line" for every line of the file (found when a change of ours broke
    # the parser's making); it must reach the command line as an internal error (exit 70)
    from perlagg_streit.language import reader

    def broken(transformer: object) -> object:
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr(reader, "_build_parser", broken)
    reader._parser.cache_clear()
    reader._parse_line.cache_clear()
    try:
        with pytest.raises(RuntimeError, match="a bug of ours"):
            reader.read_transcript("Ausgabe 1\nGeber: S\n", "x.perlagg")
    finally:
        monkeypatch.undo()
        reader._parser.cache_clear()
        reader._parse_line.cache_clear()
