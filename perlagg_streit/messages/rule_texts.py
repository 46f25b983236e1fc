"""The rules the engine cites, in our own words: German and English, keyed ``rule.<ID>``.

The IDs are those of the project's rules digest; :mod:`perlagg_streit.engine.rules` holds each
rule's sources and the ruleset options that change it. Written for this project, not copied from
the sources it cites.
"""

from __future__ import annotations

from .core import Entry

TEXTS: dict[str, Entry] = {
    "rule.SETUP-1": Entry(
        de="Gespielt wird im Uhrzeigersinn; jeder legt seine Karte, wenn er an der Reihe ist.",
        en="Play goes clockwise; each player plays when it is his turn.",
    ),
    "rule.SETUP-4": Entry(
        de="Die Schrift bestimmt, wer gibt: das Geben geht nach links weiter.",
        en="The scoresheet decides who deals: the deal passes to the left.",
    ),
    "rule.CUT-1": Entry(
        de="Der rechte Gegner des Gebers hebt ab.",
        en="The dealer's right-hand opponent cuts.",
    ),
    "rule.CUT-7": Entry(
        de="Beim Abheben dürfen nur ständige Perlaggen behalten werden.",
        en="Only permanent Perlaggen may be kept at the cut.",
    ),
    "rule.CUT-10": Entry(
        de="Im Giltspiel wird nur abgehoben; behalten wird nichts.",
        en="In Giltspiel the cut takes nothing.",
    ),
    "rule.DEAL-6": Entry(
        de="Jeder Spieler muss die richtige Zahl Karten haben; sonst ist vergeben und neu zu geben.",
        en="Every player must hold the right number of cards; otherwise it is a misdeal and is dealt again.",
    ),
    "rule.TRUMP-4": Entry(
        de=("Eichelperlaggen: Eichel wird nie Trumpf; aufgeschlagene Eicheln werden beiseitegelegt und weiter "
            "aufgeschlagen."),
        en="Eichelperlaggen: acorns are never trumps; acorns turned up are set aside and the next card turned.",
    ),
    "rule.TRUMP-5": Entry(
        de="Getauscht werden darf nur, wenn ein Perlagg aufgeschlagen ist.",
        en="An exchange is allowed only when the turned-up card is a Perlagg.",
    ),
    "rule.EXCH-1": Entry(
        de="Für einen aufgeschlagenen Perlagg gibt man eine natürliche Trumpfkarte (keinen Perlagg).",
        en="A turned-up Perlagg is exchanged for a natural trump (a card that is not a Perlagg).",
    ),
    "rule.EXCH-2": Entry(
        de="Zuerst darf der Geber tauschen; nur wenn er keinen Trumpf hat, sein Partner.",
        en="The dealer exchanges first; only if he has no trump may his partner.",
    ),
    "rule.EXCH-11": Entry(
        de=("Eichelperlaggen: aufgedeckte Eichel-Perlaggen tauscht zuerst der Geber gegen natürliche Eicheln ein; "
            "erst wenn er keine mehr hat, sein Partner."),
        en=("Eichelperlaggen: exposed acorn Perlaggen are taken first by the dealer for natural acorns; only when "
            "he has none left may his partner."),
    ),
    "rule.EXCH-3": Entry(
        de="Ein niedrigerer Perlagg darf nicht gegen einen höheren getauscht werden.",
        en="A lower Perlagg may not be exchanged for a higher one.",
    ),
    "rule.EXCH-4": Entry(
        de="Die Gegner des Gebers dürfen nie tauschen.",
        en="The dealer's opponents may never exchange.",
    ),
    "rule.EXCH-12": Entry(
        de=("Imst/Tarrenz: Tauschrechte, die der Partei des Gebers übrig bleiben, gehen an den linken, dann an den "
            "rechten Gegner über, erst wenn die Partei des Gebers nicht mehr tauschen kann."),
        en=("Imst/Tarrenz: exchange rights the dealer's team cannot use pass to the left-hand, then the right-hand "
            "opponent, only once the dealer's team has none left."),
    ),
    "rule.EXCH-6": Entry(
        de="Das Tauschrecht erlischt, sobald die erste Karte gespielt ist.",
        en="The right to exchange lapses once the first card has been played.",
    ),
    "rule.BAPT-1": Entry(
        de="Nur ein Perlagg wird getauft; eine natürliche Karte gilt, was sie ist.",
        en="Only a Perlagg is baptised; a natural card counts as what it is.",
    ),
    "rule.BAPT-6": Entry(
        de=("Wer die ausgespielte Farbe (natürlich) hat und einen Perlagg spielt, muss ihn als diese Farbe oder als "
            "Trumpf taufen."),
        en=("A player who holds a natural card of the suit led and plays a Perlagg must baptise it as that suit or "
            "as a trump."),
    ),
    "rule.PLAY-1": Entry(
        de="Zum ersten Stich spielt der linke Nachbar des Gebers aus.",
        en="The dealer's left-hand neighbour leads to the first trick.",
    ),
    "rule.PLAY-2": Entry(
        de="Jede Karte darf ausgespielt werden.",
        en="Any card may be led.",
    ),
    "rule.TRICK-1": Entry(
        de=("Den Stich gewinnt der höchste Trumpf, ohne Trumpf die höchste Karte der ausgespielten Farbe; ein "
            "getaufter Perlagg zählt als die Karte, als die er getauft ist."),
        en=("A trick is won by the highest trump, or without a trump by the highest card of the suit led; a "
            "baptised Perlagg counts as the card it is baptised as."),
    ),
    "rule.TRICK-2": Entry(
        de=("Liegen gleich hohe Karten im Stich, sticht der getaufte Perlagg die echte Karte, und unter Perlaggen "
            "der in der Reihenfolge höhere."),
        en=("Among equally high cards in a trick a baptised Perlagg beats the real card, and among Perlaggen the "
            "higher in their order wins."),
    ),
    "rule.BET-9": Entry(
        de="Eine Partei darf jede Figur jederzeit gut lassen, auch eine, auf die niemand geboten hat.",
        en="A team may concede any figure at any time, even one nobody has bet on.",
    ),
    "rule.SETUP-6": Entry(
        de=("Partner sind eine Partei: was einer bietet, hält oder gut lässt, bindet beide und darf nicht mehr "
            "widerrufen werden."),
        en="Partners are one party: a bet, hold or concession by either binds both and may not be withdrawn.",
    ),
    "rule.SHOW-13": Entry(
        de=("Im Weisen darf jede Partei nach einer nicht gewiesenen, nicht gestellten oder nicht besser "
            "gewiesenen Figur fragen; die gefragte Partei muss sie weisen, stellen, gut lassen oder bieten."),
        en=("In the show either party may ask about a figure not shown, not declared standing or not bettered; "
            "the party asked must show it, declare it standing, concede it or bet."),
    ),
    "rule.SHOW-3": Entry(
        de="In jeder Stufe des Weisens lässt die weisende Partei jede offene Figur gut, weist sie oder bietet.",
        en="At each stage of the show the showing team concedes, contests (shows) or bets on each open figure.",
    ),
    "rule.RECORD-GIVE-UP": Entry(
        de=("„aufgegeben“ steht für eine gebotene und gehaltene Figur, die im Weisen aufgegeben wird; ein "
            "Gebot, auf das geantwortet wird, lässt man „gut“."),
        en=("'aufgegeben' (given up) is for a figure bet and held and given up in the show; a bet being "
            "answered is conceded with 'gut'."),
    ),
    "rule.PLAY-11": Entry(
        de=("Eine gespielte Karte darf nicht zurückgenommen werden, außer um Farbe zu bekennen, und nur "
            "innerhalb desselben Stichs."),
        en="A card played may not be taken back, except to follow suit, and only within the same trick.",
    ),
    "rule.BAPT-7": Entry(
        de="Ein irrtümlich ausgespielter Perlagg darf nicht zurückgenommen werden und muss sofort getauft werden.",
        en="A Perlagg played by mistake may not be taken back and must be baptised at once.",
    ),
    "rule.PLAY-3": Entry(
        de=("Farbe bekennen: wer die ausgespielte Farbe hat, muss sie bedienen oder stechen (Farbleugnen ist "
            "verboten)."),
        en="Follow suit: a player holding the suit led must follow or trump (no revoke).",
    ),
    "rule.PLAY-4": Entry(
        de="Wird Trumpf ausgespielt, muss wer Trumpf hat Trumpf geben.",
        en="When trumps are led, a player holding a trump must play a trump.",
    ),
    "rule.PLAY-8": Entry(
        de="Wer den Stich macht, spielt zum nächsten aus.",
        en="The winner of a trick leads to the next.",
    ),
    "rule.PLAY-14": Entry(
        de="Ist das Spiel entschieden (dritter Stich oder gut gelassen), wird keine Karte mehr gespielt.",
        en="Once the Spiel is decided (a third trick or conceded), no more cards are played.",
    ),
    "rule.BET-2": Entry(
        de="Ein Gebot braucht das Wort 'biete' oder 'geboten' und die Figur; 'Gleich!' allein ist kein Gebot.",
        en="A bet needs the word for betting and the figure; 'Gleich!' alone is no bet.",
    ),
    "rule.BET-3": Entry(
        de="Auf ein Gebot muss sofort geantwortet werden; bis dahin wird keine Karte gespielt.",
        en="A bet must be answered at once; no card is played until it is.",
    ),
    "rule.BET-4": Entry(
        de="Halten oder Steigern gibt es nur als Antwort auf ein Gebot der Gegner.",
        en="Holding or raising is only an answer to the opponents' bet.",
    ),
    "rule.BET-5": Entry(
        de="Auf ein Gebot antworten die Gegner, nicht die bietende Partei.",
        en="A bet is answered by the opponents, not by the betting team.",
    ),
    "rule.BET-6": Entry(
        de=("Auf jede Figur wird abwechselnd geboten; wessen Gebot gehalten wurde, bietet erst wieder, wenn die "
            "Gegner geboten haben."),
        en=("Teams bet alternately on each figure; a team whose bet was seen bets it again only after the opponents "
            "have."),
    ),
    "rule.BET-7": Entry(
        de="Gesteigert wird nur um je einen Punkt: drei, vier, fünf, sechs, sieben, Spiel aus.",
        en="Raises go one step at a time: 3, 4, 5, 6, 7, then Spiel aus.",
    ),
    "rule.BET-8": Entry(
        de="Auf eine gut gelassene oder entschiedene Figur wird nicht mehr geboten.",
        en="A figure called good or decided can no longer be bet on.",
    ),
    "rule.BET-13": Entry(
        de=("Im fünften Stich bei zwei zu zwei darf das Spiel nur bieten, wessen letzte Karte Farbe, Trumpf oder "
            "Perlagg ist."),
        en=("In the fifth trick at two tricks each, only a player whose last card follows suit, is a trump or a "
            "Perlagg may bet the Spiel."),
    ),
    "rule.END-2": Entry(
        de="Eine gestrichene Partei (ein Punkt vor dem Ziel) darf nicht mehr bieten.",
        en="A team one point short of the target (gestrichen) may not bet.",
    ),
    "rule.END-3": Entry(
        de="Keine Partei bietet eine Figur, die ihr gut gelassen schon zum Ziel verhülfe.",
        en="No team may bet a figure whose concession at its current value would take it to the target.",
    ),
    "rule.END-17": Entry(
        de="Strafperlaggen: wer nur mehr einen Punkt hat, darf nicht bieten oder steigern, nur halten.",
        en="Strafperlaggen: a player on one point may not bet or raise; he may only hold.",
    ),
    "rule.P3-4": Entry(
        de="Zu dritt antworten die Gegner streng der Reihe nach, vom linken Nachbarn des Bieters an.",
        en="With three players the opponents answer a bet strictly in turn, from the bettor's left.",
    ),
    "rule.P3-13": Entry(
        de="Zu dritt darf niemand das Spiel gut lassen, solange es nicht geboten ist.",
        en="With three players nobody may let the Spiel go unless it has been bet.",
    ),
    "rule.P3-14": Entry(
        de=("Zu dritt beginnt, wer das Spiel gemacht hat, mit dem Weisen; dann weist jeder der Reihe nach im "
            "Uhrzeigersinn, bis Gleich und Hanger entschieden sind."),
        en=("With three players the winner of the Spiel shows first; then each shows in turn clockwise until the "
            "Gleich and the Hanger are decided."),
    ),
    "rule.END-8": Entry(
        de=("Bei 17:17 fragt jeder Spieler der Reihe nach, vom linken Nachbarn des Gebers an, um Dritziges, "
            "Vierfaches oder Fünffaches. Erklärt die Gegenpartei, ebenfalls eine solche Figur zu haben, bekennen "
            "beide den Höhengrad, ohne die Karten aufzulegen, bevor er festgestellt ist."),
        en=("At 17:17 each player asks in turn, from the dealer's left-hand neighbour, about a figure of three, "
            "four or five cards. If the other party declares it has one too, both state its grade, without laying "
            "the cards down before the grade is established."),
    ),
    "rule.END-9": Entry(
        de=("Bei 17:17 fragt, vom linken Nachbarn des Gebers an, wer eine Figur von drei oder mehr Karten hat, der "
            "Reihe nach „tritt dritzig erlaubt?“; die anderen antworten „nicht erlaubt“, wenn sie eine Figur ebenso "
            "vieler oder mehr Karten haben, sonst „ja“. Bei gleicher Länge sagen sie zuerst, ob Gleich oder Hanger, "
            "dann wie hoch."),
        en=("At 17:17, from the dealer's left-hand neighbour, each player holding a figure of three or more cards "
            'asks in turn "tritt dritzig erlaubt?"; the others answer "nicht erlaubt" if they hold a figure of as '
            'many cards or more, else "ja". At equal length they say first whether it is a Gleich or a Hanger, '
            "then how high."),
    ),
    "rule.SHOW-2": Entry(
        de="Nach der Entscheidung des Spiels weist zuerst die Partei, die das Spiel hat.",
        en="Once the Spiel is decided, the team that won it shows first.",
    ),
    "rule.SHOW-6": Entry(
        de=("Bietet die weisende Partei auf eine Figur, muss sie die andere offene Figur gut lassen, weisen oder "
            "bieten, bevor die Gegner antworten."),
        en=("A showing team that bets one figure must concede, contest or bet the other open figure before the "
            "opponents answer."),
    ),
    "rule.SHOW-7": Entry(
        de="Die Gegner der weisenden Partei dürfen weder weisen noch bieten, nur auf Gebote antworten.",
        en="The opponents of the showing team may neither show nor bet, only answer bets.",
    ),
    "rule.SHOW-8": Entry(
        de="Gewiesen wird abwechselnd, Partei um Partei.",
        en="The teams show in turn, alternately.",
    ),
    "rule.SHOW-10": Entry(
        de=("Lässt die Partei mit dem Spiel eine Figur am Ende ihres Weisens stehen, darf sie diese später nicht "
            "mehr verbessern; die Gegner dürfen es."),
        en=("If the Spiel winners leave a figure standing at the end of their turn, they may not improve it later; "
            "the losers may."),
    ),
    "rule.SHOW-11": Entry(
        de=("Wer eine Figur als stehend erklärt hat, darf sie nicht mehr verbessern; die Gegenpartei nur, solange "
            "nicht auch sie die Figur als stehend erklärt hat. Von beiden stehen gelassen, macht sie niemand."),
        en=("A party that declared a figure standing may not improve it later; the other party may, unless it too "
            "declared it standing. Left standing by both, nobody makes it."),
    ),
    "rule.BAPT-5": Entry(
        de="Ein getaufter Perlagg bleibt für die ganze Ausgabe, was er getauft wurde.",
        en="A baptised Perlagg stays what it was baptised as for the whole deal.",
    ),
    "rule.VALID-1": Entry(
        de=("Wer ein Gleich oder einen Hanger geboten, gesteigert oder gehalten hat, muss am Ende ein Beispiel aus "
            "den eigenen Karten weisen."),
        en="Whoever bet, raised or held a Gleich or Hanger must show an example from his own cards at the end.",
    ),
    "rule.BLIND-1": Entry(
        de="Blind (ungesehen) geboten wird nur vor dem Abheben, und nur wo das Regelwerk es kennt.",
        en="Blind bets are made only before the cut, and only where the ruleset has them.",
    ),
    "rule.BLIND-2": Entry(
        de="Neue § 32: blind nur alle drei Figuren zusammen, und nur mindestens drei Punkte zurück.",
        en="Neue § 32: only all three figures together, and only when at least three points behind.",
    ),
    "rule.PEN-2": Entry(
        de=("Wird mit zu vielen (Neue: oder zu wenigen) Karten weitergespielt, verliert die Partei jede gemachte "
            "Figur und wird mit zwei Punkten gestraft."),
        en="Playing on with too many (Neue: or too few) cards costs the party every figure made and two points.",
    ),
    "rule.PEN-12": Entry(
        de="Kartenstehlen wird sofort geahndet.",
        en="Card stealing is punished at once.",
    ),
    "rule.RECORD-SCORE": Entry(
        de="Der aufgeschriebene Spielstand weicht vom gerechneten ab.",
        en="The match score written down differs from the running score.",
    ),
    "rule.SCORE-10": Entry(
        de=("Übersehen entschuldigt nicht: ein Schreibfehler, der nicht rechtzeitig reklamiert wurde, bleibt stehen; "
            "eine rechtzeitige, richtige Reklamation berichtigt die Schrift."),
        en=("An error on the scoresheet not claimed in time stands: 'Übersehen entschuldigt nicht'; a claim in time "
            "and right puts the sheet right."),
    ),
    "rule.SCORE-11": Entry(
        de=("Strafpunkte, die eine Partei noch nicht hat, werden ihr im Laufe der Partie abgezogen: sie schuldet "
            "sie und zahlt sie von ihren nächsten Punkten."),
        en="Penalty points a side does not yet have are owed: they are taken from its next points.",
    ),
    "rule.RECORD-CLAIM": Entry(
        de="Eine Reklamation betrifft einen aufgeschriebenen Stand einer Ausgabe dieser Partie.",
        en="A claim concerns a score written for a deal of this match.",
    ),
    "rule.RECORD-OWED": Entry(
        de="Die notierte Schuld stimmt nicht mit dem überein, was nach den Regeln noch abzuziehen ist.",
        en="The points noted as owed differ from what the rules leave to be deducted.",
    ),
    "rule.RECORD-SCORE-WIDTH": Entry(
        de="Der aufgeschriebene Stand hat nicht so viele Zahlen, wie das Blatt Spalten hat.",
        en="A score is written with more or fewer numbers than the scoresheet has columns.",
    ),
    "rule.RECORD-SCORE-IMPOSSIBLE": Entry(
        de="Diesen Stand kann es vor einer Ausgabe der Partie nicht geben.",
        en="No deal of the match can start at this score.",
    ),
    "rule.RECORD-AFTER-MATCH": Entry(
        de="Diese Ausgabe ist nach dem Ende der Partie aufgeschrieben; sie zählt nicht.",
        en="This deal is recorded after the match was decided; it does not count.",
    ),
    "rule.RECORD-TARGET": Entry(
        de="Die vereinbarte Punktezahl im [Target]-Eintrag ist nicht zu gebrauchen.",
        en="The agreed target in the [Target] tag cannot be used.",
    ),
    "rule.RECORD-ASK": Entry(
        de="Um eine dritzige Figur wird nur gefragt, wenn beide Parteien gestrichen sind (17:17).",
        en="Asking about a figure of three or more cards belongs to a deal dealt with both sides gestrichen (17:17).",
    ),
    "rule.RECORD-POINTS": Entry(
        de="Die aufgeschriebenen Punkte der Ausgabe stimmen nicht.",
        en="The points written for the deal are not what the deal gives.",
    ),
    "rule.RECORD-DUPLICATE-CARD": Entry(
        de="Das Protokoll verzeichnet dieselbe Karte zweimal.",
        en="The record shows the same card twice.",
    ),
    "rule.RECORD-NOT-IN-DECK": Entry(
        de="Diese Karte gibt es in diesem Spiel nicht.",
        en="This card is not in this game's pack.",
    ),
    "rule.RECORD-NOT-HELD": Entry(
        de="Laut Protokoll hatte der Spieler diese Karte nicht (mehr).",
        en="By the record the player did not (or no longer) hold this card.",
    ),
    "rule.RECORD-CUT-NOT-IN-HAND": Entry(
        de="Ein abgehobener Perlagg fehlt in den Karten des Abhebers.",
        en="A Perlagg kept at the cut is missing from the cutter's recorded hand.",
    ),
    "rule.RECORD-EXCHANGE-NOT-TURNED-UP": Entry(
        de="Getauscht wird nur gegen eine aufgeschlagene Karte.",
        en="An exchange takes a card that was turned up.",
    ),
    "rule.RECORD-TRICK-LABEL": Entry(
        de="Die Stichnummer im Protokoll passt nicht zum Spielverlauf.",
        en="The trick number written does not match the play.",
    ),
    "rule.RECORD-SEAT": Entry(
        de="Diesen Platz oder diese Partei gibt es an diesem Tisch nicht.",
        en="There is no such seat or side at this table.",
    ),
    "rule.RECORD-MISSING": Entry(
        de="Im Protokoll fehlt etwas, das zum Nachspielen nötig ist.",
        en="Something needed to replay the deal is not recorded.",
    ),
    "rule.BAPT-4": Entry(
        de=("Ein Perlagg wird als eine Karte des Spiels getauft. Eine Karte, die es im Spiel nicht gibt (ein "
            "Sechser außer dem Weli, der Weli ohne Weli im Spiel), ist keine Taufe: der Perlagg gilt als die Karte, "
            "die er ist."),
        en=("A Perlagg is baptised as a card of the pack. A card the pack does not have (a Six other than the Weli, "
            "the Weli in a 32-card pack) is no baptism: the Perlagg counts as the card it is."),
    ),
    "rule.RECORD-AFTER-LAST-TRICK": Entry(
        de="Nach dem letzten Stich hat niemand mehr eine Karte; eine weitere Karte im Protokoll zählt nicht.",
        en="After the last trick nobody holds a card; a further card in the record does not count.",
    ),
}
