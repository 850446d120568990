"""Each journal line records what it showed everyone (`shown`, umpire/session/shown.py), and only that: the replay of the
host's journal checks it, so an edited `shown` (chain recomputed or not) is refused naming its entry, the facts at the start
on the first line included; it never holds an event for less than everyone, nor a fact the game does not declare public."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.test_journal_integrity import lines_of, rechain, write_lines
from tests.transcript_support import TRANSCRIPTS, run
from umpire.core import journal
from umpire.core.settings import Settings
from umpire.scenario import parse as parse_scenario
from umpire.session import Session, shown
from umpire.verify import check

SCRIPTS = sorted(TRANSCRIPTS.glob("*.script"))


@pytest.fixture(scope="module")
def journals(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = {}
    for script in SCRIPTS:
        path = tmp_path_factory.mktemp(script.stem) / f"{script.stem}.jsonl"
        run(script, json_out=True, journal=path)
        out[script.stem] = path
    return out


def copy(src: Path, tmp_path: Path) -> Path:
    out = tmp_path / src.name
    out.write_bytes(src.read_bytes())
    key = src.with_name(src.name + ".key")
    if key.exists():
        (tmp_path / key.name).write_bytes(key.read_bytes())
    return out


def replay(path: Path) -> None:
    _session, _, steps = Session.stream(path, announce=False)
    for _ in steps:
        pass


def first_with(path: Path, want: str) -> int:
    """The line (1-based) of the first entry after the first whose `shown` holds `want`."""
    for i, raw in enumerate(lines_of(path)[1:], start=2):
        if i > 2 and isinstance(json.loads(raw).get(shown.MEMBER), dict) and want in json.loads(raw)[shown.MEMBER]:
            return i
    raise AssertionError(f"no entry shows {want}")


@pytest.mark.parametrize("name", [s.stem for s in SCRIPTS])
def test_shown_holds_only_public_events_and_declared_public_facts(journals: dict[str, Path], name: str) -> None:
    lines = lines_of(journals[name])
    header = json.loads(lines[0])
    scenario = parse_scenario(header["scenario_toml"], name)
    declared = {f.key.partition(".")[0] for f in scenario.game.facts(Settings(scenario.settings))}
    assert set(json.loads(lines[1])[shown.MEMBER]["start"]) <= declared  # the first line records the facts at the start
    seen = 0
    for raw in lines[1:]:
        record: Any = json.loads(raw).get(shown.MEMBER)
        if record is None:
            continue
        seen += 1
        assert set(record) <= {"game", "session", "facts", "over", "outcome", "start"}
        for event in record.get("game", []) + record.get("session", []):
            assert event["audience"] == "public" and "to" not in event
            assert event["event"] != "final_hash"  # the hash of this very line: the reader has it
        assert set(record.get("facts", {})) <= declared
    assert seen


def test_an_edited_shown_with_the_chain_recomputed_is_refused_by_the_replay_naming_its_entry(
    journals: dict[str, Path], tmp_path: Path
) -> None:
    path = copy(journals["hap-tac-toe"], tmp_path)
    lines = lines_of(path)
    i = first_with(path, "facts")
    entry = json.loads(lines[i - 1])
    player = next(iter(entry[shown.MEMBER]["facts"]["scores"]))
    entry[shown.MEMBER]["facts"]["scores"][player] += 10
    lines[i - 1] = json.dumps(entry, ensure_ascii=False, separators=(",", ":")).encode()
    write_lines(path, rechain(lines))
    with pytest.raises(journal.JournalError) as exc:
        replay(path)
    assert (
        exc.value.line == i and f"the line's “{shown.MEMBER}” records" in exc.value.reason and "but the ruling showed" in exc.value.reason
    )
    rep = check(path)
    assert not rep.ok and any(p.startswith(f"entry {i - 1}: the line's “{shown.MEMBER}” records") for p in rep.problems)


def test_a_shown_taken_out_of_a_line_is_refused_by_the_replay(journals: dict[str, Path], tmp_path: Path) -> None:
    path = copy(journals["choice-match"], tmp_path)
    lines = lines_of(path)
    i = first_with(path, "game")
    entry = json.loads(lines[i - 1])
    del entry[shown.MEMBER]
    lines[i - 1] = json.dumps(entry, ensure_ascii=False, separators=(",", ":")).encode()
    write_lines(path, rechain(lines))
    with pytest.raises(journal.JournalError) as exc:
        replay(path)
    assert exc.value.line == i and f"the line records nothing shown (no “{shown.MEMBER}”)" in exc.value.reason


def test_a_shown_added_to_a_line_that_showed_nothing_is_refused_by_the_replay(journals: dict[str, Path], tmp_path: Path) -> None:
    path = copy(journals["hap-tac-toe"], tmp_path)
    lines = lines_of(path)
    i = next(k for k, raw in enumerate(lines[1:], start=2) if k > 3 and shown.MEMBER not in json.loads(raw))
    entry = json.loads(lines[i - 1])
    fake = {"type": "event", "event": "first_chosen", "t": entry["t"], "audience": "public", "first": "Uri", "chooser": "Hedger"}
    entry = {
        **{k: v for k, v in entry.items() if k not in ("wall", "prev")},
        shown.MEMBER: {"game": [fake]},
        "wall": entry["wall"],
        "prev": "",
    }
    lines[i - 1] = json.dumps(entry, ensure_ascii=False, separators=(",", ":")).encode()
    write_lines(path, rechain(lines))
    with pytest.raises(journal.JournalError) as exc:
        replay(path)
    assert exc.value.line == i and "but the ruling showed nothing" in exc.value.reason


def test_edited_start_facts_on_the_first_line_are_refused_naming_it(journals: dict[str, Path], tmp_path: Path) -> None:
    path = copy(journals["hap-tac-toe"], tmp_path)
    lines = lines_of(path)
    first = json.loads(lines[1])
    first[shown.MEMBER]["start"]["scores"]["Uri"] = 3
    lines[1] = json.dumps(first, ensure_ascii=False, separators=(",", ":")).encode()
    write_lines(path, rechain(lines))
    with pytest.raises(journal.JournalError) as exc:
        replay(path)
    assert (
        exc.value.line == 2
        and f"the line's “{shown.MEMBER}” records" in exc.value.reason
        and "start {'scores': {'Hedger': 0, 'Uri': 3}" in exc.value.reason
    )


@pytest.mark.parametrize("name", [s.stem for s in SCRIPTS])
def test_an_honest_journal_that_records_shown_replays_and_verifies(journals: dict[str, Path], name: str) -> None:
    replay(journals[name])
    rep = check(journals[name])
    assert rep.ok, rep.problems
