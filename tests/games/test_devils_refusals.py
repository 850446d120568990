"""Every way a Devil's Deal line can be refused, with its reason.

`refused()` (tests/games/__init__.py) checks for each that the line changed nothing: the state, the
final JSON, the clock, the undo history and, with a journal, the journal file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from umpire.core.errors import IllegalAction
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.state import Ask, Bet, Discard, Pick, Take
from umpire.session import Session

from . import refused
from .test_devils_support import best_line, new_session, not_offered, ok, play, table, to_poker


def journaled(tmp_path: Path, **overrides: object) -> Session:
    return new_session(journal=tmp_path / "game.journal.jsonl", **overrides)


def dividing(tmp_path: Path) -> Session:
    """Hedger's refill 1 of round 1 is being divided (cards: G4 B4 G6 G3 B1 G9 R2 G8 R8 B5 B6 B2)."""
    s = journaled(tmp_path)
    ok(s, "start", "p2: first p1", "p1: yes")
    return s


def betting(tmp_path: Path) -> Session:
    """Round 1's first betting round, Hedger to act (both picked their first two usable cards)."""
    s = journaled(tmp_path)
    ok(s, "start", "p2: first p1")
    to_poker(s)
    ok(s, "p1: pick R5 G5", "p2: pick R1 B2")
    assert isinstance(s.state.step, Bet)
    return s


# ---------------------------------------------------------------- set-up


def test_anything_before_the_deal_is_refused(tmp_path: Path) -> None:
    s = journaled(tmp_path)
    assert refused(s, "p2: first p1", error="IllegalAction") == "the pools come first: the host deals them with “start”, then Uri chooses"
    assert refused(s, "p1: yes", error="IllegalAction") == "the Death Match has not started: the host deals the pools with “start”"
    (answer,) = ok(s, "p1: pool")  # a player's own view is answered at any time (R-READ-4)
    assert answer.text.startswith("📋 **Your status, Hedger** (for you alone)\nWaiting for the host to deal the pools (“start”).")


def test_dealing_twice_is_refused(tmp_path: Path) -> None:
    s = journaled(tmp_path)
    ok(s, "start")
    assert refused(s, "start", error="IllegalAction") == "the starting pools are already dealt"
    assert refused(s, "start now", error="InvalidCommand") == "“start” takes nothing after it: it deals the starting pools"


def test_only_the_advantage_holder_chooses_the_first_starting_player(tmp_path: Path) -> None:
    s = journaled(tmp_path)
    ok(s, "start")
    assert refused(s, "p1: first p1", error="IllegalAction") == "only Uri (the Advantage holder) chooses who starts round 1"
    assert refused(s, "p1: yes", error="IllegalAction") == "round 1 has not started: Uri first chooses who starts (“first p1”)"
    ok(s, "p2: first p1")
    assert refused(s, "p2: first p2", error="IllegalAction") == "the starting player of round 1 is already chosen (Hedger)"


def test_an_unknown_player_or_command_is_refused(tmp_path: Path) -> None:
    s = journaled(tmp_path)
    ok(s, "start")
    assert refused(s, "p2: first zed", error="InvalidCommand").startswith("there is no player called “zed”")
    assert refused(s, "shuffle", error="InvalidCommand") == "unknown host command (type “help” for the list)"
    assert refused(s, "call", error="InvalidCommand") == "this is a player's submission; write it with the player's name, e.g. “p1: call”"
    assert refused(s, "R5 G6", error="InvalidCommand") == "this is a player's submission; write it with the player's name, e.g. “p1: R5 G6”"
    assert refused(s, "p1: start", error="InvalidCommand") == "“start” is the host's command (it deals the starting pools)"


# ---------------------------------------------------------------- the refill step


def test_a_refill_without_five_chips_is_refused(tmp_path: Path) -> None:
    s = journaled(tmp_path, starting_chips=9)
    ok(s, "start", "p2: first p1", "p1: yes", "p1: done", "p2: none")
    # Hedger has 4 chips now: not asked again; Uri is being asked.
    assert s.state.step == Ask(seat=1)
    assert refused(s, "p1: yes", error="IllegalAction") == "Hedger has 4 chips; a refill costs 5 chips (R-DD-2)"


def test_a_word_that_answers_neither_yes_nor_no_to_refill_is_refused_naming_the_answers(tmp_path: Path) -> None:
    s = journaled(tmp_path)
    ok(s, "start", "p2: first p1")
    assert refused(s, "p1: maybe", error="InvalidCommand") == "answer the refill question with “yes” or “no” (“maybe” is neither)"
    assert refused(s, "p2: maybe", error="InvalidCommand").startswith("“maybe” is not a card")  # not the one asked


def test_answering_out_of_turn_is_refused(tmp_path: Path) -> None:
    s = journaled(tmp_path)
    ok(s, "start", "p2: first p1")
    assert refused(s, "p2: yes", error="IllegalAction") == "Uri is not being asked “refill?” now (waiting for Hedger to answer “refill?”)"
    assert refused(s, "p2: no", error="IllegalAction") == "Uri is not being asked “refill?” now (waiting for Hedger to answer “refill?”)"


def test_a_division_with_unequal_sums_is_refused_showing_each_piles_sum(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    assert refused(s, "p1: G4 B4 | G9 | aside G8", error="IllegalAction") == (
        "this division is not valid: the piles' sums differ: G4 B4 = 8, G9 = 9, set aside G8 = 8; every pile needs the same sum "
        "(read as G4 B4 | G9 | aside G8; nothing valid is in force: at the deadline every card is set aside)"
    )


def test_a_division_with_a_card_not_offered_is_refused(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    card = not_offered(s)
    assert card == "R1"
    assert refused(s, "p1: R1 B1 | aside R2", error="IllegalAction") == (
        "this division is not valid: R1 was not offered (the cards: G4 B4 G6 G3 B1 G9 R2 G8 R8 B5 B6 B2) "
        "(read as R1 B1 | aside R2; nothing valid is in force: at the deadline every card is set aside)"
    )


def test_a_division_using_a_card_twice_is_refused(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    ok(s, "p1: G4 B4 | aside G8")
    assert refused(s, "p1: G4 B4 | G8 | aside G8", error="IllegalAction") == (
        "this division is not valid: G8 is used twice (read as G4 B4 | G8 | aside G8; the division from 0:00 stays in force)"
    )


def test_a_division_with_no_pile_marked_is_refused(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    assert refused(s, "p1: G4 B4 | G8", error="IllegalAction") == (
        "this division is not valid: no pile is marked set aside (write “aside” before the pile to set aside) "
        "(read as G4 B4 | G8; nothing valid is in force: at the deadline every card is set aside)"
    )


def test_an_unreadable_division_is_refused(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    assert (
        refused(s, "p1: G4 B4 | Q8", error="InvalidCommand") == "“Q8” is not a card: a card is a colour R, G or B and a number 1–9, e.g. R5"
    )
    assert refused(s, "p1: aside", error="InvalidCommand") == "a pile needs cards, e.g. “R2 B9” or “aside G2 B5 R7”"


def test_a_division_by_the_other_player_or_at_the_wrong_time_is_refused(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    assert refused(s, "p2: G4 B4 | aside G8", error="IllegalAction") == "Hedger is dividing this refill, not Uri"
    ok(s, "p1: done")
    assert refused(s, "p1: G4 B4 | aside G8", error="IllegalAction") == (
        "there is no refill to divide now (waiting for Uri to take a set-aside card or none)"
    )
    assert (
        refused(s, "p1: done", error="IllegalAction")
        == "Hedger has no division to lock now (waiting for Uri to take a set-aside card or none)"
    )


def test_taking_a_card_not_set_aside_is_refused(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    ok(s, "p1: G4 B4 | aside G8", "p1: done")
    assert isinstance(s.state.step, Take)
    assert refused(s, "p2: take G4", error="IllegalAction") == "G4 is not set aside (set aside: G6 G3 B1 G9 R2 G8 R8 B5 B6 B2)"
    assert refused(s, "p1: take G6", error="IllegalAction") == "only Uri may take a card set aside by Hedger"
    assert refused(s, "p2: G6 G3", error="IllegalAction") == "take one set-aside card, e.g. “take G6”, or “none”"
    assert refused(s, "p2: take G6 G3", error="InvalidCommand") == "take one set-aside card, e.g. “take G1” (or “take none”)"


def test_taking_when_nothing_is_set_aside_is_refused(tmp_path: Path) -> None:
    s = journaled(tmp_path)
    ok(s, "start", "p2: first p1")
    assert (
        refused(s, "p2: take G6", error="IllegalAction")
        == "there are no set-aside cards to take now (waiting for Hedger to answer “refill?”)"
    )
    assert (
        refused(s, "p2: none", error="IllegalAction") == "there are no set-aside cards to take now (waiting for Hedger to answer “refill?”)"
    )


def test_a_wrong_discard_is_refused(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    ok(s, f"p1: {best_line(s)}", "p1: done")
    step = s.state.step
    assert isinstance(step, Discard) and step.count == 4
    assert refused(s, "p1: discard G2", error="IllegalAction") == "Hedger must discard exactly 4 cards (14 held, limit 10); 1 named"
    assert refused(s, "p1: discard G2 R5 G5 R9", error="IllegalAction") == (
        "Hedger holds no R9 (pool: B1 R2 G2 G3 G4 B4 R5 G5 B5 G6 B6 B7 G8 G9)"
    )
    assert refused(s, "p1: discard G2 G2 G5 B7", error="IllegalAction") == (
        "Hedger holds only 1 G2 (pool: B1 R2 G2 G3 G4 B4 R5 G5 B5 G6 B6 B7 G8 G9)"
    )
    assert refused(s, "p2: discard G2", error="IllegalAction") == "Hedger is the one to discard now, not Uri"
    assert refused(s, "p1: discard", error="InvalidCommand") == "name the cards to discard, e.g. “discard R5 G6”"


def test_cards_when_nothing_waits_for_them_are_refused(tmp_path: Path) -> None:
    s = journaled(tmp_path)
    ok(s, "start", "p2: first p1")
    assert (
        refused(s, "p2: R5 G6", error="IllegalAction")
        == "nothing is waiting for cards from Uri now (waiting for Hedger to answer “refill?”)"
    )


# ---------------------------------------------------------------- the poker step


def test_a_wrong_pick_is_refused(tmp_path: Path) -> None:
    s = journaled(tmp_path)
    ok(s, "start", "p2: first p1")
    to_poker(s)
    community = C.name(s.state.community)
    assert community == "G6"  # and Uri holds a G6
    assert isinstance(s.state.step, Pick)
    assert (
        refused(s, "p1: pick R5 R5", error="IllegalAction")
        == "the two private cards must be different cards (R5 twice): a hand cannot hold duplicates"
    )
    assert refused(s, "p2: pick G6 R1", error="IllegalAction") == "G6 is the community card: a hand cannot hold it twice"
    assert refused(s, "p1: pick R9 R5", error="IllegalAction") == "Hedger holds no R9 (pool: G2 R5 G5 B6 B7)"
    assert (
        refused(s, "p1: pick R5", error="InvalidCommand")
        == "pick two cards, first then second, e.g. “pick R5 G6” or “first R5 second G6” (got 1)"
    )
    assert refused(s, "p1: R5 G5 B7", error="IllegalAction") == "pick two private cards, first then second, e.g. “pick R5 G6” (3 named)"


def test_r_dd_15_a_pick_in_the_cards_own_words_first_and_second_is_a_pick(tmp_path: Path) -> None:
    s = journaled(tmp_path)
    ok(s, "start", "p2: first p1")
    to_poker(s)
    out = ok(s, "p1: first G5 second B7")
    assert s.state.pick(0) == (C.read("G5"), C.read("B7"))
    assert sorted(str(o.audience) for o in out if o.kind == "announce" and o.text) == ["host", "player:0"]  # nothing public
    ok(s, "p1: first: R5, second: G2")  # as a player might punctuate it
    assert s.state.pick(0) == (C.read("R5"), C.read("G2"))
    assert refused(s, "p1: first G5", error="InvalidCommand") == (
        "pick two cards, first then second, e.g. “pick R5 G6” or “first R5 second G6” (got 1)"
    )
    assert (
        refused(s, "first G5 second B7", error="InvalidCommand")
        == "a pick is a player's; write it with their name, e.g. “p1: first G5 second B7”"
    )


def test_a_first_that_names_neither_a_player_nor_cards_says_how_to_write_both(tmp_path: Path) -> None:
    s = journaled(tmp_path)
    ok(s, "start")
    assert refused(s, "p2: first p1 please", error="InvalidCommand") == (
        "say who starts round 1, e.g. “first p1”; private cards are picked with “pick G5 B7” or “first G5 second B7”"
    )


def test_a_pick_outside_the_poker_step_is_refused(tmp_path: Path) -> None:
    s = journaled(tmp_path)
    ok(s, "start", "p2: first p1")
    assert refused(s, "p1: pick R5 G5", error="IllegalAction") == (
        "private cards are chosen in the poker step, not now (waiting for Hedger to answer “refill?”)"
    )


def test_betting_out_of_turn_is_refused(tmp_path: Path) -> None:
    s = betting(tmp_path)
    assert refused(s, "p2: call", error="IllegalAction") == "it is Hedger's turn to bet, not Uri's"
    assert refused(s, "p2: fold", error="IllegalAction") == "it is Hedger's turn to bet, not Uri's"


def test_betting_outside_a_betting_round_is_refused(tmp_path: Path) -> None:
    s = journaled(tmp_path)
    ok(s, "start", "p2: first p1")
    assert refused(s, "p1: call", error="IllegalAction") == "there is no betting now (waiting for Hedger to answer “refill?”)"


def test_a_raise_beyond_the_stack_is_refused(tmp_path: Path) -> None:
    s = betting(tmp_path)
    assert refused(s, "p1: raise 40", error="IllegalAction") == "Hedger has 28 chips; raise 40 needs 40: raise at most 28, or call"
    ok(s, "p1: raise 2")
    assert (
        refused(s, "p2: raise 27", error="IllegalAction") == "Uri has 28 chips; raise 27 needs 29 (call 2 + 27): raise at most 26, or call"
    )


def test_a_raise_against_a_player_with_no_chips_left_is_refused(tmp_path: Path) -> None:
    s = betting(tmp_path)
    ok(s, "p1: all-in")
    assert s.state.seats[0].chips == 0
    assert refused(s, "p2: raise 1", error="IllegalAction") == "Hedger has no chips left to answer a raise: “call” or “fold”"


def test_a_raise_by_a_player_short_of_the_call_is_refused() -> None:
    state = table(("R5 G6 B7", "R1 G2 B3"), chips=(30, 8))
    state, _ = play(state, (0, "pick R5 G6"), (1, "pick R1 G2"), (0, "raise 10"))
    with pytest.raises(IllegalAction) as exc:
        play(state, (1, "raise 1"))
    assert exc.value.reason == "Uri has 6 chips, not enough to raise: “call” (all-in for 6) or “fold”"
    state, evs = play(state, (1, "all-in"))  # all he has is a call
    assert [e.payload()["action"] for e in evs if e.kind == "bet_called"] == ["call"]


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("p1: check", "there is no checking in Devil's Deal (R-DD-5): “call” (1 chip when nobody has bet), “raise N” or “fold”"),
        ("p1: bet 3", "there is no “bet”: “call” bets 1 chip when nobody has bet yet; “raise N” bets N more than a call"),
        ("p1: raise", "write “raise N”: match the other bet, then N chips more, e.g. “raise 3”"),
        ("p1: raise lots", "“lots” is not a number of chips: write “raise N” with N of at least 1"),
        ("p1: raise 0", "“0” is not a number of chips: write “raise N” with N of at least 1"),
        ("p1: call 3", "“call 3”: bets are “call”, “raise N”, “fold” or “all-in”"),
    ],
)
def test_an_unreadable_bet_is_refused(tmp_path: Path, line: str, reason: str) -> None:
    s = betting(tmp_path)
    assert refused(s, line, error="InvalidCommand") == reason


# ---------------------------------------------------------------- the end


def test_everything_after_the_end_is_refused(tmp_path: Path) -> None:
    s = journaled(tmp_path, starting_chips=1)
    ok(s, "start", "p2: first p1")  # neither can pay a refill: the poker step begins
    ok(s, "p1: pick R5 G5", "p2: pick R1 B2")  # neither can pay the ante: the starting player loses
    assert s.state.over
    assert s.state.result == "Uri won: both players cannot pay the ante; the starting player, Hedger, loses"
    reason = refused(s, "p1: call", error="IllegalAction")
    assert reason.startswith("the Death Match is over (")
    # Asking for one's pool still works after the end: it changes nothing.
    ok(s, "p1: pool")
