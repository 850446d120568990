"""Simultaneous actions and sealed rounds: the building blocks of a game whose players act at once, in secret.

Most of the games hosts invent are rounds of sealed submissions, revealed and scored: a bid, a play, a pick,
a vote. Two values here say all of it, so that a game keeps one in its state and writes only its own words
and its own scoring:

* `Simultaneous[V]`: a set of seats that each act once at the same time (a Goofspiel play, Devil's Deal's
  private cards): `take` a seat's action (its last one counts) and learn what it replaced and whether every
  seat is now in; `settled` gives every seat's action at the end, a default where a seat sent none.
* `SealedRound[V]`: simultaneous actions with a number and a `Deadline` with its reminders. It closes as
  soon as everyone is in (unless the game waits for the deadline), at the deadline, or on the host's word
  (`close`): `take`, `tick` (the deadline's next step: a reminder naming who is still to act, or the
  deadline passing) and `revealed`, the actions to make public once it has closed.

`highest_unmatched` and `lowest_unmatched` resolve the commonest sealed contests (the highest bid no other
player matched, the lowest number chosen by one player alone).

Pure values, no I/O and no clock: the game's `apply`, `next_due` and `on_due` pass the time in, and
the events (a receipt, a reminder, the reveal) are the game's, in its own words.

>>> r = SealedRound[int].open(number=1, seats=(0, 1, 2), now=0, span=120_000, reminders=(60_000,))
>>> r, took = r.take(0, 5)
>>> r, took = r.take(0, 7)
>>> took.replaced, took.closes, r.waiting
(5, False, (1, 2))
>>> r, tick = r.tick()
>>> tick.passed, tick.seconds_left, tick.waiting
(False, 60, (1, 2))
>>> r, tick = r.tick()
>>> tick.passed, r.revealed()
(True, ((0, 7),))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from umpire.core.deadline import Deadline
from umpire.core.evolve import replace  # dataclasses.replace, cheaper for records replaced at every ruling
from umpire.core.sealed import Sealed

V = TypeVar("V")


class Closing(StrEnum):
    """How a sealed round closed."""

    ALL_IN = "all in"  # every seat expected had acted
    DEADLINE = "deadline"  # its time ran out
    HOST = "host"  # the host closed it (`close`)


@dataclass(frozen=True, kw_only=True)
class Took(Generic[V]):
    """What taking one seat's action did: what it replaced, whether every seat is in, and whether that closes the round."""

    replaced: V | None  # the seat's earlier action, now replaced (None: it had sent none)
    all_in: bool
    closes: bool  # all in, and the round closes as soon as everyone is (a `Simultaneous` always does)


@dataclass(frozen=True, kw_only=True)
class Settled(Generic[V]):
    """One seat's action as it stands when the actions are settled: its own, or the default given for it."""

    seat: int
    value: V
    defaulted: bool  # the seat sent nothing, so the default stands for it


@dataclass(frozen=True)
class Simultaneous(Generic[V]):
    """Actions a set of seats each take once, at the same time, in secret until revealed (the last one sent counts).

    >>> s, took = Simultaneous[str].of((0, 1)).take(1, "rock")
    >>> took.all_in, s.waiting, [(x.seat, x.value, x.defaulted) for x in s.settled(lambda seat: "paper")]
    (False, (0,), [(0, 'paper', True), (1, 'rock', False)])
    """

    sealed: Sealed[V]

    @classmethod
    def of(cls, seats: Iterable[int]) -> Simultaneous[V]:
        """Nothing taken yet; `seats` are to act."""
        return cls(Sealed(seats=tuple(seats)))

    def take(self, seat: int, value: V) -> tuple[Simultaneous[V], Took[V]]:
        """`seat` acts, replacing its earlier action. Raises ValueError for a seat that is not to act here."""
        replaced = self.sealed.get(seat)
        sealed = self.sealed.submit(seat, value)
        all_in = sealed.complete
        return Simultaneous(sealed), Took(replaced=replaced, all_in=all_in, closes=all_in)

    def withdraw(self, seat: int) -> Simultaneous[V]:
        """`seat` takes its action back (nothing changes if it had taken none)."""
        return Simultaneous(self.sealed.withdraw(seat))

    def get(self, seat: int) -> V | None:
        """What `seat` sent, or None."""
        return self.sealed.get(seat)

    def has(self, seat: int) -> bool:
        """Whether `seat` has acted."""
        return self.sealed.has(seat)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that are to act, in the order given."""
        return self.sealed.seats

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats still to act, in the order given."""
        return self.sealed.waiting

    @property
    def submitted(self) -> tuple[int, ...]:
        """The seats that have acted, in seat order."""
        return self.sealed.submitted

    @property
    def all_in(self) -> bool:
        """Whether every seat has acted."""
        return self.sealed.complete

    def __iter__(self) -> Iterator[tuple[int, V]]:
        """(seat, action) for each seat that acted, in seat order."""
        return iter(self.sealed)

    def settled(self, default: Callable[[int], V]) -> tuple[Settled[V], ...]:
        """Every seat's action in the order given, `default(seat)` standing for a seat that sent none."""
        sent = dict(self.sealed)
        return tuple(
            Settled(seat=seat, value=sent[seat], defaulted=False)
            if seat in sent
            else Settled(seat=seat, value=default(seat), defaulted=True)
            for seat in self.sealed.seats
        )


@dataclass(frozen=True, kw_only=True)
class Tick:
    """One step of a round's deadline: a reminder (`left` ms still to go) or the deadline passing, and who is still to act."""

    left: int
    seconds_left: int  # rounded up, as every clock shown to players is
    passed: bool
    waiting: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class SealedRound(Generic[V]):
    """A numbered round of sealed actions with a deadline and its reminders.

    It is open from `open` until the game closes it: as soon as everyone is in (`Took.closes`, unless
    `closes_all_in` is off and the round runs to its deadline), when `tick` says the deadline passed, or
    on the host's `close`. Its actions stay sealed until then; `revealed` gives them to make public.
    """

    number: int
    actions: Simultaneous[V]
    deadline: Deadline | None  # None once the round's clock is stopped (closed, or its time taken away)
    closes_all_in: bool = True

    @classmethod
    def open(
        cls,
        *,
        number: int,
        seats: Iterable[int],
        now: int,
        span: int,
        reminders: Iterable[int] = (),
        what: str | None = None,
        closes_all_in: bool = True,
    ) -> SealedRound[V]:
        """Round `number` opens at `now` for `seats`, due `span` ms later with reminders `reminders` ms before that.

        `what` names its deadline (by default "round N"); `closes_all_in` False keeps it open to its deadline
        even once everyone is in (a Goofspiel round, whose plays may be changed until the end).
        """
        deadline = Deadline(what=what or f"round {number}", start=now, due=now + span, reminders=tuple(reminders))
        return cls(number=number, actions=Simultaneous.of(seats), deadline=deadline, closes_all_in=closes_all_in)

    # -- taking actions

    def take(self, seat: int, value: V) -> tuple[SealedRound[V], Took[V]]:
        """`seat` seals `value`, replacing its earlier one; whether that closes the round is `Took.closes`."""
        actions, took = self.actions.take(seat, value)
        closes = took.all_in and self.closes_all_in
        return replace(self, actions=actions), Took(replaced=took.replaced, all_in=took.all_in, closes=closes)

    def get(self, seat: int) -> V | None:
        """What `seat` has sealed, or None."""
        return self.actions.get(seat)

    def has(self, seat: int) -> bool:
        """Whether `seat` has sealed something."""
        return self.actions.has(seat)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that may act in this round."""
        return self.actions.seats

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats still to act."""
        return self.actions.waiting

    @property
    def submitted(self) -> tuple[int, ...]:
        """The seats that have acted, in seat order."""
        return self.actions.submitted

    @property
    def all_in(self) -> bool:
        """Whether every seat has acted."""
        return self.actions.all_in

    def __iter__(self) -> Iterator[tuple[int, V]]:
        """(seat, sealed value) for each seat that acted, in seat order."""
        return iter(self.actions)

    # -- time

    @property
    def next_at(self) -> int | None:
        """When the round's deadline next acts (a reminder, or passing), or None once its clock is stopped."""
        return None if self.deadline is None else self.deadline.next_at

    def left(self, now: int) -> int:
        """Time left to act at `now` (0 once the clock is stopped)."""
        return 0 if self.deadline is None else self.deadline.left(now)

    def tick(self) -> tuple[SealedRound[V], Tick]:
        """The deadline's next step (at `next_at`): a reminder, or the deadline passing (the round then closes)."""
        assert self.deadline is not None, "a stopped round has nothing due"
        deadline, step = self.deadline.fire()
        tick = Tick(left=step.left, seconds_left=step.seconds_left, passed=step.passed, waiting=self.actions.waiting)
        return replace(self, deadline=deadline), tick

    def stopped(self) -> SealedRound[V]:
        """The round with its clock stopped: nothing more falls due (its actions stay as they are)."""
        return replace(self, deadline=None)

    # -- the reveal

    def revealed(self) -> tuple[tuple[int, V], ...]:
        """(seat, value) for each seat that acted, in seat order: what the reveal makes public."""
        return tuple(self.actions)


def _unmatched(values: Iterable[tuple[int, int]], best: Callable[[Iterable[int]], int]) -> tuple[int, int] | None:
    pairs = tuple(values)
    counts = Counter(v for _, v in pairs)
    alone = [v for v, n in counts.items() if n == 1]
    if not alone:
        return None
    value = best(alone)
    return next(seat for seat, v in pairs if v == value), value


def highest_unmatched(values: Iterable[tuple[int, int]]) -> tuple[int, int] | None:
    """The highest value that no other seat matched, as (seat, value); None when every value was matched.

    >>> highest_unmatched([(0, 9), (1, 9), (2, 4), (3, 1)])
    (2, 4)
    >>> highest_unmatched([(0, 3), (1, 3)]) is None
    True
    """
    return _unmatched(values, max)


def lowest_unmatched(values: Iterable[tuple[int, int]]) -> tuple[int, int] | None:
    """The lowest value chosen by one seat alone, as (seat, value); None when every value was chosen twice or more.

    >>> lowest_unmatched([(0, 1), (1, 1), (2, 4), (3, 2)])
    (3, 2)
    """
    return _unmatched(values, min)
