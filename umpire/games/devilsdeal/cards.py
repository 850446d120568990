"""The cards of Devil's Deal: three colours x numbers 1-9, written colour letter + number.

A card is a code 0-26: colour * 9 + (number - 1), colours in the order red, green,
blue. Decks are unlimited: every draw comes from a fresh 27-card deck, so a pool
may hold two copies of one card.

>>> name(card(1, 5)), read("r7"), number(read("B9")), colour_word(read("g2"))
('G5', 6, 9, 'green')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from umpire.core.errors import InvalidCommand

if TYPE_CHECKING:  # a type only: `check hand` never loads the seeded streams (and hashlib)
    from umpire.core.streams import Stream

COLOURS = "RGB"
COLOUR_WORDS = ("red", "green", "blue")
KINDS = 27
NAMES = tuple(f"{COLOURS[c // 9]}{c % 9 + 1}" for c in range(KINDS))
_LOOKUP = {n.casefold(): i for i, n in enumerate(NAMES)}
_CARD_LIKE = re.compile(r"^[a-z]\d+$", re.IGNORECASE)
_PUNCT = ",.;:!?\"'`()[]{}"


def card(colour: int, number: int) -> int:
    """The code of a card: `colour` 0-2 (R, G, B), `number` 1-9."""
    return colour * 9 + number - 1


def colour(c: int) -> int:
    """0 red, 1 green, 2 blue."""
    return c // 9


def number(c: int) -> int:
    """The card's number, 1-9."""
    return c % 9 + 1


def name(c: int) -> str:
    """How a card is written: colour letter and number, e.g. "R5"."""
    return NAMES[c]


def colour_word(c: int) -> str:
    """The card's colour as a word: red, green or blue."""
    return COLOUR_WORDS[c // 9]


def lookup(word: str) -> int | None:
    """The card a word names (any case, stray punctuation ignored), or None."""
    return _LOOKUP.get(word.strip(_PUNCT).casefold())


def read(word: str, text: str | None = None) -> int:
    """The card a word names, or an InvalidCommand that says why it is not one."""
    c = lookup(word)
    if c is not None:
        return c
    raise InvalidCommand(not_a_card(word), text=text if text is not None else word)


def not_a_card(word: str) -> str:
    """Why a word is not a card, in the host's words."""
    w = word.strip(_PUNCT) or word  # “?” alone is named as typed, never as “”
    if w.isdigit() and len(w) == 1 and w != "0":
        return f"“{w}” is not a card: it needs a colour (R{w}, G{w} or B{w})"
    if _CARD_LIKE.match(w):
        return f"“{w}” is not a card: a card is a colour R, G or B and a number 1–9, e.g. R5"
    return f"“{w}” is not a card (write a colour R, G or B and a number 1–9, e.g. R5 G5 B5)"


def sort_key(c: int) -> tuple[int, int]:
    """Pools are shown by number, then colour (R, G, B): straights and pairs stand out."""
    return (c % 9, c // 9)


def ordered(cards: Iterable[int]) -> tuple[int, ...]:
    """The cards sorted as pools are shown."""
    return tuple(sorted(cards, key=sort_key))


def names(cards: Iterable[int]) -> str:
    """Cards written in the given order, space-separated; "none" when there are none."""
    out = " ".join(NAMES[c] for c in cards)
    return out or "none"


def name_list(cards: Iterable[int]) -> list[str]:
    """Cards as a list of names, for JSON."""
    return [NAMES[c] for c in cards]


def draw(stream: Stream, n: int) -> tuple[int, ...]:
    """`n` different cards from a fresh deck, in the random order they are dealt."""
    return tuple(stream.shuffled(range(KINDS))[:n])


def remove(pool: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    """The pool without one copy of each of `cards` (each must be there)."""
    out = list(pool)
    for c in cards:
        out.remove(c)
    return tuple(out)


def missing(pool: Iterable[int], cards: Iterable[int]) -> list[int]:
    """The cards (with repeats) that `pool` cannot supply."""
    left = list(pool)
    out = []
    for c in cards:
        if c in left:
            left.remove(c)
        else:
            out.append(c)
    return out
