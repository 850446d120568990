"""Which painter draws which value: each drawing module registers its own, and a game loads without them."""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from umpire.games import entries
from umpire.games.choice.drawing import ExpressionsSet, GyulBoard
from umpire.games.devilsdeal.drawing import PokerTable
from umpire.games.haptactoe.drawing import HapBoard
from umpire.games.openpass.drawing import OpenPassRow
from umpire.images import Canvas, HapCheck, Standings, draw, painter, render
from umpire.images.painters import painter_of

from .support import decode

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("choice", "devilsdeal", "haptactoe", "openpass")  # the games with drawing modules of their own


@dataclass(frozen=True)
class Swatch:
    """A picture value of this test's own: a square of one palette colour."""

    colour: str


@painter(Swatch)
def paint_swatch(swatch: Swatch) -> Canvas:
    cv = Canvas(20, 10)
    cv.rect(0, 0, 20, 10, swatch.colour)
    return cv


def test_draw_uses_the_painter_a_module_registered_for_its_value() -> None:
    image = decode(draw(Swatch("red"), scale=1))
    assert image.size == (20, 10)
    assert image.getpixel((5, 5)) == (224, 48, 48)
    assert render(Swatch("red"), scale=3).width == 20


def test_a_second_painter_for_one_value_is_refused_naming_both() -> None:
    def other(swatch: Swatch) -> Canvas:
        return Canvas(10, 10)

    with pytest.raises(ValueError) as err:
        painter(Swatch)(other)
    assert str(err.value) == (
        f"Swatch is drawn by {__name__}.paint_swatch; "
        f"{__name__}.test_a_second_painter_for_one_value_is_refused_naming_both.<locals>.other cannot draw it too"
    )
    assert painter_of(Swatch) is paint_swatch, "the refusal changes nothing"
    assert painter(Swatch)(paint_swatch) is paint_swatch, "registering the same painter again is harmless"


@pytest.mark.parametrize("kind", [HapBoard, GyulBoard, ExpressionsSet, PokerTable, OpenPassRow])
def test_each_games_pictures_are_drawn_by_the_games_own_drawing_module(kind: type) -> None:
    paint = painter_of(kind)
    assert paint is not None
    assert paint.__module__ == kind.__module__
    assert kind.__module__ in {f"umpire.games.{g}.drawing" for g in GAMES}


@pytest.mark.parametrize("kind", [HapCheck, Standings])
def test_what_every_game_draws_with_is_registered_by_umpire_images_itself(kind: type) -> None:
    paint = painter_of(kind)
    assert paint is not None and paint.__module__.startswith("umpire.images.")


def test_the_shared_drawing_code_imports_no_game() -> None:
    for path in sorted((ROOT / "umpire" / "images").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            assert not any(n.startswith("umpire.games") for n in names), f"{path.name} imports {names}"


@pytest.mark.parametrize("key", [e.key for e in entries() if e.package.startswith("umpire.games.")])
def test_a_game_loads_without_pillow_or_its_drawing_code(key: str) -> None:
    code = (
        "import sys, umpire.games\n"
        f"from umpire.games.later import resolve_all\nresolve_all(umpire.games.get({key!r}))\n"
        "print(sorted(m for m in sys.modules if m == 'PIL' or m.startswith('umpire.images') or m.endswith('.drawing')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"
