"""The bot's taps on buttons: each answered at once, and a tap the bot takes judged exactly as its answer typed.

A tap on a live question's button, by the player it asks, is acknowledged quietly; once Discord accepted that, it
joins the messages waiting to be judged, at the moment it was tapped (its interaction's ID), under the same
allowance and in the same order as a typed message (timing.py), and is judged as that player's message of the
answer's word, journaled with the interaction's ID as its source. Until Discord has answered the acknowledgement, no
deadline after the tap is applied. When its turn comes its question must still stand (a second tap, a typed answer or
a deadline judged before it, in the same go or earlier, may have closed it): else it is not taken, and the player is
told. A tap by anyone else is answered with a line only they see; a tap on closed buttons shows them disabled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from umpire.core import chat
from umpire.discord.buttons import Asked
from umpire.discord.outbound import Job
from umpire.discord.recovery import source
from umpire.discord.timing import Waiting
from umpire.discord.wire import Incoming, Outgoing, Place, Tap, TapAnswer
from umpire.session import Output

if TYPE_CHECKING:
    from umpire.discord.bot import Bot

CLOSED = "that question was closed before your tap was judged (answered, or its time was up): nothing was taken"


class Taps:
    """Answers taps for one bot, holds the deadlines after a tap until Discord took its acknowledgement, and checks at
    judging time that a tap's question still stands."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.acking: dict[int, int] = {}  # a tap being acknowledged (its interaction's ID) -> the game time it counts at

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
        if not asked.live or bot.timeline is None:
            return TapAnswer(disable=True)
        self.acking[tap.id] = bot.timeline.at(tap.sent_ms / 1000)
        bot.link.outage.missed += bot.link.outage.on  # replayed as the bot resumes: one of the messages sent meanwhile
        return TapAnswer(take=lambda accepted: self.take(tap, asked, word, accepted))

    def hold(self, settled: int) -> int:
        """The settled time the deadlines go by, held at the moment of each tap whose acknowledgement Discord has not
        taken yet: a deadline after a tap waits for it, as for a message within the allowance (R-BOT-7, R-BOT-9)."""
        return min([settled, *self.acking.values()])

    def take(self, tap: Tap, asked: Asked, word: str, accepted: bool) -> None:
        """Discord took the bot's acknowledgement of a tap (`accepted`), or did not: in the first case queue it as the
        player's message of `word`, at the moment it was tapped, to be judged with what arrives with it."""
        bot = self.bot
        at = self.acking.pop(tap.id, None)
        if not accepted or at is None or source(tap.channel, tap.id) in bot.session.sources:
            return  # the player's Discord said it failed: never judged (and the deadlines after it wait no more)
        m = Incoming(id=tap.id, channel=tap.channel, author=tap.user, bot=False, dm=tap.dm, content=word)
        bot.queue(Waiting(at=at, id=tap.id, seat=asked.seat, message=m, asked=asked))

    def stands(self, asked: Asked, made: Sequence[Output]) -> bool:
        """Whether a tap's question still stands as the tap is judged, `made` being what was judged before it in the
        same go (not sent yet, so not yet seen by `Questions`): not closed, not replaced by a newer question to its
        player, and one of its answers a move the game would take now (else it was answered, or its time is up)."""
        return (
            asked.live
            and asked.seat not in self.bot.questions.asked_of(made)
            and any(self.answerable(asked.seat, word) for word in asked.answers)
        )

    def not_taken(self, w: Waiting) -> tuple[str, Job]:
        """A tap whose question closed before it was judged: the REPL's note, and the answer that tells its player."""
        bot, seat, word = self.bot, w.seat, w.message.content
        name = bot.session.names[seat]
        text = f"✗ {chat.code(word)} — {CLOSED}"
        return f"⇠ {name} tapped “{word}” on a question already closed: not taken", Job(
            place=bot.private(seat),
            what=f"the answer to {name}'s tap",
            build=lambda: [Outgoing(text=text)],
            sent=lambda receipts: None,
            closed=lambda exc: bot._closed(seat, "an answer to their tap"),
        )

    def answerable(self, seat: int, word: str) -> bool:
        """Whether the game would take `word` from `seat` now: it reads it, its move may be made now, and the game's
        ruling on it refuses nothing (a raise the player cannot afford, say, which only the ruling judges). The ruling
        is pure, so it is made and thrown away: nothing is journaled or changed."""
        s = self.bot.session
        try:
            command = s.game.parse(s.state, seat, word, s.resolve)
            if s.game.why_not(s.state, seat, command) is not None:
                return False
            s.game.apply(s.state, command, s.now)
            return True
        except Exception:  # a refusal, or a bug in the game (the typed word reports it): not a live answer
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
