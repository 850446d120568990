"""The REPL's game clock: game time read from the wall clock (any clock that reads seconds)."""

from __future__ import annotations

import time
from collections.abc import Callable

from umpire.session import Session


class GameClock:
    """Game time from the wall clock: runs while the session's clocks run, holds while paused."""

    def __init__(self, session: Session, monotonic: Callable[[], float] = time.monotonic) -> None:
        self.monotonic = monotonic
        self.base = session.now
        self.since: float | None = None if session.paused else monotonic()

    def now(self) -> int:
        if self.since is None:
            return self.base
        return self.base + round((self.monotonic() - self.since) * 1000)

    def hold(self, seconds: float) -> None:
        """Take `seconds` out of the game time (umpire's own judging time, not the players'): a running clock resumes where it was."""
        if self.since is not None:
            self.since += seconds

    def follow(self, session: Session) -> None:
        """Match the session after a command: paused, resumed, or rewound by an undo."""
        if session.paused:
            self.base, self.since = session.now, None
        elif self.since is None:
            self.base, self.since = session.now, self.monotonic()
