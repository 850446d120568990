"""A Final Match's generated items re-derived from the seed alone (`umpire.games.rederive`).

Each is drawn from its own stream, named by public facts the item states, never by what sealed plays did:

- a round's prize: `goofspiel/boutB` shuffles the prizes 1–9 of bout B (block B), and round R reveals the Rth;
- a shop: `shop/cycleC` deals the price list to the tiles in match-wide cycle C, which is the block's cycle
  counted on from block 2;
- a Gyul Hap board: `gyulhap/boards` draws the match's boards in turn (a draw outside the hap bounds
  skipped), and the item names its number;
- an Expressions set: `expressions/setN` draws match-wide set N's puzzles, N the block's set counted on from block 2.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from umpire.games.base import Event, Setup
from umpire.games.choice.events import ExprSetOpened, GhBoard, PuzzleDealt, RoundStarted, ShopOpened
from umpire.games.choice.expressions import puzzle_sets
from umpire.games.choice.generate import prize_order, shop_prices, shop_text
from umpire.games.choice.gyul import boards, emoji, tile_letters, tile_words
from umpire.games.choice.settings import configure
from umpire.games.choice.shape import BLOCKS, CYCLES, GOOFSPIEL_BLOCKS, SETS_PER_BLOCK, SHOP_FIRST_BLOCK
from umpire.games.rederive import Outcome, seeded


def rederive(setup: Setup, event: Event) -> Outcome:
    """The item's stream and seeded fields as the seed gives them; ValueError for an item no match deals."""
    cfg = configure(setup)
    seed = setup.streams.seed
    if isinstance(event, RoundStarted):
        _within("block", event.block, 1, GOOFSPIEL_BLOCKS)
        _within("round", event.round, 1, 9)
        return seeded(event, f"goofspiel/bout{event.block}", {"prize": prize_order(setup.streams, event.block)[event.round - 1]})
    if isinstance(event, ShopOpened):
        _within("block", event.block, SHOP_FIRST_BLOCK, BLOCKS)
        _within("cycle", event.cycle, 1, CYCLES)
        cycle = (event.block - SHOP_FIRST_BLOCK) * CYCLES + event.cycle
        prices = shop_prices(setup.streams, cycle, cfg.prices)
        derived = {"shop_cycle": cycle, "prices": {str(d + 1): prices[d] for d in range(9)}, "shop": shop_text(prices)}
        return seeded(event, f"shop/cycle{cycle}", derived)
    if isinstance(event, GhBoard):
        _within("board", event.board, 1, cfg.gyul_boards)
        b = boards(seed, cfg.gyul_boards, cfg.min_haps, cfg.max_haps)[event.board - 1]
        derived = {
            "of": cfg.gyul_boards,
            "tiles": {str(i + 1): tile_words(b.tiles[i]) for i in range(9)},
            "emoji": [emoji(b.tiles[i], cfg.emoji) for i in range(9)],
            "letters": [tile_letters(b.tiles[i]) for i in range(9)],
        }
        return seeded(event, "gyulhap/boards", derived)
    if isinstance(event, ExprSetOpened):
        _within("block", event.block, SHOP_FIRST_BLOCK, BLOCKS)
        _within("set", event.set, 1, SETS_PER_BLOCK)
        number = (event.block - SHOP_FIRST_BLOCK) * SETS_PER_BLOCK + event.set
        sets = puzzle_sets(seed, (BLOCKS - 1) * SETS_PER_BLOCK, cfg.per_set, cfg.min_solutions, cfg.max_target)
        dealt = tuple(PuzzleDealt(number=i + 1, ops=p.ops, target=p.target, text=p.text()) for i, p in enumerate(sets[number - 1]))
        return seeded(
            event, f"expressions/set{number}", {"expr_set": number, "puzzles": replace(event, puzzles=dealt).payload()["puzzles"]}
        )
    raise LookupError(f"The Choice is Yours declares no re-derivation of a {event.kind} item")


def _within(what: str, value: Any, least: int, most: int) -> None:
    if type(value) is not int or not least <= value <= most:
        raise ValueError(f"its {what} is {value!r}, where this item comes in {what}s {least}–{most} only")
