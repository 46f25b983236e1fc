"""Property tests over generated matches, single mutations that break one rule, and fuzzing.

Generated matches carry the generator's own points and running score; the engine must agree.
Each mutation breaks exactly one rule at one known place; the engine must name that rule there.
"""

from __future__ import annotations

import dataclasses
import random
import tempfile
from functools import lru_cache
from pathlib import Path

from helpers import REPO
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from perlagg_streit.base.cards import Card
from perlagg_streit.engine import judge
from perlagg_streit.engine.ruleset import RulesetError
from perlagg_streit.language.reader import read_transcript
from perlagg_streit.language.transcript import (
    Bet,
    Deal,
    Event,
    Exchange,
    HandDealt,
    Hold,
    Play,
    PointsRecorded,
    Raise,
    ScoreRecorded,
    Transcript,
    TurnUp,
)
from perlagg_streit.language.writer import format_transcript
from perlagg_streit.rulesets import bundled_names, load_ruleset
from perlagg_streit.tools.generate import MatchGenerator

RULESETS = ["innsbruck", "innsbruck-1890", "eichel", "giltspiel"]
# Every bundled ruleset and form (two, three, four and six players, Strafperlaggen) for the replay
# and fmt properties. eichel-tarrenz was once left out (a cutter's kept Perlagg given in exchange
# was reported as not in his hand); that was fixed, and its generated matches judge clean.
EVERY_FORM = bundled_names()
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@lru_cache(maxsize=32)
def ruleset(name: str):  # type: ignore[no-untyped-def]
    return load_ruleset(name)


def generated(seed: int, name: str, deals: int = 4) -> Transcript:
    """The first ``deals`` deals of a generated match (whole matches: tests/test_generate.py)."""
    return MatchGenerator(ruleset(name), seed).match(1, max_deals=deals)


def reread(t: Transcript) -> Transcript:
    result = read_transcript(format_transcript(t))
    assert result.errors == [], [e.render() for e in result.errors]
    return result.transcript


@FAST
@given(seed=st.integers(0, 10**9), name=st.sampled_from(EVERY_FORM))
def test_a_generated_match_replays_clean_and_its_scoresheet_agrees(seed: int, name: str) -> None:
    t = reread(generated(seed, name))
    verdict = judge(t, ruleset(name))
    assert verdict.violations == (), [(v.rule, v.detail_en) for v in verdict.violations]


@FAST
@given(seed=st.integers(0, 10**9), name=st.sampled_from(EVERY_FORM), lang=st.sampled_from(["de", "en"]))
def test_fmt_round_trips_every_generated_match(seed: int, name: str, lang: str) -> None:
    t = generated(seed, name)
    text = format_transcript(t, lang)
    again = read_transcript(text)
    assert again.errors == [] and again.transcript == t
    assert format_transcript(again.transcript, lang) == text


def test_the_same_seed_gives_the_same_match() -> None:
    assert format_transcript(generated(42, "innsbruck")) == format_transcript(generated(42, "innsbruck"))
    assert format_transcript(generated(42, "innsbruck")) != format_transcript(generated(43, "innsbruck"))


# ---- single mutations ----------------------------------------------------------------------

def _replace_event(t: Transcript, deal_no: int, old: Event, new: list[Event]) -> Transcript:
    deals = []
    for deal in t.deals:
        if deal.number != deal_no:
            deals.append(deal)
            continue
        lines = []
        for line in deal.lines:
            events: list[Event] = []
            for e in line.events:
                events.extend(new if e is old else [e])
            lines.append(dataclasses.replace(line, events=tuple(events)))
        deals.append(Deal(deal.header, tuple(lines)))
    return dataclasses.replace(t, deals=tuple(deals))


def _tricks(deal: Deal) -> list[list[Play]]:
    plays = [e for e in deal.events if isinstance(e, Play)]
    return [plays[i:i + 4] for i in range(0, len(plays), 4)]


def _trumps(deal: Deal) -> str:
    turn = next(e for e in deal.events if isinstance(e, TurnUp))
    return turn.cards[-1].suit.value


def _seeded_deal(seed: int, name: str) -> tuple[Transcript, Deal]:
    t = generated(seed, name, deals=1)
    return t, t.deals[0]


@FAST
@given(seed=st.integers(0, 10**9), name=st.sampled_from(RULESETS))
def test_a_revoke_is_caught_as_a_revoke(seed: int, name: str) -> None:
    t, deal = _seeded_deal(seed, name)
    r = ruleset(name)
    trumps = _trumps(deal)
    perlaggen = {c for c in r.perlaggen_for(next(e for e in deal.events if isinstance(e, TurnUp)).cards[-1].suit)}
    hands = {e.seat: list(e.cards) for e in deal.events if isinstance(e, HandDealt)}
    played = {p.card for p in deal.events if isinstance(p, Play)}
    target = None
    for trick in _tricks(deal):
        if len(trick) < 4:
            continue
        led = trick[0].baptism.suit if trick[0].baptism and trick[0].card in perlaggen else trick[0].card.suit
        if led.value == trumps:
            continue
        for play in trick[1:]:
            if play.card in perlaggen or play.card.suit != led:
                continue
            spare = [c for c in hands[play.seat] if c not in played and c not in perlaggen and c is not None
                     and c.suit != led and c.suit.value != trumps]
            if spare:
                target = (play, spare[0])
                break
        if target:
            break
    assume(target is not None)
    assert target is not None
    play, spare = target
    mutated = _replace_event(t, deal.number, play, [Play(play.seat, spare, pos=play.pos)])
    verdict = judge(reread(mutated), r)
    assert ("PLAY-3", play.seat) in [(v.rule, v.seat) for v in verdict.violations]


@FAST
@given(seed=st.integers(0, 10**9))
def test_a_baptism_against_the_suit_led_is_caught(seed: int) -> None:
    t, deal = _seeded_deal(seed, "innsbruck")
    r = ruleset("innsbruck")
    turn = next(e for e in deal.events if isinstance(e, TurnUp)).cards[-1]
    perlaggen = set(r.perlaggen_for(turn.suit))
    hands = {e.seat: [c for c in e.cards if c is not None] for e in deal.events if isinstance(e, HandDealt)}
    for e in deal.events:
        if isinstance(e, Exchange):  # the hand after the exchange is the one that plays
            hands[e.seat] = [c for c in hands[e.seat] if c != e.gives] + [e.takes]
    found = None
    for trick in _tricks(deal):
        if len(trick) < 4:
            continue
        lead = trick[0]
        led = lead.baptism.suit if lead.baptism and lead.card in perlaggen else lead.card.suit
        for play in trick[1:]:
            if play.card not in perlaggen:
                continue
            holds = [c for c in hands[play.seat] if c not in perlaggen and c.suit == led and c != play.card]
            # only cards still in hand at this trick count: those not played before it
            earlier = {p.card for t2 in _tricks(deal)[: _tricks(deal).index(trick)] for p in t2}
            holds = [c for c in holds if c not in earlier]
            if holds:
                other = next(s for s in "ELHS" if s not in (led.value, turn.suit.value))
                found = (play, Card(type(led)(other), play.card.rank if play.card.rank.value != "6" else holds[0].rank))
                break
        if found:
            break
    assume(found is not None)
    assert found is not None
    play, baptism = found
    mutated = _replace_event(t, deal.number, play, [Play(play.seat, play.card, baptism, pos=play.pos)])
    verdict = judge(reread(mutated), r)
    assert ("BAPT-6", play.seat) in [(v.rule, v.seat) for v in verdict.violations]


@FAST
@given(seed=st.integers(0, 10**9), name=st.sampled_from(RULESETS))
def test_a_bet_out_of_turn_is_caught(seed: int, name: str) -> None:
    t = generated(seed, name, deals=3)
    holds = [(d, e) for d in t.deals for e in d.events if isinstance(e, Hold)]
    assume(holds)
    deal, hold = holds[0]
    # The holder's opponents bet again at once although their own bet was just seen (BET-6).
    events = list(deal.events)
    bet = next(e for e in reversed(events[: events.index(hold)]) if isinstance(e, (Bet, Raise)))
    figure = hold.figures[0]
    mutated = _replace_event(t, deal.number, hold, [hold, Bet(bet.seat, (figure,), pos=hold.pos)])
    verdict = judge(reread(mutated), ruleset(name))
    assert ("BET-6", bet.seat) in [(v.rule, v.seat) for v in verdict.violations]


@FAST
@given(seed=st.integers(0, 10**9), name=st.sampled_from(RULESETS), delta=st.integers(1, 5))
def test_a_wrong_score_is_caught_where_it_is_written(seed: int, name: str, delta: int) -> None:
    t = generated(seed, name, deals=3)
    deal = t.deals[-1]
    points = next(e for e in deal.events if isinstance(e, PointsRecorded))
    wrong = PointsRecorded((points.scores[0] + delta, points.scores[1]), pos=points.pos)
    verdict = judge(reread(_replace_event(t, deal.number, points, [wrong])), ruleset(name))
    assert [(v.rule, v.place.deal) for v in verdict.violations] == [("RECORD-POINTS", deal.number)]
    score = next(e for e in deal.events if isinstance(e, ScoreRecorded))
    wrong_score = ScoreRecorded((score.scores[0], score.scores[1] + delta), pos=score.pos)
    verdict = judge(reread(_replace_event(t, deal.number, score, [wrong_score])), ruleset(name))
    assert [(v.rule, v.place.deal) for v in verdict.violations] == [("RECORD-SCORE", deal.number)]


@FAST
@given(seed=st.integers(0, 10**9), name=st.sampled_from(RULESETS))
def test_a_card_played_twice_is_a_record_error(seed: int, name: str) -> None:
    t, deal = _seeded_deal(seed, name)
    tricks = [tr for tr in _tricks(deal) if len(tr) == 4]
    assume(len(tricks) >= 2)
    first = tricks[0][0]
    later = next((p for p in tricks[1] if p.seat == first.seat), None)
    assert later is not None
    mutated = _replace_event(t, deal.number, later, [Play(later.seat, first.card, first.baptism, pos=later.pos)])
    verdict = judge(reread(mutated), ruleset(name))
    assert ("RECORD-NOT-HELD", first.seat) in [(v.rule, v.seat) for v in verdict.violations]


# ---- fuzzing ---------------------------------------------------------------------------------

FUZZ = settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(data=st.binary(max_size=2000))
def test_arbitrary_bytes_give_only_documented_errors(data: bytes) -> None:
    from perlagg_streit.language.reader import UnreadableFileError, decode

    try:
        text, _ = decode(data, "fuzz")
    except UnreadableFileError:
        return
    result = read_transcript(text, "fuzz")
    if not result.errors:
        judge(result.transcript, ruleset("innsbruck"))


@FUZZ
@given(seed=st.integers(0, 10**6), edits=st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from(
    ["", " ", "\n", "=", ",", ":", "Gleich", "biete", "HA", "S7", "?", "Ausgabe 2", "#", "Weli", "-1", "Ü"])),
    min_size=1, max_size=6))
def test_mutated_transcripts_never_crash_the_reader_or_the_engine(seed: int, edits: list[tuple[int, str]]) -> None:
    text = format_transcript(generated(seed % 50, "innsbruck", deals=2))
    rng = random.Random(seed)
    for where, insert in edits:
        at = where % (len(text) + 1)
        cut = rng.randint(0, 3)
        text = text[:at] + insert + text[at + cut:]
    result = read_transcript(text, "fuzz")
    for error in result.errors:
        assert error.line >= 1 and error.message
    if not result.errors:
        judge(result.transcript, ruleset("innsbruck"))


RULESET_TEXT = (REPO / "perlagg_streit" / "rulesets" / "innsbruck.yaml").read_text("utf-8")


@FUZZ
@given(seed=st.integers(0, 10**6), edits=st.lists(st.tuples(st.integers(0, 10**5), st.sampled_from(
    ["", " ", "\n", ":", "- ", "[", "]", "{", "true", "7", "-3", "x", "T9", "HK", "\t", "'"])), min_size=1, max_size=5))
def test_mutated_rulesets_give_only_ruleset_errors(seed: int, edits: list[tuple[int, str]]) -> None:
    text = RULESET_TEXT
    rng = random.Random(seed)
    for where, insert in edits:
        at = where % (len(text) + 1)
        text = text[:at] + insert + text[at + rng.randint(0, 2):]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "haus.yaml"
        path.write_text(text, "utf-8")
        try:
            load_ruleset(str(path))
        except RulesetError as exc:
            assert str(exc)
