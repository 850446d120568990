"""The game contract: what every game hands the session, the REPL and the CLI.

A game is pure. `apply` takes a state, a command and the game time and returns the
next state and the events that happened, or raises a refusal. Time passing is an
input too: `next_due` says when the rules next act on their own (a `Deadline` from
`umpire.core.deadline`) and `on_due` does it.

Events are typed values (one frozen dataclass per kind) that say who may see them:
everyone, one player, or the host alone. A game's `renderers` table turns each kind
into chat text; a kind without a renderer is an error, never a silent fallback.

docs/writing-a-game.md explains the contract with a complete small example.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from typing import Any, ClassVar, Generic, Literal, TypeAlias, TypeVar

from umpire.core.players import Roster
from umpire.core.settings import Setting, Settings
from umpire.core.streams import Streams

S = TypeVar("S")  # a game's state
C = TypeVar("C")  # a game's command
E = TypeVar("E", bound="Event")

JSON: TypeAlias = Any  # a value json.dumps accepts (mypy cannot spell recursive JSON usefully)

Resolve = Callable[[str], int]
"""Turns a player's name or alias into a seat, refusing unknown or ambiguous names."""


# ---------------------------------------------------------------- audiences


@dataclass(frozen=True)
class Audience:
    """Who may see an event: everyone, one player (a DM), or the host alone.

    The host sees everything; a player's messages also wait in that player's outbox.
    """

    kind: Literal["public", "player", "host"]
    seat: int | None = None

    def __post_init__(self) -> None:
        if (self.kind == "player") != (self.seat is not None):
            raise ValueError("a player audience needs a seat, and only a player audience has one")

    @property
    def public(self) -> bool:
        """Whether everyone may see it."""
        return self.kind == "public"

    def __str__(self) -> str:
        """A stable label: "public", "host" or "player:SEAT"."""
        return self.kind if self.seat is None else f"player:{self.seat}"

    def to_json(self, names: Sequence[str]) -> dict[str, str]:
        """The audience as JSON fields: `{"audience": "player", "to": "Hedger"}` or `{"audience": "public"}`."""
        if self.seat is not None:
            return {"audience": self.kind, "to": names[self.seat]}
        return {"audience": self.kind}


PUBLIC = Audience("public")
HOST = Audience("host")


def dm(seat: int) -> Audience:
    """The audience of a private message to the player in `seat`."""
    return Audience("player", seat)


# ---------------------------------------------------------------- events


_PLAIN = frozenset({str, int, float, bool, type(None)})


def jsonable(value: object) -> JSON:
    """A value as JSON data: enums by value, tuples as lists, dataclasses as objects."""
    if type(value) in _PLAIN:  # the common case first (exact types: an enum that is also a str is not plain)
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in fields(value)}
    raise TypeError(f"{type(value).__name__} is not JSON data")


_PAYLOAD_FIELDS: dict[type, tuple[str, ...]] = {}  # an event class's payload fields, looked up once


@dataclass(frozen=True, kw_only=True)
class Event:
    """Something that happened, as data: subclass once per kind, with the kind's fields.

    `kind` names it in JSON output; `generated` marks a seeded item revealed now (checked by
    `umpire verify`). Field names are the JSON keys, so keep them stable: journals and
    transcripts carry them.
    """

    kind: ClassVar[str] = ""
    generated: ClassVar[bool] = False

    t: int
    audience: Audience = PUBLIC

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.__dict__.get("kind") and not cls.__name__.startswith("_"):
            raise TypeError(f"event class {cls.__name__} must set `kind`")

    @property
    def is_generated(self) -> bool:
        """Whether this event reveals a seeded item (the kind's `generated`; a kind may decide per event)."""
        return self.generated

    def payload(self) -> dict[str, JSON]:
        """The kind's own fields as JSON data (everything but `t` and `audience`)."""
        names = _PAYLOAD_FIELDS.get(type(self))
        if names is None:
            names = _PAYLOAD_FIELDS[type(self)] = tuple(f.name for f in fields(self) if f.name not in ("t", "audience"))
        return {name: jsonable(getattr(self, name)) for name in names}

    def to_json(self, names: Sequence[str]) -> dict[str, JSON]:
        """The event as one JSON object for `--json`, its audience named."""
        data: dict[str, JSON] = {"type": "event", "event": self.kind, "t": self.t}
        data.update(self.audience.to_json(names))
        data.update(self.payload())
        return data


@dataclass(frozen=True, kw_only=True)
class Post:
    """One message to post: chat text (Discord markdown) and, where a picture helps, an image.

    `image` draws the PNG only when asked, so a session that never copies images pays nothing.
    """

    text: str
    image: Callable[[], bytes] | None = field(default=None, compare=False)


Rendered: TypeAlias = str | Post | Sequence[str | Post]


class MissingRenderer(LookupError):
    """An event kind that its game cannot put into words: a bug a test catches."""


class Renderers(Generic[S]):
    """A game's table from event kind to renderer.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, kw_only=True)
    ... class Rang(Event):
    ...     kind = "rang"
    ...     times: int
    >>> table: Renderers[None] = Renderers()
    >>> @table.on(Rang)
    ... def _(state: None, ev: Rang) -> str:
    ...     return f"The bell rang {ev.times} times."
    >>> [p.text for p in table.render(None, Rang(t=0, times=3))]
    ['The bell rang 3 times.']
    """

    def __init__(self) -> None:
        self._table: dict[type[Event], Callable[[S, Any], Rendered]] = {}

    def on(self, kind: type[E]) -> Callable[[Callable[[S, E], Rendered]], Callable[[S, E], Rendered]]:
        """Register the renderer of one event kind (a decorator)."""

        def register(fn: Callable[[S, E], Rendered]) -> Callable[[S, E], Rendered]:
            if kind in self._table:
                raise ValueError(f"{kind.__name__} already has a renderer")
            self._table[kind] = fn
            return fn

        return register

    def kinds(self) -> frozenset[type[Event]]:
        """Every event kind with a renderer."""
        return frozenset(self._table)

    def render(self, state: S, event: Event) -> list[Post]:
        """The posts for one event (`state` is the state after it). Raises MissingRenderer."""
        fn = self._table.get(type(event))
        if fn is None:
            raise MissingRenderer(f"no renderer for {type(event).__name__} ({event.kind!r})")
        out = fn(state, event)
        if isinstance(out, str):
            return [Post(text=out)]
        if isinstance(out, Post):
            return [out]
        return [p if isinstance(p, Post) else Post(text=p) for p in out]


# ---------------------------------------------------------------- what the host sees


@dataclass(frozen=True, kw_only=True)
class Setup:
    """Everything a game starts from: the players, the checked `[rules]` settings and the seed's streams."""

    roster: Roster
    settings: Settings
    streams: Streams


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


# ---------------------------------------------------------------- the game


class Game(ABC, Generic[S, C]):
    """A game's rules, commands, announcements and views, over its state `S` and command `C`."""

    key: str
    title: str
    players: tuple[int, int]  # fewest and most players
    settings: tuple[Setting, ...]
    doc: str  # path of the game's doc under docs/
    events: tuple[type[Event], ...]  # every kind of event the game emits
    renderers: Renderers[S]

    # -- rules (pure)

    @abstractmethod
    def start(self, setup: Setup) -> S:
        """The state before the first input."""

    @abstractmethod
    def parse(self, state: S, actor: int | None, text: str, resolve: Resolve) -> C:
        """Read one command from a player (`actor` = seat) or the host (`actor` None)."""

    @abstractmethod
    def apply(self, state: S, command: C, now: int) -> tuple[S, list[Event]]:
        """Judge a command at game time `now`: the next state and its events, or a refusal."""

    @abstractmethod
    def next_due(self, state: S) -> int | None:
        """When the rules next act on their own (a deadline's reminder or passing), or None."""

    @abstractmethod
    def on_due(self, state: S, now: int) -> tuple[S, list[Event]]:
        """Do what is due at `now` (which is `next_due(state)`)."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""

    def message(self, state: S, actor: int | None, lines: Sequence[str]) -> list[str]:
        """The inputs that one chat message of several lines makes, judged in turn: by default, each line on its own.

        A message is what one sender sent at once: the lines under a Discord header up to an empty
        line, the next header or a time line, or one Discord message received by a bot. A game whose
        card reads a multi-line message as one submission (Devil's Deal: a division written a pile a
        line) returns the lines joined by newlines, and its `parse` reads that text as a whole.
        """
        return list(lines)

    def validate(self, settings: Settings) -> list[tuple[str, str]]:
        """Problems between settings that each look fine alone, as (key, message); none by default."""
        return []

    def validate_players(self, settings: Settings, players: int) -> list[tuple[str, str]]:
        """Problems between the settings and the number of players seated, as (key, message); none by default."""
        return []

    # -- text

    def announce(self, state: S, event: Event) -> list[Post]:
        """The posts for one event, all for the event's audience (`state` is the state after it)."""
        return self.renderers.render(state, event)

    @abstractmethod
    def final(self, state: S, now: int) -> dict[str, JSON]:
        """The whole state as JSON data (the `final` object of `--json`)."""

    @abstractmethod
    def views(self) -> Sequence[ViewDef[S]]:
        """The host views, by name; each is built only when asked for."""

    @abstractmethod
    def toolbar(self, state: S, now: int) -> str:
        """One short line for the REPL's bottom toolbar: whose turn, running clocks. Must be cheap."""

    @abstractmethod
    def help(self) -> list[HelpItem]:
        """The game's commands with examples."""

    @abstractmethod
    def rulings(self, settings: Settings) -> list[str]:
        """The house rulings in force, in the host's words, each naming its key (R-…) and setting."""

    @abstractmethod
    def suggest(self, state: S, actor: int | None, words: list[str]) -> list[str]:
        """Words that may come next after `words`, for tab completion. Must be cheap."""

    def view(self, name: str) -> ViewDef[S] | None:
        """The view called `name`, or None."""
        for v in self.views():
            if v.name == name:
                return v
        return None
