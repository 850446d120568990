"""Judging what arrived: the players' messages and taps waiting (timing.Pending) and the deadlines, in the order they
count, made durable together and then answered.

A message that counts before the next deadline is judged; a deadline is applied once the settled time (the clock
less the allowance, held during an outage and behind a tap being acknowledged) has reached it; a message that counts
at or after a deadline not yet settled waits for it. Everything judged in one go is made durable by one flush
(`umpire.session.together`), then each answer is queued to be sent, then the REPL shows the rulings (off the
replies' way, pacing.py). Of a burst, the first half is judged, made durable and answered first; the rest a moment
later, while those answers are on their way. A tap is judged only if its question still stands when its turn comes,
what was judged before it in the same go included (R-BOT-9).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from umpire.core.clock import fmt_stamp
from umpire.discord.outbound import Job
from umpire.discord.recovery import source
from umpire.discord.timing import Waiting
from umpire.discord.wire import Place
from umpire.session import Output, together

if TYPE_CHECKING:
    from umpire.discord.bot import Bot

JUDGE_SLICE = 0.002  # seconds of judging in one go, made durable together, before the answers so far are sent


@dataclass(frozen=True, kw_only=True)
class Judged:
    """One message judged (or one deadline applied) in a drain: its outputs, where the answer goes, what the REPL shows."""

    outs: list[Output]
    reply: Place | None = None  # where the player wrote (None: a deadline's, or the player's private place)
    shown: list[str | list[Output]] = field(default_factory=list)  # the REPL's lines and rulings for it, in order
    waiting: Waiting | None = None  # the message, to wait again should the journal not be written
    told: Job | None = None  # the answer to a tap not taken (its question had closed), sent with the others


class Judge:
    """One bot's judging of what arrived (`drain`)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.busy = False  # a drain is under way
        self.rest = False  # the drain goes on with the rest of a burst whose first answers were sent

    def drain(self) -> None:
        """Judge the waiting messages and apply the settled deadlines, in the order they count (the module's text)."""
        bot = self.bot
        if not bot.taking or self.busy:
            return
        self.busy = True
        judged: list[Judged] = []
        made: list[Output] = []
        try:
            got = together(bot.session, lambda: self._all(judged, made))
        finally:
            self.busy = False
        if got is not made:  # the flush failed: nothing of it stands, and the messages wait for the next tick
            bot._show(got)
            for j in judged:
                if j.waiting is not None:
                    bot.pending.add(j.waiting)
            return
        for j in judged:
            bot.route(j.outs, reply=j.reply)
            if j.told is not None:
                bot.sender.add(j.told)
        bot.pacing.show_later([x for j in judged for x in (j.shown or [j.outs])])
        if self.rest:
            bot.pacing.after_sending(self.drain)

    def _all(self, judged: list[Judged], made: list[Output]) -> list[Output]:
        """Judge what may be judged now, in order, into `judged`; `made`: every output, in order (returned)."""
        bot = self.bot
        s, settled = bot.session, bot.settled()
        start = time.perf_counter()
        most, self.rest = (len(bot.pending) if self.rest else (len(bot.pending) + 1) // 2), False
        while True:
            if judged and bot.pending and (len(judged) >= most or time.perf_counter() - start > JUDGE_SLICE):
                self.rest = True  # the drain goes on once these answers are on their way (`drain`)
                return made
            due = None if s.paused else s.next_due()
            first = bot.pending.first()
            deadline = not (first is not None and (due is None or first.at < due))
            if not deadline:
                j = self._one(bot.pending.pop(), made)
            elif due is not None and due <= settled:
                j = Judged(outs=s.advance(due))
            else:
                return made
            made += j.outs
            judged.append(j)
            if deadline and s.next_due() == due:  # the journal could not be written: try again at the next tick
                return made

    def _one(self, w: Waiting, made: list[Output]) -> Judged:
        """Judge one message (`made`: what was judged before it in this go); should that fail, the host is told and the
        messages after it are judged all the same."""
        try:
            return self._take(w, made)
        except Exception as exc:
            p = self.bot.session.scenario.roster.players[w.seat]
            self.bot._failed(
                f"{p.name}'s message “{short(said(w))}”",
                exc,
                f"it is not taken; type it for them (“{p.aliases[0] if p.aliases else p.name}: …”) or ask {p.name} to send it again",
            )
            return Judged(outs=[])

    def _take(self, w: Waiting, made: list[Output]) -> Judged:
        bot = self.bot
        s, m = bot.session, w.message
        if w.asked is not None and not bot.taps.stands(w.asked, made):
            note, told = bot.taps.not_taken(w)
            return Judged(outs=[], shown=[note], waiting=w, told=told)
        before = s.now
        shown: list[str | list[Output]] = [f"⇠ {bot.ids.players[w.seat].name}{' (button)' if w.asked else ''}: {said(w)}"]
        if before - w.at > bot.lag:
            shown.append(f"  (sent at {fmt_stamp(w.at)}, it reached umpire after the allowance: judged at {fmt_stamp(before)})")
        early = s.fair.waiting and bot.commitment.early(m.id)
        outs = s.submit(w.seat, m.content.split("\n"), at=w.at, source=source(m.channel, m.id), early=early)
        bot.judged += 1
        return Judged(outs=outs, reply=bot.taps.reply_place(w.seat, m), shown=[*shown, outs], waiting=w)


def said(w: Waiting) -> str:
    """A waiting message's text as the REPL shows it: its lines, trimmed, joined by slashes."""
    return " / ".join(line.strip() for line in w.message.content.split("\n") if line.strip())


def short(text: str, most: int = 80) -> str:
    """A player's text as a reply or a note quotes it: a long message is cut (its player has it whole)."""
    return text if len(text) <= most else text[: most - 1] + "…"
