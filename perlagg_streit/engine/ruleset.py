"""Rulesets as data: every key declared once, and the typed :class:`Ruleset` the engine reads.

A ruleset arrives as plain data (a mapping read from YAML by
:mod:`perlagg_streit.rulesets`; this module never imports yaml). Each key is declared once,
below, as a field of :class:`Ruleset` or of one of its sections: the field's name is the YAML
key (``exchange.card`` is ``ruleset.exchange.card``), its type says what the key takes (an enum
lists the values a key with a fixed set of values takes), and :func:`key` adds what it means,
where that is written, and any check the type alone does not say. :data:`SCHEMA`, the loading,
``rulesets show`` and the key table in docs/rulesets.md are all derived from these classes.

An unknown key, a wrong type or a contradiction raises :class:`RulesetError` naming the path
of the bad key (as pre-commit's cfgv does).
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Mapping
from dataclasses import MISSING, field, fields, is_dataclass
from enum import StrEnum
from typing import Any

from ..base import caches
from ..base.cards import Card, Rank, Suit, parse_card_name
from ..base.records import record
from ..base.rule_index import enforces
from ..messages import Message
from .enums import ExchangeRole
from .rules import RULES
from .schema import (
    MAX_PROBLEMS,
    PREVIEW_CHARS,
    Check,
    Custom,
    Flag,
    ListOf,
    OneOf,
    RulesetError,
    Text,
    Whole,
    WholeOf,
    expected,
    key_text,
    preview,
)

__all__ = ["PREVIEW_CHARS", "SCHEMA", "TARGET_RANGE", "Key", "PenaltyRule", "Ruleset", "RulesetError", "build_ruleset",
           "key_text", "merge", "preview"]

#: The targets the sources know: "can vary from 11 to 24 points" (000 Variations).
TARGET_RANGE = (11, 24)


# ---- the values of the keys that take one of a fixed set ---------------------------------------
# Each is a StrEnum: a member equals its text, so the YAML, the reports and the JSON verdict keep
# the words, and the engine compares members (``is``), never string literals.

class ExchangeCard(StrEnum):
    """``exchange.card``: what may be given for a turned-up Perlagg (D-17)."""

    NATURAL_TRUMP = "natural_trump"  # 000 The Deal
    ANY_TRUMP = "any_trump"  # 003 § 7 "mit einem Trumpf"


class ExchangeDeadline(StrEnum):
    """``exchange.deadline``: when the right to exchange lapses (D-16)."""

    FIRST_CARD = "first_card"
    FIRST_TRICK = "first_trick"


class UnbaptisedOffsuit(StrEnum):
    """``baptism.unbaptised_offsuit_when_holding_led`` (D-63)."""

    VIOLATION = "violation"  # BAPT-6
    LEGAL = "legal"  # a plain card


class RuledOutShow(StrEnum):
    """``baptism.ruled_out_show``: a show its side may not make (SHOW-10, SHOW-11)."""

    VOID = "void"  # 000 Example 6, stage 5
    FIXED = "fixed"  # old § 18 "unter keinen Umständen"; 002


class ExampleRequiredFor(StrEnum):
    """``bet.example_required_for`` (D-11)."""

    BETTOR_AND_HOLDER = "bettor_and_holder"
    BETTOR = "bettor"


class BetMax(StrEnum):
    """``bet.max``: the top of the ladder (D-14; 004 Drei-Spieler-Spiel)."""

    SPIEL_AUS = "spiel_aus"
    SEVEN = "seven"
    THREE = "three"


class BlindFigures(StrEnum):
    """``blind.figures``: which figures may be bet blind (Neue § 32; D-10)."""

    ANY = "any"
    ALL_THREE_ONLY = "all_three_only"


class Spiel5Restrict(StrEnum):
    """``spiel5.restrict``: what the fifth-trick condition covers (D-12)."""

    BET = "bet"
    BET_HOLD_RAISE = "bet_hold_raise"


class StandingRule(StrEnum):
    """``show.standing_rule``: who may not improve a figure left standing (D-19)."""

    SPIEL_WINNER_ONLY = "spiel_winner_only"
    BOTH_IF_DECLARED = "both_if_declared"


class MisdealPenalty(StrEnum):
    """``deal.misdeal_penalty``: which misdeals cost ``penalties.DEAL-6`` (D-6)."""

    EACH = "each"
    SECOND_IN_A_ROW = "second_in_a_row"


class WrongCountPlayedOn(StrEnum):
    """``deal.wrong_count_played_on``: a deal played on with a wrong hand (§ 6; D-9)."""

    NONE = "none"
    MORE_ONLY = "more_only"
    MORE_OR_FEWER = "more_or_fewer"


class BetBan(StrEnum):
    """``endgame.bet_ban``: which bets a side near the target may not make (D-35)."""

    WOULD_REACH_TARGET = "would_reach_target"
    GESTRICHEN_ONLY = "gestrichen_only"


class EqualLength(StrEnum):
    """``endgame.equal_length``: both gestrichen, a Gleich and a Hanger of equal length (D-4)."""

    GLEICH = "gleich"
    SPIEL = "spiel"


class TieFallback(StrEnum):
    """``endgame.tie_fallback``: both gestrichen, the best figure tied (D-2)."""

    OTHER_FIGURE_BOTH_WAYS = "other_figure_both_ways"
    GLEICH_IF_HANGER_STANDS = "gleich_if_hanger_stands"
    SPIEL = "spiel"


class EndgameDeclaration(StrEnum):
    """``endgame.declaration``: must a figure be asked about during the first trick (D-37)."""

    NONE = "none"
    FIRST_TRICK = "first_trick"


class DeclaredGrade(StrEnum):
    """``endgame.declared_grade``: both gestrichen, does a grade declared at the asking bind (§ 25)."""

    HANDS = "hands"
    BINDS = "binds"


class ClaimsDeadline(StrEnum):
    """``score.claims_deadline``: when a wrong score on the sheet stands (D-21)."""

    NONE = "none"
    NEXT_POINTS = "next_points"
    CARDS_COLLECTED = "cards_collected"


class ScoreKind(StrEnum):
    """``score.kind``: up to the target, or down to zero (Strafperlaggen)."""

    UP = "up"
    COUNTDOWN = "countdown"


class UnbetOrder(StrEnum):
    """``score.unbet_order``: the order in which figures nobody bet on count."""

    GLEICH_HANGER_SPIEL = "gleich_hanger_spiel"
    SPIEL_GLEICH_HANGER = "spiel_gleich_hanger"


class CloseGameOrder(StrEnum):
    """``score.close_game_order`` (000 Scoring against § 12)."""

    CONCEDED_FIRST = "conceded_first"
    BET_FIRST = "bet_first"


class HeldThenGivenUp(StrEnum):
    """``score.held_then_given_up`` (000 Scoring against § 27)."""

    AS_CONCEDED = "as_conceded"
    AS_HELD = "as_held"


class Forfeit(StrEnum):
    """``penalties.<RULE>.forfeit``: what an offence costs besides its points."""

    NONE = "none"
    SPIEL = "spiel"  # the figure Spiel
    FIGURES = "figures"  # every figure the team made in the deal
    DEAL = "deal"  # every point of the deal
    PARTIE = "partie"  # the match (Partieverlust)


# ---- declaring a key -----------------------------------------------------------------------------

_KEY = "perlagg_streit.key"


@record
class Key:
    """One key of the schema: its dotted YAML path, what it takes, what it means and where from.

    ``help`` says what the key sets (English; the docs are English), ``source`` where the
    choices it offers are written (the sources and the disputed point of docs/rulesets.md).
    ``required``: every ruleset must set it or extend one that does; otherwise the field's
    default applies. ``cited``: a file that changes it without a ``sources`` entry is cited for it.
    """

    path: str
    check: Check
    help: str
    source: str
    default: Any = MISSING  # MISSING: required
    cited: bool = True
    mapping: bool = False  # a mapping of its own (penalties, sources), not a section of keys

    @property
    def required(self) -> bool:
        """Whether every ruleset must set it (or extend one that does)."""
        return self.default is MISSING


def key(help: str, source: str = "", *, check: Check | None = None, cited: bool = True, default: Any = MISSING,
        default_factory: Any = MISSING) -> Any:
    """A declared field: what the key means (``help``), where it is written (``source``), and a
    ``check`` where the field's type does not say enough (a range of numbers, a special value).
    Without a default the key is required."""
    metadata = {_KEY: (help, source, check, cited)}
    return field(default=default, default_factory=default_factory, metadata=metadata)


# ---- special values ------------------------------------------------------------------------------

def _suit(value: Any, path: str) -> Suit:
    if isinstance(value, str):
        try:
            return Suit(value.upper())
        except ValueError:
            pass
    raise expected(path, Message("ruleset.takes.suit"), value)


def _perlagg_token(value: Any, path: str) -> str:
    """A Perlagg in the order: a card code (``HK``) or a trump rank (``T7``, ``TU``)."""
    text = value.upper() if isinstance(value, str) else ""
    if text.startswith("T") and len(text) >= 2:
        try:
            Rank(text[1:])
            return text
        except ValueError:
            pass
    try:
        return parse_card_name(text).code
    except ValueError:
        raise expected(path, Message("ruleset.takes.perlagg"), value) from None


_SUIT = Custom(_suit, Message("ruleset.takes.suit"))
_PERLAGG = Custom(_perlagg_token, Message("ruleset.takes.perlagg"))


# ---- the keys, declared once ---------------------------------------------------------------------

@record(kw_only=True)
class PenaltyRule:
    """What an offence costs under a ruleset, and where that is written (``penalties.<RULE>``)."""

    points: int = key("points deducted from the offending side at once (§ 21 'sofort')", check=Whole(0, 99),
                      default=0)
    forfeit: Forfeit = key("what the offence costs besides its points", default=Forfeit.NONE)
    source: str = key("where the penalty is written")


def _penalties(value: Any, path: str) -> dict[str, PenaltyRule]:
    """Every entry checked, and every problem of every entry reported together (issue 21)."""
    if not isinstance(value, Mapping):
        raise expected(path, Message("ruleset.takes.penalties"), value)
    names = [k.path for k in _PENALTY_KEYS]
    out: dict[str, PenaltyRule] = {}
    problems: list[RulesetError] = []
    for rule_id, spec in value.items():
        here = f"{path}.{key_text(rule_id)}"
        if key_text(rule_id) not in RULES:
            # a penalty under a name no finding carries would pass as "ok" and never be applied
            problems.append(_unknown_rule(here, key_text(rule_id), guess=len(problems) < MAX_PROBLEMS))
        if not isinstance(spec, Mapping):
            problems.append(expected(here, Message("ruleset.takes.penalty-shape",
                                                   shape="{points: N, forfeit: ..., source: ...}"), spec))
            continue
        unknown = sorted(key_text(k) for k in spec if k not in names)
        for name in unknown:
            close = closest(name, names)
            code = "ruleset.unknown-penalty-key-close" if close else "ruleset.unknown-penalty-key"
            problems.append(RulesetError(f"{here}.{name}", Message(code, names=names, close=close)))
        if "source" not in spec:
            problems.append(RulesetError(f"{here}.source", Message("ruleset.penalty-without-source")))
        checked: dict[str, Any] = {}
        for k in _PENALTY_KEYS:
            if k.required and k.path not in spec:
                continue  # said above
            try:
                checked[k.path] = k.check(spec[k.path] if k.path in spec else k.default, f"{here}.{k.path}")
            except RulesetError as exc:
                problems += exc.problems
        if len(checked) == len(_PENALTY_KEYS) and not unknown:
            out[key_text(rule_id)] = PenaltyRule(**checked)
    if problems:
        raise RulesetError.gathered(problems)
    return out


def _unknown_rule(path: str, rule_id: str, guess: bool = True) -> RulesetError:
    """A penalty's rule ID that is not one the engine can cite: with the one meant, if it is clear
    (``guess`` False: no guess, past the problems a message shows)."""
    close = rule_id.upper() if rule_id.upper() in RULES else closest(rule_id.upper(), RULES, 0.75) if guess else None
    if close:
        return RulesetError(path, Message("ruleset.unknown-rule-close", close=close))
    return RulesetError(path, Message("ruleset.unknown-rule"))


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The candidate ``word`` was most likely meant to be (a "did you mean"), or None. A rule ID
    is short and its family prefix shared (X-1, EXCH-1): it takes a higher ``cutoff``."""
    import difflib  # only for a hint: imported where used (start-up)
    choices = list(candidates)
    by_case = [c for c in choices if c.lower() == word.lower()]
    if by_case:
        return by_case[0]
    close = difflib.get_close_matches(word, choices, n=1, cutoff=cutoff)
    return close[0] if close else None


def _sources(value: Any, path: str) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise expected(path, Message("ruleset.takes.sources"), value)
    return {key_text(k): Text()(v, f"{path}.{key_text(k)}") for k, v in value.items()}


@record
class Title:
    """``title``: the ruleset's title in each language."""

    de: str = key("German title", cited=False)
    en: str = key("English title", cited=False)


@record
class Deck:
    """``deck``: the pack."""

    weli: bool = key("whether the pack has the Weli (Six of bells): 33 cards, else 32",
                     "000 and 001 Players and Cards; 000 Variations")

    def cards(self) -> frozenset[Card]:
        """Every card of this pack."""
        return _deck(self.weli)


@record
class Perlaggen:
    """``perlaggen``: the wild cards."""

    order: tuple[str, ...] = key(
        "the Perlaggen from highest to lowest: card codes are permanent (and may be kept at the cut); "
        "T7, TU, TO, TK are the trump Seven, Unter, Ober, King, skipped when that card is already a "
        "permanent Perlagg", "000 Players and Cards, Eichelperlaggen, Variations; 001; D-41, D-49",
        check=ListOf(_PERLAGG))


@record
class Trumps:
    """``trumps``: turning up the trump card."""

    skip_suits: tuple[Suit, ...] = key("suits that cannot be trumps: turned up, set aside, turn again",
                                       "000 and 004 Eichelperlaggen: The Deal")


@record
class DealKeys:
    """``deal``: a hand with the wrong number of cards."""

    misdeal_penalty: MisdealPenalty = key(
        "the misdeal penalty (penalties.DEAL-6) for every misdeal (old § 5) or only for a second in a row "
        "(Neue § 5; D-6)", "003 old § 5, Neue § 5; D-6")
    wrong_count_played_on: WrongCountPlayedOn = key(
        "a deal played on with a wrong hand: § 6 old (more than five), Neue (more or fewer), or only § 5 (D-9)",
        "003 old § 6, Neue § 6; D-9")
    first_packet: tuple[int, ...] = key(
        "the cards each player is dealt in the first packet (the cutter one fewer for each Perlagg he kept); "
        "several where the sources let the dealer choose: what a deal stopped after the first packet is checked "
        "against", "000 The Deal; 001 The Deal; 002 Dealing; 004 Zwei-, Drei-, Sechs-Spieler-Spiel, Strafperlaggen",
        check=ListOf(Whole(1, 7)))


@record
class ExchangeKeys:
    """``exchange``: exchanging a turned-up Perlagg."""

    card: ExchangeCard = key("what may be given for a turned-up Perlagg", "000 The Deal; 003 § 7; D-17")
    who: tuple[ExchangeRole, ...] = key(
        "who may exchange, in order of precedence", "000 The Deal, Eichelperlaggen (Variant); 003 § 7; D-18",
        check=ListOf(OneOf(ExchangeRole, (ExchangeRole.DEALER, ExchangeRole.PARTNER, ExchangeRole.LHO,
                                          ExchangeRole.RHO))))
    upgrade: bool = key("Eichel: an acorn Perlagg may be given for a turned-up trump Perlagg",
                        "000 Eichelperlaggen: The Deal, item 2; D-18")
    acorn_perlaggen: bool = key("Eichel: natural acorns may be given for exposed acorn Perlaggen",
                                "000 Eichelperlaggen: The Deal, item 3")
    deadline: ExchangeDeadline = key("when the right to exchange lapses", "002 Permanent Perlaggs; 000 The Play; D-16")


@record
class Baptism:
    """``baptism``: naming the card a Perlagg stands for."""

    restrict_when_holding_led_suit: bool = key(
        "a player holding the suit led must baptise a Perlagg as that suit or a trump (D-1)",
        "000 The Play; 003 § 15; D-1")
    unbaptised_offsuit_when_holding_led: UnbaptisedOffsuit = key(
        "a Perlagg played without a baptism, off-suit, by a player holding the suit led: a breach of the "
        "baptism restriction (BAPT-6), or allowed as a plain card (D-63)", "000 The Play; D-63")
    ruled_out_show: RuledOutShow = key(
        "a show that improves a figure its side may not improve (SHOW-10, SHOW-11): void, as if not made, its "
        "Perlaggen free to be baptised anew (000 Example 6, stage 5), or its cards lie shown and its baptisms "
        "stand (old § 18 'unter keinen Umständen', 002)", "000 Example 6, stage 5; 003 old § 18; 002")


@record
class Bet:
    """``bet``: the betting ladder."""

    example_required_for: ExampleRequiredFor = key(
        "who must show an example of a Gleich or Hanger: bettor and holder (000, § 10, Neue-GB) or the bettor "
        "only (club 5.; D-11)", "000 Betting; 003 § 10, club 5., Neue-GB; D-11")
    max: BetMax = key(
        "the top of the ladder: Spiel aus after 7 (000, § 13), 7 (002; D-14), or 3 (three players, 004)",
        "000 Betting; 003 § 13; 002; 004 Drei-Spieler-Spiel; D-14")
    concede_unbet_spiel: bool = key(
        "a player may let the Spiel go before anyone bet it (four players), or not (three players, 004)",
        "000 Betting; 004 Drei-Spieler-Spiel; D-59")


@record
class Blind:
    """``blind``: bets made before the cut (*ungesehen*)."""

    enabled: bool = key("blind bets before the cut are allowed (004 Blind-Einsätze, § 32; D-10)",
                        "004 Blind-Einsätze; 003 § 32; D-10")
    figures: BlindFigures = key("which figures may be bet blind: any, or only all three together (Neue § 32)",
                                "004 Blind-Einsätze; 003 old § 32, Neue § 32; D-10")
    min_deficit: int = key("how many points the blind bettors must be behind (Neue § 32: 3)",
                           "003 Neue § 32; D-10", check=Whole(0, 24))


@record
class Spiel5:
    """``spiel5``: the Spiel in the fifth trick at two tricks each."""

    restrict: Spiel5Restrict = key(
        "in the fifth trick at 2:2 the suit/trump/Perlagg condition applies to bets only (000), or to "
        "bets, holds and raises (§ 29; D-12)", "000 Betting; 003 § 29; D-12")


@record
class ShowKeys:
    """``show``: the show after the tricks."""

    standing_rule: StandingRule = key(
        "a figure left standing: only the Spiel winners may not improve it (000), or § 22: whoever "
        "declared it standing may not, and a figure both declared is dead (D-19)", "000 The Show; 003 § 22; D-19")


@record
class Validation:
    """``validation``: proving a bet with an example."""

    award_figure_to_opponents: bool = key(
        "a team that cannot validate a bet loses the figure to the opponents if they can show one (D-5)",
        "000 Scoring; 003 § 10; D-5")
    spontaneous_concession_needs_example: bool = key(
        "a Gleich or Hanger conceded before anyone bet it scores only if the team shows an example (D-52)",
        "000 Betting; D-52")


@record
class Score:
    """``score``: counting the points."""

    kind: ScoreKind = key(
        "points count up to the target, or (Strafperlaggen) down from score.start to zero, with penalty "
        "points added for bets and holds that do not win (004 Strafperlaggen)", "004 Strafperlaggen")
    start: int = key("everyone's score at the start of a match (Strafperlaggen: 9); below the target counting up, "
                     "above 0 counting down", "004 Strafperlaggen", check=Whole(0, 24))
    allow_negative: bool = key("penalties may take a score below zero (000), else wait (§ 10; D-57)",
                               "000 Scoring; 003 § 10; D-57")
    claims_deadline: ClaimsDeadline = key(
        "a wrong score written on the sheet stands once it is too late to claim: never (000 states no deadline), "
        "once the next deal's points are written (old § 33), once the cards are collected (Neue § 33; D-21)",
        "003 old § 33, Neue § 33; D-21")
    unbet_order: UnbetOrder = key(
        "the order in which figures nobody bet on count at the end (Strafperlaggen: Spiel first, 004)",
        "000 Scoring; 004 Strafperlaggen")
    spiel_aus_first: bool = key("a figure raised to Spiel aus counts before all others (§ 14; D-13)",
                                "003 § 14; D-13")
    close_game_order: CloseGameOrder = key(
        "the close-game order: every figure called good first, bet or not, then held bets by first bet, then "
        "unseen figures (000 Scoring), or § 12: only a figure bet and called good counts at once, the other "
        "bet figures by first bet, and a figure nobody bet, even one let go, only after every bet figure",
        "000 Scoring; 003 § 12")
    held_then_given_up: HeldThenGivenUp = key(
        "a figure bet and held, then given up in the show, counts in the close-game order as called good at "
        "that moment (000 Scoring, The Show: 'concede the figure') or as held, by its first bet (§ 27: "
        "'es geht das Erstgebotene aus')", "000 Scoring, The Show; 003 § 27")


@record
class Endgame:
    """``endgame``: the last points of a match (000 The Endgame; § 21, § 25-28)."""

    bet_ban: BetBan = key(
        "no bet whose concession would reach the target (000 Example 7), or only a gestrichen team may not bet "
        "(§ 21 read literally; D-35)", "000 Example 7; 003 § 21; D-35")
    penalty_lifts_gestrichen: bool = key(
        "a penalty incurred in a deal comes off the score at once for the bet ban, so a gestrichen team that "
        "was penalised (§ 21 'sofort um zwei Punkte gestraft') may bet again in that deal; false: the score "
        "the deal began on decides for the whole deal", "003 § 21, § 33; 000 Scoring")
    min_len: int = key("both gestrichen: a Gleich or Hanger needs this many cards to win (END-5)",
                       "000 The Endgame; 000 Eichelperlaggen; 003 § 25; D-4", check=Whole(2, 5))
    equal_length: EqualLength = key(
        "both gestrichen, a Gleich and a Hanger of equal length: the Gleich wins (000), or the Spiel decides "
        "(004 Eichel; D-4)", "000 The Endgame; 004 Eichelperlaggen; D-4, D-38")
    tie_fallback: TieFallback = key(
        "both gestrichen, the best figure tied: the other kind decides (000), only the Gleich after a standing "
        "Hanger (001), or the Spiel (004, § 25, § 28; D-2)", "000 The Endgame; 001; 004; 003 § 25, § 28; D-2")
    unbet_min_len: int = key(
        "17:16, a Gleich or Hanger bet conceded: the unbet figure decides if it has this many cards (D-3)",
        "000 The Endgame; 003 § 26; D-3", check=Whole(2, 3))
    declaration: EndgameDeclaration = key(
        "both gestrichen: a figure counts only if its party asked about it during the first trick (§ 25), "
        "or whatever the hands hold (000; D-37)", "000 The Endgame; 003 § 25; D-37")
    declared_grade: DeclaredGrade = key(
        "both gestrichen, a grade declared without showing the cards: the hands decide and the declaration is "
        "only checked (000, 004 'der Spieler mit der besten Figur'), or it binds its player's figure, never "
        "better than declared nor than the hands (§ 25 'bevor der Grad nicht festgestellt ist', § 28 'an die "
        "frühere Figur gebunden')", "000 The Endgame; 004 Endspiel; 003 § 25, § 28")


@record
class Ruleset:
    """A regional ruleset, typed and checked: each field, and each field of a section, is a key."""

    name: str = key("the ruleset's short name", cited=False)
    title: Title = key("the ruleset's title")
    players: int = key("number of players: 2, 3, 4 or 6 (004 Zwei-, Drei-, Sechs-Spieler-Spiel)",
                       "004 Zwei-, Drei-, Sechs-Spieler-Spiel; 000 Two, Three or Six Players",
                       check=WholeOf((2, 3, 4, 6), "ruleset.takes.players"))
    deck: Deck = key("the pack")
    hand_size: int = key("cards per hand", "000 The Deal; 004 Zwei-, Drei-, Sechs-Spieler-Spiel", check=Whole(3, 8))
    tricks_for_spiel: int = key("tricks that win the Spiel", "000 Gleich, Hanger, Spiel; 004 Zwei-, Drei-, "
                                 "Sechs-Spieler-Spiel", check=Whole(2, 5))
    target: int = key("points that win the match (a transcript's [Target] tag overrides it)",
                      "000 Scoring, Variations; 003 § 2; D-34", check=Whole(*TARGET_RANGE))
    perlaggen: Perlaggen = key("the Perlaggen")
    trumps: Trumps = key("the trump suit")
    deal: DealKeys = key("a wrong hand")
    exchange: ExchangeKeys = key("the exchange")
    baptism: Baptism = key("baptisms")
    bet: Bet = key("betting")
    blind: Blind = key("blind bets")
    spiel5: Spiel5 = key("the fifth trick")
    show: ShowKeys = key("the show")
    validation: Validation = key("examples")
    score: Score = key("the score")
    endgame: Endgame = key("the endgame")
    penalties: dict[str, PenaltyRule] = key(
        "penalty per rule ID: points deducted and what is forfeited", "each entry's own source",
        check=Custom(_penalties, Message("ruleset.takes.penalties-doc", shape="{points, forfeit, source}")),
        cited=False, default_factory=dict)
    sources: dict[str, str] = key(
        "for each key, the source that states its value", check=Custom(_sources, Message("ruleset.takes.sources-doc")),
        cited=False, default_factory=dict)

    @property
    def countdown(self) -> bool:
        """True when scores count down to zero (Strafperlaggen)."""
        return self.score.kind is ScoreKind.COUNTDOWN

    def permanent_perlaggen(self) -> tuple[Card, ...]:
        """The Perlaggen that do not depend on trumps (the ones a cutter may keep)."""
        return tuple(parse_card_name(t) for t in self.perlaggen.order if not t.startswith("T"))

    def perlaggen_for(self, trumps: Suit) -> tuple[Card, ...]:
        """This deal's Perlaggen from highest to lowest, given the trump suit."""
        return _perlaggen(self.perlaggen.order, trumps)

    def penalty(self, rule_id: str) -> PenaltyRule | None:
        """The penalty this ruleset sets for breaking ``rule_id``, if any."""
        return self.penalties.get(rule_id)

    def source_of(self, path: str) -> str:
        """Where this ruleset's value for ``path`` comes from (its section if no entry for the key)."""
        while path:
            if path in self.sources:
                return self.sources[path]
            path = path.rpartition(".")[0]
        return self.sources.get("", "")


@caches.memo
@enforces("DECK-1", "DECK-2", "DECK-3", keys=("deck.weli",))
def _deck(weli: bool) -> frozenset[Card]:
    cards = {Card(s, r) for s in Suit for r in Rank if r is not Rank.SECHS}
    if weli:
        cards.add(Card(Suit.SCHELL, Rank.SECHS))
    return frozenset(cards)


@caches.memo
@enforces("PERL-1", "PERL-2", "PERL-5", "PERL-6", "PERL-7", "PERL-8", "PERL-9", "PERL-10", "PERL-11",
          keys=("perlaggen.order",))
def _perlaggen(order: tuple[str, ...], trumps: Suit) -> tuple[Card, ...]:
    out: list[Card] = []
    for token in order:
        c = Card(trumps, Rank(token[1:])) if token.startswith("T") else parse_card_name(token)
        if c not in out:
            out.append(c)
    return tuple(out)


# ---- the schema, derived from the classes above --------------------------------------------------

def _check_for(hint: Any) -> Check:
    """The check a field's type implies: text, true/false, one of an enum's values, a list of these."""
    if hint is str:
        return Text()
    if hint is bool:
        return Flag()
    if hint is Suit:
        return _SUIT
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return OneOf(hint)
    if typing.get_origin(hint) is tuple:
        return ListOf(_check_for(typing.get_args(hint)[0]))
    raise TypeError(f"no check for {hint!r}: declare one with key(check=...)")  # a mistake in this module


def _declared(cls: type, prefix: str = "",
              plans: dict[type, dict[str, tuple[str, type | None]]] | None = None) -> list[Key]:
    """The keys a class declares (its sections walked); and into ``plans``, for the class and each
    section under it, how to build it: field -> (YAML path relative to the class, section class or
    None for a key). Each class's annotations are read once (``get_type_hints`` evaluates them)."""
    keys: list[Key] = []
    plan: dict[str, tuple[str, type | None]] = {}
    hints = typing.get_type_hints(cls)
    for f in fields(cls):
        help, source, check, cited = f.metadata[_KEY]
        path = prefix + f.name
        hint = hints[f.name]
        if isinstance(hint, type) and is_dataclass(hint):
            keys += _declared(hint, path + ".", plans)
            plan[f.name] = (f.name, hint)
            continue
        default = f.default if f.default_factory is MISSING else f.default_factory()
        mapping = typing.get_origin(hint) is dict
        keys.append(Key(path, check or _check_for(hint), help, source, default, cited, mapping))
        plan[f.name] = (f.name, None)
    if plans is not None:
        plans[cls] = plan
    return keys


def _schema(cls: type) -> tuple[list[Key], dict[type, dict[str, tuple[str, type | None]]]]:
    """The keys of ``cls`` and the plans to build it and its sections (see :func:`_declared`)."""
    plans: dict[type, dict[str, tuple[str, type | None]]] = {}
    return _declared(cls, plans=plans), plans


_KEYS, _PLANS = _schema(Ruleset)  # the plans: how to build the Ruleset and each section, worked out once
#: Every key, by its dotted YAML path, in the order the classes declare them.
SCHEMA: dict[str, Key] = {k.path: k for k in _KEYS}
_PENALTY_KEYS: tuple[Key, ...] = tuple(_declared(PenaltyRule))
#: The keys whose value is a mapping of its own (not a section): they may be left out.
_MAPPING_VALUES = frozenset(p for p, k in SCHEMA.items() if k.mapping)
#: Every dotted prefix of a schema key (``title``, ``exchange``, ...): the sections that hold keys.
_SECTIONS = {path.rsplit(".", i)[0] for path in SCHEMA for i in range(1, path.count(".") + 1)}


def _build(cls: type, prefix: str, values: Mapping[str, Any]) -> Any:
    """An instance of ``cls`` (the Ruleset or a section) from the checked values, by YAML path."""
    kwargs: dict[str, Any] = {}
    for name, (path, section) in _PLANS[cls].items():
        if section is not None:
            kwargs[name] = _build(section, prefix + path + ".", values)
        elif prefix + path in values:
            kwargs[name] = values[prefix + path]
    return cls(**kwargs)


def _flatten(data: Mapping[Any, Any], problems: list[RulesetError], values: dict[str, Any], prefix: str = "") -> None:
    """Each schema key's value checked into ``values`` by its dotted path, in the order of the data;
    a bad value or an unknown key (with the key most likely meant) is added to ``problems``.

    Checking as it walks keeps the work to the keys the schema knows: the walk goes no deeper
    than a schema key, whatever the data holds below an unknown one.
    """
    for k, value in data.items():
        path = f"{prefix}{key_text(k)}"
        if path in SCHEMA:
            try:
                values[path] = SCHEMA[path].check(value, path)
            except RulesetError as exc:
                values[path] = _UNCHECKED
                problems += exc.problems
        elif path in _SECTIONS:
            if not isinstance(value, Mapping):
                inner = sorted(p[len(path) + 1:] for p in SCHEMA if p.startswith(path + "."))
                problems.append(expected(path, Message("ruleset.takes.mapping-of", keys=inner), value))
                continue
            _flatten(value, problems, values, path + ".")
        else:
            problems.append(_unknown_key(path, prefix, guess=len(problems) < MAX_PROBLEMS))


_UNCHECKED = object()  # a key the file sets, to a value that did not pass its check


def _unknown_key(path: str, prefix: str, guess: bool = True) -> RulesetError:
    """An unknown key, with the key meant (``bet.maxx``, ``bet_max`` and ``max``: ``bet.max``) or
    else the keys known beside it. ``guess`` False: no guess (a hostile file of thousands)."""
    below = [p[len(prefix):] for p in SCHEMA if p.startswith(prefix)]
    siblings = sorted({p.split(".")[0] for p in below})
    name = path[len(prefix):]
    close: str | None = None
    if guess:
        elsewhere = [p for p in SCHEMA if p.rsplit(".", 1)[-1].lower() == name.lower()]
        close = elsewhere[0] if len(elsewhere) == 1 else None  # the right key in the wrong section
        if close is None:
            near = closest(name, siblings + below)
            close = None if near is None else prefix + near
    if close is not None:
        return RulesetError(path, Message("ruleset.unknown-key-close", close=close))
    return RulesetError(path, Message("ruleset.unknown-key", known=[prefix + s for s in siblings]))


def merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Deep-merge two ruleset mappings (for ``extends``): the override wins key by key."""
    out: dict[str, Any] = dict(base)
    for k, value in override.items():
        if isinstance(value, Mapping) and isinstance(out.get(k), Mapping):
            out[k] = merge(out[k], value)
        else:
            out[k] = value
    return out


@enforces("STRAF-1", "EICHEL-1", "EICHEL-2", "SCHL-1", "DNOF-1", "GILT-1", "GILT-2", "GILT-3")
def build_ruleset(data: Any, source: str = "") -> Ruleset:
    """Check plain ruleset data against :data:`SCHEMA` and build a :class:`Ruleset`.

    ``data`` must already have its ``extends`` resolved (see :func:`merge`).
    """
    if not isinstance(data, Mapping):
        raise RulesetError("", Message("ruleset.not-a-mapping"), source)
    # every problem of the file is gathered and reported together, not one per run (issue 21)
    problems: list[RulesetError] = []
    values: dict[str, Any] = {}
    _flatten({k: v for k, v in data.items() if k != "extends"}, problems, values)
    missing = [p for p, k in SCHEMA.items() if p not in values and k.required]
    if len(missing) > 3:  # a file that extends nothing: one line, not fifty
        problems.append(RulesetError("", Message("ruleset.missing-many", n=len(missing), keys=missing[:3])))
    else:
        problems += [RulesetError(p, Message("ruleset.missing")) for p in missing]
    if problems:
        raise RulesetError.gathered(problems, source)
    ruleset: Ruleset = _build(Ruleset, "", values)
    problems = _check_consistency(ruleset)  # between keys: only once each key is right by itself
    if problems:
        raise RulesetError.gathered(problems, source)
    return ruleset


def _check_consistency(r: Ruleset) -> list[RulesetError]:
    """Contradictions between keys, each reported at the key that breaks it."""
    problems: list[RulesetError] = []
    deck = r.deck.cards()
    for i, token in enumerate(r.perlaggen.order):
        if not token.startswith("T") and parse_card_name(token) not in deck:
            problems.append(RulesetError(f"perlaggen.order[{i}]", Message("ruleset.perlagg-not-in-pack", token=token)))
    if len(set(r.perlaggen.order)) != len(r.perlaggen.order):
        problems.append(RulesetError("perlaggen.order", Message("ruleset.perlagg-twice")))
    if len(r.trumps.skip_suits) >= 4:
        problems.append(RulesetError("trumps.skip_suits", Message("ruleset.no-trump-suit")))
    if r.players * r.hand_size + 1 > len(deck):
        problems.append(RulesetError("hand_size", Message("ruleset.pack-too-small", players=r.players,
                                                          hand_size=r.hand_size, cards=len(deck))))
    # a match that is over before its first deal cannot be played or judged as one
    if r.countdown and r.score.start < 1:
        problems.append(RulesetError("score.start", Message("ruleset.countdown-from-zero")))
    if not r.countdown and r.score.start >= r.target:
        problems.append(RulesetError("score.start", Message("ruleset.start-not-below-target", start=r.score.start,
                                                            target=r.target)))
    if not r.deal.first_packet:
        problems.append(RulesetError("deal.first_packet", Message("ruleset.no-first-packet")))
    for i, size in enumerate(r.deal.first_packet):
        if size >= r.hand_size:
            problems.append(RulesetError(f"deal.first_packet[{i}]", Message("ruleset.packet-not-below-hand",
                                                                            size=size, hand_size=r.hand_size)))
    if r.tricks_for_spiel > r.hand_size:
        problems.append(RulesetError("tricks_for_spiel", Message("ruleset.tricks-above-hand", hand_size=r.hand_size)))
    if r.exchange.who and r.exchange.who[0] is not ExchangeRole.DEALER:
        problems.append(RulesetError("exchange.who[0]", Message("ruleset.dealer-first")))
    return problems
