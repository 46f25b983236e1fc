"""Read transcripts: text -> parse tree -> typed events, collecting every error.

With :mod:`perlagg_streit.language.line_paths` (which replays lark's own parse paths for lines of a
known shape, for speed) and :mod:`perlagg_streit.language.lark_internals` (the one module that touches
lark's private internals), the only module that imports lark. Modelled on python-chess's PGN reader:
errors are collected and reading carries on at the next line, so one file
reports all its mistakes at once. The lark Transformer here only reshapes
tokens into the dataclasses of :mod:`perlagg_streit.language.transcript`; it knows no
rule of the game.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import field, replace
from pathlib import Path
from typing import Any, cast

from lark import Lark, Token, Transformer, v_args
from lark import __version__ as lark_version
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from ..base import caches
from ..base.cards import Card, Rank, all_card_names, parse_card_name
from ..base.disk_cache import DiskCache
from ..base.records import mutable_record, record
from ..base.regex_cache import caching_re, compiled
from ..base.safe_text import printable
from ..messages import CATALOGUE, Message, say
from . import vocabulary
from .files import UnreadableFileError as UnreadableFileError  # re-exported: part of read_file's API
from .files import read_input, source_name
from .lark_internals import FROZEN_FORMAT, freeze_parser, thaw_parser, use_regex_module
from .line_paths import PathMemo, build_path_memo
from .parser_cache import parser_cache_file
from .player_names import SEAT_TAGS, PlayerNames
from .transcript import (
    SPIEL_AUS,
    Ask,
    AskAnswer,
    AskFigure,
    Bet,
    BlindBet,
    Call,
    CardStealing,
    Claim,
    CutTaken,
    Deal,
    DealerIs,
    DealHeader,
    Dispute,
    Event,
    Exchange,
    Figure,
    GiveUp,
    Good,
    GradeDeclared,
    HandDealt,
    Hold,
    Line,
    LuckUndBoden,
    Play,
    PointsOwed,
    PointsRecorded,
    Pos,
    Raise,
    Redeal,
    ScoreBefore,
    ScoreRecorded,
    Show,
    ShowBegins,
    ShownCard,
    StageBegins,
    Stands,
    Tag,
    TakeBack,
    ThrowIn,
    Transcript,
    TurnUp,
    Undone,
    ValidationBegins,
)

#: Reading stops after this many errors in one file (a 50 MB file of junk
#: must not produce a million lines of complaints).
MAX_ERRORS = 50

#: A number in a transcript (a deal, a score, a trick, a stage, a raise) has at most this many
#: digits: a match is played to 11, 18 or 21, and Python refuses to read an integer of more than
#: 4,300 digits at all.
MAX_DIGITS = 6

#: A line longer than this is not read (a show of every card in the pack is under 150 characters;
#: a long ``Streitfrage`` paragraph fits many times over). lark would take seconds and hundreds of
#: megabytes on a line of megabytes.
MAX_LINE_CHARS = 10_000

#: Reading stops after this many lines, events and shown cards in one file. Every one of them
#: is a Python object of about 100-600 bytes that the replay needs at once; a real match is a few
#: thousand, the benchmark's whole corpus holds 300,000 in two thousand files. This is what keeps
#: a 20 MB file of one-card lines under 500 MB (benchmarks/bench_memory.py).
MAX_ITEMS = 200_000

#: Reading stops after this many deals in one file. A match is played in a few dozen; each deal's
#: verdict (tricks, figures, score, report) takes a few kilobytes, and 200,000 one-line deals
#: took a gigabyte.
MAX_DEALS = 10_000

#: Lines up to this long are remembered by their text (see _parse_line); longer ones are parsed
#: afresh each time, so the memory kept for remembered lines stays bounded.
MEMO_MAX_CHARS = 80


# ---- errors ---------------------------------------------------------------------

@record
class TranscriptError:
    """One problem found while reading a transcript, with its place; ``what`` says what is wrong
    (a catalogue message, code ``syntax.*``)."""

    source: str
    line: int
    column: int
    what: Message
    line_text: str = ""
    suggestion: str | None = None
    kind: str = "syntax"

    @property
    def message(self) -> str:
        """What is wrong, in English."""
        return self.what.text("en")

    @property
    def message_de(self) -> str:
        """What is wrong, in German."""
        return self.what.text("de")

    def render(self, lang: str = "en") -> str:
        """The error as a player reads it: place, message, the line with a caret.

        Everything taken from the file (its name, the line, the word quoted in the message) is
        shown through :func:`printable`, so that a terminal shows control characters rather than
        obeys them; a long line is cut to the stretch around the column.
        """
        out = [printable(f"{self.source}:{self.line}:{self.column}: {self.what.text(lang)}")]
        if self.line_text:
            shown, caret = _excerpt(self.line_text.rstrip("\r\n"), self.column)
            out.append("    " + shown)
            out.append("    " + " " * caret + "^")
        if self.suggestion:
            out.append(printable("    " + say("syntax.did-you-mean", lang, word=repr(self.suggestion))))
        return "\n".join(out)


#: How much of a line an error quotes on either side of its column.
_EXCERPT = 60


def _excerpt(text: str, column: int) -> tuple[str, int]:
    """The line as an error shows it, and the caret's offset in it: escaped, and cut to
    ``_EXCERPT`` characters either side of the column (with '…' where it was cut)."""
    at = max(column - 1, 0)
    start = max(0, at - _EXCERPT)
    end = at + _EXCERPT
    before = ("…" if start else "") + printable(text[start:at])
    after = printable(text[at:end]) + ("…" if len(text) > end else "")
    return before + after, len(before)


@mutable_record
class ReadResult:
    """What reading a file gave: the transcript (possibly partial), errors and warnings."""

    transcript: Transcript
    errors: list[TranscriptError] = field(default_factory=list)
    warnings: list[TranscriptError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the file was read without any error."""
        return not self.errors


# ---- the grammar ----------------------------------------------------------------

def grammar_text() -> str:
    """The grammar, from the installed package (the wheel holds it in the package's folder) or
    from the source tree. (A path beside this file, not importlib.resources, whose import costs
    start-up; pip never installs the package zipped.)"""
    package = Path(__file__).resolve().parents[1]
    try:
        return (package / "grammars" / "perlaggen.lark").read_text("utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return (package.parent / "grammars" / "perlaggen.lark").read_text("utf-8")


def _pos(meta_or_token: Any) -> Pos:
    return Pos(getattr(meta_or_token, "line", 0) or 0, getattr(meta_or_token, "column", 0) or 0)


def _figures(items: Iterable[Any]) -> tuple[Figure, ...]:
    for item in items:
        if isinstance(item, tuple) and all(isinstance(f, Figure) for f in item):
            return item
    return ()


# The values of words, from the one table of the language (perlagg_streit/language/vocabulary.py).
_NUMBER_WORDS = vocabulary.lookup(vocabulary.RAISES)
_SEAT_WORDS = vocabulary.lookup(vocabulary.SEATS)
_SIDE_WORDS = vocabulary.lookup(vocabulary.SIDES)
_SIZE_WORDS = vocabulary.lookup(vocabulary.SIZES)
_RANK_WORDS = {word: Rank(code) for word, code in vocabulary.lookup(vocabulary.RANKS).items()}
_FIGURE_WORDS = {word: Figure(value) for word, value in vocabulary.lookup(vocabulary.FIGURES).items()}


class UnreadableWord(Exception):
    """A word the grammar accepts but the reader cannot make into an event (raised inside the
    parse by the transformer; :func:`_read_lines` makes it a located syntax error).

    ``token`` is the word at fault (it carries the column), ``what`` says why in a card player's
    words (a catalogue message).
    """

    def __init__(self, token: Token | None, what: Message) -> None:
        super().__init__(str(what))
        self.token = token
        self.what = what


def _quoted(word: str) -> str:
    """A word for an error message: short ones whole, long ones cut."""
    return word if len(word) <= 20 else word[:12] + "…"


def _number(tok: Token) -> int:
    """The value of a number token, refusing more than MAX_DIGITS digits."""
    digits = tok.value.lstrip("-")
    if len(digits) > MAX_DIGITS:
        raise UnreadableWord(tok, Message("syntax.number-too-long", number=_quoted(tok.value), digits=len(digits),
                                          most=MAX_DIGITS))
    return int(tok.value)


def _first_token(items: Iterable[Any]) -> Token | None:
    """The word a failed transformer method was most likely reading: its first token that is
    not a keyword (the card of a hand, the number of a deal header), else its first token."""
    tokens = [item for item in items if isinstance(item, Token)]
    return next((t for t in tokens if not t.type.endswith("_KW")), tokens[0] if tokens else None)


def _located(method: Callable[..., Any]) -> Callable[..., Any]:
    """A transformer method that lets no exception out except :class:`UnreadableWord` (for the
    diagnosing parser, :func:`_guarded_parser`)."""
    @functools.wraps(method)
    def guarded(self: Any, *items: Any) -> Any:
        try:
            return method(self, *items)
        except UnreadableWord:
            raise
        except Exception as exc:  # noqa: BLE001 - any failure is the input's, reported where it is
            token = _first_token(items)
            word = _quoted(token.value) if token is not None else ""
            what = Message("syntax.cannot-read-word", word=word) if word else Message("syntax.cannot-read-line")
            raise UnreadableWord(token, what) from exc
    return guarded


class _Events:
    """Reshape parse-tree nodes into events. No game rules here.

    The methods of lark's Transformer (see :func:`_transformer`), each called with the children
    of its rule as arguments.
    """

    # atoms
    def seat(self, tok: Token) -> tuple[str, Pos]:
        return _SEAT_WORDS[tok.value.lower()], _pos(tok)

    def team(self, tok: Token) -> str:
        return _SIDE_WORDS[tok.value.lower()]

    def card(self, tok: Token) -> Card:
        return parse_card_name(tok.value)

    def figure(self, tok: Token) -> Figure:
        return _FIGURE_WORDS[tok.value.lower()]

    def figures(self, *items: Any) -> tuple[Figure, ...]:
        return tuple(i for i in items if isinstance(i, Figure))

    def scores(self, *ints: Token) -> tuple[int, ...]:
        return tuple(_number(t) for t in ints)

    def raise_value(self, tok: Token) -> int:
        if tok.type == "SPIEL_AUS":
            return SPIEL_AUS
        if tok.type == "INT":
            return _number(tok)
        return _NUMBER_WORDS[tok.value.lower()]

    def shown_card(self, c: Card, *rest: Any) -> ShownCard:
        baptism = rest[-1] if rest and isinstance(rest[-1], Card) else None
        return ShownCard(c, baptism)

    def comment(self, tok: Token) -> tuple[str, str, Pos]:
        return ("comment", tok.value[1:].strip(), _pos(tok))

    # header and setup lines
    def tag(self, name: Token, value: Token) -> Tag:
        return Tag(name.value, _unquote(value.value), pos=_pos(name))

    def deal_header(self, kw: Token, number: Token) -> DealHeader:
        return DealHeader(_number(number), pos=_pos(kw))

    def dealer(self, kw: Token, seat: tuple[str, Pos]) -> DealerIs:
        return DealerIs(seat[0], pos=_pos(kw))

    def score_before(self, kw: Token, scores: tuple[int, ...]) -> ScoreBefore:
        return ScoreBefore(scores, pos=_pos(kw))

    def cut(self, kw: Token, seat: tuple[str, Pos], *cards: Card) -> CutTaken:
        return CutTaken(seat[0], tuple(cards), pos=_pos(kw))

    def hand(self, kw: Token, seat: tuple[str, Pos], *cards: Token) -> HandDealt:
        return HandDealt(seat[0], tuple(None if t.type == "UNKNOWN_CARD" else parse_card_name(t.value) for t in cards),
                         pos=_pos(kw))

    def turnup(self, kw: Token, *cards: Card) -> TurnUp:
        return TurnUp(tuple(cards), pos=_pos(kw))

    def exchange(self, kw: Token, seat: tuple[str, Pos], gives: Card, _for: Token, takes: Card) -> Exchange:
        return Exchange(seat[0], gives, takes, pos=_pos(kw))

    def luck_und_boden(self, kw: Token, top: Card, bottom: Card) -> LuckUndBoden:
        return LuckUndBoden(top, bottom, pos=_pos(kw))

    def blind_bet(self, kw: Token, seat: tuple[str, Pos], *rest: Any) -> BlindBet:
        return BlindBet(seat[0], _figures(rest), pos=_pos(kw))

    def hoell_auf(self, kw: Token, seat: tuple[str, Pos], _word: Token) -> BlindBet:
        return BlindBet(seat[0], (Figure.GLEICH, Figure.HANGER, Figure.SPIEL), hoell_auf=True, pos=_pos(kw))

    # table actions: each verb returns a builder waiting for the actor
    def play(self, c: Card, *rest: Any) -> Any:
        baptism = rest[-1] if rest and isinstance(rest[-1], Card) else None
        return lambda seat, pos: Play(seat, c, baptism, pos=pos)

    def bet(self, *items: Any) -> Any:
        figs = _figures(items)
        return lambda seat, pos: Bet(seat, figs, pos=pos)

    def call(self, *items: Any) -> Any:
        figs = _figures(items)
        return lambda seat, pos: Call(seat, figs, pos=pos)

    def good(self, *items: Any) -> Any:
        figs = _figures(items)
        bei_farbe = any(isinstance(i, Token) and i.type == "BEI_FARBE" for i in items)
        return lambda seat, pos: Good(seat, figs, bei_farbe, pos=pos)

    def hold(self, *items: Any) -> Any:
        figs = _figures(items)
        return lambda seat, pos: Hold(seat, figs, pos=pos)

    def raise_(self, *items: Any) -> Any:
        value = next(i for i in items if isinstance(i, int) and not isinstance(i, bool))
        figs = _figures(items)
        return lambda seat, pos: Raise(seat, value, figs, pos=pos)

    def throw_in(self, _kw: Token) -> Any:
        return lambda seat, pos: ThrowIn(seat, pos=pos)

    def show(self, _kw: Token, *items: Any) -> Any:
        fig = next((i for i in items if isinstance(i, Figure)), None)
        cards = tuple(i for i in items if isinstance(i, ShownCard))
        return lambda seat, pos: Show(seat, fig, cards, pos=pos)

    def stands(self, *items: Any) -> Any:
        fig = next(i for i in items if isinstance(i, Figure))
        return lambda seat, pos: Stands(seat, fig, pos=pos)

    def ask(self, _kw: Token, *items: Any) -> Any:
        fig = next((i for i in items if isinstance(i, Figure)), None)
        size = _SIZE_WORDS[items[-1].value.lower()]
        return lambda seat, pos: Ask(seat, size, fig, pos=pos)

    def ask_figure(self, _kw: Token, fig: Figure) -> Any:
        return lambda seat, pos: AskFigure(seat, fig, pos=pos)

    def ask_answer(self, tok: Token) -> Any:
        allowed = tok.type == "ALLOWED_KW"
        return lambda seat, pos: AskAnswer(seat, allowed, pos=pos)

    def declare_grade(self, kw: Token, fig: Figure, *items: Token) -> Any:
        if fig is Figure.SPIEL:  # the Spiel is made by tricks: it has no grade to declare
            raise UnreadableWord(kw, Message("syntax.grade-of-spiel"))
        size = next((_SIZE_WORDS[t.value.lower()] for t in items if t.type == "SIZE_WORD"), None)
        height = next((_RANK_WORDS[t.value.lower()] for t in items if t.type == "RANK_WORD"), None)
        return lambda seat, pos: GradeDeclared(seat, fig, size, height, pos=pos)

    def give_up(self, *items: Any) -> Any:
        figs = _figures(items)
        return lambda seat, pos: GiveUp(seat, figs, pos=pos)

    def take_back(self, _kw: Token, c: Card) -> Any:
        return lambda seat, pos: TakeBack(seat, c, pos=pos)

    def action(self, seat: tuple[str, Pos], *rest: Any) -> Event:
        build = rest[-1]
        event: Event = build(seat[0], seat[1])
        return event

    def trick_label(self, kw: Token, number: Token) -> tuple[str, int, Pos]:
        return ("label", _number(number), _pos(kw))

    def actions(self, *items: Any) -> tuple[str, tuple[Event, ...], int | None, Pos]:
        label = next((i for i in items if isinstance(i, tuple) and i[:1] == ("label",)), None)
        events = tuple(i for i in items if isinstance(i, Event))
        return ("actions", events, label[1] if label else None, label[2] if label else events[0].pos)

    # show, validation, scores, disputes
    def show_header(self, kw: Token) -> ShowBegins:
        return ShowBegins(pos=_pos(kw))

    def stage_header(self, kw: Token, number: Token, side: str | tuple[str, Pos]) -> StageBegins:
        # a side is a team (N/S) or, where each plays for himself, a single seat
        return StageBegins(_number(number), side if isinstance(side, str) else side[0], pos=_pos(kw))

    def validation_header(self, kw: Token) -> ValidationBegins:
        return ValidationBegins(pos=_pos(kw))

    def points(self, kw: Token, scores: tuple[int, ...]) -> PointsRecorded:
        return PointsRecorded(scores, pos=_pos(kw))

    def score_after(self, kw: Token, scores: tuple[int, ...]) -> ScoreRecorded:
        return ScoreRecorded(scores, pos=_pos(kw))

    def redeal(self, kw: Token, *rest: Token) -> Redeal:
        return Redeal(any(t.type == "FIRST_PACKET" for t in rest), pos=_pos(kw))

    def claim(self, kw: Token, seat: tuple[str, Pos], what: Token, scores: tuple[int, ...], *rest: Token) -> Claim:
        deal = _number(rest[-1]) if rest else None  # "für Ausgabe 2": CLAIM_DEAL and INT
        return Claim(seat[0], scores, what.type == "POINTS_KW", deal, pos=_pos(kw))

    def owed(self, kw: Token, scores: tuple[int, ...]) -> PointsOwed:
        return PointsOwed(scores, pos=_pos(kw))

    def undone(self, kw: Token, act: Event) -> Undone:
        return Undone(act, kw.type == "WITHDRAWN_KW", pos=_pos(kw))

    def card_stealing(self, kw: Token, seat: tuple[str, Pos]) -> CardStealing:
        return CardStealing(seat[0], pos=_pos(kw))

    def dispute(self, kw: Token, text: Token) -> Dispute:
        return Dispute(text.value.strip(), pos=_pos(kw))

    # lines
    def line(self, *items: Any) -> Line:
        found = next((i for i in items if isinstance(i, tuple) and i[:1] == ("comment",)), None)
        comment = found[1] if found else None
        for item in items:
            if isinstance(item, Event):
                return Line((item,), comment, None, item.pos)
            if isinstance(item, tuple) and item[:1] == ("actions",):
                return Line(item[1], comment, item[2], item[3])
        return Line((), comment, None, found[2] if found else Pos(0, 0))

    def transcript(self, *lines: Line) -> list[Line]:
        return list(lines)


def _transformer(guarded: bool) -> Transformer[Token, Any]:
    """A lark Transformer with the methods of :class:`_Events`.

    lark runs the transformer inside the parse and passes on whatever a method raises, unwrapped.
    The reading parser's methods are bare (a guard around each of them cost 5% of the reading
    time); the diagnosing parser's are guarded (:func:`_located`), so that a failure becomes an
    :class:`UnreadableWord` at the word it was reading.
    """
    methods: dict[str, Any] = {}
    for name, method in vars(_Events).items():
        if not name.startswith("_") and callable(method):
            methods[name] = _located(method) if guarded else method
    methods["raise"] = methods["raise_"]  # lark cannot name a rule "raise"
    cls = type("GuardedEvents" if guarded else "ToEvents", (Transformer,), methods)
    return cast("Transformer[Token, Any]", v_args(inline=True)(cls)())


def _unquote(value: str) -> str:
    inner = value[1:-1]
    return inner.replace('\\"', '"').replace("\\\\", "\\")


#: lark's options as they name the cached parsers (any change of the options below changes it)
_OPTIONS = "lalr transcript line ascii"


def _build_parser(transformer: Transformer[Token, Any]) -> Lark:
    """The parser, with ``transformer`` called as it parses: thawed from the user's cache folder
    where an earlier run kept it whole (lark_internals.freeze_parser), else made by lark (from its
    own cache of the tables, or from the grammar) and kept whole for the next run."""
    grammar = grammar_text()
    kept = DiskCache("lark-parser", "\0".join((grammar, _OPTIONS, lark_version, str(FROZEN_FORMAT))))
    frozen = kept.get("parser")
    if isinstance(frozen, bytes):
        thawed = thaw_parser(frozen, transformer)
        if thawed is not None:
            return _with_caching_re(thawed)
    parser = _made_by_lark(grammar, transformer)
    frozen = freeze_parser(parser)  # before the first parse builds the scanners
    _with_caching_re(parser)
    if frozen is not None and _reads_alike(parser, frozen, transformer):
        kept.put("parser", frozen)
    return parser


def _made_by_lark(grammar: str, transformer: Transformer[Token, Any]) -> Lark:
    """The parser as lark makes it (from its own cache of the tables, or from the grammar)."""
    return Lark(
        grammar,
        # the tables, built once and kept in the user's cache folder (see parser_cache)
        cache=parser_cache_file(grammar, _OPTIONS),
        parser="lalr",
        start=["transcript", "line"],
        propagate_positions=False,  # positions come from the tokens themselves
        maybe_placeholders=False,
        transformer=transformer,
        # ASCII case folding only: without it `ſ` reads as `s` and `İ` as `i` (see the grammar's head)
        g_regex_flags=re.ASCII,
    )


def _with_caching_re(parser: Lark) -> Lark:
    """The scanners of the lexer compiled once and kept in the user's cache folder (base.regex_cache)."""
    regexes = caching_re()
    if regexes is not None:
        use_regex_module(parser, regexes)
    return parser


def _reads_alike(parser: Lark, frozen: bytes, transformer: Transformer[Token, Any]) -> bool:
    """Whether the frozen parser, thawed, reads the probe lines as ``parser`` does: only then is it kept."""
    thawed = thaw_parser(frozen, transformer)
    if thawed is None:
        return False
    _with_caching_re(thawed)
    try:
        for probe in _PROBES:
            ours, theirs = thawed.parse(probe, start="line"), parser.parse(probe, start="line")
            if ours != theirs or _positions(ours) != _positions(theirs):
                return False
    except Exception:  # noqa: BLE001 - a thawed parser that fails in any way is not kept
        return False
    return True


def _positions(line: Any) -> tuple[Any, ...]:
    return (line.pos, tuple(event.pos for event in line.events))


@caches.memo
def _parser() -> Lark:
    """The parser that reads transcripts."""
    return _build_parser(_transformer(guarded=False))


@caches.memo
def _guarded_parser() -> Lark:
    """The same parser with every transformer method guarded: built only when a line made the
    transformer fail, to find the word it failed on (see :func:`_transformer_failure`)."""
    return _build_parser(_transformer(guarded=True))


def _transformer_failure(raw: str, source: str, number: int) -> TranscriptError:
    """A line the grammar accepts but the transformer failed on, as a located syntax error.

    Why: lark passes on whatever the transformer raises, and a spelling the grammar lets through
    that the transformer cannot read (a bug of ours, or a case we did not foresee) must never end
    the check with a traceback. The line is parsed again by the diagnosing parser, whose guarded
    methods name the word; failing that, the error stands at the line's first word.
    """
    try:
        _guarded_parser().parse(raw, start="line")
    except UnreadableWord as exc:
        column = (exc.token.column or 1) if exc.token is not None else 1
        return TranscriptError(source, number, column, exc.what, raw)
    except Exception:  # noqa: BLE001 - not even the guarded parse says where: the line as a whole
        pass
    column = len(raw) - len(raw.lstrip()) + 1
    return TranscriptError(source, number, column, Message("syntax.cannot-read-line"), raw)


# ---- friendly syntax errors -------------------------------------------------------

#: The terminals of the grammar whose descriptions share one catalogue entry.
_TOKEN_ALIASES = {"$END": "end-of-line", "_NL": "end-of-line"}

_KEYWORDS = [
    "Ausgabe", "Deal", "Geber", "Dealer", "Vorher", "Abheben", "Cut", "Karten", "Hand", "Aufschlag", "Trumpf",
    "Tausch", "Exchange", "Luck und Boden", "Blind", "Höll auf", "Stich", "Trick", "Weisen", "Show", "Stufe",
    "Stage", "Nachweis", "Validation", "Punkte", "Points", "Stand", "Score", "Streitfrage", "Dispute",
    "Kartenstehlen", "Neu geben", "Redeal", "nimmt zurück", "takes back", "aufgegeben", "gives up", "Abgelehnt",
    "Refused", "Zurückgenommen", "Withdrawn", "Reklamation", "Claim", "Schuld", "Owed", "nach dem ersten Paket",
    "biete", "bet", "geboten", "gut", "good", "halte", "hold", "schaue", "see", "hebe", "drei", "vier", "fünf",
    "sechs", "sieben", "Spiel aus", "raise", "wirft die Karten", "zeigt", "shows", "steht", "stands", "gegen",
    "Gleich", "Hanger", "Spiel", "bei Farbe", "als", "fragt", "dritzig", "viertig", "fünftig",
]
_SUGGESTIONS = _KEYWORDS + all_card_names()
_WORD = compiled(r"[\wäöüÄÖÜß?!=/-]+")


#: Terminals that stand for a number: where nothing else may stand, no word is suggested.
_NUMBERS = frozenset({"INT", "SIGNED_INT", "COMMENT"})


def _suggest(word: str, expected: Iterable[str] = ()) -> str | None:
    """The word of ours closest to ``word``, if it is close; none where only a number may stand
    ('Schuld: zwei' is not a misspelt 'Weli')."""
    import difflib  # only for a hint: imported where used (start-up)
    wanted = set(expected)
    if not word or (wanted and wanted <= _NUMBERS):
        return None
    lowered = {s.lower(): s for s in _SUGGESTIONS}
    match = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.75)
    if not match or match[0] == word.lower():
        return None
    return lowered[match[0]]


def _token_words(name: str) -> Message | str:
    """What a terminal of the grammar stands for, in words (code ``syntax.token.<name>``); a
    terminal the catalogue does not know is named by its own name."""
    code = f"syntax.token.{_TOKEN_ALIASES.get(name, name)}"
    if code in CATALOGUE:
        return Message(code)
    # never the grammar's own name for it ("signed int"): the keyword itself, else "a word"
    words = vocabulary.KEYWORDS.get(name)
    if words is not None:
        return Message("syntax.token.keyword", de=words.written("de"), en=words.written("en"))
    return Message("syntax.token.other")


_END_OF_LINE = Message("syntax.token.end-of-line")


def _describe(expected: Iterable[str]) -> Message:
    """What the parser expected, in words: one of the usual sets, or its terminals joined by 'or'."""
    names = sorted(set(expected) - {"COMMENT"})
    if {"SEAT", "DEAL_KW", "DEALER_KW"} <= set(names):
        return Message("syntax.expected.line-start")
    if {"CARD", "BET_KW", "HOLD_KW"} <= set(names):
        return Message("syntax.expected.after-seat")
    if len(names) > 1:
        names = [n for n in names if n not in ("$END", "_NL")] + [n for n in names if n in ("$END", "_NL")]
    words: list[Message | str] = []
    for name in names:
        if name.startswith("__ANON") or name in ("LSQB",):
            continue
        words.append(_token_words(name))
    if len(words) > 1 and words[-1] == _END_OF_LINE:
        words[-1] = Message("syntax.token.nothing-more")
    unique = list(dict.fromkeys(words))
    if len(unique) > 6:
        unique = unique[:6] + ["..."]
    return Message("syntax.expected.any", words=unique) if unique else Message("syntax.expected.something-else")


# Characteristic mistakes, recognised by the parser state they leave behind
# (lark's match_examples): the label is the catalogue code of the message a player gets.
_ERROR_EXAMPLES: dict[str, list[str]] = {
    "syntax.example.baptism": ["W S7=", "W S7 als", "N zeigt S7="],
    "syntax.example.score": ["Stand: 15", "Punkte: 1:", "Vorher: 3", "Stand 1:x"],
    "syntax.example.tag": ['[Event Herbst]', "[Event", '[Event "x"'],
}
_ACTION_WORDS = {"biete", "bietet", "bet", "bets", "gut", "good", "halte", "hält", "hold", "see", "schaue", "hebe",
                 "drei", "vier", "zeigt", "shows", "wirft"}


def _specific_message(exc: UnexpectedInput, text: str) -> Message | None:
    """A tailored message for a well-known mistake, or None."""
    first_word = text.strip().split(" ")[0].split(":")[0].lower()
    if first_word in _ACTION_WORDS or _CARD_START.match(text.strip()):
        return Message("syntax.seat-first")
    lenient = _lenient_hint(exc, text, first_word)
    if lenient is not None:
        return lenient
    if isinstance(exc, UnexpectedCharacters):
        return None
    try:
        label = exc.match_examples(lambda t: _parser().parse(t, start="line"), _ERROR_EXAMPLES, use_accepts=True)
    except Exception:  # noqa: BLE001 - a failed lookup only loses the nicer wording
        return None
    return Message(str(label)) if label else None


#: The first words of a line that records a score (Vorher, Stand, Punkte and their English words).
_SCORE_WORDS = frozenset(w.lower().split()[0] for t in ("BEFORE_KW", "POINTS_KW", "SCORE_KW")
                         for w in vocabulary.KEYWORDS[t].every())
#: The words that open a show of cards (zeigt, weist, shows).
_SHOW_WORDS = frozenset(w.lower() for w in vocabulary.KEYWORDS["SHOW_KW"].every())


def _lenient_hint(exc: UnexpectedInput, text: str, first_word: str) -> Message | None:
    """A hint for three mistakes players make (issue 21): a score not written as numbers with ':'
    between them, a comma between the cards of a show, and two actions without a comma."""
    if first_word in _SCORE_WORDS:
        return Message("syntax.example.score")
    column = getattr(exc, "column", 0) or 0
    if isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        column = exc.token.column or column
    if column < 2:
        return None
    before, at = text[:column - 1].rstrip(), text[column - 1:]
    words = {w.lower() for w in re.findall(r"[\w]+", before)}
    if before.endswith(",") and words & _SHOW_WORDS and _reads_without_commas(before[:-1] + " " + at):
        return Message("syntax.hint.show-commas")
    if before and not before.endswith(",") and _reads(before + ", " + at):
        return Message("syntax.hint.missing-comma", word=at.split()[0] if at.split() else at)
    return None


def _shared_name_hint(error: TranscriptError, names: PlayerNames) -> TranscriptError:
    """An error at a word two players' names share ('Haller' for Sepp and Toni Haller): say so."""
    found = _WORD.match(error.line_text, max(error.column - 1, 0))
    seats = names.shared(found.group(0)) if found else ()
    if not seats or found is None:
        return error
    hint = Message("syntax.hint.shared-name", word=found.group(0), seats=seats)
    return replace(error, what=Message("syntax.with-hint", message=error.what, hint=hint), suggestion=None)


def _reads_without_commas(line: str) -> bool:
    """Whether ``line`` reads once each comma the parser stumbles over is taken out ("EA, HA, LA")."""
    for _ in range(MAX_DIGITS * 4):  # a show has at most a hand of cards
        try:
            _parser().parse(line, start="line")
            return True
        except UnexpectedInput as exc:
            column = getattr(exc, "column", 0) or 0
            if isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
                column = exc.token.column or column
            before = line[:column - 1].rstrip() if column > 1 else ""
            if not before.endswith(","):
                return False
            line = before[:-1] + " " + line[column - 1:]
        except Exception:  # noqa: BLE001 - the transformer refused a word: not a comma's fault
            return False
    return False


def _reads(line: str) -> bool:
    """Whether the grammar reads ``line`` (a trial of a fix, on the error path only)."""
    try:
        _parser().parse(line, start="line")
    except Exception:  # noqa: BLE001 - any failure: the fix does not read either
        return False
    return True


_CARD_START = compiled(r"^(?:[elhs](?:a|k|o|u|10|9|8|7|6)|martl|weli)\b", re.IGNORECASE | re.ASCII)


def _error_from(exc: UnexpectedInput, text: str, source: str, line_no: int) -> TranscriptError:
    error = _generic_error(exc, text, source, line_no)
    specific = _specific_message(exc, text)
    if specific:
        error = replace(error, what=Message("syntax.with-hint", message=error.what, hint=specific))
    return error


def _generic_error(exc: UnexpectedInput, text: str, source: str, line_no: int) -> TranscriptError:
    column = getattr(exc, "column", 1) or 1
    if isinstance(exc, UnexpectedCharacters):
        found_word = (_WORD.match(text, column - 1) or _WORD.match(text[column - 1:column] or "?"))
        word = found_word.group(0) if found_word else text[column - 1:column]
        what = Message("syntax.unexpected", word=word, expected=_describe(exc.allowed or ()))
        suggestion = _suggest(word, exc.allowed or ())
    elif isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        word = str(exc.token.value)
        column = exc.token.column or column
        # lark's fallback lexer may have cut a word short ('dre' of 'dreİ'): quote the whole word
        whole = _WORD.match(text, column - 1)
        if whole and whole.group(0).startswith(word.strip()) and len(whole.group(0)) > len(word.strip()):
            word = whole.group(0)
        what = Message("syntax.unexpected", word=word.strip(), expected=_describe(exc.expected))
        suggestion = _suggest(word, exc.expected)
    else:
        column = len(text.rstrip()) + 1
        what = Message("syntax.ends-early", expected=_describe(getattr(exc, "expected", None) or ()))
        suggestion = None
    return TranscriptError(source, line_no, column, what, text, suggestion)


# ---- reading ------------------------------------------------------------------------

def read_transcript(text: str, source: str = "<transcript>") -> ReadResult:
    """Parse transcript text into a :class:`Transcript` and a list of errors.

    Never raises for bad input: every problem becomes a :class:`TranscriptError`.
    """
    lines, errors = _read_lines(text, source)
    transcript, structure_errors = _assemble(lines, source, text)
    return ReadResult(transcript, errors + structure_errors)


#: A line as read on its own: the line, how many more objects than one it brings (events after
#: the first, shown cards: see MAX_ITEMS), and whether it starts a deal (see MAX_DEALS).
_ReadLine = tuple[Line, int, bool]


@caches.memo
def _parse_line(raw: str) -> _ReadLine:
    """One line, parsed by the grammar on its own (as if it were line 1).

    Memoised by its text: a transcript repeats most of its lines ('Weisen:', 'N gut Spiel',
    one card played per line as `fmt` writes them), and in a batch the same lines recur from
    file to file, so most lines are parsed once. Lines and events are frozen, so sharing is safe;
    a line that does not parse raises and is not remembered. Only lines up to MEMO_MAX_CHARS
    long come here (see :func:`_read_lines`), so the memo holds at most 16,384 short lines (the
    bound declared in :mod:`perlagg_streit.base.caches`).
    """
    return _parse_afresh(raw)


#: Lines lark reads on its own before the memo of parse paths is built. Why: building the memo
#: and learning its first paths cost more than lark takes for the few hundred lines of one small
#: file (start-up, issue 21); the memo pays only over many lines, as in a batch.
MEMO_AFTER_LINES = 400

#: Lines lark has read on its own in this process (until the memo is built).
_read_by_lark = 0


def _parse_afresh(raw: str) -> _ReadLine:
    """One line through the memo of parse paths, else through lark (which learns its path)."""
    global _read_by_lark
    line: Line | None = None
    if _read_by_lark < MEMO_AFTER_LINES:
        _read_by_lark += 1
        memo = None
    else:
        memo = _path_memo()
    if memo is not None:
        line = cast("Line | None", memo.parse(raw))
    if line is None:
        line = cast(Line, _parser().parse(raw, start="line"))
        if memo is not None:
            try:
                memo.learn(raw, line)
            except Exception:  # noqa: BLE001 - a path not learnt only costs speed; the line is read
                pass
    events = line.events
    if not events:
        return line, 0, False
    extra = len(events) - 1
    for event in events:
        if type(event) is Show:
            extra += len(event.cards)
    return line, extra, type(events[0]) is DealHeader


#: Lines the memo of parse paths must read back as lark reads them before it is used at all: a
#: hand, a line of actions with a baptism and a trick label, a bet, a line keyword with a comment.
_PROBES = ("Karten N: HA H10 EU LO S7", "Stich 1: W L10, N LA, E LU=LA, S S7", "N biete Gleich und Hanger",
           "Geber: S  # probe")


@caches.memo
def _path_memo() -> PathMemo | None:
    """Parse paths remembered by the shape of a line (see :mod:`perlagg_streit.language.line_paths`), or
    None where this lark's internals are not the known ones: then lark reads every line."""
    return build_path_memo(_parser(), "line", _PROBES)


#: The text is split into lines a piece of about this many characters at a time, so that a
#: 20 MB file of short lines never becomes one list of millions of strings.
_PIECE = 1 << 20


def _pieces(text: str) -> Iterator[str]:
    """``text`` in pieces that end at a line break (the break itself dropped); joined with
    line breaks they give ``text`` back, so splitting each piece at its line breaks gives the
    lines of ``text`` in order."""
    start, size = 0, len(text)
    while True:
        end = text.find("\n", start + _PIECE) if start + _PIECE < size else -1
        if end < 0:
            yield text[start:] if start else text
            return
        yield text[start:end]
        start = end + 1


def _read_lines(text: str, source: str) -> tuple[list[Line], list[TranscriptError]]:
    """Parse each line on its own, so that one mistake does not hide the next.

    Reading stops, with an error at the next line, after MAX_ERRORS errors, MAX_ITEMS lines,
    events and shown cards, or MAX_DEALS deals. (The limits are local names and one flag, as
    this loop runs for every line of every file.)
    """
    lines: list[Line] = []
    errors: list[TranscriptError] = []
    crlf = "\r" in text
    number = 0
    items = 0  # lines, events and shown cards read: the objects the replay will hold
    deals = 0
    halt = False  # a limit is reached: the next line gets the limit's error and reading stops
    max_errors, max_items, max_deals, max_chars, memo_chars = MAX_ERRORS, MAX_ITEMS, MAX_DEALS, MAX_LINE_CHARS, \
        MEMO_MAX_CHARS
    parse_remembered = _parse_line
    names = PlayerNames()  # the players named by the header tags: a name may stand for its seat
    # the parser made here, outside the guard of each line below: a parser that cannot be made is
    # a bug of ours (exit 70), not a line the scorer wrote wrong ("cannot read this line")
    _parser()
    for piece in _pieces(text):
        for raw in piece.split("\n"):
            number += 1
            if crlf:
                raw = raw.rstrip("\r")
            if not raw or raw.isspace():
                continue
            shown = raw  # as the scorer wrote it, for an error's excerpt
            if names:
                raw = names.rewrite(raw)
            if halt:
                errors.append(_limit_error(source, number, "errors" if len(errors) >= max_errors else "items"))
                return lines, errors
            size = len(raw)
            try:
                # short lines are remembered by their text; long ones are parsed afresh and not kept
                if size <= memo_chars:
                    line, extra, starts_deal = parse_remembered(raw)
                elif size <= max_chars:
                    line, extra, starts_deal = _parse_afresh(raw)
                else:
                    errors.append(TranscriptError(
                        source, number, max_chars + 1, Message("syntax.line-too-long", size=size, most=max_chars),
                        shown[:max_chars + _EXCERPT]))
                    halt = len(errors) >= max_errors
                    continue
            except UnexpectedInput as exc:
                error = replace(_error_from(exc, raw, source, number), line_text=shown)
                errors.append(_shared_name_hint(error, names) if names else error)
                halt = len(errors) >= max_errors
                continue
            except UnreadableWord as exc:
                column = (exc.token.column or 1) if exc.token is not None else 1
                errors.append(TranscriptError(source, number, column, exc.what, shown))
                halt = len(errors) >= max_errors
                continue
            except Exception:  # noqa: BLE001 - the transformer failed on a word the grammar let through
                errors.append(replace(_transformer_failure(raw, source, number), line_text=shown))
                halt = len(errors) >= max_errors
                continue
            if starts_deal:
                deals += 1
                if deals > max_deals:
                    errors.append(_limit_error(source, number, "deals"))
                    return lines, errors
            items += 1 + extra
            halt = items >= max_items
            lines.append(_shift(line, number))
            if line.events and type(line.events[0]) is Tag and line.events[0].name in SEAT_TAGS:
                names.tag(line.events[0].name, line.events[0].value)
    return lines, errors


def _limit_error(source: str, number: int, limit: str) -> TranscriptError:
    """Where reading stopped, and which limit stopped it: "errors", "deals" or "items"."""
    if limit == "errors":
        return _too_many_errors(source, number)
    if limit == "deals":
        return TranscriptError(source, number, 1, Message("syntax.too-many-deals", most=MAX_DEALS), kind="limit")
    return TranscriptError(source, number, 1, Message("syntax.too-many-items", most=MAX_ITEMS), kind="limit")


def _too_many_errors(source: str, number: int) -> TranscriptError:
    return TranscriptError(source, number, 1, Message("syntax.too-many-errors", most=MAX_ERRORS), kind="limit")


def _shift(line: Line, number: int) -> Line:
    """Give a line parsed on its own its real line number in the file.

    Lines and events are frozen and shared (remembered by their text), so each is copied, by
    its __dict__ rather than through dataclasses.replace: this runs for every line and every
    event read, and replace was a fifth of the reading time.
    """
    moved = object.__new__(Line)
    fields = moved.__dict__
    fields.update(line.__dict__)
    events = line.events
    if len(events) == 1:  # most lines hold one action, as `fmt` writes them
        event = _moved(events[0], number)
        fields["events"] = (event,)
        # such a line usually stands where its event stands: the same position, not another
        fields["pos"] = event.pos if line.pos is events[0].pos else _at(number, line.pos.column)
    else:
        fields["events"] = tuple([_moved(e, number) for e in events])
        fields["pos"] = _at(number, line.pos.column)
    return moved


_POSITIONS: caches.BoundedTable[tuple[int, int], Pos] = caches.table("perlagg_streit.language.reader._POSITIONS")


def _at(number: int, column: int) -> Pos:
    # Positions are frozen and recur from file to file: share them rather than build one per event.
    key = (number, column)
    pos = _POSITIONS.get(key)
    if pos is None:
        pos = _POSITIONS.keep(key, Pos(number, column))
    return pos


def _moved(event: Event, number: int) -> Event:
    """A copy of a (frozen, shared) event at another line."""
    clone = object.__new__(type(event))
    fields = clone.__dict__
    fields.update(event.__dict__)
    fields["pos"] = _at(number, event.pos.column)
    act = fields.get("act")
    if act is not None:  # an act refused or withdrawn stands on the same line (Undone)
        fields["act"] = _moved(act, number)
    return clone


def _assemble(lines: list[Line], source: str, text: str) -> tuple[Transcript, list[TranscriptError]]:
    """Group lines into the header and the deals (reshaping plus structure checks)."""
    errors: list[TranscriptError] = []
    quote = _LineFinder(text)

    def err(line: Line, what: Message) -> None:
        row = line.pos.line
        if len(errors) > MAX_ERRORS:
            return
        if len(errors) == MAX_ERRORS:
            errors.append(_too_many_errors(source, row))
            return
        errors.append(TranscriptError(source, row, line.pos.column or 1, what, quote.line(row), kind="structure"))

    header: list[Line] = []
    deals: list[tuple[DealHeader, list[Line], str | None]] = []
    for line in lines:
        first = line.events[0] if line.events else None
        if isinstance(first, DealHeader):
            if deals and first.number <= deals[-1][0].number:
                err(line, Message("syntax.deal-numbers-go-up", number=first.number, previous=deals[-1][0].number))
            deals.append((first, [], line.comment))
        elif isinstance(first, Tag):
            if deals:
                err(line, Message("syntax.tag-after-deal"))
            header.append(line)
        elif first is None and not deals:
            header.append(line)
        else:
            if not deals:
                # A single-deal file may leave out "Ausgabe 1".
                deals.append((DealHeader(1, pos=Pos(line.pos.line, 1)), [], None))
            deals[-1][1].append(line)
    if not any(line.events for line in lines) and not errors and (not text or text.isspace()):
        errors.append(TranscriptError(source, 1, 1, Message("syntax.empty-file"), kind="structure"))
    built = tuple(Deal(h, tuple(body), comment) for h, body, comment in deals)
    return Transcript(tuple(header), built, source), errors


class _LineFinder:
    """The text of a line by its number, found by scanning forward from the last one asked for
    (structure errors come in the order of their lines), without splitting the whole file."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._row = 1
        self._offset = 0

    def line(self, row: int) -> str:
        """Line ``row`` (from 1) without its line break, or '' if there is none."""
        if row < 1:
            return ""
        if row < self._row:
            self._row, self._offset = 1, 0
        text, offset = self._text, self._offset
        while self._row < row:
            found = text.find("\n", offset)
            if found < 0:
                return ""
            offset = found + 1
            self._row += 1
        self._offset = offset
        end = text.find("\n", offset)
        return (text[offset:] if end < 0 else text[offset:end]).rstrip("\r")[:MAX_LINE_CHARS + _EXCERPT]


def decode(data: bytes, source: str) -> tuple[str, list[TranscriptError]]:
    """Decode file bytes: UTF-8 (with or without BOM), else Windows-1252 with a warning.

    Raises :class:`UnreadableFileError` for binary data.
    """
    if b"\x00" in data[:65536]:
        raise UnreadableFileError(Message("file.binary", file=source))
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        text = data.decode("cp1252", errors="replace")
        warning = TranscriptError(source, line, 1, Message("syntax.not-utf8"), kind="encoding")
        return text, [warning]


def read_file(path: str | Path) -> ReadResult:
    """Read and parse one transcript file.

    Raises :class:`UnreadableFileError` when the file cannot be opened, is not a regular file
    (a folder, a named pipe, a device), is larger than ``files.MAX_TRANSCRIPT_BYTES``, or is binary.
    """
    return read_bytes(read_input(path), source_name(path))  # `-`: standard input


def read_bytes(data: bytes, source: str) -> ReadResult:
    """Parse a transcript file's bytes (as read by :func:`read_file`); ``source`` names it in errors."""
    text, warnings = decode(data, source)
    result = read_transcript(text, source)
    result.warnings.extend(warnings)
    return result
