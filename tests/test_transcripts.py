"""Transcript tests: whole scripted matches of every game, compared byte for byte.

Each `tests/transcripts/NAME.script` is a batch-mode script (what a host would pass to
`umpire play SCENARIO --seed N --script NAME.script`). Its header names the scenario and states the
result the game must reach:

    # scenario: hap-tac-toe
    # result: Hedger won, 4 to 3

`NAME.out` is the expected text output and `NAME.jsonl` the expected `--json` output. Every
script gets the same checks here (one module for all games); what a game's transcript must show
besides is checked in that game's own module (tests/test_*_transcripts.py).

To regenerate the expected files after an intended change, run

    UPDATE_TRANSCRIPTS=1 .venv/bin/pytest tests/test_transcripts.py

and read the diff before committing it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.testgames import SCENARIOS as TEST_SCENARIOS
from tests.transcript_support import TRANSCRIPTS, compare, header, run, without_final_hash
from umpire.games.eventjson import read_event
from umpire.session import Session
from umpire.verify import verify

SCRIPTS = sorted(TRANSCRIPTS.glob("*.script"))
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
ids = [p.stem for p in SCRIPTS]


def test_every_bundled_scenario_has_a_transcript() -> None:
    # ... and every transcript is of a bundled scenario or of one of the tests' own games (tests/testgames.py).
    own = {p.stem for p in TEST_SCENARIOS.glob("*.toml")}
    assert {header(p)["scenario"] for p in SCRIPTS} - own == {p.stem for p in SCENARIOS.glob("*.toml")}
    assert own <= {header(p)["scenario"] for p in SCRIPTS}


@pytest.mark.parametrize("script", SCRIPTS, ids=ids)
def test_the_text_output_matches_the_transcript(script: Path) -> None:
    # Exactly as `umpire play SCENARIO --seed N --script NAME.script` runs it: no journal.
    compare(script, ".out", json_out=False)


@pytest.mark.parametrize("script", SCRIPTS, ids=ids)
def test_the_json_output_matches_the_transcript(script: Path) -> None:
    compare(script, ".jsonl", json_out=True)


@pytest.mark.parametrize("script", SCRIPTS, ids=ids)
def test_the_output_is_the_same_when_a_journal_is_kept(script: Path, tmp_path: Path) -> None:
    # `--journal FILE` changes nothing printed but the final-hash post only a kept journal has.
    for suffix, json_out in ((".out", False), (".jsonl", True)):
        text, _ = run(script, json_out=json_out, journal=tmp_path / f"kept{suffix}.journal.jsonl")
        assert without_final_hash(text) == script.with_suffix(suffix).read_text(encoding="utf-8")


@pytest.mark.parametrize("script", SCRIPTS, ids=ids)
def test_the_journal_replays_verifies_and_repeats_every_announcement(script: Path, tmp_path: Path) -> None:
    # README: `umpire replay JOURNAL [--json]` prints "a game's announcements again, exactly".
    path = tmp_path / "game.journal.jsonl"
    text, live = run(script, json_out=True, journal=path)
    replayed, outputs, loaded = Session.load(path, reopen=False)
    assert loaded.torn is None
    assert replayed.state == live.state
    assert replayed.final() == live.final()
    announced = [x for x in map(json.loads, text.splitlines()) if x.get("type") == "event"]
    assert [o.to_json() for o in outputs if o.kind == "announce" and o.to_json() is not None] == announced
    report = verify(path)
    assert report.ok, report.problems


@pytest.mark.parametrize("script", SCRIPTS, ids=ids)
def test_the_match_ends_with_the_typed_result_its_ending_event_states_in_the_json(script: Path) -> None:
    text, session = run(script, json_out=True)
    outcome = session.game.outcome(session.state)
    assert session.game.is_over(session.state) and outcome is not None
    printed = [x for x in map(json.loads, text.splitlines()) if x.get("type") == "event"]
    kinds = {cls.kind: cls for cls in session.game.events}
    ended = [
        e.outcome for x in printed if x["event"] in kinds and (e := read_event(x, [kinds[x["event"]]], session.names)).outcome is not None
    ]
    assert ended and ended[-1] == outcome


@pytest.mark.parametrize("script", SCRIPTS, ids=ids)
def test_the_final_state_in_the_json_is_the_sessions(script: Path) -> None:
    text, session = run(script, json_out=True)
    assert json.loads(text.splitlines()[-1]) == session.final()


HTT = [p for p in SCRIPTS if header(p)["scenario"] in ("hap-tac-toe", "when-stars-align")]


@pytest.mark.parametrize("script", HTT, ids=[p.stem for p in HTT])
def test_a_hap_tac_toe_transcript_reaches_the_result_and_scores_its_header_states(script: Path) -> None:
    _, session = run(script, json_out=True)
    final = session.final()
    h = header(script)
    assert final["over"] is True
    assert final["result"] == h["result"]
    scores = dict(item.rsplit(" ", 1) for item in h["scores"].split(", "))
    assert {p: str(v) for p, v in final["scores"].items()} == scores
    assert any(header(p).get("result", "").endswith("reserve time ran out") for p in HTT)
