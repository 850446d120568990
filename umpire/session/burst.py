"""A burst whose fsync failed is taken back: what committing entries changes in an engine, saved before the burst.

A pasted block's entries are written as they are judged and made durable together, by one fsync
(`Engine.batched`). Should that fsync fail, none of them stands: the journal is cut back to where
it was, and the engine goes back to what is saved here.
"""

from __future__ import annotations

import copy
from array import array
from dataclasses import fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from umpire.session.engine import Engine

_SAVED = ("state", "now", "paused", "revealed", "entries", "last_events", "last_public", "last_public_posts")


class Saved:
    """An engine's game, clock, undo history, outbox, message sources and fairness, as they were."""

    def __init__(self, engine: Engine) -> None:
        self.values = {name: getattr(engine, name) for name in _SAVED}
        self.history = list(engine.history)
        self.sources = set(engine.sources)
        self.outbox = copied(engine.outbox)
        self.fair = copied(engine.fair)

    def restore(self, engine: Engine) -> None:
        """Put the engine back as it was when this was saved."""
        for name, value in self.values.items():
            setattr(engine, name, value)
        engine.history[:] = self.history
        engine.sources = self.sources
        engine.outbox = self.outbox
        vars(engine.fair).update(vars(self.fair))  # the session holds this same Fairness


def copied(obj: Any) -> Any:
    """A copy of a dataclass whose lists, sets, arrays and dicts (and a dict's lists) are copies too: a value to go back to."""
    out = copy.copy(obj)
    for f in fields(obj):
        value = getattr(obj, f.name)
        if isinstance(value, dict):
            value = {k: list(v) if isinstance(v, list) else v for k, v in value.items()}
        elif isinstance(value, list | set | array):
            value = copy.copy(value)
        setattr(out, f.name, value)
    return out
