"""Text in the pictures: the bundled fonts, a font for each character, measuring, cutting and wrapping.

The fonts live in `umpire/images/fonts/` (written by `scripts/subset_fonts.py`, licences beside
them): DejaVu Sans for Latin with its diacritics, Greek, Cyrillic and symbols, then Umpire Hangul
(a subset of NanumGothic) for Korean. Each character is drawn with the first font that has it
(`coverage.txt` lists what each has); a character none has, an emoji say, is drawn as a hollow
box the width of a letter, so a name is never silently respelt: the post's text carries it whole.

Sizes are in the pictures' layout units (400 to the picture's width); a text is measured and drawn
at its size times the picture's scale (`SCALE` pixels per unit, see `umpire.images.render`), with
FreeType's own anti-aliasing and Pillow's basic layout (no system shaping library, so the same
Pillow draws the same pixels everywhere).

>>> [run for run, _ in runs("Zoë 유나 🙂")]
['Zoë ', '유나', ' ', '🙂']
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

FONTS = Path(__file__).resolve().parent / "fonts"
CAP = 0.73  # DejaVu Sans's capital height, as a fraction of the font size
BOX = 0.62  # a missing character's box: its advance, as a fraction of the font size

DEFAULT_SCALE = 2  # pixels per layout unit: a picture 400 units wide is 800 pixels
SCALE: ContextVar[int] = ContextVar("SCALE", default=DEFAULT_SCALE)  # pixels per layout unit while a picture is drawn

# (regular file, bold file) per family, in the order they are tried.
FAMILIES = (("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"), ("UmpireHangul-Regular.ttf", "UmpireHangul-Bold.ttf"))
MISSING = -1  # the family "index" of a character no font has


@lru_cache(maxsize=1)
def _coverage() -> dict[str, tuple[tuple[int, int], ...]]:
    """Each font file's code points, as sorted ranges, from fonts/coverage.txt."""
    out: dict[str, tuple[tuple[int, int], ...]] = {}
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


def _covers(file: str, point: int) -> bool:
    lo, hi = 0, len(ranges := _coverage()[file])
    while lo < hi:
        mid = (lo + hi) // 2
        a, b = ranges[mid]
        if point < a:
            hi = mid
        elif point > b:
            lo = mid + 1
        else:
            return True
    return False


@lru_cache(maxsize=4096)
def family_of(ch: str, bold: bool = False) -> int:
    """The index in `FAMILIES` of the first font that has `ch` (`MISSING` if none has it).

    >>> family_of("Ł"), family_of("Я"), family_of("유"), family_of("🙂")
    (0, 0, 1, -1)
    """
    point = ord(ch)
    for i, files in enumerate(FAMILIES):
        if _covers(files[bold], point):
            return i
    return MISSING


def _invisible(ch: str) -> bool:
    """A character that changes the one before it (a mark, a variation selector, a joiner, an emoji's skin tone)."""
    point = ord(ch)
    return unicodedata.category(ch) in ("Mn", "Me", "Cf") or 0x1F3FB <= point <= 0x1F3FF or 0xFE00 <= point <= 0xFE0F


def runs(text: str, bold: bool = False) -> Iterator[tuple[str, int]]:
    """`text` (composed to NFC) cut into runs that one font draws, with that font's family index."""
    text = unicodedata.normalize("NFC", text.replace("\t", " "))
    start = 0
    current = None
    for i, ch in enumerate(text):
        fam = family_of(ch, bold)
        if fam == MISSING and _invisible(ch):  # a variation selector, a skin tone: part of the box before it
            if i > start:
                yield text[start:i], current  # type: ignore[misc]
            start, current = i + 1, None
            continue
        if fam == MISSING or fam != current:
            if i > start:
                yield text[start:i], current  # type: ignore[misc]
            start, current = i, fam
        if fam == MISSING:  # each missing character is a box of its own
            yield ch, MISSING
            start, current = i + 1, None
    if start < len(text):
        yield text[start:], current  # type: ignore[misc]


@lru_cache(maxsize=64)
def font(family: int, px: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """One of the bundled fonts at `px` pixels."""
    return ImageFont.truetype(str(FONTS / FAMILIES[family][bold]), px, layout_engine=ImageFont.Layout.BASIC)


def pixels(size: float) -> int:
    """A font size in layout units as whole pixels at the current scale."""
    return max(1, round(size * SCALE.get()))


@lru_cache(maxsize=4096)
def _char_advance(ch: str, family: int, px: int, bold: bool) -> float:
    """How far one character moves the pen, in pixels."""
    return px * BOX if family == MISSING else font(family, px, bold).getlength(ch)


@lru_cache(maxsize=4096)
def _advance(text: str, px: int, bold: bool) -> float:
    """How wide `text` is, in pixels: the sum of its characters' advances. Pillow's basic layout
    moves the pen by each character's own advance, plus a kerning table's adjustment where the
    font has one; the bundled fonts have none (their kerning is in OpenType tables that basic
    layout does not read; a test checks it), so a line is measured by looking up each character
    once, however many lines a wrap tries."""
    return sum(_char_advance(ch, fam, px, bold) for run, fam in runs(text, bold) for ch in run)


def width(text: str, size: float, bold: bool = False) -> float:
    """How wide `text` is at `size`, in layout units."""
    return _advance(text, pixels(size), bold) / SCALE.get()


def cap(size: float) -> float:
    """The height of a capital letter at `size`, in layout units."""
    return CAP * size


@dataclass(frozen=True)
class Rendered:
    """A text's ink as an alpha mask, placed relative to its origin (left end of the baseline)."""

    mask: Image.Image  # "L": 255 where the text is fully inked
    left: int  # the mask's left edge, in pixels from the origin
    top: int  # the mask's top edge, in pixels from the baseline (negative: above it)
    advance: float  # pixels from the origin to where the next text would start


_RENDERED: dict[tuple[str, int, bool], Rendered] = {}
KEEP = 4096  # texts kept drawn (each at its size); past that the store starts afresh


def render(text: str, px: int, bold: bool = False) -> Rendered:
    """`text` at `px` pixels, each run in its font and each missing character as a box; drawn
    once (see `_draw`), or several at once beforehand (see `prepare`)."""
    key = (text, px, bold)
    done = _RENDERED.get(key)
    if done is None:
        if len(_RENDERED) >= KEEP:
            _RENDERED.clear()
        done = _RENDERED[key] = _draw(text, px, bold)
    return done


def forget() -> None:
    """Forget every text drawn, as a process that has drawn none."""
    _RENDERED.clear()


def _room(family: int, px: int, bold: bool) -> tuple[int, int, int]:
    """Room for any ink of a line in one font: half the size either side of its advance (`pad`),
    its ascent and half the size above the baseline (`above`), its descent and half the size below."""
    ascent, descent = font(family, px, bold).getmetrics()
    pad = px // 2 + 1
    return pad, max(ascent, round(px * CAP)) + pad, descent + pad


def prepare(texts: Iterable[str], size: float, bold: bool = False) -> None:
    """Draw several short texts at `size` with one call to FreeType, for `render` to find.

    A text's first drawing is mostly the fixed cost of a call (a board's ten coordinates cost ten
    times one letter's); here the texts of one font are laid on one line, each on a whole pixel and
    far enough apart that no ink of one reaches the room of the next, and cut apart: the pixels
    `render` gives each alone (the bundled fonts have no kerning). A text of several fonts, or one
    already drawn, is left to `render`.
    """
    px = pixels(size)
    by_font: dict[int, list[str]] = {}
    for text in dict.fromkeys(texts):
        pieces = list(runs(text, bold))
        if (text, px, bold) not in _RENDERED and len(pieces) == 1 and pieces[0][0] == text and pieces[0][1] != MISSING:
            by_font.setdefault(pieces[0][1], []).append(text)
    for family, todo in by_font.items():
        advances = [_advance(text, px, bold) for text in todo]
        space = _char_advance(" ", family, px, bold)
        if len(todo) < 2 or space <= 0 or not all(a.is_integer() for a in (*advances, space)):
            continue
        pad, above, below = _room(family, px, bold)
        gap = " " * math.ceil((2 * pad + 1) / space)
        starts, x = [], 0
        for a in advances:
            starts.append(x)
            x += int(a) + len(gap) * int(space)
        line = Image.new("L", (x + 2 * pad, above + below))
        ImageDraw.Draw(line).text((pad, above), gap.join(todo), font=font(family, px, bold), fill=255, anchor="ls")
        for text, a, start in zip(todo, advances, starts, strict=True):
            alone = line.crop((start, 0, start + int(a) + 1 + 2 * pad, line.height))  # as `_draw` makes its mask
            _RENDERED[(text, px, bold)] = _cut(alone, pad, above, a)


def _cut(mask: Image.Image, pad: int, above: int, advance: float) -> Rendered:
    """A text's mask (origin at (`pad`, `above`)) cut to its ink."""
    box = mask.getbbox()
    if box is None:  # nothing inked (spaces, or no text)
        return Rendered(Image.new("L", (1, 1)), 0, 0, advance)
    return Rendered(quarters(mask.crop(box)), box[0] - pad, box[1] - above, advance)


def _draw(text: str, px: int, bold: bool) -> Rendered:
    """`text` drawn alone: its runs drawn once, on a mask with room for any ink of each (see
    `_room`), then cut to the ink."""
    parts = []
    x = 0.0
    for run, fam in runs(text, bold):
        parts.append((x, run, fam))
        x += sum(_char_advance(ch, fam, px, bold) for ch in run)
    rooms = [_room(fam, px, bold) for _, _, fam in parts if fam != MISSING]
    pad = px // 2 + 1
    above = max([a for _, a, _ in rooms] + [round(px * CAP) + pad])
    mask = Image.new("L", (int(x) + 1 + 2 * pad, above + max([b for _, _, b in rooms] + [pad])))
    pen = ImageDraw.Draw(mask)
    for start, run, fam in parts:
        if fam == MISSING:
            w = px * BOX
            stroke = max(1, px // 14)
            left, right = pad + round(start + w * 0.1), pad + round(start + w * 0.9)
            pen.rectangle((left, above - round(px * CAP), right - 1, above - 1), outline=255, width=stroke)
        else:
            pen.text((pad + start, above), run, font=font(fam, px, bold), fill=255, anchor="ls")
    return _cut(mask, pad, above, x)


QUARTERS = (0, 64, 128, 192, 255)  # a text's coverage levels


def quarters(mask: Image.Image) -> Image.Image:
    """FreeType's 256 levels of coverage rounded to the nearest quarter: none, 64, 128, 192 or
    255, about the levels of the shapes' edges (see `umpire.images.shapes`, whose three quarters
    is 191). At 800 pixels across letters look the same as with 9 levels or 256 (compared side by
    side), and the fewer colours at their edges let zlib find more repeats (a table of standings'
    PNG ~10 % smaller than with 9 levels). Two of Pillow's additions do it, (v + 32) / 63.76 to
    the quarter's number, then that times 64, rather than `Image.point`, whose table of 256 entries
    is rounded in Python each call (a third of the time a short text takes to draw).

    >>> list(quarters(Image.frombytes("L", (8, 1), bytes([0, 31, 32, 95, 96, 159, 160, 255]))).tobytes())
    [0, 0, 64, 64, 128, 128, 192, 255]
    """
    count = ImageChops.add(mask, Image.new("L", mask.size, 32), scale=63.76)
    return ImageChops.add(count, count, scale=1 / 32)


def fit(text: str, size: float, room: float, bold: bool = False) -> str:
    """`text` as it fits `room` units, cut with "…" at the end if it is wider.

    >>> fit("Hedger the Great", 15, 70)
    'Hedger…'
    """
    text = unicodedata.normalize("NFC", text)
    if width(text, size, bold) <= room:
        return text
    lo, hi = 0, len(text)  # the most characters kept (with the "…") that still fit
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + "…", size, bold) <= room:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


_CLAUSE_ENDS = (":", " —", " -", ";")  # a title reads best broken after one of these


def _greedy(words: list[str], size: float, room: float, bold: bool) -> list[str]:
    """Words filled into lines, each as long as fits. A line's width is its words' widths and the
    spaces' (widths add up: see `_advance`), so each word is measured once."""
    px, scale = pixels(size), SCALE.get()
    space = _advance(" ", px, bold)
    lines: list[str] = []
    line, used = "", 0.0
    for word in words:
        wide = _advance(word, px, bold)
        candidate = used + space + wide if line else wide
        if candidate / scale <= room:
            line, used = (f"{line} {word}" if line else word), candidate
            continue
        if line:
            lines.append(line)
        line = fit(word, size, room, bold)
        used = _advance(line, px, bold)
    if line or not lines:
        lines.append(line)
    return lines


def wrap(text: str, size: float, room: float, bold: bool = False) -> list[str]:
    """`text` broken at spaces into lines no wider than `room` units (a word too long is cut).

    Where it takes two lines or more it breaks after a clause (a colon, a dash) if that fits, and a
    last line of one short word takes a word from the line before, so a number stays with its name.
    """
    text = unicodedata.normalize("NFC", text)
    words = text.split(" ")
    lines = _greedy(words, size, room, bold)
    if len(lines) < 2:
        return lines
    for k in range(len(words) - 1, 0, -1):  # the latest clause end whose first part fits one line
        head = " ".join(words[:k])
        if head.endswith(_CLAUSE_ENDS) and width(head, size, bold) <= room:
            rest = _greedy(words[k:], size, room, bold)
            if len(rest) + 1 <= len(lines):
                return [head, *rest]
            break
    last, before = lines[-1], lines[-2].split(" ")
    if " " not in last and len(before) >= 3:
        moved = f"{before[-1]} {last}"
        if width(moved, size, bold) <= room:
            lines[-2:] = [" ".join(before[:-1]), moved]
    return lines
