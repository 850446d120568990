"""Delivery: the private messages waiting for each player, and which were sent.

Every DM an entry makes is queued for its player, named by the entry and its place among the
entry's events (`(entry, index)`), never by its wording. A front end sends them its own way (the
REPL's clipboard, a bot's Discord DM) and records the delivery only when its transport confirms
it; an undo drops the DMs of the ruling it takes back that were never sent, and answers each one
that was sent with a correction.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from umpire.core.players import Roster
from umpire.games.base import Post, View

DmId = tuple[int, int]  # (the journal entry that made it, its event's place in the entry)


class DmStatus(StrEnum):
    """Where a private message is: waiting to be sent, sent, or withdrawn by an undo before it was sent."""

    WAITING = "waiting"
    SENT = "sent"
    WITHDRAWN = "withdrawn"


@dataclass(frozen=True, kw_only=True)
class Dm:
    """A private message for one player: all the posts of one event."""

    id: DmId
    seat: int
    posts: tuple[Post, ...] = field(compare=False)

    @property
    def n(self) -> int:
        """The journal entry that made it."""
        return self.id[0]

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
    """Each player's waiting DMs, in the order they were made, and what became of those made while it was kept."""

    queues: dict[int, list[Dm]] = field(default_factory=dict)
    sent: set[DmId] = field(default_factory=set)
    withdrawn: set[DmId] = field(default_factory=set)
    gone: dict[DmId, tuple[Dm, str]] = field(default_factory=dict)  # each withdrawn DM, with the ruling that made it

    def queue(self, dms: Iterable[Dm]) -> None:
        """Queue DMs made by an entry now in force."""
        for dm in dms:
            self.queues.setdefault(dm.seat, []).append(dm)

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

    def mark_sent(self, seat: int, ids: Sequence[DmId] | None) -> list[Dm]:
        """Mark `ids` of `seat`'s waiting DMs as sent (None: all waiting); returns those that were waiting.

        A withdrawn DM named in `ids` reached its player all the same (it was on its way when the undo came): it is sent now.
        """
        queue = self.queues.get(seat, [])
        chosen = set(ids) if ids is not None else {d.id for d in queue}
        sent = [d for d in queue if d.id in chosen]
        self.queues[seat] = [d for d in queue if d.id not in chosen]
        self.sent.update(d.id for d in sent)
        late = chosen & self.withdrawn
        self.withdrawn -= late
        self.sent |= late
        for i in late:
            self.gone.pop(i, None)
        return sent

    def withdraw(self, dms: Sequence[Dm], what: str = "") -> list[Dm]:
        """An undo took back the ruling that made `dms` (`what`: how it names it): those waiting are dropped; returns those already sent."""
        gone = {d.id for d in dms}
        for seat in {d.seat for d in dms}:
            self._drop(seat, gone, sum(1 for d in dms if d.seat == seat and d.id not in self.sent))
        sent = [d for d in dms if d.id in self.sent]
        for d in dms:
            if d.id not in self.sent:
                self.withdrawn.add(d.id)
                self.gone[d.id] = (d, what)
        return sent

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
        if dm in self.withdrawn:
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
