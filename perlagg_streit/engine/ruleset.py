"""Rulesets as data: the schema, declared once, and the typed :class:`Ruleset`.

A ruleset arrives as plain data (a mapping read from YAML by
:mod:`perlagg_streit.rulesets`; this module never imports yaml). Every key is
declared in :data:`SCHEMA` with its type, its allowed values and what it means;
an unknown key, a wrong type or a contradiction raises :class:`RulesetError`
naming the path of the bad key (as pre-commit's cfgv does).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import caches
from ..cards import Card, Rank, Suit, parse_card_name
from ..rule_index import enforces

ROLES = ("dealer", "partner", "lho", "rho")
FORFEITS = ("none", "spiel", "figures", "deal", "partie")
#: The targets the sources know: "can vary from 11 to 24 points" (000 Variations).
TARGET_RANGE = (11, 24)


class RulesetError(Exception):
    """A ruleset that cannot be used; ``path`` names the bad key.

    ``message`` is English, ``message_de`` German (empty where only an English text exists, as
    for a YAML parser's own words); :meth:`text` picks one. ``str()`` is the English text.
    """

    def __init__(self, path: str, message: str, source: str = "", message_de: str = "") -> None:
        self.path = path
        self.message = message
        self.message_de = message_de
        self.source = source
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The whole error, ``source: path: message``, in German (``de``) or English."""
        message = self.message_de if lang == "de" and self.message_de else self.message
        where = f"{self.source}: " if self.source else ""
        return f"{where}{self.path}: {message}" if self.path else f"{where}{message}"


#: How many characters of a text a message shows; a ruleset is untrusted input, and a message
#: that printed all of a long value would itself be the failure (issue 19).
PREVIEW_CHARS = 40


def preview(value: Any) -> tuple[str, str]:
    """A value as an error message shows it, in English and German: its type and a short preview.

    Never the whole of a large value: a list is shown by its length and first items, a text by
    its length and first characters, a whole number of more than 20 digits by its length (Python
    refuses to convert one of more than 4,300 digits to text at all).
    """
    if value is None:
        return "nothing (null)", "nichts (null)"
    if isinstance(value, bool):
        return ("true", "true") if value else ("false", "false")
    if isinstance(value, int):
        digits = int(abs(value).bit_length() * 0.30103) + 1
        if digits <= 20:
            return str(value), str(value)
        return f"a whole number of about {digits:,} digits", f"eine ganze Zahl mit etwa {_de_number(digits)} Ziffern"
    if isinstance(value, float):
        return repr(value), repr(value)
    if isinstance(value, str):
        if len(value) <= PREVIEW_CHARS:
            return repr(value), repr(value)
        start = repr(value[:PREVIEW_CHARS])[:-1] + "…" + repr(value)[-1]
        return (f"a text of {len(value):,} characters, {start}",
                f"ein Text mit {_de_number(len(value))} Zeichen, {start}")
    if isinstance(value, Mapping):
        n = len(value)
        keys = ", ".join(_brief(k, quoted=False) for k in list(value)[:3]) + (", …" if n > 3 else "")
        return (f"a mapping of {n:,} key{'s' if n != 1 else ''} ({keys})",
                f"eine Zuordnung mit {_de_number(n)} Schlüssel{'n' if n != 1 else ''} ({keys})")
    if isinstance(value, list | tuple | set | frozenset):
        n = len(value)
        items = "[" + ", ".join(_brief(v) for v in list(value)[:3]) + (", …" if n > 3 else "") + "]"
        return (f"a list of {n:,} item{'s' if n != 1 else ''}: {items}",
                f"eine Liste mit {_de_number(n)} Eintr{'ägen' if n != 1 else 'ag'}: {items}")
    if isinstance(value, bytes | bytearray):
        return f"binary data of {len(value):,} bytes", f"Binärdaten mit {_de_number(len(value))} Bytes"
    text = str(value)[:PREVIEW_CHARS]
    return f"a {type(value).__name__}: {text}", f"ein {type(value).__name__}: {text}"


def _brief(value: Any, quoted: bool = True) -> str:
    """An item inside a list or a mapping's key, in a few characters: containers only as brackets."""
    if isinstance(value, Mapping):
        return "{…}"
    if isinstance(value, list | tuple | set | frozenset):
        return "[…]"
    if isinstance(value, str) and not quoted:
        return value if len(value) <= 12 else value[:12] + "…"
    if isinstance(value, str) and len(value) > 12:
        return repr(value[:12])[:-1] + "…" + repr(value)[-1]
    en, _ = preview(value)
    return en if len(en) <= 24 else "…"


def _de_number(n: int) -> str:
    return f"{n:,}".replace(",", ".")


def _expected(path: str, en: str, de: str, value: Any) -> RulesetError:
    """A value of the wrong kind: what the key takes, and what it got (type and short preview)."""
    got_en, got_de = preview(value)
    return RulesetError(path, f"expected {en}, got {got_en}", message_de=f"erwartet {de}, gefunden {got_de}")


@dataclass(frozen=True)
class Option:
    """One key of the schema."""

    path: str
    check: Callable[[Any, str], Any]
    help: str


def _int(low: int, high: int) -> Callable[[Any, str], int]:
    def check(value: Any, path: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise _expected(path, f"a whole number from {low} to {high}", f"eine ganze Zahl von {low} bis {high}",
                            value)
        return value
    return check


def _players(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (2, 3, 4, 6):
        raise _expected(path, "2, 3, 4 or 6 players", "2, 3, 4 oder 6 Spieler", value)
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise _expected(path, "true or false", "true oder false", value)
    return value


def _text(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise _expected(path, "text", "einen Text", value)
    return value


def _choice(*choices: str) -> Callable[[Any, str], str]:
    def check(value: Any, path: str) -> str:
        if not isinstance(value, str) or value not in choices:
            raise _expected(path, f"one of {', '.join(choices)}", f"einen der Werte {', '.join(choices)}", value)
        return value
    return check


def _list_of(item: Callable[[Any, str], Any]) -> Callable[[Any, str], tuple[Any, ...]]:
    def check(value: Any, path: str) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise _expected(path, "a list", "eine Liste", value)
        return tuple(item(v, f"{path}[{i}]") for i, v in enumerate(value))
    return check


def _suit(value: Any, path: str) -> Suit:
    if isinstance(value, str):
        try:
            return Suit(value.upper())
        except ValueError:
            pass
    raise _expected(path, "a suit letter (E, L, H or S)", "einen Farbbuchstaben (E, L, H oder S)", value)


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
        raise _expected(path, "a card such as HK or a trump rank such as T7, TU, TO",
                        "eine Karte wie HK oder einen Trumpfrang wie T7, TU, TO", value) from None


@dataclass(frozen=True)
class PenaltyRule:
    """What an offence costs under a ruleset, and where that is written."""

    points: int
    forfeit: str
    source: str


def _penalties(value: Any, path: str) -> dict[str, PenaltyRule]:
    if not isinstance(value, Mapping):
        raise _expected(path, "a mapping of rule IDs to penalties", "eine Zuordnung von Regel-IDs zu Strafen", value)
    out: dict[str, PenaltyRule] = {}
    for rule_id, spec in value.items():
        here = f"{path}.{key_text(rule_id)}"
        if not isinstance(spec, Mapping):
            raise _expected(here, "{points: N, forfeit: ..., source: ...}", "{points: N, forfeit: ..., source: ...}",
                            spec)
        unknown = sorted(key_text(k) for k in spec if k not in ("points", "forfeit", "source"))
        if unknown:
            raise RulesetError(f"{here}.{unknown[0]}", "unknown key (expected points, forfeit, source)",
                               message_de="unbekannter Schlüssel (erwartet points, forfeit, source)")
        if "source" not in spec:
            raise RulesetError(f"{here}.source", "every penalty must say where it is written",
                               message_de="jede Strafe muss sagen, wo sie geschrieben steht")
        out[key_text(rule_id)] = PenaltyRule(
            _int(0, 99)(spec.get("points", 0), f"{here}.points"),
            _choice(*FORFEITS)(spec.get("forfeit", "none"), f"{here}.forfeit"),
            _text(spec["source"], f"{here}.source"),
        )
    return out


def _sources(value: Any, path: str) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise _expected(path, "a mapping of keys to the sources that state them",
                        "eine Zuordnung von Schlüsseln zu den Quellen, die sie angeben", value)
    return {key_text(k): _text(v, f"{path}.{key_text(k)}") for k, v in value.items()}


#: The whole schema, declared once. Keys are dotted paths into the YAML mapping.
SCHEMA: dict[str, Option] = {o.path: o for o in [
    Option("name", _text, "the ruleset's short name"),
    Option("title.de", _text, "German title"),
    Option("title.en", _text, "English title"),
    Option("players", _players, "number of players: 2, 3, 4 or 6 (004 Zwei-, Drei-, Sechs-Spieler-Spiel)"),
    Option("deck.weli", _bool, "whether the pack has the Weli (Six of bells): 33 cards, else 32"),
    Option("hand_size", _int(3, 8), "cards per hand"),
    Option("tricks_for_spiel", _int(2, 5), "tricks that win the Spiel"),
    Option("target", _int(*TARGET_RANGE), "points that win the match (a transcript's [Target] tag overrides it)"),
    Option("perlaggen.order", _list_of(_perlagg_token),
           "the Perlaggen from highest to lowest: card codes are permanent (and may be kept at the cut); "
           "T7, TU, TO, TK are the trump Seven, Unter, Ober, King, skipped when that card is already a "
           "permanent Perlagg"),
    Option("trumps.skip_suits", _list_of(_suit), "suits that cannot be trumps: turned up, set aside, turn again"),
    Option("exchange.card", _choice("natural_trump", "any_trump"), "what may be given for a turned-up Perlagg"),
    Option("exchange.who", _list_of(_choice(*ROLES)), "who may exchange, in order of precedence"),
    Option("exchange.upgrade", _bool, "Eichel: an acorn Perlagg may be given for a turned-up trump Perlagg"),
    Option("exchange.acorn_perlaggen", _bool, "Eichel: natural acorns may be given for exposed acorn Perlaggen"),
    Option("exchange.deadline", _choice("first_card", "first_trick"), "when the right to exchange lapses"),
    Option("baptism.restrict_when_holding_led_suit", _bool,
           "a player holding the suit led must baptise a Perlagg as that suit or a trump (D-1)"),
    Option("baptism.unbaptised_offsuit_when_holding_led", _choice("violation", "legal"),
           "a Perlagg played without a baptism, off-suit, by a player holding the suit led: a breach of the "
           "baptism restriction (BAPT-6), or allowed as a plain card (D-63)"),
    Option("validation.award_figure_to_opponents", _bool,
           "a team that cannot validate a bet loses the figure to the opponents if they can show one (D-5)"),
    Option("bet.example_required_for", _choice("bettor_and_holder", "bettor"),
           "who must show an example of a Gleich or Hanger: bettor and holder (000, § 10, Neue-GB) or the bettor "
           "only (club 5.; D-11)"),
    Option("bet.max", _choice("spiel_aus", "seven", "three"),
           "the top of the ladder: Spiel aus after 7 (000, § 13), 7 (002; D-14), or 3 (three players, 004)"),
    Option("bet.concede_unbet_spiel", _bool,
           "a player may let the Spiel go before anyone bet it (four players), or not (three players, 004)"),
    Option("endgame.bet_ban", _choice("would_reach_target", "gestrichen_only"),
           "no bet whose concession would reach the target (000 Example 7), or only a gestrichen team may not bet "
           "(§ 21 read literally; D-35)"),
    Option("validation.spontaneous_concession_needs_example", _bool,
           "a Gleich or Hanger conceded before anyone bet it scores only if the team shows an example (D-52)"),
    Option("blind.enabled", _bool, "blind bets before the cut are allowed (004 Blind-Einsätze, § 32; D-10)"),
    Option("blind.figures", _choice("any", "all_three_only"),
           "which figures may be bet blind: any, or only all three together (Neue § 32)"),
    Option("blind.min_deficit", _int(0, 24), "how many points the blind bettors must be behind (Neue § 32: 3)"),
    Option("spiel5.restrict", _choice("bet", "bet_hold_raise"),
           "in the fifth trick at 2:2 the suit/trump/Perlagg condition applies to bets only (000), or to "
           "bets, holds and raises (§ 29; D-12)"),
    Option("show.standing_rule", _choice("spiel_winner_only", "both_if_declared"),
           "a figure left standing: only the Spiel winners may not improve it (000), or § 22: whoever "
           "declared it standing may not, and a figure both declared is dead (D-19)"),
    Option("deal.misdeal_penalty", _choice("each", "second_in_a_row"),
           "the misdeal penalty (penalties.DEAL-6) for every misdeal (old § 5) or only for a second in a row "
           "(Neue § 5; D-6)"),
    Option("deal.wrong_count_played_on", _choice("none", "more_only", "more_or_fewer"),
           "a deal played on with a wrong hand: § 6 old (more than five), Neue (more or fewer), or only § 5 (D-9)"),
    Option("endgame.min_len", _int(2, 5), "both gestrichen: a Gleich or Hanger needs this many cards to win (END-5)"),
    Option("endgame.equal_length", _choice("gleich", "spiel"),
           "both gestrichen, a Gleich and a Hanger of equal length: the Gleich wins (000), or the Spiel decides "
           "(004 Eichel; D-4)"),
    Option("endgame.tie_fallback", _choice("other_figure_both_ways", "gleich_if_hanger_stands", "spiel"),
           "both gestrichen, the best figure tied: the other kind decides (000), only the Gleich after a standing "
           "Hanger (001), or the Spiel (004, § 25, § 28; D-2)"),
    Option("endgame.unbet_min_len", _int(2, 3),
           "17:16, a Gleich or Hanger bet conceded: the unbet figure decides if it has this many cards (D-3)"),
    Option("endgame.declaration", _choice("none", "first_trick"),
           "both gestrichen: a figure counts only if its party asked about it during the first trick (§ 25), "
           "or whatever the hands hold (000; D-37)"),
    Option("score.allow_negative", _bool, "penalties may take a score below zero (000), else wait (§ 10; D-57)"),
    Option("score.claims_deadline", _choice("none", "next_points", "cards_collected"),
           "a wrong score written on the sheet stands once it is too late to claim: never (000 states no deadline), "
           "once the next deal's points are written (old § 33), once the cards are collected (Neue § 33; D-21)"),
    Option("score.kind", _choice("up", "countdown"),
           "points count up to the target, or (Strafperlaggen) down from score.start to zero, with penalty "
           "points added for bets and holds that do not win (004 Strafperlaggen)"),
    Option("score.start", _int(0, 24), "everyone's score at the start of a match (Strafperlaggen: 9); below the "
           "target counting up, above 0 counting down"),
    Option("score.unbet_order", _choice("gleich_hanger_spiel", "spiel_gleich_hanger"),
           "the order in which figures nobody bet on count at the end (Strafperlaggen: Spiel first, 004)"),
    Option("score.spiel_aus_first", _bool, "a figure raised to Spiel aus counts before all others (§ 14; D-13)"),
    Option("baptism.ruled_out_show", _choice("void", "fixed"),
           "a show that improves a figure its side may not improve (SHOW-10, SHOW-11): void, as if not made, its "
           "Perlaggen free to be baptised anew (000 Example 6, stage 5), or its cards lie shown and its baptisms "
           "stand (old § 18 'unter keinen Umständen', 002)"),
    Option("penalties", _penalties, "penalty per rule ID: points deducted and what is forfeited"),
    Option("sources", _sources, "for each key, the source that states its value"),
    Option("score.close_game_order", _choice("conceded_first", "bet_first"),
           "the close-game order: every figure called good first, bet or not, then held bets by first bet, then "
           "unseen figures (000 Scoring), or § 12: only a figure bet and called good counts at once, the other "
           "bet figures by first bet, and a figure nobody bet, even one let go, only after every bet figure"),
    Option("score.held_then_given_up", _choice("as_conceded", "as_held"),
           "a figure bet and held, then given up in the show, counts in the close-game order as called good at "
           "that moment (000 Scoring, The Show: 'concede the figure') or as held, by its first bet (§ 27: "
           "'es geht das Erstgebotene aus')"),
    Option("endgame.penalty_lifts_gestrichen", _bool,
           "a penalty incurred in a deal comes off the score at once for the bet ban, so a gestrichen team that "
           "was penalised (§ 21 'sofort um zwei Punkte gestraft') may bet again in that deal; false: the score "
           "the deal began on decides for the whole deal"),
]}

_MAPPING_VALUES = {"penalties", "sources"}


@dataclass(frozen=True)
class Ruleset:
    """A regional ruleset, typed and checked."""

    name: str
    title_de: str
    title_en: str
    players: int
    deck_weli: bool
    hand_size: int
    tricks_for_spiel: int
    target: int
    perlagg_order: tuple[str, ...]
    trump_skip_suits: tuple[Suit, ...]
    exchange_card: str
    exchange_who: tuple[str, ...]
    exchange_upgrade: bool
    exchange_acorn_perlaggen: bool
    exchange_deadline: str
    baptism_restrict: bool
    unbaptised_offsuit: str
    validation_award_to_opponents: bool
    example_required_for: str
    bet_max: str
    concede_unbet_spiel: bool
    bet_ban: str
    concession_needs_example: bool
    blind_enabled: bool
    blind_figures: str
    blind_min_deficit: int
    spiel5_restrict: str
    standing_rule: str
    misdeal_penalty: str
    wrong_count_played_on: str
    endgame_min_len: int
    endgame_equal_length: str
    endgame_tie_fallback: str
    endgame_unbet_min_len: int
    endgame_declaration: str
    allow_negative: bool
    claims_deadline: str
    spiel_aus_first: bool
    score_kind: str
    score_start: int
    unbet_order: str
    ruled_out_show: str
    penalties: dict[str, PenaltyRule] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    close_game_order: str = "conceded_first"
    held_then_given_up: str = "as_conceded"
    penalty_lifts_gestrichen: bool = False

    @property
    def countdown(self) -> bool:
        """True when scores count down to zero (Strafperlaggen)."""
        return self.score_kind == "countdown"

    def deck(self) -> frozenset[Card]:
        """Every card of this ruleset's pack."""
        return _deck(self.deck_weli)

    def permanent_perlaggen(self) -> tuple[Card, ...]:
        """The Perlaggen that do not depend on trumps (the ones a cutter may keep)."""
        return tuple(parse_card_name(t) for t in self.perlagg_order if not t.startswith("T"))

    def perlaggen_for(self, trumps: Suit) -> tuple[Card, ...]:
        """This deal's Perlaggen from highest to lowest, given the trump suit."""
        return _perlaggen(self.perlagg_order, trumps)

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


#: Every dotted prefix of a schema key (``title``, ``exchange``, ...): the sections that hold keys.
_SECTIONS = {path.rsplit(".", i)[0] for path in SCHEMA for i in range(1, path.count(".") + 1)}


def key_text(key: Any) -> str:
    """A mapping key as a message and a path show it: as text, and never longer than a line."""
    text = key if isinstance(key, str) else preview(key)[0]
    return text if len(text) <= 2 * PREVIEW_CHARS else text[: 2 * PREVIEW_CHARS] + "…"


def _flatten(data: Mapping[Any, Any], prefix: str = "") -> dict[str, Any]:
    """The schema's dotted paths and their values; an unknown key is refused where it is met.

    Checking as it walks keeps the work to the keys the schema knows: the walk goes no deeper
    than a schema key, whatever the data holds below an unknown one.
    """
    out: dict[str, Any] = {}
    for key, value in data.items():
        path = f"{prefix}{key_text(key)}"
        if path in SCHEMA:
            out[path] = value
        elif path in _SECTIONS:
            if not isinstance(value, Mapping):
                inner = sorted(p[len(path) + 1:] for p in SCHEMA if p.startswith(path + "."))
                raise _expected(path, f"a mapping of {', '.join(inner)}", f"eine Zuordnung von {', '.join(inner)}",
                                value)
            out.update(_flatten(value, path + "."))
        else:
            raise RulesetError(path, f"unknown key; known keys: {', '.join(sorted(SCHEMA))}",
                               message_de=f"unbekannter Schlüssel; bekannte Schlüssel: {', '.join(sorted(SCHEMA))}")
    return out


def merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Deep-merge two ruleset mappings (for ``extends``): the override wins key by key."""
    out: dict[str, Any] = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


@enforces("STRAF-1", "EICHEL-1", "EICHEL-2", "SCHL-1", "DNOF-1", "GILT-1", "GILT-2", "GILT-3")
def build_ruleset(data: Any, source: str = "") -> Ruleset:
    """Check plain ruleset data against :data:`SCHEMA` and build a :class:`Ruleset`.

    ``data`` must already have its ``extends`` resolved (see :func:`merge`).
    """
    if not isinstance(data, Mapping):
        raise RulesetError("", "a ruleset must be a mapping of keys to values", source,
                           "ein Regelwerk muss eine Zuordnung von Schlüsseln zu Werten sein")
    values: dict[str, Any] = {}
    try:
        flat = _flatten({k: v for k, v in data.items() if k != "extends"})
        for path, value in flat.items():
            values[path] = SCHEMA[path].check(value, path)
        missing = [p for p in SCHEMA if p not in values and p not in _MAPPING_VALUES]
        if missing:
            raise RulesetError(missing[0], "missing (every ruleset must set it, or extend one that does)",
                               message_de="fehlt (jedes Regelwerk muss ihn setzen oder eines erweitern, das ihn setzt)")
        ruleset = Ruleset(
            name=values["name"], title_de=values["title.de"], title_en=values["title.en"],
            players=values["players"], deck_weli=values["deck.weli"], hand_size=values["hand_size"],
            tricks_for_spiel=values["tricks_for_spiel"], target=values["target"],
            perlagg_order=values["perlaggen.order"], trump_skip_suits=values["trumps.skip_suits"],
            exchange_card=values["exchange.card"], exchange_who=values["exchange.who"],
            exchange_upgrade=values["exchange.upgrade"], exchange_acorn_perlaggen=values["exchange.acorn_perlaggen"],
            exchange_deadline=values["exchange.deadline"],
            baptism_restrict=values["baptism.restrict_when_holding_led_suit"],
            unbaptised_offsuit=values["baptism.unbaptised_offsuit_when_holding_led"],
            validation_award_to_opponents=values["validation.award_figure_to_opponents"],
            example_required_for=values["bet.example_required_for"], bet_max=values["bet.max"],
            concede_unbet_spiel=values["bet.concede_unbet_spiel"],
            bet_ban=values["endgame.bet_ban"],
            concession_needs_example=values["validation.spontaneous_concession_needs_example"],
            blind_enabled=values["blind.enabled"], blind_figures=values["blind.figures"],
            blind_min_deficit=values["blind.min_deficit"], spiel5_restrict=values["spiel5.restrict"],
            standing_rule=values["show.standing_rule"],
            misdeal_penalty=values["deal.misdeal_penalty"],
            wrong_count_played_on=values["deal.wrong_count_played_on"],
            endgame_min_len=values["endgame.min_len"], endgame_equal_length=values["endgame.equal_length"],
            endgame_tie_fallback=values["endgame.tie_fallback"], endgame_unbet_min_len=values["endgame.unbet_min_len"],
            endgame_declaration=values["endgame.declaration"],
            allow_negative=values["score.allow_negative"], claims_deadline=values["score.claims_deadline"],
            spiel_aus_first=values["score.spiel_aus_first"],
            score_kind=values["score.kind"], score_start=values["score.start"], unbet_order=values["score.unbet_order"],
            ruled_out_show=values["baptism.ruled_out_show"],
            penalties=values.get("penalties", {}), sources=values.get("sources", {}),
            close_game_order=values["score.close_game_order"],
            held_then_given_up=values["score.held_then_given_up"],
            penalty_lifts_gestrichen=values["endgame.penalty_lifts_gestrichen"],
        )
        _check_consistency(ruleset)
    except RulesetError as exc:
        raise RulesetError(exc.path, exc.message, source, exc.message_de) from None
    return ruleset


def _check_consistency(r: Ruleset) -> None:
    """Contradictions between keys, each reported at the key that breaks it."""
    deck = r.deck()
    for i, token in enumerate(r.perlagg_order):
        if not token.startswith("T") and parse_card_name(token) not in deck:
            raise RulesetError(f"perlaggen.order[{i}]", f"{token} is a Perlagg but not in the pack (deck.weli)",
                               message_de=f"{token} ist ein Perlagg, aber nicht im Blatt (deck.weli)")
    if len(set(r.perlagg_order)) != len(r.perlagg_order):
        raise RulesetError("perlaggen.order", "a Perlagg is listed twice",
                           message_de="ein Perlagg steht zweimal in der Liste")
    if len(r.trump_skip_suits) >= 4:
        raise RulesetError("trumps.skip_suits", "at least one suit must be able to be trumps",
                           message_de="mindestens eine Farbe muss Trumpf werden können")
    if r.players * r.hand_size + 1 > len(deck):
        raise RulesetError("hand_size", f"{r.players} hands of {r.hand_size} and a trump card need more than the "
                           f"{len(deck)} cards of the pack",
                           message_de=f"{r.players} Hände zu {r.hand_size} Karten und eine Trumpfkarte brauchen mehr "
                           f"als die {len(deck)} Karten des Blatts")
    # a match that is over before its first deal cannot be played or judged as one
    if r.countdown and r.score_start < 1:
        raise RulesetError("score.start", "counting down (score.kind: countdown), everyone would start at 0, where "
                           "the match ends; give a start above 0 (Strafperlaggen: 9)",
                           message_de="beim Herunterzählen (score.kind: countdown) stünde jeder schon zu Beginn auf 0, "
                           "wo die Partie endet; einen Anfang über 0 angeben (Strafperlaggen: 9)")
    if not r.countdown and r.score_start >= r.target:
        raise RulesetError("score.start", f"{r.score_start} is not below the target ({r.target}): the match would be "
                           "won before the first deal",
                           message_de=f"{r.score_start} liegt nicht unter der Punktezahl, mit der das Spiel ausgeht "
                           f"({r.target}): die Partie wäre vor der ersten Ausgabe gewonnen")
    if r.tricks_for_spiel > r.hand_size:
        raise RulesetError("tricks_for_spiel", f"cannot exceed hand_size ({r.hand_size})",
                           message_de=f"darf nicht größer sein als hand_size ({r.hand_size})")
    if not r.exchange_who:
        return
    if r.exchange_who[0] != "dealer":
        raise RulesetError("exchange.who[0]", "the dealer always has the first right to exchange",
                           message_de="der Geber hat immer das erste Recht zum Austausch")
