"""Every view of every game on screen, in every phase, along each game's whole transcript (issue 22).

The walk is bench_phases.py's: each game's transcript script fed line by line through a `Session`
without a journal, seeded as the transcript tests seed it. Before each line a host would type, every
view of the game that takes no words after its name (`status`, `board`, `outbox`…) is measured where
the session stands, two ways:

- on screen: `Shell.handle(view)` as the REPL runs it, printing to a 256-colour console 120 columns
  wide that writes to memory (the view built, put into text, written): what the host waits for;
- the floor: `session.feed(view)`, the view built and returned as an output, nothing printed.

A view changes nothing, so both run on the walk's own session. Target: every view's median on
screen under 2 ms in every phase of every game.

Also The Choice is Yours' `puzzles` view the first time each Expressions set is shown (target
1 ms): as a process finds it (the set's puzzles were drawn, and counted, when the set opened), and
with every cache of the puzzles' solutions emptied first (the worst case).
"""

from __future__ import annotations

import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from bench_phases import GAMES, new_session, phase_reader, script_lines, typed  # noqa: E402 - after the path is set
from benchlib import ROOT, Measure, Report, fmt, measure, quiet_console  # noqa: E402

REPEAT = (5, 2)  # walks of every script: full run, --quick
TARGET = 2e-3
FIRST_TARGET = 1e-3


@dataclass(kw_only=True)
class Samples:
    """Seconds per showing, by (phase, view): on screen and the floor."""

    screen: dict[tuple[str, str], list[float]] = field(default_factory=dict)
    floor: dict[tuple[str, str], list[float]] = field(default_factory=dict)
    first: list[float] = field(default_factory=list)  # Choice puzzles, the first showing of a set
    first_cold: list[float] = field(default_factory=list)  # the same with every solutions cache emptied


def views_of(session: Any) -> list[str]:
    """The game's views that take no words, and the outbox."""
    return [v.name for v in session.game.views() if not v.takes_args] + ["outbox"]


def show_once(session: Any, view: str) -> float:
    """Seconds for the REPL to judge and print `view` (a shell made for this showing, its clock stopped)."""
    from umpire.repl.shell import Shell

    now = session.now
    shell = Shell(session, quiet_console(), lambda: now / 1000)
    t0 = time.perf_counter()
    shell.handle(view)
    return time.perf_counter() - t0


def feed_once(session: Any, view: str) -> float:
    t0 = time.perf_counter()
    outs = session.feed(view)
    dt = time.perf_counter() - t0
    if any(o.kind == "refusal" for o in outs):
        raise RuntimeError(f"the view {view!r} was refused: {outs[0].text}")
    return dt


def walk(game: str, script: Path, into: Samples) -> None:
    session, lines = new_session(script)
    read_phase = phase_reader(game)
    names = views_of(session)
    seen_sets: set[int] = set()
    for lineno, raw in script_lines(lines):
        if typed(raw):
            phase = read_phase(session, raw.strip())
            if game == "The Choice is Yours":
                _first_puzzles(session, seen_sets, into)
            for view in names:
                into.floor.setdefault((phase, view), []).append(feed_once(session, view))
                into.screen.setdefault((phase, view), []).append(show_once(session, view))
        session.feed(raw, lineno=lineno)


def _first_puzzles(session: Any, seen: set[int], into: Samples) -> None:
    """The puzzles view the first time a set is shown: as the process finds it, then with the caches emptied."""
    from umpire.games.choice import expressions

    expr = getattr(session.state, "expr", None)
    if expr is None or expr.number in seen:
        return
    seen.add(expr.number)
    into.first.append(show_once(session, "puzzles"))
    expressions.table.cache_clear()
    expressions._prefix_counts.cache_clear()
    into.first_cold.append(show_once(session, "puzzles"))


def run(repeat: int) -> Report:
    """`repeat` walks of every game's script."""
    walks = max(1, repeat)
    measures: list[Measure] = []
    rows = [
        "| game | phase | view | lines | on screen: median (p90) | the floor: `Session.feed` | verdict (< 2 ms) |",
        "|---|---|---|---:|---:|---:|:---:|",
    ]
    worst: tuple[float, str] = (0.0, "")
    first = Samples()
    for game, name in GAMES:
        script = ROOT / "tests" / "transcripts" / name
        s = Samples()
        for _ in range(walks):
            walk(game, script, s)
        first.first += s.first
        first.first_cold += s.first_cold
        for (phase, view), samples in s.screen.items():
            floor_name = f"floor: {game} · {phase} · `{view}` in `Session.feed`"
            fm = measure(floor_name, s.floor[(phase, view)], unit="µs", note="built, not printed")
            m = measure(
                f"{game} · {phase} · `{view}` on screen",
                samples,
                unit="ms",
                target=TARGET,
                note=f"`Shell.handle`, {len(samples) // walks} lines × {walks} walks",
                floor=floor_name,
            )
            measures += [fm, m]
            ok = "pass" if m["median"] < TARGET else "**FAIL**"
            rows.append(
                f"| {game} | {phase} | `{view}` | {len(samples) // walks} | {fmt(m['median'], 'ms')} ({fmt(m['p90'], 'ms')}) | "
                f"{fmt(fm['median'], 'µs')} | {ok} |"
            )
            worst = max(worst, (m["median"], f"{game} · {phase} · `{view}`"))
    if first.first:
        measures.append(
            measure(
                "The Choice is Yours: `puzzles`, the first showing of a set",
                first.first,
                unit="ms",
                target=FIRST_TARGET,
                note="`Shell.handle`, the caches as the process has them when the set is first shown",
            )
        )
        measures.append(
            measure(
                "The Choice is Yours: `puzzles`, first showing, every solutions cache emptied",
                first.first_cold,
                unit="ms",
                target=FIRST_TARGET,
                note="the worst case: the puzzles' solution counts worked out from nothing",
            )
        )
    every = [x for m in measures if m["name"].endswith("on screen") for x in m["samples"]]
    notes = [
        "Every view on screen, by game and phase (medians; the floor is the same view built by `Session.feed`, not printed):\n\n"
        + "\n".join(rows),
        f"The slowest view on screen (median): {worst[1]}, {fmt(worst[0], 'ms')}; of {len(every):,} showings, "
        f"{sum(x >= TARGET for x in every)} took 2 ms or more (median of all {fmt(statistics.median(every), 'ms')}).",
    ]
    return Report(measures=measures, notes=notes)


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "views", *sys.argv[1:]]))
