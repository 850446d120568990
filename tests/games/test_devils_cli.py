"""`umpire check hand`, `umpire check division` and `umpire solve division`: output, JSON and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from umpire.cli import app, devils  # noqa: F401 - registers the commands

from .test_devils_support import SCENARIO_FILE, new_session, ok

EXAMPLE = "G5 B3 R3 R7 B6 G1 G2 G8 B5 R2 B9 G6"


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


# ---------------------------------------------------------------- check hand


def test_check_hand_names_the_hand_and_ranks_it_among_the_2925() -> None:
    res = run("check", "hand", "R5", "G5", "B5")
    assert res.exit_code == 0
    assert res.stdout.split("\n") == [
        "R5 G5 B5: three 5s — three of a kind, category 1 of 6",
        "  beats 2,920 of the other 2,924 hands, ties 0, loses to 4",
        "  order (R-DD-4): three of a kind > straight flush > straight > flush > pair > high card",
        "",
    ]


def test_check_hand_vs_says_which_wins_and_why() -> None:
    res = run("check", "hand", "r5", "g5", "b5", "--vs", "R4", "G5", "B6")
    assert res.exit_code == 0
    assert res.stdout.split("\n")[-2] == "→ R5 G5 B5 wins: three of a kind beats straight"
    res = run("check", "hand", "R9 G6 B2", "--vs", "B9", "R6", "G2")
    assert res.stdout.split("\n")[-2] == "→ a tie: both high card 9-6-2: a tie (colours never break ties)"


def test_check_hand_json() -> None:
    res = run("check", "hand", "R7", "G7", "B9", "--vs", "G7", "B7", "R4", "--json")
    assert res.exit_code == 0
    out = json.loads(res.stdout)
    assert out["winner"] == "first"
    assert out["why"] == "both pairs of 7s: the kicker 9 beats 4"
    assert out["hand"] == {
        "cards": ["R7", "G7", "B9"],
        "hand": "pair of 7s",
        "category": "pair",
        "category_rank": 5,
        "beats": 2343,
        "ties": 8,
        "loses_to": 573,
    }
    assert out["hand"]["beats"] + out["hand"]["ties"] + out["hand"]["loses_to"] == 2924


def test_check_hand_uses_a_scenarios_hand_order(tmp_path: Path) -> None:
    text = SCENARIO_FILE.read_text(encoding="utf-8").replace(
        'hand_order = ["three of a kind", "straight flush"', 'hand_order = ["straight flush", "three of a kind"'
    )
    path = tmp_path / "poker.toml"
    path.write_text(text, encoding="utf-8")
    res = run("check", "hand", "R7 R8 R9", "--vs", "R2", "G2", "B2", "--scenario", str(path), "--json")
    assert json.loads(res.stdout)["winner"] == "first"


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["R5", "G5"], "umpire: the hand: a hand is three cards, e.g. R5 G5 B5 (2 given)\n"),
        (["R5", "R5", "G5"], "umpire: the hand: R5 is there twice; a hand cannot hold duplicates\n"),
        (["Y5", "G5", "B5"], "umpire: the hand: “Y5” is not a card: a card is a colour R, G or B and a number 1–9, e.g. R5\n"),
        (["R5", "G5", "B5", "--scenario", "hap-tac-toe"], "umpire: hap-tac-toe is a Hap-Tac-Toe scenario, not Devil's Deal\n"),
    ],
)
def test_check_hand_refuses_what_it_cannot_read(args: list[str], error: str) -> None:
    res = run("check", "hand", *args)
    assert res.exit_code == 2
    assert res.stderr == error


# ---------------------------------------------------------------- check division


def test_check_division_of_the_cards_example() -> None:
    res = run("check", "division", EXAMPLE, "B9 G5 | G8 B6 | R2 R3 B3 G6 | aside G2 B5 R7")
    assert res.exit_code == 0
    assert res.stdout.split("\n") == [
        f"✓ a valid division of {EXAMPLE} (piles of 14): B9 G5 (14) · G8 B6 (14) · R2 R3 B3 G6 (14) · set aside: G2 B5 R7 (14)",
        "  takes 8: G5 B3 R3 B6 G8 R2 B9 G6",
        "  sets aside 4: R7 G1 G2 B5 (the opponent may take one)",
        "",
    ]


def test_check_division_one_pile_an_argument() -> None:
    res = run("check", "division", EXAMPLE, "B9 G5", "G8 B6", "R2 R3 B3 G6", "aside G2 B5 R7", "--json")
    assert res.exit_code == 0
    out = json.loads(res.stdout)
    assert out["valid"] is True and out["sum"] == 14
    assert out["aside_pile"] == ["G2", "B5", "R7"] and out["unused"] == ["G1"]


def test_check_division_says_every_reason_it_is_not_valid() -> None:
    res = run("check", "division", EXAMPLE, "B9 G5 | G8 B6 | R2 R3 B3 G4 | G2 B5 R7")
    assert res.exit_code == 1
    assert res.stdout.split("\n") == [
        f"✗ not a valid division of {EXAMPLE}:",
        "  B9 G5 (14) · G8 B6 (14) · R2 R3 B3 G4 (12) · G2 B5 R7 (14)",
        f"  · G4 was not offered (the cards: {EXAMPLE})",
        "  · no pile is marked set aside (write “aside” before the pile to set aside)",
        "  · the piles' sums differ: B9 G5 = 14, G8 B6 = 14, R2 R3 B3 G4 = 12, G2 B5 R7 = 14; every pile needs the same sum",
        "  (an earlier valid division stays in force; with none, every card is set aside at the deadline)",
        "",
    ]
    out = json.loads(run("check", "division", EXAMPLE, "B9 G5 | aside B9 G5", "--json").stdout)
    assert out == {
        "valid": False,
        "cards": EXAMPLE.split(),
        "problems": ["B9 G5 are used twice"],
        "division": "B9 G5 (14) · set aside: B9 G5 (14)",
    }


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["G5 G5 B3", "G5 | aside B3"], "umpire: the cards offered: G5 is there twice; a refill's cards are all different\n"),
        (
            [EXAMPLE, "B9 G5 | Z4"],
            "umpire: the division: B9 G5 | Z4: “Z4” is not a card: a card is a colour R, G or B and a number 1–9, e.g. R5\n",
        ),
    ],
)
def test_check_division_refuses_what_it_cannot_read(args: list[str], error: str) -> None:
    res = run("check", "division", *args)
    assert res.exit_code == 2
    assert res.stderr == error


# ---------------------------------------------------------------- solve division


def test_solve_division_shows_the_best_division_and_a_submission_for_it() -> None:
    res = run("solve", "division", *EXAMPLE.split())
    assert res.exit_code == 0
    assert res.stdout.split("\n") == [
        f"Best division of {EXAMPLE}: takes 10 of 12",
        "  piles of 8: B3 G5 · R3 B5 · G2 B6 · R2 G6 · G1 R7",
        "  set aside: G8 · unused: B9",
        "  as a submission: B3 G5 | R3 B5 | G2 B6 | R2 G6 | G1 R7 | aside G8",
        "",
    ]


def test_the_solved_submission_is_accepted_by_the_game() -> None:
    s = new_session()
    ok(s, "start", "p2: first p1", "p1: yes")
    offer = " ".join(s.final()["cards"][-1]["cards"])
    out = json.loads(run("solve", "division", offer, "--json").stdout)
    ok(s, f"p1: {out['best']['submission']}")
    step = s.state.step
    assert step.division is not None and len(step.division.taken(step.offer)) == len(out["best"]["taken"])


def test_solve_division_when_nothing_can_be_taken() -> None:
    res = run("solve", "division", "R1", "R2", "R4")
    assert res.exit_code == 0
    assert res.stdout == "No division of R1 R2 R4 takes any card: at least two piles of the same sum are needed.\n"
    assert json.loads(run("solve", "division", "R1 R2 R4", "--json").stdout) == {"cards": ["R1", "R2", "R4"], "best": None}


def test_the_commands_are_listed() -> None:
    assert "  hand " in run("check", "--help").stdout
    assert "  division " in run("check", "--help").stdout
    assert "  division " in run("solve", "--help").stdout
