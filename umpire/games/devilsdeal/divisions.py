"""Divisions of a refill's cards: a division as written, whether it is valid, and the best one.

A division puts some of the offered cards into piles of one sum and marks one pile set aside;
the player takes the other piles. `best_division` finds the division that takes the most cards,
for any refill size the scenarios allow (up to all 27 cards), in milliseconds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from umpire.core.errors import InvalidCommand
from umpire.games.devilsdeal.cards import lookup, names, not_a_card, number, ordered

# ---------------------------------------------------------------- divisions as written


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
        groups: list[tuple[int, ...]] = []
        for s in segments:
            if s.kind == "unused":
                unused += s.cards
                groups.append(s.cards)
                continue
            if s.kind == "aside":
                marked.append(len(piles))
            piles.append(s.cards)
        sums = {sum(number(c) for c in p) for p in piles}
        fits = [i for i, g in enumerate(groups) if g and len(sums) == 1 and sum(number(c) for c in g) in sums]
        if not marked and fits:
            # R-DD-9: no pile marked, and a group listed as unused has the piles' sum: the first such is the
            # set-aside pile; any other groups stay unused (every one of their cards is set aside all the same).
            rest = tuple(c for i, g in enumerate(groups) if i != fits[0] for c in g)
            return cls(piles=(*piles, groups[fits[0]]), marked=(len(piles),), unused=rest)
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


MARKERS = (*ASIDE_WORDS, *UNUSED_WORDS)
CONFIRM_WORDS = ("confirm", "confirmed")


def _marker(word: str) -> str | None:
    """ "aside" or "unused" when a word is a marker (any case, a colon or brackets around it), else None."""
    w = word.strip(":()[]").casefold()
    if w in ASIDE_WORDS:
        return "aside"
    if w in UNUSED_WORDS:
        return "unused"
    return None


def _words(part: str) -> list[str]:
    """A part's words: a label (“1:”, “- pile 2:”) and sums (“(14)”, “= 14”) dropped, “set aside” one word."""
    body = _LABEL.sub("", part, count=1)
    body = _ANNOTATION.sub(" ", body)
    body = re.sub(r"[,;+&]", " ", body)
    body = re.sub(r"\bset[\s-]+aside\b", "aside", body, flags=re.IGNORECASE)
    return [w for w in body.split() if w.strip(":()[]").casefold() not in ("pile", "piles", "and")]


def read_segment(part: str, text: str) -> Segment:
    """One pile (or the unused cards) as written: its cards, with “aside”/“x” or “unused” at its start or end.

    A marker anywhere else is unclear (does “B9 x G5” set aside the pile, or was a “|” missed?), so it
    is refused with the reading spelled out. Labels and sums are ignored.
    """
    words = _words(part)
    kinds = {m for w in words if (m := _marker(w))}
    if len(kinds) > 1:
        raise InvalidCommand("a part cannot be both the set-aside pile and unused cards", text=text)
    inner = [w for w in words[1:-1] if _marker(w)]
    if inner:
        cards = " ".join(w for w in words if not _marker(w))
        doing = "set aside the whole pile" if kinds == {"aside"} else "make every card of it unused:"
        raise InvalidCommand(
            f"“{part.strip()}” is unclear: “{inner[0]}” stands inside the pile, and read as written it would {doing} {cards}; "
            "a marker belongs at the start or end of its pile (e.g. “aside G2 B5 R7”), and piles are separated by “|”",
            text=text,
        )
    cards_: list[int] = []
    for w in words:
        if _marker(w):
            continue
        c = lookup(w)
        if c is None:
            raise InvalidCommand(not_a_card(w), text=text)
        cards_.append(c)
    return Segment(kind=kinds.pop() if kinds else "pile", cards=tuple(cards_))


def split_confirm(text: str) -> tuple[str, bool]:
    """A submission without its final “confirm” (which lets a division that takes nothing replace one that takes cards)."""
    words = text.split()
    if words and words[-1].strip(".!").casefold() in CONFIRM_WORDS:
        return text[: text.rstrip().rfind(words[-1])].rstrip(), True
    return text, False


def read_division(text: str) -> tuple[Segment, ...]:
    """A division written on one line: piles separated by “|”, or by commas when there is no “|”.

    (An empty part at the end is ignored.) Within a “|” part, commas separate cards.
    """
    sep = "|" if "|" in text or "," not in text else ","
    parts = text.split(sep)
    while len(parts) > 1 and not parts[-1].strip():
        parts.pop()
    out = []
    for i, part in enumerate(parts):
        seg = read_segment(part, text)
        if not seg.cards and seg.kind != "unused":
            what = f"(“{part.strip()}”)" if part.strip() else "(nothing between two commas)" if sep == "," else "(nothing between two “|”)"
            raise InvalidCommand(f"part {i + 1} of the division has no cards {what}", text=text)
        out.append(seg)
    return tuple(out)


@dataclass(frozen=True, kw_only=True)
class Submission:
    """A division as one submission reads it: its parts, whether it ends with “confirm”, how many lines it
    has (1: a one-line division) and whether commas separated its piles (one line with no “|”)."""

    segments: tuple[Segment, ...]
    confirm: bool
    lines: int
    commas: bool


def read_submission(text: str) -> Submission:
    """A whole submission (R-DD-11): on one line, piles are separated by “|”, or by commas when there is
    no “|”; a message of several lines is one division written a pile a line, where commas separate
    cards. A final “confirm” (at the end of the last line, or on a line of its own) is noted, not read.
    """
    body, confirm = split_confirm(text)
    lines = [line for line in body.split("\n") if line.strip()]
    if sum(1 for line in text.split("\n") if line.strip()) > 1:
        return Submission(segments=tuple(s for line in lines for s in read_line(line)), confirm=confirm, lines=len(lines), commas=False)
    line = lines[0] if lines else ""
    if not line.strip():
        return Submission(segments=(), confirm=confirm, lines=0, commas=False)
    if "|" not in line and "," not in line:
        return Submission(segments=read_line(line), confirm=confirm, lines=1, commas=False)
    return Submission(segments=read_division(line), confirm=confirm, lines=1, commas="|" not in line)


def read_line(text: str) -> tuple[Segment, ...]:
    """One line of a division written a pile a line: the piles on it (several when “|” separates them);
    here commas separate cards, since line breaks separate the piles."""
    if "|" in text:
        return read_division(text)
    seg = read_segment(text, text)
    if not seg.cards and seg.kind != "unused":
        raise InvalidCommand("a pile needs cards, e.g. “R2 B9” or “aside G2 B5 R7”", text=text)
    return (seg,)


def reading(division: Division) -> str:
    """How a division was read, for refusals: “B9 G5 | G8 B6 | aside G2 B5 R7”."""
    parts = [("aside " if i in division.marked else "") + names(p) for i, p in enumerate(division.piles)]
    if division.unused:
        parts.append("unused " + names(division.unused))
    return " | ".join(parts) or "nothing"


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


# ---------------------------------------------------------------- the best division

Counts = tuple[int, ...]
"""How many cards of each number a set of cards holds: index 0 for 1s up to index 8 for 9s.

Whether cards split into piles of one sum depends only on their numbers, never on their
colours, so the solver works on these nine counts (at most 4^9 of them) instead of on the
2^n subsets of the cards."""


def best_division(offer: Sequence[int], min_pile: int = 1) -> Division | None:
    """The division of `offer` that takes the most cards; None when no division takes any card.

    Ties are broken, in order, by: the highest sum of the numbers taken; the smallest pile sum;
    then, where several sets of cards still qualify, the one that leaves out the cards latest in
    the order offered (compared from the last card offered back); the set-aside pile with the
    fewest cards (then again the one leaving out the latest cards); and each pile taken, built
    around the earliest-offered card not yet in a pile, as early in the offer as possible.

    How: the cards left out of the piles taken (the set-aside pile and any unused cards) are
    tried as number counts, fewest cards first, then smallest sum, then smallest pile sum; the
    first that works is the best. Whether the cards taken split into piles of sum S is a search
    over number counts with memory, so 27 cards take milliseconds.

    >>> offer = [lookup(w) for w in "R1 G1 B1 R2 G2 B2".split()]
    >>> d = best_division(offer)
    >>> d.text(), len(d.taken(offer))
    ('R2 (2) · G2 (2) · R1 G1 (2) · set aside: B2 (2)', 4)
    """
    return _Solver(offer, max(1, min_pile)).solve()


@lru_cache(maxsize=32)
def best_for(offer: tuple[int, ...], min_pile: int = 1) -> Division | None:
    """`best_division`, computed once per offer: the host's `division` view asks at every look, and an offer never changes."""
    return best_division(offer, min_pile)


class _Solver:
    """One search for the best division of one offer."""

    def __init__(self, offer: Sequence[int], min_pile: int) -> None:
        self.offer = tuple(offer)
        self.min_pile = min_pile
        self.where: tuple[list[int], ...] = tuple([] for _ in range(9))  # offer positions of each number, ascending
        for i, c in enumerate(self.offer):
            self.where[number(c) - 1].append(i)
        self.counts: Counts = tuple(len(w) for w in self.where)
        self.total = sum(number(c) for c in self.offer)
        self.memo: dict[int, dict[Counts, bool]] = {}

    def solve(self) -> Division | None:
        """The best division, or None."""
        found = self._optimum()
        if found is None:
            return None
        s, candidates = found
        taken = min(self._realize(t, range(len(self.offer))) for t in candidates)
        rest = [i for i in range(len(self.offer)) if not taken >> i & 1]
        aside = self._aside(_minus(self.counts, _counts_of(self.offer, taken)), s, rest)
        parts = self._parts_of(taken, s)
        piles = sorted((self._cards(m) for m in parts), key=lambda p: (len(p), [-number(c) for c in p]))
        return Division(piles=(*piles, self._cards(aside)), marked=(len(piles),))

    # -- the best numbers

    def _optimum(self) -> tuple[int, list[Counts]] | None:
        """The best pile sum and every count of cards taken that reaches the best (cards, numbers, pile sum)."""
        n, low = len(self.offer), self.min_pile
        for out in range(low, n - low + 1):  # cards not taken: the set-aside pile, and any unused
            by_sum: dict[int, list[Counts]] = {}
            for left in _counts_of_size(self.counts, out):
                by_sum.setdefault(_total(left), []).append(left)
            for left_sum in sorted(by_sum):
                best = self._best_at(by_sum[left_sum], left_sum, self.total - left_sum)
                if best is not None:
                    return best
        return None

    def _best_at(self, lefts: list[Counts], left_sum: int, taken_sum: int) -> tuple[int, list[Counts]] | None:
        """Among ways to leave out cards of one size and sum: the smallest pile sum that works, and what is taken with it."""
        low = self.min_pile
        options = []
        for left in lefts:
            taken = _minus(self.counts, left)
            smallest = sum(sorted(i + 1 for i in range(9) for _ in range(left[i]))[:low])  # the lightest set-aside pile
            options.append((left, taken, max(i + 1 for i in range(9) if taken[i]), sum(taken), smallest))
        for s in range(1, min(left_sum, taken_sum) + 1):
            if taken_sum % s:
                continue
            need = taken_sum // s * low
            found = [
                taken
                for left, taken, top, size, smallest in options
                if top <= s and size >= need and smallest <= s and _has_pile(left, s, low) and self._splits(taken, s)
            ]
            if found:
                return s, found
        return None

    def _splits(self, cards: Counts, s: int) -> bool:
        """Whether cards with these number counts split into piles of sum `s` (each of at least min_pile cards)."""
        memo = self.memo.setdefault(s, {})
        return self._split(cards, s, memo)

    def _split(self, cards: Counts, s: int, memo: dict[Counts, bool]) -> bool:
        known = memo.get(cards)
        if known is not None:
            return known
        piles, extra = divmod(_total(cards), s)
        size = sum(cards)
        big = sum(cards[i] for i in range(9) if 2 * (i + 1) > s)  # at most one of these fits a pile
        if extra or not _fits(cards, s) or big > piles or size < piles * self.min_pile:
            ok = False
        elif piles <= 1:
            ok = True  # no cards, or one pile: all of them
        else:
            top = max(i for i in range(9) if cards[i])
            most = size - (piles - 1) * self.min_pile  # the other piles need their cards too
            ok = any(self._split(_minus(cards, part), s, memo) for part in _piles_in(cards, s, top, self.min_pile, most))
        memo[cards] = ok
        return ok

    # -- the best cards

    def _realize(self, counts: Counts, allowed: Iterable[int]) -> int:
        """The cards (a bit mask over offer positions) with these number counts that leave out the latest-offered cards."""
        ok = set(allowed)
        mask = 0
        for i, k in enumerate(counts):
            for pos in [p for p in self.where[i] if p in ok][:k]:
                mask |= 1 << pos
        return mask

    def _aside(self, left: Counts, s: int, rest: list[int]) -> int:
        """The set-aside pile: the fewest cards of sum `s` among those left out, then the earliest offered."""
        options = [p for p in _piles_in(left, s, None, self.min_pile)]
        fewest = min(sum(p) for p in options)
        return min(self._realize(p, rest) for p in options if sum(p) == fewest)

    def _parts_of(self, taken: int, s: int) -> list[int]:
        """The piles taken: each built around the earliest-offered card left, as early in the offer as the rest allows."""
        memo = self.memo.setdefault(s, {})
        parts = []
        left = taken
        while left:
            positions = [i for i in range(len(self.offer)) if left >> i & 1]
            counts = _counts_of(self.offer, left)
            first = number(self.offer[positions[0]]) - 1
            options = sorted((self._realize(p, positions), p) for p in _piles_in(counts, s, first, self.min_pile))
            part = next(m for m, p in options if self._split(_minus(counts, p), s, memo))
            parts.append(part)
            left ^= part
        return parts

    def _cards(self, mask: int) -> tuple[int, ...]:
        """The offered cards a mask picks, in pool order."""
        return ordered(self.offer[i] for i in range(len(self.offer)) if mask >> i & 1)


def _total(counts: Counts) -> int:
    return sum(k * (i + 1) for i, k in enumerate(counts))


def _minus(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def _counts_of(offer: Sequence[int], mask: int) -> Counts:
    out = [0] * 9
    for i, c in enumerate(offer):
        if mask >> i & 1:
            out[number(c) - 1] += 1
    return tuple(out)


def _fits(counts: Counts, s: int) -> bool:
    """Whether every card fits a pile of sum `s` (no number above it)."""
    return not any(counts[i] for i in range(s, 9))


def _has_pile(counts: Counts, s: int, min_pile: int) -> bool:
    """Whether these cards hold a pile of sum `s` with at least `min_pile` cards."""
    return next(_piles_in(counts, s, None, min_pile), None) is not None


def _counts_of_size(counts: Counts, size: int) -> Iterator[Counts]:
    """Every way to choose `size` cards by number from `counts`."""
    chosen = [0] * 9
    room = [sum(counts[i:]) for i in range(10)]

    def pick(i: int, left: int) -> Iterator[Counts]:
        if i == 9:
            if left == 0:
                yield tuple(chosen)
            return
        for k in range(max(0, left - room[i + 1]), min(counts[i], left) + 1):
            chosen[i] = k
            yield from pick(i + 1, left - k)
        chosen[i] = 0

    yield from pick(0, size)


def _piles_in(counts: Counts, s: int, must: int | None, min_pile: int, most: int = 27) -> Iterator[Counts]:
    """Every pile of sum `s` within `counts`, of `min_pile` to `most` cards (holding a card of index `must`, if given), big numbers first."""
    chosen = [0] * 9
    reach = [0] * 10  # reach[i]: the sum of every card of index below i
    room = [0] * 10  # room[i]: how many cards have an index below i
    for i in range(9):
        reach[i + 1] = reach[i] + counts[i] * (i + 1)
        room[i + 1] = room[i] + counts[i]

    def pick(i: int, left: int, cards: int) -> Iterator[Counts]:
        if left == 0:
            if cards >= min_pile and (must is None or chosen[must]):
                yield tuple(chosen)
            return
        if i < 0 or reach[i + 1] < left or cards >= most or cards + room[i + 1] < min_pile:
            return
        least = 1 if i == must else 0
        for k in range(min(counts[i], left // (i + 1), most - cards), least - 1, -1):
            chosen[i] = k
            yield from pick(i - 1, left - k * (i + 1), cards + k)
        chosen[i] = 0

    if must is not None and counts[must] == 0:
        return
    yield from pick(8, s, 0)
