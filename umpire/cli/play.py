"""`umpire play SCENARIO`: host a game in the REPL, or run a script in batch mode (the typer command
and its help; `umpire.cli.hosting` does the work, and hosts a plain invocation without typer)."""

from __future__ import annotations

from pathlib import Path

import typer

from umpire.cli.common import complete_scenario
from umpire.cli.hosting import host, runnable
from umpire.cli.root import app

__all__ = ["play", "runnable"]


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
    discord: bool = typer.Option(
        False,
        "--discord",
        help="Host with the Discord bot beside the REPL: players send their moves to it (docs/discord.md; pip install 'umpire[discord]').",
    ),
    ids_file: Path = typer.Option(
        Path("discord.toml"), "--ids", metavar="FILE", help="With --discord: the set-up file (`umpire discord init`)."
    ),
    review: bool = typer.Option(False, "--review", help="With --discord: hold each public post until you press F2 in the REPL."),
) -> None:
    """Host a game: the REPL, or with --script, batch mode.

    Every live game gets a fresh secret seed (128 bits from the operating system) unless --seed is given,
    kept in an owner-only key file beside the journal until `reveal` writes it into the journal. A live
    game in the REPL takes no game input until the players' words are mixed in (`entropy NAME=WORD, …`),
    unless the scenario sets `player_entropy = false`.
    """
    host(scenario, script, json_out, journal, seed, use_scenario_seed, salt, discord, ids_file, review)
