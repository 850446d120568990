"""The auction's commands, one frozen dataclass per kind (each names its move), and how text is read into one."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from tests.contract.auction.state import State
from umpire.core.errors import InvalidCommand
from umpire.games.base import Resolve


@dataclass(frozen=True, kw_only=True)
class Start:
    """The host opens the auction and its first lot."""

    move: ClassVar[str] = "start"


@dataclass(frozen=True, kw_only=True)
class Close:
    """The host closes the open lot now, as if its deadline had passed."""

    move: ClassVar[str] = "close"


@dataclass(frozen=True, kw_only=True)
class Bid:
    """A player seals a bid on the open lot (0 = pass)."""

    move: ClassVar[str] = "bid"
    seat: int
    amount: int


Command = Start | Close | Bid

_AMOUNT = re.compile(r"[0-9]{1,12}")
PLAYER_WORDS = ("bid", "pass")
HOST_WORDS = ("start", "close")


def parse(state: State, actor: int | None, text: str, resolve: Resolve) -> Command:
    """Read a player's “bid N” / “pass”, or the host's “start” / “close”.

    >>> from tests.contract.auction.settings import example_config
    >>> from tests.contract.auction.state import initial
    >>> from umpire.core.streams import Streams
    >>> st = initial(example_config(), Streams("example"))
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
