"""The message catalogue (perlagg_streit.messages): every text in both languages, every code the
code cites exists, every value the verdict can hold has words, and rendering follows the
language, the plural and the format specs."""

from __future__ import annotations

import pickle
import re
import string
from pathlib import Path

import pytest

from perlagg_streit.base.cards import Suit
from perlagg_streit.engine.rules import RULES
from perlagg_streit.language.files import Megabytes
from perlagg_streit.language.transcript import Figure
from perlagg_streit.messages import CATALOGUE, Message, say
from perlagg_streit.messages.language import command_line_language, locale_language

PACKAGE = Path(__file__).resolve().parent.parent / "perlagg_streit"

#: Entries whose two languages take different arguments, on purpose.
#: (a text already rendered in each language)
DIFFERENT_ARGUMENTS = {"case.as-is", "ruling.as-written", "syntax.token.keyword"}


def _fields(form: str | tuple[str, str]) -> set[tuple[str, str]]:
    forms = form if isinstance(form, tuple) else (form,)
    return {(name, spec or "") for f in forms for _, name, spec, _ in string.Formatter().parse(f) if name}


def _sample(name: str, spec: str) -> object:
    """A value of the kind a template's field takes, judged by its format spec."""
    if spec in ("space", "comma", "and", "or", "slash", "semicolon", "concat"):
        return ["A", "B"]
    if spec == "columns":
        return ("NS", "EW")
    if spec in ("de", "limit", "limit-de"):
        return Megabytes(3 * 1_048_576)
    if spec == "n":
        return 12345
    return "NS" if spec == "side" else 2


@pytest.mark.parametrize("code", sorted(CATALOGUE))
def test_every_text_renders_in_both_languages_with_the_same_arguments(code: str) -> None:
    entry = CATALOGUE[code]
    de, en = _fields(entry.de), _fields(entry.en)
    if code not in DIFFERENT_ARGUMENTS:
        assert {n for n, _ in de} == {n for n, _ in en}, code
    # a field used with a spec in one language and bare in the other takes the spec's kind of value
    args = {name: _sample(name, spec) for name, spec in sorted(de | en, key=lambda field: bool(field[1]))}
    if isinstance(entry.de, tuple) or isinstance(entry.en, tuple):
        assert entry.count is not None, code
        args[entry.count] = 2
    for lang in ("de", "en"):
        text = say(code, lang, **args)
        assert "{" not in text and "}" not in text or "{" in str(args), (code, text)
    if code.startswith("report.forfeit.none"):
        return
    assert say(code, "de", **args) and say(code, "en", **args), code


def test_every_code_in_the_source_is_in_the_catalogue() -> None:
    cited: set[str] = set()
    pattern = re.compile(r'(?:Message|say|finding|note_unchecked)\(\s*"([^"{}]+)"')
    for path in PACKAGE.rglob("*.py"):
        cited |= set(pattern.findall(path.read_text("utf-8")))
    # codes chosen by a condition: code = "PLAY-1.led-out-of-turn" if ... else "PLAY-8.led-out-of-turn"
    for path in (PACKAGE / "engine").glob("*.py"):
        cited |= set(re.findall(r'"((?:[A-Z][A-Z0-9]*-)+[0-9A-Z]+\.[a-z][a-z0-9.-]*)"', path.read_text("utf-8")))
    assert len(cited) > 250
    assert sorted(cited - CATALOGUE.keys()) == []


def test_every_rule_has_its_words_and_every_finding_names_a_rule() -> None:
    assert {f"rule.{rule_id}" for rule_id in RULES} == {c for c in CATALOGUE if c.startswith("rule.")}
    findings = [c for c in CATALOGUE if re.match(r"[A-Z]", c)]
    assert len(findings) > 100
    assert sorted({c.split(".")[0] for c in findings} - RULES.keys()) == []


def test_every_value_a_verdict_can_hold_has_words() -> None:
    import json

    schema = json.loads((PACKAGE.parent / "docs" / "verdict-schema.json").read_text("utf-8"))
    defs = schema["$defs"]
    hows = defs["deal"]["properties"]["figures"]["items"]["properties"]["how"]["enum"]
    forfeits = defs["violation"]["properties"]["penalty"]["oneOf"][1]["properties"]["forfeit"]["enum"]
    kinds = defs["violation"]["properties"]["kind"]["enum"]
    for code in ([f"report.figure-how.{h}" for h in hows] + [f"report.forfeit.{f}" for f in forfeits]
                 + [f"report.kind.{k}" for k in kinds]
                 + [f"report.bet-step.{a}" for a in ("bet", "blind", "hold", "raise", "good")]
                 + [f"act.{a}" for a in ("bet", "blind", "hold", "raise")]
                 + [f"report.spiel.{d}" for d in ("tricks", "concession", "hin")]):
        assert code in CATALOGUE, code


def test_a_message_is_rendered_in_the_language_asked_for() -> None:
    proof = Message("proof.played", seat="N", card="E8", moment=Message("moment.trick", trick=2), later=3, line=19)
    revoke = Message("PLAY-3.revoke", seat="N", example="E8", led=Suit.EICHEL, card="H9", proof=proof)
    assert revoke.text("de") == ("N hatte E8 (Eichel ausgespielt), spielte aber H9: Farbleugnen; "
                                 "N hatte E8 im 2. Stich: er spielte sie im 3. Stich (Zeile 19)")
    assert revoke.text("en") == str(revoke) == ("N held E8 of the suit led (acorns) but played H9: revoke; "
                                                "N held E8 at trick 2: he played it in trick 3 (line 19)")
    # a message within a message is rendered in the same language
    both = Message("how.both-during", how=Message("how.spiel-decides", how=Message("how.none-long-enough")))
    assert both.text("de") == "während der Ausgabe beide gestrichen: keine Figur lang genug; das Spiel entscheidet"
    assert str(both) == "both gestrichen during the deal: no figure long enough; the Spiel decides"


def test_singular_and_plural() -> None:
    assert say("report.match-head", "de", source="x", ruleset="r", target=18, n=1).endswith("1 Ausgabe)")
    assert say("report.match-head", "de", source="x", ruleset="r", target=18, n=2).endswith("2 Ausgaben)")
    assert say("report.match-head", "en", source="x", ruleset="r", target=18, n=1).endswith("1 deal)")
    assert say("report.owes-pair", "de", side="NS", n=1) == "N/S schuldet 1 Punkt"
    assert say("report.owes-pair", "en", side="NS", n=2) == "N/S owe 2 points"
    assert say("report.owes-one", "en", side="A", n=1) == "A owes 1 point"
    assert say("batch.files-with-violations", "en", n=1) == "1 file with violations"


def test_format_specs() -> None:
    assert say("BET-3.unanswered", "de", seat="N", card="HA", figures=[Figure.GLEICH, Figure.SPIEL]) == \
        "N hat HA gespielt, obwohl das Gebot (Gleich und Spiel) noch nicht beantwortet war"
    assert say("RECORD-POINTS.differ", "de", written="1:2", gives="2:1", sides=("NS", "EW")).endswith("(N/S:O/W)")
    assert say("RECORD-POINTS.differ", "en", written="1:2", gives="2:1", sides=("NS", "EW")).endswith("(N/S:E/W)")
    assert say("report.violations-count", "de", n=12345) == "Verstöße (12.345):"
    assert say("report.violations-count", "en", n=12345) == "Violations (12,345):"
    assert say("file.too-large", "de", file="f", mb=Megabytes(21 * 1_048_576 + 100_000), most=Megabytes(20 << 20)) \
        == "f: die Datei ist zu groß für ein Protokoll (21,1 MB; gelesen werden höchstens 20 MB)"


def test_messages_compare_hash_and_travel_between_processes() -> None:
    a = Message("note.hand-partly-known", seat="N")
    assert a == Message("note.hand-partly-known", seat="N") and a != Message("note.hand-partly-known", seat="E")
    assert len({a, Message("note.hand-partly-known", seat="N")}) == 1
    assert pickle.loads(pickle.dumps(a)) == a


def test_the_language_of_the_command_line() -> None:
    assert locale_language({"LANG": "de_AT.UTF-8"}) == "de"
    assert locale_language({"LC_ALL": "C", "LANG": "de_AT.UTF-8"}) == "en"  # LC_ALL comes first
    assert locale_language({"LC_MESSAGES": "de_CH", "LANG": "en_GB"}) == "de"
    assert locale_language({}) == "en"
    assert command_line_language(["check", "--lang", "de", "x"], {"LANG": "C"}) == "de"
    assert command_line_language(["check", "--lang=en", "x"], {"LANG": "de_DE"}) == "en"
    assert command_line_language(["check", "--lang", "fr", "x"], {"LANG": "de_DE"}) == "de"  # click refuses fr
    assert command_line_language(["fmt", "--lang", "en", "x"], {"LANG": "de_DE"}) == "de"  # fmt: keywords
    assert command_line_language(["check", "--", "--lang", "en"], {"LANG": "de_DE"}) == "de"
