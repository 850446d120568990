"""The Final Match's table of moves (what may be done now, by whom), completion from it, what each
seat may know (`knowledge`), the toolbar, and that a sealed Goofspiel play reaches nobody else
before the round's reveal.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.games import game
from umpire.session import Output, Session

from .test_choice_support import BLOCK, PLAY, SECOND, auto_bout, new_session, ok, refused, start

GAME = game("choice-is-yours")


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


def between_blocks() -> Session:
    s = new_session()
    auto_bout(s)
    return s


def in_block_2() -> Session:
    s = new_session()
    auto_bout(s)
    start(s)
    s.advance(s.state.block_start + 5 * SECOND)
    return s


def after_the_match() -> Session:
    s = new_session()
    for _ in range(6):
        auto_bout(s)
    return s


def allowed(s: Session, actor: int | None) -> list[str]:
    return [m.name for m in GAME.allowed(s.state, actor)]


EVERY_SHOP_AND_BOARD = ["post shop", "post gh", "post expr"]


@pytest.mark.parametrize(
    ("setup", "player", "host"),
    [
        (before_block_1, ["status"], ["status", "start"]),  # `status` is the card's, written `post status` (R-READ-4)
        (in_round_1, ["gs", "status"], ["status"]),
        (in_the_1_second_break, ["status"], ["status"]),
        (in_block_2, ["gs", "buy", "hap", "gyul", "expr", "status", *EVERY_SHOP_AND_BOARD], ["status", *EVERY_SHOP_AND_BOARD]),
        (between_blocks, ["status"], ["status", "start"]),
        (after_the_match, ["status"], ["status"]),
    ],
    ids=lambda v: v.__name__ if callable(v) else "",
)
def test_the_moves_allowed_in_each_phase(setup: Callable[[], Session], player: list[str], host: list[str]) -> None:
    s = setup()
    assert allowed(s, 0) == player
    assert allowed(s, 1) == player
    assert allowed(s, None) == host


@pytest.mark.parametrize("setup", [before_block_1, in_round_1, in_the_1_second_break, in_block_2, between_blocks, after_the_match])
def test_a_move_is_allowed_exactly_when_its_when_gives_no_reason_and_the_session_refuses_with_that_reason(
    setup: Callable[[], Session],
) -> None:
    s = setup()
    lines = {"gs": "gs 1", "buy": "buy 9", "gyul": "gyul", "expr": "expr 1 1+1+1+1 1", "status": "post status", "post gh": "post gh"}
    for move in GAME.moves:
        if move.name not in lines:
            continue
        why = move.when(s.state, 0)
        assert (move in GAME.allowed(s.state, 0)) == (why is None)
        if why is not None:
            assert refused(s, f"p1: {lines[move.name]}", error="IllegalAction") == why


def test_the_host_may_start_only_between_blocks_and_never_after_the_match() -> None:
    assert GAME.why_not(in_round_1().state, None, GAME.parse(new_session().state, None, "start", lambda n: 0)) == (
        "block 1 is under way; the next one starts after it ends"
    )
    over = after_the_match()
    assert refused(over, "start", error="IllegalAction") == "the match is over (undecided: nobody won two subgames)"


def test_reposting_is_refused_when_there_is_nothing_to_repost_for_the_host_as_for_a_player() -> None:
    s = in_round_1()
    for line in ("post gh", "p2: post gh"):
        assert refused(s, line, error="IllegalAction") == "Gyul Hap runs during blocks 2–6, not now (block 1)"
    for line in ("post expr", "p1: post expr"):
        assert refused(s, line, error="IllegalAction") == "Expressions runs during blocks 2–6, not now (block 1)"


def test_status_may_be_posted_at_any_time_even_after_the_match() -> None:
    for setup in (before_block_1, in_the_1_second_break, after_the_match):
        out = ok(setup(), "p2: post status")
        assert [o.event["event"] for o in out if o.event] == ["status_posted"]


def test_a_line_is_read_before_it_is_judged_not_now() -> None:
    # A malformed line is told how to write it even when its move is not allowed now.
    s = before_block_1()
    assert refused(s, "p1: gs 0", error="InvalidCommand") == "“0” is not a card: cards are 1 to 9"
    assert refused(s, "gs 5", error="InvalidCommand") == "a Goofspiel play is a player's; write it as “p1: gs 5”"
    assert refused(s, "p1: gs 5", error="IllegalAction") == "no Goofspiel round is open: block 1 has not started"


# ---------------------------------------------------------------- completion


def completions(s: Session, actor: int | None, words: list[str]) -> list[str]:
    return GAME.suggest(s.state, actor, words)


def test_completion_offers_only_the_moves_allowed_now() -> None:
    assert completions(before_block_1(), None, []) == ["status", "post", "start"]
    assert completions(before_block_1(), 0, []) == ["status", "post"]  # the card's `status` is a public post (R-SHOP-4)
    assert completions(in_round_1(), 0, []) == ["gs", "igs", "status", "post"]
    assert completions(in_block_2(), None, []) == ["status", "post"]
    assert completions(in_block_2(), None, ["post"]) == ["status", "shop", "gh", "expr"]
    assert completions(after_the_match(), None, []) == ["status", "post"]


def test_completion_after_gs_offers_the_cards_left_and_after_igs_those_the_advantage_can_raise() -> None:
    s = in_round_1()
    assert completions(s, 0, ["gs"]) == [str(c) for c in range(1, 10)]
    assert completions(s, 0, ["igs"]) == [str(c) for c in range(1, 9)]  # Hedger holds the Advantage; never the 9
    assert completions(s, 1, ["igs"]) == []  # Uri does not
    assert completions(s, 0, ["gs", "5"]) == []


def test_completion_after_buy_offers_the_tiles_not_bought_this_cycle_that_the_balance_covers() -> None:
    s = new_session(shop_credit=4)
    auto_bout(s)
    start(s)  # 679 at $2, 34 at $3, 15 at $4, 28 at $5
    assert completions(s, 0, ["buy"]) == ["1", "3", "4", "5", "6", "7", "9"]
    ok(s, "p1: buy 4")  # $1 left
    assert completions(s, 0, ["buy"]) == []
    assert completions(s, 1, ["buy"]) == ["1", "3", "4", "5", "6", "7", "9"]


def test_completion_after_expr_offers_the_puzzles_the_player_has_not_solved() -> None:
    s = in_block_2()
    assert completions(s, 0, ["expr"]) == ["1", "2", "3", "4", "5"]
    assert completions(s, 0, ["iexpr"]) == ["1", "2", "3", "4", "5"]


def test_post_completes_only_what_can_be_posted_now() -> None:
    s = new_session(shop_cycle_seconds=100)
    auto_bout(s)
    start(s)
    s.advance(s.state.block_start + 301 * SECOND)  # the shop's three cycles are over; the board and the set are not
    assert completions(s, 1, ["post"]) == ["status", "gh", "expr"]


# ---------------------------------------------------------------- knowledge


def test_a_player_knows_their_own_sealed_play_and_nobody_else_does() -> None:
    s = in_round_1()
    ok(s, "p1: igs 5")
    assert GAME.knowledge(s.state, 0)["goofspiel"]["my_play"] == {"card": 5, "boosted": True}
    assert GAME.knowledge(s.state, 1)["goofspiel"]["my_play"] is None
    assert "my_play" not in GAME.knowledge(s.state, None)["goofspiel"]


@pytest.mark.parametrize("line", [None, "gs 1", "gs 9", "igs 4"])
def test_what_others_may_know_does_not_change_with_a_sealed_play(line: str | None) -> None:
    s = in_round_1()
    before = {seat: GAME.knowledge(s.state, seat) for seat in (None, 1)}
    if line is not None:
        ok(s, f"p1: {line}")
    assert {seat: GAME.knowledge(s.state, seat) for seat in (None, 1)} == before


def test_knowledge_shows_the_prizes_posted_so_far_and_the_cards_revealed() -> None:
    s = in_round_1()
    ok(s, "p1: gs 3")
    s.advance(s.state.block_start + PLAY)  # the reveal; Uri auto-plays the 1
    bout = GAME.knowledge(s.state, 1)["goofspiel"]
    assert bout["prizes_posted"] == [5]
    assert bout["cards_left"] == {"Hedger": [1, 2, 4, 5, 6, 7, 8, 9], "Uri": [2, 3, 4, 5, 6, 7, 8, 9]}
    assert bout["bout_money"] == {"Hedger": 5, "Uri": 0}
    assert "my_play" not in bout  # no round is open


def test_knowledge_never_holds_the_boards_haps_nor_a_puzzles_solutions() -> None:
    s = in_block_2()
    for seat in (None, 0, 1):
        text = json.dumps(GAME.knowledge(s.state, seat))
        assert "haps" not in text and "solutions" not in text
        known = GAME.knowledge(s.state, seat)
        assert set(known["gyul_hap"]) == {"over", "board", "of", "claimed"}


def test_knowledge_is_json() -> None:
    for setup in (before_block_1, in_round_1, in_block_2, after_the_match):
        s = setup()
        for seat in (None, 0, 1):
            assert json.loads(json.dumps(GAME.knowledge(s.state, seat))) == GAME.knowledge(s.state, seat)


# ---------------------------------------------------------------- what reaches the others before the reveal


def seen_by_others(outputs: list[Output]) -> list[tuple[str, str, str]]:
    """What anyone but Hedger (seat 0) and the host sees: public posts, Uri's DMs, refusals of Uri's lines."""
    out = []
    for o in outputs:
        audience = str(o.audience) if o.audience is not None else ""
        if o.kind == "announce" and audience in ("public", "player:1"):
            out.append((audience, o.text, json.dumps(o.event, sort_keys=True)))
        elif o.kind == "refusal" and (o.input or "").startswith("p2:"):
            out.append(("refusal", o.text, ""))
    return out


@pytest.mark.parametrize("block", [1, 2])
def test_a_sealed_play_reaches_nobody_else_before_the_reveal_and_the_reveal_shows_it(block: int) -> None:
    def play(line: str) -> tuple[list[Any], list[Any]]:
        s = new_session()
        if block == 2:
            auto_bout(s)
        start(s)
        t0 = s.state.block_start
        ok(s, f"p1: {line}")
        before: list[Output] = []
        for text in ("p2: gs 4", "p2: status", "p2: post status", "p2: igs 4", "post shop", "p2: post gh"):
            before += s.feed(text)
        before += s.advance(t0 + PLAY - 5 * SECOND)  # the reminder
        before += s.feed("p2: gs 6")
        return seen_by_others(before), seen_by_others(s.advance(t0 + PLAY))

    # Every world has a play of Hedger's, so the journal's entry numbers (`n`) agree.
    worlds = [play(line) for line in ("gs 2", "gs 9", "igs 8")]
    assert all(w[0] == worlds[0][0] for w in worlds)
    assert len({json.dumps(w[1]) for w in worlds}) == len(worlds)  # the reveal tells them apart


# ---------------------------------------------------------------- the toolbar


def test_the_toolbar_puts_the_running_clocks_first_and_the_prize_marks_and_balances_after() -> None:
    s = in_block_2()
    ok(s, "p2: gs 4")
    bar = GAME.toolbar(s.state, s.now)
    assert bar.clock == "block 2/6 9:55 · GS 1/9 0:54 Hedger … Uri ✓ · shop 1/3 3:15"  # who has played comes with the round's clock
    assert bar.where == "prize 2 · Hedger $30, Uri $30"
    assert len(bar.clock) <= 60


def test_the_toolbar_between_blocks_and_after_the_match_says_where_the_match_is() -> None:
    bar = GAME.toolbar(between_blocks().state, BLOCK)
    assert (bar.clock, bar.where) == ("", "break before block 2 (host: “start”) · Hedger $0, Uri $0")
    over = after_the_match()
    bar = GAME.toolbar(over.state, over.now)
    assert bar.clock == "" and bar.where.startswith("over: undecided")
