"""umpire's PNG writer: any decoder reads back exactly the pixels, and the bytes depend on nothing else."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from umpire.images.png import MAX_COLOURS, SIGNATURE, _idat, canonical, code_lengths, encode

PALETTE = [(i * 2, 255 - i, (i * 37) % 256) for i in range(MAX_COLOURS)]


def decoded(data: bytes) -> tuple[tuple[int, int], str, bytes]:
    with Image.open(io.BytesIO(data)) as im:
        return im.size, im.mode, im.tobytes()


@st.composite
def images(draw: st.DrawFn) -> tuple[int, int, int, bytes]:
    """Small images: noise, or rectangles on a plain ground (the runs boards are made of)."""
    w = draw(st.integers(1, 60))
    h = draw(st.integers(1, 30))
    colours = draw(st.integers(1, MAX_COLOURS))
    if draw(st.booleans()):
        px = bytes(draw(st.lists(st.integers(0, colours - 1), min_size=w * h, max_size=w * h)))
    else:
        buf = bytearray([draw(st.integers(0, colours - 1))]) * (w * h)
        for _ in range(draw(st.integers(0, 8))):
            x0, y0 = draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))
            x1, y1 = draw(st.integers(x0, w)), draw(st.integers(y0, h))
            c = draw(st.integers(0, colours - 1))
            for y in range(y0, y1):
                buf[y * w + x0 : y * w + x1] = bytes([c]) * (x1 - x0)
        px = bytes(buf)
    return w, h, colours, px


@settings(max_examples=300, deadline=None)
@given(images())
def test_pillow_decodes_exactly_the_pixels_written(img: tuple[int, int, int, bytes]) -> None:
    w, h, colours, px = img
    data = encode(w, h, PALETTE[:colours], px)
    assert decoded(data) == ((w, h), "P", px)
    assert encode(w, h, PALETTE[:colours], px) == data


def test_long_runs_and_repeated_rows_decode() -> None:
    w, h = 1000, 300  # runs longer than deflate's longest copy (258), rows repeated many times
    px = bytearray(w * h)
    for y in range(100, 200):
        px[y * w + 3 : y * w + 997] = b"\x05" * 994
    px[-259:] = b"\x07" * 259  # a run that leaves 1 over after a 258 copy
    data = encode(w, h, PALETTE[:8], px)
    assert decoded(data) == ((w, h), "P", bytes(px))
    assert len(data) < 2000


def test_the_stream_is_valid_zlib_with_its_checksum() -> None:
    data = encode(3, 2, PALETTE[:3], bytes([0, 1, 2, 2, 1, 0]))
    raw = zlib.decompress(_idat(data))
    assert raw == bytes([0, 0, 1, 2, 2, 2, 0, 254])  # row 2 is filtered "up": 2-0, 1-1, 0-2 mod 256
    assert data.startswith(SIGNATURE)
    ihdr = data[8:33]
    assert ihdr[4:8] == b"IHDR" and struct.unpack(">IIBBBBB", ihdr[8:21]) == (3, 2, 8, 3, 0, 0, 0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((2, 2, [], b"\x00" * 4), "a palette of 1 to 128 colours, not 0"),
        ((2, 2, PALETTE[:2], b"\x00" * 3), "2x2 pixels need 4 bytes, not 3"),
        ((2, 1, PALETTE[:2], b"\x00\x02"), "pixel index 2 is outside the palette of 2"),
    ],
)
def test_what_cannot_be_written_is_refused(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(ValueError) as err:
        encode(*args)  # type: ignore[arg-type]
    assert str(err.value) == message


@given(st.lists(st.integers(0, 10**6), min_size=2, max_size=286))
def test_huffman_lengths_respect_the_limit_and_form_a_complete_code(counts: list[int]) -> None:
    lengths = code_lengths(counts, 15)
    used = [n for c, n in zip(counts, lengths, strict=True) if c]
    assert all(n == 0 for c, n in zip(counts, lengths, strict=True) if not c)
    assert all(1 <= n <= 15 for n in used)
    if len(used) >= 2:
        assert sum(2.0**-n for n in used) == 1.0  # Kraft: complete, as inflate wants


def test_huffman_lengths_are_limited_even_for_skewed_counts() -> None:
    fib = [1, 1]
    while len(fib) < 30:
        fib.append(fib[-1] + fib[-2])
    lengths = code_lengths(fib, 7)
    assert max(lengths) <= 7 and sum(2.0**-n for n in lengths) == 1.0


def test_canonical_codes_follow_rfc_1951() -> None:
    # RFC 1951 section 3.2.2's example: lengths (3, 3, 3, 3, 3, 2, 4, 4) give codes 010 011 100 101 110 00 1110 1111
    codes = canonical([3, 3, 3, 3, 3, 2, 4, 4])
    plain = ["010", "011", "100", "101", "110", "00", "1110", "1111"]
    assert codes == [int(p[::-1], 2) for p in plain]
