"""The words of the pages for the notice board and of the web app: the HTML ruling page
(``check --format html``, codes ``page.*``), the scoresheet's added rows (``sheet.*`` beyond
report_texts) and ``perlagg-streit serve`` (``web.*``)."""

from __future__ import annotations

from .core import Entry

TEXTS: dict[str, Entry] = {
    # ---- the ruling page (render/ruling_page.py) ----
    "page.kind": Entry(de="Schiedsspruch", en="Ruling"),
    "page.contents": Entry(de="Inhalt", en="Contents"),
    "page.untitled": Entry(de="Partie {n}", en="Match {n}"),
    "page.date": Entry(de="Datum", en="Date"),
    "page.place": Entry(de="Ort", en="Place"),
    "page.ruleset": Entry(de="Regelwerk", en="Ruleset"),
    "page.target": Entry(de="Ziel", en="Target"),
    "page.file": Entry(de="Datei", en="File"),
    "page.players": Entry(de="Spieler", en="Players"),
    "page.summary": Entry(
        de=("{deals} Ausgabe, {findings}; {result}", "{deals} Ausgaben, {findings}; {result}"),
        en=("{deals} deal, {findings}; {result}", "{deals} deals, {findings}; {result}"),
        count="deals"),
    "page.findings": Entry(
        de=("{n} Verstoß ({rules:comma})", "{n} Verstöße ({rules:comma})"),
        en=("{n} violation ({rules:comma})", "{n} violations ({rules:comma})"),
        count="n"),
    "page.no-findings": Entry(de="keine Verstöße", en="no violations"),
    "page.dispute": Entry(de="Streitfrage", en="Streitfrage (question in dispute)"),
    "page.dispute-where": Entry(de="Zeile {line}, Ausgabe {deal}", en="line {line}, deal {deal}"),
    "page.answer": Entry(de="Antwort", en="Answer"),
    "page.answer-findings": Entry(
        de="Befunde an der strittigen Stelle (Zeile {line}):",
        en="Findings at the place in dispute (line {line}):"),
    "page.answer-none": Entry(
        de="An der strittigen Stelle (Zeile {line}) wurde kein Verstoß gefunden.",
        en="No violation was found at the place in dispute (line {line})."),
    "page.tricks": Entry(de="Stiche", en="Tricks"),
    "page.figure": Entry(de="Figur", en="Figure"),
    "page.figure-side": Entry(de="an", en="to"),
    "page.figure-value": Entry(de="Wert", en="Value"),
    "page.figure-how": Entry(de="wie", en="how"),
    "page.result": Entry(de="Ergebnis", en="Result"),
    "page.sign-place-date": Entry(de="Ort, Datum", en="Place, date"),
    "page.sign-referee": Entry(de="Schiedsrichter (Unterschrift)", en="Referee (signature)"),
    "page.made-by": Entry(de="Erstellt mit perlagg-streit {version}", en="Made with perlagg-streit {version}"),

    # ---- the scoresheet's rows and legend (render/scoresheet.py) ----
    "sheet.opening": Entry(de="Anfang", en="Start"),
    "sheet.target-label": Entry(de="Ziel", en="Target"),
    "sheet.legend": Entry(de="Legende", en="Legend"),
    "sheet.legend-points": Entry(
        de="große Zahl: Punkte der Ausgabe; kleine Zahl: Stand danach",
        en="large number: the deal's points; small number: the score after it"),
    "sheet.legend-struck": Entry(
        de="senkrechter Strich: gestrichen (einen Punkt vor dem Ziel), ab der Ausgabe, in der es begann",
        en="vertical bar: gestrichen (one point short of the target), from the deal where it began"),
    "sheet.legend-owes": Entry(
        de="schuldet N: Strafpunkte, die von den nächsten Punkten abgezogen werden (SCORE-11)",
        en="owes N: penalty points taken from the next points won (SCORE-11)"),
    "sheet.scorer": Entry(de="Schreiber", en="Scorer"),

    # ---- perlagg-streit serve (web/) ----
    "web.title": Entry(de="Perlagg-Schiedsrichter", en="Perlaggen referee"),
    "web.tagline": Entry(
        de="Protokoll einfügen oder hochladen, Regelwerk wählen, Schiedsspruch bekommen.",
        en="Paste or upload a transcript, choose the ruleset, get the ruling."),
    "web.language": Entry(de="Sprache", en="Language"),
    "web.transcript": Entry(de="Protokoll", en="Transcript"),
    "web.upload": Entry(de="oder Datei hochladen (.perlagg)", en="or upload a file (.perlagg)"),
    "web.example": Entry(de="Beispiel laden", en="Load an example"),
    "web.ruleset": Entry(de="Regelwerk", en="Ruleset"),
    "web.ruleset-tag": Entry(de="laut [Ruleset]-Tag (sonst innsbruck)",
                             en="as the [Ruleset] tag says (else innsbruck)"),
    "web.house": Entry(de="oder Hausregeln hochladen (YAML)", en="or upload house rules (YAML)"),
    "web.house-kept": Entry(de="Hausregeln: {name}", en="House rules: {name}"),
    "web.versus": Entry(de="Vergleichen mit", en="Compare with"),
    "web.versus-none": Entry(de="(keinem)", en="(none)"),
    "web.check": Entry(de="Prüfen", en="Check"),
    "web.sheet": Entry(de="Schreibblatt herunterladen", en="Download the scoresheet"),
    "web.compare": Entry(de="Regelwerke vergleichen", en="Compare the rulesets"),
    "web.print": Entry(de="Schiedsspruch als Seite öffnen (zum Drucken)", en="Open the ruling as a page (to print)"),
    "web.errors": Entry(
        de=("{n} Fehler im Protokoll", "{n} Fehler im Protokoll"),
        en=("{n} error in the transcript", "{n} errors in the transcript"),
        count="n"),
    "web.error-at": Entry(de="Zeile {line}, Spalte {column}: {message}", en="line {line}, column {column}: {message}"),
    "web.bad-ruleset": Entry(de="Das Regelwerk kann nicht verwendet werden: {error}",
                             en="The ruleset cannot be used: {error}"),
    "web.listing": Entry(de="Protokoll, Zeile für Zeile", en="The transcript, line by line"),
    "web.listing-hint": Entry(
        de="Eine Zeilennummer anklicken: der Schiedsspruch zu dieser Zeile.",
        en="Click a line number for the ruling on that line."),
    "web.line-heading": Entry(de="Zeile {line}", en="Line {line}"),
    "web.line-no-events": Entry(de="Zeile {line} enthält keinen Spielzug.", en="Line {line} holds no move."),
    "web.line-clean": Entry(de="An Zeile {line} wurde kein Verstoß gefunden.",
                            en="No violation was found at line {line}."),
    "web.versus-heading": Entry(de="Vergleich der Regelwerke", en="The rulesets compared"),
    "web.versus-pick": Entry(de="Bitte ein zweites Regelwerk wählen.", en="Please choose a second ruleset."),
    "web.empty": Entry(de="Bitte ein Protokoll einfügen oder hochladen.", en="Please paste or upload a transcript."),
    "web.too-large": Entry(
        de="Zu groß: höchstens {limit} Bytes je Anfrage.",
        en="Too large: at most {limit} bytes a request."),
    "web.too-slow": Entry(
        de="Die Prüfung dauerte länger als {seconds} Sekunden und wurde abgebrochen.",
        en="The check took longer than {seconds} seconds and was stopped."),
    "web.failed": Entry(de="Ein interner Fehler ist aufgetreten; bitte melden.",
                        en="An internal error occurred; please report it."),
    "web.not-found": Entry(de="Diese Seite gibt es nicht.", en="There is no such page."),
    "web.bad-request": Entry(de="Die Anfrage ist ungültig.", en="The request is not valid."),
    "web.back": Entry(de="Zurück zum Formular", en="Back to the form"),
    "web.limits": Entry(
        de="Höchstens {size} je Anfrage, {seconds} Sekunden Rechenzeit; nichts wird gespeichert.",
        en="At most {size} a request, {seconds} seconds of work; nothing is stored."),
    # ---- the serve command (cli.py) ----
    "cli.serve-needs-web": Entry(
        de='"serve" braucht das Extra "web": pip install ".[web]" (Flask und waitress)',
        en='"serve" needs the extra "web": pip install ".[web]" (Flask and waitress)'),
    "cli.serving": Entry(de="Schiedsrichter im Browser: {url} (Strg-C beendet)",
                         en="The referee in the browser: {url} (Ctrl-C stops it)"),
    "help.serve": Entry(
        de='Der Schiedsrichter als Web-Anwendung: Protokoll einfügen, Schiedsspruch bekommen '
           '(braucht pip install ".[web]").',
        en='The referee as a web application: paste a transcript, get the ruling (needs pip install ".[web]").'),
    "help.serve.host": Entry(de="Die Adresse, auf der gelauscht wird.", en="The address to listen on."),
    "help.serve.port": Entry(de="Der Port, auf dem gelauscht wird.", en="The port to listen on."),
    "metavar.host": Entry(de="ADRESSE", en="ADDRESS"),
    "metavar.port": Entry(de="PORT", en="PORT"),
}
