"""Open, Pass's table of moves: which moves each player and the host may make in each phase (the
legal-command query), the "not now" refusals it gives in the words the rules gave before, the
REPL's live check that reads them, and completion from the moves allowed now.
"""

from __future__ import annotations

import pytest

from tests.games import game
from umpire.core.errors import IllegalAction
from umpire.games.openpass.commands import Bid, Choice, Close, DealerCmd, DeckCmd, Start, StartDeal, WithdrawDeck
from umpire.session import Session

from . import ok, refused
from .test_openpass_support import judge, new_session, play_through, setup_deck, to_playing

GAME = game("open-pass")

HOST = None
HEDGER = 0


def allowed(s: Session, actor: int | None) -> list[str]:
    return [m.name for m in GAME.allowed(s.state, actor)]


def test_every_command_names_a_move_of_the_table() -> None:
    names = [m.name for m in GAME.moves]
    assert names == ["bid", "trade", "answer", "deck", "withdraw", "dealer", "choice", "start", "close", "deal"]
    for cls in (Start, Close, Bid, DeckCmd, WithdrawDeck, DealerCmd, StartDeal, Choice):
        assert cls.move in names, cls.__name__


def test_help_lists_the_tables_forms_in_order_and_withdraw_is_written_with_deck() -> None:
    assert [h.syntax for h in GAME.help()] == [
        "bid PACK [PACK]",
        "trade CARDS for CARDS with NAME",
        "accept|decline [N]",
        "cancel [N]",
        "deck CARDS | deck all | deck none",
        "dealer NAME",
        "open | pass",
        "start",
        "close",
        "deal NAME",
    ]
    withdraw = next(m for m in GAME.moves if m.name == "withdraw")
    assert withdraw.forms == () and withdraw.words == ("deck",)


def test_sealed_moves_are_the_bid_the_deck_the_dealer_and_the_opens_and_passes() -> None:
    assert {m.name for m in GAME.moves if m.sealed} == {"bid", "deck", "withdraw", "dealer", "choice"}
    assert not any(m.sealed for m in GAME.moves if m.who == "host")


def test_before_the_start_the_host_may_only_start_and_players_only_trade() -> None:
    s = new_session()
    assert allowed(s, HOST) == ["start"]
    assert allowed(s, HEDGER) == ["trade", "answer"]


def test_in_deck_building_the_host_closes_and_players_bid_and_trade() -> None:
    s = new_session()
    ok(s, "start")
    assert allowed(s, HOST) == ["close"]
    assert allowed(s, HEDGER) == ["bid", "trade", "answer"]


def test_in_the_playing_phase_a_player_submits_a_deck_and_dealer_then_answers_the_cards_dealt() -> None:
    s = to_playing()
    assert allowed(s, HOST) == ["close", "deal"]
    assert allowed(s, HEDGER) == ["trade", "answer", "deck", "dealer"]  # nothing to withdraw yet
    setup_deck(s, "p1")
    assert allowed(s, HEDGER) == ["trade", "answer", "deck", "withdraw", "dealer"]
    ok(s, "deal p1")
    assert allowed(s, HEDGER) == ["trade", "answer", "choice"]  # the deck and dealer are fixed now
    play_through(s, "p1", opens=0)
    assert allowed(s, HEDGER) == ["trade", "answer"]
    assert allowed(s, 1) == ["trade", "answer", "deck", "dealer"]  # Uri has not played


def test_once_the_match_is_over_nothing_is_allowed() -> None:
    s = to_playing()
    ok(s, "close")
    assert allowed(s, HOST) == [] and allowed(s, HEDGER) == []
    assert GAME.suggest(s.state, HOST, []) == [] and GAME.suggest(s.state, HEDGER, []) == []


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("p1: trade 1 for 2 with p2", None),  # trades are open before the start
        ("p1: deck all", "the match has not started: the host opens round 1 with “start”"),
        ("p1: deck none", "the match has not started: the host opens round 1 with “start”"),
        ("p1: dealer hell", "the match has not started: the host opens round 1 with “start”"),
        ("p1: open", "the match has not started: the host opens round 1 with “start”"),
    ],
)
def test_before_the_start_the_moves_that_wait_for_it_say_so(line: str, reason: str | None) -> None:
    s = new_session()
    if reason is None:
        ok(s, line)
    else:
        assert refused(s, line, error="IllegalAction") == reason


def test_a_bid_out_of_its_round_is_refused_as_not_now_before_its_packs_are_read() -> None:
    # The packs are read against the open round's; outside one, the move's refusal comes first.
    s = new_session()
    assert refused(s, "p1: bid 9", error="IllegalAction") == "the match has not started: the host opens round 1 with “start”"
    assert refused(s, "p1: bid", error="IllegalAction") == "the match has not started: the host opens round 1 with “start”"
    to_playing(s)
    assert refused(s, "p1: bid purgatory", error="IllegalAction") == "deck building is over; bids are closed"


def test_deck_none_outside_the_playing_phase_is_refused_in_its_own_words() -> None:
    s = new_session()
    ok(s, "start")
    reason = refused(s, "p1: deck none", error="IllegalAction")
    assert reason == "decks are submitted and withdrawn in the playing phase, after round 3 of deck building"


def test_the_rules_judge_only_what_a_command_says_the_table_says_when() -> None:
    s = to_playing()
    state = s.state
    assert (
        GAME.why_not(state, HEDGER, Choice(seat=HEDGER, open=True)) == "no card has been dealt to Hedger; the host deals with “deal Hedger”"
    )
    assert GAME.why_not(state, HOST, Start()) == "the match has already started"
    assert GAME.why_not(state, HEDGER, WithdrawDeck(seat=HEDGER)) == "Hedger has no deck to withdraw"
    with pytest.raises(IllegalAction, match="already started"):
        judge(state, Start())
    with pytest.raises(IllegalAction, match="Hedger has not submitted a deck and a dealer yet"):
        judge(state, StartDeal(seat=HEDGER))  # what the command names is the rules' to judge


def test_the_live_check_shows_a_not_now_refusal_before_the_line_is_sent() -> None:
    s = to_playing()
    before = (s.state, len(s.history))
    assert s.check("p1: open", allow_time=False) == "no card has been dealt to Hedger; the host deals with “deal Hedger”"
    assert s.check("start", allow_time=False) == "the match has already started"
    assert s.check("p1: deck all", allow_time=False) is None
    assert (s.state, len(s.history)) == before  # asking changed nothing


def test_completion_offers_deck_once_and_none_after_it() -> None:
    s = to_playing()
    setup_deck(s, "p1")
    words = GAME.suggest(s.state, HEDGER, [])
    assert words.count("deck") == 1
    assert GAME.suggest(s.state, HEDGER, ["deck"])[:2] == ["all", "none"]
    ok(s, "deal p1")
    assert GAME.suggest(s.state, HEDGER, []) == ["trade", "accept", "decline", "cancel", "open", "pass"]
