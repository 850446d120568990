"""The clock model: reading and showing times, per-move timers with a reserve, reminders."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core.clock import MINUTE, SECOND, MoveClock, fmt_clock, fmt_stamp, parse_clock
from umpire.core.errors import InvalidCommand


@pytest.mark.parametrize(
    ("text", "ms"),
    [
        ("0:00", 0),
        ("1:30", 90_000),
        ("01:30", 90_000),
        ("12:05", 12 * MINUTE + 5 * SECOND),
        ("90:00", 90 * MINUTE),
        ("999:59", 999 * MINUTE + 59 * SECOND),
        ("1:00:05", 3_605_000),
        ("2:59:59", 2 * 3600 * SECOND + 59 * MINUTE + 59 * SECOND),
        ("1:30.5", 90_500),
        ("1:30.05", 90_050),
        ("1:30.250", 90_250),
        ("  1:30  ", 90_000),
    ],
)
def test_parse_clock_reads_mm_ss_h_mm_ss_and_milliseconds(text: str, ms: int) -> None:
    assert parse_clock(text) == ms


@pytest.mark.parametrize("text", ["", "90", "1:3", "1:300", "a:bc", "1:30pm", "1:30.", "1:30.1234", "-1:30", "1:2:3:4", "1 30", "@ 1:30"])
def test_parse_clock_refuses_text_that_is_not_a_time(text: str) -> None:
    with pytest.raises(InvalidCommand) as info:
        parse_clock(text)
    message = str(info.value)
    assert f"“{text.strip()}” is not a time" in message
    assert "mm:ss" in message
    assert "h:mm:ss" in message


@pytest.mark.parametrize("text", ["1:60", "0:99", "1:60:00", "1:75:00", "0:00:60"])
def test_parse_clock_refuses_seconds_or_minutes_of_60_or_more(text: str) -> None:
    with pytest.raises(InvalidCommand) as info:
        parse_clock(text)
    assert str(info.value) == f"“{text}” is not a time: minutes and seconds run 00–59"


def test_minutes_may_pass_59_when_there_is_no_hour_field() -> None:
    assert parse_clock("75:00") == 75 * MINUTE


@pytest.mark.parametrize(
    ("ms", "text"),
    [
        (0, "0:00"),
        (1, "0:01"),
        (999, "0:01"),
        (1000, "0:01"),
        (1001, "0:02"),
        (59_001, "1:00"),
        (90_000, "1:30"),
        (3_599_000, "59:59"),
        (3_600_000, "1:00:00"),
        (3_605_000, "1:00:05"),
        (-1000, "-0:01"),
        (-90_000, "-1:30"),
    ],
)
def test_fmt_clock_shows_m_ss_rounding_partial_seconds_up(ms: int, text: str) -> None:
    assert fmt_clock(ms) == text


def test_a_countdown_shows_zero_only_when_it_has_run_out() -> None:
    assert fmt_clock(1) != "0:00"
    assert fmt_clock(0) == "0:00"


@pytest.mark.parametrize(
    ("ms", "text"),
    [(0, "0:00"), (90_000, "1:30"), (90_500, "1:30.500"), (90_005, "1:30.005"), (3_605_000, "1:00:05"), (3_605_250, "1:00:05.250")],
)
def test_fmt_stamp_shows_a_point_of_game_time_exactly(ms: int, text: str) -> None:
    assert fmt_stamp(ms) == text


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=100 * 3600 * SECOND))
def test_fmt_stamp_round_trips_through_parse_clock(ms: int) -> None:
    assert parse_clock(fmt_stamp(ms)) == ms


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=100 * 3600))
def test_fmt_clock_of_whole_seconds_round_trips_through_parse_clock(secs: int) -> None:
    assert parse_clock(fmt_clock(secs * SECOND)) == secs * SECOND


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=100 * 3600 * SECOND))
def test_fmt_clock_never_shows_less_than_is_left(ms: int) -> None:
    shown = parse_clock(fmt_clock(ms))
    assert ms <= shown < ms + SECOND


# ---------------------------------------------------------------- MoveClock

CLOCK = MoveClock(move_ms=60 * SECOND, reserve_ms=300 * SECOND)


def test_free_until_is_the_start_plus_the_free_allowance() -> None:
    assert CLOCK.free_until(10_000) == 70_000


def test_out_at_is_when_the_free_time_and_reserve_are_both_gone() -> None:
    assert CLOCK.out_at(10_000) == 10_000 + 60_000 + 300_000


@pytest.mark.parametrize(
    ("now", "left"),
    [
        (0, (60_000, 300_000)),
        (20_000, (40_000, 300_000)),
        (60_000, (0, 300_000)),
        (90_000, (0, 270_000)),
        (360_000, (0, 0)),
        (500_000, (0, 0)),
        (-5_000, (60_000, 300_000)),
    ],
)
def test_left_drains_free_time_first_then_the_reserve_never_below_zero(now: int, left: tuple[int, int]) -> None:
    assert CLOCK.left(0, now) == left


def test_after_move_within_the_free_time_keeps_the_reserve() -> None:
    assert CLOCK.after_move(0, 59_999) == CLOCK


def test_after_move_charges_overtime_to_the_reserve() -> None:
    assert CLOCK.after_move(1_000, 1_000 + 75_000) == MoveClock(move_ms=60_000, reserve_ms=285_000)


def test_reserve_is_never_replenished_across_moves() -> None:
    clock = CLOCK.after_move(0, 100_000)  # 40 s of reserve used
    clock = clock.after_move(200_000, 210_000)  # a quick move gives nothing back
    assert clock.reserve_ms == 260_000
    assert clock.move_ms == 60_000


def test_after_move_past_the_reserve_leaves_zero() -> None:
    assert CLOCK.after_move(0, 10 * MINUTE).reserve_ms == 0


@settings(max_examples=100, deadline=None)
@given(
    move=st.integers(min_value=0, max_value=10**6),
    reserve=st.integers(min_value=0, max_value=10**6),
    started=st.integers(min_value=0, max_value=10**6),
    used=st.integers(min_value=0, max_value=3 * 10**6),
)
def test_left_plus_time_used_accounts_for_every_millisecond(move: int, reserve: int, started: int, used: int) -> None:
    clock = MoveClock(move_ms=move, reserve_ms=reserve)
    free, res = clock.left(started, started + used)
    assert 0 <= free <= move
    assert 0 <= res <= reserve
    if started + used <= clock.out_at(started):
        assert free + res + used == move + reserve
    else:
        assert (free, res) == (0, 0)
    assert clock.after_move(started, started + used).reserve_ms == res


def test_move_clock_is_frozen_and_keyword_only() -> None:
    with pytest.raises(TypeError):
        MoveClock(60_000, 300_000)  # type: ignore[call-arg]
    with pytest.raises(AttributeError):
        CLOCK.reserve_ms = 0  # type: ignore[misc]
