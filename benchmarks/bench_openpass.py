"""Open, Pass — Heaven and Hell: resolving a deck-building round, and scoring rows.

* `rules.close_round` on the bundled 13-player scenario: every player with a random bid (up to two
  different packs; seeded), so the round's tally, gains and pity draws are all made. Target: well
  under 1 ms a round.
* `arith.read_row` on 10,000 random rows of 0-10 cards (seeded): the reading and the exact score.
  Target: well under 1 ms a row.
* For information: `Session.feed` per line over the whole-match transcript
  (tests/transcripts/open-pass-match.script), no journal.

Run on its own: `.venv/bin/python benchmarks/bench_openpass.py [--quick | --repeat N]`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchlib import ROOT, Report, load_scenario, measure, per_call

CARDS = "0123456789+-x/"
ROWS = 10_000


def building_states(n: int) -> list[Any]:
    """`n` states of round 1 with every one of the 13 players bidding at random (seeded), each bid
    sealed as the rules seal it (a `Bid` applied), so the states are ones a match can reach."""
    from umpire.games.openpass import rules
    from umpire.games.openpass.commands import Bid, Start
    from umpire.session import Session

    session = Session.create(load_scenario("open-pass-heaven-hell"), journal_path=None, seed="2002", salt="bench")
    start, _ = rules.apply(session.state, Start(), 0)
    rng = random.Random(20261121)
    states = []
    for _ in range(n):
        state = start
        for seat in range(len(start.players)):
            state, _ = rules.apply(state, Bid(seat=seat, packs=tuple(rng.sample(range(1, 7), rng.randint(0, 2)))), 0)
        states.append(state)
    return states


def random_rows(n: int) -> list[list[str]]:
    rng = random.Random(20261121)
    return [[rng.choice(CARDS) for _ in range(rng.randint(0, 10))] for _ in range(n)]


def transcript_lines() -> list[str]:
    path = ROOT / "tests" / "transcripts" / "open-pass-match.script"
    return [line for line in path.read_text(encoding="utf-8").split("\n") if line.strip() and not line.startswith("#")]


def feed_samples(rounds: int) -> list[float]:
    """Seconds per `Session.feed` over the whole-match transcript, `rounds` times (fresh session each)."""
    from umpire.session import Session, derive_salt

    sc = load_scenario("open-pass-heaven-hell")
    lines = transcript_lines()
    out: list[float] = []
    for _ in range(rounds):
        session = Session.create(sc, journal_path=None, seed="2002", salt=derive_salt("2002"))
        for line in lines:
            t0 = time.perf_counter()
            session.feed(line)
            out.append(time.perf_counter() - t0)
        assert session.final()["over"], "the transcript did not finish the match"
    return out


def run(repeat: int) -> Report:
    """`repeat` samples of each micro-benchmark; max(2, repeat // 4) passes over the transcript."""
    from umpire.core.arith import read_row
    from umpire.games.openpass import rules
    from umpire.games.openpass.events import RoundClosed

    states = building_states(50)
    gained = sum(e.gainers for s in states for e in rules.close_round(s, 0)[1] if isinstance(e, RoundClosed))
    close = per_call("for s in states: close_round(s, 0)", repeat, scope={"close_round": rules.close_round, "states": states})
    rows = random_rows(ROWS)
    scored = per_call("for r in rows: read_row(r)", repeat, scope={"read_row": read_row, "rows": rows}, budget=0.2)
    feed = feed_samples(max(2, repeat // 4))
    return Report(
        measures=[
            measure(
                "`rules.close_round`, 13 players",
                [t / len(states) for t in close],
                unit="µs",
                target=1e-3,
                note=f"mean over {len(states)} rounds of random bids ({gained / len(states):.1f} players gain a pack a round; the rest draw pity cards)",
            ),
            measure(
                "`arith.read_row`, one row",
                [t / len(rows) for t in scored],
                unit="µs",
                target=1e-3,
                note=f"mean over {ROWS:,} random rows of 0-10 cards",
            ),
            measure(
                "`Session.feed`, Open, Pass match, per line",
                feed,
                unit="µs",
                note=f"{len(feed)} calls: the {len(transcript_lines())} lines of open-pass-match.script, no journal",
            ),
        ],
        notes=[],
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Open, Pass benchmarks; prints a Markdown table.")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--repeat", type=int, default=0, help="samples per measure (default 15, --quick 5)")
    args = parser.parse_args(argv)
    from run import table

    report = run(args.repeat or (5 if args.quick else 15))
    print(table(report["measures"]))
    for note in report["notes"]:
        print(f"\n{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
