"""Open, Pass drawn: a finished row (its cards, its reading, its score), and the value it is drawn from.

`pictures` imports this module only when the host copies a post, so the game loads without Pillow.

A card shows its number (dark on light) or its symbol (light on dark); a card the reading skips
is greyed and struck through, so the difference does not rest on colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from umpire.images import draw, painter
from umpire.images.canvas import Canvas
from umpire.images.cards import SMALL_GAP, SMALL_H, SMALL_W, card_rows, small_card_origin
from umpire.images.layout import GAP, MARGIN, TEXT, WIDTH, Lines, block_height, draw_lines, draw_title, title_lines, wrapped
from umpire.images.model import check_choice
from umpire.images.text import cap, prepare, width

OPEN_PASS_CARDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "+", "-", "x", "/")


@dataclass(frozen=True, kw_only=True)
class OpenPassRow:
    """An Open, Pass row (leftmost card first) with its reading and score as the game states them."""

    player: str
    cards: tuple[str, ...]
    reading: str  # e.g. "0 + 3 x 9 x 2 - 2"
    score: str  # e.g. "52" or "-5/4 (-1.25)"
    dealer: str = ""
    title: str = ""
    result: str = ""  # e.g. "1st: +3 Tokens of Life"

    def __post_init__(self) -> None:
        for c in self.cards:
            check_choice("OpenPassRow", "cards", c, OPEN_PASS_CARDS)
        if len(self.cards) > 20:
            raise ValueError(f"OpenPassRow.cards: {len(self.cards)} cards; a row holds at most 20")


SYMBOL_FACE = {"+": "+", "-": "−", "x": "×", "/": "/"}  # a real minus sign: a hyphen is too short beside + and ×
SCORE = 24  # the size of the score (bold)
FACE = 22  # the size of an Open, Pass card's number or symbol (bold)


def counted(cards: Sequence[str]) -> list[bool]:
    """Which cards of a row the reading keeps: of adjacent numbers (or symbols) the leftmost,
    and not a symbol left at the right end (the rule of `umpire.core.arith.read_row`).

    >>> counted("+ 3 1 x 9 x 2 - 2 x".split())
    [True, True, False, True, True, True, True, True, True, False]
    """
    kept: list[int] = []
    for i, card in enumerate(cards):
        if kept and (cards[kept[-1]] in SYMBOL_FACE) == (card in SYMBOL_FACE):
            continue
        kept.append(i)
    if kept and cards[kept[-1]] in SYMBOL_FACE:
        kept.pop()
    keep = set(kept)
    return [i in keep for i in range(len(cards))]


def draw_open_pass_card(cv: Canvas, x: int, y: int, card: str, *, counts: bool) -> None:
    """An Open, Pass card: numbers dark on light, symbols light on dark; struck through when the reading skips it."""
    symbol = card in SYMBOL_FACE
    face, ink = ("ink", "text") if symbol else ("card", "ink")
    if not counts:
        face, ink = "panel", "faded"
    cv.rect(x, y, x + SMALL_W, y + SMALL_H, "edge")
    cv.rect(x + 1, y + 1, x + SMALL_W - 1, y + SMALL_H - 1, face)
    cv.text_centred(x + SMALL_W / 2, y + (SMALL_H - cap(FACE)) / 2, SYMBOL_FACE.get(card, card), ink, FACE, bold=True)
    if not counts:
        cv.line(x + 4.0, y + SMALL_H - 5.0, x + SMALL_W - 4.0, y + 5.0, 3.0, "bad")


@painter(OpenPassRow)
def paint_open_pass_row(row: OpenPassRow) -> Canvas:
    """An Open, Pass row, 400 units wide: the cards left to right (the ones the reading skips
    struck through), the reading and the score."""
    head = title_lines(row.title)
    who = wrapped(row.player + (f" · {row.dealer}" if row.dealer else ""))
    top = MARGIN + block_height(head) + block_height(who)
    rows = card_rows(len(row.cards))
    cards_end = top + rows * (SMALL_H + SMALL_GAP) - SMALL_GAP + GAP
    reading = " ".join(SYMBOL_FACE.get(t, t) for t in row.reading.split())
    reads = wrapped(f"Reads: {reading}" if reading else "Reads: (no cards)")
    score_y = cards_end + block_height(reads)
    below: Lines = []
    if row.result:
        below += wrapped(row.result)
    if not all(counted(row.cards)):
        below += wrapped("Struck through: not counted", "dim")
    score = f"Score: {row.score}"
    if width(score, SCORE, bold=True) <= WIDTH - 2 * MARGIN:
        score_lines: Lines = []
        rest_y = score_y + round(cap(SCORE)) + GAP + 4
    else:  # too long for the large digits: ordinary text, wrapped
        score_lines = wrapped(score, "gold")
        rest_y = score_y + block_height(score_lines)
    cv = Canvas(WIDTH, rest_y + block_height(below) + MARGIN - GAP)
    y = draw_title(cv, head)
    draw_lines(cv, who, y)
    flags = counted(row.cards)
    prepare([SYMBOL_FACE.get(c, c) for c in row.cards], FACE, bold=True)  # the faces in one call (see `prepare`)
    for i, card in enumerate(row.cards):
        cx, cy = small_card_origin(MARGIN, top, i)
        draw_open_pass_card(cv, cx, cy, card, counts=flags[i])
    if not row.cards:
        cv.text(MARGIN, top + (SMALL_H - cap(TEXT)) / 2, "no cards opened", "dim", TEXT)
    draw_lines(cv, reads, cards_end)
    if score_lines:
        draw_lines(cv, score_lines, score_y)
    else:
        cv.text(MARGIN, score_y, score, "gold", SCORE, bold=True)
    draw_lines(cv, below, rest_y)
    return cv


def draw_open_pass_row(row: OpenPassRow) -> bytes:
    """An Open, Pass row as PNG bytes."""
    return draw(row)
