"""The docs' example images (docs/images/) are what umpire draws today."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from .support import same_pixels

ROOT = Path(__file__).resolve().parents[2]


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_doc_images", ROOT / "scripts" / "make_doc_images.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_doc_images_show_what_umpire_draws_now() -> None:
    made = script().images()
    assert len(made) == 8
    stale = [name for name, data in made.items() if not same_pixels((ROOT / "docs" / "images" / name).read_bytes(), data)]
    assert stale == [], "run: .venv/bin/python scripts/make_doc_images.py"


def test_every_image_in_docs_images_comes_from_the_script() -> None:
    on_disk = {p.name for p in (ROOT / "docs" / "images").glob("*.png")}
    assert on_disk == set(script().EXAMPLES)
