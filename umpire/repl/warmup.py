"""What a session's first line and first picture need, made ready in the background once the first prompt is up.

A session starts with what its first prompt shows, and leaves the rest for later (`umpire.session.warm_up`: the
judging, the host's commands, the game's rules; a game's `warm_pictures`: its fonts and shapes). The REPL runs
both in daemon threads after it has drawn its first frame: the prompt never waits for them, and the first line
and the first picture then cost what the next ones do.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

from umpire.session import Session, warm_up

PICTURES_DELAY = 1.0  # seconds after the first frame: the first line's warm-up and the host's first keys come before the pictures'


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


def after_first_frame(app: Any, *warm_ups: tuple[Callable[[], None], float]) -> None:
    """Start each `(warm, delay)` with `warm_up_later` once `app` (prompt_toolkit's) has drawn its first frame."""
    started = False

    def first_frame(_: object) -> None:
        nonlocal started
        if not started:
            started = True
            for warm, delay in warm_ups:
                warm_up_later(warm, delay)

    app.after_render += first_frame


def ready_ahead(app: Any, session: Session) -> None:
    """Once `app` has drawn its first frame: what `session`'s first line needs at once, and its game's
    pictures (if the scenario posts pictures) `PICTURES_DELAY` later."""
    pictures = [(session.game.warm_pictures, PICTURES_DELAY)] if session.scenario.pictures else []
    after_first_frame(app, (partial(warm_up, session), 0.0), *pictures)
