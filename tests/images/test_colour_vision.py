"""Colours that carry meaning in the pictures stay apart for players with red-green colour blindness,
or carry a second cue, a shape, that shows at a glance (not only a letter to read).

Each pair of colours a picture tells things apart by is seen through the Machado et al. (2009)
simulation of protanopia and of deuteranopia (see `colour_vision`), and its CIEDE2000 distance must
be at least `APART`, a little under the smallest gap between such colours for normal vision (25.7:
a gray and a white block background). A pair that falls short must have a shape of its own per
colour, and the tests below check that shape is drawn.
"""

from __future__ import annotations

import itertools
from typing import get_args

import pytest

from umpire.games.devilsdeal.drawing import HUGE_H, HUGE_W, INK, SUIT, Card, PokerSeat, PokerTable
from umpire.images import HapCheck, block_from_code, model
from umpire.images.canvas import COLOURS
from umpire.images.cards import SMALL_H, SMALL_W
from umpire.images.haps import STAR_COLOUR, background_colour
from umpire.images.text import cap, render

from .colour_vision import DEUTERANOPIA, PROTANOPIA, seen_apart
from .support import Picture, far_apart

APART = 20.0  # ΔE00 two colours must keep under simulation to be told apart by colour alone


def _pairs(names: list[str], meaning: str) -> dict[tuple[str, str], str]:
    return {(a, b): meaning for a, b in itertools.combinations(names, 2)}


# Every pair of palette colours a picture tells something apart by, and what: read from the drawing code.
MEANINGFUL: dict[tuple[str, str], str] = {
    **_pairs(list(INK.values()), "a Devil's Deal card's colour"),
    **_pairs(list(get_args(model.Colour)), "a Hap-Tac-Toe block's or a Gyul Hap tile's colour"),
    **_pairs(
        [background_colour(model.Block(colour="red", background=b, shape="circle")) for b in get_args(model.Background)],
        "a block's or a tile's background",
    ),
    **_pairs(list(STAR_COLOUR.values()), "a When Stars Align star's colour"),
    ("good", "bad"): "a hap check's verdict, a hap or not",
}
# The pairs that fall short, each told apart by a shape as well (checked below).
CUED = {("card-red", "card-green"): "a suit mark: ♥ red, ♣ green", ("good", "bad"): "✓ a hap, ✗ not a hap"}


def apart(a: str, b: str) -> float:
    """The least distance between two palette colours under either simulation."""
    return min(seen_apart(COLOURS[a], COLOURS[b], m) for m in (PROTANOPIA, DEUTERANOPIA))


def test_the_distance_is_ciede2000_as_its_authors_published_it() -> None:
    from .colour_vision import delta_e2000

    # Sharma, Wu and Dalal (2005), test pairs 1, 7 and 17.
    assert round(delta_e2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)), 4) == 2.0425
    assert round(delta_e2000((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854)), 4) == 1.0
    assert round(delta_e2000((50.0, 2.5, 0.0), (73.0, 25.0, -18.0)), 4) == 27.1492


def test_the_simulation_leaves_grays_gray_and_merges_red_with_green() -> None:
    for m in (PROTANOPIA, DEUTERANOPIA):
        assert seen_apart((144, 144, 144), (144, 144, 144), m) == 0 and seen_apart((20, 20, 20), (244, 244, 244), m) > 80
    assert seen_apart((200, 40, 40), (48, 124, 52)) > 60, "red and green, far apart for normal vision"
    assert seen_apart((200, 40, 40), (48, 124, 52), DEUTERANOPIA) < 10, "and nearly one colour with deuteranopia"


def test_every_meaningful_colour_pair_stays_apart_with_colour_blindness_or_has_a_shape_too() -> None:
    short = {pair: round(apart(*pair), 1) for pair in MEANINGFUL if apart(*pair) < APART}
    assert set(short) == set(CUED), f"pairs under ΔE00 {APART} with protanopia or deuteranopia: {short}"
    assert min(seen_apart(COLOURS[a], COLOURS[b]) for a, b in MEANINGFUL) > APART, "normal vision sees every pair apart"


@pytest.mark.parametrize("colour", sorted(INK))
def test_r_each_card_colour_has_its_suit_shape_in_two_corners(colour: str) -> None:
    card = Card(colour=colour, number=5)  # type: ignore[arg-type]
    table = PokerTable(
        seats=(PokerSeat(name="Hedger", chips=9, pool=(card,), private=(card, None)), PokerSeat(name="Uri", chips=9)),
        community=card,
        title="Devil's Deal",
    )
    pic = Picture.of(table)
    faces = [m for m in pic.marks if m.text == card.name]
    assert len(faces) == 3, "the community card, a private card and a pool card"
    for face in faces:
        w, h = (SMALL_W, SMALL_H) if face.px == 32 else (HUGE_W, HUGE_H)  # a private card (BIG_W) lies inside the larger box too
        cx, cy = (pic.left(face) + pic.right(face)) / 2, pic.top(face) + cap(face.px / pic.scale) / 2
        suits = [
            m
            for m in pic.marks
            if m.text == SUIT[colour]
            and cx - w / 2 <= pic.left(m)
            and pic.right(m) <= cx + w / 2
            and cy - h / 2 <= pic.top(m) <= cy + h / 2
        ]
        assert len(suits) == 2 and all(m.colour == INK[colour] and pic.shows(m) for m in suits), f"{card.name}: its suit in two corners"
        assert pic.left(suits[0]) < pic.left(face) < pic.right(face) < pic.right(suits[1]), (
            "top left and bottom right, either side of the name"
        )


def test_r_the_suits_are_different_shapes() -> None:
    shapes = {colour: render(suit, 22, True).mask for colour, suit in SUIT.items()}
    for a, b in itertools.combinations(shapes, 2):
        assert far_apart(shapes[a], shapes[b]) > 40, (a, b)


def test_r_a_hap_checks_verdict_carries_a_tick_or_a_cross() -> None:
    pieces = (block_from_code(0), block_from_code(13), block_from_code(26))
    good = Picture.of(HapCheck(pieces=pieces, is_hap=True))
    bad = Picture.of(HapCheck(pieces=pieces, is_hap=False))
    tick, cross = good.find("✓ A hap", "good"), bad.find("✗ Not a hap", "bad")
    assert tick is not None and cross is not None
    assert far_apart(render("✓", tick.px, True).mask, render("✗", cross.px, True).mask) > 40, "a tick and a cross: two shapes"
