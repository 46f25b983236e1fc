"""Every renderer shows one score column per side, at two, three, four and six players.

Generated matches of zwei, drei, innsbruck, sechs and Strafperlaggen are rendered in every format
(text de/en, Markdown, HTML, the scoresheet as text and HTML, JSON and JSONL, ``check --versus``,
the ``replay`` narrative). The expected sides and numbers are worked from the generated record,
not from the engine: the seats that play a card, the sides the rules make of them (000 Two, Three
or Six Players: two and three players each play for himself; four play N/S against E/W; six play
in two teams of three, each player between two opponents), and the points and score the record
writes for each deal (``Punkte:``, ``Stand:``; a generated match is legal and its sheet right).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import REPO, cli_run

from perlagg_streit.language.transcript import Play, PointsRecorded, ScoreRecorded, Transcript
from perlagg_streit.language.writer import format_transcript
from perlagg_streit.rulesets import load_ruleset
from perlagg_streit.tools.generate import MatchGenerator

# ruleset -> how many play
FORMS = {"zwei": 2, "drei": 3, "innsbruck": 4, "sechs": 6, "strafperlaggen": 3}


def _generated(name: str) -> Transcript:
    return next(MatchGenerator(load_ruleset(name), seed=7).matches(deals=2, matches=1))


def _sides(transcript: Transcript) -> list[str]:
    """The scoresheet's columns as the rules make them from the seats that play a card."""
    played = {e.seat for d in transcript.deals for line in d.lines for e in line.events if isinstance(e, Play)}
    clockwise = "NESW" if played <= set("NESW") else "ABCDEF"  # four players sit N E S W, others A, B, C, ...
    seats = sorted(played, key=clockwise.index)
    if len(seats) in (4, 6):  # partners sit across, every other seat (000 Two, Three or Six Players)
        return ["/".join(seats[0::2]), "/".join(seats[1::2])]
    return seats  # two or three players: each for himself


def _written(transcript: Transcript, kind: type) -> list[tuple[int, ...]]:
    """Per deal, the numbers the record writes on a ``Punkte:`` or ``Stand:`` line."""
    return [e.scores for d in transcript.deals for line in d.lines for e in line.events if isinstance(e, kind)]


def _labelled(sides: list[str], numbers: tuple[int, ...]) -> str:
    return ", ".join(f"{s} {n}" for s, n in zip(sides, numbers, strict=True))


@pytest.fixture(scope="module", params=sorted(FORMS))
def generated(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, Transcript]:
    name = request.param
    transcript = _generated(name)
    path = tmp_path_factory.mktemp(name) / f"{name}.perlagg"
    path.write_text(format_transcript(transcript), "utf-8")
    return name, path, transcript


def test_the_record_has_the_sides_the_rules_give(generated: tuple[str, Path, Transcript]) -> None:
    name, _path, transcript = generated
    sides = _sides(transcript)
    players = FORMS[name]
    assert len({p for s in sides for p in s.split("/")}) == players
    assert len(sides) == (2 if players in (2, 4, 6) else 3)
    assert len(transcript.deals) >= 2
    assert all(len(numbers) == len(sides) for numbers in _written(transcript, ScoreRecorded))
    assert all(len(numbers) == len(sides) for numbers in _written(transcript, PointsRecorded))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_text_report(generated: tuple[str, Path, Transcript], lang: str) -> None:
    _name, path, transcript = generated
    sides = _sides(transcript)
    _, out = cli_run("check", "--lang", lang, str(path))
    word = "Punkte der Ausgabe" if lang == "de" else "Points of the deal"
    shown = re.findall(rf"^  {word}: (.*)$", out, re.M)
    assert shown == [_labelled(sides, p) for p in _written(transcript, PointsRecorded)]
    after = re.findall(r"^  (?:Stand|Score): \S+ -> (-?\d+(?::-?\d+)+)", out, re.M)
    assert after == [":".join(map(str, s)) for s in _written(transcript, ScoreRecorded)]
    final = ":".join(map(str, _written(transcript, ScoreRecorded)[-1]))
    assert re.search(rf"^(Sieger|Winner): ({'|'.join(sides)}) {final} ", out, re.M)


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_markup_reports(generated: tuple[str, Path, Transcript], fmt: str) -> None:
    _name, path, transcript = generated
    sides = _sides(transcript)
    _, out = cli_run("check", "--lang", "en", "--format", fmt, str(path))
    shown = re.findall(r"Points of the deal: (.*?); Score", out)
    assert shown == [_labelled(sides, p) for p in _written(transcript, PointsRecorded)]
    final = ":".join(map(str, _written(transcript, ScoreRecorded)[-1]))
    assert re.search(rf"Winner: ({'|'.join(sides)}) {final}\b", out)


def test_scoresheet_text_and_html(generated: tuple[str, Path, Transcript], tmp_path: Path) -> None:
    _name, path, transcript = generated
    sides = _sides(transcript)
    page = tmp_path / "sheet.html"
    _, out = cli_run("score", "--lang", "en", "--html", str(page), str(path))
    lines = out.splitlines()
    head = next(line for line in lines if line.lstrip().startswith("Deal"))
    assert head.split()[1:] == sides
    rows = [line for line in lines if re.match(r"^\s+\d+\s", line)]
    points, after = _written(transcript, PointsRecorded), _written(transcript, ScoreRecorded)
    assert len(rows) == len(after)
    for row, p, s in zip(rows, points, after, strict=True):
        cells = re.findall(r"(-?\d+) \(\s*(-?\d+)\)", row)
        assert [(int(a), int(b)) for a, b in cells] == list(zip(p, s, strict=True))
    html_text = page.read_text("utf-8")
    assert re.findall(r"<th>([^<]*)</th>", html_text) == sides
    rows_html = re.findall(r'<tr><td class="deal">.*</tr>', html_text)
    assert len(rows_html) == len(after) and all(row.count('class="team') == len(sides) for row in rows_html)


def test_json_and_jsonl(generated: tuple[str, Path, Transcript]) -> None:
    import jsonschema

    _name, path, transcript = generated
    sides = [s.replace("/", "") for s in _sides(transcript)]
    schema = json.loads((REPO / "docs" / "verdict-schema.json").read_text("utf-8"))
    _, out = cli_run("check", "--format", "json", str(path))
    doc = json.loads(out)
    jsonschema.validate(doc, schema)
    assert doc["sides"] == sides
    assert [d["points"] for d in doc["deals"]] == [list(p) for p in _written(transcript, PointsRecorded)]
    assert [d["match"]["after"] for d in doc["deals"]] == [list(s) for s in _written(transcript, ScoreRecorded)]
    assert doc["score"] == list(_written(transcript, ScoreRecorded)[-1])
    _, out = cli_run("check", "--format", "jsonl", str(path))
    for line in out.splitlines():
        deal = json.loads(line)
        jsonschema.validate(deal, schema)
        assert deal["sides"] == sides and len(deal["points"]) == len(sides)


def test_versus_labels_each_rulesets_score(generated: tuple[str, Path, Transcript]) -> None:
    name, path, transcript = generated
    sides = _sides(transcript)
    other = "zwei" if name == "innsbruck" else "innsbruck"
    _, out = cli_run("check", "--lang", "en", "--versus", other, str(path))
    final = _labelled(sides, _written(transcript, ScoreRecorded)[-1])
    assert re.search(rf"^  match: {name}: {final}, winner ({'|'.join(sides)}); {other}: ", out, re.M)
    _, same = cli_run("check", "--lang", "en", "--versus", name, str(path))
    assert "Both rulesets give the same verdict." in same


def test_replay_narrative_names_every_side(generated: tuple[str, Path, Transcript]) -> None:
    name, path, transcript = generated
    sides = _sides(transcript)
    _, out = cli_run("replay", "--lang", "en", str(path))
    # counting down, a player who has reached 0 has left the game (004 Strafperlaggen): later deals
    # name only the sides still playing, in the sheet's order; the first deal names them all
    may = [[part.split(":")[0] for part in line.split("; ")] for line in re.findall(r"may bet: (.*)$", out, re.M)]
    tricks = [[part.rsplit(" ", 1)[0] for part in line.split(", ")]
              for line in re.findall(r"; tricks: (.*)$", out, re.M)]
    assert may and tricks and may[0] == sides and tricks[0] == sides
    for named in may + tricks:
        assert len(named) >= 2 and named == [s for s in sides if s in named]
        if not load_ruleset(name).countdown:
            assert named == sides
