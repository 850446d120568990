"""Every way a Final Match line is refused, with its reason, and that a refused line changes
nothing (`refused` checks the whole `final` state and the history before and after).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from umpire.session import Session

from .test_choice_support import (
    BLOCK,
    PLAY,
    SECOND,
    auto_bout,
    new_session,
    ok,
    play_round,
    refused,
    start,
    to_round,
)

OVER = "the match is over (undecided: nobody won two subgames)"


def before_block_1() -> Session:
    return new_session()


def in_round_1() -> Session:
    s = new_session()
    start(s)
    s.advance(5 * SECOND)
    return s


def in_the_1_second_break() -> Session:
    s = new_session()
    start(s)
    s.advance(PLAY + SECOND // 2)
    return s


def after_round_9() -> Session:
    s = new_session()
    start(s)
    s.advance(9 * 60 * SECOND)
    return s


def between_blocks() -> Session:
    s = new_session()
    auto_bout(s)
    return s


def in_block_2() -> Session:
    s = new_session()
    auto_bout(s)
    start(s)
    return s


def in_block_6() -> Session:
    s = new_session()
    for _ in range(5):
        auto_bout(s)
    start(s)
    return s


def after_the_match() -> Session:
    s = new_session()
    for _ in range(6):
        auto_bout(s)
    return s


# ---------------------------------------------------------------- Goofspiel plays


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        (before_block_1, "no Goofspiel round is open: block 1 has not started"),
        (between_blocks, "no Goofspiel round is open: block 2 has not started"),
        (in_the_1_second_break, "round 1 is closed; round 2 opens in a moment"),
        (after_round_9, "block 1's bout is over (nine rounds played)"),
        (in_block_6, "there is no Goofspiel in block 6"),
        (after_the_match, OVER),
    ],
    ids=lambda v: v.__name__ if callable(v) else "",
)
@pytest.mark.parametrize("line", ["p1: gs 5", "p1: igs 5", "p2: gs 1"])
def test_a_play_outside_a_round_is_refused(setup: Callable[[], Session], reason: str, line: str) -> None:
    s = setup()
    assert refused(s, line, error="IllegalAction") == reason


def test_a_play_between_round_9_and_the_blocks_end_is_refused() -> None:
    s = new_session()
    start(s)
    s.advance(8 * 60 * SECOND + PLAY)
    assert refused(s, "p2: gs 9") == "block 1's bout is over (nine rounds played)"
    s.advance(BLOCK - 1)
    assert refused(s, "p2: gs 9") == "block 1's bout is over (nine rounds played)"


def test_a_card_already_used_in_the_bout_is_refused() -> None:
    s = new_session()
    start(s)
    play_round(s, 1, "gs 4", "gs 7")
    to_round(s, 2)
    assert refused(s, "p1: gs 4", error="IllegalAction") == "Hedger already used the 4 in this bout (cards left: 1 2 3 5 6 7 8 9)"
    assert refused(s, "p1: igs 4", error="IllegalAction") == "Hedger already used the 4 in this bout (cards left: 1 2 3 5 6 7 8 9)"
    assert refused(s, "p2: gs 7", error="IllegalAction") == "Uri already used the 7 in this bout (cards left: 1 2 3 4 5 6 8 9)"


def test_a_refused_play_keeps_the_previous_play_of_the_round() -> None:
    s = new_session()
    start(s)
    play_round(s, 1, "gs 4")
    to_round(s, 2)
    ok(s, "p1: gs 6")
    refused(s, "p1: gs 4")
    refused(s, "p1: gs 0")
    (view,) = [o.view for o in s.feed("plays")]
    assert view is not None and view.rows[0][:2] == ("Hedger", "gs 6")


@pytest.mark.parametrize("word", ["0", "10", "five", "-1", "05", "5.0", "+5", "x"])
@pytest.mark.parametrize("head", ["gs", "igs"])
def test_a_card_outside_1_to_9_is_refused(head: str, word: str) -> None:
    s = in_round_1()
    assert refused(s, f"p1: {head} {word}", error="InvalidCommand") == f"“{word}” is not a card: cards are 1 to 9"


@pytest.mark.parametrize("word", ["²", "５", "٣"])
def test_a_non_ascii_digit_is_refused_as_not_a_card(word: str) -> None:
    # "²".isdigit() is true but int("²") fails; "５" and "٣" would read as 5 and 3. All are refused.
    s = in_round_1()
    assert refused(s, f"p1: gs {word}", error="InvalidCommand") == f"“{word}” is not a card: cards are 1 to 9"
    assert refused(s, f"p1: igs {word}", error="InvalidCommand") == f"“{word}” is not a card: cards are 1 to 9"


@pytest.mark.parametrize("line", ["p1: gs", "p1: gs 5 6", "p1: igs", "p1: igs 3 4"])
def test_a_play_without_exactly_one_card_is_refused(line: str) -> None:
    s = in_round_1()
    head = line.split()[1]
    assert refused(s, line, error="InvalidCommand") == f"write “{head} X” with one card 1–9, e.g. “{head} 5”"


def test_igs_9_is_refused() -> None:
    s = in_round_1()
    assert refused(s, "p1: igs 9", error="IllegalAction") == "the Goofspiel Advantage cannot turn a 9 into a 10"
    ok(s, "p1: gs 9")


def test_igs_without_the_advantage_is_refused() -> None:
    s = in_round_1()  # goofspiel_advantage = [1, 0]
    assert refused(s, "p2: igs 5", error="IllegalAction") == "Uri has no Goofspiel Advantage"


def test_igs_after_its_copy_is_used_is_refused() -> None:
    s = new_session()
    start(s)
    play_round(s, 1, "igs 3")
    to_round(s, 2)
    assert refused(s, "p1: igs 5", error="IllegalAction") == "Hedger has no Goofspiel Advantage left (used)"
    ok(s, "p1: gs 5")


# ---------------------------------------------------------------- the shop


def test_a_buy_in_block_1_is_refused_the_shop_is_closed() -> None:
    s = in_round_1()
    assert refused(s, "p1: buy 4", error="IllegalAction") == "the shop is closed in block 1; it opens in block 2"
    s.advance(9 * 60 * SECOND)
    assert refused(s, "p2: buy 4", error="IllegalAction") == "the shop is closed in block 1; it opens in block 2"


def test_a_buy_between_blocks_is_refused_the_shop_is_closed() -> None:
    s = between_blocks()
    assert refused(s, "p1: buy 4", error="IllegalAction") == "the shop is closed between blocks"


def test_a_buy_before_the_match_is_refused_the_shop_opens_in_block_2() -> None:
    s = before_block_1()
    assert refused(s, "p1: buy 4", error="IllegalAction") == "the match has not started; the shop opens in block 2"


def test_a_buy_after_the_match_is_refused() -> None:
    s = after_the_match()
    assert refused(s, "p1: buy 4", error="IllegalAction") == OVER


def test_a_buy_the_balance_cannot_cover_is_refused() -> None:
    s = new_session(shop_credit=3)
    auto_bout(s)
    start(s)  # 679 at $2, 34 at $3, 15 at $4, 28 at $5
    assert refused(s, "p1: buy 8", error="IllegalAction") == "Hedger has $3; tile 8 costs $5 this cycle"
    assert refused(s, "p2: buy 1", error="IllegalAction") == "Uri has $3; tile 1 costs $4 this cycle"
    ok(s, "p1: buy 3")
    assert refused(s, "p1: buy 6", error="IllegalAction") == "Hedger has $0; tile 6 costs $2 this cycle"


def test_a_tile_already_bought_this_cycle_is_refused() -> None:
    s = in_block_2()
    ok(s, "p1: buy 5")
    assert refused(s, "p1: buy 5", error="IllegalAction") == "Hedger already bought tile 5 this cycle; it can be bought again next cycle"
    ok(s, "p2: buy 5")  # the other player may (R-SHOP-1)
    assert refused(s, "p2: buy 5", error="IllegalAction") == "Uri already bought tile 5 this cycle; it can be bought again next cycle"


@pytest.mark.parametrize("word", ["0", "10", "five", "05"])
def test_a_tile_outside_1_to_9_is_refused(word: str) -> None:
    s = in_block_2()
    assert refused(s, f"p1: buy {word}", error="InvalidCommand") == f"“{word}” is not a tile: tiles are 1 to 9"


@pytest.mark.parametrize("line", ["p1: buy", "p1: buy 4 5"])
def test_a_buy_without_exactly_one_tile_is_refused(line: str) -> None:
    s = in_block_2()
    assert refused(s, line, error="InvalidCommand") == "write “buy X” with one tile 1–9, e.g. “buy 9”"


@pytest.mark.parametrize("setup", [before_block_1, in_round_1, between_blocks, after_the_match], ids=lambda f: f.__name__)
@pytest.mark.parametrize("line", ["post shop", "p2: post shop"])
def test_post_shop_while_the_shop_is_closed_is_refused(setup: Callable[[], Session], line: str) -> None:
    s = setup()
    assert refused(s, line, error="IllegalAction") == "the shop is closed; there is nothing to post"


# ---------------------------------------------------------------- who may say what


@pytest.mark.parametrize("line", ["p1: start", "p2: start", "Uri: start"])
def test_start_from_a_player_is_refused(line: str) -> None:
    s = new_session()
    assert refused(s, line, error="InvalidCommand") == "“start” is the host's command (it starts the next block)"


def test_start_with_extra_words_is_refused() -> None:
    s = new_session()
    refused(s, "start 2", error="InvalidCommand")
    assert s.final()["block"] == 0


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("gs 5", "a Goofspiel play is a player's; write it as “p1: gs 5”"),
        ("igs 5", "a Goofspiel play is a player's; write it as “p1: igs 5”"),
        ("buy 4", "a purchase is a player's; write it as “p1: buy 4”"),
    ],
)
@pytest.mark.parametrize("setup", [in_round_1, in_block_2], ids=lambda f: f.__name__)
def test_a_player_command_without_a_prefix_is_refused(setup: Callable[[], Session], line: str, reason: str) -> None:
    s = setup()
    assert refused(s, line, error="InvalidCommand") == reason


def test_an_unknown_host_command_is_refused() -> None:
    s = in_round_1()
    assert refused(s, "hello", error="InvalidCommand") == "unknown host command (type “help” for the list)"


@pytest.mark.parametrize("text", ["hello", "gyul now", "post gh now", "post status now", "status now"])
def test_an_unknown_player_command_is_refused(text: str) -> None:
    # `hap`, `gyul` and `post gh` are real commands since part 2 (tests/games/test_choice_gyul.py).
    s = in_block_2()
    # the whole list of a player's moves: no “type help”, which a player writing to the bot cannot
    assert refused(s, f"p1: {text}", error="InvalidCommand") == (
        "not a command of this game: gs X, igs X, buy X, hap abc d, ihap abc d e, gyul, expr x S y, iexpr x S y z,"
        " status, post shop/gh/expr/status"
    )


def test_a_line_for_an_unknown_player_is_refused() -> None:
    s = in_round_1()
    assert refused(s, "p3: gs 5") == "there is no player called “p3” (players: Hedger (p1/Player 1/Player1), Uri (p2/Player 2/Player2))"


def test_a_player_line_with_nothing_after_the_colon_is_refused() -> None:
    s = in_round_1()
    assert refused(s, "p1:") == "Hedger sent nothing after the colon"


def test_a_time_line_cannot_move_the_clock_back() -> None:
    s = in_round_1()
    assert refused(s, "@ 0:01", error="IllegalAction") == "the clock is already at 0:05; time cannot go back"
