"""Drawing a game's pictures ahead, in the background, so that the first one the host copies is quick."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable

WARM_DELAY = 1.0  # seconds: the first prompt and the host's first keys come before the pictures' warm-up


def warm_up_later(warm: Callable[[], None], delay: float = WARM_DELAY) -> threading.Timer:
    """Run `warm` (a game's `warm_pictures`) once, in a background thread, `delay` seconds from now.

    The first picture the host copies (or the bot posts) then finds its fonts and shapes ready. The
    thread is a daemon: quitting never waits for it. What it draws is thrown away, and a failure is
    left for the real picture to report when it is copied.
    """

    def quietly() -> None:
        with contextlib.suppress(Exception):
            warm()

    timer = threading.Timer(delay, quietly)
    timer.daemon = True
    timer.start()
    return timer
