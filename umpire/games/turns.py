"""Turn orders: who acts when, in a game whose players take turns (an open call, a bidding round in turn, a deal).

A `TurnOrder` is the order of round 1 and whether it rotates: `fixed` (the same every round), `rotating`
(each round starts one seat further on, as a dealer's button moves) or `chosen` (an order someone chose,
such as the first player an Advantage holder names, the others after them in seat order). A player who
leaves the game (eliminated) leaves the order with `without`; the rotation goes on among those left.

>>> order = TurnOrder.rotating((0, 1, 2))
>>> order.order(1), order.order(2), order.order(4)
((0, 1, 2), (1, 2, 0), (0, 1, 2))
>>> order.without(1).order(2), order.after(2, 1), order.after(1, 2), order.following(2, 1)
((2, 0), None, 2, 0)
>>> TurnOrder.chosen(first=2, seats=(0, 1, 2, 3)).order(1)
(2, 3, 0, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class TurnOrder:
    """The order seats act in each round (rounds count from 1)."""

    seats: tuple[int, ...]  # the order of round 1
    rotates: bool = False  # each round starts one seat further on

    def __post_init__(self) -> None:
        if len(set(self.seats)) != len(self.seats):
            raise ValueError(f"a turn order names each seat once, not {self.seats}")

    @classmethod
    def fixed(cls, seats: Iterable[int]) -> TurnOrder:
        """The same order every round."""
        return cls(seats=tuple(seats))

    @classmethod
    def rotating(cls, seats: Iterable[int]) -> TurnOrder:
        """`seats` in round 1; each later round starts with the seat after the one that started the round before."""
        return cls(seats=tuple(seats), rotates=True)

    @classmethod
    def chosen(cls, *, first: int, seats: Iterable[int], rotates: bool = False) -> TurnOrder:
        """`first` (someone's choice) goes first, then the others in `seats`' order from there round the table."""
        ring = tuple(seats)
        if first not in ring:
            raise ValueError(f"seat {first} is not one of {ring}")
        i = ring.index(first)
        return cls(seats=ring[i:] + ring[:i], rotates=rotates)

    def order(self, round_no: int) -> tuple[int, ...]:
        """The order of round `round_no`."""
        if not self.rotates or not self.seats:
            return self.seats
        shift = (round_no - 1) % len(self.seats)
        return self.seats[shift:] + self.seats[:shift]

    def first(self, round_no: int) -> int:
        """Who acts first in round `round_no`. Raises IndexError when nobody is left."""
        return self.order(round_no)[0]

    def after(self, seat: int, round_no: int) -> int | None:
        """Who acts after `seat` in round `round_no`, or None when `seat` is the last."""
        order = self.order(round_no)
        i = order.index(seat)
        return order[i + 1] if i + 1 < len(order) else None

    def following(self, seat: int, round_no: int) -> int:
        """Who acts after `seat` in round `round_no` when turns go round the table until the round ends (the last
        seat is followed by the first): two players alternating, as in a game of Hap-Tac-Toe."""
        order = self.order(round_no)
        return order[(order.index(seat) + 1) % len(order)]

    def without(self, seat: int) -> TurnOrder:
        """The order once `seat` has left the game (the others keep their places)."""
        return TurnOrder(seats=tuple(s for s in self.seats if s != seat), rotates=self.rotates)
