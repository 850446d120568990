"""What every game provides to the session, the REPL and the CLI.

A game is pure: `apply` takes a state, a command and the game time and returns
the next state and the events that happened, or raises a refusal. Time passing
is an input too: `next_due` says when the rules next want to act on their own
(a reminder, a deadline) and `on_due` does it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from umpire.core.players import Roster
from umpire.core.settings import Setting
from umpire.core.streams import Streams

PUBLIC = "public"
HOST = "host"


@dataclass(frozen=True, kw_only=True)
class Event:
    """Something that happened, as data. `audience` is "public", "host" or "player:<seat>"."""

    kind: str
    t: int
    data: dict[str, Any] = field(default_factory=dict)
    audience: str = PUBLIC
    generated: bool = False  # a seeded item revealed now (checked by `umpire verify`)

    def to_json(self) -> dict[str, Any]:
        """The event as one JSON object."""
        out: dict[str, Any] = {"type": "event", "event": self.kind, "t": self.t, "audience": self.audience}
        out.update(self.data)
        return out


@dataclass(frozen=True, kw_only=True)
class Announcement:
    """Chat-ready text (Discord markdown) and who it is for."""

    text: str
    audience: str = PUBLIC


@dataclass(frozen=True, kw_only=True)
class Setup:
    """Everything a game starts from: the players, the `[rules]` settings and the seed's streams."""

    roster: Roster
    settings: dict[str, Any]
    streams: Streams


@dataclass(frozen=True, kw_only=True)
class HelpItem:
    """One command of a game, for `help`."""

    syntax: str
    what: str
    example: str
    who: str = "player"  # "player" or "host"


@dataclass(frozen=True, kw_only=True)
class View:
    """A host view: a title, a table for the terminal and the same thing as chat text."""

    title: str
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    chat: str = ""
    notes: tuple[str, ...] = ()


class Game(ABC):
    """A game's rules, commands, announcements and views."""

    key: str
    title: str
    players: tuple[int, int]  # fewest and most players
    settings: tuple[Setting, ...]
    doc: str  # path of the game's doc under docs/

    @abstractmethod
    def start(self, setup: Setup) -> Any:
        """The state before the first input."""

    @abstractmethod
    def parse(self, state: Any, actor: int | None, text: str, resolve: Callable[[str], int]) -> Any:
        """Read one command from a player (`actor` = seat) or the host (`actor` None).

        `resolve` turns a player's name or alias into a seat, refusing unknown or ambiguous names.
        """

    @abstractmethod
    def apply(self, state: Any, command: Any, now: int) -> tuple[Any, list[Event]]:
        """Judge a command at game time `now`: the next state and its events, or a refusal."""

    @abstractmethod
    def next_due(self, state: Any) -> int | None:
        """When the rules next act on their own (reminder or deadline), or None."""

    @abstractmethod
    def on_due(self, state: Any, now: int) -> tuple[Any, list[Event]]:
        """Do what is due at `now` (which is `next_due(state)`)."""

    @abstractmethod
    def announce(self, state: Any, event: Event) -> list[Announcement]:
        """The chat text for one event (`state` is the state after it, for names and layout)."""

    @abstractmethod
    def final(self, state: Any, now: int) -> dict[str, Any]:
        """The whole state as JSON data (the `final` object of `--json`)."""

    @abstractmethod
    def views(self, state: Any, now: int) -> dict[str, View]:
        """Host views by command name, e.g. "status", "board", "haps"."""

    @abstractmethod
    def toolbar(self, state: Any, now: int) -> str:
        """One line for the REPL's bottom toolbar: whose turn, running clocks."""

    @abstractmethod
    def help(self) -> list[HelpItem]:
        """The game's commands with examples."""

    @abstractmethod
    def rulings(self, settings: dict[str, Any]) -> list[str]:
        """The house rulings in force, in the host's words, with the settings that shape them."""

    @abstractmethod
    def suggest(self, state: Any, actor: int | None, words: list[str]) -> list[str]:
        """Words that may come next after `words`, for tab completion."""

    def query(self, state: Any, now: int, words: list[str]) -> View | None:
        """A host view that takes arguments (e.g. `solutions 3`), or None if `words` is not one."""
        return None

    def validate(self, settings: dict[str, Any]) -> list[tuple[str, str]]:
        """Problems between settings that each look fine alone, as (key, message); none by default."""
        return []

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended."""
        return bool(getattr(state, "over", False))


class ModuleGame(Game):
    """A game whose pure rules live in one module with `parse`, `apply`, `next_due` and `on_due`;
    the Game subclass adds the text (announcements, views, help) around them."""

    rules: Any  # the rules module

    def parse(self, state: Any, actor: int | None, text: str, resolve: Callable[[str], int]) -> Any:
        return self.rules.parse(state, actor, text, resolve)

    def apply(self, state: Any, command: Any, now: int) -> tuple[Any, list[Event]]:
        return self.rules.apply(state, command, now)

    def next_due(self, state: Any) -> int | None:
        return self.rules.next_due(state)

    def on_due(self, state: Any, now: int) -> tuple[Any, list[Event]]:
        return self.rules.on_due(state, now)
