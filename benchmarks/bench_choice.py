"""The Choice is Yours: the match engine per command, replay of a whole match, and generation.

* `rules.apply` for each kind of accepted command of the whole-match transcript
  (tests/transcripts/choice-match.script): `gs`, `buy`, `hap`/`ihap`, `gyul`, `expr`/`iexpr`, the
  state before each taken from a live run. Target: under 50 µs a command; the hap and expr calls are
  the "hap or expr check" of the Gyul Hap/Expressions target (under 50 µs).
* `Session.feed` per line of the same transcript, no journal (for information).
* Replay of the whole match from its journal (`Session.load`). Target: under 100 ms.
* Generating a match's 50 Gyul Hap boards and 10 Expressions sets from a new seed, caches
  cleared first. Target: under 200 ms.

Run on its own: `.venv/bin/python benchmarks/bench_choice.py [--quick | --repeat N]`.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchlib import ROOT, Report, load_scenario, measure, per_call

from tests.seeds import test_seed

SCRIPT = ROOT / "tests" / "transcripts" / "choice-match.script"


def script_lines() -> list[str]:
    return SCRIPT.read_text(encoding="utf-8").split("\n")


def new_session(journal: Path | None = None) -> Any:
    from umpire.session import Session, derive_salt

    sc = load_scenario("choice-is-yours")
    seed = test_seed(sc)
    return Session.create(sc, journal_path=journal, seed=seed, salt=derive_salt(seed))


def accepted_commands() -> dict[str, list[tuple[Any, Any, int]]]:
    """(state before, command, time) of every accepted player command of the transcript, by kind."""
    from umpire.games.choice import commands

    kinds = {commands.GsPlay: "gs", commands.Buy: "buy", commands.HapCall: "hap", commands.GyulCall: "gyul", commands.ExprCall: "expr"}
    s = new_session()
    game = s.scenario.game
    out: dict[str, list[tuple[Any, Any, int]]] = {k: [] for k in kinds.values()}
    for line in script_lines():
        text = line.split(":", 1)[1].strip() if line[:1] == "p" and ":" in line else None
        if text is not None:
            seat = s.scenario.roster.resolve(line.split(":", 1)[0].strip()).seat
            try:
                cmd = game.parse(s.state, seat, text, s._resolve)
                if game.why_not(s.state, seat, cmd) is not None:  # not now: the session refuses it before `apply`
                    raise ValueError(cmd)
                game.apply(s.state, cmd, s.now)
            except Exception:
                cmd = None
            if cmd is not None and type(cmd) in kinds:
                out[kinds[type(cmd)]].append((s.state, cmd, s.now))
        s.feed(line)
    assert s.final()["over"], "the transcript did not finish the match"
    return out


def feed_samples(rounds: int) -> list[float]:
    out: list[float] = []
    for _ in range(rounds):
        s = new_session()
        for line in script_lines():
            t0 = time.perf_counter()
            s.feed(line)
            out.append(time.perf_counter() - t0)
    return out


def replay_samples(repeat: int) -> tuple[list[float], int]:
    from umpire.session import Session

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "match.journal.jsonl"
        s = new_session(path)
        for line in script_lines():
            s.feed(line)
        assert s.writer is not None
        s.writer.close()
        entries = s.entries
        samples = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            loaded, _, _ = Session.load(path, reopen=False)
            samples.append(time.perf_counter() - t0)
            assert loaded.final() == s.final()
    return samples, entries


def generation_samples(repeat: int) -> list[float]:
    from umpire.games.choice import expressions, gyul

    out = []
    for i in range(repeat):
        gyul.boards.cache_clear()
        expressions.puzzle_sets.cache_clear()
        expressions.table.cache_clear()
        seed = f"bench-{i}"
        t0 = time.perf_counter()
        gyul.boards(seed, 50, 1, 6)
        expressions.puzzle_sets(seed, 10, 5, 3, 999)
        out.append(time.perf_counter() - t0)
    return out


def run(repeat: int) -> Report:
    """`repeat` samples of each micro-benchmark and of the replay; max(2, repeat // 4) passes over the transcript."""
    from umpire.games.choice import rules

    commands = accepted_commands()
    measures = []
    for kind, cases in commands.items():
        if not cases:
            continue
        samples = per_call(
            "for st, cmd, now in cases: apply(st, cmd, now)",
            repeat,
            scope={"apply": rules.apply, "cases": cases},
        )
        measures.append(
            measure(
                f"`rules.apply`, {kind}",
                [t / len(cases) for t in samples],
                unit="µs",
                target=50e-6,
                note=f"mean over the transcript's {len(cases)} accepted {kind} commands",
            )
        )
    feed = feed_samples(max(2, repeat // 4))
    measures.append(measure("`Session.feed`, whole match, per line", feed, unit="µs", note=f"{len(feed)} calls, no journal"))
    replay, entries = replay_samples(repeat)
    measures.append(measure("replay of the whole match (`Session.load`)", replay, unit="ms", target=0.1, note=f"{entries} journal entries"))
    gen = generation_samples(repeat)
    measures.append(
        measure("50 Gyul Hap boards + 10 Expressions sets", gen, unit="ms", target=0.2, note="a new seed each sample, caches cleared")
    )
    return Report(measures=measures, notes=[])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The Choice is Yours benchmarks; prints a Markdown table.")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--repeat", type=int, default=0, help="samples per measure (default 15, --quick 5)")
    args = parser.parse_args(argv)
    from run import table

    report = run(args.repeat or (5 if args.quick else 15))
    print(table(report["measures"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
