"""The clocks: 60 s per move, then a 5-minute reserve shared by both games.

Time is an input: `@ m:ss` lines (and `Session.advance`) move the game clock,
and everything due on the way happens in order. Nothing here reads a real clock.
"""

from __future__ import annotations

import pytest

from umpire.core.clock import SECOND

from . import BOTH, CHOOSER, begin, events, new_session, ok, play_game, play_turn, public_text


def kinds(outputs: list) -> list[str]:
    return [e["event"] for e in events(outputs)]


@pytest.mark.parametrize("kind", BOTH)
def test_move_reminder_at_ten_seconds_left(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    assert ok(s, "@ 0:49.999") == []
    out = ok(s, "@ 0:50")
    (ev,) = events(out)
    assert (ev["event"], ev["player"], ev["seconds"], ev["t"]) == ("move_reminder", "Hedger", 10, 50 * SECOND)
    assert public_text(out) == "⏳ **Hedger**: 10 s left on this move."


@pytest.mark.parametrize("kind", BOTH)
def test_reserve_starts_when_the_minute_is_up(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    ok(s, "@ 0:59")
    out = ok(s, "@ 1:00")
    (ev,) = events(out)
    assert (ev["event"], ev["player"], ev["seconds"]) == ("reserve_started", "Hedger", 300)
    assert public_text(out) == "⏳ **Hedger**'s minute is up: now on reserve (5:00 left)."


@pytest.mark.parametrize("kind", BOTH)
def test_reserve_reminders_at_60_30_and_10_seconds_left(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    ok(s, "@ 1:00")
    # Reserve 5:00 from 1:00: 60 s left at 5:00, 30 s at 5:30, 10 s at 5:50.
    out = ok(s, "@ 5:55")
    assert [(e["event"], e["seconds"], e["t"]) for e in events(out)] == [
        ("reserve_reminder", 60, 300 * SECOND),
        ("reserve_reminder", 30, 330 * SECOND),
        ("reserve_reminder", 10, 350 * SECOND),
    ]
    assert public_text(out).split("\n") == [
        "⏳ **Hedger**: 1:00 of reserve left.",
        "⏳ **Hedger**: 0:30 of reserve left.",
        "⏳ **Hedger**: 0:10 of reserve left.",
    ]
    assert not s.final()["over"]


@pytest.mark.parametrize("kind", BOTH)
def test_reserve_gone_loses_the_dm(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    ok(s, "@ 5:59.999")
    assert not s.final()["over"]
    out = ok(s, "@ 6:00")
    (ev,) = events(out)
    assert (ev["event"], ev["winner"], ev["loser"], ev["t"]) == ("timed_out", CHOOSER[kind], "Hedger", 360 * SECOND)
    assert public_text(out) == (
        f"⏰ **Hedger's reserve time ran out.** **{CHOOSER[kind]}** wins the Death Match.\n"
        f"Scores when time ran out: Hedger 0 · {CHOOSER[kind]} 0 (a time-out decides the DM whatever the score; "
        "the unfinished move does not count)."
    )
    final = s.final()
    assert (final["over"], final["winner"], final["reserve_seconds"]["Hedger"]) == (True, CHOOSER[kind], 0)
    assert s.next_due() is None


def test_a_long_time_jump_applies_every_deadline_in_order() -> None:
    s = new_session("htt")
    begin(s)
    out = ok(s, "@ 30:00")
    assert kinds(out) == ["move_reminder", "reserve_started", "reserve_reminder", "reserve_reminder", "reserve_reminder", "timed_out"]
    assert [e["t"] for e in events(out)] == [50_000, 60_000, 300_000, 330_000, 350_000, 360_000]


@pytest.mark.parametrize("kind", BOTH)
def test_a_move_within_the_minute_costs_no_reserve(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    ok(s, "@ 0:40")
    out = play_turn(s)
    (ended,) = events(out, "turn_ended")
    assert ended["reserve_seconds"] == {"Hedger": 300.0, CHOOSER[kind]: 300.0}


@pytest.mark.parametrize("kind", BOTH)
def test_reserve_drains_only_past_the_minute(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    ok(s, "@ 1:30")
    out = play_turn(s)
    (ended,) = events(out, "turn_ended")
    assert ended["reserve_seconds"]["Hedger"] == 270.0
    assert "Next: **" + CHOOSER[kind] + "** (60 s, reserve 5:00)" in public_text(out)


def test_the_next_move_starts_its_clock_when_the_turn_ends() -> None:
    s = new_session("htt")
    begin(s)
    ok(s, "@ 0:20")
    play_turn(s)  # Uri's move starts at 0:20
    out = ok(s, "@ 1:10")
    assert [(e["event"], e["player"], e["t"]) for e in events(out)] == [("move_reminder", "Uri", 70_000)]
    out = ok(s, "@ 1:20")
    assert [(e["event"], e["player"]) for e in events(out)] == [("reserve_started", "Uri")]


def test_reserve_is_never_replenished() -> None:
    s = new_session("htt")
    begin(s)
    ok(s, "@ 1:30")
    play_turn(s)  # Hedger: 30 s of reserve used; Uri starts at 1:30
    play_turn(s)  # Uri: within the minute
    # Hedger's next move starts at 1:30 with 4:30 of reserve; it runs out at 1:30 + 1:00 + 4:30 = 7:00.
    out = ok(s, "@ 2:30")
    assert public_text(out).endswith("now on reserve (4:30 left).")
    ok(s, "@ 6:59.999")
    assert not s.final()["over"]
    out = ok(s, "@ 7:00")
    assert kinds(out) == ["timed_out"]
    assert s.final()["winner"] == "Uri"


@pytest.mark.parametrize("kind", BOTH)
def test_reserve_carries_into_game_two(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    ok(s, "@ 1:45")
    play_turn(s)  # Hedger uses 45 s of reserve on turn 1
    play_game(s)
    out = ok(s, "start")
    (ev,) = events(out, "game_started")
    assert ev["reserve_seconds"] == {"Hedger": 255.0, CHOOSER[kind]: 300.0}
    assert f"60 s per move, then reserve (Hedger 4:15 · {CHOOSER[kind]} 5:00)." in public_text(out)


def test_reserve_used_in_game_one_shortens_the_deadline_in_game_two() -> None:
    s = new_session("wsa")
    begin(s)
    ok(s, "@ 5:30")
    play_turn(s)  # Hedger: 4:30 of reserve used; 0:30 left for the rest of the DM
    play_game(s)
    ok(s, "start")  # game 2 at 5:30: Ian first
    play_turn(s)  # Hedger's move starts at 5:30
    # Only the 10 s reserve reminder fits in a 30 s reserve (60 and 30 s are not "left" while it drains).
    out = ok(s, "@ 7:00")
    assert [(e["event"], e.get("seconds")) for e in events(out)] == [
        ("move_reminder", 10),
        ("reserve_started", 30),
        ("reserve_reminder", 10),
        ("timed_out", None),
    ]
    assert [e["t"] for e in events(out)] == [380_000, 390_000, 410_000, 420_000]
    assert s.final()["winner"] == "Ian"
    assert s.final()["result"] == "Ian won: Hedger's reserve time ran out"


def test_a_player_on_reserve_may_still_move() -> None:
    s = new_session("htt")
    begin(s)
    ok(s, "@ 5:59")
    out = play_turn(s)
    (ended,) = events(out, "turn_ended")
    assert ended["reserve_seconds"]["Hedger"] == 1.0
    assert not s.final()["over"]


def test_no_clock_runs_before_the_start_or_between_games() -> None:
    s = new_session("htt")
    assert ok(s, "@ 30:00") == []
    ok(s, "p2: first p1")
    assert ok(s, "@ 40:00") == []
    ok(s, "start")
    play_game(s)
    assert s.next_due() is None
    assert ok(s, "@ 59:00") == []
    assert s.final()["reserve_seconds"] == {"Hedger": 300.0, "Uri": 300.0}


def test_reserve_seconds_zero_means_the_minute_is_all() -> None:
    s = new_session("htt", reserve_seconds=0, reserve_reminders=[])
    begin(s)
    out = ok(s, "@ 1:00")
    assert kinds(out) == ["move_reminder", "timed_out"]
    assert s.final()["winner"] == "Uri"


def test_status_shows_the_live_reserve_while_it_drains() -> None:
    s = new_session("htt")
    begin(s)
    ok(s, "@ 1:20")
    (view,) = s.feed("status")
    assert view.view is not None
    assert view.view.rows[0][-1] == "4:40"
    assert s.final()["reserve_seconds"]["Hedger"] == 280.0


def test_reserve_started_shows_the_reserve_as_every_other_clock_does() -> None:
    # Countdowns round partial seconds up (umpire.core.clock.fmt_clock: "a countdown that shows 0:00
    # has really run out"). Uri's move ends 0.6 s into his reserve: 299.4 s are left, shown as 5:00
    # in "Next: … reserve 5:00" and in `status`; the reserve-started reminder must say the same.
    s = new_session("htt")
    begin(s)
    ok(s, "@ 0:00.500")
    play_turn(s)  # Uri's move starts at 0:00.5
    ok(s, "@ 1:01.100")
    play_turn(s)  # Uri: 60.6 s used, 0.6 s of reserve
    out = play_turn(s)  # Hedger, at once
    assert "Next: **Uri** (60 s, reserve 5:00)" in public_text(out)
    out = ok(s, "@ 2:02")
    assert public_text(out).split("\n")[-1] == "⏳ **Uri**'s minute is up: now on reserve (5:00 left)."
