"""Reading an Open, Pass row as a host types it outside the REPL (`umpire check row`). Pure.

Every card is one character, so a row may be written with spaces (`+ 3 1 x 9`), commas,
or as the card writes it, without spaces (`9-1x2`).

>>> row_cards("9-1x2")
('9', '-', '1', 'x', '2')
>>> row_cards("- 5, + 1 × 2")
('-', '5', '+', '1', 'x', '2')

A row's reading is written the same way everywhere (the game's posts and JSON, `umpire check
row` and its `--json`): the cards that count, spaced, and `0` when none does (R-OP-4).

>>> reading_text(["9", "-", "1", "x", "2"]), reading_text([])
('9 - 1 x 2', '0')
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core.errors import InvalidCommand
from umpire.games.openpass.cards import WHAT_A_CARD_IS, card


def row_cards(text: str) -> tuple[str, ...]:
    """The cards of a row, leftmost first, each in its canonical spelling (`*` and `×` are `x`);
    spaces and commas only separate. A character that is not a card is refused by name."""
    out = []
    for ch in text:
        if ch.isspace() or ch == ",":
            continue
        c = card(ch)
        if c is None:
            raise InvalidCommand(f"“{ch}” is not a card ({WHAT_A_CARD_IS})")
        out.append(c)
    return tuple(out)


def reading_text(reading: Sequence[str]) -> str:
    """A row's reading as text: its cards spaced; an empty row reads `0`, its score (R-OP-4)."""
    return " ".join(reading) or "0"
