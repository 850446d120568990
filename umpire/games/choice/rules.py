"""The rules of the Final Match: the block frame, Goofspiel bouts and the Shop. Pure.

Time: the host starts each block (`start`); inside a block everything runs on
the match clock from the block's start: Goofspiel rounds every 60 s (59 s to
play, 1 s break) in blocks 1–5, shop cycles every 3 min 20 s in blocks 2–6, and
the block's end after 10 minutes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from umpire.core.errors import IllegalAction
from umpire.games.choice.bout import judge_play, resolve_round, round_started
from umpire.games.choice.commands import (
    Buy,
    Command,
    ExprCall,
    GsPlay,
    GyulCall,
    HapCall,
    Post,
    StartBlock,
    parse,
)
from umpire.games.choice.config import (
    BLOCKS,
    CYCLES,
    GOOFSPIEL_BLOCKS,
    ITEM_NAMES,
    ITEMS,
    ROUNDS,
    SHOP_FIRST_BLOCK,
    Config,
)
from umpire.games.choice.generate import prize_order, shop_text
from umpire.games.choice.gyulhap import board, board_posted, judge_gyul, judge_hap, next_board, require_gyul
from umpire.games.choice.sets import judge_expr, open_set, puzzles, require_expr
from umpire.games.choice.shop import judge_buy, open_cycle
from umpire.games.choice.state import (
    EXPRESSIONS,
    GOOFSPIEL,
    GYUL_HAP,
    Bout,
    ExprSet,
    Gyul,
    Play,
    Seat,
    Shop,
    State,
    initial,
    names_of,
    status_json,
    tiles_json,
    where_now,
)
from umpire.games.legacy import Event

__all__ = [
    "EXPRESSIONS",
    "GOOFSPIEL",
    "GYUL_HAP",
    "Bout",
    "Buy",
    "Command",
    "ExprCall",
    "ExprSet",
    "GsPlay",
    "Gyul",
    "GyulCall",
    "HapCall",
    "Play",
    "Post",
    "Seat",
    "Shop",
    "StartBlock",
    "State",
    "apply",
    "board",
    "decide",
    "end_block",
    "initial",
    "match_result",
    "next_due",
    "on_due",
    "parse",
    "puzzles",
    "schedule",
    "start_block",
    "status_json",
    "tiles_json",
    "where_now",
]


def apply(state: State, cmd: Command, now: int) -> tuple[State, list[Event]]:
    """Judge a command at `now`."""
    if isinstance(cmd, Post):
        return _post(state, cmd, now)
    if state.over:
        raise IllegalAction(f"the match is over ({state.result})")
    if isinstance(cmd, StartBlock):
        return start_block(state, now)
    if isinstance(cmd, GsPlay):
        return judge_play(state, cmd, now)
    if isinstance(cmd, HapCall):
        return judge_hap(state, cmd, now)
    if isinstance(cmd, GyulCall):
        return judge_gyul(state, cmd, now)
    if isinstance(cmd, ExprCall):
        return judge_expr(state, cmd, now)
    return judge_buy(state, cmd, now)


def start_block(state: State, now: int) -> tuple[State, list[Event]]:
    """Begin the next block: credit the shop balances, open the bout and the shop."""
    if state.in_block:
        raise IllegalAction(f"block {state.block} is under way; the next one starts after it ends")
    cfg = state.cfg
    names = names_of(state)
    block = state.block + 1
    credits: dict[str, dict[str, int]] = {}
    seats = list(state.seats)
    if block >= SHOP_FIRST_BLOCK:
        for i, s in enumerate(seats):
            credits[names[i]] = {"goofspiel": s.pending, "credit": cfg.credit}
            seats[i] = replace(s, money=s.money + s.pending + cfg.credit, pending=0)
    state = replace(state, block=block, in_block=True, block_start=now, fired=0, seats=tuple(seats), bout=None, shop=None)
    events = [
        Event(
            kind="block_started",
            t=now,
            data={
                "block": block,
                "credits": credits,
                "money": {names[i]: seats[i].money for i in range(len(seats))},
                "goofspiel": block <= GOOFSPIEL_BLOCKS,
                "shop": block >= SHOP_FIRST_BLOCK,
            },
        )
    ]
    if block <= GOOFSPIEL_BLOCKS:
        bout = Bout(block=block, prizes=prize_order(cfg.streams, block))
        state = replace(state, bout=bout)
        events.append(round_started(state, bout, now))
    if block >= SHOP_FIRST_BLOCK:
        state, ev = open_cycle(state, 1, now)
        events.append(ev)
        if not state.gyul.over:
            events.append(board_posted(state, now, "posted"))
        state, ev = open_set(state, 1, now)
        events.append(ev)
    return state, events


def _post(state: State, cmd: Post, now: int) -> tuple[State, list[Event]]:
    if cmd.what == "gh":
        require_gyul(state)
        ev = board_posted(state, now, "reposted")
        ev.data["claimed"] = [{"positions": "".join(map(str, t)), "player": state.cfg.names[s]} for t, s in state.gyul.claimed]
        return state, [ev]
    if cmd.what == "expr":
        expr = require_expr(state)
        return state, [
            Event(
                kind="expr_reposted",
                t=now,
                data={
                    "block": state.block,
                    "set": expr.block_set,
                    "puzzles": [{"number": i + 1, "text": p.text()} for i, p in enumerate(puzzles(state))],
                    "extras_used": sorted(expr.extras),
                },
            )
        ]
    if cmd.what == "shop":
        if state.shop is None:
            raise IllegalAction("the shop is closed; there is nothing to post")
        shop = state.shop
        return state, [
            Event(
                kind="shop_posted",
                t=now,
                data={
                    "block": state.block,
                    "cycle": shop.block_cycle,
                    "shop": shop_text(shop.prices),
                    "prices": {str(d + 1): shop.prices[d] for d in range(9)},
                },
            )
        ]
    return state, [Event(kind="status_posted", t=now, data={"status": status_json(state)})]


@dataclass(frozen=True, kw_only=True)
class Timed:
    """One timed happening of a block."""

    at: int
    order: int  # at the same instant: deadlines, then the block's end, then openings, then reminders
    kind: str  # "round_deadline", "round_reminder", "round_start", "cycle_start", "block_end"
    number: int = 0


def schedule(state: State) -> tuple[Timed, ...]:
    """Everything the rules do on their own in the block under way, in order."""
    if not state.in_block:
        return ()
    return _schedule(state.cfg, state.block, state.block_start)


@lru_cache(maxsize=32)
def _schedule(cfg: Config, block: int, s: int) -> tuple[Timed, ...]:
    # A block's timetable depends only on the settings, the block and when it started.
    items: list[Timed] = []
    if block <= GOOFSPIEL_BLOCKS:
        for k in range(1, ROUNDS + 1):
            opens = s + (k - 1) * cfg.round_period
            if k > 1:
                items.append(Timed(at=opens, order=2, kind="round_start", number=k))
            if cfg.reminder_ms:
                items.append(Timed(at=opens + cfg.round_ms - cfg.reminder_ms, order=3, kind="round_reminder", number=k))
            items.append(Timed(at=opens + cfg.round_ms, order=0, kind="round_deadline", number=k))
    if block >= SHOP_FIRST_BLOCK:
        for c in range(2, CYCLES + 1):
            items.append(Timed(at=s + (c - 1) * cfg.cycle_ms, order=2, kind="cycle_start", number=c))
        items.append(Timed(at=s + cfg.set_ms, order=2, kind="set_start", number=2))
        # A last set or cycle that ends before the block does closes at its announced time.
        if 2 * cfg.set_ms < cfg.block_ms:
            items.append(Timed(at=s + 2 * cfg.set_ms, order=1, kind="set_end", number=2))
        if CYCLES * cfg.cycle_ms < cfg.block_ms:
            items.append(Timed(at=s + CYCLES * cfg.cycle_ms, order=1, kind="cycle_end", number=CYCLES))
    items.append(Timed(at=s + cfg.block_ms, order=1, kind="block_end", number=block))
    items.sort(key=lambda t: (t.at, t.order))
    return tuple(items)


def next_due(state: State) -> int | None:
    """When the block's next timed happening is due."""
    items = schedule(state)
    return items[state.fired].at if state.fired < len(items) else None


def on_due(state: State, now: int) -> tuple[State, list[Event]]:
    """Apply the block's next timed happening."""
    item = schedule(state)[state.fired]
    state = replace(state, fired=state.fired + 1)
    if item.kind == "round_reminder":
        bout = state.bout
        assert bout is not None
        waiting = [state.cfg.names[i] for i, p in enumerate(bout.plays) if p is None]
        return state, [
            Event(
                kind="round_reminder",
                t=item.at,
                data={"block": state.block, "round": item.number, "seconds": state.cfg.reminder_ms // 1000, "waiting": waiting},
            )
        ]
    if item.kind == "round_deadline":
        return resolve_round(state, item.at)
    if item.kind == "round_start":
        bout = state.bout
        assert bout is not None
        bout = replace(bout, round=item.number, open=True, plays=tuple(None for _ in state.seats))
        return replace(state, bout=bout), [round_started(state, bout, item.at)]
    if item.kind == "cycle_start":
        state, ev = open_cycle(state, item.number, item.at)
        return state, [ev]
    if item.kind == "set_start":
        state, ev = open_set(state, item.number, item.at)
        return state, [ev]
    if item.kind == "set_end":
        return replace(state, expr=None), [Event(kind="expr_closed", t=item.at, data={"block": state.block, "set": item.number})]
    if item.kind == "cycle_end":
        return replace(state, shop=None), [Event(kind="shop_closed", t=item.at, data={"block": state.block, "cycle": item.number})]
    return end_block(state, item.at)


def end_block(state: State, now: int) -> tuple[State, list[Event]]:
    """The block's time is up: close the shop; after block 5 decide Goofspiel, after block 6 the match."""
    names = names_of(state)
    state = replace(state, in_block=False, shop=None, expr=None)
    events = [Event(kind="block_over", t=now, data={"block": state.block, "money": {names[i]: s.money for i, s in enumerate(state.seats)}})]
    state = replace(state, gyul=replace(state.gyul, last_gyul=None))  # the anti-snipe grace never crosses a block
    if SHOP_FIRST_BLOCK <= state.block < BLOCKS and not state.gyul.over:
        # The board resets at the end of each block (amendment): the next block gets the next board.
        state, ev = next_board(state, now, "reset")
        events.append(ev)
    if state.block == GOOFSPIEL_BLOCKS:
        state, ev = decide(state, GOOFSPIEL, now)
        events.append(ev)
    if state.block == BLOCKS:
        for item in (GYUL_HAP, EXPRESSIONS):
            state, ev = decide(state, item, now)
            events.append(ev)
        state, ev = match_result(state, now)
        events.append(ev)
    return state, events


def decide(state: State, item: int, now: int) -> tuple[State, Event]:
    """Decide one subgame: more points wins; a tie goes to the Advantage holder (R-ADV-1)."""
    names = names_of(state)
    key = ITEMS[item]
    points = [(s.gsp, s.ghp, s.ep)[item] for s in state.seats]
    holders = [i for i in range(len(state.seats)) if state.cfg.given[i][item] > 0]
    reason: str
    if points[0] != points[1]:
        winner: int | None = 0 if points[0] > points[1] else 1
        reason = f"{points[winner or 0]} to {points[1 - (winner or 0)]}"
    elif len(holders) == 1:
        winner = holders[0]
        reason = f"tied at {points[0]}; {names[winner]} holds the {ITEM_NAMES[key]} Advantage"
    else:
        winner = None
        reason = (
            f"tied at {points[0]} and " + ("both hold the Advantage" if holders else "nobody holds the Advantage") + ": no winner (R-ADV-1)"
        )
    won = names[winner] if winner is not None else None
    state = replace(state, subgame_winners=(*state.subgame_winners, (key, won)))
    return state, Event(
        kind="subgame_decided",
        t=now,
        data={"subgame": key, "winner": won, "reason": reason, "points": {names[i]: points[i] for i in range(len(points))}},
    )


def match_result(state: State, now: int) -> tuple[State, Event]:
    """Whoever won two subgames wins the match; otherwise it is undecided (R-ADV-1)."""
    names = names_of(state)
    wins = [sum(1 for _, w in state.subgame_winners if w == n) for n in names]
    winner = next((i for i, w in enumerate(wins) if w >= 2), None)
    result = "undecided: nobody won two subgames" if winner is None else f"{names[winner]} won {wins[winner]} of 3 subgames"
    state = replace(state, winner=winner, result=result)
    return state, Event(
        kind="match_over",
        t=now,
        data={
            "winner": names[winner] if winner is not None else None,
            "result": result,
            "subgame_winners": dict(state.subgame_winners),
        },
    )
