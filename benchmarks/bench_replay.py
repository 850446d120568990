"""Replaying a 10,000-entry journal: `Session.load(path, reopen=False)` in-process, and `umpire replay`;
and replay and verify at 1,000, 10,000 and 100,000 entries: time and peak memory.

A Death Match has only ~126 inputs, so the journal is one full Hap-Tac-Toe Death Match padded with
host controls that every real journal has: after each placement, some `undo` + the same placement
again; before each `done`, some `pause` + `resume`. That makes exactly 10,000 entries (see `build`).
Replaying an undone placement costs a parse, the rules and an announcement like any input, so the
padding is not cheaper than play.

At scale (1,000, 10,000 and 100,000 entries, padded the same way) each measure runs in a process of
its own, so its peak memory is its own: `Session.stream` keeping the last five entries (what a resume
waits on before the first prompt) timed inside a child Python, and the whole `umpire replay` and `umpire verify` processes
timed from outside. The peak resident set size of each is read from `os.wait4`'s resource usage
(`ru_maxrss`, kept per process) by a small launcher process (see LAUNCHER); for the resume's replay
also the child's peak just before the load (the interpreter, umpire and the game imported), so
what the replay itself adds can be told from what any process costs.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

from benchlib import Measure, Report, child_env, dm_script, load_scenario, measure, scratch_dir, time_command, umpire_exe

TARGET = 1.0
ENTRIES = 10_000
SCALES = (1_000, 10_000, 100_000)
SCALE_TIME_TARGET = 2.0  # seconds, at 100,000 entries
SCALE_MEMORY_TARGET = 100e6  # bytes of peak resident memory, at 100,000 entries

# What `umpire resume` does before its first prompt, in a child of its own: `Session.stream`, keeping
# only the last five entries' announcements. The resident size before (scenario parsed, so the game
# is imported) and the seconds the replay takes, as one JSON line on stdout.
LOAD_CHILD = """
import collections, json, resource, sys, time
from umpire.scenario import parse
from umpire.session import Session

path = sys.argv[1]
with open(path, encoding="utf-8") as f:
    parse(json.loads(f.readline())["scenario_toml"], path)  # imports the game, as the load will
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t0 = time.perf_counter()
session, loaded, steps = Session.stream(path)
recent = collections.deque(steps, maxlen=5)
seconds = time.perf_counter() - t0
print(json.dumps({"seconds": seconds, "before_kib": before, "entries": loaded.count, "over": session.game.is_over(session.state)}))
"""


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


@dataclass(frozen=True, kw_only=True)
class ChildRun:
    """One child process: wall time, peak resident memory (bytes), and what it printed."""

    wall: float
    peak: int
    stdout: str


# Linux counts a process's peak RSS from its fork: a child of the benchmark process (~65 MB) would
# report at least that much. So each measured process is started by this small launcher (a bare
# interpreter, ~10 MB, less than any measured process), which waits for it with `os.wait4` and writes
# its wall time, exit status and peak RSS (KiB) to the file named first.
LAUNCHER = """
import json, os, subprocess, sys, time
report, argv = sys.argv[1], sys.argv[2:]
t0 = time.perf_counter()
proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL)
_pid, status, usage = os.wait4(proc.pid, 0)
wall = time.perf_counter() - t0
proc.returncode = os.waitstatus_to_exitcode(status)
with open(report, "w") as f:
    json.dump({"wall": wall, "code": proc.returncode, "maxrss_kib": usage.ru_maxrss}, f)
"""


def run_child(argv: Sequence[str], *, env: dict[str, str], cwd: Path, keep_stdout: bool = False) -> ChildRun:
    """Run `argv` to completion through LAUNCHER: its wall time and its own peak RSS (output discarded unless kept)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, tempfile.NamedTemporaryFile(suffix=".json") as rep:
        launcher = [sys.executable, "-I", "-S", "-c", LAUNCHER, rep.name, *argv]
        proc = subprocess.run(
            launcher, env=env, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out if keep_stdout else subprocess.DEVNULL, stderr=err, check=False
        )
        got = json.loads(Path(rep.name).read_text() or "{}")
        if proc.returncode != 0 or got.get("code") != 0:
            err.seek(0)
            raise RuntimeError(f"{' '.join(argv)} exited {got.get('code')}: {err.read().decode(errors='replace')[-500:]}")
        out.seek(0)
        return ChildRun(wall=float(got["wall"]), peak=int(got["maxrss_kib"]) * 1024, stdout=out.read().decode() if keep_stdout else "")


def _mb(n: float) -> str:
    return f"{n / 1e6:.0f} MB" if n >= 10e6 else f"{n / 1e6:.1f} MB"


def at_scale(tmp: Path, runs: int) -> tuple[list[Measure], list[str]]:
    """Resume's replay, `umpire replay` (text and JSON) and `umpire verify` at each of SCALES entries, each in its own process."""
    # umpire's bytecode compiled, as README.md's quick start installs it (`pip install .`); each variant
    # runs once, unmeasured, at the first scale to write the cache.
    env = child_env(bytecode_cache=tmp / "bytecode")
    warm: set[str] = set()
    measures: list[Measure] = []
    rows = [
        "| entries | journal | measure | time (median) | peak memory (max of runs) | before the load | verdict at 100,000 (< 2 s, < 100 MB) |",
        "|---:|---:|---|---:|---:|---:|---|",
    ]
    for entries in SCALES:
        path = tmp / f"scale-{entries}.journal.jsonl"
        build(path, entries)
        size = path.stat().st_size
        variants: dict[str, tuple[list[str], bool]] = {
            "resume's replay (`Session.stream`)": ([sys.executable, "-c", LOAD_CHILD, str(path)], True),
            "`umpire replay`": ([umpire_exe(), "replay", str(path)], False),
            "`umpire replay --json`": ([umpire_exe(), "replay", "--json", str(path)], False),
            "`umpire verify`": ([umpire_exe(), "verify", str(path)], False),
        }
        for what, (argv, in_child) in variants.items():
            if what not in warm:
                run_child(argv, env=env, cwd=tmp, keep_stdout=in_child)
                warm.add(what)
            times: list[float] = []
            peaks: list[int] = []
            befores: list[int] = []
            for _ in range(runs):
                r = run_child(argv, env=env, cwd=tmp, keep_stdout=in_child)
                peaks.append(r.peak)
                if in_child:
                    got = json.loads(r.stdout.strip().splitlines()[-1])
                    assert got["entries"] == entries and got["over"], got
                    times.append(got["seconds"])
                    befores.append(int(got["before_kib"]) * 1024)
                else:
                    times.append(r.wall)
            big = entries == SCALES[-1]
            how = "timed inside a child Python" if in_child else "the whole process, bytecode compiled, output to /dev/null"
            m = measure(
                f"{what}, {entries:,} entries",
                times,
                unit="s" if big else "ms",
                target=SCALE_TIME_TARGET if big else None,
                note=f"{how}; peak RSS {_mb(max(peaks))}"
                + (f" ({_mb(min(befores))} before the load)" if befores else "")
                + f"; {runs} runs",
            )
            measures.append(m)
            verdict = "—"
            if big:
                fast = "time pass" if m["median"] <= SCALE_TIME_TARGET else "time **FAIL**"
                small = "memory pass" if max(peaks) <= SCALE_MEMORY_TARGET else "memory **FAIL**"
                verdict = f"{fast}, {small}"
            unit = "s" if big else "ms"
            shown = f"{m['median']:.2f} s" if unit == "s" else f"{m['median'] * 1e3:.0f} ms"
            rows.append(
                f"| {entries:,} | {size / 1e6:.1f} MB | {what} | {shown} | {_mb(max(peaks))} | "
                f"{_mb(min(befores)) if befores else '—'} | {verdict} |"
            )
    note = (
        "Replay at scale (each run a process of its own, umpire's bytecode compiled; peak memory is the child's peak resident set size from "
        "`os.wait4`, MB = 10^6 bytes; the journals are the padded Death Match described above):\n\n" + "\n".join(rows)
    )
    return measures, [note]


def run(repeat: int) -> Report:
    """`Session.load` max(3, repeat // 2) times and `umpire replay` max(3, repeat // 2) times on 10,000 entries;
    then, at 1,000, 10,000 and 100,000 entries, resume's replay (`Session.stream`), `umpire replay` (text and
    `--json`) and `umpire verify`
    max(2, repeat // 3) times each, every run a process of its own."""
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
        scale_measures, scale_notes = at_scale(tmp, max(2, repeat // 3))
    what = ", ".join(f"{v} {k}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]))
    return Report(
        measures=[
            measure("`Session.load`, 10,000 entries", loads, unit="ms", target=TARGET, note=f"in-process, {n} runs"),
            measure("`umpire replay`, 10,000 entries", replay, unit="ms", target=TARGET, note="subprocess, text to /dev/null"),
            measure("`umpire replay --json`, 10,000 entries", replay_json, unit="ms", target=TARGET, note="subprocess, JSON to /dev/null"),
            *scale_measures,
        ],
        notes=[
            f"The 10,000-entry journal ({size / 1e6:.1f} MB): {what} (one full Hap-Tac-Toe DM of {len(dm_script())} inputs, padded).",
            *scale_notes,
        ],
    )


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "replay", *sys.argv[1:]]))
