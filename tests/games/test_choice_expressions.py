"""Expressions (blocks 2–6): the sets the seed deals (R-EX-1), `expr` and `iexpr` (R-EX-2), every
refusal with its reason (each shown to change nothing), the host's `puzzles` and `solutions x`
views and `post expr`.

Seed 9701's first set (block 2, 0:00–5:00):

    1. _/_-_+_=5   2. _+_x_+_=102   3. _x_-_-_=51   4. _x_+_-_=23   5. _/_x_x_=80

and its second (block 2, 5:00–10:00) starts with 1. _+_-_+_=12. Hand-checked solutions used
below: 3x7+5-3 = 21+5-3 = 23; 4x5+7-4 = 23; 2/1-2+5 = 5; 5/5-5+9 = 1-5+9 = 5; 4/4-4+8 = 5;
7/7-3+7 = 5; 5/2x4x8 = 5/2*4*8 = 80; 7+1-3+7 = 12. Block 2's first shop cycle prices 679 at $2,
34 at $3, 15 at $4, 28 at $5.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from umpire.games.choice.expressions import acceptable, puzzle_sets, solutions, written

from .test_choice_support import (
    BLOCK,
    MINUTE,
    SETS,
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
    start,
    texts,
    tiles,
    view,
)

SET_2_STARTS = 5 * MINUTE


def left_to_right(digits: tuple[int, ...], ops: str) -> Fraction:
    """An independent evaluation: ((d0 op d1) op d2) op d3, exactly."""
    value = Fraction(digits[0])
    for op, d in zip(ops, digits[1:], strict=True):
        value = {"+": value + d, "-": value - d, "x": value * d, "/": value / d}[op]
    return value


def brute_force(ops: str, target: int) -> list[tuple[int, ...]]:
    return [d for d in product(range(1, 10), repeat=4) if left_to_right(d, ops) == target]


# ---------------------------------------------------------------- the sets (R-EX-1)


def test_two_sets_a_block_at_0_00_and_5_00_with_five_puzzles_each() -> None:
    s = new_session()
    auto_bout(s)
    posted = []
    for block in range(2, 7):
        out = auto_bout(s)
        t0 = block_start(s)
        sets = events(out, "expr_set")
        assert [(e["block"], e["set"], e["t"], e["until"]) for e in sets] == [
            (block, 1, t0, t0 + SET_2_STARTS),
            (block, 2, t0 + SET_2_STARTS, t0 + BLOCK),
        ]
        posted += sets
    assert [e["expr_set"] for e in posted] == list(range(1, 11))
    assert all(len(e["puzzles"]) == 5 and e["generated"] for e in posted)
    assert [p["number"] for p in posted[0]["puzzles"]] == [1, 2, 3, 4, 5]
    dealt = puzzle_sets("9701", 10, 5, 3, 999)
    assert [[(p["ops"], p["target"], p["text"]) for p in e["puzzles"]] for e in posted] == [
        [(p.ops, p.target, p.text()) for p in ps] for ps in dealt
    ]
    for n, texts_ in SETS.items():
        assert [p["text"] for p in posted[n - 1]["puzzles"]] == list(texts_)


def test_r_ex_1_every_puzzle_of_the_match_has_3_solutions_with_2_digits_and_a_target_up_to_999() -> None:
    for ps in puzzle_sets("9701", 10, 5, 3, 999):
        assert len(set(ps)) == 5
        for p in ps:
            assert len(p.ops) == 3 and set(p.ops) <= set("+-x/")
            assert 1 <= p.target <= 999
            sols = solutions(p.ops, p.target)
            assert len(set(sols)) >= 3
            assert len({d for sol in sols for d in sol}) >= 2
            assert acceptable(p.ops, p.target, 3, 999)


def test_r_ex_1_the_puzzle_settings_are_the_scenarios() -> None:
    s = in_block_2(puzzles_per_set=3, min_solutions=100, max_target=20)
    ev = one(s.feed("post expr"), "expr_reposted")
    assert len(ev["puzzles"]) == 3
    for p in puzzle_sets("9701", 10, 3, 100, 20)[0]:
        assert p.target <= 20 and len(solutions(p.ops, p.target)) >= 100
    assert [p["text"] for p in ev["puzzles"]] == [p.text() for p in puzzle_sets("9701", 10, 3, 100, 20)[0]]
    assert refused(s, "p1: expr 4 3x7+5-3 7", error="InvalidCommand") == "“4” is not a puzzle number: a set has puzzles 1 to 3"


def test_the_set_is_announced_with_its_puzzles() -> None:
    s = new_session()
    auto_bout(s)
    out = start(s)
    assert texts(out)[-1] == (
        "🧮 **Expressions — block 2, set 1/2** (set 1 of 10, open 5:00):\n"
        "1. `_/_-_+_=5`\n2. `_+_x_+_=102`\n3. `_x_-_-_=51`\n4. `_x_+_-_=23`\n5. `_/_x_x_=80`\n"
        "Solve with `expr x S y` (S left to right, y the extra digit). Each digit serves as the extra once a set."
    )


def test_block_1_has_no_expressions() -> None:
    s = new_session()
    assert events(start(s), "expr_set") == []
    assert s.final()["expressions"] is None
    assert view(s, "puzzles").notes == ("no Expressions set is under way",)


# ---------------------------------------------------------------- expr


def test_a_correct_expr_scores_1_ep_and_spends_the_three_other_tiles() -> None:
    s = in_block_2()
    buy(s, "p1", "35")
    out = ok(s, "p1: expr 4 3x7+5-3 7")
    ev = one(out, "expr_solved")
    assert (ev["player"], ev["puzzle"], ev["expression"], ev["target"], ev["extra"], ev["wild"]) == ("Hedger", 4, "3x7+5-3", 23, 7, None)
    assert ev["spent"] == [3, 5, 3]
    assert (ev["ep"], ev["extras_used"]) == ({"Hedger": 1, "Uri": 0}, [7])
    assert texts(out) == [
        "✅ **Hedger** solves puzzle 4: `3x7+5-3=23` (extra 7; tiles used: 3, 3, 5). +1 EP. EP: Hedger 1 · Uri 0\nExtras used this set: 7"
    ]
    # The extra is not a tile: 7 was never held. Two 3s and one 5 are spent.
    assert tiles(s, "Hedger") == {1: 0, 2: 0, 3: 1, 4: 0, 5: 2, 6: 0, 7: 0, 8: 0, 9: 0}
    assert s.final()["expressions"] == {
        "set": 1,
        "expr_set": 1,
        "puzzles": list(SETS[1]),
        "extras_used": [7],
        "solved": {"Hedger": [4], "Uri": []},
    }


def test_tiles_are_spent_with_multiplicity() -> None:
    s = in_block_2()
    buy(s, "p1", "5")
    ok(s, "p1: expr 1 5/5-5+9 9")  # three 5s
    assert tiles(s, "Hedger")[5] == 0


def test_a_solve_needing_more_copies_than_held_is_refused() -> None:
    s = in_block_2(tile_copies=2)
    buy(s, "p1", "5")
    assert refused(s, "p1: expr 1 5/5-5+9 9", error="IllegalAction") == "Hedger holds 2 tiles 5; this solve needs 3"
    assert refused(s, "p1: expr 1 5/5-5+9 5", error="IllegalAction") == "Hedger holds 0 tiles 9; this solve needs 1"
    buy(s, "p1", "9")
    ok(s, "p1: expr 1 5/5-5+9 5")  # 5 as the extra: two 5s and the 9
    assert (tiles(s, "Hedger")[5], tiles(s, "Hedger")[9]) == (0, 1)


@pytest.mark.parametrize("written_as", ["3x7+5-3", "3*7+5-3", "3×7+5-3", "3X7+5-3"])
def test_multiply_is_written_x_star_or_times(written_as: str) -> None:
    s = in_block_2()
    buy(s, "p1", "35")
    ev = one(ok(s, f"p1: expr 4 {written_as} 7"), "expr_solved")
    assert (ev["expression"], ev["ep"]) == ("3x7+5-3", {"Hedger": 1, "Uri": 0})


def test_exact_division_in_the_middle_of_a_solve() -> None:
    s = in_block_2()
    buy(s, "p2", "248")
    ev = one(ok(s, "p2: expr 5 5/2x4x8 5"), "expr_solved")  # (5/2)x4 = 10, x8 = 80
    assert (ev["target"], ev["spent"]) == (80, [2, 4, 8])


def test_r_ex_2_iexpr_spends_two_tiles_and_the_advantage_copy() -> None:
    s = in_block_2()  # both hold one Expressions Advantage
    buy(s, "p2", "3")
    out = ok(s, "p2: iexpr 4 3x7+5-3 7 5")
    ev = one(out, "expr_solved")
    assert (ev["extra"], ev["wild"], ev["spent"]) == (7, 5, [3, 3])
    assert texts(out)[0].startswith("✅ **Uri** solves puzzle 4: `3x7+5-3=23` (extra 7, wildcard 5; tiles used: 3, 3). +1 EP.")
    assert tiles(s, "Uri")[3] == 1
    assert s.final()["players"]["Uri"]["advantages"]["expressions"] == {"given": 1, "left": 0}


def test_a_digit_appearing_twice_may_be_both_the_extra_and_the_wildcard() -> None:
    s = in_block_2()
    buy(s, "p1", "57")
    ev = one(ok(s, "p1: iexpr 4 3x7+5-3 3 3"), "expr_solved")
    assert (ev["extra"], ev["wild"], ev["spent"]) == (3, 3, [7, 5])
    assert tiles(s, "Hedger")[3] == 0


def test_r_ex_2_a_refused_iexpr_keeps_the_wildcard() -> None:
    s = in_block_2()
    buy(s, "p1", "35")
    assert refused(s, "p1: iexpr 4 3x7+5-4 7 5", error="IllegalAction") == "3x7+5-4 = 22, not 23 (left to right)"
    assert s.final()["players"]["Hedger"]["advantages"]["expressions"] == {"given": 1, "left": 1}


def test_iexpr_without_the_advantage_is_refused() -> None:
    s = in_block_2(expressions_advantage=[0, 1])
    buy(s, "p1", "35")
    assert refused(s, "p1: iexpr 4 3x7+5-3 7 5", error="IllegalAction") == "Hedger has no Expressions Advantage"


def test_iexpr_after_the_copy_is_used_is_refused() -> None:
    s = in_block_2()
    buy(s, "p2", "3")
    ok(s, "p2: iexpr 4 3x7+5-3 7 5")
    buy(s, "p2", "4")
    assert refused(s, "p2: iexpr 1 4/4-4+8 8 4", error="IllegalAction") == "Uri has no Expressions Advantage left"


def test_two_copies_of_the_expressions_advantage_give_two_wildcards() -> None:
    s = in_block_2(expressions_advantage=[2, 0])
    buy(s, "p1", "34")
    ok(s, "p1: iexpr 4 3x7+5-3 7 5")
    ok(s, "p1: iexpr 1 4/4-4+8 8 4")
    assert s.final()["players"]["Hedger"]["advantages"]["expressions"] == {"given": 2, "left": 0}
    assert points(s, "ep") == {"Hedger": 2, "Uri": 0}


def test_each_player_may_solve_each_puzzle_once() -> None:
    s = in_block_2()
    buy(s, "p1", "345")
    buy(s, "p2", "47")
    ok(s, "p1: expr 4 3x7+5-3 7")
    assert refused(s, "p1: expr 4 4x5+7-4 5", error="IllegalAction") == (
        "Hedger already solved puzzle 4; each player solves each puzzle once"
    )
    ok(s, "p2: expr 4 4x5+7-4 5")  # the other player still may
    assert s.final()["expressions"]["solved"] == {"Hedger": [4], "Uri": [4]}


def test_each_digit_serves_as_the_extra_once_a_set_across_both_players() -> None:
    s = in_block_2()
    buy(s, "p1", "35")
    buy(s, "p2", "37")
    ok(s, "p1: expr 4 3x7+5-3 7")
    reason = "7 has already served as the extra in this set; each digit serves once a set"
    assert refused(s, "p2: expr 4 3x7+5-3 7", error="IllegalAction") == reason
    assert refused(s, "p2: expr 1 7/7-3+7 7", error="IllegalAction") == reason
    assert refused(s, "p1: expr 1 7/7-3+7 7", error="IllegalAction") == reason
    ok(s, "p2: expr 1 7/7-3+7 3")  # 7 as a tile is fine


def test_the_second_set_opens_at_5_00_with_every_extra_free_again() -> None:
    s = in_block_2()
    buy(s, "p1", "1357")
    ok(s, "p1: expr 4 3x7+5-3 7")
    out = s.advance(block_start(s) + SET_2_STARTS)
    ev = one(out, "expr_set")
    assert (ev["set"], ev["expr_set"], [p["text"] for p in ev["puzzles"]]) == (2, 2, list(SETS[2]))
    assert s.final()["expressions"]["extras_used"] == []
    assert s.final()["expressions"]["solved"] == {"Hedger": [], "Uri": []}
    # Puzzle 1 is now _+_-_+_=12, and 7 may serve again.
    assert one(ok(s, "p1: expr 1 7+1-3+7 7"), "expr_solved")["target"] == 12
    assert points(s, "ep") == {"Hedger": 2, "Uri": 0}


def test_the_set_closes_at_the_blocks_end() -> None:
    s = in_block_2()
    buy(s, "p1", "35")
    end_block(s)
    assert s.final()["expressions"] is None
    assert refused(s, "p1: expr 4 3x7+5-3 7", error="IllegalAction") == "Expressions runs during blocks 2–6, not now (the break)"
    out = start(s)
    assert [p["text"] for p in one(out, "expr_set")["puzzles"]] == list(SETS[3])


# ---------------------------------------------------------------- refusals: no penalty, nothing changes


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("expr 4 3+7+5-3 7", "puzzle 4 is _x_+_-_=23: the operators must be x + - in that order, not + + -"),
        ("expr 4 3x7-5+3 7", "puzzle 4 is _x_+_-_=23: the operators must be x + - in that order, not x - +"),
        ("expr 4 3x7+5-3 9", "the extra 9 must be one of the digits of 3x7+5-3"),
        ("expr 4 3x7+5-4 7", "3x7+5-4 = 22, not 23 (left to right)"),
        ("expr 6 3x7+5-3 7", "“6” is not a puzzle number: a set has puzzles 1 to 5"),
        ("expr 0 3x7+5-3 7", "“0” is not a puzzle number: a set has puzzles 1 to 5"),
        ("expr 4 3x7+5 7", "“3x7+5” has 3 digits; a puzzle has four blanks"),
        ("expr 4 3x7+5-3-1 7", "“3x7+5-3-1” has 5 digits; a puzzle has four blanks"),
        ("expr 4 3x7+a-3 7", "“3x7+a-3” is not an expression of single digits 1–9 and operators, like 2+3x9-3"),
        ("expr 4 13x7+5-3 7", "“13x7+5-3” is not an expression of single digits 1–9 and operators, like 2+3x9-3"),
        ("expr 4 3x0+5-3 3", "“3x0+5-3”: the digits are 1 to 9 (no 0)"),
        ("expr 4 3x7+5-3 10", "“10” is not a digit: digits are 1 to 9"),
        (
            "expr 4 3x7+5-3",
            "write expr x S y: puzzle x, the filled expression S and the extra digit y, e.g. “expr 1 2+3x9-3 3” (no spaces inside S)",
        ),
        (
            "expr 4 3x7 +5-3 7",
            "write expr x S y: puzzle x, the filled expression S and the extra digit y, e.g. “expr 1 2+3x9-3 3” (no spaces inside S)",
        ),
        (
            "iexpr 4 3x7+5-3 7",
            "write iexpr x S y z: puzzle x, the expression S, the extra y and the wildcard digit z, e.g. “iexpr 1 2+3x9-3 3 9” (no spaces inside S)",
        ),
        ("iexpr 4 3x7+5-3 7 9", "the wildcard 9 must be one of the digits of 3x7+5-3"),
        ("iexpr 4 3x7+5-3 7 7", "7 appears once in 3x7+5-3: it cannot be both the extra and the wildcard"),
        ("iexpr 4 3x7+5-3 9 7", "the extra 9 must be one of the digits of 3x7+5-3"),
    ],
)
def test_a_wrong_or_invalid_expr_is_refused_without_penalty(line: str, reason: str) -> None:
    s = in_block_2()
    buy(s, "p1", "3579")
    assert refused(s, f"p1: {line}") == reason


def test_a_value_that_is_not_whole_is_shown_as_r_arith_1_says() -> None:
    # R-ARITH-1: a reduced fraction and a 2-decimal approximation, e.g. `-5/2 (-2.50)`.
    s = in_block_2()
    buy(s, "p1", "1235")
    assert refused(s, "p1: expr 1 5/2-1+3 5", error="IllegalAction") == "5/2-1+3 = 9/2 (4.50), not 5 (left to right)"


def test_a_negative_value_is_refused_with_its_value() -> None:
    s = in_block_2()
    buy(s, "p1", "1235")
    assert refused(s, "p1: expr 4 1x2+1-9 1", error="IllegalAction") == "1x2+1-9 = -6, not 23 (left to right)"


@pytest.mark.parametrize(
    ("bought", "line", "reason"),
    [
        ("", "expr 4 3x7+5-3 7", "Hedger holds 0 tiles 3; this solve needs 2"),
        ("3", "expr 4 3x7+5-3 7", "Hedger holds 0 tiles 5; this solve needs 1"),
        ("5", "expr 4 3x7+5-3 3", "Hedger holds 0 tiles 3; this solve needs 1"),
        ("", "iexpr 4 3x7+5-3 7 5", "Hedger holds 0 tiles 3; this solve needs 2"),
    ],
)
def test_an_expr_with_tiles_not_held_is_refused(bought: str, line: str, reason: str) -> None:
    s = in_block_2()
    buy(s, "p1", bought)
    assert refused(s, f"p1: {line}", error="IllegalAction") == reason


def test_an_expr_from_the_host_is_refused() -> None:
    s = in_block_2()
    assert refused(s, "expr 4 3x7+5-3 7", error="InvalidCommand") == "“expr” is a player's call; write it as “p1: expr 4 3x7+5-3 7”"
    assert refused(s, "iexpr 4 3x7+5-3 7 5", error="InvalidCommand") == (
        "“iexpr” is a player's call; write it as “p1: iexpr 4 3x7+5-3 7 5”"
    )


@pytest.mark.parametrize("line", ["expr 4 3x7+5-3 7", "iexpr 4 3x7+5-3 7 5", "post expr"])
def test_expressions_runs_only_in_blocks_2_to_6(line: str) -> None:
    s = new_session()
    assert refused(s, f"p1: {line}", error="IllegalAction") == "Expressions runs during blocks 2–6, not now (the match has not started)"
    start(s)
    assert refused(s, f"p1: {line}", error="IllegalAction") == "Expressions runs during blocks 2–6, not now (block 1)"
    end_block(s)
    assert refused(s, f"p1: {line}", error="IllegalAction") == "Expressions runs during blocks 2–6, not now (the break)"


def test_expressions_after_the_match_is_refused() -> None:
    s = new_session()
    for _ in range(6):
        auto_bout(s)
    assert refused(s, "p1: expr 1 7+1-3+7 7", error="IllegalAction") == "the match is over (undecided: nobody won two subgames)"
    reason = refused(s, "post expr", error="IllegalAction")
    assert reason.startswith("Expressions runs during blocks 2–6, not now")
    assert "break" not in reason  # block 6 is over: there is no next block


# ---------------------------------------------------------------- the host's views and post expr


def test_solutions_lists_exactly_the_solutions_with_a_free_extra() -> None:
    s = in_block_2()
    buy(s, "p1", "12")
    buy(s, "p2", "359")
    ok(s, "p1: expr 1 2/1-2+5 5")
    ok(s, "p2: expr 4 3x5+9-1 1")
    v = view(s, "solutions 1 all")
    assert v.title == "Solutions still available for puzzle 1: _/_-_+_=5 (host only — do not post)"
    assert v.columns == ("expression", "extras still free")
    used = {1, 5}
    expected = []
    for digits in brute_force("/-+", 5):
        free = sorted(set(digits) - used)
        if free:
            expected.append((written(digits, "/-+"), " ".join(map(str, free))))
    assert list(v.rows) == expected
    assert ("5/5-5+9", "9") in v.rows and ("2/1-2+5", "2") in v.rows
    # 5/1-1+1 and 5/1-5+5 solve it, but only with 1s and 5s, both used: they are gone.
    assert (5, 1, 1, 1) in brute_force("/-+", 5) and (5, 1, 5, 5) in brute_force("/-+", 5)
    assert not {"5/1-1+1", "5/1-5+5"} & {r[0] for r in v.rows}
    assert v.notes == (
        f"{len(expected)} solutions still available",
        "extras already used this set: 1, 5",
        "already solved by Hedger (each player solves each puzzle once)",
    )


def test_solutions_all_of_a_fresh_puzzle_are_all_of_them() -> None:
    s = in_block_2()
    v = view(s, "solutions 2 all")
    assert [r[0] for r in v.rows] == [written(d, "+x+") for d in brute_force("+x+", 102)]
    assert len(v.rows) == 23
    assert v.notes == ("23 solutions still available", "extras already used this set: none")


@pytest.mark.parametrize("line", ["solutions 2", "SOLUTIONS 2"])
def test_solutions_is_summarised_the_count_then_the_first_10(line: str) -> None:
    s = in_block_2()
    v = view(s, line)
    assert [r[0] for r in v.rows] == [written(d, "+x+") for d in brute_force("+x+", 102)][:10]
    assert v.notes == (
        "23 solutions still available; the first 10 shown (“solutions 2 all” for every one)",
        "extras already used this set: none",
    )


def test_solutions_all_is_case_insensitive() -> None:
    s = in_block_2()
    assert len(view(s, "solutions 2 ALL").rows) == 23


def test_solutions_says_when_nothing_is_left() -> None:
    # Puzzle 5 (_/_x_x_=80) has solutions made of 1-6 and 8 only: once all seven have served as
    # the extra, nothing is left of it.
    assert sorted({d for sol in brute_force("/xx", 80) for d in sol}) == [1, 2, 3, 4, 5, 6, 8]
    s = in_block_2()
    buy(s, "p1", "123456789")
    buy(s, "p2", "123456789")
    for line in [
        "p1: expr 5 5/1x2x8 1",
        "p2: expr 5 4/1x4x5 4",
        "p1: expr 4 3x7+5-3 3",
        "p2: expr 4 4x5+7-4 5",
        "p1: expr 1 2/1-2+5 2",
        "p2: expr 1 6/6-2+6 6",
        "p1: expr 3 7x8-1-4 8",
    ]:
        ok(s, line)
    v = view(s, "solutions 5")
    assert v.rows == ()
    assert v.notes == (
        "0 solutions still available",
        "extras already used this set: 1, 2, 3, 4, 5, 6, 8",
        "already solved by Hedger, Uri (each player solves each puzzle once)",
    )
    assert points(s, "ep") == {"Hedger": 4, "Uri": 3}


@pytest.mark.parametrize(
    "line", ["solutions", "solutions 6", "solutions 0", "solutions x", "solutions 1 2", "solutions 1 every", "solutions 1 all 2"]
)
def test_solutions_needs_one_puzzle_number(line: str) -> None:
    s = in_block_2()
    assert refused(s, line, error="InvalidCommand") == (
        "write “solutions X” with a puzzle number 1–5, or “solutions X all” for every solution"
    )


def test_solutions_outside_a_set() -> None:
    s = new_session()
    v = view(s, "solutions 1")
    assert (v.title, v.notes) == ("Expressions", ("no Expressions set is under way",))


def test_the_puzzles_view_shows_each_puzzles_solutions_and_solvers() -> None:
    s = in_block_2()
    buy(s, "p1", "35")
    buy(s, "p2", "47")
    ok(s, "p1: expr 4 3x7+5-3 7")
    ok(s, "p2: expr 4 4x5+7-4 5")
    v = view(s, "puzzles")
    assert v.title == "Expressions, block 2 set 1/2"
    assert v.columns == ("#", "puzzle", "solutions", "solved by")
    assert v.rows == (
        ("1", "_/_-_+_=5", "141", "—"),
        ("2", "_+_x_+_=102", "23", "—"),
        ("3", "_x_-_-_=51", "32", "—"),
        ("4", "_x_+_-_=23", "111", "Hedger, Uri"),
        ("5", "_/_x_x_=80", "24", "—"),
    )
    assert v.notes == ("extras used: 5, 7",)
    assert [int(r[2]) for r in v.rows] == [len(brute_force(p[1:6:2], int(p.split("=")[1]))) for p in SETS[1]]


@pytest.mark.parametrize("who", ["", "p1: ", "p2: "])
def test_post_expr_reposts_the_set_with_the_extras_used(who: str) -> None:
    s = in_block_2()
    buy(s, "p1", "35")
    ok(s, "p1: expr 4 3x7+5-3 7")
    before = s.final()
    out = ok(s, f"{who}post expr")
    ev = one(out, "expr_reposted")
    assert (ev["block"], ev["set"], ev["extras_used"]) == (2, 1, [7])
    assert [p["text"] for p in ev["puzzles"]] == list(SETS[1])
    assert texts(out) == [
        "🧮 Expressions (block 2, set 1/2):\n"
        "1. `_/_-_+_=5`\n2. `_+_x_+_=102`\n3. `_x_-_-_=51`\n4. `_x_+_-_=23`\n5. `_/_x_x_=80`\n"
        "Extras used: 7"
    ]
    assert s.final() == before


def test_status_shows_the_expression_points() -> None:
    s = in_block_2()
    buy(s, "p1", "35")
    ok(s, "p1: expr 4 3x7+5-3 7")
    ev = one(ok(s, "p2: post status"), "status_posted")
    assert (ev["status"]["Hedger"]["ep"], ev["status"]["Uri"]["ep"]) == (1, 0)
    assert [r[6] for r in view(s, "status").rows] == ["1", "0"]


def test_a_set_is_open_exactly_until_the_time_its_announcement_gives() -> None:
    # expr_set_seconds = 200: set 1 runs 0:00–3:20 and set 2 3:20–6:40 of the block, as announced.
    s = in_block_2(expr_set_seconds=200)
    t0 = block_start(s)
    (second,) = events(s.advance(t0 + 200_000), "expr_set")
    assert (second["set"], second["t"], second["until"]) == (2, t0 + 200_000, t0 + 400_000)
    s.advance(second["until"] - 1)
    assert s.final()["expressions"] is not None
    s.advance(second["until"] + 1)
    assert s.final()["expressions"] is None
