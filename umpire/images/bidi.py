"""Right-to-left text inside a left-to-right line: which characters run right to left, and the order
the runs are drawn in.

The pictures' texts are English sentences that may hold a player's name in any script ("محمد wins",
"Hap-Tac-Toe: אורי wins"), so every line is a left-to-right paragraph (level 0) and the Unicode
Bidirectional Algorithm (UAX #9) is followed for such a line without explicit embeddings: Arabic
and Hebrew letters are level 1, numbers among them level 2, the marks, spaces and punctuation
between take the direction of the letters either side when both agree (else left to right), and
the runs are drawn in the order rule L2 gives. A run is shaped in its own direction by raqm (see
`umpire.images.text`); where Pillow has no raqm, a right-to-left run's characters are reversed
here, brackets mirrored.

>>> levels("Uri محمد wins")
[0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0]
>>> levels("محمد 12 علي")
[1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1]
>>> visual(["a", "b", "c", "d"], [0, 1, 1, 0])
['a', 'c', 'b', 'd']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_STRONG_RTL = ("R", "AL")
_NEUTRAL = ("B", "S", "WS", "ON", "BN", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI")
MIRROR = str.maketrans("()[]{}<>«»‹›", ")(][}{><»«›‹")


def _classes(text: str) -> list[str]:
    """Each character's bidirectional class after the weak-type rules W1-W7 (an LTR paragraph)."""
    out: list[str] = []
    for ch in text:
        c = unicodedata.bidirectional(ch) or "L"
        out.append(out[-1] if c == "NSM" and out else ("L" if c == "NSM" else c))  # W1: a mark is what it marks
    strong = "L"  # the last strong type seen (sos is L)
    for i, c in enumerate(out):
        if c in ("L", "R", "AL"):
            strong = c
        elif c == "EN" and strong == "AL":
            out[i] = "AN"  # W2: digits after Arabic letters are Arabic numbers
    out = ["R" if c == "AL" else c for c in out]  # W3
    for i in range(1, len(out) - 1):  # W4: one separator between two numbers of a kind joins them
        if (out[i] in ("ES", "CS") and out[i - 1] == out[i + 1] == "EN") or (out[i] == "CS" and out[i - 1] == out[i + 1] == "AN"):
            out[i] = out[i - 1]
    for i, c in enumerate(out):  # W5: a terminator (%, $, °) next to digits is one of them
        if c == "ET" and ((i > 0 and out[i - 1] == "EN") or (i + 1 < len(out) and out[i + 1] == "EN")):
            out[i] = "EN"
    out = ["ON" if c in ("ES", "ET", "CS") else c for c in out]  # W6
    strong = "L"
    for i, c in enumerate(out):  # W7: digits after left-to-right letters (or at the start) are left to right
        if c in ("L", "R"):
            strong = c
        elif c == "EN" and strong == "L":
            out[i] = "L"
    return out


def levels(text: str) -> list[int]:
    """Each character's embedding level in a left-to-right line: 0 left to right, 1 right to left,
    2 a number inside right-to-left text."""
    classes = _classes(text)
    direction = ["R" if c in ("R", "EN", "AN") else c for c in classes]  # N1: numbers count as R for the neutrals
    i = 0
    while i < len(direction):  # N1, N2: a run of neutrals takes the strong direction either side if they agree, else L
        if direction[i] not in _NEUTRAL:
            i += 1
            continue
        j = i
        while j < len(direction) and direction[j] in _NEUTRAL:
            j += 1
        before = direction[i - 1] if i > 0 else "L"
        after = direction[j] if j < len(direction) else "L"
        side = "R" if before == after == "R" else "L"
        direction[i:j] = [side] * (j - i)
        i = j
    out = []
    for c, d in zip(classes, direction, strict=True):  # I1: R up one, numbers up two
        out.append(2 if c in ("EN", "AN") else 1 if d == "R" else 0)
    k = len(out)
    while k > 0 and classes[k - 1] in ("WS", "B", "S", "BN"):  # L1: trailing white space at the paragraph's level
        k -= 1
        out[k] = 0
    return out


def visual(items: Sequence[T], item_levels: Sequence[int]) -> list[T]:
    """Items (runs, each at one level) in the order they are drawn, left to right (rule L2: from the
    highest level down to 1, reverse every stretch at that level or above)."""
    order = list(range(len(items)))
    lv = list(item_levels)
    for level in range(max(lv, default=0), 0, -1):
        i = 0
        while i < len(order):
            if lv[i] < level:
                i += 1
                continue
            j = i
            while j < len(order) and lv[j] >= level:
                j += 1
            order[i:j] = order[i:j][::-1]
            lv[i:j] = lv[i:j][::-1]
            i = j
    return [items[k] for k in order]


def reversed_run(run: str) -> str:
    """A right-to-left run's characters in drawing order, for a layout that does not reorder (brackets mirrored).

    >>> reversed_run("אב(ג)")
    '(ג)בא'
    """
    return run[::-1].translate(MIRROR)
