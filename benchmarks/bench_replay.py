"""Replaying long journals of every game: `umpire replay`, `replay --json`, `verify` and `resume`, time and memory.

The journals are benchmarks/journals.py's: each game's transcript match, padded to 10,000 and to
100,000 entries where players really add entries (a submission sent again, a ruling taken back and
entered again), at least half of every journal player input. Each measure is a process of its own,
umpire's bytecode compiled (as README.md's quick start installs it; each command runs once first,
unmeasured, to write the cache):

- `umpire replay`, `umpire replay --json`, `umpire verify`: the whole process, output to /dev/null;
- `umpire resume`: in a pseudo-terminal, from the process start until its first prompt is on the
  screen (a copy of the journal each time: resume pauses the clocks, which writes an entry);
- the floor: a Python process that reads the same journal and `json.loads` every line.

They run interleaved, one of each per round, so a change in the machine's load hits them alike.
Peak memory is each process's own peak resident set size (`ru_maxrss` from `os.wait4`), read by a
small launcher (LAUNCHER): Linux counts a child's peak from its fork, so a child of the benchmark
process itself would report at least the benchmark's own size. MB = 10^6 bytes.

Targets (issue 22), at 100,000 entries: under 1.5 s and under 50 MB for each command; and the cost
of an entry, (time at 100,000 - time at 10,000) / 90,000, within 8x of the floor's.

A quicker run, while working on it: `BENCH_REPLAY_GAMES=open,choice` runs only the games whose
name holds one of those words (any case), and `BENCH_REPLAY_SIZES=2000,10000` builds journals of
those two sizes instead (the verdicts are then against the targets' figures all the same, which
are for 100,000 entries: read them as a comparison, not a verdict). For example:
`BENCH_REPLAY_GAMES=open BENCH_REPLAY_SIZES=2000,10000 .venv/bin/python benchmarks/bench_replay.py --repeat 2`.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from benchlib import Measure, Pty, Report, child_env, fmt, measure, scratch_dir, umpire_exe
from journals import GAMES, build

SMALL, LARGE = (int(n) for n in os.environ.get("BENCH_REPLAY_SIZES", "10000,100000").split(","))
WANTED = [w.strip().casefold() for w in os.environ.get("BENCH_REPLAY_GAMES", "").split(",") if w.strip()]
TIME_TARGET = 1.5  # seconds, at 100,000 entries
MEMORY_TARGET = 50e6  # bytes of peak resident memory, at 100,000 entries
ENTRY_RATIO = 8.0  # an entry's cost within 8x of json.loads of its line

FLOOR = "import json, sys\nwith open(sys.argv[1], 'rb') as f:\n    for line in f:\n        json.loads(line)\n"

# Linux counts a process's peak RSS from its fork: a child of the benchmark process would report at
# least the benchmark's own. So each measured process is started by this small launcher (a bare
# interpreter, ~10 MB, less than any measured process), which waits for it with `os.wait4` and
# writes its wall time, exit status and peak RSS (KiB) to the file named first. With "tty" second,
# the process keeps the launcher's terminal (resume in a pty).
LAUNCHER = """
import json, os, subprocess, sys, time
report, mode, argv = sys.argv[1], sys.argv[2], sys.argv[3:]
t0 = time.perf_counter()
proc = subprocess.Popen(argv, stdin=None if mode == "tty" else subprocess.DEVNULL)
_pid, status, usage = os.wait4(proc.pid, 0)
wall = time.perf_counter() - t0
with open(report, "w") as f:
    json.dump({"wall": wall, "code": os.waitstatus_to_exitcode(status), "maxrss_kib": usage.ru_maxrss}, f)
"""


@dataclass(frozen=True, kw_only=True)
class Run:
    """One process: seconds (whole, or to the first prompt) and its own peak resident memory in bytes."""

    seconds: float
    peak: int


def launched(argv: Sequence[str], *, env: dict[str, str], cwd: Path) -> Run:
    """`argv` to completion through LAUNCHER, output discarded."""
    import subprocess

    with tempfile.NamedTemporaryFile(suffix=".json") as rep, tempfile.TemporaryFile() as err:
        proc = subprocess.run(
            [sys.executable, "-I", "-S", "-c", LAUNCHER, rep.name, "pipe", *argv],
            env=env,
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
            check=False,
        )
        got = json.loads(Path(rep.name).read_text() or "{}")
        if proc.returncode != 0 or got.get("code") != 0:
            err.seek(0)
            raise RuntimeError(f"{' '.join(argv)} exited {got.get('code')}: {err.read().decode(errors='replace')[-500:]}")
        return Run(seconds=float(got["wall"]), peak=int(got["maxrss_kib"]) * 1024)


def resumed(journal: Path, *, env: dict[str, str], cwd: Path, n: int) -> Run:
    """`umpire resume` of a copy of `journal` in a pty: seconds from the start to its first prompt, and its peak memory."""
    copy = cwd / f"resume-{n}.journal.jsonl"
    shutil.copyfile(journal, copy)
    shutil.copyfile(Path(f"{journal}.key"), Path(f"{copy}.key"))
    with tempfile.NamedTemporaryFile(suffix=".json") as rep:
        term = Pty([sys.executable, "-I", "-S", "-c", LAUNCHER, rep.name, "tty", umpire_exe(), "resume", str(copy)], env=env, cwd=cwd)
        try:
            seen = term.wait_for(b"umpire>", timeout=120)
        finally:
            code = term.close(timeout=60)
        got = json.loads(Path(rep.name).read_text() or "{}")
    for leftover in cwd.glob(f"resume-{n}.journal.jsonl*"):
        leftover.unlink()
    if code != 0 or got.get("code") != 0:
        raise RuntimeError(f"umpire resume exited {got.get('code')}")
    return Run(seconds=seen - term.started, peak=int(got["maxrss_kib"]) * 1024)


def _mb(n: float) -> str:
    return f"{n / 1e6:.0f} MB" if n >= 10e6 else f"{n / 1e6:.1f} MB"


COMMANDS = ("`umpire replay`", "`umpire replay --json`", "`umpire verify`", "`umpire resume` to its first prompt")


def variants(journal: Path, env: dict[str, str], tmp: Path, counter: list[int]) -> dict[str, Callable[[], Run]]:
    exe = umpire_exe()

    def next_n() -> int:
        counter[0] += 1
        return counter[0]

    return {
        "floor": lambda: launched([sys.executable, "-c", FLOOR, str(journal)], env=env, cwd=tmp),
        COMMANDS[0]: lambda: launched([exe, "replay", str(journal)], env=env, cwd=tmp),
        COMMANDS[1]: lambda: launched([exe, "replay", "--json", str(journal)], env=env, cwd=tmp),
        COMMANDS[2]: lambda: launched([exe, "verify", str(journal)], env=env, cwd=tmp),
        COMMANDS[3]: lambda: resumed(journal, env=env, cwd=tmp, n=next_n()),
    }


def rounds(vs: dict[str, Callable[[], Run]], runs: int) -> dict[str, list[Run]]:
    """One warm-up of each (it writes the bytecode cache), then `runs` rounds of all of them in turn."""
    for v in vs.values():
        v()
    out: dict[str, list[Run]] = {k: [] for k in vs}
    for _ in range(runs):
        for k, v in vs.items():
            out[k].append(v())
    return out


def run(repeat: int) -> Report:
    """For every game, journals of 10,000 and 100,000 entries; max(2, repeat) rounds of each command at each size."""
    runs = max(2, repeat)
    measures: list[Measure] = []
    rows = [
        f"| game (journal) | command | {SMALL:,} entries | {LARGE:,} entries | peak memory | an entry | against the floor's entry | verdict |",
        "|---|---|---:|---:|---:|---:|---:|---|",
    ]
    compositions = []
    with scratch_dir() as tmp:
        env = child_env(bytecode_cache=tmp / "bytecode", XDG_STATE_HOME=str(tmp / "state"))
        counter = [0]
        for game, _ in GAMES:
            if WANTED and not any(w in game.casefold() for w in WANTED):
                continue
            stem = game.split()[0].strip(",'").lower()
            got: dict[int, dict[str, list[Run]]] = {}
            built = {}
            for size in (SMALL, LARGE):
                path = tmp / f"{stem}-{size}.journal.jsonl"
                t0 = time.perf_counter()
                built[size] = build(game, path, size)
                print(f"  built {path.name} in {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
                got[size] = rounds(variants(path, env, tmp, counter), runs)
            b = built[LARGE]
            compositions.append(
                f"{game}: {b.entries:,} entries, {b.size / 1e6:.1f} MB, {b.player_share:.0%} player input "
                f"({', '.join(f'{v:,} {k}' for k, v in sorted(b.kinds.items(), key=lambda kv: -kv[1]))})"
            )
            floor_entry = _per_entry(got, "floor")
            floor_name = f"floor: {game}, `json.loads` of every line, {LARGE:,} entries"
            measures.append(
                measure(
                    floor_name, [r.seconds for r in got[LARGE]["floor"]], unit="s", note=f"a process; per entry {fmt(floor_entry, 'µs')}"
                )
            )
            for command in COMMANDS:
                large = got[LARGE][command]
                m = measure(
                    f"{game}: {command}, {LARGE:,} entries",
                    [r.seconds for r in large],
                    unit="s",
                    target=TIME_TARGET,
                    note=f"peak {_mb(max(r.peak for r in large))}; {runs} runs",
                    floor=floor_name,
                    paired=True,
                )
                measures.append(m)
                entry = _per_entry(got, command)
                peak = max(r.peak for r in large)
                ratio = entry / floor_entry
                verdict = ", ".join(
                    [
                        "time pass" if m["median"] <= TIME_TARGET else "time **FAIL**",
                        "memory pass" if peak <= MEMORY_TARGET else "memory **FAIL**",
                        "entry pass" if ratio <= ENTRY_RATIO else "entry **FAIL**",
                    ]
                )
                small = statistics.median(r.seconds for r in got[SMALL][command])
                rows.append(
                    f"| {game} ({b.size / 1e6:.0f} MB) | {command} | {small:.2f} s | {m['median']:.2f} s | {_mb(peak)} | "
                    f"{fmt(entry, 'µs')} | {ratio:.1f}x | {verdict} |"
                )
    notes = [
        "The journals (benchmarks/journals.py): " + "; ".join(compositions) + ".",
        f"Replay at scale (medians; an entry: (time at {LARGE:,} - time at {SMALL:,}) / {LARGE - SMALL:,}; the floor reads the same "
        f"journal and `json.loads` every line; peak memory is the process's own, the largest of the runs at {LARGE:,}):\n\n"
        + "\n".join(rows),
    ]
    return Report(measures=measures, notes=notes)


def _per_entry(got: dict[int, dict[str, list[Run]]], what: str) -> float:
    """Seconds an entry: the rise in median time from SMALL to LARGE entries (10,000 to 100,000), over the entries between."""
    small = statistics.median(r.seconds for r in got[SMALL][what])
    large = statistics.median(r.seconds for r in got[LARGE][what])
    return (large - small) / (LARGE - SMALL)


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "replay", *sys.argv[1:]]))
