"""Names in any script: drawn from the fonts' glyphs where the machine has fonts for them (the system's
fonts after the bundled ones, Arabic shaped right to left), and never two alike where it has not."""

from __future__ import annotations

import itertools
import shutil
import subprocess

import pytest
from PIL import Image, ImageChops, features

from umpire.images import faces, system_fonts, text
from umpire.images.seats import seat_labels, undrawable
from umpire.images.text import render

from .every_kind import KINDS, NAMES, ROSTER, other_than
from .support import Picture, far_apart, same_pixels

SCRIPTS = {"Arabic": "محمد", "CJK": "山田太郎", "emoji": "👑", "Hangul": "유나"}


def _fontconfig_has(ch: str) -> bool:
    """Whether fontconfig itself lists a font with `ch` (asked directly, not through umpire)."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return False
    out = subprocess.run([fc_list, f":charset={ord(ch):x}", "file"], capture_output=True, text=True, check=False)
    return bool(out.stdout.strip())


SYSTEM_FONTS = all(_fontconfig_has(ch) for ch in "م山👑")
needs_fonts = pytest.mark.skipif(
    not SYSTEM_FONTS,
    reason="no fonts for Arabic, CJK and emoji here: apt install fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji (CI does)",
)


def ink(r: text.Rendered) -> Image.Image:
    """Where a rendered text leaves ink, in its mask or its colour glyphs."""
    return r.mask if r.colour is None else ImageChops.lighter(r.mask, r.colour.getchannel("A"))


def test_the_layout_is_raqm_where_pillow_has_it_and_basic_where_told_not_to_shape() -> None:
    assert faces.layout() == ("raqm" if features.check_feature("raqm") else "basic")
    with faces.setting(shaping=False):
        assert faces.layout() == "basic"


@needs_fonts
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_picture_kind_draws_every_name_from_glyphs_not_boxes(kind: str) -> None:
    for name in NAMES:
        with seat_labels(ROSTER):
            pic = Picture.of(KINDS[kind](name, other_than(name)))
            marks = [m for m in pic.marks if name in m.text]
            assert marks, f"{kind}: {name} is in the picture"
            for mark in marks:
                assert "\u00a0(" not in text.shown(mark.text), f"{kind}: {name} needs no label: every font it needs is here"
                assert pic.shows(mark), f"{kind}: {mark.text!r} is drawn where the canvas says"
            with_fonts = render(name, 30)
        for ch in name:
            family = faces.family_of(ch)
            assert family != faces.MISSING, f"{name}: a font has {ch!r}"
            if not faces.is_bundled(family):  # the font chosen has the glyph: read from its own cmap, not fontconfig's word
                chosen = faces.system_font(family, False)
                assert system_fonts.has(system_fonts.read_characters(chosen.path, chosen.index), ord(ch)), (ch, chosen.path)
        with faces.setting(system=False):
            boxes = render(name, 30)
        if any(not faces.is_bundled(faces.family_of(ch)) for ch in name):
            assert far_apart(ink(with_fonts), ink(boxes)) > 100, f"{name} is not drawn as boxes"


@needs_fonts
def test_an_emoji_is_drawn_in_its_own_colours() -> None:
    crown = render("👑King", 30)
    assert crown.colour is not None and crown.colour.getchannel("A").getbbox() is not None
    pic = Picture.of(KINDS["standings"]("👑King", "Zoë"))
    mark = pic.find("👑King")
    assert mark is not None
    region = pic.image.crop(pic.region(mark))
    assert any(r > 200 and g > 120 and b < 80 for _, (r, g, b) in region.getcolors(100_000) or ()), "gold, as the crown is"


def _arabic() -> str:
    return SCRIPTS["Arabic"]


def _letters_side_by_side(word: str, px: int) -> Image.Image:
    """The word's letters drawn one by one (isolated, unjoined), the first at the right."""
    parts = [render(ch, px) for ch in word]
    total = round(sum(p.advance for p in parts)) + px
    out = Image.new("L", (total, 3 * px))
    x = 0.0
    for p in reversed(parts):
        out.paste(p.mask, (round(x) + p.left, 2 * px + p.top))
        x += p.advance
    return out.crop(out.getbbox())


@needs_fonts
@pytest.mark.parametrize("layout", ["raqm", "basic"])
def test_r_arabic_is_set_right_to_left_and_joined_where_raqm_shapes_it(layout: str) -> None:
    if layout == "raqm" and not features.check_feature("raqm"):
        pytest.skip("this Pillow has no raqm")
    word = _arabic()
    with faces.setting(shaping=layout == "raqm"):
        assert faces.layout() == layout
        alone = render(word, 40)
        longer = render(word + "ا", 40)  # an alef after the last letter: drawn at the left end in right-to-left text
        # The first letters are at the right: the longer word's right end is the word's right end.
        w = alone.mask.width
        right = longer.mask.crop((longer.mask.width - w, 0, longer.mask.width, longer.mask.height))
        left = longer.mask.crop((0, 0, w, longer.mask.height))
        top = alone.top - longer.top
        framed = Image.new("L", right.size)
        framed.paste(alone.mask, (0, top))
        assert far_apart(right, framed) < far_apart(left, framed) / 4, "the word's first letter is at the right"
        unjoined = _letters_side_by_side(word, 40)
        if layout == "raqm":
            assert far_apart(alone.mask, unjoined) > 150, "joined: not the isolated letters side by side"
        else:
            assert far_apart(alone.mask, unjoined) < 40, "basic layout: the isolated letters, right to left"


@needs_fonts
def test_r_a_line_keeps_its_english_order_with_an_arabic_name_inside() -> None:
    line = f"Uri {_arabic()} wins"
    drawn = [run for run, _, _ in text._in_order(text.shown(line), False, text._fonts())]
    assert "".join(drawn) == line, "one Arabic run between the English words, in place"
    two = f"{_arabic()} علي"
    assert [run for run, _, _ in text._in_order(two, False, text._fonts())] == ["علي", " ", _arabic()], (
        "two Arabic words: the first at the right"
    )


def _bundled_pictures(kind: str, labelled: bool) -> dict[str, bytes]:
    with faces.setting(system=False):
        if not labelled:
            return {n: Picture.of(KINDS[kind](n, "Hedger")).png for n in NAMES}
        with seat_labels(ROSTER):
            return {n: Picture.of(KINDS[kind](n, "Hedger")).png for n in NAMES}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_with_only_the_bundled_fonts_no_two_names_draw_alike(kind: str) -> None:
    pictures = _bundled_pictures(kind, labelled=True)
    for a, b in itertools.combinations(NAMES, 2):
        assert not same_pixels(pictures[a], pictures[b]), f"{kind}: {a} and {b} look different"


def test_without_the_seat_labels_two_names_of_boxes_would_look_alike() -> None:
    """Why the labels are there: the Arabic and the Japanese name are four boxes each."""
    pictures = _bundled_pictures("standings", labelled=False)
    assert same_pixels(pictures["محمد"], pictures["山田太郎"])


def test_with_only_the_bundled_fonts_each_name_is_told_apart_by_its_alias() -> None:
    with faces.setting(system=False), seat_labels(ROSTER):
        assert undrawable("محمد") == "محد" and undrawable("👑King") == "👑" and undrawable("Zoë") == ""
        assert [text.shown(n) for n in NAMES] == ["محمد\u00a0(p1)", "山田太郎\u00a0(p2)", "👑King\u00a0(p3)", "Zoë", "유나"]
        inks = {n: ink(render(n, 30)) for n in NAMES}
        for a, b in itertools.combinations(NAMES, 2):
            assert far_apart(inks[a], inks[b]) > 20, (a, b)
