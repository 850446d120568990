"""The Shop: opening a cycle and judging `buy`. Pure."""

from __future__ import annotations

from umpire.core.deadline import Deadline
from umpire.core.errors import IllegalAction
from umpire.core.evolve import replace  # dataclasses.replace, cheaper for the state records (replay hot spot)
from umpire.games.base import Event, dm
from umpire.games.choice.commands import Buy
from umpire.games.choice.events import Bought, ShopClosed, ShopOpened, ShopPosted
from umpire.games.choice.generate import shop_prices, shop_text
from umpire.games.choice.shape import CYCLES, SHOP_FIRST_BLOCK
from umpire.games.choice.state import Shop, State, names_of, tiles_json


def open_cycle(state: State, block_cycle: int, now: int) -> tuple[State, ShopOpened]:
    """Open shop cycle 1–3 of the block with fresh prices from the seed, and its deadline.

    The last cycle of a block that would end with the block has no deadline of its own: the block's end closes it.
    """
    cfg = state.cfg
    cycle = (state.block - SHOP_FIRST_BLOCK) * CYCLES + block_cycle
    prices = shop_prices(state.streams, cycle, cfg.prices)
    shop = Shop(cycle=cycle, block_cycle=block_cycle, prices=prices, bought=tuple(frozenset() for _ in state.seats))
    until = now + cfg.cycle_ms
    clock: Deadline | None = Deadline(what="cycle", start=now, due=until)
    if block_cycle == CYCLES and state.block_clock is not None and until >= state.block_clock.due:
        clock = None
    return replace(state, shop=shop, shop_clock=clock), ShopOpened(
        t=now,
        block=state.block,
        cycle=block_cycle,
        shop_cycle=cycle,
        prices=_prices(prices),
        shop=shop_text(prices),
        until=until,
    )


def _prices(prices: tuple[int, ...]) -> dict[str, int]:
    return {str(d + 1): prices[d] for d in range(9)}


def cycle_over(state: State, now: int) -> tuple[State, list[Event]]:
    """A cycle's time is up: the next cycle opens, or (after the block's last) the shop closes until the next block."""
    assert state.shop is not None
    done = state.shop.block_cycle
    if done < CYCLES:
        state, ev = open_cycle(state, done + 1, now)
        return state, [ev]
    return replace(state, shop=None, shop_clock=None), [ShopClosed(t=now, block=state.block, cycle=done)]


def shop_closed(state: State) -> str | None:
    """Why nothing can be bought now (the "not now" refusal of `buy`), or None while a cycle is open."""
    if state.shop is not None:
        return None
    if state.block == 0:
        return f"the match has not started; the shop opens in block {SHOP_FIRST_BLOCK}"
    if state.in_block and state.block < SHOP_FIRST_BLOCK:
        return f"the shop is closed in block {state.block}; it opens in block {SHOP_FIRST_BLOCK}"
    return "the shop is closed between blocks"


def nothing_to_post(state: State) -> str | None:
    """Why `post shop` cannot be made now, or None while a cycle is open."""
    return "the shop is closed; there is nothing to post" if state.shop is None else None


def posted(state: State, now: int) -> ShopPosted:
    """`post shop`: the cycle's prices again (a cycle is open: the move's `when` said so)."""
    shop = state.shop
    assert shop is not None
    return ShopPosted(t=now, block=state.block, cycle=shop.block_cycle, shop=shop_text(shop.prices), prices=_prices(shop.prices))


def judge_buy(state: State, cmd: Buy, now: int) -> tuple[State, list[Event]]:
    """Judge `buy X`: three copies of tile X at this cycle's price, once per tile per cycle."""
    names = names_of(state)
    who = names[cmd.seat]
    shop = state.shop
    assert shop is not None  # the shop is open: the move's `when` said so
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
    receipt = Bought(
        t=now,
        audience=dm(cmd.seat),
        player=who,
        tile=cmd.digit,
        copies=state.cfg.copies,
        price=price,
        money=seats[cmd.seat].money,
        tiles=tiles_json(seats[cmd.seat]),
    )
    return state, [receipt]
