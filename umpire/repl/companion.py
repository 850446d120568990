"""A companion: a front end that runs beside the REPL on the same session, in the same event loop (the Discord bot).

The REPL starts it before the first prompt, lets it move the clocks (`tick`), gives it the outputs of
everything the host types (`route`), adds its part to the toolbar, and calls `release` when the host
presses the review key (F2). It shows what it does through the REPL's shell (`Screen`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from umpire.session import Output

if TYPE_CHECKING:
    from umpire.repl.clock import GameClock

REVIEW_KEY = "f2"


class Screen(Protocol):
    """Where a companion shows what it does: the REPL's shell (which writes to its `Terminal`)."""

    def show(self, outs: list[Output]) -> None: ...

    def say(self, text: str, problem: bool = False) -> None: ...


class Companion(Protocol):
    """A front end running beside the REPL on the same session (the Discord bot)."""

    def attach(self, screen: Screen, clock: GameClock) -> None: ...

    async def start(self) -> None: ...

    def tick(self, now: int) -> None: ...

    def route(self, outs: list[Output]) -> None: ...

    def release(self) -> int: ...

    def toolbar(self) -> str | None: ...

    async def close(self) -> None: ...
