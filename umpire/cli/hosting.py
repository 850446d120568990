"""Hosting a game from the command line: what `umpire play` does, without typer.

`play` (umpire/cli/play.py) is the typer command with its help; `host` does its work. A plain
invocation, the scenario and any of --script/-s, --json, --journal/-j, --seed, --use-scenario-seed
and --salt, each written `--name VALUE`, `--name=VALUE` or `-s VALUE`, is read by `quick_args`
exactly as typer reads it and hosted without loading typer (~15-20 ms of the first prompt). Anything
else (--help, --discord, a mistake for typer to explain, `-jFILE`, `--`, an option given twice, a
value that looks like an option) goes to typer, which reads it as always.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shlex
import shutil
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from umpire import startup

if TYPE_CHECKING:
    from umpire.scenario import Scenario
    from umpire.session import Session

_VALUED = {"--script": "script", "-s": "script", "--journal": "journal", "-j": "journal", "--seed": "seed", "--salt": "salt"}
_FLAGS = {"--json": "json_out", "--use-scenario-seed": "use_scenario_seed"}
DEFAULTS: dict[str, Any] = {
    "script": None,
    "json_out": False,
    "journal": None,
    "seed": None,
    "use_scenario_seed": False,
    "salt": None,
    "discord": False,
    "ids_file": Path("discord.toml"),
    "review": False,
}


def quick_args(args: list[str]) -> dict[str, Any] | None:
    """`umpire play ARGS` as typer reads them (`host`'s keyword arguments), or None where typer must read them.

    >>> quick_args(["hap-tac-toe", "--journal=g.jsonl", "-s", "-"])["journal"], quick_args(["x", "--help"])
    (PosixPath('g.jsonl'), None)
    """
    found: dict[str, Any] = {}
    scenario: str | None = None
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "-" or not arg.startswith("-"):
            if scenario is not None:
                return None  # typer: "Got unexpected extra argument"
            scenario = arg
            continue
        name, eq, value = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        key = _FLAGS.get(name) or _VALUED.get(name)
        if key is None or key in found or (eq and name in _FLAGS):
            return None
        if name in _FLAGS:
            found[key] = True
            continue
        if not eq:
            if i == len(args) or (args[i].startswith("-") and args[i] != "-"):
                return None
            value = args[i]
            i += 1
        found[key] = Path(value) if key == "journal" else value
    if scenario is None:
        return None
    return {"scenario": scenario, **DEFAULTS, **found}


def quick_play(args: list[str]) -> bool:
    """Host `umpire play ARGS` if `quick_args` reads them (True once done); False: typer is to read them."""
    if any(name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ):
        return False  # a shell asking typer to complete the command line
    params = quick_args(args)
    if params is None:
        return False
    try:
        host(**params)
    except (KeyboardInterrupt, EOFError):  # as typer ends an interrupted command
        sys.stderr.write("\nAborted!\n")
        raise SystemExit(1) from None
    except OSError as exc:  # as typer ends a command whose output was closed (`| head`): quietly, status 1
        if exc.errno != errno.EPIPE:
            raise
        quiet = os.open(os.devnull, os.O_WRONLY)
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                os.dup2(quiet, stream.fileno())
        raise SystemExit(1) from None
    return True


def host(
    scenario: str,
    script: str | None,
    json_out: bool,
    journal: Path | None,
    seed: str | None,
    use_scenario_seed: bool,
    salt: str | None,
    discord: bool,
    ids_file: Path,
    review: bool,
) -> None:
    """`umpire play`: the REPL, batch mode with a script, or the REPL with the Discord bot (see `play`'s help)."""
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
        startup.resume()
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
            "Post the commitment below; then collect a word or number from each player and type “entropy NAME=WORD, …”: "
            "no game input is taken before that (the scenario's player_entropy)."
        )
    run(session, intro=intro)


def _host_with_bot(sc: Scenario, journal: Path, seed: str | None, salt: str | None, ids_file: Path, review: bool) -> None:
    """`play --discord`: the set-up checked against Discord before any journal is made, then the REPL with the bot beside it."""
    from umpire.cli.discord_cmd import own_channels, prepare
    from umpire.discord.bot import Bot, wall_clock
    from umpire.repl import run

    ids, token = prepare(sc.roster, ids_file, own_channels(sc.key))
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
