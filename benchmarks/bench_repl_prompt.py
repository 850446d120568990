"""The REPL's first prompt: `umpire play hap-tac-toe --journal TMP` in a pseudo-terminal, from the
process start until `umpire>` is on the screen; then Ctrl-D.

The terminal answers prompt_toolkit's cursor-position request (`ESC[6n` -> `ESC[1;1R`) at once,
as a real terminal does; without an answer prompt_toolkit waits about a second.
"""

from __future__ import annotations

import sys
from pathlib import Path

from benchlib import BARE_REPL, Pty, Report, child_env, interleaved, measure, scratch_dir, umpire_exe

TARGET = 0.300


def first_prompt(tmp: Path, n: int, env: dict[str, str], *, bare: bool = False) -> float:
    """Seconds from starting the process to the first `umpire>`; the REPL is then left with Ctrl-D.
    With `bare`, the bare prompt_toolkit REPL instead of umpire (the floor)."""
    journal = tmp / f"prompt-{n}.journal.jsonl"
    argv = [sys.executable, "-c", BARE_REPL] if bare else [umpire_exe(), "play", "hap-tac-toe", "--journal", str(journal)]
    term = Pty(argv, env=env, cwd=tmp)
    try:
        seen = term.wait_for(b"umpire>")
    finally:
        code = term.close()
    if code != 0:
        raise RuntimeError(f"umpire play exited {code} after Ctrl-D")
    return seen - term.started


def run(repeat: int) -> Report:
    """As installed, with a bytecode cache (see bench_help), and the bare prompt_toolkit REPL; interleaved."""
    with scratch_dir() as tmp:
        # The REPL keeps its input history in $XDG_STATE_HOME/umpire: keep it out of the real home.
        env = child_env(XDG_STATE_HOME=str(tmp / "state"))
        cached_env = child_env(bytecode_cache=tmp / "pyc", XDG_STATE_HOME=str(tmp / "state"))
        counter = iter(range(10**6))
        plain, cached, bare = interleaved(
            [
                lambda: first_prompt(tmp, next(counter), env),
                lambda: first_prompt(tmp, next(counter), cached_env),  # the warm-up run fills the cache
                lambda: first_prompt(tmp, next(counter), env, bare=True),
            ],
            repeat,
        )
    return Report(
        measures=[
            measure("REPL first prompt", plain, unit="ms", target=TARGET, note="pty: process start to `umpire>`"),
            measure("REPL first prompt, bytecode cached", cached, unit="ms", target=TARGET, note="PYTHONPYCACHEPREFIX, warmed once"),
            measure("floor: bare prompt_toolkit REPL first prompt", bare, unit="ms", note="`PromptSession` + `patch_stdout`, nothing else"),
        ],
        notes=[],
    )


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "repl_prompt", *sys.argv[1:]]))
