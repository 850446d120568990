"""R-READ-5: a message sent twice is one message. The same costly move again from the same player, within 5 s and with
nothing judged between, is counted once; a genuinely repeated call is judged as the card says."""

from __future__ import annotations

from tests.session.played import played
from umpire.session import Output


def counted_once(outs: list[Output], first: str) -> bool:
    return [o.text for o in outs] == [
        f"counted once: the same move as your “{first}” came again within 5 s with nothing judged between, so it is one "
        "message sent twice (R-READ-5); the first stands"
    ]


TURN_20 = 146  # hap-tac-toe.script: game 1, turn 20, Uri has placed on A2 and makes claims (A1 A2 A5 is a hap)


def test_r_read_5_the_same_claim_resent_is_counted_once_and_told_to_its_player() -> None:
    s = played("hap-tac-toe.script", TURN_20)
    s.feed("p2: hap A1, A2, A5")
    out = s.feed("p2: hap A1 A2 A5")
    assert counted_once(out, "hap A1, A2, A5") and str(out[0].audience) == "player:1"
    state = s.state
    assert counted_once(s.submit(1, ["**hap A5 A2 A1**"]), "hap A1, A2, A5") and s.state is state


def test_r_read_5_after_5_seconds_the_same_claim_is_the_cards_repeated_claim() -> None:
    s = played("hap-tac-toe.script", TURN_20)
    s.feed("p2: hap A1 A2 A5")  # at 8:01
    s.feed("@ 8:06")
    assert counted_once(s.feed("p2: hap A1 A2 A5"), "hap A1 A2 A5")  # 5 s after it: still the same message
    s.feed("@ 8:06.001")
    (noted,) = s.feed("p2: hap A1 A2 A5")
    assert noted.text == "Uri claims hap A1 A2 A5 (judged when the turn ends)"
    assert s.state.turn.claims == (s.state.turn.claims[0],) * 2  # judged as repeated when the turn ends (R-HTT-6)


def test_r_read_5_a_ruling_between_the_two_makes_the_second_a_new_claim() -> None:
    s = played("hap-tac-toe.script", TURN_20)
    s.feed("p2: hap A1 A2 A5")
    s.feed("p2: hap A1 B1 D1")
    s.feed("p2: hap A1 A2 A5")
    assert len(s.state.turn.claims) == 3


def test_r_read_5_a_refused_line_between_does_not_part_the_two_sends() -> None:
    s = played("hap-tac-toe.script", TURN_20)
    s.feed("p2: hap A1 A2 A5")
    s.feed("p2: hap A1 A2 Z9")  # refused: changes nothing
    assert counted_once(s.feed("p2: hap A1 A2 A5"), "hap A1 A2 A5")


def test_r_read_5_after_undo_the_same_line_is_judged_again() -> None:
    s = played("hap-tac-toe.script", TURN_20)
    s.feed("p2: hap A1 A2 A5")
    s.feed("undo")
    s.feed("p2: hap A1 A2 A5")
    assert len(s.state.turn.claims) == 1


def test_r_read_5_a_different_claim_or_another_player_is_no_double_send() -> None:
    s = played("hap-tac-toe.script", TURN_20)
    s.feed("p2: hap A1 A2 A5")
    assert [o.kind for o in s.feed("p2: hap A1 B1 D1")] == ["announce"]
    (refusal,) = s.feed("p1: hap A1 B1 D1")  # Hedger's, not Uri's: refused as out of turn, not as a double send
    assert refusal.text == "it is Uri's turn, not Hedger's"


def test_r_read_5_a_trade_offer_sent_twice_is_one_offer() -> None:
    s = played("open-pass-match.script", 64)
    out = s.feed("p7: trade x x for 9 9 with p5")
    assert [str(o.audience) for o in out] == ["player:6", "player:4"]
    assert counted_once(s.feed("p7: trade x x for 9 9 with Marcel"), "trade x x for 9 9 with p5")
    assert len(s.state.trades) == 1


def test_r_read_5_a_move_that_costs_nothing_resent_is_judged_as_always() -> None:
    s = played("choice-match.script", 166)
    s.feed("p1: gs 5")
    out = s.feed("p1: gs 5")  # a sealed play replaced by itself: no double send to tell
    assert [o.kind for o in out] == ["announce"] and "Your play for round 1: 5" in out[0].text
