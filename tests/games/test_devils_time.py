"""The clocks (R-DD-8): 20 s for simple decisions, 90 s for a division or the pick, reminders, what
each deadline does, the break between rounds, and pause.

Time is an input: `@ m:ss` lines move the game clock and everything due on the way happens in order.
"""

from __future__ import annotations

from umpire.games.devilsdeal.state import Ask, Bet, Break, Discard, Divide, Take

from .test_devils_support import SECOND, at, best_line, events, kinds, new_session, ok, public, started, texts, to_poker


def test_no_answer_to_refill_is_no_after_a_reminder_at_ten_seconds() -> None:
    s = started()
    assert at(s, 9.999) == []
    out = at(s, 10)
    assert public(out) == "⏳ **Hedger**: 10 s to answer “refill?” (no answer = no)."
    out = at(s, 20)
    assert kinds(out) == ["refill_declined", "refill_asked"]
    assert public(out).startswith("⏰ **Hedger** did not answer in time: no refill.")
    assert s.state.step == Ask(seat=1)
    assert s.state.deadline is not None and s.state.deadline.due == 40 * SECOND


def test_a_division_has_ninety_seconds_with_reminders_at_thirty_and_ten() -> None:
    s = started()
    ok(s, "p1: yes")
    out = at(s, 89)
    assert [(e["event"], e["t"]) for e in events(out)] == [
        ("reminder", 60 * SECOND),
        ("division_in_force", 60 * SECOND),
        ("reminder", 80 * SECOND),
        ("division_in_force", 80 * SECOND),
    ]
    assert [e["seconds"] for e in events(out, "reminder")] == [30, 10]
    assert texts(out, "public") == ["⏳ **Hedger**: 30 s left for the division.", "⏳ **Hedger**: 10 s left for the division."]
    assert texts(out, "host")[0] == "Hedger: no valid division yet: every card would be set aside"
    assert isinstance(s.state.step, Divide)
    out = at(s, 90)
    assert kinds(out)[0] == "division_locked"


def test_no_take_in_twenty_seconds_takes_nothing() -> None:
    s = started()
    ok(s, "p1: yes", "p1: G4 B4 | aside G8", "p1: done")
    assert isinstance(s.state.step, Take)
    out = at(s, 20)
    assert kinds(out) == ["reminder", "took", "refill_asked"]
    assert "⏰ **Uri** did not answer in time: no card taken." in public(out)


def test_no_discard_in_twenty_seconds_discards_the_newest_cards() -> None:
    s = started()
    ok(s, "p1: yes")
    ok(s, f"p1: {best_line(s)}", "p1: done")
    step = s.state.step
    assert isinstance(step, Discard) and step.count == 4
    # Taken, in the order offered: G4 B4 G6 G3 B1 G9 R2 G8 B5; the last four offered go first.
    (ev,) = events(at(s, 20), "discarded")
    assert ev["auto"] is True
    assert ev["cards"] == ["B5", "G8", "R2", "G9"]
    assert len(s.state.seats[0].pool) == 10


def test_no_pick_by_the_deadline_loses() -> None:
    s = started()
    to_poker(s)
    ok(s, "p1: pick R5 G5")
    out = at(s, 90)
    assert texts(out, "public")[:2] == [
        "⏳ 30 s left to pick private cards (no pick = that player loses).",
        "⏳ 10 s left to pick private cards (no pick = that player loses).",
    ]
    assert texts(out, "host")[:1] == ["Still to choose: Uri"]  # never public: it would tell Hedger that Uri has not chosen
    assert s.state.over and s.state.winner == 0
    assert "🏆 **Hedger wins Devil's Deal**: Uri did not choose private cards in time, so cannot form a hand." in public(out)


def test_when_neither_picks_by_the_deadline_the_starting_player_loses() -> None:
    s = started()
    to_poker(s)
    at(s, 90)
    assert s.state.winner == 1
    assert s.state.result == "Uri won: both players did not choose private cards in time; the starting player, Hedger, loses"


def test_no_bet_in_twenty_seconds_is_a_fold() -> None:
    s = started()
    to_poker(s)
    ok(s, "p1: pick R5 G5", "p2: pick R1 B2")
    assert s.state.step == Bet(number=1, to_act=0)
    out = at(s, 20)
    assert kinds(out) == ["reminder", "folded", "round_over"]
    assert public(out).startswith("⏳ **Hedger**: 10 s to bet (no bet = fold).\n\n⏰ **Hedger** did not bet in time: fold.")


def test_each_bet_gets_its_own_twenty_seconds() -> None:
    s = started()
    to_poker(s)
    ok(s, "p1: pick R5 G5", "p2: pick R1 B2")
    at(s, 15)
    ok(s, "p1: call")
    assert s.state.deadline is not None and s.state.deadline.due == 35 * SECOND


def test_the_next_round_starts_by_itself_after_a_twenty_second_break() -> None:
    s = started()
    to_poker(s)
    ok(s, "p1: pick R5 G5", "p2: pick R1 B2", "p1: fold")
    assert isinstance(s.state.step, Break)
    assert at(s, 19.999) == []
    out = at(s, 20)
    assert kinds(out)[:2] == ["devils_round_started", "refill_asked"]
    assert s.state.round == 2 and s.state.starter == 1  # Uri won round 1 by the fold
    assert public(out).startswith("⚔️ **Round 2** — **Uri** starts.")


def test_pause_holds_every_clock() -> None:
    s = started()
    ok(s, "@ 0:05", "pause")
    assert s.feed("@ 0:30")[0].kind == "refusal"
    ok(s, "resume")
    assert kinds(at(s, 19)) == ["reminder"]
    assert isinstance(s.state.step, Ask) and s.state.step.seat == 0  # 0:19 game time: the 20 s are not up
    out = at(s, 20)
    assert kinds(out) == ["refill_declined", "refill_asked"]


def test_the_scenarios_timing_table_is_used() -> None:
    s = new_session(answer_seconds=30, short_reminders=[15, 5])
    ok(s, "start", "p2: first p1")
    out = at(s, 30)
    assert [(e["event"], e.get("seconds")) for e in events(out)][:3] == [("reminder", 15), ("reminder", 5), ("refill_declined", None)]


def test_undo_of_a_division_takes_it_back() -> None:
    s = started()
    ok(s, "p1: yes", "p1: G4 B4 | aside G8")
    ok(s, "undo")
    step = s.state.step
    assert isinstance(step, Divide) and step.division is None
