"""Write one example image per game into docs/images/, so the docs show what umpire draws now.

    .venv/bin/python scripts/make_doc_images.py           # (re)write docs/images/*.png
    .venv/bin/python scripts/make_doc_images.py --check   # exit 1 if a committed image is out of date

The examples are fixed (no clock, no randomness beyond the games' own seeded generators), so
running this twice draws the same pixels; tests/images/test_doc_images.py checks that the
committed images show what umpire draws now: pixel for pixel with the Pillow they were drawn with
(recorded in docs/images/pillow-version.txt; PNG bytes may differ with the zlib a build links, the
pixels do not), and all but 1% of the pixels with another Pillow, whose FreeType may round an
edge differently. A file that is current is left alone.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from umpire.core import hap  # noqa: E402 - after the path is set
from umpire.core.arith import read_row, show  # noqa: E402
from umpire.core.pieces import HAP_PIECES, STAR_PIECES  # noqa: E402
from umpire.games.choice.drawing import ExpressionsSet, ExprPuzzle, GyulBoard  # noqa: E402
from umpire.games.devilsdeal.drawing import Card, PokerSeat, PokerTable  # noqa: E402
from umpire.games.haptactoe.drawing import HapBoard  # noqa: E402
from umpire.games.openpass.drawing import OpenPassRow  # noqa: E402
from umpire.images import Drawable, HapCheck, Standings, block_from_code, piece_from_words, render  # noqa: E402


def _claims_are_haps(board: HapBoard, words: dict[str, str]) -> None:
    """The example's claims must be real haps: a doc must not show a wrong one."""
    for triple in board.claimed:
        codes = []
        for square in triple:
            pieces = HAP_PIECES if board.variant == "htt" else STAR_PIECES
            codes.append(pieces.parse_piece(words[square].split(), words[square]))
        if not hap.is_hap(*codes):
            raise SystemExit(f"example claim {' '.join(triple)} is not a hap")


def hap_tac_toe() -> HapBoard:
    """Game 1 after twelve turns, two haps claimed."""
    words = {
        "A1": "black red circle",
        "B2": "gray red square",
        "C3": "white red triangle",
        "E1": "gray blue circle",
        "E2": "gray yellow circle",
        "E4": "gray red circle",
        "B4": "white yellow square",
        "D2": "gray blue triangle",
        "C1": "white blue circle",
        "A5": "gray yellow triangle",
        "D5": "black yellow square",
        "B1": "white red square",
    }
    board = HapBoard(
        cells={sq: piece_from_words(w) for sq, w in words.items()},
        claimed=(("A1", "B2", "C3"), ("E1", "E2", "E4")),
        last="B1",
        title="Hap-Tac-Toe, game 1, turn 12",
    )
    _claims_are_haps(board, words)
    return board


def when_stars_align() -> HapBoard:
    """Game 2 after ten turns, two sets claimed."""
    words = {
        "A2": "yellow solid 4",
        "B2": "yellow solid 5",
        "D2": "yellow solid 6",
        "B3": "blue solid 5",
        "B5": "white solid 5",
        "C1": "white hollow 6",
        "D4": "blue striped 4",
        "E5": "yellow hollow 5",
        "A4": "white striped 6",
        "C3": "blue hollow 4",
        "E1": "yellow striped 5",
    }
    board = HapBoard(
        cells={sq: piece_from_words(w) for sq, w in words.items()},
        variant="wsa",
        claimed=(("A2", "B2", "D2"), ("B2", "B3", "B5")),
        last="E1",
        title="When Stars Align, game 2",
    )
    _claims_are_haps(board, words)
    return board


def gyul_hap() -> GyulBoard:
    """The first board the seed "7" deals, with one hap claimed."""
    from umpire.games.choice.gyul import boards

    board = boards("7", 1, 1, 6)[0]
    first = min(board.haps)
    return GyulBoard(
        tiles=tuple(block_from_code(t) for t in board.tiles),
        claimed=(first,),
        title=f"Gyul Hap, board 1 of 50 ({len(board.haps)} haps)",
    )


def expressions() -> ExpressionsSet:
    """The first set the seed "7" deals, two puzzles solved."""
    from umpire.games.choice.expressions import puzzle_sets

    puzzles = puzzle_sets("7", 1, 5, 3, 999)[0]
    solved = {1: ("Hedger",), 3: ("Hedger", "Uri")}
    return ExpressionsSet(
        puzzles=tuple(ExprPuzzle(ops=p.ops, target=p.target, solved_by=solved.get(i, ())) for i, p in enumerate(puzzles)),
        extras_used=(3, 7, 8),
        title="Expressions, set 1 (block 2)",
    )


def devils_deal() -> PokerTable:
    """A poker step after the first private cards are revealed."""

    def cards(text: str) -> tuple[Card, ...]:
        return tuple(Card.parse(c) for c in text.split())

    return PokerTable(
        title="Devil's Deal, round 1: betting round 2",
        community=Card.parse("G6"),
        pot=11,
        seats=(
            PokerSeat(name="Hedger", chips=19, pool=cards("B4 R5 G5 G5 B5 B6 G9"), private=(Card.parse("B7"), None), bet=4, starts=True),
            PokerSeat(name="Uri", chips=19, pool=cards("R1 G3 B3 R8 R9 B2"), private=(Card.parse("G7"), None), bet=4),
        ),
        note="First private cards: Hedger B7, Uri G7. Hedger to bet.",
    )


def open_pass() -> OpenPassRow:
    """The rules' example row, read by the game's own reader."""
    row = ["+", "3", "1", "x", "9", "x", "2", "-", "2", "x"]
    reading, score, _ = read_row(row)
    return OpenPassRow(
        player="Hedger",
        dealer="Heaven dealer",
        cards=tuple(row),
        reading=" ".join(reading),
        score=show(score),
        title="Open, Pass: Hedger's row",
        result="Best score: +3 Tokens of Life",
    )


def standings() -> Standings:
    """Open, Pass results as the game posts them, for players whose names are written in four scripts."""
    rows = (
        ("1", "Zoë", "52", "+3 Tokens"),
        ("2", "유나", "40", "+1 Token"),
        ("3", "Łukasz", "17/2 (8.5)", "—"),
        ("4", "Ярослав", "8", "—"),
        ("5", "Hedger", "-3", "EC"),
    )
    return Standings(title="Open, Pass — results", columns=("place", "player", "score", "prize"), rows=rows)


def hap_check() -> HapCheck:
    """`umpire check hap` on three blocks, explained by the games' own words."""
    words = ("black red circle", "gray red square", "white red triangle")
    a, b, c = (HAP_PIECES.parse_piece(w.split(), w) for w in words)
    reasons = hap.explain(a, b, c, HAP_PIECES.values, HAP_PIECES.attributes)
    return HapCheck(
        pieces=(block_from_code(a), block_from_code(b), block_from_code(c)),
        is_hap=hap.is_hap(a, b, c),
        reasons=tuple(reasons),
        title="check hap",
    )


EXAMPLES: dict[str, Callable[[], Drawable]] = {
    "hap-tac-toe.png": hap_tac_toe,
    "when-stars-align.png": when_stars_align,
    "gyul-hap.png": gyul_hap,
    "expressions.png": expressions,
    "devils-deal.png": devils_deal,
    "open-pass.png": open_pass,
    "standings.png": standings,
    "check-hap.png": hap_check,
}


def images() -> dict[str, bytes]:
    """Every example's file name and PNG bytes: the pixels `draw` gives, compressed harder (level 9:
    too slow for a post, worth it for files kept in the repository)."""
    return {name: render(make()).png(compress_level=9) for name, make in EXAMPLES.items()}


PILLOW_FILE = OUT / "pillow-version.txt"  # the Pillow the committed images were drawn with
NEAR = 0.01  # with another Pillow, at most this share of pixels may differ (FreeType may place an edge otherwise)


def pixels_differing(a: bytes, b: bytes) -> float:
    """The share of pixels two PNGs disagree on (1.0 if their sizes differ), decoded by Pillow."""
    from PIL import Image, ImageChops

    with Image.open(io.BytesIO(a)) as pa, Image.open(io.BytesIO(b)) as pb:
        ra, rb = pa.convert("RGB"), pb.convert("RGB")
    if ra.size != rb.size:
        return 1.0
    diff = ImageChops.difference(ra, rb).convert("L").point([0] + [1] * 255)
    return diff.histogram()[1] / (ra.width * ra.height)


def same_pixels(a: bytes, b: bytes) -> bool:
    """Whether two PNGs show the same pixels."""
    return pixels_differing(a, b) == 0.0


def drawn_with() -> str:
    """The Pillow version the committed images were drawn with ("" if not recorded)."""
    return PILLOW_FILE.read_text(encoding="utf-8").strip() if PILLOW_FILE.exists() else ""


def is_current(committed: bytes, made: bytes) -> bool:
    """Whether a committed image shows what umpire draws now: the same pixels with the Pillow it was
    drawn with, and all but `NEAR` of them with another (whose FreeType may round an edge otherwise)."""
    import PIL

    if drawn_with() == PIL.__version__:
        return same_pixels(committed, made)
    return pixels_differing(committed, made) <= NEAR


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the docs' example images into docs/images/.")
    parser.add_argument("--check", action="store_true", help="only compare with the committed images; exit 1 if any differs")
    args = parser.parse_args(argv)
    import PIL

    stale = []
    for name, data in images().items():
        path = OUT / name
        current = path.exists() and is_current(path.read_bytes(), data)
        if args.check:
            if not current:
                stale.append(name)
            continue
        if current:
            print(f"{path.relative_to(ROOT)}: current")
            continue
        OUT.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"{path.relative_to(ROOT)}: {len(data):,} bytes")
    if stale:
        print(f"out of date: {', '.join(stale)} (run scripts/make_doc_images.py)", file=sys.stderr)
        return 1
    if not args.check and drawn_with() != PIL.__version__:
        # the images are current for this Pillow: redraw them all with it, and record it
        for name, data in images().items():
            (OUT / name).write_bytes(data)
        PILLOW_FILE.write_text(PIL.__version__ + "\n", encoding="utf-8")
        print(f"{PILLOW_FILE.relative_to(ROOT)}: Pillow {PIL.__version__}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
