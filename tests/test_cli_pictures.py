"""`--png`: the one-shot tools draw what they rule on or generate, as pictures to post."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from tests.images.support import same_pixels
from umpire.cli import app, check, gen  # noqa: F401 - registers the commands
from umpire.games.choice.drawing import ExpressionsSet, ExprPuzzle, GyulBoard
from umpire.games.choice.expressions import puzzle_sets
from umpire.games.choice.gyul import boards
from umpire.games.choice.settings import SETTINGS
from umpire.games.choice.shape import expression_sets
from umpire.images import HapCheck, block_from_code, draw, piece_from_words

DEFAULTS = {s.key: s.default for s in SETTINGS}


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    return lambda *args: CliRunner().invoke(app, list(args))


def test_check_hap_png_draws_the_three_pieces_and_the_verdict(run, tmp_path: Path) -> None:
    words = ["black red circle", "gray red square", "white red triangle"]
    res = run("check", "hap", *words, "--png", "hap.png")
    assert res.exit_code == 0
    png = (tmp_path / "hap.png").read_bytes()
    reasons = (
        "colour: red, red, red — all the same",
        "background: black, gray, white — all different",
        "shape: circle, square, triangle — all different",
    )
    a, b, c = (piece_from_words(w) for w in words)
    assert same_pixels(png, draw(HapCheck(pieces=(a, b, c), is_hap=True, reasons=reasons)))
    assert Image.open(io.BytesIO(png)).width == 800  # 400 units, two pixels a unit


def test_gen_board_png_writes_one_picture_per_board_without_the_answers(run, tmp_path: Path) -> None:
    res = run("gen", "board", "--seed", "5", "--count", "3", "--png", "boards")
    assert res.exit_code == 0
    assert sorted(p.name for p in (tmp_path / "boards").iterdir()) == ["board-1.png", "board-2.png", "board-3.png"]
    dealt = boards("5", 3, DEFAULTS["min_haps"], DEFAULTS["max_haps"])
    for b in dealt:
        expected = draw(GyulBoard(tiles=tuple(block_from_code(t) for t in b.tiles), title=f"Board {b.number}"))
        assert same_pixels((tmp_path / "boards" / f"board-{b.number}.png").read_bytes(), expected)


def test_gen_expressions_png_writes_one_picture_per_set(run, tmp_path: Path) -> None:
    res = run("gen", "expressions", "--seed", "5", "--png", "sets")
    assert res.exit_code == 0
    files = sorted((tmp_path / "sets").iterdir(), key=lambda p: int(p.stem.split("-")[1]))
    assert len(files) == expression_sets()
    first = puzzle_sets("5", expression_sets(), DEFAULTS["puzzles_per_set"], DEFAULTS["min_solutions"], DEFAULTS["max_target"])[0]
    assert same_pixels(
        files[0].read_bytes(),
        draw(ExpressionsSet(puzzles=tuple(ExprPuzzle(ops=p.ops, target=p.target) for p in first), title="Expressions, set 1")),
    )


def test_a_picture_folder_that_cannot_be_written_is_refused(run, tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file, not a folder")
    res = run("gen", "board", "--seed", "5", "--count", "1", "--png", "taken")
    assert res.exit_code == 2
    assert "cannot write pictures to taken" in res.stderr


def test_gen_shop_png_writes_one_price_table_per_cycle(run, tmp_path: Path) -> None:
    from umpire.core.streams import Streams
    from umpire.games.choice.generate import shop_prices
    from umpire.images import Standings

    assert run("gen", "shop", "--seed", "4", "--count", "2", "--png", "shops").exit_code == 0
    assert sorted(p.name for p in (tmp_path / "shops").iterdir()) == ["shop-1.png", "shop-2.png"]
    prices = shop_prices(Streams("4"), 1, tuple(sorted(DEFAULTS["prices"])))
    expected = Standings(
        title="Shop, block 2, cycle 1/3", columns=("tile", "price"), rows=tuple((str(d + 1), f"${prices[d]}") for d in range(9))
    )
    assert same_pixels((tmp_path / "shops" / "shop-1.png").read_bytes(), draw(expected))


def test_gen_prizes_png_writes_each_bouts_prize_order_marked_host_only(run, tmp_path: Path) -> None:
    from umpire.core.streams import Streams
    from umpire.games.choice.generate import prize_order
    from umpire.images import Standings

    assert run("gen", "prizes", "--seed", "4", "--png", "prizes").exit_code == 0
    order = prize_order(Streams("4"), 1)
    expected = Standings(
        title="Goofspiel prizes, bout 1 (block 1) - host only",
        columns=("round", "prize"),
        rows=tuple((str(r), str(p)) for r, p in enumerate(order, start=1)),
    )
    assert same_pixels((tmp_path / "prizes" / "prizes-1.png").read_bytes(), draw(expected))
