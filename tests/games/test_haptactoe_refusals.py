"""Every way a Hap-Tac-Toe / When Stars Align line can be refused, with its reason.

`refused()` checks for each one that the line changed nothing (the final state,
the clock, the undo history) and, where the session keeps a journal, that
nothing was written.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from umpire.session import Session

from . import BOTH, CHOOSER, HAP_1, HAP_ROW, NOUN, STAR_ROW, begin, new_session, ok, play_game, play_turn, refused


def piece(kind: str, i: int = 0) -> str:
    return (HAP_ROW if kind == "htt" else STAR_ROW)[i]


def started(kind: str, tmp_path: Path | None = None) -> Session:
    """Game 1 under way, Hedger to move, with a journal when `tmp_path` is given."""
    s = new_session(kind, journal=None if tmp_path is None else tmp_path / "game.journal.jsonl")
    begin(s, "p1")
    return s


# ---------------------------------------------------------------- placing


@pytest.mark.parametrize("kind", BOTH)
def test_a_piece_already_placed_is_refused(kind: str, tmp_path: Path) -> None:
    s = started(kind, tmp_path)
    ok(s, f"p1: {piece(kind)} C3")
    ok(s, "p1: done")
    reason = refused(s, f"p2: {piece(kind)} D4", error="IllegalAction")
    assert reason == f"the {NOUN[kind]} {piece(kind)} is already on C3"


@pytest.mark.parametrize("kind", BOTH)
def test_a_taken_square_is_refused(kind: str, tmp_path: Path) -> None:
    s = started(kind, tmp_path)
    ok(s, f"p1: {piece(kind)} C3")
    ok(s, "p1: done")
    assert refused(s, f"p2: {piece(kind, 1)} c3", error="IllegalAction") == f"C3 is taken ({piece(kind)})"


@pytest.mark.parametrize("square", ["F7", "Z9", "A6", "A0", "E10"])
def test_a_square_off_the_grid_is_refused(square: str, tmp_path: Path) -> None:
    s = started("wsa", tmp_path)
    reason = refused(s, f"p1: yellow solid 4 {square}", error="InvalidCommand")
    assert reason == f"{square} is off the grid (columns A–E, rows 1–5)"


@pytest.mark.parametrize("kind", BOTH)
def test_a_second_placement_in_one_turn_is_refused(kind: str, tmp_path: Path) -> None:
    s = started(kind, tmp_path)
    ok(s, f"p1: {piece(kind)} C3")
    reason = refused(s, f"p1: {piece(kind, 1)} D4", error="IllegalAction")
    word = "hap" if kind == "htt" else "set"
    assert reason == f"Hedger already placed {piece(kind)} on C3 this turn; claim with “{word} …” or say “done”"


@pytest.mark.parametrize("kind", BOTH)
def test_done_before_placing_is_refused(kind: str, tmp_path: Path) -> None:
    s = started(kind, tmp_path)
    assert refused(s, "p1: done", error="IllegalAction") == f"Hedger has not placed a {NOUN[kind]} yet"


def test_host_end_before_the_mover_placed_is_refused(tmp_path: Path) -> None:
    s = started("htt", tmp_path)
    assert refused(s, "end", error="IllegalAction") == "Hedger has not placed a block yet"


@pytest.mark.parametrize(
    ("kind", "line", "reason"),
    [
        (
            "htt",
            "p1: purple red circle C3",
            "“purple” is not a block attribute (colour: red, yellow, blue; background: black, gray, white; shape: circle, square, triangle)",
        ),
        (
            "wsa",
            "p1: yellow solid 7 C3",
            "“7” is not a star attribute (colour: yellow, blue, white; pattern: solid, hollow, striped; shape: 4, 5, 6)",
        ),
        (
            "wsa",
            "p1: black red circle C3",
            "“black” is not a star attribute (colour: yellow, blue, white; pattern: solid, hollow, striped; shape: 4, 5, 6)",
        ),
    ],
)
def test_unknown_attribute_words_are_refused(kind: str, line: str, reason: str, tmp_path: Path) -> None:
    s = started(kind, tmp_path)
    assert refused(s, line, error="InvalidCommand") == reason


@pytest.mark.parametrize(
    ("kind", "line", "reason"),
    [
        ("htt", "p1: black red C3", "which shape? add one of circle, square, triangle"),
        ("htt", "p1: red circle C3", "which background? add one of black, gray, white"),
        ("wsa", "p1: yellow 4 C3", "which pattern? add one of solid, hollow, striped"),
        ("wsa", "p1: solid 4 C3", "which colour? add one of yellow, blue, white"),
    ],
)
def test_a_missing_attribute_is_refused(kind: str, line: str, reason: str, tmp_path: Path) -> None:
    s = started(kind, tmp_path)
    assert refused(s, line, error="InvalidCommand") == reason


@pytest.mark.parametrize(
    ("kind", "line", "reason"),
    [
        ("htt", "p1: black white red circle C3", "two backgrounds given (black, white); a block has one"),
        ("wsa", "p1: yellow solid 4 5 C3", "two shapes given (4, 5); a star has one"),
    ],
)
def test_two_values_of_one_attribute_are_refused(kind: str, line: str, reason: str, tmp_path: Path) -> None:
    s = started(kind, tmp_path)
    assert refused(s, line, error="InvalidCommand") == reason


@pytest.mark.parametrize("kind", BOTH)
def test_two_squares_are_refused(kind: str, tmp_path: Path) -> None:
    s = started(kind, tmp_path)
    reason = refused(s, f"p1: {piece(kind)} C3 d4", error="InvalidCommand")
    assert reason == f"two squares given (C3, D4); place one {NOUN[kind]} on one square"


def test_htt_a_placement_without_a_square_is_refused(tmp_path: Path) -> None:
    s = started("htt", tmp_path)
    assert refused(s, f"p1: {piece('htt')}", error="InvalidCommand") == f"where? add the square, e.g. “{piece('htt')} C3”"


def test_wsa_a_bare_square_with_no_star_chosen_says_to_choose_one_first_not_which_colour(tmp_path: Path) -> None:
    # Issue 18: `p1: C3` with no star chosen was answered “which colour?”.
    s = started("wsa", tmp_path)
    assert refused(s, "p1: C3", error="InvalidCommand") == (
        "no star chosen yet: choose one first (“yellow solid 4”), then its square, or both at once (“yellow solid 4 C3”)"
    )


def test_htt_a_bare_square_says_to_name_the_block_too(tmp_path: Path) -> None:
    s = started("htt", tmp_path)
    assert refused(s, "p1: C3", error="InvalidCommand") == "a square alone places nothing: name the block too, e.g. “black red circle C3”"


def test_wsa_choosing_a_star_already_on_the_board_is_refused(tmp_path: Path) -> None:
    s = started("wsa", tmp_path)
    ok(s, f"p1: {piece('wsa')} C3")
    ok(s, "p1: done")
    assert refused(s, f"p2: {piece('wsa')}", error="IllegalAction") == f"the star {piece('wsa')} is already on C3"


def test_wsa_choosing_a_star_out_of_turn_is_refused(tmp_path: Path) -> None:
    s = started("wsa", tmp_path)
    assert refused(s, f"p2: {piece('wsa')}", error="IllegalAction") == "it is Hedger's turn, not Ian's"


def test_wsa_three_squares_without_set_are_refused(tmp_path: Path) -> None:
    # The card: "To claim a set, first declare ‘set’".
    s = started("wsa", tmp_path)
    row_one(s, "wsa")
    assert refused(s, "p1: A1 B1 C1", error="InvalidCommand") == "to claim a set, say “set” first: “set A1 B1 C1”"


@pytest.mark.parametrize(
    ("kind", "example"),
    [("htt", "“black red circle C3”), claim with “hap A1 A2 A4”"), ("wsa", "“yellow solid 4 C3”), claim with “set A1 A2 A4”")],
)
def test_a_player_line_that_is_no_move_is_refused(kind: str, example: str, tmp_path: Path) -> None:
    s = started(kind, tmp_path)
    reason = refused(s, "p1: hello there", error="InvalidCommand")
    assert reason == f"not a move: place a {NOUN[kind]} with its attributes and a square ({example}, or say “done”"


# ---------------------------------------------------------------- claiming


def row_one(s: Session, kind: str) -> None:
    """Hedger fills A1 B1 C1 with a hap over turns 1-3, and it is his turn 3 with C1 placed."""
    ok(s, f"p1: {piece(kind, 0)} A1")
    ok(s, "p1: done")
    ok(s, f"p2: {piece(kind, 1)} B1")
    ok(s, "p2: done")
    ok(s, f"p1: {piece(kind, 2)} C1")


@pytest.mark.parametrize("kind", BOTH)
def test_a_claim_with_an_empty_square_is_refused(kind: str, tmp_path: Path) -> None:
    s = started(kind, tmp_path)
    row_one(s, kind)
    word = "hap" if kind == "htt" else "set"
    assert refused(s, f"p1: {word} A1 B1 E1", error="IllegalAction") == "E1 is empty"
    assert refused(s, f"p1: {word} A1 D1 E1", error="IllegalAction") == "D1 and E1 are empty"
    # Off a line with an empty square: still a refusal (R-HTT-8), not an invalid claim.
    assert refused(s, f"p1: {word} A1 B1 C2", error="IllegalAction") == "C2 is empty"


@pytest.mark.parametrize("kind", BOTH)
def test_refusals_list_squares_in_the_order_the_player_typed_them(kind: str, tmp_path: Path) -> None:
    s = started(kind, tmp_path)
    row_one(s, kind)
    word = "hap" if kind == "htt" else "set"
    assert refused(s, f"p1: {word} E1 A1 D1", error="IllegalAction") == "E1 and D1 are empty"
    assert refused(s, f"p1: {word} E5 D4 A1", error="IllegalAction") == "E5 and D4 are empty"


@pytest.mark.parametrize("kind", BOTH)
def test_a_claim_before_placing_is_refused(kind: str, tmp_path: Path) -> None:
    s = started(kind, tmp_path)
    row_one(s, kind)
    ok(s, "p1: done")
    word = "hap" if kind == "htt" else "set"
    reason = refused(s, f"p2: {word} {HAP_1}", error="IllegalAction")
    assert reason == f"place a {NOUN[kind]} first; claims come after the placement"


def test_a_claim_naming_a_square_off_the_grid_is_refused(tmp_path: Path) -> None:
    s = started("htt", tmp_path)
    row_one(s, "htt")
    assert refused(s, "p1: hap A1 B1 F1", error="InvalidCommand") == "F1 is off the grid (columns A–E, rows 1–5)"


@pytest.mark.parametrize("squares", ["A1 B1", "A1 B1 C1 D1", ""])
def test_a_claim_of_other_than_three_squares_is_refused(squares: str, tmp_path: Path) -> None:
    s = started("htt", tmp_path)
    row_one(s, "htt")
    reason = refused(s, f"p1: hap {squares}".rstrip(), error="InvalidCommand")
    n = len(squares.split())
    assert reason.startswith("a claim names exactly three squares, e.g. ")
    assert reason.endswith(f"(got {n})")


def test_a_claim_naming_one_square_twice_is_refused(tmp_path: Path) -> None:
    s = started("wsa", tmp_path)
    row_one(s, "wsa")
    assert refused(s, "p1: set A1 A1 B1", error="InvalidCommand") == "a claim names three different squares"


# ---------------------------------------------------------------- whose turn, and when


@pytest.mark.parametrize("kind", BOTH)
def test_a_move_out_of_turn_is_refused(kind: str, tmp_path: Path) -> None:
    s = started(kind, tmp_path)
    who = CHOOSER[kind]
    assert refused(s, f"p2: {piece(kind)} C3", error="IllegalAction") == f"it is Hedger's turn, not {who}'s"
    assert refused(s, "p2: done", error="IllegalAction") == f"it is Hedger's turn, not {who}'s"
    row_one(s, kind)
    word = "hap" if kind == "htt" else "set"
    assert refused(s, f"p2: {word} {HAP_1}", error="IllegalAction") == f"it is Hedger's turn, not {who}'s"


@pytest.mark.parametrize(("kind", "role"), [("htt", "the Advantage holder"), ("wsa", "the DM opponent")])
def test_a_move_before_the_first_player_is_chosen_is_refused(kind: str, role: str, tmp_path: Path) -> None:
    s = new_session(kind, journal=tmp_path / "j.jsonl")
    who = CHOOSER[kind]
    assert refused(s, f"p1: {piece(kind)} C3") == f"game 1 has not started: {who} ({role}) first chooses who moves first"
    assert refused(s, "start") == f"{who} ({role}) must first choose who moves first: “first p1” or “first p2”"


@pytest.mark.parametrize("kind", BOTH)
def test_a_move_before_the_host_starts_the_game_is_refused(kind: str, tmp_path: Path) -> None:
    s = new_session(kind, journal=tmp_path / "j.jsonl")
    ok(s, "p2: first p1")
    assert refused(s, f"p1: {piece(kind)} C3", error="IllegalAction") == "game 1 has not started yet; the host starts it with “start”"
    assert refused(s, "end", error="IllegalAction") == "game 1 has not started yet; the host starts it with “start”"


@pytest.mark.parametrize("kind", BOTH)
def test_a_move_between_the_two_games_is_refused(kind: str, tmp_path: Path) -> None:
    s = started(kind, tmp_path)
    play_game(s)
    assert refused(s, f"p2: {piece(kind)} C3", error="IllegalAction") == "game 2 has not started yet; the host starts it with “start”"


def test_start_while_a_game_is_under_way_is_refused(tmp_path: Path) -> None:
    s = started("htt", tmp_path)
    assert refused(s, "start", error="IllegalAction") == "game 1 is already under way"


@pytest.mark.parametrize("kind", BOTH)
def test_commands_after_the_dm_is_over_are_refused(kind: str, tmp_path: Path) -> None:
    s = started(kind, tmp_path)
    play_game(s)
    play_game(s)
    role = "the Advantage holder" if kind == "htt" else "the DM opponent"
    who = CHOOSER[kind]
    reason = f"the Death Match is over ({who} won, tied at 0; {who} wins the tie as {role})"
    assert refused(s, f"p1: {piece(kind)} C3", error="IllegalAction") == reason
    assert refused(s, "p1: done", error="IllegalAction") == reason
    assert refused(s, "end", error="IllegalAction") == reason
    assert refused(s, "start", error="IllegalAction") == reason
    assert refused(s, "p2: first p1", error="IllegalAction") == reason


def test_commands_after_a_reserve_timeout_are_refused(tmp_path: Path) -> None:
    s = started("htt", tmp_path)
    ok(s, "@ 6:00")
    assert s.final()["result"] == "Uri won: Hedger's reserve time ran out"
    reason = "the Death Match is over (Uri won: Hedger's reserve time ran out)"
    assert refused(s, "p1: black red circle C3", error="IllegalAction") == reason
    assert refused(s, "p2: black red circle C3", error="IllegalAction") == reason


def test_first_without_a_name_is_refused(tmp_path: Path) -> None:
    s = new_session("htt", journal=tmp_path / "j.jsonl")
    assert refused(s, "p2: first", error="InvalidCommand") == "say who moves first in game 1, e.g. “first p1”"


def test_first_naming_nobody_is_refused(tmp_path: Path) -> None:
    s = new_session("htt", journal=tmp_path / "j.jsonl")
    reason = refused(s, "p2: first zed", error="InvalidCommand")
    assert reason == "there is no player called “zed” (players: Hedger (p1), Uri (p2))"


# ---------------------------------------------------------------- who typed it


@pytest.mark.parametrize(
    "line",
    ["done", "black red circle C3", "hap A1 B1 C1", "set A1 B1 C1", "C3"],
)
def test_a_player_command_typed_without_a_prefix_is_refused(line: str, tmp_path: Path) -> None:
    s = started("htt", tmp_path)
    reason = refused(s, line, error="InvalidCommand")
    assert reason == f"this is a player's move; write it with the player's name, e.g. “p1: {line}”"


def test_an_unknown_player_prefix_is_refused(tmp_path: Path) -> None:
    s = started("htt", tmp_path)
    reason = refused(s, "zed: black red circle C3", error="InvalidCommand")
    assert reason == "there is no player called “zed” (players: Hedger (p1), Uri (p2))"


def test_a_prefix_with_nothing_after_it_is_refused(tmp_path: Path) -> None:
    s = started("htt", tmp_path)
    assert refused(s, "p1:", error="InvalidCommand") == "Hedger sent nothing after the colon"


@pytest.mark.parametrize("line", ["p1: start", "p1: end"])
def test_a_host_command_sent_by_a_player_is_refused(line: str, tmp_path: Path) -> None:
    s = started("htt", tmp_path)
    word = line.split()[-1]
    assert refused(s, line, error="InvalidCommand") == f"“{word}” is the host's command, not a player's"


def test_an_unknown_host_command_is_refused(tmp_path: Path) -> None:
    s = started("htt", tmp_path)
    assert refused(s, "shuffle the board", error="InvalidCommand") == "unknown host command (type “help” for the list)"


def test_players_answer_to_their_display_name_in_any_case(tmp_path: Path) -> None:
    s = started("htt", tmp_path)
    ok(s, "HEDGER: black red circle C3")
    ok(s, "hedger: done")
    assert s.final()["board"] == {"C3": "black red circle"}
    assert s.final()["turn"]["player"] == "Uri"


def test_refusals_leave_a_full_turn_playable(tmp_path: Path) -> None:
    # After a run of refusals the same turn goes on exactly as if they had not been typed.
    s = started("htt", tmp_path)
    for line in ("p2: black red circle C3", "p1: done", "p1: hap A1 B1 C1", "done", "zed: done"):
        refused(s, line)
    out = play_turn(s)
    assert [o.kind for o in out] == ["announce"]
