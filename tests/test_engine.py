"""Engine I, judged against outcomes worked out by hand from the sources."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from helpers import FOUR_HANDS, REPO, judged

from perlagg_streit.base.cards import card
from perlagg_streit.engine import judge, replay
from perlagg_streit.engine.ruleset import RulesetError, build_ruleset
from perlagg_streit.engine.verdict import DealVerdict
from perlagg_streit.language.reader import read_transcript
from perlagg_streit.language.transcript import Play
from perlagg_streit.rulesets import bundled_names, load_ruleset, resolve

# Four hands used by most tests (helpers.FOUR_HANDS). Leaves are trumps (turn-up L8), West deals,
# South cuts, North leads. Perlaggen: HK Weli S7 E7 L7 LU LO.
HANDS = FOUR_HANDS


def deal(plays: str, ruleset: str = "innsbruck", setup: str = "", hands: str = HANDS) -> DealVerdict:
    text = "Ausgabe 1\nGeber: W\nAbheben: S\n" + hands + "Aufschlag: L8\n" + setup + textwrap.dedent(plays)
    return judged(text, ruleset).deals[0]


def rules(v: DealVerdict) -> list[tuple[str, str | None, int | None]]:
    return [(x.rule, x.seat, x.place.trick) for x in v.violations]


def test_example_1_the_schell_spitz_beats_the_trump_unter_and_the_real_ace() -> None:
    # 000 Example 1: three cards represent the Ace of trumps; S7 (rank 3) > LU (rank 6) > the real LA.
    v = deal("Stich 1: N L10, E LA, S LU=LA, W S7=LA\n")
    assert v.tricks[0].winner == "W"
    assert [c.code for c in v.perlaggen] == ["HK", "S6", "S7", "E7", "L7", "LU", "LO"]
    without_d = deal("Stich 1: N L10, E LA, S LU=LA, W L9\n")
    assert without_d.tricks[0].winner == "S"  # "the Perlagg beats the real Ace of trumps"


def test_example_2_an_off_suit_baptism_cannot_win_and_rank_never_lifts_a_card() -> None:
    # 000 Example 2: leaves trumps, L10 led; Martl as LO, natural LK, E7 as HK: the King of leaves wins.
    hands = "Karten N: L10 H8 H9 E8 E9\nKarten E: HK SA SK S10 S9\nKarten S: LK HA HO E10 EA\n" \
            "Karten W: E7 S8 EK EO SO\n"
    v = deal("Stich 1: N L10, E HK=LO, S LK, W E7=HK\n", hands=hands)
    assert v.tricks[0].winner == "S"
    assert v.violations == ()  # W holds no natural leaf, so his heart baptism is legal


def test_revoke_is_caught_and_costs_what_the_ruleset_says() -> None:
    plays = "N L10, E LA, S LU=LA, W S7=LA\nW EK, N H9, E EA, S S9\n"
    english = deal(plays)
    assert rules(english) == [("PLAY-3", "N", 2)]
    assert english.violations[0].penalty is None  # 000 states no penalty
    old = deal(plays, "innsbruck-1890")
    (revoke,) = old.violations
    assert revoke.penalty is not None
    assert (revoke.penalty.team, revoke.penalty.points, revoke.penalty.forfeit) == ("NS", 2, "spiel")
    assert "§ 17" in revoke.penalty.source


def test_trump_led_must_be_trumped() -> None:
    # N leads L10 (trump); E holds LA but plays HA: PLAY-4.
    assert rules(deal("N L10, E HA, S LU=LA, W L9\n")) == [("PLAY-4", "E", 1)]


def test_baptism_restriction_differs_between_rulesets() -> None:
    # E leads EA (acorns); W holds EK, EO and plays the Schell-Spitz baptised as a heart.
    # E wins trick 1 with LA; E leads E10; W holds EK and EO but plays S7 baptised as a heart.
    hands = HANDS
    v = deal("N L10, E LA, S SA, W L9\nE E10, S S9, W S7=HA, N E8\n", hands=hands)
    assert rules(v) == [("BAPT-6", "W", 2)]
    old = deal("N L10, E LA, S SA, W L9\nE E10, S S9, W S7=HA, N E8\n", "innsbruck-1890", hands=hands)
    assert rules(old) == []  # 003 § 15: "Ein Perlagg ist immer Farbe"


def test_a_natural_card_cannot_be_baptised() -> None:
    v = deal("N L10, E LA=LK, S LU=LA, W L9\n")
    assert [r[0] for r in rules(v)] == ["BAPT-1"]
    assert v.tricks[0].winner == "S"  # E's card is the natural Ace; S's baptised Unter beats it


def test_turn_order_first_lead_later_lead_and_inside_a_trick() -> None:
    assert rules(deal("E LA, S LU=LA, W L9, N L10\n"))[0] == ("PLAY-1", "E", 1)
    v = deal("N L10, E LA, S LU=LA, W S7=LA\nN E8, E EA, S S9, W EK\n")
    assert rules(v)[0] == ("PLAY-8", "N", 2)
    assert rules(deal("N L10, S LU=LA, E LA, W L9\n"))[0] == ("SETUP-1", "S", 1)


def test_play_after_the_spiel_is_decided_or_conceded() -> None:
    plays = ("N L10, E LA, S LU=LA, W S7=LA\nW EK, N E8, E EA, S S9\nE HA, S SA, W S8, N H8\n"
             "E HO, S SK, W L9, N H9\n")
    v = deal(plays)
    assert v.spiel_winner == "EW" and v.spiel_decided_by == "tricks"
    assert [r[0] for r in rules(v)] == ["PLAY-14"] * 4
    conceded = deal("N das Spiel ist gut\nN L10\n")
    assert conceded.spiel_winner == "EW" and conceded.spiel_decided_by == "concession"
    assert rules(conceded) == [("PLAY-14", "N", 1)]


def test_exchanges() -> None:
    lu = "Karten N: L10 H8 H9 E8 E9\nKarten E: LA HA HO E10 EA\nKarten S: SA SK S10 S9 L7\n" \
         "Karten W: S7 S8 EK EO L9\n"

    def ex(line: str) -> list[tuple[str, str | None, int | None]]:
        text = "Ausgabe 1\nGeber: W\nAbheben: S\n" + lu + "Aufschlag: LU\n" + line
        result = read_transcript(text)
        assert result.errors == []
        return rules(judge(result.transcript, load_ruleset("innsbruck")).deals[0])

    assert ex("Tausch: W L9 gegen LU\n") == []  # the dealer gives a natural trump
    assert ex("Tausch: N L10 gegen LU\n")[0][0] == "EXCH-4"  # N is an opponent of the dealer W
    assert ex("Tausch: W S8 gegen LU\n")[0][0] == "EXCH-1"  # not a trump
    assert ex("Tausch: E LA gegen LU\n")[0][0] == "EXCH-2"  # partner E, but the dealer W held L9
    assert ex("N L10, E LA, S SA, W L9\nTausch: W L9 gegen LU\n")[0][0] == "EXCH-6"
    assert ex("Tausch: S L7 gegen LU\n")[0][0] == "EXCH-4"  # S is an opponent of W


def test_lower_perlagg_for_higher() -> None:
    text = ("Ausgabe 1\nGeber: W\nAbheben: S\nKarten N: L10 H8 H9 E8 E9\nKarten E: LA HA HO E10 EA\n"
            "Karten S: SA SK S10 S9 L7\nKarten W: LO S8 EK EO S7\nAufschlag: LU\nTausch: W LO gegen LU\n")
    v = judge(read_transcript(text).transcript, load_ruleset("innsbruck")).deals[0]
    assert rules(v) == [("EXCH-1", "W", None), ("EXCH-3", "W", None)]  # both sentences of 000 The Deal
    old = judge(read_transcript(text).transcript, load_ruleset("innsbruck-1890")).deals[0]
    assert rules(old) == []  # 003 § 7: "mit einem Trumpf"


def test_cut_rules() -> None:
    base = "Ausgabe 1\nGeber: W\n{cut}\n" + HANDS.replace("S: LU", "S: HK") + "Aufschlag: L8\n"
    ok = judge(read_transcript(base.format(cut="Abheben: S Martl")).transcript, load_ruleset("innsbruck"))
    assert ok.deals[0].violations == ()
    kept_unter = base.format(cut="Abheben: S SA")
    assert rules(judge(read_transcript(kept_unter).transcript, load_ruleset("innsbruck")).deals[0]) == \
        [("CUT-7", "S", None)]
    wrong = base.format(cut="Abheben: E")
    assert rules(judge(read_transcript(wrong).transcript, load_ruleset("innsbruck")).deals[0]) == \
        [("CUT-1", "E", None)]


def test_record_errors_are_not_offences() -> None:
    v = deal("N L10, E LA, S LU=LA, W L9\n", hands=HANDS.replace("W: S7 S8 EK EO L9", "W: S7 S8 EK EO LA"))
    kinds = {(x.rule, x.kind) for x in v.violations}
    assert ("RECORD-DUPLICATE-CARD", "record") in kinds
    v2 = deal("N L10, E LA, S LU=LA, W HK=LA\n")
    assert ("RECORD-NOT-HELD", "W", 1) in rules(v2)


def test_misdeal_and_weli_in_giltspiel() -> None:
    v = deal("", hands=HANDS.replace("W: S7 S8 EK EO L9", "W: S7 S8 EK EO L9 L7"))
    assert ("DEAL-6", "W", None) in rules(v)
    gilt = deal("", "giltspiel", hands=HANDS.replace("W: S7", "W: S6"))
    assert [x.rule for x in gilt.violations] == ["RECORD-NOT-IN-DECK"]


def test_eichel_acorns_are_set_aside_and_the_next_card_is_trumps() -> None:
    text = "Ausgabe 1\nGeber: W\nAbheben: S\n" + HANDS.replace("EO", "E7") + "Aufschlag: EU EO L8\n"
    v = judge(read_transcript(text).transcript, load_ruleset("eichel")).deals[0]
    assert v.trumps is not None and v.trumps.value == "L"
    assert [c.code for c in v.perlaggen] == ["HK", "S6", "L7", "LU", "LO", "E7", "EU", "EO"]


def test_legal_actions_follow_suit_and_list_baptisms() -> None:
    text = "Ausgabe 1\nGeber: W\nAbheben: S\n" + HANDS + "Aufschlag: L8\nN E8\n"
    steps = replay(read_transcript(text).transcript, load_ruleset("innsbruck"))
    state = list(steps)[-1][0]
    actions = state.legal_actions()
    naturals = {a.card.code for a in actions if a.baptism is None}
    assert naturals == {"E10", "EA", "LA"}  # E must follow acorns or trump
    assert all(a.seat == "E" for a in actions)
    assert Play("E", card("HA")) not in actions


# ---- rulesets ---------------------------------------------------------------------

def test_every_bundled_ruleset_loads_and_cites_its_sections() -> None:
    for name in bundled_names():
        r = load_ruleset(name)
        for key in ("deck", "perlaggen", "exchange", "target"):
            assert r.source_of(key), (name, key)


@pytest.mark.parametrize("change, path", [
    ({"target": 30}, "target"),
    ({"colour": "red"}, "colour"),
    ({"exchange": {"card": "anything"}}, "exchange.card"),
    ({"perlaggen": {"order": ["HK", "S6"]}, "deck": {"weli": False}}, "perlaggen.order[1]"),
    ({"perlaggen": {"order": ["HK", "ZZ"]}}, "perlaggen.order[1]"),
    ({"hand_size": "five"}, "hand_size"),
    ({"penalties": {"PLAY-3": {"points": 2}}}, "penalties.PLAY-3.source"),
])
def test_a_bad_ruleset_names_the_bad_key(change: dict[str, object], path: str) -> None:
    from perlagg_streit.engine.ruleset import merge

    data, _ = resolve("innsbruck")
    with pytest.raises(RulesetError) as info:
        build_ruleset(merge(data, change), "house.yaml")
    assert info.value.path == path


def test_house_rules_extend_a_bundled_ruleset(tmp_path: Path) -> None:
    house = tmp_path / "haus.yaml"
    house.write_text("extends: innsbruck\nname: haus\ntarget: 21\npenalties:\n  PLAY-3: {points: 3, forfeit: none,"
                     " source: Hausregel Gasthof Sonne}\n", "utf-8")
    r = load_ruleset(str(house))
    assert r.target == 21 and r.penalties["PLAY-3"].points == 3
    assert r.perlaggen.order == load_ruleset("innsbruck").perlaggen.order


def test_every_rule_the_engine_cites_is_in_the_catalogue() -> None:
    import re

    from perlagg_streit.engine.rules import RULES

    engine = REPO / "perlagg_streit" / "engine"
    cited = set()
    for source in engine.glob("*.py"):
        # a finding's catalogue code names its rule first: "PLAY-3.revoke"
        cited |= set(re.findall(r'"((?:[A-Z]+-)+[0-9A-Z]+)\.[a-z]', source.read_text("utf-8")))
    assert cited, "the pattern found no citations"
    assert sorted(cited - set(RULES)) == []
    for rule in RULES.values():
        assert rule.de and rule.en


def test_strict_replay_stops_at_the_first_violation() -> None:
    text = "Ausgabe 1\nGeber: W\nAbheben: S\n" + HANDS + "Aufschlag: L8\nN L10, E HA, S LU=LA, W L9\n"
    transcript = read_transcript(text).transcript
    full = judge(transcript, load_ruleset("innsbruck")).deals[0]
    strict = judge(transcript, load_ruleset("innsbruck"), strict=True).deals[0]
    assert [v.rule for v in strict.violations] == ["PLAY-4"] and strict.stopped
    assert [p.seat for p in strict.tricks[0].plays] == ["N", "E"]  # S and W never replayed
    assert len(full.tricks[0].plays) == 4 and not full.stopped


def test_imst_tarrenz_opponents_exchange_only_after_the_dealers_team() -> None:
    # Eichel, leaves trumps by the turned-up trump Unter (a Perlagg). West deals; his partner East
    # holds the natural LA, so North (West's left-hand opponent) may not exchange yet (EXCH-12).
    hands = ("Karten N: L10 H8 H9 E8 E9\nKarten E: LA HA HO E10 EA\nKarten S: SA SK S10 S9 H7\n"
             "Karten W: S7 S8 EK S6 HK\n")
    text = "Ausgabe 1\nGeber: W\nAbheben: S\n" + hands + "Aufschlag: LU\nTausch: N L10 gegen LU\n"
    tarrenz = judge(read_transcript(text).transcript, load_ruleset("eichel-tarrenz")).deals[0]
    assert rules(tarrenz) == [("EXCH-12", "N", None)]
    elsewhere = judge(read_transcript(text).transcript, load_ruleset("eichel")).deals[0]
    assert rules(elsewhere) == [("EXCH-4", "N", None)]
    partner_first = text.replace("Tausch: N L10 gegen LU\n", "Tausch: E LA gegen LU\n")
    assert rules(judge(read_transcript(partner_first).transcript, load_ruleset("eichel-tarrenz")).deals[0]) == []


def test_an_unbaptised_perlagg_off_suit_is_an_option(tmp_path: Path) -> None:
    # E leads E10; W holds EK and EO but plays the Schell-Spitz without a word (D-63).
    v = deal("N L10, E LA, S SA, W L9\nE E10, S S9, W S7, N E8\n")
    assert rules(v) == [("BAPT-6", "W", 2)]
    house = tmp_path / "haus.yaml"
    house.write_text("extends: innsbruck\nname: haus\nbaptism:\n  unbaptised_offsuit_when_holding_led: legal\n",
                     "utf-8")
    plays = "N L10, E LA, S SA, W L9\nE E10, S S9, W S7, N E8\n"
    text = "Ausgabe 1\nGeber: W\nAbheben: S\n" + HANDS + "Aufschlag: L8\n" + plays
    assert rules(judge(read_transcript(text).transcript, load_ruleset(str(house))).deals[0]) == []
