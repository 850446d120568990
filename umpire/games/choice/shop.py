"""The Shop: opening a cycle and judging `buy`. Pure."""

from __future__ import annotations

from dataclasses import replace

from umpire.core.errors import IllegalAction
from umpire.games.choice.commands import Buy
from umpire.games.choice.config import (
    CYCLES,
    SHOP_FIRST_BLOCK,
)
from umpire.games.choice.generate import shop_prices, shop_text
from umpire.games.choice.state import Shop, State, names_of, tiles_json
from umpire.games.legacy import Event


def open_cycle(state: State, block_cycle: int, now: int) -> tuple[State, Event]:
    """Open shop cycle 1–3 of the block with fresh prices from the seed."""
    cfg = state.cfg
    cycle = (state.block - SHOP_FIRST_BLOCK) * CYCLES + block_cycle
    prices = shop_prices(cfg.streams, cycle, cfg.prices)
    shop = Shop(cycle=cycle, block_cycle=block_cycle, prices=prices, bought=tuple(frozenset() for _ in state.seats))
    return replace(state, shop=shop), Event(
        kind="shop_opened",
        t=now,
        generated=True,
        data={
            "block": state.block,
            "cycle": block_cycle,
            "shop_cycle": cycle,
            "prices": {str(d + 1): prices[d] for d in range(9)},
            "shop": shop_text(prices),
            "until": now + cfg.cycle_ms,
        },
    )


def judge_buy(state: State, cmd: Buy, now: int) -> tuple[State, list[Event]]:
    """Judge `buy X`: three copies of tile X at this cycle's price, once per tile per cycle."""
    names = names_of(state)
    who = names[cmd.seat]
    shop = state.shop
    if shop is None:
        if state.block == 0:
            raise IllegalAction(f"the match has not started; the shop opens in block {SHOP_FIRST_BLOCK}")
        if state.in_block and state.block < SHOP_FIRST_BLOCK:
            raise IllegalAction(f"the shop is closed in block {state.block}; it opens in block {SHOP_FIRST_BLOCK}")
        raise IllegalAction("the shop is closed between blocks")
    if cmd.digit in shop.bought[cmd.seat]:
        raise IllegalAction(f"{who} already bought tile {cmd.digit} this cycle; it can be bought again next cycle")
    price = shop.prices[cmd.digit - 1]
    seat = state.seats[cmd.seat]
    if seat.money < price:
        raise IllegalAction(f"{who} has ${seat.money}; tile {cmd.digit} costs ${price} this cycle")
    tiles = list(seat.tiles)
    tiles[cmd.digit - 1] += state.cfg.copies
    seats = list(state.seats)
    seats[cmd.seat] = replace(seat, money=seat.money - price, tiles=tuple(tiles))
    bought = list(shop.bought)
    bought[cmd.seat] = shop.bought[cmd.seat] | {cmd.digit}
    state = replace(state, seats=tuple(seats), shop=replace(shop, bought=tuple(bought)))
    return state, [
        Event(
            kind="bought",
            t=now,
            data={
                "player": who,
                "tile": cmd.digit,
                "copies": state.cfg.copies,
                "price": price,
                "money": seats[cmd.seat].money,
                "tiles": tiles_json(seats[cmd.seat]),
            },
        )
    ]
