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
    "page.seat": Entry(de="Platz", en="Seat"),
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
    "page.bets": Entry(de="Gebote", en="Bets"),
    "page.tricks": Entry(de="Stiche", en="Tricks"),
    "page.trick-winner": Entry(de="Stich", en="Trick"),
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
    "sheet.countdown-label": Entry(de="Von {start} auf 0", en="From {start} to 0"),
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
}
