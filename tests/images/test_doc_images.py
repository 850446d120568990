"""The docs' example images (docs/images/) are what umpire draws today."""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_doc_images", ROOT / "scripts" / "make_doc_images.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_doc_images_show_what_umpire_draws_now() -> None:
    """Pixel for pixel with the Pillow they were drawn with; all but 1% of pixels with another."""
    make = script()
    made = make.images()
    assert len(made) == 8
    stale = [name for name, data in made.items() if not make.is_current((ROOT / "docs" / "images" / name).read_bytes(), data)]
    assert stale == [], "run: .venv/bin/python scripts/make_doc_images.py"


def test_a_drawing_change_makes_a_doc_image_stale_whatever_the_pillow() -> None:
    make = script()
    committed = (ROOT / "docs" / "images" / "hap-tac-toe.png").read_bytes()
    board = make.hap_tac_toe()
    moved = make.render(replace(board, last="C3", claimed=())).png()  # the frame on another square, no lines
    assert not make.is_current(committed, moved) and make.pixels_differing(committed, moved) > make.NEAR
    assert make.drawn_with(), "the Pillow the images were drawn with is recorded"


def test_every_image_in_docs_images_comes_from_the_script() -> None:
    on_disk = {p.name for p in (ROOT / "docs" / "images").glob("*.png")}
    assert on_disk == set(script().EXAMPLES)
