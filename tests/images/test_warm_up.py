"""Each game draws its pictures ahead (`Game.warm_pictures`), and a session runs that in the background.

The warm-up draws one picture of each kind the game posts and throws it away, so that the first
real picture of a session finds its fonts open: these tests clear every font and text cache, warm
up, then draw a picture the game really posts in its transcript's match (different values from the
warm-up's) and check that no font had to be opened for it. Every registered game is checked, with
no line here for any of them.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import umpire.games
from tests.seeds import test_seed
from tests.transcript_support import TRANSCRIPTS, header, scenario_of
from umpire.images import faces, text
from umpire.repl.warmup import WhenIdle, after_first_frame, warm_up_later
from umpire.session import Session


def real_pictures(key: str) -> list[Callable[[], bytes]]:
    """The pictures a game really posts: those of the posts of its transcript's match (the first transcript of its
    scenario), each drawn only when called. They are the game's own, with other values than its warm-up draws."""
    found = umpire.games.entry(key)
    assert found is not None and found.scenario is not None
    script = next(p for p in sorted(TRANSCRIPTS.glob("*.script")) if header(p)["scenario"] == found.scenario)
    session = Session.create(scenario_of(script), journal_path=None, seed=test_seed(scenario_of(script)))
    lines = script.read_text(encoding="utf-8").split("\n")
    return [o.post.image for line in lines for o in session.feed(line) + session.flush() if o.post is not None and o.post.image is not None]


# The games a session's pictures come from: every registered game (the tests' own among them).
KEYS = [e.key for e in umpire.games.entries()]


def _forget_fonts() -> None:
    """Every font and text cache emptied, as in a process that has drawn nothing (earlier tests drew)."""
    faces.forget()
    for cache in (text._items, text._measured, text._char_advance, text._run_advance):
        cache.cache_clear()
    text.forget()


def _fonts_opened() -> int:
    return faces._bundled.cache_info().misses + faces._system.cache_info().misses


@pytest.mark.parametrize("key", KEYS)
def test_a_games_warm_up_opens_every_font_its_first_real_picture_needs(key: str) -> None:
    game = umpire.games.get(key)
    assert game is not None
    real = real_pictures(key)
    assert real, f"{key}'s transcript posts no picture: every game posts at least its result as one"
    _forget_fonts()
    game.warm_pictures()
    opened = _fonts_opened()
    assert opened > 0, "the warm-up drew nothing"
    png = real[-1]()  # the last picture of the match: for most games its result
    assert png.startswith(b"\x89PNG")
    assert _fonts_opened() == opened, "the first real picture had to open a font the warm-up did not"


def test_the_warm_up_runs_once_in_a_daemon_thread_after_its_delay() -> None:
    ran: list[str] = []
    done = threading.Event()

    def warm() -> None:
        ran.append(threading.current_thread().name)
        done.set()

    timer = warm_up_later(warm, delay=0.0)
    assert timer.daemon, "quitting must never wait for the warm-up"
    assert done.wait(5)
    timer.join(5)
    assert len(ran) == 1 and ran[0] != threading.main_thread().name


def test_the_warm_ups_start_once_at_the_first_frame_not_before_and_not_again() -> None:
    from prompt_toolkit.utils import Event

    class App:
        def __init__(self) -> None:
            self.after_render: Event[App] = Event(self)

    app, ran, done = App(), [], threading.Event()

    def warm() -> None:
        ran.append(1)
        done.set()

    after_first_frame(app, warm)
    time.sleep(0.05)
    assert ran == [], "nothing starts before the first frame is drawn"
    app.after_render.fire()
    assert done.wait(5)
    app.after_render.fire()
    time.sleep(0.05)
    assert ran == [1]


class _Prompt:
    """What `WhenIdle` reads of prompt_toolkit's application: the text in the prompt."""

    def __init__(self) -> None:
        self.current_buffer = self
        self.text = ""


def test_the_pictures_are_drawn_ahead_only_once_the_prompt_has_been_empty_and_untouched_for_a_while() -> None:
    now = [100.0]
    ran = threading.Event()
    calls: list[float] = []

    def warm() -> None:
        calls.append(now[0])
        ran.set()

    idle, app = WhenIdle(warm, idle=2.0, clock=lambda: now[0]), _Prompt()
    idle(app)  # the first frame: an empty prompt
    now[0] = 101.5
    idle(app)
    app.text = "p1: gs"  # the host types: the wait starts again, and a prompt with text in it never counts
    now[0] = 101.9
    idle(app)
    now[0] = 105.0
    idle(app)
    app.text = ""  # the line is entered
    now[0] = 105.1
    idle(app)
    now[0] = 106.9
    idle(app)
    assert not ran.is_set()
    now[0] = 107.2
    idle(app)
    assert ran.wait(5) and calls == [107.2]
    now[0] = 120.0
    idle(app)
    time.sleep(0.05)
    assert calls == [107.2], "drawn ahead once only"


def test_a_warm_up_that_fails_stays_quiet_and_changes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    def broken() -> None:
        raise OSError("no fonts here")

    timer = warm_up_later(broken, delay=0.0)
    timer.join(5)
    assert not timer.is_alive()
    assert capsys.readouterr() == ("", "")


def _loaded(pid: int, library: str) -> bool:
    return library in Path(f"/proc/{pid}/maps").read_text(encoding="utf-8", errors="replace")


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="reads /proc/PID/maps")
def test_the_repl_on_a_terminal_warms_the_pictures_once_its_prompt_is_left_alone(tmp_path: Path) -> None:
    """The real `umpire play` in a pseudo-terminal: at the first prompt Pillow's font code is not
    loaded yet (the warm-up never delays the prompt); once the prompt has been left alone a while, it
    is, though nothing was copied."""
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", XDG_STATE_HOME=str(tmp_path / "state"), TERM="xterm")
    journal = tmp_path / "warm.journal.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "umpire", "play", "hap-tac-toe", "--journal", str(journal)],
        stdin=child,
        stdout=child,
        stderr=child,
        cwd=tmp_path,
        env=env,
        start_new_session=True,
    )
    os.close(child)
    seen = b""
    try:
        deadline = time.monotonic() + 30
        while b"umpire>" not in re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", seen) and time.monotonic() < deadline:
            if select.select([main], [], [], 0.1)[0]:
                seen += os.read(main, 65536)
        assert b"umpire>" in re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", seen), seen[-500:]
        assert not _loaded(proc.pid, "_imagingft"), "the pictures were warmed before the first prompt"
        deadline = time.monotonic() + 20
        while not _loaded(proc.pid, "_imagingft") and time.monotonic() < deadline:
            if select.select([main], [], [], 0.1)[0]:
                os.read(main, 65536)
        assert _loaded(proc.pid, "_imagingft"), "the pictures were never warmed"
        os.write(main, b"\x04")
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)
