"""What a resumed bot must still do, read from the journal as `umpire resume` replays it.

* Where to catch up from: each channel's history after the last message journaled from it (the session's
  `sources`, `discord:CHANNEL/MESSAGE`), and no earlier than where the bot last began listening (the
  latest `listening` entry). If the host entered a player's line by hand after that (relaying it, perhaps
  in a run without the bot), nothing sent before that line is taken: the host may have relayed any of it.
* Which public posts never reached the channel: those of entries made since the bot first listened that
  no `posted` entry confirms, and the commitment if no `posted` entry confirms it (`of` 0). They are posted again, with the nonces they had (Discord then returns a
  message it already made instead of a second one). A post taken back by an undo before it was ever
  posted is not posted, and neither is the correction that withdraws it.

Waiting DMs need nothing here: they are in the session's outbox, and the bot sends them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from datetime import datetime
from typing import Any

from umpire.discord.buttons import QuestionLog
from umpire.discord.channels import note, post_kinds
from umpire.discord.wire import snowflake_at
from umpire.session import Output, OutputKind, opened

SOURCE_PREFIX = "discord:"


def source(channel: int, message: int) -> str:
    """How the journal names a Discord message: `discord:CHANNEL/MESSAGE`."""
    return f"{SOURCE_PREFIX}{channel}/{message}"


def parse_source(text: str) -> tuple[int, int] | None:
    """(channel, message) of a journaled source, or None if it is not a Discord message's.

    >>> parse_source("discord:12/34"), parse_source("clipboard")
    ((12, 34), None)
    """
    if not text.startswith(SOURCE_PREFIX):
        return None
    channel, _, message = text[len(SOURCE_PREFIX) :].partition("/")
    return (int(channel), int(message)) if channel.isdigit() and message.isdigit() else None


def last_ids(sources: set[str]) -> dict[int, int]:
    """The newest message taken from each channel."""
    out: dict[int, int] = {}
    for s in sources:
        parsed = parse_source(s)
        if parsed is not None:
            channel, message = parsed
            out[channel] = max(out.get(channel, 0), message)
    return out


def wall_ms(wall: Any) -> int | None:
    """An entry's wall-clock time (`2024-05-01T20:15:00.123456Z`) in ms since the Unix epoch."""
    if not isinstance(wall, str):
        return None
    try:
        return int(datetime.fromisoformat(wall.replace("Z", "+00:00")).timestamp() * 1000)
    except ValueError:
        return None


class Recovery:
    """Reads a journal's entries as they are replayed, keeping what a resumed bot needs."""

    def __init__(self, own: Collection[str] = ()) -> None:
        """`own`: the event kinds the game may post to channels of its own (a correction goes where its ruling's went)."""
        self.own = frozenset(own)
        self.first_kinds: dict[int, str] = {}  # entry -> the kind of its first public post, when that kind has a channel
        self.kinds: dict[int, list[str | None]] = {}  # entry -> the event kind of each of its public posts not confirmed
        self.questions = QuestionLog()  # each player's latest question asked with buttons
        self.floor: int | None = None  # catch up only on messages after this Discord ID (None: the bot never listened)
        self.hand_relayed = False  # a player's line was entered by hand since the bot last listened (the floor moved to it)
        self.commitment_posted = False  # a `posted` entry confirms the commitment (which no entry makes: `of` 0)
        self.commitment_id: int | None = None  # the Discord ID of its last post confirmed: words sent before it are early
        self.unposted: dict[int, dict[int, Output]] = {}  # entry -> its public posts not confirmed, by place
        self._count: dict[int, int] = {}  # entry -> how many public posts it made
        self._withdrawn: set[int] = set()  # undo entries whose correction withdraws a post never posted

    def watch(self, steps: Iterator[tuple[dict[str, Any], list[Output]]]) -> Iterator[tuple[dict[str, Any], list[Output]]]:
        """Pass a replay's steps through, seeing each."""
        for entry, outputs in steps:
            self.see(entry, outputs)
            yield entry, outputs

    def see(self, entry: dict[str, Any], outputs: list[Output]) -> None:
        entry = opened(entry)  # a sealed input's sender and source are in its sealed member
        self.questions.see(entry, outputs)
        kind, n = entry.get("kind"), int(entry.get("n", 0))
        if kind == "listening":
            after = str(entry.get("after", ""))
            self.floor = int(after) if after.isdigit() else self.floor
            self.hand_relayed = False
        elif kind == "input" and entry.get("by") is not None and not entry.get("source") and self.floor is not None:
            ms = wall_ms(entry.get("wall"))
            if ms is not None:
                self.floor = max(self.floor, snowflake_at(ms))
            self.hand_relayed = True
        elif kind == "posted":
            if entry.get("of") == 0:
                self.commitment_posted = True
                ids = [int(r) for r in entry.get("receipts") or () if str(r).isdigit()]
                self.commitment_id = max([*ids, self.commitment_id or 0]) or None
            waiting = self.unposted.get(int(entry.get("of", -1)), {})
            for i in entry.get("posts") or []:
                waiting.pop(i, None)
        elif kind == "undo":
            undone = int(entry.get("undoes", -1))
            if undone in self.unposted and len(self.unposted[undone]) == self._count.get(undone):
                del self.unposted[undone]  # none of its posts reached the channel: neither they nor the correction go
                self.kinds.pop(undone, None)
                self._withdrawn.add(n)
        if self.floor is not None and n not in self._withdrawn:
            posts = public(outputs)
            if posts:
                kinds = post_kinds(outputs, self.first_kinds)
                note(self.first_kinds, outputs, kinds, self.own)
                self.unposted[n] = dict(enumerate(posts))
                self.kinds[n] = kinds
                self._count[n] = len(posts)
        if any(not v for v in self.unposted.values()):
            self.unposted = {k: v for k, v in self.unposted.items() if v}
            self.kinds = {k: v for k, v in self.kinds.items() if k in self.unposted}

    @property
    def commitment_unposted(self) -> bool:
        """The bot listened but the commitment never reached the channel."""
        return self.floor is not None and not self.commitment_posted

    def kind(self, n: int, i: int) -> str | None:
        """The event kind of entry `n`'s public post `i` (what decides its channel)."""
        return self.kinds.get(n, [None] * (i + 1))[i]

    def posts(self) -> list[tuple[int, int, Output]]:
        """The public posts to post again: (entry, place among its public posts, the post), oldest first."""
        return [(n, i, o) for n in sorted(self.unposted) for i, o in sorted(self.unposted[n].items())]


def public(outputs: list[Output]) -> list[Output]:
    """The public posts among an entry's outputs, in order (each has its place: its index here)."""
    return [o for o in outputs if o.kind == OutputKind.ANNOUNCE and o.audience.public and o.text]
