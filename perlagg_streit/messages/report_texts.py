"""The words of the reports (text, Markdown, HTML), the scoresheet, ``replay``, ``explain`` and the
ruleset tables: codes ``report.*``, ``sheet.*``, ``narrative.*`` and ``rulesets.*``.

The game's own terms stay as they are in both languages: Perlagg(en), Gleich, Hanger, Spiel,
Spiel aus, gestrichen, Weli.
"""

from __future__ import annotations

from .core import Entry

TEXTS: dict[str, Entry] = {
    # ---- the text report (report.py), reused by report_markup.py ----
    "report.match-head": Entry(
        de=("{source} (Regelwerk {ruleset}, Ziel {target}, {n} Ausgabe)",
            "{source} (Regelwerk {ruleset}, Ziel {target}, {n} Ausgaben)"),
        en=("{source} (ruleset {ruleset}, target {target}, {n} deal)",
            "{source} (ruleset {ruleset}, target {target}, {n} deals)"),
        count="n"),
    "report.ruleset-target": Entry(de="Regelwerk {ruleset}, Ziel {target}", en="ruleset {ruleset}, target {target}"),
    "report.target-agreed": Entry(
        de="{goal} (vereinbart laut [Target]; das Regelwerk spielt auf {target})",
        en="{goal} (agreed in [Target]; the ruleset plays to {target})"),
    "report.deal-head": Entry(
        de="Ausgabe {deal} — Geber {dealer}, Trumpf {trumps}",
        en="Deal {deal} — dealer {dealer}, trumps {trumps}"),
    "report.perlaggen": Entry(de="Perlaggen: {cards}", en="Perlaggen: {cards}"),
    "report.cut": Entry(de="Abheben: {cutter}, behalten: {kept}", en="Cut: {cutter}, kept: {kept}"),
    "report.nothing": Entry(de="nichts", en="nothing"),
    "report.exchange": Entry(
        de="Tausch: {seat} gibt {gives} für {takes}",
        en="Exchange: {seat} gives {gives} for {takes}"),
    "report.tricks": Entry(de="Stiche:", en="Tricks:"),
    "report.spiel": Entry(de="Spiel: {winner}", en="Spiel: {winner}"),
    "report.spiel-how": Entry(de="Spiel: {winner} ({how})", en="Spiel: {winner} ({how})"),
    "report.spiel.tricks": Entry(de="durch Stiche", en="by tricks"),
    "report.spiel.concession": Entry(de="gut gelassen", en="conceded"),
    "report.spiel.hin": Entry(de="das Spiel ist hin", en="nobody made it"),
    "report.undecided": Entry(de="nicht entschieden", en="not decided"),
    "report.bets": Entry(de="Gebote: {steps:comma}", en="Bets: {steps:comma}"),
    "report.bet-step.bet": Entry(de="{seat} bietet {figure} ({value})", en="{seat} bets {figure} ({value})"),
    "report.bet-step.blind": Entry(
        de="{seat} bietet blind {figure} ({value})",
        en="{seat} bets blind {figure} ({value})"),
    "report.bet-step.hold": Entry(de="{seat} hält {figure} ({value})", en="{seat} holds {figure} ({value})"),
    "report.bet-step.raise": Entry(de="{seat} steigert {figure} ({value})", en="{seat} raises {figure} ({value})"),
    "report.bet-step.good": Entry(de="{seat} gut {figure} ({value})", en="{seat} good {figure} ({value})"),
    "report.figures": Entry(de="Figuren:", en="Figures:"),
    "report.figures-caption": Entry(de="Figuren", en="Figures"),
    # how a figure ended (the verdict's FigureOutcome.how)
    "report.figure-how.unseen": Entry(de="ungeboten", en="unbet"),
    "report.figure-how.held": Entry(de="gehalten", en="held"),
    "report.figure-how.conceded": Entry(de="gut gelassen", en="conceded"),
    "report.figure-how.stands": Entry(de="steht", en="stands"),
    "report.figure-how.tricks": Entry(de="durch Stiche", en="by tricks"),
    "report.figure-how.forfeit": Entry(de="verwirkt", en="forfeited"),
    "report.figure-how.none": Entry(de="niemand", en="nobody"),
    "report.figure-how.hands": Entry(de="aus den Karten", en="from the hands"),
    "report.figure-how.shown": Entry(de="gewiesen", en="shown"),
    "report.figure-how.spiel_aus": Entry(de="Spiel aus", en="Spiel aus"),
    "report.figure-how.endgame": Entry(de="Endspiel", en="endgame"),
    "report.figure-how.hin": Entry(de="hin", en="nobody made it"),
    "report.deal-points": Entry(de="Punkte der Ausgabe: {points}", en="Points of the deal: {points}"),
    "report.score-change": Entry(de="Stand: {before} {arrow} {after}", en="Score: {before} {arrow} {after}"),
    "report.not-counted": Entry(de="(zählt nicht)", en="(not counted)"),
    "report.gestrichen-mark": Entry(de=", {side:side} gestrichen", en=", {side:side} gestrichen"),
    "report.owes-pair": Entry(
        de=("{side:side} schuldet {n} Punkt", "{side:side} schuldet {n} Punkte"),
        en=("{side:side} owe {n} point", "{side:side} owe {n} points"), count="n"),
    "report.owes-one": Entry(
        de=("{side:side} schuldet {n} Punkt", "{side:side} schuldet {n} Punkte"),
        en=("{side:side} owes {n} point", "{side:side} owes {n} points"), count="n"),
    "report.sources": Entry(de="Quellen: {sources:semicolon}", en="Sources: {sources:semicolon}"),
    "report.sources-label": Entry(de="Quellen", en="Sources"),
    "report.violations-count": Entry(de="Verstöße ({n:n}):", en="Violations ({n:n}):"),
    "report.violations": Entry(de="Verstöße", en="Violations"),
    "report.kind.offence": Entry(de="Regelverstoß", en="offence"),
    "report.kind.record": Entry(de="Protokollfehler", en="record error"),
    "report.kind.ruling": Entry(de="Entscheidung", en="ruling"),
    "report.place": Entry(de="{where} (Ausgabe {deal})", en="{where} (Deal {deal})"),
    "report.place-trick": Entry(
        de="{where} (Ausgabe {deal}, Stich {trick})",
        en="{where} (Deal {deal}, Trick {trick})"),
    "report.what": Entry(de="Was geschah: {what}", en="What happened: {what}"),
    "report.what-label": Entry(de="Was geschah", en="What happened"),
    "report.penalty": Entry(de="Strafe: {penalty}", en="Penalty: {penalty}"),
    "report.penalty-label": Entry(de="Strafe", en="Penalty"),
    "report.no-penalty": Entry(de="keine Strafe in diesem Regelwerk", en="no penalty in this ruleset"),
    "report.penalty-points": Entry(
        de=("{n} Punkt für {side:side}", "{n} Punkte für {side:side}"),
        en=("{n} point for {side:side}", "{n} points for {side:side}"), count="n"),
    "report.forfeit.none": Entry(de="", en=""),
    "report.forfeit.spiel": Entry(de="Verlust der Figur Spiel", en="loses the Spiel"),
    "report.forfeit.figures": Entry(de="Verlust aller gemachten Figuren", en="loses every figure made"),
    "report.forfeit.deal": Entry(de="keine Punkte in dieser Ausgabe", en="no points this deal"),
    "report.forfeit.partie": Entry(de="Verlust der Partie", en="loses the match"),
    "report.clean": Entry(de="Keine Verstöße.", en="No violations."),
    "report.stopped": Entry(
        de="(--strict: beim ersten Verstoß angehalten)",
        en="(--strict: stopped at the first violation)"),
    "report.unchecked": Entry(de="Nicht prüfbar: {note}", en="Not checkable: {note}"),
    "report.not-listed-deal": Entry(
        de=("… und {n:n} weiterer Befund, nicht aufgeführt (je Datei werden höchstens {cap:n} Befunde aufgeführt): "
            "{rules}",
            "… und {n:n} weitere Befunde, nicht aufgeführt (je Datei werden höchstens {cap:n} Befunde aufgeführt): "
            "{rules}"),
        en=("… and {n:n} more finding, not listed (at most {cap:n} findings are listed per file): {rules}",
            "… and {n:n} more findings, not listed (at most {cap:n} findings are listed per file): {rules}"),
        count="n"),
    "report.not-listed-match": Entry(
        de=("Nicht aufgeführt: {n:n} weiterer Befund (je Datei werden höchstens {cap:n} aufgeführt; gezählt und "
            "bestraft sind sie alle)",
            "Nicht aufgeführt: {n:n} weitere Befunde (je Datei werden höchstens {cap:n} aufgeführt; gezählt und "
            "bestraft sind sie alle)"),
        en=("Not listed: {n:n} more finding (at most {cap:n} are listed per file; all of them are counted and "
            "penalised)",
            "Not listed: {n:n} more findings (at most {cap:n} are listed per file; all of them are counted and "
            "penalised)"),
        count="n"),
    "report.winner": Entry(
        de="Sieger: {side:side} {score} in Ausgabe {deal} ({how})",
        en="Winner: {side:side} {score} in deal {deal} ({how})"),
    "report.winner-short": Entry(de="Sieger: {side:side} {score}", en="Winner: {side:side} {score}"),
    "report.in-deal": Entry(de="in Ausgabe {deal}", en="in deal {deal}"),
    "report.score-open": Entry(de="Stand: {score}, Partie offen", en="Score: {score}, match not decided"),
    "report.places": Entry(de="Plätze: {places:comma}", en="Places: {places:comma}"),
    "report.place-of": Entry(de="{n}. {side:side}", en="{n}. {side:side}"),

    # ---- the scoresheet (scoresheet.py) ----
    "sheet.title": Entry(de="Schreibblatt", en="Scoresheet"),
    "sheet.target": Entry(de="Ziel: {target}", en="Target: {target}"),
    "sheet.deal-column": Entry(de="Ausg.", en="Deal"),
    "sheet.owes": Entry(de="schuldet {n}", en="owes {n}"),
    "sheet.winner": Entry(de="Sieger: {name}  {score}", en="Winner: {name}  {score}"),
    "sheet.winner-html": Entry(de="Sieger: {name} {score}", en="Winner: {name} {score}"),
    "sheet.open": Entry(de="Stand: {score} (offen)", en="Score: {score} (not decided)"),
    "sheet.stopped": Entry(
        de=("Ausgabe {deals:comma}: beim ersten Verstoß angehalten (--strict), nicht gewertet",
            "Ausgaben {deals:comma}: beim ersten Verstoß angehalten (--strict), nicht gewertet"),
        en=("Deal {deals:comma}: stopped at the first violation (--strict), not scored",
            "Deals {deals:comma}: stopped at the first violation (--strict), not scored"),
        count="n"),
    "sheet.after": Entry(
        de=("Ausgabe {deals:comma}: nach dem Ende der Partie aufgeschrieben, nicht gezählt (RECORD-AFTER-MATCH)",
            "Ausgaben {deals:comma}: nach dem Ende der Partie aufgeschrieben, nicht gezählt (RECORD-AFTER-MATCH)"),
        en=("Deal {deals:comma}: recorded after the match was decided, not counted (RECORD-AFTER-MATCH)",
            "Deals {deals:comma}: recorded after the match was decided, not counted (RECORD-AFTER-MATCH)"),
        count="n"),

    # ---- explain and replay (narrative.py) ----
    "narrative.rulesets": Entry(de="Regelwerke:", en="Rulesets:"),
    "narrative.checked-in": Entry(de="geprüft in:", en="checked in:"),
    "narrative.not-checked": Entry(
        de="nicht geprüft: kein Protokoll kann diese Regel prüfen ({why}; cases/README.md)",
        en="not checked: no transcript can exercise this rule ({why}; cases/README.md)"),
    "narrative.wording-in-digest": Entry(
        de="Wortlaut: im Regel-Digest (shared/rules/RULES.md), ohne Text im Katalog",
        en="wording: in the rules digest (shared/rules/RULES.md), no text in the catalogue"),
    "narrative.deal": Entry(de="Ausgabe {deal}", en="Deal {deal}"),
    "narrative.trumps": Entry(de="Trumpf: {trumps}; Perlaggen: {cards}", en="trumps: {trumps}; Perlaggen: {cards}"),
    "narrative.trick": Entry(
        de="Stich {trick}: {cards}; am Zug: {seat}",
        en="trick {trick}: {cards}; to play: {seat}"),
    "narrative.bet-by": Entry(de="(geboten {value} von {seat})", en="(bet {value} by {seat})"),
    "narrative.good-for": Entry(de="(gut für {side})", en="(good for {side})"),
    "narrative.held": Entry(de="(gehalten)", en="(held)"),
    "narrative.may-bet": Entry(de="bieten dürfen: {sides}", en="may bet: {sides}"),
    "narrative.spiel": Entry(
        de="Spiel: {side} ({how}); Stiche: {tricks}",
        en="Spiel: {side} ({how}); tricks: {tricks}"),
    "narrative.not-listed": Entry(
        de="nicht aufgeführt (mehr als {cap} Befunde in der Datei)",
        en="not listed (more than {cap} findings in the file)"),

    # ---- the rulesets (ruleset_report.py) and check --versus ----
    "rulesets.key": Entry(de="Schlüssel", en="key"),
    "rulesets.value": Entry(de="Wert", en="value"),
    "rulesets.source": Entry(de="Quelle", en="source"),
    "rulesets.no-differences": Entry(de="Keine Unterschiede.", en="No differences."),
    "versus.head": Entry(de="{source}: {left} gegen {right}", en="{source}: {left} versus {right}"),
    "versus.only": Entry(
        de="Ausgabe {deal}, Zeile {line}: nur {ruleset}: {rule} {what}",
        en="Deal {deal}, line {line}: only {ruleset}: {rule} {what}"),
    "versus.penalties": Entry(
        de="Ausgabe {deal}, Zeile {line}: {rule} {what}",
        en="Deal {deal}, line {line}: {rule} {what}"),
    "versus.no-penalty": Entry(de="keine Strafe", en="no penalty"),
    "versus.points": Entry(
        de="Ausgabe {deal}: Punkte {left}: {a}; {right}: {b}",
        en="Deal {deal}: points {left}: {a}; {right}: {b}"),
    "versus.match": Entry(
        de="Partie: {left}: {a}, Sieger {a_winner}; {right}: {b}, Sieger {b_winner}",
        en="match: {left}: {a}, winner {a_winner}; {right}: {b}, winner {b_winner}"),
    "versus.same": Entry(de="Beide Regelwerke urteilen gleich.", en="Both rulesets give the same verdict."),
}
