"""Gyul Hap (blocks 2–6): the boards the seed deals, `hap`, `ihap` and `gyul`, the anti-snipe grace,
the block-end reset, the end of Gyul Hap, the `haps` view and `post gh`. Every refusal is checked
with its reason and shown to change nothing (`refused` compares the whole `final` state).

Seed 9701's board 1 (positions row-major 123/456/789):

    1 RWS  2 RBC  3 BWS
    4 RWT  5 RGT  6 RGS
    7 BGC  8 YGC  9 BGT

has the haps 125, 246 and 689. Block 2's first shop cycle prices 679 at $2, 34 at $3, 15 at $4,
28 at $5.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core import hap
from umpire.core.pieces import HAP_PIECES
from umpire.games.choice.gyul import board_plain, board_text, boards, emoji, haps_on, tile_letters, tile_words
from umpire.scenario import parse as parse_scenario
from umpire.session import Session, derive_salt

from .test_choice_support import (
    BLOCK,
    BOARDS,
    MINUTE,
    SECOND,
    SEED,
    auto_bout,
    block_start,
    buy,
    end_block,
    events,
    in_block_2,
    new_session,
    ok,
    one,
    points,
    refused,
    scenario_text,
    start,
    texts,
    tiles,
    view,
)

TEMPLATE = ":hap{colour}{background}{shape}:"


def by_definition(tiles_: tuple[int, ...]) -> set[tuple[int, int, int]]:
    """Every hap among nine tiles, straight from the definition: all the same or all different."""
    out = set()
    for a, b, c in combinations(range(9), 3):
        attrs = zip(hap.attributes(tiles_[a]), hap.attributes(tiles_[b]), hap.attributes(tiles_[c]), strict=True)
        if all(len(set(v)) in (1, 3) for v in attrs):
            out.add((a + 1, b + 1, c + 1))
    return out


def claim_board_1(s: Session, who: str = "p1") -> None:
    """`who` buys the six tiles needed and claims the three haps of board 1."""
    buy(s, who, "245689")
    ok(s, f"{who}: hap 125 1")
    ok(s, f"{who}: hap 246 2")
    ok(s, f"{who}: hap 689 6")


# ---------------------------------------------------------------- the boards (R-GH-3, R-GH-4)


def test_r_gh_3_boards_are_drawn_from_the_seed_in_sequence_each_with_1_to_6_haps() -> None:
    dealt = boards("9701", 50, 1, 6)
    assert [b.number for b in dealt] == list(range(1, 51))
    for b in dealt:
        assert 1 <= len(b.haps) <= 6
        assert len(set(b.tiles)) == 9 and all(0 <= t <= 26 for t in b.tiles)
        assert b.haps == by_definition(b.tiles) == haps_on(b.tiles)
    # In sequence: fewer boards are the first of more; the same seed gives the same boards.
    assert boards("9701", 7, 1, 6) == dealt[:7]
    assert boards("9701", 50, 1, 6) == dealt
    assert boards("9702", 5, 1, 6) != dealt[:5]


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(27)))
def test_haps_on_any_nine_distinct_tiles_are_the_haps_by_definition(order: list[int]) -> None:
    tiles_ = tuple(order[:9])
    assert haps_on(tiles_) == by_definition(tiles_)


def test_the_boards_of_seed_9701_are_those_read_by_hand() -> None:
    for b in boards("9701", 3, 1, 6):
        letters, haps = BOARDS[b.number]
        assert " ".join(tile_letters(t) for t in b.tiles) == letters
        assert b.haps == haps


@pytest.mark.parametrize(("low", "high"), [(4, 5), (0, 2), (6, 6), (8, 12)])
def test_r_gh_3_the_hap_bounds_are_the_scenarios(low: int, high: int) -> None:
    for b in boards("bounds", 20, low, high):
        assert low <= len(b.haps) <= high
        assert b.haps == by_definition(b.tiles)


def test_a_match_uses_the_scenarios_hap_bounds() -> None:
    s = in_block_2(min_haps=5, max_haps=6)
    ev = one(s.feed("post gh"), "gh_board")
    assert ev["board"] == 1
    assert ev["letters"] == [tile_letters(t) for t in boards("9701", 1, 5, 6)[0].tiles]
    assert len(view(s, "haps").rows) in (5, 6)


def test_r_gh_4_a_tiles_emoji_name_is_colour_background_shape() -> None:
    # The ruling's example: `:hapBBC:` = blue circle on black.
    blue_black_circle = HAP_PIECES.parse_piece(["blue", "black", "circle"], "")
    assert emoji(blue_black_circle, TEMPLATE) == ":hapBBC:"
    assert tile_letters(blue_black_circle) == "BBC"
    assert tile_words(blue_black_circle) == "black blue circle"
    assert emoji(HAP_PIECES.parse_piece(["yellow", "gray", "triangle"], ""), TEMPLATE) == ":hapYGT:"
    assert emoji(HAP_PIECES.parse_piece(["red", "white", "square"], ""), "<{shape}{colour}{background}>") == "<SRW>"


def test_r_gh_4_block_2_posts_board_1_as_emoji_and_as_plain_letters() -> None:
    s = new_session()
    auto_bout(s)
    out = start(s)
    ev = one(out, "gh_board")
    assert (ev["board"], ev["of"], ev["why"], ev["t"], ev["generated"]) == (1, 50, "posted", block_start(s), True)
    assert ev["letters"] == BOARDS[1][0].split()
    assert ev["emoji"] == [f":hap{x}:" for x in BOARDS[1][0].split()]
    assert ev["tiles"]["1"] == "white red square" and ev["tiles"]["2"] == "black red circle"
    assert (
        "🎴 **Gyul Hap — board 1/50** (posted)\n"
        ":hapRWS: :hapRBC: :hapBWS:\n:hapRWT: :hapRGT: :hapRGS:\n:hapBGC: :hapYGC: :hapBGT:\n"
        "```\n1 RWS  2 RBC  3 BWS\n4 RWT  5 RGT  6 RGS\n7 BGC  8 YGC  9 BGT\n```\n"
        "Letters: colour R red, Y yellow, B blue · background B black, G gray, W white · shape C circle, S square, T triangle"
    ) in texts(out, "public")
    b = boards("9701", 1, 1, 6)[0]
    assert board_text(b, TEMPLATE) == [":hapRWS: :hapRBC: :hapBWS:", ":hapRWT: :hapRGT: :hapRGS:", ":hapBGC: :hapYGC: :hapBGT:"]
    assert board_plain(b) == ["1 RWS  2 RBC  3 BWS", "4 RWT  5 RGT  6 RGS", "7 BGC  8 YGC  9 BGT"]


def test_r_gh_4_the_emoji_template_comes_from_the_scenario() -> None:
    s = in_block_2(emoji=":gh_{shape}{colour}{background}:")
    ev = one(s.feed("post gh"), "gh_board")
    assert ev["emoji"][:3] == [":gh_SRW:", ":gh_CRB:", ":gh_SBW:"]
    assert ev["letters"][:3] == ["RWS", "RBC", "BWS"]


def test_block_1_has_no_gyul_hap() -> None:
    s = new_session()
    assert events(start(s), "gh_board") == []
    assert view(s, "haps").notes == ("Gyul Hap starts in block 2",)


# ---------------------------------------------------------------- hap


def test_a_correct_hap_scores_1_spends_the_two_held_tiles_and_is_claimed() -> None:
    s = in_block_2()
    buy(s, "p1", "25")
    out = ok(s, "p1: hap 125 1")
    ev = one(out, "hap_called")
    assert (ev["verdict"], ev["player"], ev["board"], ev["positions"], ev["extra"], ev["wild"]) == ("correct", "Hedger", 1, "125", 1, None)
    assert ev["spent"] == [2, 5]
    assert ev["tiles"] == ["white red square", "black red circle", "gray red triangle"]
    assert ev["ghp"] == {"Hedger": 1, "Uri": 0}
    assert texts(out) == [
        "✅ **Hedger**: `hap 125 1` on board 1 (white red square / black red circle / gray red triangle) is a hap, correct: +1 GHP (tiles used: 2, 5). GHP: Hedger 1 · Uri 0"
    ]
    # The extra (1) comes from the board: tile 1 was never held.
    assert tiles(s, "Hedger") == {1: 0, 2: 2, 3: 0, 4: 0, 5: 2, 6: 0, 7: 0, 8: 0, 9: 0}
    assert s.final()["gyul_hap"]["claimed"] == [{"positions": "125", "player": "Hedger"}]


@pytest.mark.parametrize(("extra", "spent"), [("1", [2, 5]), ("2", [1, 5]), ("5", [1, 2])])
def test_the_extra_can_be_any_of_the_three_positions(extra: str, spent: list[int]) -> None:
    s = in_block_2()
    buy(s, "p2", "125")
    ev = one(ok(s, f"p2: hap 125 {extra}"), "hap_called")
    assert (ev["verdict"], ev["spent"]) == ("correct", spent)
    assert sum(tiles(s, "Uri").values()) == 9 - 2


def test_r_gh_5_ihap_spends_one_tile_and_the_advantage_copy() -> None:
    s = in_block_2()  # Uri holds the Gyul Hap Advantage
    buy(s, "p2", "5")
    out = ok(s, "p2: ihap 125 1 2")
    ev = one(out, "hap_called")
    assert (ev["verdict"], ev["extra"], ev["wild"], ev["spent"]) == ("correct", 1, 2, [5])
    assert texts(out) == [
        "✅ **Uri**: `ihap 125 1 2` on board 1 (white red square / black red circle / gray red triangle) is a hap, correct: +1 GHP (tiles used: 5; wildcard used). GHP: Hedger 0 · Uri 1"
    ]
    assert tiles(s, "Uri")[5] == 2
    assert s.final()["players"]["Uri"]["advantages"]["gyul_hap"] == {"given": 1, "left": 0}


def test_r_gh_5_an_incorrect_ihap_keeps_the_wildcard() -> None:
    s = in_block_2()
    buy(s, "p2", "3")
    ev = one(ok(s, "p2: ihap 123 1 2"), "hap_called")
    assert (ev["verdict"], ev["ghp"]) == ("incorrect", {"Hedger": 0, "Uri": -1})
    assert s.final()["players"]["Uri"]["advantages"]["gyul_hap"] == {"given": 1, "left": 1}
    assert tiles(s, "Uri")[3] == 3


def test_an_incorrect_hap_costs_1_and_uses_nothing() -> None:
    s = in_block_2()
    buy(s, "p1", "24")
    out = ok(s, "p1: hap 124 1")  # RWS RBC RWT: the backgrounds are white, black, white
    ev = one(out, "hap_called")
    assert ev["verdict"] == "incorrect"
    assert ev["why"] == "not a hap: background: white, black, white — two the same and one different: not a hap"
    assert "spent" not in ev
    assert texts(out) == [
        "❌ **Hedger**: `hap 124 1` on board 1 (white red square / black red circle / white red triangle) is incorrect, not a hap: background: white, black, white — two the same and one different: not a hap."
        " −1 GHP. GHP: Hedger -1 · Uri 0"
    ]
    assert (tiles(s, "Hedger")[2], tiles(s, "Hedger")[4]) == (3, 3)
    assert s.final()["gyul_hap"]["claimed"] == []


def test_r_gh_1_a_hap_already_claimed_by_the_other_player_is_incorrect() -> None:
    s = in_block_2()
    buy(s, "p1", "25")
    buy(s, "p2", "25")
    ok(s, "p1: hap 125 1")
    ev = one(ok(s, "p2: hap 125 1"), "hap_called")
    assert (ev["verdict"], ev["why"]) == ("incorrect", "already claimed by Hedger (R-GH-1)")
    assert points(s, "ghp") == {"Hedger": 1, "Uri": -1}
    assert tiles(s, "Uri")[2] == tiles(s, "Uri")[5] == 3
    assert s.final()["gyul_hap"]["claimed"] == [{"positions": "125", "player": "Hedger"}]


def test_r_gh_1_a_hap_already_claimed_by_the_same_player_is_incorrect() -> None:
    s = in_block_2()
    buy(s, "p1", "125")
    ok(s, "p1: hap 125 1")
    ev = one(ok(s, "p1: hap 125 2"), "hap_called")
    assert (ev["verdict"], ev["why"]) == ("incorrect", "already claimed by Hedger (R-GH-1)")
    assert points(s, "ghp") == {"Hedger": 0, "Uri": 0}
    assert tiles(s, "Hedger") == {1: 3, 2: 2, 3: 0, 4: 0, 5: 2, 6: 0, 7: 0, 8: 0, 9: 0}


def test_each_copy_of_a_tile_pays_for_one_hap() -> None:
    s = in_block_2(tile_copies=1)
    buy(s, "p1", "24")
    buy(s, "p1", "5")
    ok(s, "p1: hap 125 1")  # spends 2 and 5
    assert refused(s, "p1: hap 246 6", error="IllegalAction") == "Hedger holds no tile 2"


# ---------------------------------------------------------------- invalid calls: refused, no penalty


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("hap 125", "write hap abc d: three board positions in increasing order and the extra among them, e.g. “hap 149 4”"),
        ("hap 12 1", "write hap abc d: three board positions in increasing order and the extra among them, e.g. “hap 149 4”"),
        ("hap 1259 1", "write hap abc d: three board positions in increasing order and the extra among them, e.g. “hap 149 4”"),
        ("hap 125 1 2", "write hap abc d: three board positions in increasing order and the extra among them, e.g. “hap 149 4”"),
        ("hap 1 2 5 1", "write hap abc d: three board positions in increasing order and the extra among them, e.g. “hap 149 4”"),
        ("hap 1a5 1", "“a” is not a position: positions are 1 to 9"),
        ("hap 105 1", "“0” is not a position: positions are 1 to 9"),
        ("hap 125 x", "“x” is not a position: positions are 1 to 9"),
        ("hap 215 1", "the positions must be in increasing order: “125”, not “215”"),
        ("hap 521 1", "the positions must be in increasing order: “125”, not “521”"),
        ("hap 125 3", "the extra 3 must be one of 125"),
        ("ihap 125 1", "write ihap abc d e: positions a<b<c, the extra d and the wildcard e among them, e.g. “ihap 149 4 9”"),
        ("ihap 125 1 3", "the wildcard 3 must be one of 125 other than the extra 1"),
        ("ihap 125 1 1", "the wildcard 1 must be one of 125 other than the extra 1"),
        ("ihap 125 4 1", "the extra 4 must be one of 125"),
    ],
)
def test_a_malformed_hap_is_refused_without_penalty(line: str, reason: str) -> None:
    s = in_block_2()
    buy(s, "p2", "125")
    assert refused(s, f"p2: {line}", error="InvalidCommand") == reason


@pytest.mark.parametrize("line", ["hap 155 1", "hap 111 1"])
def test_a_hap_naming_a_position_twice_is_refused_without_penalty(line: str) -> None:
    s = in_block_2()
    buy(s, "p1", "15")
    assert (
        refused(s, f"p1: {line}", error="InvalidCommand")
        == f"the positions must be three different ones, in increasing order (not “{line.split()[1]}”)"
    )


@pytest.mark.parametrize(
    ("bought", "line", "reason"),
    [
        ("", "hap 125 1", "Hedger holds no tile 2"),
        ("2", "hap 125 1", "Hedger holds no tile 5"),
        ("15", "hap 125 1", "Hedger holds no tile 2"),
        # Not held and not a hap either: still only invalid.
        ("", "hap 123 1", "Hedger holds no tile 2"),
    ],
)
def test_a_hap_with_tiles_not_held_is_refused_without_penalty(bought: str, line: str, reason: str) -> None:
    s = in_block_2()
    buy(s, "p1", bought)
    assert refused(s, f"p1: {line}", error="IllegalAction") == reason


def test_a_claimed_hap_with_tiles_not_held_is_invalid_not_incorrect() -> None:
    s = in_block_2()
    buy(s, "p1", "25")
    ok(s, "p1: hap 125 1")
    assert refused(s, "p2: hap 125 1", error="IllegalAction") == "Uri holds no tile 2"


def test_ihap_without_the_advantage_is_refused() -> None:
    s = in_block_2()  # Hedger has no Gyul Hap Advantage
    buy(s, "p1", "5")
    assert refused(s, "p1: ihap 125 1 2", error="IllegalAction") == "Hedger has no Gyul Hap Advantage"


def test_ihap_after_the_copy_is_used_is_refused() -> None:
    s = in_block_2()
    buy(s, "p2", "59")
    ok(s, "p2: ihap 125 1 2")
    assert refused(s, "p2: ihap 689 8 6", error="IllegalAction") == "Uri has no Gyul Hap Advantage left"


def test_ihap_still_needs_the_tile_it_does_not_replace() -> None:
    s = in_block_2()
    assert refused(s, "p2: ihap 125 1 2", error="IllegalAction") == "Uri holds no tile 5"


def test_two_copies_of_the_gyul_hap_advantage_give_two_wildcards() -> None:
    s = in_block_2(gyul_hap_advantage=[2, 0])
    buy(s, "p1", "59")
    ok(s, "p1: ihap 125 1 2")
    ok(s, "p1: ihap 689 6 8")
    assert s.final()["players"]["Hedger"]["advantages"]["gyul_hap"] == {"given": 2, "left": 0}
    assert points(s, "ghp") == {"Hedger": 2, "Uri": 0}


@pytest.mark.parametrize("line", ["hap 125 1", "ihap 125 1 2", "gyul"])
def test_a_gyul_hap_call_from_the_host_is_refused(line: str) -> None:
    s = in_block_2()
    head = line.split()[0]
    assert refused(s, line, error="InvalidCommand") == f"“{head}” is a player's call; write it as “p1: {line}”"


@pytest.mark.parametrize("line", ["hap 125 1", "gyul", "post gh"])
def test_gyul_hap_runs_only_in_blocks_2_to_6(line: str) -> None:
    s = new_session()
    assert refused(s, f"p2: {line}", error="IllegalAction") == "Gyul Hap runs during blocks 2–6, not now (the match has not started)"
    start(s)
    assert refused(s, f"p2: {line}", error="IllegalAction") == "Gyul Hap runs during blocks 2–6, not now (block 1)"
    end_block(s)
    assert refused(s, f"p2: {line}", error="IllegalAction") == "Gyul Hap runs during blocks 2–6, not now (the break)"
    start(s)
    end_block(s)
    assert refused(s, f"p2: {line}", error="IllegalAction") == "Gyul Hap runs during blocks 2–6, not now (the break)"


def test_gyul_hap_calls_after_the_match_are_refused() -> None:
    s = new_session()
    for _ in range(6):
        auto_bout(s)
    over = "the match is over (undecided: nobody won two subgames)"
    assert refused(s, "p1: hap 125 1", error="IllegalAction") == over
    assert refused(s, "p2: gyul", error="IllegalAction") == over


def test_post_gh_after_the_match_does_not_call_it_a_break() -> None:
    s = new_session()
    for _ in range(6):
        auto_bout(s)
    reason = refused(s, "post gh", error="IllegalAction")
    assert reason.startswith("Gyul Hap runs during blocks 2–6, not now")
    assert "break" not in reason  # block 6 is over: there is no next block


# ---------------------------------------------------------------- gyul


def test_gyul_is_wrong_while_a_hap_is_unclaimed() -> None:
    s = in_block_2()
    buy(s, "p1", "25")
    ok(s, "p1: hap 125 1")
    out = ok(s, "p2: gyul")
    ev = one(out, "gyul_called")
    assert (ev["verdict"], ev["board"], ev["ghp"]) == ("incorrect", 1, {"Hedger": 1, "Uri": -1})
    assert s.final()["gyul_hap"]["board"] == 1


def test_r_gh_6_a_wrong_gyul_publicly_says_only_that_it_was_wrong_and_the_penalty() -> None:
    s = in_block_2()
    buy(s, "p1", "25")
    ok(s, "p1: hap 125 1")
    out = ok(s, "p2: gyul")
    # Public: the call, that it was wrong, the penalty and the points; no count of haps left
    # (a player would pay 1 point to learn it), in the text or in the JSON.
    assert texts(out, "public") == ["❌ **Uri**: gyul on board 1 — incorrect. −1 GHP. GHP: Hedger 1 · Uri -1"]
    assert one(out, "gyul_called") == {
        "type": "event",
        "event": "gyul_called",
        "t": s.now,
        "audience": "public",
        "player": "Uri",
        "board": 1,
        "verdict": "incorrect",
        "ghp": {"Hedger": 1, "Uri": -1},
    }
    # The count goes to the host alone.
    host = one(out, "gyul_unclaimed")
    assert (host["audience"], host["player"], host["board"], host["unclaimed"]) == ("host", "Uri", 1, 2)
    assert texts(out, "host") == ["Uri's gyul on board 1 was wrong: 2 haps still unclaimed (host only: do not post the count)."]
    buy(s, "p1", "46")
    ok(s, "p1: hap 246 2")
    out = ok(s, "p1: gyul")
    assert one(out, "gyul_unclaimed")["unclaimed"] == 1
    assert texts(out, "host") == ["Hedger's gyul on board 1 was wrong: 1 hap still unclaimed (host only: do not post the count)."]


def test_gyul_is_correct_when_every_hap_is_claimed_and_the_next_board_follows() -> None:
    s = in_block_2()
    claim_board_1(s)
    out = ok(s, "p2: gyul")  # anyone may call it
    assert [e["event"] for e in events(out)] == ["gyul_called", "gh_board"]
    ev = one(out, "gyul_called")
    assert (ev["verdict"], ev["player"], ev["ghp"]) == ("correct", "Uri", {"Hedger": 3, "Uri": 1})
    nxt = one(out, "gh_board")
    assert (nxt["board"], nxt["why"], nxt["letters"]) == (2, "gyul", BOARDS[2][0].split())
    assert texts(out)[0] == "✅ **Uri**: **Gyul!** Correct: every hap on board 1 is claimed. +1 GHP. GHP: Hedger 3 · Uri 1"
    assert texts(out)[1].startswith("🎴 **Gyul Hap — board 2/50** (next board, after a correct gyul)\n:hapRWS: :hapYWC: :hapYBT:")
    assert s.final()["gyul_hap"] == {"over": False, "board": 2, "of": 50, "claimed": []}
    # The haps of board 2 are new: 125 is not one of them, 257 is.
    buy(s, "p2", "57")
    assert one(ok(s, "p2: hap 257 2"), "hap_called")["verdict"] == "correct"


def test_r_gh_2_a_wrong_gyul_within_3_seconds_after_the_others_correct_gyul_is_not_penalised() -> None:
    s = in_block_2()
    claim_board_1(s)
    t = s.now
    ok(s, "p1: gyul")
    s.advance(t + 3 * SECOND)
    out = ok(s, "p2: gyul")
    ev = one(out, "gyul_called")
    assert (ev["verdict"], ev["why"], ev["board"]) == ("grace", "Hedger's correct gyul came 3 s earlier (anti-snipe, R-GH-2)", 2)
    assert texts(out) == [
        "**Uri**: gyul on board 2 — too late, but not penalised (grace): Hedger's correct gyul came 3 s earlier (anti-snipe, R-GH-2). "
        "GHP: Hedger 4 · Uri 0"
    ]
    assert points(s, "ghp") == {"Hedger": 4, "Uri": 0}
    assert s.final()["gyul_hap"]["board"] == 2


def test_r_gh_2_the_grace_covers_a_gyul_at_the_same_moment() -> None:
    s = in_block_2()
    claim_board_1(s, "p2")
    ok(s, "p2: gyul")
    ev = one(ok(s, "p1: gyul"), "gyul_called")
    assert (ev["verdict"], ev["why"]) == ("grace", "Uri's correct gyul came 0 s earlier (anti-snipe, R-GH-2)")
    assert points(s, "ghp") == {"Hedger": 0, "Uri": 4}


def test_r_gh_2_no_grace_after_3_seconds() -> None:
    s = in_block_2()
    claim_board_1(s)
    t = s.now
    ok(s, "p1: gyul")
    s.advance(t + 3 * SECOND + 1)
    out = ok(s, "p2: gyul")
    assert one(out, "gyul_called")["verdict"] == "incorrect"
    assert one(out, "gyul_unclaimed")["unclaimed"] == 3
    assert points(s, "ghp") == {"Hedger": 4, "Uri": -1}


def test_r_gh_2_no_grace_for_the_player_who_called_the_correct_gyul() -> None:
    s = in_block_2()
    claim_board_1(s)
    t = s.now
    ok(s, "p1: gyul")
    ok(s, "p1: post gh")  # something judged between: the next gyul is a new call, not the first sent twice (R-READ-5)
    s.advance(t + SECOND)
    ev = one(ok(s, "p1: gyul"), "gyul_called")
    assert ev["verdict"] == "incorrect"
    assert points(s, "ghp") == {"Hedger": 3, "Uri": 0}


def test_r_read_5_a_gyul_sent_twice_at_once_is_counted_once() -> None:
    s = in_block_2()
    claim_board_1(s)
    ok(s, "p1: gyul")
    assert refused(s, "p1: gyul!", error="IllegalAction") == (
        "counted once: the same move as your “gyul” came again within 5 s with nothing judged between, so it is one "
        "message sent twice (R-READ-5); the first stands"
    )
    assert points(s, "ghp") == {"Hedger": 4, "Uri": 0}  # the correct gyul's point, and no wrong one after it


def test_r_gh_2_no_grace_without_a_correct_gyul() -> None:
    s = in_block_2()
    ok(s, "p1: gyul")
    ev = one(ok(s, "p2: gyul"), "gyul_called")
    assert ev["verdict"] == "incorrect"
    assert points(s, "ghp") == {"Hedger": -1, "Uri": -1}


def test_r_gh_2_the_grace_is_the_scenarios_gyul_grace_seconds() -> None:
    s = in_block_2(gyul_grace_seconds=10)
    claim_board_1(s)
    t = s.now
    ok(s, "p1: gyul")
    s.advance(t + 9500)
    ev = one(ok(s, "p2: gyul"), "gyul_called")
    assert (ev["verdict"], ev["why"]) == ("grace", "Hedger's correct gyul came 9.5 s earlier (anti-snipe, R-GH-2)")


def test_the_board_does_not_change_with_time_alone() -> None:
    # Amendment: no inactivity timer.
    s = in_block_2()
    out = s.advance(block_start(s) + BLOCK - SECOND)
    assert events(out, "gh_board") == [] and events(out, "gh_reset") == []
    assert s.final()["gyul_hap"]["board"] == 1


def test_the_board_resets_at_a_blocks_end_and_the_next_block_posts_the_next_board() -> None:
    s = in_block_2()
    buy(s, "p1", "25")
    ok(s, "p1: hap 125 1")
    out = end_block(s)
    ev = one(out, "gh_reset")
    assert (ev["next_board"], ev["t"]) == (2, block_start(s) + BLOCK)
    assert "Gyul Hap: the board resets at the end of the block; board 2 comes with the next block." in texts(out)
    assert s.final()["gyul_hap"] == {"over": False, "board": 2, "of": 50, "claimed": []}
    assert refused(s, "post gh", error="IllegalAction") == "Gyul Hap runs during blocks 2–6, not now (the break)"
    out = start(s, at=s.now + MINUTE)
    ev = one(out, "gh_board")
    assert (ev["board"], ev["why"], ev["letters"]) == (2, "posted", BOARDS[2][0].split())
    # Board 2 is fresh: no claims carried over.
    assert view(s, "haps").rows == (("257", "YWC / YWT / YWS", "—"), ("358", "YBT / YWT / YGT", "—"), ("467", "RGC / BBT / YWS", "—"))


def test_a_gyul_then_a_block_end_moves_two_boards_on() -> None:
    s = in_block_2()
    claim_board_1(s)
    ok(s, "p1: gyul")
    end_block(s)
    ev = one(start(s), "gh_board")
    assert (ev["board"], ev["letters"]) == (3, BOARDS[3][0].split())


def test_blocks_2_to_6_post_boards_1_to_5_when_nobody_calls_gyul() -> None:
    s = new_session()
    posted = []
    for _ in range(6):
        out = auto_bout(s)
        posted += [(e["board"], e["letters"]) for e in events(out, "gh_board")]
    dealt = boards("9701", 5, 1, 6)
    assert posted == [(b.number, [tile_letters(t) for t in b.tiles]) for b in dealt]
    # Block 6's end does not reset: the match is over.
    assert s.final()["gyul_hap"]["board"] == 5


def test_after_the_last_board_gyul_hap_is_over() -> None:
    s = in_block_2(gyul_boards=2)
    claim_board_1(s)
    ok(s, "p1: gyul")
    buy(s, "p2", "5678")
    ok(s, "p2: hap 257 2")
    ok(s, "p2: hap 358 3")
    ok(s, "p2: hap 467 4")
    out = ok(s, "p2: gyul")
    assert [e["event"] for e in events(out)] == ["gyul_called", "gh_over"]
    assert one(out, "gh_over")["why"] == "gyul"
    assert texts(out)[-1] == "🏁 **Gyul Hap is over:** all 2 boards done (after a correct gyul)."
    assert s.final()["gyul_hap"] == {"over": True, "board": None, "of": 2, "claimed": []}
    assert points(s, "ghp") == {"Hedger": 4, "Uri": 4}
    over = "Gyul Hap is over: all 2 boards are done"
    assert refused(s, "p1: gyul", error="IllegalAction") == over
    assert refused(s, "p1: hap 125 1", error="IllegalAction") == over
    assert refused(s, "p2: ihap 125 1 2", error="IllegalAction") == over
    assert refused(s, "post gh", error="IllegalAction") == over
    assert view(s, "haps").notes == ("Gyul Hap is over",)
    # Later blocks post no board, and calls stay refused.
    out = end_block(s)
    assert events(out, "gh_reset") == [] and events(out, "gh_over") == []
    out = start(s)
    assert events(out, "gh_board") == []
    assert [e["event"] for e in events(out)] == ["block_started", "round_started", "shop_opened", "expr_set"]
    assert refused(s, "p2: gyul", error="IllegalAction") == over


def test_a_block_end_reset_can_finish_the_last_board() -> None:
    s = in_block_2(gyul_boards=2)
    end_block(s)
    start(s)
    out = end_block(s)
    ev = one(out, "gh_over")
    assert (ev["why"], ev["boards"]) == ("reset", 2)
    assert events(start(s), "gh_board") == []
    assert refused(s, "p1: gyul", error="IllegalAction") == "Gyul Hap is over: all 2 boards are done"


# ---------------------------------------------------------------- the host's view and post gh


def test_the_haps_view_lists_each_hap_who_claimed_it_and_whether_gyul_is_correct() -> None:
    s = in_block_2()
    v = view(s, "haps")
    assert v.title == "Haps on board 1 (host only — do not post)"
    assert v.columns == ("positions", "tiles", "claimed by")
    assert v.rows == (("125", "RWS / RBC / RGT", "—"), ("246", "RBC / RWT / RGS", "—"), ("689", "RGS / YGC / BGT", "—"))
    assert v.notes == ("3 unclaimed; gyul is wrong now", "1 RWS  2 RBC  3 BWS", "4 RWT  5 RGT  6 RGS", "7 BGC  8 YGC  9 BGT")
    buy(s, "p1", "25")
    buy(s, "p2", "4689")
    ok(s, "p1: hap 125 1")
    ok(s, "p2: hap 246 2")
    ok(s, "p2: ihap 689 9 8")
    v = view(s, "haps")
    assert [r[2] for r in v.rows] == ["Hedger", "Uri", "Uri"]
    assert v.notes[0] == "0 unclaimed; gyul is correct now"


@pytest.mark.parametrize("who", ["", "p1: ", "p2: "])
def test_post_gh_reposts_the_board_with_the_claims(who: str) -> None:
    s = in_block_2()
    buy(s, "p1", "25")
    ok(s, "p1: hap 125 1")
    before = s.final()
    out = ok(s, f"{who}post gh")
    ev = one(out, "gh_board")
    assert (ev["board"], ev["why"], ev["claimed"]) == (1, "reposted", [{"positions": "125", "player": "Hedger"}])
    assert texts(out) == [
        "🎴 **Gyul Hap — board 1/50** (reposted)\n"
        ":hapRWS: :hapRBC: :hapBWS:\n:hapRWT: :hapRGT: :hapRGS:\n:hapBGC: :hapYGC: :hapBGT:\n"
        "```\n1 RWS  2 RBC  3 BWS\n4 RWT  5 RGT  6 RGS\n7 BGC  8 YGC  9 BGT\n```\n"
        "Letters: colour R red, Y yellow, B blue · background B black, G gray, W white · shape C circle, S square, T triangle\n"
        "Claimed: 125 (Hedger)"
    ]
    assert s.final() == before


def test_status_shows_the_gyul_hap_points() -> None:
    s = in_block_2()
    buy(s, "p1", "25")
    ok(s, "p1: hap 125 1")
    ok(s, "p2: gyul")
    ev = one(ok(s, "p1: post status"), "status_posted")
    assert (ev["status"]["Hedger"]["ghp"], ev["status"]["Uri"]["ghp"]) == (1, -1)
    assert [r[5] for r in view(s, "status").rows] == ["1", "-1"]


def test_r_gh_2_the_grace_covers_its_seconds_across_a_blocks_end_and_the_next_start() -> None:
    # Issue 14: a correct gyul at 19:59, `start` of the next block at 20:00 and the other player's
    # gyul at 20:01 penalised the second player, because the grace stopped at the block's end.
    s = in_block_2()
    claim_board_1(s)
    end = block_start(s) + BLOCK
    s.advance(end - SECOND)
    ok(s, "p1: gyul")  # correct, 1 s before the block ends
    out = end_block(s)
    assert [e["event"] for e in events(out)][:2] == ["block_over", "gh_reset"]
    start(s)  # block 3 starts at once
    assert s.now == end
    s.advance(end + SECOND)
    ev = one(ok(s, "p2: gyul"), "gyul_called")
    assert (ev["verdict"], ev["board"]) == ("grace", 3)
    assert ev["why"] == "Hedger's correct gyul came 2 s earlier (anti-snipe, R-GH-2)"
    assert points(s, "ghp") == {"Hedger": 4, "Uri": 0}
    # The grace is the seconds it says, no more: at 3 s and 1 ms the same call costs a point.
    s.advance(end + 2 * SECOND + 1)
    ok(s, "p2: post gh")  # judged between: the next gyul is a new call, not the last sent twice (R-READ-5)
    assert one(ok(s, "p2: gyul"), "gyul_called")["verdict"] == "incorrect"
    assert points(s, "ghp") == {"Hedger": 4, "Uri": -1}


def test_r_gh_2_the_grace_is_a_deadline_of_the_configured_length_from_the_correct_gyul() -> None:
    s = in_block_2(gyul_grace_seconds=2.5)
    claim_board_1(s)
    t = s.now
    ok(s, "p1: gyul")
    grace = s.state.gyul.grace
    assert grace is not None and (grace.what, grace.start, grace.due) == ("grace", t, t + 2500)
    assert s.state.gyul.grace_by == 0


def test_the_anti_snipe_post_escapes_markdown_in_names() -> None:
    # Issue 14: `dark_knight` rendered in italics in the "too late, but not penalised" post.
    text = scenario_text(starting_money=100).replace('name = "Hedger"', 'name = "dark_knight"')
    s = Session.create(parse_scenario(text, "dark.toml"), journal_path=None, seed=SEED, salt=derive_salt(SEED))
    auto_bout(s)
    start(s)
    claim_board_1(s)
    ok(s, "p1: gyul")
    out = ok(s, "p2: gyul")
    (post,) = texts(out, "public")
    assert post == (
        "**Uri**: gyul on board 2 — too late, but not penalised (grace): dark\\_knight's correct gyul came 0 s earlier "
        "(anti-snipe, R-GH-2). GHP: dark\\_knight 4 · Uri 0"
    )
    assert "dark_knight" not in post


def test_a_hap_already_claimed_escapes_markdown_in_the_claimers_name() -> None:
    text = scenario_text(starting_money=100).replace('name = "Hedger"', 'name = "dark_knight"')
    s = Session.create(parse_scenario(text, "dark.toml"), journal_path=None, seed=SEED, salt=derive_salt(SEED))
    auto_bout(s)
    start(s)
    buy(s, "p1", "25")
    buy(s, "p2", "25")
    ok(s, "p1: hap 125 1")
    (post,) = texts(ok(s, "p2: hap 125 1"), "public")
    assert "already claimed by dark\\_knight (R-GH-1)" in post
