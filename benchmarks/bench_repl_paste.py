"""A very large bracketed paste: 10,000 lines (issue 29, item 14).

In-process, with the paste in the prompt's buffer (a Shell and its live check, no terminal):

- a toolbar redraw: the first, and each one after (the REPL redraws it at least twice a second while
  the clocks run, and at every key);
- the lexer (the line colouring) once the paste is in, and again after one more key;
- `Shell.handle(paste)`: the judging, and the game time a player's clock lost to it.

Through a pseudo-terminal, the real `umpire play hap-tac-toe`: the paste written as a terminal writes
it, to its last line on screen; the CPU the REPL spends in 3 s of waiting with the paste in its buffer;
then Enter to the last line's ruling on screen.
"""

from __future__ import annotations

import argparse
import io
import os
import select
import statistics
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from benchlib import Pty, Report, child_env, dm_script, load_scenario, measure, scratch_dir, umpire_exe

LINES = 10_000
REDRAWS = 20  # toolbar redraws timed after the first
NAMES = {"p1": "Hedger", "p2": "Uri"}
LAST = "p1: done ZZLAST"  # the paste's last line: a bad one, so its refusal marks the end of the judging


def paste_lines(n: int = LINES) -> list[str]:
    """`n` lines as a host copies them from Discord: the Death Match's moves again and again, each message with its own time."""
    out: list[str] = []
    i = 0
    script = dm_script()
    while len(out) < n - 1:
        for line in script:
            who, sep, msg = line.text.partition(":")
            out.append(f"[{1 + i // 3600 % 12}:{i // 60 % 60:02d}:{i % 60:02d} PM] {NAMES[who]}:{msg}" if sep else line.text)
            i += 1
    return [*out[: n - 1], LAST]


def _shell(text: str) -> tuple[Any, Any]:
    """A Shell on a new Death Match whose prompt's buffer holds `text` (as the toolbar reads it)."""
    import umpire.repl.shell as shell_module
    from umpire.repl.shell import Shell
    from umpire.repl.terminal import Terminal
    from umpire.session import Session

    session = Session.create(load_scenario(), journal_path=None, seed="20261121", salt="bench")
    shell = Shell(session, Terminal(io.StringIO(), width=80), time.monotonic)
    buffer = SimpleNamespace(text=text)
    shell_module.get_app_or_none = lambda: SimpleNamespace(current_buffer=buffer)  # type: ignore[assignment]
    return shell, buffer


def in_process(repeat: int) -> dict[str, list[float]]:
    """Seconds: the first toolbar redraw, each later one, the lexer once and after a key, and `handle` with the game time lost."""
    from prompt_toolkit.document import Document

    text = "\n".join(paste_lines())
    out: dict[str, list[float]] = {k: [] for k in ("first", "redraw", "lexer", "key", "handle", "lost")}
    for _ in range(repeat):
        shell, buffer = _shell(text)
        t0 = time.perf_counter()
        shell.toolbar()
        out["first"].append(time.perf_counter() - t0)
        for _ in range(REDRAWS):
            t0 = time.perf_counter()
            shell.toolbar()
            out["redraw"].append(time.perf_counter() - t0)
        n = LINES
        t0 = time.perf_counter()
        get_line = shell.live.lex_document(Document(text, len(text)))
        for i in range(n - 24, n):
            get_line(i)
        out["lexer"].append(time.perf_counter() - t0)
        buffer.text = text + "Q"
        t0 = time.perf_counter()
        get_line = shell.live.lex_document(Document(buffer.text, len(buffer.text)))
        for i in range(n - 24, n):
            get_line(i)
        shell.toolbar()
        out["key"].append(time.perf_counter() - t0)
        before = shell.clock.now()
        t0 = time.perf_counter()
        shell.handle(text)
        out["handle"].append(time.perf_counter() - t0)
        out["lost"].append((shell.clock.now() - before) / 1000)  # game time that passed while it was judged
    return out


def _cpu(pid: int) -> float:
    """CPU seconds (user and system) the process has used."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def through_pty(tmp: Path, n: int) -> tuple[float, float, float]:
    """(the paste to its last line on screen, CPU seconds in 3 s of waiting with it in the buffer, Enter to its last ruling)."""
    env = child_env(XDG_STATE_HOME=str(tmp / "state"))
    term = Pty(
        [umpire_exe(), "play", "hap-tac-toe", "--journal", str(tmp / f"paste-{n}.journal.jsonl")], env=env, cwd=tmp, cols=80, rows=24
    )
    try:
        term.wait_for(b"umpire>", timeout=30)
        term.send(b"entropy 17 lantern 4021\r")
        term.wait_for(b"The players' entropy is in", timeout=30)
        term.drain(0.5)
        data = b"\x1b[200~" + "\n".join(paste_lines()).encode() + b"\x1b[201~"
        t0 = time.perf_counter()
        sent = 0
        while sent < len(data):  # as a terminal writes a paste: as fast as the REPL reads it, answering it meanwhile
            _, writable, _ = select.select([], [term.master], [], 0.01)
            if writable:
                sent += os.write(term.master, data[sent : sent + 4096])
            term._pump(0)
        loaded = term.wait_for(b"ZZLAST", timeout=600) - t0
        term.drain(1.0)
        c0 = _cpu(term.proc.pid)
        term.drain(3.0)
        idle = _cpu(term.proc.pid) - c0
        enter = term.send(b"\r")
        judged = term.wait_for("ZZLAST — ".encode(), timeout=600) - enter
        return loaded, idle, judged
    finally:
        term.close(timeout=30)


def run(repeat: int) -> Report:
    """In-process max(1, repeat // 3) times; through the pty max(1, repeat // 5) times."""
    times = in_process(max(1, repeat // 3))
    with scratch_dir() as tmp:
        pty = [through_pty(tmp, k) for k in range(max(1, repeat // 5))]
    note = f"{LINES:,} pasted lines in the buffer"
    return Report(
        measures=[
            measure("a 10,000-line paste: the first toolbar redraw", times["first"], unit="ms", note=note),
            measure(
                "a 10,000-line paste: each later toolbar redraw", times["redraw"], unit="ms", note=f"{REDRAWS} redraws after the first"
            ),
            measure("a 10,000-line paste: the lexer (24 lines shown)", times["lexer"], unit="ms", note=note),
            measure("a 10,000-line paste: one more key (lexer and toolbar)", times["key"], unit="ms", note=note),
            measure("a 10,000-line paste: `Shell.handle`, judged and journaled", times["handle"], unit="ms", note="no fsync"),
            measure("a 10,000-line paste: game time the clocks lost to the judging", times["lost"], unit="ms", note="0: held"),
            measure("a 10,000-line paste in a pty: written to its last line on screen", [p[0] for p in pty], unit="ms", note="80x24"),
            measure("a 10,000-line paste in a pty: CPU in 3 s of waiting", [p[1] for p in pty], unit="ms", note="the REPL idle"),
            measure("a 10,000-line paste in a pty: Enter to the last ruling", [p[2] for p in pty], unit="ms", note="journal fsync'd"),
        ],
        notes=[f"median redraw {statistics.median(times['redraw']) * 1000:.1f} ms"],
    )


REPEAT = (6, 3)  # full, quick (run.py)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A 10,000-line bracketed paste; prints a Markdown table.")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--repeat", type=int, default=None, help="repetitions")
    args = parser.parse_args(argv)
    from run import table

    report = run(args.repeat or REPEAT[1 if args.quick else 0])
    print(table(report["measures"]))
    for note in report["notes"]:
        print(f"\n{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
