"""`umpire play SCENARIO`: host a game in the REPL, or run a script in batch mode."""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from umpire.cli import app
from umpire.cli.common import complete_scenario

if TYPE_CHECKING:
    from umpire.scenario import Scenario
    from umpire.session import Session


@app.command()
def play(
    scenario: str = typer.Argument(
        ...,
        metavar="SCENARIO",
        help="A scenario file, a bundled scenario's name or a game's name (see `umpire games`).",
        autocompletion=complete_scenario,
    ),
    script: str = typer.Option(
        None, "--script", "-s", metavar="FILE", help="Batch mode: read lines from FILE (- for stdin) instead of the REPL."
    ),
    json_out: bool = typer.Option(False, "--json", help="Batch mode: one JSON object per line (events, refusals, final state)."),
    journal: Path = typer.Option(
        None, "--journal", "-j", metavar="JOURNAL", help="Journal file to create (REPL default: SCENARIO-DATE.journal.jsonl here)."
    ),
    seed: str = typer.Option(
        None,
        "--seed",
        metavar="SEED",
        help="Host with this seed instead of a fresh secret one (to reproduce a game; players who know it can predict everything).",
    ),
    use_scenario_seed: bool = typer.Option(
        False,
        "--use-scenario-seed",
        help="Host with the `seed` the scenario file sets (refused otherwise: anyone with the file could predict the game).",
    ),
    salt: str = typer.Option(
        None, "--salt", metavar="SALT", help="Salt for the commitment (default: random; derived from --seed in batch mode)."
    ),
) -> None:
    """Host a game: the REPL, or with --script, batch mode.

    Every live game gets a fresh secret seed (128 bits from the operating system) unless --seed is given;
    only `reveal` shows it, at the end.
    """
    from umpire.cli.common import abort, find_scenario, stdout_utf8
    from umpire.scenario import ScenarioError, load
    from umpire.session import derive_salt

    stdout_utf8()
    path = find_scenario(scenario)
    try:
        sc = load(path)
    except ScenarioError as exc:
        abort(str(exc))
    if json_out and script is None:
        abort("--json goes with --script (batch mode)")
    if sc.seed is not None and seed is None:
        if not use_scenario_seed:
            abort(
                f"{path.name} sets seed = {sc.seed!r}: anyone with this file can predict every shop, board and deal. "
                "Remove `seed` from the file to host with a fresh secret seed, or pass --use-scenario-seed if no player can know it."
            )
        seed = sc.seed
    if script is not None:
        lines = _read_script(script)
        if salt is None and seed is not None:
            salt = derive_salt(seed)
        session = _create(sc, journal, seed, salt)
        run_batch(session, lines, json_out=json_out)
        return
    if journal is None:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        journal = Path(f"{path.stem}-{stamp}.journal.jsonl")
    session = _create(sc, journal, seed, salt)
    from umpire.repl import run

    run(session, intro=[f"Journal: {journal} — if this laptop crashes, `umpire resume {journal}` continues the game."])


def _create(sc: Scenario, journal: Path | None, seed: str | None, salt: str | None) -> Session:
    from umpire.cli.common import abort
    from umpire.session import Session

    try:
        return Session.create(sc, journal_path=journal, seed=seed, salt=salt)
    except FileExistsError:
        abort(f"{journal} exists already; to continue that game use `umpire resume {journal}`")
    except OSError as exc:
        abort(f"cannot create the journal {journal}: {exc.strerror or exc}")


def _read_script(script: str) -> list[str]:
    from umpire.cli.common import abort

    try:
        data = sys.stdin.buffer.read() if script == "-" else Path(script).read_bytes()
    except OSError as exc:
        abort(f"cannot read the script {script}: {exc.strerror or exc}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        abort(f"{script}: not UTF-8 text (byte {exc.start})")
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def run_batch(session: Session, lines: list[str], *, json_out: bool) -> None:
    """Feed a script's lines in order and print what happens; the last JSON line is the final state."""
    from umpire.render import batch

    for line in batch(session, lines, json_out=json_out):
        sys.stdout.write(line + "\n")
    sys.stdout.flush()
