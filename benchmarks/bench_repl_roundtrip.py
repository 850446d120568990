"""A REPL round trip: a line in, its announcement out.

In-process: `Shell(session, console, time.monotonic).handle(line)` for every line of a full Death
Match (journal fsync'd, a rich Console writing to memory).

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

from benchlib import BARE_REPL, Line, Pty, Report, child_env, dm_script, load_scenario, measure, quiet_console, scratch_dir, umpire_exe

TARGET = 0.010
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


def start_repl(tmp: Path, name: str, *, bare: bool = False) -> Pty:
    """`umpire play hap-tac-toe` (or, with `bare`, the bare prompt_toolkit REPL) at its first prompt."""
    env = child_env(XDG_STATE_HOME=str(tmp / "state"))
    argv = (
        [sys.executable, "-c", BARE_REPL]
        if bare
        else [umpire_exe(), "play", "hap-tac-toe", "--journal", str(tmp / f"{name}.journal.jsonl")]
    )
    term = Pty(argv, env=env, cwd=tmp)
    term.wait_for(b"umpire>")
    term.drain(1.0)
    return term


def stop_repl(term: Pty) -> None:
    code = term.close()
    if code != 0:
        raise RuntimeError(f"the REPL exited {code} after Ctrl-D")


def paced_pty(tmp: Path, lines: list[Line], *, typed: bool, bare: bool) -> list[float]:
    """Seconds until each of `lines` is answered on screen, PACE s apart: from Enter (`typed`: the text
    was written 0.1 s before) or from writing text and Enter together. `bare`: the bare REPL."""
    term = start_repl(tmp, f"paced-{typed}-{bare}", bare=bare)
    out: list[float] = []
    try:
        for line in lines:
            text = line.text.encode()
            token = b"echo " + text + b" done" if bare else TOKENS[line.kind]
            if typed:
                term.send(text)
                term.drain(0.1)
                sent = term.send(b"\r")
            else:
                sent = term.send(text + b"\r")
            out.append(term.wait_for(token) - sent)
            term.drain(PACE)
    finally:
        stop_repl(term)
    return out


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
    """In-process over max(1, repeat // 5) Death Matches; through the pty, the opening of one
    (max(3, min(repeat, 12)) turns), and max(3, repeat // 2) back-to-back pairs in 3 or 5 REPLs."""
    script = dm_script()
    turns = 0
    opening: list[Line] = []
    for line in script:
        opening.append(line)
        turns += line.kind == "done"
        if turns >= max(3, min(repeat, 12)):
            break
    sessions = 3 if repeat < 10 else 5
    with scratch_dir() as tmp:
        every, done = in_process(tmp, max(1, repeat // 5))
        typed = paced_pty(tmp, opening, typed=True, bare=False)
        typed_floor = paced_pty(tmp, opening, typed=True, bare=True)
        pasted = paced_pty(tmp, opening, typed=False, bare=False)
        pasted_floor = paced_pty(tmp, opening, typed=False, bare=True)
        rapid = rapid_pty(tmp, sessions, max(3, repeat // 2))
    slow = sum(t >= 0.15 for t in rapid)
    chars = sum(len(line.text) for line in opening) / len(opening)
    lines = f"{len(opening)} DM lines ({chars:.0f} characters on average), {PACE} s apart"
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
            measure("REPL round trip in a pty, typed (Enter to text)", typed, unit="ms", target=TARGET, note=lines),
            measure("floor: bare prompt_toolkit REPL, typed", typed_floor, unit="ms", note="the same lines, echoed"),
            measure("REPL round trip in a pty, pasted (text+Enter to text)", pasted, unit="ms", target=TARGET, note=lines),
            measure("floor: bare prompt_toolkit REPL, pasted", pasted_floor, unit="ms", note="the same lines, echoed"),
            measure(
                "REPL round trip in a pty, back to back",
                rapid,
                unit="ms",
                target=TARGET,
                note=f"{len(rapid)} pause/resume lines in {sessions} REPLs, each sent when the prompt returns",
            ),
        ],
        notes=[
            f"Back to back through the pty, {slow} of {len(rapid)} lines took 150 ms or more: the REPL's output goes through "
            "prompt_toolkit's `patch_stdout`, whose writer thread sleeps `sleep_between_writes` = 0.2 s after each write made "
            "while a prompt is running, so a line entered within 0.2 s of the last announcement waits for it. Whether a REPL "
            "falls into that rhythm depends on thread scheduling, so it varies from run to run."
        ],
    )


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "repl_roundtrip", *sys.argv[1:]]))
