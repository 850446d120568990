"""The auction's table of moves: how each is written, who makes it, and when it may be made.

The session asks a move's `when` before it applies a command of that move, so the rules need no
"not now" checks of their own; completion, the REPL's live check, `help` and the contract test's
random play read the same table. A bid is `sealed`: until the lot closes (`LotSold`/`LotUnsold`
reveal the bids), nothing about its amount may reach anyone but the bidder and the host.
"""

from __future__ import annotations

from collections.abc import Sequence

from tests.contract.auction.state import Phase, State
from umpire.games.base import HelpItem, Move


def _not_started(state: State) -> str | None:
    if state.phase is Phase.READY:
        return "the auction has not started yet; the host starts it with “start”"
    if state.phase is Phase.OVER:
        return "the auction is over"
    return None


def _start_when(state: State, actor: int | None) -> str | None:
    if state.phase is Phase.READY:
        return None
    return "the auction has already started" if state.phase is Phase.BIDDING else "the auction is over"


def _close_when(state: State, actor: int | None) -> str | None:
    return _not_started(state)


def _bid_when(state: State, actor: int | None) -> str | None:
    why = _not_started(state)
    if why is None and actor is not None and actor not in state.bids.seats:
        return f"{state.cfg.names[actor]} has no money left and sits out the rest of the auction"
    return why


def _amounts(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    """After “bid”: a few amounts the player can afford, and all they have."""
    if actor is None or len(words) != 1 or words[0].casefold() != "bid":
        return []
    money = state.money[actor]
    return [str(a) for a in (0, 1, 5, 10, 25, 50, 100) if a < money] + [str(money)]


MOVES: tuple[Move[State], ...] = (
    Move(
        name="bid",
        who="player",
        words=("bid", "pass"),
        forms=(
            HelpItem(syntax="bid N", what="Seal a bid of N on the open lot (your last bid counts; 0 is a pass).", example="p1: bid 25"),
            HelpItem(syntax="pass", what="Bid nothing on the open lot.", example="p2: pass"),
        ),
        when=_bid_when,
        complete=_amounts,
        sealed=True,
    ),
    Move(
        name="start",
        who="host",
        words=("start",),
        forms=(HelpItem(syntax="start", what="Start the auction: the first lot is drawn and posted.", example="start", who="host"),),
        when=_start_when,
    ),
    Move(
        name="close",
        who="host",
        words=("close",),
        forms=(HelpItem(syntax="close", what="Close the open lot now, as if its time had run out.", example="close", who="host"),),
        when=_close_when,
    ),
)
