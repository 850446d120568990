"""Text in the pictures: a font for each character, right-to-left runs, measuring, cutting and wrapping.

Each character is drawn with the first font that has it (the bundled fonts, then the system's:
see `umpire.images.faces`); a character no font has, an emoji on a machine with no emoji font say,
is drawn as a hollow box the width of a letter, so a name is never silently respelt: the post's
text carries it whole. A player's name with such a box gets its seat's label beside it while the
front end draws with `umpire.images.seats.seat_labels`, so two names are never drawn alike.

A text is cut into runs, each drawn by one font at one bidirectional level (`umpire.images.direction`):
the bundled fonts' runs with Pillow's basic layout, each character by its own advance, as they
always were; the system's runs shaped by raqm where Pillow has it (Arabic joined and set right to
left, emoji sequences as one glyph), and colour emoji drawn at their font's size and scaled.

Sizes are in the pictures' layout units (400 to the picture's width); a text is measured and drawn
at its size times the picture's scale (`SCALE` pixels per unit, see `umpire.images.render`), with
FreeType's own anti-aliasing.

>>> [run for run, _ in runs("Zoë 유나 ")]
['Zoë ', '유나', ' ']
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from umpire.images import direction, faces
from umpire.images.faces import FAMILIES, FONTS, MISSING, family_of, font, setting

__all__ = ["FAMILIES", "FONTS", "MISSING", "family_of", "font", "setting"]

CAP = 0.73  # DejaVu Sans's capital height, as a fraction of the font size
BOX = 0.62  # a missing character's box: its advance, as a fraction of the font size

DEFAULT_SCALE = 2  # pixels per layout unit: a picture 400 units wide is 800 pixels
SCALE: ContextVar[int] = ContextVar("SCALE", default=DEFAULT_SCALE)  # pixels per layout unit while a picture is drawn

Item = tuple[str, int, int]  # a run of text, its font's family and its bidirectional level
Fonts = tuple[bool, bool]  # which fonts and layout a text is drawn with: `Setting.system` and `Setting.shaping`


def is_modifier(ch: str) -> bool:
    """A character that changes the one before it (a mark, a variation selector, a joiner, an emoji's skin tone)."""
    point = ord(ch)
    return unicodedata.category(ch) in ("Mn", "Me", "Cf") or 0x1F3FB <= point <= 0x1F3FF or 0xFE00 <= point <= 0xFE0F


@lru_cache(maxsize=16)
def _labeller(labels: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str], dict[str, str]]:
    """One pattern for every labelled name (the longest first), and the label that may already follow it."""
    names = "|".join(re.escape(name) for name, _ in sorted(labels, key=lambda nl: -len(nl[0])))
    after = "|".join(re.escape(label) for label in dict.fromkeys(label for _, label in labels))
    return re.compile(f"(?P<name>{names})(?P<label>{after})?"), dict(labels)


def _label(m: re.Match[str], label: dict[str, str]) -> str:
    name, follows = m.group("name"), m.group("label")
    return m.group(0) if follows == label[name] else name + label[name] + (follows or "")


def shown(text: str) -> str:
    """`text` as it is drawn: composed (NFC), tabs as spaces, each labelled name followed by its label
    (see `umpire.images.seats`). Drawing it again adds nothing: a label is not added twice."""
    text = unicodedata.normalize("NFC", text.replace("\t", " "))
    labels = faces.SETTING.get().labels
    if labels:
        pattern, label = _labeller(labels)
        text = pattern.sub(lambda m: _label(m, label), text)
    return text


def runs(text: str, bold: bool = False) -> Iterator[tuple[str, int]]:
    """`text` (as `shown`) cut into runs that one font draws, with that font's family (in logical order)."""
    for run, family, _ in _items(shown(text), bold, _fonts()):
        yield run, family


def _fonts() -> Fonts:
    """What the caches of measured and drawn texts are kept apart by, besides the text (its labels are in it)."""
    how = faces.SETTING.get()
    return how.system, how.shaping


def _as_drawn(text: str) -> str:
    """`text` with its names' labels where any are set (see `shown`); as it is otherwise, the common case, at no cost."""
    return shown(text) if faces.SETTING.get().labels else text


@lru_cache(maxsize=4096)
def _items(text: str, bold: bool, fonts: Fonts) -> tuple[Item, ...]:
    """A shown text's runs in logical order: each drawn by one font at one level; each missing
    character a box of its own. A mark, a joiner or a variation selector stays with the character
    before it where its font has it (or shapes it: raqm); elsewhere it is left out (not a second box)."""
    return tuple(item for _, item in _placed(text, bold, fonts))


@lru_cache(maxsize=4096)
def _in_order(text: str, bold: bool, fonts: Fonts) -> tuple[Item, ...]:
    """A shown text's runs (see `_items`) in the order they are drawn, left to right: each where
    its first character is drawn (a run is at one level, so its characters are drawn together)."""
    places = direction.resolve(text).places
    return tuple(item for _, item in sorted(_placed(text, bold, fonts), key=lambda placed: (places[placed[0]], placed[0])))


def _placed(text: str, bold: bool, fonts: Fonts) -> list[tuple[int, Item]]:
    """`_items`, each with where its first character is in `text`."""
    levels = direction.resolve(text).levels
    shaped = faces.layout() == "raqm"
    out: list[tuple[int, Item]] = []
    run, current, level, start = "", MISSING, 0, 0
    for i, (ch, lv) in enumerate(zip(text, levels, strict=True)):
        fam = faces.family_of(ch, bold)
        if is_modifier(ch) and (run or fam == MISSING):
            if run and current != MISSING and (fam == current or (shaped and not faces.is_bundled(current))):
                run += ch
            continue
        if fam == current != MISSING and lv == level:
            run += ch
            continue
        if run:
            out.append((start, (run, current, level)))
        run, current, level, start = ch, fam, lv, i
    if run:
        out.append((start, (run, current, level)))
    return out


def pixels(size: float) -> int:
    """A font size in layout units as whole pixels at the current scale."""
    return max(1, round(size * SCALE.get()))


@lru_cache(maxsize=4096)
def _char_advance(ch: str, family: int, px: int, bold: bool) -> float:
    """How far one character of a bundled font (or a missing one's box) moves the pen, in pixels."""
    return px * BOX if family == MISSING else font(family, px, bold).getlength(ch)


def _laid(run: str, family: int, level: int) -> str:
    """A run's characters as its font is given them: raqm orders a right-to-left run itself; basic
    layout (the bundled fonts', or any where Pillow has no raqm) is given it reversed."""
    if level % 2 and (faces.is_bundled(family) or faces.layout() != "raqm"):
        return direction.reversed_run(run)
    return run


def _direction(family: int, level: int) -> dict[str, str]:
    """raqm's direction for a system font's run (basic layout takes none)."""
    if faces.is_bundled(family) or faces.layout() != "raqm":
        return {}
    return {"direction": "rtl" if level % 2 else "ltr"}


@lru_cache(maxsize=4096)
def _run_advance(run: str, family: int, level: int, px: int, bold: bool, fonts: Fonts) -> float:
    """How far a system font's run moves the pen, in pixels: its shaped advance, scaled for a bitmap font."""
    laid = _laid(run, family, level)
    return font(family, px, bold).getlength(laid, **_direction(family, level)) * faces.scale(family, px, bold)  # type: ignore[arg-type]


def _item_advance(item: Item, px: int, bold: bool, fonts: Fonts) -> float:
    run, family, level = item
    if family == MISSING or faces.is_bundled(family):
        return sum(_char_advance(ch, family, px, bold) for ch in run)
    return _run_advance(run, family, level, px, bold, fonts)


def _advance(text: str, px: int, bold: bool) -> float:
    """How wide `text` is, in pixels: the sum of its runs' advances. Pillow's basic layout moves
    the pen by each character's own advance, plus a kerning table's adjustment where the font has
    one; the bundled fonts have none (their kerning is in OpenType tables that basic layout does
    not read; a test checks it), so a bundled run is the sum of its characters, and a line is
    measured by looking up each character once, however many lines a wrap tries. A system font's
    run is shaped whole (it never spans a space: see `_items`), so words still add up."""
    return _measured(_as_drawn(text), px, bold, _fonts())


@lru_cache(maxsize=4096)
def _measured(text: str, px: int, bold: bool, fonts: Fonts) -> float:
    total: float = 0
    for item in _items(shown(text), bold, fonts):
        run, family, level = item
        if family == MISSING or faces.is_bundled(family):
            for ch in run:  # one character at a time, as a flat sum: the same float as ever
                total += _char_advance(ch, family, px, bold)
        else:
            total += _run_advance(run, family, level, px, bold, fonts)
    return total


def width(text: str, size: float, bold: bool = False) -> float:
    """How wide `text` is at `size`, in layout units."""
    return _advance(text, pixels(size), bold) / SCALE.get()


def cap(size: float) -> float:
    """The height of a capital letter at `size`, in layout units."""
    return CAP * size


@dataclass(frozen=True)
class Rendered:
    """A text's ink as an alpha mask, placed relative to its origin (left end of the baseline), and
    its colour glyphs (emoji), if any, as a picture of their own over the same box."""

    mask: Image.Image  # "L": 255 where the text is fully inked
    left: int  # the mask's left edge, in pixels from the origin
    top: int  # the mask's top edge, in pixels from the baseline (negative: above it)
    advance: float  # pixels from the origin to where the next text would start
    colour: Image.Image | None = None  # "RGBA", the mask's size: glyphs drawn in their own colours


Key = tuple[str, int, bool, Fonts]
_RENDERED: dict[Key, Rendered] = {}
KEEP = 4096  # texts kept drawn (each at its size); past that the store starts afresh


def key(text: str, px: int, bold: bool) -> Key:
    """Where `render` keeps `text` drawn at `px`: with its labels, if any, and the fonts it is drawn with."""
    return _as_drawn(text), px, bold, _fonts()


def render(text: str, px: int, bold: bool = False) -> Rendered:
    """`text` at `px` pixels, each run in its font and each missing character as a box; drawn
    once (see `_draw`), or several at once beforehand (see `prepare`)."""
    k = key(text, px, bold)
    done = _RENDERED.get(k)
    if done is None:
        if len(_RENDERED) >= KEEP:
            _RENDERED.clear()
        done = _RENDERED[k] = _draw(text, px, bold)
    return done


def forget() -> None:
    """Forget every text drawn, as a process that has drawn none."""
    _RENDERED.clear()


def _room(family: int, px: int, bold: bool) -> tuple[int, int, int]:
    """Room for any ink of a line in one font: half the size either side of its advance (`pad`),
    its ascent and half the size above the baseline (`above`), its descent and half the size below."""
    ascent, descent = font(family, px, bold).getmetrics()
    if not faces.is_bundled(family):  # a bitmap font is scaled from its strike
        s = faces.scale(family, px, bold)
        ascent, descent = math.ceil(ascent * s), math.ceil(descent * s)
    pad = px // 2 + 1
    return pad, max(ascent, round(px * CAP)) + pad, descent + pad


def prepare(texts: Iterable[str], size: float, bold: bool = False) -> None:
    """Draw several short texts at `size` with one call to FreeType, for `render` to find.

    A text's first drawing is mostly the fixed cost of a call (a board's ten coordinates cost ten
    times one letter's); here the texts of one font are laid on one line, each on a whole pixel and
    far enough apart that no ink of one reaches the room of the next, and cut apart: the pixels
    `render` gives each alone (the bundled fonts have no kerning). A text of several fonts or of a
    system font, or one already drawn, is left to `render`.
    """
    px = pixels(size)
    by_font: dict[int, list[str]] = {}
    for text in dict.fromkeys(texts):
        pieces = list(runs(text, bold))
        if key(text, px, bold) not in _RENDERED and len(pieces) == 1 and pieces[0][0] == text and faces.is_bundled(pieces[0][1]):
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
            _RENDERED[key(text, px, bold)] = _cut(alone, pad, above, a)


def _cut(mask: Image.Image, pad: int, above: int, advance: float, colour: Image.Image | None = None) -> Rendered:
    """A text's mask (origin at (`pad`, `above`)), and its colour glyphs if any, cut to their ink."""
    box = mask.getbbox()
    if colour is not None:
        inked = colour.getchannel("A").getbbox()
        if inked is not None:
            box = inked if box is None else (min(box[0], inked[0]), min(box[1], inked[1]), max(box[2], inked[2]), max(box[3], inked[3]))
    if box is None:  # nothing inked (spaces, or no text)
        return Rendered(Image.new("L", (1, 1)), 0, 0, advance)
    return Rendered(quarters(mask.crop(box)), box[0] - pad, box[1] - above, advance, colour.crop(box) if colour is not None else None)


def _draw(text: str, px: int, bold: bool) -> Rendered:
    """`text` drawn alone: its runs laid left to right in the order they are drawn (see `_in_order`),
    each drawn once, on a mask with room for any ink of each (see `_room`), then cut to the ink."""
    fonts = _fonts()
    parts = []
    x = 0.0
    for item in _in_order(shown(text), bold, fonts):
        parts.append((x, item))
        x += _item_advance(item, px, bold, fonts)
    rooms = [_room(fam, px, bold) for _, (_, fam, _) in parts if fam != MISSING]
    pad = px // 2 + 1
    above = max([a for _, a, _ in rooms] + [round(px * CAP) + pad])
    mask = Image.new("L", (int(x) + 1 + 2 * pad, above + max([b for _, _, b in rooms] + [pad])))
    colour = None
    pen = ImageDraw.Draw(mask)
    for start, (run, fam, level) in parts:
        if fam == MISSING:
            w = px * BOX
            stroke = max(1, px // 14)
            left, right = pad + round(start + w * 0.1), pad + round(start + w * 0.9)
            pen.rectangle((left, above - round(px * CAP), right - 1, above - 1), outline=255, width=stroke)
        elif faces.strike(fam, px, bold) is not None:  # a bitmap font (colour emoji): drawn at its size, scaled
            glyphs, dx, dy = _scaled(run, fam, level, px, bold)
            if glyphs.mode == "RGBA":
                colour = colour or Image.new("RGBA", mask.size)
                _lay(colour, glyphs, round(pad + start) + dx, above + dy)
            else:
                _lay(mask, glyphs, round(pad + start) + dx, above + dy)
        else:
            laid = _laid(run, fam, level)
            pen.text((pad + start, above), laid, font=font(fam, px, bold), fill=255, anchor="ls", **_direction(fam, level))  # type: ignore[arg-type]
    return _cut(mask, pad, above, x, colour)


def _scaled(run: str, family: int, level: int, px: int, bold: bool) -> tuple[Image.Image, int, int]:
    """A bitmap font's run drawn at its strike and scaled to `px` pixels (in its own colours where
    it has them), with where its top-left corner goes from the run's origin, in pixels."""
    f = font(family, px, bold)
    s = faces.scale(family, px, bold)
    laid, how = _laid(run, family, level), _direction(family, level)
    colour = faces.is_colour(family, bold)
    box = f.getbbox(laid, anchor="ls", **how)  # type: ignore[arg-type]
    left, top, right, bottom = math.floor(box[0]), math.floor(box[1]), math.ceil(box[2]), math.ceil(box[3])
    big = Image.new("RGBA" if colour else "L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(big).text((-left, -top), laid, font=f, fill="white" if colour else 255, anchor="ls", embedded_color=colour, **how)  # type: ignore[arg-type]
    size = (max(1, round(big.width * s)), max(1, round(big.height * s)))
    return big.resize(size, Image.Resampling.LANCZOS), round(left * s), round(top * s)


def _lay(under: Image.Image, over: Image.Image, x: int, y: int) -> None:
    """Lay `over` on `under` with its corner at (x, y), the part outside `under` cut off: colour
    glyphs over what is there, a mask's ink added to the ink there."""
    box = (max(0, x), max(0, y), min(under.width, x + over.width), min(under.height, y + over.height))
    if box[0] >= box[2] or box[1] >= box[3]:
        return
    part = over.crop((box[0] - x, box[1] - y, box[2] - x, box[3] - y))
    if under.mode == "RGBA":
        under.alpha_composite(part, box[:2])
    else:
        under.paste(ImageChops.lighter(under.crop(box), part), box[:2])


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
    """`text` as it fits `room` units, cut with "…" at the end if it is wider. A labelled name that
    the cut goes through keeps its label after the "…" (see `shown`): two long names of boxes cut
    to the same width still differ.

    >>> fit("Hedger the Great", 15, 70)
    'Hedger…'
    """
    text = unicodedata.normalize("NFC", text)
    if width(text, size, bold) <= room:
        return text
    lo, hi = 0, len(text)  # the most characters kept (with the "…") that still fit
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width(_cut_text(text, mid), size, bold) <= room:
            lo = mid
        else:
            hi = mid - 1
    return _cut_text(text, lo)


def _cut_text(text: str, keep: int) -> str:
    """`text`'s first `keep` characters and "…", and the label of a labelled name the cut goes through."""
    out = text[:keep].rstrip() + "…"
    for name, label in faces.SETTING.get().labels:
        start = text.find(name)
        while start != -1:
            if start < keep < start + len(name):
                return out + label
            start = text.find(name, start + 1)
    return out


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
    text = shown(text)  # a labelled name and its label are one word (a no-break space between them)
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
