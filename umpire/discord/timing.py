"""When a Discord message counts, and when a deadline may pass: the game clock read at Discord's timestamps.

With the bot, the game clock follows the wall clock (`time.time`), so a message's Discord timestamp is a
moment on it: `Timeline.at` gives the game time then (a message sent during a pause counts at the pause;
never later than now). A player's line counts at that time, not when it reached umpire.

Deadlines wait a short allowance (`allowance_ms`, 1.5 s by default) for messages still on their way: the
session is moved only to the *settled* time, the game clock minus the allowance, so a deadline due at D
is applied once the clock reads D + allowance. Messages and deadlines are taken in the order they
count (judging.py): a message that counts before D, arriving in that window, is judged before
the deadline; one that counts at or after a deadline not yet applied waits in `Pending` until it is
applied, then is judged in Discord's order (docs/discord.md).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from umpire.discord.wire import Incoming

if TYPE_CHECKING:
    from umpire.discord.buttons import Asked


class Clock(Protocol):
    """The REPL's game clock (umpire.repl.shell.GameClock): game time from a clock that reads seconds."""

    base: int
    since: float | None
    monotonic: Callable[[], float]

    def now(self) -> int: ...


class Timeline:
    """The stretches the game clock went through (running from a moment, or held), to read it at any past moment."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.stretches: list[tuple[float, int, bool]] = []  # (from this moment, the game time then, running)
        self.follow()

    def follow(self) -> None:
        """Note a change of the clock (paused, resumed, rewound by an undo) since it was last looked at."""
        c = self.clock
        if c.since is not None:
            stretch = (c.since, c.base, True)
        else:
            last = self.stretches[-1] if self.stretches else None
            if last is not None and not last[2] and last[1] == c.base:
                return
            stretch = (c.monotonic(), c.base, False)
        if not self.stretches or self.stretches[-1] != stretch:
            self.stretches.append(stretch)

    def at(self, moment: float) -> int:
        """The game time (ms) at `moment` (seconds on the clock's own scale), never after the game time now."""
        self.follow()
        starts = [s[0] for s in self.stretches]
        i = bisect.bisect_right(starts, moment) - 1
        start, base, running = self.stretches[max(i, 0)]
        game = base + round((moment - start) * 1000) if running and i >= 0 else base
        return max(0, min(game, self.clock.now()))


@dataclass(order=True, frozen=True)
class Waiting:
    """A player's message not judged yet: the game time it counts at, then Discord's order."""

    at: int
    id: int
    seat: int = field(compare=False)
    message: Incoming = field(compare=False)
    asked: Asked | None = field(default=None, compare=False)  # a tap: the question it answers (taps.py), judged only if it stands


class Pending:
    """The messages waiting to be judged, in the order they count."""

    def __init__(self) -> None:
        self.items: list[Waiting] = []
        self.ids: set[int] = set()

    def add(self, item: Waiting) -> bool:
        """Queue a message (False if it is queued already)."""
        if item.id in self.ids:
            return False
        bisect.insort(self.items, item)
        self.ids.add(item.id)
        return True

    def first(self) -> Waiting | None:
        """The message that counts first (None if none waits)."""
        return self.items[0] if self.items else None

    def pop(self) -> Waiting:
        """Take the first message off the queue."""
        first = self.items.pop(0)
        self.ids.discard(first.id)
        return first

    def __len__(self) -> int:
        return len(self.items)


class Commitment:
    """Commit first, then collect (R-BOT-8): a player's word for the seed counts only if sent after the fairness commitment
    and the request for words were posted, Discord's order telling which came first."""

    def __init__(self) -> None:
        self.id: int | None = None  # the Discord ID of its last post, once Discord confirmed them all (0: posted, ID unknown)
        self._out: set[int] = set()  # the places of its posts on their way
        self._last = 0

    def posting(self, place: int) -> None:
        """One of its posts is on its way (or held for the host's key)."""
        if self.id is None:
            self._out.add(place)

    def confirmed(self, place: int, receipts: list[str]) -> bool:
        """Discord confirmed one of its posts; True when that makes all of them posted."""
        if self.id is not None:
            return False
        self._out.discard(place)
        self._last = max([self._last, *(int(r) for r in receipts if r.isdigit())])
        if self._out:
            return False
        self.id = self._last
        return True

    def early(self, message: int) -> bool:
        """Whether the message with this Discord ID was sent before the commitment was posted (or it is not yet)."""
        return self.id is None or message < self.id


class Outage:
    """While Discord is out of reach, or being caught up on (a RESUME's replay, a read of the history), the settled time
    stands where it was when the connection was lost: no deadline, reminder or automatic play passes a moment whose
    messages may still be missing (R-BOT-7). Once caught up, what was missed is judged at its own time, then the deadlines."""

    def __init__(self) -> None:
        self.cap: int | None = None  # the settled game time when the connection was lost (None: connected and caught up)
        self.since = 0.0  # when it was lost (seconds on the clock's own scale)
        self.missed = 0  # players' messages that came in since (replayed, or read from the history)

    @property
    def on(self) -> bool:
        """The connection was lost and what was missed is not all in yet."""
        return self.cap is not None

    def begin(self, settled: int, moment: float) -> bool:
        """The connection was lost at `moment`, the settled time then `settled`; False if an outage is on already."""
        if self.cap is not None:
            return False
        self.cap, self.since, self.missed = settled, moment, 0
        return True

    def settled(self, settled: int) -> int:
        """The settled time to go by: never past where it stood when the connection was lost, while the outage is on."""
        return settled if self.cap is None else min(settled, self.cap)

    def end(self, moment: float) -> tuple[float, int]:
        """Caught up: how long it lasted (seconds) and how many messages came in meanwhile."""
        lasted, missed = max(0.0, moment - self.since), self.missed
        self.cap, self.missed = None, 0
        return lasted, missed
