"""The shared sealed rounds and simultaneous actions (umpire/games/rounds.py)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.core.clock import SECOND
from umpire.games.rounds import SealedRound, Simultaneous, highest_unmatched, lowest_unmatched


def opened(closes_all_in: bool = True) -> SealedRound[int]:
    return SealedRound[int].open(
        number=3, seats=(0, 1, 2), now=10 * SECOND, span=120 * SECOND, reminders=(60 * SECOND, 10 * SECOND), closes_all_in=closes_all_in
    )


def test_a_round_opens_with_its_deadline_named_and_its_reminders_before_it() -> None:
    r = opened()
    assert r.deadline is not None and r.deadline.what == "round 3"
    assert [(s.at, s.left) for s in r.deadline.steps] == [(70_000, 60_000), (120_000, 10_000), (130_000, 0)]
    assert r.next_at == 70_000 and r.left(100_000) == 30_000
    named = SealedRound[int].open(number=1, seats=(0,), now=0, span=1, what="lot 1")
    assert named.deadline is not None and named.deadline.what == "lot 1"


def test_a_later_submission_replaces_the_earlier_one_and_says_what_it_replaced() -> None:
    r, took = opened().take(1, 4)
    assert (took.replaced, took.all_in, took.closes) == (None, False, False)
    r, took = r.take(1, 9)
    assert took.replaced == 4 and r.get(1) == 9 and r.revealed() == ((1, 9),)


def test_the_last_seat_in_closes_the_round_unless_it_waits_for_its_deadline() -> None:
    r = opened()
    for seat in (2, 0):
        r, took = r.take(seat, seat)
        assert not took.closes
    r, took = r.take(1, 5)
    assert took.all_in and took.closes and r.all_in and r.waiting == ()
    w = opened(closes_all_in=False)
    for seat in (0, 1, 2):
        w, took = w.take(seat, seat)
    assert took.all_in and not took.closes


def test_each_tick_is_a_reminder_naming_who_is_still_to_act_then_the_deadline_passing() -> None:
    r, _ = opened().take(1, 5)
    r, first = r.tick()
    r, second = r.tick()
    r, last = r.tick()
    assert [(t.seconds_left, t.passed, t.waiting) for t in (first, second, last)] == [
        (60, False, (0, 2)),
        (10, False, (0, 2)),
        (0, True, (0, 2)),
    ]
    assert r.next_at is None


def test_a_stopped_round_falls_due_no_more_and_keeps_what_was_sealed() -> None:
    r, _ = opened().take(0, 2)
    r = r.stopped()
    assert r.next_at is None and r.left(0) == 0 and r.get(0) == 2


def test_a_seat_not_in_the_round_cannot_act_in_it() -> None:
    with pytest.raises(ValueError, match="seat 5 is not expected"):
        opened().take(5, 1)


def test_simultaneous_actions_settle_with_a_default_for_each_seat_that_sent_none() -> None:
    s, took = Simultaneous[int].of((1, 0)).take(0, 7)
    assert (took.replaced, took.all_in, took.closes) == (None, False, False)
    assert [(x.seat, x.value, x.defaulted) for x in s.settled(lambda seat: -seat)] == [(1, -1, True), (0, 7, False)]
    s, took = s.take(1, 3)
    assert took.all_in and took.closes and s.withdraw(1).waiting == (1,)


@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 20)), max_size=30))
def test_highest_and_lowest_unmatched_are_the_extremes_of_the_values_sent_once(sent: list[tuple[int, int]]) -> None:
    last = dict(sent)  # a seat's last value counts, as in a round
    values = sorted(last.items())
    counts = Counter(last.values())
    alone = [v for v, n in counts.items() if n == 1]
    high, low = highest_unmatched(values), lowest_unmatched(values)
    if not alone:
        assert high is None and low is None
        return
    assert high is not None and low is not None
    assert high[1] == max(alone) and last[high[0]] == high[1]
    assert low[1] == min(alone) and last[low[0]] == low[1]


def test_every_value_matched_leaves_no_winner() -> None:
    assert highest_unmatched([(0, 5), (1, 5), (2, 2), (3, 2)]) is None
    assert highest_unmatched([]) is None
