"""A game's parts named by where they are, and imported when first used.

A `Game(...)` record names every function of its game: the rules, the commands, the announcements,
the views. Importing all of them to build the record made every session's start pay for modules the
first prompt never uses (a game's events alone are a dozen frozen dataclasses, each built at import).
A record may name such a part by where it is instead, "module:name":

* `Later("umpire.games.haptactoe.rules:apply")`: a function, imported at its first call (leading
  arguments, as `functools.partial` binds them, after the name);
* `LaterRenderers("umpire.games.haptactoe.render:RENDER")`: the table of renderers, imported when
  the first event is put into words (or its kinds are asked for);
* `LaterEvents("umpire.games.haptactoe.events:EVENTS")`: the event kinds, imported when first read.

Once imported, the part takes its place in every `Game` record that names it (`Game.__post_init__`
seats it there), so a later call costs exactly what a call of the function itself costs.

>>> f = Later("textwrap:shorten", "a few words of text")
>>> f(width=12), f.where
('a few [...]', 'textwrap:shorten')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeVar, overload

from umpire.games.base import Event, Post, Renderers

if TYPE_CHECKING:
    from umpire.games.base import Game, Rendered

P = TypeVar("P")
E = TypeVar("E", bound=Event)


def _find(where: str) -> Any:
    """What "module:name" names, importing the module."""
    module, _, name = where.partition(":")
    return getattr(import_module(module), name)


class LaterPart:
    """A part of a game imported on first use, which then replaces itself in the records it sits in."""

    def __init__(self, where: str) -> None:
        self.where = where
        self._seats: list[tuple[Game[Any, Any], str]] = []
        self._found: Any = None

    def seat(self, record: Game[Any, Any], name: str) -> None:
        """Record that `record`'s field `name` holds this part (once found, the part itself goes there)."""
        if self._found is not None:
            object.__setattr__(record, name, self._found)
        else:
            self._seats.append((record, name))

    def _place(self, found: Any) -> Any:
        self._found = found
        seats, self._seats = self._seats, []
        for record, name in seats:
            if record.__dict__.get(name) is self:
                object.__setattr__(record, name, found)
        return found

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.where!r})"


class Later(LaterPart):
    """A game's function, "module:name", imported at its first call; `args` are bound before the call's own.

    With a `default`, a module without that name gives the default instead (an optional part of a game).
    """

    def __init__(self, where: str, *args: Any, default: Callable[..., Any] | None = None) -> None:
        super().__init__(where)
        self.args = args
        self.default = default

    def resolve(self) -> Callable[..., Any]:
        """The function itself (imported now if it was not yet)."""
        found = self._found
        if found is None:
            module, _, name = self.where.partition(":")
            fn = getattr(import_module(module), name, None) if self.default is not None else _find(self.where)
            # an optional part the game leaves out is the default, as it is
            found = self._place(self.default if fn is None else partial(fn, *self.args) if self.args else fn)
        return found

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)


class LaterRenderers(LaterPart, Renderers[P]):
    """A game's table of renderers, "module:name", imported when first used."""

    def __init__(self, where: str) -> None:
        LaterPart.__init__(self, where)
        Renderers.__init__(self)

    def resolve(self) -> Renderers[P]:
        """The table itself (imported now if it was not yet)."""
        found = self._found
        if found is None:
            found = self._place(_find(self.where))
        return found

    def on(self, kind: type[E]) -> Callable[[Callable[[P, E], Rendered]], Callable[[P, E], Rendered]]:
        """Register a renderer in the table itself."""
        return self.resolve().on(kind)

    def kinds(self) -> frozenset[type[Event]]:
        """Every event kind with a renderer."""
        return self.resolve().kinds()

    def render(self, public: P, event: Event) -> list[Post]:
        """The posts for one event (see `Renderers.render`)."""
        return self.resolve().render(public, event)


class LaterEvents(LaterPart, Sequence[type[Event]]):
    """A game's event kinds, "module:name" (a tuple), imported when first read."""

    def resolve(self) -> tuple[type[Event], ...]:
        """The kinds themselves (imported now if they were not yet)."""
        found = self._found
        if found is None:
            found = self._place(tuple(_find(self.where)))
        return found

    @overload
    def __getitem__(self, index: int) -> type[Event]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[type[Event]]: ...

    def __getitem__(self, index: int | slice) -> type[Event] | Sequence[type[Event]]:
        return self.resolve()[index]

    def __len__(self) -> int:
        return len(self.resolve())


def resolve_all(record: Game[Any, Any]) -> None:
    """Import every part of `record` named by where it is, now (a front end warming up a session, in the background)."""
    for value in list(vars(record).values()):
        if isinstance(value, Later | LaterRenderers | LaterEvents):
            value.resolve()
