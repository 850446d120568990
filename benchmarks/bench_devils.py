"""Devil's Deal: comparing two hands (target < 20 µs), the best division of 12 cards (target < 100 ms),
building the ranking table once, and a whole scripted Death Match through `Session.feed`.

    .venv/bin/python benchmarks/bench_devils.py            # prints a Markdown table
    .venv/bin/python benchmarks/bench_devils.py --quick    # fewer repetitions
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from tests.seeds import test_seed
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from benchlib import ROOT, Report, fmt, measure, per_call  # noqa: E402 - after the path is set

COMPARE_TARGET = 20e-6
DIVISION_TARGET = 0.100
OFFERS = 60  # fixed random 12-card refills, the same every run


def _offers() -> list[tuple[int, ...]]:
    rng = random.Random(3115)
    out = [tuple(rng.sample(range(27), 12)) for _ in range(OFFERS - 4)]
    # Hard cases: many small numbers (many subsets per sum), and every card of three numbers.
    from umpire.games.devilsdeal.cards import read

    for text in (
        "R1 G1 B1 R2 G2 B2 R3 G3 B3 R4 G4 B4",
        "R1 G1 B1 R2 G2 B2 R8 G8 B8 R9 G9 B9",
        "R9 G9 B9 R8 G8 B8 R7 G7 B7 R6 G6 B6",
        "G5 B3 R3 R7 B6 G1 G2 G8 B5 R2 B9 G6",  # the card's example
    ):
        out.append(tuple(read(w) for w in text.split()))
    return out


def run(repeat: int) -> Report:
    """`repeat` samples of each measure; the inputs are fixed (seeded), so runs compare."""
    from umpire.games.devilsdeal import hands
    from umpire.scenario import load
    from umpire.session import Session, derive_salt

    # Building the 27^3 ranking table happens once per process (lru_cache); time it cold.
    builds = []
    for _ in range(max(3, repeat // 3)):
        hands.table.cache_clear()
        t0 = time.perf_counter()
        hands.table()
        builds.append(time.perf_counter() - t0)

    pairs = [(hands.hand("R5 G5 B5"), hands.hand("R4 G5 B6")), (hands.hand("R7 G7 B9"), hands.hand("G7 B7 R4"))]
    a, b = pairs[1]
    compare = per_call("compare(a, b)", repeat, scope={"compare": hands.compare, "a": a, "b": b})
    floor = per_call("compare; a; b", repeat, scope={"compare": hands.compare, "a": a, "b": b})
    describe = per_call("describe(a)", repeat, scope={"describe": hands.describe, "a": a})
    why = per_call("why(a, b)", repeat, scope={"why": hands.why, "a": a, "b": b})

    offers = _offers()
    per_offer: list[float] = []
    taken: list[int] = []
    for _ in range(max(1, repeat // 5)):
        for o in offers:
            t0 = time.perf_counter()
            best = hands.best_division(o)
            per_offer.append(time.perf_counter() - t0)
            taken.append(0 if best is None else len(best.taken(o)))

    script = (ROOT / "tests" / "transcripts" / "devils-deal.script").read_text(encoding="utf-8").split("\n")
    sc = load(ROOT / "scenarios" / "devils-deal.toml")
    seed = test_seed(sc)
    per_line: list[float] = []
    lines = 0
    for _ in range(max(3, repeat // 2)):
        session = Session.create(sc, journal_path=None, seed=seed, salt=derive_salt(seed))
        t0 = time.perf_counter()
        for line in script:
            session.feed(line)
        per_line.append((time.perf_counter() - t0) / len(script))
        lines = len(script)
        assert session.state.over

    return Report(
        measures=[
            measure("`hands.compare`, two hands", compare, unit="µs", target=COMPARE_TARGET, note="one call (two table lookups)"),
            measure("`hands.describe`, one hand", describe, unit="µs", note="e.g. “pair of 7s”"),
            measure("`hands.why`, two hands", why, unit="µs", note="the reason one beats the other"),
            measure("`hands.table()`, cold", builds, unit="ms", note="the 27x27x27 ranking table, built once per process"),
            measure(
                "`hands.best_division`, 12 cards",
                per_offer,
                unit="ms",
                target=DIVISION_TARGET,
                note=f"each of {len(offers)} fixed refills (incl. 3 adversarial ones and the card's example); mean taken {sum(taken) / len(taken):.1f}",
            ),
            measure(
                "`Session.feed`, a whole DM script", per_line, unit="µs", note=f"mean per line over the {lines}-line transcript, no journal"
            ),
        ],
        notes=[
            f"`compare` times include timeit's loop and the name lookups, {sorted(floor)[len(floor) // 2] * 1e9:.0f} ns (`compare; a; b`)."
        ],
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Devil's Deal benchmarks; prints a Markdown table.")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--repeat", type=int, default=0, help="repetitions (default 15, --quick 5)")
    args = parser.parse_args(argv)
    repeat = args.repeat or (5 if args.quick else 15)
    report = run(repeat)
    print("| measure | target | median | p90 / max | n | result | how |")
    print("|---|---:|---:|---:|---:|:---:|---|")
    failed = []
    for m in report["measures"]:
        target = f"< {fmt(m['target'], m['unit'])}" if m["target"] is not None else "—"
        verdict = "info" if m["target"] is None else ("pass" if m["median"] <= m["target"] else "**FAIL**")
        if verdict == "**FAIL**":
            failed.append(m["name"])
        spread = f"{fmt(m['p90'], m['unit'])} / {fmt(m['max'], m['unit'])}"
        print(f"| {m['name']} | {target} | {fmt(m['median'], m['unit'])} | {spread} | {len(m['samples'])} | {verdict} | {m['note']} |")
    for note in report["notes"]:
        print(f"\n{note}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
