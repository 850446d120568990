"""Everything that can happen in an auction, as typed events (one frozen dataclass per kind).

Field names are the JSON keys of `--json` output and journals. A public event carries only what
its public text shows; what only the host may see (who is still to bid) is a HOST event, and a
bid's receipt is a DM to the bidder. The events that close a lot `reveal` its sealed bids.
"""

from __future__ import annotations

from dataclasses import dataclass

from umpire.games.base import HOST, Audience, Event
from umpire.games.outcome import Outcome, Placing


@dataclass(frozen=True, kw_only=True)
class BidShown:
    """One player's bid on a lot, as revealed when the lot closes."""

    player: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class Standing:
    """One player's result at the end: points of the lots won, their names, and money left."""

    player: str
    points: int
    lots: tuple[str, ...]
    money: int


@dataclass(frozen=True, kw_only=True)
class AuctionStarted(Event):
    """The host started the auction."""

    kind = "auction_started"
    players: tuple[str, ...]
    budget: int
    lots: int
    bid_seconds: int


@dataclass(frozen=True, kw_only=True)
class LotPosted(Event):
    """A lot drawn by the seed and put up for bids (a generated item, re-derived by `umpire verify`)."""

    kind = "lot_posted"
    generated = True
    lot: int
    of: int
    item: str
    value: int
    seconds: int
    bidders: tuple[str, ...]
    sitting_out: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class BidSealed(Event):
    """The receipt of a sealed bid, to the bidder alone (`amount` 0 is a pass)."""

    kind = "bid_sealed"
    lot: int
    item: str
    amount: int
    replaced: int | None


@dataclass(frozen=True, kw_only=True)
class LotReminder(Event):
    """Time is running out on the open lot."""

    kind = "lot_reminder"
    lot: int
    item: str
    seconds: int


@dataclass(frozen=True, kw_only=True)
class StillToBid(Event):
    """Who has not bid on the open lot yet (host only; never sent with nobody in it)."""

    kind = "still_to_bid"
    audience: Audience = HOST
    lot: int
    waiting: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.waiting:
            raise ValueError("a still-to-bid note needs somebody still to bid")


@dataclass(frozen=True, kw_only=True)
class LotSold(Event):
    """A lot closed with a winning bid; every bid is revealed, and a tie says how the seed broke it."""

    kind = "lot_sold"
    reveals = True  # the lot's sealed bids, all of them
    lot: int
    item: str
    value: int
    winner: str
    price: int
    money_left: int
    bids: tuple[BidShown, ...]
    tied: tuple[str, ...]
    closed_by_host: bool

    @property
    def is_generated(self) -> bool:
        """A tie broken by the seed's draw names a winner the seed chose: a seeded item revealed here."""
        return bool(self.tied)


@dataclass(frozen=True, kw_only=True)
class LotUnsold(Event):
    """A lot closed without a bid above 0."""

    kind = "lot_unsold"
    reveals = True
    lot: int
    item: str
    bids: tuple[BidShown, ...]
    closed_by_host: bool


@dataclass(frozen=True, kw_only=True)
class AuctionOver(Event):
    """The last lot closed: the standings, best first, and the winner(s)."""

    kind = "auction_over"
    standings: tuple[Standing, ...]
    winners: tuple[str, ...]

    @property
    def outcome(self) -> Outcome:
        """The most points won; a tie on points went to more money left; a tie on both is shared (R-AUC-8)."""
        ranking: list[Placing] = []
        for i, s in enumerate(self.standings):
            tied = i > 0 and (self.standings[i - 1].points, self.standings[i - 1].money) == (s.points, s.money)
            ranking.append(Placing(player=s.player, place=ranking[-1].place if tied else i + 1, why=f"{s.points} points, {s.money} left"))
        head = "Winner" if len(self.winners) == 1 else "Shared win"
        return Outcome(
            summary=f"{head}: {' and '.join(self.winners)}.", winners=self.winners, why="the most points", ranking=tuple(ranking)
        )


EVENTS: tuple[type[Event], ...] = (AuctionStarted, LotPosted, BidSealed, LotReminder, StillToBid, LotSold, LotUnsold, AuctionOver)
