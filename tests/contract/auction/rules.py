"""The sealed-bid auction's rules, pure: state + command + time -> state + events, or a refusal.

Lots are sold one at a time. Each lot is drawn by the seed when it is posted (the item from the
catalogue, its value from a range), so nobody, the host included, can know the next lot before
it appears. Every player who still has money seals one bid per lot (the last one sent counts);
the lot closes at its deadline, or as soon as everyone has bid, or when the host closes it. The
highest bid wins and pays what it bid; a tie is broken by the seed's draw.

>>> cfg = example_config()
>>> s, evs = apply(start(cfg), Start(), 0)
>>> [e.kind for e in evs], s.phase, s.lot is not None and s.lot.number
(['auction_started', 'lot_posted'], <Phase.BIDDING: 'bidding'>, 1)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

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
from umpire.core.clock import SECOND
from umpire.core.deadline import Deadline, next_at
from umpire.core.errors import IllegalAction, InvalidCommand
from umpire.core.sealed import Sealed
from umpire.core.settings import Settings
from umpire.core.streams import Streams
from umpire.games.base import Event, Resolve, Setup, dm


class Phase(StrEnum):
    """Where the auction is: waiting for the host's “start”, a lot open for bids, or over."""

    READY = "ready"
    BIDDING = "bidding"
    OVER = "over"


# ---------------------------------------------------------------- configuration


@dataclass(frozen=True, kw_only=True)
class Config:
    """One scenario's auction: the players, the money, the lots and the clock."""

    names: tuple[str, ...]
    budget: int
    lots: int
    catalogue: tuple[str, ...]
    min_value: int
    max_value: int
    bid_ms: int
    reminders_ms: tuple[int, ...]
    streams: Streams


def configure(setup: Setup) -> Config:
    """The auction a scenario describes (its settings were checked when it loaded)."""
    s = setup.settings
    return Config(
        names=tuple(p.name for p in setup.roster),
        budget=s.integer("budget"),
        lots=s.integer("lots"),
        catalogue=tuple(" ".join(item.split()) for item in s.texts("catalogue")),
        min_value=s.integer("min_value"),
        max_value=s.integer("max_value"),
        bid_ms=s.integer("bid_seconds") * SECOND,
        reminders_ms=tuple(r * SECOND for r in s.integers("reminders")),
        streams=setup.streams,
    )


ITEM_LIMIT = 80  # a lot's name appears in every post about it


def problems(settings: Settings) -> list[tuple[str, str]]:
    """Settings that each look fine alone but not together, as (key, message)."""
    out: list[tuple[str, str]] = []
    catalogue = settings.texts("catalogue")
    lots = settings.integer("lots")
    if any(not item.strip() for item in catalogue):
        out.append(("catalogue", "expected every item to have a name; one is empty"))
    long = [item for item in catalogue if len(item) > ITEM_LIMIT]
    if long:
        out.append(("catalogue", f"expected item names of at most {ITEM_LIMIT} characters, got one of {len(long[0])}"))
    seen: set[str] = set()
    for item in catalogue:
        key = " ".join(item.casefold().split())
        if key and key in seen:
            out.append(("catalogue", f"“{item}” is in the catalogue twice; every lot must be told apart by its name"))
            break
        seen.add(key)
    if len(catalogue) < lots:
        out.append(("catalogue", f"expected at least {lots} items (one per lot, lots = {lots}), got {len(catalogue)}"))
    if settings.integer("min_value") > settings.integer("max_value"):
        out.append(("max_value", f"expected at least min_value ({settings.integer('min_value')}), got {settings.integer('max_value')}"))
    bid = settings.integer("bid_seconds")
    late = [r for r in settings.integers("reminders") if r >= bid]
    if late:
        out.append(("reminders", f"a reminder at {late[0]} s left would come before the lot is posted (bid_seconds = {bid})"))
    return out


def example_config(players: int = 2) -> Config:
    """A small auction for examples and tests: 100 each, 3 lots, 60 s per lot, reminders at 30 s and 10 s."""
    return Config(
        names=tuple(f"P{i + 1}" for i in range(players)),
        budget=100,
        lots=3,
        catalogue=("Old map", "Brass telescope", "Pocket watch", "Silk scarf"),
        min_value=1,
        max_value=20,
        bid_ms=60 * SECOND,
        reminders_ms=(30 * SECOND, 10 * SECOND),
        streams=Streams("example"),
    )


# ---------------------------------------------------------------- state


@dataclass(frozen=True, kw_only=True)
class Lot:
    """A lot as posted: its number, the item and what it is worth in points."""

    number: int
    item: str
    value: int


@dataclass(frozen=True, kw_only=True)
class Result:
    """A closed lot: the sealed bids as they stood, the winner (None = unsold), the price and any tie."""

    lot: Lot
    bids: tuple[tuple[int, int], ...]
    winner: int | None
    price: int
    tied: tuple[int, ...]


NO_BIDS: Sealed[int] = Sealed(seats=())


@dataclass(frozen=True, kw_only=True)
class State:
    """The whole auction. `lot`, `bids` and `deadline` are set while a lot is open."""

    cfg: Config
    phase: Phase
    money: tuple[int, ...]
    results: tuple[Result, ...] = ()
    lot: Lot | None = None
    bids: Sealed[int] = NO_BIDS
    deadline: Deadline | None = None

    def points(self, seat: int) -> int:
        """The value of the lots `seat` has won."""
        return sum(r.lot.value for r in self.results if r.winner == seat)

    def won(self, seat: int) -> tuple[str, ...]:
        """The items `seat` has won, in the order they were sold."""
        return tuple(r.lot.item for r in self.results if r.winner == seat)

    def posted(self) -> int:
        """How many lots have been posted so far (the open one included)."""
        return len(self.results) + (1 if self.lot is not None else 0)


def start(cfg: Config) -> State:
    """The auction before the host's “start”: everyone holds the budget, no lot is drawn."""
    return State(cfg=cfg, phase=Phase.READY, money=tuple(cfg.budget for _ in cfg.names))


# ---------------------------------------------------------------- commands


@dataclass(frozen=True, kw_only=True)
class Start:
    """The host opens the auction and its first lot."""


@dataclass(frozen=True, kw_only=True)
class Close:
    """The host closes the open lot now, as if its deadline had passed."""


@dataclass(frozen=True, kw_only=True)
class Bid:
    """A player seals a bid on the open lot (0 = pass)."""

    seat: int
    amount: int


Command = Start | Close | Bid

_AMOUNT = re.compile(r"[0-9]{1,12}")
PLAYER_WORDS = ("bid", "pass")
HOST_WORDS = ("start", "close")


def parse(state: State, actor: int | None, text: str, resolve: Resolve) -> Command:
    """Read a player's “bid N” / “pass”, or the host's “start” / “close”.

    >>> st = start(example_config())
    >>> parse(st, 0, "bid 25", lambda n: 0), parse(st, 1, "PASS", lambda n: 1)
    (Bid(seat=0, amount=25), Bid(seat=1, amount=0))
    """
    words = text.split()
    if not words:
        raise InvalidCommand("there is nothing to read; players send “bid N” or “pass”")
    head, rest = words[0].casefold(), words[1:]
    if actor is None:
        return _parse_host(head, rest)
    if head == "pass":
        if rest:
            raise InvalidCommand("“pass” takes nothing after it")
        return Bid(seat=actor, amount=0)
    if head != "bid":
        raise InvalidCommand(f"“{words[0]}” is not an auction command; a player sends “bid N” or “pass”")
    if not rest:
        raise InvalidCommand("“bid” needs an amount, e.g. “bid 25”")
    if len(rest) > 1:
        raise InvalidCommand(f"a bid is one amount, e.g. “bid 25”; “{' '.join(rest)}” is more than one")
    if not _AMOUNT.fullmatch(rest[0]):
        raise InvalidCommand(f"“{rest[0]}” is not an amount; a bid is a whole number from 0 up, e.g. “bid 25”")
    return Bid(seat=actor, amount=int(rest[0]))


def _parse_host(head: str, rest: Sequence[str]) -> Command:
    if head in PLAYER_WORDS:
        raise InvalidCommand("bids come from the players: write the bidder's name first, e.g. “p1: bid 25”")
    if head not in HOST_WORDS:
        raise InvalidCommand(f"“{head}” is not a command; the host's auction commands are “start” and “close” (“help” lists all)")
    if rest:
        raise InvalidCommand(f"“{head}” takes nothing after it")
    return Start() if head == "start" else Close()


# ---------------------------------------------------------------- judging


def apply(state: State, command: Command, now: int) -> tuple[State, list[Event]]:
    """Judge one command at game time `now`."""
    if isinstance(command, Start):
        return _start(state, now)
    if state.phase is Phase.READY:
        raise IllegalAction("the auction has not started yet; the host starts it with “start”")
    if state.phase is Phase.OVER:
        raise IllegalAction("the auction is over")
    if isinstance(command, Close):
        return _close(state, now, by_host=True)
    return _bid(state, command, now)


def _start(state: State, now: int) -> tuple[State, list[Event]]:
    if state.phase is not Phase.READY:
        raise IllegalAction("the auction has already started" if state.phase is Phase.BIDDING else "the auction is over")
    cfg = state.cfg
    started = AuctionStarted(t=now, players=cfg.names, budget=cfg.budget, lots=cfg.lots, bid_seconds=cfg.bid_ms // SECOND)
    state, events = _post_next(replace(state, phase=Phase.BIDDING), now)
    return state, [started, *events]


def _bid(state: State, bid: Bid, now: int) -> tuple[State, list[Event]]:
    lot = state.lot
    assert lot is not None  # a lot is open whenever the auction is bidding
    name = state.cfg.names[bid.seat]
    if bid.seat not in state.bids.seats:
        raise IllegalAction(f"{name} has no money left and sits out the rest of the auction")
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
        winner = tied[0] if len(tied) == 1 else cfg.streams.stream(f"tie {lot.number}").choice(tied)
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
        return state, [event, _over(state, now)]
    state, events = _post_next(state, now)
    return state, [event, *events]


def _post_next(state: State, now: int) -> tuple[State, list[Event]]:
    """Draw and post the next lot; a lot nobody can bid on closes unsold at once."""
    cfg = state.cfg
    number = len(state.results) + 1
    used = {r.lot.item for r in state.results}
    remaining = [item for item in cfg.catalogue if item not in used]
    item = cfg.streams.stream(f"lot {number}").choice(remaining)
    value = cfg.min_value + cfg.streams.stream(f"value {number}").below(cfg.max_value - cfg.min_value + 1)
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


def _over(state: State, now: int) -> AuctionOver:
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
