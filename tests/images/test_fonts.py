"""Finding fonts: the tables read from a font file, the system's fonts in the order they are tried
(fontconfig's, or the platform's folders), and the label and note for a name no font has."""

from __future__ import annotations

import io
import random
import shutil
from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont, newTable
from fontTools.ttLib.tables._c_m_a_p import CmapSubtable
from fontTools.ttLib.tables.sbixGlyph import Glyph
from fontTools.ttLib.tables.sbixStrike import Strike

from umpire.core.players import Player
from umpire.images import faces, seats, system_fonts, text
from umpire.images.faces import FAMILIES, FONTS

SYSTEM_DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")  # Debian's full DejaVu Sans: it has Hebrew
NOTO_EMOJI = Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")


def tiny_font(characters: str, strikes: tuple[int, ...] = ()) -> bytes:
    """A TrueType font with a square glyph for each of `characters` (and, given `strikes`, an sbix
    table of bitmaps at those sizes, as Apple's colour emoji font has), as its file's bytes."""
    names = [".notdef", *(f"u{ord(c):X}" for c in characters)]
    builder = FontBuilder(unitsPerEm=1000, isTTF=True)
    builder.updateHead(created=0, modified=0)  # the same bytes on every run
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({ord(c): f"u{ord(c):X}" for c in characters})
    pen = TTGlyphPen(None)
    pen.moveTo((100, 0))
    pen.lineTo((100, 700))
    pen.lineTo((500, 700))
    pen.closePath()
    builder.setupGlyf({name: pen.glyph() for name in names})
    builder.setupHorizontalMetrics({name: (600, 100) for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Tiny", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    if strikes:
        sbix = newTable("sbix")
        for ppem in strikes:
            strike = Strike(ppem=ppem, resolution=72)
            strike.glyphs = {name: Glyph(glyphName=name, graphicType="png ", imageData=b"\x89PNG") for name in names[1:]}
            sbix.strikes[ppem] = strike
        builder.font["sbix"] = sbix
    out = io.BytesIO()
    builder.save(out)
    return out.getvalue()


def test_a_fonts_characters_are_read_from_its_cmap_as_the_subset_script_wrote_them() -> None:
    for files in FAMILIES:
        for file in files:
            assert system_fonts.read_characters(FONTS / file) == faces._coverage()[file], file
            assert system_fonts.glyph_kind(FONTS / file) == system_fonts.GlyphKind(colour=False, strikes=(), outlines=True)


def test_a_file_that_is_not_a_font_is_refused_by_name(tmp_path: Path) -> None:
    junk = tmp_path / "notes.ttf"
    junk.write_bytes(b"GIF89a, not a font at all")
    with pytest.raises(system_fonts.NotAFont, match=f"^{junk}: Not a TrueType or OpenType font \\(bad sfntVersion\\)$"):
        system_fonts.read_characters(junk)
    with pytest.raises(system_fonts.NotAFont, match=f"^{junk}: Not a TrueType or OpenType font \\(bad sfntVersion\\)$"):
        system_fonts.glyph_kind(junk)
    short = tmp_path / "short.ttf"
    short.write_bytes(b"\x00\x01\x00\x00\x00\x09")
    with pytest.raises(system_fonts.NotAFont, match=f"^{short}: Not a TrueType or OpenType font \\(not enough data\\)$"):
        system_fonts.read_characters(short)
    assert system_fonts.SystemFont(str(junk)).characters() == (), "a file that is no font is passed over, not an error"


def test_a_font_without_a_unicode_cmap_is_refused_by_name(tmp_path: Path) -> None:
    font = TTFont(io.BytesIO(tiny_font("A")))
    font["cmap"].tables = [t for t in font["cmap"].tables if not t.isUnicode()]  # a Mac Roman table at most
    bare = tmp_path / "bare.ttf"
    font.save(bare)
    with pytest.raises(system_fonts.NotAFont, match=f"^{bare}: no Unicode cmap subtable with each character's own glyph$"):
        system_fonts.read_characters(bare)


def test_a_last_resort_fonts_one_glyph_for_a_whole_block_is_not_taken_for_its_characters(tmp_path: Path) -> None:
    font = TTFont(io.BytesIO(tiny_font("A")))
    blocks = CmapSubtable.newSubtable(13)
    blocks.platformID, blocks.platEncID, blocks.language = 3, 10, 0
    blocks.cmap = {point: "u41" for point in range(0x0600, 0x0700)}  # all of Arabic: one sign for the block
    font["cmap"].tables.insert(0, blocks)
    last_resort = tmp_path / "LastResort.ttf"
    font.save(last_resort)
    assert TTFont(last_resort).getBestCmap()[0x0645] == "u41", "the format 13 subtable is the one fontTools would pick first"
    assert system_fonts.read_characters(last_resort) == ((ord("A"), ord("A")),), "the next subtable, of the font's own glyphs"
    font["cmap"].tables = [blocks]
    font.save(last_resort)
    with pytest.raises(system_fonts.NotAFont, match="no Unicode cmap subtable with each character's own glyph"):
        system_fonts.read_characters(last_resort)


def _damaged(font: bytes, rng: random.Random) -> bytes:
    """`font` cut short, or with a few of its bytes anywhere changed at random."""
    if rng.random() < 0.3:
        return font[: rng.randrange(len(font))]
    data = bytearray(font)
    for _ in range(rng.randint(1, 12)):
        data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data)


def _reads_damaged_fonts(tmp_path: Path, characters: str, count: int) -> None:
    rng = random.Random(32)
    fine = tiny_font(characters)
    path = tmp_path / "damaged.ttf"
    outcomes = {"read": 0, "refused": 0}
    for _ in range(count):
        path.write_bytes(_damaged(fine, rng))
        for read in (system_fonts.read_characters, system_fonts.glyph_kind):
            try:
                read(path)
            except system_fonts.NotAFont:  # anything else raised fails the test
                outcomes["refused"] += 1
            else:
                outcomes["read"] += 1
    assert outcomes["read"] and outcomes["refused"], outcomes


def test_a_damaged_font_is_read_or_refused_never_an_error(tmp_path: Path) -> None:
    _reads_damaged_fonts(tmp_path, "Aé유", 300)


@pytest.mark.slow
def test_many_damaged_fonts_are_read_or_refused_never_an_error(tmp_path: Path) -> None:
    """With a character past the BMP, so a cmap of format 12 too (whose damaged groups may map all of Unicode: slow)."""
    _reads_damaged_fonts(tmp_path, "Aé유👑", 600)


@pytest.mark.skipif(not NOTO_EMOJI.exists(), reason="no Noto Color Emoji here")
def test_a_colour_emoji_font_is_read_as_colour_bitmaps_at_its_one_size() -> None:
    assert system_fonts.glyph_kind(NOTO_EMOJI) == system_fonts.GlyphKind(colour=True, strikes=(109,), outlines=False)
    characters = system_fonts.read_characters(NOTO_EMOJI)
    assert system_fonts.has(characters, ord("👑")) and not system_fonts.has(characters, ord("A"))


def test_an_sbix_fonts_strikes_are_its_sizes_smallest_first(tmp_path: Path) -> None:
    path = tmp_path / "Apple Color Emoji.ttf"
    path.write_bytes(tiny_font("👑", strikes=(96, 40, 160)))
    assert system_fonts.glyph_kind(path) == system_fonts.GlyphKind(colour=True, strikes=(40, 96, 160), outlines=True)
    assert system_fonts.read_characters(path) == ((ord("👑"), ord("👑")),)


def test_each_font_of_a_collection_is_listed_and_read_by_its_number(tmp_path: Path) -> None:
    folder = tmp_path / "Fonts"
    folder.mkdir()
    collection = TTCollection()
    collection.fonts = [TTFont(io.BytesIO(tiny_font("A"))), TTFont(io.BytesIO(tiny_font("유나", strikes=(40,))))]
    collection.save(folder / "two.ttc")
    found = system_fonts.from_folders([folder], "linux", bold=False)
    assert [(Path(f.path).name, f.index) for f in found] == [("two.ttc", 0), ("two.ttc", 1)]
    assert found[0].has(ord("A")) and not found[0].has(ord("유")) and found[1].has(ord("유")) and not found[1].has(ord("A"))
    assert system_fonts.glyph_kind(folder / "two.ttc", 1).strikes == (40,) and system_fonts.glyph_kind(folder / "two.ttc", 0).strikes == ()
    with pytest.raises(system_fonts.NotAFont, match="specify a font number between 0 and 1"):
        system_fonts.read_characters(folder / "two.ttc", 2)


def test_fontconfigs_listing_is_read_with_each_fonts_characters() -> None:
    listing = "/f/NotoSansArabic-Regular.ttf\t0\t20 600-6ff\n/f/NotoSansCJK-Regular.ttc\t3\t4e00-9fff\n/f/fixed.pcf.gz\t0\t20-7e\n\n"
    found = system_fonts.parse_fontconfig(listing)
    assert [(f.path, f.index) for f in found] == [("/f/NotoSansArabic-Regular.ttf", 0), ("/f/NotoSansCJK-Regular.ttc", 3)]
    assert found[0].has(0x645) and not found[0].has(0x4E00) and found[1].has(0x5C71)
    (quiet,) = system_fonts.parse_fontconfig(f"{FONTS / 'UmpireHangul-Regular.ttf'}\t0\t\n")
    assert quiet.known is None and quiet.has(ord("유")), "no charset listed: read from the font itself"


def _folder_of_fonts(tmp_path: Path) -> Path:
    """A font folder as a platform without fontconfig has one: some fonts, a preferred one, a file that is no font."""
    folder = tmp_path / "Fonts"
    (folder / "more").mkdir(parents=True)
    shutil.copy(FONTS / "DejaVuSans.ttf", folder / "arial.ttf")
    shutil.copy(FONTS / "DejaVuSans-Bold.ttf", folder / "arialbd.ttf")
    shutil.copy(FONTS / "UmpireHangul-Regular.ttf", folder / "more" / "malgun.ttf")
    shutil.copy(FONTS / "UmpireHangul-Regular.ttf", folder / "msyh.ttc")  # not a collection, whatever its name says
    (folder / "readme.txt").write_text("not a font")
    return folder


def test_without_fontconfig_the_platforms_fonts_come_first_then_the_weight_asked_for(tmp_path: Path) -> None:
    folder = _folder_of_fonts(tmp_path)
    regular = [Path(f.path).name for f in system_fonts.from_folders([folder], "win32", bold=False)]
    assert regular == ["msyh.ttc", "arial.ttf", "malgun.ttf", "arialbd.ttf"], "Windows' Chinese font first, the text file left out"
    bold = [Path(f.path).name for f in system_fonts.from_folders([folder], "win32", bold=True)]
    assert bold == ["arialbd.ttf", "arial.ttf", "malgun.ttf", "msyh.ttc"], "msyh.ttc is preferred for regular text; for bold, msyhbd.ttc"
    found = system_fonts.from_folders([folder], "linux", bold=False)
    assert found[0].has(ord("A")) and not found[0].has(ord("유")), "characters read from each font's own cmap"


@pytest.mark.skipif(not SYSTEM_DEJAVU.exists(), reason="no full DejaVu Sans here")
def test_without_fontconfig_a_character_is_found_in_the_platforms_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "Fonts"
    folder.mkdir()
    shutil.copy(SYSTEM_DEJAVU, folder / "DejaVuSans.ttf")
    monkeypatch.setattr(system_fonts, "from_fontconfig", lambda bold: None)
    monkeypatch.setattr(system_fonts, "folders", lambda: [folder])
    system_fonts.fonts.cache_clear()
    faces.forget()
    try:
        family = faces.family_of("א")  # Hebrew: not in the bundled fonts
        assert family == len(FAMILIES) and faces.system_font(family, False).path == str(folder / "DejaVuSans.ttf")
        assert text.render("אורי", 30).mask.getbbox() is not None
    finally:
        system_fonts.fonts.cache_clear()
        faces.forget()
        text.forget()


def test_the_install_hint_names_the_platforms_way() -> None:
    assert system_fonts.install_hint("linux", apt=True) == "sudo apt install fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji"
    assert "Noto" in system_fonts.install_hint("linux", apt=False)
    assert "Font Book" in system_fonts.install_hint("darwin") and "Install" in system_fonts.install_hint("win32")


def test_a_name_no_font_has_is_labelled_with_its_first_drawable_alias_else_its_seat() -> None:
    players = [
        Player(seat=0, name="Zoë", aliases=("p1",)),
        Player(seat=1, name="山田太郎", aliases=("山田", "yamada")),
        Player(seat=2, name="林", aliases=()),
    ]
    with faces.setting(system=False):
        assert seats.labels(players) == (("山田太郎", "\u00a0(yamada)"), ("林", "\u00a0(seat 3)"))


def test_a_label_is_added_once_and_a_wrapped_line_never_parts_it_from_the_name() -> None:
    players = [Player(seat=0, name="山田太郎", aliases=("p1",)), Player(seat=1, name="山田", aliases=("p2",))]
    with faces.setting(system=False), seats.seat_labels(players):
        once = text.shown("山田太郎 beat 山田")
        assert once == "山田太郎\u00a0(p1) beat 山田\u00a0(p2)", "the longer name first: 山田 inside 山田太郎 is not labelled"
        assert text.shown(once) == once, "drawing a labelled text again adds nothing"
        lines = text.wrap("Hap-Tac-Toe: 山田太郎 wins the third game", 15, 150)
        assert any("山田太郎\u00a0(p1)" in line for line in lines) and all(text.width(line, 15) <= 150 for line in lines)
        assert text.width("山田太郎", 15) == text.width("山田太郎\u00a0(p1)", 15), "measured as drawn: with its label"


def test_the_host_is_told_which_names_cannot_be_drawn_and_what_to_install() -> None:
    with faces.setting(system=False):
        note = seats.font_note(["Zoë", "محمد", "유나", "山田太郎", "👑King"])
        assert note is not None
        assert "محمد, 山田太郎 and 👑King" in note and "Zoë" not in note and "유나" not in note
        assert note.endswith(f"install {system_fonts.install_hint()}.")
        assert seats.font_note(["Zoë", "유나", "Łukasz"]) is None
        assert seats.undrawable("👍🏽\ufe0f") == "👍", "a skin tone or a variation selector is not a letter of its own"


def test_a_long_name_of_boxes_cut_to_fit_keeps_its_label() -> None:
    players = [Player(seat=0, name="山田太郎" * 4, aliases=("p1",)), Player(seat=1, name="山田太郎" * 3 + "山田花子", aliases=("p2",))]
    with faces.setting(system=False), seats.seat_labels(players):
        cut = [text.fit(f"{p.name}’s pool (3)", 15, 120) for p in players]
        assert cut == ["山田太郎山田太…\u00a0(p1)", "山田太郎山田太…\u00a0(p2)"], "cut through the name: its label follows the …"
        assert all(text.width(c, 15) <= 120 for c in cut) and text.shown(cut[0]) == cut[0]
        assert text.fit("Zoë, the one from Łódź", 15, 80) == "Zoë, the…", "a text without a labelled name is cut as ever"
