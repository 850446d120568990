"""The bot's connection to Discord as it comes and goes, and reading back what it missed.

When the connection drops, the settled time (the game clock less the allowance) stands where it was
(`timing.Outage`), so no deadline, reminder or automatic play passes a moment whose messages may still
be missing. discord.py reconnects: a RESUME replays what was missed; a session Discord will not resume
(INVALID_SESSION) is replaced by a new one, and what was sent meanwhile is read from each player's
channel and DMs (R-BOT-7). Either way, once it is all in, it is judged at its own time in Discord's
order, then the deadlines that fell meanwhile, and the host is told what happened. The same history
read catches a restarted bot up (R-BOT-6).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from umpire.core.clock import fmt_stamp
from umpire.discord.recovery import last_ids
from umpire.discord.timing import Outage
from umpire.discord.wire import Place, Refused, Unreachable

if TYPE_CHECKING:
    from umpire.discord.bot import Bot

REPLAYED = "connected again after {lasted} s; Discord replayed what was missed"
READ_BACK = "caught up {lasted} s after the connection dropped, from each player's channel and DMs"


class Link:
    """One bot's connection: its state callbacks, the outage that holds the deadlines, and the history read."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.outage = Outage()
        self._tasks: set[asyncio.Task[None]] = set()  # kept until done (the loop holds tasks only weakly)

    async def catch_up(self, floor: int) -> int:
        """Read what each player sent after the last message taken from each of their places (no earlier than `floor`)."""
        bot = self.bot
        assert bot.transport is not None
        last = last_ids(bot.session.sources)
        before = len(bot.pending)
        for p in bot.ids.players:
            places = [(Place(channel=p.channel), p.channel)] if p.channel is not None else []
            places.append((Place(user=p.user), bot.dm_of.get(p.seat, 0)))
            for place, channel in places:
                try:
                    found = await bot.transport.history(place, max(last.get(channel, 0), floor))
                except (Refused, Unreachable) as exc:
                    bot._tell(
                        f"could not read {p.name}'s messages in {place} ({exc}): ask {p.name} to send again what they sent there", True
                    )
                    continue
                for m in found:
                    bot._on_message(m)
        return len(bot.pending) - before

    def on_state(self, what: str, connected: bool) -> None:
        """The transport's word on the connection: "ready", "ready again" (a new session), "resumed" or "disconnected"."""
        bot = self.bot
        was, bot.connected = bot.connected, connected
        if not bot.live:
            return
        assert bot.clock is not None
        if what == "disconnected" and was and self.outage.begin(bot.settled(), bot.clock.monotonic()):
            bot._tell(
                f"Discord: the connection dropped at {fmt_stamp(bot.clock.now())}; reconnecting. Deadlines wait (from "
                f"{fmt_stamp(max(0, bot.settled()))}) until what players sent meanwhile is in",  # within the start's allowance: 0:00
                True,
            )
        elif what == "resumed":
            self.caught_up(REPLAYED)
        elif what == "ready again" and bot.floor is not None:
            self.outage.begin(bot.settled(), bot.clock.monotonic())
            bot._tell(
                "Discord: connected again with a new session, which cannot replay what was missed: reading each player's "
                "channel and DMs (R-BOT-7)"
            )
            task = asyncio.get_running_loop().create_task(self._read_back(bot.floor))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _read_back(self, floor: int) -> None:
        try:
            await self.catch_up(floor)
        except Exception as exc:
            self.bot._failed("reading what players sent while disconnected", exc, "ask the players to send again what they sent meanwhile")
        finally:
            self.caught_up(READ_BACK)

    def caught_up(self, how: str) -> None:
        """What was missed is in: judge it at its own times, then the deadlines that fell meanwhile, and say so."""
        bot = self.bot
        assert bot.clock is not None
        if not self.outage.on:
            bot._tell("Discord: connected again")
            return
        lasted, missed = self.outage.end(bot.clock.monotonic())
        due = bot.session.next_due()
        fell = due is not None and due <= bot.clock.now() - bot.lag  # a tap being acknowledged may hold it a moment more
        bot._tell(
            f"Discord: {how.format(lasted=f'{lasted:.1f}')}: {missed} message{'' if missed == 1 else 's'} sent meanwhile, "
            "judged at their own times" + (", then the deadlines that fell meanwhile" if fell else "")
        )
        bot.tick(bot.clock.now())
