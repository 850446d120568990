"""Open, Pass's one-shot tool, `umpire check row`, as the CLI reaches it through the registry."""

from __future__ import annotations

import subprocess
import sys

import pytest

from umpire.core.errors import InvalidCommand
from umpire.games import tools


def test_check_row_reads_the_cards_example_and_scores_it() -> None:
    result = tools("open-pass").check_row("+ 3 1 x 9 x 2 - 2 x")
    assert result.lines == ("row:     + 3 1 x 9 x 2 - 2 x", "reading: 0 + 3 x 9 x 2 - 2", "score:   52")
    assert result.data == {
        "row": ["+", "3", "1", "x", "9", "x", "2", "-", "2", "x"],
        "reading": "0 + 3 x 9 x 2 - 2",
        "score": "52",
        "shown": "52",
        "notes": [],
    }
    assert result.code == 0


def test_check_row_r_op_4_an_empty_row_reads_0_and_says_why() -> None:
    result = tools("open-pass").check_row("")
    assert result.lines == ("row:     (empty)", "reading: 0   (an empty row scores 0, R-OP-4)", "score:   0")
    assert result.data["reading"] == "0" and result.data["score"] == "0"


def test_check_row_r_arith_1_floor_division_and_r_arith_2_a_division_by_zero_noted() -> None:
    exact = tools("open-pass").check_row("7 / 2")
    floor = tools("open-pass").check_row("7 / 2", "floor")
    assert (exact.data["score"], exact.data["shown"]) == ("7/2", "7/2 (3.50)")
    assert floor.data["score"] == "3"
    by_zero = tools("open-pass").check_row("8 / 0 + 1")
    assert by_zero.data["score"] == "9" and by_zero.lines[-1].startswith("note:    ")


@pytest.mark.parametrize(
    ("row", "division", "reason"),
    [
        ("9-1x2", "round", "--division is exact or floor, not 'round'"),
        ("9-1%2", "exact", "“%” is not a card (a card is one digit 0–9 or one of + - x /)"),
    ],
)
def test_check_row_refuses_what_it_cannot_read_with_the_reason_the_cli_prints(row: str, division: str, reason: str) -> None:
    with pytest.raises(InvalidCommand) as caught:
        tools("open-pass").check_row(row, division)
    assert caught.value.reason == reason


def test_the_tool_loads_the_cards_and_not_the_matchs_settings_or_rules() -> None:
    code = (
        "import sys\n"
        "from umpire.games import tools\n"
        "tools('open-pass').check_row('9-1x2')\n"
        "print(sorted(m for m in sys.modules if m.startswith('umpire.games.openpass')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "['umpire.games.openpass', 'umpire.games.openpass.cards', 'umpire.games.openpass.tools']\n"
