"""The memo of parse paths must read every line exactly as lark does, or not at all.

A line the memo answers must give what lark's own parse gives (events, comment, trick label and
every position); a line lark rejects must never be answered by the memo.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from perlagg_streit import line_paths
from perlagg_streit.generate import MatchGenerator
from perlagg_streit.line_paths import PathMemo, build_path_memo
from perlagg_streit.reader import UnreadableWord, _parser, read_transcript
from perlagg_streit.ruleset_files import load_ruleset
from perlagg_streit.writer import format_transcript

ROOT = Path(__file__).parent.parent


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


def test_a_whole_file_reads_the_same_with_and_without_the_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    from perlagg_streit import reader

    text = (ROOT / "examples" / "streitfall.perlagg").read_text("utf-8")
    reader._parse_line.cache_clear()
    with_memo = read_transcript(text, "x")
    monkeypatch.setattr(reader, "_path_memo", lambda: None)
    reader._parse_line.cache_clear()
    without = read_transcript(text, "x")
    reader._parse_line.cache_clear()
    assert with_memo.transcript == without.transcript
    assert [_places(line) for d in with_memo.transcript.deals for line in d.lines] == \
        [_places(line) for d in without.transcript.deals for line in d.lines]
    assert with_memo.errors == without.errors


def test_the_memo_stops_growing_at_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(line_paths, "MAX_NODES", 12)
    memo = build_path_memo(_parser(), "line")
    assert memo is not None
    for text in corpus_lines()[:400]:
        expected = _lark(text)
        if expected is not None:
            memo.learn(text, expected)
    assert memo._nodes <= 12
