"""The `umpire` command line (typer). Each command imports what it needs when it runs,
so `umpire --help` and one-shot checks start fast."""

from __future__ import annotations

import typer

from umpire import __version__

app = typer.Typer(
    name="umpire",
    help="The host's assistant for text-based online reality games: judge submissions, keep the score, post the results.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
check_app = typer.Typer(help="One-shot validators for a contested claim.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(check_app, name="check")
gen_app = typer.Typer(
    help="One-shot generators for hosts who run a game by hand (same seed, same deal as umpire's).",
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


def main() -> None:
    """Entry point of the `umpire` console script."""
    from umpire.cli import check, devils, games, gen, journal_cmds, new, play  # noqa: F401 - registers the commands

    app()
