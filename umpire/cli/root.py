"""The `umpire` typer app, and its help laid out once for every command whichever module defines it
(`HelpGroup`): commands in the order a host meets them, each with its whole first sentence (never cut
with "…"), and arguments and option values named in capitals as users know them (`SCENARIO`,
`JOURNAL`; a parameter may name its own with `metavar=`). The command modules register on `app`,
`check_app` and `gen_app` when imported (`umpire.cli.main` imports the one a command needs).
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperArgument, TyperGroup, TyperOption

from umpire import __version__

# The order a host meets the commands in: host a game, continue or audit it, settle a claim,
# prepare a game by hand, write a scenario, see what there is. Commands not named here follow.
ORDER = ("play", "resume", "replay", "verify", "report", "check", "solve", "gen", "new", "discord", "games")


class _Argument(TyperArgument):
    """An argument shown as its plain name in usage lines (`SCENARIO`, `[FILE]`), not typer's `{scenario}`."""

    def make_metavar(self, ctx: Any, *, usage: bool = False) -> str:
        var = self.metavar or (self.name or "").upper()
        if self.nargs != 1 and not var.endswith("..."):
            var += "..."
        return f"[{var}]" if usage and not self.required else var


def first_sentence(text: str) -> str:
    """The first sentence of a help text's first paragraph, whole.

    >>> first_sentence("Host a game: the REPL, or batch mode. More here.\\n\\nAnd more.")
    'Host a game: the REPL, or batch mode.'
    """
    words = text.split("\n\n", 1)[0].split()
    for i, word in enumerate(words):
        if word.endswith("."):
            return " ".join(words[: i + 1])
    return " ".join(words)


def house_style(command: Any) -> None:
    """Give a command (and, for a group, every command under it) the house's help layout."""
    if isinstance(command, TyperGroup):
        if not isinstance(command, HelpGroup):
            command.__class__ = HelpGroup  # a sub-app made elsewhere without `cls=HelpGroup`
        for sub in command.commands.values():
            house_style(sub)
    for param in getattr(command, "params", ()):
        if type(param) is TyperArgument:
            param.__class__ = _Argument
        elif isinstance(param, TyperOption) and param.metavar is None and not param.is_flag and param.name:
            param.metavar = param.name.upper()


class HelpGroup(TyperGroup):
    """A command group whose listing never cuts a description short; the root orders its commands by ORDER."""

    order: tuple[str, ...] = ()

    def list_commands(self, ctx: Any) -> list[str]:
        names = list(self.commands)
        first = [n for n in self.order if n in self.commands]
        return first + [n for n in names if n not in first]

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is None or cmd.hidden:
                continue
            rows.append((name, " ".join((cmd.short_help or "").split()) or first_sentence(cmd.help or "")))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


class RootGroup(HelpGroup):
    """`umpire` itself: every command under it styled once, listed in ORDER."""

    order = ORDER

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        house_style(self)


app = typer.Typer(
    name="umpire",
    cls=RootGroup,
    help="The host's assistant for text-based online reality games: judge submissions, keep the score, post the results.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
check_app = typer.Typer(
    cls=HelpGroup,
    help="One-shot rulings on a contested claim: a hap, an Expressions answer, an Open, Pass row, a Devil's Deal hand or division.",
    short_help="Rule on a contested claim: a hap, an expression, a row, a hand, a division.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(check_app, name="check")
gen_app = typer.Typer(
    cls=HelpGroup,
    help=(
        "One-shot generators for hosts who run The Choice is Yours by hand: the same seed deals exactly what umpire deals.\n\n"
        "Anyone who knows the seed can compute everything these print: use a seed the players do not know, and keep it secret until the match is over."
    ),
    short_help="Deal a Final Match by hand from a seed: shops, prizes, boards, puzzles.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(gen_app, name="gen")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"umpire {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
) -> None:
    """umpire: the host's assistant for text-based online reality games."""
