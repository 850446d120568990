"""Devil's Deal drawn: the table (both seats, the community card, the pot, the pools), and the
values it is drawn from.

`pictures` imports this module only when the host copies a post, so the game loads without Pillow.

A card shows its name as the game writes it (R5, G5, B5) in its colour, on a light face with a rim
of its colour, and a suit mark in two corners: ♥ red, ♣ green, ♦ blue (the suits' colours of a
four-colour deck). Red and green look alike to a player with red-green colour blindness (a test
simulates it); the mark's shape tells them apart at a glance, without reading every letter. A
face-down card is a patterned back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, get_args

from PIL import Image, ImageDraw

from umpire.images import draw, painter
from umpire.images.canvas import Canvas
from umpire.images.cards import SMALL_GAP, SMALL_H, SMALL_W, card_rows, small_card_origin
from umpire.images.layout import GAP, LINE, MARGIN, TEXT, WIDTH, Lines, block_height, draw_lines, draw_title, title_lines, wrapped
from umpire.images.model import check_choice
from umpire.images.text import cap, fit, prepare

CardColour = Literal["red", "green", "blue"]


@dataclass(frozen=True, kw_only=True)
class Card:
    """A Devil's Deal card: red, green or blue, 1-9; written as in the game (`R5`)."""

    colour: CardColour
    number: int

    def __post_init__(self) -> None:
        check_choice("Card", "colour", self.colour, get_args(CardColour))
        check_choice("Card", "number", self.number, tuple(range(1, 10)))

    @property
    def name(self) -> str:
        """`R5`, `G1`, `B9`."""
        return f"{self.colour[0].upper()}{self.number}"

    @classmethod
    def parse(cls, name: str) -> Card:
        """The card a name such as `R5` or `g2` stands for."""
        words = {"R": "red", "G": "green", "B": "blue"}
        n = name.strip().upper()
        if len(n) != 2 or n[0] not in words or n[1] not in "123456789":
            raise ValueError(f"card {name!r}: expected a colour R, G or B and a number 1-9, like R5")
        return cls(colour=words[n[0]], number=int(n[1]))  # type: ignore[arg-type]


@dataclass(frozen=True, kw_only=True)
class PokerSeat:
    """One Devil's Deal player at the table, as everyone may see them.

    `private`: () before the player has picked; otherwise the first and second private
    cards, each `None` while it is face down.
    """

    name: str
    chips: int
    pool: tuple[Card, ...] = ()
    private: tuple[Card | None, ...] = ()
    bet: int | None = None
    hand: str = ""  # the hand's name once it is shown, e.g. "straight 6-7-8"
    starts: bool = False

    def __post_init__(self) -> None:
        if len(self.private) not in (0, 2):
            raise ValueError(f"PokerSeat.private: expected () or two cards (None when face down), got {len(self.private)}")
        if len(self.pool) > 20:
            raise ValueError(f"PokerSeat.pool: {len(self.pool)} cards; a pool is drawn with at most 20")


@dataclass(frozen=True, kw_only=True)
class PokerTable:
    """The Devil's Deal table: the community card, both seats, the pot, and a line of news."""

    seats: tuple[PokerSeat, PokerSeat]
    community: Card | None = None
    pot: int = 0
    title: str = ""
    note: str = ""
    show_pools: bool = True  # False: the seats and the pot only (a post about the hands)

    def __post_init__(self) -> None:
        if len(self.seats) != 2:
            raise ValueError(f"PokerTable.seats: expected two seats, got {len(self.seats)}")


INK = {"red": "card-red", "green": "card-green", "blue": "card-blue"}
SUIT = {"red": "♥", "green": "♣", "blue": "♦"}  # a shape for each colour, as a four-colour deck pairs them
BIG_W, BIG_H = 52, 72  # a private card
HUGE_W, HUGE_H = 60, 84  # the community card


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
    suit, small = SUIT[card.colour], suit_size(w)
    inset = rim + 2
    cv.text(x + inset, y + inset, suit, ink, small, bold=True)
    cv.text_right(x + w - inset, y + h - inset - cap(small), suit, ink, small, bold=True)


def card_text_size(w: int) -> float:
    """The size of the name on a card `w` units wide."""
    return 16 if w < 45 else 24


def suit_size(w: int) -> float:
    """The size of the suit marks in the corners of a card `w` units wide."""
    return 11 if w < 45 else 15


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


def draw_small_cards(cv: Canvas, x: int, y: int, cards: Sequence[Card]) -> None:
    """Cards in rows of ten, left to right."""
    for i, card in enumerate(cards):
        cx, cy = small_card_origin(x, y, i)
        draw_card(cv, cx, cy, SMALL_W, SMALL_H, card)


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


@painter(PokerTable)
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
    pool_cards = [c for s in table.seats for c in s.pool] if table.show_pools else []
    prepare([c.name for c in pool_cards], card_text_size(SMALL_W), bold=True)  # the cards' names in one call (see `prepare`)
    prepare([SUIT[c.colour] for c in pool_cards], suit_size(SMALL_W), bold=True)
    big = [c for s in table.seats for c in s.private if c is not None] + ([table.community] if table.community else [])
    prepare([c.name for c in big], card_text_size(BIG_W), bold=True)
    prepare([SUIT[c.colour] for c in big], suit_size(BIG_W), bold=True)
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


def draw_poker_table(table: PokerTable) -> bytes:
    """The Devil's Deal table as PNG bytes."""
    return draw(table)
