"""Turn orders (umpire/games/turns.py): fixed, rotating and chosen, and a player leaving the order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.games.turns import TurnOrder


def test_a_fixed_order_is_the_same_every_round() -> None:
    order = TurnOrder.fixed((2, 0, 1))
    assert order.order(1) == order.order(7) == (2, 0, 1) and order.first(5) == 2


def test_a_rotating_order_starts_one_seat_further_on_each_round() -> None:
    order = TurnOrder.rotating((0, 1, 2, 3))
    assert [order.first(r) for r in range(1, 7)] == [0, 1, 2, 3, 0, 1]
    assert order.after(3, 2) == 0 and order.after(0, 2) is None


def test_a_chosen_first_player_is_followed_round_the_table() -> None:
    assert TurnOrder.chosen(first=1, seats=(0, 1)).order(3) == (1, 0)
    assert TurnOrder.chosen(first=1, seats=(0, 1), rotates=True).order(2) == (0, 1)
    with pytest.raises(ValueError, match="seat 4 is not one of"):
        TurnOrder.chosen(first=4, seats=(0, 1))


def test_an_order_names_each_seat_once() -> None:
    with pytest.raises(ValueError, match="names each seat once"):
        TurnOrder.fixed((0, 1, 0))


@given(seats=st.permutations(range(6)), gone=st.sets(st.integers(0, 5)), round_no=st.integers(1, 40))
def test_every_round_is_an_order_of_the_seats_still_in_the_game(seats: list[int], gone: set[int], round_no: int) -> None:
    order = TurnOrder.rotating(seats)
    for seat in gone:
        order = order.without(seat)
    got = order.order(round_no)
    assert sorted(got) == sorted(set(seats) - gone)
    walked = [got[0]] if got else []
    while walked and (nxt := order.after(walked[-1], round_no)) is not None:
        walked.append(nxt)
    assert tuple(walked) == got


def test_turns_going_round_the_table_follow_the_last_seat_with_the_first() -> None:
    order = TurnOrder.chosen(first=1, seats=(0, 1), rotates=True)  # Hap-Tac-Toe: game 1 from the chosen, then alternate
    assert [order.following(s, 1) for s in (1, 0)] == [0, 1] and order.first(2) == 0
    assert TurnOrder.rotating((0, 1, 2)).following(0, 2) == 1
