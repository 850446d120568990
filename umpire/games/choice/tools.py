"""For hosts working outside the REPL (`umpire gen …`, `umpire check expr`): where each dealt
item of a Final Match falls in the match, and reading a puzzle as the card writes it. Pure.

The match's shape comes from config.py (six blocks, Goofspiel in blocks 1–5, the Shop,
Gyul Hap and Expressions from block 2, three shop cycles a block) and two Expressions
sets a block.

>>> shop_cycles(), [cycle_place(c) for c in (1, 3, 4, 15)]
(15, [(2, 1), (2, 3), (3, 1), (6, 3)])
>>> expression_sets(), [set_place(n) for n in (1, 2, 3, 10)]
(10, [(2, 1), (2, 2), (3, 1), (6, 2)])
>>> bouts(), bout_block(5)
(5, 5)
>>> read_puzzle(" _ + _ × _ − _ = 42").text()
'_+_x_-_=42'
"""

from __future__ import annotations

import re

from umpire.core.arith import op_symbol
from umpire.core.errors import InvalidCommand
from umpire.games.choice.config import BLOCKS, CYCLES, GOOFSPIEL_BLOCKS, SHOP_FIRST_BLOCK
from umpire.games.choice.expressions import Puzzle

SETS_PER_BLOCK = 2  # Expressions sets in each block from block 2 (the card: two sets of five minutes)
EXPRESSIONS_FIRST_BLOCK = SHOP_FIRST_BLOCK
OPERATORS = 3  # a puzzle is _?_?_?_=X: four blanks, three operators

_PUZZLE = re.compile(r"_((?:[^_=]_)*)=(.*)")


def bouts() -> int:
    """Goofspiel bouts in a match: one a block, blocks 1–5."""
    return GOOFSPIEL_BLOCKS


def bout_block(bout: int) -> int:
    """The block a Goofspiel bout is played in (bout 1 in block 1, …)."""
    return bout


def shop_cycles() -> int:
    """Shop cycles in a match: three a block, from block 2 to the last."""
    return (BLOCKS - SHOP_FIRST_BLOCK + 1) * CYCLES


def cycle_place(cycle: int) -> tuple[int, int]:
    """Shop cycle `cycle` (1–15 over the match) as (block, cycle within the block)."""
    return SHOP_FIRST_BLOCK + (cycle - 1) // CYCLES, (cycle - 1) % CYCLES + 1


def expression_sets() -> int:
    """Expressions sets in a match: two a block, from block 2 to the last."""
    return (BLOCKS - EXPRESSIONS_FIRST_BLOCK + 1) * SETS_PER_BLOCK


def set_place(number: int) -> tuple[int, int]:
    """Expressions set `number` (1–10 over the match) as (block, set within the block)."""
    return EXPRESSIONS_FIRST_BLOCK + (number - 1) // SETS_PER_BLOCK, (number - 1) % SETS_PER_BLOCK + 1


def read_puzzle(text: str) -> Puzzle:
    """A puzzle as the card writes it, `_?_?_?_=X`: four blanks, three operators (+ - x /, also
    * × − –), and X a positive whole number. Spaces are ignored. Anything else is refused."""
    compact = "".join(text.split())
    shown = f"“{text.strip()}” is not a puzzle like _+_x_-_=42"
    m = _PUZZLE.fullmatch(compact)
    if m is None:
        raise InvalidCommand(shown)
    written_ops, target = m.group(1)[::2], m.group(2)
    if len(written_ops) != OPERATORS:
        raise InvalidCommand(
            f"{shown}: it has {len(written_ops) + 1} blank{'s' if written_ops else ''} and {len(written_ops)} "
            f"operator{'' if len(written_ops) == 1 else 's'}; a puzzle has four blanks and three operators"
        )
    try:
        ops = "".join(op_symbol(op) for op in written_ops)
    except InvalidCommand as exc:
        raise InvalidCommand(f"{shown}: {exc.reason}") from None
    if not target:
        raise InvalidCommand(f"{shown}: the target after = is missing")
    if not re.fullmatch(r"[0-9]+", target) or int(target) == 0:
        raise InvalidCommand(f"{shown}: the target must be a positive whole number, not “{target}”")
    return Puzzle(ops=ops, target=int(target))
