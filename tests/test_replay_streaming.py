"""Replay one entry at a time: `journal.scan` and `Session.stream` read, check and replay a journal
without keeping it, and give exactly what the whole-file `journal.read` and `Session.load` give.

`umpire resume`, `replay` and `verify` stream, so a long game costs no more memory to rebuild than
the game itself (issue 11: 100,000 entries under 100 MB).
"""

from __future__ import annotations

import dataclasses
import tracemalloc
from pathlib import Path

import pytest
from typer.testing import CliRunner

from umpire.cli import app, journal_cmds  # noqa: F401 - registers the commands
from umpire.core import journal
from umpire.scenario import Scenario
from umpire.session import Session
from umpire.verify import verify

LINES = [
    "p2: first p1",
    "start",
    "p1: black red circle C3",
    "p1: done",
    "p2: gray red square B1",
    "undo",
    "p2: gray red square B2",
    "p2: done",
]


def hosted(scenario: Scenario, path: Path, lines: list[str], *, pauses: int = 0) -> Path:
    """A journal of `lines`, then `pauses` pause/resume pairs; the writer closed."""
    s = Session.create(scenario, journal_path=path, seed="42", salt="0" * 32)
    for line in lines:
        assert not [o for o in s.feed(line) if o.kind == "refusal"], line
    for _ in range(pauses):
        s.feed("pause")
        s.feed("resume")
    assert s.writer is not None
    s.writer.close()
    return path


def loaded_fields(loaded: journal.Loaded) -> dict[str, object]:
    return {f.name: getattr(loaded, f.name) for f in dataclasses.fields(loaded) if f.name != "entries"}


def scanned(path: Path, *, strict: bool = True) -> tuple[journal.Loaded, list[tuple[dict, str]]]:
    loaded, entries = journal.scan(path, strict=strict)
    return loaded, list(entries)


# ---------------------------------------------------------------- journal.scan


def shapes(path: Path) -> dict[str, bytes]:
    """The same journal clean, torn by a crash, without its last newline, and out of sequence."""
    whole = path.read_bytes()
    lines = whole.split(b"\n")[:-1]
    return {
        "clean": whole,
        "torn": whole + b'{"n":9,"kind":"inp',
        "no last newline": whole[:-1],
        "an entry removed": b"\n".join(lines[:3] + lines[4:]) + b"\n",
        "an entry edited": whole.replace(b'"t":0', b'"t":1', 1),
    }


@pytest.mark.parametrize("shape", ["clean", "torn", "no last newline", "an entry removed", "an entry edited"])
def test_scan_gives_what_read_gives_for_every_shape_of_journal(tmp_path, htt, shape):
    path = hosted(htt, tmp_path / "j.jsonl", LINES)
    path.write_bytes(shapes(path)[shape])
    whole = journal.read(path, strict=False)
    loaded, entries = scanned(path, strict=False)
    assert loaded.entries == []  # nothing kept
    assert loaded_fields(loaded) == loaded_fields(whole)
    assert loaded.count == len(whole.entries) == len(entries)
    assert [e for e, _ in entries] == whole.entries


def test_scan_yields_each_entry_with_the_hash_of_its_own_line(tmp_path, htt):
    path = hosted(htt, tmp_path / "j.jsonl", LINES)
    loaded, entries = scanned(path)
    hashes = [h for _, h in entries]
    # Each entry's own hash is what the next entry holds as `prev`; the last is the journal's last hash.
    assert hashes[:-1] == [e["prev"] for e, _ in entries[1:]]
    assert hashes[-1] == loaded.last_hash


def test_scan_refuses_an_out_of_sequence_entry_when_strict_naming_its_line(tmp_path, htt):
    path = hosted(htt, tmp_path / "j.jsonl", LINES)
    path.write_bytes(shapes(path)["an entry removed"])
    _loaded, entries = journal.scan(path)
    with pytest.raises(journal.JournalError) as err:
        list(entries)
    assert str(err.value) == f"{path}, line 4: expected entry number 3, found 4"


def test_scan_refuses_a_file_that_is_not_a_journal_before_reading_any_entry(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("p1: done\n", encoding="utf-8")
    with pytest.raises(journal.JournalError) as err:
        journal.scan(path)
    assert str(err.value).startswith(f"{path}, line 1: this is not an umpire journal: line 1 should be its JSON header (")


def test_scan_refuses_a_journal_whose_header_changed_while_it_was_read(tmp_path, htt):
    path = hosted(htt, tmp_path / "j.jsonl", LINES)
    _loaded, entries = journal.scan(path)
    path.write_bytes(path.read_bytes().replace(b'"seed_source":"host"', b'"seed_source":"drawn"', 1))
    with pytest.raises(journal.JournalError) as err:
        list(entries)
    assert err.value.reason == "the journal changed while it was being read (is another program writing it?); try again"


# ---------------------------------------------------------------- Session.stream


def test_stream_replays_exactly_what_load_replays(tmp_path, htt):
    path = hosted(htt, tmp_path / "j.jsonl", LINES, pauses=3)
    whole, outputs, loaded = Session.load(path, reopen=False)
    session, streamed_loaded, steps = Session.stream(path)
    streamed = session.commitment_outputs()
    entries = []
    for entry, out in steps:
        entries.append(entry)
        streamed += out
    assert entries == loaded.entries
    assert [(o.kind, o.text, o.audience, o.event) for o in streamed] == [(o.kind, o.text, o.audience, o.event) for o in outputs]
    assert session.final() == whole.final()
    assert session.outbox == whole.outbox
    assert session.last_public == whole.last_public
    assert streamed_loaded.count == len(loaded.entries)


def test_a_streamed_session_can_be_reopened_and_played_on(tmp_path, htt):
    path = hosted(htt, tmp_path / "j.jsonl", LINES[:4])
    session, loaded, steps = Session.stream(path)
    for _ in steps:
        pass
    session.reopen(loaded)
    assert [o.kind for o in session.feed("p2: gray red square B1")] == ["announce"]
    assert session.writer is not None
    session.writer.close()
    again, _, reread = Session.load(path, reopen=False)
    assert reread.count == 5
    assert again.final() == session.final()


def test_a_session_that_does_not_announce_reaches_the_same_state_and_generates_the_same_items(tmp_path, choice):
    path = tmp_path / "c.jsonl"
    s = Session.create(choice, journal_path=path, seed="9701", salt="0" * 32)
    for line in ("start", "p1: gs 5", "p2: gs 6"):
        s.feed(line)
    assert s.writer is not None
    s.writer.close()
    loud, _, loaded = Session.load(path, reopen=False)
    quiet = Session.from_header(journal.read(path), path, announce=False)
    generated = []
    for entry in loaded.entries:
        assert quiet.replay_entry(entry, str(path)) == []
        generated += quiet.last_generated()
    assert quiet.final() == loud.final()
    assert generated == [g for e in loaded.entries for g in e.get("generated", [])]
    assert quiet.waiting() == []


def traced_peak(path: Path) -> int:
    tracemalloc.start()
    try:
        _session, _, steps = Session.stream(path)
        for _ in steps:
            pass
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_replaying_twice_as_many_entries_needs_no_more_memory(tmp_path, htt):
    short = hosted(htt, tmp_path / "short.jsonl", LINES, pauses=300)
    long = hosted(htt, tmp_path / "long.jsonl", LINES, pauses=1200)
    traced_peak(short)  # first use: the game's modules and caches
    grown = traced_peak(long) - traced_peak(short)
    # 1,800 more entries; keeping them (or their announcements) would cost over a megabyte.
    assert grown < 64_000, grown


# ---------------------------------------------------------------- the commands that stream


def test_replay_of_a_journal_damaged_in_the_middle_prints_the_game_up_to_there_and_names_the_line(tmp_path, htt):
    path = hosted(htt, tmp_path / "j.jsonl", LINES)
    lines = path.read_bytes().split(b"\n")
    lines[5] = b"{garbage"
    path.write_bytes(b"\n".join(lines))
    res = CliRunner().invoke(app, ["replay", str(path)])
    assert res.exit_code == 2
    assert res.stderr.startswith(f"umpire: {path}, line 6: this line is damaged (not valid JSON: ")
    assert res.stderr.endswith(" — the replay stopped there; what is printed above is the game up to entry 4\n")
    assert "Game 1, turn 1 — Hedger" in res.stdout  # entry 4 (p1: done) was printed


def test_replay_of_a_journal_the_rules_refuse_at_entry_1_says_only_the_commitment_was_printed(tmp_path, htt):
    path = hosted(htt, tmp_path / "j.jsonl", LINES)
    lines = path.read_bytes().split(b"\n")
    lines[1] = lines[1].replace(b'"text":"first p1"', b'"text":"first nobody"')
    path.write_bytes(b"\n".join(lines))
    res = CliRunner().invoke(app, ["replay", str(path)])
    assert res.exit_code == 2
    assert "the rules refuse this entry on replay" in res.stderr
    assert res.stderr.endswith(" — the replay stopped there; what is printed above is the commitment only: no entry could be replayed\n")
    assert res.stdout.startswith("🔒 Fairness commitment (SHA-256 of salt:seed): `")
    assert res.stdout.count("\n") == 3  # the commitment's two lines and the blank line after it


def test_verify_of_a_long_game_reports_every_entry_replayed(tmp_path, htt):
    path = hosted(htt, tmp_path / "j.jsonl", LINES, pauses=50)
    rep = verify(path)
    assert rep.ok
    assert rep.entries == rep.replayed == len(LINES) + 100
    assert rep.checks[-1] == ("✓", f"replayed {rep.entries} entries; 0 generated items re-derived from the seed")
