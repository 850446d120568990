"""A host command and the live check in every phase of every game, along each game's whole transcript.

Each game's transcript script (tests/transcripts/) is fed line by line through a `Session` without a
journal, as batch mode does (the tests' seed from tests/seeds.py, the salt from `derive_salt`). Before
each line that a host would type into the REPL (a player's line or a host's; not `@` time lines,
comments or Discord headers), the session is measured where it stands:

- host commands: `session.feed("status")`, then `feed("pause")` and `feed("resume")` (the other way
  round where the script has the clocks paused), each once: the first call at that state, as a
  host pays it. Views are built only when asked for, so `status` is the only view built.
- the live check: `session.check(prefix, allow_time=False)` (as the REPL calls it) for every
  prefix of the line about to be fed, the session's `_live` cache cleared before each call:
  one sample per keystroke.

All of that runs on a shallow copy of the session (`copy.copy`), which pause, resume and the live
check rebind fields of without touching the original's, so the walk goes on unchanged; the walk's
output and final state are checked against a plain batch run of the same script.

The phase is read from `session.final()` (its `phase` and, for Devil's Deal, the step it waits on;
for The Choice is Yours, `block` and `in_block`), falling back on the state's own step where the JSON
names none. The Choice is Yours plays its subgames side by side within a block, so a line in a block
is counted in the subgame it addresses (`gs`/`igs`: Goofspiel, `buy`: shop, `hap`/`ihap`/`gyul`:
Gyul Hap, `expr`/`iexpr`: Expressions), and any other line there in the subgame last addressed.

Targets (the performance issue): every host command < 1 ms in every phase, the worst phase's median
within 3x of the best phase's, and each live-check keystroke < 1 ms.
"""

from __future__ import annotations

import copy
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from benchlib import GAMES, ROOT, Measure, Report, fmt, measure  # noqa: E402 - after the path is set

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

if TYPE_CHECKING:
    from umpire.session import Session

REPEAT = (10, 3)  # walks of every script: full run, --quick
COMMAND_TARGET = 1e-3
KEY_TARGET = 1e-3
SPREAD_TARGET = 3.0
COMMANDS = ("pause", "resume", "status")


# The phases the issue names, which each walk must reach (a phase reader broken by a change to a
# game's JSON or state would otherwise lump them together unnoticed).
REQUIRED: dict[str, tuple[str, ...]] = {
    "Hap-Tac-Toe": ("turn",),
    "When Stars Align": ("turn",),
    "The Choice is Yours": ("Goofspiel", "shop", "Gyul Hap", "Expressions"),
    "Open, Pass": ("bidding", "dealing"),
    "Devil's Deal": ("division", "pick", "betting"),
}

# Open, Pass names its phases after what the players do with the cards; the issue after the table talk.
OPEN_PASS = {"building": "bidding", "playing": "dealing"}
# Devil's Deal's steps within a round, by the state's step type (the JSON's "waiting" text as a fallback).
DEVILS_STEPS = {
    "Ask": "refill?",
    "Divide": "division",
    "Discard": "discard",
    "Take": "take",
    "Pick": "pick",
    "Bet": "betting",
    "Break": "break",
}
DEVILS_WAITING = (
    ("division", "division"),
    ("discard", "discard"),
    ("set-aside", "take"),
    ("refill?", "refill?"),
    ("private cards", "pick"),
    ("bet", "betting"),
    ("break", "break"),
)
CHOICE_SUBGAMES = {
    "gs": "Goofspiel",
    "igs": "Goofspiel",
    "buy": "shop",
    "hap": "Gyul Hap",
    "ihap": "Gyul Hap",
    "gyul": "Gyul Hap",
    "expr": "Expressions",
    "iexpr": "Expressions",
}


@dataclass(kw_only=True)
class Samples:
    """Seconds per call, by phase in the order the match first reaches it."""

    commands: dict[str, dict[str, list[float]]] = field(default_factory=dict)  # phase -> command -> samples
    keys: dict[str, list[float]] = field(default_factory=dict)  # phase -> per-keystroke samples
    cpu_commands: dict[str, float] = field(default_factory=dict)  # phase -> the most CPU time one host command took
    cpu_keys: dict[str, float] = field(default_factory=dict)  # phase -> the most CPU time one keystroke took
    lines: dict[str, int] = field(default_factory=dict)  # phase -> lines measured (per walk)
    widest: dict[str, str] = field(default_factory=dict)  # phase -> the longest line typed there

    def phase(self, name: str) -> None:
        if name not in self.commands:
            self.commands[name] = {c: [] for c in COMMANDS}
            self.keys[name] = []
            self.cpu_commands[name] = 0.0
            self.cpu_keys[name] = 0.0
            self.lines[name] = 0
            self.widest[name] = ""


# ---------------------------------------------------------------- phases


def _choice_subgame(text: str, last: str) -> str:
    words = text.split(":", 1)[-1].split() if ":" in text else text.split()
    return CHOICE_SUBGAMES.get(words[0].casefold(), last) if words else last


def phase_reader(game: str) -> Callable[[Session, str], str]:
    """A function naming the phase the session is in, given the line about to be typed."""
    last_subgame = ["Goofspiel"]  # a block opens with a Goofspiel round

    def read(session: Session, line: str) -> str:
        f = session.final()
        if f.get("over"):
            return "over"
        if game == "The Choice is Yours":
            where = str(getattr(session.state, "phase", ""))  # the state's before / block / break / over
            in_block = bool(f["in_block"]) if "in_block" in f else where == "block"
            if not in_block:
                last_subgame[0] = "Goofspiel"
                return "break" if f.get("block") or where == "break" else "before block 1"
            last_subgame[0] = _choice_subgame(line, last_subgame[0])
            return last_subgame[0]
        phase = str(f.get("phase", "?"))
        if game == "Open, Pass":
            return OPEN_PASS.get(phase, phase)
        if game == "Devil's Deal" and phase == "play":
            step = getattr(session.state, "step", None)
            if step is not None and type(step).__name__ in DEVILS_STEPS:
                return DEVILS_STEPS[type(step).__name__]
            waiting = str(f.get("waiting", ""))
            return next((name for word, name in DEVILS_WAITING if word in waiting), "play")
        return phase

    return read


# ---------------------------------------------------------------- the walk


def new_session(script: Path) -> tuple[Session, list[str]]:
    """A session for the script's scenario, seeded as the transcript tests seed it, and the script's lines."""
    from tests.seeds import test_seed
    from tests.transcript_support import scenario_of
    from umpire.session import Session, derive_salt

    sc = scenario_of(script)
    seed = test_seed(sc)
    lines = script.read_text(encoding="utf-8").split("\n")
    if lines and lines[-1] == "":
        lines = lines[:-1]
    return Session.create(sc, journal_path=None, seed=seed, salt=derive_salt(seed)), lines


def script_lines(lines: list[str]) -> Iterator[tuple[int, str]]:
    """(line number, raw line) as batch mode feeds them, up to a `quit`."""
    for lineno, raw in enumerate(lines, start=1):
        if raw.strip().casefold() in ("quit", "exit"):
            return
        yield lineno, raw


def typed(raw: str) -> bool:
    """Whether a host types this line into the REPL (time lines, comments, blanks and headers are not measured)."""
    from umpire.session.intake import classify

    return classify(raw).kind in ("player", "host")


def plain(outs: list[Any]) -> list[tuple[str, str]]:
    return [(o.kind, o.text) for o in outs]


def walk(game: str, script: Path, into: Samples) -> tuple[list[list[tuple[str, str]]], dict[str, Any]]:
    """Measure at every typed line of the script; returns what each line printed and the final state."""

    session, lines = new_session(script)
    read_phase = phase_reader(game)
    printed: list[list[tuple[str, str]]] = []
    for lineno, raw in script_lines(lines):
        if typed(raw):
            text = raw.strip()
            phase = read_phase(session, text)
            into.phase(phase)
            into.lines[phase] += 1
            if len(text) > len(into.widest[phase]):
                into.widest[phase] = text
            probe = detached(session)
            for cmd in ("status", *(("resume", "pause") if probe.paused else ("pause", "resume"))):
                c0, t0 = time.thread_time(), time.perf_counter()
                outs = probe.feed(cmd)
                t1, c1 = time.perf_counter(), time.thread_time()
                into.commands[phase][cmd].append(t1 - t0)
                into.cpu_commands[phase] = max(into.cpu_commands[phase], c1 - c0)
                _accepted(cmd, outs, game, phase)
            probe = detached(session)
            keys = into.keys[phase]
            for k in range(1, len(text) + 1):
                probe._live = (None, None, None)
                c0, t0 = time.thread_time(), time.perf_counter()
                probe.check(text[:k], allow_time=False)
                t1, c1 = time.perf_counter(), time.thread_time()
                keys.append(t1 - t0)
                into.cpu_keys[phase] = max(into.cpu_keys[phase], c1 - c0)
        printed.append(plain(session.feed(raw, lineno=lineno)))
    return printed, session.final()


def detached(session: Session) -> Session:
    """A copy of the session that host commands and the live check can change without changing the walk's own:
    its engine, and the engine's undo history, outbox, sources and fairness, copied (the game's state is a value)."""
    from umpire.session.burst import copied

    probe = copy.copy(session)
    engine = probe.engine = copy.copy(session.engine)
    engine.history = list(engine.history)
    engine.outbox = copied(engine.outbox)
    engine.sources = set(engine.sources)
    engine.fair = probe.fair = copied(engine.fair)
    return probe


def _accepted(cmd: str, outs: list[Any], game: str, phase: str) -> None:
    refused = [o for o in outs if o.kind == "refusal"]
    if refused:
        raise RuntimeError(f"{game}, {phase}: “{cmd}” was refused: {refused[0].text}")


def unmeasured(script: Path) -> tuple[list[list[tuple[str, str]]], dict[str, Any]]:
    """The same script fed with nothing measured in between."""
    session, lines = new_session(script)
    printed = [plain(session.feed(raw, lineno=lineno)) for lineno, raw in script_lines(lines)]
    return printed, session.final()


# ---------------------------------------------------------------- the report


def _median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def run(repeat: int) -> Report:
    """`repeat` walks of every game's script (each host command once per typed line and walk)."""
    walks = max(1, repeat)
    per_game: dict[str, Samples] = {}
    for game, name in GAMES:
        script = ROOT / "tests" / "transcripts" / name
        samples = Samples()
        expected = unmeasured(script)
        for _ in range(walks):
            got = walk(game, script, samples)
            if got != expected:
                raise RuntimeError(f"{game}: measuring changed the walk of {name} (its output or final state differs)")
        for phase in samples.lines:
            samples.lines[phase] //= walks
        missing = [p for p in REQUIRED[game] if p not in samples.lines]
        if missing:
            raise RuntimeError(f"{game}: the walk of {name} never reached {', '.join(missing)} (phases read: {', '.join(samples.lines)})")
        per_game[game] = samples

    measures: list[Measure] = []
    rows = [
        "| game | phase | lines | `pause` | `resume` | `status` | keystroke (p90 / max) | most CPU: a command / a keystroke |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    medians: dict[str, dict[tuple[str, str], float]] = {c: {} for c in (*COMMANDS, "keystroke")}
    for game, s in per_game.items():
        for phase, by_cmd in s.commands.items():
            where = f"{game} · {phase}"
            cells = []
            for cmd in COMMANDS:
                m = measure(
                    f"{where}: `{cmd}`",
                    by_cmd[cmd],
                    unit="ms",
                    target=COMMAND_TARGET,
                    note=f"`Session.feed`, once at each of {s.lines[phase]} lines × {walks} walks",
                )
                measures.append(m)
                medians[cmd][(game, phase)] = m["median"]
                cells.append(fmt(m["median"], "µs"))
            k = measure(
                f"{where}: live check per keystroke",
                s.keys[phase],
                unit="µs",
                target=KEY_TARGET,
                note=f"`unreadable`, every prefix of the {s.lines[phase]} lines typed there (longest: “{s.widest[phase][:40]}”)",
            )
            measures.append(k)
            medians["keystroke"][(game, phase)] = k["median"]
            rows.append(
                f"| {game} | {phase} | {s.lines[phase]} | {' | '.join(cells)} | "
                f"{fmt(k['median'], 'µs')} ({fmt(k['p90'], 'µs')} / {fmt(k['max'], 'µs')}) | "
                f"{fmt(s.cpu_commands[phase], 'µs')} / {fmt(s.cpu_keys[phase], 'µs')} |"
            )
    notes = [
        "Every phase, medians (host commands: one call at each typed line of the phase, per walk; the last column is the "
        "largest CPU time (`time.thread_time`) any one call took, which a wall-time tail far above it shows to be the "
        "process waiting for a CPU, not umpire working):\n\n" + "\n".join(rows)
    ]
    spread = []
    for what, by_phase in medians.items():
        (worst_at, worst), (best_at, best) = max(by_phase.items(), key=lambda kv: kv[1]), min(by_phase.items(), key=lambda kv: kv[1])
        ratio = worst / best
        verdict = "pass" if ratio <= SPREAD_TARGET or what == "keystroke" else "**FAIL**"
        target = f"target ≤ {SPREAD_TARGET:.0f}x" if what != "keystroke" else "no target"
        spread.append(
            f"- `{what}`: worst {' · '.join(worst_at)} {fmt(worst, 'µs')}, best {' · '.join(best_at)} {fmt(best, 'µs')}: "
            f"{ratio:.1f}x ({target}) — {verdict}"
        )
    notes.append("Worst phase against the best (medians, all games):\n\n" + "\n".join(spread))
    within = ["| game | " + " | ".join(f"`{c}` worst / best" for c in COMMANDS) + " |", "|---|" + "---|" * len(COMMANDS)]
    for game in per_game:
        cells = []
        for cmd in COMMANDS:
            mine = {phase: v for (g, phase), v in medians[cmd].items() if g == game}
            worst_phase, best_phase = max(mine, key=mine.__getitem__), min(mine, key=mine.__getitem__)
            ratio = mine[worst_phase] / mine[best_phase]
            mark = "" if ratio <= SPREAD_TARGET else " **over 3x**"
            cells.append(f"{ratio:.1f}x ({worst_phase} / {best_phase}){mark}")
        within.append(f"| {game} | {' | '.join(cells)} |")
    notes.append("Worst phase against the best within each game (medians):\n\n" + "\n".join(within))
    return Report(measures=measures, notes=notes)


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "phases", *sys.argv[1:]]))
