"""What the seed deals in a Final Match: each bout's prize order and each shop cycle's prices.

The stream names are fixed, so `umpire gen` gives a host running the game by
hand exactly what umpire would deal for the same seed.

>>> from umpire.core.streams import Streams
>>> shop_text(shop_prices(Streams("7"), 1, (2, 2, 2, 3, 3, 4, 4, 5, 5)))
'178, 24, 59, 36'
"""

from __future__ import annotations

from umpire.core.streams import Streams


def prize_order(streams: Streams, bout: int) -> tuple[int, ...]:
    """The order in which the prize cards 1–9 are revealed in bout `bout` (1–5)."""
    return tuple(streams.stream(f"goofspiel/bout{bout}").shuffled(range(1, 10)))


def shop_prices(streams: Streams, cycle: int, prices: tuple[int, ...]) -> tuple[int, ...]:
    """The price of each tile 1–9 (index 0–8) in shop cycle `cycle` (1–15 over a match)."""
    digits = streams.stream(f"shop/cycle{cycle}").shuffled(range(1, 10))
    out = [0] * 9
    for digit, price in zip(digits, sorted(prices), strict=True):
        out[digit - 1] = price
    return tuple(out)


def shop_text(prices: tuple[int, ...]) -> str:
    """The shop as players know it: tiles grouped by price, cheapest group first, e.g. `123, 45, 67, 89`."""
    groups: dict[int, list[int]] = {}
    for i, p in enumerate(prices):
        groups.setdefault(p, []).append(i + 1)
    return ", ".join("".join(str(d) for d in sorted(groups[p])) for p in sorted(groups))


def shop_lines(prices: tuple[int, ...]) -> list[str]:
    """The shop with each group's price, for announcements: `$2: 1 2 3`."""
    groups: dict[int, list[int]] = {}
    for i, p in enumerate(prices):
        groups.setdefault(p, []).append(i + 1)
    return [f"${p}: {' '.join(str(d) for d in sorted(groups[p]))}" for p in sorted(groups)]
