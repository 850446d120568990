"""The REPL loop: thin, and never ended by a bug in one line.

Clocks run in real time: a background task moves the game clock every fifth of
a second, so reminders print and deadlines apply (and are journaled) while the
host is typing. Ctrl-C cancels the line, Ctrl-D or `quit` leaves.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.application import get_app_or_none
from prompt_toolkit.formatted_text import HTML
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.patch_stdout import StdoutProxy
from prompt_toolkit.styles import Style
from rich.console import Console
from rich.markup import escape

from umpire.core.clock import fmt_clock
from umpire.repl.clipboard import copy as copy_to_clipboard
from umpire.repl.complete import LiveCheck, UmpireCompleter
from umpire.repl.show import show
from umpire.session import Session, unreadable

TICK = 0.2
STYLE = Style.from_dict(
    {
        "unreadable": "fg:ansired underline",
        "bottom-toolbar": "noreverse bg:#222222 fg:#dddddd",
        "warn": "fg:ansiyellow bold",
        "paused": "fg:ansired bold",
    }
)


class GameClock:
    """Game time from the wall clock: runs while the session's clocks run, holds while paused."""

    def __init__(self, session: Session, monotonic: Callable[[], float] = time.monotonic) -> None:
        self.monotonic = monotonic
        self.base = session.now
        self.since: float | None = None if session.paused else monotonic()

    def now(self) -> int:
        if self.since is None:
            return self.base
        return self.base + int((self.monotonic() - self.since) * 1000)

    def follow(self, session: Session) -> None:
        """Match the session after a command: paused, resumed, or rewound by an undo."""
        if session.paused:
            self.base, self.since = session.now, None
        elif self.since is None:
            self.base, self.since = session.now, self.monotonic()


def history_file() -> History:
    """History kept across runs, in $XDG_STATE_HOME/umpire (or ~/.local/state/umpire)."""
    root = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    path = Path(root) / "umpire" / "history"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(exist_ok=True)
        return FileHistory(str(path))
    except OSError:
        return InMemoryHistory()


def run(
    session: Session,
    *,
    intro: list[str] | None = None,
    console: Console | None = None,
    pt_input: Any = None,
    pt_output: Any = None,
    history: History | None = None,
    monotonic: Callable[[], float] = time.monotonic,
) -> None:
    """Host `session` interactively until Ctrl-D or `quit`."""
    real_tty = pt_input is None and sys.stdout.isatty()
    con = console or Console(force_terminal=real_tty or None, soft_wrap=True, highlight=False)
    shell = Shell(session, con, monotonic)
    prompt: PromptSession[str] = PromptSession(
        message=shell.prompt_text,
        completer=UmpireCompleter(session),
        complete_while_typing=False,
        lexer=LiveCheck(session),
        bottom_toolbar=shell.toolbar,
        refresh_interval=0.5,
        history=history if history is not None else (history_file() if pt_input is None else InMemoryHistory()),
        style=STYLE,
        input=pt_input,
        output=pt_output,
    )
    shell.start(intro or [])
    if real_tty:
        # What patch_stdout does, but flushing every 10 ms rather than every 200 ms, so an
        # announcement printed between two quickly entered lines is not held back.
        proxy = StdoutProxy(raw=True, sleep_between_writes=0.01)
        saved = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = proxy
        try:
            asyncio.run(shell.loop(prompt))
        finally:
            proxy.close()
            sys.stdout, sys.stderr = saved
    else:
        asyncio.run(shell.loop(prompt))


class Shell:
    """The state of one REPL run."""

    def __init__(self, session: Session, console: Console, monotonic: Callable[[], float]) -> None:
        self.session = session
        self.con = console
        self.clock = GameClock(session, monotonic)
        self.names = tuple(p.name for p in session.scenario.roster)

    def start(self, intro: list[str]) -> None:
        s = self.session
        self.con.print(f"[bold]{escape(s.scenario.title)}[/] — umpire hosting {escape(s.scenario.game.title)}")
        for line in intro:
            self.con.print(escape(line), style="dim")
        show(self.con, s.commitment_outputs(), self.names)
        self.con.print("Type [bold]help[/] for the commands, [bold]rules[/] for the house rulings; Tab completes.", style="dim")

    def prompt_text(self) -> Any:
        """`umpire> `, or `umpire (Yuna)> ` while lines are read as a player's messages."""
        speaker = self.session._speaker
        if speaker:
            return HTML("<b>umpire</b> (<ansicyan>{}</ansicyan>)&gt; ").format(speaker)
        return HTML("<b>umpire</b>&gt; ")

    def toolbar(self) -> Any:
        """The bottom toolbar: the line's problem while typing, else whose turn and the clocks."""
        s = self.session
        now = self.clock.now()
        app = get_app_or_none()
        text = app.current_buffer.text if app is not None else ""
        if text.strip():
            reason = unreadable(s, text, allow_time=False)
            if reason:
                return HTML("<warn>⚠ cannot read this line: </warn>{}").format(reason)
        bar = s.scenario.game.toolbar(s.state, now)
        clock = f" · clock {fmt_clock(now)}"
        if s.paused:
            return HTML("<paused>⏸ PAUSED</paused> {}").format(bar + clock)
        return bar + clock

    def tick(self) -> None:
        outs = self.session.advance(self.clock.now())
        if outs:
            show(self.con, outs, self.names)
            self.clock.follow(self.session)

    async def ticker(self) -> None:
        while True:
            await asyncio.sleep(0.2)
            try:
                self.tick()
            except Exception as exc:  # the clock must keep running
                self.con.print(f"[red]clock error (the game goes on): {escape(repr(exc))}[/]")
            app = get_app_or_none()
            if app is not None:
                app.invalidate()

    async def loop(self, prompt: PromptSession[str]) -> None:
        task = asyncio.create_task(self.ticker())
        try:
            while True:
                try:
                    text = await prompt.prompt_async()
                except KeyboardInterrupt:
                    continue
                except EOFError:
                    break
                if not self.handle(text):
                    break
        finally:
            task.cancel()
            if self.session.writer is not None:
                self.session.writer.close()
        self.con.print("Bye. Everything accepted is in the journal.", style="dim")

    def handle(self, text: str) -> bool:
        """Judge what the host entered; False to leave."""
        s = self.session
        head = text.strip().casefold()
        if head in ("quit", "exit"):
            return False
        if head == "copy":
            if not s.last_public:
                self.con.print("Nothing announced yet.", style="yellow")
            else:
                self.con.print(copy_to_clipboard("\n\n".join(s.last_public)), style="dim")
            return True
        from umpire.core.lines import classify

        lines = [ln for ln in text.split("\n") if ln.strip()]
        # A Discord header entered on its own (a paste without bracketed paste, or typed) keeps its
        # speaker for the next lines, shown in the prompt, until an empty line or another header.
        header_only = len(lines) == 1 and classify(lines[0]).kind == "header"
        if not text.strip():
            if s._speaker is not None:
                self.con.print(f"(no longer reading lines as {s._speaker}'s)", style="dim")
            s.end_block()
            return True
        try:
            self.tick()
            outs = s.feed(text, allow_time=False)
        except Exception as exc:  # never lose the session to one bad line
            self.con.print(f"[red]internal error (nothing changed, journal intact): {escape(repr(exc))}[/]")
            s.end_block()
            return True
        if not header_only and not (s._speaker is not None and len(lines) == 1 and classify(lines[0]).kind == "host"):
            s.end_block()
        elif header_only:
            self.con.print(f"(the next lines are {s._speaker}'s messages; an empty line ends that)", style="dim")
        show(self.con, outs, self.names)
        self.clock.follow(s)
        return True
