"""`umpire check hap A B C`: a one-shot ruling on a contested hap, start to exit."""

from __future__ import annotations

import sys

from benchlib import PIECES_HAP, Report, child_env, interleaved, measure, run_once, scratch_dir, umpire_exe

TARGET = 0.150


def run(repeat: int) -> Report:
    """The README's example hap, as installed and with a bytecode cache, interleaved (see bench_help)."""
    argv = [umpire_exe(), "check", "hap", *PIECES_HAP]
    with scratch_dir() as tmp:
        plain_env, cached_env = child_env(), child_env(bytecode_cache=tmp / "pyc")
        plain, cached = interleaved(
            [lambda: run_once(argv, env=plain_env, cwd=tmp), lambda: run_once(argv, env=cached_env, cwd=tmp)],
            repeat,
        )
    return Report(
        measures=[
            measure("`umpire check hap …`", plain, unit="ms", target=TARGET, note="subprocess wall time; exit 0 (a hap)"),
            measure("`umpire check hap …`, bytecode cached", cached, unit="ms", target=TARGET, note="PYTHONPYCACHEPREFIX, warmed once"),
        ],
        notes=[],
    )


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "check", *sys.argv[1:]]))
