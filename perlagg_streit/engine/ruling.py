"""Rulings: the referee's answer on one event, for a Streitfrage and for ``why FILE:LINE``.

A :class:`RulingBook` watches the lines of a deal that a question concerns (the line of events
just before each ``Streitfrage``, or the line asked about): it notes the state before each of
their events, and after it builds a :class:`.verdict.Ruling` from what the engine found there
(the findings' codes, arguments, rule IDs and penalties), the hand the record gives the player,
the trick, this deal's Perlagg order and the betting. The rulings rest on the engine's findings
only, so a finding that gains a proof shows it in the ruling without a change here.

A deal without a Streitfrage costs nothing: the replay makes no book for it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..base.cards import Card
from ..base.records import mutable_record
from ..base.regex_cache import compiled
from ..language.transcript import (
    Ask,
    AskAnswer,
    Bet,
    BlindBet,
    Call,
    Claim,
    Deal,
    Dispute,
    Event,
    Good,
    GradeDeclared,
    Hold,
    Line,
    Play,
    PointsOwed,
    Raise,
    Seat,
    Show,
)
from ..messages import Message
from . import asking
from .enums import Answer, BookStatus, FindingKind, Phase, RulingScope
from .ruleset import UnbaptisedOffsuit
from .state import DealState
from .verdict import BookFacts, DealVerdict, PlayRecord, Ruling, TrickFacts, Violation


def _as_written(line: Line) -> Message:
    """A line in both transcript languages. The writer is imported here, not at the top: ``check``
    of a file without a Streitfrage starts without it (issue 21); rulings are few."""
    from ..language.writer import Writer

    return Message("ruling.as-written", de=Writer("de").line(line), en=Writer("en").line(line))


def event_words(event: Event) -> Message:
    """The event as written, in the transcript language of the report (German or English keywords)."""
    line = Line((event,))
    return _as_written(line)


@mutable_record
class _Before:
    """What the state was just before a watched event."""

    findings: int
    bets: int
    held: tuple[tuple[Card, ...], int] | None  # the player's recorded hand: known cards, unknown count
    current: tuple[PlayRecord, ...]  # the trick as it lay
    trick: int


class RulingBook:
    """The rulings of one deal: on each Streitfrage's event, and on the line asked about (``ask``)."""

    def __init__(self, deal: Deal, ask: int | None = None) -> None:
        self.deal = deal.number
        self.ask = ask
        # line index (1-based, as the replay counts them) -> the line index each Streitfrage concerns
        self.concerns: dict[int, int] = {}
        self.watch: set[int] = set()
        last_with_events = 0
        for index, line in enumerate(deal.lines, start=1):
            if any(isinstance(e, Dispute) for e in line.events):
                self.concerns[index] = last_with_events
                self.watch.add(last_with_events)
            elif line.events:
                last_with_events = index
            if ask is not None and line.pos.line == ask:
                self.watch.add(index)
        # the places of claims and notes of points owed: those on the deal's own score are judged at
        # its end (engine.sheet), so their rulings are completed then (finish)
        self.settled_late: set[tuple[int, int]] = set()
        self.on_line: dict[int, list[Ruling]] = {}
        self.rulings: list[Ruling] = []  # the Streitfragen's, in order
        self.asked: list[Ruling] = []  # the line asked about

    @staticmethod
    def wanted(deal: Deal, ask: int | None) -> bool:
        """Whether a deal needs a book: it holds a Streitfrage, or the line asked about (a plain
        loop: this runs for every deal judged)."""
        for line in deal.lines:
            if ask is not None and line.pos.line == ask:
                return True
            for event in line.events:
                if type(event) is Dispute:
                    return True
        return False

    def before(self, state: DealState, event: Event) -> _Before:
        """The state just before a watched event."""
        seat = event.__dict__.get("seat")
        hand = state.setup.hands.get(seat) if isinstance(seat, str) else None
        held = (tuple(hand.known), hand.unknown) if hand is not None else None
        return _Before(len(state.violations), len(state.betting.bet_log), held, tuple(state.play.current),
                       state.play.trick_number)

    def after(self, state: DealState, index: int, event: Event, before: _Before) -> None:
        """Rule on a watched event just applied."""
        if isinstance(event, Dispute):
            return  # a Streitfrage is ruled on when it is reached (dispute)
        ruling = _rule_on_event(state, event, before)
        if isinstance(event, (Claim, PointsOwed)):
            self.settled_late.add((event.pos.line, event.pos.column))
        self.on_line.setdefault(index, []).append(ruling)
        if self.ask is not None and event.pos.line == self.ask:
            self.asked.append(ruling)

    def dispute(self, index: int, event: Dispute) -> None:
        """A Streitfrage reached: its ruling is on the line of events just before it."""
        concerned = self.concerns.get(index, 0)
        candidates = self.on_line.get(concerned, [])
        if not candidates:  # before any event: the deal as a whole, ruled on at its end
            ruling = Ruling(RulingScope.DEAL, event.text, event.pos.line, self.deal, None, None, None, None,
                            Answer.ALLOWED, None, Message("ruling.answer.deal-pending"), ())
        else:
            ruling = replace(_chosen(candidates, event.text), question=event.text, line=event.pos.line)
        self.rulings.append(ruling)
        if self.ask is not None and event.pos.line == self.ask:
            self.asked.append(ruling)

    def finish(self, verdict: DealVerdict) -> DealVerdict:
        """The deal's verdict with its rulings, each trick's final winner and the deal-wide answers."""
        done = {id(r): _finished(_settled(r, verdict) if (r.event_line, r.event_column) in self.settled_late else r,
                                 verdict)
                for r in [*self.rulings, *self.asked]}
        self.asked = [done[id(r)] for r in self.asked]
        return replace(verdict, rulings=tuple(done[id(r)] for r in self.rulings))


#: How a question names a seat at four players (German and English, any ending: "Nords", "Süden").
_SEAT_WORDS = compiled(r"\b(nord|north|ost|east|süd|sued|south|west)\w*", re.IGNORECASE)
_SEAT_OF = {"nord": "N", "north": "N", "ost": "E", "east": "E", "süd": "S", "sued": "S", "south": "S", "west": "W"}


def _chosen(candidates: list[Ruling], question: str = "") -> Ruling:
    """Of a line's events, the one a question is about: of the players the question names, the act
    of the first whose act broke a rule (or that the record cannot decide), else of the first named;
    when it names none that acted there, the first act that broke a rule, else the last act
    (``Stich 2: W EK, N H9, E EA, S S9`` / "Darf Nord ...?": North's card)."""
    named = [_SEAT_OF[m.group(1).lower()] for m in _SEAT_WORDS.finditer(question)]
    acts = [r for seat in dict.fromkeys(named) for r in candidates if r.seat == seat]
    doubtful = (Answer.NOT_ALLOWED, Answer.RECORD_ERROR, Answer.NOT_PROVEN)
    hit = next((r for r in acts if r.answer in doubtful), None) or (acts[0] if acts else None)
    if hit is not None:
        return hit
    for answer in doubtful:
        hit = next((r for r in candidates if r.answer is answer), None)
        if hit is not None:
            return hit
    return candidates[-1]


#: Rulings that refuse the act they are about, though nobody committed an offence: a redeal once play
#: has begun (§ 5 "sofort"), a claim too late or wrong (§ 33). The answer on such an act is "not allowed".
REFUSALS = frozenset({"DEAL-6.redeal-after-play", "SCORE-10.claim-wrong", "SCORE-10.claim-late-old",
                      "SCORE-10.claim-late-neue"})


def _answer_of(found: tuple[Violation, ...]) -> Answer:
    kinds = {v.kind for v in found}
    if FindingKind.OFFENCE in kinds or any(v.message.code in REFUSALS for v in found):
        return Answer.NOT_ALLOWED
    if FindingKind.RECORD in kinds:
        return Answer.RECORD_ERROR
    return Answer.ALLOWED


def _rule_on_event(state: DealState, event: Event, before: _Before) -> Ruling:
    found = tuple(state.violations[before.findings:len(state.violations)])
    answer = _answer_of(found)
    seat = event.__dict__.get("seat")
    seat = seat if isinstance(seat, str) else None
    facts: list[Message] = []
    rules = list(dict.fromkeys(v.rule for v in found))
    trick_facts = None
    trick = None
    if isinstance(event, Play):
        trick = before.trick
        answer, play_rules, play_facts = _play_grounds(state, event, before, found, answer)
        rules = list(dict.fromkeys([*rules, *play_rules]))
        facts += play_facts
        trick_facts = _trick_facts(state, event, before)
        if trick_facts is not None:
            rules += [r for r in trick_facts.rules if r not in rules]
    if isinstance(event, (Ask, AskAnswer, GradeDeclared)):
        # the asking at 17:17: what the record proves of the player's figures, judged under the
        # procedure's rule (§ 25 or 004); who goes out is added when the deal is over (_finished)
        facts.append(asking.held_words(state, event.seat))
        if not any(v.rule == "RECORD-ASK" for v in found):
            rules += [r for r in (asking.rule(state),) if r not in rules]
    elif isinstance(event, Show) and state.score.asks and state.phase is Phase.PLAY:
        facts.append(asking.held_words(state, event.seat))  # cards laid down during the asking (§ 25)
    betting = _books(state)
    if isinstance(event, (Bet, BlindBet, Call, Good, Hold, Raise)) or any(b.awaiting for b in betting):
        facts.append(_betting_words(betting))
    if isinstance(event, (Bet, Hold, Raise, Good, BlindBet)) and not found:
        rules += [r for r in _bet_rules(event) if r not in rules]
    text = _answer_text(state, event, answer, found, trick_facts, betting, before)
    return Ruling(RulingScope.EVENT, "", event.pos.line, state.number, event.pos.line, event.pos.column, seat,
                  trick, answer,
                  event_words(event), text, tuple(rules), found, tuple(facts), trick_facts, betting)


def _play_grounds(state: DealState, event: Play, before: _Before, found: tuple[Violation, ...],
                  answer: Answer) -> tuple[Answer, list[str], list[Message]]:
    """The rules and facts a card is judged on: the suit led, trumps, the Perlagg order, the hand."""
    facts: list[Message] = []
    trumps = state.setup.trumps
    perlaggen = state.setup.perlaggen
    if trumps is not None:
        facts.append(Message("ruling.fact.trumps", trumps=trumps, perlaggen=_order(perlaggen)))
    led = before.current[0].counts_as.suit if before.current else None
    held = before.held
    if held is None or (not held[0] and held[1] == 0):
        facts.append(Message("ruling.fact.hand-unrecorded", seat=event.seat))
    elif held[1]:
        facts.append(Message("ruling.fact.hand-partly", seat=event.seat, cards=list(held[0]) or ["-"], n=held[1]))
    else:
        facts.append(Message("ruling.fact.hand-known", seat=event.seat, cards=list(held[0])))
    if led is None:
        facts.append(Message("ruling.fact.leads", seat=event.seat, trick=before.trick))
        return answer, ["PLAY-2"], facts
    facts.append(Message("ruling.fact.led", led=led, card=before.current[0].card, seat=before.current[0].seat))
    if found:
        return answer, [], facts
    played_as = next((p.counts_as for p in reversed(state.play.current) if p.seat == event.seat), None)
    if played_as is None and state.play.tricks:
        played_as = next((p.counts_as for p in state.play.tricks[-1].plays if p.seat == event.seat), None)
    if played_as is not None and played_as.suit in (led, trumps):
        how = "followed" if played_as.suit == led else "trumped"
        facts.append(Message(f"ruling.fact.{how}", seat=event.seat, card=played_as))
        return answer, ["PLAY-3"], facts
    baptism = state.ruleset.baptism
    free = not baptism.restrict_when_holding_led_suit or (
        event.baptism is None and baptism.unbaptised_offsuit_when_holding_led is UnbaptisedOffsuit.LEGAL)
    if state.is_perlagg(event.card) and free:  # this ruleset leaves a Perlagg's baptism free (§ 15)
        facts.append(Message("ruling.fact.perlagg-free", seat=event.seat, card=event.card))
        return answer, ["PLAY-3"], facts
    natural = [c for c in (held[0] if held else ()) if c.suit == led and c not in state.perlagg_ranks()]
    if held is not None and held[1] == 0 and held[0] and not natural:
        facts.append(Message("ruling.fact.void", seat=event.seat, led=led))
        return answer, ["PLAY-3"], facts
    facts.append(Message("ruling.fact.void-unknown", seat=event.seat, led=led))
    return Answer.NOT_PROVEN, ["PLAY-3"], facts


def _trick_facts(state: DealState, event: Play, before: _Before) -> TrickFacts | None:
    """The trick the card went to, as it lay after it, and who holds it so far."""
    from .tricks import trick_winner  # the engine's own rule for the winner

    current = list(state.play.current)
    if current and current[-1].seat == event.seat and len(current) == len(before.current) + 1:
        plays = current
    elif state.play.tricks and state.play.tricks[-1].number == before.trick and \
            any(p.seat == event.seat for p in state.play.tricks[-1].plays):
        plays = list(state.play.tricks[-1].plays)
    else:
        return None  # the card did not go to a trick (after the Spiel, a second card): no trick to tell of
    so_far = trick_winner(state, plays)
    complete = len(plays) == state.table.players
    return _trick_record(state.setup.perlaggen, state.setup.trumps, before.trick, tuple(plays), so_far,
                         so_far if complete else None)


def _trick_record(perlaggen: tuple[Card, ...], trumps: object, number: int, plays: tuple[PlayRecord, ...],
                  so_far: Seat | None, winner: Seat | None) -> TrickFacts:
    led = plays[0].counts_as.suit if plays else None
    decided = winner or so_far
    top = next((p for p in plays if p.seat == decided), None)
    rules: tuple[str, ...] = ("TRICK-1",)
    if top is None:
        return TrickFacts(number, plays, led, so_far, winner, Message("ruling.trick.open"), rules)
    named = f"{top.card}={top.baptism}" if top.baptism else str(top.card)
    how = "trump" if top.counts_as.suit == trumps else "led"
    equal = [p for p in plays if p is not top and p.counts_as == top.counts_as]
    tie: Message | str = ""
    if equal:
        rules = ("TRICK-1", "TRICK-2")
        tie = Message("ruling.trick.tie", card=top.card, others=[str(p.card) for p in equal],
                      order=_order(perlaggen))
    why = Message(f"ruling.trick.{how}", seat=top.seat, card=named, counts=top.counts_as, led=led, tie=tie)
    return TrickFacts(number, plays, led, so_far, winner, why, rules)


def _order(perlaggen: tuple[Card, ...]) -> str:
    """This deal's Perlagg order as the report writes it: HK > S6 > S7 ..."""
    return " > ".join(map(str, perlaggen)) or "-"


def _sides(sides: tuple[str, ...]) -> list[str]:
    """Sides as the scoresheet writes them (N/S)."""
    return ["/".join(side) for side in sides]


def _books(state: DealState) -> tuple[BookFacts, ...]:
    out = []
    for book in state.betting.books.values():
        pending = book.pending
        out.append(BookFacts(book.figure, book.value, book.status, pending.seat if pending else None,
                             pending.proposed if pending else None, tuple(pending.awaiting) if pending else (),
                             book.conceded_to))
    return tuple(out)


def _betting_words(books: tuple[BookFacts, ...]) -> Message:
    parts: list[Message] = []
    for b in books:
        if b.awaiting:
            parts.append(Message("ruling.book.pending", figure=b.figure, value=b.value, proposed=b.proposed or 0,
                                 seat=b.bettor or "?", sides=_sides(b.awaiting)))
        elif b.status is BookStatus.CONCEDED:
            parts.append(Message("ruling.book.conceded", figure=b.figure, value=b.value, side=b.conceded_to or "?"))
        else:
            parts.append(Message("ruling.book.open", figure=b.figure, value=b.value))
    return Message("ruling.fact.betting", books=parts)


def _bet_rules(event: Event) -> tuple[str, ...]:
    if isinstance(event, Bet):
        return ("BET-5", "BET-3")
    if isinstance(event, Raise):
        return ("BET-4", "BET-7")
    if isinstance(event, Hold):
        return ("BET-4",)
    if isinstance(event, Good):
        return ("BET-9",)
    return ()


def _finding_words(found: tuple[Violation, ...]) -> list[Message]:
    """The rules broken, and each ruling in its words."""
    tail: list[Message] = []
    broken = [v.rule for v in found if v.kind is not FindingKind.RULING]
    if broken:
        tail.append(Message("ruling.answer.because", rules=list(dict.fromkeys(broken))))
    for v in found:
        if v.kind is FindingKind.RULING:  # a ruling on what was said (a bare "Gleich!" is no bet): its words
            tail.append(Message("ruling.answer.ruled", rule=v.rule, what=v.message))
    return tail


def _settled(ruling: Ruling, verdict: DealVerdict) -> Ruling:
    """A ruling on a claim or a note of points owed, with the findings the deal's end placed at its
    event (those on the deal's own score are judged once it is scored, engine.sheet)."""
    late = tuple(v for v in verdict.violations if (v.place.line, v.place.column) ==
                 (ruling.event_line, ruling.event_column) and v not in ruling.findings)
    if not late:
        return ruling
    found = ruling.findings + late
    answer = _answer_of(found)
    text = Message("ruling.answer", head=Message(f"ruling.answer.{answer.value}"), tail=_finding_words(found))
    return replace(ruling, answer=answer, rules=tuple(dict.fromkeys([*ruling.rules, *(v.rule for v in late)])),
                   findings=found, text=text)


def _answer_text(state: DealState, event: Event, answer: Answer, found: tuple[Violation, ...],
                 trick: TrickFacts | None, books: tuple[BookFacts, ...], before: _Before) -> Message:
    """The answer in one sentence."""
    head = Message(f"ruling.answer.{answer.value}")
    tail = _finding_words(found)
    if trick is not None:
        if trick.winner is not None:
            tail.append(Message("ruling.answer.trick-won", seat=trick.winner, trick=trick.number))
        elif trick.winner_so_far is not None:
            tail.append(Message("ruling.answer.trick-so-far", seat=trick.winner_so_far, trick=trick.number))
    if isinstance(event, (Bet, BlindBet, Raise, Hold, Good, Call)):
        steps = state.betting.bet_log[before.bets:]
        for step in steps:
            tail.append(Message(f"ruling.answer.bet-{step.action.value}", seat=step.seat, figure=step.figure,
                                value=step.value))
        for b in books:
            if b.awaiting and b.bettor is not None:
                tail.append(Message("ruling.answer.who-answers", figure=b.figure, sides=_sides(b.awaiting),
                                    proposed=b.proposed or 0, value=b.value))
    return Message("ruling.answer", head=head, tail=tail)


#: The facts of a ruling on the asking at 17:17 (asking.held_words): its deal's endgame is added.
_ASKING_FACTS = frozenset({"ruling.fact.figures-held", "ruling.fact.figures-proven"})


def _finished(ruling: Ruling, verdict: DealVerdict) -> Ruling:
    """A ruling completed from the deal's end: the trick's final winner, or the deal as a whole."""
    if ruling.scope is RulingScope.DEAL:
        offences = tuple(v for v in verdict.violations)
        answer = _answer_of(offences)
        rules = tuple(dict.fromkeys(v.rule for v in offences))
        spiel = Message("ruling.deal.spiel", side=verdict.spiel_winner) if verdict.spiel_winner else \
            Message("ruling.deal.spiel-open")
        text = Message("ruling.answer", head=Message(f"ruling.answer.deal-{answer.value}", n=len(offences)),
                       tail=[spiel])
        facts = [Message("ruling.fact.trumps", trumps=verdict.trumps, perlaggen=_order(verdict.perlaggen))] \
            if verdict.trumps is not None else []
        return replace(ruling, answer=answer, text=text, rules=rules, findings=offences, facts=tuple(facts))
    if verdict.match is not None and verdict.match.how is not None and any(
            f.code in _ASKING_FACTS for f in ruling.facts):
        ruling = replace(ruling, facts=(*ruling.facts, Message("ruling.fact.endgame", how=verdict.match.how)))
    t = ruling.trick_facts
    if t is None or t.winner is not None:
        return ruling
    final = next((x for x in verdict.tricks if x.number == t.number and x.winner is not None), None)
    if final is None:
        return ruling
    done = _trick_record(verdict.perlaggen, verdict.trumps, t.number, final.plays, t.winner_so_far, final.winner)
    text = ruling.text
    if text.code == "ruling.answer":
        tail = [m for m in text.args["tail"] if m.code != "ruling.answer.trick-so-far"]
        tail.append(Message("ruling.answer.trick-won", seat=final.winner, trick=t.number))
        text = Message("ruling.answer", head=text.args["head"], tail=tail)
    return replace(ruling, trick_facts=done, text=text)


def no_event(line: int, deal: int | None, what: str) -> Ruling:
    """The answer for a line asked about that holds no event: ``what`` is comment, header, blank or
    deal-header."""
    return Ruling(RulingScope.LINE, "", line, deal or 0, None, None, None, None, Answer.NO_EVENT, None,
                  Message(f"ruling.answer.no-event-{what}", line=line), ())


__all__ = ["RulingBook", "event_words", "no_event"]
