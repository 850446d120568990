"""A pasted block's rulings are written as they are judged and made durable together, by one fsync,
before any of them is shown; if that fsync fails, none of them stands."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from umpire.core import journal
from umpire.session import Session

BURST = "\n".join(
    [
        "p2: first p1",
        "start",
        "p1: black red circle C3",
        "p1: hap A1 B1 C1",  # refused: A1 and B1 are empty
        "p1: done",
        "p2: white blue square C4",
        "p2: done",
    ]
)
ACCEPTED = 6


def fsyncs(monkeypatch: pytest.MonkeyPatch, *, fail: bool = False) -> list[int]:
    """Count (and, with `fail`, fail) every fsync from here on."""
    calls: list[int] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        calls.append(fd)
        if fail:
            raise OSError(5, "Input/output error")
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return calls


def test_a_pasted_blocks_rulings_are_made_durable_by_one_fsync(session: Session, journal_path: Path, monkeypatch) -> None:
    calls = fsyncs(monkeypatch)
    out = session.feed(BURST)
    assert len(calls) == 1
    assert [o.input for o in out if o.kind == "refusal"] == ["p1: hap A1 B1 C1"]
    assert [e["kind"] for e in journal.read(journal_path).entries] == ["input"] * ACCEPTED
    assert session.entries == ACCEPTED


def test_a_pasted_block_is_judged_and_announced_as_its_lines_one_at_a_time_are(htt, tmp_path: Path) -> None:
    one = Session.create(htt, journal_path=tmp_path / "a.jsonl", seed="42", salt="0" * 32)
    each = Session.create(htt, journal_path=tmp_path / "b.jsonl", seed="42", salt="0" * 32)
    together = [(o.kind, o.text) for o in one.feed(BURST)]
    apart = [(o.kind, o.text) for line in BURST.split("\n") for o in each.feed(line)]
    assert together == apart
    assert one.final() == each.final()


def test_a_line_typed_on_its_own_is_still_fsyncd_before_it_is_shown(session: Session, monkeypatch) -> None:
    calls = fsyncs(monkeypatch)
    session.feed("p2: first p1")
    session.feed("start")
    assert len(calls) == 2


def test_when_the_bursts_fsync_fails_none_of_its_rulings_stands_and_each_is_refused(
    session: Session, journal_path: Path, monkeypatch
) -> None:
    session.feed("p2: first p1")
    before_bytes = journal_path.read_bytes()
    before = (session.state, session.now, session.entries, list(session.history), session.waiting_dms(), session.final())
    fsyncs(monkeypatch, fail=True)
    out = session.feed("start\np1: black red circle C3\np1: hap A1 B1 C1\np1: done")
    monkeypatch.undo()
    refused = [o for o in out if o.kind == "refusal"]
    assert [o.input for o in refused] == ["start", "p1: black red circle C3", "p1: done"]
    assert all(o.error == "JournalError" and "NOT accepted" in o.text for o in refused)
    assert not [o for o in out if o.kind == "announce"]
    assert journal_path.read_bytes() == before_bytes
    assert (session.state, session.now, session.entries, list(session.history), session.waiting_dms(), session.final()) == before
    # The game goes on from where it was: the same lines are accepted, written after the last durable entry.
    again = session.feed("start\np1: black red circle C3\np1: done")
    assert not [o for o in again if o.kind == "refusal"]
    loaded = journal.read(journal_path)
    assert [e["n"] for e in loaded.entries] == [1, 2, 3, 4] and not loaded.breaks


def test_a_write_failing_inside_a_burst_refuses_that_line_only(session: Session, journal_path: Path, monkeypatch) -> None:
    session.feed("p2: first p1")
    real = os.write
    writes = {"n": 0}

    def write(fd: int, data: bytes) -> int:
        writes["n"] += 1
        if writes["n"] == 2:  # the second line of the burst
            raise OSError(28, "No space left on device")
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)
    out = session.feed("start\np1: black red circle C3\np1: done")
    monkeypatch.undo()
    refused = [o for o in out if o.kind == "refusal"]
    assert refused[0].input == "p1: black red circle C3" and refused[0].error == "JournalError"
    assert [o.input for o in refused[1:]] == ["p1: done"]  # nothing was placed: the rules refuse it
    entries = journal.read(journal_path).entries
    assert [e["n"] for e in entries] == [1, 2] and session.entries == 2
