"""The Choice is Yours: Gyul Hap boards and Expressions sets travel with pictures (issue 12)."""

from __future__ import annotations

from pathlib import Path

from tests.images.support import same_pixels
from tests.seeds import test_seed
from tests.transcript_support import scenario_of
from umpire.games.choice.drawing import ExpressionsSet, ExprPuzzle, GyulBoard
from umpire.images import draw, piece_from_words
from umpire.session import Output, Session, derive_salt

MATCH = Path(__file__).resolve().parent.parent / "transcripts" / "choice-match.script"


def posted(kind: str) -> list[Output]:
    sc = scenario_of(MATCH)
    seed = test_seed(sc)
    s = Session.create(sc, journal_path=None, seed=seed, salt=derive_salt(seed))
    out: list[Output] = []
    for line in MATCH.read_text(encoding="utf-8").split("\n"):
        out += [o for o in s.feed(line) if o.event and o.event["event"] == kind]
    return out


def test_each_gyul_hap_board_post_draws_its_nine_tiles_and_the_claimed_haps() -> None:
    boards = posted("gh_board")
    assert boards
    for o in boards:
        assert o.post is not None and o.post.image is not None and o.event is not None
        ev = o.event
        claimed = tuple(tuple(int(d) for d in c["positions"]) for c in ev.get("claimed") or ())
        tiles = tuple(piece_from_words(ev["tiles"][str(i)]) for i in range(1, 10))
        expected = GyulBoard(tiles=tiles, claimed=claimed, title=f"Gyul Hap, board {ev['board']}/{ev['of']}")  # type: ignore[arg-type]
        assert same_pixels(o.post.image(), draw(expected))


def test_each_expressions_set_post_draws_its_puzzles() -> None:
    sets = posted("expr_set")
    assert sets
    o = sets[0]
    assert o.post is not None and o.post.image is not None and o.event is not None
    ev = o.event
    puzzles = tuple(ExprPuzzle(ops=p["ops"], target=p["target"]) for p in ev["puzzles"])
    assert same_pixels(o.post.image(), draw(ExpressionsSet(puzzles=puzzles, title=f"Expressions, block {ev['block']}, set {ev['set']}")))
