"""Open, Pass's one-shot tool for the command line: `umpire check row`, how a row reads and scores.

Plain values in, plain values out: the CLI reaches it through the registry (`umpire.games.tools`)
and prints what it returns; a row or a division it cannot read is refused with an UmpireError whose
reason is what the CLI prints. It loads only the cards and the left-to-right arithmetic, never the
match's settings.

>>> check_row("+ 3 1 x 9 x 2 - 2 x").lines
('row:     + 3 1 x 9 x 2 - 2 x', 'reading: 0 + 3 x 9 x 2 - 2', 'score:   52')
>>> check_row("9-1x2", "floor").data["shown"]
'16'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from umpire.core.arith import exact, read_row, show
from umpire.core.errors import InvalidCommand
from umpire.games.openpass.cards import DIVISIONS, reading_text, row_cards


@dataclass(frozen=True, kw_only=True)
class RowCheck:
    """A row's ruling: the text to print, the JSON for `--json`, and the exit code (0: it reads)."""

    lines: tuple[str, ...]
    data: dict[str, Any]
    code: int = 0


def check_row(row: str, division: str = "exact") -> RowCheck:
    """How a row (leftmost card first, spaced or not) reads and what it scores under `division`
    ("exact" or "floor", R-ARITH-1). Refuses a division it does not know, or a character that is not a card."""
    if division not in DIVISIONS:
        raise InvalidCommand(f"--division is {' or '.join(DIVISIONS)}, not {division!r}")
    cards = list(row_cards(row))
    reading, score, notes = read_row(cards, division=division)
    lines = [
        f"row:     {' '.join(cards) or '(empty)'}",
        f"reading: {reading_text(reading)}" + ("" if cards else "   (an empty row scores 0, R-OP-4)"),
        f"score:   {show(score)}",
        *(f"note:    {n}" for n in notes),
    ]
    data = {"row": cards, "reading": reading_text(reading), "score": exact(score), "shown": show(score), "notes": notes}
    return RowCheck(lines=tuple(lines), data=data)
