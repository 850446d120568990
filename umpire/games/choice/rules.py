"""The rules of the Final Match: the block frame and what each command does. Pure.

Time: the host starts each block (`start`); inside a block everything runs on `Deadline`s
kept in the state: the block's end, the Goofspiel round (59 s to play with a reminder at 10 s
left, then a 1 s break) in blocks 1–5, the shop cycle (3 min 20 s) and the Expressions set
(5 min) in blocks 2–6. `next_due` is the earliest of them; `on_due` fires its next step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from umpire.core.deadline import Deadline, earliest
from umpire.core.evolve import replace  # dataclasses.replace, cheaper for the state records (replay hot spot)
from umpire.games.base import Event
from umpire.games.choice.bout import judge_play, next_round, open_bout, round_due
from umpire.games.choice.commands import Buy, Command, ExprCall, GsPlay, GyulCall, HapCall, PostBoard, PostSet, PostShop, StartBlock, Status
from umpire.games.choice.events import BlockOver, BlockStarted, BoardWhy, Credit, MatchOver, StatusPosted, SubgameDecided
from umpire.games.choice.generate import prize_order
from umpire.games.choice.gyulhap import board_posted, judge_gyul, judge_hap, next_board
from umpire.games.choice.sets import judge_expr, open_set, reposted, set_over
from umpire.games.choice.settings import ITEM_NAMES, ITEMS
from umpire.games.choice.shape import BLOCKS, CYCLES, GOOFSPIEL_BLOCKS, SETS_PER_BLOCK, SHOP_FIRST_BLOCK
from umpire.games.choice.shop import cycle_over, judge_buy, open_cycle, posted
from umpire.games.choice.state import EXPRESSIONS, GOOFSPIEL, GYUL_HAP, Phase, State, names_of, status_json
from umpire.games.choice.state import start as start  # the game's `start` is the state's (a session starts without the rules)


def is_over(state: State) -> bool:
    """Whether the sixth block has ended."""
    return state.over


def _start(state: State, cmd: StartBlock, now: int) -> tuple[State, list[Event]]:
    return start_block(state, now)


def _status(state: State, cmd: Status, now: int) -> tuple[State, list[Event]]:
    return state, [StatusPosted(t=now, status=status_json(state))]


def _post_shop(state: State, cmd: PostShop, now: int) -> tuple[State, list[Event]]:
    return state, [posted(state, now)]


def _post_board(state: State, cmd: PostBoard, now: int) -> tuple[State, list[Event]]:
    return state, [board_posted(state, now, BoardWhy.REPOSTED)]


def _post_set(state: State, cmd: PostSet, now: int) -> tuple[State, list[Event]]:
    return state, [reposted(state, now)]


# Each command kind's judge. Whether its move may be made now was asked first (`moves.py`), so a
# judge only weighs what the command says: a card already used, a tile not held, a wrong value…
_JUDGES: dict[type, Callable[[State, Any, int], tuple[State, list[Event]]]] = {
    StartBlock: _start,
    GsPlay: judge_play,
    Buy: judge_buy,
    HapCall: judge_hap,
    GyulCall: judge_gyul,
    ExprCall: judge_expr,
    Status: _status,
    PostShop: _post_shop,
    PostBoard: _post_board,
    PostSet: _post_set,
}


def apply(state: State, cmd: Command, now: int) -> tuple[State, list[Event]]:
    """Judge a command at `now` (its move is allowed now: the session asked the table of moves)."""
    return _JUDGES[type(cmd)](state, cmd, now)


def start_block(state: State, now: int) -> tuple[State, list[Event]]:
    """Begin the next block: credit the shop balances, open the bout, the shop, the board and the set."""
    cfg = state.cfg
    names = names_of(state)
    block = state.block + 1
    credits: dict[str, Credit] = {}
    seats = list(state.seats)
    if block >= SHOP_FIRST_BLOCK:
        for i, s in enumerate(seats):
            credits[names[i]] = Credit(goofspiel=s.pending, credit=cfg.credit)
            seats[i] = replace(s, money=s.money + s.pending + cfg.credit, pending=0)
    state = replace(
        state,
        block=block,
        phase=Phase.BLOCK,
        block_start=now,
        block_clock=Deadline(what="block", start=now, due=now + cfg.block_ms),
        seats=tuple(seats),
        bout=None,
        shop=None,
    )
    events: list[Event] = [
        BlockStarted(
            t=now,
            block=block,
            credits=credits,
            money={names[i]: seats[i].money for i in range(len(seats))},
            goofspiel=block <= GOOFSPIEL_BLOCKS,
            shop=block >= SHOP_FIRST_BLOCK,
        )
    ]
    if block <= GOOFSPIEL_BLOCKS:
        state, opened = open_bout(state, block, prize_order(state.streams, block), now)
        events.append(opened)
    if block >= SHOP_FIRST_BLOCK:
        state, shop = open_cycle(state, 1, now)
        events.append(shop)
        if not state.gyul.over:
            events.append(board_posted(state, now, BoardWhy.POSTED))
        state, puzzles = open_set(state, 1, now)
        events.append(puzzles)
    return state, events


# ---------------------------------------------------------------- time

# At one instant: a round's deadline first, then whatever ends (a set, a cycle, the block), then
# what opens (a round, a cycle, a set), then a round's reminder. Among equals, the order of
# `State.clocks()`: the round, the shop, the set, the block.
_PASSING_FIRST = 0
_ENDING = 1
_OPENING = 2
_REMINDER = 3


def _rank(state: State, d: Deadline) -> int:
    step = d.steps[d.fired]
    if d.what == "round":
        return _PASSING_FIRST if step.passed else _REMINDER
    if d.what == "break":
        return _OPENING
    if d.what == "cycle":
        return _OPENING if state.shop is not None and state.shop.block_cycle < CYCLES else _ENDING
    if d.what == "set":
        return _OPENING if state.expr is not None and state.expr.block_set < SETS_PER_BLOCK else _ENDING
    return _ENDING


def due(state: State) -> Deadline | None:
    """The deadline that acts next (ties broken as above), or None between blocks."""
    running: list[Deadline] = [d for d in state.clocks() if d is not None and d.next_at is not None]
    ranked: list[Deadline] = sorted(running, key=lambda d: _rank(state, d))
    return earliest(ranked)


def next_due(state: State) -> int | None:
    """When the rules next act on their own."""
    d = due(state)
    return None if d is None else d.next_at


def on_due(state: State, now: int) -> tuple[State, list[Event]]:
    """Fire the next step of the deadline that acts next."""
    d = due(state)
    assert d is not None and d.next_at == now, "on_due is called at next_due"
    if d.what == "round":
        return round_due(state, now)
    if d.what == "break":
        return next_round(state, now)
    d = d.fire()[0]
    if d.what == "cycle":
        return cycle_over(replace(state, shop_clock=d), now)
    if d.what == "set":
        return set_over(replace(state, set_clock=d), now)
    return end_block(state, now)


def end_block(state: State, now: int) -> tuple[State, list[Event]]:
    """The block's time is up: close the shop and the set; after block 5 decide Goofspiel, after block 6 the match.

    The anti-snipe grace of a correct gyul (R-GH-2) is not touched: it covers its seconds across the block's end.
    """
    over = state.block == BLOCKS
    state = replace(
        state,
        phase=Phase.OVER if over else Phase.BREAK,
        shop=None,
        expr=None,
        block_clock=None,
        break_clock=None,
        shop_clock=None,
        set_clock=None,
    )
    events: list[Event] = [BlockOver(t=now, block=state.block)]
    if SHOP_FIRST_BLOCK <= state.block < BLOCKS and not state.gyul.over:
        # The board resets at the end of each block (amendment): the next block gets the next board.
        state, ev = next_board(state, now, BoardWhy.RESET)
        events.append(ev)
    if state.block == GOOFSPIEL_BLOCKS:
        state, ev = decide(state, GOOFSPIEL, now)
        events.append(ev)
    if over:
        for item in (GYUL_HAP, EXPRESSIONS):
            state, ev = decide(state, item, now)
            events.append(ev)
        state, ev = match_result(state, now)
        events.append(ev)
    return state, events


def decide(state: State, item: int, now: int) -> tuple[State, SubgameDecided]:
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
    return state, SubgameDecided(t=now, subgame=key, winner=won, reason=reason, points={names[i]: points[i] for i in range(len(points))})


def match_result(state: State, now: int) -> tuple[State, MatchOver]:
    """Whoever won two subgames wins the match; otherwise it is undecided (R-ADV-1)."""
    names = names_of(state)
    wins = [sum(1 for _, w in state.subgame_winners if w == n) for n in names]
    winner = next((i for i, w in enumerate(wins) if w >= 2), None)
    result = "undecided: nobody won two subgames" if winner is None else f"{names[winner]} won {wins[winner]} of 3 subgames"
    over = MatchOver(
        t=now, winner=names[winner] if winner is not None else None, result=result, subgame_winners=dict(state.subgame_winners)
    )
    return replace(state, winner=winner, result=result, outcome=over.outcome), over
