"""Open, Pass scenario files: what the bundled one says, and every `[rules]` problem refused with its key.

A scenario error names the file, the key and what was expected; the match never starts.
"""

from __future__ import annotations

from typing import Any

import pytest

from umpire.games.openpass.settings import DEFAULT_PACKS, SETTINGS, STARTING_SET
from umpire.scenario import ScenarioError

from .test_openpass_support import PACKS, START, new_session, scenario

WHERE = "scenarios/open-pass-heaven-hell.toml (changed by a test)"


def problem(**rules_overrides: Any) -> str:
    with pytest.raises(ScenarioError) as err:
        scenario(**rules_overrides)
    return str(err.value)


def test_the_bundled_scenario_is_the_13_player_match_with_the_house_rulings() -> None:
    sc = scenario()
    assert sc.seed is None and sc.game.key == "open-pass"
    assert [p.name for p in sc.roster] == ["Hedger", "Uri", "Ian", "Yuna", "Marcel", "Elara", "Jonas", "Priya", "Theo"] + [
        "Sana",
        "Kofi",
        "Lena",
        "Wren",
    ]
    s = sc.settings
    assert s["rounds"] == 3 and s["bids_per_player"] == 2 and s["deck_size"] == 20 and s["max_open"] == 10
    assert tuple(s["starting_set"]) == START == tuple(STARTING_SET)
    assert {p["name"]: tuple(p["cards"]) for p in s["packs"]} == PACKS  # R-OP-1
    assert s["packs"] == DEFAULT_PACKS
    assert s["pity"] == ["1", "2", "3", "+", "-"]  # R-OP-2
    assert s["all_odd_pity"] is True and s["pad_card"] == "/" and s["dealers"] == ["Heaven", "Hell"]
    assert (s["division"], s["division_by_zero"], s["tokens"], s["ecs"]) == ("exact", "skip", [3, 1, 1], 3)


def test_rules_lists_every_ruling_in_force() -> None:
    text = new_session().rules_text(width=10_000)
    for ruling in ("R-OP-1", "R-OP-2", "R-OP-3", "R-OP-4", "R-OP-5", "R-OP-6", "R-OP-7", "R-OP-8", "R-OP-9", "R-ARITH-1", "R-ARITH-2"):
        assert ruling in text
    assert "R-OP-6: each bidding round closes after 24 h (1440 min) (round_minutes)" in text
    assert "(reveal_rows = at-close)" in text and "(reveal_receipts = private)" in text
    assert "Every ruling is explained in docs/rulings.md (Open, Pass section)." in text
    at_once = new_session(reveal_rows="at-once", reveal_receipts="public").rules_text(width=10_000)
    assert "(reveal_rows = at-once)" in at_once and "(reveal_receipts = public)" in at_once
    assert "nobody gets a pack that round, and so everyone gets a pity card (all_odd_pity = true)." in text
    off = new_session(all_odd_pity=False).rules_text(width=10_000)
    assert "nobody gets a pity card either (all_odd_pity = false)." in off


def test_every_ruling_of_rules_is_explained_in_docs_rulings() -> None:
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rulings.md").read_text(encoding="utf-8")
    section = doc.split("## Open, Pass — Heaven and Hell", 1)[1].split("\n## ", 1)[0]
    section += doc.split("## Every game: how a player's message is read", 1)[1].split("\n## ", 1)[0]  # the session's, R-READ-…
    keys = set(re.findall(r"R-[A-Z]+-\d+", new_session().rules_text()))
    assert keys and all(f"| {k} |" in section for k in keys), sorted(k for k in keys if f"| {k} |" not in section)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"starting_set": ["1", "q"]}, "rules.starting_set[1]: 'q' is not a card (a card is one digit 0–9 or one of + - x /)"),
        ({"starting_set": ["10"]}, "rules.starting_set[0]: '10' is not a card (a card is one digit 0–9 or one of + - x /)"),
        ({"pity": ["1", "z"]}, "rules.pity[1]: 'z' is not a card (a card is one digit 0–9 or one of + - x /)"),
        ({"pity": []}, "rules.pity: expected at least one card"),
        ({"pad_card": "%"}, "rules.pad_card: '%' is not a card (a card is one digit 0–9 or one of + - x /)"),
        (
            {"packs": [{"name": "A", "cards": ["4", "k"]}, {"name": "B", "cards": ["5"]}]},
            'rules.packs[0].cards: expected a non-empty list of cards such as ["4", "5", "+", "x"]',
        ),
        (
            {"packs": [{"name": "A", "cards": ["4"]}, {"name": "B", "cards": ["5"], "colour": "gold"}]},
            "rules.packs[1].colour: unknown key (expected one of: name, cards, rounds)",
        ),
        (
            {"packs": [{"name": "A", "cards": []}, {"name": "B", "cards": ["5"]}]},
            'rules.packs[0].cards: expected a non-empty list of cards such as ["4", "5", "+", "x"]',
        ),
        (
            {"packs": [{"name": "A"}, {"name": "B", "cards": ["5"]}]},
            'rules.packs[0].cards: expected a non-empty list of cards such as ["4", "5", "+", "x"]',
        ),
        (
            {"packs": [{"cards": ["4"]}, {"name": "B", "cards": ["5"]}]},
            "rules.packs[0].name: expected the pack's name as a non-empty string",
        ),
        ({"rounds": 0}, "rules.rounds: expected a whole number from 1 to 20, got 0"),
        ({"rounds": 21}, "rules.rounds: expected a whole number from 1 to 20, got 21"),
        (
            {"packs": [{"name": "A", "cards": ["4"], "rounds": [1, 2]}, {"name": "B", "cards": ["5"], "rounds": [1]}]},
            "rules.packs: round 3 offers no pack",
        ),
        (
            {"packs": [{"name": "A", "cards": ["4"], "rounds": [4]}, {"name": "B", "cards": ["5"]}]},
            "rules.packs[0].rounds: expected a list of rounds from 1 to 3",
        ),
        (
            {"packs": [{"name": "Heaven", "cards": ["4"]}, {"name": "heaven", "cards": ["5"]}]},
            "rules.packs[1].name: two packs are called 'heaven'",
        ),
        ({"packs": [{"name": "A", "cards": ["4"]}]}, "rules.bids_per_player: expected at most the number of packs (1)"),
        ({"dealers": ["Heaven", "heaven"]}, "rules.dealers: expected at least one dealer, each with a different name"),
        ({"dealers": []}, "rules.dealers: expected at least one dealer, each with a different name"),
    ],
)
def test_scenario_problems_are_refused_with_their_key(overrides: dict[str, Any], message: str) -> None:
    assert problem(**overrides) == f"{WHERE}: {message}"


def test_an_unknown_rules_key_is_refused() -> None:
    assert problem(packs_per_round=6).startswith(f"{WHERE}: rules.packs_per_round: ")


def test_card_spellings_in_a_scenario_are_read_as_cards() -> None:
    s = new_session(starting_set=["1", "*", "×", "−", "÷", "X"])
    assert s.final()["players"]["Hedger"]["cards"] == ["1", "-", "x", "x", "x", "/"]


# ---------------------------------------------------------------- bounds (issue 13) and settings that must agree


def test_deck_size_1e11_is_refused_at_load_naming_the_key() -> None:
    assert (
        problem(deck_size=1e11) == f"{WHERE}: rules.deck_size: expected a whole number from 1 to 100, got 100000000000.0 (a decimal number)"
    )
    assert problem(deck_size=10**11) == f"{WHERE}: rules.deck_size: expected a whole number from 1 to 100, got 100000000000"


@pytest.mark.parametrize("setting", [s for s in SETTINGS if s.kind in ("int", "list[int]")], ids=lambda s: s.key)
def test_every_numeric_setting_has_a_bound_a_real_game_could_need(setting: Any) -> None:
    assert setting.minimum is not None and setting.maximum is not None
    assert setting.maximum <= 43_200  # a month of minutes is the largest any of them needs
    too_big = int(setting.maximum) + 1
    value = [too_big] if setting.kind == "list[int]" else too_big
    assert problem(**{setting.key: value}).startswith(f"{WHERE}: rules.{setting.key}: expected ")


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        (
            {"round_minutes": 30, "round_reminders": [60]},
            "rules.round_reminders: a reminder 60 minutes before the end never fires: round_minutes is 30 (expected fewer minutes)",
        ),
        (
            {"play_minutes": 60, "play_reminders": [10, 60]},
            "rules.play_reminders: a reminder 60 minutes before the end never fires: play_minutes is 60 (expected fewer minutes)",
        ),
    ],
)
def test_a_reminder_longer_than_its_deadline_is_refused_naming_the_key(overrides: dict[str, Any], message: str) -> None:
    assert problem(**overrides) == f"{WHERE}: {message}"


def test_token_places_and_ecs_must_fit_the_table_so_nobody_is_both() -> None:
    assert problem(tokens=[3, 1, 1, 1, 1, 1, 1, 1], ecs=6) == (
        f"{WHERE}: rules.ecs: 8 places win Tokens of Life (tokens) and 6 are ECs (ecs), but there are only 13 players: "
        "expected at least 14 players, or fewer token places or ECs"
    )
    assert scenario(tokens=[3, 1, 1, 1, 1, 1, 1], ecs=6).settings["ecs"] == 6  # 7 + 6 = 13 fits exactly
    assert scenario(tokens=[3, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0], ecs=3).settings["ecs"] == 3  # places that win nothing do not count


def test_a_six_player_scenario_with_four_token_places_and_three_ecs_is_refused() -> None:
    from umpire.scenario import parse

    players = "".join(f'[[players]]\nname = "P{i}"\n' for i in range(1, 7))
    text = f'game = "open-pass"\n{players}[rules]\ntokens = [3, 1, 1, 1]\n'
    with pytest.raises(ScenarioError) as err:
        parse(text, "six.toml")
    assert str(err.value) == (
        "six.toml: rules.ecs: 4 places win Tokens of Life (tokens) and 3 are ECs (ecs), but there are only 6 players: "
        "expected at least 7 players, or fewer token places or ECs"
    )
    assert [p.name for p in parse(f'game = "open-pass"\n{players}', "six.toml").roster][-1] == "P6"  # the card's 3 + 3 fit six


def test_a_scenario_needs_at_least_six_players() -> None:
    from umpire.scenario import parse

    with pytest.raises(ScenarioError) as err:
        parse('game = "open-pass"\n[[players]]\nname = "A"\n[[players]]\nname = "B"\n', "two.toml")
    assert str(err.value) == "two.toml: players: Open, Pass — Heaven and Hell needs 6 to 30 players, the scenario has 2"
