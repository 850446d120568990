"""Quick under a burst: what the bot does a little later, so that each player is answered as soon as their ruling is
on disk.

Messages that arrive together (13 players answering one post) are judged together, at the loop's next turn
(`soon`), and made durable by one flush (`umpire.session.together`); their answers are then queued, one queue per
place, so they go out side by side. What is not on the answers' way waits for them: the REPL shows the rulings once
the loop has started sending (`show_later`), and what Discord confirmed (a DM delivered, a post posted) is journaled,
all of it by one flush, once nothing is left to send, or a quarter of a second after the first confirmation if sending
goes on (`record`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from umpire.session import Output, together

if TYPE_CHECKING:
    from umpire.discord.bot import Bot

SENDING = 0.001  # seconds the rest of a burst waits for the answers of its first half to be on their way
RECORD_WAIT = 0.25  # seconds a confirmation waits to be journaled while other messages are still being sent


class Pacing:
    """One bot's steps for the loop's next turn, the REPL's lines waiting for the answers, and confirmations to journal."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self._scheduled: list[Callable[[], None]] = []  # steps due at the loop's next turn
        self._screen: list[str | list[Output]] = []  # the REPL's notes and rulings, shown once the answers are on their way
        self._records: list[tuple[Callable[[], list[Output]], str]] = []  # confirmations to journal together
        self._timer: asyncio.TimerHandle | None = None
        bot.sender.idle = lambda: self.soon(self.write_records) if self._records else None

    def soon(self, step: Callable[[], None]) -> None:
        """Do `step` at the loop's next turn, once what arrives with this has arrived too; once, however often asked."""
        if step not in self._scheduled:
            self._scheduled.append(step)
            asyncio.get_running_loop().call_soon(self._run, step)

    def _run(self, step: Callable[[], None]) -> None:
        self._scheduled.remove(step)
        try:
            step()
        except Exception as exc:  # a bug must not stop what comes next
            self.bot._failed("what arrived from Discord", exc, "the bot goes on")

    def idle(self) -> bool:
        """Nothing is left to do a little later: no step scheduled, no REPL line and no confirmation waiting."""
        return not self._scheduled and not self._screen and not self._records

    def after_sending(self, step: Callable[[], None]) -> None:
        """Do `step` once the answers just queued have had a moment to go out (a millisecond: the loop writes them)."""
        asyncio.get_running_loop().call_later(SENDING, self.soon, step)

    def show_later(self, shown: list[str | list[Output]]) -> None:
        """Show notes (str) and rulings in the REPL once the loop has started sending the answers: a redraw is not on their way."""
        self._screen += shown
        if self._screen:
            self.soon(self._show)

    def _show(self) -> None:
        shown, self._screen = self._screen, []
        for x in shown:
            if isinstance(x, str):
                self.bot._tell(x)
            else:
                self.bot._show(x)

    def record(self, call: Callable[[], list[Output]], what: str) -> None:
        """Journal what Discord confirmed (`call` records it; `what` names it) with what else it confirms meanwhile."""
        self._records.append((call, what))
        if not self.bot.sender.pending():
            self.soon(self.write_records)
        elif self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(RECORD_WAIT, self.write_records)

    def write_records(self) -> None:
        """Journal every confirmation waiting, by one flush; the host is told of any that fails, the rest stand."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        calls, self._records = self._records, []
        if not calls:
            return
        made: list[Output] = []

        def run() -> list[Output]:
            for call, what in calls:
                try:
                    made.extend(call())
                except Exception as exc:  # one that fails is told; the others are recorded all the same
                    self.bot._failed(f"recording {what}", exc, "sending goes on")
            return made

        bot = self.bot
        got = together(bot.session, run)
        if got is not made:  # the journal could not be written: a DM not recorded is sent again (its nonce keeps it single)
            bot._show(got)
            return
        bot._show([o for o in made if o.source is None or o.source.kind != "delivered"])
        bot.route(made)
