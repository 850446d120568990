"""What the host and the players see of the auction: the views, the toolbar, `final` and each seat's knowledge."""

from __future__ import annotations

from collections.abc import Sequence

from tests.contract.auction.events import BidShown
from tests.contract.auction.render import _amount, _bids, _name
from tests.contract.auction.rules import over, winners
from tests.contract.auction.state import Phase, State
from umpire.core import chat
from umpire.core.clock import SECOND, fmt_clock
from umpire.core.errors import IllegalAction, InvalidCommand
from umpire.games.base import JSON, Toolbar, View, ViewDef
from umpire.games.outcome import Outcome


def knowledge(state: State, seat: int | None) -> dict[str, JSON]:
    """What `seat` may know now (None: everyone): money, points and lots won, the closed lots' revealed
    bids, the open lot as posted, and a player's own sealed bid on it."""
    names = state.cfg.names
    out: dict[str, JSON] = {
        "phase": state.phase.value,
        "money": {names[s]: m for s, m in enumerate(state.money)},
        "points": {names[s]: state.points(s) for s in range(len(names))},
        "results": [
            {
                "lot": r.lot.number,
                "item": r.lot.item,
                "winner": None if r.winner is None else names[r.winner],
                "price": r.price,
                "bids": {names[s]: a for s, a in r.bids},
            }
            for r in state.results
        ],
        "open_lot": None,
    }
    if state.lot is not None:
        lot: dict[str, JSON] = {"lot": state.lot.number, "item": state.lot.item, "value": state.lot.value}
        if seat is not None and seat in state.bids.seats:
            lot["my_bid"] = state.bids.get(seat)
        out["open_lot"] = lot
    return out


def final(state: State, now: int) -> dict[str, JSON]:
    """The whole auction as JSON, for the host; an open lot's bids stay sealed (only who has bid)."""
    names = state.cfg.names
    open_lot: JSON = None
    if state.lot is not None and state.deadline is not None:
        open_lot = {
            "lot": state.lot.number,
            "item": state.lot.item,
            "value": state.lot.value,
            "bid": [names[s] for s in state.bids.submitted],
            "waiting": [names[s] for s in state.bids.waiting],
            "seconds_left": state.deadline.left(now) / SECOND,
        }
    return {
        "game_key": "auction",
        "phase": state.phase.value,
        "lots": state.cfg.lots,
        "money": {names[s]: m for s, m in enumerate(state.money)},
        "points": {names[s]: state.points(s) for s in range(len(names))},
        "open_lot": open_lot,
        "results": [
            {
                "lot": r.lot.number,
                "item": r.lot.item,
                "value": r.lot.value,
                "winner": None if r.winner is None else names[r.winner],
                "price": r.price,
                "bids": {names[s]: a for s, a in r.bids},
                "tied": [names[s] for s in r.tied],
            }
            for r in state.results
        ],
        "winners": [names[s] for s in winners(state)] if state.phase is Phase.OVER else None,
    }


def outcome(state: State) -> Outcome | None:
    """The result once the last lot has closed, as the auction's last post states it."""
    return over(state, 0).outcome if state.phase is Phase.OVER else None


def toolbar(state: State, now: int) -> Toolbar:
    """The open lot's time left first, then where the auction is."""
    if state.phase is Phase.BIDDING and state.lot is not None and state.deadline is not None:
        waiting = len(state.bids.waiting)
        return Toolbar(
            clock=f"lot {state.lot.number}/{state.cfg.lots} · {fmt_clock(state.deadline.left(now))} left", where=f"{waiting} to bid"
        )
    return Toolbar(clock="", where=f"Sealed-bid auction · {_phase_words(state, now)}")


def _phase_words(state: State, now: int) -> str:
    """Where the auction is, in plain words (the toolbar, view titles)."""
    if state.phase is Phase.READY:
        return "ready: the host starts with “start”"
    if state.phase is Phase.OVER:
        return "over: " + " and ".join(state.cfg.names[s] for s in winners(state)) + " won"
    assert state.lot is not None and state.deadline is not None
    waiting = len(state.bids.waiting)
    return f"lot {state.lot.number}/{state.cfg.lots} · {fmt_clock(state.deadline.left(now))} left · {waiting} to bid"


def _status(state: State, now: int, args: Sequence[str]) -> View:
    names = state.cfg.names
    rows = []
    for seat, name in enumerate(names):
        if state.lot is None:
            bid = "—"
        elif seat not in state.bids.seats:
            bid = "sits out"
        else:
            bid = "sealed" if state.bids.has(seat) else "to bid"
        rows.append((name, str(state.money[seat]), str(state.points(seat)), ", ".join(state.won(seat)) or "—", bid))
    chat_rows = [
        f"{_name(name)}: {state.money[s]} left, {state.points(s)} point{'s' if state.points(s) != 1 else ''}"
        for s, name in enumerate(names)
    ]
    return View(
        title=f"Sealed-bid auction — {_phase_words(state, now)}",
        columns=("player", "money", "points", "lots won", "this lot"),
        rows=tuple(rows),
        chat="\n".join([f"**Auction — {chat.safe(_phase_words(state, now))}**", *chat_rows]),
    )


def _bids_view(state: State, now: int, args: Sequence[str]) -> View:
    number = _lot_number(state, args)
    names = state.cfg.names
    if state.lot is not None and number == state.lot.number:
        rows = tuple((names[s], _amount(state.bids.get(s)) if state.bids.has(s) else "to bid") for s in state.bids.seats)
        return View(
            title=f"Lot {number}, {state.lot.item}: sealed bids so far (host only — do not post)",
            columns=("player", "bid"),
            rows=rows,
            notes=() if rows else ("nobody can bid on this lot",),
        )
    result = state.results[number - 1]
    shown = tuple(BidShown(player=names[s], amount=a) for s, a in result.bids)
    outcome = "unsold" if result.winner is None else f"sold to {names[result.winner]} for {result.price}"
    return View(
        title=f"Lot {number}, {result.lot.item}: {outcome}",
        columns=("player", "bid"),
        rows=tuple((b.player, _amount(b.amount)) for b in shown),
        chat=f"**Lot {number}, {chat.safe(result.lot.item)}:** {chat.safe(outcome)}. {_bids(shown)}",
        notes=() if shown else ("nobody bid",),
    )


def _lot_number(state: State, args: Sequence[str]) -> int:
    """The lot `bids` is asked about: the one named, else the open lot, else the last one closed."""
    posted = state.posted()
    if not posted:
        raise IllegalAction("no lot has been posted yet")
    if not args:
        return posted
    if len(args) > 1 or not args[0].isascii() or not args[0].isdigit():
        raise InvalidCommand(f"“bids” takes one lot number, e.g. “bids 1”; got “{' '.join(args)}”")
    number = int(args[0])
    if not 1 <= number <= posted:
        raise IllegalAction(
            f"there is no lot {number} yet; lots 1–{posted} have been posted"
            if posted > 1
            else f"only lot 1 has been posted (not lot {number})"
        )
    return number


VIEWS: tuple[ViewDef[State], ...] = (
    ViewDef(name="status", what="Money, points and lots won; who has bid on the open lot.", build=_status),
    ViewDef(
        name="bids",
        what="The bids on a lot: sealed amounts of the open lot (host only), or a closed lot's as revealed.",
        build=_bids_view,
        args="[LOT]",
        example="bids 1",
    ),
)
