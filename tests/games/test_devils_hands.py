"""Hands (R-DD-4) and divisions: ranking every hand, naming it, comparing two, reading and judging a
division of a refill, and the best division of one.

“The 2,925 possible hands” are the C(27, 3) = 2,925 sets of three *different* cards among the 27
kinds: a hand never holds two copies of one card, and the colour-and-number kind is all that
matters, so copies from different decks make the same hand.
"""

from __future__ import annotations

import itertools
from bisect import bisect_left, bisect_right
from collections import Counter
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core.errors import InvalidCommand
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.divisions import Division, best_division, problems, read_division, read_segment
from umpire.games.devilsdeal.hands import (
    CATEGORIES,
    DEFAULT_ORDER,
    HANDS,
    all_hands,
    category_name,
    compare,
    describe,
    hand,
    standing,
    strength,
    why,
)

from .test_devils_support import cards

# ---------------------------------------------------------------- the 2,925 hands


def test_there_are_2925_hands_of_three_different_cards() -> None:
    hands = all_hands()
    assert len(hands) == HANDS == comb(27, 3) == 2925
    assert len(set(hands)) == 2925
    assert all(len(set(h)) == 3 for h in hands)


def test_every_hand_falls_in_the_category_the_counts_predict() -> None:
    # Counted by hand, independently of the code: 3 colours x 9 numbers.
    expected = {
        "three of a kind": 9,  # one per number: R, G and B of it
        "straight flush": 3 * 7,  # a colour and one of the 7 runs 1-2-3 … 7-8-9 (no wrapping)
        "straight": 7 * (3**3 - 3),  # a run in any colours but not all one colour
        "flush": 3 * (comb(9, 3) - 7),  # three numbers of one colour that are not a run
        "pair": 9 * comb(3, 2) * (8 * 3),  # the pair's number, its two colours, a kicker of another number
        "high card": (comb(9, 3) - 7) * (3**3 - 3),  # three numbers, not a run, not one colour
    }
    assert expected == {
        "three of a kind": 9,
        "straight flush": 21,
        "straight": 168,
        "flush": 231,
        "pair": 648,
        "high card": 1848,
    }
    assert sum(expected.values()) == 2925
    counted = Counter(category_name(h) for h in all_hands())
    assert counted == expected


def test_strengths_are_ranked_by_category_in_the_ruling_order() -> None:
    # R-DD-4: three of a kind > straight flush > straight > flush > pair > high card; every hand of a
    # better category beats every hand of a worse one.
    by_category: dict[str, list[int]] = {c: [] for c in CATEGORIES}
    for h in all_hands():
        by_category[category_name(h)].append(strength(h))
    for better, worse in itertools.pairwise(DEFAULT_ORDER):
        assert min(by_category[better]) > max(by_category[worse]), f"{better} must beat {worse}"


def test_three_of_a_kind_beats_a_straight_flush() -> None:
    assert compare(hand("R2 G2 B2"), hand("R7 R8 R9")) == 1
    assert why(hand("R2 G2 B2"), hand("R7 R8 R9")) == "three of a kind beats straight flush"


def test_a_straight_beats_a_flush() -> None:
    assert compare(hand("R4 G5 B6"), hand("B9 B7 B2")) == 1
    assert compare(hand("B9 B7 B2"), hand("R4 G5 B6")) == -1


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("R5 G5 B5", "G4 G5 G6"),
        ("G4 G5 G6", "R7 G8 B9"),
        ("R7 G8 B9", "B1 B2 B4"),
        ("B1 B2 B4", "R2 G2 B3"),
        ("R2 G2 B3", "R9 G8 B6"),
    ],
)
def test_each_category_beats_the_next_one_down(better: str, worse: str) -> None:
    assert compare(hand(better), hand(worse)) == 1


def test_straights_do_not_wrap_around() -> None:
    assert category_name(hand("R8 G9 B1")) == "high card"
    assert category_name(hand("R9 R1 R2")) == "flush"
    assert category_name(hand("R1 G2 B3")) == "straight"


def test_the_cards_of_a_hand_are_unordered() -> None:
    # The card's example: 5 in the community, 6 and 4 revealed later is still a straight.
    assert describe(hand("G5 R6 B4")) == "straight 4-5-6"
    assert strength(hand("G5 R6 B4")) == strength(hand("B4 G5 R6"))


def test_a_pair_is_compared_by_its_number_then_the_kicker() -> None:
    assert compare(hand("R7 G7 B2"), hand("R6 G6 B9")) == 1
    assert why(hand("R7 G7 B2"), hand("R6 G6 B9")) == "pair of 7s beats pair of 6s"
    assert compare(hand("R7 G7 B9"), hand("G7 B7 R4")) == 1
    assert why(hand("R7 G7 B9"), hand("G7 B7 R4")) == "both pairs of 7s: the kicker 9 beats 4"


def test_high_cards_compare_from_the_top_down() -> None:
    assert compare(hand("R9 G6 B2"), hand("G9 B5 R4")) == 1
    assert why(hand("R9 G6 B2"), hand("G9 B5 R4")) == "both high card: 9 = 9, then 6 beats 5"
    assert compare(hand("R9 G6 B3"), hand("G9 B6 R2")) == 1


def test_straights_compare_by_their_top_card() -> None:
    assert compare(hand("R5 G6 B7"), hand("R4 G5 B6")) == 1
    assert why(hand("R5 G6 B7"), hand("R4 G5 B6")) == "both straights: 7-high beats 6-high"


def test_colours_never_break_a_tie() -> None:
    assert compare(hand("R9 G6 B2"), hand("B9 R6 G2")) == 0
    assert compare(hand("R4 R5 R6"), hand("B4 B5 B6")) == 0
    assert why(hand("R4 R5 R6"), hand("B4 B5 B6")) == "both straight flushes 4-5-6: a tie (colours never break ties)"
    assert compare(hand("R7 G7 B3"), hand("G7 B7 R3")) == 0


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("R5 G5 B5", "three 5s"),
        ("R4 R5 R6", "straight flush 4-5-6 (red)"),
        ("G5 R6 B4", "straight 4-5-6"),
        ("B2 B9 B6", "flush 9-6-2 (blue)"),
        ("R7 G7 B2", "pair of 7s"),
        ("R9 G2 B6", "high card 9-6-2"),
    ],
)
def test_hands_are_named_for_the_chat(text: str, name: str) -> None:
    assert describe(hand(text)) == name


def _brute(h: tuple[int, ...]) -> tuple[int, list[int]]:
    """An independent ranking: (category rank, tie-break numbers) from the card's words."""
    nums = sorted((C.number(c) for c in h), reverse=True)
    same_colour = len({C.colour(c) for c in h}) == 1
    run = nums[0] - 1 == nums[1] and nums[1] - 1 == nums[2]
    counts = Counter(nums)
    if len(counts) == 1:
        return 5, nums
    if run and same_colour:
        return 4, nums
    if run:
        return 3, nums
    if same_colour:
        return 2, nums
    if len(counts) == 2:
        pair = next(n for n, k in counts.items() if k == 2)
        kicker = next(n for n, k in counts.items() if k == 1)
        return 1, [pair, kicker]
    return 0, nums


@settings(max_examples=300, deadline=None)
@given(a=st.sampled_from(all_hands()), b=st.sampled_from(all_hands()))
def test_comparison_agrees_with_an_independent_ranking(a: tuple[int, int, int], b: tuple[int, int, int]) -> None:
    ra, rb = _brute(a), _brute(b)
    expected = (ra > rb) - (ra < rb)
    assert compare(a, b) == expected


def test_a_scenario_hand_order_ranks_by_it() -> None:
    poker = ("straight flush", "three of a kind", "straight", "flush", "pair", "high card")
    assert compare(hand("R7 R8 R9"), hand("R2 G2 B2"), poker) == 1
    assert compare(hand("R7 R8 R9"), hand("R2 G2 B2")) == -1


@pytest.mark.parametrize("text", ["R5 G5", "R5 G5 B5 R6", "R5 R5 G5", "Y5 G5 B5", "R0 G5 B5"])
def test_a_hand_that_is_not_three_different_cards_is_not_read(text: str) -> None:
    with pytest.raises(InvalidCommand):
        hand(text)


# ---------------------------------------------------------------- divisions

CARD_EXAMPLE = "G5 B3 R3 R7 B6 G1 G2 G8 B5 R2 B9 G6"  # the card's example refill


def test_the_cards_example_division_is_valid_and_takes_eight() -> None:
    offer = cards(CARD_EXAMPLE)
    d = Division.of(read_division("B9 G5 | G8 B6 | R2 R3 B3 G6 | aside G2 B5 R7"))
    assert problems(offer, d) == []
    assert d.total() == 14
    assert sorted(C.name_list(d.taken(offer))) == sorted(["R2", "R3", "B3", "G5", "G6", "B6", "G8", "B9"])
    assert C.name_list(d.set_aside(offer)) == ["R7", "G1", "G2", "B5"]  # in the order offered


def test_unequal_sums_are_refused_showing_each_piles_sum() -> None:
    d = Division.of(read_division("B9 G5 | G8 B5 | aside G2 B6 R7"))
    assert problems(cards(CARD_EXAMPLE), d) == [
        "the piles' sums differ: B9 G5 = 14, G8 B5 = 13, set aside G2 B6 R7 = 15; every pile needs the same sum",
    ]


def test_a_card_not_offered_is_refused() -> None:
    d = Division.of(read_division("B9 G5 | G4 G8 R2 | aside G2 B5 R7"))
    assert problems(cards(CARD_EXAMPLE), d) == [f"G4 was not offered (the cards: {CARD_EXAMPLE})"]


def test_a_card_used_twice_is_refused() -> None:
    d = Division.of(read_division("B9 G5 | G8 B6 | aside B9 G5"))
    assert problems(cards(CARD_EXAMPLE), d) == ["B9 G5 are used twice"]


def test_a_division_without_a_marked_pile_is_refused() -> None:
    d = Division.of(read_division("B9 G5 | G8 B6"))
    assert problems(cards(CARD_EXAMPLE), d) == ["no pile is marked set aside (write “aside” before the pile to set aside)"]


def test_two_marked_piles_are_refused() -> None:
    d = Division.of(read_division("aside B9 G5 | x G8 B6 | R2 R3 B3 G6"))
    assert problems(cards(CARD_EXAMPLE), d) == ["2 piles are marked set aside (B9 G5 and G8 B6); mark exactly one"]


def test_a_pile_below_the_minimum_is_refused() -> None:
    # R-DD-3 with min_pile_cards = 2.
    d = Division.of(read_division("G1 | aside R1"))
    assert problems(cards("G1 R1 B1"), d, min_pile=2) == ["piles 1 and 2 have too few cards (a pile needs at least 2 cards, R-DD-3)"]
    d = Division.of(read_division("G1 B1 | aside R1"))
    assert problems(cards("G1 R1 B1"), d, min_pile=2) == [
        "pile 2 has too few cards (a pile needs at least 2 cards, R-DD-3)",
        "the piles' sums differ: G1 B1 = 2, set aside R1 = 1; every pile needs the same sum",
    ]


def test_cards_listed_as_unused_are_set_aside() -> None:
    offer = cards(CARD_EXAMPLE)
    d = Division.of(read_division("B9 G5 | aside G8 B6 | unused G1"))
    assert problems(offer, d) == []
    assert C.name_list(d.taken(offer)) == ["G5", "B9"]


@pytest.mark.parametrize(
    "text",
    [
        "B9 G5 | G8 B6 | aside G2 B5 R7",
        "b9 g5 | g8 b6 | ASIDE g2 b5 r7",
        "B9, G5 | G8, B6 | G2, B5, R7 (aside)",
        "B9 G5 (14) | G8 B6 = 14 | set aside: G2 B5 R7 (sum 14)",
        "1: B9 G5 | 2: G8 B6 | x G2 B5 R7 |",
        "B9+G5 | G8+B6 | G2 B5 R7 set-aside",
    ],
)
def test_a_division_can_be_written_in_many_reasonable_ways(text: str) -> None:
    d = Division.of(read_division(text))
    assert C.name_list(p for pile in d.kept() for p in pile) == ["B9", "G5", "G8", "B6"]
    assert C.name_list(d.aside) == ["G2", "B5", "R7"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("B9 G5 | Y4", "“Y4” is not a card: a card is a colour R, G or B and a number 1–9, e.g. R5"),
        ("B9 5 | G8", "“5” is not a card: it needs a colour (R5, G5 or B5)"),
        ("B9 G5 || G8 B6", "part 2 of the division has no cards (nothing between two “|”)"),
        ("B9 hello", "“hello” is not a card (write a colour R, G or B and a number 1–9, e.g. R5 G5 B5)"),
    ],
)
def test_an_unreadable_division_says_why(text: str, reason: str) -> None:
    with pytest.raises(InvalidCommand) as exc:
        read_division(text)
    assert exc.value.reason == reason


def test_a_segment_is_read_with_its_marker() -> None:
    assert read_segment("aside: G2 B5 R7", "").kind == "aside"
    assert read_segment("- pile 3: R2 R3", "").kind == "pile"
    assert read_segment("unused: G1", "").kind == "unused"


# ---------------------------------------------------------------- the best division


def test_the_best_division_of_the_cards_example_takes_ten() -> None:
    offer = cards(CARD_EXAMPLE)
    best = best_division(offer)
    assert best is not None
    assert problems(offer, best) == []
    assert len(best.taken(offer)) == 10
    assert best.total() == 8


def test_no_division_takes_a_card_when_no_two_disjoint_piles_share_a_sum() -> None:
    assert best_division(cards("R1 R2 R4")) is None
    assert best_division(cards("R9")) is None


def _exhaustive(offer: tuple[int, ...], min_pile: int) -> int:
    """The most cards any division takes: every set of disjoint equal-sum piles, enumerated one by one."""
    n = len(offer)
    masks = [m for m in range(1, 1 << n) if bin(m).count("1") >= min_pile]
    total = {m: sum(C.number(offer[i]) for i in range(n) if m >> i & 1) for m in masks}
    best = 0
    for s in set(total.values()):
        piles = [m for m in masks if total[m] == s]

        def grow(start: int, used: int, sizes: list[int], piles: list[int] = piles) -> None:
            nonlocal best
            if len(sizes) >= 2:
                best = max(best, sum(sizes) - min(sizes))
            for j in range(start, len(piles)):
                if piles[j] & used == 0:
                    grow(j + 1, used | piles[j], [*sizes, bin(piles[j]).count("1")])

        grow(0, 0, [])
    return best


@settings(max_examples=60, deadline=None)
@given(offer=st.lists(st.integers(0, 26), min_size=2, max_size=8, unique=True), min_pile=st.sampled_from([1, 1, 2]))
def test_the_best_division_takes_as_many_cards_as_an_exhaustive_search(offer: list[int], min_pile: int) -> None:
    o = tuple(offer)
    got = best_division(o, min_pile)
    taken = 0 if got is None else len(got.taken(o))
    if got is not None:
        assert problems(o, got, min_pile) == []
    assert taken == _exhaustive(o, min_pile)


@settings(max_examples=30, deadline=None)
@given(offer=st.lists(st.integers(0, 26), min_size=12, max_size=12, unique=True))
def test_the_best_division_of_twelve_cards_is_valid(offer: list[int]) -> None:
    o = tuple(offer)
    best = best_division(o)
    assert best is not None  # twelve different cards always hold two disjoint piles of one sum
    assert problems(o, best) == []
    assert len(best.taken(o)) + len(best.set_aside(o)) == 12


@pytest.mark.parametrize("order", [DEFAULT_ORDER, ("high card", "pair", "flush", "straight", "straight flush", "three of a kind")])
def test_standing_counts_the_other_2924_hands_each_hand_beats_ties_and_loses_to(order: tuple[str, ...]) -> None:
    # Against a brute force over every hand's strength (what `check hand` used to build in every process).
    every = sorted(strength(h, order) for h in all_hands())
    for h in all_hands():
        mine = strength(h, order)
        beats = bisect_left(every, mine)
        ties = bisect_right(every, mine) - beats - 1
        assert standing(h, order) == (beats, ties, HANDS - 1 - beats - ties)
