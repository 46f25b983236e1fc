"""What the engine says: the account of each finding, the checks a record did not allow, and how
a deal or a match was decided.

A finding's code is ``<rule>.<what>`` (``PLAY-3.revoke`` is a revoke under PLAY-3), so that
``grep PLAY-3`` finds the rule's texts beside the code that cites it. Seats, sides and cards are
written as the transcript writes them (N, E/W, HA); suits by their names in each language.
"""

from __future__ import annotations

from .core import Entry

TEXTS: dict[str, Entry] = {
    # ---- where the record put a card (RECORD-DUPLICATE-CARD names two of these) ----
    "where.hand": Entry(de="Karten von {seat}", en="hand {seat}"),
    "where.turn-up": Entry(de="Aufschlag", en="turn-up"),
    "where.luck": Entry(de="Luck", en="Luck"),
    "where.boden": Entry(de="Boden", en="Boden"),
    "where.exchange": Entry(de="Tausch von {seat}", en="exchange by {seat}"),
    "where.played": Entry(de="gespielt von {seat}", en="played by {seat}"),

    # ---- the tricks (engine/tricks.py) ----
    "BAPT-4.not-in-pack": Entry(
        de="{seat} hat den Perlagg {card} als {baptism} getauft, eine Karte, die es im Spiel {ruleset} nicht gibt: "
           "das ist keine Taufe, er gilt als {card}",
        en="{seat} baptised the Perlagg {card} as {baptism}, a card the {ruleset} pack does not have: no baptism, "
           "it counts as {card}"),
    "RECORD-AFTER-LAST-TRICK.played": Entry(
        de="{seat} hat {card} nach dem letzten Stich gespielt: jeder hat schon alle {n} Karten gespielt; "
           "die Karte zählt nicht",
        en="{seat} played {card} after the last trick: every player has played all his {n} cards; "
           "the card does not count"),
    "PLAY-14.after-conceded": Entry(
        de="{seat} hat {card} gespielt, obwohl das Spiel schon gut gelassen war",
        en="{seat} played {card} after the Spiel was conceded"),
    "PLAY-14.after-decided": Entry(
        de="{seat} hat {card} gespielt, obwohl das Spiel schon entschieden war",
        en="{seat} played {card} after the Spiel was decided"),
    "BET-3.unanswered": Entry(
        de="{seat} hat {card} gespielt, obwohl das Gebot ({figures:and}) noch nicht beantwortet war",
        en="{seat} played {card} while the bet on {figures:and} was unanswered"),
    "BAPT-1.played": Entry(
        de="{seat} hat {card} als {baptism} getauft, {card} ist aber kein Perlagg: es gilt als {card}",
        en="{seat} named {card} as {baptism}, but {card} is not a Perlagg: it counts as itself"),
    "SETUP-1.second-card": Entry(
        de="{seat} hat eine zweite Karte zum {trick}. Stich gespielt",
        en="{seat} played a second card to trick {trick}"),
    "PLAY-1.led-out-of-turn": Entry(
        de="{seat} hat zum {trick}. Stich ausgespielt; ausspielen muss {expected} (der linke Nachbar des Gebers)",
        en="{seat} led to trick {trick}, but {expected} leads (the dealer's left-hand neighbour)"),
    "PLAY-8.led-out-of-turn": Entry(
        de="{seat} hat zum {trick}. Stich ausgespielt; ausspielen muss {expected} (wer den letzten Stich gemacht hat)",
        en="{seat} led to trick {trick}, but {expected} leads (the winner of the last trick)"),
    "SETUP-1.out-of-turn": Entry(
        de="{seat} hat außer der Reihe gespielt; {expected} war an der Reihe",
        en="{seat} played out of turn; it was {expected}'s turn"),
    "BAPT-6.off-suit": Entry(
        de="{seat} hatte {example} ({led} ausgespielt) und spielte den Perlagg {card} {named}; "
           "er musste {led} oder Trumpf sein; {proof}",
        en="{seat} held {example} ({led} led) and played the Perlagg {card} {named}; it had to be {led} or a trump; "
           "{proof}"),
    "BAPT-6.part.baptised": Entry(de="als {baptism} getauft", en="baptised as {baptism}"),
    "BAPT-6.part.unbaptised": Entry(de="ungetauft, also ein einfacher {card}", en="unbaptised, so a plain {card}"),
    "PLAY-4.trump-lead": Entry(
        de="{seat} hatte den Trumpf {example}, gab aber auf Trumpf {card}; {proof}",
        en="{seat} held the trump {example} but played {card} to a trump lead; {proof}"),
    "PLAY-3.revoke": Entry(
        de="{seat} hatte {example} ({led} ausgespielt), spielte aber {card}: Farbleugnen; {proof}",
        en="{seat} held {example} of the suit led ({led}) but played {card}: revoke; {proof}"),
    # ---- what proves that a player held a card (engine/evidence.py; issue 16) ----
    "moment.trick": Entry(de="im {trick}. Stich", en="at trick {trick}"),
    "moment.deal": Entry(de="vor dem ersten Stich", en="before the first trick"),
    "proof.written": Entry(
        de="{seat} hatte {card} {moment}: sie steht in seinen Karten (Zeile {line})",
        en="{seat} held {card} {moment}: it is written in his hand (line {line})"),
    "proof.cut": Entry(
        de="{seat} hatte {card} {moment}: er behielt sie beim Abheben (Zeile {line})",
        en="{seat} held {card} {moment}: he kept it at the cut (line {line})"),
    "proof.played": Entry(
        de="{seat} hatte {card} {moment}: er spielte sie im {later}. Stich (Zeile {line})",
        en="{seat} held {card} {moment}: he played it in trick {later} (line {line})"),
    "proof.shown": Entry(
        de="{seat} hatte {card} {moment}: er wies sie beim Weisen vor (Zeile {line})",
        en="{seat} held {card} {moment}: he showed it in the show (line {line})"),
    "proof.validated": Entry(
        de="{seat} hatte {card} {moment}: er zeigte sie beim Nachweis (Zeile {line})",
        en="{seat} held {card} {moment}: he showed it to validate a bet (line {line})"),
    "proof.gave": Entry(
        de="{seat} hatte {card}: er gab sie beim Tausch her (Zeile {line})",
        en="{seat} held {card}: he gave it in an exchange (line {line})"),
    "proof.took": Entry(
        de="{seat} hatte {card} {moment}: er nahm sie beim Tausch (Zeile {line})",
        en="{seat} held {card} {moment}: he took it in the exchange (line {line})"),
    "proof.given": Entry(
        de="{seat} hatte {card}: so steht es in seinen Karten",
        en="{seat} held {card}: his hand says so"),
    "where.proven": Entry(de="Karten von {seat} (aus dem Protokoll bewiesen)", en="hand {seat} (proven by the record)"),
    "RECORD-NOT-IN-DECK.played": Entry(
        de="{seat} hat {card} gespielt; diese Karte gibt es im Spiel {ruleset} nicht",
        en="{seat} played {card}, which the {ruleset} pack does not have"),
    "RECORD-NOT-HELD.played": Entry(
        de="{seat} hat {card} gespielt, das er laut Protokoll nicht (mehr) hatte",
        en="{seat} played {card}, which the recorded hand does not hold"),
    "RECORD-TRICK-LABEL.mismatch": Entry(
        de="die Zeile sagt Stich {label}, gespielt wird aber der {trick}. Stich",
        en="the line says trick {label}, but trick {trick} is being played"),
    "note.held-led-suit-unknown": Entry(
        de="Stich {trick}: ob {seat} {led} hatte, ist unbekannt (Karten nur zum Teil bekannt)",
        en="trick {trick}: whether {seat} held {led} is unknown (hand partly unknown)"),
    # ---- the deal (engine/deal.py) ----
    "RECORD-NOT-IN-DECK.recorded": Entry(
        de="{card} gibt es im Spiel {ruleset} nicht ({where})",
        en="{card} is not in the {ruleset} pack ({where})"),
    "RECORD-DUPLICATE-CARD.twice": Entry(
        de="{card} steht zweimal im Protokoll: {first} und {then}",
        en="{card} is recorded twice: {first} and {then}"),
    "CUT-1.wrong-cutter": Entry(
        de="{cutter} hat abgehoben, rechts vom Geber {dealer} sitzt aber {expected}",
        en="{cutter} cut, but the dealer {dealer}'s right-hand opponent is {expected}"),
    "CUT-10.kept": Entry(
        de="{cutter} hat beim Abheben {card} behalten; in diesem Spiel gibt es keine Perlaggen",
        en="{cutter} kept {card} at the cut, but this game has no Perlaggen"),
    "CUT-7.not-permanent": Entry(
        de="{cutter} hat beim Abheben {card} behalten; das ist kein ständiger Perlagg ({permanent:comma})",
        en="{cutter} kept {card} at the cut, which is not a permanent Perlagg ({permanent:comma})"),
    "note.hand-partly-known": Entry(
        de="die Karten von {seat} sind nur zum Teil bekannt: Farbe bekennen und Besitz werden nur an den "
           "bekannten geprüft",
        en="hand {seat} is only partly known: following suit and holdings are checked only against the known cards"),
    "TRUMP-4.never-trumps": Entry(
        de="{card} wurde aufgeschlagen: {suit} kann nicht Trumpf sein",
        en="{card} was turned up: {suit} cannot be trumps"),
    "TRUMP-4.should-have-fixed-trumps": Entry(
        de="{card} wurde aufgeschlagen: damit wäre {suit} Trumpf gewesen",
        en="{card} was turned up: {suit} should have fixed trumps"),
    "note.several-turned-up": Entry(
        de="mehrere Karten aufgeschlagen ({cards:space}); die erste bestimmt Trumpf",
        en="several cards turned up ({cards:space}); the first fixes trumps"),
    "RECORD-EXCHANGE-NOT-TURNED-UP.took": Entry(
        de="{seat} hat {card} genommen, die nicht aufgeschlagen ist",
        en="{seat} took {card}, which is not turned up"),
    "TRUMP-5.not-a-perlagg": Entry(
        de="{seat} hat gegen {card} getauscht, das ist kein Perlagg",
        en="{seat} exchanged for {card}, which is not a Perlagg"),
    "EXCH-6.after-first-card": Entry(
        de="{seat} hat getauscht, nachdem schon die erste Karte gespielt war",
        en="{seat} exchanged after the first card was played"),
    "EXCH-6.after-first-trick": Entry(
        de="{seat} hat nach dem ersten Stich getauscht",
        en="{seat} exchanged after the first trick"),
    "EXCH-4.opponent": Entry(
        de="{seat}, ein Gegner des Gebers {dealer}, hat getauscht",
        en="{seat}, an opponent of the dealer {dealer}, exchanged"),
    "EXCH-12.before-turn": Entry(
        de="{seat} hat getauscht, obwohl {first} noch tauschen durfte",
        en="{seat} exchanged while {first} still had the right to"),
    "EXCH-11.dealer-first": Entry(
        de="{seat} hat den aufgedeckten {card} genommen, obwohl der Geber {dealer} noch eine natürliche Eichel "
           "dafür hatte",
        en="{seat} took the exposed {card} while the dealer {dealer} still held a natural acorn to give for it"),
    "EXCH-1.upgrade": Entry(
        de="{seat} hat mit {card} aufgebessert, obwohl die Partei des Gebers einen natürlichen Trumpf hatte",
        en="{seat} upgraded with {card}, but the dealer's team held a natural trump"),
    "EXCH-2.dealer-first": Entry(
        de="{seat} hat getauscht, obwohl der Geber {dealer} einen natürlichen Trumpf hatte ({card}); {proof}",
        en="{seat} exchanged although the dealer {dealer} held a natural trump ({card}); {proof}"),
    "EXCH-1.not-a-trump": Entry(
        de="{seat} hat {card} gegeben, das ist kein Trumpf",
        en="{seat} gave {card}, which is not a trump"),
    "EXCH-1.gave-a-perlagg": Entry(
        de="{seat} hat den Perlagg {card} gegeben; nur ein natürlicher Trumpf darf es sein",
        en="{seat} gave the Perlagg {card}; only a natural trump may be given"),
    "EXCH-3.lower-for-higher": Entry(
        de="{seat} hat den niedrigeren Perlagg {gives} gegen den höheren {takes} getauscht",
        en="{seat} gave the lower Perlagg {gives} for the higher {takes}"),
    "RECORD-NOT-HELD.gave": Entry(
        de="{seat} hat {card} gegeben, das er laut Protokoll nicht hatte",
        en="{seat} gave {card}, which his recorded hand does not hold"),
    "RECORD-MISSING.dealer": Entry(
        de="kein Geber angegeben (Geber: ...): die Reihenfolge kann nicht geprüft werden",
        en="no dealer recorded (Geber: ...): turn order cannot be checked"),
    "RECORD-MISSING.turn-up": Entry(
        de="kein Aufschlag angegeben (Aufschlag: ...): Trumpf ist unbekannt",
        en="no turn-up recorded (Aufschlag: ...): trumps are unknown"),
    "note.trumps-unknown": Entry(
        de="Trumpf unbekannt: Farbe bekennen, Stechen und die Trumpf-Perlaggen werden nicht geprüft",
        en="trumps unknown: following suit, trumping and the trump Perlaggen are not checked"),
    "RECORD-CUT-NOT-IN-HAND.missing": Entry(
        de="{card}, beim Abheben behalten, fehlt in den Karten von {cutter}",
        en="{card}, kept at the cut, is not in {cutter}'s hand"),
    "PEN-2.played-on": Entry(
        de="{seat} hat mit {n} statt {size} Karten weitergespielt",
        en="{seat} played on with {n} instead of {size} cards"),
    "DEAL-6.misdeal": Entry(
        de="{seat} hat {n} statt {size} Karten bekommen",
        en="{seat} was dealt {n} instead of {size} cards"),
    "DEAL-6.first-packet": Entry(
        de="nach dem ersten Paket abgebrochen, vergeben: {packets:semicolon}; es ist ein Vergeben, wie viele Pakete "
           "auch falsch sind (§ 5; 002 Dealing: die Gegner können neues Geben verlangen, der Abheber hebt noch einmal "
           "ab)",
        en="stopped after the first packet, a misdeal: {packets:semicolon}; one misdeal however many packets are "
           "wrong (§ 5; 002 Dealing: the opponents may demand a new deal, and the cutter cuts again)"),
    "part.packet": Entry(
        de="{seat} hat {n} statt {expected} Karten",
        en="{seat} holds {n} instead of {expected} cards"),
    "part.cutter-packet": Entry(
        de=("der Abheber {seat} hat {n} statt {expected} Karten (er hat {kept} Perlagg behalten und bekommt im ersten "
            "Paket um so viel weniger)",
            "der Abheber {seat} hat {n} statt {expected} Karten (er hat {kept} Perlaggen behalten und bekommt im "
            "ersten Paket für jeden eine Karte weniger, bis zu keiner)"),
        en=("the cutter {seat} holds {n} instead of {expected} cards (he kept {kept} Perlagg at the cut and gets one "
            "card fewer in the first packet)",
            "the cutter {seat} holds {n} instead of {expected} cards (he kept {kept} Perlaggen at the cut and gets one "
            "card fewer for each in the first packet, down to none)"),
        count="kept"),
    "DEAL-6.redeal-after-play": Entry(
        de="neu gegeben, nachdem das Spiel schon begonnen hatte: ein Vergeben ist sofort zu melden (§ 5), die "
           "Ausgabe war damit nicht ungültig; eine falsche Kartenzahl, mit der weitergespielt wurde, gilt als "
           "weitergespielt (§ 6, wo das Regelwerk ihn hat)",
        en="redealt after play had begun: a misdeal must be reported at once (§ 5), so the deal was not void; a "
           "wrong hand played on counts as played on (§ 6, where the ruleset has it)"),

    # ---- the replay (engine/replay.py) ----
    "SETUP-4.wrong-dealer": Entry(
        de="{seat} hat gegeben, laut Schrift gibt aber {expected} die {deal}. Ausgabe (das erste Spiel gab {first}, "
           "dann immer links weiter)",
        en="{seat} dealt, but by the scoresheet deal {deal} is {expected}'s (the first deal was {first}'s, then to "
           "the left)"),
    "PLAY-11.corrected": Entry(
        de="{seat} nahm {card} zurück, um {led} zu bedienen: erlaubt und straffrei (§ 17: "
           "„es sei denn, dass Farbe bekannt werden muss“); das Farbleugnen zählt nicht",
        en="{seat} took {card} back to follow suit ({led}): allowed and free (§ 17: \"es sei denn, dass "
           "Farbe bekannt werden muss\"); the revoke does not count"),
    "PLAY-11.taken-back": Entry(
        de="{seat} nahm {card} zurück, um {led} zu bedienen: erlaubt (§ 17); seine Karten sind nicht "
           "alle bekannt, so gilt, dass er Farbe bekennen musste",
        en="{seat} took {card} back to follow suit ({led}): allowed (§ 17); his hand is not fully known, so "
           "he is taken to have had to follow"),
    "PLAY-11.followed": Entry(
        de="{seat} wollte {card} zurücknehmen, hatte damit aber Farbe bekannt oder gestochen: nicht erlaubt "
           "(§ 17), die Karte bleibt gespielt",
        en="{seat} tried to take back {card}, which followed suit or trumped: not allowed (§ 17), the card "
           "stays played"),
    "PLAY-11.no-need": Entry(
        de="{seat} wollte {card} zurücknehmen, ohne Farbe bekennen zu müssen (er hat keine): nicht erlaubt "
           "(§ 17), die Karte bleibt gespielt",
        en="{seat} tried to take back {card} with no suit to follow (he holds none): not allowed (§ 17), "
           "the card stays played"),
    "PLAY-11.lead": Entry(
        de="{seat} wollte sein Ausspiel {card} zurücknehmen: nicht erlaubt (§ 17 erlaubt es nur, um Farbe "
           "zu bekennen), die Karte bleibt ausgespielt",
        en="{seat} tried to take back his lead {card}: not allowed (§ 17 allows it only to follow suit), "
           "the card stays led"),
    "PLAY-11.too-late": Entry(
        de="{seat} wollte {card} zurücknehmen, die nicht im offenen Stich liegt: nur innerhalb derselben "
           "Runde (§ 17), die Zurücknahme gilt nicht",
        en="{seat} tried to take back {card}, which is not in the open trick: only within the same trick "
           "(§ 17), the take-back is void"),
    "PLAY-11.replacement-void": Entry(
        de="{seat} legte {card} statt der Karte, die er nicht zurücknehmen durfte: {card} kommt wieder "
           "zu seinen Karten",
        en="{seat} laid {card} instead of the card he could not take back: {card} goes back to his hand"),
    "BAPT-7.taken-back": Entry(
        de="{seat} wollte den Perlagg {card} zurücknehmen: ein ausgespielter Perlagg darf niemals "
           "zurückgenommen werden (§ 19), er bleibt gespielt",
        en="{seat} tried to take back the Perlagg {card}: a Perlagg played may never be taken back (§ 19), "
           "it stays played"),
    "undone.refused": Entry(de="vom Tisch abgelehnt", en="refused by the table"),
    "undone.withdrawn": Entry(de="zurückgenommen", en="withdrawn"),
    "undone.would-break": Entry(
        de="{how}, also nicht geschehen, ohne Strafe: {account}",
        en="{how}, so it did not happen, no penalty: {account}"),
    "SETUP-6.refused": Entry(
        de="{seat}: der Tisch lehnte ab, was er bot, hielt oder gut ließ; Gesagtes gilt (§ 9, § 11): ein "
           "erlaubtes Gebot steht, ein unerlaubtes ist ohnehin nichtig und wird wie immer beurteilt",
        en="{seat}: the table refused his bet, hold or concession; what is said is said (§ 9, § 11): an allowed "
           "one stands, a forbidden one is void anyway and judged as always"),
    "SETUP-6.withdrawn": Entry(
        de="{seat} wollte zurücknehmen, was er geboten, gehalten oder gut gelassen hat: das darf „unter keinen "
           "Umständen mehr widerrufen werden“ (§ 9), es gilt",
        en="{seat} tried to withdraw a bet, hold or concession: it \"darf unter keinen Umständen mehr widerrufen "
           "werden\" (§ 9), it stands"),
    "EXCH-1.refused": Entry(
        de="{seat} durfte {gives} gegen {takes} tauschen, der Tisch lehnte ab: der Tausch ist nicht geschehen, "
           "keine Karte wechselt",
        en="{seat} was allowed to exchange {gives} for {takes}; the table refused: the exchange did not happen, "
           "no card changes hands"),
    "EXCH-1.withdrawn": Entry(
        de="{seat} nahm den Tausch {gives} gegen {takes} zurück: er ist nicht geschehen, keine Karte wechselt",
        en="{seat} withdrew the exchange of {gives} for {takes}: it did not happen, no card changes hands"),
    "BAPT-1.refused": Entry(
        de="der Tisch lehnte die Taufe {card}={baptism} von {seat} ab, obwohl sie erlaubt war: eine abgelehnte "
           "Taufe legt nichts fest",
        en="the table refused {seat}'s baptism {card}={baptism}, though it was allowed: a refused baptism fixes "
           "nothing"),
    "PLAY-11.refused": Entry(
        de="der Tisch lehnte {card} von {seat} ab, obwohl die Karte erlaubt war: sie gilt nicht als gespielt",
        en="the table refused {seat}'s {card}, though the card was allowed: it does not count as played"),
    "BAPT-5.refused-show": Entry(
        de="{seat}: die Perlaggen der abgelehnten Weisung bleiben getauft, wie sie genannt wurden (§ 18: "
           "„unter keinen Umständen mehr getauft“)",
        en="{seat}: the Perlaggen of the refused show keep the baptisms named (§ 18: \"unter keinen Umständen "
           "mehr getauft\")"),
    "BAPT-5.withdrawn-show": Entry(
        de="{seat}: die Perlaggen der zurückgenommenen Weisung bleiben getauft, wie sie genannt wurden (§ 18)",
        en="{seat}: the Perlaggen of the withdrawn show keep the baptisms named (§ 18)"),
    "SHOW-3.refused": Entry(
        de="{seat}: vom Tisch abgelehnt, gilt nicht als gewiesen", en="{seat}: refused by the table, not shown"),
    "SHOW-3.withdrawn": Entry(
        de="{seat}: zurückgenommen, gilt nicht als gewiesen", en="{seat}: withdrawn, not shown"),
    "SHOW-3.refused-stage": Entry(
        de="die Stufe wurde vom Tisch abgelehnt und gilt nicht", en="the stage was refused by the table and does "
                                                                    "not count"),
    "SHOW-3.withdrawn-stage": Entry(
        de="die Stufe wurde zurückgenommen und gilt nicht", en="the stage was withdrawn and does not count"),
    "VALID-1.refused": Entry(
        de="der Nachweis wurde vom Tisch abgelehnt und hat nicht begonnen",
        en="the validation was refused by the table and has not begun"),
    "VALID-1.withdrawn": Entry(
        de="der Nachweis wurde zurückgenommen und hat nicht begonnen",
        en="the validation was withdrawn and has not begun"),
    "END-8.refused": Entry(
        de="{seat}: das Fragen wurde vom Tisch abgelehnt und gilt nicht",
        en="{seat}: the asking was refused by the table and does not count"),
    "END-8.withdrawn": Entry(
        de="{seat}: das Fragen wurde zurückgenommen und gilt nicht", en="{seat}: the asking was withdrawn and does "
                                                                      "not count"),
    "BET-2.refused": Entry(
        de="{seat}: die Ansage wurde vom Tisch abgelehnt; sie war ohnehin kein Gebot (§ 8)",
        en="{seat}: the call was refused by the table; it was no bet anyway (§ 8)"),
    "BET-2.withdrawn": Entry(
        de="{seat}: die Ansage wurde zurückgenommen; sie war ohnehin kein Gebot (§ 8)",
        en="{seat}: the call was withdrawn; it was no bet anyway (§ 8)"),
    "PLAY-11.refused-take-back": Entry(
        de="{seat}: das Zurücknehmen von {card} wurde vom Tisch abgelehnt: die Karte bleibt gespielt",
        en="{seat}: taking back {card} was refused by the table: the card stays played"),
    "PLAY-11.withdrawn-take-back": Entry(
        de="{seat}: das Zurücknehmen von {card} wurde zurückgenommen: die Karte bleibt gespielt",
        en="{seat}: taking back {card} was itself withdrawn: the card stays played"),
    "RECORD-GIVE-UP.bet-pending": Entry(
        de="{seat} hat {figure} „aufgegeben“, während ein Gebot auf seine Antwort wartet: das ist ein "
           "Gutlassen des Gebots („gut“) und zählt so",
        en="{seat} 'gave up' {figure} while a bet awaits his answer: that is conceding the bet ('gut'), and "
           "it counts as such"),
    "RECORD-GIVE-UP.not-held": Entry(
        de="{seat} hat {figure} „aufgegeben“, doch niemand hat es geboten und gehalten: das ist ein "
           "Gutlassen („gut“) und zählt so",
        en="{seat} 'gave up' {figure}, but nobody bet and held it: that is a concession ('gut'), and it counts "
           "as such"),
    "SHOW-13.not-in-show": Entry(
        de="{seat} fragt nach {figure} außerhalb des Weisens: die Frage verpflichtet zu nichts (§ 22)",
        en="{seat} asks about the {figure} outside the show: the question obliges nobody (§ 22)"),
    "SHOW-13.decided": Entry(
        de="{seat} fragt nach {figure}, die schon entschieden ist: nichts zu beantworten (§ 22)",
        en="{seat} asks about the {figure}, which is already decided: nothing to answer (§ 22)"),
    "SHOW-13.unanswered": Entry(
        de="{seat} fragte nach {figure}; die gefragte Partei hat sie bis zum Ende des Weisens weder gewiesen, "
           "gestellt, gut gelassen noch geboten (§ 22: „ist verpflichtet“; keine Strafe genannt)",
        en="{seat} asked about the {figure}; the party asked neither showed it, declared it standing, conceded "
           "nor bet it by the end of the show (§ 22 \"ist verpflichtet\"; no sanction is named)"),
    "PEN-12.caught": Entry(de="{seat} beim Kartenstehlen ertappt", en="{seat} was caught stealing cards"),
    "RECORD-SEAT.no-seat": Entry(
        de="am Tisch zu {players} gibt es keinen Platz {seat} ({seats:comma})",
        en="there is no seat {seat} at a table of {players} ({seats:comma})"),
    "RECORD-SEAT.no-side": Entry(
        de="am Tisch zu {players} gibt es keine Partei {side} ({sides:comma})",
        en="there is no side {side} at a table of {players} ({sides:comma})"),
    "END-8.asked-out-of-turn": Entry(
        de="{seat} hat vor {before} gefragt, der früher an der Reihe war; gefragt wird der Reihe nach vom linken "
           "Nachbarn des Gebers an ({order:comma})",
        en="{seat} asked before {before}, whose turn came first; the players ask in turn from the dealer's left "
           "({order:comma})"),
    # ---- the asking at 17:17: askings, answers and grades checked against the hands (engine/asking.py) ----
    "END-8.false-ask": Entry(
        de="{seat} fragt um eine Figur von {size} Karten{kind}, hat aber keine so lange: seine längste ist "
           "{best} ({cards:space})",
        en="{seat} asks about a figure of {size} cards{kind} but holds none that long: his longest is {best} "
           "({cards:space})"),
    "END-9.false-ask": Entry(
        de="{seat} fragt „tritt {size} erlaubt?“{kind}, hat aber keine Figur von {size} Karten: seine längste ist "
           "{best} ({cards:space})",
        en='{seat} asks "tritt {size} erlaubt?"{kind} but holds no figure of {size} cards: his longest is {best} '
           "({cards:space})"),
    "END-8.false-not-allowed": Entry(
        de="{seat} erklärt auf die Frage von {asker} um {size} Karten, ebenfalls eine solche Figur zu haben, hat "
           "aber keine: seine längste ist {best} ({cards:space})",
        en="{seat} declares, to {asker}'s asking about {size} cards, that he too has such a figure, but he has "
           "none: his longest is {best} ({cards:space})"),
    "END-9.false-not-allowed": Entry(
        de="{seat} antwortet {asker} „nicht erlaubt“ ({size} Karten), hat aber keine Figur so vieler Karten: seine "
           "längste ist {best} ({cards:space})",
        en='{seat} answers {asker} "nicht erlaubt" ({size} cards) but holds no figure of as many cards: his '
           "longest is {best} ({cards:space})"),
    "END-8.false-allowed": Entry(
        de="{seat} antwortet {asker} „erlaubt“ ({size} Karten), hat aber selbst eine solche Figur: {best} "
           "({cards:space})",
        en='{seat} answers {asker} "erlaubt" ({size} cards) but has such a figure himself: {best} ({cards:space})'),
    "END-9.false-allowed": Entry(
        de="{seat} antwortet {asker} „erlaubt“ ({size} Karten), hat aber eine Figur ebenso vieler oder mehr Karten: "
           "{best} ({cards:space})",
        en='{seat} answers {asker} "erlaubt" ({size} cards) but holds a figure of as many cards or more: {best} '
           "({cards:space})"),
    "END-8.grade-overstated": Entry(
        de="{seat} bekennt {declared}, hat aber keine solche Figur: sein bestes ist {best} ({cards:space})",
        en="{seat} declares {declared} but has no such figure: his best is {best} ({cards:space})"),
    "END-9.grade-overstated": Entry(
        de="{seat} bekennt {declared}, hat aber keine solche Figur: sein bestes ist {best} ({cards:space})",
        en="{seat} declares {declared} but has no such figure: his best is {best} ({cards:space})"),
    "END-8.grade-understated": Entry(
        de="{seat} bekennt {declared}, seine Figur ist aber besser: {best} ({cards:space})",
        en="{seat} declares {declared}, but his figure is better: {best} ({cards:space})"),
    "END-9.grade-understated": Entry(
        de="{seat} bekennt {declared}, seine Figur ist aber besser: {best} ({cards:space})",
        en="{seat} declares {declared}, but his figure is better: {best} ({cards:space})"),
    "END-8.shown-before-grade": Entry(
        de="{seat} weist Karten auf den Tisch, bevor der Höhengrad festgestellt ist (§ 25); eine Strafe nennt "
           "§ 25 nicht",
        en="{seat} lays cards on the table before the grade is established (§ 25); § 25 names no penalty"),
    "END-8.refused-answer": Entry(
        de="{seat}: die Antwort wurde vom Tisch abgelehnt und gilt nicht",
        en="{seat}: the answer was refused by the table and does not count"),
    "END-8.withdrawn-answer": Entry(
        de="{seat}: die Antwort wurde zurückgenommen und gilt nicht",
        en="{seat}: the answer was withdrawn and does not count"),
    "END-8.refused-grade": Entry(
        de="{seat}: der bekannte Höhengrad wurde vom Tisch abgelehnt und gilt nicht",
        en="{seat}: the grade declared was refused by the table and does not count"),
    "END-8.withdrawn-grade": Entry(
        de="{seat}: der bekannte Höhengrad wurde zurückgenommen und gilt nicht",
        en="{seat}: the grade declared was withdrawn and does not count"),
    "asking.best": Entry(de="{figure} {value}", en="{figure} {value}"),
    "asking.none": Entry(de="kein {figure}", en="no {figure}"),
    "asking.no-figure": Entry(de="nicht einmal ein Paar", en="not even a pair"),
    "asking.kind": Entry(de=" ({figure})", en=" ({figure})"),
    "END-9.asked-out-of-turn": Entry(
        de="{seat} hat vor {before} gefragt, der früher an der Reihe war; gefragt wird der Reihe nach vom linken "
           "Nachbarn des Gebers an ({order:comma})",
        en="{seat} asked before {before}, whose turn came first; the players ask in turn from the dealer's left "
           "({order:comma})"),
    "RECORD-SCORE.before-deal": Entry(
        de="die Schrift sagt {written} vor dieser Ausgabe, gerechnet ist es {score} ({sides:columns})",
        en="the scoresheet says {written} before this deal, the running score is {score} ({sides:columns})"),
    "RECORD-SCORE.after-deal": Entry(
        de="die Schrift sagt {written} nach dieser Ausgabe, gerechnet ist es {score} ({sides:columns})",
        en="the scoresheet says {written} after this deal, the running score is {score} ({sides:columns})"),
    "SCORE-10.stands-old": Entry(
        de="es bleibt beim geschriebenen {written} statt {score}: es wurde nicht rechtzeitig reklamiert, und eine "
           "Reklamation gilt nicht mehr, sobald die Punkte der nächsten Ausgabe notiert sind (alter § 33)",
        en="the scoresheet's {written} stands instead of {score}: no claim was made in time, and a claim is too late "
           "once the next deal's points are written (old § 33)"),
    "SCORE-10.stands-neue": Entry(
        de="es bleibt beim geschriebenen {written} statt {score}: es wurde nicht rechtzeitig reklamiert, und eine "
           "Reklamation gilt nicht mehr, sobald die Karten eingesammelt sind (Neue § 33)",
        en="the scoresheet's {written} stands instead of {score}: no claim was made in time, and a claim is too late "
           "once the cards are collected (Neue § 33)"),

    # ---- claims against the sheet and points owed (engine/sheet.py) ----
    "claim.score": Entry(de="Stand", en="score"),
    "claim.points": Entry(de="Punkte", en="points"),
    "SCORE-10.claim-upheld": Entry(
        de="{seat} reklamiert {what} {claimed} der {deal}. Ausgabe rechtzeitig und zu Recht: die Schrift wird auf "
           "{right} berichtigt (geschrieben war {written})",
        en="{seat}'s claim of {what} {claimed} for deal {deal} is in time and right: the sheet is put right to "
           "{right} (it said {written})"),
    "SCORE-10.claim-agrees": Entry(
        de="{seat} reklamiert {what} {claimed} der {deal}. Ausgabe rechtzeitig und zu Recht; an der Schrift ist "
           "nichts zu berichtigen",
        en="{seat}'s claim of {what} {claimed} for deal {deal} is in time and right; the sheet needs no correction"),
    "SCORE-10.claim-wrong": Entry(
        de="{seat} reklamiert {what} {claimed} der {deal}. Ausgabe zu Unrecht: laut Aufzeichnung ist es {right}; "
           "die Reklamation ändert nichts",
        en="{seat}'s claim of {what} {claimed} for deal {deal} is wrong: the record proves {right}; the claim "
           "changes nothing"),
    "SCORE-10.claim-late-old": Entry(
        de="{seat} reklamiert {what} {claimed} der {deal}. Ausgabe zu spät: die Punkte der nächsten Ausgabe sind "
           "schon notiert (alter § 33); es bleibt bei {standing}",
        en="{seat}'s claim of {what} {claimed} for deal {deal} comes too late: the next deal's points are already "
           "written (old § 33); the score stands at {standing}"),
    "SCORE-10.claim-late-neue": Entry(
        de="{seat} reklamiert {what} {claimed} der {deal}. Ausgabe zu spät: die Karten jener Ausgabe sind schon "
           "eingesammelt (Neue § 33); es bleibt bei {standing}",
        en="{seat}'s claim of {what} {claimed} for deal {deal} comes too late: the cards of that deal are already "
           "collected (Neue § 33); the score stands at {standing}"),
    "RECORD-CLAIM.nothing-written": Entry(
        de="{seat} reklamiert {claimed}, aber vor der Reklamation ist von der Partie noch nichts aufgeschrieben",
        en="{seat} claims {claimed}, but nothing of the match is written before the claim to claim against"),
    "RECORD-CLAIM.not-yet-written": Entry(
        de="{seat} reklamiert {claimed} für die {deal}. Ausgabe, von der vor der Reklamation noch nichts "
           "aufgeschrieben ist: es gibt nichts zu reklamieren",
        en="{seat} claims {claimed} for deal {deal}, of which nothing is written before the claim: there is "
           "nothing to claim against"),
    "RECORD-CLAIM.no-such-deal": Entry(
        de="{seat} reklamiert {claimed} für die {deal}. Ausgabe, die vor der Reklamation nicht als Ausgabe dieser "
           "Partie gezählt ist",
        en="{seat} claims {claimed} for deal {deal}, which is no counted deal of this match before the claim"),
    "written.owed": Entry(de="die Schuld", en="the points owed"),
    "RECORD-OWED.before-deal": Entry(
        de="die Schrift notiert {written} als Schuld vor dieser Ausgabe, nach § 10 geschuldet ist {owed} "
           "({sides:columns})",
        en="the sheet notes {written} owed before this deal; under § 10 the sides owe {owed} ({sides:columns})"),
    "RECORD-OWED.after-deal": Entry(
        de="die Schrift notiert {written} als Schuld nach dieser Ausgabe, nach § 10 geschuldet ist {owed} "
           "({sides:columns})",
        en="the sheet notes {written} owed after this deal; under § 10 the sides owe {owed} ({sides:columns})"),
    "RECORD-OWED.none-owed": Entry(
        de="die Schrift notiert {written} als Schuld, nach {ruleset} schuldet aber niemand etwas: Strafpunkte werden "
           "gleich abgezogen, auch unter 0 (000 Scoring: 'deducted from their score'); der Stand ist {score} "
           "({sides:columns})",
        en="the sheet notes {written} owed, but under {ruleset} nobody owes anything: penalty points are deducted at "
           "once, even below 0 (000 Scoring: 'deducted from their score'); the score is {score} ({sides:columns})"),
    "RECORD-OWED.countdown": Entry(
        de="die Schrift notiert {written} als Schuld, bei {ruleset} werden Strafpunkte aber dazugezählt (004 "
           "Strafperlaggen): geschuldet wird nichts; der Stand ist {score} ({sides:columns})",
        en="the sheet notes {written} owed, but {ruleset} adds penalty points to the score (004 Strafperlaggen): "
           "nothing is owed; the score is {score} ({sides:columns})"),

    "SCORE-11.owed-agrees": Entry(
        de="die notierte Schuld {written} stimmt: so viel ist nach § 10 noch von den nächsten Punkten abzuziehen "
           "({sides:columns})",
        en="the points noted as owed, {written}, are right: § 10 leaves that much to be taken from the next points "
           "won ({sides:columns})"),
    "SCORE-11.owed-from-start": Entry(
        de="die Aufzeichnung beginnt mit der Schuld {written}: sie wird von den nächsten Punkten abgezogen (§ 10) "
           "({sides:columns})",
        en="the record begins with {written} owed: it is taken from the next points won (§ 10) ({sides:columns})"),
    "SCORE-11.none-owed-agrees": Entry(
        de="die notierte Schuld {written} stimmt: nach § 10 schuldet niemand etwas ({sides:columns})",
        en="the points noted as owed, {written}, are right: under § 10 nobody owes anything ({sides:columns})"),
    "SCORE-11.nothing-owed": Entry(
        de="die notierte Schuld {written} stimmt: nach {ruleset} schuldet niemand etwas (der Stand ist {score})",
        en="the points noted as owed, {written}, are right: under {ruleset} nobody owes anything (the score is "
           "{score})"),

    # ---- betting (engine/betting.py) ----
    "word.good": Entry(de="gut", en="good"),
    "word.hold": Entry(de="halte", en="hold"),
    "BET-5.answered-own": Entry(
        de="{seat} hat auf das Gebot der eigenen Partei geantwortet ('{word}')",
        en="{seat} answered ('{word}') his own team's bet"),
    "BET-4.nothing-to-answer": Entry(
        de="{seat} sagte '{word}', aber kein Gebot wartete auf Antwort",
        en="{seat} said '{word}', but no bet awaited his team's answer"),
    "BET-8.decided": Entry(
        de="{seat} hat {figure} geboten, das schon entschieden ist",
        en="{seat} bet the {figure}, which is already decided"),
    "BET-8.by-tricks": Entry(
        de="{seat} hat das Spiel geboten, das durch die Stiche schon entschieden ist",
        en="{seat} bet the Spiel, which the tricks have already decided"),
    "BET-8.let-go": Entry(
        de="{seat} hat {figure} geboten, das er schon gut gelassen hat",
        en="{seat} bet the {figure}, which he has already let go ('good')"),
    "BET-6.again-unanswered": Entry(
        de="{seat} hat {figure} nochmals geboten, bevor die Gegner geantwortet haben",
        en="{seat} bet the {figure} again before the opponents answered his team's bet"),
    "BET-6.seen": Entry(
        de="{seat} hat {figure} geboten, aber das letzte Gebot seiner Partei darauf wurde gehalten: jetzt sind die "
           "Gegner am Bieten",
        en="{seat} bet the {figure}, but his team's last bet on it was seen: it is the opponents' turn to bet it"),
    "BET-7.bet-past-top": Entry(
        de="{seat} hat {figure} über das Höchste ({top}) hinaus geboten",
        en="{seat} bet the {figure} beyond the top of the ladder ({top})"),
    "SHOW-7.bet": Entry(
        de="{seat} hat {figure} geboten, während die Gegner am Weisen waren",
        en="{seat} bet the {figure} during the other team's turn to show"),
    "SHOW-7.bet-before-turn": Entry(
        de=("{seat} hat {figure} geboten, bevor seine Partei am Weisen war: ist das Spiel entschieden, "
            "weist und bietet zuerst die Partei, die es gemacht hat (Vorbieten)"),
        en=("{seat} bet the {figure} before his team's turn to show: once the Spiel is decided "
            "the team that won it shows and bets first")),
    "END-17.on-one": Entry(
        de=("{seat} hat mit {score} Punkt geboten oder gesteigert: wer auf 1 steht, darf nur halten",
            "{seat} hat mit {score} Punkten geboten oder gesteigert: wer auf 1 steht, darf nur halten"),
        en=("{seat} bet or raised on {score} point: a player on 1 may only hold",
            "{seat} bet or raised on {score} points: a player on 1 may only hold"),
        count="score"),
    "END-2.gestrichen": Entry(
        de="{seat} hat geboten, obwohl seine Partei gestrichen ist ({score} von {target})",
        en="{seat} bet although his team is gestrichen ({score} of {target})"),
    "END-3.would-reach": Entry(
        de="{seat} hat {figure} geboten: mit {value} gut gelassen brächte es seine Partei auf {reached} von {target}",
        en="{seat} bet the {figure}: conceded at {value} it would take his team to {reached} of {target}"),
    "BET-13.bet": Entry(
        de="{seat} hat im letzten Stich das Spiel mit {card} geboten: weder {led} (ausgespielt), Trumpf noch Perlagg",
        en="{seat} bet the Spiel in the last trick with {card}: neither {led} (led), a trump nor a Perlagg"),
    "BET-13.held": Entry(
        de="{seat} hat im letzten Stich das Spiel mit {card} gehalten: weder {led} (ausgespielt), Trumpf noch "
           "Perlagg",
        en="{seat} held the Spiel in the last trick with {card}: neither {led} (led), a trump nor a Perlagg"),
    "BET-13.raised": Entry(
        de="{seat} hat im letzten Stich das Spiel mit {card} gesteigert: weder {led} (ausgespielt), Trumpf noch "
           "Perlagg",
        en="{seat} raised the Spiel in the last trick with {card}: neither {led} (led), a trump nor a Perlagg"),
    "P3-4.answered-out-of-turn": Entry(
        de="{seat} hat vor {first} geantwortet, der zuerst an der Reihe war",
        en="{seat} answered before {first}, whose answer came first"),
    "BLIND-1.no-blind-bets": Entry(
        de="{seat} hat blind geboten, aber dieses Regelwerk kennt keine Blind-Gebote",
        en="{seat} bet blind, but this ruleset has no blind bets"),
    "BLIND-1.after-cut": Entry(
        de="{seat} hat nach dem Abheben blind geboten; blind geboten wird vor dem Abheben",
        en="{seat} bet blind after the cut; blind bets come before it"),
    "BLIND-2.not-all-three": Entry(
        de="{seat} hat nur {figures:and} blind geboten; blind dürfen nur alle drei Figuren zusammen geboten werden",
        en="{seat} bet only {figures:and} blind; only all three figures together may be bet blind"),
    "BLIND-2.not-behind": Entry(
        de=("die Partei von {seat} liegt {behind} Punkt zurück; blind bieten darf nur, wer {needed} zurückliegt",
            "die Partei von {seat} liegt {behind} Punkte zurück; blind bieten darf nur, wer {needed} zurückliegt"),
        en=("{seat}'s team is {behind} point behind; a blind bet needs {needed}",
            "{seat}'s team is {behind} points behind; a blind bet needs {needed}"),
        count="behind"),
    "BET-4.hold-nothing": Entry(
        de="{seat} hat {figure} gehalten, aber kein Gebot darauf wartete auf seine Antwort",
        en="{seat} held the {figure}, but no bet on it awaited his answer"),
    "BET-4.raise-nothing": Entry(
        de="{seat} hat {figure} gesteigert, ohne dass die Gegner geboten hatten",
        en="{seat} raised the {figure} with no opposing bet to answer"),
    "BET-5.raise-own": Entry(
        de="{seat} hat {figure} gesteigert, ohne dass die Gegner geboten hatten",
        en="{seat} raised the {figure} with no opposing bet to answer"),
    "BET-7.raise-skipped-step": Entry(
        de="{seat} hat {figure} auf {value} gesteigert; nach {after} kommt {next}: das gilt nicht, das Gebot wartet "
           "weiter auf Antwort",
        en="{seat} raised the {figure} to {value}; the next step after {after} is {next}: the raise is void and the "
           "bet still awaits an answer"),
    "BET-7.raise-past-top": Entry(
        de="{seat} hat {figure} auf {value} gesteigert; nach {after} kommt {next}, höchstens {top}: das gilt nicht, "
           "das Gebot wartet weiter auf Antwort",
        en="{seat} raised the {figure} to {value}; the next step after {after} is {next} and the top is {top}: the "
           "raise is void and the bet still awaits an answer"),
    "P3-13.unbet-spiel": Entry(
        de="{seat} hat das Spiel gut gelassen, ohne dass es geboten war; zu dritt ist das nicht erlaubt",
        en="{seat} let the Spiel go although nobody had bet it; with three players that is not allowed"),
    "BET-5.own-bet": Entry(
        de="{seat} hat auf das Gebot der eigenen Partei ({figure}) geantwortet",
        en="{seat} answered his own team's bet on the {figure}"),
    "BET-2.no-bet": Entry(
        de="{seat} hat '{figures:space}!' ohne 'biete' oder 'geboten' gesagt: das ist kein Gebot",
        en="{seat} said '{figures:space}!' without the word for betting: that is no bet"),

    # ---- the show (engine/show.py) ----
    "SHOW-2.wrong-first": Entry(
        de="das Weisen begann mit {side}, aber {winner} hat das Spiel und muss zuerst weisen",
        en="the show began with {side}, but {winner} won the Spiel and must show first"),
    "P3-14.out-of-turn": Entry(
        de="{side} hat außer der Reihe gewiesen: {expected} ist mit dem Weisen an der Reihe (im Uhrzeigersinn)",
        en="{side} showed out of turn: it is {expected}'s turn to show (clockwise)"),
    "SHOW-8.twice": Entry(
        de="{side} hat zweimal hintereinander gewiesen; gewiesen wird abwechselnd",
        en="{side} showed twice in a row; the teams show alternately"),
    "BAPT-1.shown": Entry(
        de="{seat} hat {card} als {baptism} gewiesen, {card} ist aber kein Perlagg",
        en="{seat} showed {card} as {baptism}, but {card} is not a Perlagg"),
    "BAPT-5.rebaptised": Entry(
        de="{seat} hat den Perlagg {card} als {baptism} gewiesen, er war aber schon als {fixed} getauft",
        en="{seat} showed the Perlagg {card} as {baptism}, but it was already baptised {fixed}"),
    "SHOW-7.show": Entry(
        de="{seat} hat gewiesen, während die Gegner am Weisen waren",
        en="{seat} showed during the other team's turn to show"),
    "SHOW-7.show-before-turn": Entry(
        de=("{seat} hat gewiesen, bevor seine Partei am Weisen war: ist das Spiel entschieden, weist "
            "zuerst die Partei, die es gemacht hat (Vorweisen)"),
        en=("{seat} showed before his team's turn to show: once the Spiel is decided the "
            "team that won it shows first")),
    "RECORD-NOT-IN-DECK.shown": Entry(
        de="{seat} hat {card} gewiesen; diese Karte gibt es im Spiel {ruleset} nicht",
        en="{seat} showed {card}, which the {ruleset} pack does not have"),
    "RECORD-NOT-HELD.shown": Entry(
        de="{seat} hat {card} gewiesen, die er nicht hatte",
        en="{seat} showed {card}, which is not among his cards"),
    "SHOW-10.improved": Entry(
        de="{seat} hat {figure} verbessert, das seine Partei stehen gelassen hatte: die Verbesserung zählt nicht",
        en="{seat} improved the {figure}, which his team had left standing: the improvement does not count"),
    "SHOW-11.improved": Entry(
        de="{seat} hat {figure} verbessert, das seine Partei stehen gelassen hatte: die Verbesserung zählt nicht",
        en="{seat} improved the {figure}, which his team had left standing: the improvement does not count"),
    "SHOW-6.other-open": Entry(
        de="die Partei von {seat} hat beim Weisen geboten, ohne vorher {figure} gut zu lassen, zu weisen oder zu "
           "bieten, bevor die Gegner antworteten",
        en="{seat}'s team bet during its turn to show but had not conceded, contested or bet the {figure} before "
           "the opponents answered"),

    # ---- scoring (engine/scoring.py) ----
    "note.no-show-hand-unknown": Entry(
        de="{figure}: das Weisen ist dazu nicht aufgeschrieben, und die Karten von {seat} sind nicht ganz bekannt",
        en="{figure}: the show records nothing of it, and {seat}'s hand is not fully known"),
    "note.no-show-hand-partly-proven": Entry(
        de=("{figure}: das Weisen ist dazu nicht aufgeschrieben, und von den Karten von {seat} sind nur {n} von "
            "{size} bewiesen; die übrigen könnten jede Figur machen: nicht zu entscheiden"),
        en=("{figure}: the show records nothing of it, and only {n} of {seat}'s {size} cards are proven; the "
            "others could make any figure: it cannot be decided")),
    "note.no-show-from-hands": Entry(
        de="{figure}: das Weisen ist dazu nicht aufgeschrieben; nach den nachgewiesenen Karten entschieden",
        en="{figure}: the show records nothing of it; decided from the hands as the record proves them"),
    "note.example-unknown": Entry(
        de="ob {seat} ein {figure} weisen konnte, ist unbekannt",
        en="whether {seat} could show a {figure} is unknown"),
    "note.asking-hand-unknown": Entry(
        de="Fragen bei 17:17: ob {seat} hat, was er sagt, entscheidet das Protokoll nicht (seine Karten sind nicht "
           "ganz bekannt)",
        en="asking at 17:17: whether {seat} holds what he says, the record does not decide (his hand is not fully "
           "known)"),
    "note.endgame-hand-unknown": Entry(
        de="Endspiel: die Karten von {seat} sind nicht ganz bekannt",
        en="endgame: {seat}'s hand is not fully known"),
    "act.bet": Entry(de="geboten", en="bet"),
    "act.blind": Entry(de="blind geboten", en="blind"),
    "act.hold": Entry(de="gehalten", en="hold"),
    "act.raise": Entry(de="gesteigert", en="raise"),
    "VALID-1.no-example": Entry(
        de="{seat} ({figure}: {acts:slash}) hat kein Beispiel aus den eigenen Karten gewiesen",
        en="{seat} ({acts:slash} the {figure}) showed no example of it from his own cards"),
    "RECORD-POINTS.differ": Entry(
        de="aufgeschrieben ist {written}, die Ausgabe ergibt {gives} ({sides:columns})",
        en="the scoresheet says {written}, the deal gives {gives} ({sides:columns})"),

    # ---- the match (engine/match.py) and the endgame (engine/scoring.py) ----
    "RECORD-AFTER-MATCH.places-decided": Entry(
        de="alle Plätze sind entschieden: es ist nur mehr ein Spieler übrig (004 Strafperlaggen); diese Ausgabe "
           "zählt nicht: ihre Punkte und Strafen kommen nicht auf den Stand ({score})",
        en="every place is decided: only one player is left to play on (004 Strafperlaggen); this deal is not "
           "counted: its points and penalties stay off the score ({score})"),
    "RECORD-AFTER-MATCH.decided": Entry(
        de="die Partie war in Ausgabe {deal} entschieden ({how}); diese Ausgabe zählt nicht: ihre Punkte und "
           "Strafen kommen nicht auf den Stand ({score})",
        en="the match was decided in deal {deal} ({how}); this deal is not counted: its points and penalties stay "
           "off the score ({score})"),
    "RECORD-AFTER-MATCH.decided-in": Entry(
        de="die Partie war in Ausgabe {deal} entschieden; diese Ausgabe zählt nicht: ihre Punkte und Strafen kommen "
           "nicht auf den Stand ({score})",
        en="the match was decided in deal {deal}; this deal is not counted: its points and penalties stay off the "
           "score ({score})"),
    "written.before": Entry(de="den Stand vor der Ausgabe", en="the score before the deal"),
    "written.after": Entry(de="den Stand nach der Ausgabe", en="the score after the deal"),
    "written.points": Entry(de="die Punkte der Ausgabe", en="the points of the deal"),
    "RECORD-SCORE-WIDTH.numbers": Entry(
        de=("für {what} steht {written}: {n} Zahl, das Blatt hat aber {columns} Spalten ({sides:columns}); die "
            "Zeile wird nicht verwendet",
            "für {what} steht {written}: {n} Zahlen, das Blatt hat aber {columns} Spalten ({sides:columns}); die "
            "Zeile wird nicht verwendet"),
        en=("{written} is written for {what}: {n} number, but the scoresheet has {columns} columns ({sides:columns}); "
            "the line is not used",
            "{written} is written for {what}: {n} numbers, but the scoresheet has {columns} columns ({sides:columns}); "
            "the line is not used"),
        count="n"),
    "part.side-on": Entry(de="{side} auf {points}", en="{side} on {points}"),
    "part.owing": Entry(de=", {side} schuldet {points}", en=", {side} owing {points}"),
    "RECORD-SCORE-IMPOSSIBLE.past-target": Entry(
        de="für {what} steht {written}: {on:comma}, am oder über dem Ziel {target}: die Partie wäre schon aus "
           "(alter § 2); gerechnet wird mit {used}{owed:concat}",
        en="{written} is written for {what}: {on:comma}, at or past the target {target}: the match would already be "
           "over (old § 2); judged from {used}{owed:concat}"),
    "RECORD-SCORE-IMPOSSIBLE.below-zero": Entry(
        de="für {what} steht {written}: {on:comma}: nach {ruleset} geht kein Stand unter 0, Strafpunkte, die eine "
           "Partei nicht hat, schuldet sie (§ 10); gerechnet wird mit {used}{owed:concat}",
        en="{written} is written for {what}: {on:comma}: under {ruleset} no score goes below 0, penalty points a side "
           "does not have are owed (§ 10); judged from {used}{owed:concat}"),
    "RECORD-ASK.not-17-17": Entry(
        de="{seat} fragt um eine Figur von {size} Karten bei {at}; gefragt wird nur, wenn beide Parteien gestrichen "
           "sind ({short}:{short}); die Frage bleibt unberücksichtigt",
        en="{seat} asks about a figure of {size} cards at {at}; that asking belongs to a deal dealt with both sides "
           "gestrichen ({short}:{short}), and is left out"),
    "RECORD-ASK.answer-not-17-17": Entry(
        de="{seat} antwortet auf ein Fragen bei {at}; gefragt und geantwortet wird nur, wenn beide Parteien "
           "gestrichen sind ({short}:{short}); die Antwort bleibt unberücksichtigt",
        en="{seat} answers an asking at {at}; asking and answering belong to a deal dealt with both sides "
           "gestrichen ({short}:{short}), and the answer is left out"),
    "RECORD-ASK.grade-not-17-17": Entry(
        de="{seat} bekennt einen Höhengrad bei {at}; das gehört zum Fragen, wenn beide Parteien gestrichen sind "
           "({short}:{short}); er bleibt unberücksichtigt",
        en="{seat} declares a grade at {at}; that belongs to the asking in a deal dealt with both sides "
           "gestrichen ({short}:{short}), and is left out"),
    "RECORD-ASK.unasked": Entry(
        de="{seat} antwortet, aber kein anderer Spieler hat vorher gefragt; die Antwort bleibt unberücksichtigt",
        en="{seat} answers, but no other player has asked before; the answer is left out"),
    "RECORD-TARGET.countdown": Entry(
        de='[Target "{value}"] ist hier nicht anwendbar: bei {ruleset} zählt jeder von {start} auf 0 herunter, wer '
           "zuerst 0 erreicht, gewinnt (004 Strafperlaggen); so wird gerechnet",
        en='[Target "{value}"] cannot apply: {ruleset} counts down from {start} to 0, and the first to reach 0 wins '
           "(004 Strafperlaggen); judged that way"),
    "RECORD-TARGET.not-a-target": Entry(
        de='[Target "{value}"] ist keine Punktezahl: erwartet eine ganze Zahl von {low} bis {high} (000 Variations); '
           "gerechnet wird mit {target} des Regelwerks",
        en='[Target "{value}"] is not a target: expected a whole number of points from {low} to {high} '
           "(000 Variations); judged at the ruleset's {target}"),
    "how.loss-of-match": Entry(de="{rule}: Partieverlust", en="{rule}: loss of the match"),
    "how.reached": Entry(de="mit {figure} auf {target}", en="reached {target} with the {figure}"),
    "how.spiel-aus-held": Entry(de="Spiel aus auf {figure} gehalten", en="Spiel aus held on the {figure}"),
    "how.nobody-asked": Entry(
        de="niemand hat im ersten Stich um eine Figur gefragt",
        en="nobody asked about a figure during the first trick"),
    "how.spiel-decides": Entry(de="{how}; das Spiel entscheidet", en="{how}; the Spiel decides"),
    "how.spiel-not-decided": Entry(de="{how}; das Spiel ist nicht entschieden", en="{how}; the Spiel is not decided"),
    "how.point-short": Entry(
        de="{how}; {side} schreibt den Punkt, hat aber mit {score} das Ziel {target} nicht erreicht",
        en="{how}; {side} scores the point but, on {score}, has not reached {target}"),
    "how.both-during": Entry(
        de="während der Ausgabe beide gestrichen: {how}",
        en="both gestrichen during the deal: {how}"),
    "how.both-during-redeal": Entry(
        de="während der Ausgabe beide gestrichen: {how}; kein Punkt, neu geben",
        en="both gestrichen during the deal: {how}; no score, deal again"),
    "how.no-unbet-left": Entry(de="kein ungebotenes Gleich und kein Hanger mehr", en="no unbet Gleich or Hanger left"),
    "how.none-long-enough": Entry(de="keine Figur lang genug", en="no figure long enough"),
    "how.equal-lengths": Entry(de="gleich lang: das Spiel entscheidet", en="equal lengths: the Spiel decides"),
    "how.figure-of": Entry(de="{figure} mit {size} Karten", en="{figure} of {size}"),
    "how.then-stood": Entry(de="{how} ({stood} steht)", en="{how} ({stood} stands)"),
    "how.as-declared": Entry(
        de="{how}, wie die Höhengrade bekannt wurden (§ 25, § 28: der Spieler ist an seine Figur gebunden)",
        en="{how}, as the grades were declared (§ 25, § 28: a player is bound to his figure)"),
    "how.stands": Entry(de="{stood} steht", en="the {stood} stands"),
}
