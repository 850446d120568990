"""Open, Pass scenario files: what the bundled one says, and every `[rules]` problem refused with its key.

A scenario error names the file, the key and what was expected; the match never starts.
"""

from __future__ import annotations

from typing import Any

import pytest

from umpire.games.openpass.config import DEFAULT_PACKS, STARTING_SET
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
    text = new_session().rules_text()
    for ruling in ("R-OP-1", "R-OP-2", "R-OP-3", "R-OP-4", "R-ARITH-1", "R-ARITH-2"):
        assert ruling in text
    assert "nobody gets a pack that round, and so everyone gets a pity card (all_odd_pity = true)." in text
    off = new_session(all_odd_pity=False).rules_text()
    assert "nobody gets a pity card either (all_odd_pity = false)." in off


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"starting_set": ["1", "q"]}, "rules.starting_set[1]: 'q' is not a card (cards are 0–9 and + - x /)"),
        ({"starting_set": ["10"]}, "rules.starting_set[0]: '10' is not a card (cards are 0–9 and + - x /)"),
        ({"pity": ["1", "z"]}, "rules.pity[1]: 'z' is not a card (cards are 0–9 and + - x /)"),
        ({"pity": []}, "rules.pity: expected at least one card"),
        ({"pad_card": "%"}, "rules.pad_card: '%' is not a card"),
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
