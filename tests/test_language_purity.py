"""German output has no English words and English output no German ones (issue 20).

Every case and example is judged and rendered as text and Markdown in both languages, with the
scoresheet and the replay narrative of the examples; so is the command line's help for every
command, and a set of error messages (syntax errors, files the machine refuses, usage errors,
the batch summary). Each rendering is searched for words of the other language from the lists
below, which are kept by hand.

What is not prose is taken out first: the sources a rule or a penalty cites (titles of the
sources, quoted as they are: "000 The Play", "003 old § 17: Farbleugnen ..."), the file's name,
the rulesets' names, and anything in quotes (the transcript's keywords and the user's words).
The game's own terms are the same in both languages and are on neither list: Perlagg(en), Gleich,
Hanger, Spiel, Spiel aus, Weli, gestrichen, the variants Eichelperlaggen, Strafperlaggen,
Giltspiel, the places Imst and Tarrenz, and the Neue (revised) Innsbrucker rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
import yaml
from click.testing import CliRunner

from perlagg_streit.base.safe_text import markdown_text
from perlagg_streit.cli import cli
from perlagg_streit.engine import judge
from perlagg_streit.engine.rules import RULES
from perlagg_streit.engine.ruleset import Ruleset
from perlagg_streit.language.reader import read_file, read_transcript
from perlagg_streit.render.narrative import replay_text
from perlagg_streit.render.report import match_text
from perlagg_streit.render.report_markup import markdown_report
from perlagg_streit.render.scoresheet import scoresheet_text
from perlagg_streit.rulesets import bundled_names, load_ruleset

ROOT = Path(__file__).resolve().parent.parent

#: English words that must not appear in German output.
ENGLISH = frozenset("""
    the and of to is are were be been not no with without by for from at on into onto but or if
    has have had his her its it this that these those which who whose whom what when where whether
    while than then there here only more most every each any all both some none nobody
    after before during again already still yet never until since once
    can cannot could must may might would should will shall does did done
    deal deals dealer dealt trick tricks trump trumps cut kept nothing exchange exchanged gives gave
    score scores points point winner target ruleset rulesets violation violations offence record
    error errors ruling rulings source sources penalty penalties clean owes owe owing hand hands
    card cards team teams side sides seat seats turn lead leads led follow following suit suits
    show shows shown showed showing bet bets betting held hold holds raise raised raises good
    decided decides conceded concession unbet endgame forfeited forfeit stands standing figure
    figures match matches counted checkable unknown asked asks played plays player players
    first last next one two three four five six seven reached reach left right
    file files folder folders line lines found read write written cannot unreadable checked
    acorns leaves hearts bells happened what usage options commands help
    report language default locale output print quiet summary jobs parallel cores
""".split())

#: German words that must not appear in English output.
GERMAN = frozenset("""
    und der die das den dem des ein eine einen einem einer kein keine keinen ist sind war waren
    wird wurde wurden hat hatte hatten haben nicht nur noch schon auch aber oder wenn weil als
    mit von vom für auf nach vor bei zum zur im am um über unter durch gegen ohne zu zu
    wer wie wo ob dass sich sie er es ihr ihre sein seine seiner seinem jeder jede jedes
    Ausgabe Ausgaben Geber Trumpf Abheben behalten nichts Tausch gibt Gebote bietet hält steigert
    Figur Figuren Punkt Punkte Stand Verstoß Verstöße Regelverstoß Protokollfehler Entscheidung
    Quellen Quelle Strafe Sieger Partie offen Ziel Regelwerk Regelwerke gespielt gewiesen geboten
    gehalten gelassen getauft ungeboten niemand Karte Karten Partei Parteien Gegner Platz Plätze
    Zeile Zeilen Datei Dateien Ordner Fehler schuldet zählt steht entscheidet entschieden gefragt
    Endspiel verwirkt Weisen Stich Stiche Farbleugnen Eichel Laub Herz Schell Nachweis
    Spieler Spielern Zug Züge Reihe Uhrzeigersinn ausgespielt bekennen Taufe
    Aufruf Optionen Befehle Hilfe Vorgabe Sprache Bericht Ausgabe Zusammenfassung beenden
    zeigen Wert Schlüssel Unterschiede gleich lang
""".split()) - {"gleich"}  # "Gleich" is the figure (compared in lower case below)


def citations(ruleset: Ruleset) -> set[str]:
    """Every source a ruleset cites, as written and as Markdown writes it."""
    found = {p.source for p in ruleset.penalties.values()} | {v for v in ruleset.sources.values() if isinstance(v, str)}
    return found | {markdown_text(s) for s in found}


def _citations() -> set[str]:
    """Every source a rule or a bundled ruleset cites: titles and quotations, left as they are."""
    found = {s for rule in RULES.values() for s in rule.sources}
    for name in bundled_names():
        found |= citations(load_ruleset(name))
    return found


CITATIONS = sorted(_citations(), key=len, reverse=True)  # the longest first: one may contain another
RULESET_NAMES = sorted(bundled_names(), key=len, reverse=True)
_QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|„[^“\n]*“")
#: Not prose either: rule IDs (RECORD-SCORE), options (--help), tags ([Ruleset]), file names (*.perlagg)
_NOT_PROSE = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b"  # rule IDs
                        r"|(?<![\w-])--?[A-Za-z][\w-]*"  # options
                        r"|\\?\[[A-Za-z]+\b[^\]\n]*\]"  # tags, also as Markdown writes them
                        r"|\S*\.perlagg\S*")  # file names
_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}")


def foreign_words(text: str, lang: str, also_strip: tuple[str, ...] = ()) -> list[str]:
    """The words of the other language in ``text`` (output meant to be in ``lang``)."""
    for part in sorted({*also_strip, *CITATIONS}, key=len, reverse=True):  # the longest first
        text = text.replace(part, " ")
    for name in RULESET_NAMES:
        text = re.sub(rf"(?<![\w/-]){re.escape(name)}(?![\w-])", " ", text)
    text = _NOT_PROSE.sub(" ", _QUOTED.sub(" ", text))
    banned = ENGLISH if lang == "de" else {w.lower() for w in GERMAN}
    return sorted({w for w in _WORD.findall(text) if w.lower() in banned})


def _judgements() -> Iterator[tuple[str, Path, str | None]]:
    """(name, transcript, ruleset or None for its tag) for every case and example."""
    for expect in sorted((ROOT / "cases").rglob("*.expect.yaml")):
        data = yaml.safe_load(expect.read_text("utf-8"))
        name = expect.name[: -len(".expect.yaml")]
        ruleset = str(data.get("ruleset", "innsbruck"))
        if ruleset.endswith((".yaml", ".yml")):
            ruleset = str(expect.parent / ruleset)
        yield str(expect.relative_to(ROOT)), expect.parent / data.get("transcript", f"{name}.perlagg"), ruleset
    for example in sorted((ROOT / "examples").glob("*.perlagg")):
        yield str(example.relative_to(ROOT)), example, None


JUDGEMENTS = list(_judgements())


@pytest.mark.parametrize(("name", "path", "ruleset_name"), JUDGEMENTS, ids=[j[0] for j in JUDGEMENTS])
def test_every_case_and_example_is_rendered_in_one_language(name: str, path: Path, ruleset_name: str | None) -> None:
    read = read_file(path)
    assert not read.errors
    ruleset = load_ruleset(ruleset_name or read.transcript.tags.get("Ruleset", "innsbruck"),
                           None if ruleset_name else path)
    verdict = judge(read.transcript, ruleset)
    # a case's own ruleset file: its name and the sources it cites
    own = (str(path), markdown_text(str(path)), ruleset.name, *citations(ruleset))
    for lang in ("de", "en"):
        for render in (match_text, markdown_report, scoresheet_text):
            text = render(verdict, lang)
            assert foreign_words(text, lang, own) == [], (lang, render.__name__, text)


@pytest.mark.parametrize("example", sorted((ROOT / "examples").glob("*.perlagg")), ids=lambda p: p.name)
def test_the_replay_narrative_is_in_one_language(example: Path) -> None:
    transcript = read_file(example).transcript
    ruleset = load_ruleset(transcript.tags.get("Ruleset", "innsbruck"), example)
    for lang in ("de", "en"):
        # the events are quoted as the transcript writes them, in its keywords: only the state lines count
        lines = [line for block in replay_text(transcript, ruleset, lang) for line in block.splitlines()
                 if line.startswith("        ") or line.startswith("      !") or not line.startswith(" ")]
        assert foreign_words("\n".join(lines), lang) == [], lang


def _commands(group: object = cli, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    yield path
    for name, sub in sorted(getattr(group, "commands", {}).items()):
        yield from _commands(sub, (*path, name))


COMMAND_NAMES = sorted({name for path in _commands() for name in path})


@pytest.mark.parametrize("command", list(_commands()), ids=lambda c: " ".join(c) or "perlagg-streit")
def test_the_help_is_in_the_language_of_the_locale_or_of_lang(command: tuple[str, ...]) -> None:
    runner = CliRunner()
    for env, lang in (({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_AT.UTF-8"}, "de"),
                      ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}, "en")):
        result = runner.invoke(cli, [*command, "--help"], env=env)
        assert result.exit_code == 0, result.output
        # the commands' names are the same in both languages (rulesets show, score)
        text = re.sub(rf"\b(?:{'|'.join(COMMAND_NAMES)})\b", " ", result.output)
        assert foreign_words(text, lang) == [], (lang, result.output)
    german = runner.invoke(cli, [*command, "--help"], env={"LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_DE"})
    english = runner.invoke(cli, [*command, "--help"], env={"LC_ALL": "", "LC_MESSAGES": "", "LANG": "en_GB"})
    assert german.output.startswith("Aufruf:") and english.output.startswith("Usage:")


def test_every_option_of_every_command_has_its_help_in_the_catalogue() -> None:
    # a new option's English help would otherwise stand in the German help unnoticed
    from perlagg_streit.messages import CATALOGUE

    missing = []
    for path in _commands():
        command = cli
        for name in path:
            command = command.commands[name]  # type: ignore[attr-defined]
        dotted = ".".join(path) or "cli"
        for param in command.params:
            if isinstance(param, click.Option) and param.name not in ("help", "version"):
                if f"help.{dotted}.{param.name}" not in CATALOGUE and f"help.any.{param.name}" not in CATALOGUE:
                    missing.append(f"{dotted} --{param.name}")
    assert missing == []


def test_lang_on_the_command_line_overrides_the_locale_for_the_help() -> None:
    runner = CliRunner()
    german = runner.invoke(cli, ["check", "--lang", "de", "--help"], env={"LC_ALL": "C"})
    english = runner.invoke(cli, ["check", "--lang=en", "--help"], env={"LC_ALL": "de_AT.UTF-8"})
    assert german.output.startswith("Aufruf:") and "Sprache des Berichts" in german.output
    assert english.output.startswith("Usage:") and "Report language" in english.output
    # fmt's --lang chooses the transcript's keywords, not the language of the help
    fmt = runner.invoke(cli, ["fmt", "--lang", "en", "--help"], env={"LC_ALL": "de_AT.UTF-8"})
    assert fmt.output.startswith("Aufruf:")


BAD_TRANSCRIPT = """[Event "x"
Ausgabe 1
Geber: W
Karten N: HA SX
bitte Gleich
W S7=
Stand: 15
Ausgabe 1
N biete
Stich 9999999: N HA
"""


def test_syntax_errors_are_in_one_language() -> None:
    errors = read_transcript(BAD_TRANSCRIPT, "bad.perlagg").errors
    assert len(errors) >= 6
    for lang in ("de", "en"):
        text = "\n".join(e.render(lang) for e in errors)
        # the caret line quotes the transcript itself
        prose = "\n".join(line for line in text.splitlines() if not line.startswith("    "))
        assert foreign_words(prose, lang, ("bad.perlagg",)) == [], (lang, text)


def test_errors_of_the_command_line_are_in_one_language(tmp_path: Path) -> None:
    runner = CliRunner()
    (tmp_path / "leer.perlagg").write_text("", "utf-8")
    (tmp_path / "kaputt.perlagg").write_text(BAD_TRANSCRIPT, "utf-8")
    (tmp_path / "ordner.perlagg").mkdir()
    calls = [
        ["check", str(tmp_path), str(ROOT / "examples" / "streitfall.perlagg"), "--jobs", "1"],
        ["check", str(tmp_path / "fehlt.perlagg")],
        ["check", str(tmp_path / "leer")],
        ["chek"],
        ["check", "--format", "pdf", "x"],
        ["check", "--bogus"],
        ["check"],
        ["explain", "PLAY-33"],
        ["parse", str(tmp_path / "kaputt.perlagg")],
        ["fmt", str(tmp_path / "kaputt.perlagg")],
        ["score", str(tmp_path / "kaputt.perlagg")],
        ["rulesets", "show", "nirgendwo"],
    ]
    for lang in ("de", "en"):
        env = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_AT.UTF-8" if lang == "de" else "C"}
        for args in calls:
            result = runner.invoke(cli, args, env=env)
            assert result.exit_code != 0, (args, result.output)
            prose = "\n".join(line for line in result.output.splitlines() if not line.startswith("    "))
            assert foreign_words(prose, lang, (str(tmp_path), str(ROOT))) == [], (lang, args, result.output)


def test_the_word_lists_catch_what_they_are_for() -> None:
    """The check itself: the issue's examples of mixed output are caught, citations are not."""
    assert foreign_words("nobody asked about a figure during the first trick; das Spiel entscheidet", "de")
    assert foreign_words("LK steht zweimal im Protokoll: hand N und hand E", "de") == ["hand"]
    assert foreign_words("Spiel: E/W (tricks)", "de") == ["tricks"]
    assert foreign_words("N (bet/hold the Gleich) showed no example", "en") == []
    assert foreign_words("1 Ausgaben", "en") == ["Ausgaben"]
    assert foreign_words("Quellen: 000 The Play; 003 § 15", "de") == []
    assert foreign_words("Strafe: 2 Punkte (003 old § 17: Farbleugnen bedeutet Spiel-Verlust und zwei Punkte "
                         "Strafe)", "de") == []
