"""Transcripts of The Choice is Yours: each `tests/transcripts/choice-*.script` is run as batch mode
runs it (the scenario's seed, the salt derived from it) and compared byte for byte with its expected
text output (`.out`) and JSON output (`.jsonl`, ending with the `final` state).

`UPDATE_TRANSCRIPTS=1 pytest tests/test_choice_transcripts.py` rewrites the expected files; read
the diff before keeping it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .transcript_support import compare

ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPTS = ROOT / "tests" / "transcripts"
SCENARIO = ROOT / "scenarios" / "choice-is-yours.toml"
SCRIPTS = sorted(TRANSCRIPTS.glob("choice-*.script"))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_the_text_output_matches_the_transcript(script: Path) -> None:
    compare(script, ".out", json_out=False)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_the_json_output_matches_the_transcript(script: Path) -> None:
    compare(script, ".jsonl", json_out=True)


def test_there_is_a_whole_match_transcript() -> None:
    assert TRANSCRIPTS / "choice-goofspiel.script" in SCRIPTS
    assert TRANSCRIPTS / "choice-match.script" in SCRIPTS


# ---------------------------------------------------------------- what the whole-match transcript shows


def goofspiel_events() -> list[dict[str, Any]]:
    path = TRANSCRIPTS / "choice-goofspiel.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_the_whole_match_transcript_plays_six_blocks_and_five_bouts() -> None:
    objs = goofspiel_events()
    assert [o["block"] for o in objs if o.get("event") == "block_started"] == [1, 2, 3, 4, 5, 6]
    bouts = [(o["block"], o["gsp_to"]) for o in objs if o.get("event") == "bout_over"]
    assert bouts == [(1, "Uri"), (2, "Hedger"), (3, None), (4, "Uri"), (5, "Hedger")]
    final = objs[-1]
    assert final["type"] == "final" and final["over"] is True
    assert final["subgame_winners"] == {"goofspiel": "Hedger", "gyul_hap": "Uri", "expressions": None}
    assert (final["winner"], final["result"]) == (None, "undecided: nobody won two subgames")


def test_the_whole_match_transcript_has_auto_plays_ties_and_the_advantage() -> None:
    resolved = [o for o in goofspiel_events() if o.get("event") == "round_resolved"]
    plays = [p for o in resolved for p in o["plays"].values()]
    assert any(p["auto"] for p in plays)
    assert any(p["boosted"] for p in plays)
    assert any(o["winner"] is None for o in resolved)
    auto_wins = [o for o in resolved if o["winner"] and o["plays"][o["winner"]]["auto"]]
    assert auto_wins


def test_the_whole_match_transcript_has_every_shop_refusal() -> None:
    reasons = {o["reason"] for o in goofspiel_events() if o.get("type") == "refusal"}
    assert "the shop is closed in block 1; it opens in block 2" in reasons
    assert "the shop is closed between blocks" in reasons
    assert "Hedger already bought tile 6 this cycle; it can be bought again next cycle" in reasons
    assert "Hedger has $0; tile 2 costs $2 this cycle" in reasons
    assert "the shop is closed; there is nothing to post" in reasons


def test_the_whole_match_transcript_money_matches_the_hand_count_in_the_script() -> None:
    objs = goofspiel_events()
    started = {o["block"]: o["money"] for o in objs if o.get("event") == "block_started"}
    assert started == {
        1: {"Hedger": 0, "Uri": 0},
        2: {"Hedger": 39, "Uri": 64},
        3: {"Hedger": 53, "Uri": 106},
        4: {"Hedger": 87, "Uri": 135},
        5: {"Hedger": 113, "Uri": 204},
        6: {"Hedger": 181, "Uri": 234},
    }
    final = objs[-1]
    assert {n: p["money"] for n, p in final["players"].items()} == {"Hedger": 176, "Uri": 229}


# ---------------------------------------------------------------- the match with all three subgames played


def match_events() -> list[dict[str, Any]]:
    path = TRANSCRIPTS / "choice-match.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_the_match_transcript_ends_with_a_winner() -> None:
    objs = match_events()
    final = objs[-1]
    assert final["type"] == "final" and final["over"] is True
    assert final["subgame_winners"] == {"goofspiel": "Uri", "gyul_hap": "Uri", "expressions": "Hedger"}
    assert (final["winner"], final["result"]) == ("Uri", "Uri won 2 of 3 subgames")
    assert {n: (p["gsp"], p["ghp"], p["ep"]) for n, p in final["players"].items()} == {"Hedger": (1, 1, 5), "Uri": (3, 4, 3)}
    (over,) = [o for o in objs if o.get("event") == "match_over"]
    assert over["winner"] == "Uri"


def test_the_match_transcript_block_2_points_match_the_hand_count_in_the_script() -> None:
    objs = match_events()
    block_3 = next(i for i, o in enumerate(objs) if o.get("event") == "block_started" and o["block"] == 3)
    status = [o for o in objs[:block_3] if o.get("type") == "view" and o["title"].startswith("The Choice is Yours — block 2/6")]
    (view,) = status
    rows = {r[0]: r for r in view["rows"]}
    # player, tiles, money, bout winnings, GSP, GHP, EP
    assert rows["Hedger"][1:7] == ["2×2 3×2 5×1 6×2", "$41", "$3", "1", "1", "2"]
    assert rows["Uri"][1:7] == ["1×3 2×3 4×1 5×2 6×2 9×2", "$26", "$7", "0", "0", "1"]
    haps = [(o["player"], o["positions"], o["verdict"]) for o in objs[:block_3] if o.get("event") == "hap_called"]
    assert haps == [
        ("Hedger", "125", "correct"),
        ("Uri", "124", "incorrect"),
        ("Uri", "246", "correct"),
        ("Hedger", "246", "incorrect"),
        ("Uri", "689", "correct"),
    ]
    gyuls = [(o["player"], o["board"], o["verdict"]) for o in objs[:block_3] if o.get("event") == "gyul_called"]
    assert gyuls == [("Uri", 1, "incorrect"), ("Hedger", 1, "correct"), ("Uri", 2, "grace")]


def test_the_match_transcript_plays_gyul_hap_through_boards_1_to_7() -> None:
    objs = match_events()
    boards = [(o["board"], o["why"]) for o in objs if o.get("event") == "gh_board"]
    assert boards == [(1, "posted"), (2, "gyul"), (2, "reposted"), (3, "posted"), (4, "gyul"), (5, "posted"), (6, "posted"), (7, "posted")]
    verdicts = {o["verdict"] for o in objs if o.get("event") in ("hap_called", "gyul_called")}
    assert verdicts == {"correct", "incorrect", "grace"}
    reasons = {o["reason"] for o in objs if o.get("type") == "refusal"}
    assert "Gyul Hap runs during blocks 2–6, not now (block 1)" in reasons
    assert "the positions must be in increasing order: “125”, not “215”" in reasons
    assert "the extra 7 must be one of 125" in reasons
    assert "Hedger has no Gyul Hap Advantage" in reasons
    assert "Uri holds no tile 7" in reasons


def test_the_match_transcript_solves_and_refuses_expressions() -> None:
    objs = match_events()
    solved = [(o["player"], o["expression"], o["extra"], o["wild"]) for o in objs if o.get("event") == "expr_solved"]
    assert solved == [
        ("Hedger", "3x7+5-3", 7, None),
        ("Uri", "5/2x4x8", 8, 2),
        ("Hedger", "3+6-3+6", 6, None),
        ("Hedger", "1+1-1+4", 4, None),
        ("Uri", "2x9-2-3", 3, None),
        ("Hedger", "2+3-1+6", 6, None),
        ("Hedger", "2+4+5x2", 5, 4),
        ("Uri", "9-3+2-1", 9, None),
    ]
    reasons = {o["reason"] for o in objs if o.get("type") == "refusal"}
    assert {
        "Expressions runs during blocks 2–6, not now (block 1)",
        "7 has already served as the extra in this set; each digit serves once a set",
        "puzzle 2 is _+_x_+_=102: the operators must be + x + in that order, not + + +",
        "Hedger already solved puzzle 4; each player solves each puzzle once",
        "5/2x4x9 = 90, not 80 (left to right)",
        "Uri has no Expressions Advantage left",
        "Hedger holds 1 tile 3; this solve needs 2",
        "the match is over (Uri won 2 of 3 subgames)",
    } <= reasons
