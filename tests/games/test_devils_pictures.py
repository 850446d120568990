"""Devil's Deal: the showdown post carries the table as a picture (issue 12)."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from tests.images.support import same_pixels
from tests.seeds import test_seed
from tests.transcript_support import scenario_of
from umpire.games.devilsdeal.drawing import Card, PokerSeat, PokerTable
from umpire.images import draw
from umpire.session import Output, Session, derive_salt

DM = Path(__file__).resolve().parent.parent / "transcripts" / "devils-deal.script"


def showdowns() -> list[Output]:
    sc = scenario_of(DM)
    seed = test_seed(sc)
    s = Session.create(sc, journal_path=None, seed=seed, salt=derive_salt(seed))
    out: list[Output] = []
    for line in DM.read_text(encoding="utf-8").split("\n"):
        out += [o for o in s.feed(line) if o.event and o.event["event"] == "showdown"]
    return out


def test_the_showdown_picture_shows_the_community_card_both_hands_face_up_and_the_pot() -> None:
    (o,) = showdowns()
    assert o.post is not None and o.post.image is not None and o.event is not None
    ev = o.event

    def own(cards: list[str]) -> tuple[Card | None, ...]:
        rest = list(cards)
        rest.remove(ev["community"])
        return tuple(Card.parse(c) for c in rest)

    seats = [PokerSeat(name=p, chips=ev["chips"][p], private=own(h["cards"]), hand=h["hand"]) for p, h in ev["hands"].items()]
    expected = PokerTable(
        seats=(seats[0], seats[1]),
        community=Card.parse(ev["community"]),
        pot=ev["pot"],
        title="Showdown",
        note=f"{ev['winner']} wins the pot of {ev['pot']}",
        show_pools=False,
    )
    assert same_pixels(o.post.image(), draw(expected))


def test_a_table_without_pools_is_shorter_than_one_with_them() -> None:
    seats = (PokerSeat(name="A", chips=3, pool=(Card.parse("R1"),)), PokerSeat(name="B", chips=4))
    with_pools = Image.open(io.BytesIO(draw(PokerTable(seats=seats))))
    without = Image.open(io.BytesIO(draw(PokerTable(seats=seats, show_pools=False))))
    assert without.width == with_pools.width == 800  # 400 units, two pixels a unit
    assert without.height < with_pools.height
