"""What a font file holds, read from its tables without a font library: the characters it has (its
`cmap`), whether its glyphs are in colour, and the sizes a bitmap font is drawn at (its strikes).

Pillow draws with a font but cannot say which characters it has, nor at which sizes a bitmap
font (a colour emoji font such as Noto Color Emoji) may be opened. The few tables that say so are
read here, from TrueType and OpenType files (`.ttf`, `.otf`) and collections of them (`.ttc`,
`.otc`: `index` picks the font). Only the parts of the file that are needed are read, so a
20 MB CJK collection costs a few kilobytes.

>>> from umpire.images.text import FONTS
>>> info = read(FONTS / "UmpireHangul-Regular.ttf")
>>> has(info.characters, ord("유")), has(info.characters, ord("A")), info.colour, info.strikes
(True, False, False, ())
"""

from __future__ import annotations

import struct
from bisect import bisect_right
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

Ranges = tuple[tuple[int, int], ...]  # sorted, disjoint (first, last) code points
COLOUR_TABLES = (b"CBDT", b"sbix", b"COLR")  # colour bitmaps (Google's, Apple's) and colour layers (Microsoft's)


class NotAFont(ValueError):
    """A file that is not a TrueType or OpenType font (or collection), or one whose tables are cut short."""


@dataclass(frozen=True, kw_only=True)
class FontInfo:
    """What umpire needs to know of one font: its characters, whether it is in colour, its strikes."""

    characters: Ranges
    colour: bool
    strikes: tuple[int, ...]  # pixel sizes of its bitmaps, smallest first; () for a font of outlines
    outlines: bool  # it has outlines (glyf or CFF), so any size may be drawn


def has(ranges: Ranges, point: int) -> bool:
    """Whether `point` falls in one of the sorted `ranges`."""
    k = bisect_right(ranges, (point, 0x10FFFF + 1)) - 1
    return k >= 0 and ranges[k][0] <= point <= ranges[k][1]


def read(path: Path | str, index: int = 0) -> FontInfo:
    """The characters, colour and strikes of font `index` of the file at `path`; `NotAFont` if it is none."""
    with open(path, "rb") as f:
        tables = _tables(f, index)
        if b"cmap" not in tables:
            raise NotAFont(f"{path}: no cmap table")
        characters = _cmap(f, *tables[b"cmap"])
        strikes = set(_cblc_strikes(f, *tables[b"CBLC"]) if b"CBLC" in tables else ())
        strikes |= set(_cblc_strikes(f, *tables[b"EBLC"]) if b"EBLC" in tables else ())
        strikes |= set(_sbix_strikes(f, *tables[b"sbix"]) if b"sbix" in tables else ())
    return FontInfo(
        characters=characters,
        colour=any(t in tables for t in COLOUR_TABLES),
        strikes=tuple(sorted(strikes)),
        outlines=any(t in tables for t in (b"glyf", b"CFF ", b"CFF2")),
    )


def _at(f: BinaryIO, offset: int, size: int) -> bytes:
    f.seek(offset)
    data = f.read(size)
    if len(data) != size:
        raise NotAFont(f"cut short at byte {offset + len(data)}")
    return data


def _tables(f: BinaryIO, index: int) -> dict[bytes, tuple[int, int]]:
    """Each table's tag and (offset, length) in font `index` of the file."""
    start = 0
    tag = _at(f, 0, 4)
    if tag == b"ttcf":  # a collection: a list of offsets to each font's own directory
        (count,) = struct.unpack(">I", _at(f, 8, 4))
        if not 0 <= index < count:
            raise NotAFont(f"no font {index} in a collection of {count}")
        (start,) = struct.unpack(">I", _at(f, 12 + 4 * index, 4))
        tag = _at(f, start, 4)
    if tag not in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
        raise NotAFont(f"not a TrueType or OpenType font (it starts {tag!r})")
    (count,) = struct.unpack(">H", _at(f, start + 4, 2))
    directory = _at(f, start + 12, 16 * count)
    out = {}
    for k in range(count):
        name, _, offset, length = struct.unpack(">4sIII", directory[16 * k : 16 * k + 16])
        out[name] = (offset, length)
    return out


def _cmap(f: BinaryIO, offset: int, length: int) -> Ranges:
    """The code points the font maps to a glyph, from its best Unicode subtable (full repertoire first)."""
    data = _at(f, offset, length)
    (count,) = struct.unpack_from(">H", data, 2)
    found: dict[tuple[int, int], int] = {}
    for k in range(count):
        platform, encoding, sub = struct.unpack_from(">HHI", data, 4 + 8 * k)
        found.setdefault((platform, encoding), sub)
    for key in ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0)):
        if key in found:
            table = data[found[key] :]
            (fmt,) = struct.unpack_from(">H", table, 0)
            if fmt == 12:
                return _format12(table)
            if fmt == 4:
                return _format4(table)
    raise NotAFont("no Unicode cmap subtable of format 4 or 12")


def _merged(points: list[tuple[int, int]]) -> Ranges:
    out: list[tuple[int, int]] = []
    for a, b in sorted(points):
        if out and a <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return tuple(out)


def _format12(table: bytes) -> Ranges:
    """Groups of consecutive code points, each mapped to consecutive glyphs from a first one."""
    (groups,) = struct.unpack_from(">I", table, 12)
    spans = []
    for k in range(groups):
        first, last, glyph = struct.unpack_from(">III", table, 16 + 12 * k)
        if glyph == 0:  # the group starts at glyph 0, the font's "missing" glyph: its first point has no glyph
            first += 1
        if first <= last:
            spans.append((first, last))
    return _merged(spans)


def _format4(table: bytes) -> Ranges:
    """Segments of the Basic Multilingual Plane, each mapped by a delta or through a list of glyphs."""
    (segments,) = struct.unpack_from(">H", table, 6)
    segments //= 2
    ends = struct.unpack_from(f">{segments}H", table, 14)
    starts = struct.unpack_from(f">{segments}H", table, 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", table, 16 + 4 * segments)
    range_at = 16 + 6 * segments
    offsets = struct.unpack_from(f">{segments}H", table, range_at)
    spans = []
    for k in range(segments):
        first, last = starts[k], ends[k]
        if first == 0xFFFF:  # the closing segment
            continue
        if offsets[k] == 0:  # glyph = code + delta (mod 65536): missing only at the one code where that is 0
            hole = -deltas[k] % 65536
            spans += [(a, b) for a, b in ((first, min(last, hole - 1)), (max(first, hole + 1), last)) if a <= b]
            continue
        for c in range(first, last + 1):  # each code's glyph listed in the array after the offsets
            at = range_at + 2 * k + offsets[k] + 2 * (c - first)
            if at + 2 <= len(table) and struct.unpack_from(">H", table, at)[0] != 0:
                spans.append((c, c))
    return _merged(spans)


def _cblc_strikes(f: BinaryIO, offset: int, length: int) -> list[int]:
    """The pixel sizes of a CBLC (or EBLC) table's strikes."""
    data = _at(f, offset, length)
    (count,) = struct.unpack_from(">I", data, 4)
    return [data[8 + 48 * k + 44] for k in range(count)]  # each size table's ppemX, at byte 44 of its 48


def _sbix_strikes(f: BinaryIO, offset: int, length: int) -> list[int]:
    """The pixel sizes of an sbix table's strikes."""
    data = _at(f, offset, length)
    (count,) = struct.unpack_from(">I", data, 4)
    out = []
    for k in range(count):
        (at,) = struct.unpack_from(">I", data, 8 + 4 * k)
        out.append(struct.unpack_from(">H", data, at)[0])
    return out
