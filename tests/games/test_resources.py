"""Resources with bounds (umpire/games/resources.py): never negative, never over a cap, transfers that conserve."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.games.resources import Overdrawn, Purse


def test_a_purse_starts_each_seat_with_the_same_amount_and_words_it() -> None:
    p = Purse.each(3, 1, noun="token", cap=4)
    assert p.amounts == (1, 1, 1) and p.words(0) == "1 token" and p.gain(0, 1).words(0) == "2 tokens"
    assert p.room(0) == 3 and Purse.each(1, 0, noun="coin").room(0) is None


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (lambda p: p.pay(0, 6), "seat 0 would hold -1 coins, below 0"),
        (lambda p: p.pay(0, -1), "a payment of -1 coins is below 0"),
        (lambda p: p.gain(1, 6), "seat 1 would hold 11 coins, over the cap of 10"),
        (lambda p: p.gain(1, -2), "a gain of -2 coins is below 0"),
        (lambda p: p.transfer(0, 1, 6), "seat 0 would hold -1 coins, below 0"),
        (lambda p: p.transfer(1, 0, 6), "seat 1 would hold -1 coins, below 0"),
        (lambda p: p.transfer(0, 0, 6), "seat 0 would hold -1 coins, below 0"),
        (lambda p: p.transfer(0, 1, -1), "a transfer of -1 coins is below 0"),
    ],
)
def test_a_move_that_would_break_a_bound_is_refused_and_says_which(move, message: str) -> None:
    p = Purse.each(2, 5, noun="coin", cap=10)
    with pytest.raises(Overdrawn) as refused:
        move(p)
    assert str(refused.value) == message


def test_a_purse_made_out_of_bounds_is_refused() -> None:
    with pytest.raises(Overdrawn, match="over the cap of 3"):
        Purse(noun="chip", amounts=(4,), cap=3)


MOVES = st.lists(
    st.tuples(st.sampled_from(["pay", "gain", "transfer"]), st.integers(0, 3), st.integers(0, 3), st.integers(0, 30)), max_size=40
)


@given(start=st.lists(st.integers(0, 20), min_size=4, max_size=4), moves=MOVES)
def test_whatever_is_asked_amounts_stay_within_their_bounds_and_transfers_conserve_the_total(start: list[int], moves) -> None:
    p = Purse(noun="coin", amounts=tuple(start), cap=20)
    for kind, a, b, n in moves:
        before = p
        try:
            p = p.pay(a, n) if kind == "pay" else p.gain(a, n) if kind == "gain" else p.transfer(a, b, n)
        except Overdrawn:
            assert p is before
            continue
        assert all(0 <= x <= 20 for x in p)
        delta = {"pay": -n, "gain": n, "transfer": 0}[kind]
        assert p.total == before.total + delta
        assert p.can_pay(a, p[a]) and not p.can_pay(a, p[a] + 1)
