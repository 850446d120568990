"""A PNG writer whose bytes depend only on the pixels: umpire's own deflate, not a zlib build's.

Pillow's PNG encoder hands the pixels to whatever zlib its build links (classic zlib in
Pillow 10, zlib-ng in the wheels since 11.1; distributions link their own), and those
compress the same pixels to different bytes. An image posted from two hosts' machines
would then differ. So the compressed stream is made here, by a fixed procedure:

- the first row is left as it is (PNG filter 0), every other row is filtered with PNG
  filter 2 (up: its difference from the row above);
- each run of a byte becomes that byte as a literal and then copies of distance 1
  (lengths split at 258, never leaving a remainder of 1 or 2);
- one dynamic-Huffman block codes it all, the code lengths built from the symbol counts
  by a Huffman construction with fixed tie-breaking (counts halved until no code is
  longer than deflate allows).

Checksums (CRC-32, Adler-32) are the standard ones. There are no text, time or gamma
chunks. Board images come out at a few kilobytes, and encoding one takes a few ms.

>>> data = encode(2, 2, [(0, 0, 0), (255, 255, 255)], bytes([0, 1, 1, 0]))
>>> data[:8] == SIGNATURE, zlib.decompress(_idat(data))
(True, b'\\x00\\x00\\x01\\x02\\x01\\xff')
"""

from __future__ import annotations

import heapq
import re
import struct
import zlib
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from operator import itemgetter

SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_COLOURS = 128  # the up filter below needs every palette index under 128
# A run of one byte; findall gives (run, byte). Zeros, most of an up-filtered image, are
# matched without the backreference, and nothing backtracks: about twice as fast.
_RUNS = re.compile(rb"(\x00++|(.)\2*+)", re.S)
_UNBIAS = bytes((x - 128) & 0xFF for x in range(256))  # (a - b + 128) -> (a - b) mod 256

# Deflate's length codes 257..285: (first length, extra bits), RFC 1951 section 3.2.5.
_LENGTH_BASE = (3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258)
_LENGTH_EXTRA = (0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0)
# The order in which the code-length code's lengths are sent.
_CL_ORDER = (16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15)
END_OF_BLOCK = 256


def encode(width: int, height: int, palette: Sequence[tuple[int, int, int]], pixels: bytes | bytearray) -> bytes:
    """A palette PNG (8 bits a pixel) of `pixels`: one palette index per pixel, row by row.

    The same arguments give the same bytes on every machine and Python version.
    """
    if not 1 <= len(palette) <= MAX_COLOURS:
        raise ValueError(f"a palette of 1 to {MAX_COLOURS} colours, not {len(palette)}")
    if len(pixels) != width * height or width < 1 or height < 1:
        raise ValueError(f"{width}x{height} pixels need {width * height} bytes, not {len(pixels)}")
    if bytes(pixels).translate(None, bytes(range(len(palette)))):
        raise ValueError(f"pixel index {max(pixels)} is outside the palette of {len(palette)}")
    raw = _filtered(width, height, bytes(pixels))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    plte = b"".join(bytes(c) for c in palette)
    return SIGNATURE + _chunk(b"IHDR", ihdr) + _chunk(b"PLTE", plte) + _chunk(b"IDAT", _zlib_stream(raw)) + _chunk(b"IEND", b"")


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _idat(png: bytes) -> bytes:
    """The concatenated IDAT data of a PNG (for tests and doctests)."""
    out = b""
    pos = len(SIGNATURE)
    while pos < len(png):
        (n,) = struct.unpack(">I", png[pos : pos + 4])
        kind = png[pos + 4 : pos + 8]
        if kind == b"IDAT":
            out += png[pos + 8 : pos + 8 + n]
        pos += 12 + n
    return out


def _filtered(width: int, height: int, pixels: bytes) -> list[bytes]:
    """Each row with its filter byte in front: the first row unfiltered (0), every other row
    as its difference from the row above (filter 2, up), which turns what a row shares with
    the one above into long runs of zeros."""
    lines = [b"\x00" + pixels[:width]]
    bias = int.from_bytes(b"\x80" * width, "big")
    zero = b"\x02" + bytes(width)
    for y in range(1, height):
        prev = pixels[(y - 1) * width : y * width]
        row = pixels[y * width : (y + 1) * width]
        if row == prev:
            lines.append(zero)
        else:
            # a - b mod 256 without a byte loop: every index is < 128, so a + 128 - b never borrows
            up = int.from_bytes(row, "big") + bias - int.from_bytes(prev, "big")
            lines.append(b"\x02" + up.to_bytes(width, "big").translate(_UNBIAS))
    return lines


@lru_cache(maxsize=4096)
def _run_tokens(run: bytes) -> tuple[int, ...]:
    """A run of one byte as deflate symbols: the byte as a literal, then copies of distance 1
    (as negative lengths), split at 258 without leaving 1 or 2 over."""
    b = run[0]
    out = [b]
    left = len(run) - 1
    while left >= 3:
        n = min(258, left)
        if 0 < left - n < 3:
            n = left - 3
        out.append(-n)
        left -= n
    out.extend([b] * left)
    return tuple(out)


@cache
def _length_symbol(n: int) -> tuple[int, int, int]:
    """Copy length 3..258 -> (symbol 257..285, extra bits value, extra bit count)."""
    for i in range(len(_LENGTH_BASE) - 1, -1, -1):
        if n >= _LENGTH_BASE[i]:
            return 257 + i, n - _LENGTH_BASE[i], _LENGTH_EXTRA[i]
    raise ValueError(f"copy length {n}")


def code_lengths(counts: Sequence[int], limit: int) -> list[int]:
    """Huffman code lengths for symbol `counts` (0: unused), none longer than `limit`.

    Ties are broken by symbol order, so the result is fixed. A lone symbol gets length 1.

    >>> code_lengths([5, 0, 1, 1], 15)
    [1, 0, 2, 2]
    """
    counts = list(counts)
    while True:
        used = [i for i, c in enumerate(counts) if c > 0]
        lengths = [0] * len(counts)
        if len(used) == 1:
            lengths[used[0]] = 1
            return lengths
        # Each heap entry: (weight, tie-break, symbols under it).
        heap: list[tuple[int, int, tuple[int, ...]]] = [(counts[i], i, (i,)) for i in used]
        heapq.heapify(heap)
        order = len(counts)
        while len(heap) > 1:
            w1, _, s1 = heapq.heappop(heap)
            w2, _, s2 = heapq.heappop(heap)
            for s in s1 + s2:
                lengths[s] += 1
            heapq.heappush(heap, (w1 + w2, order, s1 + s2))
            order += 1
        if max(lengths) <= limit:
            return lengths
        counts = [(c + 1) // 2 if c else 0 for c in counts]


def canonical(lengths: Sequence[int]) -> list[int]:
    """Deflate's canonical codes for `lengths`, bit-reversed for writing least significant bit first."""
    top = max(lengths)
    per = [0] * (top + 1)
    for n in lengths:
        if n:
            per[n] += 1
    nxt = [0] * (top + 1)
    code = 0
    for bits in range(1, top + 1):
        code = (code + per[bits - 1]) << 1
        nxt[bits] = code
    codes = [0] * len(lengths)
    for sym, n in enumerate(lengths):
        if n:
            c = nxt[n]
            nxt[n] += 1
            codes[sym] = int(f"{c:0{n}b}"[::-1], 2)
    return codes


def _bits(value: int, count: int) -> str:
    """`count` bits of `value`, least significant first, as a string of 0s and 1s (the order
    deflate sends them in; Huffman codes arrive here already bit-reversed)."""
    return format(value, f"0{count}b")[::-1] if count else ""


def _rle_lengths(lengths: Sequence[int]) -> list[tuple[int, int, int]]:
    """Code lengths as code-length symbols: (symbol 0-18, extra value, extra bits)."""
    out: list[tuple[int, int, int]] = []
    i = 0
    while i < len(lengths):
        n = lengths[i]
        j = i
        while j < len(lengths) and lengths[j] == n:
            j += 1
        run = j - i
        if n == 0:
            while run >= 11:
                k = min(run, 138)
                out.append((18, k - 11, 7))
                run -= k
            if run >= 3:
                out.append((17, run - 3, 3))
                run = 0
            out.extend((0, 0, 0) for _ in range(run))
        else:
            out.append((n, 0, 0))
            run -= 1
            while run >= 3:
                k = min(run, 6)
                out.append((16, k - 3, 2))
                run -= k
            out.extend((n, 0, 0) for _ in range(run))
        i = j
    return out


def _zlib_stream(lines: list[bytes]) -> bytes:
    """A zlib stream (RFC 1950) holding one dynamic-Huffman deflate block of the filtered rows.

    The bits are gathered as strings of 0s and 1s, each distinct run coded once and the runs
    joined by `str.join`; one `int(..., 2)` makes them bytes.
    """
    raw = b"".join(lines)
    runs = list(map(itemgetter(0), _RUNS.findall(raw)))  # runs may cross rows: a copy can reach back over a row's end
    run_count = Counter(runs)
    lit = [0] * 286
    for run, k in run_count.items():
        for t in _run_tokens(run):
            lit[t if t >= 0 else _length_symbol(-t)[0]] += k
    lit[END_OF_BLOCK] = 1
    lit_len = code_lengths(lit, 15)
    dist_len = [1]  # the one distance code used (code 0, distance 1) takes one bit, as RFC 1951 asks
    lit_code = canonical(lit_len)
    hlit = max(257, max(i for i, n in enumerate(lit_len) if n) + 1)
    header_syms = _rle_lengths(lit_len[:hlit] + dist_len)
    cl_counts = [0] * 19
    for s, _, _ in header_syms:
        cl_counts[s] += 1
    if sum(1 for c in cl_counts if c) < 2:  # inflate refuses an incomplete code-length code
        cl_counts[0 if not cl_counts[0] else 1] += 1
    cl_len = code_lengths(cl_counts, 7)
    cl_code = canonical(cl_len)
    hclen = max(4, max(k + 1 for k, s in enumerate(_CL_ORDER) if cl_len[s]))

    head = [_bits(1, 1), _bits(2, 2), _bits(hlit - 257, 5), _bits(len(dist_len) - 1, 5), _bits(hclen - 4, 4)]  # BFINAL, dynamic
    head += [_bits(cl_len[s], 3) for s in _CL_ORDER[:hclen]]
    for s, extra, n in header_syms:
        head.append(_bits(cl_code[s], cl_len[s]) + _bits(extra, n))

    symbol_bits = [_bits(c, n) for c, n in zip(lit_code, lit_len, strict=True)]
    copy_bits: dict[int, str] = {}

    def token(t: int) -> str:
        if t >= 0:
            return symbol_bits[t]
        got = copy_bits.get(t)
        if got is None:
            sym, extra, ebits = _length_symbol(-t)
            # the length's code, its extra bits, then distance code 0 (one bit, a 0)
            got = copy_bits[t] = symbol_bits[sym] + _bits(extra, ebits) + "0"
        return got

    run_bits = {run: "".join(map(token, _run_tokens(run))) for run in run_count}
    stream = "".join(head) + "".join(map(run_bits.__getitem__, runs)) + _bits(lit_code[END_OF_BLOCK], lit_len[END_OF_BLOCK])
    stream += "0" * (-len(stream) % 8)
    body = int(stream[::-1], 2).to_bytes(len(stream) // 8, "little")
    return b"\x78\xda" + body + struct.pack(">I", zlib.adler32(raw))
