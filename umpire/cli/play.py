"""`umpire play SCENARIO`: host a game in the REPL, or run a script in batch mode."""

from __future__ import annotations

import os
import shlex
import shutil
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
    game in the REPL takes no game input until the players' words are mixed in (`entropy WORDS…`),
    unless the scenario sets `player_entropy = false`.
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
    if script is not None and discord:
        abort("--discord hosts a live game; batch mode (--script) reads its lines from the file, not from Discord")
    if review and not discord:
        abort("--review goes with --discord (it holds the bot's public posts)")
    if use_scenario_seed and seed is not None:
        abort("give --seed SEED or --use-scenario-seed, not both")
    if use_scenario_seed and sc.seed is None:
        abort(
            f"{path.name} sets no seed, so --use-scenario-seed has nothing to use. Leave it out to host with a fresh secret seed, "
            "or give --seed SEED to reproduce a game"
        )
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
    if discord:
        _host_with_bot(sc, journal, seed, salt, ids_file, review)
        return
    entropy = sc.player_entropy and seed is None  # a live game whose seed umpire draws
    session = _create(sc, journal, seed, salt, player_entropy=entropy)
    from umpire.repl import run

    intro = [f"Journal: {journal} — if this laptop crashes, `{runnable()} resume {shlex.quote(str(journal))}` continues the game."]
    if entropy:
        intro.append(
            "Post the commitment below; then collect a word or number from each player and type “entropy WORDS…”: "
            "no game input is taken before (the scenario's player_entropy)."
        )
    run(session, intro=intro)


def _host_with_bot(sc: Scenario, journal: Path, seed: str | None, salt: str | None, ids_file: Path, review: bool) -> None:
    """`play --discord`: the set-up checked against Discord before any journal is made, then the REPL with the bot beside it."""
    from umpire.cli.discord_cmd import prepare
    from umpire.discord.bot import Bot, wall_clock
    from umpire.repl import run

    ids, token = prepare(sc.roster, ids_file)
    entropy = sc.player_entropy and seed is None
    session = _create(sc, journal, seed, salt, player_entropy=entropy)
    again = f"{runnable()} resume {shlex.quote(str(journal))} --discord --ids {shlex.quote(str(ids_file))}"
    intro = [f"Journal: {journal} — if this laptop crashes, `{again}` continues the game."]
    if entropy:
        intro.append(
            "The bot posts the commitment; each player's first message to it is their word for the seed, and once every "
            "player's is in they are mixed in and the game can begin (the scenario's player_entropy)."
        )
    run(session, intro=intro, companion=Bot(session, ids, token, review=review), monotonic=wall_clock)


def runnable() -> str:
    """How to run this umpire again from here: `umpire` when that is the one on PATH, else the path it was run by."""
    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else ""
    name = Path(argv0).name
    if name in ("umpire", "umpire.exe"):
        on_path = shutil.which("umpire")
        if on_path is not None and os.path.realpath(on_path) == os.path.realpath(argv0):
            return "umpire"
        return shlex.quote(argv0)
    return f"{shlex.quote(sys.executable)} -m umpire"  # `python -m umpire`, or a test runner


def _create(sc: Scenario, journal: Path | None, seed: str | None, salt: str | None, *, player_entropy: bool = False) -> Session:
    from umpire.cli.common import abort
    from umpire.session import Session

    try:
        return Session.create(sc, journal_path=journal, seed=seed, salt=salt, player_entropy=player_entropy)
    except FileExistsError:
        abort(f"{journal} exists already; to continue that game use `{runnable()} resume {shlex.quote(str(journal))}`")
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
