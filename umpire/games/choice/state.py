"""A Final Match at one moment: the holdings, the bout, the shop cycle, the board and the set. Pure data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from umpire.games.choice.config import (
    BLOCKS,
    Config,
)

GOOFSPIEL, GYUL_HAP, EXPRESSIONS = 0, 1, 2


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
    """The Goofspiel bout of one block."""

    block: int
    prizes: tuple[int, ...]
    round: int = 1
    open: bool = True  # a round is taking plays
    hands: tuple[tuple[int, ...], ...] = (tuple(range(1, 10)), tuple(range(1, 10)))
    plays: tuple[Play | None, ...] = (None, None)
    money: tuple[int, ...] = (0, 0)
    finished: bool = False


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
    last_gyul: tuple[int, int] | None = None  # (seat, time) of the last correct gyul, for the anti-snipe grace
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
    seats: tuple[Seat, ...]
    block: int = 0  # the block under way, or the last one played
    in_block: bool = False
    block_start: int = 0
    fired: int = 0  # how many of the block's timed happenings have happened
    bout: Bout | None = None
    shop: Shop | None = None
    gyul: Gyul = Gyul()
    expr: ExprSet | None = None
    subgame_winners: tuple[tuple[str, str | None], ...] = ()  # (item, winner name or None), as decided
    winner: int | None = None
    result: str = ""

    @property
    def over(self) -> bool:
        return self.block == BLOCKS and not self.in_block


def initial(cfg: Config) -> State:
    """The match before block 1."""
    seats = tuple(Seat(money=cfg.starting_money, adv=cfg.given[i]) for i in range(len(cfg.names)))
    return State(cfg=cfg, seats=seats)


def names_of(state: State) -> tuple[str, ...]:
    """The players' display names, by seat."""
    return state.cfg.names


def where_now(state: State) -> str:
    """Where the match is, in words, for refusals: "block 3", "the break", …"""
    if state.over:
        return "the match is over"
    if state.in_block:
        return f"block {state.block}"
    return "the break" if state.block else "the match has not started"


def tiles_json(seat: Seat) -> dict[str, int]:
    """Tiles held, digit -> count."""
    return {str(d + 1): seat.tiles[d] for d in range(9)}


def status_json(state: State) -> dict[str, dict[str, Any]]:
    """What `status` shows per player (the card: no Goofspiel cards here)."""
    return {
        state.cfg.names[i]: {
            "tiles": tiles_json(s),
            "money": s.money,
            "gsp": s.gsp,
            "ghp": s.ghp,
            "ep": s.ep,
        }
        for i, s in enumerate(state.seats)
    }
