"""The card's own ways of writing a move, and the hints a misspelt line gets."""

from __future__ import annotations

import pytest

from . import BOTH, HAP_ROW, STAR_ROW, begin, events, new_session, ok, refused


def test_wsa_a_star_chosen_in_one_message_is_placed_by_its_square_in_the_next() -> None:
    # The card: "To select a star, list its attributes (“yellow solid 4”), and to play it, choose a coordinate (“C3”)."
    s = new_session("wsa")
    begin(s)
    out = ok(s, "p1: yellow solid 4")
    (ev,) = events(out, "selected")
    assert (ev["audience"], ev["player"], ev["piece"]) == ("host", "Hedger", "yellow solid 4")
    assert out[0].text == "Hedger chooses yellow solid 4 (its square comes next, e.g. “C3”)"
    assert s.final()["board"] == {}
    out = ok(s, "p1: C3")
    (placed,) = events(out, "placed")
    assert (placed["piece"], placed["square"]) == ("yellow solid 4", "C3")
    ok(s, "p1: done")
    assert s.final()["board"] == {"C3": "yellow solid 4"}


def test_wsa_a_later_choice_replaces_the_earlier_one_and_a_full_placement_still_works() -> None:
    s = new_session("wsa")
    begin(s)
    ok(s, "p1: yellow solid 4")
    ok(s, "p1: blue hollow 5")
    (placed,) = events(ok(s, "p1: on d4"), "placed")
    assert placed["piece"] == "blue hollow 5"
    ok(s, "p1: done")
    ok(s, "p2: white striped 6")
    (placed,) = events(ok(s, "p2: yellow solid 6 E5"), "placed")
    assert placed["piece"] == "yellow solid 6"
    assert refused(s, "p2: A1", error="IllegalAction").startswith("Ian already placed yellow solid 6 on E5 this turn")


def test_wsa_a_choice_does_not_outlive_its_turn() -> None:
    s = new_session("wsa")
    begin(s)
    ok(s, "p1: blue hollow 5")
    ok(s, "p1: yellow solid 4 A1")
    ok(s, "p1: done")
    assert (
        refused(s, "p2: C3")
        == "no star chosen yet: choose one first (“yellow solid 4”), then its square, or both at once (“yellow solid 4 C3”)"
    )
    assert refused(s, "p1: C3") == "it is Ian's turn, not Hedger's"


def test_wsa_the_journal_replays_a_choice_and_its_square(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from umpire.session import Session

    path = tmp_path / "j.jsonl"
    s = new_session("wsa", journal=path)
    begin(s)
    ok(s, "p1: yellow solid 4")
    ok(s, "p1: C3")
    replayed, _, _ = Session.load(path, reopen=False)
    assert replayed.state == s.state


@pytest.mark.parametrize("line", ["p1: A1 B1 C1", "p1: a1, b1, c1"])
def test_htt_three_squares_alone_are_a_claim(line: str) -> None:
    # The card: "To claim a hap, call out three squares that form a valid hap."
    s = new_session("htt")
    begin(s)
    for i, square in enumerate(("A1", "B1", "C1")):
        who = "p1" if i % 2 == 0 else "p2"
        ok(s, f"{who}: {HAP_ROW[i]} {square}")
        if i < 2:
            ok(s, f"{who}: done")
    (noted,) = events(ok(s, line), "claim_noted")
    assert noted["squares"] == ["A1", "B1", "C1"]
    (ended,) = events(ok(s, "p1: done"), "turn_ended")
    assert ended["claims"][0]["verdict"] == "valid"


@pytest.mark.parametrize("done", ["done.", "Done!", "DONE", "done!!"])
@pytest.mark.parametrize("kind", BOTH)
def test_done_with_a_full_stop_or_an_exclamation_mark_is_done(kind: str, done: str) -> None:
    s = new_session(kind)
    begin(s)
    ok(s, f"p1: {(HAP_ROW if kind == 'htt' else STAR_ROW)[0]} C3")
    assert events(ok(s, f"p1: {done}"), "turn_ended")


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("p2: frist p1", "“frist” is not a command; did you mean “first”?"),
        ("frist p1", "“frist” is not a command; did you mean “first”?"),
        ("p1: dnoe", "“dnoe” is not a command; did you mean “done”?"),
        ("strat", "“strat” is not a command; did you mean “start”?"),
    ],
)
def test_a_misspelt_command_word_gets_did_you_mean(line: str, reason: str) -> None:
    s = new_session("htt")
    if not line.startswith(("p2: frist", "frist")):
        ok(s, "p2: first p1")
    assert refused(s, line, error="InvalidCommand") == reason


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("p2 done", "a player's move needs a colon after the name: “p2: done”"),
        ("Uri done", "a player's move needs a colon after the name: “p2: done”"),
        ("hedger black red circle C3", "a player's move needs a colon after the name: “p1: black red circle C3”"),
    ],
)
def test_a_host_line_naming_a_player_without_a_colon_suggests_the_colon(line: str, reason: str) -> None:
    s = new_session("htt")
    begin(s)
    assert refused(s, line, error="InvalidCommand") == reason


def test_a_bare_move_typed_by_the_host_suggests_the_movers_prefix() -> None:
    s = new_session("htt")
    begin(s, "p2")
    assert refused(s, "done") == "this is a player's move; write it with the player's name, e.g. “p2: done”"
