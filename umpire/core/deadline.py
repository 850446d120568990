"""Deadlines: every timed decision in every game is one.

A `Deadline` is a plain value kept in a game's state. It falls due at `due`, gives
reminders at fixed amounts of time left before that, and counts how many of those
steps have already fired, so `next_at` is a lookup and replaying a journal never
rebuilds a schedule. What happens when it passes is the game's business: `what`
names it (a move, a reserve, a bidding round) and the game's `on_due` acts on it.

Time is an input: nothing here reads a clock.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from umpire.core.clock import SECOND


@dataclass(frozen=True, kw_only=True)
class Step:
    """One thing a deadline does: a reminder (`left` > 0 ms still to go) or the deadline passing."""

    at: int
    left: int

    @property
    def passed(self) -> bool:
        """Whether this step is the deadline itself rather than a reminder."""
        return self.left == 0

    @property
    def seconds_left(self) -> int:
        """Time left at this step in whole seconds, rounded up as every clock shown to players is."""
        return -(-self.left // SECOND)


@dataclass(frozen=True, kw_only=True)
class Deadline:
    """A timed decision: started at `start`, due at `due`, with reminders `reminders` ms before it.

    Reminders that would fall at or before the start are dropped (a 30 s reminder on a 20 s
    deadline never fires), and so are duplicates.

    >>> d = Deadline(what="move", start=0, due=60_000, reminders=(10_000, 30_000, 90_000))
    >>> [(s.at, s.left) for s in d.steps]
    [(30000, 30000), (50000, 10000), (60000, 0)]
    >>> d.next_at
    30000
    >>> d, step = d.fire()
    >>> step.left, d.next_at
    (30000, 50000)
    """

    what: str
    start: int
    due: int
    reminders: tuple[int, ...] = ()
    fired: int = 0
    steps: tuple[Step, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.due < self.start:
            raise ValueError(f"a deadline cannot fall due ({self.due}) before it starts ({self.start})")
        due, reminders = self.due, self.reminders
        lefts = _lefts(due - self.start, reminders if type(reminders) is tuple else tuple(reminders))
        steps = tuple(Step(at=due - r, left=r) for r in lefts) + (Step(at=due, left=0),)
        object.__setattr__(self, "steps", steps)

    @property
    def next_at(self) -> int | None:
        """When this deadline next acts (a reminder or passing), or None once it has passed."""
        return self.steps[self.fired].at if self.fired < len(self.steps) else None

    @property
    def over(self) -> bool:
        """Whether the deadline itself has passed (fired its last step)."""
        return self.fired >= len(self.steps)

    def left(self, now: int) -> int:
        """Time left at `now`, never below zero."""
        return max(0, self.due - now)

    def fire(self) -> tuple[Deadline, Step]:
        """The deadline after its next step, and that step. Raises if it has passed already."""
        if self.over:
            raise ValueError(f"the {self.what} deadline has already passed")
        return replace(self, fired=self.fired + 1), self.steps[self.fired]


@functools.lru_cache(maxsize=64)
def _lefts(span: int, reminders: tuple[int, ...]) -> tuple[int, ...]:
    """The reminders a deadline `span` ms long gives, latest first: those after its start, each once.

    Worked out once for each length and set of reminders (a game's settings make a few), not at every deadline made.
    """
    return tuple(sorted({r for r in reminders if 0 < r < span}, reverse=True))


def earliest(deadlines: Iterable[Deadline | None]) -> Deadline | None:
    """The deadline that acts first among those still running (ties: the first given), or None."""
    best: Deadline | None = None
    for d in deadlines:
        if d is None or d.next_at is None:
            continue
        if best is None or d.next_at < (best.next_at or 0):
            best = d
    return best


def next_at(deadlines: Iterable[Deadline | None]) -> int | None:
    """When the first of `deadlines` next acts, or None: a game's `next_due` in one line."""
    d = earliest(deadlines)
    return None if d is None else d.next_at
