"""Hap logic: one `is_hap` call, every hap among 9 tiles, every line hap on a full 5x5 board."""

from __future__ import annotations

import dataclasses
import random
import statistics
import sys

from benchlib import Report, load_scenario, measure, per_call


def run(repeat: int) -> Report:
    """`repeat` samples of each; the inputs are fixed (seeded), so runs compare."""
    from umpire.core import hap
    from umpire.games.haptactoe import rules
    from umpire.games.haptactoe.state import State
    from umpire.session import Session

    rng = random.Random(20261121)
    hap_triple = (hap.piece(0, 0, 0), hap.piece(0, 1, 2), hap.piece(0, 2, 1))
    miss_triple = (hap.piece(0, 0, 0), hap.piece(0, 1, 2), hap.piece(1, 2, 1))
    assert hap.is_hap(*hap_triple) and not hap.is_hap(*miss_triple)
    pools = [rng.sample(range(27), 9) for _ in range(200)]

    session = Session.create(load_scenario(), journal_path=None, seed="20261121", salt="bench")
    start = session.state
    assert isinstance(start, State)
    boards = [dataclasses.replace(start, board=tuple(rng.sample(range(27), 25))) for _ in range(50)]
    found = sum(len(rules.line_haps(b)) for b in boards) / len(boards)

    is_hap_hit = per_call(
        "is_hap(a, b, c)", repeat, scope={"is_hap": hap.is_hap, "a": hap_triple[0], "b": hap_triple[1], "c": hap_triple[2]}
    )
    is_hap_miss = per_call(
        "is_hap(a, b, c)", repeat, scope={"is_hap": hap.is_hap, "a": miss_triple[0], "b": miss_triple[1], "c": miss_triple[2]}
    )
    floor = per_call("is_hap; a; b; c", repeat, scope={"is_hap": hap.is_hap, "a": 0, "b": 1, "c": 2})
    among = per_call("for p in pools: haps_among(p)", repeat, scope={"haps_among": hap.haps_among, "pools": pools})
    lines = per_call("for b in boards: line_haps(b)", repeat, scope={"line_haps": rules.line_haps, "boards": boards})
    return Report(
        measures=[
            measure("`hap.is_hap`, a hap", is_hap_hit, unit="µs", note="one call (DESIGN.md: ~0.06 µs with the table)"),
            measure("`hap.is_hap`, not a hap", is_hap_miss, unit="µs", note="one call"),
            measure(
                "`hap.haps_among`, 9 tiles",
                [t / len(pools) for t in among],
                unit="µs",
                note=f"mean over {len(pools)} random 9-tile sets (DESIGN.md: ~3–10 µs)",
            ),
            measure(
                "`rules.line_haps`, full 5x5 board",
                [t / len(boards) for t in lines],
                unit="µs",
                note=f"mean over {len(boards)} random full boards, {found:.1f} line haps each (DESIGN.md: ~11–16 µs)",
            ),
        ],
        notes=[
            f"`is_hap` times include timeit's loop and the four name lookups, {statistics.median(floor) * 1e9:.0f} ns "
            "(`is_hap; a; b; c` timed the same way)."
        ],
    )


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "hap", *sys.argv[1:]]))
