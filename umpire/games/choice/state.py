"""A Final Match at one moment: the holdings, the bout, the shop cycle, the board and the set. Pure data."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from umpire.core.deadline import Deadline
from umpire.core.streams import Streams
from umpire.games.base import Setup
from umpire.games.choice.events import PlayerStatus
from umpire.games.choice.settings import Config, configure
from umpire.games.outcome import Outcome
from umpire.games.rounds import SealedRound

GOOFSPIEL, GYUL_HAP, EXPRESSIONS = 0, 1, 2


class Phase(StrEnum):
    """Where the match stands: before block 1, inside a block, in a break between blocks, or over."""

    BEFORE = "before"
    BLOCK = "block"
    BREAK = "break"
    OVER = "over"


@dataclass(frozen=True, kw_only=True)
class Seat:
    """One player's holdings."""

    money: int
    pending: int = 0  # this block's Goofspiel winnings, credited at the next block's start
    tiles: tuple[int, ...] = (0,) * 9  # copies held of tiles 1–9
    gsp: int = 0
    ghp: int = 0
    ep: int = 0
    adv: tuple[int, int, int] = (0, 0, 0)  # Advantage copies left, in ITEMS order


@dataclass(frozen=True, kw_only=True)
class Play:
    """A player's current Goofspiel submission for the round."""

    card: int
    boosted: bool = False  # `igs`: the card counts one more


@dataclass(frozen=True, kw_only=True)
class Bout:
    """The Goofspiel bout of one block: the round under way (or the last one played), the cards left and the money won."""

    block: int
    prizes: tuple[int, ...]
    plays: SealedRound[Play]  # the round's private plays, sealed until the reveal; its clock stops once it is played
    hands: tuple[tuple[int, ...], ...] = (tuple(range(1, 10)), tuple(range(1, 10)))
    money: tuple[int, ...] = (0, 0)
    finished: bool = False

    @property
    def round(self) -> int:
        """The round under way, or the last one played (1–9)."""
        return self.plays.number

    @property
    def open(self) -> bool:
        """Whether a round is taking plays."""
        return self.plays.deadline is not None


@dataclass(frozen=True, kw_only=True)
class Shop:
    """The shop cycle under way."""

    cycle: int  # 1–15 over the match
    block_cycle: int  # 1–3 within the block
    prices: tuple[int, ...]
    bought: tuple[frozenset[int], ...] = (frozenset(), frozenset())


@dataclass(frozen=True, kw_only=True)
class Gyul:
    """Gyul Hap: the board under way and what has been claimed on it."""

    index: int = 0  # 0-based, into the match's boards
    claimed: tuple[tuple[tuple[int, int, int], int], ...] = ()  # (positions, seat)
    grace: Deadline | None = None  # R-GH-2: the anti-snipe window after a correct gyul (a window: it never fires)
    grace_by: int | None = None  # who made that correct gyul
    over: bool = False


@dataclass(frozen=True, kw_only=True)
class ExprSet:
    """The Expressions set under way."""

    number: int  # 1–10 over the match
    block_set: int  # 1–2 within the block
    solved: tuple[frozenset[int], ...] = (frozenset(), frozenset())  # puzzle numbers solved, per seat
    extras: frozenset[int] = frozenset()  # digits already used as the extra in this set


@dataclass(frozen=True, kw_only=True)
class State:
    """The whole match at one moment."""

    cfg: Config
    streams: Streams  # the seed's: what it deals is drawn at the moment of use, never read from the configuration
    seats: tuple[Seat, ...]
    block: int = 0  # the block under way, or the last one played
    phase: Phase = Phase.BEFORE
    block_start: int = 0
    block_clock: Deadline | None = None  # the block's end
    break_clock: Deadline | None = None  # the break after a Goofspiel round ("break"), whose passing opens the next round
    shop_clock: Deadline | None = None  # the shop cycle under way
    set_clock: Deadline | None = None  # the Expressions set under way
    bout: Bout | None = None
    shop: Shop | None = None
    gyul: Gyul = Gyul()
    expr: ExprSet | None = None
    subgame_winners: tuple[tuple[str, str | None], ...] = ()  # (item, winner name or None), as decided
    winner: int | None = None
    result: str = ""
    outcome: Outcome | None = None  # the result, as the event that ended the match states it

    @property
    def over(self) -> bool:
        """Whether the sixth block has ended."""
        return self.phase is Phase.OVER

    @property
    def in_block(self) -> bool:
        """Whether a block is under way."""
        return self.phase is Phase.BLOCK

    @property
    def round_clock(self) -> Deadline | None:
        """The Goofspiel clock running: the open round's ("round", with its reminder), or the break after it ("break")."""
        bout = self.bout
        return bout.plays.deadline if bout is not None and bout.open else self.break_clock

    def clocks(self) -> tuple[Deadline | None, ...]:
        """Every deadline that can fall due, in the order ties are broken (see `rules.due`)."""
        return (self.round_clock, self.shop_clock, self.set_clock, self.block_clock)


def initial(cfg: Config, streams: Streams) -> State:
    """The match before block 1."""
    seats = tuple(Seat(money=cfg.starting_money, adv=cfg.given[i]) for i in range(len(cfg.names)))
    return State(cfg=cfg, streams=streams, seats=seats)


def start(setup: Setup) -> State:
    """The match before block 1 (the game's `start`: here, not with the rules, so that starting a session does not import them)."""
    return initial(configure(setup), setup.streams)


def names_of(state: State) -> tuple[str, ...]:
    """The players' display names, by seat."""
    return state.cfg.names


def where_now(state: State) -> str:
    """Where the match is, in words, for refusals: "block 3", "the break", …"""
    if state.phase is Phase.OVER:
        return "the match is over"
    if state.phase is Phase.BLOCK:
        return f"block {state.block}"
    return "the break" if state.phase is Phase.BREAK else "the match has not started"


def tiles_json(seat: Seat) -> dict[str, int]:
    """Tiles held, digit -> count."""
    return {str(d + 1): seat.tiles[d] for d in range(9)}


def status_json(state: State) -> dict[str, PlayerStatus]:
    """What `status` shows per player (the card: no Goofspiel cards here)."""
    return {
        state.cfg.names[i]: PlayerStatus(tiles=tiles_json(s), money=s.money, gsp=s.gsp, ghp=s.ghp, ep=s.ep)
        for i, s in enumerate(state.seats)
    }
