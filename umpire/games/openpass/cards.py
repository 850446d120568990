"""Open, Pass's cards, how a host may spell them, and how a row is written: what `umpire check row`
needs, and nothing of the match's settings (so the command starts without loading them). Pure.

>>> card("*"), card("7"), card("q")
('x', '7', None)

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

NUMBERS = "0123456789"
SYMBOLS = "+-x/"
KINDS = NUMBERS + SYMBOLS  # every card there can be, in display order
WHAT_A_CARD_IS = "a card is one digit 0–9 or one of + - x /"
DIVISIONS = ("exact", "floor")  # the `division` setting's choices (R-ARITH-1)
_SPELLINGS = {"−": "-", "–": "-", "*": "x", "×": "x", "X": "x", "÷": "/"}


def card(text: str) -> str | None:
    """The canonical card for a spelling (`*` -> `x`, `−` -> `-`), or None."""
    t = _SPELLINGS.get(text, text)
    return t if len(t) == 1 and t in KINDS else None


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
