"""Goofspiel: seeded prizes revealed one per round, private plays changeable until the deadline,
the reveal, ties, auto-plays at full value (amendment), the Goofspiel Advantage, GSP per bout.
"""

from __future__ import annotations

import json
from typing import Any

from umpire.core.streams import Streams
from umpire.games.choice.generate import prize_order
from umpire.render import json_lines
from umpire.session import Output

from .test_choice_support import (
    PLAY,
    PRIZES,
    ROUND,
    SECOND,
    auto_bout,
    close_round,
    end_block,
    events,
    new_session,
    ok,
    play_bout,
    play_round,
    player,
    refused,
    start,
    texts,
    to_round,
    win_bout,
)

# ---------------------------------------------------------------- prizes


def test_each_rounds_prize_comes_from_the_seeds_prize_order() -> None:
    s = new_session()
    dealt: dict[int, list[int]] = {}
    for _ in range(5):
        out = auto_bout(s)
        for e in events(out, "round_started"):
            dealt.setdefault(e["block"], []).append(e["prize"])
    streams = Streams(s.seed)
    assert dealt == {b: list(prize_order(streams, b)) for b in range(1, 6)}
    assert dealt == {b: list(p) for b, p in PRIZES.items()}


def test_a_bouts_prizes_are_the_cards_1_to_9_each_once() -> None:
    for seed in ("1", "2", "9701", "a seed with words"):
        for bout in range(1, 6):
            assert sorted(prize_order(Streams(seed), bout)) == list(range(1, 10))


def test_the_prize_order_depends_on_the_seed_and_the_bout() -> None:
    orders = {prize_order(Streams(seed), bout) for seed in ("1", "2", "3") for bout in range(1, 6)}
    assert len(orders) == 15


def test_the_prize_is_revealed_in_its_round_started_event() -> None:
    s = new_session()
    out = start(s)
    (ev,) = events(out, "round_started")
    assert (ev["block"], ev["round"], ev["prize"], ev["audience"], ev["generated"]) == (1, 1, 5, "public", True)
    assert texts(out)[-1] == "🃏 **Block 1, round 1/9: the prize is 5.** Submit `gs X` privately within 59 s."


def _prize_fields(obj: Any) -> list[tuple[int | None, int | None, int]]:
    """Every (block, round, prize) a JSON object mentions, from its `prize` keys."""
    found = []
    if isinstance(obj, dict):
        assert all("prize" not in k.casefold() or k in ("prize", "prizes") for k in obj), obj
        if "prize" in obj:
            found.append((obj.get("block"), obj.get("round"), obj["prize"]))
        for v in obj.values():
            found += _prize_fields(v)
    elif isinstance(obj, list):
        for v in obj:
            found += _prize_fields(v)
    return found


def test_no_prize_is_shown_before_its_round_opens() -> None:
    s = new_session()
    revealed: set[tuple[int, int]] = set()
    finished: set[int] = set()

    def check(outputs: list[Output]) -> None:
        for line in json_lines(outputs):
            obj = json.loads(line)
            if obj.get("event") == "round_started":
                revealed.add((obj["block"], obj["round"]))
            for block, rnd, prize in _prize_fields(obj):
                assert (block, rnd) in revealed, f"prize of block {block} round {rnd} shown early: {line}"
                assert prize == PRIZES[block][rnd - 1]
            if obj.get("event") == "bout_over":
                assert {(obj["block"], k) for k in range(1, 10)} <= revealed
                finished.add(obj["block"])
            assert "prizes" not in obj or obj.get("event") == "bout_over"
        final = s.final()
        assert _prize_fields(final) == []
        plays = s.scenario.game.view("plays").build(s.state, s.now, []).title
        if s.final()["goofspiel"] is not None:
            g = s.final()["goofspiel"]
            assert plays.endswith(f"round {g['round']}, prize {PRIZES[g['block']][g['round'] - 1]}")
            assert (g["block"], g["round"]) in revealed

    for _ in range(5):
        check(ok(s, "start"))
        check(ok(s, "p1: gs 9"))
        check(ok(s, "plays"))
        check(ok(s, "p1: post status"))
        while s.state.in_block:
            due = s.next_due()
            assert due is not None
            check(s.advance(due))
            check(ok(s, "plays"))
    assert finished == {1, 2, 3, 4, 5}
    assert len(revealed) == 45


# ---------------------------------------------------------------- plays


def test_a_play_is_private_one_receipt_to_its_player_alone() -> None:
    s = new_session()
    start(s)
    out = ok(s, "p1: gs 7")
    assert [(str(o.audience), o.event["event"] if o.event else None) for o in out] == [("player:0", "gs_confirmed")]
    assert texts(out) == ["Your play for round 1: 7. You can change it until the deadline."]
    out = ok(s, "p2: gs 3")
    assert {str(o.audience) for o in out} == {"player:1"}
    # The receipt waits in the player's outbox (the host sees it too, as every DM).
    assert [d.text for d in s.outbox[1]] == ["Your play for round 1: 3. You can change it until the deadline."]


def test_the_plays_view_shows_the_host_the_current_plays_and_cards_left() -> None:
    s = new_session()
    start(s)
    play_round(s, 1, "gs 4", None)
    to_round(s, 2)
    ok(s, "p1: gs 9")
    (view,) = [o.view for o in s.feed("plays")]
    assert view is not None
    assert view.title == "Goofspiel plays this round (host only — hidden until the reveal): round 2, prize 6"
    assert view.rows == (("Hedger", "gs 9", "1 2 3 5 6 7 8 9"), ("Uri", "—", "2 3 4 5 6 7 8 9"))


def test_a_play_can_be_changed_until_the_deadline_and_the_last_one_counts() -> None:
    s = new_session()
    start(s)
    ok(s, "p1: gs 3")
    s.advance(30 * SECOND)
    out = ok(s, "p1: gs 8")
    assert events(out, "gs_confirmed")[0]["replaces"] == {"card": 3, "boosted": False}
    assert texts(out)[0] == "Your play for round 1: 8 (replacing gs 3). You can change it until the deadline."
    s.advance(PLAY - 1)
    ok(s, "p1: gs 2")
    (ev,) = events(close_round(s, 1), "round_resolved")
    assert ev["plays"]["Hedger"] == {"card": 2, "value": 2, "auto": False, "boosted": False}
    assert s.final()["goofspiel"]["cards_left"]["Hedger"] == [1, 3, 4, 5, 6, 7, 8, 9]


def test_a_play_at_the_deadline_is_too_late() -> None:
    s = new_session()
    start(s)
    ok(s, "@ 0:59")
    assert refused(s, "p1: gs 5", error="IllegalAction") == "round 1 is closed; round 2 opens in a moment"


def test_the_higher_card_wins_the_prize_money() -> None:
    s = new_session()
    start(s)
    ev = play_round(s, 1, "gs 4", "gs 6")  # prize 5
    assert (ev["winner"], ev["bout_money"]) == ("Uri", {"Hedger": 0, "Uri": 5})
    ev = play_round(s, 2, "gs 9", "gs 1")  # prize 6
    assert (ev["winner"], ev["bout_money"]) == ("Hedger", {"Hedger": 6, "Uri": 5})
    assert [player(s, n)["pending"] for n in ("Hedger", "Uri")] == [6, 5]
    assert [player(s, n)["money"] for n in ("Hedger", "Uri")] == [0, 0]


def test_the_reveal_shows_both_cards_and_the_prize() -> None:
    s = new_session()
    start(s)
    to_round(s, 1)
    ok(s, "p1: gs 4")
    ok(s, "p2: gs 6")
    out = close_round(s, 1)
    (text,) = [t for t in texts(out, "public") if t.startswith("**Block 1, round")]
    assert text == "**Block 1, round 1 (prize 5):** Hedger 4, Uri 6 → **Uri** wins $5.\nBout money: Hedger $0 · Uri $5"


def test_a_tied_round_is_thrown_out() -> None:
    s = new_session()
    start(s)
    out_ev = play_round(s, 1, "gs 5", "gs 5")
    assert (out_ev["winner"], out_ev["bout_money"]) == (None, {"Hedger": 0, "Uri": 0})
    final = s.final()
    assert final["goofspiel"]["cards_left"] == {"Hedger": [1, 2, 3, 4, 6, 7, 8, 9], "Uri": [1, 2, 3, 4, 6, 7, 8, 9]}
    assert [player(s, n)["pending"] for n in ("Hedger", "Uri")] == [0, 0]


def test_a_tied_round_is_announced_as_thrown_out() -> None:
    s = new_session()
    start(s)
    to_round(s, 1)
    out = close_round(s, 1)
    assert (
        "**Block 1, round 1 (prize 5):** Hedger 1 (no submission: lowest card), Uri 1 (no submission: lowest card) → a tie: the round is thrown out.\n"
        "Bout money: Hedger $0 · Uri $0"
    ) in texts(out)


def test_no_submission_autoplays_lowest_card_at_full_value() -> None:
    s = new_session()
    start(s)
    play_round(s, 1, "gs 1", "gs 2")  # Uri wins the 5
    ev = play_round(s, 2, None, "gs 1")  # Hedger sends nothing: his lowest unused card is the 2
    assert ev["plays"]["Hedger"] == {"card": 2, "value": 2, "auto": True, "boosted": False}
    assert (ev["winner"], ev["prize"]) == ("Hedger", 6)  # the amendment: an auto-play can win
    assert ev["bout_money"] == {"Hedger": 6, "Uri": 5}
    assert s.final()["goofspiel"]["cards_left"]["Hedger"] == [3, 4, 5, 6, 7, 8, 9]


def test_an_autoplayed_card_is_used_up_like_a_played_one() -> None:
    s = new_session()
    start(s)
    play_round(s, 1)
    assert s.final()["goofspiel"]["cards_left"] == {"Hedger": [2, 3, 4, 5, 6, 7, 8, 9], "Uri": [2, 3, 4, 5, 6, 7, 8, 9]}
    to_round(s, 2)
    assert refused(s, "p1: gs 1") == "Hedger already used the 1 in this bout (cards left: 2 3 4 5 6 7 8 9)"


def test_a_bout_with_no_submissions_ties_every_round() -> None:
    s = new_session()
    out = auto_bout(s)
    resolved = events(out, "round_resolved")
    assert [(e["plays"]["Hedger"]["card"], e["plays"]["Uri"]["card"], e["winner"]) for e in resolved] == [
        (k, k, None) for k in range(1, 10)
    ]
    (over,) = events(out, "bout_over")
    assert (over["bout_money"], over["gsp_to"]) == ({"Hedger": 0, "Uri": 0}, None)


def test_the_cards_and_prizes_reset_for_each_bout() -> None:
    s = new_session()
    start(s)
    play_round(s, 1, "gs 9", "gs 8")
    end_block(s)
    out = start(s)
    assert events(out, "round_started")[0]["prize"] == PRIZES[2][0]
    assert s.final()["goofspiel"]["cards_left"] == {"Hedger": list(range(1, 10)), "Uri": list(range(1, 10))}
    assert s.final()["goofspiel"]["bout_money"] == {"Hedger": 0, "Uri": 0}
    ok(s, "p1: gs 9")


# ---------------------------------------------------------------- the Goofspiel Advantage


def test_igs_counts_one_more_than_the_card() -> None:
    s = new_session()
    start(s)
    to_round(s, 1)
    ok(s, "p1: igs 5")
    ok(s, "p2: gs 6")
    out = close_round(s, 1)
    (ev,) = events(out, "round_resolved")
    assert ev["plays"]["Hedger"] == {"card": 5, "value": 6, "auto": False, "boosted": True}
    assert ev["winner"] is None  # 5+1 ties the 6
    assert texts(out)[-1].startswith("**Block 1, round 1 (prize 5):** Hedger 5+1 = 6 (Advantage), Uri 6 → a tie: the round is thrown out.")
    assert s.final()["goofspiel"]["cards_left"]["Hedger"] == [1, 2, 3, 4, 6, 7, 8, 9]


def test_igs_can_win_a_round_the_card_alone_would_lose() -> None:
    s = new_session()
    start(s)
    to_round(s, 1)
    ok(s, "p1: igs 8")
    ok(s, "p2: gs 8")
    out = close_round(s, 1)
    (ev,) = events(out, "round_resolved")
    assert (ev["winner"], ev["bout_money"]) == ("Hedger", {"Hedger": 5, "Uri": 0})
    assert (
        "**Block 1, round 1 (prize 5):** Hedger 8+1 = 9 (Advantage), Uri 8 → **Hedger** wins $5.\nBout money: Hedger $5 · Uri $0"
        in texts(out)
    )


def test_the_igs_confirmation_says_the_card_counts_one_more() -> None:
    s = new_session()
    start(s)
    out = ok(s, "p1: igs 4")
    assert texts(out) == ["Your play for round 1: 4 with the Goofspiel Advantage (counts +1). You can change it until the deadline."]


def test_the_advantage_copy_is_used_only_at_the_reveal() -> None:
    s = new_session()
    start(s)
    ok(s, "p1: igs 4")
    assert player(s, "Hedger")["advantages"]["goofspiel"] == {"given": 1, "left": 1}
    close_round(s, 1)
    assert player(s, "Hedger")["advantages"]["goofspiel"] == {"given": 1, "left": 0}


def test_an_igs_replaced_by_a_gs_uses_no_copy() -> None:
    s = new_session()
    start(s)
    ok(s, "p1: igs 4")
    out = ok(s, "p1: gs 4")
    assert events(out, "gs_confirmed")[0]["replaces"] == {"card": 4, "boosted": True}
    ev = play_round(s, 1)
    assert ev["plays"]["Hedger"] == {"card": 4, "value": 4, "auto": False, "boosted": False}
    assert player(s, "Hedger")["advantages"]["goofspiel"] == {"given": 1, "left": 1}
    ok(s, "@ 1:01")
    ok(s, "p1: igs 5")


def test_a_second_igs_in_a_round_replaces_the_first_and_uses_one_copy() -> None:
    s = new_session(goofspiel_advantage=[2, 0])  # the Advantage with its Copy
    start(s)
    ok(s, "p1: igs 3")
    out = ok(s, "p1: igs 6")
    assert texts(out)[0] == (
        "Your play for round 1: 6 with the Goofspiel Advantage (counts +1) (replacing igs 3). You can change it until the deadline."
    )
    (ev,) = events(close_round(s, 1), "round_resolved")
    assert ev["plays"]["Hedger"] == {"card": 6, "value": 7, "auto": False, "boosted": True}
    assert player(s, "Hedger")["advantages"]["goofspiel"] == {"given": 2, "left": 1}
    assert s.final()["goofspiel"]["cards_left"]["Hedger"] == [1, 2, 3, 4, 5, 7, 8, 9]


def test_two_copies_are_used_in_two_different_rounds() -> None:
    s = new_session(goofspiel_advantage=[2, 0])
    start(s)
    play_round(s, 1, "igs 2")
    play_round(s, 2, "igs 3")
    assert player(s, "Hedger")["advantages"]["goofspiel"] == {"given": 2, "left": 0}
    to_round(s, 3)
    assert refused(s, "p1: igs 4") == "Hedger has no Goofspiel Advantage left (used)"


def test_the_advantage_is_not_restored_by_a_new_bout() -> None:
    s = new_session()
    start(s)
    play_round(s, 1, "igs 2")
    end_block(s)
    start(s)
    assert refused(s, "p1: igs 2") == "Hedger has no Goofspiel Advantage left (used)"


# ---------------------------------------------------------------- GSP


def test_the_higher_bout_total_earns_a_gsp() -> None:
    s = new_session()
    start(s)
    # Prizes 5 6 2 1 9 7 4 3 8. Uri wins the 5 and the 9 with high cards; Hedger the rest.
    results = play_bout(
        s,
        [
            ("gs 1", "gs 9"),
            ("gs 2", "gs 1"),
            ("gs 3", "gs 2"),
            ("gs 4", "gs 3"),
            ("gs 5", "gs 8"),
            ("gs 6", "gs 4"),
            ("gs 7", "gs 5"),
            ("gs 8", "gs 6"),
            ("gs 9", "gs 7"),
        ],
    )
    assert [r["winner"] for r in results] == ["Uri", "Hedger", "Hedger", "Hedger", "Uri", "Hedger", "Hedger", "Hedger", "Hedger"]
    final = s.final()
    assert final["goofspiel"]["bout_money"] == {"Hedger": 31, "Uri": 14}
    assert (player(s, "Hedger")["gsp"], player(s, "Uri")["gsp"]) == (1, 0)
    assert final["goofspiel"]["finished"]


def test_the_bout_over_announcement_says_a_tied_bout_earns_no_gsp() -> None:
    s = new_session()
    start(s)
    for k in range(1, 9):
        play_round(s, k)
    to_round(s, 9)
    ok(s, "p2: gs 9")  # both have only the 9 left; Hedger auto-plays it: a tie
    out = close_round(s, 9)
    (over,) = events(out, "bout_over")
    assert (over["gsp_to"], over["gsp"], over["prizes"]) == (None, {"Hedger": 0, "Uri": 0}, list(PRIZES[1]))
    assert texts(out)[-1] == (
        "**Block 1's bout is over** (Hedger $0 · Uri $0): a tied bout: no GSP. GSP: Hedger 0 · Uri 0.\n"
        "The prizes came in the order 5 6 2 1 9 7 4 3 8. (Money won is added to the shop balance at the start of the next block.)"
    )


def test_a_tied_bout_earns_no_gsp_even_with_money_won() -> None:
    s = new_session()
    start(s)
    # Prizes 5 6 2 1 9 7 4 3 8. The 7, 8 and 9 go round in a cycle: Uri wins the 5 and the 4,
    # Hedger the 9; every other round is auto-played from equal hands and ties.
    results = play_bout(
        s,
        [
            ("gs 7", "gs 8"),
            (None, None),
            (None, None),
            (None, None),
            ("gs 9", "gs 7"),
            (None, None),
            ("gs 8", "gs 9"),
            (None, None),
            (None, None),
        ],
    )
    assert [r["winner"] for r in results] == ["Uri", None, None, None, "Hedger", None, "Uri", None, None]
    assert s.final()["goofspiel"]["bout_money"] == {"Hedger": 9, "Uri": 9}
    assert (player(s, "Hedger")["gsp"], player(s, "Uri")["gsp"]) == (0, 0)
    assert (player(s, "Hedger")["pending"], player(s, "Uri")["pending"]) == (9, 9)


def test_gsp_counts_the_bouts_won_over_the_match() -> None:
    s = new_session()
    win_bout(s, 0)
    win_bout(s, 1)
    win_bout(s, 0)
    auto_bout(s)
    assert (player(s, "Hedger")["gsp"], player(s, "Uri")["gsp"]) == (2, 1)


def test_bout_winnings_wait_for_the_next_block_and_do_not_add_to_money_now() -> None:
    s = new_session()
    start(s)
    play_round(s, 1, "gs 9", "gs 1")
    assert (player(s, "Hedger")["money"], player(s, "Hedger")["pending"]) == (0, 5)
    (row,) = [r for r in s.scenario.game.view("status").build(s.state, s.now, []).rows if r[0] == "Hedger"]
    assert row[2:4] == ("$0", "$5")


def test_a_play_one_second_before_the_deadline_counts() -> None:
    s = new_session()
    start(s)
    s.advance(ROUND - 2 * SECOND)
    ok(s, "p1: gs 2")
    ok(s, "p2: gs 1")
    (ev,) = events(close_round(s, 1), "round_resolved")
    assert ev["winner"] == "Hedger"
