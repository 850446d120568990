"""The Final Match's frame: six 10-minute blocks, each started by the host; Goofspiel rounds and
shop cycles on the block's clock; the subgames and the match decided at the ends of blocks 5 and 6.
"""

from __future__ import annotations

import pytest

from umpire.games.choice import rules

from .test_choice_support import (
    BLOCK,
    CYCLE,
    MINUTE,
    PLAY,
    ROUND,
    SECOND,
    auto_bout,
    block_start,
    end_block,
    events,
    new_session,
    ok,
    play_round,
    refused,
    start,
    texts,
    win_bout,
)

# ---------------------------------------------------------------- the blocks


def test_nothing_happens_before_the_host_starts_block_1() -> None:
    s = new_session()
    assert s.next_due() is None
    assert s.advance(2 * 60 * MINUTE) == []
    final = s.final()
    assert (final["block"], final["in_block"], final["goofspiel"], final["shop"]) == (0, False, None, None)


def test_the_host_starts_each_of_six_blocks_and_the_match_is_over_after_block_6() -> None:
    s = new_session()
    started = []
    for b in range(1, 7):
        out = start(s, at=(b - 1) * 11 * MINUTE)
        (ev,) = events(out, "block_started")
        started.append((ev["block"], ev["t"], ev["goofspiel"], ev["shop"]))
        assert not s.final()["over"]
        end_block(s)
    assert started == [
        (1, 0, True, False),
        (2, 11 * MINUTE, True, True),
        (3, 22 * MINUTE, True, True),
        (4, 33 * MINUTE, True, True),
        (5, 44 * MINUTE, True, True),
        (6, 55 * MINUTE, False, True),
    ]
    final = s.final()
    assert (final["block"], final["in_block"], final["over"]) == (6, False, True)
    assert s.next_due() is None


def test_start_is_refused_while_a_block_runs() -> None:
    s = new_session()
    start(s)
    s.advance(9 * MINUTE)
    assert refused(s, "start", error="IllegalAction") == "block 1 is under way; the next one starts after it ends"


def test_a_block_ends_by_itself_after_ten_minutes() -> None:
    s = new_session()
    start(s, at=3 * MINUTE)
    assert events(s.advance(3 * MINUTE + BLOCK - 1), "block_over") == []
    assert s.final()["in_block"]
    out = s.advance(3 * MINUTE + BLOCK)
    (ev,) = events(out, "block_over")
    assert (ev["block"], ev["t"]) == (1, 13 * MINUTE)
    assert texts(out, "public") == ["**Block 1 is over.** Break: the host starts the next block."]
    assert not s.final()["in_block"]


def test_the_break_between_blocks_lasts_until_the_host_starts_the_next() -> None:
    s = new_session()
    auto_bout(s)
    assert s.next_due() is None
    assert s.advance(BLOCK + 40 * MINUTE) == []
    out = start(s)
    (ev,) = events(out, "block_started")
    assert (ev["block"], ev["t"]) == (2, 50 * MINUTE)
    (first,) = events(out, "round_started")
    assert first["deadline"] == 50 * MINUTE + PLAY


def test_nothing_happens_after_block_6() -> None:
    s = new_session()
    for _ in range(6):
        auto_bout(s)
    assert refused(s, "start", error="IllegalAction") == "the match is over (undecided: nobody won two subgames)"
    assert refused(s, "p1: gs 1", error="IllegalAction") == "the match is over (undecided: nobody won two subgames)"
    assert refused(s, "p1: buy 1", error="IllegalAction") == "the match is over (undecided: nobody won two subgames)"
    assert s.advance(10 * 60 * MINUTE) == []


def test_block_1_announces_goofspiel_and_a_closed_shop() -> None:
    s = new_session()
    out = start(s)
    assert texts(out, "public") == [
        "**Block 1 of 6 begins.**\nBalances: Hedger $0 · Uri $0\n#goofspiel: a bout of nine rounds · #shop: closed this block",
        "🃏 **Block 1, round 1/9: the prize is 5.** Submit `gs X` privately within 59 s.",
    ]


def test_block_6_has_the_shop_and_no_goofspiel() -> None:
    s = new_session()
    for _ in range(5):
        auto_bout(s)
    out = start(s)
    # Blocks 2–6 run the Shop, Gyul Hap and Expressions: block 6 opens all three, without a bout.
    assert [e["event"] for e in events(out)] == ["block_started", "shop_opened", "gh_board", "expr_set"]
    assert s.final()["goofspiel"] is None
    assert events(end_block(s), "round_started") == []


# ---------------------------------------------------------------- the clock inside a block


def test_goofspiel_rounds_open_every_60_seconds_and_take_plays_for_59() -> None:
    s = new_session()
    out = start(s, at=2 * MINUTE)
    out += end_block(s)
    t0 = 2 * MINUTE
    opened = [(e["round"], e["t"], e["deadline"]) for e in events(out, "round_started")]
    assert opened == [(k, t0 + (k - 1) * ROUND, t0 + (k - 1) * ROUND + PLAY) for k in range(1, 10)]
    resolved = [(e["round"], e["t"]) for e in events(out, "round_resolved")]
    assert resolved == [(k, t0 + (k - 1) * ROUND + PLAY) for k in range(1, 10)]


def test_a_reminder_comes_10_seconds_before_each_round_deadline() -> None:
    s = new_session()
    out = start(s)
    out += end_block(s)
    reminders = [(e["round"], e["t"], e["seconds"]) for e in events(out, "round_reminder")]
    assert reminders == [(k, (k - 1) * ROUND + 49 * SECOND, 10) for k in range(1, 10)]


def test_the_reminder_tells_only_the_host_who_is_still_to_play() -> None:
    s = new_session()
    start(s)
    ok(s, "p2: gs 4")
    out = s.advance(49 * SECOND)
    (ev,) = events(out, "round_reminder")
    # Public: only the time, and no field naming anyone; naming who has not played would tell a
    # player that the other has (issue 14: the public JSON carried `waiting`).
    assert ev == {
        "type": "event",
        "event": "round_reminder",
        "t": 49 * SECOND,
        "audience": "public",
        "block": 1,
        "round": 1,
        "seconds": 10,
    }
    assert texts(out, "public") == ["⏳ Block 1, round 1: 10 seconds left."]
    (waiting,) = events(out, "still_waiting")
    assert (waiting["audience"], waiting["waiting"]) == ("host", ["Hedger"])
    assert texts(out, "host") == ["Still to play in round 1: Hedger"]
    ok(s, "p1: gs 4")
    out = s.advance(ROUND + 49 * SECOND)
    assert texts(out, "host")[-1] == "Still to play in round 2: Hedger, Uri"


def test_no_still_waiting_event_when_both_have_played() -> None:
    s = new_session()
    start(s)
    ok(s, "p1: gs 4")
    ok(s, "p2: gs 5")
    out = s.advance(49 * SECOND)
    assert [e["event"] for e in events(out)] == ["round_reminder"]
    assert texts(out, "host") == []


def test_a_round_reminder_setting_of_0_sends_no_reminders() -> None:
    s = new_session(round_reminder_seconds=0)
    start(s)
    assert events(end_block(s), "round_reminder") == []


def test_everything_due_on_the_way_is_applied_in_order_by_one_time_line() -> None:
    s = new_session()
    start(s)
    out = ok(s, "@ 2:00")
    assert [(e["event"], e["t"]) for e in events(out)] == [
        ("round_reminder", 49 * SECOND),
        ("still_waiting", 49 * SECOND),
        ("round_resolved", 59 * SECOND),
        ("round_started", 60 * SECOND),
        ("round_reminder", 109 * SECOND),
        ("still_waiting", 109 * SECOND),
        ("round_resolved", 119 * SECOND),
        ("round_started", 120 * SECOND),
    ]


def test_the_bout_ends_at_round_9s_deadline_and_the_block_runs_on_to_10_minutes() -> None:
    s = new_session()
    start(s)
    out = s.advance(8 * ROUND + PLAY)
    assert [e["event"] for e in events(out)][-2:] == ["round_resolved", "bout_over"]
    assert events(out, "bout_over")[0]["t"] == 8 * ROUND + PLAY
    assert s.final()["in_block"]
    assert s.next_due() == BLOCK


def test_shop_cycles_open_at_0_00_3_20_and_6_40_of_blocks_2_to_6() -> None:
    s = new_session()
    auto_bout(s)
    for b in range(2, 7):
        out = start(s, at=s.now + MINUTE)
        t0 = block_start(s)
        out += end_block(s)
        opened = [(e["block"], e["cycle"], e["t"], e["until"]) for e in events(out, "shop_opened")]
        assert opened == [(b, c, t0 + (c - 1) * CYCLE, t0 + c * CYCLE) for c in (1, 2, 3)]


def test_deadlines_at_one_instant_fire_passing_first_then_endings_then_openings_then_reminders() -> None:
    s = new_session(block_seconds=539, shop_cycle_seconds=120, expr_set_seconds=240)
    state, _ = rules.start_block(s.state, 0)
    state, _ = rules.end_block(state, 539 * SECOND)
    state, _ = rules.start_block(state, 600 * SECOND)  # block 2: Goofspiel, the shop and Expressions
    at: dict[int, list[str]] = {}
    while (due := rules.next_due(state)) is not None:
        state, evs = rules.on_due(state, due)
        at.setdefault(due - 600 * SECOND, []).extend(e.kind for e in evs)
    assert list(at) == sorted(at)
    assert at[120 * SECOND] == ["round_started", "shop_opened"]
    assert at[240 * SECOND] == ["round_started", "shop_opened", "expr_set"]
    # Round 9's deadline falls with the block's end: the reveal first, then the block closes.
    assert at[539 * SECOND][:3] == ["round_resolved", "bout_over", "block_over"]
    assert sum(kinds.count("round_resolved") for kinds in at.values()) == 9


def test_each_timed_decision_is_a_deadline_in_the_state() -> None:
    s = new_session()
    start(s)
    state = s.state
    assert state.block_clock is not None and (state.block_clock.start, state.block_clock.due) == (0, BLOCK)
    assert state.round_clock is not None and state.round_clock.what == "round" and state.round_clock.due == PLAY
    assert [step.at for step in state.round_clock.steps] == [49 * SECOND, PLAY]
    s.advance(PLAY)
    assert s.state.round_clock is not None and (s.state.round_clock.what, s.state.round_clock.due) == ("break", ROUND)


# ---------------------------------------------------------------- deciding the match


def test_the_goofspiel_subgame_is_decided_at_the_end_of_block_5() -> None:
    s = new_session()
    win_bout(s, 1)
    for _ in range(3):
        auto_bout(s)
    start(s)
    assert s.final()["subgame_winners"]["goofspiel"] is None
    out = end_block(s)
    (ev,) = events(out, "subgame_decided")
    assert (ev["subgame"], ev["winner"], ev["reason"], ev["points"]) == ("goofspiel", "Uri", "1 to 0", {"Hedger": 0, "Uri": 1})
    assert ev["t"] == 4 * BLOCK + BLOCK
    assert "🏁 **Goofspiel: Uri wins** (1 to 0). Points: Hedger 0 · Uri 1." in texts(out)
    assert s.final()["subgame_winners"] == {"goofspiel": "Uri", "gyul_hap": None, "expressions": None}


def test_a_tied_goofspiel_subgame_goes_to_the_single_advantage_holder() -> None:
    s = new_session()  # goofspiel_advantage = [1, 0]
    win_bout(s, 0)
    win_bout(s, 1)
    for _ in range(2):
        auto_bout(s)
    start(s)
    (ev,) = events(end_block(s), "subgame_decided")
    assert (ev["winner"], ev["reason"]) == ("Hedger", "tied at 1; Hedger holds the Goofspiel Advantage")


def test_the_advantage_holder_wins_a_tie_even_after_using_the_copy() -> None:
    s = new_session(goofspiel_advantage=[0, 1])
    start(s)
    play_round(s, 1, None, "igs 1")  # 1+1 beats Hedger's auto-played 1; every later round is a tie
    end_block(s)
    assert s.final()["players"]["Uri"]["advantages"]["goofspiel"] == {"given": 1, "left": 0}
    assert s.final()["players"]["Uri"]["gsp"] == 1
    win_bout(s, 0)
    for _ in range(2):
        auto_bout(s)
    start(s)
    (ev,) = events(end_block(s), "subgame_decided")
    assert (ev["winner"], ev["reason"]) == ("Uri", "tied at 1; Uri holds the Goofspiel Advantage")


@pytest.mark.parametrize(
    ("given", "reason"),
    [
        ([0, 0], "tied at 0 and nobody holds the Advantage: no winner (R-ADV-1)"),
        ([1, 1], "tied at 0 and both hold the Advantage: no winner (R-ADV-1)"),
        ([2, 1], "tied at 0 and both hold the Advantage: no winner (R-ADV-1)"),
    ],
)
def test_a_tied_goofspiel_subgame_without_a_single_holder_has_no_winner(given: list[int], reason: str) -> None:
    s = new_session(goofspiel_advantage=given)
    for _ in range(4):
        auto_bout(s)
    (ev,) = events(auto_bout(s), "subgame_decided")
    assert (ev["subgame"], ev["winner"], ev["reason"]) == ("goofspiel", None, reason)
    assert s.final()["subgame_winners"]["goofspiel"] is None


def test_the_match_goes_to_whoever_wins_two_subgames() -> None:
    s = new_session()  # Gyul Hap Advantage: Uri only; Expressions Advantage: both
    win_bout(s, 1)
    for _ in range(4):
        auto_bout(s)
    start(s)
    out = end_block(s)
    decided = [(e["subgame"], e["winner"]) for e in events(out, "subgame_decided")]
    assert decided == [("gyul_hap", "Uri"), ("expressions", None)]
    (ev,) = events(out, "final_match_over")
    assert (ev["winner"], ev["result"]) == ("Uri", "Uri won 2 of 3 subgames")
    assert ev["subgame_winners"] == {"goofspiel": "Uri", "gyul_hap": "Uri", "expressions": None}
    assert (
        texts(out)[-1]
        == "🏆 **Uri wins The Choice is Yours!** Uri won 2 of 3 subgames: Goofspiel: Uri, Gyul Hap: Uri, Expressions: no winner."
    )
    final = s.final()
    assert (final["winner"], final["result"], final["over"]) == ("Uri", "Uri won 2 of 3 subgames", True)


def test_the_match_is_undecided_when_nobody_wins_two_subgames() -> None:
    s = new_session()
    win_bout(s, 0)
    for _ in range(5):
        auto_bout(s)
    final = s.final()
    assert final["subgame_winners"] == {"goofspiel": "Hedger", "gyul_hap": "Uri", "expressions": None}
    assert (final["winner"], final["result"]) == (None, "undecided: nobody won two subgames")
