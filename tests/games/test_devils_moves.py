"""Devil's Deal's table of moves: what each seat (and the host) may do in each step, the "not now"
refusals the table gives before the rules are asked, how bare cards are read, and what is sealed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games import game
from umpire.games import get
from umpire.games.base import Game
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.commands import (
    Cards,
    ChooseStarter,
    Deal,
    DiscardCards,
    DivisionLine,
    Lock,
    NoRefill,
    PickCards,
    Refill,
    ShowPool,
    TakeCard,
    Wager,
    parse,
)
from umpire.games.devilsdeal.divisions import read_line
from umpire.games.devilsdeal.events import EVENTS
from umpire.games.devilsdeal.state import Bet, Discard, Pick, State, Take
from umpire.session import Session

from . import refused
from .test_devils_support import best_line, new_session, ok, started, to_poker

GAME = game("devils-deal")


def allowed(s: Session | State, actor: int | None) -> list[str]:
    state = s.state if isinstance(s, Session) else s
    return [m.name for m in GAME.allowed(state, actor)]


def resolve(name: str) -> int:
    return {"p1": 0, "p2": 1, "hedger": 0, "uri": 1}[name.casefold()]


def test_the_game_is_a_record_and_the_registry_holds_it() -> None:
    assert isinstance(GAME, Game)
    assert get("devils-deal") is GAME


# ---------------------------------------------------------------- allowed, step by step


def test_before_the_deal_only_the_host_may_deal() -> None:
    s = new_session()
    assert allowed(s, None) == ["start"]
    assert allowed(s, 0) == [] and allowed(s, 1) == []


def test_after_the_deal_the_advantage_holder_or_the_host_chooses_the_first_starter() -> None:
    s = new_session()
    ok(s, "start")
    assert allowed(s, None) == ["first"]
    assert allowed(s, 1) == ["first", "pool"]  # Uri holds the Advantage
    assert allowed(s, 0) == ["pool"]


def test_the_player_asked_refill_may_answer_and_the_other_only_ask_for_a_pool() -> None:
    s = started()
    assert allowed(s, 0) == ["refill", "no refill", "pool"]
    assert allowed(s, 1) == ["pool"]
    assert allowed(s, None) == []


def test_the_player_dividing_may_submit_or_lock_a_division() -> None:
    s = started()
    ok(s, "p1: yes")
    assert allowed(s, 0) == ["division", "done", "pool"]
    assert allowed(s, 1) == ["pool"]


def test_the_opponent_may_take_a_set_aside_card_with_or_without_take() -> None:
    s = started()
    ok(s, "p1: yes", "p1: G4 B4 | aside G8", "p1: done")
    assert isinstance(s.state.step, Take)
    assert allowed(s, 1) == ["take", "cards", "pool"]
    assert allowed(s, 0) == ["pool"]


def test_the_player_over_the_limit_may_discard_with_or_without_discard() -> None:
    s = started()
    ok(s, "p1: yes")
    ok(s, f"p1: {best_line(s)}", "p1: done")
    assert isinstance(s.state.step, Discard) and s.state.step.seat == 0
    assert allowed(s, 0) == ["discard", "cards", "pool"]
    assert allowed(s, 1) == ["pool"]


def test_both_players_may_pick_during_the_pick_even_after_picking() -> None:
    s = started()
    to_poker(s)
    assert allowed(s, 0) == allowed(s, 1) == ["pick", "cards", "pool"]
    ok(s, "p1: pick R5 G5")
    assert allowed(s, 0) == allowed(s, 1) == ["pick", "cards", "pool"]  # the table never tells who has picked


def test_only_the_player_to_act_may_bet() -> None:
    s = started()
    to_poker(s)
    ok(s, "p1: pick R5 G5", "p2: pick R1 B2")
    assert isinstance(s.state.step, Bet) and s.state.step.to_act == 0
    assert allowed(s, 0) == ["bet", "pool"]
    assert allowed(s, 1) == ["pool"]


def test_after_the_end_a_player_may_still_ask_for_a_pool() -> None:
    s = new_session(starting_chips=1)
    ok(s, "start", "p2: first p1", "p1: pick R5 G5", "p2: pick R1 B2")
    assert s.state.over
    assert allowed(s, 0) == allowed(s, 1) == ["pool"]
    assert allowed(s, None) == []


# ---------------------------------------------------------------- the "not now" refusals


def test_the_host_may_choose_the_first_starter_for_the_advantage_holder() -> None:
    s = new_session()
    ok(s, "start")
    assert GAME.why_not(s.state, None, ChooseStarter(by=None, seat=0)) is None
    assert GAME.why_not(s.state, 0, ChooseStarter(by=0, seat=0)) == "only Uri (the Advantage holder) chooses who starts round 1"


def test_a_yes_from_a_player_short_of_a_refill_hears_the_cost_even_when_not_asked() -> None:
    s = started(starting_chips=4)  # neither can pay: Hedger and Uri are skipped, the pick begins
    assert isinstance(s.state.step, Pick)
    assert GAME.why_not(s.state, 1, Refill(seat=1)) == "Uri has 4 chips; a refill costs 5 chips (R-DD-2)"
    assert GAME.why_not(s.state, 1, NoRefill(seat=1)) == "Uri is not being asked “refill?” now (waiting for private cards)"


def test_discarding_when_nobody_is_over_the_limit_is_refused(tmp_path: Path) -> None:
    s = new_session(journal=tmp_path / "g.jsonl")
    ok(s, "start", "p2: first p1")
    reason = refused(s, "p1: discard G2", error="IllegalAction")
    assert reason == "Hedger has nothing to discard now (waiting for Hedger to answer “refill?”)"


def test_locking_when_not_dividing_is_refused(tmp_path: Path) -> None:
    s = new_session(journal=tmp_path / "g.jsonl")
    ok(s, "start", "p2: first p1", "p1: yes")
    assert refused(s, "p2: done", error="IllegalAction") == "Uri has no division to lock now (waiting for Hedger's division of refill 1)"


@pytest.mark.parametrize(
    "command",
    [
        Deal(),
        ChooseStarter(by=1, seat=0),
        Refill(seat=0),
        NoRefill(seat=0),
        DivisionLine(seat=0, segments=read_line("G4 B4 | aside G8")),
        Lock(seat=0),
        TakeCard(seat=0, card=None),
        DiscardCards(seat=0, cards=(0,)),
        PickCards(seat=0, first=0, second=1),
        Cards(seat=0, cards=(0,)),
        Wager(seat=0, action="call"),
    ],
    ids=lambda c: type(c).__name__,
)
def test_every_move_but_the_pool_is_refused_once_the_death_match_is_over(command: object) -> None:
    s = new_session(starting_chips=1)
    ok(s, "start", "p2: first p1", "p1: pick R5 G5", "p2: pick R1 B2")
    why = GAME.why_not(s.state, None if isinstance(command, Deal) else 0, command)
    assert why == "the Death Match is over (Uri won: both players cannot pay the ante; the starting player, Hedger, loses)"
    assert GAME.why_not(s.state, 0, ShowPool(seat=0)) is None


# ---------------------------------------------------------------- bare cards


def test_bare_cards_in_the_pick_are_the_sealed_pick() -> None:
    s = started()
    to_poker(s)
    cmd = parse(s.state, 1, "R1 B2", resolve)
    assert cmd == PickCards(seat=1, first=C.read("R1"), second=C.read("B2"))
    assert GAME.move_of(cmd).sealed


def test_bare_cards_from_the_player_asked_to_take_or_discard_are_a_take_or_a_discard() -> None:
    s = started()
    ok(s, "p1: yes", "p1: G4 B4 | aside G8", "p1: done")
    assert parse(s.state, 1, "G6", resolve) == TakeCard(seat=1, card=C.read("G6"))
    assert parse(s.state, 0, "G6", resolve) == Cards(seat=0, cards=(C.read("G6"),))  # Hedger is not the one taking
    s = started()
    ok(s, "p1: yes")
    ok(s, f"p1: {best_line(s)}", "p1: done")
    assert parse(s.state, 0, "G2 R5", resolve) == DiscardCards(seat=0, cards=(C.read("G2"), C.read("R5")))


# ---------------------------------------------------------------- secrets and help


def test_the_pick_and_the_division_are_the_sealed_moves_and_their_reveals_say_so() -> None:
    assert {m.name for m in GAME.moves if m.sealed} == {"pick", "division"}
    assert {e.kind for e in EVENTS if e.reveals} == {"division_locked", "revealed", "showdown", "folded"}


def test_help_lists_every_form_of_the_table_in_its_order() -> None:
    assert [h.syntax for h in GAME.help()] == [
        "start",
        "first NAME",
        "yes / no",
        "PILE | PILE | aside PILE",
        "PILE (one a line)",
        "done",
        "take CARD / none",
        "discard CARDS",
        "pick FIRST SECOND",
        "first CARD second CARD",
        "call",
        "raise N",
        "fold",
        "all-in",
    ]


def test_every_command_names_a_move_of_the_table() -> None:
    names = {m.name for m in GAME.moves}
    for cls in (Deal, ChooseStarter, Refill, NoRefill, DivisionLine, Lock, TakeCard, DiscardCards, PickCards, Cards, Wager, ShowPool):
        assert cls.move in names, cls.__name__
