"""The rules of Devil's Deal: pure functions of state, command and time.

A round is a refill step (the starting player, then the opponent, may refill any number of times:
pay, see 12 cards, divide them into equal-sum piles within 90 s, take all but one pile, the
opponent takes one set-aside card, both discard down to 10) and a poker step (a community card,
two private cards each, the ante, two betting rounds with the reveals between them, the
showdown); the round's community card is drawn and posted when it starts. Every decision has a
deadline; `next_due`/`on_due` apply reminders and deadlines. The refill step is in `refill`, the
poker step in `poker`.

Whether a command may be made now is the table of moves' business (`moves`): the session asks it
first, so `apply` only judges what the command itself says, by the command's type.

Chance comes from the seed's named streams: `devils/start`, `devils/refill/ROUND/SEAT/N`,
`devils/community/ROUND`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from umpire.core import deadline as deadlines
from umpire.core.errors import IllegalAction
from umpire.core.evolve import replace  # dataclasses.replace, cheaper for the state records (replay hot spot)
from umpire.games.base import Event, dm
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.commands import (
    Cards,
    ChooseStarter,
    Command,
    Deal,
    DiscardCards,
    DivisionLine,
    Lock,
    NoRefill,
    PickCards,
    Refill,
    ShowPool,
    TakeCard,
    Wager,
)
from umpire.games.devilsdeal.events import (
    DiscardReminder,
    DivisionInForce,
    PoolsDealt,
    PoolShown,
    Reminder,
    RoundStarted,
    StarterChosen,
    StillToPick,
)
from umpire.games.devilsdeal.moves import cards_when
from umpire.games.devilsdeal.poker import draw_community, fold, lose, pick_cmd, wager
from umpire.games.devilsdeal.refill import (
    ask,
    auto_discard,
    decline,
    discard,
    discard_cmd,
    division_line,
    lock,
    no_refill,
    refill,
    take,
    take_cmd,
)
from umpire.games.devilsdeal.state import (
    Ask,
    Bet,
    Discard,
    Divide,
    Phase,
    Pick,
    State,
    Take,
    chips_json,
    log_cards,
    name_of,
    pools_json,
    set_seat,
)

# ---------------------------------------------------------------- judging


def is_over(state: State) -> bool:
    """Whether the Death Match has ended."""
    return state.over


def apply(state: State, cmd: Command, now: int) -> tuple[State, list[Event]]:
    """Judge one command at `now` (its move is allowed now: the session asked the table of moves)."""
    return _HANDLERS[type(cmd)](state, cmd, now)


def _nothing_awaited(state: State, cmd: Cards, now: int) -> tuple[State, list[Event]]:
    """Bare cards nobody awaits: the table of moves refuses them first; refused here too, never applied."""
    raise IllegalAction(cards_when(state, cmd.seat) or f"nothing is waiting for cards from {name_of(state, cmd.seat)} now")


def _deal(state: State, cmd: Deal, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    deck = C.draw(state.streams.stream("devils/start"), 2 * cfg.pool_size)
    pools = (C.ordered(deck[: cfg.pool_size]), C.ordered(deck[cfg.pool_size :]))
    state = replace(state, phase=Phase.CHOOSE)
    for i in range(2):
        state = set_seat(state, i, pool=pools[i], seen=pools[i])
        state = log_cards(state, "dealt", i, pools[i], now)
    return state, [
        PoolsDealt(
            t=now,
            pools={cfg.names[i]: tuple(C.name_list(pools[i])) for i in range(2)},
            chips=chips_json(state),
            chooser=cfg.names[cfg.advantage],
        )
    ]


def _choose(state: State, cmd: ChooseStarter, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    state = replace(state, phase=Phase.PLAY, starter=cmd.seat)
    events: list[Event] = [StarterChosen(t=now, chooser=cfg.names[cfg.advantage], starter=cfg.names[cmd.seat])]
    state, more = _begin_round(state, now)
    return state, events + more


def _begin_round(state: State, now: int) -> tuple[State, list[Event]]:
    r = state.round + 1
    state = replace(state, round=r, refills=(0, 0), aside=(), community=None, revealed=0, pot=0, put=(0, 0), step=None, deadline=None)
    state = draw_community(state, now)  # “at the start of the round, there is a community card”
    assert state.community is not None
    events: list[Event] = [
        RoundStarted(
            t=now,
            round=r,
            starter=name_of(state, state.starter),
            chips=chips_json(state),
            pools=pools_json(state),
            community=C.name(state.community),
        )
    ]
    state, more = ask(state, state.starter, now, again=False)
    return state, events + more


def _show_pool(state: State, cmd: ShowPool, now: int) -> tuple[State, list[Event]]:
    seat = cmd.seat
    s = state.seats[seat]
    p = state.pick(seat)
    private = None if p is None else tuple(C.name_list(p))
    return state, [
        PoolShown(t=now, audience=dm(seat), player=name_of(state, seat), pool=tuple(C.name_list(s.pool)), chips=s.chips, private=private)
    ]


def _lock(state: State, cmd: Lock, now: int) -> tuple[State, list[Event]]:
    return lock(state, now, early=True)


def _discard(state: State, cmd: DiscardCards, now: int) -> tuple[State, list[Event]]:
    return discard_cmd(state, cmd.seat, cmd.cards, now)


_HANDLERS: dict[type, Callable[[State, Any, int], tuple[State, list[Event]]]] = {
    Deal: _deal,
    ChooseStarter: _choose,
    Refill: refill,
    NoRefill: no_refill,
    DivisionLine: division_line,
    Lock: _lock,
    TakeCard: take_cmd,
    DiscardCards: _discard,
    PickCards: pick_cmd,
    Cards: _nothing_awaited,
    Wager: wager,
    ShowPool: _show_pool,
}


# ---------------------------------------------------------------- time


def next_due(state: State) -> int | None:
    """When the next reminder or deadline is due."""
    return deadlines.next_at([state.deadline])


def on_due(state: State, now: int) -> tuple[State, list[Event]]:
    """Fire the next reminder, or apply the deadline of the decision under way."""
    assert state.deadline is not None
    due, step = state.deadline.fire()
    state = replace(state, deadline=due)
    if not step.passed:
        return state, _reminders(state, step.seconds_left, step.at)
    return _deadline_passed(state, step.at)


def _deadline_passed(state: State, now: int) -> tuple[State, list[Event]]:
    step = state.step
    if isinstance(step, Ask):
        return decline(state, now, auto=True)
    if isinstance(step, Divide):
        return lock(state, now, early=False)
    if isinstance(step, Discard):
        return discard(state, auto_discard(state), now, auto=True)
    if isinstance(step, Take):
        return take(state, None, now, auto=True)
    if isinstance(step, Pick):
        late = list(state.picks.waiting)
        reasons = {i: f"{name_of(state, i)} did not choose private cards in time, so cannot form a hand" for i in late}
        return lose(state, late, reasons, "did not choose private cards in time", now)
    if isinstance(step, Bet):
        return fold(state, now, auto=True)
    return _begin_round(state, now)


def _reminders(state: State, seconds: int, at: int) -> list[Event]:
    """The public reminder, and for the host what a player must not learn from it."""
    step = state.step
    if isinstance(step, Discard):
        return [DiscardReminder(t=at, seconds=seconds, what="discard", player=name_of(state, step.seat), count=step.count)]
    if isinstance(step, Pick):
        out: list[Event] = [Reminder(t=at, seconds=seconds, what="pick", player=None)]
        waiting = tuple(name_of(state, i) for i in state.picks.waiting)
        return [*out, StillToPick(t=at, waiting=waiting)] if waiting else out
    if isinstance(step, Divide):
        who = name_of(state, step.seat)
        return [
            Reminder(t=at, seconds=seconds, what="division", player=who),
            DivisionInForce(t=at, player=who, valid=step.division is not None),
        ]
    seat = step.seat if isinstance(step, Ask | Take) else step.to_act if isinstance(step, Bet) else None
    what = "answer" if isinstance(step, Ask) else "take" if isinstance(step, Take) else "bet"
    return [Reminder(t=at, seconds=seconds, what=what, player=None if seat is None else name_of(state, seat))]
