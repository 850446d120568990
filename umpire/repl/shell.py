"""The REPL loop: thin, and never ended by a bug in one line.

Clocks run in real time: a background task moves the game clock every fifth of
a second, so reminders print and deadlines apply (and are journaled) while the
host is typing. Ctrl-C cancels the line, Ctrl-D or `quit` leaves.

A companion (the Discord bot, umpire/discord/bot.py) may run in the same event
loop: it starts before the first prompt, moves the clocks itself (`tick`), is
given the outputs of everything the host types (`route`), adds to the toolbar,
and F2 releases the public posts it holds in review mode.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.application import get_app_or_none
from prompt_toolkit.formatted_text import HTML
from prompt_toolkit.history import History, InMemoryHistory, ThreadedHistory
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.patch_stdout import StdoutProxy
from prompt_toolkit.styles import Style

from umpire.core import chat
from umpire.core.clock import fmt_clock
from umpire.core.errors import UmpireError
from umpire.games.base import dm
from umpire.render import printable
from umpire.repl.clock import GameClock
from umpire.repl.companion import REVIEW_KEY, Companion
from umpire.repl.complete import LiveCheck, UmpireCompleter
from umpire.repl.history import HostHistory, history_path
from umpire.repl.pictures import Picture, Pictures
from umpire.repl.show import show
from umpire.repl.terminal import BOLD, CYAN, DIM, RED, YELLOW, Terminal, plain
from umpire.repl.toolbar import Keep, Part, fitted, html, where_parts
from umpire.repl.warmup import ready_ahead
from umpire.session import DmId, Output, OutputKind, Session, recallable

TICK = 0.2
CHECKS_PER_REDRAW = 2000  # lines of a long paste the toolbar's search for a bad line checks at each redraw
HOLD_NOTE = 1.0  # seconds: judging that held the clocks this long is told to the host
STYLE = Style.from_dict(
    {
        "unreadable": "fg:ansired underline",
        "bottom-toolbar": "noreverse bg:#222222 fg:#dddddd",
        "warn": "fg:ansiyellow bold",
        "paused": "fg:ansired bold",
    }
)


_PROMPTS: dict[str | None, Any] = {}  # the prompt for each speaker (None: the host's own lines)


def history_file(session: Session) -> History:
    """History kept across runs: the host's commands only, owner-only and bounded (umpire/repl/history.py), read in the background."""
    return ThreadedHistory(HostHistory(history_path(), lambda text: recallable(session, text)))


def run(
    session: Session,
    *,
    intro: list[str] | None = None,
    terminal: Terminal | None = None,
    pt_input: Any = None,
    pt_output: Any = None,
    history: History | None = None,
    monotonic: Callable[[], float] = time.monotonic,
    companion: Companion | None = None,
) -> None:
    """Host `session` interactively until Ctrl-D or `quit` (with `companion` beside it, in the same event loop)."""
    real_tty = pt_input is None and sys.stdout.isatty()
    term = terminal or Terminal(tty=True if real_tty else None)
    shell, prompt = build(session, term, pt_input=pt_input, pt_output=pt_output, history=history, monotonic=monotonic, companion=companion)
    shell.start(intro or [])
    if pt_input is None:  # a real run, on a terminal or beside the bot
        ready_ahead(prompt.app, session)
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


def build(
    session: Session,
    term: Terminal,
    *,
    pt_input: Any = None,
    pt_output: Any = None,
    history: History | None = None,
    monotonic: Callable[[], float] = time.monotonic,
    companion: Companion | None = None,
) -> tuple[Shell, PromptSession[str]]:
    """The shell and its prompt, not started (`run` starts them; a test may drive `shell.loop` itself)."""
    shell = Shell(session, term, monotonic, companion=companion)
    keys = KeyBindings()
    if companion is not None:

        @keys.add(REVIEW_KEY)
        def _release(event: Any) -> None:
            if not companion.release():
                shell.say("no public post is held")

    prompt: PromptSession[str] = PromptSession(
        message=shell.prompt_text,
        completer=UmpireCompleter(session),
        complete_while_typing=False,
        lexer=shell.live,
        bottom_toolbar=shell.toolbar,
        refresh_interval=0.5,
        history=history if history is not None else (history_file(session) if pt_input is None else InMemoryHistory()),
        style=STYLE,
        input=pt_input,
        output=pt_output,
        key_bindings=keys,
    )
    return shell, prompt


class Shell:
    """The state of one REPL run."""

    def __init__(self, session: Session, term: Terminal, monotonic: Callable[[], float], companion: Companion | None = None) -> None:
        self.session = session
        self.term = term
        self.clock = GameClock(session, monotonic)
        self.names = tuple(p.name for p in session.scenario.roster)
        self.companion = companion
        self.lines = 0  # lines the host entered and the shell handled
        self.live = LiveCheck(session)  # the typed line's colouring and the toolbar's word on it
        if companion is not None:
            companion.attach(self, self.clock)
        self._copied_from: list[str] | None = None
        self._sending: tuple[int, tuple[DmId, ...]] | None = None  # the player whose DMs are being copied, and which
        self._chunks: list[str | Picture] = []
        self._text_only = False
        self._next = 0
        self.pictures = Pictures(session, lambda note: self.term.line(note, YELLOW))

    def start(self, intro: list[str]) -> None:
        s = self.session
        fill = self.term.fill
        self.term.write([fill([(plain(s.title()), BOLD), (" — hosted by umpire",)]), *(fill([(plain(line), DIM)]) for line in intro)])
        commitment = s.commitment_outputs()
        show(self.term, commitment, self.names)
        if self.companion is not None:
            self.companion.route(commitment)
        how = [
            ("Type ", DIM),
            ("help", BOLD, DIM),
            (" for the commands, ", DIM),
            ("rules", BOLD, DIM),
            (" for the house rulings; Tab completes.", DIM),
        ]
        self.term.write([fill(how)])

    def show(self, outs: list[Output]) -> None:
        """Show a companion's outputs (its players' lines' rulings), as the host's own are shown. The toolbar is redrawn
        at the next clock tick (`ticker`), not for each: a burst of rulings must not wait for a redraw each."""
        show(self.term, outs, self.names)

    def say(self, text: str, problem: bool = False) -> None:
        """A companion's note for the host, one line (control characters shown, never obeyed)."""
        self.term.line(printable(text), *((BOLD, YELLOW) if problem else (CYAN,)))

    def prompt_text(self) -> Any:
        """`umpire> `, or `umpire (Yuna)> ` while lines are read as a player's messages.

        Made once per speaker: prompt_toolkit asks for it at every line of the input it draws (81 times to
        draw a pasted block of 60 lines), and each HTML is parsed as XML.
        """
        speaker = self.session.speaker
        made = _PROMPTS.get(speaker)
        if made is None:
            made = _PROMPTS[speaker] = (
                HTML("<b>umpire</b> (<ansicyan>{}</ansicyan>)&gt; ").format(speaker) if speaker else HTML("<b>umpire</b>&gt; ")
            )
        return made

    def toolbar(self) -> Any:
        """The bottom toolbar, fitted to the terminal's width, most urgent first (umpire/repl/toolbar.py): the
        game clock, the running countdowns and reserves, the DMs waiting, the typed line's problem, then where the game is."""
        try:
            return self._toolbar()
        except Exception as exc:  # the toolbar is redrawn twice a second: it must never raise
            return f"clock {fmt_clock(self.clock.now())} · (toolbar error: {type(exc).__name__})"

    def _toolbar(self) -> Any:
        s = self.session
        now = self.clock.now()
        bar = s.game.toolbar(s.state, now)
        clock = Part(f"⏸ PAUSED {fmt_clock(now)}", "paused", Keep.ALWAYS) if s.paused else Part(f"⏱ {fmt_clock(now)}", "b", Keep.ALWAYS)
        dms = s.waiting_dms()
        app = get_app_or_none()
        text = app.current_buffer.text if app is not None else ""
        reason = self.live.problem(text, budget=CHECKS_PER_REDRAW) if text.strip() else None
        parts = [
            clock,
            Part(bar.clock, "b", Keep.ALWAYS),
            Part(f"✉ {dms} DM{'s' if dms != 1 else ''}" if dms else "", "warn", Keep.ALWAYS),
            Part((self.companion.toolbar() or "") if self.companion is not None else ""),
            # it may quote the typed line: its controls are shown, as a refusal's are
            Part(f"⚠ {printable(reason)}" if reason else "", "warn", Keep.SHORTEN),
            *where_parts(bar.where),
        ]
        return html(fitted(parts, self.term.width))

    def tick(self) -> None:
        if self.companion is not None:  # it moves the clocks itself, waiting for messages still on their way
            self.companion.tick(self.clock.now())
            self.clock.follow(self.session)
            return
        outs = self.session.advance(self.clock.now())
        if outs:
            show(self.term, outs, self.names)
            self.clock.follow(self.session)

    async def ticker(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            try:
                self.tick()
            except Exception as exc:  # the clock must keep running
                self.term.line(f"clock error (the game goes on): {exc!r}", RED)
            app = get_app_or_none()
            if app is not None:
                app.invalidate()

    async def loop(self, prompt: PromptSession[str]) -> None:
        if self.companion is not None and not await self._start_companion():
            return
        task = asyncio.create_task(self.ticker())
        try:
            while True:
                try:
                    text = await prompt.prompt_async()
                except KeyboardInterrupt:
                    continue
                except EOFError:
                    break
                going_on = self.handle(text)
                self.lines += 1
                if not going_on:
                    break
        finally:
            task.cancel()
            await self._leave()
        self.term.line("Bye. Everything accepted is in the journal.", DIM)

    async def _start_companion(self) -> bool:
        """Start the companion before the first prompt; False (the game is left as it is) if it cannot start."""
        assert self.companion is not None
        try:
            await self.companion.start()
        except Exception as exc:  # a companion that cannot start ends the run, never with a traceback
            self.term.line(f"✗ {printable(str(exc) or type(exc).__name__)}", BOLD, RED)
            await self.companion.close()
            self.session.close()
            self.term.line("Nothing was changed; the journal is as it was.", DIM)
            return False
        return True

    async def _leave(self) -> None:
        s = self.session
        try:
            self._show(self._flush())
            if self.companion is not None:
                self.tick()
                await self.companion.close()
            else:
                s.advance(self.clock.now())
            s.stop()
        except Exception as exc:  # leaving must always work
            self.term.line(f"could not record the time at quit: {exc!r}", RED)
        s.close()

    def handle(self, text: str) -> bool:
        """Judge what the host entered; False to leave. Never raises: a bug is reported and the session goes on."""
        try:
            return self._handle(text)
        except Exception as exc:  # never lose the session to one bad line (as ptpython's loop)
            self.session.drop_message()
            self.term.line(f"internal error (nothing changed, journal intact): {exc!r}", RED)
            return True

    def _handle(self, text: str) -> bool:
        s = self.session
        if self.term.wraps:
            s.width = self.term.width  # help and rules are laid out for the terminal as it is now
        if not text.strip():  # an empty line ends the message being read: it is judged now
            speaker = s.speaker
            if not self._show(self._flush()):
                return False
            if speaker is not None:
                self.term.line(f"(no longer reading lines as {speaker}'s)", DIM)
            return True
        speaker, held = s.speaker, s.held_lines
        self.tick()
        going_on = self._judged(text)
        if s.speaker is not None and s.speaker != speaker and not s.held_lines:
            # A Discord header entered on its own (typed, or pasted without bracketed paste): the
            # lines after it, up to an empty line, are that player's one message, as a pasted block is.
            self.term.line(f"(the next lines are {s.speaker}'s message, judged together at an empty line)", DIM)
        elif s.held_lines > held:
            n = s.held_lines
            self.term.line(f"(held as part of {s.speaker}'s message: {n} line{'s' if n != 1 else ''}; an empty line submits it)", DIM)
        return going_on

    def _judged(self, text: str) -> bool:
        """Judge `text` and show its rulings, holding the game clock meanwhile: the time umpire takes to judge a long
        paste is not the players' (a 10,000-line paste takes seconds). Beside a companion, which maps its messages'
        own times onto the clock, the clock runs on."""
        started = self.clock.monotonic()
        going_on = self._show(self.session.feed(text, allow_time=False))
        took = self.clock.monotonic() - started
        if self.companion is None:
            self.clock.hold(took)
            if took >= HOLD_NOTE:
                n = text.count("\n") + 1
                self.term.line(f"(the clocks were held for the {took:.1f} s umpire took to judge these {n:,} lines)", DIM)
        return going_on

    def _show(self, outs: list[Output]) -> bool:
        """Show outputs and do the actions among them (`copy`, `quit`); False to leave."""
        going_on = True
        shown: list[Output] = []
        if self.companion is not None:
            self.companion.route(outs)  # what the host's line made goes to Discord too
        for o in outs:
            if o.kind != OutputKind.ACTION:
                shown.append(o)
                continue
            show(self.term, shown, self.names)
            shown = []
            if o.action == "quit":
                self._show(self._flush())
                going_on = False
            elif o.action == "copy":
                self.copy(list(o.args))
        show(self.term, shown, self.names)
        self.clock.follow(self.session)
        return going_on

    def _flush(self) -> list[Output]:
        """Judge the message being read under a Discord header (its lines are one message, at one game time)."""
        self.tick()
        return self.session.flush()

    def copy(self, args: list[str]) -> None:
        """`copy`: the next 2,000-character message of the last public post; `copy NAME`: a player's DMs."""
        s = self.session
        if args and not (len(args) == 1 and args[0].casefold() == "text"):
            self._copy_dms(" ".join(args))
            return
        if self._sending is not None and 0 < self._next < len(self._chunks):
            self._copy_next()  # the rest of a player's long DMs first
            return
        text_only = bool(args) or not s.scenario.pictures  # "copy text", or a scenario with `pictures = false`
        if s.last_public is not self._copied_from or text_only != self._text_only or self._sending is not None:
            self._copied_from, self._text_only, self._sending = s.last_public, text_only, None
            pictures = [] if text_only else [self.pictures.draw(n, post) for n, post in s.last_public_posts if post.image is not None]
            self._chunks = [*pictures, *(part for post in s.last_public for part in chat.split(post))]
            self._next = 0
        if not self._chunks:
            self.term.line("Nothing public has been announced yet.", YELLOW)
            return
        if self._next >= len(self._chunks):
            self._next = 0
        self._copy_next()

    def _copy_dms(self, name: str) -> None:
        """Copy a player's waiting DMs; they are marked sent once a clipboard program has taken the last part."""
        s = self.session
        try:
            seat = s.resolve(name)
        except UmpireError as exc:
            self.term.write([self.term.refusal(f"copy {name}", exc.reason)])
            return
        waiting = s.waiting(seat)
        if not waiting:
            self.term.write([self.term.refusal(f"copy {name}", f"no private messages wait for {s.names[seat]}")])
            return
        to = s.names[seat]
        pictures: list[str | Picture] = []
        if s.scenario.pictures:
            pictures = [self.pictures.draw(d.n, p, to=to) for d in waiting for p in d.posts if p.image]
        show(
            self.term,
            [Output(kind=OutputKind.INFO, text="\n\n".join(d.text for d in waiting), audience=dm(seat), names=s.names)],
            self.names,
        )
        self._copied_from = None
        self._sending = (seat, tuple(d.id for d in waiting))
        self._chunks = [*pictures, *chat.split("\n\n".join(d.text for d in waiting))]
        self._next = 0
        self._copy_next()

    def _copy_next(self) -> None:
        part = self._chunks[self._next]
        self._next += 1
        confirmed = False
        if isinstance(part, Picture):
            where = f"saved as {part.path}" if part.path else f"not saved ({part.problem})"
            from umpire.repl.clipboard import copy_image  # at the first copy, not before the first prompt

            how = copy_image(part.png) or "no picture clipboard here (wl-copy or xclip): drag the file into the chat"
            how = f"the picture ({where}): {how}"
        else:
            from umpire.repl.clipboard import copy as copy_to_clipboard

            copied = copy_to_clipboard(part)
            how, confirmed = copied.how, copied.confirmed
        left = len(self._chunks) - self._next
        if len(self._chunks) > 1:
            more = f"; {left} more: “copy” again for the next" if left else "; that was the last one"
            how = f"message {self._next} of {len(self._chunks)}: {how}{more}"
        self.term.line(how, DIM)
        if self._sending is not None and not left:
            self._sent(confirmed)

    def _sent(self, confirmed: bool) -> None:
        """The last part of a player's DMs was copied: marked sent if a clipboard program took it, else the host confirms."""
        assert self._sending is not None
        seat, ids = self._sending
        self._sending = None
        s = self.session
        name = s.names[seat]
        if not confirmed:
            self.term.line(
                f"Not marked as sent: nothing confirms the clipboard took it. Once you have pasted it into {name}'s DMs, "
                f"type “sent {s.scenario.roster.players[seat].aliases[0] if s.scenario.roster.players[seat].aliases else name}”.",
                YELLOW,
            )
            return
        try:
            outs = s.deliver(seat, ids, via="copied with a clipboard program")
        except UmpireError as exc:
            self.term.line(f"not marked as sent: {exc.reason}", RED)
            return
        show(self.term, outs, self.names)
