"""Start-up of the one-shot commands against the floor: a minimal typer app with one command.

`umpire --help`, `umpire games` and `umpire gen …` are run here; the `check` commands in
bench_check.py, with the same `startup()`. Every process is timed whole (wall time), the floor
and the commands interleaved in one run so that a change in the machine's load hits them alike.

Two ways. **Bytecode cached** (PYTHONPYCACHEPREFIX, warmed once) is how README.md's quick start
installs umpire (`pip install .` compiles it): there each command's target is 1.25x the floor's
median measured in that same run. **As installed here** (PYTHONDONTWRITEBYTECODE=1 with the
editable dev install, so umpire's own modules are compiled from source at every start) is shown
for information, with its ratio: it grows with the amount of umpire source a command imports.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from benchlib import Measure, Report, child_env, interleaved, measure, run_once, scratch_dir, umpire_exe, until_decided

RATIO = 1.25  # each one-shot command's target: within 1.25x of the floor
ABSOLUTE = 0.150  # and, as before, under 150 ms

# The floor: what any typer command line costs to start, print a line and exit.
FLOOR_APP = '''\
import typer

app = typer.Typer(add_completion=False, rich_markup_mode=None, pretty_exceptions_enable=False)


@app.command()
def hello(name: str = "world") -> None:
    """Say hello."""
    typer.echo(f"hello {name}")


app()
'''

SEED = "9701"
COMMANDS: dict[str, list[str]] = {
    "`umpire --help`": ["--help"],
    "`umpire games`": ["games"],
    "`umpire gen shop`": ["gen", "shop", "--seed", SEED],
    "`umpire gen prizes`": ["gen", "prizes", "--seed", SEED],
    "`umpire gen board` (50 boards)": ["gen", "board", "--seed", SEED],
    "`umpire gen expressions` (10 sets)": ["gen", "expressions", "--seed", SEED],
    "`umpire new hap-tac-toe`": ["new", "hap-tac-toe", "--output", "{tmp}/new.toml", "--force"],
}


def startup(commands: dict[str, list[str]], repeat: int, *, ok: Sequence[int] = (0,)) -> Report:
    """The floor and `umpire ARGS` for each of `commands` (`{tmp}` in an argument: a scratch folder), interleaved,
    bytecode cached and as installed here. With the cache each command's target is RATIO x the floor's median
    in the same run (and under ABSOLUTE): at least `repeat` rounds, more (up to 4 x `repeat`) until every
    ratio's confidence interval is on one side of its target."""
    exe = umpire_exe()
    measures: list[Measure] = []
    notes: list[str] = []
    with scratch_dir() as tmp:
        floor_app = tmp / "floor_app.py"
        floor_app.write_text(FLOOR_APP, encoding="utf-8")
        for mode, env in ((", bytecode cached", child_env(bytecode_cache=tmp / "pyc")), (", as installed here", child_env())):
            argvs = [
                [sys.executable, str(floor_app)],
                *([exe, *(a.replace("{tmp}", str(tmp)) for a in args)] for args in commands.values()),
            ]
            cached = "cached" in mode
            runners = [_runner(argv, env, tmp, ok) for argv in argvs]
            if cached:
                samples = until_decided(runners, [(i, 0, RATIO) for i in range(1, len(runners))], least=repeat, most=4 * repeat)
            else:
                samples = interleaved(runners, repeat)
            floor_name = f"floor: a minimal typer app{mode}"
            floor = statistics.median(samples[0])
            measures.append(measure(floor_name, samples[0], unit="ms", note="one command, prints a line"))
            ratios = []
            for name, got in zip(commands, samples[1:], strict=True):
                ratio = statistics.median(got) / floor
                ratios.append(f"{name} {ratio:.2f}x")
                note = f"target ≤ {RATIO}x the floor and < 150 ms" if cached else "compiled from source"
                measures.append(
                    measure(
                        f"{name}{mode}",
                        got,
                        unit="ms",
                        target=ABSOLUTE if cached else None,
                        note=note,
                        floor=floor_name,
                        ratio=RATIO if cached else None,
                        paired=True,
                    )
                )
            notes.append(f"Start-up against the floor{mode} ({len(samples[0])} rounds): " + ", ".join(ratios) + ".")
    return Report(measures=measures, notes=notes)


def _runner(argv: list[str], env: dict[str, str], cwd: Path, ok: Sequence[int]) -> Callable[[], float]:
    return lambda: run_once(argv, env=env, cwd=cwd, ok=ok)


def run(repeat: int) -> Report:
    """`umpire --help`, `games`, the four `gen` commands and `new` against the floor."""
    return startup(COMMANDS, repeat)


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "help", *sys.argv[1:]]))
