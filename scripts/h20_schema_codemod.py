#!/usr/bin/env python3
"""Rewrite reads of the old flat ``Ruleset`` attributes to the names of their YAML keys (issue 20,
item 4): ``ruleset.exchange_card`` -> ``ruleset.exchange.card``, ``r.baptism_restrict`` ->
``r.baptism.restrict_when_holding_led_suit``, ``ruleset.deck()`` -> ``ruleset.deck.cards()``.

For merging work written against the flat ``Ruleset``: take that work's side of a conflict, then
run this over the files, then let mypy name anything left (it is idempotent: a name already under
its section is left alone).

    python scripts/h20_schema_codemod.py FILE...      # or no argument: perlagg_streit, tests, benchmarks

An attribute is rewritten where it follows a name that holds a ruleset (``ruleset``, ``r``,
``rs``, ``rules``: also ``state.ruleset``, ``self.r``) or a ``]`` or ``)`` (``forms["drei"]``,
``load_ruleset(name)``); so the text ``score.allow_negative`` in a message or a docstring stays as
it is, and so do the mutation kit's forms (``form.concede_unbet_spiel``), which share some names.
In the package (not in the tests, which may compare with the YAML's words), a key compared with a
string literal (``r.exchange.card == "natural_trump"``) becomes a comparison with its enum member
(``r.exchange.card is ExchangeCard.NATURAL_TRUMP``); the import of the enum is left to you (ruff
names it, F821), and ``tests/test_engine_enums.py`` names any comparison this does not see.
Not rewritten either: a field named as a keyword, ``dataclasses.replace(ruleset, score_start=9)``
(now ``replace(ruleset, score=replace(ruleset.score, start=9))``; benchmarks/fuzz.py had one).
Delete this script once no branch from before the rename is left to merge.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

#: old attribute -> its YAML key (the new attribute path)
RENAMES = {
    "title_de": "title.de",
    "title_en": "title.en",
    "deck_weli": "deck.weli",
    "perlagg_order": "perlaggen.order",
    "trump_skip_suits": "trumps.skip_suits",
    "exchange_card": "exchange.card",
    "exchange_who": "exchange.who",
    "exchange_upgrade": "exchange.upgrade",
    "exchange_acorn_perlaggen": "exchange.acorn_perlaggen",
    "exchange_deadline": "exchange.deadline",
    "baptism_restrict": "baptism.restrict_when_holding_led_suit",
    "unbaptised_offsuit": "baptism.unbaptised_offsuit_when_holding_led",
    "ruled_out_show": "baptism.ruled_out_show",
    "validation_award_to_opponents": "validation.award_figure_to_opponents",
    "concession_needs_example": "validation.spontaneous_concession_needs_example",
    "example_required_for": "bet.example_required_for",
    "bet_max": "bet.max",
    "concede_unbet_spiel": "bet.concede_unbet_spiel",
    "blind_enabled": "blind.enabled",
    "blind_figures": "blind.figures",
    "blind_min_deficit": "blind.min_deficit",
    "spiel5_restrict": "spiel5.restrict",
    "standing_rule": "show.standing_rule",
    "misdeal_penalty": "deal.misdeal_penalty",
    "wrong_count_played_on": "deal.wrong_count_played_on",
    "bet_ban": "endgame.bet_ban",
    "endgame_min_len": "endgame.min_len",
    "endgame_equal_length": "endgame.equal_length",
    "endgame_tie_fallback": "endgame.tie_fallback",
    "endgame_unbet_min_len": "endgame.unbet_min_len",
    "endgame_declaration": "endgame.declaration",
    "penalty_lifts_gestrichen": "endgame.penalty_lifts_gestrichen",
    "allow_negative": "score.allow_negative",
    "claims_deadline": "score.claims_deadline",
    "spiel_aus_first": "score.spiel_aus_first",
    "score_kind": "score.kind",
    "score_start": "score.start",
    "unbet_order": "score.unbet_order",
    "close_game_order": "score.close_game_order",
    "held_then_given_up": "score.held_then_given_up",
}
#: the keys that take one of a fixed set of values -> their enum (perlagg_streit/engine/ruleset.py)
ENUMS = {
    "exchange.card": "ExchangeCard", "exchange.deadline": "ExchangeDeadline",
    "baptism.unbaptised_offsuit_when_holding_led": "UnbaptisedOffsuit", "baptism.ruled_out_show": "RuledOutShow",
    "bet.example_required_for": "ExampleRequiredFor", "bet.max": "BetMax", "blind.figures": "BlindFigures",
    "spiel5.restrict": "Spiel5Restrict", "show.standing_rule": "StandingRule",
    "deal.misdeal_penalty": "MisdealPenalty", "deal.wrong_count_played_on": "WrongCountPlayedOn",
    "endgame.bet_ban": "BetBan", "endgame.equal_length": "EqualLength", "endgame.tie_fallback": "TieFallback",
    "endgame.declaration": "EndgameDeclaration", "score.claims_deadline": "ClaimsDeadline", "score.kind": "ScoreKind",
    "score.unbet_order": "UnbetOrder", "score.close_game_order": "CloseGameOrder",
    "score.held_then_given_up": "HeldThenGivenUp",
}
#: the names that hold a ruleset
RECEIVERS = ("ruleset", "r", "rs", "rules")

_ATTRIBUTE = re.compile(r"(?P<before>\b(?:" + "|".join(RECEIVERS) + r")|[\])])\.(?P<old>" + "|".join(RENAMES)
                        + r")\b")
_DECK = re.compile(r"\.deck\(\)")
_COMPARED = re.compile(r"(?<=[\w\])])\.(?P<path>" + "|".join(re.escape(p) for p in ENUMS)
                       + r")\s*(?P<op>==|!=)\s*(?P<q>[\"'])(?P<value>[a-z0-9_]+)(?P=q)")


def rewrite(text: str, compare: bool = True) -> str:
    """The text with every old attribute read put under its section, ``.deck()`` as ``.deck.cards()``,
    and (``compare``) a key compared with a string literal compared with its enum member."""
    def member(m: re.Match[str]) -> str:
        op = "is" if m.group("op") == "==" else "is not"
        return f".{m.group('path')} {op} {ENUMS[m.group('path')]}.{m.group('value').upper()}"

    renamed = _DECK.sub(".deck.cards()", _ATTRIBUTE.sub(lambda m: f"{m.group('before')}.{RENAMES[m.group('old')]}",
                                                        text))
    return _COMPARED.sub(member, renamed) if compare else renamed


def main(paths: list[str]) -> int:
    root = Path(__file__).resolve().parent.parent
    files = [Path(p) for p in paths] or [p for d in ("perlagg_streit", "tests", "benchmarks")
                                         for p in sorted((root / d).rglob("*.py"))]
    for path in files:
        if path.name == "ruleset.py" and path.parent.name == "engine":
            continue  # the declaration itself
        text = path.read_text("utf-8")
        changed = rewrite(text, compare="perlagg_streit" in path.resolve().parts)
        if changed != text:
            path.write_text(changed, "utf-8")
            print(f"rewrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
