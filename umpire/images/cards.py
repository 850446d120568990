"""Cards: the Devil's Deal table (community card, private cards, pools) and an Open, Pass row.

A Devil's Deal card shows its name as the game writes it (R5, G5, B5) in its colour, on a light
face with a rim of its colour: the letter carries the colour for players who cannot tell red
from green. A face-down card is a patterned back. An Open, Pass card shows its number (dark on
light) or its symbol (light on dark); a card the reading skips is greyed and struck through.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from umpire.images.canvas import Canvas
from umpire.images.layout import GAP, LINE, MARGIN, TEXT, WIDTH, Lines, block_height, draw_lines, draw_title, title_lines, wrapped
from umpire.images.model import Card, OpenPassRow, PokerSeat, PokerTable
from umpire.images.text import cap, fit, width

INK = {"red": "card-red", "green": "card-green", "blue": "card-blue"}
SMALL_W, SMALL_H = 34, 46  # a card in a pool or a row
SMALL_GAP = 4
BIG_W, BIG_H = 52, 72  # a private card
HUGE_W, HUGE_H = 60, 84  # the community card
PER_ROW = 10


def draw_card(cv: Canvas, x: int, y: int, w: int, h: int, card: Card | None) -> None:
    """A Devil's Deal card, face up (`card`) or face down (`None`), filling the box at (x, y)."""
    cv.rect(x, y, x + w, y + h, "ink")
    if card is None:
        cv.rect(x + 2, y + 2, x + w - 2, y + h - 2, "back")
        cv.mask(lattice((w - 4) * cv.scale, (h - 4) * cv.scale, cv.scale), x + 2, y + 2, "back-pattern")
        return
    ink = INK[card.colour]
    rim = max(2, w // 16)
    cv.rect(x + 1, y + 1, x + w - 1, y + h - 1, ink)
    cv.rect(x + 1 + rim, y + 1 + rim, x + w - 1 - rim, y + h - 1 - rim, "card")
    size = card_text_size(w)
    cv.text_centred(x + w / 2, y + (h - cap(size)) / 2, card.name, ink, size, bold=True)


def card_text_size(w: int) -> float:
    """The size of the name on a card `w` units wide."""
    return 16 if w < 45 else 24


@lru_cache(maxsize=16)
def lattice(w: int, h: int, scale: int) -> Image.Image:
    """A card back's pattern, `w` x `h` pixels: diagonal lines both ways, 2 units wide every 8."""
    mask = Image.new("L", (w, h))
    pen = ImageDraw.Draw(mask)
    step, stroke = 8 * scale, 2 * scale
    for k in range(-h - step, w + h + step, step):  # lines x - y = k and x + y = k
        pen.line((k, 0, k + h, h), fill=255, width=stroke)
        pen.line((k, 0, k - h, h), fill=255, width=stroke)
    return mask


def draw_empty_slot(cv: Canvas, x: int, y: int, w: int, h: int) -> None:
    """Where a card will be: a dark outline with a question mark."""
    cv.rect(x, y, x + w, y + h, "edge")
    cv.rect(x + 2, y + 2, x + w - 2, y + h - 2, "panel")
    cv.text_centred(x + w / 2, y + (h - cap(24)) / 2, "?", "dim", 24, bold=True)


def card_rows(count: int) -> int:
    """How many rows of small cards `count` cards take (at least one)."""
    return max(1, -(-count // PER_ROW))


def draw_small_cards(cv: Canvas, x: int, y: int, cards: Sequence[Card]) -> None:
    """Cards in rows of ten, left to right."""
    for i, card in enumerate(cards):
        r, c = divmod(i, PER_ROW)
        draw_card(cv, x + c * (SMALL_W + SMALL_GAP), y + r * (SMALL_H + SMALL_GAP), SMALL_W, SMALL_H, card)


# ---------------------------------------------------------------- Devil's Deal

SEAT_W = 120
MIDDLE_X = MARGIN + SEAT_W + 8


def seat_left(index: int) -> int:
    """The left edge of seat 0 (left) or seat 1 (right)."""
    return MARGIN if index == 0 else WIDTH - MARGIN - SEAT_W


def _seat_lines(seat: PokerSeat) -> Lines:
    lines: Lines = [(fit(seat.name, TEXT, SEAT_W), "text"), (f"{seat.chips} chip{'s' if seat.chips != 1 else ''}", "gold")]
    if seat.bet is not None:
        lines.append((f"bet {seat.bet}", "text"))
    if seat.starts:
        lines.append(("starts", "dim"))
    return lines


def table_top(table: PokerTable) -> int:
    """Where the seats start: below the title."""
    return MARGIN + block_height(title_lines(table.title))


def private_top(table: PokerTable) -> int:
    """Where both seats' private cards start (below the longer of the two seats' lines)."""
    return table_top(table) + max(len(_seat_lines(s)) for s in table.seats) * LINE + 4


def paint_poker_table(table: PokerTable) -> Canvas:
    """The Devil's Deal table, 400 units wide.

    Both seats (name, chips, bet, who starts, the private cards: face up once revealed, face
    down while hidden, empty slots before they are picked), the community card and the pot in
    the middle, then each player's pool as card faces, and the note.
    """
    head = title_lines(table.title)
    top = table_top(table)
    ptop = private_top(table)
    hands = [wrapped(s.hand, "text", SEAT_W) for s in table.seats]
    seats_end = max(ptop + BIG_H + GAP + block_height(hands[0]), top + LINE + HUGE_H + 4 + LINE + GAP)
    pools: list[tuple[Lines, int]] = []
    y = seats_end
    for seat in table.seats if table.show_pools else ():
        label = [(fit(f"{seat.name}’s pool ({len(seat.pool)})", TEXT, WIDTH - 2 * MARGIN), "dim")]
        pools.append((label, y))
        y += LINE + card_rows(len(seat.pool)) * (SMALL_H + SMALL_GAP) + GAP
    note = wrapped(table.note)
    cv = Canvas(WIDTH, y + block_height(note) + MARGIN - GAP)
    draw_title(cv, head)
    for i, seat in enumerate(table.seats):
        x = seat_left(i)
        draw_lines(cv, _seat_lines(seat), top, x)
        for k in range(2):
            cx = x + k * (BIG_W + 8) + (SEAT_W - 2 * BIG_W - 8) // 2
            if seat.private:
                draw_card(cv, cx, ptop, BIG_W, BIG_H, seat.private[k])
            else:
                draw_empty_slot(cv, cx, ptop, BIG_W, BIG_H)
        draw_lines(cv, hands[i], ptop + BIG_H + GAP, x)
    mid = WIDTH // 2
    cv.text_centred(mid, top, "community", "dim", TEXT)
    if table.community is not None:
        draw_card(cv, mid - HUGE_W // 2, top + LINE, HUGE_W, HUGE_H, table.community)
    else:
        draw_empty_slot(cv, mid - HUGE_W // 2, top + LINE, HUGE_W, HUGE_H)
    cv.text_centred(mid, top + LINE + HUGE_H + 6, f"pot {table.pot}", "gold", TEXT)
    for (label, ly), seat in zip(pools, table.seats if table.show_pools else (), strict=True):
        draw_lines(cv, label, ly)
        if seat.pool:
            draw_small_cards(cv, MARGIN, ly + LINE, seat.pool)
        else:
            cv.text(MARGIN, ly + LINE + (SMALL_H - cap(TEXT)) / 2, "no cards", "dim", TEXT)
    draw_lines(cv, note, y)
    return cv


# ---------------------------------------------------------------- Open, Pass

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
    for i, card in enumerate(row.cards):
        r, c = divmod(i, PER_ROW)
        draw_open_pass_card(cv, MARGIN + c * (SMALL_W + SMALL_GAP), top + r * (SMALL_H + SMALL_GAP), card, counts=flags[i])
    if not row.cards:
        cv.text(MARGIN, top + (SMALL_H - cap(TEXT)) / 2, "no cards opened", "dim", TEXT)
    draw_lines(cv, reads, cards_end)
    if score_lines:
        draw_lines(cv, score_lines, score_y)
    else:
        cv.text(MARGIN, score_y, score, "gold", SCORE, bold=True)
    draw_lines(cv, below, rest_y)
    return cv
