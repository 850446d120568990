"""The journal's entries that the host's commands and the front ends make: the clocks paused and resumed,
an undo, the players' entropy, the reveal, private messages delivered, public posts posted, a front end
listening.

A session starts, and shows its first prompt, without them: `umpire.session.entries` imports this module
when one of them (or `entries.read`, which reads every kind) is first asked for, and names them there.
"""

from __future__ import annotations

from dataclasses import dataclass

from umpire.session.entries import Entry


@dataclass(frozen=True, kw_only=True)
class Pause(Entry):
    """The host held every clock."""

    kind = "pause"


@dataclass(frozen=True, kw_only=True)
class Resume(Entry):
    """The host restarted the clocks."""

    kind = "resume"


@dataclass(frozen=True, kw_only=True)
class Undo(Entry):
    """The host took back entry `undoes`; `rewind` is the game time the clocks went back to (paused), if they did."""

    kind = "undo"
    undoes: int
    rewind: int | None
    paused: bool | None = None  # older journals may leave it out: the clocks stay as they were


@dataclass(frozen=True, kw_only=True)
class Entropy(Entry):
    """The players' words, mixed into the seed: `words`, each seat's (None: that player sent none), normalised.

    Journals written before each word was bound to its player have `text` instead, the words as the host typed them.
    """

    kind = "entropy"
    words: tuple[str | None, ...] | None = None
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class Reveal(Entry):
    """The seed and salt made public (journals before the key file have neither here: their header has them)."""

    kind = "reveal"
    seed: str | None = None
    salt: str | None = None


@dataclass(frozen=True, kw_only=True)
class Delivered(Entry):
    """Private messages to player `to` were sent.

    `dms` names them (`[entry, index]` each); `via` says how (the clipboard, the host's word,
    Discord) and `receipts` what the transport gave back (Discord's message ids). Journals written
    before DMs were named by their entry have `through` instead: everything waiting was sent.
    """

    kind = "delivered"
    to: int
    dms: tuple[tuple[int, int], ...] | None = None
    via: str | None = None
    receipts: tuple[str, ...] | None = None
    through: int | None = None


@dataclass(frozen=True, kw_only=True)
class Posted(Entry):
    """Public posts of entry `of` (0: the commitment, which no entry makes) reached the channel.

    `posts` names them by their place among the entry's public posts; `via` says how and `receipts` what
    the transport gave back (Discord's message ids), as `delivered` does for private messages.
    """

    kind = "posted"
    of: int
    posts: tuple[int, ...]
    via: str | None = None
    receipts: tuple[str, ...] | None = None


@dataclass(frozen=True, kw_only=True)
class Listening(Entry):
    """A front end began taking players' messages from `via` (Discord) itself: those sent after `after`
    (a Discord message id, or one made from the moment it began), so a restart knows where to catch up from."""

    kind = "listening"
    via: str
    after: str
