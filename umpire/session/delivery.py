"""Delivery: the private messages waiting for each player, and which were sent.

Every DM an entry makes is queued for its player, named by the entry and its place among the
entry's events (`(entry, index)`), never by its wording. A front end sends them its own way (the
REPL's clipboard, a bot's Discord DM) and records the delivery only when its transport confirms
it; an undo drops the DMs of the ruling it takes back that were never sent, and answers each one
that was sent with a correction.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import FrozenInstanceError, dataclass, field
from enum import StrEnum
from typing import TypeVar

from umpire.core.players import Roster
from umpire.games.base import Post, View

DmId = tuple[int, int]  # (the journal entry that made it, its event's place in the entry)
# Of a ruling an undo took back: how the undo names it, and (place, seat, first line) of each of its DMs withdrawn before
# they were sent: all that a correction needs should one of them reach its player all the same.
Withdrawn = tuple[str, tuple[tuple[int, int, str], ...]]

H = TypeVar("H", bound=Hashable)


class Alike:
    """One object for equal values met lately: a long game keeps many equal texts and records (a submission sent again
    makes the same receipt, the same correction), each made anew; kept once, they cost memory once.

    Bounded: once `size` different values were met, it forgets them and starts again.
    """

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self.seen: dict[Hashable, Hashable] = {}

    def __call__(self, value: H) -> H:
        """`value`, or an equal one met before (the same type: 1 and True are not alike)."""
        key = (type(value), value)
        got = self.seen.get(key)
        if got is None:
            if len(self.seen) >= self.size:
                self.seen.clear()
            self.seen[key] = got = value
        return got  # type: ignore[return-value]


class DmStatus(StrEnum):
    """Where a private message is: waiting to be sent, sent, or withdrawn by an undo before it was sent."""

    WAITING = "waiting"
    SENT = "sent"
    WITHDRAWN = "withdrawn"


class Dm:
    """A private message for one player: all the posts of one event. A value (equal by its id and player), and small:
    a long game keeps every one nobody sent, so its id is kept as two numbers rather than a tuple of its own."""

    __slots__ = ("k", "n", "posts", "seat")
    n: int  # the journal entry that made it
    k: int  # its event's place in the entry
    seat: int
    posts: tuple[Post, ...]

    def __init__(self, *, id: DmId, seat: int, posts: tuple[Post, ...]) -> None:
        put = object.__setattr__
        put(self, "n", id[0])
        put(self, "k", id[1])
        put(self, "seat", seat)
        put(self, "posts", posts)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    @property
    def id(self) -> DmId:
        """(the journal entry that made it, its event's place in the entry)."""
        return (self.n, self.k)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dm):
            return NotImplemented
        return self.n == other.n and self.k == other.k and self.seat == other.seat

    def __hash__(self) -> int:
        return hash((self.n, self.k, self.seat))

    def __repr__(self) -> str:
        return f"Dm(id={self.id!r}, seat={self.seat!r}, posts={self.posts!r})"

    @property
    def text(self) -> str:
        """Its text, the posts one after another."""
        return "\n\n".join(p.text for p in self.posts)

    @property
    def first_line(self) -> str:
        """Its first line, as a correction names it."""
        line = self.posts[0].text.strip().split("\n", 1)[0] if self.posts else ""
        for mark in ("**", "__", "`", "~~", "\\"):
            line = line.replace(mark, "")
        return line if len(line) <= 120 else line[:117] + "…"


@dataclass
class Outbox:
    """Each player's waiting DMs, in the order they were made, and what became of those made while it was kept.

    Of a DM an undo withdrew before it was sent only what a correction names is kept (`gone`, by the entry that made
    it): it may still reach its player, having been on its way when the undo came, and is then answered with one.
    A long game withdraws many (every undo of a ruling that made DMs nobody sent), so they are kept compactly: the
    entries' numbers in order in an array, and beside them what each withdrew, equal records kept once.
    """

    queues: dict[int, list[Dm]] = field(default_factory=dict)
    sent: set[DmId] = field(default_factory=set)
    gone_at: array[int] = field(default_factory=lambda: array("q"))  # the entries whose DMs an undo withdrew unsent, in order
    gone: list[Withdrawn] = field(default_factory=list)  # what each of those withdrew
    alike: Alike = field(default_factory=Alike, compare=False, repr=False)  # equal posts and records kept once
    _firsts: dict[int, tuple[tuple[Post, ...], str]] = field(default_factory=dict, compare=False, repr=False)
    _kept: dict[tuple[str, ...], tuple[Post, ...]] = field(default_factory=dict, compare=False, repr=False)  # posts, by their texts

    def queue(self, dms: Iterable[Dm]) -> None:
        """Queue DMs made by an entry now in force."""
        for dm in dms:
            self.queues.setdefault(dm.seat, []).append(dm)

    def posts(self, posts: tuple[Post, ...]) -> tuple[Post, ...]:
        """`posts`, or equal posts already kept (only posts without a picture: two pictures may differ where texts do not).

        Posts without a picture are equal when their texts are, so they are looked up by their texts (a tuple of strings
        hashes and compares without a Python call per post); like `alike`, forgotten after 1,024 different ones.
        """
        texts = []
        for p in posts:
            if p.image is not None:
                return posts
            texts.append(p.text)
        key = tuple(texts)
        got = self._kept.get(key)
        if got is None:
            if len(self._kept) >= 1024:
                self._kept.clear()
            self._kept[key] = got = posts
        return got

    def waiting(self, seat: int | None = None) -> list[Dm]:
        """The DMs waiting for `seat` (None: for everyone, player by player)."""
        if seat is not None:
            return list(self.queues.get(seat, []))
        return [dm for s in sorted(self.queues) for dm in self.queues[s]]

    def __getitem__(self, seat: int) -> list[Dm]:
        """The DMs waiting for `seat` (a KeyError when none ever waited)."""
        return list(self.queues[seat])

    def get(self, seat: int, default: list[Dm] | None = None) -> list[Dm]:
        """The DMs waiting for `seat`, or `default` (an empty list) when none ever waited."""
        return list(self.queues[seat]) if seat in self.queues else (default if default is not None else [])

    def count(self) -> int:
        """How many DMs wait, all players together."""
        return sum(len(q) for q in self.queues.values())

    def _gone(self, n: int) -> int | None:
        """Where entry `n`'s withdrawn DMs are in `gone`, if any are."""
        at = self.gone_at
        i = bisect_left(at, n)
        return i if i < len(at) and at[i] == n else None

    def late(self, dm: DmId) -> tuple[int, str, str] | None:
        """Of a DM an undo withdrew before it was sent: its seat, its first line and how the undo named its ruling (else None)."""
        i = self._gone(dm[0])
        if i is None:
            return None
        what, dms = self.gone[i]
        return next(((seat, first, what) for k, seat, first in dms if k == dm[1]), None)

    def mark_sent(self, seat: int, ids: Sequence[DmId] | None) -> list[Dm]:
        """Mark `ids` of `seat`'s waiting DMs as sent (None: all waiting); returns those that were waiting.

        A withdrawn DM named in `ids` reached its player all the same (it was on its way when the undo came): it is sent now.
        """
        queue = self.queues.get(seat, [])
        chosen = set(ids) if ids is not None else {d.id for d in queue}
        sent = [d for d in queue if d.id in chosen]
        self.queues[seat] = [d for d in queue if d.id not in chosen]
        self.sent.update(d.id for d in sent)
        for n, k in chosen:
            if self.late((n, k)) is not None:
                i = self._gone(n)
                assert i is not None
                what, dms = self.gone[i]
                left = tuple(d for d in dms if d[0] != k)
                if left:
                    self.gone[i] = (what, left)
                else:
                    del self.gone[i], self.gone_at[i]
                self.sent.add((n, k))
        return sent

    def withdraw(self, dms: Sequence[Dm], what: str = "") -> list[Dm]:
        """An undo took back the ruling that made `dms` (`what`: how it names it): those waiting are dropped; returns those already sent."""
        sent = [d for d in dms if d.id in self.sent] if self.sent else []
        unsent = [d for d in dms if d not in sent] if sent else dms
        if not unsent:
            return sent
        ids = {d.id for d in unsent}
        for seat in {d.seat for d in unsent}:
            self._drop(seat, ids, sum(1 for d in unsent if d.seat == seat))
        what = self.alike(what)
        for n in dict.fromkeys(d.n for d in unsent):  # one entry's DMs (an undo withdraws one ruling's)
            records = tuple(self.alike((d.k, d.seat, self._first_line(d))) for d in unsent if d.n == n)
            self._withdrawn(n, self.alike((what, records)))
        return sent

    def _first_line(self, dm: Dm) -> str:
        """`dm.first_line`, worked out once for posts kept once (a DM sent again and withdrawn again has the same)."""
        posts = dm.posts
        got = self._firsts.get(id(posts))
        if got is not None and got[0] is posts:
            return got[1]
        first = dm.first_line
        if len(self._firsts) >= 256:
            self._firsts.clear()
        self._firsts[id(posts)] = (posts, first)  # the posts are held, so their id is not another's
        return first

    def _withdrawn(self, n: int, record: Withdrawn) -> None:
        """Keep what entry `n`'s withdrawn DMs need, in the entries' order (an undo mostly withdraws the newest)."""
        at = self.gone_at
        if not at or at[-1] < n:
            at.append(n)
            self.gone.append(record)
            return
        i = bisect_left(at, n)
        if i < len(at) and at[i] == n:
            self.gone[i] = record
        else:
            at.insert(i, n)
            self.gone.insert(i, record)

    def _drop(self, seat: int, gone: set[DmId], waiting: int) -> None:
        """Drop the DMs `gone` from `seat`'s queue, where `waiting` of them wait: from the queue's end, where the last
        ruling's DMs are, so a long queue of DMs nobody sent is not walked at every undo; the whole queue if they are not all there."""
        queue = self.queues.get(seat)
        if not queue or not waiting:
            return
        keep = len(queue)
        while keep and queue[keep - 1].id in gone:
            keep -= 1
        if len(queue) - keep == waiting:
            del queue[keep:]
        else:
            queue[:] = [d for d in queue if d.id not in gone]

    def status(self, dm: DmId) -> DmStatus:
        """Where the DM `dm` is now."""
        if dm in self.sent:
            return DmStatus.SENT
        if self.late(dm) is not None:
            return DmStatus.WITHDRAWN
        return DmStatus.WAITING

    def view(self, roster: Roster) -> View:
        """The private messages waiting for each player, ready to paste into their DMs."""
        rows = []
        parts = []
        for seat, queue in sorted(self.queues.items()):
            if not queue:
                continue
            player = roster.players[seat]
            rows.append((player.name, str(len(queue))))
            parts.append(f"── DMs to {player.name} (copy {player.aliases[0] if player.aliases else player.name}) ──")
            parts += [d.text for d in queue]
        if not rows:
            return View(title="Outbox", notes=("No private messages are waiting.",))
        return View(
            title="Outbox: private messages waiting (each to its player only, never to the channel)",
            columns=("player", "messages"),
            rows=tuple(rows),
            notes=tuple(parts),
        )
