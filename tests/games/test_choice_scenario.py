"""The Final Match's scenario: the bundled file reads as written; Advantage lists, timings and the
price list are checked, each problem naming its key.
"""

from __future__ import annotations

from typing import Any

import pytest

from umpire.core.settings import Settings
from umpire.games.choice.settings import SETTINGS, validate
from umpire.scenario import ScenarioError, parse

from .test_choice_support import SCENARIO_FILE, scenario, scenario_text


def problem(**rules_overrides: Any) -> str:
    with pytest.raises(ScenarioError) as info:
        parse(scenario_text(**rules_overrides), "s.toml")
    return str(info.value)


def test_the_bundled_scenario_reads_as_written() -> None:
    sc = scenario()
    assert sc.game.key == "choice-is-yours"
    assert sc.seed is None
    assert [(p.seat, p.name, p.aliases) for p in sc.roster] == [
        (0, "Hedger", ("p1", "Player 1", "Player1")),
        (1, "Uri", ("p2", "Player 2", "Player2")),
    ]
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
        "gyul_boards": 50,
        "min_haps": 1,
        "max_haps": 6,
        "gyul_grace_seconds": 3,
        "emoji": ":hap{colour}{background}{shape}:",
        "expr_set_seconds": 300,
        "puzzles_per_set": 5,
        "min_solutions": 3,
        "max_target": 999,
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
        ({"expr_set_seconds": 301}, "rules.expr_set_seconds: two sets of 301 s do not fit in a 600 s block"),
    ],
)
def test_timings_that_do_not_fit_a_block_are_refused(overrides: dict[str, Any], message: str) -> None:
    assert problem(**overrides) == f"s.toml: {message}"


def test_timings_that_just_fit_a_block_are_accepted() -> None:
    # Nine rounds of 59 s with eight 1 s breaks take 539 s; three cycles of 179 s take 537 s;
    # two Expressions sets of 269 s take 538 s.
    sc = scenario(block_seconds=539, shop_cycle_seconds=179, expr_set_seconds=269)
    assert sc.settings["block_seconds"] == 539
    assert scenario(round_seconds=65, round_break_seconds=1).settings["round_seconds"] == 65


@pytest.mark.parametrize("prices", [[2, 2, 2, 3, 3, 4, 4, 5], [2, 2, 2, 3, 3, 4, 4, 5, 5, 6], [5]])
def test_a_price_list_that_is_not_nine_prices_is_refused(prices: list[int]) -> None:
    assert problem(prices=prices) == f"s.toml: rules.prices: expected nine prices, one for each tile 1–9, got {len(prices)}"


def test_a_price_below_1_is_refused() -> None:
    assert problem(prices=[0, 2, 2, 3, 3, 4, 4, 5, 5]) == "s.toml: rules.prices: expected a list of whole numbers from 1 to 1000, got 0"


def test_validate_reports_every_problem_with_its_key() -> None:
    settings = Settings(scenario().settings)
    settings.update(block_seconds=300, prices=[1, 2], round_reminder_seconds=70)
    assert [key for key, _ in validate(settings)] == [
        "round_seconds",
        "shop_cycle_seconds",
        "prices",
        "expr_set_seconds",
        "round_reminder_seconds",
    ]


def test_the_rulings_name_the_settings_in_force() -> None:
    sc = scenario(shop_credit=25, goofspiel_advantage=[2, 0])
    rulings = sc.game.rulings(Settings(sc.settings))
    assert any("plus $25 (shop_credit)" in r for r in rulings)
    assert any("Goofspiel: p1×2, p2×0" in r for r in rulings)
    assert any("at full value" in r for r in rulings)


# ---------------------------------------------------------------- Gyul Hap and Expressions settings


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"min_haps": 5, "max_haps": 4}, "rules.min_haps: expected at most max_haps (4), got 5"),
        ({"min_haps": 7}, "rules.min_haps: expected a whole number from 0 to 6, got 7"),
        ({"max_haps": 13}, "rules.max_haps: expected a whole number from 0 to 12, got 13"),
        ({"gyul_boards": 0}, "rules.gyul_boards: expected a whole number from 1 to 500, got 0"),
        ({"gyul_grace_seconds": -1}, "rules.gyul_grace_seconds: expected a number from 0 to 60, got -1"),
        ({"puzzles_per_set": 10}, "rules.puzzles_per_set: expected a whole number from 1 to 9, got 10"),
        ({"min_solutions": 0}, "rules.min_solutions: expected a whole number from 1 to 100, got 0"),
        ({"max_target": 0}, "rules.max_target: expected a whole number from 1 to 6561, got 0"),
        (
            {"emoji": ":hap{color}:"},
            "rules.emoji: expected a template using only {colour}, {background} and {shape} ('color')",
        ),
        (
            {"emoji": ":hap{colour"},
            "rules.emoji: expected a template using only {colour}, {background} and {shape} (expected '}' before end of string)",
        ),
    ],
)
def test_gyul_hap_and_expressions_settings_out_of_range_are_refused(overrides: dict[str, Any], message: str) -> None:
    assert problem(**overrides) == f"s.toml: {message}"


def test_a_fractional_gyul_grace_is_accepted() -> None:
    assert scenario(gyul_grace_seconds=2.5).settings["gyul_grace_seconds"] == 2.5


@pytest.mark.parametrize("emoji", [":hap{colour.x}:", ":hap{colour[x]}:"])
def test_an_emoji_template_with_attribute_or_index_lookups_is_refused_naming_its_key(emoji: str) -> None:
    # R-GH-4's key is a format template; a lookup on a letter must be a scenario problem, not a crash.
    assert problem(emoji=emoji).startswith("s.toml: rules.emoji: expected a template using only {colour}, {background} and {shape}")


def test_hap_bounds_no_board_can_meet_are_refused() -> None:
    # Nine tiles hold 0–6, 8 or 12 haps, never exactly 7 (checked over every 9-tile board in
    # test_choice_properties.py): min_haps = max_haps = 7 would make the generator draw forever
    # when block 2 starts.
    message = problem(min_haps=7, max_haps=7)
    assert message.startswith(("s.toml: rules.min_haps: ", "s.toml: rules.max_haps: "))


def test_a_min_solutions_no_puzzle_can_meet_is_refused() -> None:
    # No puzzle has more than 489 solutions (`_-_+_/_=1`, `_-_+_+_=10`, …): min_solutions = 490 would
    # make the puzzle generator draw forever when block 2 starts.
    message = problem(min_solutions=490)
    assert message.startswith("s.toml: rules.min_solutions: ")


def test_puzzle_settings_with_too_few_puzzles_for_a_set_are_refused() -> None:
    # Only five puzzles have a target of 1 and at least 400 solutions: a set of nine distinct ones
    # can never be drawn.
    message = problem(max_target=1, min_solutions=400, puzzles_per_set=9)
    assert message.startswith(("s.toml: rules.puzzles_per_set: ", "s.toml: rules.min_solutions: ", "s.toml: rules.max_target: "))


# ---------------------------------------------------------------- bounds (issue 13)


def test_every_numeric_setting_has_a_lower_and_an_upper_bound() -> None:
    numeric = [st for st in SETTINGS if st.kind in ("int", "number", "list[int]")]
    assert numeric
    assert [st.key for st in numeric if st.minimum is None or st.maximum is None] == []


def test_a_hundred_million_gyul_boards_is_refused_at_load_naming_the_key_and_the_limit() -> None:
    # Issue 13: `gyul_boards = 100000000` loaded, then block 2's start hung for minutes.
    assert problem(gyul_boards=100_000_000) == "s.toml: rules.gyul_boards: expected a whole number from 1 to 500, got 100000000"


@pytest.mark.parametrize("setting", [st for st in SETTINGS if st.kind in ("int", "number")], ids=lambda st: st.key)
def test_a_numeric_setting_above_its_maximum_is_refused_naming_the_key_and_the_limit(setting: Any) -> None:
    assert setting.maximum is not None
    too_big = int(setting.maximum) + 1
    message = problem(**{setting.key: too_big})
    assert message.startswith(f"s.toml: rules.{setting.key}: expected ")
    assert f"to {int(setting.maximum)}, got {too_big}" in message


@pytest.mark.parametrize("key", ["prices", "goofspiel_advantage"])
def test_a_number_in_a_list_setting_above_its_maximum_is_refused(key: str) -> None:
    setting = next(st for st in SETTINGS if st.key == key)
    assert setting.maximum is not None
    too_big = int(setting.maximum) + 1
    value = [too_big, *[int(v) for v in setting.default][1:]]
    assert problem(**{key: value}).startswith(f"s.toml: rules.{key}: expected a list of whole numbers from ")


def test_the_largest_gyul_boards_loads_and_its_boards_are_drawn_quickly() -> None:
    import time

    from umpire.games.choice.gyul import boards

    sc = scenario(gyul_boards=500)
    assert sc.settings["gyul_boards"] == 500
    began = time.perf_counter()
    assert len(boards("bounds", 500, 1, 6)) == 500
    assert time.perf_counter() - began < 5


@pytest.mark.parametrize(("reminder", "play"), [(59, 59), (60, 59), (600, 59), (30, 20)])
def test_a_round_reminder_at_or_past_its_rounds_length_is_refused_naming_the_key(reminder: int, play: int) -> None:
    # Issue 13: a reminder longer than its deadline would never be sent; it is refused when the scenario loads.
    assert problem(round_reminder_seconds=reminder, round_seconds=play) == (
        f"s.toml: rules.round_reminder_seconds: expected fewer than round_seconds ({play})"
    )


# ---------------------------------------------------------------- the card's names for the players


@pytest.mark.parametrize(("line", "who"), [("Player 1: gs 3", 0), ("player 2: gs 3", 1), ("PLAYER  1: gs 3", 0), ("Player1: gs 3", 0)])
def test_the_card_names_player_1_and_player_2_are_accepted(line: str, who: int) -> None:
    # The card: "Hedger may be referred to as Player 1 or p1 and Uri may be referred to as Player 2 or p2".
    from .test_choice_support import new_session, ok, start

    s = new_session()
    start(s)
    out = ok(s, line)
    assert [str(o.audience) for o in out] == [f"player:{who}"]


def test_a_player_3_is_refused_naming_the_players() -> None:
    from .test_choice_support import new_session, refused

    s = new_session()
    assert refused(s, "Player 3: gs 3", error="InvalidCommand") == (
        "there is no player called “Player 3” (players: Hedger (p1/Player 1/Player1), Uri (p2/Player 2/Player2))"
    )
