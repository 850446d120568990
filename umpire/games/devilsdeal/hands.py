"""Hands: ranking three-card hands, naming them, saying why one beats another, and where a hand
stands among all 2,925. Pure functions, no state, nothing built at import.

Hand ranking (R-DD-4, the default order, best first): three of a kind > straight flush >
straight > flush > pair > high card. Straights do not wrap; within a category numbers are
compared high to low (a pair first by its number, then the kicker); colours never break ties.

>>> describe(hand("R4 G5 B6")), describe(hand("R7 G7 B2")), describe(hand("B9 B6 B2"))
('straight 4-5-6', 'pair of 7s', 'flush 9-6-2 (blue)')
>>> compare(hand("R5 G5 B5"), hand("R4 R5 R6"))
1
>>> why(hand("R7 G7 B9"), hand("G7 B7 R4"))
'both pairs of 7s: the kicker 9 beats 4'
>>> standing(hand("R5 G5 B5"))
(2920, 0, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from umpire.core.errors import InvalidCommand
from umpire.games.devilsdeal.cards import KINDS, colour, colour_word, number, read

HIGH, PAIR, FLUSH, STRAIGHT, STRAIGHT_FLUSH, TRIPS = range(6)
CATEGORIES = ("high card", "pair", "flush", "straight", "straight flush", "three of a kind")
DEFAULT_ORDER = ("three of a kind", "straight flush", "straight", "flush", "pair", "high card")
HANDS = 2925  # C(27, 3): three different cards out of the 27 kinds


def hand(text: str) -> tuple[int, int, int]:
    """Three cards from text such as "R5 G5 B5" (for doctests, tests and the CLI)."""
    words = text.replace(",", " ").split()
    if len(words) != 3:
        raise InvalidCommand(f"a hand is three cards, e.g. R5 G5 B5 (got {len(words)})", text=text)
    a, b, c = (read(w, text) for w in words)
    if len({a, b, c}) != 3:
        raise InvalidCommand("a hand cannot hold the same card twice", text=text)
    return (a, b, c)


def category(a: int, b: int, c: int) -> int:
    """The best category three different cards belong to (an index into CATEGORIES)."""
    return _category(*sorted((number(a), number(b), number(c))), flush=colour(a) == colour(b) == colour(c))


def _category(x: int, y: int, z: int, *, flush: bool) -> int:
    """The category of numbers x <= y <= z, all of one colour or not."""
    if x == z:
        return TRIPS
    if x == y or y == z:
        return PAIR
    if y == x + 1 and z == y + 1:
        return STRAIGHT_FLUSH if flush else STRAIGHT
    return FLUSH if flush else HIGH


def _tiebreak(x: int, y: int, z: int, cat: int) -> int:
    """Within a category, larger is better: numbers high to low (a pair's number first, then its kicker)."""
    if cat == PAIR:
        pair, kicker = (z, x) if z == y else (y, z)
        return pair * 16 + kicker
    return z * 256 + y * 16 + x


@lru_cache(maxsize=8)
def _ranks(order: tuple[str, ...]) -> tuple[int, ...]:
    """Each category's rank under `order` (larger is better), by category index."""
    return tuple(len(order) - 1 - order.index(name) for name in CATEGORIES)


def strength(cards: Sequence[int], order: tuple[str, ...] = DEFAULT_ORDER) -> int:
    """How strong a hand of three different cards is: larger is better, equal is a tie."""
    a, b, c = cards
    x, y, z = sorted((number(a), number(b), number(c)))
    cat = _category(x, y, z, flush=colour(a) == colour(b) == colour(c))
    return _ranks(order)[cat] * 4096 + _tiebreak(x, y, z, cat)


def compare(h1: Sequence[int], h2: Sequence[int], order: tuple[str, ...] = DEFAULT_ORDER) -> int:
    """1 when h1 wins, -1 when h2 wins, 0 for a tie."""
    s1, s2 = strength(h1, order), strength(h2, order)
    return (s1 > s2) - (s1 < s2)


@lru_cache(maxsize=1)
def _classes() -> tuple[tuple[int, int, int], ...]:
    """The 2,925 hands grouped by what decides their strength: (category, tiebreak, how many hands).

    Colours matter only through a flush, so each set of numbers is one group, or two (flush
    or not) when the numbers differ: 27 colourings of three different numbers, 3 of them one
    colour; 9 of a pair; 1 of three of a kind.
    """
    out = []
    for x in range(1, 10):
        for y in range(x, 10):
            for z in range(y, 10):
                if x == z:
                    out.append((TRIPS, _tiebreak(x, y, z, TRIPS), 1))
                elif x == y or y == z:
                    out.append((PAIR, _tiebreak(x, y, z, PAIR), 9))
                else:
                    for flush, count in ((True, 3), (False, 24)):
                        cat = _category(x, y, z, flush=flush)
                        out.append((cat, _tiebreak(x, y, z, cat), count))
    return tuple(out)


def standing(cards: Sequence[int], order: tuple[str, ...] = DEFAULT_ORDER) -> tuple[int, int, int]:
    """How many of the other 2,924 hands this hand beats, ties and loses to (a few hundred steps, no table)."""
    mine = strength(cards, order)
    ranks = _ranks(order)
    beats = ties = 0
    for cat, tie, count in _classes():
        s = ranks[cat] * 4096 + tie
        if s < mine:
            beats += count
        elif s == mine:
            ties += count
    ties -= 1  # the hand itself
    return beats, ties, HANDS - 1 - beats - ties


def describe(cards: Sequence[int]) -> str:
    """The hand's name: "three 5s", "straight flush 4-5-6 (red)", "straight 4-5-6", "flush 9-6-2 (blue)",
    "pair of 7s", "high card 9-6-2"."""
    a, b, c = cards
    cat = category(a, b, c)
    up = sorted(number(x) for x in cards)
    down = "-".join(str(n) for n in reversed(up))
    if cat == TRIPS:
        return f"three {up[0]}s"
    if cat == STRAIGHT_FLUSH:
        return f"straight flush {up[0]}-{up[1]}-{up[2]} ({colour_word(a)})"
    if cat == STRAIGHT:
        return f"straight {up[0]}-{up[1]}-{up[2]}"
    if cat == FLUSH:
        return f"flush {down} ({colour_word(a)})"
    if cat == PAIR:
        return f"pair of {up[1]}s"
    return f"high card {down}"


def category_name(cards: Sequence[int]) -> str:
    """The name of the best category a hand belongs to, e.g. "pair"."""
    a, b, c = cards
    return CATEGORIES[category(a, b, c)]


def why(h1: Sequence[int], h2: Sequence[int], order: tuple[str, ...] = DEFAULT_ORDER) -> str:
    """Why one hand beats the other (or ties), in the host's words."""
    c1, c2 = category(*h1), category(*h2)
    if c1 != c2:
        hi, lo = (c1, c2) if order.index(CATEGORIES[c1]) < order.index(CATEGORIES[c2]) else (c2, c1)
        return f"{CATEGORIES[hi]} beats {CATEGORIES[lo]}"
    n1 = sorted((number(x) for x in h1), reverse=True)
    n2 = sorted((number(x) for x in h2), reverse=True)
    if c1 == PAIR:
        p1, k1 = _pair(n1)
        p2, k2 = _pair(n2)
        if p1 != p2:
            return f"pair of {max(p1, p2)}s beats pair of {min(p1, p2)}s"
        if k1 != k2:
            return f"both pairs of {p1}s: the kicker {max(k1, k2)} beats {min(k1, k2)}"
        return f"both pairs of {p1}s with a {k1} kicker: a tie (colours never break ties)"
    if c1 == TRIPS:
        if n1[0] != n2[0]:
            return f"three {max(n1[0], n2[0])}s beat three {min(n1[0], n2[0])}s"
        return f"both three {n1[0]}s: a tie"
    plural = {STRAIGHT: "straights", STRAIGHT_FLUSH: "straight flushes", FLUSH: "flushes", HIGH: "high card"}[c1]
    if c1 in (STRAIGHT, STRAIGHT_FLUSH):
        if n1[0] != n2[0]:
            return f"both {plural}: {max(n1[0], n2[0])}-high beats {min(n1[0], n2[0])}-high"
        return f"both {plural} {n1[2]}-{n1[1]}-{n1[0]}: a tie (colours never break ties)"
    for i in range(3):
        if n1[i] != n2[i]:
            same = "".join(f"{n1[j]} = {n2[j]}, then " for j in range(i))
            return f"both {plural}: {same}{max(n1[i], n2[i])} beats {min(n1[i], n2[i])}"
    return f"both {plural} {'-'.join(map(str, n1))}: a tie (colours never break ties)"


def _pair(desc: list[int]) -> tuple[int, int]:
    if desc[0] == desc[1]:
        return desc[0], desc[2]
    return desc[1], desc[0]


def all_hands() -> list[tuple[int, int, int]]:
    """The 2,925 hands: every set of three different cards, as sorted code triples."""
    return [(a, b, c) for a in range(KINDS) for b in range(a + 1, KINDS) for c in range(b + 1, KINDS)]
