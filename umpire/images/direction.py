"""Which way each character of a line runs, and where it is drawn: the Unicode Bidirectional
Algorithm (UAX #9) as python-bidi's reference implementation (`bidi.algorithm`) resolves it.

The pictures' texts are English sentences that may hold a player's name in any script ("محمد wins",
"Hap-Tac-Toe: אורי wins"), so every line is a left-to-right paragraph (level 0): Arabic and Hebrew
letters come out at level 1, numbers among them at 2, the spaces and marks between take the
direction of the letters either side, and trailing spaces the paragraph's. `umpire.images.text` cuts
a line into runs of one font and one level and draws them in the order the characters are drawn.
A line with no character that could run right to left (almost every line) is all level 0, left in
its order, without the library (it is loaded with the first right-to-left line).

>>> resolve("Uri محمد wins").levels
(0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0)
>>> resolve("محمد 12 علي").levels
(1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1)
>>> resolve("ab אב").places
(0, 1, 2, 4, 3)
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

# The classes that can raise a character of a left-to-right paragraph above level 0 (right-to-left
# letters, Arabic digits, explicit embeddings and overrides); a line without any is all level 0.
MOVING = frozenset(("R", "AL", "AN", "RLE", "RLO", "LRE", "LRO"))
# The reference implementation follows UAX #9 as it was before isolates (Unicode 6.3) and fails on
# them; they are taken as the neutrals an implementation without them sees.
ISOLATES = frozenset(("LRI", "RLI", "FSI", "PDI"))


@dataclass(frozen=True, kw_only=True)
class Line:
    """A line's characters' resolved levels (rules W1 to L1) and where each is drawn (rule L2)."""

    levels: tuple[int, ...]  # per character: even left to right, odd right to left
    places: tuple[int, ...]  # per character: its position from the left as drawn (one rule X9 took out: the place before it)


@lru_cache(maxsize=4096)
def resolve(text: str) -> Line:
    """Each character's level and place in `text`, a left-to-right line (see the module's doc)."""
    if not any(unicodedata.bidirectional(ch) in MOVING for ch in text):
        return Line(levels=(0,) * len(text), places=tuple(range(len(text))))
    return by_the_algorithm(text)


def by_the_algorithm(text: str) -> Line:
    """`resolve`, always through the library (a test checks the shortcut agrees with it).

    A character that rule X9 takes out (an embedding's mark, a joiner) is given the level of the
    one before it, as UAX #9 suggests where such characters are kept, and drawn next to it.
    """
    from bidi import algorithm  # with the first right-to-left line: most pictures have none

    storage = algorithm.get_empty_storage()
    storage["base_level"], storage["base_dir"] = 0, "L"
    algorithm.get_embedding_levels(text, storage)
    for index, char in enumerate(storage["chars"]):
        char["index"] = index  # which character it is, once rule X9 has taken some out and L2 reordered the rest
        if char["type"] in ISOLATES:
            char["type"] = char["orig"] = "ON"
        elif not char["type"]:  # a code point this Python's Unicode has not assigned: UAX #9's default, L
            char["type"] = char["orig"] = "L"
    algorithm.explicit_embed_and_overrides(storage)
    algorithm.resolve_weak_types(storage)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    algorithm.reorder_resolved_levels(storage, False)
    levels, places = [0] * len(text), [-1] * len(text)
    kept = [False] * len(text)
    for place, char in enumerate(storage["chars"]):
        levels[char["index"]], places[char["index"]], kept[char["index"]] = char["level"], place, True
    for i in range(1, len(text)):  # the characters X9 took out: with the one before them
        if not kept[i]:
            levels[i], places[i] = levels[i - 1], places[i - 1]
    return Line(levels=tuple(levels), places=tuple(places))


def reversed_run(run: str) -> str:
    """A right-to-left run's characters in drawing order, for a layout that does not reorder, each
    mirrored where its mirror image is a character of its own (rule L4, the library's table).

    >>> reversed_run("אב(ג)")
    '(ג)בא'
    """
    from bidi.mirror import MIRRORED  # a right-to-left run is drawn: the library is loaded already

    return "".join(MIRRORED.get(ch, ch) for ch in reversed(run))
