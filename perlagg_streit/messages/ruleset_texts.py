"""What is said about a ruleset file that cannot be used: codes ``ruleset.*``.

The engine's schema checks (:mod:`perlagg_streit.engine.schema`, ``engine/ruleset.py``), the
loader of YAML files (:mod:`perlagg_streit.rulesets`) and the case-file schema raise a
``RulesetError`` holding one of these codes and its arguments; the command line and every
renderer take the words from here. ``ruleset.takes.*`` say what a key takes (the English form
is also the "takes" column of the key table in docs/rulesets.md); ``ruleset.value.*`` show a
value that was found, by its kind and a short preview (a ruleset is untrusted input).
"""

from __future__ import annotations

from .core import Entry

TEXTS: dict[str, Entry] = {
    # ---- a value as an error shows it ----------------------------------------------------------
    "ruleset.value.null": Entry(de="nichts (null)", en="nothing (null)"),
    "ruleset.value.as-is": Entry(de="{value}", en="{value}"),
    "ruleset.value.long-number": Entry(de="eine ganze Zahl mit etwa {digits:n} Ziffern",
                                       en="a whole number of about {digits:n} digits"),
    "ruleset.value.long-text": Entry(de="ein Text mit {n:n} Zeichen, {start}",
                                     en="a text of {n:n} characters, {start}"),
    "ruleset.value.mapping": Entry(
        de=("eine Zuordnung mit {n:n} Schlüssel ({keys})", "eine Zuordnung mit {n:n} Schlüsseln ({keys})"),
        en=("a mapping of {n:n} key ({keys})", "a mapping of {n:n} keys ({keys})"), count="n"),
    "ruleset.value.list": Entry(
        de=("eine Liste mit {n:n} Eintrag: {items}", "eine Liste mit {n:n} Einträgen: {items}"),
        en=("a list of {n:n} item: {items}", "a list of {n:n} items: {items}"), count="n"),
    "ruleset.value.binary": Entry(de="Binärdaten mit {n:n} Bytes", en="binary data of {n:n} bytes"),
    "ruleset.value.other": Entry(de="ein {kind}: {text}", en="a {kind}: {text}"),
    # ---- what a key takes ------------------------------------------------------------------------
    "ruleset.takes.whole-range": Entry(de="eine ganze Zahl von {low} bis {high}",
                                       en="a whole number from {low} to {high}"),
    "ruleset.takes.whole-from": Entry(de="eine ganze Zahl ab {low}", en="a whole number from {low}"),
    "ruleset.takes.whole": Entry(de="eine ganze Zahl", en="a whole number"),
    "ruleset.takes.players": Entry(de="2, 3, 4 oder 6 Spieler", en="2, 3, 4 or 6 players"),
    "ruleset.takes.flag": Entry(de="true oder false", en="true or false"),
    "ruleset.takes.text": Entry(de="einen Text", en="text"),
    "ruleset.takes.one-of": Entry(de="einen der Werte {choices:comma}", en="one of {choices:comma}"),
    "ruleset.takes.list": Entry(de="eine Liste", en="a list"),
    "ruleset.takes.list-of": Entry(de="eine Liste, jeder Eintrag {item}", en="a list, each item {item}"),
    "ruleset.takes.mapping-of": Entry(de="eine Zuordnung von {keys:comma}", en="a mapping of {keys:comma}"),
    "ruleset.takes.suit": Entry(de="einen Farbbuchstaben (E, L, H oder S)", en="a suit letter (E, L, H or S)"),
    "ruleset.takes.perlagg": Entry(de="eine Karte wie HK oder einen Trumpfrang wie T7, TU, TO",
                                   en="a card such as HK or a trump rank such as T7, TU, TO"),
    "ruleset.takes.card": Entry(de="eine Karte wie HK oder S6", en="a card such as HK or S6"),
    "ruleset.takes.penalties": Entry(de="eine Zuordnung von Regel-IDs zu Strafen",
                                     en="a mapping of rule IDs to penalties"),
    "ruleset.takes.penalty-shape": Entry(de="{shape}", en="{shape}"),  # {points: N, ...}: the same in both
    "ruleset.takes.penalties-doc": Entry(de="eine Zuordnung von Regel-IDs zu {shape}",
                                         en="a mapping of rule IDs to {shape}"),
    "ruleset.takes.sources": Entry(de="eine Zuordnung von Schlüsseln zu den Quellen, die sie angeben",
                                   en="a mapping of keys to the sources that state them"),
    "ruleset.takes.sources-doc": Entry(de="eine Zuordnung von Schlüsseln zu Texten", en="a mapping of keys to texts"),
    # ---- the schema ------------------------------------------------------------------------------
    "ruleset.expected": Entry(de="erwartet {takes}, gefunden {got}", en="expected {takes}, got {got}"),
    "ruleset.unknown-key": Entry(de="unbekannter Schlüssel; bekannte Schlüssel: {known:comma}",
                                 en="unknown key; known keys: {known:comma}"),
    "ruleset.unknown-key-close": Entry(de="unbekannter Schlüssel; meinten Sie {close}?",
                                       en="unknown key; did you mean {close}?"),
    "ruleset.unknown-penalty-key": Entry(de="unbekannter Schlüssel (erwartet {names:comma})",
                                         en="unknown key (expected {names:comma})"),
    "ruleset.unknown-penalty-key-close": Entry(
        de="unbekannter Schlüssel (erwartet {names:comma}); meinten Sie {close}?",
        en="unknown key (expected {names:comma}); did you mean {close}?"),
    "ruleset.penalty-without-source": Entry(de="jede Strafe muss sagen, wo sie geschrieben steht",
                                            en="every penalty must say where it is written"),
    "ruleset.not-a-mapping": Entry(de="ein Regelwerk muss eine Zuordnung von Schlüsseln zu Werten sein",
                                   en="a ruleset must be a mapping of keys to values"),
    "ruleset.missing": Entry(de="fehlt (jedes Regelwerk muss ihn setzen oder eines erweitern, das ihn setzt)",
                             en="missing (every ruleset must set it, or extend one that does)"),
    "ruleset.missing-many": Entry(
        de="{n} Schlüssel fehlen ({keys:comma}, …): jedes Regelwerk muss sie setzen oder eines erweitern, das sie "
           "setzt, z. B. 'extends: innsbruck'",
        en="{n} keys are missing ({keys:comma}, …): every ruleset must set them, or extend one that does, such as "
           "'extends: innsbruck'"),
    "ruleset.missing-field": Entry(de="fehlt", en="missing"),
    "ruleset.perlagg-not-in-pack": Entry(de="{token} ist ein Perlagg, aber nicht im Blatt (deck.weli)",
                                         en="{token} is a Perlagg but not in the pack (deck.weli)"),
    "ruleset.perlagg-twice": Entry(de="ein Perlagg steht zweimal in der Liste", en="a Perlagg is listed twice"),
    "ruleset.no-trump-suit": Entry(de="mindestens eine Farbe muss Trumpf werden können",
                                   en="at least one suit must be able to be trumps"),
    "ruleset.pack-too-small": Entry(
        de="{players} Hände zu {hand_size} Karten und eine Trumpfkarte brauchen mehr als die {cards} Karten des Blatts",
        en="{players} hands of {hand_size} and a trump card need more than the {cards} cards of the pack"),
    "ruleset.countdown-from-zero": Entry(
        de="beim Herunterzählen (score.kind: countdown) stünde jeder schon zu Beginn auf 0, wo die Partie endet; "
           "einen Anfang über 0 angeben (Strafperlaggen: 9)",
        en="counting down (score.kind: countdown), everyone would start at 0, where the match ends; give a start "
           "above 0 (Strafperlaggen: 9)"),
    "ruleset.start-not-below-target": Entry(
        de="{start} liegt nicht unter der Punktezahl, mit der das Spiel ausgeht ({target}): die Partie wäre vor der "
           "ersten Ausgabe gewonnen",
        en="{start} is not below the target ({target}): the match would be won before the first deal"),
    "ruleset.tricks-above-hand": Entry(de="darf nicht größer sein als hand_size ({hand_size})",
                                       en="cannot exceed hand_size ({hand_size})"),
    "ruleset.no-first-packet": Entry(de="nennt keine Größe des ersten Pakets", en="names no size of the first packet"),
    "ruleset.packet-not-below-hand": Entry(
        de="das erste Paket ({size}) muss kleiner sein als hand_size ({hand_size})",
        en="the first packet ({size}) must be smaller than hand_size ({hand_size})"),
    "ruleset.dealer-first": Entry(de="der Geber hat immer das erste Recht zum Austausch",
                                  en="the dealer always has the first right to exchange"),
    "ruleset.unknown-rule": Entry(
        de="keine Regel-ID, die geprüft wird ('perlagg-streit explain --list' zeigt sie zuerst); eine Strafe "
           "darunter würde nie verhängt",
        en="not a rule ID that is checked ('perlagg-streit explain --list' lists them first); a penalty under it "
           "would never be applied"),
    "ruleset.unknown-rule-close": Entry(
        de="keine Regel-ID, die geprüft wird (eine Strafe darunter würde nie verhängt); meinten Sie {close}?",
        en="not a rule ID that is checked (a penalty under it would never be applied); did you mean {close}?"),
    "ruleset.more-problems": Entry(
        de=("… und {n:n} weiterer Fehler", "… und {n:n} weitere Fehler"),
        en=("… and {n:n} more problem", "… and {n:n} more problems"), count="n"),
    # ---- finding and reading the file ------------------------------------------------------------
    "ruleset.no-such": Entry(de="kein mitgeliefertes Regelwerk und keine Datei namens {name}",
                             en="no bundled ruleset and no file named {name}"),
    "ruleset.no-such-bundled": Entry(
        de="kein mitgeliefertes Regelwerk und keine Datei namens {name} (mitgeliefert: {bundled:comma})",
        en="no bundled ruleset and no file named {name} (bundled: {bundled:comma})"),
    "ruleset.no-such-close": Entry(
        de="kein mitgeliefertes Regelwerk und keine Datei namens {name}; meinten Sie {close}?",
        en="no bundled ruleset and no file named {name}; did you mean {close}?"),
    "ruleset.tag-only": Entry(
        de="das [Ruleset]-Tag darf ein mitgeliefertes Regelwerk oder eine Datei neben dem Protokoll nennen; "
           "eine andere Datei mit --ruleset angeben (genannt: {name})",
        en="the [Ruleset] tag may name a bundled ruleset or a file beside the transcript; use --ruleset for "
           "another file (it names {name})"),
    "ruleset.tag-only-extends": Entry(
        de="ein vom [Ruleset]-Tag genanntes Regelwerk darf nur ein mitgeliefertes Regelwerk oder eine Datei neben "
           "dem Protokoll erweitern; eine andere Datei mit --ruleset angeben (genannt: {name})",
        en="a ruleset named by a [Ruleset] tag may extend only a bundled ruleset or a file beside the transcript; "
           "use --ruleset for another file (it names {name})"),
    "ruleset.tag-link": Entry(
        de="diese Datei neben dem Protokoll verweist auf eine Datei anderswo; das [Ruleset]-Tag darf ein "
           "mitgeliefertes Regelwerk oder eine Datei neben dem Protokoll nennen; eine andere Datei mit --ruleset "
           "angeben",
        en="this file beside the transcript is a link to a file elsewhere; the [Ruleset] tag may name a bundled "
           "ruleset or a file beside the transcript; use --ruleset for another file"),
    "ruleset.web-not-bundled": Entry(
        de="kein mitgeliefertes Regelwerk namens {name} (hier werden keine Dateien gelesen)",
        en="no bundled ruleset named {name} (no files are read here)"),
    "ruleset.file-too-large": Entry(
        de="die Datei ist größer als {most:n} Bytes, mehr darf eine Regelwerksdatei nicht haben",
        en="the file is larger than {most:n} bytes, the most a ruleset file may have"),
    "ruleset.file-size": Entry(
        de="die Datei hat {size:n} Bytes; eine Regelwerksdatei darf höchstens {most:n} haben",
        en="the file has {size:n} bytes; a ruleset file may have at most {most:n}"),
    "ruleset.not-utf8": Entry(de="kein UTF-8-Text (Byte {byte})", en="not UTF-8 text (byte {byte})"),
    "ruleset.not-a-file": Entry(de="das ist {kind}, keine Regelwerksdatei; nicht gelesen",
                                en="this is {kind}, not a ruleset file; it was not read"),
    "ruleset.kind.folder": Entry(de="ein Ordner", en="a folder"),
    "ruleset.kind.fifo": Entry(de="eine benannte Pipe (FIFO)", en="a named pipe"),
    "ruleset.kind.device": Entry(de="ein Gerät", en="a device"),
    "ruleset.kind.socket": Entry(de="ein Socket", en="a socket"),
    "ruleset.kind.other": Entry(de="keine normale Datei", en="not a regular file"),
    "ruleset.name-too-long": Entry(
        de="der Name ist zu lang für eine Datei ({size:n} Bytes; ein Dateiname darf höchstens 255 haben, "
           "ein Pfad 4096)",
        en="the name is too long for a file ({size:n} bytes; a file name may have at most 255, a path 4,096)"),
    "ruleset.cannot-read": Entry(de="die Datei kann nicht gelesen werden: {reason}",
                                 en="cannot read the file: {reason}"),
    "ruleset.file-not-a-mapping": Entry(
        de="eine Regelwerksdatei muss eine Zuordnung von Schlüsseln zu Werten enthalten",
        en="a ruleset file must hold a mapping of keys to values"),
    # ---- YAML ------------------------------------------------------------------------------------
    "ruleset.yaml.at": Entry(de=" (Zeile {line}, Spalte {column})", en=" (line {line}, column {column})"),
    "ruleset.yaml.invalid": Entry(de="kein gültiges YAML{where}: {problem}", en="not valid YAML{where}: {problem}"),
    "ruleset.yaml.not-allowed": Entry(de="nicht erlaubt{where}: {problem}", en="not allowed{where}: {problem}"),
    "ruleset.yaml.anchor": Entry(
        de="YAML-Anker und -Aliase (&name, *name) sind in einem Regelwerk nicht erlaubt; die Werte ausschreiben",
        en="YAML anchors and aliases (&name, *name) are not allowed in a ruleset; write the values out"),
    "ruleset.yaml.tag": Entry(de="YAML-Tags ({tag}) sind in einem Regelwerk nicht erlaubt",
                              en="YAML tags ({tag}) are not allowed in a ruleset"),
    "ruleset.yaml.too-deep": Entry(
        de="Listen und Zuordnungen mehr als {most} Ebenen tief verschachtelt; ein Regelwerk braucht drei",
        en="lists and mappings nested more than {most} deep; a ruleset needs three levels"),
    "ruleset.yaml.bad-value": Entry(de="dieser Wert ist nicht lesbar: {reason}", en="cannot read this value: {reason}"),
    "ruleset.yaml.merge-key": Entry(
        de="YAML-Merge-Schlüssel (<<) sind in einem Regelwerk nicht erlaubt; die Schlüssel ausschreiben",
        en="YAML merge keys (<<) are not allowed in a ruleset; write the keys out"),
    "ruleset.yaml.place": Entry(de="Zeile {line}, Spalte {column}", en="line {line}, column {column}"),
    "ruleset.yaml.twice-lines": Entry(
        de="der Schlüssel {key} steht zweimal in derselben Zuordnung, in {first} und in {second} "
           "(YAML ließe den zweiten stillschweigend gelten)",
        en="the key {key} is given twice in the same mapping, at {first} and at {second} "
           "(YAML would silently let the second win)"),
    "ruleset.yaml.long-number": Entry(
        de="eine Zahl mit {n:n} Zeichen; kein Wert eines Regelwerks ist länger als {most}",
        en="a number of {n:n} characters; no ruleset value is longer than {most}"),
    # ---- extends -------------------------------------------------------------------------------
    "ruleset.extends.not-a-name": Entry(de="erwartet den Namen eines Regelwerks, gefunden {got}",
                                        en="expected the name of a ruleset, got {got}"),
    "ruleset.extends.not-bundled": Entry(
        de="ein mitgeliefertes Regelwerk erweitert {name}, das nicht mitgeliefert ist",
        en="a bundled ruleset extends {name}, which is not bundled"),
    "ruleset.extends.upload-not-bundled": Entry(
        de=("ein hochgeladenes Regelwerk darf nur ein mitgeliefertes Regelwerk erweitern ({bundled:comma}); "
            "genannt: {name}"),
        en="an uploaded ruleset may extend only a bundled ruleset ({bundled:comma}); it names {name}"),
    "ruleset.extends.circle": Entry(de="Regelwerke erweitern einander im Kreis: {names}",
                                    en="rulesets extend each other in a circle: {names}"),
    "ruleset.extends.too-many": Entry(
        de="mehr als {most} Regelwerke erweitern einander, mehr werden nicht verfolgt: {names}",
        en="more than {most} rulesets extend one another, the most followed: {names}"),
}
