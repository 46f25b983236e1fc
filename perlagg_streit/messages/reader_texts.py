"""What the reader says about a transcript it cannot read: codes ``syntax.*``.

The words a message quotes ('biete', 'Ausgabe 1', 'S7=LA') are the transcript's own keywords, the
same in both languages (a transcript may use the German or the English ones).
"""

from __future__ import annotations

from .core import Entry

TEXTS: dict[str, Entry] = {
    "syntax.did-you-mean": Entry(de="meinten Sie {word}?", en="did you mean {word}?"),
    "syntax.unexpected": Entry(
        de="'{word}' ist hier unerwartet; erwartet wird {expected}",
        en="unexpected '{word}': expected {expected}"),
    "syntax.ends-early": Entry(
        de="die Zeile endet zu früh; erwartet wird {expected}",
        en="the line ends too early: expected {expected}"),
    "syntax.with-hint": Entry(de="{message}; {hint}", en="{message}; {hint}"),
    "syntax.seat-first": Entry(
        de="jeder Zug nennt zuerst, wer ihn macht: den Platz davor schreiben, z. B. 'S biete Gleich' oder 'W L10'",
        en="every action names who acted first: write the seat before it, e.g. 'S biete Gleich' or 'W L10'"),
    "syntax.example.baptism": Entry(
        de="eine Taufe braucht die Karte, für die der Perlagg steht, z. B. 'S7=LA' oder 'S7 als LA'",
        en="a baptism needs the card the Perlagg stands for, e.g. 'S7=LA' or 'S7 als LA'"),
    "syntax.example.score": Entry(
        de="ein Stand wird als Zahlen mit ':' dazwischen geschrieben, N/S zuerst, z. B. '15:9'",
        en="a score is written as numbers with ':' between them, N/S first, e.g. '15:9'"),
    "syntax.hint.missing-comma": Entry(
        de="vor '{word}' fehlt ein Komma: mehrere Züge in einer Zeile werden durch Kommas getrennt, "
           "z. B. 'W L10, N LA'",
        en="a comma is missing before '{word}': several actions on one line are separated by commas, "
           "e.g. 'W L10, N LA'"),
    "syntax.hint.shared-name": Entry(
        de="'{word}' steht im Namen mehrerer Spieler ({seats:comma}): den Platz oder den ganzen Namen schreiben",
        en="'{word}' is in the names of more than one player ({seats:comma}): write the seat or the whole name"),
    "syntax.hint.show-commas": Entry(
        de="die gezeigten Karten werden durch Leerzeichen getrennt, nicht durch Kommas, z. B. "
           "'N zeigt Gleich EA HA LA'; ein Komma beginnt den nächsten Zug",
        en="the cards of a show are separated by spaces, not commas, e.g. 'N zeigt Gleich EA HA LA'; a comma "
           "begins the next action"),
    "syntax.example.tag": Entry(
        de='eine Kopfzeile wird als [Name "Wert"] geschrieben, z. B. [Event "Herbstturnier"]',
        en='a tag is written as [Name "value"], e.g. [Event "Herbstturnier"]'),
    "syntax.grade-of-spiel": Entry(
        de="das Spiel hat keinen Höhengrad: bekannt wird ein Gleich oder ein Hanger (§ 25)",
        en="the Spiel has no grade: a Gleich or a Hanger is declared (§ 25)"),
    "syntax.number-too-long": Entry(
        de="die Zahl '{number}' hat {digits:n} Stellen; eine Ausgabe, ein Stand, ein Stich oder eine Stufe hat "
           "höchstens {most}",
        en="the number '{number}' has {digits:n} digits; a deal, score, trick or stage number has at most {most}"),
    "syntax.cannot-read-word": Entry(de="'{word}' ist hier nicht zu lesen", en="cannot read '{word}' here"),
    "syntax.cannot-read-line": Entry(de="diese Zeile ist nicht zu lesen", en="cannot read this line"),
    "syntax.line-too-long": Entry(
        de="diese Zeile ist {size:n} Zeichen lang; eine Zeile hat höchstens {most:n}",
        en="this line is {size:n} characters long; a line has at most {most:n}"),
    "syntax.too-many-deals": Entry(
        de="diese Mitschrift hat mehr als {most:n} Ausgaben; hier wurde zu lesen aufgehört (eine Partie je Datei)",
        en="this transcript holds more than {most:n} deals; reading stopped here (write one match to a file)"),
    "syntax.too-many-items": Entry(
        de="diese Mitschrift hat mehr als {most:n} Zeilen, Züge und gezeigte Karten; hier wurde zu lesen aufgehört "
           "(eine Partie je Datei)",
        en="this transcript holds more than {most:n} lines, actions and shown cards; reading stopped here "
           "(write one match to a file)"),
    "syntax.too-many-errors": Entry(
        de="zu viele Fehler; nach {most} wurde zu lesen aufgehört",
        en="too many errors; stopped reading after {most}"),
    "syntax.deal-numbers-go-up": Entry(
        de="die Ausgaben sind aufsteigend zu zählen: 'Ausgabe {number}' folgt auf 'Ausgabe {previous}'",
        en="deal numbers must go up: 'Ausgabe {number}' follows 'Ausgabe {previous}'"),
    "syntax.tag-after-deal": Entry(
        de='eine Kopfzeile wie [Event "..."] gehört vor die erste Ausgabe',
        en='a header tag such as [Event "..."] must come before the first deal'),
    "syntax.empty-file": Entry(
        de="die Datei ist leer: erwartet werden Kopfzeilen und eine Ausgabe ('Ausgabe 1')",
        en="the file is empty: expected header tags and a deal ('Ausgabe 1')"),
    "syntax.not-utf8": Entry(
        de="die Datei ist nicht in UTF-8; sie wurde als Windows-1252 gelesen (bitte als UTF-8 speichern)",
        en="the file is not UTF-8; read it as Windows-1252 (save it as UTF-8)"),
    # what the parser expected, in words
    "syntax.expected.line-start": Entry(
        de="eine Anweisung: ein Platz und ein Zug (z. B. 'W L10' oder 'S biete Gleich') oder eine Zeile wie "
           "'Ausgabe 1', 'Geber: S', 'Karten N: ...', 'Weisen:', 'Punkte: 1:2'",
        en="a statement: a seat and an action (e.g. 'W L10' or 'S biete Gleich'), or a line such as 'Ausgabe 1', "
           "'Geber: S', 'Karten N: ...', 'Weisen:', 'Punkte: 1:2'"),
    "syntax.expected.after-seat": Entry(
        de="eine Karte wie HA, S7 oder Weli oder ein Zug wie 'biete Gleich', 'gut', 'halte', 'drei', "
           "'zeigt Gleich ...' oder 'Hanger steht'",
        en="a card such as HA, S7 or Weli, or an action such as 'biete Gleich', 'gut', 'halte', 'drei', "
           "'zeigt Gleich ...' or 'Hanger steht'"),
    "syntax.expected.any": Entry(de="{words:or}", en="{words:or}"),
    "syntax.expected.something-else": Entry(de="etwas anderes", en="something else"),
    # the grammar's terminals (grammars/perlaggen.lark), code syntax.token.<terminal>
    "syntax.token.end-of-line": Entry(de="das Ende der Zeile", en="the end of the line"),
    "syntax.token.nothing-more": Entry(de="nichts mehr (Ende der Zeile)", en="nothing more (end of the line)"),
    "syntax.token.CARD": Entry(de="eine Karte wie HA, S7 oder Weli", en="a card such as HA, S7 or Weli"),
    "syntax.token.UNKNOWN_CARD": Entry(de="'?' für eine unbekannte Karte", en="'?' for an unknown card"),
    "syntax.token.SEAT": Entry(
        de="ein Platz (N, E, S oder W; A, B, C, ... bei zwei, drei oder sechs Spielern)",
        en="a seat (N, E, S or W; A, B, C, ... with two, three or six players)"),
    "syntax.token.TEAM": Entry(
        de="eine Partei (N/S oder E/W; A/C/E oder B/D/F bei sechs Spielern)",
        en="a team (N/S or E/W; A/C/E or B/D/F with six players)"),
    "syntax.token.FIGURE": Entry(de="eine Figur (Gleich, Hanger oder Spiel)", en="a figure (Gleich, Hanger or Spiel)"),
    "syntax.token.INT": Entry(de="eine Zahl", en="a number"),
    "syntax.token.SIGNED_INT": Entry(de="eine Zahl", en="a number"),
    "syntax.token.BAPTISE": Entry(
        de="'=' und die Karte, als die ein Perlagg getauft wird",
        en="'=' and the card a Perlagg is baptised as"),
    "syntax.token.BET_KW": Entry(de="'biete'", en="'biete' (bet)"),
    "syntax.token.GEBOTEN": Entry(de="'geboten'", en="'geboten'"),
    "syntax.token.GOOD_KW": Entry(de="'gut'", en="'gut'"),
    "syntax.token.HOLD_KW": Entry(de="'halte'", en="'halte' (hold)"),
    "syntax.token.RAISE_KW": Entry(de="eine Steigerung wie 'drei'", en="a raise such as 'drei'"),
    "syntax.token.NUMBER_WORD": Entry(
        de="eine Steigerung wie 'drei' oder 'vier'",
        en="a raise such as 'drei' or 'vier'"),
    "syntax.token.SPIEL_AUS": Entry(de="'Spiel aus'", en="'Spiel aus'"),
    "syntax.token.SHOW_KW": Entry(de="'zeigt'", en="'zeigt' (shows)"),
    "syntax.token.STANDS_KW": Entry(de="'steht'", en="'steht'"),
    "syntax.token.THROW_KW": Entry(de="'wirft die Karten'", en="'wirft die Karten'"),
    "syntax.token.FOR_KW": Entry(de="'gegen'", en="'gegen' (for)"),
    "syntax.token.HOELL_AUF": Entry(de="'Höll auf'", en="'Höll auf'"),
    "syntax.token.COLON": Entry(de="':'", en="':'"),
    "syntax.token.COMMA": Entry(de="',' und der nächste Zug", en="',' and the next action"),
    "syntax.token.RSQB": Entry(de="']', um die Kopfzeile zu schließen", en="']' to close the tag"),
    "syntax.token.ESCAPED_STRING": Entry(
        de='ein Wert in Anführungszeichen, z. B. "Herbstturnier"',
        en='a value in double quotes, e.g. "Herbstturnier"'),
    "syntax.token.TAG_NAME": Entry(de="ein Name wie Event", en="a tag name such as Event"),
    "syntax.token.TRICK_KW": Entry(de="'Stich'", en="'Stich'"),
    "syntax.token.DEAL_KW": Entry(de="'Ausgabe' und die Nummer der Ausgabe", en="'Ausgabe' and the deal number"),
    "syntax.token.COMMENT": Entry(de="ein Kommentar mit '#'", en="a '#' comment"),
    "syntax.token.AND": Entry(de="'und'", en="'und' (and)"),
    "syntax.token.ARTICLE": Entry(de="ein Artikel ('der', 'die', 'das')", en="an article ('der', 'die', 'das', 'the')"),
    "syntax.token.ASK_KW": Entry(de="'fragt'", en="'fragt' (asks)"),
    "syntax.token.NOT_ALLOWED_KW": Entry(de="'nicht erlaubt'", en="'nicht erlaubt' (not allowed)"),
    "syntax.token.ALLOWED_KW": Entry(de="'erlaubt'", en="'erlaubt' (allowed)"),
    "syntax.token.GRADE_KW": Entry(de="'bekennt'", en="'bekennt' (declares)"),
    "syntax.token.RANK_WORD": Entry(
        de="die Höhe der Figur, z. B. 'Ober' oder 'König'",
        en="the height of the figure, such as 'Ober' or 'King'"),
    "syntax.token.BANG": Entry(de="'!'", en="'!'"),
    "syntax.token.BEFORE_KW": Entry(de="'Vorher'", en="'Vorher' (score before)"),
    "syntax.token.BEI_FARBE": Entry(de="'bei Farbe'", en="'bei Farbe' (with suit)"),
    "syntax.token.BLIND_KW": Entry(de="'blind'", en="'blind'"),
    "syntax.token.CUT_KW": Entry(de="'Abheben'", en="'Abheben' (cut)"),
    "syntax.token.DEALER_KW": Entry(de="'Geber'", en="'Geber' (dealer)"),
    "syntax.token.DISPUTE_KW": Entry(de="'Streitfrage'", en="'Streitfrage' (dispute)"),
    "syntax.token.DISPUTE_TEXT": Entry(de="die Frage, um die gestritten wird", en="the question in dispute"),
    "syntax.token.EXCHANGE_KW": Entry(de="'Tausch'", en="'Tausch' (exchange)"),
    "syntax.token.HAND_KW": Entry(de="'Karten'", en="'Karten' (hand)"),
    "syntax.token.IST": Entry(de="'ist'", en="'ist' (is)"),
    "syntax.token.LUB_KW": Entry(de="'Luck und Boden'", en="'Luck und Boden' (top and bottom)"),
    "syntax.token.POINTS_KW": Entry(de="'Punkte'", en="'Punkte' (points)"),
    "syntax.token.TAKE_BACK_KW": Entry(de="'nimmt zurück'", en="'nimmt zurück' (takes back)"),
    "syntax.token.REFUSED_KW": Entry(de="'Abgelehnt'", en="'Abgelehnt' (refused)"),
    "syntax.token.WITHDRAWN_KW": Entry(de="'Zurückgenommen'", en="'Zurückgenommen' (withdrawn)"),
    "syntax.token.AUFGEGEBEN": Entry(de="'aufgegeben'", en="'aufgegeben' (given up)"),
    "syntax.token.GIVE_UP_KW": Entry(de="'gibt auf'", en="'gibt auf' (gives up)"),
    "syntax.token.REDEAL_KW": Entry(de="'Neu geben'", en="'Neu geben' (redeal)"),
    "syntax.token.FIRST_PACKET": Entry(de="'nach dem ersten Paket'",
                                       en="'nach dem ersten Paket' (after the first packet)"),
    "syntax.token.CLAIM_KW": Entry(de="'Reklamation'", en="'Reklamation' (claim)"),
    "syntax.token.CLAIM_DEAL": Entry(de="'für Ausgabe' und die Nummer der Ausgabe",
                                     en="'für Ausgabe' (for deal) and the deal number"),
    "syntax.token.OWED_KW": Entry(de="'Schuld'", en="'Schuld' (owed)"),
    "syntax.token.SCORE_KW": Entry(de="'Stand'", en="'Stand' (score)"),
    "syntax.token.SHOW_HEADER": Entry(de="'Weisen'", en="'Weisen' (show)"),
    "syntax.token.SIZE_WORD": Entry(de="'dritzig', 'viertig' oder 'fünftig'", en="'dritzig', 'viertig' or 'fünftig'"),
    "syntax.token.STAGE_KW": Entry(de="'Stufe'", en="'Stufe' (stage)"),
    "syntax.token.THEFT_KW": Entry(de="'Kartenstehlen'", en="'Kartenstehlen' (card stealing)"),
    "syntax.token.TURNUP_KW": Entry(de="'Aufschlag'", en="'Aufschlag' (turn-up)"),
    "syntax.token.VALIDATION_HEADER": Entry(de="'Nachweis'", en="'Nachweis' (validation)"),
    "syntax.token.keyword": Entry(de="'{de}'", en="'{de}' ({en})"),  # a terminal without an entry of its own
    "syntax.token.other": Entry(de="ein anderes Wort", en="another word"),
    "syntax.token.WS_INLINE": Entry(de="ein Leerzeichen", en="a space"),
}
