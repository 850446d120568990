"""A standings table, read back from the PNG: its layout, and every player's name spelt as written."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont, ImageStat

from umpire.images import Standings, draw, draw_standings
from umpire.images.layout import MARGIN
from umpire.images.tables import MAX_WIDTH, PAD, column_widths, is_number
from umpire.images.text import FONTS, setting

from .support import Picture, same_pixels

STATUS = Standings(
    title="Devil's Deal",
    columns=("player", "chips", "pool"),
    rows=(("Hedger", "23", "10"), ("Uri", "7", "4")),
    notes=("pot 3",),
)


def test_title_header_rows_and_notes_are_written() -> None:
    pic = Picture.of(STATUS)
    assert pic.width == 400
    title = pic.find("Devil's Deal", "text")
    assert title is not None and title.bold and pic.left(title) == MARGIN
    player, hedger, uri = pic.find("player"), pic.find("Hedger"), pic.find("Uri")
    assert player is not None and hedger is not None and uri is not None
    assert player.bold and not hedger.bold, "the header is bold"
    assert pic.left(player) == pic.left(hedger) == pic.left(uri) == MARGIN, "text columns align left"
    assert pic.top(player) < pic.top(hedger) < pic.top(uri)
    assert pic.at(2, pic.top(player) + 3) == "head", "the header sits on a band"
    assert pic.at(2, pic.top(uri) + 3) == "panel" and pic.at(2, pic.top(hedger) + 3) == "bg", "rows alternate"
    assert pic.find("pot 3", "dim") is not None


def test_numbers_align_right() -> None:
    pic = Picture.of(STATUS)
    a, b, chips = pic.find("23"), pic.find("7"), pic.find("chips")
    assert a is not None and b is not None and chips is not None
    assert abs(pic.right(a) - pic.right(b)) < 0.5 and abs(pic.right(a) - pic.right(chips)) < 0.5
    assert [is_number(c) for c in ("3", "-2.5", "$30", "0:41", "-5/4 (-1.25)", "EC", "p1")] == [True] * 5 + [False] * 2


def test_neighbouring_headers_are_kept_apart_by_a_gap_and_a_rule() -> None:
    table = Standings(
        title="The Choice is Yours, block 4",
        columns=("player", "money", "GSP", "GHP", "EP", "tiles"),
        rows=(("Hedger", "$41", "2", "3", "2", "1 4 4 9"),),
    )
    pic = Picture.of(table)
    heads = [pic.find(name) for name in table.columns]
    assert all(h is not None for h in heads)
    for a, b in itertools.pairwise(heads):
        assert a is not None and b is not None
        gap = pic.left(b) - pic.right(a)
        assert gap >= PAD - 1, f"{a.text} and {b.text} are {gap:.1f} units apart"
        middle = (pic.right(a) + pic.left(b)) / 2
        assert any(pic.at(x / 2, pic.top(a) + 4) == "edge" for x in range(int(2 * middle) - 3, int(2 * middle) + 3)), "a rule between"


def test_a_wide_table_stays_400_units_wide_and_wraps_its_headers_and_cells_cutting_nothing() -> None:
    wide = Standings(
        title="status",
        columns=("player", "game 1", "game 2", "total", "reserve time", "penalty points"),
        rows=(("Uri", "2.5", "0", "2.5", "5:00", "0"),),
    )
    pic = Picture.of(wide)
    assert [m.text for m in pic.marks if not m.bold] == ["Uri", "2.5", "0", "2.5", "5:00", "0"], "every cell whole"
    assert pic.width == MAX_WIDTH == 400, "800 pixels: Discord's 400-pixel preview shows its text at 15 pixels"
    assert pic.find("penalty") is not None and pic.find("points") is not None, "the header took two lines"
    assert pic.find("penalty points") is None
    status = Standings(
        title="The Choice is Yours: status",
        columns=("player", "money", "tiles", "GSP", "GHP", "EP"),
        rows=(("Hedger", "$123", "1×2 2×2 3×1 4×2 5×1 6×1 7×3 8×1 9×2", "1", "1", "5"),),
    )
    tiles = Picture.of(status)
    assert tiles.width == 400
    lines = [m.text for m in tiles.marks if "×" in m.text]
    assert " ".join(lines) == "1×2 2×2 3×1 4×2 5×1 6×1 7×3 8×1 9×2" and len(lines) > 1, "every tile, over several lines"
    assert len({tiles.left(m) for m in tiles.marks if "×" in m.text}) == 1, "the lines of a cell align"
    assert not any("…" in m.text for m in tiles.marks)


def test_a_word_too_long_for_its_column_is_broken_across_lines_never_cut() -> None:
    huge = Standings(title="t", columns=("a", "b"), rows=(("x" * 80, "y" * 80),))
    assert sum(column_widths(huge)) + 2 * MARGIN + PAD <= MAX_WIDTH
    big = Picture.of(huge)
    assert big.width == MAX_WIDTH
    for letter in "xy":
        parts = [m for m in big.marks if m.text.startswith(letter)]
        assert len(parts) > 1 and "".join(m.text for m in parts) == letter * 80, "all 80 letters, on several lines"
        assert all(big.shows(m) for m in parts)
    assert not any("…" in m.text for m in big.marks)


def test_an_empty_table_still_draws() -> None:
    pic = Picture.of(Standings(title="No one yet", columns=("player", "score"), rows=()))
    assert pic.find("No one yet") is not None


def test_a_row_of_the_wrong_length_is_refused() -> None:
    with pytest.raises(ValueError) as err:
        Standings(title="t", columns=("a", "b"), rows=(("1",),))
    assert str(err.value) == "Standings.rows[0] has 1 cells for 2 columns"


def test_the_same_table_gives_the_same_pixels() -> None:
    assert same_pixels(draw_standings(STATUS), draw(STATUS))


# ---------------------------------------------------------------- names in any script

NAMES = {
    # name: (the font file that has its letters, what a font without them would have drawn)
    "Zoë": ("DejaVuSans.ttf", "Zoe"),
    "Łukasz": ("DejaVuSans.ttf", "ukasz"),
    "Ярослав": ("DejaVuSans.ttf", "Yaroslav"),
    "유나": ("UmpireHangul-Regular.ttf", "Yuna"),
}


def reference(text: str, file: str, px: int, origin: tuple[int, int], size: tuple[int, int]) -> Image.Image:
    """`text` drawn by Pillow straight from a font file, at `origin` (left end of the baseline) of a blank mask."""
    mask = Image.new("L", size)
    font = ImageFont.truetype(str(FONTS / file), px, layout_engine=ImageFont.Layout.BASIC)
    ImageDraw.Draw(mask).text(origin, text, font=font, fill=255, anchor="ls")
    return mask


def difference(a: Image.Image, b: Image.Image) -> float:
    """Mean difference of two masks, 0 (the same) to 1."""
    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0] / 255


def far_apart(a: Image.Image, b: Image.Image) -> int:
    """How many pixels are inked in one mask and bare in the other (differ by more than half)."""
    return sum(ImageChops.difference(a, b).point([0] * 128 + [1] * 128).histogram()[1:])


def test_every_players_name_is_drawn_in_its_own_letters_not_boxes_or_ascii() -> None:
    table = Standings(
        title="Open, Pass: results", columns=("#", "player", "score"), rows=tuple((str(i + 1), n, str(9 - i)) for i, n in enumerate(NAMES))
    )
    pic = Picture.of(table)
    for name, (file, ascii_spelling) in NAMES.items():
        mark = pic.find(name, "text")
        assert mark is not None, name
        x0, y0, x1, y1 = pic.region(mark)
        pad = 6
        box = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        drawn = Image.new("L", (box[2] - box[0], box[3] - box[1]))
        drawn.paste(pic.ink(mark), (pad, pad))
        origin = (mark.x - box[0], mark.baseline - box[1])
        right = reference(name, file, mark.px, origin, drawn.size)
        assert difference(drawn, right) < 0.02 and far_apart(drawn, right) == 0, f"{name} is drawn as its font draws it"
        for wrong in (ascii_spelling, "\uffff" * len(name), "□" * len(name)):
            other = reference(wrong, "DejaVuSans.ttf", mark.px, origin, drawn.size)
            assert far_apart(drawn, other) >= 10, f"{name} is not drawn as {wrong!r}"  # the two dots of ë alone are 18 pixels


def test_a_character_no_font_has_is_a_clear_box_and_the_rest_of_the_name_is_drawn() -> None:
    with setting(system=False):  # as on a machine with no emoji font
        check_a_box_is_drawn_for_the_emoji()


def check_a_box_is_drawn_for_the_emoji() -> None:
    pic = Picture.of(Standings(title="t", columns=("player",), rows=(("Ana🙂",),)))
    mark = pic.find("Ana🙂", "text")
    assert mark is not None
    ink = pic.ink(mark)
    ana = Picture.of(Standings(title="t", columns=("player",), rows=(("Ana",),))).find("Ana", "text")
    assert ana is not None
    a_width = Picture.of(Standings(title="t", columns=("player",), rows=(("Ana",),))).right(ana) - MARGIN
    box = ink.crop((round(a_width * pic.scale) + 2, 0, ink.width, ink.height))
    assert box.getbbox() is not None, "something is drawn for the emoji"
    columns = [sum(1 for y in range(box.height) if box.getpixel((x, y)) > 128) for x in range(box.width)]  # type: ignore[operator]
    inked = [c for c in columns if c]
    assert inked[0] > 0.6 * box.height and inked[-1] > 0.6 * box.height, "a box: two tall sides"
    assert any(0 < c < 0.3 * box.height for c in inked), "and hollow between them"
