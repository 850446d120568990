"""The REPL's first prompt: `umpire play hap-tac-toe --journal TMP` in a pseudo-terminal, from the
process start until `umpire>` is on the screen; then Ctrl-D.

The terminal answers prompt_toolkit's cursor-position request (`ESC[6n` -> `ESC[1;1R`) at once,
as a real terminal does; without an answer prompt_toolkit waits about a second.
"""

from __future__ import annotations

import sys
from pathlib import Path

from benchlib import BARE_REPL, Pty, Report, child_env, measure, scratch_dir, umpire_exe, until_decided

TARGET = 0.300
RATIO = 1.4  # issue 22: within 1.4x of a bare PromptSession's first prompt


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
    """Bytecode cached (see bench_help; the target: within RATIO x the bare REPL's median in the same rounds), the bare
    prompt_toolkit REPL, and as installed here; interleaved, at least `repeat` rounds and more (up to 4 x `repeat`)
    until the ratio's confidence interval is on one side of its target."""
    with scratch_dir() as tmp:
        # The REPL keeps its input history in $XDG_STATE_HOME/umpire: keep it out of the real home.
        env = child_env(XDG_STATE_HOME=str(tmp / "state"))
        cached_env = child_env(bytecode_cache=tmp / "pyc", XDG_STATE_HOME=str(tmp / "state"))
        counter = iter(range(10**6))
        cached, bare, plain = until_decided(
            [
                lambda: first_prompt(tmp, next(counter), cached_env),  # the warm-up run fills the cache
                lambda: first_prompt(tmp, next(counter), cached_env, bare=True),
                lambda: first_prompt(tmp, next(counter), env),
            ],
            [(0, 1, RATIO)],
            least=repeat,
            most=4 * repeat,
        )
    floor = "floor: bare prompt_toolkit REPL first prompt"
    return Report(
        measures=[
            measure(floor, bare, unit="ms", note="`PromptSession` + `patch_stdout`, nothing else"),
            measure(
                "REPL first prompt, bytecode cached",
                cached,
                unit="ms",
                target=TARGET,
                note="pty: process start to `umpire>` (`umpire play hap-tac-toe`); as README.md's quick start installs it",
                floor=floor,
                ratio=RATIO,
                paired=True,
            ),
            measure(
                "REPL first prompt, as installed here",
                plain,
                unit="ms",
                note="compiled from source at every start",
                floor=floor,
                paired=True,
            ),
        ],
        notes=[],
    )


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "repl_prompt", *sys.argv[1:]]))
