"""What a session's first line and first picture need, made ready in the background.

A session starts with what its first prompt shows, and leaves the rest for later: `umpire.session.warm_up`
(the judging, the host's commands, the game's rules) and a game's `warm_pictures` (its fonts and shapes).
The REPL runs each in a daemon thread, so the prompt never waits for them and the first line and the first
picture then cost what the next ones do: the first line's part once the first frame is drawn (~20 ms, long
before anyone can type a line), the pictures' (Pillow imported and a few pictures drawn, ~100 ms) once the
host has left an empty prompt alone for `IDLE` seconds, so that it never competes with a paste being judged.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from umpire import startup
from umpire.session import Session, warm_up

IDLE = 2.0  # seconds of an empty prompt left alone before the pictures are drawn ahead


def warm_up_later(warm: Callable[[], None], delay: float = 0.0) -> threading.Timer:
    """Run `warm` once, in a background thread, `delay` seconds from now.

    The thread is a daemon: quitting never waits for it. What it makes is only made ahead: a failure
    is left for the real use to report (a picture when it is copied, a line when it is judged).
    """

    def quietly() -> None:
        with contextlib.suppress(Exception):
            warm()

    timer = threading.Timer(delay, quietly)
    timer.daemon = True
    timer.start()
    return timer


def after_first_frame(app: Any, warm: Callable[[], None], *, first: Callable[[], None] | None = None) -> None:
    """Start `warm` with `warm_up_later` once `app` (prompt_toolkit's) has drawn its first frame, after
    running `first` there and then, if given."""
    started = False

    def first_frame(_: object) -> None:
        nonlocal started
        if not started:
            started = True
            if first is not None:
                first()
            warm_up_later(warm)

    app.after_render += first_frame


class WhenIdle:
    """An `after_render` handler that starts `warm` once, when the prompt has been empty and untouched
    for `idle` seconds (prompt_toolkit redraws the REPL at least every 0.2 s, at each tick of its clock)."""

    def __init__(self, warm: Callable[[], None], idle: float = IDLE, clock: Callable[[], float] = time.monotonic) -> None:
        self.warm, self.idle, self.clock = warm, idle, clock
        self.text: str | None = None  # what the prompt held at the last frame
        self.since = 0.0  # since when it has held that
        self.started = False

    def __call__(self, app: Any) -> None:
        if self.started:
            return
        now, text = self.clock(), app.current_buffer.text
        if text != self.text:
            self.text, self.since = text, now
        elif not text and now - self.since >= self.idle:
            self.started = True
            warm_up_later(self.warm)


def ready_ahead(app: Any, session: Session) -> None:
    """What `session`'s first line needs once `app` has drawn its first frame, and its game's pictures (if
    the scenario posts pictures) once the host has left the prompt alone for `IDLE` seconds. At the first
    frame the garbage collector is turned back on (`umpire.startup`)."""
    after_first_frame(app, partial(warm_up, session), first=startup.resume)  # the collector, off while umpire started
    if session.scenario.pictures:
        app.after_render += WhenIdle(session.game.warm_pictures)
