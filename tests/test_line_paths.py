"""The memo of parse paths must read every line exactly as lark does, or not at all.

A line the memo answers must give what lark's own parse gives (events, comment, trick label and
every position); a line lark rejects must never be answered by the memo.
"""

from __future__ import annotations

import importlib.metadata
import pickle
import re
import tomllib
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import pytest
from helpers import REPO as ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from perlagg_streit.language import lark_internals, line_paths, reader
from perlagg_streit.language.line_paths import PathMemo, build_path_memo
from perlagg_streit.language.reader import ReadResult, UnreadableWord, _parser, read_transcript
from perlagg_streit.language.writer import format_transcript
from perlagg_streit.rulesets import load_ruleset
from perlagg_streit.tools.generate import MatchGenerator


def _lark(text: str) -> Any:
    try:
        return _parser().parse(text, start="line")
    except (UnexpectedInput, UnreadableWord):
        return None


def _places(line: Any) -> tuple[Any, ...]:
    return (line.pos, tuple(e.pos for e in line.events))


@lru_cache(maxsize=1)
def corpus_lines() -> tuple[str, ...]:
    """Every line of every case and example, and of generated matches under four rulesets."""
    texts = [p.read_text("utf-8") for p in sorted(ROOT.glob("cases/**/*.perlagg"))]
    texts += [p.read_text("utf-8") for p in sorted(ROOT.glob("examples/*.perlagg"))]
    for seed, name in enumerate(["innsbruck", "eichel", "giltspiel", "innsbruck-1890"]):
        texts += [format_transcript(t) for t in MatchGenerator(load_ruleset(name), seed).matches(6)]
    lines = {raw.rstrip("\r") for text in texts for raw in text.split("\n") if raw.strip()}
    return tuple(sorted(lines))


@lru_cache(maxsize=1)
def trained() -> PathMemo:
    memo = build_path_memo(_parser(), "line")
    assert memo is not None
    for text in corpus_lines():
        expected = _lark(text)
        if expected is not None:
            memo.learn(text, expected)
    return memo


def test_the_memo_works_with_the_installed_lark() -> None:
    # If a lark upgrade changes the internals the memo reads, reading still works (through lark),
    # but four times slower: this test says so.
    assert build_path_memo(_parser(), "line") is not None


def test_every_line_answered_by_the_memo_is_read_as_lark_reads_it() -> None:
    memo = build_path_memo(_parser(), "line")
    assert memo is not None
    answered = 0
    for text in corpus_lines():
        expected = _lark(text)
        fast = memo.parse(text)
        if fast is not None:
            answered += 1
            assert expected is not None, f"the memo read a line lark rejects: {text!r}"
            assert fast == expected, text
            assert _places(fast) == _places(expected), text
        if expected is not None:
            memo.learn(text, expected)
    # the check above means something only if the memo answered most lines
    assert answered > len(corpus_lines()) // 2


# with the letters Python's Unicode case folding maps onto ASCII (long s, dotted and dotless i,
# Kelvin sign): the memo must reject them exactly as lark does
_EDITS = st.sampled_from(list(" :,=?!#-/0123456789ELHSAKOUNWBCabcdefghilnorstuzäöüÄÖÜ\t\u017f\u0130\u0131\u212a"))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0), at=st.integers(min_value=0), kind=st.sampled_from(["insert", "delete",
       "replace", "swap"]), char=_EDITS)
def test_a_mutated_line_is_read_as_lark_reads_it_or_left_to_lark(index: int, at: int, kind: str, char: str) -> None:
    lines = corpus_lines()
    text = lines[index % len(lines)]
    i = at % (len(text) + 1)
    if kind == "insert":
        text = text[:i] + char + text[i:]
    elif kind == "delete":
        text = text[:i] + text[i + 1:]
    elif kind == "replace":
        text = text[:i] + char + text[i + 1:]
    else:
        words = text.split(" ")
        j = i % len(words)
        k = (j + 1) % len(words)
        words[j], words[k] = words[k], words[j]
        text = " ".join(words)
    if not text.strip():
        return
    fast = trained().parse(text)
    if fast is None:
        return
    expected = _lark(text)
    assert expected is not None, f"the memo read a line lark rejects: {text!r}"
    assert fast == expected
    assert _places(fast) == _places(expected)


# ---- the fallback: lark alone, when lark's internals are not the known ones (issue 20, item 7) -----

def _every_place(result: ReadResult) -> list[tuple[Any, ...]]:
    t = result.transcript
    return [_places(line) for line in t.header] + [
        (d.header.pos, *(_places(line) for line in d.lines)) for d in t.deals]


def _read_every_file(texts: dict[str, str]) -> dict[str, ReadResult]:
    # afresh: no line remembered from an earlier read, no memo built before
    reader._path_memo.cache_clear()
    reader._parse_line.cache_clear()
    try:
        return {name: read_transcript(text, name) for name, text in texts.items()}
    finally:
        reader._parse_line.cache_clear()


@pytest.fixture
def every_file() -> Iterator[dict[str, str]]:
    paths = sorted(ROOT.glob("cases/**/*.perlagg")) + sorted(ROOT.glob("examples/*.perlagg")) \
        + sorted((ROOT / "tests" / "data").glob("*.perlagg"))
    files = {str(p.relative_to(ROOT)): p.read_text("utf-8") for p in paths}
    # and mistakes, so that errors are compared too: each line below is one
    files["mistakes"] = "Ausgabe 1\nW S7=\nStand: 15\n[Event Herbst]\nN biete Glech\nKarten N: HA HX\n" \
        "biete Gleich\nStich 1: W L10 N LA\nN fragt Gleich elfzig\nStufe 1 X/Y:\nAusgabe 99999999\n"
    yield files
    reader._path_memo.cache_clear()  # the next test builds the memo anew, with lark's real internals


def test_the_fallback_reads_every_case_and_example_as_the_memo_does(
        monkeypatch: pytest.MonkeyPatch, every_file: dict[str, str]) -> None:
    monkeypatch.setattr(reader, "MEMO_AFTER_LINES", 0)  # the memo from the first line on
    with_memo = _read_every_file(every_file)
    assert reader._path_memo() is not None
    # the adapter refuses lark's internals, as it would for a lark that changed them
    monkeypatch.setattr(line_paths, "tables_of", lambda lark, start: None)
    fallback = _read_every_file(every_file)
    assert reader._path_memo() is None, "the reader did not fall back to lark alone"
    assert len(every_file) > 250
    assert len(with_memo["mistakes"].errors) == 10
    for name in every_file:
        memo, plain = with_memo[name], fallback[name]
        assert memo.transcript == plain.transcript, name
        assert _every_place(memo) == _every_place(plain), name
        assert [e.render("de") for e in memo.errors] == [e.render("de") for e in plain.errors], name
        assert [e.render("en") for e in memo.errors] == [e.render("en") for e in plain.errors], name


@pytest.fixture
def fresh_lark() -> Any:
    """A parser of its own, to break (the reader's own is shared by every test)."""
    return reader._build_parser(reader._transformer(guarded=False))


def _break_lexers(lark: Any) -> None:
    lark.parser.lexer = object()


def _break_scanners(lark: Any) -> None:
    for lexer in lark.parser.lexer.lexers.values():
        lexer.scanner._mres = ["not a pattern"]


def _break_table(lark: Any) -> None:
    lark.parser.parser.parser.parse_table.states = list(lark.parser.parser.parser.parse_table.states.items())


def _break_start(lark: Any) -> None:
    lark.parser.parser.parser.parse_table.start_states = {}


@pytest.mark.parametrize("breaking", [_break_lexers, _break_scanners, _break_table, _break_start])
def test_the_adapter_refuses_internals_it_does_not_know(fresh_lark: Any, breaking: Any) -> None:
    assert lark_internals.tables_of(fresh_lark, "line") is not None
    breaking(fresh_lark)
    assert lark_internals.tables_of(fresh_lark, "line") is None
    assert build_path_memo(fresh_lark, "line", reader._PROBES) is None


def test_the_adapter_refuses_a_table_that_marks_shifts_otherwise(
        fresh_lark: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # a lark whose actions are no longer marked by the Shift the adapter knows
    import lark.parsers.lalr_analysis

    monkeypatch.setattr(lark.parsers.lalr_analysis, "Shift", type("Shift", (), {}))
    assert lark_internals.tables_of(fresh_lark, "line") is None


def test_internals_that_look_right_but_read_otherwise_are_refused(
        fresh_lark: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # every attribute where the adapter looks for it, but the table's gotos lead elsewhere:
    # the probe lines do not read back, so there is no memo and lark reads every line
    assert build_path_memo(fresh_lark, "line", reader._PROBES) is not None
    monkeypatch.setattr(lark_internals.LalrTables, "goto", lambda self, state, origin: self.start_state)
    assert lark_internals.tables_of(fresh_lark, "line") is not None
    assert build_path_memo(fresh_lark, "line", reader._PROBES) is None


def test_the_installed_lark_is_in_the_tested_range_pinned_in_pyproject() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    [spec] = [d for d in pyproject["project"]["dependencies"] if d.startswith("lark")]
    low, high = (re.search(pattern, spec).group(1) for pattern in (r">=([\d.]+)", r"<([\d.]+)"))  # type: ignore[union-attr]

    def version(text: str) -> tuple[int, ...]:
        return tuple(int(part) for part in text.split("."))

    # the pin's bounds are the versions tested (lowest, and below the next untested minor)
    assert low == lark_internals.TESTED_VERSIONS[0]
    assert all(version(low) <= version(v) < version(high) for v in lark_internals.TESTED_VERSIONS)
    assert version(low) <= version(importlib.metadata.version("lark")) < version(high)


def test_the_memo_stops_growing_at_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(line_paths, "MAX_NODES", 12)
    memo = build_path_memo(_parser(), "line")
    assert memo is not None
    for text in corpus_lines()[:400]:
        expected = _lark(text)
        if expected is not None:
            memo.learn(text, expected)
    assert memo._nodes <= 12


def test_the_memo_is_built_only_after_lark_has_read_many_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    # one small file is read by lark alone (building the memo would cost more than it saves);
    # past MEMO_AFTER_LINES lines the memo is built and used, and reads the same
    lines = corpus_lines()[:60]
    monkeypatch.setattr(reader, "_read_by_lark", 0)
    monkeypatch.setattr(reader, "MEMO_AFTER_LINES", 40)
    reader._path_memo.cache_clear()
    reader._parse_line.cache_clear()
    built: list[int] = []
    real = reader._path_memo

    def counted() -> PathMemo | None:
        built.append(reader._read_by_lark)
        return real()

    monkeypatch.setattr(reader, "_path_memo", counted)
    try:
        for text in lines[:40]:
            assert reader._parse_afresh(text)[0] == _lark(text)
        assert built == []
        for text in lines[40:]:
            assert reader._parse_afresh(text)[0] == _lark(text)
        assert built and set(built) == {40}
        assert real.cache_info().currsize == 1
    finally:
        reader._parse_line.cache_clear()


# ---- the parser kept whole between runs (lark_internals.freeze_parser, start-up of issue 21) -------

@pytest.fixture
def made_by_lark() -> Any:
    """A parser as lark makes it, not yet used (its scanners not built, no caching re given)."""
    return reader._made_by_lark(reader.grammar_text(), reader._transformer(guarded=False))


def test_a_thawed_parser_reads_every_line_as_lark_builds_it(made_by_lark: Any) -> None:
    # a parser made by lark, frozen before its first parse, thawed with its transformer: every line
    # of every case, example and generated match reads the same, errors included
    fresh_lark = made_by_lark
    transformer = reader._transformer(guarded=False)
    frozen = lark_internals.freeze_parser(fresh_lark)
    assert frozen is not None
    thawed = lark_internals.thaw_parser(frozen, transformer)
    assert thawed is not None and thawed is not fresh_lark
    lines = corpus_lines()
    assert len(lines) > 1000
    for text in lines:
        try:
            expected: Any = fresh_lark.parse(text, start="line")
        except (UnexpectedInput, UnreadableWord) as exc:
            expected = type(exc)
        try:
            got: Any = thawed.parse(text, start="line")
        except (UnexpectedInput, UnreadableWord) as exc:
            got = type(exc)
        assert got == expected, text
        if not isinstance(got, type):
            assert _places(got) == _places(expected), text
    # whole transcripts too (the other start symbol)
    example = (ROOT / "examples" / "streitfall.perlagg").read_text("utf-8")
    assert thawed.parse(example, start="transcript") == fresh_lark.parse(example, start="transcript")


def test_freezing_leaves_the_parser_as_it_was_and_refuses_what_is_not_data(made_by_lark: Any) -> None:
    fresh_lark = made_by_lark
    before = fresh_lark._callbacks
    assert lark_internals.freeze_parser(fresh_lark) is not None
    assert fresh_lark._callbacks is before  # given back
    assert fresh_lark.parse("N biete Gleich", start="line") == _lark("N biete Gleich")
    # a lark that keeps a function where the freezer does not know it: not frozen
    other = reader._made_by_lark(reader.grammar_text(), reader._transformer(guarded=False))
    other.parser.something_new = lambda: None
    assert lark_internals.freeze_parser(other) is None
    # nor once a caching re is given to its lexers (see base.regex_cache): freeze before that
    given = reader._with_caching_re(reader._made_by_lark(reader.grammar_text(), reader._transformer(guarded=False)))
    if any(lexer.re is not re for lexer in given.parser.lexer.lexers.values()):
        assert lark_internals.freeze_parser(given) is None


@pytest.mark.parametrize("frozen", [b"", b"junk", pickle.dumps("not a parser"), pickle.dumps({"a": 1})[:-2]])
def test_a_frozen_parser_that_cannot_be_thawed_gives_none(frozen: bytes) -> None:
    assert lark_internals.thaw_parser(frozen, reader._transformer(guarded=False)) is None
