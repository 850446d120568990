"""Transcripts of Open, Pass — Heaven and Hell: each `tests/transcripts/open-pass-*.script` is run as
batch mode runs it (`umpire play open-pass-heaven-hell --script FILE [--json]`: the scenario's seed,
the salt derived from it) and compared byte for byte with its expected text output (`.out`) and JSON
output (`.jsonl`, ending with the `final` state).

The script's header states the result it must reach:

    # scenario: open-pass-heaven-hell
    # result: Elara 3 Tokens of Life, Jonas 1, Sana 1; ECs Ian, Priya, Marcel
    # ranking: Elara 105, Jonas 103, …

`UPDATE_TRANSCRIPTS=1 .venv/bin/pytest tests/test_openpass_transcripts.py` rewrites the expected
files; read the diff before keeping it.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from .transcript_support import header, run

ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPTS = ROOT / "tests" / "transcripts"
SCENARIO = ROOT / "scenarios" / "open-pass-heaven-hell.toml"
SCRIPTS = sorted(TRANSCRIPTS.glob("open-pass-*.script"))
MATCH = TRANSCRIPTS / "open-pass-match.script"


def test_there_is_a_whole_match_transcript() -> None:
    assert MATCH in SCRIPTS
    assert all(header(s).get("scenario") == "open-pass-heaven-hell" for s in SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_the_transcript_reaches_the_result_its_header_states(script: Path) -> None:
    text, session = run(script, json_out=True)
    final = json.loads(text.splitlines()[-1])
    assert final == session.final()
    assert final["over"] is True and final["phase"] == "over"
    h = header(script)
    ranking = [item.rsplit(" ", 1) for item in h["ranking"].split(", ")]
    assert final["ranking"] == [name for name, _ in ranking]
    assert [final["players"][name]["score"] for name, _ in ranking] == [score for _, score in ranking]
    tokens, ecs = h["result"].split("; ECs ")
    winners = dict(item.rsplit(" ", 1) for item in tokens.replace(" Tokens of Life", "").split(", "))
    assert {n: str(p["tokens"]) for n, p in final["players"].items() if p["tokens"]} == winners
    assert sorted(n for n, p in final["players"].items() if p["ec"]) == sorted(ecs.replace(" and ", ", ").split(", "))


# ---------------------------------------------------------------- what the whole-match transcript shows


def match_events() -> list[dict[str, Any]]:
    return [x for x in map(json.loads, MATCH.with_suffix(".jsonl").read_text(encoding="utf-8").splitlines()) if x.get("type") == "event"]


def of(kind: str) -> list[dict[str, Any]]:
    return [e for e in match_events() if e["event"] == kind]


def test_the_match_has_three_rounds_one_of_them_all_odd_and_pity_cards() -> None:
    rounds = of("round_closed")
    assert [r["round"] for r in rounds] == [1, 2, 3]
    assert [r["all_odd"] for r in rounds] == [False, True, False]
    records = of("round_record")
    assert [r["audience"] for r in records] == ["host"] * 3  # R-OP-9: who received what is not public
    assert records[1]["received"] == {} and len(records[1]["pity"]) == 13
    assert records[0]["pity"] and records[2]["pity"]
    assert [r["pity_cards"] for r in rounds] == [len(r["pity"]) for r in records]
    assert [r["gainers"] for r in rounds] == [len(r["received"]) for r in records]
    receipts = of("round_receipt")
    assert len(receipts) == 3 * 13 and all(r["audience"] == "player" and r["to"] == r["player"] for r in receipts)


def test_the_match_has_trades_done_declined_and_withdrawn() -> None:
    # each told to the trade's two players (R-OP-10): one event for each, the maker's first
    assert [e["trade"] for e in of("trade_done")] == [1, 1, 4, 4, 5, 5]  # 5: Elara trades a card outside her deck (R-OP-7)
    assert [e["trade"] for e in of("trade_declined")] == [2, 2]
    assert [e["trade"] for e in of("trade_cancelled")] == [3, 3]


def test_every_trade_event_goes_to_its_two_players_and_none_is_public() -> None:
    trades = [e for e in match_events() if e["event"].startswith("trade_")]
    assert len(trades) == 2 * (5 + 3 + 1 + 1)  # five offers, three done, one declined, one withdrawn
    assert all(e["audience"] == "player" and e["to"] in (e["giver"], e["taker"]) for e in trades)
    assert [e["to"] for e in trades[::2]] == [e["giver"] for e in trades[::2]]
    assert [e["to"] for e in trades[1::2]] == [e["taker"] for e in trades[1::2]]
    assert not of("trade_made")  # announce_trades = false in the bundled scenario


def test_the_match_has_a_deck_padded_with_six_slashes() -> None:
    lena = [e for e in of("deck_set") if e["player"] == "Lena"]
    assert lena[-1]["padded"] == 6 and Counter(lena[-1]["deck"])["/"] == 6


def test_each_dealt_card_and_its_prompt_go_to_the_player_it_is_dealt_to() -> None:
    dealt = of("card_dealt")
    assert len(dealt) == 230
    assert all(e["audience"] == "player" and e["to"] == e["player"] for e in dealt)
    assert all(e["audience"] == "player" and e["to"] == e["player"] for e in of("answered"))
    for kind in ("bid_confirmed", "deck_confirmed", "dealer_set"):  # receipts
        assert of(kind) and all(e["audience"] == "player" and e["to"] == e["player"] for e in of(kind)), kind


def test_the_match_has_round_3_closed_by_its_clock_and_the_playing_reminder() -> None:
    (reminder,) = of("bidding_reminder")
    assert (reminder["round"], reminder["minutes_left"], reminder["t"]) == (3, 60, 23 * 3_600_000)
    assert [e["what"] for e in of("time_up")] == ["round 3's bidding"]
    assert of("not_yet_done")[0]["what"] == "a bid in round 3"
    (play,) = of("play_reminder")
    assert play["minutes_left"] == 360
    assert of("not_yet_done")[-1]["waiting"] == ["Wren"]


def test_the_match_has_a_deck_withdrawn_and_submitted_again() -> None:
    assert [e["player"] for e in of("deck_withdrawn")] == ["Marcel"]
    assert [e["player"] for e in of("deck_confirmed")].count("Marcel") == 2


def test_the_match_has_a_deal_left_and_resumed() -> None:
    shown = [(e["player"], e["number"]) for e in of("card_dealt")]
    assert shown.count(("Hedger", 5)) == 2  # card 5 shown when the deal was left, and again when resumed
    assert [e["player"] for e in of("deal_started")].count("Hedger") == 1


def test_the_match_has_the_11th_open_passed_and_two_ties_broken_by_the_seed() -> None:
    auto = {e["player"]: len(e["auto_passed"]) for e in of("deal_over")}
    assert auto["Hedger"] == 10 and auto["Elara"] == 10
    assert all(not e["closed"] for e in of("deal_over"))  # everyone played: no host `close`
    (results,) = of("results")
    assert len(results["ties"]) == 2 and all("broken by the seeded draw" in t for t in results["ties"])
