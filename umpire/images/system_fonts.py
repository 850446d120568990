"""The system's fonts, tried after the bundled ones for a character neither bundled font has (Arabic,
Hebrew, Chinese, Japanese, Thai, Devanagari, emoji...).

Where fontconfig is installed (Linux, BSD; `fc-match` on the path) it gives the fonts in the
order it would fall back through them for `sans-serif` (regular or bold), with the characters
each has: one call, a few milliseconds, at the first character the bundled fonts lack. Elsewhere
(macOS, Windows) the platform's font folders are listed: the fonts the platform ships for those
scripts first, by file name (`PREFERRED`), then every other font file, regular or bold as asked
first; a font's characters are read from its own `cmap` when it is first tried. Only TrueType and
OpenType files are used (`.ttf`, `.otf`, and the collections `.ttc`, `.otc`: what FreeType draws).

Pillow draws with a font but cannot say which characters it has, nor at which sizes a bitmap font
(a colour emoji font such as Noto Color Emoji) may be opened: those are read from the font's tables
with fontTools, loaded with the first system font read. It reads a table when it is first asked
for, and only the tables asked for here, so a 20 MB CJK collection's characters cost its `cmap`
(about 0.1 s), its kind (`glyph_kind`) a look at its list of tables.

A machine with no font for a script draws its characters as boxes (see `umpire.images.text`);
`install_hint` says what to install.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import struct
import subprocess
import sys
from bisect import bisect_right
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

# fontTools warns through logging of what it finds damaged in a font; such a font is passed over here, so a
# host who set no logging up is not shown the warnings (by logging's last resort, on the REPL's terminal).
logging.getLogger("fontTools").addHandler(logging.NullHandler())
Ranges = tuple[tuple[int, int], ...]  # sorted, disjoint (first, last) code points
# The cmap subtables that map Unicode, best first: fontTools' `getBestCmap` order (HarfBuzz's, the full repertoire first).
UNICODE_SUBTABLES = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))
COLOUR_TABLES = ("CBDT", "sbix", "COLR")  # colour bitmaps (Google's, Apple's) and colour layers (Microsoft's)
SUFFIXES = (".ttf", ".otf", ".ttc", ".otc")
FC_FORMAT = "%{file}\t%{index}\t%{charset}\n"
# Fonts the platform ships for the scripts the bundled fonts lack, tried first where there is no
# fontconfig: (regular, bold) file names, lower case, in the order tried.
PREFERRED = {
    "darwin": (
        ("geezapro.ttc", "geezapro.ttc"),  # Arabic
        ("arialhb.ttc", "arialhb.ttc"),  # Hebrew
        ("pingfang.ttc", "pingfang.ttc"),  # Chinese
        ("hiragino sans gb.ttc", "hiragino sans gb.ttc"),  # Chinese and Japanese kanji
        ("ヒラギノ角ゴシック w3.ttc", "ヒラギノ角ゴシック w6.ttc"),  # Japanese
        ("thonburi.ttc", "thonburi.ttc"),  # Thai
        ("kohinoor.ttc", "kohinoor.ttc"),  # Devanagari
        ("apple color emoji.ttc", "apple color emoji.ttc"),
    ),
    "win32": (
        ("segoeui.ttf", "segoeuib.ttf"),  # Arabic, Hebrew and more
        ("msyh.ttc", "msyhbd.ttc"),  # Chinese
        ("yugothr.ttc", "yugothb.ttc"),  # Japanese
        ("tahoma.ttf", "tahomabd.ttf"),  # Thai
        ("nirmala.ttf", "nirmalab.ttf"),  # Devanagari
        ("seguiemj.ttf", "seguiemj.ttf"),  # emoji, in colour
    ),
}
_BOLD = re.compile(r"bold|heavy|black|semibold|w[6-9]\b|bd\.|b\.tt", re.IGNORECASE)


class NotAFont(ValueError):
    """A file that is not a TrueType or OpenType font (or collection), or one whose tables are damaged."""


@dataclass(frozen=True, kw_only=True)
class GlyphKind:
    """How a font's glyphs are drawn: in colour or not, from outlines or bitmaps of some sizes."""

    colour: bool
    strikes: tuple[int, ...]  # pixel sizes of its bitmaps, smallest first; () for a font of outlines
    outlines: bool  # it has outlines (glyf or CFF), so any size may be drawn


def has(ranges: Ranges, point: int) -> bool:
    """Whether `point` falls in one of the sorted `ranges`.

    >>> has(((0x20, 0x7E), (0xA0, 0xFF)), ord("ë")), has(((0x20, 0x7E),), ord("ë"))
    (True, False)
    """
    k = bisect_right(ranges, (point, 0x10FFFF + 1)) - 1
    return k >= 0 and ranges[k][0] <= point <= ranges[k][1]


@contextmanager
def _opened(path: Path | str, index: int) -> Iterator[TTFont]:
    """Font `index` of the file at `path`, its tables read as they are asked for; `NotAFont` if it is none."""
    from fontTools.ttLib import TTFont, TTLibError  # with the first system font read: most pictures need none

    try:
        with TTFont(path, lazy=True, fontNumber=index) as font:
            yield font
    # What fontTools raises on a file that is no font, or a font damaged anywhere (found by damaging fonts at random).
    except (TTLibError, KeyError, AssertionError, struct.error, ValueError, IndexError) as e:
        raise NotAFont(f"{path}: {e}") from e


def read_characters(path: Path | str, index: int = 0) -> Ranges:
    """The code points font `index` of the file at `path` has a glyph of their own for, from its best
    Unicode `cmap` subtable (the full repertoire first); `NotAFont` if it is none or has no such subtable.

    A subtable of format 13 maps whole blocks to one glyph, as a last-resort font's does (the sign of
    the block a character is in): it is passed over, so a character no font really has is still a
    box and its name labelled (see `umpire.images.text`), never two names drawn alike.

    >>> from umpire.images.faces import FONTS
    >>> characters = read_characters(FONTS / "UmpireHangul-Regular.ttf")
    >>> has(characters, ord("유")), has(characters, ord("A"))
    (True, False)
    """
    cmap = None
    with _opened(path, index) as font:
        # Glyphs numbered rather than named: only which characters have one is needed, and a CJK
        # font's 65,535 names would cost twice its cmap.
        font.setGlyphOrder([f"glyph{k}" for k in range(font["maxp"].numGlyphs)])
        for key in UNICODE_SUBTABLES:
            subtable = font["cmap"].getcmap(*key)
            if subtable is not None and subtable.format != 13:
                cmap = subtable.cmap
                break
    if cmap is None:
        raise NotAFont(f"{path}: no Unicode cmap subtable with each character's own glyph")
    spans: list[tuple[int, int]] = []
    for point in sorted(cmap):  # glyph 0, the "missing" glyph, is left out by fontTools
        if spans and point == spans[-1][1] + 1:
            spans[-1] = (spans[-1][0], point)
        else:
            spans.append((point, point))
    return tuple(spans)


def glyph_kind(path: Path | str, index: int = 0) -> GlyphKind:
    """Whether font `index` of the file at `path` is in colour, has outlines, and the sizes of its
    bitmaps (CBLC, EBLC and sbix strikes); `NotAFont` if it is none.

    >>> from umpire.images.faces import FONTS
    >>> glyph_kind(FONTS / "DejaVuSans.ttf")
    GlyphKind(colour=False, strikes=(), outlines=True)
    """
    with _opened(path, index) as font:
        strikes = {s.bitmapSizeTable.ppemX for tag in ("CBLC", "EBLC") if tag in font for s in font[tag].strikes}
        if "sbix" in font:
            strikes |= set(font["sbix"].strikes)
        return GlyphKind(
            colour=any(tag in font for tag in COLOUR_TABLES),
            strikes=tuple(sorted(strikes)),
            outlines=any(tag in font for tag in ("glyf", "CFF ", "CFF2")),
        )


@dataclass(eq=False)
class SystemFont:
    """One font of the system's: its file, its number in a collection, and the characters it has
    (read from its tables when first asked, where fontconfig did not say)."""

    path: str
    index: int = 0
    known: Ranges | None = field(default=None, repr=False)

    def characters(self) -> Ranges:
        """The code points it has (none if its file cannot be read as a font)."""
        if self.known is None:
            try:
                self.known = read_characters(self.path, self.index)
            except (OSError, NotAFont):  # not a font we can read, or a damaged one: never tried again
                self.known = ()
        return self.known

    def has(self, point: int) -> bool:
        """Whether it has a glyph for `point`."""
        return has(self.characters(), point)


@lru_cache(maxsize=2)
def fonts(bold: bool) -> tuple[SystemFont, ...]:
    """The system's fonts in the order they are tried, for regular or bold text (found once a process)."""
    found = from_fontconfig(bold)
    return found if found is not None else from_folders(folders(), sys.platform, bold)


def from_fontconfig(bold: bool) -> tuple[SystemFont, ...] | None:
    """The fonts fontconfig falls back through for sans-serif, with their characters; None without fontconfig."""
    fc_match = shutil.which("fc-match")
    if fc_match is None:
        return None
    pattern = "sans-serif:weight=bold" if bold else "sans-serif"
    try:
        out = subprocess.run([fc_match, "-s", pattern, "--format", FC_FORMAT], capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    if out.returncode != 0:
        return None
    return tuple(parse_fontconfig(out.stdout))


def parse_fontconfig(listing: str) -> list[SystemFont]:
    """`fc-match -s --format FC_FORMAT`'s lines as fonts (files other than TrueType and OpenType left out;
    a font whose characters fontconfig does not list has them read from its cmap when first tried).

    >>> [(f.path, f.index, f.characters()) for f in parse_fontconfig("/f/A.ttf\\t0\\t20-7e a0\\n/f/B.pcf.gz\\t0\\t41\\n")]
    [('/f/A.ttf', 0, ((32, 126), (160, 160)))]
    """
    out = []
    for line in listing.splitlines():
        path, _, rest = line.partition("\t")
        index, _, charset = rest.partition("\t")
        if not path.lower().endswith(SUFFIXES) or not index.isdigit():
            continue
        spans = []
        for r in charset.split():
            a, _, b = r.partition("-")
            spans.append((int(a, 16), int(b or a, 16)))
        out.append(SystemFont(path, int(index), tuple(spans) if spans else None))  # no charset said: read from the font
    return out


def folders() -> list[Path]:
    """Where the platform keeps fonts: the system's folders, then the user's."""
    home = Path.home()
    if sys.platform == "darwin":
        return [Path("/System/Library/Fonts"), Path("/System/Library/Fonts/Supplemental"), Path("/Library/Fonts"), home / "Library/Fonts"]
    if sys.platform == "win32":
        windows = Path(os.environ.get("WINDIR", r"C:\Windows"))
        local = Path(os.environ.get("LOCALAPPDATA", home / "AppData" / "Local"))
        return [windows / "Fonts", local / "Microsoft" / "Windows" / "Fonts"]
    return [Path("/usr/share/fonts"), Path("/usr/local/share/fonts"), home / ".local/share/fonts", home / ".fonts"]


def from_folders(places: list[Path], platform: str, bold: bool) -> tuple[SystemFont, ...]:
    """Every font file under `places`: the platform's `PREFERRED` first, then regular (or bold, if
    asked) before the other weight, then by path; each font of a collection in turn."""
    files: dict[str, Path] = {}
    for place in places:
        try:
            for path in sorted(place.rglob("*")):
                if path.suffix.lower() in SUFFIXES and path.is_file():
                    files.setdefault(str(path), path)
        except OSError:  # a folder we may not read
            continue
    preferred = [pair[bold] for pair in PREFERRED.get(platform, ())]

    def rank(path: Path) -> tuple[int, bool, str]:
        name = path.name.lower()
        first = preferred.index(name) if name in preferred else len(preferred)
        return first, bool(_BOLD.search(name)) != bold, str(path)

    out = []
    for path in sorted(files.values(), key=rank):
        out += [SystemFont(str(path), i) for i in range(_members(path))]
    return tuple(out)


def _members(path: Path) -> int:
    """How many fonts a file holds: a collection's count, else one (none if it cannot be opened)."""
    from fontTools.ttLib import TTLibError
    from fontTools.ttLib.sfnt import readTTCHeader

    try:
        with open(path, "rb") as f:
            return int(readTTCHeader(f).numFonts)
    except OSError:
        return 0
    except (TTLibError, struct.error, AssertionError):  # not a collection (whatever its name says): one font
        return 1


def install_hint(platform: str = sys.platform, apt: bool | None = None) -> str:
    """What to install so that the pictures draw names in any script, for this platform.

    >>> install_hint("linux", apt=True)
    'sudo apt install fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji'
    """
    if platform == "darwin":
        return "a font that has them, e.g. Noto Sans CJK or Noto Color Emoji from https://fonts.google.com/noto, opened with Font Book"
    if platform == "win32":
        return "a font that has them, e.g. Noto Sans CJK or Noto Sans Arabic from https://fonts.google.com/noto (right-click, Install)"
    if apt if apt is not None else shutil.which("apt-get") is not None:
        return "sudo apt install fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji"
    return "your system's Noto fonts (Noto Sans with its scripts, Noto Sans CJK, Noto Color Emoji), e.g. google-noto-*-fonts"
