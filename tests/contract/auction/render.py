"""The auction's announcements: one renderer per event kind, each returning chat text (Discord markdown).

Each renderer is given the auction's configuration (its public context: the settings and the players'
names, never the seed) and the event, and says nothing the event does not hold.
"""

from __future__ import annotations

from collections.abc import Sequence

from tests.contract.auction.events import (
    AuctionOver,
    AuctionStarted,
    BidSealed,
    BidShown,
    LotPosted,
    LotReminder,
    LotSold,
    LotUnsold,
    StillToBid,
)
from tests.contract.auction.settings import Config
from umpire.core import chat
from umpire.core.clock import SECOND, fmt_clock
from umpire.games.base import Renderers

RENDER: Renderers[Config] = Renderers()


def _name(name: str) -> str:
    return chat.bold(chat.safe(name))


def _names(names: Sequence[str]) -> str:
    return ", ".join(chat.safe(n) for n in names)


def _and(names: Sequence[str]) -> str:
    safe = [chat.safe(n) for n in names]
    return safe[0] if len(safe) == 1 else ", ".join(safe[:-1]) + " and " + safe[-1]


def _amount(amount: int | None) -> str:
    return "pass" if not amount else str(amount)


def _bids(bids: Sequence[BidShown]) -> str:
    if not bids:
        return "No bids."
    return "Bids: " + " · ".join(f"{chat.safe(b.player)} {_amount(b.amount)}" for b in bids)


@RENDER.on(AuctionStarted)
def _started(cfg: Config, ev: AuctionStarted) -> str:
    return (
        f"🔨 **The auction begins:** {ev.lots} lot{'s' if ev.lots != 1 else ''}, {ev.bid_seconds} s to bid on each. "
        f"Everyone starts with {ev.budget}.\n"
        f"Players: {_names(ev.players)}\n"
        "Send the host your bid privately: “bid 25”, or “pass”. Your last bid counts; the highest bid wins the lot and pays what it bid."
    )


@RENDER.on(LotPosted)
def _posted(cfg: Config, ev: LotPosted) -> str:
    text = f"**Lot {ev.lot} of {ev.of}: {chat.safe(ev.item)}**, worth {ev.value} point{'s' if ev.value != 1 else ''}.\n"
    if not ev.bidders:
        return text + f"Nobody has money left to bid (sitting out: {_names(ev.sitting_out)})."
    text += f"Bids close in {fmt_clock(ev.seconds * SECOND)}, or when everyone has bid. Bidding: {_names(ev.bidders)}."
    if ev.sitting_out:
        text += f"\nSitting out (no money left): {_names(ev.sitting_out)}."
    return text


@RENDER.on(BidSealed)
def _sealed(cfg: Config, ev: BidSealed) -> str:
    what = "You pass" if ev.amount == 0 else f"Your bid of **{ev.amount}**"
    text = f"🔒 {what} on lot {ev.lot} ({chat.safe(ev.item)}): sealed."
    if ev.replaced is not None:
        text += f" It replaces your {'pass' if ev.replaced == 0 else f'bid of {ev.replaced}'}."
    return text


@RENDER.on(LotReminder)
def _reminder(cfg: Config, ev: LotReminder) -> str:
    return f"⏳ Lot {ev.lot} ({chat.safe(ev.item)}): {fmt_clock(ev.seconds * SECOND)} left to bid."


@RENDER.on(StillToBid)
def _still(cfg: Config, ev: StillToBid) -> str:
    return f"Still to bid on lot {ev.lot}: {_names(ev.waiting)}"


@RENDER.on(LotSold)
def _sold(cfg: Config, ev: LotSold) -> str:
    lines = ["The host closed the bidding."] if ev.closed_by_host else []
    lines.append(f"🔨 **Lot {ev.lot}, {chat.safe(ev.item)}: sold to {chat.safe(ev.winner)} for {ev.price}.**")
    lines.append(_bids(ev.bids))
    if ev.tied:
        lines.append(f"Tie at {ev.price} between {_and(ev.tied)}: the seed's draw gives the lot to {_name(ev.winner)}.")
    lines.append(f"{_name(ev.winner)} has {ev.money_left} left and {ev.value} more point{'s' if ev.value != 1 else ''}.")
    return "\n".join(lines)


@RENDER.on(LotUnsold)
def _unsold(cfg: Config, ev: LotUnsold) -> str:
    lines = ["The host closed the bidding."] if ev.closed_by_host else []
    lines.append(f"**Lot {ev.lot}, {chat.safe(ev.item)}: unsold** (no bid above 0).")
    lines.append(_bids(ev.bids))
    return "\n".join(lines)


@RENDER.on(AuctionOver)
def _over(cfg: Config, ev: AuctionOver) -> str:
    head = f"🏆 **The auction is over. {'Winner' if len(ev.winners) == 1 else 'Shared win'}: {_and(ev.winners)}.**"
    rows = []
    for i, s in enumerate(ev.standings, start=1):
        won = f" ({_names(s.lots)})" if s.lots else ""
        rows.append(f"{i}. {_name(s.player)}: {s.points} point{'s' if s.points != 1 else ''}{won}, {s.money} left")
    return "\n".join([head, *rows])
