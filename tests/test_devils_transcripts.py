"""Transcripts of Devil's Deal: each `tests/transcripts/devils-*.script` is run as batch mode runs it
(`umpire play devils-deal --script FILE [--json]`: the scenario's seed, the salt derived from it) and
compared byte for byte with its expected text output (`.out`) and JSON output (`.jsonl`, ending with
the `final` state). The script's `# result:` line is the result the Death Match must reach.

`UPDATE_TRANSCRIPTS=1 pytest tests/test_devils_transcripts.py` rewrites the expected files; read the
diff before keeping it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .transcript_support import header, run

ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPTS = ROOT / "tests" / "transcripts"
SCRIPTS = sorted(TRANSCRIPTS.glob("devils-*.script"))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_the_death_match_reaches_the_result_its_header_states(script: Path) -> None:
    out, session = run(script, json_out=True)
    final = json.loads(out.splitlines()[-1])
    assert final == session.final()
    assert final["over"] is True
    assert final["result"] == header(script)["result"]


def test_there_is_a_whole_death_match_transcript() -> None:
    assert TRANSCRIPTS / "devils-deal.script" in SCRIPTS


# ---------------------------------------------------------------- what the whole-DM transcript shows


def objects() -> list[dict[str, Any]]:
    return [json.loads(line) for line in (TRANSCRIPTS / "devils-deal.jsonl").read_text(encoding="utf-8").splitlines()]


def test_the_transcript_covers_every_step_and_deadline() -> None:
    kinds = {o.get("event") for o in objects()}
    for kind in (
        "pools_dealt",
        "refill_offered",
        "division_noted",
        "division_locked",
        "discard_asked",
        "discarded",
        "took",
        "refill_skipped",
        "poker_started",
        "picked",
        "ante_paid",
        "bet",
        "revealed",
        "betting_skipped",
        "folded",
        "showdown",
        "round_over",
        "devils_deal_over",
        "reminder",
        "own_status",
    ):
        assert kind in kinds, kind
    autos = [(o["event"], o.get("auto")) for o in objects() if o.get("auto")]
    assert {k for k, _ in autos} == {"refill_declined", "discarded", "took", "folded"}


def test_the_transcript_refuses_with_every_division_reason() -> None:
    reasons = [o["reason"] for o in objects() if o.get("type") == "refusal"]
    assert any("the piles' sums differ: G4 B4 = 8, G9 = 9, set aside G8 = 8" in r for r in reasons)
    assert any("R1 was not offered" in r for r in reasons)
    assert any("no pile is marked set aside" in r for r in reasons)
    assert "Hedger has 0 chips; a refill costs 5 chips (R-DD-2)" in reasons


def test_the_transcript_never_posts_a_pick_publicly() -> None:
    for o in objects():
        if o.get("event") in ("picked", "pick_confirmed"):
            assert o["audience"] != "public"


def test_the_transcript_conserves_chips() -> None:
    final = objects()[-1]
    assert sum(p["chips"] for p in final["players"].values()) + final["chips_out"] + final["pot"] == 60
