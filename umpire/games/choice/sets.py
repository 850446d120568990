"""Expressions in play: opening a set, and judging `expr` and `iexpr`. Pure.

The puzzles themselves are drawn in `expressions.py`."""

from __future__ import annotations

from fractions import Fraction

from umpire.core.arith import evaluate, show
from umpire.core.deadline import Deadline
from umpire.core.errors import IllegalAction
from umpire.core.evolve import replace  # dataclasses.replace, cheaper for the state records (replay hot spot)
from umpire.games.base import Event
from umpire.games.choice.commands import ExprCall
from umpire.games.choice.events import ExprClosed, ExprReposted, ExprSetOpened, ExprSolved, PuzzleDealt, PuzzlePosted
from umpire.games.choice.expressions import Puzzle, puzzle_sets, written
from umpire.games.choice.shape import BLOCKS, SETS_PER_BLOCK, SHOP_FIRST_BLOCK
from umpire.games.choice.state import EXPRESSIONS, ExprSet, State, names_of, where_now


def puzzles(state: State) -> tuple[Puzzle, ...]:
    """The puzzles of the Expressions set under way."""
    assert state.expr is not None
    cfg = state.cfg
    sets = puzzle_sets(state.streams.seed, (BLOCKS - 1) * SETS_PER_BLOCK, cfg.per_set, cfg.min_solutions, cfg.max_target)
    return sets[state.expr.number - 1]


def open_set(state: State, block_set: int, now: int) -> tuple[State, ExprSetOpened]:
    """Open set 1 or 2 of the block: its deadline, and the event that posts its puzzles (operators and targets).

    The last set of a block that would end with the block has no deadline of its own: the block's end closes it.
    """
    number = (state.block - SHOP_FIRST_BLOCK) * SETS_PER_BLOCK + block_set
    until = now + state.cfg.set_ms
    clock: Deadline | None = Deadline(what="set", start=now, due=until)
    if block_set == SETS_PER_BLOCK and state.block_clock is not None and until >= state.block_clock.due:
        clock = None
    state = replace(
        state, expr=ExprSet(number=number, block_set=block_set, solved=tuple(frozenset() for _ in state.seats)), set_clock=clock
    )
    dealt = tuple(PuzzleDealt(number=i + 1, ops=p.ops, target=p.target, text=p.text()) for i, p in enumerate(puzzles(state)))
    return state, ExprSetOpened(t=now, block=state.block, set=block_set, expr_set=number, puzzles=dealt, until=until)


def set_over(state: State, now: int) -> tuple[State, list[Event]]:
    """A set's time is up: the next set opens, or (after the block's last set) Expressions waits for the next block."""
    assert state.expr is not None
    done = state.expr.block_set
    if done < SETS_PER_BLOCK:
        state, ev = open_set(state, done + 1, now)
        return state, [ev]
    return replace(state, expr=None, set_clock=None), [ExprClosed(t=now, block=state.block, set=done)]


def reposted(state: State, now: int) -> ExprReposted:
    """`post expr`: the set's puzzles again, with the extras already used (a set is under way: the move's `when` said so)."""
    expr = state.expr
    assert expr is not None
    return ExprReposted(
        t=now,
        block=state.block,
        set=expr.block_set,
        puzzles=tuple(PuzzlePosted(number=i + 1, text=p.text()) for i, p in enumerate(puzzles(state))),
        extras_used=tuple(sorted(expr.extras)),
    )


def expr_closed(state: State) -> str | None:
    """Why Expressions is not being played now (the "not now" refusal of `expr` and `post expr`), or None."""
    if state.expr is None:
        return f"Expressions runs during blocks 2–6, not now ({where_now(state)})"
    return None


def judge_expr(state: State, cmd: ExprCall, now: int) -> tuple[State, list[Event]]:
    """Judge `expr x S y` / `iexpr x S y z`; every failure is a refusal that says which check failed.

    A set is under way (the move's `when` said so)."""
    names = names_of(state)
    who = names[cmd.seat]
    expr = state.expr
    assert expr is not None
    set_puzzles = puzzles(state)
    if not 1 <= cmd.puzzle <= len(set_puzzles):
        raise IllegalAction(f"this set has puzzles 1–{len(set_puzzles)}, not {cmd.puzzle}")
    p = set_puzzles[cmd.puzzle - 1]
    text = written(cmd.digits, cmd.ops)
    if cmd.ops != p.ops:
        raise IllegalAction(
            f"puzzle {cmd.puzzle} is {p.text()}: the operators must be {' '.join(p.ops)} in that order, not {' '.join(cmd.ops)}"
        )
    if cmd.puzzle in expr.solved[cmd.seat]:
        raise IllegalAction(f"{who} already solved puzzle {cmd.puzzle}; each player solves each puzzle once")
    if cmd.extra in expr.extras:
        raise IllegalAction(f"{cmd.extra} has already served as the extra in this set; each digit serves once a set")
    value = evaluate_digits(cmd.digits, cmd.ops)
    if value != p.target:
        raise IllegalAction(f"{text} = {show(value)}, not {p.target} (left to right)")
    seat = state.seats[cmd.seat]
    if cmd.wild is not None and seat.adv[EXPRESSIONS] < 1:
        raise IllegalAction(f"{who} has no Expressions Advantage" + (" left" if state.cfg.given[cmd.seat][EXPRESSIONS] else ""))
    need = list(cmd.digits)
    need.remove(cmd.extra)
    if cmd.wild is not None:
        need.remove(cmd.wild)
    tiles = list(seat.tiles)
    for d in sorted(set(need)):
        if tiles[d - 1] < need.count(d):
            raise IllegalAction(f"{who} holds {tiles[d - 1]} tile{'s' if tiles[d - 1] != 1 else ''} {d}; this solve needs {need.count(d)}")
    for d in need:
        tiles[d - 1] -= 1
    adv = list(seat.adv)
    if cmd.wild is not None:
        adv[EXPRESSIONS] -= 1  # R-EX-2: the wildcard is used up only by a correct solve
    seats = list(state.seats)
    seats[cmd.seat] = replace(seat, ep=seat.ep + 1, tiles=tuple(tiles), adv=(adv[0], adv[1], adv[2]))
    solved = list(expr.solved)
    solved[cmd.seat] = expr.solved[cmd.seat] | {cmd.puzzle}
    expr = replace(expr, solved=tuple(solved), extras=expr.extras | {cmd.extra})
    state = replace(state, seats=tuple(seats), expr=expr)
    return state, [
        ExprSolved(
            t=now,
            player=who,
            puzzle=cmd.puzzle,
            expression=text,
            target=p.target,
            extra=cmd.extra,
            wild=cmd.wild,
            spent=tuple(need),
            ep={names[i]: s.ep for i, s in enumerate(state.seats)},
            extras_used=tuple(sorted(expr.extras)),
        )
    ]


def evaluate_digits(digits: tuple[int, ...], ops: str) -> Fraction:
    """The exact left-to-right value of a filled expression."""
    return evaluate(digits, ops)
