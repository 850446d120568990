"""The Final Match's one-shot tools, for the command line: `umpire check expr` and `umpire gen
shop|prizes|board|expressions`. Pure.

Each tool takes plain values (strings, numbers, the dealt settings as a mapping) and returns what
to print: the text lines, the JSON objects for `--json`, the exit code of a ruling, and the
pictures to write for `--png` (picture models, drawn by the command line). A line the tool cannot
read is refused with an UmpireError whose reason the command prints. Every import is made inside
the tool that needs it: a command loads only what it prints from (`umpire gen` never loads the
match's settings, nor exact fractions).

A puzzle as the card writes it, `_?_?_?_=X`: four blanks, three operators from + - x /, and X a
positive whole number. Anything else is not a puzzle the game can deal, so it is refused as
unreadable (R-EX-3); a scenario's `max_target` (R-EX-1) narrows the targets further when given.

>>> read_puzzle(" _ + _ × _ − _ = 42").text()
'_+_x_-_=42'
>>> check_expr("_+_x_-_=42", "2+3x9-3").lines
('✓ solves _+_x_-_=42: 2+3x9-3 = 42 (left to right: ((2 + 3) x 9) - 3)',)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from umpire.games.choice.expressions import Puzzle

OPERATORS = 3  # a puzzle is _?_?_?_=X: four blanks, three operators

_PUZZLE = re.compile(r"_((?:[^_=]_)*)=(.*)")


@dataclass(frozen=True, kw_only=True)
class Ruling:
    """A ruling to print: its text lines, its `--json` object and the command's exit code."""

    lines: tuple[str, ...]
    data: dict[str, Any]
    exit_code: int


@dataclass(frozen=True, kw_only=True)
class Dealt:
    """What the seed deals, to print: text lines, one `--json` object per item, and the pictures
    (file name -> picture model) when they were asked for."""

    lines: tuple[str, ...]
    objects: tuple[dict[str, Any], ...]
    pictures: Mapping[str, Any] = field(default_factory=dict)


# ---------------------------------------------------------------- check expr


def read_puzzle(text: str, *, max_target: int | None = None) -> Puzzle:
    """A puzzle as the card writes it, `_?_?_?_=X`: four blanks, three operators (+ - x /, also
    * × − –), and X a positive whole number (at most `max_target` when a scenario's is given).
    Spaces are ignored. Anything else is refused with InvalidCommand."""
    from umpire.core.arith import op_symbol
    from umpire.core.errors import InvalidCommand
    from umpire.games.choice.expressions import Puzzle

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
    if max_target is not None and int(target) > max_target:
        raise InvalidCommand(f"{shown}: this scenario's puzzles have targets of at most {max_target} (max_target), not {int(target)}")
    return Puzzle(ops=ops, target=int(target))


def check_expr(puzzle: str, expression: str) -> Ruling:
    """Whether `expression` solves `puzzle`, evaluated strictly left to right: exit code 0 if it does,
    1 if not (the operators not the puzzle's, or another value). Either unreadable: InvalidCommand."""
    from umpire.core.arith import evaluate, parse_digits, show

    wanted = read_puzzle(puzzle)
    digits, ops = parse_digits(expression)
    value = evaluate(digits, ops)
    problems = []
    if ops != wanted.ops:
        problems.append(f"the operators {' '.join(ops)} do not match the puzzle's {' '.join(wanted.ops)}")
    if value != wanted.target:
        problems.append(f"it makes {show(value)}, not {wanted.target}")
    ok = not problems
    steps = str(digits[0])
    for i, (op, d) in enumerate(zip(ops, digits[1:], strict=True)):
        steps = f"{steps} {op} {d}" if i == 0 else f"({steps}) {op} {d}"
    verdict = "✓ solves " if ok else "✗ does not solve "
    lines = [f"{verdict}{wanted.text()}: {expression.strip()} = {show(value)} (left to right: {steps})"]
    lines += [f"  {p}" for p in problems]
    data = {"valid": ok, "value": show(value), "target": wanted.target, "operators_match": ops == wanted.ops, "problems": problems}
    return Ruling(lines=tuple(lines), data=data, exit_code=0 if ok else 1)


# ---------------------------------------------------------------- gen


def dealt_settings(scenario: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The settings that shape what the seed deals: a scenario's `[rules]` as loaded, or (None) their
    defaults, read from `shape.py` so that `umpire gen` starts without loading the match's settings."""
    if scenario is not None:
        return dict(scenario)
    from umpire.games.choice.shape import DEALT_DEFAULTS

    return dict(DEALT_DEFAULTS)


def shop_cycles(seed: str, prices: Sequence[int], count: int | None = None, *, pictures: bool = False) -> Dealt:
    """The shop of each cycle, from cycle 1 (`count` of them; a match's 15 by default), posted as
    `123, 45, 67, 89`; the pictures are each cycle's price table (`shop-N.png`)."""
    from umpire.core.streams import Streams
    from umpire.games.choice.generate import shop_prices, shop_text
    from umpire.games.choice.shape import CYCLES, cycle_place
    from umpire.games.choice.shape import shop_cycles as match_cycles

    price_list = tuple(sorted(prices))
    streams = Streams(seed)
    lines, objects, drawn = [], [], {}
    for cycle in range(1, (count or match_cycles()) + 1):
        dealt = shop_prices(streams, cycle, price_list)
        block, within = cycle_place(cycle)
        shop = shop_text(dealt)
        objects.append(
            {"cycle": cycle, "block": block, "block_cycle": within, "shop": shop, "prices": {str(d + 1): dealt[d] for d in range(9)}}
        )
        lines.append(f"Shop, block {block} cycle {within}/{CYCLES}: {shop}")
        if pictures:
            drawn[f"shop-{cycle}.png"] = _table(
                f"Shop, block {block}, cycle {within}/{CYCLES}", ("tile", "price"), [(str(d + 1), f"${dealt[d]}") for d in range(9)]
            )
    return Dealt(lines=tuple(lines), objects=tuple(objects), pictures=drawn)


def prize_orders(seed: str, *, pictures: bool = False) -> Dealt:
    """The prize order of each Goofspiel bout (host only: one prize is revealed a round); the pictures
    are each bout's order as a table (`prizes-N.png`)."""
    from umpire.core.streams import Streams
    from umpire.games.choice.generate import prize_order
    from umpire.games.choice.shape import bout_block, bouts

    streams = Streams(seed)
    lines, objects, drawn = [], [], {}
    for bout in range(1, bouts() + 1):
        order = prize_order(streams, bout)
        objects.append({"bout": bout, "block": bout_block(bout), "prizes": list(order)})
        lines.append(f"Bout {bout} (block {bout_block(bout)}): " + " ".join(str(p) for p in order))
        if pictures:
            drawn[f"prizes-{bout}.png"] = _table(
                f"Goofspiel prizes, bout {bout} (block {bout_block(bout)}) - host only",
                ("round", "prize"),
                [(str(r), str(p)) for r, p in enumerate(order, start=1)],
            )
    return Dealt(lines=tuple(lines), objects=tuple(objects), pictures=drawn)


def gyul_boards(
    seed: str, settings: Mapping[str, Any], count: int | None = None, *, answers: bool = False, pictures: bool = False
) -> Dealt:
    """The Gyul Hap boards, from board 1 (`count` of them; the settings' `gyul_boards` by default), in
    the 3x3 layout in emoji and in plain letters. Their haps are answers: only with `answers`, after
    every board and marked host only (in JSON, each board's `haps`). The pictures: `board-N.png`."""
    from umpire.games.choice.gyul import board_plain, board_text, boards, tile_words

    dealt = boards(seed, count or settings["gyul_boards"], settings["min_haps"], settings["max_haps"])
    lines, objects = [], []
    for b in dealt:
        obj: dict[str, Any] = {"board": b.number, "tiles": {str(i + 1): tile_words(b.tiles[i]) for i in range(9)}}
        if answers:
            obj["haps"] = _haps(b.haps)
        objects.append(obj)
        lines += [f"Board {b.number}", *board_text(b, settings["emoji"]), *board_plain(b), ""]
    if answers:
        lines.append("HOST ONLY — do not post. The haps on each board:")
        lines += [
            f"Board {b.number}: {len(b.haps)} hap{'' if len(b.haps) == 1 else 's'}: {', '.join(_haps(b.haps)) or 'none'}" for b in dealt
        ]
    drawn: dict[str, Any] = {}
    if pictures:
        from umpire.games.choice.drawing import GyulBoard
        from umpire.images import block_from_code

        drawn = {
            f"board-{b.number}.png": GyulBoard(tiles=tuple(block_from_code(t) for t in b.tiles), title=f"Board {b.number}") for b in dealt
        }
    return Dealt(lines=tuple(lines), objects=tuple(objects), pictures=drawn)


def expression_sets(seed: str, settings: Mapping[str, Any], *, pictures: bool = False) -> Dealt:
    """The Expressions sets (two a block, blocks 2–6), each puzzle with its number of solutions; the
    pictures: `set-N.png`."""
    from umpire.games.choice.expressions import count, puzzle_sets
    from umpire.games.choice.shape import SETS_PER_BLOCK, set_place
    from umpire.games.choice.shape import expression_sets as match_sets

    sets = puzzle_sets(seed, match_sets(), settings["puzzles_per_set"], settings["min_solutions"], settings["max_target"])
    lines, objects = [], []
    for n, puzzles in enumerate(sets, start=1):
        block, within = set_place(n)
        solved = [count(p.ops, p.target) for p in puzzles]
        objects.append(
            {
                "set": n,
                "block": block,
                "block_set": within,
                "puzzles": [
                    {"number": i + 1, "ops": p.ops, "target": p.target, "text": p.text(), "solutions": solved[i]}
                    for i, p in enumerate(puzzles)
                ],
            }
        )
        lines.append(f"Set {n} (block {block}, set {within}/{SETS_PER_BLOCK}):")
        lines += [f"  {i}. {p.text()}   ({solved[i - 1]} solutions)" for i, p in enumerate(puzzles, start=1)]
    drawn: dict[str, Any] = {}
    if pictures:
        from umpire.games.choice.drawing import ExpressionsSet, ExprPuzzle

        drawn = {
            f"set-{n}.png": ExpressionsSet(
                puzzles=tuple(ExprPuzzle(ops=p.ops, target=p.target) for p in puzzles), title=f"Expressions, set {n}"
            )
            for n, puzzles in enumerate(sets, start=1)
        }
    return Dealt(lines=tuple(lines), objects=tuple(objects), pictures=drawn)


def _table(title: str, columns: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> Any:
    """A table as a picture model (the drawing code is imported only for pictures)."""
    from umpire.images import Standings

    return Standings(title=title, columns=columns, rows=tuple(rows))


def _haps(haps: frozenset[tuple[int, int, int]]) -> list[str]:
    """A board's haps as position triples, `125`, in order."""
    return ["".join(map(str, t)) for t in sorted(haps)]
