"""The words of the transcript language, in German and English, in one table.

Every keyword the grammar (``grammars/perlaggen.lark``) reads is listed here under the terminal
that reads it, with every spelling the grammar accepts; the first word of each language is the
one the writer writes (as it writes it, capitals included). The reader takes the values of words
(a seat, a side, a figure, a raise, the size asked for) from here, and the writer all its words.
The grammar keeps its own regular expressions (lark needs them, and the contextual lexer needs
them as they are); ``tests/test_vocabulary.py`` checks the two against each other both ways: each
word here is read by its terminal, and each spelling a terminal reads is a word here.

An umlaut may be written ae/oe/ue or dropped (``Hoell auf``, ``Holl auf``; ``fuenf``, ``funf``):
an Italian keyboard has none; ``tests/test_vocabulary.py`` walks every word with one and checks
that both forms are read, and that a bare form names no other word.

The cards' names live with the cards (:mod:`perlagg_streit.base.cards`); the same test checks that
each spelling of a card the grammar reads is a card there. Pure data: no parser, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, TypeVar

_V = TypeVar("_V")


class Words(NamedTuple):
    """The spellings of one word (or of one value) in German and in English, the written one first.

    A word the game's own language keeps in English too (Gleich, Höll auf, bei Farbe, as the
    English sources write them) stands in both; a word no English player says has ``en`` empty.
    """

    de: tuple[str, ...]
    en: tuple[str, ...]

    def written(self, lang: str) -> str:
        """The word the writer writes in ``lang`` ("de" or "en")."""
        return (self.de if lang == "de" else self.en or self.de)[0]

    def every(self) -> tuple[str, ...]:
        """Every spelling, German first, without repeats."""
        return tuple(dict.fromkeys(self.de + self.en))


def _w(de: str, en: str) -> Words:
    # spellings separated by '|' (a word may hold spaces: "wirft die Karten")
    return Words(tuple(de.split("|")) if de else (), tuple(en.split("|")) if en else ())


#: Keywords by the grammar terminal that reads them.
KEYWORDS: dict[str, Words] = {
    # ---- deal setup
    "DEAL_KW": _w("Ausgabe", "Deal"),
    "DEALER_KW": _w("Geber", "Dealer"),
    "BEFORE_KW": _w("Vorher|Stand vorher", "Before|Score before"),
    "CUT_KW": _w("Abheben|Abgehoben", "Cut"),
    "HAND_KW": _w("Karten", "Hand"),
    "TURNUP_KW": _w("Aufschlag|Trumpf", "Turn-up|Turnup|Trump"),
    "EXCHANGE_KW": _w("Tausch", "Exchange"),
    "FOR_KW": _w("gegen|für|fuer|fur", "for"),
    "LUB_KW": _w("Luck und Boden", "Top and bottom"),
    "BLIND_KW": _w("Blind|Ungesehen", "Blind"),
    "HOELL_AUF": _w("Höll auf|Hoell auf|Höll auf!|Hoell auf!|Holl auf|Holl auf!", "Höll auf"),
    # ---- table actions
    "TRICK_KW": _w("Stich", "Trick"),
    "BAPTISE": _w("=|als", "=|as"),
    "BET_KW": _w("biete|bietet|bieten", "bets|bet|bid|bids"),
    "GEBOTEN": _w("geboten", ""),
    "ARTICLE": _w("das|der|den|die|einen|ein", "the|a"),
    "AND": _w("und|+|&", "and|+|&"),
    "GOOD_KW": _w("gut", "good|concede|concedes"),
    "IST": _w("ist", "is"),
    "BEI_FARBE": _w("bei Farbe", "bei Farbe|with suit"),
    "HOLD_KW": _w("halte|hält|haelt|halt|halten|schaue|schaut|anschauen|hebe|hebt|heben", "holds|hold|see|sees"),
    "RAISE_KW": _w("steigert|steigere", "raise|raises|raise to|raises to"),
    "SPIEL_AUS": _w("Spiel aus|Spielaus", "Spiel aus"),
    "THROW_KW": _w("wirft die Karten|wirft weg|wirft", "throws in|throws"),
    "SHOW_KW": _w("zeigt|zeige|weist|weise", "shows|show"),
    "STANDS_KW": _w("steht", "stands"),
    "ASK_KW": _w("fragt|frage", "asks|ask"),
    "NOT_ALLOWED_KW": _w("nicht erlaubt|hat ebenfalls|hat auch|ebenfalls", "not allowed|has one too"),
    "ALLOWED_KW": _w("erlaubt|ja", "allowed|yes"),
    "GRADE_KW": _w("bekennt|bekenne", "declares|declare"),
    "TAKE_BACK_KW": _w("nimmt zurück|nimmt zurueck|nimmt zuruck", "takes back|take back"),
    "AUFGEGEBEN": _w("aufgegeben", ""),
    "GIVE_UP_KW": _w("gibt auf|gebe auf", "gives up|give up"),
    # ---- the show, validation, scores, disputes
    "SHOW_HEADER": _w("Weisen", "Show"),
    "STAGE_KW": _w("Stufe", "Stage"),
    "VALIDATION_HEADER": _w("Nachweis", "Validation"),
    "POINTS_KW": _w("Punkte", "Points"),
    "SCORE_KW": _w("Stand", "Score"),
    "DISPUTE_KW": _w("Streitfrage", "Dispute"),
    "THEFT_KW": _w("Kartenstehlen", "Card stealing"),
    "REDEAL_KW": _w("Neu geben|Neu ausgeben", "Redeal"),
    "REFUSED_KW": _w("Abgelehnt", "Refused"),
    "WITHDRAWN_KW": _w("Zurückgenommen|Zurueckgenommen|Zuruckgenommen", "Withdrawn"),
    "FIRST_PACKET": _w("nach dem ersten Paket|nach Paket 1", "after the first packet|after packet 1"),
    "CLAIM_KW": _w("Reklamation", "Claim"),
    "CLAIM_DEAL": _w("für Ausgabe|fuer Ausgabe|fur Ausgabe", "for deal"),
    "OWED_KW": _w("Schuld|Schulden", "Owed|Owing"),
}

#: Words the grammar lets stand before every word of a terminal ("ich biete").
OPTIONAL_BEFORE: dict[str, str] = {"BET_KW": "ich"}

#: Seats (terminal SEAT), by the letter the events use. The letters are the same in both languages.
SEATS: dict[str, Words] = {
    "N": _w("N|Nord", "N|North"),
    "E": _w("E|O|Ost", "E|East"),
    "S": _w("S|Süd|Sued|Sud", "S|South"),
    "W": _w("W|West", "W|West"),
    "A": _w("A", "A"),
    "B": _w("B", "B"),
    "C": _w("C", "C"),
    "D": _w("D", "D"),
    "F": _w("F", "F"),
}

#: Sides (terminal TEAM), by the name the events use; the written form first.
SIDES: dict[str, Words] = {
    "NS": _w("N/S|NS|S/N|SN", "N/S|NS|S/N|SN"),
    "EW": _w("E/W|EW|W/E|WE|O/W|OW|W/O|WO", "E/W|EW|W/E|WE|O/W|OW|W/O|WO"),
    "ACE": _w("A/C/E|ACE|A/CE|AC/E", "A/C/E|ACE|A/CE|AC/E"),
    "BDF": _w("B/D/F|BDF|B/DF|BD/F", "B/D/F|BDF|B/DF|BD/F"),
}

#: The figures (terminal FIGURE), by :class:`~perlagg_streit.language.transcript.Figure` value. Their names
#: are the game's own, in English too.
FIGURES: dict[str, Words] = {
    "Gleich": _w("Gleich", "Gleich"),
    "Hanger": _w("Hanger|Hänger|Haenger", "Hanger"),
    "Spiel": _w("Spiel", "Spiel"),
}

#: A raise said as a word (terminal NUMBER_WORD), by the value it raises to. The English writer
#: writes ``raise 3`` instead (RAISE_KW and a number).
RAISES: dict[int, Words] = {
    3: _w("drei|dreier", "three"),
    4: _w("vier|vierer", "four"),
    5: _w("fünf|fuenf|funf|fünfer|fuenfer|funfer", "five"),
    6: _w("sechs|sechser", "six"),
    7: _w("sieben|siebener", "seven"),
}

#: The size of the figure a player asks about at 17:17 (terminal SIZE_WORD), by its number of cards.
SIZES: dict[int, Words] = {
    3: _w("dritzig|drittzig|dritziges|drittziges", "three"),
    4: _w("viertig|viertiges|vierfach|vierfaches", "four"),
    5: _w("fünftig|fuenftig|funftig|fünftiges|fuenftiges|funftiges|fünffach|fuenffach|funffach|fünffaches|fuenffaches|"
           "funffaches", "five"),
}

#: The height of a figure declared at 17:17 (terminal RANK_WORD): a Gleich's rank, a Hanger's top card,
#: by the rank's code (:class:`~perlagg_streit.base.cards.Rank` value). Singular and plural alike.
RANKS: dict[str, Words] = {
    "A": _w("Ass|As|Asse|Sau|A", "Ace|Aces|A"),
    "K": _w("König|Koenig|Konig|Könige|Koenige|Konige|Kini|K", "King|Kings|K"),
    "O": _w("Ober|O", "Ober|Obers|O"),
    "U": _w("Unter|U", "Unter|Unters|U"),
    "10": _w("Zehner|Zehn|10", "Ten|Tens|10"),
    "9": _w("Neuner|Neun|9", "Nine|Nines|9"),
    "8": _w("Achter|Acht|8", "Eight|Eights|8"),
    "7": _w("Siebener|Sieben|7", "Seven|Sevens|7"),
}

#: The terminals whose words stand for a value, and those values' tables.
VALUE_WORDS: dict[str, Mapping[Any, Words]] = {
    "SEAT": SEATS,
    "TEAM": SIDES,
    "FIGURE": FIGURES,
    "NUMBER_WORD": RAISES,
    "SIZE_WORD": SIZES,
    "RANK_WORD": RANKS,
}


def terminal_words(terminal: str) -> tuple[str, ...]:
    """Every spelling the table gives for a grammar terminal (keywords and value words)."""
    if terminal in KEYWORDS:
        return KEYWORDS[terminal].every()
    values = VALUE_WORDS[terminal]
    return tuple(dict.fromkeys(word for words in values.values() for word in words.every()))


def lookup(table: Mapping[_V, Words]) -> dict[str, _V]:
    """Each spelling of a value table in lower case, to its value (for the reader)."""
    return {word.lower(): value for value, words in table.items() for word in words.every()}
