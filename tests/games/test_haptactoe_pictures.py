"""Hap-Tac-Toe / When Stars Align: every turn's post carries the board as a picture (issue 12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.images.support import same_pixels
from tests.seeds import test_seed
from tests.transcript_support import scenario_of
from umpire.games.haptactoe.drawing import HapBoard
from umpire.images import draw, piece_from_words
from umpire.session import Output, Session, derive_salt

TRANSCRIPTS = Path(__file__).resolve().parent.parent / "transcripts"


def turns(name: str) -> list[Output]:
    script = TRANSCRIPTS / f"{name}.script"
    sc = scenario_of(script)
    seed = test_seed(sc)
    s = Session.create(sc, journal_path=None, seed=seed, salt=derive_salt(seed))
    out: list[Output] = []
    for line in script.read_text(encoding="utf-8").split("\n"):
        out += [o for o in s.feed(line) if o.event and o.event["event"] == "turn_ended"]
    return out


@pytest.mark.parametrize(
    ("name", "variant", "title"), [("hap-tac-toe", "htt", "Hap-Tac-Toe"), ("when-stars-align", "wsa", "When Stars Align")]
)
def test_each_turn_post_draws_the_board_after_the_turn_with_its_claimed_lines_and_the_new_piece_framed(
    name: str, variant: str, title: str
) -> None:
    posts = turns(name)
    assert posts and all(o.post is not None and o.post.image is not None for o in posts)
    for o in (posts[3], posts[-1]):
        assert o.post is not None and o.post.image is not None and o.event is not None
        ev = o.event
        claimed = tuple(
            tuple(c["squares"])
            for p in posts[: posts.index(o) + 1]
            if p.event is not None and p.event["game"] == ev["game"]
            for c in p.event["claims"]
            if c["verdict"] == "valid"
        )
        expected = HapBoard(
            cells={sq: piece_from_words(w) for sq, w in ev["board"].items()},
            variant=variant,  # type: ignore[arg-type]
            claimed=claimed,  # type: ignore[arg-type]
            last=ev["square"],
            title=f"{title}, game {ev['game']}, turn {ev['turn']}",
        )
        assert same_pixels(o.post.image(), draw(expected))


def test_a_claimed_hap_is_marked_on_the_picture_of_its_game() -> None:
    posts = turns("hap-tac-toe")
    valid = [o for o in posts if o.event and any(c["verdict"] == "valid" for c in o.event["claims"])]
    assert valid
    o = valid[0]
    assert o.event is not None and o.post is not None and o.post.image is not None
    claimed = tuple(tuple(c["squares"]) for c in o.event["claims"] if c["verdict"] == "valid")
    unmarked = draw(HapBoard(cells={sq: piece_from_words(w) for sq, w in o.event["board"].items()}, last=o.event["square"]))
    assert o.post.image() != unmarked  # the claimed line is drawn
    assert claimed
