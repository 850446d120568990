"""The match result: at the end of block 6 Gyul Hap (more GHP) and Expressions (more EP) are decided,
a tie going to the single holder of the subgame's Advantage and otherwise to nobody (R-ADV-1); the
player with two subgames wins the match, else it is "undecided". Goofspiel is decided at the end of
block 5 (test_choice_frame.py).

The bundled scenario: Goofspiel Advantage Hedger only, Gyul Hap Advantage Uri only, Expressions
Advantage both. Auto-played bouts are all ties, so Goofspiel goes to Hedger unless a test says
otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from umpire.session import Output, Session

from .test_choice_support import BLOCK, block_start, buy, end_block, events, new_session, ok, start, texts, win_bout


def play_match(calls: dict[int, Sequence[str]], *, uri_wins_a_bout: bool = False, **rules_overrides: Any) -> tuple[Session, list[Output]]:
    """A whole match: in each block the given lines right after its start, then the block runs out.
    Returns the session and the outputs of block 6's end."""
    s = new_session(starting_money=100, **rules_overrides)
    out: list[Output] = []
    for block in range(1, 7):
        if block == 1 and uri_wins_a_bout:
            win_bout(s, 1)
            continue
        start(s)
        bought: set[tuple[str, str]] = set()
        for line in calls.get(block, ()):
            if line.startswith("buy "):
                who, digits = line.split()[1:]
                buy(s, who, "".join(d for d in digits if (who, d) not in bought))
                bought |= {(who, d) for d in digits}
            else:
                ok(s, line)
        out = end_block(s)
    return s, out


def decided(out: Sequence[Output]) -> dict[str, tuple[str | None, str]]:
    return {e["subgame"]: (e["winner"], e["reason"]) for e in events(out, "subgame_decided")}


HEDGER_HAP = ("buy p1 25", "p1: hap 125 1")  # block 2, board 1: +1 GHP for Hedger
URI_HAP = ("buy p2 46", "p2: hap 246 2")  # block 2, board 1: +1 GHP for Uri
HEDGER_EXPR = ("buy p1 35", "p1: expr 4 3x7+5-3 7")  # block 2, set 1: +1 EP for Hedger
URI_EXPR = ("buy p2 47", "p2: expr 4 4x5+7-4 5")  # block 2, set 1: +1 EP for Uri


def test_more_gyul_hap_points_and_more_expression_points_win_their_subgames() -> None:
    s, out = play_match({2: (*HEDGER_HAP, *URI_EXPR)})
    assert decided(out) == {"gyul_hap": ("Hedger", "1 to 0"), "expressions": ("Uri", "1 to 0")}
    assert "🏁 **Gyul Hap: Hedger wins** (1 to 0). Points: Hedger 1 · Uri 0." in texts(out)
    assert "🏁 **Expressions: Uri wins** (1 to 0). Points: Hedger 0 · Uri 1." in texts(out)
    # Goofspiel was tied and went to Hedger (its only holder): two subgames.
    (ev,) = events(out, "final_match_over")
    assert (ev["winner"], ev["result"]) == ("Hedger", "Hedger won 2 of 3 subgames")
    assert ev["subgame_winners"] == {"goofspiel": "Hedger", "gyul_hap": "Hedger", "expressions": "Uri"}
    assert (
        texts(out)[-1]
        == "🏆 **Hedger wins The Choice is Yours!** Hedger won 2 of 3 subgames: Goofspiel: Hedger, Gyul Hap: Hedger, Expressions: Uri."
    )
    final = s.final()
    assert (final["winner"], final["result"], final["over"]) == ("Hedger", "Hedger won 2 of 3 subgames", True)
    assert final["subgame_winners"] == {"goofspiel": "Hedger", "gyul_hap": "Hedger", "expressions": "Uri"}
    assert {n: (p["ghp"], p["ep"]) for n, p in final["players"].items()} == {"Hedger": (1, 0), "Uri": (0, 1)}


def test_a_player_who_wins_all_three_subgames_won_3_of_3() -> None:
    _, out = play_match({2: (*HEDGER_HAP, *HEDGER_EXPR)})
    (ev,) = events(out, "final_match_over")
    assert (ev["winner"], ev["result"]) == ("Hedger", "Hedger won 3 of 3 subgames")


def test_the_subgames_are_decided_at_block_6s_end_in_order_then_the_match() -> None:
    s, out = play_match({2: HEDGER_HAP})
    kinds = [e["event"] for e in events(out)]
    assert kinds[kinds.index("block_over") :] == ["block_over", "subgame_decided", "subgame_decided", "final_match_over"]
    assert [e["subgame"] for e in events(out, "subgame_decided")] == ["gyul_hap", "expressions"]
    assert {e["t"] for e in events(out)[kinds.index("block_over") :]} == {block_start(s) + BLOCK}


def test_nothing_but_goofspiel_is_decided_before_block_6_ends() -> None:
    s = new_session(starting_money=100)
    for _ in range(5):
        start(s)
        end_block(s)
    start(s)
    assert s.final()["subgame_winners"] == {"goofspiel": "Hedger", "gyul_hap": None, "expressions": None}
    assert (s.final()["winner"], s.final()["result"], s.final()["over"]) == (None, None, False)


def test_points_from_every_block_count() -> None:
    # Hedger +1 in block 2 (board 1: 125); Uri +1 in block 3 (board 2: 257), -1 in block 4 (a wrong
    # gyul on board 3); Hedger +1 in block 6 (board 5: 178).
    s, out = play_match(
        {
            2: HEDGER_HAP,
            3: ("buy p2 57", "p2: hap 257 2"),
            4: ("p2: gyul",),
            6: ("buy p1 78", "p1: hap 178 1"),
        }
    )
    assert {n: p["ghp"] for n, p in s.final()["players"].items()} == {"Hedger": 2, "Uri": 0}
    assert decided(out)["gyul_hap"] == ("Hedger", "2 to 0")


def test_negative_points_compare_like_any_others() -> None:
    _, out = play_match({2: ("p1: gyul", "p2: gyul", "p1: gyul")})  # not one after the other: that is one message sent twice (R-READ-5)
    assert decided(out)["gyul_hap"] == ("Uri", "-1 to -2")


def test_r_adv_1_a_tied_gyul_hap_goes_to_its_single_holder() -> None:
    _, out = play_match({2: (*HEDGER_HAP, *URI_HAP)})
    assert decided(out)["gyul_hap"] == ("Uri", "tied at 1; Uri holds the Gyul Hap Advantage")
    assert "🏁 **Gyul Hap: Uri wins** (tied at 1; Uri holds the Gyul Hap Advantage). Points: Hedger 1 · Uri 1." in texts(out)


def test_r_adv_1_the_holder_wins_a_tie_even_after_using_the_wildcard() -> None:
    s, out = play_match({2: (*HEDGER_HAP, "buy p2 4", "p2: ihap 246 2 6")})
    assert s.final()["players"]["Uri"]["advantages"]["gyul_hap"] == {"given": 1, "left": 0}
    assert decided(out)["gyul_hap"] == ("Uri", "tied at 1; Uri holds the Gyul Hap Advantage")


def test_r_adv_1_a_tied_expressions_goes_to_its_single_holder() -> None:
    _, out = play_match({2: (*HEDGER_EXPR, *URI_EXPR)}, expressions_advantage=[1, 0])
    assert decided(out)["expressions"] == ("Hedger", "tied at 1; Hedger holds the Expressions Advantage")


@pytest.mark.parametrize(
    ("given", "reason"),
    [
        ([0, 0], "tied at 0 and nobody holds the Advantage: no winner (R-ADV-1)"),
        ([1, 1], "tied at 0 and both hold the Advantage: no winner (R-ADV-1)"),
        ([2, 1], "tied at 0 and both hold the Advantage: no winner (R-ADV-1)"),
    ],
)
def test_r_adv_1_a_tie_without_a_single_holder_has_no_winner(given: list[int], reason: str) -> None:
    s, out = play_match({}, gyul_hap_advantage=given, expressions_advantage=given)
    assert decided(out) == {"gyul_hap": (None, reason), "expressions": (None, reason)}
    assert f"🏁 **Gyul Hap: no winner** ({reason}). Points: Hedger 0 · Uri 0." in texts(out)
    assert s.final()["subgame_winners"] == {"goofspiel": "Hedger", "gyul_hap": None, "expressions": None}


def test_r_adv_1_nobody_with_two_subgames_leaves_the_match_undecided() -> None:
    # Goofspiel: Uri (won block 1's bout); Gyul Hap: Hedger; Expressions: tied, both hold it.
    s, out = play_match({2: HEDGER_HAP}, uri_wins_a_bout=True)
    (ev,) = events(out, "final_match_over")
    assert ev["subgame_winners"] == {"goofspiel": "Uri", "gyul_hap": "Hedger", "expressions": None}
    assert (ev["winner"], ev["result"]) == (None, "undecided: nobody won two subgames")
    assert texts(out)[-1] == (
        "**The Final Match is undecided:** nobody won two subgames. Goofspiel: Uri, Gyul Hap: Hedger, Expressions: no winner."
    )
    final = s.final()
    assert (final["winner"], final["result"], final["over"]) == (None, "undecided: nobody won two subgames", True)


def test_two_subgames_for_the_player_who_lost_goofspiel_still_win() -> None:
    _, out = play_match({2: (*URI_HAP, *URI_EXPR)}, uri_wins_a_bout=False, goofspiel_advantage=[1, 0])
    (ev,) = events(out, "final_match_over")
    assert (ev["winner"], ev["subgame_winners"]) == ("Uri", {"goofspiel": "Hedger", "gyul_hap": "Uri", "expressions": "Uri"})


def test_gyul_hap_is_decided_at_block_6s_end_even_when_it_ended_early() -> None:
    s, out = play_match({2: HEDGER_HAP}, gyul_boards=1)
    assert s.final()["gyul_hap"]["over"] is True
    assert decided(out)["gyul_hap"] == ("Hedger", "1 to 0")
