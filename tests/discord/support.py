"""Hosting a game with the bot against the fake Discord, in-process: the players are fake users, the host types
into the REPL through a pipe (every keystroke counted), and the REPL and the bot share the main thread's event
loop exactly as `umpire play … --discord` runs them. A driver thread plays the match."""

from __future__ import annotations

import asyncio
import concurrent.futures
import io
import threading
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.fakediscord import BotApp, Channel, FakeDiscord, Interaction, Message, User
from tests.fakediscord.client import pointed_at
from umpire.core import journal
from umpire.discord.bot import Bot
from umpire.discord.channels import kinds_with_channels
from umpire.discord.ids import Ids, PlayerIds
from umpire.discord.recovery import Recovery, source
from umpire.repl.shell import Shell, build
from umpire.repl.terminal import Terminal
from umpire.session import Session
from umpire.session import entries as E

T0 = datetime(2026, 3, 14, 20, 0, tzinfo=UTC)
ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "tests" / "transcripts"
T = TypeVar("T")


@dataclass
class Table:
    """A server for one game: the host, a user per player (a private channel each, or DMs), the bot, #game."""

    fake: FakeDiscord
    names: Sequence[str]
    dm_seats: Sequence[int] = ()
    host_owns: bool = True  # the host owns the server (and so reads every channel); else `owner` does, the host a member
    host: User = field(init=False)
    bot: BotApp = field(init=False)
    users: list[User] = field(init=False)
    channels: list[Channel | None] = field(init=False)
    game: Channel = field(init=False)
    lurker: User = field(init=False)
    owner: User = field(init=False)

    def __post_init__(self) -> None:
        f = self.fake
        self.host = f.add_user("host")
        self.lurker = f.add_user("lurker")
        self.bot = f.add_bot("umpire")
        self.owner = self.host if self.host_owns else f.add_user("owner")
        self.guild = f.add_guild("ORG", owner=self.owner)
        self.users = [f.add_user(n.casefold(), global_name=n) for n in self.names]
        for who in (*self.users, self.lurker, self.bot, *(() if self.host_owns else (self.host,))):
            f.add_member(self.guild, who)
        self.game = f.add_text_channel(self.guild, "game")
        self.channels = [
            None if seat in self.dm_seats else f.add_text_channel(self.guild, f"{n.casefold()}-moves", private_to=[u, self.bot])
            for seat, (n, u) in enumerate(zip(self.names, self.users, strict=True))
        ]

    def ids(self, *, allowance_ms: int = 1500, review: bool = False) -> Ids:
        players = tuple(
            PlayerIds(seat=i, name=n, user=u.id, channel=None if c is None else c.id)
            for i, (n, u, c) in enumerate(zip(self.names, self.users, self.channels, strict=True))
        )
        return Ids(
            path="discord.toml",
            server=self.guild.id,
            channel=self.game.id,
            host=self.host.id,
            players=players,
            allowance_ms=allowance_ms,
            review=review,
        )

    def place(self, seat: int) -> Channel | BotApp:
        """Where player `seat` writes: their channel, or their DMs with the bot."""
        return self.channels[seat] or self.bot

    def channel_of(self, seat: int) -> Channel:
        c = self.channels[seat]
        return c if c is not None else self.fake.dm_channel(self.users[seat], self.bot)

    def private_messages(self, seat: int) -> list[Message]:
        """What the bot sent to player `seat` (their channel or their DMs), in order."""
        return self.fake.sent_messages(self.channel_of(seat), bot=self.bot)

    def public(self) -> list[Message]:
        return self.fake.sent_messages(self.game, bot=self.bot)


@dataclass
class Hosted:
    """One run of the REPL with the bot on a session, driven from a thread."""

    fake: FakeDiscord
    table: Table
    session: Session
    ids: Ids
    recovery: Recovery | None = None
    backlog: list[Any] = field(default_factory=list)
    review: bool = False
    keys: int = 0
    out: io.StringIO = field(default_factory=io.StringIO)
    shell: Shell | None = None
    bot: Bot | None = None
    failure: list[BaseException] = field(default_factory=list)
    _loop: asyncio.AbstractEventLoop = field(init=False, repr=False)  # the REPL's and the bot's, once `run` started it

    def wall(self) -> float:
        return self.fake.now().timestamp()

    def run(self, driver: Callable[[Hosted], None], *, timeout: float = 120.0) -> str:
        """Host until the driver is done (then Ctrl-D); returns what the REPL printed."""
        self.bot = Bot(self.session, self.ids, self.table.bot.token, recovery=self.recovery, backlog=self.backlog, review=self.review)
        with pointed_at(self.fake), create_pipe_input() as inp:
            self._inp = inp
            term = Terminal(self.out, width=160)
            shell, prompt = build(
                self.session,
                term,
                pt_input=inp,
                pt_output=DummyOutput(),
                history=InMemoryHistory(),
                monotonic=self.wall,
                companion=self.bot,
            )
            self.shell = shell
            shell.start([])

            def drive() -> None:
                try:
                    self.wait(lambda: self.bot is not None and self.bot.live, "the bot to go live", 60)
                    if self.session.fair.waiting and not self.review:  # players send their words once they see the request
                        self.wait(lambda: self.bot is not None and self.bot.commitment.id is not None, "the commitment posted")
                    driver(self)
                except BaseException as exc:  # reported by run()
                    self.failure.append(exc)
                finally:
                    inp.send_text("\x04")

            thread = threading.Thread(target=drive, daemon=True)

            async def host() -> None:
                self._loop = asyncio.get_running_loop()  # the driver looks at the bot from here (`on_loop`)
                thread.start()
                await asyncio.wait_for(shell.loop(prompt), timeout)

            asyncio.run(host())
            thread.join(timeout=10)
        if self.failure:
            raise self.failure[0]
        return self.out.getvalue()

    # ------------------------------------------------------------ what the driver does

    def on_loop(self, look: Callable[[], T], timeout: float = 20.0) -> T:
        """`look` run on the event loop, between two of its steps: it sees the bot and the session as a whole, never
        halfway through a drain (judged, but not yet answered) or a step of the sender."""
        done: concurrent.futures.Future[T] = concurrent.futures.Future()

        def run() -> None:
            try:
                done.set_result(look())
            except BaseException as exc:  # handed to the driver
                done.set_exception(exc)

        self._loop.call_soon_threadsafe(run)
        return done.result(timeout)

    def wait(self, condition: Callable[[], Any], what: str, timeout: float = 20.0) -> None:
        """Wait until `condition` holds, looked at on the event loop (`on_loop`)."""
        end = time.monotonic() + timeout
        while not self.on_loop(condition, timeout):
            if time.monotonic() > end:
                raise AssertionError(f"gave up waiting for {what}\n--- REPL ---\n{self.out.getvalue()[-3000:]}")
            time.sleep(0.005)

    def type(self, line: str) -> None:
        """The host types a line and presses Enter (counted), then waits until the REPL has handled it."""
        assert self.shell is not None
        before = self.shell.lines
        self.keys += len(line) + 1
        self._inp.send_text(line + "\r")
        self.wait(lambda: self.shell is not None and self.shell.lines > before, f"the REPL to handle {line!r}")

    def press(self, key: str) -> None:
        """The host presses a key (an escape sequence, counted as one keystroke)."""
        self.keys += 1
        self._inp.send_text(key)

    def says(self, seat: int, text: str, *, at: datetime | None = None, wait: bool = True) -> Message:
        """Player `seat` sends a message where they write; waits until the session has taken it."""
        m = self.fake.user_says(self.table.users[seat], self.table.place(seat), text, at=at)
        if wait:
            taken = source(self.table.channel_of(seat).id, m.id)
            self.wait(lambda: taken in self.session.sources or not text.strip(), f"the bot to take {text!r}")
        return m

    def taps(self, seat: int, label: str, *, at: datetime | None = None, wait: bool = True) -> Interaction:
        """Player `seat` taps the live button `label` on the newest message to them that has live buttons (their
        private place, or the game channel's for a question asked in public); waits until the session has taken it."""
        message = self.asking(seat)
        assert message is not None, f"no live buttons for {self.table.names[seat]}"
        (custom_id,) = [b["custom_id"] for b in live_buttons(message) if b["label"] == label]
        ix = self.fake.tap(self.table.users[seat], message, custom_id, at=at)
        if wait:
            taken = source(message.channel.id, ix.id)
            self.wait(lambda: taken in self.session.sources, f"the bot to take the tap on {label!r}")
        return ix

    def asking(self, seat: int) -> Message | None:
        """The message whose live buttons ask player `seat` their question now (in their private place, or in public),
        as the bot has it (None: no question is put to them with buttons now)."""
        bot = self.bot
        assert bot is not None

        def look() -> Message | None:
            asked = bot.questions.latest.get(seat)
            if asked is None or not asked.live:
                return None
            button = bot.questions.custom_id(asked, asked.offered[0])
            found = [m for m in self.fake.sent_messages(bot=self.table.bot) if any(b["custom_id"] == button for b in live_buttons(m))]
            return found[-1] if found else None

        return self.on_loop(look)

    def settle(self, timeout: float = 30.0) -> None:
        """Wait until nothing waits: the bot has caught up with the clock (no deadline left due at the settled time), no
        message is left to judge, no DM in the outbox, nothing left to send, and nothing the bot does a little later
        (the REPL's lines, the confirmations to journal) is left to do."""
        bot = self.bot
        assert bot is not None

        def quiet() -> bool:
            due = None if self.session.paused else self.session.next_due()
            caught_up = due is None or due > bot.settled()
            return caught_up and not bot.pending and not self.session.waiting() and not bot.sender.pending() and bot.pacing.idle()

        self.wait(quiet, "everything to be sent", timeout)

    def set_game_time(self, ms: int) -> None:
        """Move the fake's clock so that the settled game time (the clock less the allowance) is `ms`."""
        self.fake.set_clock(T0 + timedelta(milliseconds=ms + self.ids.allowance_ms))

    def moment(self, ms: int) -> datetime:
        """The wall-clock moment of game time `ms` (the game clock started at T0)."""
        return T0 + timedelta(milliseconds=ms)


def live_buttons(message: Message) -> list[dict[str, Any]]:
    """A message's buttons that can still be tapped."""
    return [b for row in message.components for b in row.get("components") or [] if not b.get("disabled")]


def rulings(path: Path) -> list[tuple[Any, ...]]:
    """A journal's rulings without transport fields: each input (who, what, when) and clock ruling, in order."""
    out: list[tuple[Any, ...]] = []
    for data in journal.read(path).entries:
        entry = E.read(data, str(path))
        if isinstance(entry, E.Input):
            out.append(("input", entry.t, entry.by, entry.text))
        elif isinstance(entry, E.Clock | E.Undo | E.Entropy | E.Reveal):
            out.append((entry.kind, entry.t))
    return out


def heard(path: Path) -> list[E.Heard]:
    return [e for e in (E.read(d, str(path)) for d in journal.read(path).entries) if isinstance(e, E.Heard)]


def entries_of(path: Path) -> list[E.Entry]:
    return [E.read(d, str(path)) for d in journal.read(path).entries]


@dataclass(frozen=True)
class Step:
    """One line of a transcript script: the clock moves (`ms`), the host types (`text`), or a player sends (`seat`, `text`)."""

    kind: str  # "time", "host" or "player"
    text: str = ""
    ms: int = 0
    seat: int = -1


def steps(lines: Sequence[str], session: Session) -> list[Step]:
    """A script's lines as steps (comments and blank lines dropped; `pN: …` is seat N-1)."""
    from umpire.core.clock import parse_clock

    out: list[Step] = []
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("@"):
            out.append(Step("time", ms=parse_clock(line[1:].strip())))
            continue
        head, sep, rest = line.partition(":")
        if sep and head.strip().casefold().startswith("p") and head.strip()[1:].isdigit():
            out.append(Step("player", rest.strip(), seat=session.resolve(head.strip())))
        else:
            out.append(Step("host", line))
    return out


def play(
    h: Hosted, script: Sequence[Step], *, taps: Collection[str] = (), shown: list[tuple[int, str, list[str]]] | None = None
) -> list[Interaction]:
    """Play a script's steps through the fake Discord and the REPL, each player line at the game time it is sent at.

    A player's line that is one of `taps`, sent while a question asks that player with a live button of that word, is
    tapped on it instead (once everything before it has gone out, so that the question is the one it answers); the
    taps. `shown` gets, for each such line, the seat, the line and the words of the live buttons that asked them then."""
    now = 0
    tapped: list[Interaction] = []
    for step in script:
        if step.kind == "time":
            now = step.ms
            h.set_game_time(now)
        elif step.kind == "host":
            h.type(step.text)
        elif step.text in taps and step.text in (offered := settled_offered(h, step.seat)):
            tapped.append(h.taps(step.seat, step.text, at=h.moment(now)))
        else:
            h.says(step.seat, step.text, at=h.moment(now))
        if step.kind == "player" and step.text in taps and shown is not None:
            shown.append((step.seat, step.text, offered))
    h.wait(lambda: h.session.now >= now, f"the game clock to reach {now} ms")
    h.settle()
    return tapped


def settled_offered(h: Hosted, seat: int) -> list[str]:
    """Once everything before has gone out (and the deadlines due are applied), the words of the live buttons of the
    question that asks player `seat` (none: no question with buttons asks them)."""
    h.settle()
    message = h.asking(seat)
    return [] if message is None else [b["label"] for b in live_buttons(message)]


def resumed(path: Path) -> tuple[Session, Recovery, list[Any]]:
    """What `umpire resume JOURNAL --discord` does before the REPL starts: replay (the bot's recovery watching), reopen, pause."""
    session, loaded, stream = Session.stream(path)
    recovery = Recovery(kinds_with_channels(session.game.channels))
    for _ in recovery.watch(stream):
        pass
    session.reopen(loaded)
    paused = [] if session.paused else session.feed("pause")
    return session, recovery, paused
