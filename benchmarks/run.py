"""Run umpire's benchmarks and print a Markdown table of the results.

    .venv/bin/python benchmarks/run.py            # full run (a few minutes)
    .venv/bin/python benchmarks/run.py --quick    # fewer repetitions (one to two minutes)
    .venv/bin/python benchmarks/run.py --only help,check --json results.json

Each `bench_*.py` module beside this file has `run(repeat) -> Report`; see benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import os
import platform
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from benchlib import Measure, Report, fmt, ratio_ci  # noqa: E402 - after the path is set

# name -> (module, repetitions for a full run, for --quick). Any other bench_*.py beside this file
# is run too, after these, with its REPEAT = (full, quick) if it has one, else (15, 5).
KNOWN: dict[str, tuple[str, int, int]] = {
    "help": ("bench_help", 20, 5),
    "check": ("bench_check", 20, 5),
    "repl_prompt": ("bench_repl_prompt", 15, 5),
    "repl_roundtrip": ("bench_repl_roundtrip", 20, 5),
    "feed": ("bench_feed", 20, 5),
    "replay": ("bench_replay", 3, 2),
    "hap": ("bench_hap", 15, 5),
    "imports": ("bench_imports", 20, 3),
    "phases": ("bench_phases", 10, 3),
    "views": ("bench_views", 5, 2),
}


def discover() -> dict[str, tuple[str, int, int]]:
    """The known benchmarks, then every other `bench_*.py` here in name order."""
    found = dict(KNOWN)
    known_modules = {module for module, _, _ in KNOWN.values()}
    for path in sorted(HERE.glob("bench_*.py")):
        if path.stem not in known_modules:
            found[path.stem.removeprefix("bench_")] = (path.stem, 0, 0)
    return found


def repetitions(module: str, full: int, quick: int, *, is_quick: bool) -> int:
    """The repetitions for a benchmark: ours from KNOWN, another module's from its REPEAT."""
    if not full:
        full, quick = getattr(importlib.import_module(module), "REPEAT", (15, 5))
    return quick if is_quick else full


def machine() -> dict[str, str]:
    """What the numbers were measured on."""
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = "?"
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                break
    except OSError:
        pass
    os_name = platform.platform()
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                os_name = f"{line.split('=', 1)[1].strip(chr(34))} (kernel {platform.release()})"
    except OSError:
        pass
    try:
        load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        load = "?"
    return {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "umpire": revision(),
        "cpus": str(os.cpu_count()),
        "cpu": cpu,
        "memory": mem,
        "python": f"{platform.python_implementation()} {platform.python_version()} ({sys.executable})",
        "os": os_name,
        "PYTHONDONTWRITEBYTECODE": os.environ.get("PYTHONDONTWRITEBYTECODE", "(unset)"),
        "load average at start": load,
    }


def cpu_busy(interval: float = 0.5) -> float:
    """The fraction of all CPUs busy over `interval` seconds (from /proc/stat); 0.0 where unknown."""

    def snap() -> tuple[int, int]:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
        return sum(fields), idle

    try:
        total0, idle0 = snap()
        time.sleep(interval)
        total1, idle1 = snap()
    except (OSError, ValueError, IndexError):
        return 0.0
    return 1.0 - (idle1 - idle0) / max(1, total1 - total0)


def settle(max_wait: float, quiet: float = 0.25) -> float:
    """Wait (up to `max_wait` s) until other processes leave the CPUs mostly idle; returns the last busy fraction."""
    deadline = time.perf_counter() + max_wait
    busy = cpu_busy()
    while busy > quiet and time.perf_counter() < deadline:
        time.sleep(2.0)
        busy = cpu_busy()
    return busy


def revision() -> str:
    """The checkout's commit, and whether umpire/ has uncommitted changes (read-only git commands)."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "umpire"], cwd=HERE.parent, capture_output=True, text=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return f"commit {head}" + (" + uncommitted changes in umpire/" if dirty.strip() else "")


def against_floor(m: Measure, by_name: dict[str, Measure]) -> tuple[float, float, float] | None:
    """The row's median over its floor's, with a 95 % confidence interval (None: no floor in this run)."""
    floor = by_name.get(m.get("floor", ""))
    if floor is None:
        return None
    return ratio_ci(m["samples"], floor["samples"], paired=bool(m.get("paired")))


def verdict(m: Measure, by_name: dict[str, Measure] | None = None) -> str:
    """ "pass" when the median is within the target and the ratio to the floor within its target; "pass, p90 over"
    flags a slow tail. A ratio is judged by its 95 % confidence interval: wholly within the target is a pass,
    wholly over it a FAIL, and an interval across it "undecided" (more rounds would be needed), never a verdict
    that the next run could flip."""
    out = []
    if m["target"] is not None:
        if m["median"] > m["target"]:
            out.append("**FAIL**")
        else:
            out.append("pass, p90 over" if m["p90"] > m["target"] else "pass")
    found = against_floor(m, by_name or {}) if "ratio" in m else None
    if found is not None:
        _, lo, hi = found
        out.append("pass" if hi <= m["ratio"] else "**FAIL**" if lo > m["ratio"] else "undecided")
    if not out:
        return "info"
    if "**FAIL**" in out:
        return "**FAIL**"
    if "undecided" in out:
        return "undecided"
    return "pass, p90 over" if "pass, p90 over" in out else "pass"


def table(measures: Sequence[Measure]) -> str:
    """The results as a Markdown table: the median, the spread (10th to 90th percentile, and the slowest), and
    for a row measured against a floor in the same run, the ratio with its 95 % confidence interval."""
    by_name = {m["name"]: m for m in measures}
    rows = [
        "| measure | target | median | p10–p90 (max) | n | against the floor | result | how |",
        "|---|---:|---:|---:|---:|---:|:---:|---|",
    ]
    for m in measures:
        target = f"< {fmt(m['target'], m['unit'])}" if m["target"] is not None else ""
        if "ratio" in m:
            target = f"{target}; " if target else ""
            target += f"≤ {m['ratio']:g}x"
        spread = f"{fmt(m['p10'], m['unit'])}–{fmt(m['p90'], m['unit'])} ({fmt(m['max'], m['unit'])})"
        found = against_floor(m, by_name)
        vs = f"{found[0]:.2f}x ({found[1]:.2f}–{found[2]:.2f})" if found is not None else "—"
        rows.append(
            f"| {m['name']} | {target or '—'} | {fmt(m['median'], m['unit'])} | {spread} | {len(m['samples'])} | {vs} | "
            f"{verdict(m, by_name)} | {m['note']} |"
        )
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run umpire's benchmarks; prints a Markdown report.")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--repeat", type=int, default=0, help="repetitions for every benchmark (overrides the defaults)")
    benches = discover()
    parser.add_argument("--only", default="", help=f"comma-separated subset of: {', '.join(benches)}")
    parser.add_argument("--json", type=Path, help="also write every sample and the machine to this JSON file")
    parser.add_argument(
        "--settle",
        type=float,
        default=30.0,
        help="before each benchmark, wait up to this many seconds for the CPUs to be mostly idle (default 30; 0: do not wait)",
    )
    args = parser.parse_args(argv)

    names = [n.strip() for n in args.only.split(",") if n.strip()] or list(benches)
    unknown = [n for n in names if n not in benches]
    if unknown:
        parser.error(f"unknown benchmark(s) {', '.join(unknown)}; choose from {', '.join(benches)}")

    info = machine()
    measures: list[Measure] = []
    notes: list[str] = []
    failed: list[str] = []
    busy: list[str] = []
    started = time.perf_counter()
    for name in names:
        module, full, quick = benches[name]
        if args.settle > 0:
            busy.append(f"{name} {settle(args.settle):.0%}")
        try:
            repeat = args.repeat or repetitions(module, full, quick, is_quick=args.quick)
            print(f"[{time.perf_counter() - started:6.1f} s] {name} (repeat {repeat}) …", file=sys.stderr, flush=True)
            report: Report = importlib.import_module(module).run(repeat)
        except Exception as exc:  # one broken benchmark must not hide the others
            failed.append(f"{name}: {type(exc).__name__}: {exc}")
            print(f"  {name} failed: {exc!r}", file=sys.stderr)
            continue
        measures += report["measures"]
        notes += report["notes"]

    print("## Results\n")
    print("\n".join(f"- {k}: {v}" for k, v in info.items()))
    print(f"- mode: {'--quick' if args.quick else 'full'}; total {time.perf_counter() - started:.0f} s")
    if busy:
        print(f"- CPU busy just before each benchmark (other processes): {', '.join(busy)}")
    print()
    print(table(measures))
    for note in notes:
        print(f"\n{note}")
    for f in failed:
        print(f"\n**benchmark error** — {f}")
    if args.json:
        out: dict[str, Any] = {"machine": info, "busy": busy, "measures": measures, "notes": notes, "errors": failed}
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    by_name = {m["name"]: m for m in measures}
    over = [m["name"] for m in measures if verdict(m, by_name) not in ("pass", "info")]
    if over:
        print(f"\nOver target: {', '.join(over)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
