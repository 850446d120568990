"""The state of an Open, Pass match: where it stands (`Phase`), collections, sealed bids, decks and
dealers, deals, trades, the clock."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from umpire.core.deadline import Deadline
from umpire.core.sealed import Sealed
from umpire.core.streams import Streams
from umpire.games.base import Setup
from umpire.games.openpass.settings import KINDS, Config, configure
from umpire.games.outcome import Outcome
from umpire.games.rounds import SealedRound, Simultaneous


class Phase(StrEnum):
    """Where the match stands."""

    WAITING = "waiting"  # for the host's `start`
    BUILDING = "building"  # a deck-building round is open
    PLAYING = "playing"  # decks, dealers and deals
    OVER = "over"


def counts(cards: Iterable[str]) -> tuple[int, ...]:
    """A multiset of cards as counts per kind, in KINDS order."""
    c = Counter(cards)
    return tuple(c.get(k, 0) for k in KINDS)


def listing(cs: tuple[int, ...]) -> list[str]:
    """The cards of a count tuple, in display order."""
    return [k for k, n in zip(KINDS, cs, strict=True) for _ in range(n)]


@dataclass(frozen=True, kw_only=True)
class Deck:
    """A submitted deck: its cards in display order with the padding last."""

    cards: tuple[str, ...]
    padded: int

    @property
    def owned(self) -> tuple[str, ...]:
        """The player's own cards in the deck (the padding is not theirs): these are locked."""
        return self.cards[: len(self.cards) - self.padded]


@dataclass(frozen=True, kw_only=True)
class Deal:
    """A player's Open, Pass deal, in progress or done."""

    dealer: str
    order: tuple[str, ...]  # the shuffled deck, dealt from the front
    pos: int = 0  # how many cards have been dealt and answered
    row: tuple[str, ...] = ()  # the equation, leftmost first
    started: bool = False
    done: bool = False


@dataclass(frozen=True, kw_only=True)
class Player:
    """One player's collection, deal and result."""

    cards: tuple[int, ...]
    deal: Deal | None = None
    score: Fraction | None = None
    reading: str = ""
    tokens: int = 0
    ec: bool = False
    received: tuple[tuple[int, str], ...] = ()  # (round, what), for the record

    @property
    def played(self) -> bool:
        """Whether this player's deal ever started."""
        return self.deal is not None and self.deal.started

    @property
    def finished(self) -> bool:
        """Whether this player's deal is over."""
        return self.deal is not None and self.deal.done


@dataclass(frozen=True, kw_only=True)
class Trade:
    """An offer from `giver` to `taker`: `gives` for `gets`, waiting for the taker's `accept`."""

    number: int
    giver: int
    taker: int
    gives: tuple[str, ...]
    gets: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class State:
    """The match at one moment."""

    cfg: Config
    streams: Streams  # the seed's: what it deals is drawn at the moment of use, never read from the configuration
    players: tuple[Player, ...]
    phase: Phase = Phase.WAITING
    bids: SealedRound[tuple[int, ...]]  # this deck-building round's bids (pack numbers as offered) and its deadline
    decks: Sealed[Deck]
    dealers: Sealed[str]
    play_clock: Deadline | None = None  # the playing phase's deadline
    trades: tuple[Trade, ...] = ()
    next_trade: int = 1
    ranking: tuple[int, ...] = ()
    tie_notes: tuple[str, ...] = ()
    outcome: Outcome | None = None  # the result, as the event that ended the match states it

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.phase is Phase.OVER

    @property
    def round(self) -> int:
        """The deck-building round under way, or the last one (1 before the host's `start`)."""
        return self.bids.number

    @property
    def clock(self) -> Deadline | None:
        """The deadline running: the bidding round's while deck building, the playing phase's after it."""
        return self.bids.deadline if self.phase is Phase.BUILDING else self.play_clock

    def locked(self, seat: int) -> Counter[str]:
        """The cards of `seat` that are in their submitted deck (they cannot be traded away)."""
        deck = self.decks.get(seat)
        return Counter(deck.owned if deck is not None else ())

    def ready(self, seat: int) -> bool:
        """Whether `seat` has submitted both a deck and a dealer."""
        return self.decks.has(seat) and self.dealers.has(seat)


def initial(cfg: Config, streams: Streams) -> State:
    """Everyone holds the starting set; nothing is open until the host's `start`."""
    start = counts(cfg.starting)
    seats = range(len(cfg.names))
    return State(
        cfg=cfg,
        streams=streams,
        players=tuple(Player(cards=start) for _ in seats),
        bids=SealedRound(number=1, actions=Simultaneous.of(seats), deadline=None),  # opened by the host's `start`
        decks=Sealed.expecting(seats),
        dealers=Sealed.expecting(seats),
    )


def start(setup: Setup) -> State:
    """Everyone holds the starting set; the host opens round 1 with `start` (the game's `start`: here, not with the
    rules, so that starting a session does not import them)."""
    return initial(configure(setup), setup.streams)
