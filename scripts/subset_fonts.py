"""Write the fonts umpire draws its pictures with into umpire/images/fonts/, subset to what names need.

    apt-get install fonts-dejavu-core fonts-nanum      # the sources (Debian's packages)
    .venv/bin/python scripts/subset_fonts.py            # (re)write umpire/images/fonts/

Two families, tried in this order for each character of a text:

- DejaVu Sans (regular and bold): Latin with its diacritics (Zoë, Łukasz, Nguyễn), Greek,
  Cyrillic, punctuation and the symbols the pictures use (× · … ✓ ✗). Its licence (Bitstream
  Vera's, with the Arev fonts' for the glyphs taken from them; DejaVu's changes are in the public
  domain) is written from the font's own licence record into LICENSE-DejaVu.txt.
- Hangul, from NanumGothic (regular and bold): all 11,172 precomposed syllables, the conjoining
  jamo and the compatibility jamo, and nothing else (its Latin is left to DejaVu, its Hanja out).
  NanumGothic is under the SIL Open Font License 1.1 with "Nanum" among its Reserved Font Names,
  so this subset, a Modified Version, is renamed "Umpire Hangul" (clause 3); its licence, with
  NAVER's copyright notice, goes into LICENSE-UmpireHangul.txt.

Hinting is dropped from the Hangul subset (a third of its size; the syllables are drawn at 30
pixels and more, where FreeType's own rendering is clean). The script also writes coverage.txt:
for each font file, the code points it has, as ranges, so that umpire picks a font per character
without reading the fonts' tables itself. Running it twice writes the same files.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "umpire" / "images" / "fonts"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
NANUM = Path("/usr/share/fonts/truetype/nanum")
NANUM_COPYRIGHT = Path("/usr/share/doc/fonts-nanum/copyright")

# What a player's name or a picture's text may need from DejaVu Sans, by Unicode block.
LATIN_GREEK_CYRILLIC = [
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x024F),  # Latin-1 Supplement, Latin Extended-A and -B
    (0x0250, 0x02FF),  # IPA extensions, spacing modifier letters
    (0x0300, 0x036F),  # combining diacritical marks
    (0x0370, 0x03FF),  # Greek and Coptic
    (0x0400, 0x052F),  # Cyrillic and its supplement
    (0x1E00, 0x1FFF),  # Latin Extended Additional (Vietnamese), Greek Extended
    (0x2000, 0x206F),  # general punctuation: dashes, quotes, bullet, ellipsis
    (0x20A0, 0x20CF),  # currency symbols
    (0x2100, 0x214F),  # letterlike symbols
    (0x2150, 0x218F),  # number forms
    (0x2190, 0x21FF),  # arrows
    (0x2200, 0x22FF),  # mathematical operators (−, ×, ÷ are elsewhere but close)
    (0x2460, 0x24FF),  # enclosed alphanumerics
    (0x2500, 0x25FF),  # box drawing, block elements, geometric shapes
    (0x2600, 0x26FF),  # miscellaneous symbols
    (0x2700, 0x27BF),  # dingbats: ✓ ✗
]
HANGUL = [
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x3130, 0x318F),  # Hangul Compatibility Jamo
    (0xAC00, 0xD7A3),  # Hangul Syllables: all 11,172
]
HANGUL_FAMILY = "Umpire Hangul"

FONTS = [
    # (source, file written, ranges, keep hinting, new family name or None to keep the name)
    (DEJAVU / "DejaVuSans.ttf", "DejaVuSans.ttf", LATIN_GREEK_CYRILLIC, True, None),
    (DEJAVU / "DejaVuSans-Bold.ttf", "DejaVuSans-Bold.ttf", LATIN_GREEK_CYRILLIC, True, None),
    (NANUM / "NanumGothic.ttf", "UmpireHangul-Regular.ttf", HANGUL, False, HANGUL_FAMILY),
    (NANUM / "NanumGothicBold.ttf", "UmpireHangul-Bold.ttf", HANGUL, False, HANGUL_FAMILY),
]


def code_points(ranges: list[tuple[int, int]]) -> list[int]:
    return [c for a, b in ranges for c in range(a, b + 1)]


def as_ranges(points: list[int]) -> str:
    """Code points as `0020-007e 00a0 …`: runs of consecutive points as one range."""
    out: list[str] = []
    points = sorted(points)
    i = 0
    while i < len(points):
        j = i
        while j + 1 < len(points) and points[j + 1] == points[j] + 1:
            j += 1
        out.append(f"{points[i]:04x}" if i == j else f"{points[i]:04x}-{points[j]:04x}")
        i = j + 1
    return " ".join(out)


def rename(font: object, family: str, style: str) -> None:
    """Give a subset a family name of its own (OFL clause 3), keeping the copyright notice."""
    name = font["name"]  # type: ignore[index]
    full = f"{family} {style}"
    post = f"{family.replace(' ', '')}-{style}"
    for rec in list(name.names):
        if rec.nameID == 7:  # the original's trademark line names the original
            name.removeNames(nameID=7)
    for pid, eid, lid in ((3, 1, 0x409), (1, 0, 0)):
        name.setName(family, 1, pid, eid, lid)
        name.setName(style, 2, pid, eid, lid)
        name.setName(f"{post};subset for umpire", 3, pid, eid, lid)
        name.setName(full, 4, pid, eid, lid)
        name.setName(post, 6, pid, eid, lid)
        name.setName("This Font Software is licensed under the SIL Open Font License, Version 1.1.", 13, pid, eid, lid)
        name.setName("https://openfontlicense.org", 14, pid, eid, lid)
        name.setName(family, 16, pid, eid, lid)
        name.setName(style, 17, pid, eid, lid)
    # Names in other languages (Korean) still carry the original's name: drop them.
    name.names = [r for r in name.names if (r.platformID, r.langID) in ((3, 0x409), (1, 0)) or r.nameID == 0]


def subset(source: Path, ranges: list[tuple[int, int]], *, hinting: bool, family: str | None) -> tuple[bytes, list[int]]:
    from fontTools import subset as ftsubset
    from fontTools.ttLib import TTFont

    font = TTFont(source, recalcTimestamp=False)  # no build time inside the file: the same bytes every run
    have = set(font.getBestCmap())
    wanted = [c for c in code_points(ranges) if c in have]
    options = ftsubset.Options()
    options.layout_features = ["*"]  # kerning, marks on letters
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.hinting = hinting
    options.notdef_outline = True
    options.drop_tables += ["FFTM", "TSI0", "TSI1", "TSI2", "TSI3", "TSI5"]  # font-editor leftovers
    sub = ftsubset.Subsetter(options)
    sub.populate(unicodes=wanted)
    sub.subset(font)
    if family is not None:
        style = "Bold" if "Bold" in source.name else "Regular"
        rename(font, family, style)
    buf = io.BytesIO()
    font.save(buf)
    return buf.getvalue(), sorted(font.getBestCmap())


def dejavu_licence() -> str:
    """DejaVu's licence as the font states it (its licence record, name 13)."""
    from fontTools.ttLib import TTFont

    text = TTFont(DEJAVU / "DejaVuSans.ttf")["name"].getDebugName(13)
    if not text or "Bitstream" not in text:
        raise SystemExit("DejaVuSans.ttf has no licence record")
    head = "DejaVu Sans and DejaVu Sans Bold, subset for umpire by scripts/subset_fonts.py (the glyphs\nfor Latin, Greek, Cyrillic and common symbols; nothing else changed).\n\n"
    return head + text.replace("\r\n", "\n").strip() + "\n"


def nanum_licence() -> str:
    """The OFL text with NAVER's copyright notice, from Debian's copyright file for fonts-nanum."""
    lines = NANUM_COPYRIGHT.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "License: OFL-1.1")
    body: list[str] = []
    for line in lines[start + 1 :]:
        if not line.startswith(" "):
            break
        body.append("" if line.strip() == "." else line[1:])
    text = "\n".join(body).strip()
    if "SIL OPEN FONT LICENSE" not in text:
        raise SystemExit(f"no OFL text in {NANUM_COPYRIGHT}")
    head = (
        "Umpire Hangul (Regular and Bold) is a Modified Version of NanumGothic and NanumGothic Bold:\n"
        "a subset (the Hangul syllables and jamo only, without hinting) made by scripts/subset_fonts.py,\n"
        f'renamed "{HANGUL_FAMILY}" as clause 3 of the licence below requires for its Reserved Font Names.\n\n'
    )
    return head + re.sub(r"\n{3,}", "\n\n", text) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Subset the bundled fonts into umpire/images/fonts/.")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write them (default: umpire/images/fonts)")
    args = parser.parse_args(argv)
    try:
        import fontTools  # noqa: F401
    except ImportError:
        print("this script needs fonttools: .venv/bin/pip install fonttools", file=sys.stderr)
        return 2
    missing = [str(src) for src, *_ in FONTS if not src.exists()] + ([str(NANUM_COPYRIGHT)] if not NANUM_COPYRIGHT.exists() else [])
    if missing:
        print(f"missing: {', '.join(missing)} (apt-get install fonts-dejavu-core fonts-nanum)", file=sys.stderr)
        return 2
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    coverage = []
    for source, name, ranges, hinting, family in FONTS:
        data, cmap = subset(source, ranges, hinting=hinting, family=family)
        (out / name).write_bytes(data)
        coverage.append(f"{name} {as_ranges(cmap)}")
        print(f"{name}: {len(cmap):,} characters, {len(data):,} bytes (from {source})")
    (out / "coverage.txt").write_text(
        "# Written by scripts/subset_fonts.py: each font file and the code points it has, in the order they are tried.\n"
        + "\n".join(coverage)
        + "\n",
        encoding="utf-8",
    )
    (out / "LICENSE-DejaVu.txt").write_text(dejavu_licence(), encoding="utf-8")
    (out / "LICENSE-UmpireHangul.txt").write_text(nanum_licence(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
