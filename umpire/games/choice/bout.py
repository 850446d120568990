"""Goofspiel: opening a round, judging `gs`/`igs`, and the reveal at the deadline. Pure.

A round is a `SealedRound` (`umpire.games.rounds`): its deadline is "round", with its reminder, and it
waits for the deadline even once both have played (a play may be changed until then). Each player's
last play counts, and nobody but that player (and the host) sees it before the reveal. The break after
a round is a `Deadline` of its own ("break"), whose passing opens the next round.
"""

from __future__ import annotations

from umpire.core.deadline import Deadline
from umpire.core.errors import IllegalAction
from umpire.core.evolve import replace  # dataclasses.replace, cheaper for the state records (replay hot spot)
from umpire.games.base import Event, dm
from umpire.games.choice.commands import GsPlay
from umpire.games.choice.events import (
    BoutOver,
    GsConfirmed,
    PlayRevealed,
    PlayShown,
    RoundReminder,
    RoundResolved,
    RoundStarted,
    StillWaiting,
)
from umpire.games.choice.settings import ROUNDS
from umpire.games.choice.state import GOOFSPIEL, Bout, Play, State, names_of
from umpire.games.rounds import SealedRound


def _round(state: State, number: int, now: int) -> SealedRound[Play]:
    """Round `number`, open at `now` for both players until its deadline ("round", with the reminder)."""
    cfg = state.cfg
    reminders = (cfg.reminder_ms,) if cfg.reminder_ms else ()
    return SealedRound[Play].open(
        number=number, seats=range(len(state.seats)), now=now, span=cfg.round_ms, reminders=reminders, what="round", closes_all_in=False
    )


def open_bout(state: State, block: int, prizes: tuple[int, ...], now: int) -> tuple[State, RoundStarted]:
    """Block `block`'s bout begins with round 1."""
    return _opened(state, Bout(block=block, prizes=prizes, plays=_round(state, 1, now)), now)


def _opened(state: State, bout: Bout, now: int) -> tuple[State, RoundStarted]:
    """The bout with its round just opened, and the event that reveals that round's prize."""
    assert bout.plays.deadline is not None
    prize = bout.prizes[bout.round - 1]
    event = RoundStarted(t=now, block=bout.block, round=bout.round, prize=prize, deadline=bout.plays.deadline.due)
    return replace(state, bout=bout, break_clock=None), event


def next_round(state: State, now: int) -> tuple[State, list[Event]]:
    """The break is over: open the next round."""
    bout = state.bout
    assert bout is not None
    state, event = _opened(state, replace(bout, plays=_round(state, bout.round + 1, now)), now)
    return state, [event]


def round_due(state: State, now: int) -> tuple[State, list[Event]]:
    """The open round's deadline acts: its reminder (public and naming nobody; who is still to play goes to the
    host), or its passing, which reveals the plays."""
    bout = state.bout
    assert bout is not None
    plays, tick = bout.plays.tick()
    state = replace(state, bout=replace(bout, plays=plays))
    if tick.passed:
        return resolve_round(state, now)
    events: list[Event] = [RoundReminder(t=now, block=bout.block, round=bout.round, seconds=tick.seconds_left)]
    waiting = tuple(state.cfg.names[i] for i in tick.waiting)
    if waiting:
        events.append(StillWaiting(t=now, block=bout.block, round=bout.round, waiting=waiting))
    return state, events


def round_closed(state: State) -> str | None:
    """Why no Goofspiel play can be made now (the "not now" refusal of `gs`/`igs`), or None while a round is open."""
    bout = state.bout
    if not state.in_block:
        return f"no Goofspiel round is open: block {state.block + 1} has not started"
    if bout is None:
        return f"there is no Goofspiel in block {state.block}"
    if bout.finished:
        return f"block {state.block}'s bout is over (nine rounds played)"
    if not bout.open:
        return f"round {bout.round} is closed; round {bout.round + 1} opens in a moment"
    return None


def judge_play(state: State, cmd: GsPlay, now: int) -> tuple[State, list[Event]]:
    """Judge `gs X` / `igs X`: the play is sealed, replaces any earlier one this round, and its receipt goes to the player.

    A round is open (the move's `when` said so): only the card and the Advantage are judged here."""
    names = names_of(state)
    who = names[cmd.seat]
    bout = state.bout
    assert bout is not None  # a round is open: the move's `when` said so
    hand = bout.hands[cmd.seat]
    if cmd.card not in hand:
        raise IllegalAction(f"{who} already used the {cmd.card} in this bout (cards left: {' '.join(map(str, hand))})")
    if cmd.boosted:
        if cmd.card == 9:
            raise IllegalAction("the Goofspiel Advantage cannot turn a 9 into a 10")
        left = state.seats[cmd.seat].adv[GOOFSPIEL]
        if left < 1:
            given = state.cfg.given[cmd.seat][GOOFSPIEL]
            raise IllegalAction(f"{who} has no Goofspiel Advantage" + (" left (used)" if given else ""))
    plays, took = bout.plays.take(cmd.seat, Play(card=cmd.card, boosted=cmd.boosted))
    state = replace(state, bout=replace(bout, plays=plays))
    previous = took.replaced
    receipt = GsConfirmed(
        t=now,
        audience=dm(cmd.seat),
        player=who,
        block=bout.block,
        round=bout.round,
        card=cmd.card,
        boosted=cmd.boosted,
        replaces=None if previous is None else PlayShown(card=previous.card, boosted=previous.boosted),
    )
    return state, [receipt]


def resolve_round(state: State, now: int) -> tuple[State, list[Event]]:
    """The round's deadline: reveal both cards, pay the higher (a tie throws the round out); after round 9, the GSP."""
    bout = state.bout
    assert bout is not None
    names = names_of(state)
    prize = bout.prizes[bout.round - 1]
    seats = list(state.seats)
    hands = list(bout.hands)
    money = list(bout.money)
    shown: dict[str, PlayRevealed] = {}
    values = []
    # Amendment: no submission plays the lowest unused card, at full value.
    for settled in bout.plays.actions.settled(lambda i: Play(card=min(hands[i]))):
        i, play = settled.seat, settled.value
        value = play.card + (1 if play.boosted else 0)
        if play.boosted:
            adv = list(seats[i].adv)
            adv[GOOFSPIEL] -= 1
            seats[i] = replace(seats[i], adv=(adv[0], adv[1], adv[2]))
        hands[i] = tuple(c for c in hands[i] if c != play.card)
        values.append(value)
        shown[names[i]] = PlayRevealed(card=play.card, value=value, auto=settled.defaulted, boosted=play.boosted)
    winner: int | None = None
    if values[0] != values[1]:
        winner = 0 if values[0] > values[1] else 1
        money[winner] += prize
        seats[winner] = replace(seats[winner], pending=seats[winner].pending + prize)
    finished = bout.round == ROUNDS
    bout = replace(bout, hands=tuple(hands), money=tuple(money), finished=finished, plays=bout.plays.stopped())
    clock = None
    if not finished:
        clock = Deadline(what="break", start=now, due=now + state.cfg.break_ms)
    state = replace(state, bout=bout, seats=tuple(seats), break_clock=clock)
    bout_money = {names[i]: money[i] for i in range(len(money))}
    events: list[Event] = [
        RoundResolved(
            t=now,
            block=bout.block,
            round=bout.round,
            prize=prize,
            plays=shown,
            winner=names[winner] if winner is not None else None,
            bout_money=bout_money,
        )
    ]
    if finished:
        gsp_to: int | None = None
        if money[0] != money[1]:
            gsp_to = 0 if money[0] > money[1] else 1
            seats[gsp_to] = replace(seats[gsp_to], gsp=seats[gsp_to].gsp + 1)
            state = replace(state, seats=tuple(seats))
        events.append(
            BoutOver(
                t=now,
                block=bout.block,
                bout_money=bout_money,
                gsp_to=names[gsp_to] if gsp_to is not None else None,
                gsp={names[i]: seats[i].gsp for i in range(len(seats))},
                prizes=bout.prizes,
            )
        )
    return state, events
