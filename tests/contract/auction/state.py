"""The auction's state: where it is (`Phase`), the lots as posted and sold, the sealed bids on the open lot."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tests.contract.auction.settings import Config, configure
from umpire.core.deadline import Deadline
from umpire.core.sealed import Sealed
from umpire.core.streams import Streams
from umpire.games.base import Setup


class Phase(StrEnum):
    """Where the auction is: waiting for the host's “start”, a lot open for bids, or over."""

    READY = "ready"
    BIDDING = "bidding"
    OVER = "over"


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
    streams: Streams  # the seed's: each lot (and each tie) is drawn from its own named stream when it is needed
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


def initial(cfg: Config, streams: Streams) -> State:
    """The auction before the host's “start”: everyone holds the budget, no lot is drawn."""
    return State(cfg=cfg, streams=streams, phase=Phase.READY, money=tuple(cfg.budget for _ in cfg.names))


def start(setup: Setup) -> State:
    """The auction before the host's “start”: everyone holds the budget, no lot is drawn (the game's `start`)."""
    return initial(configure(setup), setup.streams)
