"""Finding fonts: the tables read from a font file, the system's fonts in the order they are tried
(fontconfig's, or the platform's folders), and the label and note for a name no font has."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from umpire.core.players import Player
from umpire.images import faces, seats, sfnt, system_fonts, text
from umpire.images.faces import FAMILIES, FONTS

SYSTEM_DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")  # Debian's full DejaVu Sans: it has Hebrew


def test_a_fonts_characters_are_read_from_its_cmap_as_the_subset_script_wrote_them() -> None:
    for files in FAMILIES:
        for file in files:
            info = sfnt.read(FONTS / file)
            assert info.characters == faces._coverage()[file], file
            assert info.outlines and not info.colour and info.strikes == ()


def test_a_file_that_is_not_a_font_is_refused_by_name(tmp_path: Path) -> None:
    junk = tmp_path / "notes.ttf"
    junk.write_bytes(b"GIF89a, not a font at all")
    with pytest.raises(sfnt.NotAFont, match="not a TrueType or OpenType font"):
        sfnt.read(junk)
    short = tmp_path / "short.ttf"
    short.write_bytes(b"\x00\x01\x00\x00\x00\x09")
    with pytest.raises(sfnt.NotAFont, match="cut short"):
        sfnt.read(short)
    assert system_fonts.SystemFont(str(junk)).characters() == (), "a file that is no font is passed over, not an error"


@pytest.mark.skipif(not Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf").exists(), reason="no Noto Color Emoji here")
def test_a_colour_emoji_font_is_read_as_colour_bitmaps_at_its_one_size() -> None:
    info = sfnt.read("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
    assert info.colour and not info.outlines and info.strikes == (109,)
    assert sfnt.has(info.characters, ord("👑")) and not sfnt.has(info.characters, ord("A"))


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
