"""The fonts a text is drawn with: the bundled ones first, then the system's, a font for each character.

The bundled fonts live in `umpire/images/fonts/` (written by `scripts/subset_fonts.py`, licences
beside them): DejaVu Sans for Latin with its diacritics, Greek, Cyrillic and symbols, then Umpire
Hangul (a subset of NanumGothic) for Korean; `coverage.txt` lists what each has. After them come
the system's fonts (`umpire.images.system_fonts`: fontconfig's fallback order, or the platform's
font folders), for Arabic, Hebrew, CJK, Thai, Devanagari, emoji. A character is drawn with the
first font that has it; one that no font has is `MISSING` (drawn as a box).

A font is known by its "family": its number in that chain, the bundled ones 0 and 1, the system's
from 2 on (the system's chain for bold text may differ from the one for regular text). Bundled
fonts are laid out with Pillow's basic layout, as they always were (so a picture that needs only
them is the same pixels on any machine with the same Pillow); the system's with raqm (shaping:
Arabic letters joined, emoji sequences as one glyph; right to left where the script is) where
Pillow has it, else basic layout. `SETTING` can hide the system's fonts (tests, and a host who
wants the same pictures everywhere) or turn shaping off (the fallback, tested where raqm is).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont, features

from umpire.images import system_fonts

FONTS = Path(__file__).resolve().parent / "fonts"
# (regular file, bold file) per bundled family, in the order they are tried.
FAMILIES = (("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"), ("UmpireHangul-Regular.ttf", "UmpireHangul-Bold.ttf"))
MISSING = -1  # the family "index" of a character no font has
RAQM = bool(features.check_feature("raqm"))  # Pillow was built with raqm (harfbuzz and fribidi)


@dataclass(frozen=True, kw_only=True)
class Setting:
    """How texts are drawn: with the system's fonts after the bundled ones (or not), raqm's shaping
    for them (or basic layout), and the labels that follow names no font has (see `umpire.images.seats`)."""

    system: bool = True
    shaping: bool = RAQM
    labels: tuple[tuple[str, str], ...] = ()  # (name, what follows it where it is drawn)


SETTING: ContextVar[Setting] = ContextVar("SETTING", default=Setting())  # noqa: B039 - a frozen value, never changed in place


@contextmanager
def setting(
    *, system: bool | None = None, shaping: bool | None = None, labels: tuple[tuple[str, str], ...] | None = None
) -> Iterator[Setting]:
    """Draw with some of `Setting` changed while the block runs (`system=False`: the bundled fonts only)."""
    now = SETTING.get()
    token = SETTING.set(
        replace(
            now,
            system=now.system if system is None else system,
            shaping=now.shaping if shaping is None else shaping,
            labels=now.labels if labels is None else labels,
        )
    )
    try:
        yield SETTING.get()
    finally:
        SETTING.reset(token)


def layout() -> str:
    """Which layout the system's fonts get now: "raqm" (shaping, bidirectional) or "basic"."""
    return "raqm" if SETTING.get().shaping and RAQM else "basic"


@lru_cache(maxsize=1)
def _coverage() -> dict[str, system_fonts.Ranges]:
    """Each bundled font file's code points, as sorted ranges, from fonts/coverage.txt."""
    out: dict[str, system_fonts.Ranges] = {}
    for line in (FONTS / "coverage.txt").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        name, *ranges = line.split()
        spans = []
        for r in ranges:
            a, _, b = r.partition("-")
            spans.append((int(a, 16), int(b or a, 16)))
        out[name] = tuple(spans)
    return out


def is_bundled(family: int) -> bool:
    """Whether `family` is one of the bundled fonts."""
    return 0 <= family < len(FAMILIES)


def family_of(ch: str, bold: bool = False) -> int:
    """The family of the first font that has `ch` (`MISSING` if none has it).

    >>> family_of("Ł"), family_of("Я"), family_of("유")
    (0, 0, 1)
    >>> with setting(system=False):
    ...     family_of("🙂")
    -1
    """
    return _family(ch, bold, SETTING.get().system)


@lru_cache(maxsize=8192)
def _family(ch: str, bold: bool, system: bool) -> int:
    point = ord(ch)
    for i, files in enumerate(FAMILIES):
        if system_fonts.has(_coverage()[files[bold]], point):
            return i
    if system:
        for k, candidate in enumerate(system_fonts.fonts(bold)):
            if candidate.has(point) and _usable(k, bold):
                return len(FAMILIES) + k
    return MISSING


def system_font(family: int, bold: bool) -> system_fonts.SystemFont:
    """The system font a family past the bundled ones stands for."""
    return system_fonts.fonts(bold)[family - len(FAMILIES)]


@lru_cache(maxsize=64)
def details(family: int, bold: bool) -> system_fonts.GlyphKind | None:
    """A system font's colour and strikes (None for a bundled font, or one whose tables cannot be read)."""
    if is_bundled(family):
        return None
    chosen = system_font(family, bold)
    try:
        return system_fonts.glyph_kind(chosen.path, chosen.index)
    except (OSError, system_fonts.NotAFont):
        return None


def strike(family: int, px: int, bold: bool) -> int | None:
    """The pixel size a bitmap-only font (a colour emoji font) is opened at to draw `px` pixels:
    its smallest strike at least that large, else its largest; None for a font of outlines."""
    info = details(family, bold)
    if info is None or info.outlines or not info.strikes:
        return None
    return next((s for s in info.strikes if s >= px), info.strikes[-1])


def is_colour(family: int, bold: bool) -> bool:
    """Whether a family's glyphs carry their own colours (an emoji font), drawn as they are."""
    info = details(family, bold)
    return info is not None and info.colour


def scale(family: int, px: int, bold: bool) -> float:
    """How much a family's glyphs, drawn by `font(family, px, bold)`, are scaled to be `px` pixels
    (1 but for a bitmap font opened at its strike)."""
    at = strike(family, px, bold)
    return 1.0 if at is None else px / at


def font(family: int, px: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The font of `family` for text of `px` pixels (a bitmap font at its strike: see `scale`)."""
    if is_bundled(family):
        return _bundled(family, px, bold)
    return _system(family, strike(family, px, bold) or px, bold, layout() == "raqm")


@lru_cache(maxsize=64)
def _bundled(family: int, px: int, bold: bool) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / FAMILIES[family][bold]), px, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=64)
def _system(family: int, px: int, bold: bool, shaping: bool) -> ImageFont.FreeTypeFont:
    chosen = system_font(family, bold)
    engine = ImageFont.Layout.RAQM if shaping else ImageFont.Layout.BASIC
    return ImageFont.truetype(chosen.path, px, index=chosen.index, layout_engine=engine)


@lru_cache(maxsize=256)
def _usable(k: int, bold: bool) -> bool:
    """Whether FreeType opens system font `k` (at its strike, for a bitmap font): a font it cannot is passed over."""
    family = len(FAMILIES) + k
    try:
        _system(family, strike(family, 32, bold) or 32, bold, False)
    except OSError:
        return False
    return True


def forget() -> None:
    """Forget every font opened and every character's font, as a process that has drawn nothing."""
    for cache in (_family, details, _bundled, _system, _usable):
        cache.cache_clear()
