"""Every way an Open, Pass line can be refused, with its reason.

`refused()` (tests/games/__init__.py) checks for each one that the line changed nothing:
`final()`, the state, the clock and the undo history, and with a journal (`tmp_path`) that
nothing was written.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from umpire.session import Session

from . import ok, refused
from .test_openpass_support import new_session, play_through, setup_deck, to_playing

PACK_LIST = "1 Heaven Basic, 2 Heaven Mega, 3 Heaven Special, 4 Hell Basic, 5 Hell Mega, 6 Hell Special"
PLAYER_WORDS = "bid, trade, accept, decline, cancel, deck, dealer, open, pass"


def building(tmp_path: Path | None = None) -> Session:
    s = new_session(journal=None if tmp_path is None else tmp_path / "game.journal.jsonl")
    ok(s, "start")
    return s


def playing(tmp_path: Path | None = None) -> Session:
    """The playing phase; Ian (p3) owns 24 cards (three Heaven Specials), everyone else 18."""
    s = building(tmp_path)
    return to_playing(s, [{"p3": "3"}, {"p3": "3"}, {"p3": "3"}])


DECK_20 = "1 1 1 2 2 2 3 3 3 + + + - - - 9 9 9 x x"
DECK_NO_1 = "2 2 2 3 3 3 + + + - - - 9 9 9 x x x x x"  # Ian's (playing()) without his three “1”

# ---------------------------------------------------------------- the phases


@pytest.mark.parametrize("line", ["p3: bid 1", "p3: bid 1 4", "p3: bid heaven basic", "p3: bid none"])
def test_a_bid_before_start_is_refused(line: str, tmp_path: Path) -> None:
    s = new_session(journal=tmp_path / "game.journal.jsonl")
    assert refused(s, line, error="IllegalAction") == "the match has not started: the host opens round 1 with “start”"


@pytest.mark.parametrize("line", ["p3: bid 1", "p3: bid 1 4", "p3: bid hell mega", "p3: bid none"])
def test_a_bid_after_deck_building_is_refused(line: str, tmp_path: Path) -> None:
    s = playing(tmp_path)
    assert refused(s, line, error="IllegalAction") == "deck building is over; bids are closed"


def test_start_twice_is_refused(tmp_path: Path) -> None:
    s = building(tmp_path)
    assert refused(s, "start", error="IllegalAction") == "the match has already started"


@pytest.mark.parametrize("line", ["close", "deal p3"])
def test_host_commands_before_start_are_refused(line: str, tmp_path: Path) -> None:
    s = new_session(journal=tmp_path / "game.journal.jsonl")
    assert refused(s, line, error="IllegalAction") == "the match has not started: the host opens round 1 with “start”"


@pytest.mark.parametrize(
    "line", ["p3: bid 1", "p1: trade 1 for 2 with p2", "p1: deck all", "p1: dealer hell", "deal p1", "p1: open", "close", "start"]
)
def test_everything_after_the_match_is_over_is_refused(line: str, tmp_path: Path) -> None:
    s = playing(tmp_path)
    ok(s, "close")
    assert refused(s, line, error="IllegalAction") == "the match is over"


# ---------------------------------------------------------------- bids


@pytest.mark.parametrize("n", [0, 7, 12])
def test_a_pack_out_of_range_is_refused(n: int, tmp_path: Path) -> None:
    s = building(tmp_path)
    reason = refused(s, f"p3: bid 1 {n}", error="InvalidCommand")
    assert reason == f"there is no pack {n} (this round's packs are 1–6)"


def test_an_unknown_pack_name_is_refused(tmp_path: Path) -> None:
    s = building(tmp_path)
    assert refused(s, "p3: bid purgatory", error="InvalidCommand") == f"“purgatory” is not a pack this round ({PACK_LIST})"
    assert (
        refused(s, "p3: bid heaven deluxe", error="InvalidCommand") == f"“deluxe” does not follow “heaven” in any pack's name ({PACK_LIST})"
    )


def test_a_pack_name_with_a_lookalike_letter_names_the_word_and_the_letter(tmp_path: Path) -> None:
    s = building(tmp_path)
    assert refused(s, "p3: bid heaven bas\u0456c", error="InvalidCommand") == (
        "“bas\u0456c” does not follow “heaven” in any pack's name: “\u0456” is cyrillic small letter byelorussian-ukrainian i "
        f"(U+0456), not the plain letter it looks like ({PACK_LIST})"
    )
    assert refused(s, "p3: bid h\u0435aven basic", error="InvalidCommand") == (
        f"“h\u0435aven” is not a pack this round: “\u0435” is cyrillic small letter ie (U+0435), not the plain letter it looks like ({PACK_LIST})"
    )


def test_a_pack_name_cut_short_says_which_packs_it_begins(tmp_path: Path) -> None:
    s = building(tmp_path)
    assert refused(s, "p3: bid 1 Hell", error="InvalidCommand") == (
        f"“Hell” is not a whole pack name: Hell Basic, Hell Mega or Hell Special? (this round: {PACK_LIST})"
    )


@pytest.mark.parametrize("line", ["p3: bid 1 1", "p3: bid 1 heaven basic", "p3: bid hell mega, hell mega"])
def test_the_same_pack_twice_is_refused(line: str, tmp_path: Path) -> None:
    s = building(tmp_path)
    ok(s, "p3: bid 2")
    assert refused(s, line, error="InvalidCommand") == "the packs must be different"
    assert s.final()["players"]["Ian"]["bid"] == ["Heaven Mega"]  # the earlier bid stands


@pytest.mark.parametrize("line", ["p3: bid 1 2 3", "p3: bid 1 2 3 4 5 6", "p3: bid heaven basic, hell basic, hell mega"])
def test_three_packs_are_refused(line: str, tmp_path: Path) -> None:
    s = building(tmp_path)
    assert refused(s, line, error="IllegalAction") == "a player bids on at most 2 different packs"


# ---------------------------------------------------------------- trades

TRADE_USAGE = "write “trade CARDS for CARDS with PLAYER”, e.g. “trade 2 x for 9 with p7”"


@pytest.mark.parametrize(
    "line",
    [
        "p3: trade",
        "p3: trade 2 x with p7",
        "p3: trade 2 for 9",
        "p3: trade for 9 with p7",
        "p3: trade 2 for with p7",
        "p3: trade 2 for 9 with",
        "p3: trade 2 with p7 for 9",
    ],
)
def test_trade_syntax_errors_are_refused(line: str, tmp_path: Path) -> None:
    s = building(tmp_path)
    assert refused(s, line, error="InvalidCommand") == TRADE_USAGE


def test_a_trade_of_something_that_is_not_a_card_is_refused(tmp_path: Path) -> None:
    s = building(tmp_path)
    assert refused(s, "p3: trade 2 q for 9 with p7", error="InvalidCommand") == "“q” is not a card (cards are 1–9 and + - x /)"
    assert refused(s, "p3: trade 2 for 10 with p7", error="InvalidCommand") == "“10” is not a card (cards are 1–9 and + - x /)"
    # a game without a 0 says so: 0 is not one of its cards
    assert refused(s, "p3: trade 2 for 0 with p7", error="InvalidCommand") == "“0” is not a card (cards are 1–9 and + - x /)"


def test_a_trade_with_a_player_of_two_words_is_read_whole(tmp_path: Path) -> None:
    s = building(tmp_path)
    reason = refused(s, "p3: trade 2 for 9 with p7 p8", error="InvalidCommand")
    assert reason.startswith("there is no player called “p7 p8” (players: Hedger (p1),")


def test_a_trade_with_an_unknown_player_is_refused(tmp_path: Path) -> None:
    s = building(tmp_path)
    reason = refused(s, "p3: trade 2 for 9 with zed", error="InvalidCommand")
    assert reason.startswith("there is no player called “zed” (players: Hedger (p1), Uri (p2), Ian (p3),")


@pytest.mark.parametrize("me", ["p3", "Ian", "ian"])
def test_trading_with_oneself_is_refused(me: str, tmp_path: Path) -> None:
    s = building(tmp_path)
    assert refused(s, f"p3: trade 2 for 9 with {me}", error="InvalidCommand") == "a trade is with another player"


def test_offering_cards_not_held_is_refused(tmp_path: Path) -> None:
    s = building(tmp_path)
    assert refused(s, "p3: trade 9 for 1 with p7", error="IllegalAction") == "Ian holds 0 “9”, offered 1"
    assert refused(s, "p3: trade 1 1 1 1 x x for 9 with p7", error="IllegalAction") == "Ian holds 3 “1”, offered 4; holds 0 “x”, offered 2"
    # the issue's own case: three + held, four offered
    assert refused(s, "p3: trade + + + + for - with p6", error="IllegalAction") == "Ian holds 3 “+”, offered 4"


def test_accepting_an_offer_whose_giver_no_longer_holds_the_cards_finds_it_withdrawn(tmp_path: Path) -> None:
    # R-OP-11: the offer lapsed when Ian's other trade took its cards, and Jonas was told then; his
    # accept finds no such trade, and neither tells him how many 2s Ian has left (R-OP-10)
    s = building(tmp_path)
    ok(s, "p3: trade 2 for 1 with p7")
    ok(s, "p3: trade 2 2 2 for 1 with p8")
    ok(s, "p8: accept 2")  # Ian's three 2s are gone
    reason = refused(s, "p7: accept 1", error="IllegalAction")
    assert reason == "there is no open trade 1 offered to Jonas"
    assert s.final()["trades"] == []


def test_accepting_when_the_taker_does_not_hold_the_cards_asked_for_is_refused(tmp_path: Path) -> None:
    s = building(tmp_path)
    ok(s, "p3: trade 2 for 9 with p7")
    assert refused(s, "p7: accept 1", error="IllegalAction") == "Jonas holds 0 “9”, the trade needs 1: the trade cannot go through now"


def test_answering_a_trade_between_two_others_is_refused_as_if_it_did_not_exist(tmp_path: Path) -> None:
    # R-OP-10: a bystander's refusal does not tell that trade 1 is open, nor between whom
    s = building(tmp_path)
    ok(s, "p3: trade 2 for 1 with p7")
    assert refused(s, "p8: accept 1", error="IllegalAction") == "there is no open trade 1 offered to Priya"
    assert refused(s, "p8: decline 1", error="IllegalAction") == "there is no open trade 1 offered to Priya"
    assert refused(s, "p8: accept 7", error="IllegalAction") == "there is no open trade 7 offered to Priya"


def test_accepting_ones_own_offer_is_refused_saying_who_answers_it(tmp_path: Path) -> None:
    s = building(tmp_path)
    ok(s, "p3: trade 2 for 1 with p7")
    reason = refused(s, "p3: accept 1", error="IllegalAction")
    assert reason == "trade 1 is Ian's own offer to Jonas, who answers it (Ian can withdraw it with “cancel 1”)"
    assert refused(s, "p3: decline 1", error="IllegalAction") == reason


def test_cancelling_a_trade_someone_else_made_is_refused(tmp_path: Path) -> None:
    s = building(tmp_path)
    ok(s, "p3: trade 2 for 1 with p7")
    # Jonas is the one it was offered to; only Ian, who made it, can withdraw it.
    reason = refused(s, "p7: cancel 1", error="IllegalAction")
    assert reason == "trade 1 was offered to Jonas by Ian; only its maker can withdraw it (Jonas answers it with “accept 1” or “decline 1”)"


def test_cancelling_a_trade_between_two_others_is_refused_as_if_it_did_not_exist(tmp_path: Path) -> None:
    s = building(tmp_path)
    ok(s, "p3: trade 2 for 1 with p7")
    assert refused(s, "p8: cancel 1", error="IllegalAction") == "there is no open trade 1 made by Priya"
    assert refused(s, "p8: cancel 4", error="IllegalAction") == "there is no open trade 4 made by Priya"


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("p7: accept 9", "there is no open trade 9 offered to Jonas"),
        ("p7: decline 2", "there is no open trade 2 offered to Jonas"),
        ("p3: cancel 5", "there is no open trade 5 made by Ian"),
        ("p7: accept #9", "there is no open trade 9 offered to Jonas"),
    ],
)
def test_answering_no_such_trade_is_refused(line: str, says: str, tmp_path: Path) -> None:
    s = building(tmp_path)
    ok(s, "p3: trade 2 for 1 with p7")
    assert refused(s, line, error="IllegalAction") == says


def test_answering_a_trade_already_done_is_refused(tmp_path: Path) -> None:
    s = building(tmp_path)
    ok(s, "p3: trade 2 for 1 with p7")
    ok(s, "p7: accept 1")
    assert refused(s, "p7: accept 1", error="IllegalAction") == "there is no open trade 1 offered to Jonas"


@pytest.mark.parametrize(("line", "verb"), [("p7: accept", "accept"), ("p7: decline", "decline")])
def test_a_bare_answer_with_two_offers_waiting_is_refused_as_ambiguous(line: str, verb: str, tmp_path: Path) -> None:
    s = building(tmp_path)
    ok(s, "p3: trade 2 for 1 with p7")
    ok(s, "p4: trade 3 for 1 with p7")
    assert refused(s, line, error="IllegalAction") == f"Jonas has 2 open trades (1, 2): say which, e.g. “{verb} 1”"


def test_a_bare_cancel_with_two_own_offers_is_refused_as_ambiguous(tmp_path: Path) -> None:
    s = building(tmp_path)
    ok(s, "p3: trade 2 for 1 with p7")
    ok(s, "p3: trade 3 for 1 with p8")
    assert refused(s, "p3: cancel", error="IllegalAction") == "Ian has 2 open trades (1, 2): say which, e.g. “cancel 1”"


@pytest.mark.parametrize(("line", "verb"), [("p7: accept", "accept"), ("p7: decline", "decline"), ("p7: cancel", "cancel")])
def test_a_bare_answer_with_nothing_waiting_is_refused(line: str, verb: str, tmp_path: Path) -> None:
    s = building(tmp_path)
    assert refused(s, line, error="IllegalAction") == f"Jonas has no open trade to {verb}"


@pytest.mark.parametrize(("line", "verb"), [("p7: accept x", "accept"), ("p7: decline 1 2", "decline"), ("p7: cancel one", "cancel")])
def test_an_answer_with_a_bad_number_is_refused(line: str, verb: str, tmp_path: Path) -> None:
    s = building(tmp_path)
    assert refused(s, line, error="InvalidCommand") == f"write “{verb}” or “{verb} N” with the trade's number"


def test_r_op_7_cards_in_a_submitted_deck_cannot_be_traded_away(tmp_path: Path) -> None:
    s = playing(tmp_path)
    ok(s, "p1: deck all")  # Hedger owns 18: every card is in the deck
    assert refused(s, "p1: trade 1 for 2 with p4", error="IllegalAction") == "Hedger holds 4 “1”, 4 of them in their deck, offered 1"
    ok(s, "p4: trade 2 for 1 with p1")  # an offer to Hedger is fine; his accept is what would give a locked card
    needs = "Hedger holds 4 “1”, 4 of them in their deck, the trade needs 1: the trade cannot go through now"
    assert refused(s, "p1: accept 1", error="IllegalAction") == needs


def test_r_op_7_a_deck_that_would_lock_cards_offered_in_an_open_trade_is_refused(tmp_path: Path) -> None:
    # Otherwise Uri's accept would fail because of what Hedger sealed in his deck, and tell Uri about it.
    s = playing(tmp_path)
    ok(s, "p1: trade 1 for 2 with p2")  # offered before Hedger has a deck
    reason = refused(s, "p1: deck all", error="IllegalAction")
    assert reason == (
        "Hedger offers 1 in trade 1: a deck cannot lock cards offered in an open trade (R-OP-7); "
        "withdraw the offer first (“cancel 1”), or leave those cards out of the deck"
    )
    ok(s, "p1: cancel 1")
    ok(s, "p1: deck all")


def test_r_op_7_a_deck_is_refused_naming_every_offer_that_promises_its_cards() -> None:
    s = to_playing(rounds=[{"p3": "3"}, {"p3": "3"}, {"p3": "3"}])  # Ian owns 24 cards: 3 “1” and 3 “9”
    ok(s, "p3: trade 1 for 2 with p2")
    ok(s, "p3: trade 9 9 for 2 with p4")
    ok(s, "p3: trade x for 5 with p5")
    reason = refused(s, f"p3: deck {DECK_20}")  # it holds every 1 and every 9, and two of the six x
    assert reason.startswith("Ian offers 1 9 9 in trades 1 and 2: a deck cannot lock cards offered in an open trade (R-OP-7); ")
    assert reason.endswith("withdraw the offers first (“cancel 1”, “cancel 2”), or leave those cards out of the deck")


def test_r_op_7_with_a_deck_standing_offers_cannot_promise_the_same_cards_twice() -> None:
    s = to_playing(rounds=[{"p3": "3"}, {"p3": "3"}, {"p3": "3"}])  # Ian: 24 cards, three “1”
    ok(s, f"p3: deck {DECK_NO_1}")
    ok(s, "p3: trade 1 1 for 2 with p2")
    assert refused(s, "p3: trade 1 1 for 5 with p4") == "Ian holds 3 “1”, 2 of them offered in trade 1, offered 2"
    ok(s, "p3: trade 1 for 5 with p4")  # the third “1” is still free
    # Ian cannot give his own promised cards away as the taker of a trade either
    ok(s, "p5: trade 2 for 1 with p3")
    needs = "Ian holds 3 “1”, 3 of them offered in trades 1 and 2, the trade needs 1: the trade cannot go through now"
    assert refused(s, "p3: accept 3") == needs


def test_r_op_7_an_offer_of_a_player_with_a_deck_always_goes_through_when_accepted() -> None:
    s = to_playing(rounds=[{"p3": "3"}, {"p3": "3"}, {"p3": "3"}])
    ok(s, f"p3: deck {DECK_NO_1}")
    ok(s, "p3: trade 1 1 for 2 with p2")
    ok(s, "p3: trade 1 for 2 with p4")
    ok(s, "p2: accept 1")
    ok(s, "p4: accept 2")
    assert s.final()["players"]["Ian"]["cards"].count("1") == 0


# ---------------------------------------------------------------- decks and dealers


@pytest.mark.parametrize("line", ["p3: deck all", f"p3: deck {DECK_20}"])
def test_a_deck_outside_the_playing_phase_is_refused(line: str, tmp_path: Path) -> None:
    s = building(tmp_path)
    reason = refused(s, line, error="IllegalAction")
    assert reason == "decks are submitted in the playing phase, after round 3 of deck building"


def test_a_deck_of_21_cards_is_refused(tmp_path: Path) -> None:
    s = playing(tmp_path)
    assert refused(s, f"p3: deck {DECK_20} x", error="IllegalAction") == "a deck is exactly 20 cards; 21 listed"


def test_a_deck_of_19_cards_when_owning_20_or_more_is_refused(tmp_path: Path) -> None:
    s = playing(tmp_path)
    reason = refused(s, f"p3: deck {DECK_20[:-2]}", error="IllegalAction")
    assert reason == "a deck is exactly 20 cards; 19 listed (padding is only for players who own fewer than 20)"


def test_a_deck_with_cards_not_owned_is_refused(tmp_path: Path) -> None:
    s = playing(tmp_path)
    reason = refused(s, "p3: deck 1 1 1 2 2 2 3 3 3 + + + - - - 9 9 9 8 8", error="IllegalAction")
    assert reason == "Ian owns 0 “8”, the deck lists 2 (see “cards Ian”)"
    reason = refused(s, "p3: deck 1 1 1 1 2 2 2 3 3 3 + + + - - - 9 9 9 8", error="IllegalAction")
    assert reason == "Ian owns 3 “1”, the deck lists 4; owns 0 “8”, the deck lists 1 (see “cards Ian”)"


def test_deck_all_when_owning_more_than_20_is_refused(tmp_path: Path) -> None:
    s = playing(tmp_path)
    assert refused(s, "p3: deck all", error="IllegalAction") == "Ian owns 24 cards; a deck is exactly 20: list them"


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("p3: deck", "list the deck's cards, e.g. “deck 9 9 x x 8 7 …”, or “deck all”, or “deck none” to withdraw it"),
        ("p3: deck 1 2 q", "“q” is not a card (cards are 1–9 and + - x /)"),
        ("p3: dealer", "write “dealer NAME” with one of Heaven, Hell"),
        ("p3: dealer hell heaven", "write “dealer NAME” with one of Heaven, Hell"),
        ("p3: dealer purgatory", "“purgatory” is not a dealer (dealers: Heaven, Hell)"),
    ],
)
def test_deck_and_dealer_syntax_errors_are_refused(line: str, reason: str, tmp_path: Path) -> None:
    s = playing(tmp_path)
    assert refused(s, line, error="InvalidCommand") == reason


def test_a_dealer_outside_the_playing_phase_is_refused(tmp_path: Path) -> None:
    s = building(tmp_path)
    assert (
        refused(s, "p3: dealer hell", error="IllegalAction") == "the dealer is chosen in the playing phase, after round 3 of deck building"
    )


def test_changing_the_deck_or_dealer_after_the_deal_started_is_refused(tmp_path: Path) -> None:
    s = playing(tmp_path)
    setup_deck(s, "p1")
    ok(s, "deal p1")
    started = "Hedger's deal has started; the deck and dealer cannot change"
    assert refused(s, "p1: deck all", error="IllegalAction") == started
    assert refused(s, "p1: deck none", error="IllegalAction") == started
    assert refused(s, "p1: dealer hell", error="IllegalAction") == started
    ok(s, "p1: open")
    assert refused(s, "p1: dealer heaven", error="IllegalAction") == started


# ---------------------------------------------------------------- deals, open and pass


@pytest.mark.parametrize(
    ("setup", "lacking"),
    [([], "a deck and a dealer"), (["p1: dealer hell"], "a deck"), (["p1: deck all"], "a dealer")],
)
def test_a_deal_before_the_deck_and_dealer_is_refused(setup: list[str], lacking: str, tmp_path: Path) -> None:
    s = playing(tmp_path)
    for line in setup:
        ok(s, line)
    assert refused(s, "deal p1", error="IllegalAction") == f"Hedger has not submitted {lacking} yet"


def test_a_deal_in_deck_building_is_refused(tmp_path: Path) -> None:
    s = building(tmp_path)
    assert refused(s, "deal p1", error="IllegalAction") == "deals happen in the playing phase"


def test_a_deal_to_a_player_who_has_played_is_refused(tmp_path: Path) -> None:
    s = playing(tmp_path)
    setup_deck(s, "p1")
    play_through(s, "p1", opens=0)
    assert refused(s, "deal p1", error="IllegalAction") == "Hedger has already played (score 0)"
    assert refused(s, "deal Hedger", error="IllegalAction") == "Hedger has already played (score 0)"


def test_a_deal_to_nobody_is_refused(tmp_path: Path) -> None:
    s = playing(tmp_path)
    assert refused(s, "deal zed", error="InvalidCommand").startswith("there is no player called “zed”")


@pytest.mark.parametrize("verb", ["open", "pass"])
def test_open_or_pass_without_a_dealt_card_is_refused(verb: str, tmp_path: Path) -> None:
    s = playing(tmp_path)
    setup_deck(s, "p1")
    reason = refused(s, f"p1: {verb}", error="IllegalAction")
    assert reason == "no card has been dealt to Hedger; the host deals with “deal Hedger”"


@pytest.mark.parametrize("verb", ["open", "pass"])
def test_open_or_pass_before_the_playing_phase_is_refused(verb: str, tmp_path: Path) -> None:
    s = building(tmp_path)
    assert refused(s, f"p1: {verb}", error="IllegalAction") == "no card has been dealt to Hedger; the host deals with “deal Hedger”"


@pytest.mark.parametrize("verb", ["open", "pass"])
def test_open_or_pass_after_the_deal_is_over_is_refused(verb: str, tmp_path: Path) -> None:
    s = playing(tmp_path)
    setup_deck(s, "p1")
    play_through(s, "p1", opens=10)
    assert refused(s, f"p1: {verb}", error="IllegalAction") == "Hedger's deal is over"


def test_open_with_words_after_it_is_refused(tmp_path: Path) -> None:
    s = playing(tmp_path)
    assert refused(s, "p1: open 5", error="InvalidCommand") == "“open” takes nothing after it"


# ---------------------------------------------------------------- who may type what


@pytest.mark.parametrize(
    "line",
    ["bid 1 4", "trade 2 x for 9 with p7", "accept 1", "decline", "cancel 1", "deck all", "dealer hell", "open", "pass"],
)
def test_player_commands_typed_by_the_host_are_refused(line: str, tmp_path: Path) -> None:
    s = building(tmp_path)
    head = line.split()[0]
    assert refused(s, line, error="InvalidCommand") == f"“{head}” is a player's; write it with their name, e.g. “p3: {line}”"


@pytest.mark.parametrize("line", ["p3: close", "p3: deal p3", "p3: start"])
def test_host_commands_typed_by_a_player_are_refused(line: str, tmp_path: Path) -> None:
    s = building(tmp_path)
    head = line.split()[1]
    assert refused(s, line, error="InvalidCommand") == f"“{head}” is the host's command"


def test_an_unknown_host_command_is_refused(tmp_path: Path) -> None:
    s = building(tmp_path)
    assert refused(s, "shuffle", error="InvalidCommand") == "unknown host command (type “help” for the list)"


def test_an_unknown_player_command_is_refused(tmp_path: Path) -> None:
    s = building(tmp_path)
    assert refused(s, "p3: fold", error="InvalidCommand") == f"not a command of this game: {PLAYER_WORDS} (type “help”)"


def test_a_short_collection_goes_into_the_deck_whole() -> None:
    """A player who owns fewer than 20 cards plays all of them, padded with / (no hand-picked subset)."""
    s = to_playing()
    assert (
        refused(s, "p1: deck 1 1 1 2 2 2 3 3")
        == "Hedger owns 18 cards, fewer than 20: the deck is all of them, padded with 2 “/” (write “deck all”)"
    )


def test_a_bare_bid_is_refused_rather_than_read_as_no_pack() -> None:
    s = new_session()
    ok(s, "start")
    assert refused(s, "p3: bid") == "bid on one or two packs, e.g. “bid 1 4”, or “bid none”"
