"""Images (issues 12 and 21): milliseconds to draw one PNG of each kind (caches warm; every cache
cleared; the boards as the first picture of a fresh process), and its size at 800 pixels across and
at 400 (the size the hand-written encoder wrote), with a verdict against the old file's size."""

from __future__ import annotations

import statistics
import sys
import time
from functools import partial
from typing import Any

from benchlib import Report, child_env, measure, per_call, scratch_dir, time_command

REPEAT = (15, 5)
TARGET = 0.015  # issue 21: a board drawn (800 pixels across) and its PNG written in under 15 ms

# The same examples drawn 400 pixels wide by umpire's own bitmap font, span filler and deflate
# encoder (commit 464e7ab, measured before they were removed), in bytes; and the same pixels saved
# by Pillow with optimize=True, which is what the hand-written encoder cost on its own pictures.
OLD_BYTES = {
    "Hap-Tac-Toe board, 25 blocks, 4 claims": (8613, 6669),
    "When Stars Align board, 25 stars, 4 claims": (11359, 7545),
    "Gyul Hap board": (5699, 4278),
    "Expressions set": (4866, 2644),
    "Devil's Deal table, pools of 10": (6620, 2712),
    "Open, Pass row of 10": (2529, 1462),
    "standings, 13 players": (3826, 2429),
    "check hap, three blocks": (2526, 1698),
}

# What the target "at or under the old encoder's file at 400 px" meets in the pixels drawn now
# (2x2-supersampled edges, text coverage in quarters), measured once outside the benchmark
# (2026-11-26, commit of this table): the smallest PNG zopflipng finds for the same pixels (15
# iterations, every filter strategy; seconds a picture, so no post could wait for it). Where even
# it is over the old file, no deflate encoder gets there without fewer shades at the edges: the
# old pictures had none (13 flat colours and a 1-bit font). See docs/performance.md, "Images".
BEST_DEFLATE = {
    "Hap-Tac-Toe board, 25 blocks, 4 claims": 9220,
    "When Stars Align board, 25 stars, 4 claims": 11694,
    "Gyul Hap board": 6047,
    "Expressions set": 4288,
    "Devil's Deal table, pools of 10": 4318,
    "Open, Pass row of 10": 2499,
    "standings, 13 players": 3868,
    "check hap, three blocks": 2350,
}


def _examples() -> dict[str, Any]:
    """The heaviest realistic value of each kind: full boards with claims, a 13-player table."""
    from umpire.core.pieces import HAP_PIECES
    from umpire.games.choice.drawing import ExpressionsSet, ExprPuzzle, GyulBoard
    from umpire.games.choice.expressions import puzzle_sets
    from umpire.games.choice.gyul import boards
    from umpire.games.devilsdeal.drawing import Card, PokerSeat, PokerTable
    from umpire.games.haptactoe.drawing import SQUARES, HapBoard
    from umpire.games.openpass.drawing import OpenPassRow
    from umpire.images import HapCheck, Standings, block_from_code, star_from_code

    claims = (("A1", "B2", "C3"), ("A1", "A2", "A4"), ("B5", "C5", "E5"), ("E1", "D2", "B4"))
    order = [(7 * i + 3) % 27 for i in range(25)]  # 25 different pieces
    gyul = boards("20261121", 1, 1, 6)[0]
    puzzles = puzzle_sets("20261121", 1, 5, 3, 999)[0]

    def cards(text: str) -> tuple[Card, ...]:
        return tuple(Card.parse(c) for c in text.split())

    names = ["Alice", "Bob", "Carol", "Dmitri", "Eve", "Farouk", "Gwendolyn", "Hiroshi", "Ines", "Jules", "Kwame", "Lena", "Mateo"]
    return {
        "Hap-Tac-Toe board, 25 blocks, 4 claims": HapBoard(
            cells={sq: block_from_code(c) for sq, c in zip(SQUARES, order, strict=True)},
            claimed=claims,
            last="C3",
            title="Hap-Tac-Toe, game 1, turn 25",
        ),
        "When Stars Align board, 25 stars, 4 claims": HapBoard(
            cells={sq: star_from_code(c) for sq, c in zip(SQUARES, order, strict=True)},
            variant="wsa",
            claimed=claims,
            last="C3",
            title="When Stars Align, game 1, turn 25",
        ),
        "Gyul Hap board": GyulBoard(
            tiles=tuple(block_from_code(t) for t in gyul.tiles), claimed=(min(gyul.haps),), title="Gyul Hap, board 1"
        ),
        "Expressions set": ExpressionsSet(
            puzzles=tuple(ExprPuzzle(ops=p.ops, target=p.target, solved_by=("Hedger",) if i % 2 else ()) for i, p in enumerate(puzzles)),
            extras_used=(2, 5),
            title="Expressions, set 1",
        ),
        "Devil's Deal table, pools of 10": PokerTable(
            community=Card.parse("G6"),
            pot=11,
            seats=(
                PokerSeat(name="Hedger", chips=19, pool=cards("B4 R5 G5 G5 B5 B6 B7 G8 G9 R1"), private=(Card.parse("B7"), None), bet=4),
                PokerSeat(name="Uri", chips=19, pool=cards("R1 G3 B3 G7 R8 R9 G8 B2 R2 R3"), private=(Card.parse("G7"), None), bet=4),
            ),
            title="Devil's Deal, round 1",
            note="Hedger calls 3.",
        ),
        "Open, Pass row of 10": OpenPassRow(
            player="Hedger",
            cards=("+", "3", "1", "x", "9", "x", "2", "-", "2", "x"),
            reading="0 + 3 x 9 x 2 - 2",
            score="52",
            title="Open, Pass",
        ),
        "standings, 13 players": Standings(
            title="Open, Pass: results",
            columns=("#", "player", "score", "tokens", "EC"),
            rows=tuple((str(i + 1), n, str(60 - 7 * i), "+1" if i < 3 else "", "EC" if i > 9 else "") for i, n in enumerate(names)),
        ),
        "check hap, three blocks": HapCheck(
            pieces=tuple(
                block_from_code(HAP_PIECES.parse_piece(w.split(), w)) for w in ("black red circle", "gray red square", "white red triangle")
            ),  # type: ignore[arg-type]
            is_hap=True,
            reasons=("colour: red, red, red - all the same",),
        ),
    }


def _clear_caches() -> None:
    """Forget every cached shape, text and font, as in a process that has drawn nothing yet."""
    from umpire.games.devilsdeal import drawing as devils
    from umpire.images import haps, shapes, text

    for f in (
        shapes.disc,
        shapes.polygon_mask,
        shapes._box_mask,
        shapes.star,
        shapes.striped_star,
        devils.lattice,
        haps.piece_tile,
        haps._block_stack,
        haps._star_stack,
    ):
        f.cache_clear()
    for g in (text._advance, text._char_advance, text.family_of, text.font):
        g.cache_clear()
    text.forget()


BOARDS = ("Hap-Tac-Toe board, 25 blocks, 4 claims", "When Stars Align board, 25 stars, 4 claims", "Gyul Hap board")

# The first picture of a fresh process: umpire.images and the value's module imported, nothing drawn.
_FIRST = """
import sys, time
sys.path.insert(0, {here!r})
from bench_images import _examples
value = _examples()[{name!r}]
from umpire.images import draw
{warm}
t0 = time.perf_counter()
draw(value)
print(time.perf_counter() - t0)
"""

# What a session runs in the background once its prompt has been left alone for two seconds (the REPL,
# and the bot beside it): the game's `warm_pictures`, one picture of each kind the game posts, thrown away.
WARM = {
    "Hap-Tac-Toe board, 25 blocks, 4 claims": "from umpire.games import get\ngame = get('hap-tac-toe')",
    "When Stars Align board, 25 stars, 4 claims": "from umpire.games import get\ngame = get('when-stars-align')",
    "Gyul Hap board": "from umpire.games import get\ngame = get('choice-is-yours')",
}


def _first_in_a_fresh_process(name: str, repeat: int, *, warmed: bool = False) -> list[float]:
    import subprocess
    from pathlib import Path

    warm = f"{WARM[name]}\ngame.warm_pictures()" if warmed else ""
    code = _FIRST.format(here=str(Path(__file__).resolve().parent), name=name, warm=warm)
    return [
        float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=child_env()).stdout)
        for _ in range(repeat)
    ]


def _size_verdicts(examples: dict[str, Any]) -> list[str]:
    """Each picture's PNG at 800 and 400 pixels across, and whether at 400 it is at or under the old encoder's file."""
    from umpire.images import draw

    out = []
    for name, value in examples.items():
        big, small = len(draw(value)), len(draw(value, scale=1))
        old, old_pillow = OLD_BYTES[name]
        verdict = "at or under" if small <= old else f"OVER ({small / old:.2f}x)"
        out.append(
            f"{name}: {big / 1024:.1f} KiB at 800 px; at 400 px {small:,} B against the old encoder's {old:,} B: {verdict}"
            f" (the old pixels through Pillow: {old_pillow:,} B; these pixels through zopflipng: {BEST_DEFLATE[name]:,} B)"
        )
    return out


def run(repeat: int) -> Report:
    """Each image kind drawn `repeat` samples over with its caches warm, and again with every cache
    cleared first; the boards also as the first picture of a fresh process; the PNG sizes."""
    from umpire.images import draw

    examples = _examples()
    measures = []
    for name, value in examples.items():
        draw(value)
        samples = per_call(partial(draw, value), repeat, budget=0.2)
        measures.append(measure(f"image: {name}", samples, unit="ms", target=TARGET, note="`umpire.images.draw`, 800 px, caches warm"))
    for name, value in examples.items():
        cold = []
        for _ in range(repeat):
            _clear_caches()
            t0 = time.perf_counter()
            draw(value)
            cold.append(time.perf_counter() - t0)
        note = "shape, tile, text and font caches cleared first"
        measures.append(measure(f"image: {name}, caches cleared", cold, unit="ms", target=TARGET, note=note))
    for name in BOARDS:
        first = _first_in_a_fresh_process(name, repeat)
        note = "a new `python`, its modules imported, times its first `draw`"
        measures.append(measure(f"image: {name}, first in a fresh process", first, unit="ms", target=TARGET, note=note))
        first = _first_in_a_fresh_process(name, repeat, warmed=True)
        note = "the same, after the game's `warm_pictures` (what a session runs in the background once its prompt is left alone)"
        measures.append(measure(f"image: {name}, first of a session", first, unit="ms", target=TARGET, note=note))
    exe = sys.executable
    floor = time_command([exe, "-c", "pass"], repeat, env=child_env())
    imported = time_command([exe, "-c", "import umpire.images"], repeat, env=child_env())
    with scratch_dir() as cache:
        cached = time_command([exe, "-c", "import umpire.images"], repeat, env=child_env(bytecode_cache=cache))
    note = f"the interpreter alone: {statistics.median(floor) * 1e3:.1f} ms; nothing imports it at start-up"
    measures.append(measure("`python -c 'import umpire.images'`", imported, unit="ms", note=note))
    measures.append(
        measure("`python -c 'import umpire.images'`, bytecode cached", cached, unit="ms", note="PYTHONPYCACHEPREFIX, warmed once")
    )
    return Report(measures=measures, notes=["PNG sizes: " + "; ".join(_size_verdicts(examples)) + "."])


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "images", *sys.argv[1:]]))
