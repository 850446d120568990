"""R-GH-3's hap bounds: every range the settings allow is drawn quickly, or refused when the scenario
loads, saying why (issue 18: `min_haps = max_haps = 0` held block 2's start for 20 s)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest

from umpire.core import hap
from umpire.games.choice.gyul import ALL_BOARDS, BOARDS_BY_HAPS, MIN_SHARE, boards, bounds_problem, share_within
from umpire.games.choice.settings import SETTINGS
from umpire.scenario import ScenarioError, parse

from .test_choice_support import scenario_text

BOUND = {s.key: (int(s.minimum or 0), int(s.maximum or 0)) for s in SETTINGS if s.key in ("min_haps", "max_haps")}
ALLOWED = [
    (lo, hi)
    for lo in range(BOUND["min_haps"][0], BOUND["min_haps"][1] + 1)
    for hi in range(max(lo, BOUND["max_haps"][0]), BOUND["max_haps"][1] + 1)
]


def test_min_and_max_haps_of_zero_are_refused_when_the_scenario_loads_saying_why() -> None:
    with pytest.raises(ScenarioError) as info:
        parse(scenario_text(min_haps=0, max_haps=0), "s.toml")
    assert str(info.value) == (
        "s.toml: rules.min_haps: boards of 0 to 0 haps are too rare to draw (only 1 random board in 2,225 has that many; "
        "nine tiles hold 0–6, 8 or 12 haps); choose bounds that at least 1 board in 100 meets, e.g. min_haps = 0 and max_haps = 1"
    )


def test_the_bounds_suggested_instead_of_a_refused_range_are_accepted() -> None:
    parse(scenario_text(min_haps=0, max_haps=1), "s.toml")


@pytest.mark.parametrize(("lo", "hi"), ALLOWED)
def test_every_hap_range_the_bounds_allow_is_drawn_quickly_or_refused(lo: int, hi: int) -> None:
    problem = bounds_problem(lo, hi)
    if problem is not None:
        assert share_within(lo, hi) < MIN_SHARE
        with pytest.raises(ScenarioError) as info:
            parse(scenario_text(min_haps=lo, max_haps=hi), "s.toml")
        assert str(info.value) == f"s.toml: rules.min_haps: {problem}"
        return
    # At least 1 draw in 100 fits, so even 500 boards take at most 50,000 draws on average.
    assert share_within(lo, hi) >= MIN_SHARE
    parse(scenario_text(min_haps=lo, max_haps=hi), "s.toml")
    dealt = boards("bounds", 50, lo, hi)
    assert all(lo <= len(b.haps) <= hi for b in dealt)


def test_bounds_no_board_meets_are_refused_by_the_generator_at_once_not_drawn_forever() -> None:
    with pytest.raises(ValueError, match="no board has that many"):
        boards("1", 50, 9, 11)


def test_only_zero_to_zero_is_too_rare_among_the_allowed_ranges() -> None:
    assert [r for r in ALLOWED if bounds_problem(*r)] == [(0, 0)]


def test_ranges_no_board_meets_are_refused_with_bounds_that_work() -> None:
    problem = bounds_problem(7, 7)
    assert problem is not None
    assert "no board has that many" in problem
    assert problem.endswith("e.g. min_haps = 6 and max_haps = 7")
    assert share_within(6, 7) >= MIN_SHARE


def test_the_table_of_boards_by_hap_count_covers_every_board() -> None:
    assert sum(BOARDS_BY_HAPS.values()) == ALL_BOARDS == comb(27, 9)
    assert set(BOARDS_BY_HAPS) == {0, 1, 2, 3, 4, 5, 6, 8, 12}


@pytest.mark.slow
def test_the_table_of_boards_by_hap_count_is_exact() -> None:
    # The affine maps of the 27 tiles keep haps haps and take any two tiles to any two, so every pair
    # of tiles lies in the same number of k-hap boards: count the boards holding tiles 0 and 1, then
    # scale by the 351 pairs over the 36 pairs in a board.
    lines = [(1 << a) | (1 << b) | (1 << c) for a, b, c in hap.haps_among(hap.PIECES)]
    with_pair: Counter[int] = Counter()
    for rest in combinations(range(2, 27), 7):
        board = 0b11
        for tile in rest:
            board |= 1 << tile
        with_pair[sum(1 for line in lines if board & line == line)] += 1
    assert {k: n * comb(27, 2) // comb(9, 2) for k, n in with_pair.items()} == BOARDS_BY_HAPS
    assert all(n * comb(27, 2) % comb(9, 2) == 0 for n in with_pair.values())
