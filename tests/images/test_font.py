"""umpire's bitmap font: every glyph well formed, text made plain, measured, cut and wrapped."""

from __future__ import annotations

import string

from umpire.images import font


def test_every_glyph_is_five_by_nine_units() -> None:
    for ch, rows in font.GLYPHS.items():
        assert len(rows) == font.HEIGHT, ch
        assert all(len(r) == font.WIDTH and set(r) <= {"#", "."} for r in rows), ch


def test_the_font_has_what_the_images_write() -> None:
    needed = string.digits + string.ascii_letters + "+-x×/=?_.,:;!'\"()[]<>#%&$@|~^*·…✓✗ "
    missing = [ch for ch in needed if ch not in font.GLYPHS]
    assert missing == []


def test_glyphs_are_distinct() -> None:
    seen: dict[tuple[str, ...], str] = {}
    for ch, rows in font.GLYPHS.items():
        assert rows not in seen, f"{ch!r} looks like {seen.get(rows)!r}"
        seen[rows] = ch


def test_only_descending_letters_use_the_rows_below_the_baseline() -> None:
    descending = {ch for ch, rows in font.GLYPHS.items() if any("#" in r for r in rows[font.CAP :])}
    assert descending == set("gjpqy,;")


def test_typographic_characters_become_plain() -> None:
    assert font.plain("Game 1 — turn 3 · “ready” ÷ 2 ✅") == 'Game 1 - turn 3 · "ready" / 2 ✓'
    assert font.plain("Zoë Ångström") == "Zoe Angstrom"
    assert font.plain("雪") == "雪"  # not in the font: drawn as a box
    assert font.glyph("雪") == font.GLYPHS[font.BOX]


def test_width_fit_and_wrap() -> None:
    assert font.width("", 2) == 0
    assert font.width("A", 3) == 15
    assert font.width("AB", 2) == 22
    assert font.fit("short", 2, 100) == "short"
    cut = font.fit("a rather long player name", 2, 120)
    assert cut.endswith("…") and font.width(cut, 2) <= 120
    lines = font.wrap("Claimed haps: A1 B2 C3, A2 A3 A4, B1 C1 D1, E1 E2 E3", 2, 384)
    assert lines == ["Claimed haps: A1 B2 C3, A2 A3", "A4, B1 C1 D1, E1 E2 E3"]
    assert all(font.width(line, 2) <= 384 for line in lines)
    assert font.wrap("", 2, 100) == [""]
