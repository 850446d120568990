"""The `umpire` command line. Each command imports what it needs when it runs, so `umpire --help`
and one-shot checks start fast; a plain `umpire play SCENARIO` (the REPL, or a script) is hosted
without loading typer at all (`umpire.cli.hosting.quick_play`), anything else goes through the
typer app (`umpire.cli.root`: the commands, their help and its layout).
"""

from __future__ import annotations

from typing import Any

# The module that defines each command (and each `check` subcommand). A one-shot command imports
# only its own module, so its start-up does not pay for compiling and loading the others; the
# help, and anything not named here, imports them all.
MODULES: dict[str, tuple[str, ...]] = {
    "play": ("play",),
    "resume": ("journal_cmds",),
    "replay": ("journal_cmds",),
    "verify": ("journal_cmds",),
    "report": ("report_cmd",),
    "check": ("check", "devils"),
    "check hap": ("check",),
    "check expr": ("check",),
    "check row": ("check",),
    "check hand": ("devils",),
    "check division": ("devils",),
    "solve": ("devils",),
    "gen": ("gen",),
    "new": ("new",),
    "discord": ("discord_cmd",),
    "games": ("games",),
}
EVERY_MODULE = ("play", "journal_cmds", "report_cmd", "check", "devils", "gen", "new", "discord_cmd", "games")


def modules_for(args: list[str]) -> tuple[str, ...]:
    """The command modules `umpire ARGS` needs: the invoked command's own, or all of them.

    >>> modules_for(["check", "row", "-5+1"]), modules_for(["games"]), modules_for(["--help"]) == EVERY_MODULE
    (('check',), ('games',), True)
    """
    if not args or args[0].startswith("-"):
        return EVERY_MODULE
    if len(args) > 1 and f"{args[0]} {args[1]}" in MODULES:
        return MODULES[f"{args[0]} {args[1]}"]
    return MODULES.get(args[0], EVERY_MODULE)


def main() -> None:
    """Entry point of the `umpire` console script."""
    import sys

    from umpire import startup

    startup.pause()  # no cyclic garbage collection while starting up: see umpire/startup.py
    args = sys.argv[1:]
    if args[:1] == ["play"]:
        from umpire.cli.hosting import quick_play

        if quick_play(args[1:]):  # a plain `umpire play …`, hosted without loading typer
            return
    for module in modules_for(args):
        __import__(f"umpire.cli.{module}")  # registers its commands (unlike importlib, seen by -X importtime)
    from umpire.cli.root import app

    startup.resume()
    app()


_ROOT_NAMES = ("app", "check_app", "gen_app", "HelpGroup", "RootGroup", "ORDER", "first_sentence", "house_style")


def __getattr__(name: str) -> Any:
    """The typer app and its help layout (umpire.cli.root), loaded when first asked for: `from umpire.cli import app`."""
    if name in _ROOT_NAMES:
        from umpire.cli import root

        return getattr(root, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
