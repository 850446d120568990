"""Each game's standings travel with a picture: the end of a Death Match, a posted status (issue 12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.images.support import same_pixels
from tests.seeds import test_seed
from tests.transcript_support import scenario_of
from umpire.images import Standings, draw
from umpire.session import Output, Session, derive_salt

TRANSCRIPTS = Path(__file__).resolve().parent.parent / "transcripts"


def last(name: str, kind: str) -> Output:
    script = TRANSCRIPTS / f"{name}.script"
    sc = scenario_of(script)
    seed = test_seed(sc)
    s = Session.create(sc, journal_path=None, seed=seed, salt=derive_salt(seed))
    found = [o for line in script.read_text(encoding="utf-8").split("\n") for o in s.feed(line) if o.event and o.event["event"] == kind]
    assert found, f"{name} has no {kind}"
    return found[-1]


def picture(o: Output) -> bytes:
    assert o.post is not None and o.post.image is not None
    return o.post.image()


def placed(o: Output) -> list[tuple[str, str]]:
    """(place, player) of the result's ranking, read from the ending event's typed `Outcome`."""
    assert o.source is not None and o.source.outcome is not None
    return [(str(p.place), p.player) for p in o.source.outcome.ranking]


def test_r_htt_2_the_end_of_a_hap_tac_toe_match_draws_the_result_its_outcome_ranks_with_the_points_final_scores_and_rounding() -> None:
    o = last("hap-tac-toe", "match_over")
    assert o.event is not None
    ev = o.event
    assert placed(o) == [("1", "Hedger"), ("2", "Uri")]
    rows = tuple((place, p, str(ev["totals"][p]), str(ev["final_scores"][p])) for place, p in placed(o))
    expected = Standings(
        title=f"Hap-Tac-Toe: {ev['winner']} wins",
        columns=("place", "player", "points", "final score"),
        rows=rows,
        notes=("final score: the points of both games, rounded up once (R-HTT-2)",),
    )
    assert same_pixels(picture(o), draw(expected))


def test_the_end_of_devils_deal_draws_the_result_its_outcome_ranks_with_the_chips() -> None:
    o = last("devils-deal", "devils_deal_over")
    assert o.event is not None
    ev = o.event
    assert placed(o) == [("1", "Uri"), ("2", "Hedger")]  # the winner first, though Hedger sits first
    rows = tuple((place, p, str(ev["chips"][p])) for place, p in placed(o))
    expected = Standings(title=f"Devil's Deal: {ev['winner']} wins (round {ev['round']})", columns=("place", "player", "chips"), rows=rows)
    assert same_pixels(picture(o), draw(expected))


@pytest.mark.parametrize("name", ["choice-goofspiel"])  # its `post status` (R-READ-4: a player's own `status` is a DM)
def test_a_posted_choice_status_draws_each_players_money_tiles_and_points(name: str) -> None:
    from umpire.games.choice.render import _tiles

    o = last(name, "status_posted")
    assert o.event is not None
    rows = tuple(
        (p, f"${s['money']}", _tiles(s["tiles"]), str(s["gsp"]), str(s["ghp"]), str(s["ep"])) for p, s in o.event["status"].items()
    )
    expected = Standings(title="The Choice is Yours: status", columns=("player", "money", "tiles", "GSP", "GHP", "EP"), rows=rows)
    assert same_pixels(picture(o), draw(expected))
