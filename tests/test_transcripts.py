"""Transcript tests: whole scripted Death Matches, compared byte for byte.

Each `tests/transcripts/NAME.script` is a batch-mode script (what a host would
pass to `umpire play SCENARIO --script NAME.script`). Its header names the
scenario and states the result the game must reach:

    # scenario: hap-tac-toe
    # result: Uri won, tied at 4; Uri wins the tie as the Advantage holder
    # scores: Hedger 4, Uri 3.5

`NAME.out` is the expected text output and `NAME.jsonl` the expected `--json`
output. The scripts are run in-process through `umpire.cli.play.run_batch`, the
function batch mode uses, on a session built as the CLI builds it (the
scenario's seed, the salt derived from it).

To regenerate the expected files after an intended change, run

    UPDATE_TRANSCRIPTS=1 .venv/bin/pytest tests/test_transcripts.py

and read the diff before committing it. They are regenerated from a run that
keeps a journal, so the entry numbers in them are the journal's.
"""

from __future__ import annotations

import io
import json
import os
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from tests.seeds import test_seed
from tests.transcript_support import without_final_hash
from umpire.cli.play import run_batch
from umpire.scenario import Scenario, parse
from umpire.session import Session, derive_salt

HERE = Path(__file__).parent / "transcripts"
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
GAMES = ("hap-tac-toe", "when-stars-align")  # the scenarios these transcripts cover; others have their own tests
UPDATE = os.environ.get("UPDATE_TRANSCRIPTS") == "1"


def header(name: str) -> dict[str, str]:
    """The `# key: value` lines at the top of a script."""
    out: dict[str, str] = {}
    for line in (HERE / f"{name}.script").read_text(encoding="utf-8").split("\n"):
        if not line.startswith("#"):
            break
        key, sep, value = line[1:].partition(":")
        if sep and key.strip() in ("scenario", "result", "scores"):
            out[key.strip()] = value.strip()
    return out


NAMES = sorted(p.stem for p in HERE.glob("*.script") if header(p.stem).get("scenario") in GAMES)


def load_scenario(name: str) -> Scenario:
    stem = header(name)["scenario"]
    # Named as the CLI user names it; the path stays out of the output either way.
    return parse((SCENARIOS / f"{stem}.toml").read_text(encoding="utf-8"), f"scenarios/{stem}.toml")


def script_lines(name: str) -> list[str]:
    """The script's lines exactly as batch mode reads a file."""
    text = (HERE / f"{name}.script").read_bytes().decode("utf-8")
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def run(name: str, *, json_out: bool, journal: Path | None) -> tuple[str, Session]:
    """Batch mode on a script: what it prints, and the session it leaves."""
    sc = load_scenario(name)
    seed = test_seed(sc)
    session = Session.create(sc, journal_path=journal, seed=seed, salt=derive_salt(seed))
    buf = io.StringIO()
    with redirect_stdout(buf):
        run_batch(session, script_lines(name), json_out=json_out)
    return buf.getvalue(), session


def expected(name: str, suffix: str) -> str:
    return (HERE / f"{name}{suffix}").read_text(encoding="utf-8")


@pytest.fixture(scope="module", autouse=True)
def _update(tmp_path_factory: pytest.TempPathFactory) -> None:
    """With UPDATE_TRANSCRIPTS=1, write the expected files first (from a journal-keeping run)."""
    if not UPDATE:
        return
    d = tmp_path_factory.mktemp("update")
    for name in NAMES:
        for suffix, json_out in ((".out", False), (".jsonl", True)):
            text, _ = run(name, json_out=json_out, journal=d / f"{name}{suffix}.journal.jsonl")
            text = without_final_hash(text)
            (HERE / f"{name}{suffix}").write_text(text, encoding="utf-8")


def test_every_bundled_scenario_has_a_transcript() -> None:
    covered = {header(n)["scenario"] for n in NAMES}
    assert covered == set(GAMES)
    assert any(header(n).get("result", "").endswith("reserve time ran out") for n in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_transcript_reaches_the_result_its_header_states(name: str) -> None:
    out, session = run(name, json_out=True, journal=None)
    final = json.loads(out.splitlines()[-1])
    assert final == session.final()
    h = header(name)
    assert final["over"] is True
    assert final["result"] == h["result"]
    scores = dict(item.rsplit(" ", 1) for item in h["scores"].split(", "))
    assert {p: str(v) for p, v in final["scores"].items()} == scores


@pytest.mark.parametrize("name", NAMES)
def test_transcript_text_output_is_as_expected(name: str) -> None:
    # Exactly as `umpire play SCENARIO --script NAME.script` runs it: no journal.
    text, _ = run(name, json_out=False, journal=None)
    assert text == expected(name, ".out")


@pytest.mark.parametrize("name", NAMES)
def test_transcript_json_output_is_as_expected(name: str) -> None:
    # Exactly as `umpire play SCENARIO --script NAME.script --json` runs it: no journal.
    text, _ = run(name, json_out=True, journal=None)
    assert text == expected(name, ".jsonl")


@pytest.mark.parametrize("name", NAMES)
def test_transcript_output_is_the_same_when_a_journal_is_kept(name: str, tmp_path: Path) -> None:
    # `--journal FILE` with `--script` must not change a byte of what is printed.
    text = without_final_hash(run(name, json_out=False, journal=tmp_path / "a.journal.jsonl")[0])
    assert text == expected(name, ".out")
    text = without_final_hash(run(name, json_out=True, journal=tmp_path / "b.journal.jsonl")[0])
    assert text == expected(name, ".jsonl")


@pytest.mark.parametrize("name", NAMES)
def test_transcript_journal_replays_to_the_same_game(name: str, tmp_path: Path) -> None:
    path = tmp_path / "game.journal.jsonl"
    _, live = run(name, json_out=True, journal=path)
    replayed, _, loaded = Session.load(path, reopen=False)
    assert loaded.torn is None
    assert replayed.state == live.state
    assert replayed.revealed == live.revealed


@pytest.mark.parametrize("name", NAMES)
def test_transcript_replay_repeats_every_announcement(name: str, tmp_path: Path) -> None:
    # README: `umpire replay JOURNAL [--json]` prints "a game's announcements again, exactly".
    path = tmp_path / "game.journal.jsonl"
    text, _ = run(name, json_out=True, journal=path)
    live = [json.loads(x) for x in text.splitlines()]
    announced = [x for x in live if x.get("type") == "event"]
    _, outputs, _ = Session.load(path, reopen=False)
    replayed = [o.to_json() for o in outputs if o.kind == "announce"]
    assert [x for x in replayed if x is not None] == announced
