"""Quick under a burst: 13 players sending at once are judged together, their rulings made durable by a few flushes
(not two each), and no answer is handed to Discord while anything written to the journal is not yet on disk; the
answers go out side by side, within Discord's rate limits (a 429 is waited out), each once."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import umpire.core.journal_writer
from tests.fakediscord import FakeDiscord
from umpire.discord.outbound import Job, Sender
from umpire.scenario import load
from umpire.session import Session
from umpire.session import entries as E

from .support import ROOT, Hosted, Table, entries_of

OPEN_PASS = ROOT / "scenarios" / "open-pass-heaven-hell.toml"


def bidding(fake: FakeDiscord, tmp_path: Path) -> tuple[Table, Session]:
    scenario = load(OPEN_PASS)
    table = Table(fake, [p.name for p in scenario.roster], dm_seats=range(0, 13, 2))
    return table, Session.create(scenario, journal_path=tmp_path / "bot.jsonl", seed="2002", salt="0" * 32)


def test_a_burst_of_thirteen_is_made_durable_by_a_few_flushes_before_any_answer_goes_out(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, session = bidding(fake, tmp_path)
    journal = tmp_path / "bot.jsonl"
    durable = {"size": journal.stat().st_size, "flushes": 0}  # the header, made durable as the journal was created
    handed: list[tuple[int, int]] = []  # (the journal's size, its durable size) whenever an answer is handed to Discord
    real_fsync, real_add = os.fsync, Sender.add

    def fsync(fd: int) -> None:
        real_fsync(fd)
        if os.path.exists(journal) and os.fstat(fd).st_ino == os.stat(journal).st_ino:
            durable["size"], durable["flushes"] = os.fstat(fd).st_size, durable["flushes"] + 1

    def add(self: Sender, job: Job) -> None:
        if journal.exists():
            handed.append((journal.stat().st_size, durable["size"]))
        real_add(self, job)

    monkeypatch.setattr(umpire.core.journal_writer.os, "fsync", fsync)
    monkeypatch.setattr(Sender, "add", add)
    counted: dict[str, int] = {}

    def play(h: Hosted) -> None:
        h.type("start")
        h.settle()
        before = durable["flushes"]
        said = [fake.user_says(table.users[s], table.place(s), "bid 9" if s == 4 else f"bid {s % 6 + 1}") for s in range(13)]
        h.wait(lambda: all(len(table.private_messages(s)) >= 1 for s in range(13)), "every answer")
        h.settle()
        counted["flushes"] = durable["flushes"] - before
        counted["said"] = len(said)

    Hosted(fake, table, session, table.ids()).run(play)
    assert all(size == on_disk for size, on_disk in handed)  # nothing announced while a line written was not on disk
    assert counted["flushes"] <= 6, counted  # judged in two halves, and the deliveries recorded together: not 26
    bids = [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input) and e.by is not None]
    assert len(bids) == 12 and sum(isinstance(e, E.Heard) for e in entries_of(tmp_path / "bot.jsonl")) == 1
    assert [len(table.private_messages(s)) for s in range(13)] == [1] * 13


def test_a_burst_answered_through_discords_rate_limit_gets_every_answer_once(fake: FakeDiscord, tmp_path: Path) -> None:
    table, session = bidding(fake, tmp_path)

    def play(h: Hosted) -> None:
        h.type("start")
        h.settle()
        fake.rate_limit_next("POST", "/channels/*/messages", retry_after=0.2, count=6)
        for s in range(13):
            fake.user_says(table.users[s], table.place(s), f"bid {s % 6 + 1}")
        h.wait(lambda: all(len(table.private_messages(s)) >= 1 for s in range(13)), "every answer", timeout=30)
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    assert fake.count_requests("POST", "/channels/*/messages", status=429) == 6
    assert [len(table.private_messages(s)) for s in range(13)] == [1] * 13


def test_a_burst_whose_flush_fails_is_announced_nowhere_and_judged_again_once_the_disk_works(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, session = bidding(fake, tmp_path)
    real_fsync = os.fsync
    failed: list[int] = []
    armed = False

    def fsync(fd: int) -> None:
        if armed and not failed:
            failed.append(fd)
            raise OSError(28, "No space left on device")  # once: the writer cuts the burst's lines back off the file
        real_fsync(fd)

    monkeypatch.setattr(umpire.core.journal_writer.os, "fsync", fsync)

    def play(h: Hosted) -> None:
        nonlocal armed
        h.type("start")
        h.settle()
        armed = True
        for s in range(4):
            fake.user_says(table.users[s], table.place(s), f"bid {s + 1}")
        h.wait(lambda: all(len(table.private_messages(s)) >= 1 for s in range(4)), "every answer", timeout=30)
        h.settle()

    out = Hosted(fake, table, session, table.ids()).run(play)
    assert failed and "could not write the journal" in out
    bids = [(e.by, e.text) for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input) and e.by is not None]
    assert sorted(bids) == [(s, f"bid {s + 1}") for s in range(4)]  # each once, after the disk worked again
    assert [len(table.private_messages(s)) for s in range(4)] == [1] * 4
