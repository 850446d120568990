"""Where each dealt item of a Final Match falls: how many Goofspiel bouts, shop cycles and
Expressions sets a match has, and which block each is in. Pure; `umpire gen …` uses it so that
the command line never does the match's arithmetic itself.

The match's shape: six blocks, Goofspiel in blocks 1–5, the Shop, Gyul Hap and Expressions from
block 2, three shop cycles and two Expressions sets a block; settings.py takes these numbers from
here. `DEALT_DEFAULTS` repeats the defaults of the settings that shape what the seed deals, so
that `umpire gen` starts without loading the match's settings (a few milliseconds of every
start); a test checks that they agree with settings.py.

>>> shop_cycles(), [cycle_place(c) for c in (1, 3, 4, 15)]
(15, [(2, 1), (2, 3), (3, 1), (6, 3)])
>>> expression_sets(), [set_place(n) for n in (1, 2, 3, 10)]
(10, [(2, 1), (2, 2), (3, 1), (6, 2)])
>>> bouts(), bout_block(5)
(5, 5)
"""

from __future__ import annotations

BLOCKS = 6
GOOFSPIEL_BLOCKS = 5  # Goofspiel bouts, one a block from block 1
CYCLES = 3  # shop cycles in each block from block 2
SHOP_FIRST_BLOCK = 2
SETS_PER_BLOCK = 2  # Expressions sets in each block from block 2 (the card: two sets of five minutes)
EXPRESSIONS_FIRST_BLOCK = SHOP_FIRST_BLOCK

# settings.SETTINGS' defaults of the settings `umpire gen` reads when no scenario is given.
DEALT_DEFAULTS: dict[str, object] = {
    "prices": (2, 2, 2, 3, 3, 4, 4, 5, 5),
    "gyul_boards": 50,
    "min_haps": 1,
    "max_haps": 6,
    "emoji": ":hap{colour}{background}{shape}:",
    "puzzles_per_set": 5,
    "min_solutions": 3,
    "max_target": 999,
}


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
