"""The vocabulary table and the grammar say the same words (issue 20, item 6).

Each terminal of the grammar that reads words is expanded into every spelling its regular
expression accepts (a run of spaces written as one space, case folded); that set must be exactly
the table's words for the terminal. So a word added to the grammar but not to the table, or to the
table but not to the grammar, fails here, in German and in English.
"""

from __future__ import annotations

import re
import re._constants as sre  # the stdlib's own regex parser: the grammar's patterns, read as Python reads them
import re._parser as sre_parse
from collections.abc import Iterable
from typing import Any

import pytest
from helpers import REPO, first_event

from perlagg_streit.base.cards import Card, Rank, Suit, all_card_names, parse_card_name
from perlagg_streit.language import reader, vocabulary
from perlagg_streit.language.reader import _parser
from perlagg_streit.language.writer import _SIZE_WORDS, _WORDS

#: Terminals that read no word of the language: numbers, names, free text, punctuation and layout.
NOT_WORDS = {"INT", "SIGNED_INT", "TAG_NAME", "COMMENT", "DISPUTE_TEXT", "ESCAPED_STRING", "WS_INLINE", "_NL",
             "UNKNOWN_CARD", "LSQB", "RSQB", "COLON", "COMMA", "BANG"}
#: The cards' names are checked against perlagg_streit/base/cards.py below.
CARDS = {"CARD"}


def spellings(pattern: str) -> set[str]:
    """Every text a finite regular expression matches, with ``\\s+`` as one space (and ``\\s*`` as
    none or one), ignoring lookaheads; in lower case."""
    return {text.lower() for text in _sequence(sre_parse.parse(pattern, re.ASCII))}


def _sequence(items: Iterable[tuple[Any, Any]]) -> set[str]:
    out = {""}
    for op, arg in items:
        out = {a + b for a in out for b in _item(op, arg)}
    return out


def _item(op: Any, arg: Any) -> set[str]:
    if op is sre.LITERAL:
        return {chr(arg)}
    if op is sre.IN:
        chars: set[str] = set()
        for kind, value in arg:
            if kind is sre.LITERAL:
                chars.add(chr(value))
            elif kind is sre.CATEGORY and value is sre.CATEGORY_SPACE:
                chars.add(" ")
            else:
                raise ValueError(f"a character class this test does not expand: {kind} {value}")
        return chars
    if op is sre.BRANCH:
        return set().union(*(_sequence(branch) for branch in arg[1]))
    if op is sre.SUBPATTERN:
        return _sequence(arg[3])
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
        low, high, body = arg
        inner = _sequence(body)
        if (low, high) == (0, 1) or (high is sre.MAXREPEAT and low == 0):
            return inner | {""}
        if high is sre.MAXREPEAT and low == 1:
            return inner
        raise ValueError(f"a repeat this test does not expand: {arg}")
    if op is sre.ASSERT_NOT:  # the grammar's "a word ends here"
        return {""}
    if op is sre.CATEGORY and arg is sre.CATEGORY_SPACE:
        return {" "}
    raise ValueError(f"a construct this test does not expand: {op} {arg}")


def _pattern(terminal: str) -> str:
    return str(_parser().get_terminal(terminal).pattern.to_regexp())


def _compiled(terminal: str) -> re.Pattern[str]:
    definition = _parser().get_terminal(terminal)
    flags = re.ASCII | (re.IGNORECASE if "i" in definition.pattern.flags else 0)
    return re.compile(definition.pattern.to_regexp(), flags)


def _table_spellings(terminal: str) -> set[str]:
    words = {w.lower() for w in vocabulary.terminal_words(terminal)}
    before = vocabulary.OPTIONAL_BEFORE.get(terminal)
    return words | {f"{before} {w}" for w in words} if before else words


def test_the_expansion_itself_sees_the_grammars_spellings() -> None:
    # the expander is checked on the hardest pattern it meets, so that equality below means something
    assert spellings(_pattern("HOELL_AUF")) == {"höll auf", "hoell auf", "höll auf!", "hoell auf!", "holl auf",
                                                "holl auf!"}
    assert "ich bietet" in spellings(_pattern("BET_KW"))
    assert spellings(r"x\s*y") == {"xy", "x y"}


def test_every_terminal_that_reads_words_is_in_the_table() -> None:
    terminals = {t.name for t in _parser().terminals}
    table = set(vocabulary.KEYWORDS) | set(vocabulary.VALUE_WORDS)
    assert terminals - NOT_WORDS - CARDS == table, "a terminal of the grammar is missing from the vocabulary, " \
        "or the vocabulary names a terminal the grammar does not have"


@pytest.mark.parametrize("terminal", sorted(set(vocabulary.KEYWORDS) | set(vocabulary.VALUE_WORDS)))
def test_the_grammar_and_the_table_spell_a_terminal_alike(terminal: str) -> None:
    grammar = spellings(_pattern(terminal))
    table = _table_spellings(terminal)
    assert grammar - table == set(), f"{terminal}: the grammar reads words the vocabulary does not list"
    assert table - grammar == set(), f"{terminal}: the vocabulary lists words the grammar does not read"


@pytest.mark.parametrize("terminal", sorted(set(vocabulary.KEYWORDS) | set(vocabulary.VALUE_WORDS)))
def test_every_word_of_the_table_is_read_by_its_terminal_as_written(terminal: str) -> None:
    # as written (capitals, umlauts), not only in lower case: the lexer's own pattern and flags
    compiled = _compiled(terminal)
    for word in vocabulary.terminal_words(terminal):
        assert compiled.fullmatch(word), f"{terminal} does not read {word!r}"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_each_language_has_a_written_word_for_every_keyword(lang: str) -> None:
    # German has a word for everything; English for everything but 'geboten' (the writer says 'bets')
    # and 'aufgegeben' (the writer says 'gives up')
    missing = {t for t, words in vocabulary.KEYWORDS.items() if not (words.de if lang == "de" else words.en)}
    assert missing == (set() if lang == "de" else {"GEBOTEN", "AUFGEGEBEN"})


@pytest.mark.parametrize(("terminal", "line", "value_of"), [
    ("SEAT", "Geber: {}", lambda e: e.seat),
    ("TEAM", "Stufe 1 {}:", lambda e: e.team),
    ("NUMBER_WORD", "N {}", lambda e: e.value),
    ("SIZE_WORD", "N fragt Gleich {}", lambda e: e.size),
    ("FIGURE", "N biete {}", lambda e: e.figures[0].value),
])
def test_the_reader_gives_each_value_word_its_value(terminal: str, line: str, value_of: Any) -> None:
    # one line per table word, read through the grammar and the reader: the value comes from the table
    for value, words in vocabulary.VALUE_WORDS[terminal].items():
        for word in words.every():
            event = first_event(line.format(word))
            assert value_of(event) == value, word


def test_the_writers_words_are_the_tables_written_words() -> None:
    # the writer writes the first word of each language, and English a raise as 'raise 3'
    for lang in ("de", "en"):
        assert _WORDS[lang]["deal"] == vocabulary.KEYWORDS["DEAL_KW"].written(lang)
        assert _WORDS[lang]["dealer"] == vocabulary.KEYWORDS["DEALER_KW"].written(lang) + ":"
        assert _SIZE_WORDS[lang][3] == vocabulary.SIZES[3].written(lang)
    assert _WORDS["de"]["raise"] == "" and _WORDS["en"]["raise"] == "raise"


def test_the_readers_suggestions_and_action_words_are_words_of_the_language() -> None:
    # the reader's lists for 'did you mean' and for an action without a seat must not drift from the table
    every = {w.lower() for t in (set(vocabulary.KEYWORDS) | set(vocabulary.VALUE_WORDS))
             for w in vocabulary.terminal_words(t)}
    assert {w.lower() for w in reader._KEYWORDS} - every == set()
    assert set(reader._ACTION_WORDS) - every == set()


# ---- the cards' names: the grammar against perlagg_streit/base/cards.py ----------------------------------

def test_every_spelling_of_a_card_the_grammar_reads_names_a_card() -> None:
    # else the grammar lets a word through that the reader cannot make a card of
    names = spellings(_pattern("CARD"))
    assert len(names) > 500
    for name in names:
        assert isinstance(parse_card_name(name), Card), name


def test_every_name_the_program_writes_or_suggests_for_a_card_is_read_by_the_grammar() -> None:
    compiled = _compiled("CARD")
    every_card = [Card(s, r) for s in Suit for r in Rank]
    written = [c.code for c in every_card] + [c.german_name() for c in every_card] \
        + [c.english_name() for c in every_card] + [str(c) for c in every_card] + all_card_names()
    for name in written:
        assert compiled.fullmatch(name), name
        assert parse_card_name(name) is parse_card_name(name.lower())


def test_every_keyword_the_spec_lists_is_a_word_of_the_language() -> None:
    # docs/transcript-format.md § 4.6 "Keywords at a glance", German and English columns
    doc = (REPO / "docs" / "transcript-format.md").read_text("utf-8")
    section = doc[doc.index("### 4.6 Keywords at a glance"):]
    section = section[:section.index("\n## ")]
    every = {w.lower() for t in (set(vocabulary.KEYWORDS) | set(vocabulary.VALUE_WORDS)) for w in _table_spellings(t)}
    listed = []
    for row in section.splitlines():
        cells = [cell.strip() for cell in row.split("|")[1:-1]]
        if len(cells) < 3 or cells[0] in ("construct", "---"):
            continue
        for quoted in re.findall(r"`([^`]+)`", cells[1] + " " + cells[2]):
            if quoted.startswith("["):
                continue  # a header tag: a name and a value, no keyword
            # 'concede(s)' is concede and concedes; 'Gleich!' the figure called; 'ist gut' two words
            for word in {quoted.replace("(s)", ""), quoted.replace("(s)", "s")}:
                word = word.rstrip("!").lower()
                listed.append(word)
                assert word in every or all(part in every for part in word.split()), word
    assert len(listed) > 60
