"""`umpire discord init|check`, and what `play --discord` and `resume --discord` share: the set-up read and checked.

Nothing here imports discord.py at import time: plain `umpire play` never loads it (the transport module
is imported only once a bot is checked or started).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from umpire.cli.common import complete_scenario
from umpire.cli.root import HelpGroup, app

if TYPE_CHECKING:
    from umpire.core.players import Roster
    from umpire.discord.ids import Ids
    from umpire.games import PostChannel

discord_app = typer.Typer(
    cls=HelpGroup,
    help=(
        "Host a game through a Discord bot: players send their moves to it, and it posts and DMs what the REPL would have "
        "you paste. `umpire discord init SCENARIO` writes the set-up file; `umpire play SCENARIO --discord` hosts with the bot."
    ),
    short_help="Set up the Discord bot: write the ID file, check it against Discord.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(discord_app, name="discord")

IDS_HELP = "The Discord set-up file (written by `umpire discord init`)."
MISSING_EXTRA = "the Discord bot needs discord.py: pip install 'umpire[discord]' (plain `umpire play` works without it)"


@discord_app.command(short_help="Write the commented set-up file of Discord IDs for a scenario's players.")
def init(
    scenario: str = typer.Argument(
        ..., metavar="SCENARIO", autocompletion=complete_scenario, help="The scenario to host (its players are listed)."
    ),
    output: Path = typer.Option(Path("discord.toml"), "--output", "-o", metavar="FILE", help="Where to write it."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Write the set-up file for hosting SCENARIO with the bot: the server, the public game channel, your user ID, and
    each player's user ID and private submission channel (or DMs), every one at 0 with a comment saying where to find it.

    The bot token is never written there: it comes from the environment variable UMPIRE_DISCORD_TOKEN, or an owner-only
    file named in the set-up file.
    """
    from umpire.cli.common import abort, find_scenario
    from umpire.discord.ids import template
    from umpire.scenario import ScenarioError, load

    path = find_scenario(scenario)
    try:
        sc = load(path)
    except ScenarioError as exc:
        abort(str(exc))
    if output.exists() and not force:
        abort(f"{output} exists already (--force overwrites it)")
    try:
        output.write_text(template(sc.roster, sc.title, path.name, own_channels(sc.key)), encoding="utf-8")
    except OSError as exc:
        abort(f"cannot write {output}: {exc.strerror or exc}")
    typer.echo(
        f"Wrote {output}. Fill in every ID (README.md, “Hosting with the Discord bot”), then `umpire discord check {scenario} --ids {output}`."
    )


@discord_app.command(short_help="Check the set-up file against Discord: every ID, permission and intent.")
def check(
    scenario: str = typer.Argument(..., metavar="SCENARIO", autocompletion=complete_scenario, help="The scenario to host."),
    ids_file: Path = typer.Option(Path("discord.toml"), "--ids", metavar="FILE", help=IDS_HELP),
) -> None:
    """Log in as the bot and check everything `umpire play SCENARIO --discord` needs, each problem with the step that fixes it.

    Exit code 0: ready; 2: something to fix.
    """
    from umpire.cli.common import abort, find_scenario
    from umpire.scenario import ScenarioError, load

    try:
        sc = load(find_scenario(scenario))
    except ScenarioError as exc:
        abort(str(exc))
    ids, _ = prepare(sc.roster, ids_file, own_channels(sc.key))
    typer.echo(f"Ready: the bot can host {sc.title} on the server {ids.server} ({len(ids.players)} players).")


def own_channels(key: str) -> tuple[PostChannel, ...]:
    """The channels of its own the game `key` may post to (from its registry entry, without importing the game)."""
    from umpire.games import entry

    found = entry(key)
    return found.channels if found is not None else ()


def prepare(roster: Roster, ids_file: Path, channels: tuple[PostChannel, ...] = ()) -> tuple[Ids, str]:
    """The set-up file read and checked against Discord, and the token; aborts with every problem and its fix.

    `channels`: the game's own channels, which the file may name under [channels] (`own_channels`)."""
    from umpire.cli.common import abort
    from umpire.discord.ids import SetupError, load, token

    try:
        import discord  # noqa: F401 - only to know it is there: the `discord` extra
    except ImportError:
        abort(MISSING_EXTRA)
    try:
        ids = load(ids_file, roster, channels)
        secret = token(ids)
    except SetupError as exc:
        abort(str(exc))
    import asyncio  # only this command needs an event loop: every other command starts without it

    problems, notes = asyncio.run(_checked(ids, secret))
    for note in notes:  # who else can read a private channel, where no channel setting decides it: the host should know
        typer.echo(f"  ⚠ {note}", err=True)
    if problems:
        steps = "\n".join(f"  ✗ {p}" for p in problems)
        abort(f"the bot cannot host this game yet ({len(problems)} to fix):\n{steps}")
    return ids, secret


async def _checked(ids: Ids, secret: str) -> tuple[list[str], list[str]]:
    from umpire.discord.checks import problems, warnings
    from umpire.discord.transport import preflight
    from umpire.discord.wire import Rejected, Unreachable

    try:
        facts = await preflight(secret, ids)
    except (Rejected, Unreachable) as exc:
        return [str(exc)], []
    return problems(facts, ids), warnings(facts, ids)
