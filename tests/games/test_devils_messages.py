"""How a chat message is judged (issue 18, items 1 and 2): a message of several lines from the player
dividing a refill is ONE division written a pile a line, judged whole; messages are never merged by time.

At the game level: `Game.message` (what one message makes), then `parse` and `apply`, on the states a
session of the bundled scenario reaches (seed 3115; Hedger's first refill is
G4 B4 G6 G3 B1 G9 R2 G8 R8 B5 B6 B2).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from typer.testing import CliRunner

from tests.games import game
from umpire.cli import app, devils  # noqa: F401 - registers the Devil's Deal commands
from umpire.core.errors import IllegalAction, InvalidCommand
from umpire.core.settings import Settings
from umpire.games.base import Event
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.divisions import Division, read_division, read_submission
from umpire.games.devilsdeal.state import Divide, State

from .test_devils_support import ok, started

GAME = game("devils-deal")

GOOD_BARS = "G4 B4 G6 | R2 G3 G9 | B1 B5 G8 | aside B6 R8"  # takes 9
CARD_OFFER = "G5 B3 R3 R7 B6 G1 G2 G8 B5 R2 B9 G6"  # the card's example


def dividing() -> State:
    """Round 1: Hedger has said yes and divides his first refill; nothing is in force yet."""
    s = started()
    ok(s, "p1: yes")
    return s.state


def resolve(name: str) -> int:
    return {"p1": 0, "p2": 1, "hedger": 0, "uri": 1}[name.casefold()]


def send(state: State, seat: int, lines: Sequence[str], now: int) -> tuple[State, list[Event], list[str]]:
    """One chat message from `seat`: the inputs `Game.message` makes of it, each parsed and applied in turn.
    Returns the state, the events and the refusals' reasons (a refusal changes nothing)."""
    evs: list[Event] = []
    refusals: list[str] = []
    for text in GAME.message(state, seat, lines):
        try:
            state, more = GAME.apply(state, GAME.parse(state, seat, text, resolve), now)
        except (IllegalAction, InvalidCommand) as exc:
            refusals.append(exc.reason)
            continue
        evs += more
    return state, evs, refusals


def taken(state: State) -> list[str]:
    step = state.step
    assert isinstance(step, Divide)
    return [] if step.division is None else C.name_list(step.division.taken(step.offer))


def locked(state: State, now: int) -> list[str]:
    """What the player takes when the division in force locks (`done`)."""
    state, evs, refusals = send(state, 0, ["done"], now)
    assert refusals == []
    (lock,) = [e for e in evs if e.kind == "division_locked"]
    return list(lock.taken)  # type: ignore[attr-defined]


# ---------------------------------------------------------------- item 1: commas in a pasted message


def test_commas_in_a_pasted_message_separate_cards_and_the_message_is_judged_whole() -> None:
    # The referee's repro: a valid one-line division taking 9, then at 0:30 the message
    # “aside B4, G4 / G9, B1 / G8, R2 / B6, B2, G3 R8”: piles of 8, 10, 10 and 19, so not valid.
    state, _, refusals = send(dividing(), 0, [f"{GOOD_BARS}"], 0)
    assert refusals == [] and len(taken(state)) == 9
    message = ["aside B4, G4", "G9, B1", "G8, R2", "B6, B2, G3 R8"]
    assert GAME.message(state, 0, message) == ["aside B4, G4\nG9, B1\nG8, R2\nB6, B2, G3 R8"]  # one input
    after, evs, refusals = send(state, 0, message, 30_000)
    assert refusals == [
        "this division is not valid: the piles' sums differ: set aside B4 G4 = 8, G9 B1 = 10, G8 R2 = 10, B6 B2 G3 R8 = 19; "
        "every pile needs the same sum (read as aside B4 G4 | G9 B1 | G8 R2 | B6 B2 G3 R8 — one pile a line, 4 lines; "
        "the division from 0:00 stays in force)"
    ]
    assert after == state and evs == []  # refused: nothing changed
    assert len(locked(after, 40_000)) == 9  # not 1 (“aside B4 | G4” read alone)


def test_a_one_line_division_keeps_its_reading_bars_then_commas_between_piles() -> None:
    sub = read_submission("aside B4, G4")
    assert (sub.lines, sub.commas) == (1, True)
    assert [C.name_list(s.cards) for s in sub.segments] == [["B4"], ["G4"]]  # one line, no “|”: commas separate piles
    sub = read_submission("B9, G5 | aside G2, B5, R7")
    assert [C.name_list(s.cards) for s in sub.segments] == [["B9", "G5"], ["G2", "B5", "R7"]]  # with “|”, commas separate cards


def test_every_line_of_a_message_is_a_pile_with_its_markers_and_a_final_confirm() -> None:
    sub = read_submission("1: B9, G5\nG8 B6 (14)\nx G2, B5, R7\nunused G1\nconfirm")
    assert (sub.lines, sub.confirm, sub.commas) == (4, True, False)
    assert [(s.kind, C.name_list(s.cards)) for s in sub.segments] == [
        ("pile", ["B9", "G5"]),
        ("pile", ["G8", "B6"]),
        ("aside", ["G2", "B5", "R7"]),
        ("unused", ["G1"]),
    ]
    assert read_submission("B9 G5\nG8 B6 | aside G2 B5 R7 confirm").confirm  # “confirm” at the end of the last line


def test_a_message_that_is_not_a_division_is_refused_with_its_reason() -> None:
    with pytest.raises(InvalidCommand) as exc:
        GAME.parse(dividing(), 0, "B9 G5\nthanks!", resolve)
    assert exc.value.reason == "“thanks” is not a card (write a colour R, G or B and a number 1–9, e.g. R5 G5 B5)"


# ---------------------------------------------------------------- item 2: messages are never merged


def test_a_later_invalid_message_leaves_the_valid_one_before_it_in_force() -> None:
    # The referee's repro, with nothing in between (the same game moment, as while the clock is paused).
    state = dividing()
    state, evs, refusals = send(state, 0, ["G9 B1", "G8 R2", "aside G6 G4"], 0)
    assert refusals == [] and taken(state) == ["B1", "G9", "R2", "G8"]
    assert [e.kind for e in evs] == ["division_noted"]  # one note for the host per message
    state, evs, refusals = send(state, 0, ["G3 B4"], 0)
    assert refusals == [
        "this division is not valid: no pile is marked set aside (write “aside” before the pile to set aside) "
        "(read as G3 B4; the division from 0:00 stays in force)"
    ]
    assert sorted(locked(state, 0)) == ["B1", "G8", "G9", "R2"]  # the last valid submission is taken


def test_a_later_valid_message_replaces_the_one_before_it_even_at_the_same_moment() -> None:
    state, _, _ = send(dividing(), 0, ["G9 B1", "G8 R2", "aside G6 G4"], 0)
    state, _, refusals = send(state, 0, ["G4 B4 G6", "R2 G3 G9", "B1 B5 G8", "aside B6 R8"], 0)
    assert refusals == [] and len(taken(state)) == 9


def test_a_division_message_ending_with_done_is_divided_then_locked() -> None:
    state = dividing()
    assert GAME.message(state, 0, ["G9 B1", "G8 R2", "aside G6 G4", "done"]) == ["G9 B1\nG8 R2\naside G6 G4", "done"]
    state, evs, refusals = send(state, 0, ["G9 B1", "G8 R2", "aside G6 G4", "done"], 0)
    assert refusals == [] and [e.kind for e in evs][:2] == ["division_noted", "division_locked"]


def test_a_message_from_a_player_who_is_not_dividing_is_judged_a_line_at_a_time() -> None:
    state = dividing()
    assert GAME.message(state, 1, ["pool", "G1"]) == ["pool", "G1"]  # Uri is not the one dividing
    before = started().state  # Hedger is asked “refill?”: nothing is being divided
    assert GAME.message(before, 0, ["yes", "G4 B4"]) == ["yes", "G4 B4"]


def test_the_division_state_keeps_no_draft() -> None:
    # The old “lines at one moment are merged” mechanism is gone: a division in force, and when it came.
    assert set(Divide.__dataclass_fields__) == {"seat", "number", "offer", "division", "since"}


# ---------------------------------------------------------------- low: two unused groups, check's confirm


def test_two_unused_groups_are_one_set_aside_as_the_card_writes_them() -> None:
    d = Division.of(read_division("B9 G5 | G8 B6 | R2 R3 B3 G6 | unused G2 B5 R7 | unused G1"))
    assert C.name_list(d.aside) == ["G2", "B5", "R7"] and C.name_list(d.unused) == ["G1"]
    offer = tuple(C.read(w) for w in CARD_OFFER.split())
    assert C.name_list(d.taken(offer)) == ["G5", "B3", "R3", "B6", "G8", "R2", "B9", "G6"]
    res = CliRunner().invoke(app, ["check", "division", CARD_OFFER, "B9 G5", "G8 B6", "R2 R3 B3 G6", "unused G2 B5 R7", "unused G1"])
    assert res.exit_code == 0, res.stdout
    assert "set aside: G2 B5 R7 (14) · unused: G1" in res.stdout


def test_check_division_accepts_a_trailing_confirm() -> None:
    res = CliRunner().invoke(app, ["check", "division", CARD_OFFER, "B9 G5 | G8 B6 | R2 R3 B3 G6 | aside G2 B5 R7 confirm"])
    assert res.exit_code == 0, res.stdout + res.stderr
    res = CliRunner().invoke(app, ["check", "division", CARD_OFFER, "B9 G5", "G8 B6", "aside G2 B5 R7", "confirm"])
    assert res.exit_code == 0, res.stdout + res.stderr
    assert "takes 4: G5 B6 G8 B9" in res.stdout


def test_the_rulings_say_how_a_message_is_read() -> None:
    shown = " ".join(GAME.rulings(Settings(started().scenario.settings)))
    assert "R-DD-11" in shown and "a message of several lines" in shown and "never merged" in shown
