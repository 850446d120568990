"""The Final Match's scenario: the bundled file reads as written; Advantage lists, timings and the
price list are checked, each problem naming its key.
"""

from __future__ import annotations

from typing import Any

import pytest

from umpire.games.choice.config import validate
from umpire.scenario import ScenarioError, parse

from .test_choice_support import SCENARIO_FILE, scenario, scenario_text


def problem(**rules_overrides: Any) -> str:
    with pytest.raises(ScenarioError) as info:
        parse(scenario_text(**rules_overrides), "s.toml")
    return str(info.value)


def test_the_bundled_scenario_reads_as_written() -> None:
    sc = scenario()
    assert sc.game.key == "choice-is-yours"
    assert sc.seed == "9701"
    assert [(p.seat, p.name, p.aliases) for p in sc.roster] == [(0, "Hedger", ("p1", "Player1")), (1, "Uri", ("p2", "Player2"))]
    assert sc.settings == {
        "goofspiel_advantage": [1, 0],
        "gyul_hap_advantage": [0, 1],
        "expressions_advantage": [1, 1],
        "block_seconds": 600,
        "round_seconds": 59,
        "round_break_seconds": 1,
        "round_reminder_seconds": 10,
        "shop_cycle_seconds": 200,
        "shop_credit": 30,
        "starting_money": 0,
        "tile_copies": 3,
        "prices": [2, 2, 2, 3, 3, 4, 4, 5, 5],
    }
    assert sc.path == str(SCENARIO_FILE)


@pytest.mark.parametrize("key", ["goofspiel_advantage", "gyul_hap_advantage", "expressions_advantage"])
@pytest.mark.parametrize("value", [[1], [1, 0, 0], []])
def test_an_advantage_list_of_the_wrong_length_is_refused(key: str, value: list[int]) -> None:
    assert problem(**{key: value}) == f"s.toml: rules.{key}: expected one value per player (2), got {len(value)}"


@pytest.mark.parametrize("key", ["goofspiel_advantage", "gyul_hap_advantage", "expressions_advantage"])
@pytest.mark.parametrize(("value", "bad"), [([3, 0], 3), ([0, -1], -1)])
def test_more_than_two_copies_of_an_advantage_is_refused(key: str, value: list[int], bad: int) -> None:
    assert problem(**{key: value}) == (
        f"s.toml: rules.{key}: expected a list of whole numbers from 0 to 2, one per player in seating order, got {bad}"
    )


def test_two_copies_of_an_advantage_for_each_player_is_accepted() -> None:
    sc = scenario(goofspiel_advantage=[2, 2], gyul_hap_advantage=[0, 0], expressions_advantage=[2, 0])
    assert sc.settings["goofspiel_advantage"] == [2, 2]


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"round_seconds": 66}, "rules.round_seconds: nine rounds of 66 s + 1 s breaks do not fit in a 600 s block"),
        (
            {"round_seconds": 65, "round_break_seconds": 2},
            "rules.round_seconds: nine rounds of 65 s + 2 s breaks do not fit in a 600 s block",
        ),
        ({"block_seconds": 538}, "rules.round_seconds: nine rounds of 59 s + 1 s breaks do not fit in a 538 s block"),
        ({"shop_cycle_seconds": 201}, "rules.shop_cycle_seconds: three cycles of 201 s do not fit in a 600 s block"),
        ({"block_seconds": 539}, "rules.shop_cycle_seconds: three cycles of 200 s do not fit in a 539 s block"),
        ({"round_reminder_seconds": 59}, "rules.round_reminder_seconds: expected fewer than round_seconds (59)"),
    ],
)
def test_timings_that_do_not_fit_a_block_are_refused(overrides: dict[str, Any], message: str) -> None:
    assert problem(**overrides) == f"s.toml: {message}"


def test_timings_that_just_fit_a_block_are_accepted() -> None:
    # Nine rounds of 59 s with eight 1 s breaks take 539 s; three cycles of 179 s take 537 s.
    sc = scenario(block_seconds=539, shop_cycle_seconds=179)
    assert sc.settings["block_seconds"] == 539
    assert scenario(round_seconds=65, round_break_seconds=1).settings["round_seconds"] == 65


@pytest.mark.parametrize("prices", [[2, 2, 2, 3, 3, 4, 4, 5], [2, 2, 2, 3, 3, 4, 4, 5, 5, 6], [5]])
def test_a_price_list_that_is_not_nine_prices_is_refused(prices: list[int]) -> None:
    assert problem(prices=prices) == f"s.toml: rules.prices: expected nine prices, one for each tile 1–9, got {len(prices)}"


def test_a_price_below_1_is_refused() -> None:
    assert problem(prices=[0, 2, 2, 3, 3, 4, 4, 5, 5]) == "s.toml: rules.prices: expected a list of whole numbers of at least 1, got 0"


def test_validate_reports_every_problem_with_its_key() -> None:
    settings = dict(scenario().settings)
    settings.update(block_seconds=300, prices=[1, 2], round_reminder_seconds=70)
    assert [key for key, _ in validate(settings)] == ["round_seconds", "shop_cycle_seconds", "prices", "round_reminder_seconds"]


def test_the_rulings_name_the_settings_in_force() -> None:
    sc = scenario(shop_credit=25, goofspiel_advantage=[2, 0])
    rulings = sc.game.rulings(sc.settings)
    assert any("plus $25 (shop_credit)" in r for r in rulings)
    assert any("Goofspiel: p1×2, p2×0" in r for r in rulings)
    assert any("at full value" in r for r in rulings)
