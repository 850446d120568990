"""The bot's taps on buttons: each answered at once, and a tap the bot takes judged exactly as its answer typed.

A tap on a live question's button, by the player it asks, is acknowledged quietly; once Discord accepted that, it
joins the messages waiting to be judged, at the moment it was tapped (its interaction's ID), under the same
allowance and in the same order as a typed message (timing.py), and is judged as that player's message of the
answer's word, journaled with the interaction's ID as its source. When its turn comes its question must still be
live (a second tap, or a typed answer, may have answered it meanwhile): else it is not taken, and the player is told.
A tap by anyone else is answered with a line only they see; a tap on closed buttons shows them disabled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from umpire.core import chat
from umpire.discord.buttons import Asked
from umpire.discord.outbound import Job
from umpire.discord.recovery import source
from umpire.discord.timing import Waiting
from umpire.discord.wire import Incoming, Outgoing, Place, Tap, TapAnswer

if TYPE_CHECKING:
    from umpire.discord.bot import Bot

CLOSED = "that question was closed before your tap was judged (answered, or its time was up): nothing was taken"


class Taps:
    """Answers taps for one bot, and checks at judging time that a tap's question still stands."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.waiting: dict[int, Asked] = {}  # a tap waiting to be judged (its interaction's ID) -> its question

    def answer(self, tap: Tap) -> TapAnswer:
        """How to answer a tap, now (the transport calls this as the interaction arrives)."""
        bot = self.bot
        found = bot.questions.find(tap.custom_id)
        if found is None:
            return TapAnswer(disable=True)  # another game's buttons, or a question not asked in this run: type the answer
        asked, word = found
        p = bot.by_user.get(tap.user)
        if p is None or p.seat != asked.seat:
            if p is None and tap.user != bot.ids.host:
                bot.ignored += 1
            return TapAnswer(tell=f"This question is for {chat.safe(bot.session.names[asked.seat])}: only they can answer it.")
        if not asked.live:
            return TapAnswer(disable=True)
        return TapAnswer(take=lambda: self.take(tap, asked, word))

    def take(self, tap: Tap, asked: Asked, word: str) -> None:
        """A tap Discord confirmed the bot answered: queue it as the player's message of `word`, at the moment it was tapped."""
        bot = self.bot
        if source(tap.channel, tap.id) in bot.session.sources or bot.timeline is None:
            return
        m = Incoming(id=tap.id, channel=tap.channel, author=tap.user, bot=False, dm=tap.dm, content=word)
        if bot.pending.add(Waiting(at=bot.timeline.at(tap.sent_ms / 1000), id=tap.id, seat=asked.seat, message=m)):
            self.waiting[tap.id] = asked
            bot._drain()

    def stands(self, w: Waiting) -> bool:
        """Whether a message about to be judged may be: a tap whose question closed meanwhile is not (its player is told)."""
        asked = self.waiting.pop(w.id, None)
        if asked is None or asked.live:
            return True
        bot = self.bot
        bot._tell(f"⇠ {bot.session.names[asked.seat]} tapped “{w.message.content}” on a question already closed: not taken")
        text = f"✗ {chat.code(w.message.content)} — {CLOSED}"
        place = bot.private(asked.seat)
        bot.sender.add(Job(place=place, what="the answer to a tap", build=lambda: [Outgoing(text=text)], sent=lambda receipts: None))
        return False

    def answerable(self, seat: int, word: str) -> bool:
        """Whether the game would take `word` from `seat` now: it reads it, and its move may be made now."""
        s = self.bot.session
        try:
            command = s.game.parse(s.state, seat, word, s.resolve)
            return s.game.why_not(s.state, seat, command) is None
        except Exception:  # a refusal, or a bug in the game's reader (the typed word reports it): not a live answer
            return False

    def disable(self, asked: Asked) -> None:
        """Change a closed question's message to show its buttons disabled (after what is queued there already)."""
        bot = self.bot
        if asked.message is None:
            return
        edit = Outgoing(text="", edit=asked.message, buttons=bot.questions.disabled(asked))
        bot.sender.add(Job(place=asked.place, what="the buttons of a question", build=lambda: [edit], sent=lambda receipts: None))

    def reply_place(self, seat: int, m: Incoming) -> Place:
        """Where the answer to a player's message goes: where they wrote, or, for a tap in public, their private place."""
        p = self.bot.ids.players[seat]
        if m.dm:
            return Place(user=p.user)
        return Place(channel=m.channel) if m.channel == p.channel else self.bot.private(seat)
