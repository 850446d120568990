"""Text in the pictures: a font for each character, measuring, cutting and wrapping."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import ImageChops

from umpire.games.devilsdeal.drawing import PokerSeat, PokerTable
from umpire.images.layout import MARGIN, TITLE, WIDTH
from umpire.images.text import FAMILIES, FONTS, MISSING, _draw, family_of, fit, render, runs, setting, width, wrap

from .support import Picture


def test_each_bundled_font_and_its_licence_ship_beside_the_code() -> None:
    for regular, bold in FAMILIES:
        assert (FONTS / regular).stat().st_size > 100_000 and (FONTS / bold).stat().st_size > 100_000
    assert (FONTS / "LICENSE-DejaVu.txt").read_text(encoding="utf-8").count("Bitstream") > 1
    ofl = (FONTS / "LICENSE-UmpireHangul.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE" in ofl and "NAVER" in ofl


def test_a_character_is_drawn_by_the_first_font_that_has_it() -> None:
    assert [family_of(c) for c in "AëŁЯΩ×✓"] == [0] * 7
    assert [family_of(c) for c in "유나ㅎ"] == [1] * 3, "Hangul syllables and jamo"
    with setting(system=False):
        assert family_of("一") == MISSING and family_of("🙂") == MISSING
        assert list(runs("Zoë유나🙂!")) == [("Zoë", 0), ("유나", 1), ("🙂", MISSING), ("!", 0)]


def test_a_name_spelt_with_a_combining_mark_is_drawn_as_its_composed_letter() -> None:
    assert render("Zoe\u0308", 30).mask.tobytes() == render("Zoë", 30).mask.tobytes()
    assert width("Zoe\u0308", 15) == width("Zoë", 15)


def test_an_emoji_is_one_box_whatever_modifies_it() -> None:
    with setting(system=False):
        assert list(runs("👍🏽")) == [("👍", MISSING)], "the skin tone belongs to the emoji's box"
        assert list(runs("✔\ufe0f")) == [("✔", 0)], "the variation selector is not a second box"


def test_fit_cuts_a_long_text_with_an_ellipsis_and_keeps_a_short_one() -> None:
    assert fit("Uri", 15, 100) == "Uri"
    cut = fit("Hedger the Magnificent", 15, 100)
    assert cut == "Hedger the…" and width(cut, 15) <= 100 < width("Hedger the M…", 15)
    assert fit("Ярослав Мудрый Великий", 15, 90).endswith("…")


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(["Hedger", "Uri", "Zoë", "유나", "Ярослав", "round", "1:", "—", "betting", "x" * 40]), min_size=1, max_size=14)
)
def test_wrapped_lines_fit_and_keep_every_word_in_order(words: list[str]) -> None:
    text = " ".join(words)
    lines = wrap(text, 15, 200)
    assert all(width(line, 15) <= 200 for line in lines)
    if "x" * 40 not in words:  # a word too long for a line is cut, the rest is kept whole
        assert " ".join(lines).split() == text.split()


def test_a_title_that_needs_two_lines_breaks_after_its_clause() -> None:
    assert wrap("Devil's Deal, round 11: betting round 2, second raise", 16, 300, bold=True) == [
        "Devil's Deal, round 11:",
        "betting round 2, second raise",
    ]


def test_a_number_is_not_left_alone_on_the_last_line() -> None:
    # filled line by line, "12" would be alone on the second line
    assert wrap("Hedger won 2 bouts, Uri won 1 bout and Zoë 12", 15, 350) == ["Hedger won 2 bouts, Uri won 1 bout and", "Zoë 12"]


def test_the_devils_deal_title_fits_one_line() -> None:
    table = PokerTable(
        title="Devil's Deal, round 1: betting round 2", seats=(PokerSeat(name="Hedger", chips=19), PokerSeat(name="Uri", chips=19))
    )
    pic = Picture.of(table)
    title = pic.find("Devil's Deal, round 1: betting round 2", "text")
    assert title is not None and title.bold and pic.right(title) <= WIDTH - MARGIN
    assert width(table.title, TITLE, bold=True) <= WIDTH - 2 * MARGIN


def test_text_is_drawn_the_same_every_time() -> None:
    a, b = _draw("Ярослав 유나", 30, False), _draw("Ярослав 유나", 30, False)
    assert ImageChops.difference(a.mask, b.mask).getbbox() is None and (a.left, a.top, a.advance) == (b.left, b.top, b.advance)
