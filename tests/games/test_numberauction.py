"""The Number Auction (tests/numberauction/): one test per house ruling, every refusal word for word."""

from __future__ import annotations

from typing import Any

import pytest

from tests.testgames import scenario_path
from umpire.scenario import load
from umpire.session import Output, Session, derive_salt


def auction(seed: str = "7") -> Session:
    """The tests' four-player Number Auction (Hedger p1, Uri p2, Yuna p3, Mara p4), started."""
    s = Session.create(load(scenario_path("number-auction")), journal_path=None, seed=seed, salt=derive_salt(seed))
    feed(s, "start")
    return s


def feed(s: Session, *lines: str) -> list[Output]:
    return [o for line in lines for o in s.feed(line) + s.flush()]


def events(outs: list[Output], kind: str) -> list[dict[str, Any]]:
    return [o.event for o in outs if o.event is not None and o.event["event"] == kind]


def refused(s: Session, line: str) -> str:
    (o,) = feed(s, line)
    assert o.kind == "refusal"
    return o.text


def test_r_na_1_everyone_starts_with_20_coins_and_cannot_bid_more_than_they_hold() -> None:
    s = auction()
    assert s.knowledge(None)["coins"] == {"Hedger": 20, "Uri": 20, "Yuna": 20, "Mara": 20}
    assert refused(s, "p1: bid 21") == "Hedger has only 20 coins (the bid was 21)"
    assert s.entries == 1  # the refusal changed nothing


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("p2: bid", "“bid” needs a whole number after it, e.g. “bid 5”"),
        ("p2: bid three", "“three” is not a bid: a bid is one whole number from 0 up, e.g. “bid 5”"),
        ("p2: bid -1", "“-1” is not a bid: a bid is one whole number from 0 up, e.g. “bid 5”"),
        ("p2: bid 3 4", "“3 4” is not a bid: a bid is one whole number from 0 up, e.g. “bid 5”"),
        ("p2: pass", "a player sends “bid N”, N a whole number, e.g. “bid 5”"),
        ("bid 3", "the host's words here are “start” and “close”; a player's bid comes with their name: “p1: bid 5”"),
    ],
)
def test_a_line_that_is_no_bid_is_refused_saying_what_a_bid_is(line: str, reason: str) -> None:
    assert refused(auction(), line) == reason


def test_before_the_start_and_after_the_end_a_bid_is_refused_and_start_is_said_once() -> None:
    s = Session.create(load(scenario_path("number-auction")), journal_path=None, seed="7", salt=derive_salt("7"))
    assert refused(s, "p1: bid 1") == "the auction has not started yet; the host starts it with “start”"
    assert refused(s, "close") == "the auction has not started yet; the host starts it with “start”"
    feed(s, "start")
    assert refused(s, "start") == "the auction has already started"
    for _ in range(5):
        feed(s, "close")
    assert s.game.is_over(s.state)
    assert refused(s, "p1: bid 1") == "the auction is over"


def test_r_na_2_each_rounds_prize_is_drawn_by_the_seed_as_the_round_opens() -> None:
    s = Session.create(load(scenario_path("number-auction")), journal_path=None, seed="7", salt=derive_salt("7"))
    (opened,) = events(feed(s, "start"), "number_auction_round")
    assert 1 <= opened["prize"] <= 10 and opened["round"] == 1
    prizes = [e["prize"] for e in events(feed(s, *["close"] * 4), "number_auction_round")]
    assert len(prizes) == 4 and all(1 <= p <= 10 for p in prizes)
    again = auction("7")
    assert [e["prize"] for e in events(feed(again, *["close"] * 4), "number_auction_round")] == prizes  # the same seed, the same prizes


def test_r_na_3_a_later_bid_replaces_the_earlier_and_the_last_bid_in_closes_the_round() -> None:
    s = auction()
    first = feed(s, "p1: bid 4", "p1: bid 6")
    assert [o.text for o in first] == [
        "🔒 Your bid of **4** in round 1: sealed.",
        "🔒 Your bid of **6** in round 1: sealed. It replaces your bid of 4.",
    ]
    assert all(o.audience.seat == 0 for o in first)  # receipts go to the bidder alone
    out = feed(s, "p2: bid 1", "p3: bid 2", "p4: bid 3")
    (closed,) = events(out, "number_auction_closed")
    assert closed["bids"] == {"Hedger": 6, "Uri": 1, "Yuna": 2, "Mara": 3} and not closed["by_host"]


def test_r_na_3_the_round_closes_at_its_deadline_after_reminders_that_name_nobody_publicly() -> None:
    s = auction()
    feed(s, "p1: bid 2")
    out = feed(s, "@ 1:00", "@ 1:50")
    assert [(o.audience.kind, o.text) for o in out if o.kind == "announce"] == [
        ("public", "⏳ Round 1: 1:00 left."),
        ("host", "Still to act in round 1: Uri, Yuna, Mara"),
        ("public", "⏳ Round 1: 0:10 left."),
        ("host", "Still to act in round 1: Uri, Yuna, Mara"),
    ]
    (closed,) = events(feed(s, "@ 2:00"), "number_auction_closed")
    assert closed["bids"] == {"Hedger": 2} and closed["winner"] == "Hedger"


def test_r_na_4_a_bid_of_0_is_a_bid_and_wins_when_it_is_the_highest_unmatched_one() -> None:
    s = auction()
    (closed,) = events(feed(s, "p1: bid 5", "p2: bid 5", "p3: bid 0", "p4: bid 5"), "number_auction_closed")
    assert closed["winner"] == "Yuna" and closed["coins"]["Yuna"] == 20 and closed["points"]["Yuna"] == closed["prize"]


def test_r_na_5_matched_bids_win_nothing_and_pay_nothing_and_an_all_matched_round_loses_its_prize() -> None:
    s = auction()
    (closed,) = events(feed(s, "p1: bid 6", "p2: bid 6", "p3: bid 2", "p4: bid 1"), "number_auction_closed")
    assert closed["winner"] == "Yuna" and closed["coins"] == {"Hedger": 20, "Uri": 20, "Yuna": 18, "Mara": 20}
    out = feed(s, "p1: bid 3", "p2: bid 3", "p3: bid 4", "p4: bid 4")
    (closed,) = events(out, "number_auction_closed")
    assert closed["winner"] is None and closed["points"] == {"Hedger": 0, "Uri": 0, "Yuna": closed["points"]["Yuna"], "Mara": 0}
    assert "Every bid was matched: nobody wins, and the prize of" in next(
        o.text for o in out if o.event and o.event["event"] == "number_auction_closed"
    )


def test_r_na_6_the_most_points_wins_then_more_coins_then_the_seeds_draw() -> None:
    s = auction()
    feed(s, "p1: bid 9", "close")  # Hedger wins round 1's prize for 9
    feed(s, "p2: bid 1", "close")  # Uri wins round 2's for 1
    for _ in range(3):
        feed(s, "close")
    outcome = s.game.outcome(s.state)
    assert outcome is not None and s.game.is_over(s.state)
    first = s.state.points
    places = [(p.player, p.place) for p in outcome.ranking]
    by_points = sorted(range(4), key=lambda i: -first[i])
    assert places[0][0] == ("Hedger", "Uri", "Yuna", "Mara")[by_points[0]] and outcome.winners == (places[0][0],)
    # Yuna and Mara: no points, 20 coins each: the seed's draw placed them, and the result says so
    assert {p.player for p in outcome.ranking[2:]} == {"Yuna", "Mara"}
    assert all(p.why.endswith("placed by the seed's draw") for p in outcome.ranking[2:])
    assert [p.place for p in outcome.ranking] == [1, 2, 3, 4]


def test_r_na_6_a_tie_on_points_goes_to_the_player_with_more_coins_left() -> None:
    s = auction("21")  # the seed 21 draws the same prize, 1 point, for rounds 1 and 2
    feed(s, "p1: bid 5", "close")  # Hedger: 1 point, 15 coins left
    feed(s, "p2: bid 2", "close")  # Uri: 1 point, 18 coins left
    for _ in range(3):
        feed(s, "close")
    outcome = s.game.outcome(s.state)
    assert outcome is not None
    assert [p.player for p in outcome.ranking[:2]] == ["Uri", "Hedger"] and outcome.winners == ("Uri",)
    assert (outcome.ranking[0].why, outcome.ranking[1].why) == ("1 point, 18 coins left", "1 point, 15 coins left")
