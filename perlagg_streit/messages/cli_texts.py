"""The command line's words: its help (``help.*``), its messages (``cli.*``), the batch summary
(``batch.*``), files the machine refuses (``file.*``, ``os.*``), the cases runner (``cases.*``),
and German for click's own words (:data:`CLICK_DE`).
"""

from __future__ import annotations

from .core import Entry

TEXTS: dict[str, Entry] = {
    # ---- help: help.<command> for a command, help.<command>.<option> for its options ----
    # the placeholders in usage lines, metavar.<parameter>
    "metavar.options": Entry(de="[OPTIONEN]", en="[OPTIONS]"),
    "metavar.command": Entry(de="BEFEHL [ARGUMENTE]...", en="COMMAND [ARGS]..."),
    "metavar.paths": Entry(de="PFADE", en="PATHS"),
    "metavar.files": Entry(de="DATEIEN", en="FILES"),
    "metavar.file": Entry(de="DATEI", en="FILE"),
    "metavar.name": Entry(de="NAME", en="NAME"),
    "metavar.first": Entry(de="ERSTES", en="FIRST"),
    "metavar.second": Entry(de="ZWEITES", en="SECOND"),
    "metavar.rule_id": Entry(de="REGEL", en="RULE"),
    "metavar.root": Entry(de="ORDNER", en="ROOT"),
    "metavar.ruleset_name": Entry(de="NAME|DATEI", en="NAME|FILE"),
    "metavar.versus_name": Entry(de="NAME|DATEI", en="NAME|FILE"),
    "metavar.jobs": Entry(de="N", en="N"),
    "metavar.deals": Entry(de="N", en="N"),
    "metavar.deal_number": Entry(de="N", en="N"),
    "metavar.matches": Entry(de="M", en="M"),
    "metavar.seed": Entry(de="ZAHL", en="NUMBER"),
    "metavar.out_dir": Entry(de="ORDNER", en="DIR"),
    "metavar.html_out": Entry(de="DATEI", en="FILE"),
    "metavar.output": Entry(de="DATEI", en="FILE"),
    "metavar.match_number": Entry(de="N", en="N"),
    "help.any.match_number": Entry(
        de="Nur diese Partie einer Datei mit mehreren (ab 1 gezählt).",
        en="Only this match of a file of several (counted from 1)."),
    "help.any.output": Entry(
        de="Die Ausgabe in DATEI schreiben (atomar), nicht auf die Standardausgabe.",
        en="Write the output to FILE (atomically) instead of standard output."),
    "help.cli.version": Entry(de="Die Version zeigen und beenden.", en="Show the version and exit."),
    "help.cli": Entry(
        de="perlagg-streit: der Schiedsrichter für Perlaggen.",
        en="perlagg-streit: the referee for Perlaggen."),
    "help.parse": Entry(
        de="Mitschriften lesen und ihre Ereignisse ausgeben, oder jeden Schreibfehler nennen.",
        en="Parse transcripts and print their events, or list every syntax error."),
    "help.parse.as_json": Entry(
        de="Die Ereignisse als JSON ausgeben (ein Dokument je Datei).",
        en="Print the events as JSON (one document per file)."),
    "help.fmt": Entry(
        de="Mitschriften in der einheitlichen Form ausgeben, oder sie mit --in-place neu schreiben.\n\n"
           "Eine Datei wird nur neu geschrieben, wenn sie fehlerfrei gelesen wurde und ihr neuer Text wieder "
           "dieselbe Mitschrift ergibt; sonst bleibt sie unberührt. Eine symbolische Verknüpfung bleibt, und die "
           "Datei, auf die sie zeigt, wird neu geschrieben; eine Datei, die ein anderes Programm während des "
           "Formatierens geändert hat, wird nicht überschrieben.",
        en="Print transcripts in the canonical form, or rewrite them with --in-place.\n\n"
           "A file is rewritten only when it parsed without error and its new text reads back to the same "
           "transcript; otherwise it is left untouched. A symbolic link is kept and the file it points to "
           "rewritten; a file that another program changed while it was formatted is not overwritten."),
    "help.fmt.in_place": Entry(
        de="Jede fehlerfrei gelesene Datei neu schreiben (atomar).",
        en="Rewrite each file that parsed cleanly (atomically)."),
    "help.fmt.lang": Entry(
        de="Die Schlüsselwörter der einheitlichen Form: deutsch oder englisch.",
        en="Keywords of the canonical form: German or English."),
    "help.check": Entry(
        de="Mitschriften nach einem Regelwerk nachspielen und jeden Verstoß mit Regel und Quelle melden.\n\n"
           "PFADE sind Dateien oder Ordner (darin werden *.perlagg gesucht). Rückgabewert: 0 keine Verstöße, "
           "1 Verstöße gefunden, 3 eine Datei konnte nicht gelesen, verstanden oder geprüft werden (die anderen "
           "werden trotzdem beurteilt; die Zusammenfassung nennt sie), 70 ein interner Fehler bei einer Datei "
           "(ebenso).",
        en="Replay transcripts under a ruleset and report every violation with its rule and source.\n\n"
           "PATHS are files or folders (searched for *.perlagg). Exit status: 0 no violations, 1 violations found, "
           "3 a file could not be read, parsed or checked (the others are still judged; the summary names it), "
           "70 an internal error of ours in one file (the same)."),
    "help.check.ruleset_name": Entry(
        de="Name eines mitgelieferten Regelwerks oder eine YAML-Datei; sonst der [Ruleset]-Eintrag der Mitschrift, "
           "sonst innsbruck.",
        en="Bundled ruleset name or a YAML file; default: the transcript's [Ruleset] tag, else innsbruck."),
    "help.check.lang": Entry(
        de="Sprache des Berichts (sonst nach dem Gebietsschema: deutsch bei de_*).",
        en="Report language (default: the locale, German for de_*)."),
    "help.check.fmt_": Entry(
        de="Form des Berichts: Text, JSON (ein Dokument je Datei), JSON-Zeilen (eine je Ausgabe), Markdown oder "
           "HTML.",
        en="Form of the report: text, JSON (one document per file), JSON lines (one per deal), Markdown or HTML."),
    "help.check.strict": Entry(
        de="Beim ersten Verstoß anhalten (das Nachspielen und die ganze Prüfung).",
        en="Stop at the first violation (the replay and the batch)."),
    "help.check.versus_name": Entry(
        de="Ein zweites Regelwerk: nach beiden urteilen und zeigen, wo die Urteile auseinandergehen.",
        en="A second ruleset: judge under both and show where the verdicts part."),
    "help.check.jobs": Entry(
        de="So viele Dateien gleichzeitig prüfen (sonst so viele, wie der Rechner Kerne hat).",
        en="Files checked in parallel (default: the number of cores)."),
    "help.check.summary": Entry(
        de="Eine Zusammenfassung am Ende, auf stderr (sonst, wenn mehr als eine Datei geprüft wird).",
        en="A closing summary on stderr (default: when more than one file is checked)."),
    "help.rulesets": Entry(
        de="Die regionalen Regelwerke: auflisten, zeigen, vergleichen, prüfen.",
        en="The regional rulesets: list, show, compare, validate."),
    "help.rulesets.list": Entry(de="Die mitgelieferten Regelwerke auflisten.", en="List the bundled rulesets."),
    "help.rulesets.list.lang": Entry(de="Sprache der Titel.", en="Language of the titles."),
    "help.rulesets.show": Entry(
        de="Jeder Schlüssel eines Regelwerks mit seinem Wert und seiner Quelle.",
        en="Every key of a ruleset with its value and source."),
    "help.rulesets.show.lang": Entry(de="Sprache der Ausgabe.", en="Language of the output."),
    "help.rulesets.diff": Entry(
        de="Jeder Unterschied zwischen zwei Regelwerken, jede Seite mit ihrer Quelle.",
        en="Every difference between two rulesets, each side with its source."),
    "help.rulesets.diff.lang": Entry(de="Sprache der Ausgabe.", en="Language of the output."),
    "help.rulesets.validate.lang": Entry(de="Sprache der Ausgabe.", en="Language of the output."),
    "help.rulesets.validate": Entry(
        de="Regelwerk-Dateien gegen das Schema prüfen; ein falscher Schlüssel wird mit seinem Pfad genannt.",
        en="Check ruleset files against the schema; a bad key is named by its path."),
    "help.explain": Entry(
        de="Eine Regel auf Deutsch und Englisch, ihre Quellen und die Optionen der Regelwerke, die sie ändern; "
           "oder die Regeln, die ein Wort oder ein § findet (explain 'Farbleugnen', explain '§ 17').",
        en="A rule in German and English, its sources, and the ruleset options that change it; or the rules a "
           "word or a § finds (explain 'Farbleugnen', explain '§ 17')."),
    "help.explain.lang": Entry(de="Sprache der Ausgabe.", en="Language of the output."),
    "help.replay": Entry(
        de="Schritt für Schritt: jedes Ereignis, dann wer am Zug ist, der Stich, die Werte der Figuren, wer was "
           "bieten darf.",
        en="Step by step: each event, then whose turn it is, the trick, the figures, who may bet what."),
    "help.replay.deal_number": Entry(de="Nur diese Ausgabe.", en="Only this deal."),
    "help.replay.ruleset_name": Entry(
        de="Name eines mitgelieferten Regelwerks oder eine YAML-Datei; sonst der [Ruleset]-Eintrag.",
        en="Bundled ruleset name or a YAML file; default: the transcript's [Ruleset] tag."),
    "help.replay.lang": Entry(
        de="Sprache der Ausgabe (sonst nach dem Gebietsschema).",
        en="Output language (default: the locale)."),
    "help.score": Entry(
        de="Das Schreibblatt: das Ziel, die Punkte jeder Partei je Ausgabe, gestrichen markiert, der Sieger.",
        en="The scoresheet: the target, every side's points per deal, gestrichen marked, the winner."),
    "help.score.ruleset_name": Entry(
        de="Name eines mitgelieferten Regelwerks oder eine YAML-Datei; sonst der [Ruleset]-Eintrag.",
        en="Bundled ruleset name or a YAML file; default: the transcript's [Ruleset] tag."),
    "help.score.lang": Entry(
        de="Sprache der Ausgabe (sonst nach dem Gebietsschema).",
        en="Output language (default: the locale)."),
    "help.score.html_out": Entry(
        de="Das Schreibblatt auch als eigene HTML-Seite schreiben (druckt auf A4).",
        en="Also write the scoresheet as a standalone HTML page (prints on A4)."),
    "help.generate": Entry(
        de="Zufällige regelgerechte Partien als Mitschriften; derselbe Startwert gibt dieselbe Ausgabe.\n\n"
           "Jede Partie wird zu Ende gespielt (eine Partei erreicht das Ziel; Strafperlaggen: alle bis auf einen "
           "erreichen 0), also kann die letzte Partie die Summe über --deals bringen.",
        en="Random legal matches as transcripts; the same seed gives the same output.\n\n"
           "Every match is played to its end (a side reaches the target; Strafperlaggen: all but one reach 0), so "
           "the last match may take the total past --deals."),
    "help.generate.deals": Entry(
        de="Ganze Partien spielen, bis es insgesamt mindestens so viele Ausgaben sind.",
        en="Play whole matches until at least this many deals in all."),
    "help.generate.matches": Entry(
        de="Mindestens so viele ganze Partien spielen.",
        en="Play at least this many whole matches."),
    "help.generate.seed": Entry(
        de="Startwert des Zufalls: derselbe Wert gibt dieselben Partien.",
        en="Seed of the random choices: the same seed gives the same matches."),
    "help.generate.ruleset_name": Entry(
        de="Name eines mitgelieferten Regelwerks oder eine YAML-Datei.",
        en="Bundled ruleset name or a YAML file."),
    "help.generate.out_dir": Entry(
        de="Jede Partie nach ORDNER/match-NNNN.perlagg schreiben (sonst ausgeben).",
        en="Write each match to DIR/match-NNNN.perlagg (default: print them)."),
    "help.generate.lang": Entry(
        de="Die Schlüsselwörter der Mitschriften: deutsch oder englisch.",
        en="Keywords of the transcripts: German or English."),
    "help.standings": Entry(
        de="Tabelle über Turnierprotokolle: jede Partei (ihre Spieler aus den Tags), Partien gespielt und gewonnen, "
           "Punkte für und gegen.",
        en="Standings over tournament logs: each side (its players from the tags), matches played and won, "
           "points for and against."),
    "help.standings.ruleset_name": Entry(
        de="Name eines mitgelieferten Regelwerks oder eine YAML-Datei; sonst das [Ruleset]-Tag jeder Partie, "
           "sonst innsbruck.",
        en="Bundled ruleset name or a YAML file; default: each match's [Ruleset] tag, else innsbruck."),
    "help.standings.lang": Entry(de="Sprache der Ausgabe (sonst die des Systems).",
                                 en="Output language (default: the locale)."),
    "help.standings.fmt_": Entry(de="Ausgabeform: Text, JSON oder eine HTML-Seite.",
                                 en="Output form: text, JSON or an HTML page."),
    "standings.title": Entry(de=("Tabelle nach {n} Partie", "Tabelle nach {n} Partien"),
                             en=("Standings after {n} match", "Standings after {n} matches"), count="n"),
    "standings.place": Entry(de="Platz", en="Place"),
    "standings.side": Entry(de="Partei", en="Side"),
    "standings.played": Entry(de="gespielt", en="played"),
    "standings.won": Entry(de="gewonnen", en="won"),
    "standings.for": Entry(de="Punkte für", en="for"),
    "standings.against": Entry(de="gegen", en="against"),
    "help.cases": Entry(
        de="Die Streitfälle: Mitschriften mit einem ausgearbeiteten Urteil.",
        en="The dispute cases: transcripts with hand-worked verdicts."),
    "help.cases.run": Entry(
        de="Jeden Fall unter ORDNER nachspielen und zeigen, worin ein Fall abweicht.",
        en="Replay every case below ROOT and show how any failing one differs."),
    "help.cases.run.verbose": Entry(de="Auch die bestandenen Fälle nennen.", en="List passing cases too."),
    "help.cases.map": Entry(
        de="Die Tabelle Regel -> Fälle (wie in cases/README.md, dort auf Englisch).",
        en="The rule -> cases table (as in cases/README.md)."),

    # ---- messages of the command line (cli.py) ----
    "cli.parse.deals": Entry(
        de=("{file}: {n} Ausgabe", "{file}: {n} Ausgaben"), en=("{file}: {n} deal", "{file}: {n} deals"), count="n"),
    "cli.parse.deal": Entry(de="Ausgabe {deal}", en="deal {deal}"),
    "cli.not-read-cleanly": Entry(
        de=("{failed} von {n} Datei konnte nicht fehlerfrei gelesen werden",
            "{failed} von {n} Dateien konnten nicht fehlerfrei gelesen werden"),
        en=("{failed} of {n} file could not be read cleanly", "{failed} of {n} files could not be read cleanly"),
        count="n"),
    "cli.file-not-read-cleanly": Entry(
        de="{file} konnte nicht fehlerfrei gelesen werden",
        en="{file} could not be read cleanly"),
    "cli.left-alone": Entry(de="die Datei bleibt, wie sie war", en="the file is left as it was"),
    "cli.not-formatted-file": Entry(de="{file}: nicht formatiert, {rest}", en="{file}: not formatted, {rest}"),
    "cli.not-formatted-overlong": Entry(
        de=("{file}: nicht formatiert: Zeile {line} wäre in der kanonischen Form {length:n} Zeichen lang, "
            "eine Zeile hat höchstens {limit:n}; {rest}"),
        en=("{file}: not formatted: line {line} would be {length:n} characters long in the canonical form, "
            "and a line has at most {limit:n}; {rest}")),
    "cli.reads-back-differently": Entry(
        de="{file}: interner Fehler: der formatierte Text liest sich nicht gleich zurück; {rest}",
        en="{file}: internal error: the formatted text does not read back the same; {rest}"),
    "cli.not-formatted": Entry(
        de=("{failed} von {n} Datei nicht formatiert", "{failed} von {n} Dateien nicht formatiert"),
        en=("{failed} of {n} file not formatted", "{failed} of {n} files not formatted"), count="n"),
    "cli.no-such-deal": Entry(
        de="{file} hat keine Ausgabe {deal} (Ausgaben: {deals})",
        en="{file} has no deal {deal} (deals: {deals})"),
    "cli.in-place-not-with": Entry(
        de="--in-place schreibt jede Datei an ihren Platz zurück; mit --output oder - (Standardeingabe) geht das nicht",
        en="--in-place rewrites each file where it is; it cannot go with --output or - (standard input)"),
    "cli.out-or-output": Entry(
        de="--out (eine Datei je Partie) oder --output (alle Partien in einer Datei), nicht beide",
        en="--out (a file per match) or --output (every match in one file), not both"),
    "cli.no-such-match": Entry(
        de=("{file} hat keine Partie {match} (nur {n})", "{file} hat keine Partie {match} (Partien: 1-{n})"),
        en=("{file} has no match {match} (only {n})", "{file} has no match {match} (matches: 1-{n})"), count="n"),
    "cli.choose-a-match": Entry(
        de="{file} enthält {n} Partien: mit --match N eine wählen (für {what})",
        en="{file} holds {n} matches: choose one with --match N (for {what})"),
    "cli.no-files": Entry(de="keine {suffix}-Dateien gefunden in {paths}", en="no {suffix} files found in {paths}"),
    "cli.cannot-write-output": Entry(
        de="perlagg-streit: die Ausgabe kann nicht geschrieben werden ({reason})",
        en="perlagg-streit: cannot write the output ({reason})"),
    "cli.bad-ruleset": Entry(de="Regelwerk fehlerhaft: {error}", en="bad ruleset: {error}"),
    "cli.validate-ok": Entry(de="{file}: in Ordnung ({name})", en="{file}: ok ({name})"),
    "cli.no-rule": Entry(de="keine Regel {rule}", en="no rule {rule}"),
    "cli.no-rule-close": Entry(
        de="keine Regel {rule}; gemeint ist vielleicht {close:comma}?",
        en="no rule {rule}; did you mean {close:comma}?"),
    "cli.interrupted": Entry(de="abgebrochen", en="interrupted"),
    "cli.refused": Entry(de="perlagg-streit: {where}{reason}", en="perlagg-streit: {where}{reason}"),
    "cli.internal-error": Entry(
        de="perlagg-streit: interner Fehler: {error} (PERLAGG_DEBUG=1 zeigt die Einzelheiten; bitte melden)",
        en="perlagg-streit: internal error: {error} (set PERLAGG_DEBUG=1 for details and please report it)"),
    "cli.cases.fail": Entry(de="FEHLER {name}", en="FAIL {name}"),
    "cli.cases.ok": Entry(de="ok     {name}", en="ok   {name}"),
    "cli.cases.total": Entry(de="{passed} bestanden, {failed} fehlgeschlagen", en="{passed} passed, {failed} failed"),

    # ---- what cases run reports about a case that fails (cases.py) ----
    "case.cannot-read": Entry(
        de="die Erwartung ist nicht zu lesen: {error}",
        en="cannot read the expectation: {error}"),
    "case.no-expect": Entry(
        de="die Erwartungsdatei hat keinen Abschnitt 'expect'",
        en="the expectation file has no 'expect' section"),
    "case.as-is": Entry(de="{text_de}", en="{text}"),
    "case.bad-file": Entry(  # the problem is a ruleset.* message of the check (case_schema.py)
        de="die Erwartungsdatei: {path}: {problem}",
        en="the expectation file: {path}: {problem}"),
    "case.internal-error": Entry(
        de="interner Fehler beim Beurteilen: {error}",
        en="internal error while judging: {error}"),
    "case.no-such-deal": Entry(
        de="Ausgabe {deal} steht nicht in der Mitschrift",
        en="deal {deal} is not in the transcript"),
    "case.violation-missing": Entry(
        de="Ausgabe {deal}, Verstoß: erwartet {item}, nicht gefunden",
        en="deal {deal} violation: expected {item}, not found"),
    "case.violation-unexpected": Entry(
        de="Ausgabe {deal}, Verstoß: unerwartet {item}",
        en="deal {deal} violation: unexpected {item}"),
    "case.penalty-missing": Entry(
        de="Ausgabe {deal}, Strafe: erwartet {item}, nicht gefunden",
        en="deal {deal} penalty: expected {item}, not found"),
    "case.penalty-unexpected": Entry(
        de="Ausgabe {deal}, Strafe: unerwartet {item}",
        en="deal {deal} penalty: unexpected {item}"),
    "case.deal.trumps": Entry(
        de="Ausgabe {deal}, Trumpf: erwartet {expected}, ermittelt {got}",
        en="deal {deal} trumps: expected {expected}, got {got}"),
    "case.deal.perlaggen": Entry(
        de="Ausgabe {deal}, Perlaggen: erwartet {expected}, ermittelt {got}",
        en="deal {deal} Perlaggen: expected {expected}, got {got}"),
    "case.deal.tricks": Entry(
        de="Ausgabe {deal}, Stiche gemacht von: erwartet {expected}, ermittelt {got}",
        en="deal {deal} trick winners: expected {expected}, got {got}"),
    "case.deal.spiel": Entry(
        de="Ausgabe {deal}, Spiel: erwartet {expected}, ermittelt {got}",
        en="deal {deal} Spiel: expected {expected}, got {got}"),
    "case.deal.score": Entry(
        de="Ausgabe {deal}, Stand nach der Ausgabe: erwartet {expected}, ermittelt {got}",
        en="deal {deal} running score after the deal: expected {expected}, got {got}"),
    "case.deal.owed": Entry(
        de="Ausgabe {deal}, geschuldete Punkte nach der Ausgabe: erwartet {expected}, ermittelt {got}",
        en="deal {deal} points owed after the deal: expected {expected}, got {got}"),
    "case.deal.counts": Entry(
        de="Ausgabe {deal}, zählt für den Stand: erwartet {expected}, ermittelt {got}",
        en="deal {deal} counts on the score: expected {expected}, got {got}"),
    "case.deal.points": Entry(
        de="Ausgabe {deal}, Punkte: erwartet {expected}, ermittelt {got}",
        en="deal {deal} points: expected {expected}, got {got}"),
    "case.deal.figure-not-scored": Entry(
        de="Ausgabe {deal}, Figur {figure}: nicht gewertet",
        en="deal {deal} figure {figure}: not scored"),
    "case.deal.figure-winner": Entry(
        de="Ausgabe {deal}, {figure}: erwartet gewinnt {expected}, ermittelt {got} ({how})",
        en="deal {deal} {figure}: expected winner {expected}, got {got} ({how})"),
    "case.deal.figure-value": Entry(
        de="Ausgabe {deal}, {figure}: erwartet Wert {expected}, ermittelt {got}",
        en="deal {deal} {figure}: expected value {expected}, got {got}"),
    "case.deal.figure-how": Entry(
        de="Ausgabe {deal}, {figure}: erwartet Ende {expected}, ermittelt {got}",
        en="deal {deal} {figure}: expected it to end {expected}, got {got}"),
    "case.match.winner": Entry(
        de="Sieger der Partie: erwartet {expected}, ermittelt {got} ({how})",
        en="match winner: expected {expected}, got {got} ({how})"),
    "case.match.score": Entry(
        de="Stand der Partie: erwartet {expected}, ermittelt {got}",
        en="match score: expected {expected}, got {got}"),
    "case.match.owed": Entry(
        de="geschuldete Punkte der Partie: erwartet {expected}, ermittelt {got}",
        en="match points owed: expected {expected}, got {got}"),
    "case.match.target": Entry(
        de="Ziel der Partie: erwartet {expected}, ermittelt {got}",
        en="match target: expected {expected}, got {got}"),
    "case.match.places": Entry(
        de="Plätze der Partie: erwartet {expected}, ermittelt {got}",
        en="match places: expected {expected}, got {got}"),
    "case.match.deal": Entry(
        de="Partie entschieden in Ausgabe: erwartet {expected}, ermittelt {got}",
        en="match decided in deal: expected {expected}, got {got}"),

    # ---- the batch summary and a file's trouble in a batch (batch.py) ----
    "batch.summary": Entry(de="{counts:comma}; {problems:comma}", en="{counts:comma}; {problems:comma}"),
    "batch.files": Entry(de=("{n} Datei", "{n} Dateien"), en=("{n} file", "{n} files"), count="n"),
    "batch.matches": Entry(de=("{n} Partie", "{n} Partien"), en=("{n} match", "{n} matches"), count="n"),
    "batch.match-place": Entry(de="{file}, Partie {n} von {of}", en="{file}, match {n} of {of}"),
    "batch.match-place-event": Entry(de="{file}, Partie {n} von {of} ({event})",
                                     en="{file}, match {n} of {of} ({event})"),
    "batch.deals": Entry(de=("{n} Ausgabe", "{n} Ausgaben"), en=("{n} deal", "{n} deals"), count="n"),
    "batch.clean-deals": Entry(de="davon {n} ohne Verstoß", en="{n} clean"),
    "batch.files-with-violations": Entry(
        de=("{n} Datei mit Verstößen", "{n} Dateien mit Verstößen"),
        en=("{n} file with violations", "{n} files with violations"), count="n"),
    "batch.unreadable-count": Entry(de="{n} nicht lesbar", en="{n} unreadable"),
    "batch.by-rule": Entry(de="Verstöße nach Regel: {rules}", en="violations by rule: {rules}"),
    "batch.unreadable": Entry(de="nicht lesbar: {file}", en="unreadable: {file}"),
    "batch.bad-ruleset-file": Entry(de="Regelwerk fehlerhaft: {file}", en="bad ruleset: {file}"),
    "batch.not-checked-file": Entry(de="nicht geprüft: {file}", en="not checked: {file}"),
    "batch.internal-file": Entry(
        de="interner Fehler (bitte melden): {file}",
        en="internal error (please report): {file}"),
    "batch.bad-ruleset": Entry(de="{file}: Regelwerk fehlerhaft: {error}", en="{file}: bad ruleset: {error}"),
    "batch.internal-error": Entry(
        de="{file}: interner Fehler: {error} (diese Datei wurde nicht beurteilt; PERLAGG_DEBUG=1 zeigt die "
           "Einzelheiten; bitte melden)",
        en="{file}: internal error: {error} (this file was not judged; set PERLAGG_DEBUG=1 for details and please "
           "report it)"),
    "batch.not-checked": Entry(de="{file}: nicht geprüft: {reason}", en="{file}: not checked: {reason}"),
    "batch.no-memory": Entry(
        de="nicht genug Arbeitsspeicher, um diese Datei zu prüfen",
        en="not enough memory to check this file"),
    "batch.worker-died": Entry(
        de="der Prozess, der sie prüfte, brach unerwartet ab (beendet, oder ohne Arbeitsspeicher); die anderen "
           "Dateien wurden geprüft",
        en="the process checking it stopped unexpectedly (killed, or out of memory); the other files were checked"),

    # ---- files the machine refuses (files.py, reader.py) ----
    "file.error": Entry(de="Fehler: {what}", en="error: {what}"),
    "file.cannot-read": Entry(de="{file}: Datei nicht lesbar ({reason})", en="{file}: cannot read the file ({reason})"),
    "file.cannot-write": Entry(
        de="{file}: Datei kann nicht geschrieben werden ({reason})",
        en="{file}: cannot write the file ({reason})"),
    "file.cannot-search": Entry(
        de="{folder}: Ordner nicht lesbar ({reason})",
        en="{folder}: cannot search the folder ({reason})"),
    "file.cannot-create-folder": Entry(
        de="{folder}: Ordner kann nicht angelegt werden ({reason})",
        en="{folder}: cannot create the folder ({reason})"),
    "file.not-regular": Entry(
        de="{file}: keine Protokolldatei: das ist {kind}; gelesen werden nur gewöhnliche Dateien",
        en="{file}: not a transcript file: this is {kind}; only regular files are read"),
    "file.kind.folder": Entry(de="ein Ordner", en="a folder"),
    "file.kind.fifo": Entry(de="eine benannte Pipe (FIFO)", en="a named pipe (FIFO)"),
    "file.kind.device": Entry(de="ein Gerät", en="a device"),
    "file.kind.socket": Entry(de="ein Socket", en="a socket"),
    "file.kind.other": Entry(de="keine gewöhnliche Datei", en="not a regular file"),
    "file.too-large": Entry(
        de="{file}: die Datei ist zu groß für ein Protokoll ({mb:de} MB; gelesen werden höchstens {most:limit-de} MB)",
        en="{file}: the file is too large for a transcript ({mb} MB; at most {most:limit} MB are read)"),
    "file.changed": Entry(
        de="{file}: die Datei wurde während des Formatierens von einem anderen Programm geändert; sie bleibt, wie "
           "jenes Programm sie geschrieben hat (noch einmal formatieren)",
        en="{file}: the file was changed by another program while it was formatted; it is left as that program "
           "wrote it (format it again)"),
    "file.binary": Entry(
        de="{file}: das ist keine Textdatei (sie enthält NUL-Bytes)",
        en="{file}: this is not a text file (it contains NUL bytes)"),
    # the reasons the machine gives (errno), in a player's words
    "os.no-such-file": Entry(de="Datei oder Ordner gibt es nicht", en="no such file or folder"),
    "os.permission-denied": Entry(de="keine Berechtigung", en="permission denied"),
    "os.not-permitted": Entry(de="nicht erlaubt", en="operation not permitted"),
    "os.read-only": Entry(de="das Dateisystem ist schreibgeschützt", en="the file system is read-only"),
    "os.disk-full": Entry(de="der Datenträger ist voll", en="the disk is full"),
    "os.quota": Entry(de="das Speicherkontingent ist aufgebraucht", en="the disk quota is used up"),
    "os.too-big": Entry(
        de="die Datei wäre größer als erlaubt, siehe ulimit -f",
        en="the file would be larger than allowed, see ulimit -f"),
    "os.name-too-long": Entry(de="der Name ist zu lang", en="the name is too long"),
    "os.cross-device": Entry(
        de="die Datei kann nicht über Dateisystemgrenzen verschoben werden",
        en="the file cannot be moved across file systems"),
    "os.not-a-folder": Entry(de="ein Teil des Pfads ist kein Ordner", en="a part of the path is not a folder"),
    "os.is-a-folder": Entry(de="das ist ein Ordner", en="it is a folder"),
    "os.link-loop": Entry(
        de="zu viele symbolische Verknüpfungen (eine Schleife?)",
        en="too many symbolic links (a loop?)"),
    "os.io-error": Entry(de="Ein-/Ausgabefehler", en="input/output error"),
    "os.too-many-open": Entry(de="zu viele offene Dateien", en="too many open files"),
    "os.busy": Entry(de="die Datei ist belegt", en="the file is busy"),
    "os.no-memory": Entry(de="nicht genug Arbeitsspeicher", en="not enough memory"),
    "os.other": Entry(de="{reason}", en="{reason}"),
}

#: click's own words (its help headings and usage errors) in German, by click's English text.
#: click marks them for gettext; perlagg_streit.cli hands them to click through that hook.
CLICK_DE: dict[str, str] = {
    "Usage:": "Aufruf:",
    "Options": "Optionen",
    "Commands": "Befehle",
    "Positional arguments": "Argumente",
    "Show this message and exit.": "Diese Hilfe zeigen und beenden.",
    "Show the version and exit.": "Die Version zeigen und beenden.",
    "%(prog)s, version %(version)s": "%(prog)s, Version %(version)s",
    "Error: {message}": "Fehler: {message}",
    "Try '{command} {option}' for help.": "Hilfe: '{command} {option}'.",
    "Missing argument": "Argument fehlt",
    "Missing option": "Option fehlt",
    "Missing parameter": "Angabe fehlt",
    "Missing command.": "Befehl fehlt.",
    "Missing {param_type}": "{param_type} fehlt",
    "Missing parameter: {param_name}": "Angabe fehlt: {param_name}",
    "No such option {name!r}.": "Keine Option {name!r}.",
    "No such command {name!r}.": "Kein Befehl {name!r}.",
    "Option {name!r} does not take a value.": "Die Option {name!r} nimmt keinen Wert.",
    "Invalid value for {param_hint}: {message}": "Ungültiger Wert für {param_hint}: {message}",
    "Invalid value: {message}": "Ungültiger Wert: {message}",
    "{value} is not in the range {range}.": "{value} liegt nicht im Bereich {range}.",
    "{value!r} is not a valid {number_type}.": "{value!r} ist keine gültige Zahl ({number_type}).",
    "{name} {filename!r} does not exist.": "{name} {filename!r} gibt es nicht.",
    "{name} {filename!r} is a directory.": "{name} {filename!r} ist ein Ordner.",
    "{name} {filename!r} is a file.": "{name} {filename!r} ist eine Datei.",
    "{name} {filename!r} is not readable.": "{name} {filename!r} ist nicht lesbar.",
    "{name} {filename!r} is not writable.": "{name} {filename!r} ist nicht beschreibbar.",
    "Could not open file {filename!r}: {message}": "Die Datei {filename!r} lässt sich nicht öffnen: {message}",
    "default: {default}": "Vorgabe: {default}",
    "required": "nötig",
    "deprecated": "veraltet",
    "env var: {var}": "Umgebungsvariable: {var}",
    "Aborted!": "Abgebrochen!",
    "file": "Datei",
    "directory": "Ordner",
    "path": "Pfad",
}

#: click's words that have a singular and a plural, by click's English pair.
CLICK_PLURAL_DE: dict[tuple[str, str], tuple[str, str]] = {
    ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"):
        ("Unerwartetes weiteres Argument ({args})", "Unerwartete weitere Argumente ({args})"),
    ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."):
        ("Die Option {name!r} braucht einen Wert.", "Die Option {name!r} braucht {nargs} Werte."),
    ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."):
        ("{value!r} ist nicht {choice}.", "{value!r} ist keiner von {choices}."),
    ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"):
        ("Meinten Sie {possibility}?", "(Meinten Sie einen von: {possibilities}?)"),
    ("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."):
        ("Braucht {nargs} Werte, aber 1 wurde angegeben.", "Braucht {nargs} Werte, aber {len} wurden angegeben."),
}
