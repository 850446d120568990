"""Open, Pass posts with pictures: each finished row, and the results table (issue 12)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from tests.images.support import same_pixels
from tests.seeds import test_seed
from tests.transcript_support import scenario_of
from umpire.games.openpass.drawing import OpenPassRow
from umpire.games.openpass.events import Placing
from umpire.games.openpass.pictures import _prize
from umpire.images import Standings, draw
from umpire.session import Output, Session, derive_salt

MATCH = Path(__file__).resolve().parent.parent / "transcripts" / "open-pass-match.script"


def played() -> list[Output]:
    sc = scenario_of(MATCH)
    seed = test_seed(sc)
    s = Session.create(sc, journal_path=None, seed=seed, salt=derive_salt(seed))
    out: list[Output] = []
    for line in MATCH.read_text(encoding="utf-8").split("\n"):
        out += s.feed(line)
    return out


def test_each_finished_row_is_drawn_for_its_player_with_its_reading_and_score() -> None:
    rows = [o for o in played() if o.event and o.event["event"] == "deal_over"]
    assert rows and all(o.post is not None and o.post.image is not None for o in rows)
    first = rows[0]
    assert first.post is not None and first.post.image is not None and first.event is not None
    ev = first.event
    expected = OpenPassRow(player=ev["player"], cards=tuple(ev["row"]), reading=ev["reading"] or "0", score=ev["shown"])
    assert same_pixels(first.post.image(), draw(expected))


def test_the_results_post_carries_the_ranking_as_a_table_picture() -> None:
    (results,) = [o for o in played() if o.event and o.event["event"] == "results"]
    assert results.post is not None and results.post.image is not None and results.event is not None
    ranking = results.event["ranking"]
    rows = tuple(
        (
            str(p["place"]),
            p["player"],
            p["shown"] if p["played"] else "did not play",
            ", ".join(
                x for x in (f"+{p['tokens']} Token{'s' if p['tokens'] != 1 else ''}" if p["tokens"] else "", "EC" if p["ec"] else "") if x
            )
            or "—",
        )
        for p in ranking
    )
    expected = Standings(title="Open, Pass — results", columns=("place", "player", "score", "prize"), rows=rows)
    assert same_pixels(results.post.image(), draw(expected))
    assert rows[0][1:] == ("Elara", "105", "+3 Tokens")


def test_a_ranking_of_more_than_fifteen_players_is_posted_as_pictures_in_parts_not_drawn_smaller() -> None:
    from umpire.games.openpass.events import Results
    from umpire.games.openpass.render import RENDER

    ranking = tuple(
        Placing(place=k + 1, player=f"Player {k + 1}", played=True, row=("3",), reading="3", score="3", shown="3", tokens=0, ec=False)
        for k in range(20)
    )
    posts = RENDER.render(None, Results(t=0, ranking=ranking, ties=()))  # type: ignore[arg-type]  # the renderer reads the event alone
    drawn = [p for p in posts if p.image is not None]
    assert len(drawn) == 2, "two parts of ten players"
    assert posts[-1].text == "🏆 **Open, Pass — results** (picture 2 of 2)"
    for k, post in enumerate(drawn):
        assert post.image is not None
        rows = tuple((str(p.place), p.player, "3", "—") for p in ranking[10 * k : 10 * k + 10])
        part = Standings(title=f"Open, Pass — results (part {k + 1} of 2)", columns=("place", "player", "score", "prize"), rows=rows)
        assert same_pixels(post.image(), draw(part))
        assert Image.open(io.BytesIO(post.image())).width == 800


@pytest.mark.parametrize(
    ("tokens", "ec", "prize"),
    [(3, False, "+3 Tokens"), (1, False, "+1 Token"), (1, True, "+1 Token, EC"), (0, True, "EC"), (0, False, "—")],
)
def test_the_results_picture_names_one_token_of_life_in_the_singular(tokens: int, ec: bool, prize: str) -> None:
    placing = Placing(place=1, player="Zoë", played=True, row=(), reading="", score="5", shown="5", tokens=tokens, ec=ec)
    assert _prize(placing) == prize
