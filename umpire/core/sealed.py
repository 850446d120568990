"""Sealed submissions: a private play, bid, deck or pick per seat, hidden until revealed.

Every game that collects secret choices keeps one `Sealed` per decision: who is expected to
submit, what each has sent (the last one sent counts), and who is still to send. It is a
plain value held in the game's state; revealing it is the game's business.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

V = TypeVar("V")


@dataclass(frozen=True)
class Sealed(Generic[V]):
    """The sealed values of `seats`, by seat.

    >>> s = Sealed[int].expecting([0, 1, 2]).submit(1, 7).submit(1, 4)
    >>> s.get(1), s.waiting, s.complete
    (4, (0, 2), False)
    """

    seats: tuple[int, ...]
    values: tuple[tuple[int, V], ...] = ()

    @classmethod
    def expecting(cls, seats: Iterable[int]) -> Sealed[V]:
        """Nothing sealed yet; `seats` are expected to submit."""
        return cls(seats=tuple(seats))

    def submit(self, seat: int, value: V) -> Sealed[V]:
        """`seat` seals `value`, replacing what it sealed before. Raises ValueError for a seat not expected."""
        if seat not in self.seats:
            raise ValueError(f"seat {seat} is not expected to submit here")
        kept = tuple((s, v) for s, v in self.values if s != seat)
        return Sealed(seats=self.seats, values=tuple(sorted((*kept, (seat, value)), key=lambda sv: sv[0])))

    def withdraw(self, seat: int) -> Sealed[V]:
        """`seat` takes back what it sealed (nothing changes if it had sealed nothing)."""
        return Sealed(seats=self.seats, values=tuple((s, v) for s, v in self.values if s != seat))

    def get(self, seat: int) -> V | None:
        """What `seat` sealed, or None."""
        for s, v in self.values:
            if s == seat:
                return v
        return None

    def has(self, seat: int) -> bool:
        """Whether `seat` has sealed something."""
        return any(s == seat for s, _ in self.values)

    @property
    def submitted(self) -> tuple[int, ...]:
        """The seats that have sealed something, in seat order."""
        return tuple(s for s, _ in self.values)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats still to submit, in the order they were expected."""
        done = set(self.submitted)
        return tuple(s for s in self.seats if s not in done)

    @property
    def complete(self) -> bool:
        """Whether every expected seat has sealed something."""
        return not self.waiting

    def __iter__(self) -> Iterator[tuple[int, V]]:
        return iter(self.values)
