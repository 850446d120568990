"""Hands and divisions: ranking three-card hands, reading and judging a refill's division, and
the best division of a refill (most cards taken). Pure functions, no state.

Hand ranking (R-DD-4, the default order, best first): three of a kind > straight flush >
straight > flush > pair > high card. Straights do not wrap; within a category numbers are
compared high to low (a pair first by its number, then the kicker); colours never break ties.

>>> describe(hand("R4 G5 B6")), describe(hand("R7 G7 B2")), describe(hand("B9 B6 B2"))
('straight 4-5-6', 'pair of 7s', 'flush 9-6-2 (blue)')
>>> compare(hand("R5 G5 B5"), hand("R4 R5 R6"))
1
>>> why(hand("R7 G7 B9"), hand("G7 B7 R4"))
'both pairs of 7s: the kicker 9 beats 4'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from umpire.core.errors import InvalidCommand
from umpire.games.devilsdeal.cards import KINDS, colour, colour_word, lookup, names, not_a_card, number, ordered, read

# ---------------------------------------------------------------- hands

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
    x, y, z = sorted((number(a), number(b), number(c)))
    if x == z:
        return TRIPS
    if x == y or y == z:
        return PAIR
    flush = colour(a) == colour(b) == colour(c)
    if y == x + 1 and z == y + 1:
        return STRAIGHT_FLUSH if flush else STRAIGHT
    return FLUSH if flush else HIGH


def _tiebreak(a: int, b: int, c: int, cat: int) -> int:
    z, y, x = sorted((number(a), number(b), number(c)), reverse=True)
    if cat == PAIR:
        pair, kicker = (z, x) if z == y else (y, z)
        return pair * 16 + kicker
    return z * 256 + y * 16 + x


@lru_cache(maxsize=8)
def table(order: tuple[str, ...] = DEFAULT_ORDER) -> tuple[int, ...]:
    """Every ordered triple's strength (index a*729 + b*27 + c; -1 where two cards are the same).

    A stronger hand has a larger number; equal numbers tie.
    """
    rank = {CATEGORIES.index(name): len(order) - 1 - i for i, name in enumerate(order)}
    out = [-1] * (KINDS**3)
    for a in range(KINDS):
        for b in range(KINDS):
            if b == a:
                continue
            for c in range(KINDS):
                if c in (a, b):
                    continue
                cat = category(a, b, c)
                out[a * 729 + b * 27 + c] = rank[cat] * 4096 + _tiebreak(a, b, c, cat)
    return tuple(out)


def strength(cards: Sequence[int], order: tuple[str, ...] = DEFAULT_ORDER) -> int:
    """How strong a hand of three different cards is: larger is better, equal is a tie."""
    a, b, c = cards
    return table(order)[a * 729 + b * 27 + c]


def compare(h1: Sequence[int], h2: Sequence[int], order: tuple[str, ...] = DEFAULT_ORDER) -> int:
    """1 when h1 wins, -1 when h2 wins, 0 for a tie."""
    t = table(order)
    s1 = t[h1[0] * 729 + h1[1] * 27 + h1[2]]
    s2 = t[h2[0] * 729 + h2[1] * 27 + h2[2]]
    return (s1 > s2) - (s1 < s2)


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


# ---------------------------------------------------------------- divisions


@dataclass(frozen=True, kw_only=True)
class Segment:
    """One part of a written division: a pile, the pile marked set aside, or cards listed as unused."""

    kind: str  # "pile", "aside", "unused"
    cards: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class Division:
    """A division of a refill's cards: the piles as written, which are marked set aside, and cards listed unused."""

    piles: tuple[tuple[int, ...], ...]
    marked: tuple[int, ...]  # indices into piles; a valid division marks exactly one
    unused: tuple[int, ...] = ()

    @classmethod
    def of(cls, segments: Iterable[Segment]) -> Division:
        """The division the segments describe, in the order written."""
        piles: list[tuple[int, ...]] = []
        marked: list[int] = []
        unused: list[int] = []
        for s in segments:
            if s.kind == "unused":
                unused += s.cards
                continue
            if s.kind == "aside":
                marked.append(len(piles))
            piles.append(s.cards)
        return cls(piles=tuple(piles), marked=tuple(marked), unused=tuple(unused))

    @property
    def aside(self) -> tuple[int, ...]:
        """The pile marked set aside (the first, if several are marked)."""
        return self.piles[self.marked[0]] if self.marked else ()

    def kept(self) -> tuple[tuple[int, ...], ...]:
        """The piles the player takes."""
        return tuple(p for i, p in enumerate(self.piles) if i not in self.marked)

    def taken(self, offer: Sequence[int]) -> tuple[int, ...]:
        """The cards taken, in the order they were offered."""
        kept = {c for p in self.kept() for c in p}
        return tuple(c for c in offer if c in kept)

    def set_aside(self, offer: Sequence[int]) -> tuple[int, ...]:
        """Every offered card not taken (unused and the marked pile), in the order offered."""
        kept = {c for p in self.kept() for c in p}
        return tuple(c for c in offer if c not in kept)

    def total(self) -> int | None:
        """The piles' common sum, or None when they differ (or there are none)."""
        sums = {sum(number(c) for c in p) for p in self.piles}
        return sums.pop() if len(sums) == 1 else None

    def text(self) -> str:
        """The division written back: piles separated by “ · ”, the marked one and the unused labelled."""
        parts = []
        for i, p in enumerate(self.piles):
            label = "set aside: " if i in self.marked else ""
            parts.append(f"{label}{names(p)} ({sum(number(c) for c in p)})")
        if self.unused:
            parts.append(f"unused: {names(self.unused)}")
        return " · ".join(parts)


ASIDE_WORDS = ("aside", "x", "set-aside", "setaside")
UNUSED_WORDS = ("unused", "leftover", "leftovers")
_LABEL = re.compile(r"^\s*(?:[-•>]\s+)?(?:pile\s*)?(?:#?\d{1,2}\s*[:.)]\s+|pile\b\s*:?\s*)", re.IGNORECASE)
_ANNOTATION = re.compile(r"\(\s*(?:sum\s*)?=?\s*\d{1,3}\s*\)|=\s*\d{1,3}\b|\bsum\s*(?:of\s*)?[:=]?\s*\d{1,3}\b", re.IGNORECASE)


def read_segment(part: str, text: str) -> Segment:
    """One pile (or the unused cards) as written: cards, optionally “aside”/“x” or “unused”, labels and sums ignored."""
    body = _LABEL.sub("", part, count=1)
    body = _ANNOTATION.sub(" ", body)
    body = re.sub(r"[,;+&]", " ", body)
    words = body.split()
    kind = "pile"
    cards: list[int] = []
    i = 0
    while i < len(words):
        w = words[i].strip(":()[]").casefold()
        if w == "set" and i + 1 < len(words) and words[i + 1].strip(":()[]").casefold() == "aside":
            w = "aside"
            i += 1
        if w in ASIDE_WORDS or w in UNUSED_WORDS:
            new = "aside" if w in ASIDE_WORDS else "unused"
            if kind != "pile" and kind != new:
                raise InvalidCommand("a part cannot be both the set-aside pile and unused cards", text=text)
            kind = new
        elif w in ("pile", "piles", "and"):
            pass
        else:
            c = lookup(words[i])
            if c is None:
                raise InvalidCommand(not_a_card(words[i]), text=text)
            cards.append(c)
        i += 1
    return Segment(kind=kind, cards=tuple(cards))


def read_division(text: str) -> tuple[Segment, ...]:
    """The parts of a division written on one line, separated by “|” (an empty trailing part is ignored)."""
    parts = text.split("|")
    while len(parts) > 1 and not parts[-1].strip():
        parts.pop()
    out = []
    for i, part in enumerate(parts):
        seg = read_segment(part, text)
        if not seg.cards and seg.kind != "unused":
            raise InvalidCommand(f"part {i + 1} of the division has no cards", text=text)
        out.append(seg)
    return tuple(out)


def problems(offer: Sequence[int], division: Division, min_pile: int = 1) -> list[str]:
    """Why a division of `offer` is not valid, in the host's words; empty when it is valid."""
    out: list[str] = []
    offered = set(offer)
    written = [c for p in division.piles for c in p] + list(division.unused)
    foreign = [c for c in dict.fromkeys(written) if c not in offered]
    if foreign:
        were = "was" if len(foreign) == 1 else "were"
        out.append(f"{names(foreign)} {were} not offered (the cards: {names(offer)})")
    twice = [c for c in dict.fromkeys(written) if written.count(c) > 1 and c in offered]
    if twice:
        out.append(f"{names(twice)} {'is' if len(twice) == 1 else 'are'} used twice")
    if not division.piles:
        out.append("there are no piles")
        return out
    small = [i + 1 for i, p in enumerate(division.piles) if len(p) < min_pile]
    if small:
        need = "at least one card" if min_pile == 1 else f"at least {min_pile} cards"
        which = f"pile {small[0]} has" if len(small) == 1 else f"piles {', '.join(map(str, small[:-1]))} and {small[-1]} have"
        out.append(f"{which} too few cards (a pile needs {need}, R-DD-3)")
    if not division.marked:
        out.append("no pile is marked set aside (write “aside” before the pile to set aside)")
    elif len(division.marked) > 1:
        marked = " and ".join(names(division.piles[i]) for i in division.marked)
        out.append(f"{len(division.marked)} piles are marked set aside ({marked}); mark exactly one")
    if division.total() is None:
        sums = ", ".join(
            f"{'set aside ' if i in division.marked else ''}{names(p)} = {sum(number(c) for c in p)}" for i, p in enumerate(division.piles)
        )
        out.append(f"the piles' sums differ: {sums}; every pile needs the same sum")
    return out


def best_division(offer: Sequence[int], min_pile: int = 1) -> Division | None:
    """A division of `offer` that takes the most cards (then the highest total of numbers taken,
    then the smallest pile sum); None when no division takes any card.

    Every candidate pile sum S is tried: the piles taken must split into parts of sum S, and one
    more part of sum S, disjoint from them, is set aside. Subsets are bit masks over the offer.

    >>> d = best_division(hand("R1 G1 B1") + hand("R2 G2 B2"))
    >>> d.text(), len(d.taken(hand("R1 G1 B1") + hand("R2 G2 B2")))
    ('R2 (2) · G2 (2) · R1 G1 (2) · set aside: B2 (2)', 4)
    """
    n = len(offer)
    size = 1 << n
    nums = [number(c) for c in offer]
    sums = [0] * size
    pops = [0] * size
    for m in range(1, size):
        low = m & -m
        i = low.bit_length() - 1
        sums[m] = sums[m ^ low] + nums[i]
        pops[m] = pops[m ^ low] + 1
    total = sums[size - 1]
    by_sum: list[list[int]] = [[] for _ in range(total + 1)]
    for m in range(1, size):
        by_sum[sums[m]].append(m)
    best: tuple[int, int, int] | None = None  # (cards taken, numbers taken, -S)
    best_parts: tuple[list[int], int] = ([], 0)
    for s in range(1, total // 2 + 1):
        subs = [m for m in by_sum[s] if pops[m] >= min_pile]
        if len(subs) < 2:
            continue
        smallest = min(pops[m] for m in subs)
        if best is not None and n - smallest < best[0]:
            continue  # even taking every card but the smallest pile cannot beat the best so far
        by_low: dict[int, list[int]] = {}
        for m in subs:
            by_low.setdefault(m & -m, []).append(m)
        choice = {0: 0}  # a mask that splits into parts of sum S -> the part holding its lowest card
        multiples = sorted(m for k in range(s, total + 1, s) for m in by_sum[k])
        for u in multiples:
            for t in by_low.get(u & -u, ()):
                if t & u == t and (u ^ t) in choice:
                    choice[u] = t
                    break
        ranked = sorted((m for m in choice if m), key=lambda m: (-pops[m], -sums[m], m))
        for r in ranked:
            key = (pops[r], sums[r], -s)
            if best is not None and key <= best:
                break
            aside = next((m for m in sorted(subs, key=lambda m: (pops[m], m)) if m & r == 0), None)
            if aside is not None:
                parts = []
                rest = r
                while rest:
                    parts.append(choice[rest])
                    rest ^= choice[rest]
                best, best_parts = key, (parts, aside)
                break
    if best is None:
        return None
    parts, aside = best_parts

    def cards_of(mask: int) -> tuple[int, ...]:
        """The offered cards a mask picks, in pool order."""
        return ordered(offer[i] for i in range(n) if mask >> i & 1)

    piles = sorted((cards_of(m) for m in parts), key=lambda p: (len(p), [-number(c) for c in p]))
    return Division(piles=(*piles, cards_of(aside)), marked=(len(piles),))
