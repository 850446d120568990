"""Hap-Tac-Toe and When Stars Align: the rough edges a host hit (issue 18) — wording taken from the
settings, lists joined as sentences, a claim's stray word named, a repeated invalid claim labelled
truly, and default reminders that fit a short reserve."""

from __future__ import annotations

import tomllib

import pytest
import tomli_w

from umpire.core.settings import Settings
from umpire.scenario import ScenarioError, parse

from . import BOTH, BUNDLED, CHOOSER, LATER, NOT_HAP, begin, events, new_session, play_turn, public_text, refused, scenario
from .test_haptactoe_refusals import row_one, started


@pytest.mark.parametrize(
    ("move_seconds", "words"),
    [(20, "20 seconds are"), (60, "minute is"), (120, "2 minutes are"), (90, "90 seconds are"), (1, "1 second is")],
)
def test_the_reserve_notice_words_the_move_time_from_move_seconds(move_seconds: int, words: str) -> None:
    # Issue 18: with move_seconds = 20 the notice still said “minute is up”.
    s = new_session("htt", move_seconds=move_seconds, move_reminders=[])
    begin(s)
    out = s.feed(f"@ {move_seconds // 60}:{move_seconds % 60:02d}")
    (ev,) = events(out, "reserve_started")
    assert ev["player"] == "Hedger"
    assert public_text(out) == f"⏳ **Hedger**'s {words} up: now on reserve (5:00 left)."


@pytest.mark.parametrize("kind", BOTH)
def test_three_empty_squares_are_listed_with_commas_and_one_and(kind: str) -> None:
    # Issue 18: “A1 and B3 and C5 are empty”.
    s = started(kind)
    row_one(s, kind)
    word = "hap" if kind == "htt" else "set"
    assert refused(s, f"p1: {word} D2 E3 C5", error="IllegalAction") == "D2, E3 and C5 are empty"
    assert refused(s, f"p1: {word} A1 E3 C5", error="IllegalAction") == "E3 and C5 are empty"


@pytest.mark.parametrize("kind", BOTH)
def test_a_claim_with_a_word_that_is_not_a_square_names_the_word_not_a_fourth_square(kind: str) -> None:
    # Issue 18: `hap A1 C3 E5 extra` was refused as “got 4”.
    s = started(kind)
    row_one(s, kind)
    word = "hap" if kind == "htt" else "set"
    assert refused(s, f"p1: {word} A1 C3 E5 extra", error="InvalidCommand") == (
        f"“extra” is not a square; a claim names three squares and nothing else, e.g. “{word} A1 A2 A4”"
    )
    assert refused(s, f"p1: {word} A1 and C3 or E5", error="InvalidCommand") == (
        f"“and” and “or” are not squares; a claim names three squares and nothing else, e.g. “{word} A1 A2 A4”"
    )
    assert refused(s, f"p1: {word} A1 B1 C1 D1", error="InvalidCommand").endswith("(got 4)")  # four squares are four squares


@pytest.mark.parametrize("kind", BOTH)
def test_a_repeated_invalid_claim_is_not_labelled_as_claimed(kind: str) -> None:
    # Issue 18: an invalid claim named twice was labelled “already claimed in it”, though it claimed nothing.
    s = new_session(kind)
    begin(s)
    for _ in range(3):
        play_turn(s)
    out = play_turn(s, [NOT_HAP, LATER, NOT_HAP])
    text = public_text(out)
    assert "already claimed in it" not in text
    assert f"{NOT_HAP} — repeated this turn (the same squares were called earlier in it)" in text
    assert CHOOSER[kind] in text


def htt_without_reminders(**rules: object) -> str:
    data = tomllib.loads(BUNDLED["htt"].read_text(encoding="utf-8"))
    del data["rules"]["move_reminders"], data["rules"]["reserve_reminders"]
    data["rules"].update(rules)
    return tomli_w.dumps(data)


def test_a_scenario_setting_only_a_45_second_reserve_loads_with_the_default_reminders_that_fit() -> None:
    # Issue 18: `reserve_seconds = 45` alone was refused because of the default reserve_reminders (60 s).
    sc = parse(htt_without_reminders(reserve_seconds=45), "s.toml")
    lines = sc.game.rulings(Settings(sc.settings))
    assert "Reminders at 10 s left on a move (move_reminders) and 30 s, 10 s left of the reserve (reserve_reminders)." in lines


def test_a_short_reserve_is_reminded_only_at_the_default_times_it_reaches() -> None:
    s = new_session("htt", reserve_seconds=45)  # the bundled file lists the default [60, 30, 10]
    begin(s)
    out = s.feed("@ 1:45")  # the minute, then the whole reserve
    assert [e["seconds"] for e in events(out, "reserve_reminder")] == [30, 10]


def test_a_zero_reserve_or_a_short_move_needs_no_reminder_setting() -> None:
    parse(htt_without_reminders(reserve_seconds=0), "s.toml")
    parse(htt_without_reminders(move_seconds=5), "s.toml")


def test_reminders_a_scenario_sets_must_all_fit_still() -> None:
    with pytest.raises(ScenarioError) as info:
        scenario("htt", reserve_seconds=45, reserve_reminders=[60, 30])
    assert str(info.value).endswith(
        "rules.reserve_reminders: 60 s left can never be reminded: the reserve lasts 45 s (reserve_seconds); each reminder must be less than that"
    )
