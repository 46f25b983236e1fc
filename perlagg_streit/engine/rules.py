"""The rules the engine can cite: our own wording in German and English, with sources.

The IDs are those of the project's rules digest; a report always names the
source (file and section, or § of the Innsbrucker Perlaggerregeln) next to them.
Source keys: 000 = the English description, 001 = Giltspiel, 002 = the
encyclopedia article, 003 = the Innsbrucker Perlaggerregeln (old and Neue),
004 = the newer edition (German).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    """A rule in our words, with the places in the sources that state it."""

    id: str
    de: str
    en: str
    sources: tuple[str, ...]
    options: tuple[str, ...] = ()

    def text(self, lang: str) -> str:
        """The rule in German (``de``) or English (``en``)."""
        return self.de if lang == "de" else self.en


_RULES = [
    Rule("SETUP-1", "Gespielt wird im Uhrzeigersinn; jeder legt seine Karte, wenn er an der Reihe ist.",
         "Play goes clockwise; each player plays when it is his turn.",
         ("000 Players and Cards", "003 club 2.")),
    Rule("SETUP-4", "Die Schrift bestimmt, wer gibt: das Geben geht nach links weiter.",
         "The scoresheet decides who deals: the deal passes to the left.", ("003 § 33", "001 The Deal")),
    Rule("CUT-1", "Der rechte Gegner des Gebers hebt ab.",
         "The dealer's right-hand opponent cuts.", ("000 The Deal", "001 The Deal", "002 Dealing")),
    Rule("CUT-7", "Beim Abheben dürfen nur ständige Perlaggen behalten werden.",
         "Only permanent Perlaggen may be kept at the cut.", ("000 The Deal", "003 § 4 (ständige Perlaggen)"),
         ("perlaggen.order",)),
    Rule("CUT-10", "Im Giltspiel wird nur abgehoben; behalten wird nichts.",
         "In Giltspiel the cut takes nothing.", ("001 The Deal",)),
    Rule("DEAL-6", "Jeder Spieler muss die richtige Zahl Karten haben; sonst ist vergeben und neu zu geben.",
         "Every player must hold the right number of cards; otherwise it is a misdeal and is dealt again.",
         ("003 § 5", "000 The Deal"), ("hand_size", "penalties.DEAL-6")),
    Rule("TRUMP-4", "Eichelperlaggen: Eichel wird nie Trumpf; aufgeschlagene Eicheln werden beiseitegelegt und "
         "weiter aufgeschlagen.",
         "Eichelperlaggen: acorns are never trumps; acorns turned up are set aside and the next card turned.",
         ("000 Eichelperlaggen: The Deal", "004 Eichelperlagen: Der Deal"), ("trumps.skip_suits",)),
    Rule("TRUMP-5", "Getauscht werden darf nur, wenn ein Perlagg aufgeschlagen ist.",
         "An exchange is allowed only when the turned-up card is a Perlagg.", ("000 The Deal",)),
    Rule("EXCH-1", "Für einen aufgeschlagenen Perlagg gibt man eine natürliche Trumpfkarte (keinen Perlagg).",
         "A turned-up Perlagg is exchanged for a natural trump (a card that is not a Perlagg).",
         ("000 The Deal", "003 § 7 (mit einem Trumpf)"), ("exchange.card",)),
    Rule("EXCH-2", "Zuerst darf der Geber tauschen; nur wenn er keinen Trumpf hat, sein Partner.",
         "The dealer exchanges first; only if he has no trump may his partner.",
         ("000 The Deal", "003 § 7"), ("exchange.who", "penalties.EXCH-2")),
    Rule("EXCH-11", "Eichelperlaggen: aufgedeckte Eichel-Perlaggen tauscht zuerst der Geber gegen natürliche "
         "Eicheln ein; erst wenn er keine mehr hat, sein Partner.",
         "Eichelperlaggen: exposed acorn Perlaggen are taken first by the dealer for natural acorns; only "
         "when he has none left may his partner.",
         ("000 Eichelperlaggen, The Deal, item 3", "004 Der Deal, item 3"), ("exchange.acorn_perlaggen",)),
    Rule("EXCH-3", "Ein niedrigerer Perlagg darf nicht gegen einen höheren getauscht werden.",
         "A lower Perlagg may not be exchanged for a higher one.", ("000 The Deal", "004 Der Deal")),
    Rule("EXCH-4", "Die Gegner des Gebers dürfen nie tauschen.",
         "The dealer's opponents may never exchange.", ("000 The Deal", "003 § 7"), ("exchange.who",)),
    Rule("EXCH-12", "Imst/Tarrenz: Tauschrechte, die der Partei des Gebers übrig bleiben, gehen an den linken, dann "
         "an den rechten Gegner über, erst wenn die Partei des Gebers nicht mehr tauschen kann.",
         "Imst/Tarrenz: exchange rights the dealer's team cannot use pass to the left-hand, then the right-hand "
         "opponent, only once the dealer's team has none left.",
         ("000 Eichelperlaggen: Variant", "004 Eichelperlagen: Variante"), ("exchange.who",)),
    Rule("EXCH-6", "Das Tauschrecht erlischt, sobald die erste Karte gespielt ist.",
         "The right to exchange lapses once the first card has been played.",
         ("002 Permanent Perlaggs", "000 The Play"), ("exchange.deadline",)),
    Rule("BAPT-1", "Nur ein Perlagg wird getauft; eine natürliche Karte gilt, was sie ist.",
         "Only a Perlagg is baptised; a natural card counts as what it is.", ("000 Players and Cards",)),
    Rule("BAPT-6", "Wer die ausgespielte Farbe (natürlich) hat und einen Perlagg spielt, muss ihn als diese Farbe "
         "oder als Trumpf taufen.",
         "A player who holds a natural card of the suit led and plays a Perlagg must baptise it as that suit "
         "or as a trump.", ("000 The Play", "004 Das Spiel"), ("baptism.restrict_when_holding_led_suit",)),
    Rule("PLAY-1", "Zum ersten Stich spielt der linke Nachbar des Gebers aus.",
         "The dealer's left-hand neighbour leads to the first trick.", ("000 The Play", "001 The Play")),
    Rule("PLAY-3", "Farbe bekennen: wer die ausgespielte Farbe hat, muss sie bedienen oder stechen "
         "(Farbleugnen ist verboten).",
         "Follow suit: a player holding the suit led must follow or trump (no revoke).",
         ("000 The Play", "003 § 15", "003 § 17"), ("penalties.PLAY-3",)),
    Rule("PLAY-4", "Wird Trumpf ausgespielt, muss wer Trumpf hat Trumpf geben.",
         "When trumps are led, a player holding a trump must play a trump.",
         ("000 The Play", "004 Das Spiel"), ("penalties.PLAY-4",)),
    Rule("PLAY-8", "Wer den Stich macht, spielt zum nächsten aus.", "The winner of a trick leads to the next.",
         ("000 The Play", "001 The Play")),
    Rule("PLAY-14", "Ist das Spiel entschieden (dritter Stich oder gut gelassen), wird keine Karte mehr gespielt.",
         "Once the Spiel is decided (a third trick or conceded), no more cards are played.",
         ("000 The Show", "003 § 23")),
    Rule("BET-2", "Ein Gebot braucht das Wort 'biete' oder 'geboten' und die Figur; 'Gleich!' allein ist kein Gebot.",
         "A bet needs the word for betting and the figure; 'Gleich!' alone is no bet.",
         ("003 § 8", "000 Betting", "002 Bidding")),
    Rule("BET-3", "Auf ein Gebot muss sofort geantwortet werden; bis dahin wird keine Karte gespielt.",
         "A bet must be answered at once; no card is played until it is.", ("000 Betting", "003 § 11")),
    Rule("BET-4", "Halten oder Steigern gibt es nur als Antwort auf ein Gebot der Gegner.",
         "Holding or raising is only an answer to the opponents' bet.", ("000 Betting", "003 § 11")),
    Rule("BET-5", "Auf ein Gebot antworten die Gegner, nicht die bietende Partei.",
         "A bet is answered by the opponents, not by the betting team.", ("000 Betting", "003 § 9")),
    Rule("BET-6", "Auf jede Figur wird abwechselnd geboten; wessen Gebot gehalten wurde, bietet erst wieder, wenn "
         "die Gegner geboten haben.",
         "Teams bet alternately on each figure; a team whose bet was seen bets it again only after the opponents have.",
         ("000 Betting, Example 3", "003 § 11", "003 § 13")),
    Rule("BET-7", "Gesteigert wird nur um je einen Punkt: drei, vier, fünf, sechs, sieben, Spiel aus.",
         "Raises go one step at a time: 3, 4, 5, 6, 7, then Spiel aus.", ("003 § 13", "000 Betting"),
         ("bet.max",)),
    Rule("BET-8", "Auf eine gut gelassene oder entschiedene Figur wird nicht mehr geboten.",
         "A figure called good or decided can no longer be bet on.", ("000 Betting",)),
    Rule("BET-13", "Im fünften Stich bei zwei zu zwei darf das Spiel nur bieten, wessen letzte Karte Farbe, Trumpf "
         "oder Perlagg ist.",
         "In the fifth trick at two tricks each, only a player whose last card follows suit, is a trump or a Perlagg "
         "may bet the Spiel.", ("000 Betting", "003 § 29", "003 club 5."), ("spiel5.restrict",)),
    Rule("END-2", "Eine gestrichene Partei (ein Punkt vor dem Ziel) darf nicht mehr bieten.",
         "A team one point short of the target (gestrichen) may not bet.",
         ("000 The Endgame", "003 § 21"), ("penalties.END-2",)),
    Rule("END-3", "Keine Partei bietet eine Figur, die ihr gut gelassen schon zum Ziel verhülfe.",
         "No team may bet a figure whose concession at its current value would take it to the target.",
         ("000 The Endgame, Example 7", "001 Example 5")),
    Rule("END-17", "Strafperlaggen: wer nur mehr einen Punkt hat, darf nicht bieten oder steigern, nur halten.",
         "Strafperlaggen: a player on one point may not bet or raise; he may only hold.",
         ("004 Strafperlaggen",), ("penalties.END-17",)),
    Rule("P3-4", "Zu dritt antworten die Gegner streng der Reihe nach, vom linken Nachbarn des Bieters an.",
         "With three players the opponents answer a bet strictly in turn, from the bettor's left.",
         ("004 Drei-Spieler-Spiel", "004 Strafperlaggen"), ("penalties.P3-4",)),
    Rule("P3-13", "Zu dritt darf niemand das Spiel gut lassen, solange es nicht geboten ist.",
         "With three players nobody may let the Spiel go unless it has been bet.",
         ("004 Drei-Spieler-Spiel",), ("bet.concede_unbet_spiel",)),
    Rule("P3-14", "Zu dritt beginnt, wer das Spiel gemacht hat, mit dem Weisen; dann weist jeder der Reihe nach im "
         "Uhrzeigersinn, bis Gleich und Hanger entschieden sind.",
         "With three players the winner of the Spiel shows first; then each shows in turn clockwise until the "
         "Gleich and the Hanger are decided.", ("004 Drei-Spieler-Spiel", "004 Strafperlaggen"), ("penalties.P3-14",)),
    Rule("END-8", "Bei 17:17 fragt jeder Spieler der Reihe nach, vom linken Nachbarn des Gebers an, um Dritziges, "
         "Vierfaches oder Fünffaches.",
         "At 17:17 each player asks in turn, from the dealer's left-hand neighbour, about a figure of three, four "
         "or five cards.", ("003 § 25",), ("endgame.declaration",)),
    Rule("END-9", "Bei 17:17 fragt, vom linken Nachbarn des Gebers an, wer eine Figur von drei oder mehr Karten "
         "hat, der Reihe nach „tritt dritzig erlaubt?“.",
         "At 17:17, from the dealer's left-hand neighbour, each player holding a figure of three or more cards "
         "asks in turn \"tritt dritzig erlaubt?\".", ("004 Endspiel",), ()),
    Rule("SHOW-2", "Nach der Entscheidung des Spiels weist zuerst die Partei, die das Spiel hat.",
         "Once the Spiel is decided, the team that won it shows first.", ("000 The Show", "003 § 22", "003 § 24")),
    Rule("SHOW-6", "Bietet die weisende Partei auf eine Figur, muss sie die andere offene Figur gut lassen, weisen "
         "oder bieten, bevor die Gegner antworten.",
         "A showing team that bets one figure must concede, contest or bet the other open figure before the "
         "opponents answer.", ("000 Betting during the show", "000 Example 4")),
    Rule("SHOW-7", "Die Gegner der weisenden Partei dürfen weder weisen noch bieten, nur auf Gebote antworten.",
         "The opponents of the showing team may neither show nor bet, only answer bets.",
         ("000 Betting during the show", "003 § 24")),
    Rule("SHOW-8", "Gewiesen wird abwechselnd, Partei um Partei.", "The teams show in turn, alternately.",
         ("000 The Show", "003 § 22")),
    Rule("SHOW-10", "Lässt die Partei mit dem Spiel eine Figur am Ende ihres Weisens stehen, darf sie diese später "
         "nicht mehr verbessern; die Gegner dürfen es.",
         "If the Spiel winners leave a figure standing at the end of their turn, they may not improve it later; "
         "the losers may.", ("000 Dealing with ties, Example 6", "001 Dealing with ties"),
         ("show.standing_rule", "baptism.ruled_out_show")),
    Rule("SHOW-11", "Wer eine Figur als stehend erklärt hat, darf sie nicht mehr verbessern; die Gegenpartei nur, "
         "solange nicht auch sie die Figur als stehend erklärt hat. Von beiden stehen gelassen, macht sie niemand.",
         "A party that declared a figure standing may not improve it later; the other party may, unless it too "
         "declared it standing. Left standing by both, nobody makes it.", ("003 old § 22", "003 Neue § 22"),
         ("show.standing_rule", "baptism.ruled_out_show")),
    Rule("BAPT-5", "Ein getaufter Perlagg bleibt für die ganze Ausgabe, was er getauft wurde.",
         "A baptised Perlagg stays what it was baptised as for the whole deal.",
         ("000 The Play", "000 Gleich, Hanger, Spiel", "003 old § 18"), ("baptism.ruled_out_show",)),
    Rule("VALID-1", "Wer ein Gleich oder einen Hanger geboten, gesteigert oder gehalten hat, muss am Ende ein "
         "Beispiel aus den eigenen Karten weisen.",
         "Whoever bet, raised or held a Gleich or Hanger must show an example from his own cards at the end.",
         ("000 Showing cards to validate bets", "000 Scoring", "003 § 10", "001 Scoring"),
         ("penalties.VALID-1", "validation.award_figure_to_opponents")),
    Rule("BLIND-1", "Blind (ungesehen) geboten wird nur vor dem Abheben, und nur wo das Regelwerk es kennt.",
         "Blind bets are made only before the cut, and only where the ruleset has them.",
         ("004 Blind-Einsätze", "003 § 32"), ("blind.enabled",)),
    Rule("BLIND-2", "Neue § 32: blind nur alle drei Figuren zusammen, und nur mindestens drei Punkte zurück.",
         "Neue § 32: only all three figures together, and only when at least three points behind.",
         ("003 Neue § 32",), ("blind.figures", "blind.min_deficit")),
    Rule("PEN-2", "Wird mit zu vielen (Neue: oder zu wenigen) Karten weitergespielt, verliert die Partei jede "
         "gemachte Figur und wird mit zwei Punkten gestraft.",
         "Playing on with too many (Neue: or too few) cards costs the party every figure made and two points.",
         ("003 old § 6", "003 Neue § 6"), ("deal.wrong_count_played_on", "penalties.PEN-2")),
    Rule("PEN-12", "Kartenstehlen wird sofort geahndet.", "Card stealing is punished at once.",
         ("003 old § 34 (Partieverlust)", "003 Neue § 34 (Partieverlust oder Strafpunkte)"), ("penalties.PEN-12",)),
    Rule("RECORD-SCORE", "Der aufgeschriebene Spielstand weicht vom gerechneten ab.",
         "The match score written down differs from the running score.", ("003 § 33", "000 Scoring")),
    Rule("SCORE-10", "Übersehen entschuldigt nicht: ein Schreibfehler, der nicht rechtzeitig reklamiert wurde, bleibt "
         "stehen.", "An error on the scoresheet not claimed in time stands: 'Übersehen entschuldigt nicht'.",
         ("003 old § 33 (bis die Punkte des darauffolgenden Spieles notiert werden)",
          "003 Neue § 33 (bis die auf dem Tisch liegenden Karten eingesammelt werden)"), ("score.claims_deadline",)),
    Rule("SCORE-11", "Strafpunkte, die eine Partei noch nicht hat, werden ihr im Laufe der Partie abgezogen: sie "
         "schuldet sie und zahlt sie von ihren nächsten Punkten.",
         "Penalty points a side does not yet have are owed: they are taken from its next points.",
         ("003 old § 10 (so werden diese im Laufe des Spieles abgezogen)",
          "003 Neue § 10 (so werden diese im Laufe der Partie abgezogen)"), ("score.allow_negative",)),
    Rule("RECORD-SCORE-WIDTH", "Der aufgeschriebene Stand hat nicht so viele Zahlen, wie das Blatt Spalten hat.",
         "A score is written with more or fewer numbers than the scoresheet has columns.",
         ("000 Scoring (one column for each team)", "004 Drei-Spieler-Spiel (drei Spalten)")),
    Rule("RECORD-SCORE-IMPOSSIBLE", "Diesen Stand kann es vor einer Ausgabe der Partie nicht geben.",
         "No deal of the match can start at this score.",
         ("003 old § 2, Neue § 2 (wer zuerst die vereinbarte Punktezahl erreicht, hat die Partie gewonnen)",
          "003 old/Neue § 10 (Strafpunkte, die eine Partei nicht hat, werden später abgezogen)"),
         ("target", "score.allow_negative")),
    Rule("RECORD-AFTER-MATCH", "Diese Ausgabe ist nach dem Ende der Partie aufgeschrieben; sie zählt nicht.",
         "This deal is recorded after the match was decided; it does not count.",
         ("003 old § 2, Neue § 2 (wer zuerst die vereinbarte Punktezahl erreicht, hat die Partie gewonnen)",
          "000 Scoring", "004 Strafperlaggen (weitergespielt wird nur zwischen den übrigen Spielern)")),
    Rule("RECORD-TARGET", "Die vereinbarte Punktezahl im [Target]-Eintrag ist nicht zu gebrauchen.",
         "The agreed target in the [Target] tag cannot be used.",
         ("003 old § 2, Neue § 2 (vor Beginn des Spieles zu vereinbaren)", "000 Variations (11 to 24 points)",
          "004 Strafperlaggen (von 9 auf 0)"), ("target",)),
    Rule("RECORD-ASK", "Um eine dritzige Figur wird nur gefragt, wenn beide Parteien gestrichen sind (17:17).",
         "Asking about a figure of three or more cards belongs to a deal dealt with both sides gestrichen (17:17).",
         ("003 § 25 (Im Falle, dass beide Parteien 17 : 17 haben)", "004 Endspiel")),
    Rule("RECORD-POINTS", "Die aufgeschriebenen Punkte der Ausgabe stimmen nicht.",
         "The points written for the deal are not what the deal gives.", ("003 § 33",)),
    Rule("RECORD-DUPLICATE-CARD", "Das Protokoll verzeichnet dieselbe Karte zweimal.",
         "The record shows the same card twice.", ("000 Players and Cards (one pack of 33 cards)",)),
    Rule("RECORD-NOT-IN-DECK", "Diese Karte gibt es in diesem Spiel nicht.",
         "This card is not in this game's pack.", ("000 Players and Cards", "001 Players and Cards")),
    Rule("RECORD-NOT-HELD", "Laut Protokoll hatte der Spieler diese Karte nicht (mehr).",
         "By the record the player did not (or no longer) hold this card.", ("000 The Play",)),
    Rule("RECORD-CUT-NOT-IN-HAND", "Ein abgehobener Perlagg fehlt in den Karten des Abhebers.",
         "A Perlagg kept at the cut is missing from the cutter's recorded hand.", ("000 The Deal",)),
    Rule("RECORD-EXCHANGE-NOT-TURNED-UP", "Getauscht wird nur gegen eine aufgeschlagene Karte.",
         "An exchange takes a card that was turned up.", ("000 The Deal",)),
    Rule("RECORD-TRICK-LABEL", "Die Stichnummer im Protokoll passt nicht zum Spielverlauf.",
         "The trick number written does not match the play.", ()),
    Rule("RECORD-SEAT", "Diesen Platz oder diese Partei gibt es an diesem Tisch nicht.",
         "There is no such seat or side at this table.",
         ("000 Two, Three or Six Players", "004 Zwei-, Drei-, Sechs-Spieler-Spiel")),
    Rule("RECORD-MISSING", "Im Protokoll fehlt etwas, das zum Nachspielen nötig ist.",
         "Something needed to replay the deal is not recorded.", ()),
    Rule("BAPT-4", "Ein Perlagg wird als eine Karte des Spiels getauft. Eine Karte, die es im Spiel nicht gibt (ein "
         "Sechser außer dem Weli, der Weli ohne Weli im Spiel), ist keine Taufe: der Perlagg gilt als die Karte, "
         "die er ist.",
         "A Perlagg is baptised as a card of the pack. A card the pack does not have (a Six other than the Weli, "
         "the Weli in a 32-card pack) is no baptism: the Perlagg counts as the card it is.",
         ("000 Players and Cards (any card in the pack; unbaptised it reverts to its face value)",
          "002 Perlaggs in play", "003 § 18 (andernfalls ... zur einfachen Karte)"), ("deck.weli",)),
    Rule("RECORD-AFTER-LAST-TRICK", "Nach dem letzten Stich hat niemand mehr eine Karte; eine weitere Karte im "
         "Protokoll zählt nicht.",
         "After the last trick nobody holds a card; a further card in the record does not count.",
         ("000 The Deal (five cards each)", "004 Drei-, Sechs-Spieler-Spiel (das Spiel ist hin)"),
         ("hand_size",)),
]

RULES: dict[str, Rule] = {rule.id: rule for rule in _RULES}


def rule(rule_id: str) -> Rule:
    """The rule with this ID (KeyError if the engine cites an unknown rule: a bug)."""
    return RULES[rule_id]
