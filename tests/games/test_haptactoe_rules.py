"""Hap-Tac-Toe and When Stars Align: the rules of RULES.md, one test per rule.

Most tests play the "standard fill" (turn k of a game places piece k-1 on the
(k-1)th square, row-major; see tests/games/__init__.py), where A1 B1 C1 is a hap
from turn 3 on and A1 B1 D1 is not a hap.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from umpire.core.clock import SECOND, fmt_stamp
from umpire.games.haptactoe import rules
from umpire.games.haptactoe.pieces import SQUARES, square_index
from umpire.session import Session

from . import (
    ANY_HAP,
    BOTH,
    CHOOSER,
    HAP_1,
    HAP_2,
    HAP_3,
    HAP_ROW,
    LATER,
    NOT_HAP,
    NOT_HAP_2,
    STAR_ROW,
    begin,
    events,
    fill_turn,
    mover,
    new_session,
    ok,
    play_game,
    play_turn,
    public_text,
    refused,
)

# ---------------------------------------------------------------- who moves first


@pytest.mark.parametrize("kind", BOTH)
def test_chooser_picks_the_first_player_of_game_one(kind: str) -> None:
    s = new_session(kind)
    out = ok(s, "p2: first p1")
    (ev,) = events(out, "first_chosen")
    assert (ev["chooser"], ev["first"]) == (CHOOSER[kind], "Hedger")
    ok(s, "start")
    assert s.final()["turn"] == {"player": "Hedger", "number": 1, "placed": False}


@pytest.mark.parametrize(("kind", "role"), [("htt", "the Advantage holder"), ("wsa", "the DM opponent")])
def test_only_the_chooser_may_pick_the_first_player(kind: str, role: str) -> None:
    s = new_session(kind)
    reason = refused(s, "p1: first p1", error="IllegalAction")
    assert reason == f"only {CHOOSER[kind]} ({role}) chooses who moves first"
    assert s.final()["first"] is None


@pytest.mark.parametrize("kind", BOTH)
def test_chooser_may_pick_themself_with_me(kind: str) -> None:
    s = new_session(kind)
    ok(s, "p2: first me")
    assert s.final()["first"] == CHOOSER[kind]


@pytest.mark.parametrize("kind", BOTH)
def test_host_may_enter_the_choosers_pick(kind: str) -> None:
    s = new_session(kind)
    ok(s, "first p2")
    ok(s, "start")
    assert s.final()["turn"]["player"] == CHOOSER[kind]


@pytest.mark.parametrize(("kind", "key"), [("htt", "advantage"), ("wsa", "dm_opponent")])
def test_the_chooser_is_whoever_the_scenario_names(kind: str, key: str) -> None:
    s = new_session(kind, **{key: "p1"})
    refused(s, "p2: first p2")
    ok(s, "p1: first p2")
    assert s.final()["first"] == CHOOSER[kind]


def test_the_first_player_is_chosen_once() -> None:
    s = new_session("htt")
    ok(s, "p2: first p1")
    assert refused(s, "p2: first p2") == "the first player is already chosen: Hedger"


@pytest.mark.parametrize("kind", BOTH)
def test_game_two_first_player_is_swapped(kind: str) -> None:
    s = new_session(kind)
    begin(s, "p1")
    out = play_game(s)
    (over,) = events(out, "game_over")
    assert over["next_first"] == CHOOSER[kind]
    out = ok(s, "start")
    (started,) = events(out, "game_started")
    assert (started["game"], started["first"]) == (2, CHOOSER[kind])
    assert s.final()["turn"] == {"player": CHOOSER[kind], "number": 1, "placed": False}


# ---------------------------------------------------------------- turns and judging


@pytest.mark.parametrize("kind", BOTH)
def test_placement_is_shown_only_to_the_host_until_the_turn_ends(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    out = ok(s, f"p1: {HAP_ROW[0] if kind == 'htt' else STAR_ROW[0]} C3")
    assert [str(o.audience) for o in out] == ["host"]
    assert "(shown when the turn ends)" in out[0].text
    out = ok(s, "p1: done")
    (ended,) = events(out, "turn_ended")
    assert ended["audience"] == "public"
    assert ended["square"] == "C3"


@pytest.mark.parametrize("kind", BOTH)
def test_board_chat_text_shows_no_placement_before_the_turn_ends(kind: str) -> None:
    # The card: "I will not give a board update during a move"; docs/hap-tac-toe.md: "Nothing is
    # shown or judged until the turn ends." The `board` view's chat text is what the host posts.
    s = new_session(kind)
    begin(s)
    piece = HAP_ROW[0] if kind == "htt" else STAR_ROW[0]
    letters = "RBC" if kind == "htt" else "YS4"
    ok(s, f"p1: {piece} C3")
    (view,) = s.feed("board")
    assert view.view is not None
    assert letters not in view.view.chat
    ok(s, "p1: done")
    (view,) = s.feed("board")
    assert view.view is not None
    assert letters in view.view.chat


@pytest.mark.parametrize("kind", BOTH)
def test_claims_are_judged_only_when_the_turn_ends(kind: str) -> None:
    s = new_session(kind)
    word = s.state.cfg.book.claim_word
    begin(s)
    for _ in range(4):
        play_turn(s)
    fill_turn(s)  # turn 5, Hedger's: row 1 is full
    out = ok(s, f"p1: {word} {HAP_1}") + ok(s, f"p1: {word} {NOT_HAP}")
    # Only acknowledgements for the host, no verdict, no score change.
    assert [e["event"] for e in events(out)] == ["claim_noted", "claim_noted"]
    assert all(str(o.audience) == "host" for o in out)
    assert "(judged when the turn ends)" in out[0].text
    assert s.final()["scores"] == {"Hedger": 0, CHOOSER[kind]: 0}
    assert s.final()["claimed"] == []
    out = ok(s, "p1: done")
    (ended,) = events(out, "turn_ended")
    assert [(c["squares"], c["verdict"]) for c in ended["claims"]] == [
        (HAP_1.split(), "valid"),
        (NOT_HAP.split(), "not a hap" if kind == "htt" else "not a set"),
    ]
    assert s.final()["claimed"] == [{"game": 1, "turn": 5, "player": "Hedger", "squares": HAP_1.split()}]


@pytest.mark.parametrize("kind", BOTH)
def test_host_end_ends_the_turn_like_done(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    play_turn(s)
    play_turn(s)
    out = play_turn(s, [HAP_1], end="end")
    (ended,) = events(out, "turn_ended")
    assert (ended["player"], ended["claims"][0]["verdict"], ended["next"]) == ("Hedger", "valid", CHOOSER[kind])
    assert s.final()["scores"]["Hedger"] == 1


@pytest.mark.parametrize("kind", BOTH)
def test_players_alternate_turns(kind: str) -> None:
    s = new_session(kind)
    begin(s, "p2")
    seen = []
    for _ in range(4):
        seen.append(s.final()["turn"]["player"])
        play_turn(s)
    assert seen == [CHOOSER[kind], "Hedger", CHOOSER[kind], "Hedger"]


# ---------------------------------------------------------------- scoring


@pytest.mark.parametrize("kind", BOTH)
def test_valid_claim_scores_one_point(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    play_turn(s)
    play_turn(s)
    out = play_turn(s, [HAP_1])
    (ended,) = events(out, "turn_ended")
    assert ended["claims"][0]["points"] == 1
    assert ended["scores"] == {"Hedger": 1, CHOOSER[kind]: 0}
    assert "✅" in public_text(out)


def test_htt_invalid_claim_costs_half_a_point() -> None:
    s = new_session("htt")
    begin(s)
    for _ in range(3):
        play_turn(s)
    out = play_turn(s, [NOT_HAP])  # turn 4, Uri
    (ended,) = events(out, "turn_ended")
    claim = ended["claims"][0]
    assert (claim["verdict"], claim["points"]) == ("not a hap", -0.5)
    assert ended["scores"] == {"Hedger": 0, "Uri": -0.5}
    assert f"❌ hap {NOT_HAP} — not a hap — -0.5" in public_text(out)
    # The announcement explains why, attribute by attribute.
    assert "two the same and one different: not a hap" in public_text(out)


def test_htt_already_claimed_hap_costs_half_a_point() -> None:
    s = new_session("htt")
    begin(s)
    play_turn(s)
    play_turn(s)
    play_turn(s, [HAP_1])  # Hedger claims it on turn 3
    out = play_turn(s, [HAP_1])  # Uri claims it again on turn 4
    (ended,) = events(out, "turn_ended")
    assert (ended["claims"][0]["verdict"], ended["claims"][0]["points"]) == ("already claimed", -0.5)
    assert ended["scores"] == {"Hedger": 1, "Uri": -0.5}


@pytest.mark.parametrize("kind", BOTH)
def test_claim_repeated_within_one_turn_counts_as_invalid(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    play_turn(s)
    play_turn(s)
    out = play_turn(s, [HAP_1, LATER, HAP_1])
    (ended,) = events(out, "turn_ended")
    assert [c["verdict"] for c in ended["claims"]] == ["valid", "repeated this turn"]
    if kind == "htt":
        assert ended["scores"]["Hedger"] == 0.5
    else:
        assert ended["scores"]["Hedger"] == 1
        assert ended["strikes"]["Hedger"] == 1
    assert "repeated this turn (the same squares were called earlier in it)" in public_text(out)


@pytest.mark.parametrize("kind", BOTH)
def test_invalid_claim_repeated_within_one_turn_is_invalid_twice(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    for _ in range(3):
        play_turn(s)
    out = play_turn(s, [NOT_HAP, LATER, NOT_HAP])
    (ended,) = events(out, "turn_ended")
    assert [c["verdict"] for c in ended["claims"]] == [f"not a {s.state.cfg.book.claim_word}", "repeated this turn"]
    who = CHOOSER[kind]
    if kind == "htt":
        assert ended["scores"][who] == -1
    else:  # two strikes: one point, strikes back to 0
        assert (ended["scores"][who], ended["strikes"][who]) == (-1, 0)


@pytest.mark.parametrize("kind", BOTH)
def test_a_turn_may_claim_several_haps(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    plan = {15: [HAP_1, HAP_2, HAP_3]}  # all three on the board by turn 15 (Hedger's)
    out = play_game(s, plan)
    (ended,) = [e for e in events(out, "turn_ended") if e["turn"] == 15]
    assert [c["verdict"] for c in ended["claims"]] == ["valid"] * 3
    assert s.final()["game_scores"][0] == {"Hedger": 3, CHOOSER[kind]: 0}


@pytest.mark.parametrize("kind", BOTH)
def test_a_hap_claimed_in_game_one_can_be_claimed_again_on_game_twos_board(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    play_game(s, {3: [HAP_1]})
    out = play_game(s, {4: [HAP_1]})  # game 2: Hedger moves second, so turn 4 is his
    (ended,) = [e for e in events(out, "turn_ended") if e["turn"] == 4]
    assert ended["claims"][0]["verdict"] == "valid"
    assert s.final()["game_scores"] == [{"Hedger": 1, CHOOSER[kind]: 0}, {"Hedger": 1, CHOOSER[kind]: 0}]


def test_htt_final_score_is_the_total_rounded_up() -> None:
    # Hedger: 3 valid + 1 invalid in game 1, 2 valid in game 2 = 4.5 -> 5.
    # Uri: 4 valid in game 1 (turn 24) = 4. Hedger wins 5 to 4.
    s = new_session("htt")
    begin(s)
    play_game(s, {15: [HAP_1, HAP_2, HAP_3, NOT_HAP], 24: [ANY_HAP] * 4})
    out = play_game(s, {16: [HAP_1, HAP_2]})
    (match,) = events(out, "match_over")
    assert match["totals"] == {"Hedger": 4.5, "Uri": 4}
    assert match["final_scores"] == {"Hedger": 5, "Uri": 4}
    assert (match["winner"], match["reason"]) == ("Hedger", "5 to 4")
    assert "Totals: Hedger 4.5 · Uri 4 → rounded up: Hedger 5 · Uri 4" in public_text(out)
    assert s.final()["final_scores"] == {"Hedger": 5, "Uri": 4}


def test_htt_negative_half_total_rounds_up_to_zero() -> None:
    # Hedger's only claim is invalid: -0.5 -> 0; Uri 0; a tie at 0, which Uri wins as the Advantage holder.
    s = new_session("htt")
    begin(s)
    play_game(s, {5: [NOT_HAP]})
    out = play_game(s)
    (match,) = events(out, "match_over")
    assert match["totals"] == {"Hedger": -0.5, "Uri": 0}
    assert match["final_scores"] == {"Hedger": 0, "Uri": 0}
    assert match["winner"] == "Uri"
    assert match["reason"] == "tied at 0; Uri wins the tie as the Advantage holder"


def test_htt_ceiling_is_applied_once_to_the_dm_total_not_to_each_game() -> None:
    # Hedger: +1 -0.5 in each game = 0.5 + 0.5 = 1 (rounding each game first would give 2).
    # Uri: +1 in game 1. Tied at 1: Uri wins as the Advantage holder.
    s = new_session("htt")
    begin(s)
    play_game(s, {5: [HAP_1, NOT_HAP], 10: [HAP_2]})
    out = play_game(s, {4: [HAP_1, NOT_HAP]})
    (match,) = events(out, "match_over")
    assert match["totals"] == {"Hedger": 1, "Uri": 1}
    assert match["final_scores"] == {"Hedger": 1, "Uri": 1}
    assert match["winner"] == "Uri"
    assert s.final()["game_scores"] == [{"Hedger": 0.5, "Uri": 1}, {"Hedger": 0.5, "Uri": 0}]


@pytest.mark.parametrize(
    ("total", "final"),
    [(Fraction(9, 2), 5), (Fraction(-1, 2), 0), (Fraction(4), 4), (Fraction(-3, 2), -1), (Fraction(1, 2), 1)],
)
def test_htt_final_score_is_the_ceiling_of_the_exact_total(total: Fraction, final: int) -> None:
    s = new_session("htt")
    state = replace(s.state, points=((total, Fraction(0)), (Fraction(0), Fraction(0))))
    assert state.total(0) == total
    assert state.final_score(0) == final


def test_htt_final_rounding_none_keeps_the_exact_total() -> None:
    s = new_session("htt", final_rounding="none")
    begin(s)
    play_game(s, {5: [NOT_HAP]})
    out = play_game(s)
    (match,) = events(out, "match_over")
    assert match["final_scores"] == {"Hedger": -0.5, "Uri": 0}
    assert match["winner"] == "Uri"


def test_wsa_invalid_claim_is_a_strike_without_point_loss() -> None:
    s = new_session("wsa")
    begin(s)
    for _ in range(4):
        play_turn(s)
    out = play_turn(s, [NOT_HAP])  # turn 5, Hedger
    (ended,) = events(out, "turn_ended")
    claim = ended["claims"][0]
    assert (claim["verdict"], claim["strike"], claim["points"]) == ("not a set", 1, 0)
    assert ended["scores"] == {"Hedger": 0, "Ian": 0}
    assert ended["strikes"] == {"Hedger": 1, "Ian": 0}
    assert f"❌ set {NOT_HAP} — not a set — strike 1" in public_text(out)


def test_wsa_second_strike_costs_a_point_and_resets() -> None:
    s = new_session("wsa")
    begin(s)
    for _ in range(4):
        play_turn(s)
    play_turn(s, [NOT_HAP])  # turn 5: strike 1
    play_turn(s)
    out = play_turn(s, [NOT_HAP_2])  # turn 7: strike 2 -> -1, strikes 0
    (ended,) = events(out, "turn_ended")
    claim = ended["claims"][0]
    assert (claim["strike"], claim["points"]) == (2, -1)
    assert ended["scores"]["Hedger"] == -1
    assert ended["strikes"]["Hedger"] == 0
    assert f"❌ set {NOT_HAP_2} — not a set — strike 2: -1 point, strikes reset" in public_text(out)


def test_wsa_strikes_carry_over_between_turns() -> None:
    s = new_session("wsa")
    begin(s)
    for _ in range(4):
        play_turn(s)
    play_turn(s, [NOT_HAP])  # turn 5
    for _ in range(3):
        play_turn(s)
        assert s.final()["strikes"]["Hedger"] == 1
    out = play_turn(s, [NOT_HAP_2])  # turn 9: the carried strike makes two
    (ended,) = events(out, "turn_ended")
    assert ended["claims"][0]["points"] == -1
    assert (ended["scores"]["Hedger"], ended["strikes"]["Hedger"]) == (-1, 0)


def test_wsa_strikes_carry_over_between_games() -> None:
    s = new_session("wsa")
    begin(s)
    play_game(s, {5: [NOT_HAP]})
    assert s.final()["strikes"] == {"Hedger": 1, "Ian": 0}
    out = play_game(s, {6: [NOT_HAP]})  # game 2, Hedger moves second: turn 6 is his
    (ended,) = [e for e in events(out, "turn_ended") if e["turn"] == 6]
    assert (ended["claims"][0]["strike"], ended["claims"][0]["points"]) == (2, -1)
    assert s.final()["game_scores"] == [{"Hedger": 0, "Ian": 0}, {"Hedger": -1, "Ian": 0}]
    assert s.final()["strikes"]["Hedger"] == 0


def test_wsa_strikes_do_not_carry_into_game_two_when_the_scenario_says_so() -> None:
    s = new_session("wsa", strikes_carry_over=False)
    begin(s)
    play_game(s, {5: [NOT_HAP]})
    assert s.final()["strikes"] == {"Hedger": 0, "Ian": 0}


def test_wsa_already_claimed_set_is_a_strike() -> None:
    s = new_session("wsa")
    begin(s)
    play_turn(s)
    play_turn(s)
    play_turn(s, [HAP_1])
    out = play_turn(s, [HAP_1])  # Ian repeats Hedger's set
    (ended,) = events(out, "turn_ended")
    claim = ended["claims"][0]
    assert (claim["verdict"], claim["strike"], claim["points"]) == ("already claimed", 1, 0)
    assert ended["scores"] == {"Hedger": 1, "Ian": 0}
    assert ended["strikes"] == {"Hedger": 0, "Ian": 1}


def test_wsa_many_strikes_in_one_turn_cost_a_point_per_pair() -> None:
    s = new_session("wsa")
    begin(s)
    for _ in range(4):
        play_turn(s)
    # Turn 5, Hedger: five invalid claims = strikes 1, 2 (-1), 1, 2 (-1), 1.
    out = play_turn(s, [NOT_HAP, NOT_HAP_2, "A1 D1 E1", "B1 C1 D1", "A1 B1 E1"])
    (ended,) = events(out, "turn_ended")
    assert [c["verdict"] for c in ended["claims"]] == ["not a set"] * 5
    assert [(c["strike"], c["points"]) for c in ended["claims"]] == [(1, 0), (2, -1), (1, 0), (2, -1), (1, 0)]
    assert (ended["scores"]["Hedger"], ended["strikes"]["Hedger"]) == (-2, 1)


def test_wsa_final_score_is_the_exact_sum_of_both_games() -> None:
    # Hedger: +1 in game 1, -1 (two strikes) in game 2 = 0. Ian: +1 in game 2 = 1. Ian wins 1 to 0.
    s = new_session("wsa")
    begin(s)
    play_game(s, {3: [HAP_1]})
    out = play_game(s, {4: [NOT_HAP, NOT_HAP_2], 9: [HAP_2]})
    (match,) = events(out, "match_over")
    assert match["totals"] == {"Hedger": 0, "Ian": 1}
    assert match["final_scores"] == match["totals"]
    assert (match["winner"], match["reason"]) == ("Ian", "1 to 0")
    assert "rounded up" not in public_text(out)


# ---------------------------------------------------------------- the end of a game and of the DM


@pytest.mark.parametrize("kind", BOTH)
def test_game_ends_when_the_board_is_full(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    for _ in range(24):
        out = play_turn(s)
        assert not events(out, "game_over")
    assert s.state.phase == "turn"
    assert sum(p is not None for p in s.state.board) == 24
    out = play_turn(s)
    assert [e["event"] for e in events(out)] == ["turn_ended", "game_over"]
    (ended,) = events(out, "turn_ended")
    assert len(ended["board"]) == 25
    assert "next" not in ended
    assert "**Game 1 is over** — the board is full." in public_text(out)
    # Two of the 27 pieces are never placed; game 2 has a fresh board and waits for "start".
    final = s.final()
    assert (final["game"], final["phase"], final["board"], final["turn"]) == (2, "ready", {}, None)


@pytest.mark.parametrize("kind", BOTH)
def test_the_dm_ends_after_game_two_and_the_higher_total_wins(kind: str) -> None:
    # Hedger: 2 in game 1; the chooser: 1 in game 2 (which the chooser opens, so turn 9 is theirs).
    s = new_session(kind)
    begin(s)
    out = play_game(s, {3: [HAP_1], 9: [HAP_2]})
    assert not events(out, "match_over")
    assert s.final()["over"] is False
    out = play_game(s, {9: [HAP_2]})
    (match,) = events(out, "match_over")
    assert match["totals"] == {"Hedger": 2, CHOOSER[kind]: 1}
    assert (match["winner"], match["reason"]) == ("Hedger", "2 to 1")
    final = s.final()
    assert (final["over"], final["phase"], final["winner"]) == (True, "over", "Hedger")
    assert final["result"] == "Hedger won, 2 to 1"


@pytest.mark.parametrize("kind", BOTH)
def test_the_player_with_more_points_wins(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    play_game(s, {3: [HAP_1]})
    out = play_game(s, {4: [HAP_1]})
    (match,) = events(out, "match_over")
    assert (match["winner"], match["reason"]) == ("Hedger", "2 to 0")
    assert "🏆 **Hedger wins the Death Match**, 2 to 0." in public_text(out)


@pytest.mark.parametrize(("kind", "role"), [("htt", "the Advantage holder"), ("wsa", "the DM opponent")])
def test_tie_goes_to_the_chooser(kind: str, role: str) -> None:
    s = new_session(kind)
    begin(s)
    play_game(s)
    out = play_game(s)
    (match,) = events(out, "match_over")
    assert match["winner"] == CHOOSER[kind]
    assert match["reason"] == f"tied at 0; {CHOOSER[kind]} wins the tie as {role}"


@pytest.mark.parametrize(("kind", "key"), [("htt", "advantage"), ("wsa", "dm_opponent")])
def test_tie_goes_to_the_chooser_named_by_the_scenario(kind: str, key: str) -> None:
    s = new_session(kind, **{key: "p1"})
    ok(s, "p1: first p2")
    play_game(s)
    out = play_game(s)
    (match,) = events(out, "match_over")
    assert match["winner"] == "Hedger"


# ---------------------------------------------------------------- reading pieces


@pytest.mark.parametrize(
    ("kind", "line", "expected", "square"),
    [
        ("htt", "p1: black red circle C3", "black red circle", "C3"),
        ("htt", "p1: CIRCLE Red BLACK c3", "black red circle", "C3"),
        ("htt", "p1: c3 triangle white blue", "white blue triangle", "C3"),
        ("htt", "p1: place grey yellow square on E5", "gray yellow square", "E5"),
        ("wsa", "p1: yellow solid 4 C3", "yellow solid 4", "C3"),
        ("wsa", "p1: 6 STRIPED white e5", "white striped 6", "E5"),
        ("wsa", "p1: Hollow five Blue A1", "blue hollow 5", "A1"),
        ("wsa", "p1: 4-pointed solid white B2", "white solid 4", "B2"),
    ],
)
def test_attribute_words_in_any_order_and_any_case(kind: str, line: str, expected: str, square: str) -> None:
    s = new_session(kind)
    begin(s)
    out = ok(s, line)
    (ev,) = events(out, "placed")
    assert ev["piece"] == expected
    assert ev["square"] == square
    assert s.final()["board"] == {square: expected}


def test_htt_blocks_are_written_background_first() -> None:
    # R-HTT-3: "black red circle" is background, colour, shape.
    s = new_session("htt")
    book = s.state.cfg.book
    assert book.pieces.attributes == ("colour", "background", "shape")
    assert book.pieces.words(0) == "black red circle"
    assert book.pieces.words(26) == "white blue triangle"


def test_squares_are_named_with_row_one_at_the_top() -> None:
    # R-HTT-1: A1 is the top-left square; the board lists rows top to bottom from 1.
    assert SQUARES[0] == "A1" and SQUARES[4] == "E1" and SQUARES[24] == "E5"
    assert square_index("c3", "c3") == 12
    s = new_session("htt")
    begin(s)
    ok(s, f"p1: {HAP_ROW[0]} A1")
    out = ok(s, "p1: done")
    grid = public_text(out).split("```")[1].strip("\n").split("\n")
    assert grid[0].split() == list("ABCDE")
    assert grid[1].split() == ["1", "RBC", "·", "·", "·", "·"]
    assert [row.split()[0] for row in grid[1:6]] == ["1", "2", "3", "4", "5"]


# ---------------------------------------------------------------- the haps view


@pytest.mark.parametrize("kind", BOTH)
def test_haps_view_lists_the_unclaimed_line_haps(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    pieces = HAP_ROW if kind == "htt" else STAR_ROW
    # A hap on row 1 (A1 C1 E1, not adjacent) and the same three pieces' pattern off any line.
    for piece, square in zip(pieces, ("A1", "C1", "E1"), strict=True):
        ok(s, f"{mover(s)}: {piece} {square}")
        ok(s, f"{mover(s)}: done")
    (view_out,) = s.feed("haps")
    assert view_out.kind == "view"
    assert view_out.view is not None
    assert [row[0] for row in view_out.view.rows] == ["A1 C1 E1"]
    assert view_out.view.rows[0][1] == " / ".join(pieces)
    assert rules.line_haps(s.state) == [(0, 2, 4)]
    # Once claimed, it is no longer listed.
    word = s.state.cfg.book.claim_word
    other_piece = "white blue triangle" if kind == "htt" else "white striped 6"
    ok(s, f"{mover(s)}: {other_piece} D4")
    ok(s, f"{mover(s)}: {word} A1 C1 E1")
    ok(s, f"{mover(s)}: done")
    (view_out,) = s.feed("haps")
    assert view_out.view is not None
    assert view_out.view.rows == ()
    assert view_out.view.notes == ("none",)


@pytest.mark.parametrize("kind", BOTH)
def test_haps_view_ignores_haps_off_a_line(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    pieces = HAP_ROW if kind == "htt" else STAR_ROW
    for piece, square in zip(pieces, ("A1", "B1", "C2"), strict=True):  # a hap, but not on one line
        ok(s, f"{mover(s)}: {piece} {square}")
        ok(s, f"{mover(s)}: done")
    (view_out,) = s.feed("haps")
    assert view_out.view is not None
    assert view_out.view.rows == ()


def test_haps_view_is_never_announced() -> None:
    s = new_session("htt")
    begin(s)
    before = len(s.history)
    out = s.feed("haps")
    assert [o.kind for o in out] == ["view"]
    assert len(s.history) == before


# ---------------------------------------------------------------- claims off a line (R-HTT-7, R-HTT-8)


def _three_on(s: Session, pieces: tuple[str, str, str], squares: tuple[str, str, str]) -> None:
    """Hedger, Ian/Uri, Hedger place the three pieces; it is then Hedger's turn 3 with the third placed."""
    for i, (piece, square) in enumerate(zip(pieces, squares, strict=True)):
        ok(s, f"{mover(s)}: {piece} {square}")
        if i < 2:
            ok(s, f"{mover(s)}: done")


def test_wsa_off_line_claim_is_a_strike() -> None:
    # The card: "the diagonal of A2 to D5 plus E1 does NOT contain a set ... diagonals do not wrap", and
    # "if a player attempts to claim an invalid set ... that player will receive a strike".
    s = new_session("wsa")
    begin(s)
    _three_on(s, STAR_ROW, ("C4", "D5", "E1"))  # a set of stars, but C4 D5 E1 line up only if the grid wrapped
    out = ok(s, "p1: set E1 D5 C4")
    assert events(out, "claim_noted")[0]["squares"] == ["E1", "C4", "D5"]
    out = ok(s, "p1: done")
    (ended,) = events(out, "turn_ended")
    claim = ended["claims"][0]
    assert (claim["verdict"], claim["strike"], claim["points"]) == ("not on a line", 1, 0)
    assert ended["strikes"]["Hedger"] == 1
    assert "❌ set E1 C4 D5 — not on a line (rows, columns and 45° diagonals only; the grid does not wrap) — strike 1" in public_text(out)
    assert s.final()["claimed"] == []


def test_htt_off_line_claim_costs_the_invalid_claim_penalty() -> None:
    s = new_session("htt")
    begin(s)
    _three_on(s, HAP_ROW, ("A1", "B1", "C2"))  # a hap of blocks, not on one line
    ok(s, "p1: hap A1 B1 C2")
    out = ok(s, "p1: done")
    (ended,) = events(out, "turn_ended")
    assert (ended["claims"][0]["verdict"], ended["claims"][0]["points"]) == ("not on a line", -0.5)
    assert ended["scores"]["Hedger"] == -0.5


def test_htt_off_line_claim_penalty_follows_the_scenario() -> None:
    s = new_session("htt", invalid_claim_penalty=2)
    begin(s)
    _three_on(s, HAP_ROW, ("A1", "B1", "C2"))
    ok(s, "p1: hap A1 B1 C2")
    (ended,) = events(ok(s, "p1: done"), "turn_ended")
    assert ended["scores"]["Hedger"] == -2


@pytest.mark.parametrize("kind", BOTH)
def test_an_off_line_claim_repeated_in_the_turn_counts_twice(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    _three_on(s, HAP_ROW if kind == "htt" else STAR_ROW, ("A1", "B1", "C2"))
    word = s.state.cfg.book.claim_word
    ok(s, f"p1: {word} A1 B1 C2")
    ok(s, f"@ {fmt_stamp(s.now + 6 * SECOND)}")  # later, not the same claim sent twice (R-READ-5)
    ok(s, f"p1: {word} C2 B1 A1")
    (ended,) = events(ok(s, "p1: done"), "turn_ended")
    assert [c["verdict"] for c in ended["claims"]] == ["not on a line", "repeated this turn"]


@pytest.mark.parametrize("kind", BOTH)
def test_r_read_5_the_same_claim_sent_twice_at_once_is_counted_once(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    play_turn(s)
    play_turn(s)
    fill_turn(s)
    who, word = mover(s), s.state.cfg.book.claim_word
    ok(s, f"{who}: {word} A1, B1, C1")
    reason = (
        f"counted once: the same move as your “{word} A1, B1, C1” came again within 5 s with nothing judged between, "
        "so it is one message sent twice (R-READ-5); the first stands"
    )
    assert refused(s, f"{who}: {word} A1 B1 C1", error="IllegalAction") == reason
    assert refused(s, f"{who}: {word} C1 B1 A1.", error="IllegalAction") == reason  # the same squares in any order
    (ended,) = events(ok(s, f"{who}: done"), "turn_ended")
    assert [c["verdict"] for c in ended["claims"]] == ["valid"]  # judged once: not repeated, no penalty for the double send


@pytest.mark.parametrize("kind", BOTH)
def test_the_off_line_rulings_are_shown_by_rules(kind: str) -> None:
    s = new_session(kind)
    text = s.rules_text(width=10_000)
    cost = "a strike" if kind == "wsa" else "costs 0.5 (invalid_claim_penalty)"
    assert (
        f"R-HTT-7: a claim of three occupied squares that are not on one row, column or 45° diagonal (the grid does not wrap) is an invalid claim: {cost}."
        in text
    )
    assert (
        "R-HTT-8: a claim naming an empty or off-grid square, the same square twice, or other than three squares is unreadable: refused, no penalty, nothing changes."
        in text
    )
    assert "docs/hap-tac-toe.md" in text  # the game's doc, which lists every ruling and links docs/rulings.md


# ---------------------------------------------------------------- a reserve time-out (R-HTT-10)


@pytest.mark.parametrize("kind", BOTH)
def test_after_a_reserve_time_out_the_board_is_the_board_before_the_unfinished_move(kind: str) -> None:
    # The card: "I will not give a board update during a move"; the move never ended, so it never happened.
    s = new_session(kind)
    begin(s)
    pieces = HAP_ROW if kind == "htt" else STAR_ROW
    play_turn(s)  # Hedger's turn 1: piece 0 on A1
    before = s.final()["board"]
    ok(s, f"p2: {pieces[2]} E5")  # the chooser places, then runs out of time
    ok(s, "@ 10:00")
    final = s.final()
    assert (final["over"], final["winner"]) == (True, "Hedger")
    assert final["board"] == before
    assert "E5" not in final["board"]
    (view,) = s.feed("board")
    assert view.view is not None
    assert view.view.title == "Game 1 board"
    assert view.view.notes == (view.view.chat.removeprefix("```\n").removesuffix("\n```"),)
