"""Which function draws which picture value: each drawing module registers its own with `painter`.

A picture value and its painter live in the same module: the shared ones (a table of standings,
a hap check) in `umpire.images`, a game's own (its board, its table of cards) in the game's
`drawing` module. Building a value means importing its module, which registers its painter, so
`umpire.images.draw` draws every value that can exist in the process without a central list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from umpire.images.canvas import Canvas

M = TypeVar("M")
Paint = Callable[[M], Canvas]

_PAINTERS: dict[type, Callable[[Any], Canvas]] = {}


def painter(kind: type[M]) -> Callable[[Paint[M]], Paint[M]]:
    """Register the decorated function as the painter of `kind` values (laid out at the current scale).

    One painter a type: a second, different one for the same type is a mistake and raises
    `ValueError` naming both.
    """

    def register(paint: Paint[M]) -> Paint[M]:
        held = _PAINTERS.get(kind)
        if held is not None and held is not paint:
            raise ValueError(
                f"{kind.__name__} is drawn by {held.__module__}.{held.__qualname__}; "
                f"{paint.__module__}.{paint.__qualname__} cannot draw it too"
            )
        _PAINTERS[kind] = paint
        return paint

    return register


def painter_of(kind: type) -> Callable[[Any], Canvas] | None:
    """The painter registered for exactly this type, or None."""
    return _PAINTERS.get(kind)
