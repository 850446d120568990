"""The host's REPL (prompt_toolkit): paste what players sent, read the rulings, post the announcements."""

from umpire.repl.shell import run

__all__ = ["run"]
