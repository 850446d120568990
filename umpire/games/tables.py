"""The tables a game hands the session besides its rules: its moves (what may be done, by whom, when), its
host views, and its part of the REPL's toolbar. `umpire.games.base` names them for the games (they are part
of the contract: docs/writing-a-game.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

S = TypeVar("S")  # a game's state


@dataclass(frozen=True, kw_only=True)
class HelpItem:
    """One command of a game, for `help`; `example` is also fed to the contract test."""

    syntax: str
    what: str
    example: str
    who: Literal["player", "host"] = "player"


@dataclass(frozen=True, kw_only=True)
class View:
    """A host view: a title, a table for the terminal and the same thing as chat text."""

    title: str
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    chat: str = ""
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class ViewDef(Generic[S]):
    """A host view by name, built only when the host asks for it (`status`, `solutions 3`).

    `build(state, now, args)` gets the words after the name and raises InvalidCommand for
    arguments it cannot read; `args` is their syntax for `help` ("" = takes nothing).
    """

    name: str
    what: str
    build: Callable[[S, int, Sequence[str]], View]
    args: str = ""
    example: str = ""

    @property
    def takes_args(self) -> bool:
        """Whether words may follow the view's name."""
        return bool(self.args)


# ---------------------------------------------------------------- moves: what may be done, by whom, when


def anytime(state: object, actor: int | None) -> str | None:
    """A move that may always be made (a view a player asks for, say)."""
    return None


@dataclass(frozen=True, kw_only=True)
class Move(Generic[S]):
    """One kind of command in a game's table of moves: how it is written, who makes it, and when.

    The table is the game's legal-command query. It drives `help` (its forms), completion (the
    moves allowed now, then `complete`), the REPL's live check and the "not now" refusals (the
    session asks `when` before a command of this move is applied, so the rules need not), and
    the contract test's random play and secrecy check (`sealed`).

    `name` ties the move to its commands: every command class the game's `parse` returns names
    its move in a `move` class variable. `words` are the first words it is written with (none
    for a move written without one, as cards or squares alone); `complete(state, actor, words)`
    gives the words that may follow `words` (which start with one of `words`, if it has any).
    A `sealed` move is a secret submission: until an event that `reveals` it, nothing it changes
    may reach anyone but its player and the host. A move is `resent_once` when the same move made
    again costs its player (a claim the rules count as repeated, a second trade offer): an identical
    one from the same player, with nothing judged between and within a few seconds, is taken for a
    message sent twice and counted once (R-READ-5).
    """

    name: str
    forms: tuple[HelpItem, ...]
    who: Literal["player", "host", "either"] = "player"
    when: Callable[[S, int | None], str | None] = anytime
    words: tuple[str, ...] = ()
    complete: Callable[[S, int | None, Sequence[str]], list[str]] | None = None
    sealed: bool = False
    resent_once: bool = False

    def suggest(self, state: S, actor: int | None, words: Sequence[str]) -> list[str]:
        """The words that may come next after `words` in a command of this move."""
        if not words:
            first = list(self.words)
            return first + (self.complete(state, actor, words) if self.complete and not first else [])
        if self.words and words[0].casefold() not in self.words:
            return []
        return self.complete(state, actor, words) if self.complete is not None else []


@dataclass(frozen=True, kw_only=True)
class Toolbar:
    """The game's part of the REPL's bottom toolbar: `clock` (countdowns and reserves, naming whose decision they time;
    always shown, first) and `where` (the rest: parts separated by " · ", most important first, whose turn it is or what
    the game waits for before the rest; the REPL shows as many whole parts as fit the terminal)."""

    clock: str
    where: str = ""
