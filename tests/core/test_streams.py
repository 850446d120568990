"""Seeded named streams: reproducible, independent by name, uniform enough to be fair."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core.streams import Stream, Streams

seeds = st.text(min_size=0, max_size=20)
names = st.text(min_size=0, max_size=20)


def draws(stream: Stream, bound: int, count: int) -> list[int]:
    return [stream.below(bound) for _ in range(count)]


def test_the_same_seed_and_name_give_the_same_draws() -> None:
    a = Streams("20261121").stream("board")
    b = Streams("20261121").stream("board")
    assert draws(a, 27, 50) == draws(b, 27, 50)


def test_a_fresh_stream_for_a_name_starts_over() -> None:
    streams = Streams("7")
    first = draws(streams.stream("shop"), 9, 20)
    assert draws(streams.stream("shop"), 9, 20) == first


def test_draws_are_fixed_across_versions_and_machines() -> None:
    # The generator is specified (SHA-256 in counter mode), so these values are part of the format.
    assert Streams("42").stream("demo").shuffled(range(5)) == [0, 2, 4, 1, 3]


def test_different_seeds_give_different_draws() -> None:
    assert draws(Streams("1").stream("board"), 1000, 20) != draws(Streams("2").stream("board"), 1000, 20)


def test_different_names_give_different_draws() -> None:
    streams = Streams("1")
    assert draws(streams.stream("board"), 1000, 20) != draws(streams.stream("shop"), 1000, 20)


def test_seed_and_name_do_not_run_together() -> None:
    # "1" + "2|x" and "12" + "x" must not be the same stream just because the text joins up.
    assert draws(Streams("1").stream("2x"), 1000, 10) != draws(Streams("12").stream("x"), 1000, 10)


def test_drawing_from_one_stream_never_shifts_another() -> None:
    alone = draws(Streams("s").stream("prizes"), 9, 30)
    streams = Streams("s")
    prizes = streams.stream("prizes")
    shop = streams.stream("shop")
    mixed = []
    for i in range(30):
        draws(shop, 1000 + i, 7)
        mixed.append(prizes.below(9))
    assert mixed == alone


@settings(max_examples=40, deadline=None)
@given(seed=seeds, name=names, other=names, bound=st.integers(min_value=1, max_value=10**6))
def test_any_other_stream_leaves_a_stream_unchanged(seed: str, name: str, other: str, bound: int) -> None:
    alone = draws(Streams(seed).stream(name), bound, 5)
    streams = Streams(seed)
    mine, theirs = streams.stream(name), streams.stream(other)
    interleaved = []
    for _ in range(5):
        theirs.below(bound)
        interleaved.append(mine.below(bound))
    assert interleaved == alone


@settings(max_examples=60, deadline=None)
@given(seed=seeds, name=names, bound=st.integers(min_value=1, max_value=2**70))
def test_below_stays_in_bounds(seed: str, name: str, bound: int) -> None:
    stream = Streams(seed).stream(name)
    for _ in range(10):
        assert 0 <= stream.below(bound) < bound


def test_below_one_is_always_zero() -> None:
    stream = Streams("x").stream("y")
    assert draws(stream, 1, 10) == [0] * 10


@pytest.mark.parametrize("bound", [0, -1, -27])
def test_below_refuses_a_bound_that_is_not_positive(bound: int) -> None:
    with pytest.raises(ValueError, match="positive bound"):
        Streams("x").stream("y").below(bound)


@pytest.mark.parametrize("bound", [2, 3, 6, 9, 27, 200, 257, 1000])
def test_below_reaches_every_value_roughly_evenly(bound: int) -> None:
    stream = Streams("uniform").stream(f"below-{bound}")
    per_value = 60
    counts = Counter(draws(stream, bound, bound * per_value))
    assert set(counts) == set(range(bound))
    # Loose sanity bounds (far outside any plausible fluctuation), not a statistical test.
    assert min(counts.values()) >= per_value // 4
    assert max(counts.values()) <= per_value * 3


def test_below_does_not_favour_low_values_when_bound_does_not_divide_the_range() -> None:
    # 256 % 171 != 0: without rejection sampling the values below 85 would come up twice as often.
    counts = Counter(draws(Streams("bias").stream("b"), 171, 171 * 200))
    low = sum(counts[v] for v in range(85))
    high = sum(counts[v] for v in range(85, 170))
    assert 0.8 < low / high < 1.25


def test_choice_picks_an_element_and_reaches_them_all() -> None:
    items = ["red", "green", "blue"]
    stream = Streams("c").stream("colour")
    picked = [stream.choice(items) for _ in range(100)]
    assert set(picked) == set(items)


def test_choice_follows_below() -> None:
    items = list("abcdefghi")
    a, b = Streams("c").stream("n"), Streams("c").stream("n")
    assert [a.choice(items) for _ in range(20)] == [items[b.below(9)] for _ in range(20)]


@settings(max_examples=60, deadline=None)
@given(seed=seeds, name=names, items=st.lists(st.integers(), max_size=40))
def test_shuffled_is_a_permutation(seed: str, name: str, items: list[int]) -> None:
    out = Streams(seed).stream(name).shuffled(items)
    assert sorted(out) == sorted(items)
    assert len(out) == len(items)


@settings(max_examples=30, deadline=None)
@given(seed=seeds, name=names, items=st.lists(st.integers(), max_size=20))
def test_shuffled_is_reproducible_and_leaves_its_input_alone(seed: str, name: str, items: list[int]) -> None:
    before = list(items)
    first = Streams(seed).stream(name).shuffled(items)
    assert items == before
    assert Streams(seed).stream(name).shuffled(items) == first


def test_shuffled_takes_any_iterable() -> None:
    out = Streams("1").stream("deck").shuffled(x for x in range(9))
    assert sorted(out) == list(range(9))


def test_shuffled_reaches_every_order_of_three() -> None:
    stream = Streams("perm").stream("three")
    orders = Counter(tuple(stream.shuffled("abc")) for _ in range(600))
    assert len(orders) == 6
    assert min(orders.values()) >= 40


def test_shuffle_moves_things() -> None:
    stream = Streams("move").stream("deck")
    assert any(stream.shuffled(range(10)) != list(range(10)) for _ in range(3))
