"""The rules of the digest that no transcript can exercise, each with the reason, keyed
``unchecked.<ID>``: the one place they are declared (:func:`not_checked` below
reads it). A transcript records the cards, the words of betting and the scoresheet; these rules
leave no trace there or change no verdict. The same rules, with the same reasons, are the table
"Rules no transcript can exercise" of ``cases/README.md`` (a test keeps the two equal).
"""

from __future__ import annotations

from ..base.rule_index import checked
from .core import Entry

TEXTS: dict[str, Entry] = {
    "unchecked.SETUP-2": Entry(
        de=("wie Paare und erster Geber ausgelost wurden, steht nicht im Protokoll, und ein Protokoll hält nur "
            "eine Partie"),
        en="how the partnerships and the first dealer were drawn is not recorded, and a transcript holds one Partie"),
    "unchecked.SETUP-3": Entry(
        de="das Protokoll beginnt mit einem genannten Geber; das Abheben um den ersten Geber steht nicht darin",
        en="the record starts from a named dealer; the cut for the first dealer is not recorded"),
    "unchecked.DECK-4": Entry(
        de="das Kartenbild (Salzburger oder Tell) ändert keine Regel und steht nicht im Protokoll",
        en="the card pattern (Salzburger or William Tell) affects no rule and is not recorded"),
    "unchecked.CUT-2": Entry(
        de="das Mischen vor dem Abheben hinterlässt keine Spur im Protokoll",
        en="shuffling before the cut leaves no trace in the record"),
    "unchecked.CUT-5": Entry(
        de="ein beim Abheben übersehener Perlagg ist von keiner anderen nicht ausgeteilten Karte zu unterscheiden",
        en="a Perlagg overlooked at the cut cannot be told from any other undealt card"),
    "unchecked.CUT-6": Entry(
        de="das Protokoll zeigt weder, wie viele Karten beim Abheben sichtbar waren, noch warum neu abgehoben wurde",
        en="the record shows neither how many cards were visible at the cut nor why it was cut again"),
    "unchecked.DEAL-5": Entry(
        de="welche Karten beim Geben aufgedeckt wurden, und von wem, steht nicht im Protokoll (D-61)",
        en="which cards were exposed during the deal, and by whom, is not recorded (D-61)"),
    "unchecked.EXCH-7": Entry(
        de="ein Rat, sich den Tausch zu merken, ohne Pflicht ihn anzusagen: kein Urteil hängt davon ab",
        en="advice to remember exchanges, with no duty to announce them: no verdict depends on it"),
    "unchecked.PLAY-9": Entry(
        de="wo die gespielten Karten liegen, steht nicht im Protokoll",
        en="where the played cards lie on the table is not recorded"),
    "unchecked.PLAY-15": Entry(
        de="die Karten aufnehmen, bevor jede Figur entschieden ist, lässt sich nicht protokollieren",
        en="picking up the cards before every figure is decided is not a recordable event"),
    "unchecked.FIG-GLEICH-4": Entry(
        de="nur Namen („Gleich höchst“, „höchst dritzig“): keine Wirkung auf die Regeln",
        en="names only (\"Gleich höchst\", \"höchst dritzig\"): no rule effect"),
    "unchecked.BET-17": Entry(
        de="welcher Partner welche blind gebotene Figur hält, wird nur auf Nachfrage gesagt",
        en="which partner holds which blind figure is said aloud only when asked"),
    "unchecked.BET-18": Entry(
        de="ein Verweis auf Regeln, die selbst geprüft werden; keine eigene Regel",
        en="a cross-reference to rules that are checked themselves; no rule of its own"),
    "unchecked.SHOW-14": Entry(
        de="die verbotene Ausrede des § 22 wird nur gesprochen und hat keine Strafe",
        en="the forbidden excuse of § 22 is only spoken and carries no sanction"),
    "unchecked.BLIND-8": Entry(
        de="eine Antwort auf Nachfrage, laut gegeben, die keine Aussage festhält (wie BET-17)",
        en="an answer given aloud on request, which no statement records (as BET-17)"),
    "unchecked.COMM-1": Entry(
        de="Tischgespräche und Zeichen zwischen Partnern stehen nicht im Protokoll",
        en="table talk and signals between partners are not recorded"),
    "unchecked.COMM-2": Entry(
        de="dem Partner die Karten zeigen steht nicht im Protokoll",
        en="showing one's cards to the partner is not recorded"),
    "unchecked.COMM-3": Entry(
        de="ob Gespräche oder Zeichen wahr waren, steht nicht im Protokoll",
        en="whether table talk or signals were truthful is not recorded"),
    "unchecked.COMM-4": Entry(
        de="ob die Gegner die Zeichen hören oder sehen konnten, steht nicht im Protokoll",
        en="whether the opponents could hear or see the signals is not recorded"),
    "unchecked.COMM-5": Entry(
        de="private Absprachen über Zeichen stehen nicht im Protokoll",
        en="private signal agreements are not recorded"),
    "unchecked.COMM-6": Entry(
        de="Zeichen stehen nicht im Protokoll, also auch nicht, dass keine gegeben wurden",
        en="signals are not recorded, so their absence cannot be shown either"),
    "unchecked.COMM-7": Entry(
        de="die Übersichten der Zeichen: nur zur Auskunft",
        en="the reference tables of signals: information only"),
    "unchecked.STRAF-20": Entry(
        de="eine vom Verfasser von 004 vorgeschlagene Regel, kein Brauch: kein Regelwerk übernimmt sie",
        en="a rule proposed by 004's author, not established practice: no ruleset adopts it"),
    "unchecked.HIST-1": Entry(
        de="die Geschichte des Spiels: keine Wirkung auf die Regeln",
        en="the history of the game: no rule effect"),
    "unchecked.PEN-3": Entry(
        de="mehr als eine sichtbare Karte beim Abheben: das Protokoll zeigt weder die Karten noch ein neues Abheben",
        en="more than one card visible at the cut: the record shows neither the cards nor a re-cut"),
    "unchecked.PEN-16": Entry(
        de="das Aufschieben des Weisens (§ 22) wird nur gesprochen, und § 22 nennt keine Strafe",
        en="deferring validation (§ 22) is spoken, and § 22 names no sanction"),
    "unchecked.PEN-17": Entry(
        de="Karten dem Partner zeigen oder sich unhörbar beraten steht nicht im Protokoll",
        en="showing cards to the partner or conferring out of hearing is not recorded"),
}


def not_checked() -> frozenset[str]:
    """The rule IDs no transcript can exercise (declared above, ``unchecked.<ID>``)."""
    return frozenset(code.removeprefix("unchecked.") for code in TEXTS)


def known(rule_id: str) -> bool:
    """True for a rule ID that is carried somewhere (``@enforces``) or declared not checkable."""
    return rule_id.upper() in checked() or rule_id.upper() in not_checked()
