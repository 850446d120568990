"""Open, Pass's cards and how a host may spell them: what `umpire check row` needs, and nothing of
the match's settings (so the command starts without loading them). Pure.

>>> card("*"), card("7"), card("q")
('x', '7', None)
"""

from __future__ import annotations

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
