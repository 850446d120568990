"""Which modules load at start, and what they cost: `python -X importtime` for `umpire --help`,
the one-shot commands (`games`, `check hap`, `check row`, `gen board`, `gen expressions`) and the REPL's start
(`umpire play` in a pseudo-terminal, left at the first prompt). Also the floors: the interpreter
starting and doing nothing, and a minimal typer app with one command (bench_help.FLOOR_APP); for
each one-shot command, the modules it loads beyond that app are listed with their cost.
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

from bench_help import FLOOR_APP
from benchlib import PIECES_HAP, Pty, Report, child_env, interleaved, measure, run_once, scratch_dir, umpire_exe

# Packages worth naming when they load; the rest is summed as "other".
HEAVY = (
    "typer",
    "click",
    "pydantic",
    "rich",
    "pygments",
    "markdown_it",
    "prompt_toolkit",
    "wcwidth",
    "asyncio",
    "shellingham",
    "tomllib",
    "umpire",
)
# What loading a hap-tac-toe scenario needs, and what `umpire.scenario` does to find its game.
GAME_ALONE = (
    "import umpire.scenario, umpire.games.record, umpire.games.haptactoe.state, umpire.games.haptactoe.moves, umpire.games.haptactoe.views"
)
GAME_LOOKUP = "import umpire.scenario, umpire.games; umpire.games.get('hap-tac-toe')"
LINE = re.compile(r"^import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)\s*$")


def parse(stderr: str) -> dict[str, float]:
    """Self import time in seconds per top-level package, per umpire module ("mod:umpire.x") and in
    all ("total"), from `-X importtime` output."""
    per: dict[str, float] = defaultdict(float)
    for line in stderr.splitlines():
        m = LINE.match(line)
        if m:
            name, self_s = m.group(4), int(m.group(1)) / 1e6
            per[name.split(".")[0]] += self_s
            per["total"] += self_s
            per[f"any:{name}"] += self_s
            if name.startswith("umpire") or name == "typer.rich_utils":
                per[f"mod:{name}"] += self_s
    return dict(per)


def heaviest_umpire(per: dict[str, float], n: int = 6) -> str:
    mods = sorted(((v, k[4:]) for k, v in per.items() if k.startswith("mod:umpire")), reverse=True)
    return ", ".join(f"`{name}` {v * 1e3:.1f}" for v, name in mods[:n])


def cli_code(*argv: str) -> str:
    return f"import sys; sys.argv = {['umpire', *argv]!r}\nfrom umpire.cli import main\nmain()"


def importtime_cli(argv: list[str], tmp: Path) -> dict[str, float]:
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", cli_code(*argv)],
        env=child_env(),
        cwd=tmp,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"umpire {' '.join(argv)} exited {proc.returncode}: {proc.stderr[-500:]}")
    return parse(proc.stderr)


def importtime_floor(tmp: Path) -> dict[str, float]:
    """The import profile of the minimal typer app (the floor of the one-shot commands)."""
    app = tmp / "floor_app.py"
    app.write_text(FLOOR_APP, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", str(app)],
        env=child_env(),
        cwd=tmp,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=True,
    )
    return parse(proc.stderr)


def beyond_floor(per: dict[str, float], floor: dict[str, float], n: int = 8) -> str:
    """The modules a command loads that the floor app does not, costliest first (self ms)."""
    extra = sorted(((v, k[4:]) for k, v in per.items() if k.startswith("any:") and k not in floor), reverse=True)
    total = sum(v for v, _ in extra)
    return f"{total * 1e3:.1f} ms in {len(extra)} modules: " + ", ".join(f"`{name}` {v * 1e3:.1f}" for v, name in extra[:n])


def importtime_repl(tmp: Path, n: int) -> dict[str, float]:
    err = tmp / f"importtime-{n}.txt"
    env = child_env(PYTHONPROFILEIMPORTTIME="1", XDG_STATE_HOME=str(tmp / "state"))
    term = Pty([umpire_exe(), "play", "hap-tac-toe", "--journal", str(tmp / f"imp-{n}.journal.jsonl")], env=env, cwd=tmp, stderr=err)
    try:
        term.wait_for(b"umpire>")
    finally:
        term.close()
    return parse(err.read_text(encoding="utf-8", errors="replace"))


def median_of(runs: list[dict[str, float]]) -> dict[str, float]:
    keys = set().union(*runs)
    return {k: statistics.median(r.get(k, 0.0) for r in runs) for k in keys}


def table(cases: dict[str, dict[str, float]]) -> str:
    """A Markdown table: one column per case, one row per heavy package (ms of self import time)."""
    head = "| package (self import time, median) | " + " | ".join(cases) + " |"
    rule = "|---|" + "---:|" * len(cases)
    rows = [head, rule]
    for pkg in (*HEAVY, "other", "total"):
        cells = []
        for per in cases.values():
            v = per.get("total", 0.0) - sum(per.get(h, 0.0) for h in HEAVY) if pkg == "other" else per.get(pkg, 0.0)
            cells.append(f"{v * 1e3:.1f} ms" if v else "—")
        name = f"**{pkg}**" if pkg == "total" else f"`{pkg}`"
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def run(repeat: int) -> Report:
    """The floors and the game imports `repeat` times, interleaved; each import profile min(repeat, 5) times."""
    k = max(1, min(repeat, 5))
    with scratch_dir() as tmp:
        env = child_env()
        floor, floor_site, game_alone, game_lookup = interleaved(
            [
                lambda: run_once([sys.executable, "-c", "pass"], env=env, cwd=tmp),
                lambda: run_once([sys.executable, "-I", "-S", "-c", "pass"], env=env, cwd=tmp),
                lambda: run_once([sys.executable, "-c", GAME_ALONE], env=env, cwd=tmp),
                lambda: run_once([sys.executable, "-c", GAME_LOOKUP], env=env, cwd=tmp),
            ],
            repeat,
        )
        runs = {
            "floor: a minimal typer app": [importtime_floor(tmp) for _ in range(k)],
            "`umpire --help`": [importtime_cli(["--help"], tmp) for _ in range(k)],
            "`umpire games`": [importtime_cli(["games"], tmp) for _ in range(k)],
            "`umpire check hap …`": [importtime_cli(["check", "hap", *PIECES_HAP], tmp) for _ in range(k)],
            "`umpire check row …`": [importtime_cli(["check", "row", "9-1x2"], tmp) for _ in range(k)],
            "`umpire gen board`": [importtime_cli(["gen", "board", "--seed", "9701", "-n", "1"], tmp) for _ in range(k)],
            "`umpire gen expressions`": [importtime_cli(["gen", "expressions", "--seed", "9701"], tmp) for _ in range(k)],
            "`umpire play` to the prompt": [importtime_repl(tmp, i) for i in range(k)],
        }
    cases = {name: median_of(r) for name, r in runs.items()}
    floor_modules = cases["floor: a minimal typer app"]
    one_shot = [name for name in cases if name.startswith("`umpire") and "play" not in name]
    loaded = {name: [h for h in HEAVY if per.get(h) and h != "umpire"] for name, per in cases.items()}
    notes = [
        "Import profile (`python -X importtime`, self time summed per top-level package, median of "
        f"{k} runs; importtime's own bookkeeping makes these larger than in a plain run):\n\n" + table(cases),
        "Packages loaded: " + "; ".join(f"{name}: {', '.join(pkgs) or 'none'}" for name, pkgs in loaded.items()) + ".",
        "Loaded beyond the minimal typer app (self import time, median; as installed here, so umpire's modules include compiling them): "
        + "; ".join(f"{name}: {beyond_floor(cases[name], floor_modules)}" for name in one_shot)
        + ".",
        "Heaviest umpire modules (self ms): "
        + "; ".join(
            f"{name} ({sum(1 for key in per if key.startswith('mod:umpire'))} umpire modules): {heaviest_umpire(per)}"
            for name, per in cases.items()
        )
        + ".",
    ]
    return Report(
        measures=[
            measure("interpreter floor, `python -c pass`", floor, unit="ms", note="the venv's python, with site"),
            measure("interpreter floor, `python -I -S -c pass`", floor_site, unit="ms", note="no site-packages"),
            measure("`python -c` importing the Hap-Tac-Toe game alone", game_alone, unit="ms", note=f"`{GAME_ALONE}`"),
            measure("`python -c` looking the game up as a scenario does", game_lookup, unit="ms", note=f"`{GAME_LOOKUP}`"),
        ]
        + [
            measure(f"import time, {name}", [r["total"] for r in rs], unit="ms", note="sum of self times under `-X importtime`")
            for name, rs in runs.items()
        ],
        notes=notes,
    )


if __name__ == "__main__":
    from run import main

    sys.exit(main(["--only", "imports", *sys.argv[1:]]))
