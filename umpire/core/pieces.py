"""Pieces with three attributes of three values (hap pieces), named the ways players write them.

Hap-Tac-Toe blocks and Gyul Hap tiles share one vocabulary (R-HTT-3, R-GH-4);
When Stars Align has its own.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from umpire.core import hap
from umpire.core.errors import InvalidCommand


@dataclass(frozen=True, kw_only=True)
class PieceSet:
    """How one rule set names its pieces."""

    noun: str  # "block" / "star"
    attributes: tuple[str, str, str]  # attribute names, in code order
    values: tuple[tuple[str, str, str], ...]  # words per attribute
    letters: tuple[str, str, str]  # one-letter codes per attribute, values concatenated
    synonyms: dict[str, str]  # extra spellings -> canonical word
    order: tuple[int, int, int] = (0, 1, 2)  # the order the words are written in
    claim_word: str = "hap"  # what three matching pieces are called: a "hap" of blocks or tiles, a "set" of stars

    def words(self, code: int) -> str:
        """The piece written as its attribute words, e.g. "yellow solid 4" or "black red circle"."""
        return self._words[code]

    def short(self, code: int) -> str:
        """Three letters for the chat board, e.g. "YS4"."""
        return self._shorts[code]

    def short_of(self, words: str) -> str | None:
        """The three letters of a piece written as `words` (what `words` gives), or None for any other spelling."""
        return self._short_of_words.get(words)

    # Every piece's words and letters, made once per piece set: a turn's post and the board's JSON write them 25 times.
    @functools.cached_property
    def _words(self) -> tuple[str, ...]:
        return tuple(" ".join(self.values[i][a[i]] for i in self.order) for a in map(hap.attributes, hap.PIECES))

    @functools.cached_property
    def _shorts(self) -> tuple[str, ...]:
        return tuple("".join(self.letters[i][a[i]] for i in range(3)) for a in map(hap.attributes, hap.PIECES))

    @functools.cached_property
    def _short_of_words(self) -> dict[str, str]:
        return dict(zip(self._words, self._shorts, strict=True))

    def lookup(self) -> Mapping[str, tuple[int, int]]:
        """Every accepted word -> (attribute index, value index); built once per piece set."""
        return self._lookup

    @functools.cached_property
    def _lookup(self) -> Mapping[str, tuple[int, int]]:
        table: dict[str, tuple[int, int]] = {}
        for i, vals in enumerate(self.values):
            for v, word in enumerate(vals):
                table[word] = (i, v)
        for alt, word in self.synonyms.items():
            table[alt] = table[word]
        return MappingProxyType(table)

    def parse_piece(self, words: list[str], whole: str) -> int:
        """Read one piece from its attribute words, in any order and any case."""
        table = self.lookup()
        found: list[list[str]] = [[], [], []]
        for w in words:
            key = w.casefold().strip(",.;")
            if key not in table:
                choices = "; ".join(f"{name}: {', '.join(vals)}" for name, vals in zip(self.attributes, self.values, strict=True))
                raise InvalidCommand(f"“{w}” is not a {self.noun} attribute ({choices})", text=whole)
            i, _ = table[key]
            found[i].append(key)
        for i, got in enumerate(found):
            if len(got) > 1:
                raise InvalidCommand(f"two {self.attributes[i]}s given ({', '.join(got)}); a {self.noun} has one", text=whole)
            if not got:
                raise InvalidCommand(f"which {self.attributes[i]}? add one of {', '.join(self.values[i])}", text=whole)
        return hap.piece(*(table[found[i][0]][1] for i in range(3)))


HAP_PIECES = PieceSet(
    noun="block",
    attributes=("colour", "background", "shape"),
    values=(("red", "yellow", "blue"), ("black", "gray", "white"), ("circle", "square", "triangle")),
    letters=("RYB", "BGW", "CST"),
    synonyms={"grey": "gray"},
    order=(1, 0, 2),  # R-HTT-3 writes a block background first: "black red circle"
)

STAR_PIECES = PieceSet(
    noun="star",
    claim_word="set",
    attributes=("colour", "pattern", "shape"),
    values=(("yellow", "blue", "white"), ("solid", "hollow", "striped"), ("4", "5", "6")),
    letters=("YBW", "SHZ", "456"),
    synonyms={
        "4-pointed": "4",
        "5-pointed": "5",
        "6-pointed": "6",
        "4pt": "4",
        "5pt": "5",
        "6pt": "6",
        "four": "4",
        "five": "5",
        "six": "6",
    },
)


_EMOJI = re.compile(r"^:?hap([RYB])([BGW])([CST]):?$", re.IGNORECASE)


def read_piece(text: str) -> tuple[PieceSet, int]:
    """Read one piece written any way a host might paste it: attribute words of either
    rule set (`black red circle`, `yellow solid 4`), a Gyul Hap emoji (`:hapRBC:`) or its
    three letters (`RBC`: colour, background, shape)."""
    t = text.strip()
    m = _EMOJI.match(t) or (re.match(r"^([RYB])([BGW])([CST])$", t, re.IGNORECASE) if len(t) == 3 else None)
    if m:
        letters = [g.upper() for g in m.groups()]
        return HAP_PIECES, hap.piece(*(HAP_PIECES.letters[i].index(letters[i]) for i in range(3)))
    words = t.split()
    errors = []
    for ps in (HAP_PIECES, STAR_PIECES):
        try:
            return ps, ps.parse_piece(words, t)
        except InvalidCommand as exc:
            errors.append(exc.reason)
    hap_words = set(HAP_PIECES.lookup())
    star_words = set(STAR_PIECES.lookup())
    in_hap = sum(w.casefold() in hap_words for w in words)
    in_star = sum(w.casefold() in star_words for w in words)
    raise InvalidCommand(errors[0] if in_hap >= in_star else errors[1], text=t)
