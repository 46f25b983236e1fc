"""Write transcripts back as text in the canonical form (``perlagg-streit fmt``).

The canonical form is the one the reader reads back to the same events:
``read(write(t)) == t`` and writing is idempotent. German is the default,
English is available; comments and disputes are kept.
"""

from __future__ import annotations

from ..base.cards import Card
from ..messages import scores_text
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
    Raise,
    Redeal,
    ScoreBefore,
    ScoreRecorded,
    Show,
    ShowBegins,
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
from .vocabulary import KEYWORDS, RAISES, RANKS, SIDES, SIZES

#: The writer's words, by what they write: the terminal whose first word in each language (the
#: vocabulary's written word) it is, and the colon that follows a line keyword.
_SOURCES: dict[str, tuple[str, str]] = {
    "deal": ("DEAL_KW", ""), "dealer": ("DEALER_KW", ":"), "before": ("BEFORE_KW", ":"), "cut": ("CUT_KW", ":"),
    "hand": ("HAND_KW", ""), "turnup": ("TURNUP_KW", ":"), "exchange": ("EXCHANGE_KW", ":"), "for": ("FOR_KW", ""),
    "lub": ("LUB_KW", ":"), "blind": ("BLIND_KW", ":"), "hoell_auf": ("HOELL_AUF", ""), "bet": ("BET_KW", ""),
    "and": ("AND", ""), "good": ("GOOD_KW", ""), "bei_farbe": ("BEI_FARBE", ""), "hold": ("HOLD_KW", ""),
    "raise": ("RAISE_KW", ""), "spiel_aus": ("SPIEL_AUS", ""), "throw": ("THROW_KW", ""), "show": ("SHOW_KW", ""),
    "stands": ("STANDS_KW", ""), "ask": ("ASK_KW", ""), "trick": ("TRICK_KW", ""),
    "show_header": ("SHOW_HEADER", ":"), "stage": ("STAGE_KW", ""), "validation": ("VALIDATION_HEADER", ":"),
    "points": ("POINTS_KW", ":"), "score": ("SCORE_KW", ":"), "dispute": ("DISPUTE_KW", ":"),
    "theft": ("THEFT_KW", ":"), "redeal": ("REDEAL_KW", ""),
    "take_back": ("TAKE_BACK_KW", ""), "given_up": ("AUFGEGEBEN", ""), "give_up": ("GIVE_UP_KW", ""),
    "refused": ("REFUSED_KW", ":"), "withdrawn": ("WITHDRAWN_KW", ":"),
    "first_packet": ("FIRST_PACKET", ""), "claim": ("CLAIM_KW", ":"), "owed": ("OWED_KW", ":"),
    "claim_score": ("SCORE_KW", ""), "claim_points": ("POINTS_KW", ""), "claim_deal": ("CLAIM_DEAL", ""),
    "not_allowed": ("NOT_ALLOWED_KW", ""), "allowed": ("ALLOWED_KW", ""), "grade": ("GRADE_KW", ""),
}
_WORDS: dict[str, dict[str, str]] = {
    lang: {key: KEYWORDS[terminal].written(lang) + colon for key, (terminal, colon) in _SOURCES.items()}
    for lang in ("de", "en")
}
# German says a raise as a word ('drei'); English writes 'raise 3' (RAISE_KW and the number).
_WORDS["de"]["raise"] = ""
_RAISE_WORDS = {"de": {value: words.written("de") for value, words in RAISES.items()}}
_SIZE_WORDS = {lang: {size: words.written(lang) for size, words in SIZES.items()} for lang in ("de", "en")}
_RANK_WORDS = {lang: {code: words.written(lang) for code, words in RANKS.items()} for lang in ("de", "en")}
_TEAM_TEXT = {side: words.written("de") for side, words in SIDES.items()}


_ACTIONS = (Play, Bet, Call, Good, Hold, Raise, ThrowIn, Show, Stands, Ask, TakeBack, GiveUp, AskFigure, AskAnswer,
            GradeDeclared)


def _card(c: Card | None) -> str:
    return "?" if c is None else str(c)


def _baptised(c: Card, baptism: Card | None) -> str:
    return f"{c}={baptism}" if baptism else str(c)


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Writer:
    """Turns events into canonical text in one language."""

    def __init__(self, lang: str = "de") -> None:
        if lang not in _WORDS:
            raise ValueError(f"unknown language {lang!r}; use 'de' or 'en'")
        self.lang = lang
        self.w = _WORDS[lang]

    def figures(self, figures: tuple[Figure, ...]) -> str:
        """Figures joined with 'und' / 'and'."""
        return f" {self.w['and']} ".join(f.value for f in figures)

    def _suffix(self, figures: tuple[Figure, ...]) -> str:
        return " " + self.figures(figures) if figures else ""

    def raise_value(self, value: int) -> str:
        """A raise as players say it: 'drei' ... 'Spiel aus'."""
        if value == SPIEL_AUS:
            return self.w["spiel_aus"]
        words = _RAISE_WORDS.get(self.lang, {})
        if value in words:
            return words[value]
        return f"{self.w['raise']} {value}".strip()

    def action(self, e: Event) -> str:
        """One table action, actor first."""
        w = self.w
        if isinstance(e, Play):
            text = _baptised(e.card, e.baptism)
        elif isinstance(e, Bet):
            text = f"{w['bet']} {self.figures(e.figures)}"
        elif isinstance(e, Call):
            text = f"{self.figures(e.figures)}!"
        elif isinstance(e, Good):
            text = w["good"] + self._suffix(e.figures) + (" " + w["bei_farbe"] if e.bei_farbe else "")
        elif isinstance(e, Hold):
            text = w["hold"] + self._suffix(e.figures)
        elif isinstance(e, Raise):
            text = self.raise_value(e.value) + self._suffix(e.figures)
        elif isinstance(e, ThrowIn):
            text = w["throw"]
        elif isinstance(e, Show):
            figure = [e.figure.value] if e.figure else []
            text = " ".join([w["show"], *figure, *(_baptised(s.card, s.baptism) for s in e.cards)])
        elif isinstance(e, Stands):
            text = f"{e.figure.value} {w['stands']}"
        elif isinstance(e, Ask):
            figure = [e.figure.value] if e.figure else []
            text = " ".join([w["ask"], *figure, _SIZE_WORDS[self.lang][e.size]])
        elif isinstance(e, AskFigure):
            text = f"{w['ask']} {e.figure.value}"
        elif isinstance(e, AskAnswer):
            text = w["allowed" if e.allowed else "not_allowed"]
        elif isinstance(e, GradeDeclared):
            size = [_SIZE_WORDS[self.lang][e.size]] if e.size is not None else []
            height = [_RANK_WORDS[self.lang][e.height.value]] if e.height is not None else []
            text = " ".join([w["grade"], e.figure.value, *size, *height])
        elif isinstance(e, GiveUp):
            # German says it after the figure ("Hanger aufgegeben"), English before ("gives up Hanger")
            text = f"{self.figures(e.figures)} {w['given_up']}" if self.lang == "de" else \
                f"{w['give_up']} {self.figures(e.figures)}"
        elif isinstance(e, TakeBack):
            text = f"{w['take_back']} {e.card}"
        else:
            raise TypeError(f"not a table action: {type(e).__name__}")
        return f"{e.seat} {text}"

    def statement(self, e: Event) -> str:
        """A line-level statement (everything that is not a table action)."""
        w = self.w
        if isinstance(e, Tag):
            return f"[{e.name} {_quote(e.value)}]"
        if isinstance(e, DealHeader):
            return f"{w['deal']} {e.number}"
        if isinstance(e, DealerIs):
            return f"{w['dealer']} {e.seat}"
        if isinstance(e, ScoreBefore):
            return f"{w['before']} {scores_text(e.scores)}"
        if isinstance(e, CutTaken):
            return " ".join([w["cut"], e.cutter] + [str(c) for c in e.perlaggen])
        if isinstance(e, HandDealt):
            return " ".join([f"{w['hand']} {e.seat}:"] + [_card(c) for c in e.cards])
        if isinstance(e, TurnUp):
            return " ".join([w["turnup"]] + [str(c) for c in e.cards])
        if isinstance(e, Exchange):
            return f"{w['exchange']} {e.seat} {e.gives} {w['for']} {e.takes}"
        if isinstance(e, LuckUndBoden):
            return f"{w['lub']} {e.top} {e.bottom}"
        if isinstance(e, BlindBet):
            what = w["hoell_auf"] if e.hoell_auf else f"{w['bet']} {self.figures(e.figures)}"
            return f"{w['blind']} {e.seat} {what}"
        if isinstance(e, ShowBegins):
            return w["show_header"]
        if isinstance(e, StageBegins):
            return f"{w['stage']} {e.number} {_TEAM_TEXT.get(e.team, e.team)}:"
        if isinstance(e, ValidationBegins):
            return w["validation"]
        if isinstance(e, PointsRecorded):
            return f"{w['points']} {scores_text(e.scores)}"
        if isinstance(e, ScoreRecorded):
            return f"{w['score']} {scores_text(e.scores)}"
        if isinstance(e, Dispute):
            return f"{w['dispute']} {e.text}"
        if isinstance(e, CardStealing):
            return f"{w['theft']} {e.seat}"
        if isinstance(e, Redeal):
            return w["redeal"] + (" " + w["first_packet"] if e.first_packet else "")
        if isinstance(e, Claim):
            deal = f" {w['claim_deal']} {e.deal}" if e.deal is not None else ""
            kind = w["claim_points" if e.points else "claim_score"]
            return f"{w['claim']} {e.seat} {kind} {scores_text(e.scores)}{deal}"
        if isinstance(e, PointsOwed):
            return f"{w['owed']} {scores_text(e.scores)}"
        if isinstance(e, Undone):
            act = self.action(e.act) if isinstance(e.act, _ACTIONS) else self.statement(e.act)
            return f"{w['withdrawn' if e.withdrawn else 'refused']} {act}"
        raise TypeError(f"no text for {type(e).__name__}")

    def line(self, line: Line) -> str:
        """One line with its trick label and trailing comment."""
        if not line.events:
            body = ""
        elif isinstance(line.events[0], _ACTIONS):
            label = f"{self.w['trick']} {line.trick_label}: " if line.trick_label is not None else ""
            body = label + ", ".join(self.action(e) for e in line.events)
        else:
            body = self.statement(line.events[0])
        if line.comment is not None:
            comment = f"# {line.comment}".rstrip()
            body = f"{body}  {comment}" if body else comment
        return body

    def transcript(self, t: Transcript) -> str:
        """The whole transcript; a blank line before each deal."""
        out = [self.line(line) for line in t.header]
        for deal in t.deals:
            if out:
                out.append("")
            out.append(self.line(Line((deal.header,), deal.comment)))
            out.extend(self.line(line) for line in deal.lines)
        return "\n".join(out) + "\n"


def format_transcript(t: Transcript, lang: str = "de") -> str:
    """The canonical text of a transcript in German (``de``) or English (``en``)."""
    return Writer(lang).transcript(t)


def overlong_line(t: Transcript, lang: str, limit: int) -> tuple[int, int] | None:
    """The first line whose canonical form is longer than ``limit`` characters: its number in the
    file it was read from, and the length it would have; None if every line fits.

    The canonical form can be longer than what was written (``#x`` becomes ``# x``, ``Deal``
    becomes ``Ausgabe``, ``N HA,E HK`` becomes ``N HA, E HK``), so a line just within the reader's
    limit (``reader.MAX_LINE_CHARS``) may come out past it, and would not read back.
    """
    writer = Writer(lang)
    lines = list(t.header)
    for deal in t.deals:
        lines.append(Line((deal.header,), deal.comment, None, deal.header.pos))
        lines.extend(deal.lines)
    for line in lines:
        length = len(writer.line(line))
        if length > limit:
            return line.pos.line, length
    return None
