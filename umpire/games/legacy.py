"""The old, untyped game interface, kept only while the games move to the contract in base.py.

`Adapter` presents an old-style game through the new contract, so the session has one
code path. Delete this module once every game is converted.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from umpire.core.errors import InvalidCommand
from umpire.core.settings import Setting, Settings
from umpire.games.base import HOST as _HOST
from umpire.games.base import PUBLIC as _PUBLIC
from umpire.games.base import Audience, Game, HelpItem, Post, Renderers, Setup, View, ViewDef, dm
from umpire.games.base import Event as TypedEvent

__all__ = ["HOST", "PUBLIC", "Adapter", "Announcement", "Event", "HelpItem", "LegacyGame", "ModuleGame", "Setup", "View"]

PUBLIC = "public"
HOST = "host"


@dataclass(frozen=True, kw_only=True)
class Event:
    """Old dict-shaped event. `audience` is "public", "host" or "player:<seat>"."""

    kind: str
    t: int
    data: dict[str, Any] = field(default_factory=dict)
    audience: str = PUBLIC
    generated: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "event", "event": self.kind, "t": self.t, "audience": self.audience}
        out.update(self.data)
        return out


@dataclass(frozen=True, kw_only=True)
class Announcement:
    """Old chat text with an audience string."""

    text: str
    audience: str = PUBLIC


class LegacyGame(ABC):
    """The old game interface."""

    key: str
    title: str
    players: tuple[int, int]
    settings: tuple[Setting, ...]
    doc: str

    @abstractmethod
    def start(self, setup: Setup) -> Any: ...
    @abstractmethod
    def parse(self, state: Any, actor: int | None, text: str, resolve: Callable[[str], int]) -> Any: ...
    @abstractmethod
    def apply(self, state: Any, command: Any, now: int) -> tuple[Any, list[Event]]: ...
    @abstractmethod
    def next_due(self, state: Any) -> int | None: ...
    @abstractmethod
    def on_due(self, state: Any, now: int) -> tuple[Any, list[Event]]: ...
    @abstractmethod
    def announce(self, state: Any, event: Event) -> list[Announcement]: ...
    @abstractmethod
    def final(self, state: Any, now: int) -> dict[str, Any]: ...
    @abstractmethod
    def views(self, state: Any, now: int) -> dict[str, View]: ...
    @abstractmethod
    def toolbar(self, state: Any, now: int) -> str: ...
    @abstractmethod
    def help(self) -> list[HelpItem]: ...
    @abstractmethod
    def rulings(self, settings: dict[str, Any]) -> list[str]: ...
    @abstractmethod
    def suggest(self, state: Any, actor: int | None, words: list[str]) -> list[str]: ...

    def query(self, state: Any, now: int, words: list[str]) -> View | None:
        return None

    def validate(self, settings: dict[str, Any]) -> list[tuple[str, str]]:
        return []

    def is_over(self, state: Any) -> bool:
        return bool(getattr(state, "over", False))


class ModuleGame(LegacyGame):
    """Old: rules in one module."""

    rules: Any

    def parse(self, state: Any, actor: int | None, text: str, resolve: Callable[[str], int]) -> Any:
        return self.rules.parse(state, actor, text, resolve)

    def apply(self, state: Any, command: Any, now: int) -> tuple[Any, list[Event]]:
        return self.rules.apply(state, command, now)

    def next_due(self, state: Any) -> int | None:
        return self.rules.next_due(state)

    def on_due(self, state: Any, now: int) -> tuple[Any, list[Event]]:
        return self.rules.on_due(state, now)


def _audience(text: str) -> Audience:
    if text.startswith("player:"):
        return dm(int(text.split(":", 1)[1]))
    return _HOST if text == HOST else _PUBLIC


@dataclass(frozen=True, kw_only=True)
class _Wrapped(TypedEvent):
    """An old event carried through the typed path."""

    old: Event

    @property
    def is_generated(self) -> bool:
        return self.old.generated

    def payload(self) -> dict[str, Any]:
        return dict(self.old.data)

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {"type": "event", "event": self.old.kind, "t": self.t, **self.audience.to_json(names), **self.old.data}


class Adapter(Game[Any, Any]):
    """An old game seen through the new contract."""

    def __init__(self, old: LegacyGame) -> None:
        self.old = old
        self.key, self.title, self.players, self.settings, self.doc = old.key, old.title, old.players, old.settings, old.doc
        self.events = ()
        self.renderers = Renderers()

    def start(self, setup: Setup) -> Any:
        return self.old.start(setup)

    def parse(self, state: Any, actor: int | None, text: str, resolve: Callable[[str], int]) -> Any:
        return self.old.parse(state, actor, text, resolve)

    def _wrap(self, events: list[Event]) -> list[TypedEvent]:
        return [_Wrapped(t=e.t, audience=_audience(e.audience), old=e) for e in events]

    def apply(self, state: Any, command: Any, now: int) -> tuple[Any, list[TypedEvent]]:
        state, events = self.old.apply(state, command, now)
        return state, self._wrap(events)

    def next_due(self, state: Any) -> int | None:
        return self.old.next_due(state)

    def on_due(self, state: Any, now: int) -> tuple[Any, list[TypedEvent]]:
        state, events = self.old.on_due(state, now)
        return state, self._wrap(events)

    def is_over(self, state: Any) -> bool:
        return self.old.is_over(state)

    def validate(self, settings: Settings) -> list[tuple[str, str]]:
        return self.old.validate(settings)

    def announce(self, state: Any, event: TypedEvent) -> list[Post]:
        return [p for p, _ in self.legacy_posts(state, event)]

    def legacy_posts(self, state: Any, event: TypedEvent) -> list[tuple[Post, Audience]]:
        """Old announcements could each name their own audience."""
        assert isinstance(event, _Wrapped)
        return [(Post(text=a.text), _audience(a.audience)) for a in self.old.announce(state, event.old) if a.text]

    def final(self, state: Any, now: int) -> dict[str, Any]:
        return self.old.final(state, now)

    def views(self) -> Sequence[ViewDef[Any]]:
        return [
            ViewDef(name=name, what=f"the {name} view", build=self._builder(name), args="…" if name in _QUERIES else "")
            for name in _VIEW_NAMES[self.key]
        ]

    def _builder(self, name: str) -> Callable[[Any, int, Sequence[str]], View]:
        def build(state: Any, now: int, args: Sequence[str]) -> View:
            if args:
                v = self.old.query(state, now, [name, *args])
                if v is None:
                    raise InvalidCommand(f"“{name}” takes nothing after it")
                return v
            views = self.old.views(state, now)
            if name not in views:
                raise InvalidCommand(f"no “{name}” view now")
            return views[name]

        return build

    def query(self, state: Any, now: int, words: list[str]) -> View | None:
        return self.old.query(state, now, words)

    def toolbar(self, state: Any, now: int) -> str:
        return self.old.toolbar(state, now)

    def help(self) -> list[HelpItem]:
        return self.old.help()

    def rulings(self, settings: Settings) -> list[str]:
        return self.old.rulings(settings)

    def suggest(self, state: Any, actor: int | None, words: list[str]) -> list[str]:
        return self.old.suggest(state, actor, words)


_VIEW_NAMES = {
    "hap-tac-toe": ("status", "board", "haps"),
    "when-stars-align": ("status", "board", "haps"),
    "choice-is-yours": ("status", "plays", "shop", "haps", "puzzles", "solutions"),
    "open-pass": ("status", "bids", "decks", "packs", "trades", "cards"),
    "devils-deal": ("status", "board", "division"),
}
_QUERIES = ("solutions", "cards")
