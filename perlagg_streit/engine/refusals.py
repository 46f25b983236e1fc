"""Acts refused by the table or withdrawn by their maker (``Abgelehnt:``, ``Zurückgenommen:``).

The record says what was said or done, and that it was not let stand. The ruling, by the kind of
act (every bundled ruleset; where they differ it is through an option already declared):

* a bet, hold, raise, concession or throw-in cannot be undone: "Was einmal von einem Spieler
  geboten oder gehalten ist [...] darf unter keinen Umständen mehr widerrufen werden" (003 old/Neue
  § 9, SETUP-6; § 11: every bet must be answered). It is applied as if nothing followed, so an
  illegal one is void and flagged with its penalty as it always is (a bet by a gestrichen party
  still costs the § 21 penalty, "sofort [...] gestraft", old § 21 "wenn auch aus Versehen");
  the refusal or withdrawal is reported as the ruling SETUP-6;
* an exchange takes no effect: no card changes hands and the turned-up Perlagg stays where it
  was (003 § 7 "Der Austausch vonseiten der Gegner ist ausgeschlossen"; 000 The Deal "not
  allowed"). What it would have broken is reported under its rule as a ruling, without penalty:
  the act did not happen; an allowed exchange refused or withdrawn is the ruling EXCH-1;
* a card whose baptism (or the card itself) the table refused takes no effect: "a refused
  baptism fixes nothing" (000 The Play: the restriction is enforced by the table; BAPT-5 fixes
  only a baptism made), and the player names another or lays another card. What it would have
  broken is a ruling under its rule; a card withdrawn is a card laid and taken back
  (:mod:`.corrections`, § 17);
* a show, a stage, a validation, a figure declared standing, an asking at 17:17 with its answers
  and grades, a bare call or a take-back takes no effect (ruling under SHOW-3, VALID-1, END-8, BET-2, PLAY-11). The one
  exception is the Perlaggen a refused or withdrawn show baptised, where
  ``baptism.ruled_out_show`` is ``fixed``: "Ein getaufter Perlagg darf unter keinen Umständen mehr
  getauft werden" (old § 18; BAPT-5), so their baptisms stand; under ``void`` (000 Example 6,
  stage 5) they are free.
"""

from __future__ import annotations

from collections.abc import Callable

from ..base.rule_index import enforces
from ..language.transcript import (
    Ask,
    AskAnswer,
    Bet,
    Call,
    Event,
    Exchange,
    Good,
    GradeDeclared,
    Hold,
    Play,
    Raise,
    Show,
    Stands,
    TakeBack,
    ThrowIn,
    Undone,
    ValidationBegins,
)
from ..messages import Message
from . import deal as deal_phase
from . import tricks
from .ruleset import RuledOutShow
from .state import DealState, Finding, finding

_BINDING = (Bet, Hold, Raise, Good, ThrowIn)  # § 9: never withdrawn


@enforces("SETUP-6", "EXCH-1", "BAPT-1", "BAPT-5", "PLAY-11", keys=("baptism.ruled_out_show",))
def undone(state: DealState, event: Undone, apply: Callable[[Event], None]) -> None:
    """Rule on an act refused or withdrawn; ``apply`` carries out an act that stands all the same."""
    act, how = event.act, "withdrawn" if event.withdrawn else "refused"
    seat = act.__dict__.get("seat")
    if isinstance(act, _BINDING):
        apply(act)  # § 9: it stands; an illegal one is void and flagged as always
        state.violate(finding(f"SETUP-6.{how}", seat=seat), seat, event=event, ruling=True)
        return
    if isinstance(act, Play) and event.withdrawn:
        apply(act)  # laid and taken back: § 17 rules on it
        apply(TakeBack(act.seat, act.card, pos=act.pos))
        return
    if isinstance(act, Exchange):
        _not_done(state, event, deal_phase.verify_exchange(state, act),
                  finding(f"EXCH-1.{how}", seat=act.seat, gives=act.gives, takes=act.takes))
        return
    if isinstance(act, Play):
        allowed = "BAPT-1.refused" if act.baptism is not None else "PLAY-11.refused"
        _not_done(state, event, tricks.verify_play(state, act),
                  finding(allowed, seat=act.seat, card=act.card, baptism=act.baptism))
        return
    if isinstance(act, Show) and state.ruleset.baptism.ruled_out_show is RuledOutShow.FIXED:
        named = {s.card: s.baptism for s in act.cards if s.baptism is not None and state.is_perlagg(s.card)}
        if named:
            tricks.baptise(state, named)  # old § 18: a baptism, once made, stands
            state.violate(finding(f"BAPT-5.{how}-show", seat=seat), seat, event=event, ruling=True)
    state.violate(_no_effect(act, how), seat, event=event, ruling=True)


def _not_done(state: DealState, event: Undone, broken: list[Finding], allowed: Finding) -> None:
    """An act that did not happen: what it would have broken, each under its rule, as rulings
    (no penalty); an act that broke nothing, the ruling ``allowed``."""
    how = Message("undone.withdrawn" if event.withdrawn else "undone.refused")
    seat = event.act.__dict__.get("seat")
    for rule, account in broken:
        state.violate(Finding(rule, Message("undone.would-break", account=account, how=how)), seat,
                      event=event, ruling=True)
    if not broken:
        state.violate(allowed, seat, event=event, ruling=True)


@enforces("SHOW-3", "VALID-1", "END-8", "BET-2", "PLAY-11")
def _no_effect(act: Event, how: str) -> Finding:
    """The ruling on an act of the show, the validation or the endgame that takes no effect."""
    if isinstance(act, ValidationBegins):
        return finding(f"VALID-1.{how}")
    if isinstance(act, Ask):
        return finding(f"END-8.{how}", seat=act.seat)
    if isinstance(act, (AskAnswer, GradeDeclared)):
        what = "answer" if isinstance(act, AskAnswer) else "grade"
        return finding(f"END-8.{how}-{what}", seat=act.seat)
    if isinstance(act, Call):
        return finding(f"BET-2.{how}", seat=act.seat)
    if isinstance(act, TakeBack):
        return finding(f"PLAY-11.{how}-take-back", seat=act.seat, card=act.card)
    if isinstance(act, (Show, Stands)):
        return finding(f"SHOW-3.{how}", seat=act.seat)
    return finding(f"SHOW-3.{how}-stage")
