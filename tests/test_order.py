"""The close-game order, the both-gestrichen endgame, baptisms against the pack and cards after the
last trick (issues 18 and 19): each expectation worked out by hand from the sources cited."""

from __future__ import annotations

from pathlib import Path

from helpers import CASES, THREE_HANDS, judged

from perlagg_streit.engine.verdict import MatchVerdict


def rules(m: MatchVerdict) -> list[str]:
    return [v.rule for v in m.violations]


# ---- 19.5: a team's own Gleich and Hanger of equal size and height at 14:14 (Eichelperlaggen) ----

# Leaves are trumps (L9): the Eichel Perlaggen are HK, Weli, L7, LU, LO, E7, EU, EO. North holds four
# natural Aces (a viertiges Gleich, height Ace); South holds SK SO SU and the Weli, still unbaptised,
# which can be the Ace of bells: A-K-O-U, a viertiger Hanger, height Ace as well. East/West have
# nothing of four cards (E: a pair of Tens; W: H O-U). This was the minimal crash: the two figures of
# N/S tied on (size, kind, height) and the sort went on to compare the figures themselves.
EICHEL_14 = """Ausgabe 1
Geber: W
Vorher: 14:14
Abheben: S
Karten N: EA LA HA SA E9
Karten E: {east}
Karten S: SK SO SU S6 L8
Karten W: {west}
Aufschlag: L9
"""


def test_eichel_14_14_own_gleich_and_hanger_equal_decide_for_their_team() -> None:
    # 000 Eichelperlaggen Scoring and Endgame: at 14:14 a Gleich or Hanger of four cards is needed;
    # 004 Scoring-und Endspiel: only when the longest figures of BOTH teams are equally long does the
    # Spiel decide. Only N/S have four cards, so N/S win 15:14; their figure is named the Gleich,
    # first in the Rangordnung (§ 3; 000 Gleich, Hanger, Spiel).
    m = judged(EICHEL_14.format(east="E10 H10 LK S9 H8", west="S8 H9 HO HU L10"), "eichel")
    assert (m.winner, m.score, m.won_in_deal) == ("NS", (15, 14), 1)
    (deal,) = m.deals
    assert str(deal.match.how) == "Gleich of 4"
    gleich = next(o for o in deal.figures if o.figure.value == "Gleich")
    assert (gleich.winner, gleich.how) == ("NS", "endgame")


def test_eichel_14_14_a_rival_four_card_hanger_sends_it_to_the_spiel() -> None:
    # As above, but East holds H10 H9 H8 H7 (natural: hearts are not trumps): a viertiger Hanger.
    # Both teams' longest figures have four cards and they are of both kinds: "wenn die längste
    # Figur ... von jedem team die gleiche Länge haben ... das Spiel entscheidet" (004 Eichel). No
    # card is played, so the Spiel is not decided and nobody wins yet.
    m = judged(EICHEL_14.format(east="H10 H9 H8 H7 E10", west="S8 S9 HO HU L10"), "eichel")
    assert m.winner is None
    (deal,) = m.deals
    assert str(deal.match.how).startswith("equal lengths: the Spiel decides")
    assert rules(m) == []


def test_innsbruck_17_17_own_gleich_and_hanger_the_gleich_wins() -> None:
    # The same hands at 17:17 under innsbruck: three cards suffice, and at equal length a Gleich
    # beats a Hanger (000 The Endgame). N/S win 18:17 with the Gleich.
    text = EICHEL_14.format(east="E10 H10 LK S9 H8", west="S8 H9 HO HU L10").replace("14:14", "17:17")
    m = judged(text, "innsbruck")
    assert (m.winner, m.score) == ("NS", (18, 17))
    assert str(m.deals[0].match.how) == "Gleich of 4"


# ---- 18.7: a baptism as a card the pack does not have, in every form of the game -----------------

ZWEI = """Ausgabe 1
Geber: B
Abheben: A
Karten A: EA EK LA H10 S10
Karten B: E7 LK L9 SK S8
Aufschlag: H9
Stich 1: A EA, B E7={name}
"""


def test_two_players_a_baptism_outside_the_pack_is_flagged_and_the_spitz_stays_a_seven() -> None:
    # zwei (000 Two, Three or Six Players; 004 Zwei-Spieler-Spiel: the four-player rules). Hearts
    # trumps: B's E7 named the Six of hearts would be a trump and take A's Ace; the pack has no
    # such card (000 Players and Cards), so it is the Seven of acorns and A's EA wins.
    m = judged(ZWEI.format(name="H6"), "zwei")
    assert [(v.rule, v.seat) for v in m.violations] == [("BAPT-4", "B")]
    assert [t.winner for t in m.deals[0].tricks] == ["A"]
    # the same Perlagg named as a card of the pack, the Ace of hearts, is a trump and wins
    m = judged(ZWEI.format(name="HA"), "zwei")
    assert rules(m) == []
    assert [t.winner for t in m.deals[0].tricks] == ["B"]


def test_three_and_six_players_and_strafperlaggen_flag_a_baptism_outside_the_pack() -> None:
    drei = "Ausgabe 1\nGeber: C\nAbheben: B\n" + THREE_HANDS.replace("C: HO LO EO", "C: HO LO E7") \
        + "Aufschlag: S9\nStich 1: A EA, B EK, C E7=E6\n"
    # drei: Innsbruck Perlaggen, bells trumps; C's Spitz named an acorn Six: BAPT-4, a plain E7.
    m = judged(drei, "drei")
    assert [(v.rule, v.seat) for v in m.violations] == [("BAPT-4", "C")]
    # strafperlaggen (Eichel-style Perlaggen, 33 cards with the Weli): the same
    m = judged(drei.replace("Geber: C", "Stand vorher: 9:9:9\nGeber: C"), "strafperlaggen")
    assert [(v.rule, v.seat) for v in m.violations] == [("BAPT-4", "C")]
    sechs = """Ausgabe 1
Geber: F
Abheben: E
Karten A: EA H7 L7 SA
Karten B: E10 H8 LK L10
Karten C: E9 H9 LO LU
Karten D: E8 HO LA E7
Karten E: EK H10 L8 S10
Karten F: EU HU L9 SK
Aufschlag: S9
Stich 1: A EA, B E10, C E9, D E7=L6
"""
    # sechs: D's Spitz named the Six of leaves would trump the acorn lead; it is the plain Seven of
    # acorns, and A's Ace wins the trick once E and F have followed.
    m = judged(sechs.replace("D E7=L6", "D E7=L6, E EK, F EU"), "sechs")
    assert [(v.rule, v.seat) for v in m.violations] == [("BAPT-4", "D")]
    assert [t.winner for t in m.deals[0].tricks] == ["A"]


def test_a_baptism_outside_the_pack_in_the_validation_is_flagged_and_proves_nothing() -> None:
    # 000 Showing cards to validate bets: North bet the Gleich and, at the end, lays down the Weli
    # and the Eichel-Spitz "as the Six of hearts". No such card (BAPT-4): a Six and a Seven, no
    # example (VALID-1). As the Six of bells (the Weli's own name, a card of the pack) it would be.
    text = """Ausgabe 1
Geber: W
Abheben: S
Karten N: S6 E7 LA SK H10
Karten E: H8 L8 EA SO LU
Karten S: HA S10 LK E8 SU
Karten W: HO HU H9 S8 LO
Aufschlag: E9
N biete Gleich
E halte
W das Spiel ist gut
Weisen:
Stufe 1 N/S:
S gut Hanger
N gut Gleich
Nachweis:
E zeigt Gleich H8 L8
N zeigt Gleich S6 E7={name}
"""
    m = judged(text.format(name="H6"), "innsbruck")
    assert [(v.rule, v.seat) for v in m.violations] == [("BAPT-4", "N"), ("VALID-1", "N")]
    m = judged(text.format(name="S6"), "innsbruck")
    assert rules(m) == []


def test_a_six_played_from_an_unrecorded_hand_is_not_in_the_deck() -> None:
    # The pack's only Six is the Weli (000 Players and Cards): an acorn Six written for a player
    # whose hand is not recorded is a card that does not exist, RECORD-NOT-IN-DECK (not judged
    # clean, and not RECORD-NOT-HELD).
    text = """Ausgabe 1
Geber: S
Abheben: E
Aufschlag: L9
Stich 1: W EA, N E6, E E9, S E10
"""
    m = judged(text, "innsbruck")
    assert [(v.rule, v.seat) for v in m.violations] == [("RECORD-NOT-IN-DECK", "N")]
    # a 32-card pack has no Weli either (schlanders: 000 Variations)
    m = judged(text.replace("N E6", "N S6"), "schlanders")
    assert [(v.rule, v.seat) for v in m.violations] == [("RECORD-NOT-IN-DECK", "N")]


def test_a_six_given_in_exchange_is_not_in_the_deck_rather_than_not_held() -> None:
    # The dealer "gives" a Six of leaves for the turned-up trump Unter: no such card exists
    # (000 Players and Cards), RECORD-NOT-IN-DECK, not RECORD-NOT-HELD.
    text = """Ausgabe 1
Geber: S
Abheben: E
Karten N: H8 E8 S8 EK SK
Karten E: H9 E9 S9 L10 HO
Karten S: H10 E10 S10 L8 SO
Karten W: HA EA SA LK LA
Aufschlag: LU
Tausch: S L6 gegen LU
"""
    m = judged(text, "innsbruck")
    assert [v.rule for v in m.violations] == ["RECORD-NOT-IN-DECK"]


# ---- 19.x: a card after the last trick ----------------------------------------------------------

def test_two_players_a_card_after_the_fifth_trick_is_a_record_error_and_counts_for_nothing() -> None:
    # zwei: five cards, five tricks. A sixth "trick" comes from no hand (000 The Deal: five
    # cards each): RECORD-AFTER-LAST-TRICK, and the card is in no trick and no figure.
    text = """Ausgabe 1
Geber: B
Abheben: A
Aufschlag: H9
Stich 1: A EA, B E8
Stich 2: A LA, B L8
Stich 3: A S8, B SA
Stich 4: B LK, A L9
Stich 5: B SK, A S9
Stich 6: B HA
"""
    # Hearts are trumps (H9). B takes tricks 3, 4 and 5: his third trick, the Spiel, is the fifth
    # and last. B's HA comes from no hand: no sixth trick, and no card in B's figures.
    m = judged(text, "zwei")
    assert [(v.rule, v.seat) for v in m.violations] == [("RECORD-AFTER-LAST-TRICK", "B")]
    deal = m.deals[0]
    assert [t.winner for t in deal.tricks] == ["A", "A", "B", "B", "B"]
    assert deal.spiel_winner == "B"


def test_strafperlaggen_a_card_after_the_seventh_trick_when_the_spiel_is_hin() -> None:
    # Strafperlaggen (004): seven cards, four tricks for the Spiel; 2-3-2 is "das Spiel ist hin".
    # A card written after the seventh trick: RECORD-AFTER-LAST-TRICK; nothing else changes.
    text = (CASES / "strafperlaggen" / "ex-s0b-spiel-nobody-four-tricks.perlagg").read_text("utf-8")
    before = judged(text, "strafperlaggen")
    after = judged(text.replace("Punkte: 2:0:1", "Stich 8: B HK\nPunkte: 2:0:1"), "strafperlaggen")
    assert rules(before) == []
    assert [(v.rule, v.seat) for v in after.violations] == [("RECORD-AFTER-LAST-TRICK", "B")]
    assert after.score == before.score
    assert [t.winner for t in after.deals[0].tricks] == [t.winner for t in before.deals[0].tricks]


# ---- 18.11: endgame.penalty_lifts_gestrichen, counting down ----------------------------------------

def test_strafperlaggen_a_penalty_lifts_the_player_on_one_only_under_the_other_reading(tmp_path: Path) -> None:
    # Strafperlaggen counts down and penalty points are ADDED (004). A, on 1, answers out of turn
    # (P3-4: +2 and nothing this deal) and then bets the Spiel. As bundled (false) the score the
    # deal began on decides: A is still on 1 and may not bet (END-17). With the option true, the
    # two points count at once: A stands on 3 and may bet.
    text = """Ausgabe 1
Stand vorher: 1:5:6
Geber: C
Abheben: B
Karten A: HA HO H10 E10 E8 L10 S9
Karten B: EA E9 LA L9 L7 H8 S10
Karten C: EK LK LU HU H9 H7 SK
Aufschlag: S8
B biete Gleich, A gut, C gut
A biete Spiel
"""
    m = judged(text, "strafperlaggen")
    assert [(v.rule, v.seat) for v in m.violations] == [("P3-4", "A"), ("END-17", "A")]
    lifted = tmp_path / "straf-lifted.yaml"
    lifted.write_text("extends: strafperlaggen\nname: straf-lifted\nendgame:\n  penalty_lifts_gestrichen: true\n"
                      "sources:\n  endgame.penalty_lifts_gestrichen: \"test: the other reading\"\n", "utf-8")
    m = judged(text, str(lifted))
    assert [(v.rule, v.seat) for v in m.violations] == [("P3-4", "A")]
