"""The session's own events of a game under way, and how each is put into words: the clocks paused and
resumed, an undo and its corrections, private messages marked as sent, the seed revealed, the
journal's final hash, and a player's answer to `status`.

They are imported when first made (the engine imports them where it makes them), not when a session
starts: its first prompt needs only the commitment and the fairness events (`umpire.session.events`),
and each kind here registers its renderer in the same table, `events.RENDER`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from umpire.core import chat
from umpire.core.clock import fmt_stamp
from umpire.core.errors import IllegalAction
from umpire.games.base import HOST, JSON, Audience, Event, dm
from umpire.session import fairness
from umpire.session.events import RENDER

if TYPE_CHECKING:
    from umpire.session.engine import Engine
    from umpire.session.entries import Asked


@dataclass(frozen=True, kw_only=True)
class Paused(Event):
    """The host held every clock."""

    kind = "paused"


@dataclass(frozen=True, kw_only=True)
class Resumed(Event):
    """The host restarted the clocks."""

    kind = "resumed"


@dataclass(frozen=True, kw_only=True)
class Undone(Event):
    """The host took back the last ruling (host only; a correction post follows if it was public)."""

    kind = "undone"
    audience: Audience = HOST
    undid: int
    input: str
    rewind: int | None


@dataclass(frozen=True, kw_only=True)
class Correction(Event):
    """A public ruling that was taken back: the first line of each post it made, which are withdrawn."""

    kind = "correction"
    withdrawn: str  # its first post
    also: tuple[str, ...] = ()  # the posts that went out with it, in order


@dataclass(frozen=True, kw_only=True)
class FinalHashWithdrawn(Event):
    """The journal's final hash, posted with a ruling that ended the game, is void: the ruling was taken back."""

    kind = "final_hash_withdrawn"


@dataclass(frozen=True, kw_only=True)
class DmCorrection(Event):
    """A private message that was sent, withdrawn with the ruling that made it (a DM to its player)."""

    kind = "dm_correction"
    withdrawn: str  # the ruling taken back, as the host entered it
    about: str  # the first line of the message it withdraws


@dataclass(frozen=True, kw_only=True)
class SeedRevealed(Event):
    """The seed and salt, so anyone can check the commitment."""

    kind = "seed_revealed"
    seed: str
    salt: str
    sha256: str


@dataclass(frozen=True, kw_only=True)
class FinalHash(Event):
    """The hash of the journal's last ruling: with it, `umpire verify` proves nothing was cut off (`commitment`: the one
    posted at the start, which the post's command names too)."""

    kind = "final_hash"
    final_hash: str
    commitment: str


@dataclass(frozen=True, kw_only=True)
class Delivered(Event):
    """Private messages to a player were sent (host only)."""

    kind = "delivered"
    audience: Audience = HOST
    player: str
    messages: int
    via: str | None = None


@dataclass(frozen=True, kw_only=True)
class OwnStatus(Event):
    """A player's answer to `status` (or the game's word for it): what that seat may know now, for them alone (R-READ-4).

    Its text is made from `knowledge` (the game's `knowledge` for that seat) and nothing else, so it cannot say more; `game`
    names the game whose words put it into text.
    """

    kind = "own_status"
    game: str
    player: str
    asked: str
    knowledge: Mapping[str, JSON]


EVENTS: tuple[type[Event], ...] = (
    Paused,
    Resumed,
    Undone,
    Correction,
    FinalHashWithdrawn,
    DmCorrection,
    SeedRevealed,
    FinalHash,
    Delivered,
    OwnStatus,
)


@RENDER.on(Paused)
def _paused(_: None, ev: Paused) -> str:
    return f"⏸ Clocks paused at {fmt_stamp(ev.t - ev.t % 1000)} (game time)."


@RENDER.on(Resumed)
def _resumed(_: None, ev: Resumed) -> str:
    return f"▶ Clocks running again from {fmt_stamp(ev.t - ev.t % 1000)} (game time)."


@RENDER.on(Undone)
def _undone(_: None, ev: Undone) -> str:
    end = "" if ev.input.endswith((".", "!", "?", "…")) else "."  # `p4: bid 9.` as sent, not “bid 9..”
    text = f"↶ Undid entry {ev.undid}: {ev.input}{end}"
    if ev.rewind is not None:
        text += (
            f"\nClocks paused at {fmt_stamp(ev.rewind)} (game time), before the deadline it had passed, so it does not fire "
            "again at once; enter what should have happened, then “resume”."
        )
    return text


NAMED = 10  # a correction names at most this many withdrawn posts (a chat message has room for them), then counts the rest


@RENDER.on(Correction)
def _correction(_: None, ev: Correction) -> str:
    if not ev.also:
        return f"↶ **Correction:** the host took back the last ruling (“{chat.neutralise(ev.withdrawn)}”); disregard that post. The game stands as before it."
    posts = (ev.withdrawn, *ev.also)
    lines = [f"↶ **Correction:** the host took back the last ruling; disregard all {len(posts)} posts it made:"]
    lines += [f"• “{chat.neutralise(p)}”" for p in posts[:NAMED]]
    if len(posts) > NAMED:
        lines.append(f"• and {len(posts) - NAMED} more after them")
    return "\n".join([*lines, "The game stands as before it."])


@RENDER.on(FinalHashWithdrawn)
def _final_hash_withdrawn(_: None, ev: FinalHashWithdrawn) -> str:
    # Starts as the final-hash post does: what a kept journal alone prints is told apart by its first words.
    return (
        "🧾 The journal's final hash posted with that ruling is withdrawn with it: the game goes on, and a new one is posted when it ends."
    )


@RENDER.on(DmCorrection)
def _dm_correction(_: None, ev: DmCorrection) -> str:
    return (
        f"↶ **Correction:** the host took back a ruling (“{chat.neutralise(ev.withdrawn)}”); disregard the private message "
        f"it sent you (“{chat.neutralise(ev.about)}”). The game stands as before it."
    )


@RENDER.on(SeedRevealed)
def _revealed(_: None, ev: SeedRevealed) -> str:
    seed_text = f"{ev.salt}:{ev.seed}"
    text = (
        f"🔓 Seed: {_code_span(ev.seed)} · salt: `{ev.salt}`\nSHA-256 of salt:seed = `{ev.sha256}` (the commitment posted at the start).\n"
    )
    return text + f"Check it yourself: {_code_span(fairness.shell_check(seed_text))}."


def _code_span(text: str) -> str:
    """Text as a Discord code span, exactly as typed (a backtick inside gets a double fence); mentions defused."""
    text = chat.neutralise(text)
    return f"`` {text} ``" if "`" in text else f"`{text}`"


@RENDER.on(FinalHash)
def _final_hash_post(_: None, ev: FinalHash) -> str:
    command = fairness.verify_command(ev.commitment, ev.final_hash)
    return (
        f"🧾 The journal's final hash: `{ev.final_hash}`\n"
        f"Anyone with the journal (the file JOURNAL) can check every entry and everything generated: `{command}`"
    )


def answer(e: Engine, entry: Asked, now: int) -> OwnStatus:
    """The answer to a player's `status` (an `asked` entry): their seat's knowledge now, for them alone (R-READ-4)."""
    if e.fair.waiting:
        raise IllegalAction(fairness.ENTROPY_REFUSED_INPUT)
    seat = entry.by
    knowledge = e.game.knowledge(e.state, seat)
    return OwnStatus(t=now, audience=dm(seat), game=e.game.key, player=e.names[seat], asked=entry.text, knowledge=knowledge)


@RENDER.on(OwnStatus)
def _own_status(_: None, ev: OwnStatus) -> str:
    from umpire import games

    game = games.get(ev.game)
    if game is None:
        raise LookupError(f"no game called {ev.game!r} puts a player's status into words")
    return game.own_status(ev.knowledge, ev.player)


@RENDER.on(Delivered)
def _delivered(_: None, ev: Delivered) -> str:
    how = f" ({ev.via})" if ev.via else ""
    return f"✉ {ev.messages} message{'s' if ev.messages != 1 else ''} to {ev.player} marked as sent{how}."
