"""Gyul Hap: the 50 boards of a match and the judging of `hap`, `ihap` and `gyul`. Pure.

A board is nine tiles at positions 1–9 (row-major, 123/456/789). Tiles bought
in the shop are numbers 1–9 and stand for positions: `hap 149 4` takes the tile
at 4 from the board as the extra and spends held tiles 1 and 9.

>>> b = boards("7", 3, 1, 6)
>>> [1 <= len(x.haps) <= 6 for x in b]
[True, True, True]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from umpire.core import chat, hap
from umpire.core.pieces import HAP_PIECES
from umpire.core.streams import Streams

POSITIONS = tuple(range(1, 10))
COLOUR, BACKGROUND, SHAPE = 0, 1, 2


@dataclass(frozen=True, kw_only=True)
class Board:
    """One Gyul Hap board: nine tiles and the haps among them (position triples, 1-based)."""

    number: int
    tiles: tuple[int, ...]
    haps: frozenset[tuple[int, int, int]]


def haps_on(tiles: tuple[int, ...]) -> frozenset[tuple[int, int, int]]:
    """Every hap among the nine tiles, as sorted position triples.

    Two tiles name the one tile that completes a hap with them (`hap.third`), so the 36 pairs
    are looked at, not the 84 triples. A board's tiles are distinct.
    """
    where = {tile: i for i, tile in enumerate(tiles)}
    found = []
    for a, b in _PAIRS:
        c = where.get(hap.third(tiles[a], tiles[b]), -1)
        if c > b:
            found.append((a + 1, b + 1, c + 1))
    return frozenset(found)


_PAIRS = tuple(combinations(range(9), 2))


# How many of the C(27, 9) = 4,686,825 sets of nine distinct tiles hold each number of haps (counted
# once by walking every set; tests/games/test_choice_gyul_bounds.py counts them again). A draw is
# uniform over these sets, so a hap-count range is met by its share of them.
BOARDS_BY_HAPS = {0: 2106, 1: 227_448, 2: 812_916, 3: 1_550_952, 4: 1_337_310, 5: 657_072, 6: 92_664, 8: 6318, 12: 39}
ALL_BOARDS = 4_686_825
MIN_SHARE = 0.01  # bounds met by fewer draws than 1 in 100 would hold up a block's start (500 boards: 50,000 draws)


def share_within(min_haps: int, max_haps: int) -> float:
    """The share of random boards with `min_haps` to `max_haps` haps.

    >>> round(share_within(1, 6), 4), round(share_within(0, 0), 6)
    (0.9982, 0.000449)
    """
    return sum(n for haps, n in BOARDS_BY_HAPS.items() if min_haps <= haps <= max_haps) / ALL_BOARDS


def bounds_problem(min_haps: int, max_haps: int) -> str | None:
    """Why boards of `min_haps` to `max_haps` haps cannot be drawn quickly, with bounds that can; None if they can."""
    share = share_within(min_haps, max_haps)
    if share >= MIN_SHARE:
        return None
    rarity = "no board has" if share == 0 else f"only 1 random board in {round(1 / share):,} has"
    wider = next(
        (lo, hi)
        for extra in range(1, 13)  # the fewest hap counts added, below first
        for lo, hi in ((min_haps - down, max_haps + extra - down) for down in range(extra, -1, -1))
        if lo >= 0 and share_within(lo, hi) >= MIN_SHARE
    )
    return (
        f"boards of {min_haps} to {max_haps} haps are too rare to draw ({rarity} that many; nine tiles hold 0–6, 8 or 12 haps); "
        f"choose bounds that at least 1 board in {round(1 / MIN_SHARE)} meets, e.g. min_haps = {wider[0]} and max_haps = {wider[1]}"
    )


@lru_cache(maxsize=16)
def boards(seed: str, count: int, min_haps: int, max_haps: int) -> tuple[Board, ...]:
    """The match's boards, drawn in sequence from the seed; a draw outside the hap-count bounds is skipped (R-GH-3).

    Bounds no board meets are refused (they would draw forever); a scenario's bounds are held to
    `bounds_problem` when it loads, so a match's boards are always drawn quickly.
    """
    if share_within(min_haps, max_haps) == 0:
        raise ValueError(bounds_problem(min_haps, max_haps))
    stream = Streams(seed).stream("gyulhap/boards")
    out: list[Board] = []
    while len(out) < count:
        tiles = tuple(stream.shuffled(range(27))[:9])
        found = haps_on(tiles)
        if min_haps <= len(found) <= max_haps:
            out.append(Board(number=len(out) + 1, tiles=tiles, haps=found))
    return tuple(out)


def tile_words(code: int) -> str:
    """A tile in words: `blue circle on black` style words, as `umpire check hap` reads them."""
    return HAP_PIECES.words(code)


def tile_letters(code: int) -> str:
    """The three letters of R-GH-4: colour R/Y/B, background B/G/W, shape C/S/T, e.g. `RBC`."""
    return HAP_PIECES.short(code)


def emoji(code: int, template: str) -> str:
    """The tile's emoji name from the scenario's template, e.g. `:hapRBC:`; a mention the template
    holds (`@everyone`) is neutralised, so a board post pings nobody."""
    a = hap.attributes(code)
    letters = HAP_PIECES.letters
    return chat.neutralise(template.format(colour=letters[0][a[0]], background=letters[1][a[1]], shape=letters[2][a[2]]))


def board_text(board: Board, template: str) -> list[str]:
    """The board as three lines of emoji, in the 3x3 layout."""
    return [" ".join(emoji(board.tiles[r * 3 + c], template) for c in range(3)) for r in range(3)]


def board_plain(board: Board) -> list[str]:
    """The board as plain text for hosts without the emoji: `1 RBC  2 YGS  3 BWT`."""
    return ["  ".join(f"{r * 3 + c + 1} {tile_letters(board.tiles[r * 3 + c])}" for c in range(3)) for r in range(3)]
