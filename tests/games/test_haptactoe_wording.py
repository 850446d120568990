"""What the posts say: scores, carry-overs, strikes, the chooser's title, long turns, the title and the bounds."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from tests.games import game
from umpire.cli import app, check  # noqa: F401 - registers `check hap`
from umpire.core import chat, hap
from umpire.games.haptactoe.pieces import TRIPLES, square_name
from umpire.scenario import ScenarioError

from . import (
    BOTH,
    CHOOSER,
    HAP_1,
    NOT_HAP,
    NOT_HAP_2,
    begin,
    events,
    fill_turn,
    new_session,
    ok,
    play_game,
    play_turn,
    public_text,
    scenario,
)

HAP_TAC_TOE, WHEN_STARS_ALIGN = game("hap-tac-toe"), game("when-stars-align")


@pytest.mark.parametrize("kind", BOTH)
def test_game_two_score_line_shows_game_two_and_the_total(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    play_game(s, {3: [HAP_1]})  # Hedger 1 in game 1
    out = play_game(s, {3: [HAP_1]})  # game 2: the chooser opens, so turn 3 is theirs
    first = public_text(out).split("\n")
    want = f"Score (game 2): Hedger 0 · {CHOOSER[kind]} 1 — total: Hedger 1 · {CHOOSER[kind]} 1"
    assert any(line.startswith(want) for line in first)
    assert not any(line.startswith("Score: ") for line in first)


def test_wsa_end_of_game_one_says_reserves_and_strikes_carry_over() -> None:
    s = new_session("wsa")
    begin(s)
    out = play_game(s)
    assert "Game 2: **Ian** moves first. Reserves and strikes carry over. (Host: “start” when ready.)" in public_text(out)


def test_wsa_end_of_game_one_says_strikes_start_again_when_the_scenario_says_so() -> None:
    s = new_session("wsa", strikes_carry_over=False)
    begin(s)
    out = play_game(s)
    assert "Reserves carry over; strikes start again at 0." in public_text(out)


def test_htt_end_of_game_one_says_reserves_carry_over() -> None:
    s = new_session("htt")
    begin(s)
    assert "Game 2: **Uri** moves first. Reserves carry over. (Host: “start” when ready.)" in public_text(play_game(s))


@pytest.mark.parametrize("kind", BOTH)
def test_the_time_out_post_gives_the_scores(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    play_turn(s)
    play_turn(s)
    play_turn(s, [HAP_1])  # Hedger 1
    out = ok(s, "@ 9:00")  # the chooser's reserve runs out on turn 4
    (ev,) = events(out, "timed_out")
    assert ev["totals"] == {"Hedger": 1, CHOOSER[kind]: 0}
    assert f"Scores when time ran out: Hedger 1 · {CHOOSER[kind]} 0" in public_text(out)


def _strike_turn(**rules: Any) -> str:
    s = new_session("wsa", **rules)
    begin(s)
    for _ in range(4):
        play_turn(s)
    return public_text(play_turn(s, [NOT_HAP, NOT_HAP_2, "A1 D1 E1"]))


def test_wsa_a_penalty_of_more_than_one_point_is_written_in_the_plural() -> None:
    text = _strike_turn(strikes_per_penalty=3, strike_penalty_points=2)
    assert "❌ set A1 D1 E1 — not a set — strike 3: -2 points, strikes reset" in text
    assert f"❌ set {NOT_HAP_2} — not a set — strike 2\n" in text


def test_wsa_a_strike_penalty_of_one_point_is_singular() -> None:
    assert "— strike 2: -1 point, strikes reset" in _strike_turn()


def test_wsa_a_strike_penalty_of_zero_still_says_the_strikes_reset() -> None:
    text = _strike_turn(strike_penalty_points=0)
    assert "— strike 2: no point lost (strike_penalty_points is 0), strikes reset" in text


@pytest.mark.parametrize(("game", "role"), [(HAP_TAC_TOE, "The Advantage holder"), (WHEN_STARS_ALIGN, "The DM opponent")])
def test_help_names_the_chooser_in_title_case(game: Any, role: str) -> None:
    (first,) = [h for h in game.help() if h.syntax == "first NAME"]
    assert first.what == f"{role} chooses game 1's first player (player or host may type it)."
    chooser = game.settings[0]
    assert chooser.help.startswith(f"{role}: ")


def test_check_hap_calls_three_stars_a_set() -> None:
    res = CliRunner().invoke(app, ["check", "hap", "yellow solid 4", "yellow solid 5", "blue solid 4"])
    assert res.exit_code == 1
    assert res.stdout.startswith("✗ not a set: yellow solid 4 / yellow solid 5 / blue solid 4\n")
    assert "two the same and one different: not a set" in res.stdout
    assert "the piece that makes a set with the first two: yellow solid 6" in res.stdout
    assert " hap" not in res.stdout


@pytest.mark.parametrize("kind", BOTH)
def test_a_fourteen_claim_turn_splits_into_posts_within_discords_limit_with_the_board_whole(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    for _ in range(14):
        play_turn(s)
    fill_turn(s)  # turn 15: rows 1-3 full
    board = s.state.board
    bad = [t for t in sorted(TRIPLES) if all(board[i] is not None for i in t) and not hap.is_hap(*(board[i] or 0 for i in t))]
    word = s.state.cfg.book.claim_word
    for t in bad[:14]:
        ok(s, f"p1: {word} {' '.join(square_name(i) for i in t)}")
    out = ok(s, "p1: done")
    posts = [o.text for o in out if o.kind == "announce" and o.audience.public]
    whole = "\n".join(posts)
    assert len(whole) > chat.LIMIT  # it would not fit in one message
    assert len(posts) >= 2
    assert all(len(p) <= chat.LIMIT and chat.split(p) == [p] for p in posts)
    assert all(p.count("```") in (0, 2) for p in posts)  # fences balanced in every message
    (board_post,) = [p for p in posts if "```" in p]  # the board's code block whole, in one message
    assert "```\n     A    B    C    D    E\n 1 " in board_post and board_post.endswith(")") and "Next: **" in board_post
    assert whole.count("❌") == 14
    # The first post carries the event; every claim line stays with its reasons.
    assert out[0].event is not None and len(out[0].event["claims"]) == 14
    for p in posts:
        assert not p.startswith("   · ")


@pytest.mark.parametrize("kind", BOTH)
def test_the_title_does_not_repeat_the_games_name(kind: str) -> None:
    s = new_session(kind)
    title = s.help_text().split("\n")[0]
    assert title == ("Hap-Tac-Toe — Death Match" if kind == "htt" else "When Stars Align — Death Match")
    (status,) = s.feed("status")
    assert status.view is not None and status.view.title.count(s.game.title) == 1
    bar = s.game.toolbar(s.state, 0)
    assert bar.where.count(s.game.title) == 1 and s.game.title not in bar.clock


# ---------------------------------------------------------------- bounds (issue 13)


@pytest.mark.parametrize("game", [HAP_TAC_TOE, WHEN_STARS_ALIGN])
def test_every_numeric_setting_is_bounded(game: Any) -> None:
    for setting in game.settings:
        if setting.kind in ("int", "number", "list[int]"):
            assert setting.minimum is not None and setting.maximum is not None, setting.key


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("move_seconds", 86_401, "expected a whole number from 1 to 86400, got 86401"),
        ("reserve_seconds", 10**9, "expected a whole number from 0 to 86400, got 1000000000"),
        ("move_reminders", [10**6], "expected a list of whole numbers from 1 to 86400, got 1000000"),
        ("invalid_claim_penalty", 1e11, "expected a number from 0 to 100, got 100000000000.0"),
    ],
)
def test_a_setting_beyond_its_bound_is_refused_at_load(key: str, value: Any, message: str) -> None:
    with pytest.raises(ScenarioError) as err:
        scenario("htt", **{key: value})
    assert str(err.value).endswith(f"rules.{key}: {message}")


@pytest.mark.parametrize(("key", "value"), [("strikes_per_penalty", 101), ("strike_penalty_points", 101)])
def test_a_strike_setting_beyond_its_bound_is_refused_at_load(key: str, value: int) -> None:
    with pytest.raises(ScenarioError) as err:
        scenario("wsa", **{key: value})
    assert str(err.value).endswith(f"rules.{key}: expected a whole number from {0 if 'points' in key else 1} to 100, got 101")


def test_a_move_reminder_longer_than_the_move_is_refused_at_load() -> None:
    with pytest.raises(ScenarioError) as err:
        scenario("htt", move_reminders=[600])
    assert str(err.value).endswith(
        "rules.move_reminders: 600 s left can never be reminded: a move lasts 60 s (move_seconds); each reminder must be less than that"
    )


def test_a_reserve_reminder_as_long_as_the_reserve_is_refused_at_load() -> None:
    with pytest.raises(ScenarioError) as err:
        scenario("wsa", reserve_seconds=30, reserve_reminders=[30, 10])
    assert str(err.value).endswith(
        "rules.reserve_reminders: 30 s left can never be reminded: the reserve lasts 30 s (reserve_seconds); each reminder must be less than that"
    )


def test_too_many_reminders_are_refused_at_load() -> None:
    with pytest.raises(ScenarioError) as err:
        scenario("htt", move_reminders=list(range(1, 14)))
    assert str(err.value).endswith("rules.move_reminders: at most 12 reminders, got 13")


def test_reminders_that_fit_are_accepted() -> None:
    sc = scenario("htt", move_seconds=61, move_reminders=[60, 30])
    assert sc.settings["move_reminders"] == [60, 30]
