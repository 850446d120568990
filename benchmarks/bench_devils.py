"""Devil's Deal: hand comparison (target < 20 µs) and a hand's standing among the 2,925 hands;
`solve division` for refills of 12, 16, 20 and 27 cards (target < 100 ms each, 27 being the
largest refill a scenario accepts); a host command and the live check per keystroke in the
division, pick and betting steps (target < 1 ms each); and a whole scripted Death Match
through `Session.feed`.

    .venv/bin/python benchmarks/bench_devils.py            # prints a Markdown table
    .venv/bin/python benchmarks/bench_devils.py --quick    # fewer repetitions
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))

from benchlib import ROOT, Measure, Report, fmt, measure, per_call  # noqa: E402 - after the path is set

if TYPE_CHECKING:
    from umpire.session import Session

COMPARE_TARGET = 20e-6
DIVISION_TARGET = 0.100
HOST_TARGET = 1e-3
SIZES = (12, 16, 20, 27)  # 27: the largest refill a scenario accepts (refill_cards maximum)
OFFERS = {12: 60, 16: 40, 20: 40, 27: 20}  # fixed random refills per size, the same every run
HARD_12 = (
    "R1 G1 B1 R2 G2 B2 R3 G3 B3 R4 G4 B4",  # many small numbers: many piles per sum
    "R1 G1 B1 R2 G2 B2 R8 G8 B8 R9 G9 B9",
    "R9 G9 B9 R8 G8 B8 R7 G7 B7 R6 G6 B6",
    "G5 B3 R3 R7 B6 G1 G2 G8 B5 R2 B9 G6",  # the card's example
)
TYPED = "status"  # what the host types, one keystroke at a time, for the live check


def _offers(size: int) -> list[tuple[int, ...]]:
    from umpire.games.devilsdeal.cards import read

    rng = random.Random(3115 + size)
    out = [tuple(rng.sample(range(27), size)) for _ in range(OFFERS[size])]
    if size == 12:
        out += [tuple(read(w) for w in text.split()) for text in HARD_12]
    return out


def _session() -> Session:
    from tests.seeds import test_seed
    from umpire.scenario import load
    from umpire.session import Session, derive_salt

    sc = load(ROOT / "scenarios" / "devils-deal.toml")
    seed = test_seed(sc)
    return Session.create(sc, journal_path=None, seed=seed, salt=derive_salt(seed))


def _feed(session: Session, *lines: str) -> None:
    for line in lines:
        bad = [o for o in session.feed(line) if o.kind == "refusal"]
        if bad:
            raise RuntimeError(f"{line!r} was refused: {bad[0].text}")


def _pick(session: Session, seat: int) -> str:
    from umpire.games.devilsdeal.cards import name

    state = session.state
    pool = [c for c in dict.fromkeys(state.seats[seat].pool) if c != state.community]
    return f"p{seat + 1}: pick {name(pool[0])} {name(pool[1])}"


def _at(step: str) -> Session:
    """A session of the bundled scenario stopped at one step: "division", "pick" or "betting"."""
    s = _session()
    _feed(s, "start", "p2: first p1")
    if step == "division":
        _feed(s, "p1: yes")
        return s
    _feed(s, "p1: no", "p2: no")
    if step == "betting":
        _feed(s, _pick(s, 0), _pick(s, 1))
    return s


def _host_command(repeat: int, step: str) -> tuple[list[float], list[float], list[float]]:
    """Per `pause` + `resume` pair (halved), per `status`, and per live-check keystroke of "status"."""

    s = _at(step)
    pause = [t / 2 for t in per_call(lambda: (s.feed("pause"), s.feed("resume")), repeat)]
    status = per_call(lambda: s.feed("status"), repeat)

    def type_status() -> None:
        for i in range(1, len(TYPED) + 1):
            s.check(TYPED[:i])
        s._live_check = (None, None, None)  # forget the last answer, so each round checks again

    keys = [t / len(TYPED) for t in per_call(type_status, repeat)]
    return pause, status, keys


def _division_view(repeat: int) -> tuple[list[float], list[float]]:
    """The host's `division` view: the first time for an offer (the best division computed) and after."""
    from umpire.games.devilsdeal import divisions

    first: list[float] = []
    again: list[float] = []
    for _ in range(max(3, repeat // 3)):
        divisions.best_for.cache_clear()
        s = _at("division")
        t0 = time.perf_counter()
        s.feed("division")
        first.append(time.perf_counter() - t0)
    again = per_call(lambda: s.feed("division"), repeat)
    return first, again


def run(repeat: int) -> Report:
    """`repeat` samples of each measure; the inputs are fixed (seeded), so runs compare."""
    from tests.seeds import test_seed
    from umpire.games.devilsdeal import hands
    from umpire.games.devilsdeal.divisions import best_division
    from umpire.scenario import load
    from umpire.session import Session, derive_salt

    a, b = hands.hand("R7 G7 B9"), hands.hand("G7 B7 R4")
    scope = {"compare": hands.compare, "standing": hands.standing, "describe": hands.describe, "why": hands.why, "a": a, "b": b}
    measures: list[Measure] = [
        measure("`hands.compare`, two hands", per_call("compare(a, b)", repeat, scope=scope), unit="µs", target=COMPARE_TARGET),
        measure("`hands.describe`, one hand", per_call("describe(a)", repeat, scope=scope), unit="µs", note="e.g. “pair of 7s”"),
        measure("`hands.why`, two hands", per_call("why(a, b)", repeat, scope=scope), unit="µs", note="the reason one beats the other"),
        measure(
            "`hands.standing`, one hand",
            per_call("standing(a)", repeat, scope=scope),
            unit="µs",
            note="beats / ties / loses to among the other 2,924 (`check hand`; no table is built)",
        ),
    ]

    for size in SIZES:
        offers = _offers(size)
        per_offer: list[float] = []
        taken: list[int] = []
        for _ in range(max(1, repeat // 5)):
            for o in offers:
                t0 = time.perf_counter()
                best = best_division(o)
                per_offer.append(time.perf_counter() - t0)
                taken.append(0 if best is None else len(best.taken(o)))
        what = "incl. 3 adversarial ones and the card's example; " if size == 12 else ""
        measures.append(
            measure(
                f"`solve division`, {size} cards",
                per_offer,
                unit="ms",
                target=DIVISION_TARGET,
                note=f"`best_division`, each of {len(offers)} fixed refills ({what}mean taken {sum(taken) / len(taken):.1f})",
            )
        )

    for step in ("division", "pick", "betting"):
        pause, status, keys = _host_command(repeat, step)
        measures.append(measure(f"host `pause`, {step} step", pause, unit="µs", target=HOST_TARGET, note="`Session.feed`, no journal"))
        measures.append(measure(f"host `status`, {step} step", status, unit="µs", target=HOST_TARGET, note="the status view"))
        measures.append(measure(f"live check per keystroke, {step} step", keys, unit="µs", target=HOST_TARGET, note=f"typing “{TYPED}”"))
    first, again = _division_view(repeat)
    measures.append(
        measure("host `division` view, first time for an offer", first, unit="ms", note="computes the best division of the 12 cards")
    )
    measures.append(
        measure("host `division` view, after", again, unit="µs", target=HOST_TARGET, note="the best division is computed once per offer")
    )

    script = (ROOT / "tests" / "transcripts" / "devils-deal.script").read_text(encoding="utf-8").split("\n")
    sc = load(ROOT / "scenarios" / "devils-deal.toml")
    seed = test_seed(sc)
    per_line: list[float] = []
    for _ in range(max(3, repeat // 2)):
        session = Session.create(sc, journal_path=None, seed=seed, salt=derive_salt(seed))
        t0 = time.perf_counter()
        for line in script:
            session.feed(line)
        per_line.append((time.perf_counter() - t0) / len(script))
        assert session.state.over
    measures.append(
        measure(
            "`Session.feed`, a whole DM script",
            per_line,
            unit="µs",
            note=f"mean per line over the {len(script)}-line transcript, no journal",
        )
    )
    floor = per_call("compare; a; b", repeat, scope=scope)
    return Report(
        measures=measures,
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
