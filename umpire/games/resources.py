"""Resources with bounds: the coins, chips or tokens each player holds, never negative and never over a cap.

A `Purse` is one resource for every seat: whole amounts, each between 0 and the `cap` (if there is one).
Paying, gaining and moving amounts between seats give a new purse; a move from one seat to another
conserves the total. Nothing here words a refusal: a game asks `can_pay` (or `room`) before it rules, and
refuses in its own words ("Hedger has only 3 coins (the bid was 7)"); a call that would break a bound is
a bug in the game and raises `Overdrawn` (a ValueError).

>>> coins = Purse.each(3, 20, noun="coin")
>>> coins = coins.pay(0, 7).gain(1, 2).transfer(2, 0, 5)
>>> coins.amounts, coins.total, coins.can_pay(1, 23)
((18, 22, 15), 55, False)
>>> coins.words(1)
'22 coins'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from umpire.core import chat


class Overdrawn(ValueError):
    """A purse asked to go below 0 or over its cap: the game should have refused the move that asked it."""


@dataclass(frozen=True, kw_only=True)
class Purse:
    """One resource held by every seat (`amounts`, by seat), each amount within 0..`cap`."""

    noun: str  # the resource in words, singular: "coin", "chip", "token"
    amounts: tuple[int, ...]
    cap: int | None = None  # the most one seat may hold (None: no cap)

    def __post_init__(self) -> None:
        for seat, amount in enumerate(self.amounts):
            self._check(seat, amount)

    @classmethod
    def each(cls, seats: int, amount: int, *, noun: str, cap: int | None = None) -> Purse:
        """`seats` seats holding `amount` each."""
        return cls(noun=noun, amounts=(amount,) * seats, cap=cap)

    def _check(self, seat: int, amount: int) -> None:
        if amount < 0:
            raise Overdrawn(f"seat {seat} would hold {amount} {self.noun}s, below 0")
        if self.cap is not None and amount > self.cap:
            raise Overdrawn(f"seat {seat} would hold {amount} {self.noun}s, over the cap of {self.cap}")

    def __getitem__(self, seat: int) -> int:
        return self.amounts[seat]

    def __iter__(self) -> Iterator[int]:
        return iter(self.amounts)

    def __len__(self) -> int:
        return len(self.amounts)

    @property
    def total(self) -> int:
        """What every seat holds together."""
        return sum(self.amounts)

    def words(self, seat: int) -> str:
        """What `seat` holds, in words: "1 coin", "20 coins"."""
        return chat.count(self.amounts[seat], self.noun)

    def can_pay(self, seat: int, amount: int) -> bool:
        """Whether `seat` holds at least `amount` (a whole number from 0 up)."""
        return 0 <= amount <= self.amounts[seat]

    def room(self, seat: int) -> int | None:
        """How much more `seat` may gain before its cap (None: no cap)."""
        return None if self.cap is None else self.cap - self.amounts[seat]

    def _set(self, changes: dict[int, int]) -> Purse:
        amounts = list(self.amounts)
        for seat, amount in changes.items():
            self._check(seat, amount)
            amounts[seat] = amount
        return Purse(noun=self.noun, amounts=tuple(amounts), cap=self.cap)

    def pay(self, seat: int, amount: int) -> Purse:
        """`seat` pays `amount` out of the game. Raises Overdrawn if it holds less (or `amount` is negative)."""
        if amount < 0:
            raise Overdrawn(f"a payment of {amount} {self.noun}s is below 0")
        return self._set({seat: self.amounts[seat] - amount})

    def gain(self, seat: int, amount: int) -> Purse:
        """`seat` gains `amount` from outside. Raises Overdrawn over the cap (or for a negative `amount`)."""
        if amount < 0:
            raise Overdrawn(f"a gain of {amount} {self.noun}s is below 0")
        return self._set({seat: self.amounts[seat] + amount})

    def transfer(self, source: int, target: int, amount: int) -> Purse:
        """`source` gives `amount` to `target`; the total is unchanged. Raises Overdrawn if either bound would break."""
        if amount < 0:
            raise Overdrawn(f"a transfer of {amount} {self.noun}s is below 0")
        if source == target:  # nothing moves, but the seat must hold what it gives
            self._check(source, self.amounts[source] - amount)
            return self
        return self._set({source: self.amounts[source] - amount, target: self.amounts[target] + amount})
