"""The engine's cost per command: `Session.feed(line)` with a journal (each entry fsync'd) and without,
and the pure rules (`rules.apply`) with the line already read into a command.

Every line of a full Death Match is fed in order, in a fresh session each round; the samples are
grouped by what the line is: a placement, a claim, or `done` (which judges the claims and announces
the turn with the board).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from benchlib import Report, dm_script, load_scenario, measure, per_call, scratch_dir

KINDS = ("place", "claim", "done")


def feed_samples(tmp: Path | None, rounds: int) -> dict[str, list[float]]:
    """Seconds per `Session.feed` call by kind; with `tmp`, each round journals to a new file there."""
    from umpire.session import Session

    script = dm_script()
    out: dict[str, list[float]] = {k: [] for k in KINDS}
    for r in range(rounds):
        path = None if tmp is None else tmp / f"feed-{r}.journal.jsonl"
        session = Session.create(load_scenario(), journal_path=path, seed="20261121", salt="bench")
        for line in script:
            t0 = time.perf_counter()
            outs = session.feed(line.text)
            dt = time.perf_counter() - t0
            assert not any(o.kind == "refusal" for o in outs), line.text
            if line.kind in out:
                out[line.kind].append(dt)
        if session.writer is not None:
            session.writer.close()
    return out


def apply_cases() -> dict[str, list[tuple[Any, Any, int]]]:
    """(state, command, now) for every placement, claim and `done` of the scripted Death Match."""
    from umpire.games.haptactoe import commands
    from umpire.session import Session

    session = Session.create(load_scenario(), journal_path=None, seed="20261121", salt="bench")
    cases: dict[str, list[tuple[Any, Any, int]]] = {k: [] for k in KINDS}
    for line in dm_script():
        if line.kind in cases:
            who, text = line.text.split(":", 1)
            seat = session.scenario.roster.resolve(who).seat
            cases[line.kind].append((session.state, commands.parse(session.state, seat, text.strip(), session._resolve), session.now))
        session.feed(line.text)
    return cases


def run(repeat: int) -> Report:
    """Feed: max(2, repeat // 4) Death Matches each way. apply: `repeat` samples per kind."""
    from umpire.games.haptactoe import rules

    rounds = max(2, repeat // 4)
    with scratch_dir() as tmp:
        journaled = feed_samples(tmp, rounds)
    bare = feed_samples(None, rounds)
    measures = []
    for kind in KINDS:
        measures.append(
            measure(f"`Session.feed`, {kind}, journal fsync'd", journaled[kind], unit="ms", note=f"{len(journaled[kind])} calls")
        )
    for kind in KINDS:
        measures.append(measure(f"`Session.feed`, {kind}, no journal", bare[kind], unit="µs", note=f"{len(bare[kind])} calls"))
    for kind, cases in apply_cases().items():
        scope = {"apply": rules.apply, "cases": cases}
        per_pass = per_call("for s, c, t in cases: apply(s, c, t)", repeat, scope=scope, budget=0.05)
        measures.append(
            measure(
                f"`rules.apply`, {kind}",
                [p / len(cases) for p in per_pass],
                unit="µs",
                note=f"mean over the DM's {len(cases)} {kind}s; {repeat} samples",
            )
        )
    return Report(measures=measures, notes=[])


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "feed", *sys.argv[1:]]))
