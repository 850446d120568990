"""The sealed-bid auction's rules, pure: state + command + time -> state + events, or a refusal.

Lots are sold one at a time. Each lot is drawn by the seed when it is posted (the item from the
catalogue, its value from a range), so nobody, the host included, can know the next lot before
it appears. Every player who still has money seals one bid per lot (the last one sent counts);
the lot closes at its deadline, or as soon as everyone has bid, or when the host closes it. The
highest bid wins and pays what it bid; a tie is broken by the seed's draw.

Whether a command may be made now is the table of moves' business (`moves.py`): the session asks
it first, so `apply` only judges what the command itself says.

>>> from tests.contract.auction.settings import example_config
>>> from tests.contract.auction.state import initial
>>> from umpire.core.streams import Streams
>>> s, evs = apply(initial(example_config(), Streams("example")), Start(), 0)
>>> [e.kind for e in evs], s.phase, s.lot is not None and s.lot.number
(['auction_started', 'lot_posted'], <Phase.BIDDING: 'bidding'>, 1)
"""

from __future__ import annotations

from dataclasses import replace

from tests.contract.auction.commands import Bid, Close, Command, Start
from tests.contract.auction.events import (
    AuctionOver,
    AuctionStarted,
    BidSealed,
    BidShown,
    LotPosted,
    LotReminder,
    LotSold,
    LotUnsold,
    Standing,
    StillToBid,
)
from tests.contract.auction.state import NO_BIDS, Lot, Phase, Result, State
from umpire.core.clock import SECOND
from umpire.core.deadline import Deadline, next_at
from umpire.core.errors import IllegalAction
from umpire.core.sealed import Sealed
from umpire.games.base import Event, dm


def apply(state: State, command: Command, now: int) -> tuple[State, list[Event]]:
    """Judge one command at game time `now` (its move is allowed now: the session asked)."""
    if isinstance(command, Start):
        return _start(state, now)
    if isinstance(command, Close):
        return _close(state, now, by_host=True)
    return _bid(state, command, now)


def is_over(state: State) -> bool:
    """Whether every lot has closed."""
    return state.phase is Phase.OVER


def _start(state: State, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    started = AuctionStarted(t=now, players=cfg.names, budget=cfg.budget, lots=cfg.lots, bid_seconds=cfg.bid_ms // SECOND)
    state, events = _post_next(replace(state, phase=Phase.BIDDING), now)
    return state, [started, *events]


def _bid(state: State, bid: Bid, now: int) -> tuple[State, list[Event]]:
    lot = state.lot
    assert lot is not None  # a lot is open whenever the auction is bidding
    name = state.cfg.names[bid.seat]
    money = state.money[bid.seat]
    if bid.amount > money:
        raise IllegalAction(f"{name} has only {money} to bid with (the bid was {bid.amount})")
    receipt = BidSealed(t=now, audience=dm(bid.seat), lot=lot.number, item=lot.item, amount=bid.amount, replaced=state.bids.get(bid.seat))
    state = replace(state, bids=state.bids.submit(bid.seat, bid.amount))
    if not state.bids.complete:
        return state, [receipt]
    state, events = _close(state, now, by_host=False)
    return state, [receipt, *events]


def _close(state: State, now: int, *, by_host: bool) -> tuple[State, list[Event]]:
    """Close the open lot: reveal the bids, sell it (or not), then post the next lot or end the auction."""
    lot = state.lot
    assert lot is not None
    cfg = state.cfg
    bids = tuple(state.bids)
    shown = tuple(BidShown(player=cfg.names[seat], amount=amount) for seat, amount in bids)
    top = max((amount for _, amount in bids), default=0)
    event: Event
    if top == 0:
        result = Result(lot=lot, bids=bids, winner=None, price=0, tied=())
        money = state.money
        event = LotUnsold(t=now, lot=lot.number, item=lot.item, bids=shown, closed_by_host=by_host)
    else:
        tied = tuple(seat for seat, amount in bids if amount == top)
        winner = tied[0] if len(tied) == 1 else state.streams.stream(f"tie {lot.number}").choice(tied)
        money = tuple(m - top if seat == winner else m for seat, m in enumerate(state.money))
        result = Result(lot=lot, bids=bids, winner=winner, price=top, tied=tied if len(tied) > 1 else ())
        event = LotSold(
            t=now,
            lot=lot.number,
            item=lot.item,
            value=lot.value,
            winner=cfg.names[winner],
            price=top,
            money_left=money[winner],
            bids=shown,
            tied=tuple(cfg.names[s] for s in result.tied),
            closed_by_host=by_host,
        )
    state = replace(state, money=money, results=(*state.results, result), lot=None, bids=NO_BIDS, deadline=None)
    if len(state.results) == cfg.lots:
        state = replace(state, phase=Phase.OVER)
        return state, [event, over(state, now)]
    state, events = _post_next(state, now)
    return state, [event, *events]


def _post_next(state: State, now: int) -> tuple[State, list[Event]]:
    """Draw and post the next lot; a lot nobody can bid on closes unsold at once."""
    cfg = state.cfg
    number = len(state.results) + 1
    used = {r.lot.item for r in state.results}
    remaining = [item for item in cfg.catalogue if item not in used]
    item = state.streams.stream(f"lot {number}").choice(remaining)
    value = cfg.min_value + state.streams.stream(f"value {number}").below(cfg.max_value - cfg.min_value + 1)
    lot = Lot(number=number, item=item, value=value)
    bidders = tuple(seat for seat, m in enumerate(state.money) if m > 0)
    deadline = Deadline(what=f"lot {number}", start=now, due=now + cfg.bid_ms, reminders=cfg.reminders_ms)
    state = replace(state, lot=lot, bids=Sealed[int].expecting(bidders), deadline=deadline)
    posted = LotPosted(
        t=now,
        lot=number,
        of=cfg.lots,
        item=item,
        value=value,
        seconds=cfg.bid_ms // SECOND,
        bidders=tuple(cfg.names[s] for s in bidders),
        sitting_out=tuple(cfg.names[s] for s in range(len(cfg.names)) if s not in bidders),
    )
    if bidders:
        return state, [posted]
    state, events = _close(state, now, by_host=False)
    return state, [posted, *events]


def standings(state: State) -> list[int]:
    """Seats best first: most points, then most money left, then seating order (a tie on both is shared)."""
    return sorted(range(len(state.cfg.names)), key=lambda s: (-state.points(s), -state.money[s], s))


def winners(state: State) -> tuple[int, ...]:
    """The seats sharing first place on points and then money."""
    order = standings(state)
    best = (state.points(order[0]), state.money[order[0]])
    return tuple(s for s in order if (state.points(s), state.money[s]) == best)


def over(state: State, now: int) -> AuctionOver:
    """The auction's last post: the standings, best first, and the winner(s)."""
    names = state.cfg.names
    table = tuple(Standing(player=names[s], points=state.points(s), lots=state.won(s), money=state.money[s]) for s in standings(state))
    return AuctionOver(t=now, standings=table, winners=tuple(names[s] for s in winners(state)))


# ---------------------------------------------------------------- time


def next_due(state: State) -> int | None:
    """When the open lot's deadline next acts (a reminder or closing), or None."""
    return next_at([state.deadline])


def on_due(state: State, now: int) -> tuple[State, list[Event]]:
    """A reminder (with a host note of who is still to bid), or the lot closing at its deadline."""
    deadline, lot = state.deadline, state.lot
    assert deadline is not None and lot is not None
    deadline, step = deadline.fire()
    state = replace(state, deadline=deadline)
    if step.passed:
        return _close(state, now, by_host=False)
    events: list[Event] = [LotReminder(t=now, lot=lot.number, item=lot.item, seconds=step.seconds_left)]
    if state.bids.waiting:
        events.append(StillToBid(t=now, lot=lot.number, waiting=tuple(state.cfg.names[s] for s in state.bids.waiting)))
    return state, events
