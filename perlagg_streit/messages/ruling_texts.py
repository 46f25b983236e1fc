"""The words of a ruling: the answer to a Streitfrage and to ``why FILE:LINE`` (codes ``ruling.*``),
made by :mod:`perlagg_streit.engine.ruling` and laid out by :mod:`perlagg_streit.render.ruling_text`.

A ruling's answer is one sentence: its head (allowed, not allowed, ...) and the parts after it
(the rules broken, who wins the trick, what a bet is worth, who must answer), each beginning with
a space.
"""

from __future__ import annotations

from .core import Entry

TEXTS: dict[str, Entry] = {
    "ruling.as-written": Entry(de="{de}", en="{en}"),
    "ruling.answer": Entry(de="{head}{tail:concat}", en="{head}{tail:concat}"),
    "ruling.answer.allowed": Entry(de="Erlaubt.", en="Allowed."),
    "ruling.answer.not_allowed": Entry(de="Nicht erlaubt.", en="Not allowed."),
    "ruling.answer.not_proven": Entry(
        de="Kein Verstoß nachweisbar: das Protokoll entscheidet nicht, ob er die ausgespielte Farbe hatte.",
        en="No offence the record proves: it does not decide whether he held the suit led."),
    "ruling.answer.record_error": Entry(
        de="Ein Fehler im Protokoll, kein Verstoß eines Spielers.",
        en="An error in the record, not a player's offence."),
    "ruling.answer.because": Entry(de=" Verstoß gegen {rules:and}.", en=" It breaks {rules:and}."),
    "ruling.answer.ruled": Entry(de=" Entscheidung ({rule}): {what}.", en=" Ruling ({rule}): {what}."),
    "ruling.answer.trick-won": Entry(de=" Den {trick}. Stich gewinnt {seat}.", en=" {seat} wins trick {trick}."),
    "ruling.answer.trick-so-far": Entry(
        de=" Den {trick}. Stich hält bis dahin {seat}.", en=" {seat} holds trick {trick} so far."),
    "ruling.answer.bet-bet": Entry(
        de=" {seat} bietet {figure}: gehalten zählt es {value}.",
        en=" {seat} bets {figure}: held, it is worth {value}."),
    "ruling.answer.bet-blind": Entry(
        de=" {seat} bietet {figure} blind: gehalten zählt es {value}.",
        en=" {seat} bets {figure} blind: held, it is worth {value}."),
    "ruling.answer.bet-hold": Entry(
        de=" {seat} hält {figure}: es zählt jetzt {value}.", en=" {seat} holds {figure}: it is now worth {value}."),
    "ruling.answer.bet-raise": Entry(
        de=" {seat} steigert {figure} auf {value}.", en=" {seat} raises {figure} to {value}."),
    "ruling.answer.bet-good": Entry(
        de=" {seat} lässt {figure} gut: es zählt {value} für die Gegner.",
        en=" {seat} concedes {figure}: it is worth {value} to the opponents."),
    "ruling.answer.who-answers": Entry(
        de=" Antworten muss {sides:or} (einer der beiden Spieler): gut gelassen zählt {figure} {value}, "
           "gehalten {proposed}.",
        en=" {sides:or} must answer (either player of the side): conceded, {figure} is worth {value}, "
           "held {proposed}."),
    "ruling.answer.deal-pending": Entry(de="Zur Ausgabe als Ganzes.", en="On the deal as a whole."),
    "ruling.answer.deal-allowed": Entry(
        de="Zur Ausgabe als Ganzes: kein Verstoß.", en="On the deal as a whole: no offence."),
    "ruling.answer.deal-not_allowed": Entry(
        de=("Zur Ausgabe als Ganzes: {n} Feststellung, darunter ein Verstoß.",
            "Zur Ausgabe als Ganzes: {n} Feststellungen, darunter Verstöße."),
        en=("On the deal as a whole: {n} finding, an offence.",
            "On the deal as a whole: {n} findings, offences among them."),
        count="n"),
    "ruling.answer.deal-record_error": Entry(
        de="Zur Ausgabe als Ganzes: Fehler im Protokoll, kein Verstoß eines Spielers.",
        en="On the deal as a whole: errors in the record, no player's offence."),
    "ruling.answer.deal-not_proven": Entry(
        de="Zur Ausgabe als Ganzes: kein Verstoß nachweisbar.", en="On the deal as a whole: no offence proven."),
    "ruling.deal.spiel": Entry(de=" Das Spiel gewinnt {side:side}.", en=" {side:side} win the Spiel."),
    "ruling.deal.spiel-open": Entry(de=" Das Spiel ist nicht entschieden.", en=" The Spiel is not decided."),
    "ruling.answer.no-event-comment": Entry(
        de="Zeile {line} ist ein Kommentar: kein Spielzug, nichts zu entscheiden.",
        en="Line {line} is a comment: no act of play, nothing to rule on."),
    "ruling.answer.no-event-blank": Entry(
        de="Zeile {line} ist leer: kein Spielzug, nichts zu entscheiden.",
        en="Line {line} is blank: no act of play, nothing to rule on."),
    "ruling.answer.no-event-header": Entry(
        de="Zeile {line} gehört zum Kopf der Datei (Angaben zur Partie): kein Spielzug, nichts zu entscheiden.",
        en="Line {line} belongs to the file's header (about the match): no act of play, nothing to rule on."),
    "ruling.answer.no-event-deal-header": Entry(
        de="Zeile {line} beginnt eine Ausgabe: kein Spielzug; die Ausgabe als Ganzes steht im Bericht.",
        en="Line {line} starts a deal: no act of play; the deal as a whole is in the report."),
    # ---- the facts a ruling rests on ----
    "ruling.fact.trumps": Entry(
        de="Trumpf {trumps}; Perlaggen dieser Ausgabe, der höchste zuerst: {perlaggen}",
        en="Trumps {trumps}; this deal's Perlaggen, highest first: {perlaggen}"),
    "ruling.fact.hand-unrecorded": Entry(
        de="Das Protokoll beweist keine Karte von {seat}.", en="The record proves none of {seat}'s cards."),
    "ruling.fact.hand-partly": Entry(
        de=("{seat} hielt nachweislich {cards:space} und {n} unbekannte Karte",
            "{seat} hielt nachweislich {cards:space} und {n} unbekannte Karten"),
        en=("{seat} held, as the record proves, {cards:space} and {n} unknown card",
            "{seat} held, as the record proves, {cards:space} and {n} unknown cards"),
        count="n"),
    "ruling.fact.hand-known": Entry(
        de="{seat} hielt nachweislich: {cards:space}",
        en="{seat} held, as the record proves: {cards:space}"),
    "ruling.fact.figures-held": Entry(
        de="{seat} hielt nachweislich {cards:space}; seine besten Figuren: {gleich}, {hanger}",
        en="{seat} held, as the record proves, {cards:space}; his best figures: {gleich}, {hanger}"),
    "ruling.fact.figures-proven": Entry(
        de="Von den Karten von {seat} sind nur {cards:space} bewiesen; sie ergeben mindestens: {gleich}, {hanger}",
        en="Of {seat}'s cards only {cards:space} are proven; they make at least: {gleich}, {hanger}"),
    "ruling.fact.endgame": Entry(
        de="Am Ende der Ausgabe: {how}", en="At the end of the deal: {how}"),
    "ruling.fact.leads": Entry(
        de="{seat} spielt zum {trick}. Stich aus: jede Karte darf ausgespielt werden",
        en="{seat} leads to trick {trick}: any card may be led"),
    "ruling.fact.led": Entry(de="Ausgespielt: {card} von {seat} ({led})", en="Led: {card} by {seat} ({led})"),
    "ruling.fact.followed": Entry(de="{seat} bedient mit {card}", en="{seat} follows suit with {card}"),
    "ruling.fact.trumped": Entry(de="{seat} sticht mit {card} (Trumpf)", en="{seat} trumps with {card}"),
    "ruling.fact.perlagg-free": Entry(
        de="{card} ist ein Perlagg: er darf zu jedem Stich gespielt werden, und dieses Regelwerk schreibt seine "
           "Taufe nicht vor (§ 15: „Ein Perlagg ist immer Farbe“)",
        en="{card} is a Perlagg: it may be played to any trick, and this ruleset does not restrict its baptism "
           "(§ 15: 'Ein Perlagg ist immer Farbe')"),
    "ruling.fact.void": Entry(
        de="{seat} hatte keine natürliche Karte der Farbe {led}: jede Karte ist erlaubt",
        en="{seat} held no natural card of {led}: any card is allowed"),
    "ruling.fact.void-unknown": Entry(
        de="Ob {seat} {led} hatte, entscheidet das Protokoll nicht",
        en="Whether {seat} held {led}, the record does not decide"),
    "ruling.fact.betting": Entry(de="Stand der Gebote: {books:semicolon}", en="The betting: {books:semicolon}"),
    "ruling.book.open": Entry(de="{figure} {value}", en="{figure} {value}"),
    "ruling.book.pending": Entry(
        de="{figure} {value}, von {seat} auf {proposed} geboten, Antwort von {sides:or} offen",
        en="{figure} {value}, bet to {proposed} by {seat}, awaiting the answer of {sides:or}"),
    "ruling.book.conceded": Entry(
        de="{figure} gut für {side:side} ({value})", en="{figure} conceded to {side:side} ({value})"),
    # ---- the trick ----
    "ruling.trick.open": Entry(de="Der Stich ist noch offen", en="The trick is still open"),
    "ruling.trick.trump": Entry(
        de="{seat} mit {card}: der höchste Trumpf ({counts}){tie}",
        en="{seat} with {card}: the highest trump ({counts}){tie}"),
    "ruling.trick.led": Entry(
        de="{seat} mit {card}: kein Trumpf, die höchste Karte der ausgespielten Farbe {led} ({counts}){tie}",
        en="{seat} with {card}: no trump, the highest card of the suit led, {led} ({counts}){tie}"),
    "ruling.trick.tie": Entry(
        de="; gleich hoch wie {others:comma}: der getaufte Perlagg {card} steht in der Reihenfolge {order} höher",
        en="; as high as {others:comma}: the baptised Perlagg {card} ranks higher in the order {order}"),
}

# ---- how a ruling is laid out in the reports and by ``why`` (render/ruling_text.py) ----
TEXTS.update({
    "ruling.report.head": Entry(de="Streitfragen:", en="Disputes:"),
    "ruling.report.question": Entry(de="Zeile {line}: „{question}“", en="Line {line}: \"{question}\""),
    "ruling.report.line": Entry(de="Zeile {line}, Ausgabe {deal}", en="Line {line}, deal {deal}"),
    "ruling.report.line-only": Entry(de="Zeile {line}", en="Line {line}"),
    "ruling.report.answer": Entry(de="Antwort", en="Answer"),
    "ruling.report.act": Entry(de="Zum Spielzug", en="On the act"),
    "ruling.report.act-at": Entry(de="„{act}“ (Zeile {line})", en="\"{act}\" (line {line})"),
    "ruling.report.deal": Entry(de="Zur Ausgabe {deal} als Ganzes", en="On deal {deal} as a whole"),
    "ruling.report.rules": Entry(de="Regeln", en="Rules"),
    "ruling.report.rule": Entry(de="{rule} {text} ({sources})", en="{rule} {text} ({sources})"),
    "ruling.report.findings": Entry(de="Feststellungen", en="Findings"),
    "ruling.report.finding": Entry(de="{rule}: {what}", en="{rule}: {what}"),
    "ruling.report.more": Entry(de="dazu: {parts:semicolon}", en="also: {parts:semicolon}"),
    "ruling.report.penalty": Entry(de="Strafe", en="Penalty"),
    "ruling.report.facts": Entry(de="Tatsachen", en="Facts"),
    "ruling.report.trick": Entry(de="Stich", en="Trick"),
    "ruling.report.trick-cards": Entry(de="{trick}. Stich: {cards:comma}", en="trick {trick}: {cards:comma}"),
    "ruling.report.trick-winner": Entry(de="gewinnt {why}", en="won by {why}"),
    "ruling.report.trick-so-far": Entry(de="bis dahin: {why}", en="so far: {why}"),
    "ruling.report.trick-unfinished": Entry(
        de="nicht zu Ende gespielt; bis dahin: {why}", en="never completed; so far: {why}"),
    "ruling.report.others": Entry(de="Andere Regelwerke entscheiden anders (Antwort, Regel oder Strafe)",
                                  en="Other rulesets rule otherwise (answer, rule or penalty)"),
    "ruling.report.other": Entry(
        de="{ruleset}: {answer} ({rules}{penalty})", en="{ruleset}: {answer} ({rules}{penalty})"),
    "ruling.report.other-penalty": Entry(de="; Strafe: {penalty}", en="; penalty: {penalty}"),
    "ruling.report.alike": Entry(de="Ebenso antworten", en="Answering alike"),
    "ruling.report.no-rule": Entry(de="keine Regel", en="no rule"),
})

# ---- the ``why`` command ----
TEXTS.update({
    "metavar.place": Entry(de="DATEI:ZEILE", en="FILE:LINE"),
    "help.why": Entry(
        de="Die Entscheidung zu einer Zeile, ohne die Datei zu ändern: erlaubt oder nicht und warum, bei einer "
           "Karte wer den Stich gewinnt, bei einem Gebot was es zählt und wer antworten muss.",
        en="The ruling on one line, without editing the file: allowed or not and why, for a card who wins the "
           "trick, for a bet what it is worth and who must answer."),
    "help.why.ruleset_name": Entry(
        de="Name eines mitgelieferten Regelwerks oder eine YAML-Datei; sonst der [Ruleset]-Eintrag.",
        en="Bundled ruleset name or a YAML file; default: the transcript's [Ruleset] tag."),
    "help.why.lang": Entry(
        de="Sprache der Ausgabe (sonst nach dem Gebietsschema).", en="Output language (default: the locale)."),
    "help.why.fmt_": Entry(de="Form der Ausgabe: Text oder JSON.", en="Output form: text or JSON."),
    "cli.why.bad-place": Entry(
        de="{place} ist keine Angabe DATEI:ZEILE (die Zeile eine ganze Zahl ab 1)",
        en="{place} is not FILE:LINE (the line a whole number from 1)"),
    "cli.why.past-end": Entry(
        de=("{file} hat nur {n} Zeile; Zeile {line} gibt es nicht",
            "{file} hat nur {n} Zeilen; Zeile {line} gibt es nicht"),
        en=("{file} has only {n} line; there is no line {line}", "{file} has only {n} lines; there is no line {line}"),
        count="n"),
})

# ---- ``cases run``: a case's expected rulings ----
TEXTS.update({
    "case.ruling.missing": Entry(
        de="Ausgabe {deal}: keine Antwort auf die Streitfrage in Zeile {line}",
        en="deal {deal}: no answer to the Streitfrage on line {line}"),
    "case.ruling.unexpected": Entry(
        de="Ausgabe {deal}: eine Antwort auf eine Streitfrage in Zeile {line}, die der Fall nicht erwartet",
        en="deal {deal}: an answer to a Streitfrage on line {line} the case does not expect"),
    "case.ruling.differs": Entry(
        de="Ausgabe {deal}, Streitfrage in Zeile {line}: {key} erwartet {expected}, ergeben {got}",
        en="deal {deal}, Streitfrage on line {line}: {key} expected {expected}, got {got}"),
})
