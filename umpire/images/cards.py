"""Rows of small cards, as both card games lay theirs out: a Devil's Deal pool and an Open, Pass row.

A small card is `SMALL_W` x `SMALL_H` units; cards run left to right, `PER_ROW` a row, `SMALL_GAP`
apart. What is on a card is the game's own (its `drawing` module).
"""

from __future__ import annotations

SMALL_W, SMALL_H = 34, 46  # a card in a pool or a row
SMALL_GAP = 4
PER_ROW = 10


def card_rows(count: int) -> int:
    """How many rows of small cards `count` cards take (at least one).

    >>> [card_rows(n) for n in (0, 1, 10, 11, 20)]
    [1, 1, 1, 2, 2]
    """
    return max(1, -(-count // PER_ROW))


def small_card_origin(x: int, y: int, index: int) -> tuple[int, int]:
    """The top-left corner of card `index` (from 0) of a row of small cards that starts at (x, y)."""
    r, c = divmod(index, PER_ROW)
    return x + c * (SMALL_W + SMALL_GAP), y + r * (SMALL_H + SMALL_GAP)
