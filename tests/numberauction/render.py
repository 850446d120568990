"""The Number Auction's posts: one renderer per event kind, given the event and the players and settings (never the state)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tests.numberauction.rules import RoundClosed, RoundOpened
from tests.numberauction.settings import BID_MS, COINS, ROUNDS
from umpire.core import chat
from umpire.core.clock import fmt_clock
from umpire.games import roundplay
from umpire.games.base import PublicSetup, Renderers

RENDER: Renderers[PublicSetup] = roundplay.add_renderers(Renderers())


_each: Callable[[Mapping[str, int]], str] = lambda values: " · ".join(f"{chat.safe(p)} {v}" for p, v in values.items())
_points: Callable[[int], str] = lambda n: chat.count(n, "point")


@RENDER.on(RoundOpened)
def _round(setup: PublicSetup, ev: RoundOpened) -> str:
    rules = f"🔨 **The Number Auction begins:** {ROUNDS} rounds, {COINS} coins each; the highest bid nobody else matched wins.\n"
    close = f"Send the host your bid privately (“bid 5”) within {fmt_clock(BID_MS)}; bids close early once everyone has bid."
    return f"{rules if ev.round == 1 else ''}**Round {ev.round} of {ROUNDS}: the prize is worth {_points(ev.prize)}.** {close}"


@RENDER.on(RoundClosed)
def _closed(setup: PublicSetup, ev: RoundClosed) -> str:
    lines = ["The host closed the round."] if ev.by_host else []
    lines.append(f"**Round {ev.round} bids:** {_each(ev.bids) if ev.bids else 'none'}.")
    if ev.winner is None:
        lines.append(f"{'Every bid was matched' if ev.bids else 'Nobody bid'}: nobody wins, and the prize of {_points(ev.prize)} is lost.")
    else:
        lines.append(f"🏷️ {chat.bold(chat.safe(ev.winner))} wins {_points(ev.prize)} for {ev.bids[ev.winner]} coins.")
    return "\n".join([*lines, f"Points: {_each(ev.points)}", f"Coins: {_each(ev.coins)}"])
