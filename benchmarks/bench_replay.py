"""Replaying a 10,000-entry journal: `Session.load(path, reopen=False)` in-process, and `umpire replay`.

A Death Match has only ~126 inputs, so the journal is one full Hap-Tac-Toe Death Match padded with
host controls that every real journal has: after each placement, some `undo` + the same placement
again; before each `done`, some `pause` + `resume`. That makes exactly 10,000 entries (see `build`).
Replaying an undone placement costs a parse, the rules and an announcement like any input, so the
padding is not cheaper than play.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

from benchlib import Report, child_env, dm_script, load_scenario, measure, scratch_dir, time_command, umpire_exe

TARGET = 1.0
ENTRIES = 10_000


@contextlib.contextmanager
def no_fsync() -> Iterator[None]:
    """Building the fixture need not wait for the disk; what is written is the same."""
    with mock.patch.object(os, "fsync", lambda fd: None):
        yield


def build(path: Path, entries: int = ENTRIES) -> dict[str, int]:
    """Write a valid journal of exactly `entries` entries; returns the count of each kind."""
    from umpire.session import Session

    script = dm_script()
    places = sum(line.kind == "place" for line in script)
    dones = sum(line.kind == "done" for line in script)
    pairs = (entries - len(script)) // 2
    if pairs < 0 or (entries - len(script)) % 2:
        raise ValueError(f"cannot pad {len(script)} inputs to {entries} entries with pairs")
    undo_pairs, pause_pairs = pairs // 2, pairs - pairs // 2
    undo_at = [undo_pairs // places + (i < undo_pairs % places) for i in range(places)]
    pause_at = [pause_pairs // dones + (i < pause_pairs % dones) for i in range(dones)]
    with no_fsync():
        session = Session.create(load_scenario(), journal_path=path, seed="20261121", salt="bench")
        p = d = 0

        def feed(text: str) -> None:
            if any(o.kind == "refusal" for o in session.feed(text)):
                raise RuntimeError(f"the padded journal refused {text!r}")

        for line in script:
            if line.kind == "done":
                session.advance(session.now + 3_000)  # each turn takes a few seconds
                for _ in range(pause_at[d]):
                    feed("pause")
                    feed("resume")
                d += 1
            feed(line.text)
            if line.kind == "place":
                for _ in range(undo_at[p]):
                    feed("undo")
                    feed(line.text)
                p += 1
        assert session.writer is not None
        session.writer.close()
    kinds: collections.Counter[str] = collections.Counter()
    with open(path, encoding="utf-8") as f:
        next(f)
        for raw in f:
            kinds[json.loads(raw)["kind"]] += 1
    if sum(kinds.values()) != entries:
        raise RuntimeError(f"built {sum(kinds.values())} entries, not {entries}")
    return dict(kinds)


def run(repeat: int) -> Report:
    """`Session.load` max(3, repeat // 2) times and `umpire replay` max(3, repeat // 2) times."""
    from umpire.session import Session

    n = max(3, repeat // 2)
    with scratch_dir() as tmp:
        path = tmp / "long.journal.jsonl"
        kinds = build(path)
        size = path.stat().st_size
        loads = []
        for i in range(n + 1):
            t0 = time.perf_counter()
            session, _outputs, loaded = Session.load(path, reopen=False)
            dt = time.perf_counter() - t0
            assert len(loaded.entries) == ENTRIES and session.scenario.game.is_over(session.state)
            if i:
                loads.append(dt)
        replay = time_command([umpire_exe(), "replay", str(path)], n, env=child_env(), cwd=tmp)
        replay_json = time_command([umpire_exe(), "replay", "--json", str(path)], n, env=child_env(), cwd=tmp)
    what = ", ".join(f"{v} {k}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]))
    return Report(
        measures=[
            measure("`Session.load`, 10,000 entries", loads, unit="ms", target=TARGET, note=f"in-process, {n} runs"),
            measure("`umpire replay`, 10,000 entries", replay, unit="ms", target=TARGET, note="subprocess, text to /dev/null"),
            measure("`umpire replay --json`, 10,000 entries", replay_json, unit="ms", target=TARGET, note="subprocess, JSON to /dev/null"),
        ],
        notes=[f"The 10,000-entry journal ({size / 1e6:.1f} MB): {what} (one full Hap-Tac-Toe DM of {len(dm_script())} inputs, padded)."],
    )


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "replay", *sys.argv[1:]]))
