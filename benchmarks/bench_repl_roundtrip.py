"""A REPL round trip: a line in, its announcement out.

In-process: `Shell(session, console, time.monotonic).handle(line)` for every line of a full Death
Match (journal fsync'd, the REPL's terminal writing to memory).

Through a pseudo-terminal, the real `umpire play` with the opening lines of the same Death Match,
timed until the announcement's text is on the screen, three ways:

- typed: the line's text is written first (as if typed) and the clock starts at Enter; lines PACE
  s apart. This is the delay a host typing at the prompt sees.
- pasted: text and Enter in one write (a paste, or fast typing); prompt_toolkit handles every
  character as a key press, which costs time in proportion to the line's length.
- back to back: `pause`/`resume` pasted as soon as the prompt is back after the last announcement.

The `floor:` rows send the same lines to a bare prompt_toolkit REPL (`benchlib.BARE_REPL`), which
only prints them back: what prompt_toolkit costs before umpire does anything.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from benchlib import (
    BARE_REPL,
    Line,
    Pty,
    Report,
    child_env,
    dm_script,
    load_scenario,
    measure,
    quiet_console,
    scratch_dir,
    umpire_exe,
    until_decided,
)

TARGET = 0.010
BURST = 60  # lines in the pasted burst
BURST_RATIO = 2.0  # issue 22: the paste within 2x of the bare REPL's same paste
TYPED_RATIO = 1.5  # and a typed line within 1.5x of the bare REPL's
PACE = 0.3  # seconds between a line's announcement and the next line: a quick human
TOKENS = {
    "first": b"to move first in game 1",
    "start": b"s per move, then reserve",
    "place": b"(shown when the turn ends)",
    "claim": b"(judged when the turn ends)",
    "done": b"Next:",
}


def in_process(tmp: Path, rounds: int) -> tuple[list[float], list[float]]:
    """Seconds per `handle` call over `rounds` full Death Matches: (every line, the `done` lines)."""
    from umpire.repl.shell import Shell
    from umpire.session import Session

    script = dm_script()
    every: list[float] = []
    done: list[float] = []
    for r in range(rounds):
        session = Session.create(load_scenario(), journal_path=tmp / f"shell-{r}.journal.jsonl", seed="20261121", salt="bench")
        shell = Shell(session, quiet_console(), time.monotonic)
        shell.start([])
        for line in script:
            t0 = time.perf_counter()
            shell.handle(line.text)
            dt = time.perf_counter() - t0
            every.append(dt)
            if line.kind == "done":
                done.append(dt)
        assert session.scenario.game.is_over(session.state), "the Death Match did not finish in the REPL"
        assert session.writer is not None
        session.writer.close()
    return every, done


def in_process_burst(tmp: Path, rounds: int) -> tuple[list[float], list[float]]:
    """CPU and wall seconds of `Shell.handle(burst)` in a new game, `rounds` times."""
    from umpire.repl.shell import Shell
    from umpire.session import Session

    text, last, times = burst()
    cpu: list[float] = []
    wall: list[float] = []
    for r in range(rounds):
        session = Session.create(load_scenario(), journal_path=tmp / f"burst-{r}.journal.jsonl", seed="20261121", salt="bench")
        console = quiet_console()
        shell = Shell(session, console, time.monotonic)
        shell.start([])
        c0, t0 = time.thread_time(), time.perf_counter()
        shell.handle(text)
        t1, c1 = time.perf_counter(), time.thread_time()
        assert console.file.getvalue().count(last.decode()) == times, "the paste's rulings were not all printed"
        cpu.append(c1 - c0)
        wall.append(t1 - t0)
        assert session.writer is not None
        session.writer.close()
    return cpu, wall


ENTROPY = "entropy Hedger=17 lantern, Uri=4021"  # a live game takes no game input before the players' words are in


def start_repl(tmp: Path, name: str, *, bare: bool = False, entropy: bool = True) -> Pty:
    """`umpire play hap-tac-toe` (or, with `bare`, the bare prompt_toolkit REPL) at its first prompt, with the
    players' entropy entered (unless `entropy` is False), umpire's bytecode compiled as README.md installs it."""
    env = child_env(bytecode_cache=tmp / "pyc", XDG_STATE_HOME=str(tmp / "state"))
    argv = (
        [sys.executable, "-c", BARE_REPL]
        if bare
        else [umpire_exe(), "play", "hap-tac-toe", "--journal", str(tmp / f"{name}.journal.jsonl")]
    )
    term = Pty(argv, env=env, cwd=tmp)
    term.wait_for(b"umpire>")
    if entropy and not bare:
        term.send(ENTROPY.encode() + b"\r")
        term.wait_for(b"The players' words for the seed are in")
    term.drain(1.0)
    return term


def stop_repl(term: Pty, *, bare: bool = False) -> None:
    """Leave with Ctrl-D; umpire must exit 0. The bare REPL (a floor, not what is measured) sometimes stays after
    Ctrl-D in prompt_toolkit's output thread: it is given 3 s, then stopped."""
    code = term.close(timeout=3.0 if bare else 10.0)
    if code != 0 and not bare:
        raise RuntimeError(f"the REPL exited {code} after Ctrl-D")


def typed_pair(tmp: Path, lines: list[Line]) -> tuple[list[float], list[float]]:
    """Seconds until each of `lines` is answered on screen, typed (the text written 0.1 s before, the clock
    started at Enter), in umpire and in the bare REPL side by side: each line to umpire, then the same line
    to the bare REPL, PACE s apart, so the two are measured in the same moments."""
    ours, bare = start_repl(tmp, "typed"), start_repl(tmp, "typed-bare", bare=True)
    out: tuple[list[float], list[float]] = ([], [])
    try:
        for line in lines:
            text = line.text.encode()
            for term, got, token in ((ours, out[0], TOKENS[line.kind]), (bare, out[1], b"echo " + text + b" done")):
                term.send(text)
                term.drain(0.1)
                sent = term.send(b"\r")
                got.append(term.wait_for(token) - sent)
                term.drain(PACE)
    finally:
        stop_repl(ours)
        stop_repl(bare, bare=True)
    return out


def pasted_pty(tmp: Path, lines: list[Line], *, bare: bool) -> list[float]:
    """Seconds until each of `lines` is answered on screen, text and Enter in one write, PACE s apart."""
    term = start_repl(tmp, f"pasted-{bare}", bare=bare)
    out: list[float] = []
    try:
        for line in lines:
            text = line.text.encode()
            token = b"echo " + text + b" done" if bare else TOKENS[line.kind]
            sent = term.send(text + b"\r")
            out.append(term.wait_for(token) - sent)
            term.drain(PACE)
    finally:
        stop_repl(term, bare=bare)
    return out


def burst() -> tuple[str, bytes, int]:
    """A 60-line paste as a host copies it from Discord: the players' entropy, then the Death Match's first
    moves as `[10:32 PM] Hedger: …` lines; with the words of its last line's ruling and how many rulings
    of the paste end with them (the last ruling on screen is the one that makes that many)."""
    names = {"p1": "Hedger", "p2": "Uri"}
    lines = [ENTROPY]
    kinds = []
    for i, line in enumerate(dm_script()[: BURST - 1]):
        who, sep, msg = line.text.partition(":")
        lines.append(f"[10:{30 + i // 10:02d} PM] {names[who]}:{msg}" if sep else line.text)
        kinds.append(line.kind)
    return "\n".join(lines), TOKENS[kinds[-1]], kinds.count(kinds[-1])


def burst_once(tmp: Path, n: int, *, bare: bool) -> float:
    """Seconds from the Enter after a bracketed paste of `burst()` to its last ruling on screen, in a new REPL."""
    text, last, times = burst()
    term = start_repl(tmp, f"burst-{n}-{bare}", bare=bare, entropy=False)
    try:
        term.send(b"\x1b[200~" + text.encode() + b"\x1b[201~")  # a terminal's bracketed paste
        term.drain(0.3)
        sent = term.send(b"\r")
        if bare:
            seen = term.wait_for(text.split("\n")[-1].encode() + b" done", timeout=30) - sent
            term.drain(0.3)
            return seen
        for _ in range(times - 1):
            term.wait_for(last, timeout=30)
        seen = term.wait_for(last, timeout=30) - sent
        term.drain(0.3)  # Ctrl-D typed while the next prompt is being set up can be lost (prompt_toolkit's typeahead)
        return seen
    finally:
        stop_repl(term, bare=bare)


def rapid_pty(tmp: Path, sessions: int, pairs: int) -> list[float]:
    """Seconds from writing the line to the announcement on screen for `pairs` pause/resume pairs in
    each of `sessions` REPLs, each line written as soon as the prompt is back after the last announcement."""
    out: list[float] = []
    for n in range(sessions):
        term = start_repl(tmp, f"rapid-{n}")
        try:
            for i in range(2 * pairs):
                word, token = (b"pause", b"Clocks paused") if i % 2 == 0 else (b"resume", b"Clocks running again")
                sent = term.send(word + b"\r")
                out.append(term.wait_for(token) - sent)
                term.wait_for(b"umpire>")
        finally:
            stop_repl(term)
    return out


def run(repeat: int) -> Report:
    """In-process over max(1, repeat // 5) Death Matches and a 60-line burst `repeat` times; through the pty, the
    60-line paste in umpire and the bare REPL (at least `repeat` rounds, more until the ratio is decided), typed
    lines side by side (the opening of the Death Match, max(3, min(repeat, 12)) turns), pasted lines, and
    max(3, repeat // 2) back-to-back pairs in 3 or 5 REPLs."""
    script = dm_script()
    turns = 0
    opening: list[Line] = []
    for line in script:
        opening.append(line)
        turns += line.kind == "done"
        if turns >= max(3, min(repeat, 12)):
            break
    sessions = 3 if repeat < 10 else 5
    counter = iter(range(10**6))
    with scratch_dir() as tmp:
        every, done = in_process(tmp, max(1, repeat // 5))
        burst_cpu, burst_wall = in_process_burst(tmp, repeat)
        burst_ours, burst_bare = until_decided(
            [lambda: burst_once(tmp, next(counter), bare=False), lambda: burst_once(tmp, next(counter), bare=True)],
            [(0, 1, BURST_RATIO)],
            least=repeat,
            most=3 * repeat,
        )
        typed, typed_floor = typed_pair(tmp, opening)
        pasted = pasted_pty(tmp, opening, bare=False)
        pasted_floor = pasted_pty(tmp, opening, bare=True)
        rapid = rapid_pty(tmp, sessions, max(3, repeat // 2))
    slow = sum(t >= 0.15 for t in rapid)
    chars = sum(len(line.text) for line in opening) / len(opening)
    lines = f"{len(opening)} DM lines ({chars:.0f} characters on average), {PACE} s apart"
    floor_burst, floor_typed, floor_pasted = (
        "floor: bare prompt_toolkit REPL, the 60-line paste",
        "floor: bare prompt_toolkit REPL, typed",
        "floor: bare prompt_toolkit REPL, pasted",
    )
    return Report(
        measures=[
            measure(
                "REPL round trip, in-process, every DM line",
                every,
                unit="ms",
                target=TARGET,
                note=f"{len(every)} `Shell.handle` calls, journal fsync'd",
            ),
            measure("REPL round trip, in-process, `done` (turn post + board)", done, unit="ms", target=TARGET, note=f"{len(done)} calls"),
            measure(
                "a 60-line paste, in-process: `Shell.handle` CPU time",
                burst_cpu,
                unit="ms",
                note=f"{len(burst_cpu)} pastes into a new game; judged, journaled (one fsync) and printed to a 256-colour console in memory",
            ),
            measure(
                "a 60-line paste, in-process: `Shell.handle` wall time", burst_wall, unit="ms", note="the same pastes, the fsync included"
            ),
            measure(floor_burst, burst_bare, unit="ms", note="the same bracketed paste, echoed; a new REPL each time"),
            measure(
                "a 60-line paste in a pty, Enter to the last ruling on screen",
                burst_ours,
                unit="ms",
                note="bracketed paste of 60 lines (entropy, then Discord-copied moves), a new game each time",
                floor=floor_burst,
                ratio=BURST_RATIO,
                paired=True,
            ),
            measure(floor_typed, typed_floor, unit="ms", note="the same lines, echoed, each right after umpire's"),
            measure(
                "REPL round trip in a pty, typed (Enter to text)",
                typed,
                unit="ms",
                target=TARGET,
                note=lines,
                floor=floor_typed,
                ratio=TYPED_RATIO,
                paired=True,
            ),
            measure(floor_pasted, pasted_floor, unit="ms", note="the same lines, echoed"),
            measure(
                "REPL round trip in a pty, pasted (text+Enter to text)", pasted, unit="ms", target=TARGET, note=lines, floor=floor_pasted
            ),
            measure(
                "REPL round trip in a pty, back to back",
                rapid,
                unit="ms",
                target=TARGET,
                note=f"{len(rapid)} pause/resume lines in {sessions} REPLs, each sent when the prompt returns",
            ),
        ],
        notes=[
            f"Back to back through the pty, {slow} of {len(rapid)} lines took 150 ms or more (prompt_toolkit's output "
            "proxy holds a write made within its `sleep_between_writes` of the last one; umpire sets it to 10 ms)."
        ],
    )


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "repl_roundtrip", *sys.argv[1:]]))
