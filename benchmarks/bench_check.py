"""The `umpire check …` one-shot rulings, start to exit, against the floor (see bench_help.py)."""

from __future__ import annotations

import sys

from bench_help import startup
from benchlib import PIECES_HAP, Report

COMMANDS: dict[str, list[str]] = {
    "`umpire check hap …`": ["check", "hap", *PIECES_HAP],
    "`umpire check expr …`": ["check", "expr", "_+_x_-_=42", "2+3x9-3"],
    "`umpire check row …`": ["check", "row", "+ 3 1 x 9 x 2 - 2 x"],
    "`umpire check hand …`": ["check", "hand", "R5", "G5", "B5"],
    "`umpire check division …`": [
        "check",
        "division",
        "G5 B3 R3 R7 B6 G1 G2 G8 B5 R2 B9 G6",
        "B9 G5 | G8 B6 | R2 R3 B3 G6 | aside G2 B5 R7",
    ],
}


def run(repeat: int) -> Report:
    """Each check with a valid claim (exit 0: a hap, a solution, a row, a hand, a valid division)."""
    return startup(COMMANDS, repeat)


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "check", *sys.argv[1:]]))
