"""What the host and the players see of the Number Auction: the status view, the toolbar, `final`, knowledge, the result."""

from __future__ import annotations

from collections.abc import Sequence

from tests.numberauction.rules import State
from tests.numberauction.settings import ROUNDS
from umpire.core import chat
from umpire.core.clock import fmt_clock
from umpire.core.settings import Settings
from umpire.games.base import JSON, Toolbar, View, ViewDef
from umpire.games.facts import Fact
from umpire.games.outcome import Outcome


def knowledge(state: State, seat: int | None) -> dict[str, JSON]:
    """What `seat` may know (None: everyone): coins, points, the round and its prize, and a player's own sealed bid."""
    names, bids = state.names, state.bids
    out: dict[str, JSON] = {
        "round": None if bids is None else bids.number,
        "prize": state.prize if bids is not None and state.outcome is None else None,
        "coins": dict(zip(names, state.coins, strict=True)),
        "points": dict(zip(names, state.points, strict=True)),
    }
    if seat is not None and bids is not None and state.outcome is None:
        out["my_bid"] = bids.get(seat)
    return out


def final(state: State, now: int) -> dict[str, JSON]:
    """The whole auction as JSON, for the host: the open round's bids stay sealed (only who has bid)."""
    bid = [state.names[s] for s in state.bids.submitted] if state.bids is not None and state.outcome is None else []
    return {"game_key": "number-auction", **knowledge(state, None), "bid": bid, "over": state.outcome is not None}


def outcome(state: State) -> Outcome | None:
    """The result, once the last round has closed (as its `Result` event states it)."""
    return state.outcome


def facts(settings: Settings) -> tuple[Fact, ...]:
    """What the report shows of each player: the points that decide, then the coins left that break a tie."""
    return (Fact(key="points", label="Points", decides=True), Fact(key="coins", label="Coins left"))


def _where(s: State) -> str:
    over = "ready: the host starts with “start”" if s.bids is None else f"over: {s.outcome.summary}" if s.outcome else ""
    return over or f"round {s.bids.number}/{ROUNDS}, prize {s.prize} · {len(s.bids.waiting)} to bid"


def toolbar(state: State, now: int) -> Toolbar:
    """The round's time left first, then where the auction is."""
    running = state.bids is not None and state.outcome is None
    return Toolbar(clock=f"{fmt_clock(state.bids.left(now))} left" if running else "", where=_where(state))


def _status(state: State, now: int, args: Sequence[str]) -> View:
    bids = state.bids if state.outcome is None else None
    mark = ["—" if bids is None else "sealed" if bids.has(s) else "to bid" for s in range(len(state.names))]
    rows = tuple((n, str(state.coins[s]), str(state.points[s]), mark[s]) for s, n in enumerate(state.names))
    chat_text = "\n".join(f"{chat.safe(n)}: {c} coins, {p} point{'' if p == '1' else 's'}" for n, c, p, _ in rows)
    return View(title=f"Number Auction — {_where(state)}", columns=("player", "coins", "points", "this round"), rows=rows, chat=chat_text)


VIEWS: tuple[ViewDef[State], ...] = (ViewDef(name="status", what="Coins and points; who has bid in the open round.", build=_status),)
