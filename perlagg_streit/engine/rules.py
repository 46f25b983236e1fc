"""The rules the engine can cite, with their sources and the options that change them.

The IDs are those of the project's rules digest; a report always names the
source (file and section, or § of the Innsbrucker Perlaggerregeln) next to them.
Each rule's text, in our own words in German and English, is in the message catalogue
(:mod:`perlagg_streit.messages.rule_texts`, code ``rule.<ID>``).
Source keys: 000 = the English description, 001 = Giltspiel, 002 = the
encyclopedia article, 003 = the Innsbrucker Perlaggerregeln (old and Neue),
004 = the newer edition (German).
"""

from __future__ import annotations

from ..base.records import record
from ..messages import say


@record
class Rule:
    """A rule and the places in the sources that state it; its words are in the catalogue."""

    id: str
    sources: tuple[str, ...]
    options: tuple[str, ...] = ()

    def text(self, lang: str) -> str:
        """The rule in German (``de``) or English (``en``)."""
        return say(f"rule.{self.id}", lang)

    @property
    def de(self) -> str:
        """The rule in German."""
        return self.text("de")

    @property
    def en(self) -> str:
        """The rule in English."""
        return self.text("en")


_RULES = [
    Rule("SETUP-1", ("000 Players and Cards", "003 club 2.")),
    Rule("SETUP-4", ("003 § 33", "001 The Deal")),
    Rule("CUT-1", ("000 The Deal", "001 The Deal", "002 Dealing")),
    Rule("CUT-7", ("000 The Deal", "003 § 4 (ständige Perlaggen)"), ("perlaggen.order",)),
    Rule("CUT-10", ("001 The Deal",)),
    Rule("DEAL-6", ("003 § 5", "000 The Deal", "002 Dealing (two in the first packet, three in the second)"),
         ("hand_size", "penalties.DEAL-6", "deal.misdeal_penalty", "deal.first_packet")),
    Rule("TRUMP-4", ("000 Eichelperlaggen: The Deal", "004 Eichelperlagen: Der Deal"), ("trumps.skip_suits",)),
    Rule("TRUMP-5", ("000 The Deal",)),
    Rule("EXCH-1", ("000 The Deal", "003 § 7 (mit einem Trumpf)"), ("exchange.card",)),
    Rule("EXCH-2", ("000 The Deal", "003 § 7"), ("exchange.who", "penalties.EXCH-2")),
    Rule("EXCH-11", ("000 Eichelperlaggen, The Deal, item 3", "004 Der Deal, item 3"), ("exchange.acorn_perlaggen",)),
    Rule("EXCH-3", ("000 The Deal", "004 Der Deal")),
    Rule("EXCH-4", ("000 The Deal", "003 § 7"), ("exchange.who",)),
    Rule("EXCH-12", ("000 Eichelperlaggen: Variant", "004 Eichelperlagen: Variante"), ("exchange.who",)),
    Rule("EXCH-6", ("002 Permanent Perlaggs", "000 The Play"), ("exchange.deadline",)),
    Rule("BAPT-1", ("000 Players and Cards",)),
    Rule("BAPT-6", ("000 The Play", "004 Das Spiel"), ("baptism.restrict_when_holding_led_suit",)),
    Rule("PLAY-1", ("000 The Play", "001 The Play")),
    Rule("PLAY-2", ("000 The Play", "004 Das Spiel")),
    Rule("PLAY-3", ("000 The Play", "003 § 15", "003 § 17"), ("penalties.PLAY-3",)),
    Rule("PLAY-4", ("000 The Play", "004 Das Spiel"), ("penalties.PLAY-4",)),
    Rule("PLAY-8", ("000 The Play", "001 The Play")),
    Rule("PLAY-11", ("003 old § 17", "003 Neue § 17")),
    Rule("SETUP-6", ("003 old § 9 (unter keinen Umständen mehr widerrufen)", "003 Neue § 9", "002 Bidding")),
    Rule("SHOW-3", ("000 The Show",)),
    Rule("SHOW-13", ("003 old § 22 (um die nicht gewiesene ... Figur zu fragen)", "003 Neue § 22")),
    Rule("BAPT-7", ("003 old § 19", "003 Neue § 19")),
    Rule("PLAY-14", ("000 The Show", "003 § 23")),
    Rule("TRICK-1", ("000 The Play", "001 The Play", "003 club 6.")),
    Rule("TRICK-2", ("000 Players and Cards", "000 The Play, Example 1", "003 § 20")),
    Rule("BET-9", ("000 Betting",)),
    Rule("BET-2", ("003 § 8", "000 Betting", "002 Bidding")),
    Rule("BET-3", ("000 Betting", "003 § 11")),
    Rule("BET-4", ("000 Betting", "003 § 11")),
    Rule("BET-5", ("000 Betting", "003 § 9")),
    Rule("BET-6", ("000 Betting, Example 3", "003 § 11", "003 § 13")),
    Rule("BET-7", ("003 § 13", "000 Betting"), ("bet.max",)),
    Rule("BET-8", ("000 Betting",)),
    Rule("BET-13", ("000 Betting", "003 § 29", "003 club 5."), ("spiel5.restrict",)),
    Rule("END-2", ("000 The Endgame", "003 § 21"), ("penalties.END-2",)),
    Rule("END-3", ("000 The Endgame, Example 7", "001 Example 5")),
    Rule("END-17", ("004 Strafperlaggen",), ("penalties.END-17",)),
    Rule("P3-4", ("004 Drei-Spieler-Spiel", "004 Strafperlaggen"), ("penalties.P3-4",)),
    Rule("P3-13", ("004 Drei-Spieler-Spiel",), ("bet.concede_unbet_spiel",)),
    Rule("P3-14", ("004 Drei-Spieler-Spiel", "004 Strafperlaggen"), ("penalties.P3-14",)),
    Rule("END-8", ("003 § 25",), ("endgame.declaration", "endgame.declared_grade")),
    Rule("END-9", ("004 Endspiel",)),
    Rule("SHOW-2", ("000 The Show", "003 § 22", "003 § 24")),
    Rule("SHOW-6", ("000 Betting during the show", "000 Example 4")),
    Rule("SHOW-7", ("000 Betting during the show", "003 § 24")),
    Rule("SHOW-8", ("000 The Show", "003 § 22")),
    Rule("SHOW-10",
         ("000 Dealing with ties, Example 6", "001 Dealing with ties"),
         ("show.standing_rule", "baptism.ruled_out_show")),
    Rule("SHOW-11", ("003 old § 22", "003 Neue § 22"), ("show.standing_rule", "baptism.ruled_out_show")),
    Rule("BAPT-5", ("000 The Play", "000 Gleich, Hanger, Spiel", "003 old § 18"), ("baptism.ruled_out_show",)),
    Rule("VALID-1",
         ("000 Showing cards to validate bets", "000 Scoring", "003 § 10", "001 Scoring"),
         ("penalties.VALID-1", "validation.award_figure_to_opponents")),
    Rule("BLIND-1", ("004 Blind-Einsätze", "003 § 32"), ("blind.enabled",)),
    Rule("BLIND-2", ("003 Neue § 32",), ("blind.figures", "blind.min_deficit")),
    Rule("PEN-2", ("003 old § 6", "003 Neue § 6"), ("deal.wrong_count_played_on", "penalties.PEN-2")),
    Rule("PEN-12",
         ("003 old § 34 (Partieverlust)", "003 Neue § 34 (Partieverlust oder Strafpunkte)"),
         ("penalties.PEN-12",)),
    Rule("RECORD-SCORE", ("003 § 33", "000 Scoring")),
    Rule("SCORE-10",
         ("003 old § 33 (bis die Punkte des darauffolgenden Spieles notiert werden)",
          "003 Neue § 33 (bis die auf dem Tisch liegenden Karten eingesammelt werden)"),
         ("score.claims_deadline",)),
    Rule("SCORE-11",
         ("003 old § 10 (so werden diese im Laufe des Spieles abgezogen)",
          "003 Neue § 10 (so werden diese im Laufe der Partie abgezogen)"),
         ("score.allow_negative",)),
    Rule("RECORD-CLAIM", ("003 old § 33, Neue § 33 (Reklamationen beim Aufschreiben)",)),
    Rule("RECORD-OWED",
         ("003 old § 10 (so werden diese im Laufe des Spieles abgezogen)", "003 Neue § 10",
          "000 Scoring (deducted from their score)", "004 Strafperlaggen (penalty points are added)"),
         ("score.allow_negative", "score.kind")),
    Rule("RECORD-SCORE-WIDTH", ("000 Scoring (one column for each team)", "004 Drei-Spieler-Spiel (drei Spalten)")),
    Rule("RECORD-SCORE-IMPOSSIBLE",
         ("003 old § 2, Neue § 2 (wer zuerst die vereinbarte Punktezahl erreicht, hat die Partie gewonnen)",
          "003 old/Neue § 10 (Strafpunkte, die eine Partei nicht hat, werden später abgezogen)"),
         ("target", "score.allow_negative")),
    Rule("RECORD-AFTER-MATCH",
         ("003 old § 2, Neue § 2 (wer zuerst die vereinbarte Punktezahl erreicht, hat die Partie gewonnen)",
          "000 Scoring",
          "004 Strafperlaggen (weitergespielt wird nur zwischen den übrigen Spielern)")),
    Rule("RECORD-TARGET",
         ("003 old § 2, Neue § 2 (vor Beginn des Spieles zu vereinbaren)",
          "000 Variations (11 to 24 points)",
          "004 Strafperlaggen (von 9 auf 0)"),
         ("target",)),
    Rule("RECORD-ASK", ("003 § 25 (Im Falle, dass beide Parteien 17 : 17 haben)", "004 Endspiel")),
    Rule("RECORD-POINTS", ("003 § 33",)),
    Rule("RECORD-DUPLICATE-CARD", ("000 Players and Cards (one pack of 33 cards)",)),
    Rule("RECORD-NOT-IN-DECK", ("000 Players and Cards", "001 Players and Cards")),
    Rule("RECORD-NOT-HELD", ("000 The Play",)),
    Rule("RECORD-CUT-NOT-IN-HAND", ("000 The Deal",)),
    Rule("RECORD-EXCHANGE-NOT-TURNED-UP", ("000 The Deal",)),
    Rule("RECORD-TRICK-LABEL", ()),
    Rule("RECORD-SEAT", ("000 Two, Three or Six Players", "004 Zwei-, Drei-, Sechs-Spieler-Spiel")),
    Rule("RECORD-MISSING", ()),
    Rule("RECORD-GIVE-UP", ("000 The Show (concede the figure)", "000 [untitled: Scoring] item 1",
                            "003 § 27 (es geht das Erstgebotene aus)"), ("score.held_then_given_up",)),
    Rule("BAPT-4",
         ("000 Players and Cards (any card in the pack; unbaptised it reverts to its face value)",
          "002 Perlaggs in play",
          "003 § 18 (andernfalls ... zur einfachen Karte)"),
         ("deck.weli",)),
    Rule("RECORD-AFTER-LAST-TRICK",
         ("000 The Deal (five cards each)", "004 Drei-, Sechs-Spieler-Spiel (das Spiel ist hin)"),
         ("hand_size",)),
]

RULES: dict[str, Rule] = {rule.id: rule for rule in _RULES}


def rule(rule_id: str) -> Rule:
    """The rule with this ID (KeyError if the engine cites an unknown rule: a bug)."""
    return RULES[rule_id]
