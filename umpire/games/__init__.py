"""The games umpire can host: one registry entry each, read without importing any game.

An entry says everything `umpire games`, `umpire new`, completion and the Discord bot's set-up
file need (name, title, a line of description, player counts, the card's seat count, the doc, the
bundled scenario that the game's name hosts, the channels of its own a bot may post to) and the
package the game lives in. The game's modules are imported only when the game is used, so listing
the games, or starting one of them, never pays for the others.

A game is registered by convention: its `Game` record is assembled from its package's modules by the
conventional names of its parts (`umpire.games.record`), so no game writes one. Checking a scenario
needs only the game's settings: `declared` reads them from the package's `settings` module alone, so
`umpire new` and a scenario's checks never import the game's rules.

A new game is its folder and one more word in `PACKAGES`; a game that lives outside this package (a
plugin, or the tests' own games) is added with `register(entry)`.

>>> entry("open-pass").scenario
'open-pass-heaven-hell'
>>> entry("choice-is-yours").player_count()
'2 players'
>>> entry("open-pass").player_count()
'6–30 players'
"""

from __future__ import annotations

import sys
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import ModuleType

    from umpire.core.settings import Problems, Schema, Setting, Settings
    from umpire.games.base import Game


class PostChannel(NamedTuple):
    """A kind of public post a game may send to a channel of its own, where a bot hosts it (docs/discord.md).

    The bot's set-up file names the channel under `[channels]` by `key`; left out, those posts go to the
    game channel like every other. `kinds` are the `kind`s of the public events posted there: the game
    declares where each kind goes here, once, so that no renderer has to know about channels.
    """

    key: str  # its key in the set-up file's [channels] table, e.g. "shop" (a TOML bare key)
    what: str  # what is posted there, in a few words: the set-up file's comment on the key
    kinds: tuple[str, ...]  # the public event kinds posted there


class Entry(NamedTuple):
    """One game in the registry: what is known about it before it is imported, and where it lives.

    Immutable like the project's frozen dataclasses, but a NamedTuple: every command imports this
    module, and building a dataclass costs about a millisecond of start-up that a NamedTuple does not.
    """

    key: str  # the game's name in scenarios and on the command line, e.g. "open-pass"
    title: str
    summary: str  # one sentence: what is played
    players: tuple[int, int]  # fewest and most players a scenario may seat
    seats: int  # the seats of the match the design card describes (`umpire new` writes this many)
    doc: str  # the game's doc, from the repository's root
    scenario: str | None  # the bundled scenario `umpire play KEY` hosts (its file name without .toml)
    package: str  # the game's package, whose modules hold its parts by their conventional names (`umpire.games.record`)
    book: str = ""  # for one engine with several rule books: the name of this game's book in the package's `settings`
    channels: tuple[PostChannel, ...] = ()  # channels of its own a bot may post some kinds of public post to

    def player_count(self) -> str:
        """The player counts in words: "2 players", "2–30 players"."""
        lo, hi = self.players
        return f"{lo} players" if lo == hi else f"{lo}–{hi} players"


# The games umpire ships: one folder each under umpire/games, in the order `umpire games` lists
# them. Each folder's `__init__` holds its registry entries (`ENTRIES`), and imports nothing heavy.
PACKAGES = ("haptactoe", "choice", "openpass", "devilsdeal")

ENTRIES: tuple[Entry, ...] = tuple(e for package in PACKAGES for e in import_module(f"umpire.games.{package}").ENTRIES)
GAMES: dict[str, Entry] = {e.key: e for e in ENTRIES}


def register(new: Entry) -> Callable[[], None]:
    """Add a game that lives outside this package to the registry; returns what takes it out again.

    `new.package` must be importable. A name already taken is refused with ValueError.
    """
    global ENTRIES
    if new.key in GAMES:
        raise ValueError(f"a game called {new.key!r} is already registered")
    ENTRIES = (*ENTRIES, new)
    GAMES[new.key] = new

    def unregister() -> None:
        global ENTRIES
        ENTRIES = tuple(e for e in ENTRIES if e is not new)
        if GAMES.get(new.key) is new:
            del GAMES[new.key]

    return unregister


def keys() -> list[str]:
    """Every game's name, in the registry's order, without importing any game."""
    return list(GAMES)


def entries() -> tuple[Entry, ...]:
    """Every registry entry, in the order `umpire games` lists them, without importing any game."""
    return ENTRIES


def entry(key: str) -> Entry | None:
    """The registry entry of the game called `key`, or None (imports nothing)."""
    return GAMES.get(key)


def module_of(package: str, role: str) -> str:
    """Where the part of a game with this role lives (`umpire.games.record`): its package's module of that name if
    it has one, else its `rules` (a small game keeps several roles there)."""
    from importlib.util import find_spec

    own = f"{package}.{role}"
    return own if find_spec(own) is not None else f"{package}.rules"


def book_of(found: Entry) -> Any:
    """The rule book an entry names in its package's `settings`, or None for a game with one book."""
    return getattr(import_module(module_of(found.package, "settings")), found.book) if found.book else None


def schema_of(found: Entry) -> Schema:
    """What checking a scenario of the game reads: its settings and their checks, from its `settings` module alone
    (`SCHEMA`, or for a game with rule books `schema_for(book)`)."""
    settings = import_module(module_of(found.package, "settings"))
    book = book_of(found)
    schema: Schema = settings.SCHEMA if book is None else settings.schema_for(book)
    return schema


def get(key: str) -> Game | None:
    """The game registered as `key` (importing only that game), or None."""
    found = GAMES.get(key)
    if found is None:
        kits = sys.modules.get("umpire.kit.game")  # a kit game read from its file in this process (umpire/kit)
        return None if kits is None else kits.BUILT.get(key)
    return record_of(found)


@cache
def record_of(found: Entry) -> Game:
    """The game an entry names, its record assembled once from its package (`umpire.games.record`)."""
    from umpire.games.record import record

    return record(found)


class Declared(NamedTuple):
    """What checking a scenario of a game reads: its name, title and player counts (the entry) and
    its settings with their checks (the `Schema`). A `Game` has the same attributes."""

    key: str
    title: str
    players: tuple[int, int]
    settings: tuple[Setting, ...]
    validate: Callable[[Settings], Problems]
    validate_players: Callable[[Settings, int], Problems]


def declared(key: str) -> Declared | None:
    """What checking a scenario of the game `key` needs, or None for an unknown game: read from the game's
    `settings` module alone (its `Schema`), never its rules."""
    found = GAMES.get(key)
    if found is None:
        return None
    settings, validate, validate_players = schema_of(found)
    return Declared(found.key, found.title, found.players, settings, validate, validate_players)


def tools(key: str) -> ModuleType:
    """The one-shot tools of the game called `key` (its folder's `tools` module), imported on first use.

    The `umpire check`, `gen` and `solve` commands call a game's tools through this, never its other
    modules: a tool takes plain values and returns what to print, or raises an UmpireError.
    """
    found = GAMES.get(key)
    if found is None:
        raise KeyError(key)
    return import_module(found.package + ".tools")


def registry() -> dict[str, Game]:
    """Every game by its name, e.g. "hap-tac-toe" (imports them all)."""
    out = {}
    for key in GAMES:
        game = get(key)
        assert game is not None
        out[key] = game
    return out
