"""`umpire --help`: wall time of the whole process, as a host starting the tool sees it."""

from __future__ import annotations

import sys

from benchlib import Report, child_env, interleaved, measure, run_once, scratch_dir, umpire_exe

TARGET = 0.150


def run(repeat: int) -> Report:
    """`umpire --help` as installed (umpire's own modules compiled from source at every start, because
    PYTHONDONTWRITEBYTECODE=1 and the install is editable), and with a bytecode cache; interleaved."""
    argv = [umpire_exe(), "--help"]
    with scratch_dir() as tmp:
        plain_env, cached_env = child_env(), child_env(bytecode_cache=tmp / "pyc")
        plain, cached = interleaved(
            [lambda: run_once(argv, env=plain_env, cwd=tmp), lambda: run_once(argv, env=cached_env, cwd=tmp)],
            repeat,
        )
    return Report(
        measures=[
            measure("`umpire --help`", plain, unit="ms", target=TARGET, note="subprocess wall time"),
            measure("`umpire --help`, bytecode cached", cached, unit="ms", target=TARGET, note="PYTHONPYCACHEPREFIX, warmed once"),
        ],
        notes=[],
    )


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "help", *sys.argv[1:]]))
