"""A game in progress: scenario + journal + rules + game clock.

The session is what the REPL and batch mode share. It reads lines, asks the rules,
journals each accepted input (flushed to disk first) and returns what to show. It never
reads a clock itself: the caller says what time it is, with `advance()` (the REPL from
its running clock, scripts from `@` lines).

One apply path: every accepted input becomes a journal entry; `_evaluate` works out what
an entry does (or refuses it) without changing anything, the entry is written, and
`_commit` makes it so. Replaying a journal runs the same `_evaluate` and `_commit` on
the entries read back. State = replay(scenario, journal); undo and resume are replays.
"""

from __future__ import annotations

import functools
import hashlib
import re
import secrets
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from umpire import __version__, fairness
from umpire.core import chat, journal
from umpire.core.clock import fmt_stamp, parse_clock
from umpire.core.errors import IllegalAction, InvalidCommand, UmpireError
from umpire.core.lines import MAX_LINE, Intake, Line, Message, classify
from umpire.core.settings import Settings
from umpire.core.streams import Streams
from umpire.games.base import HOST, JSON, PUBLIC, Audience, Event, Game, Post, Renderers, Setup, View
from umpire.scenario import Scenario, ScenarioError
from umpire.scenario import parse as parse_scenario

SeedSource = Literal["drawn", "host"]


class JournalMismatch(journal.JournalError):
    """A journal whose entries the rules do not reproduce (tampered with, or from another version)."""


# ---------------------------------------------------------------- what the session shows


@dataclass(kw_only=True, slots=True)
class Output:
    """One thing to show. `kind`: "announce", "refusal", "info" or "view".

    Treat it as a value: it is not frozen only because a replay makes one per post, and a frozen
    dataclass's constructor costs three times as much.

    An announcement carries its `post` and the `audience` it is for; `source` is the event it
    came from (on its first post only), `event` that event's JSON, and `n` the journal entry.
    """

    kind: Literal["announce", "refusal", "info", "view"]
    text: str = ""
    audience: Audience = PUBLIC
    post: Post | None = None
    source: Event | None = None
    names: tuple[str, ...] = ()  # the players' names, to name the event's audience
    error: str | None = None
    input: str | None = None
    line: int | None = None
    view: View | None = None
    n: int | None = None

    @property
    def event(self) -> dict[str, JSON] | None:
        """The JSON of the event this post came from (built when asked: a replay that only shows text skips it)."""
        ev = self.source
        if ev is None:
            return None
        data = ev.to_json(self.names)
        if self.n is not None:
            data["n"] = self.n
        if ev.is_generated:
            data["generated"] = True
        return data

    def to_json(self) -> dict[str, JSON] | None:
        """This output as one JSON object for `--json` (None for a post whose event is already out)."""
        if self.kind == "refusal":
            out: dict[str, JSON] = {"type": "refusal", "input": self.input, "error": self.error, "reason": self.text}
            if self.line is not None:
                out["line"] = self.line
            return out
        if self.kind == "announce":
            return self.event
        if self.kind == "view" and self.view is not None:
            v = self.view
            return {"type": "view", "title": v.title, "columns": list(v.columns), "rows": [list(r) for r in v.rows], "chat": v.chat}
        return {"type": "info", "text": self.text}


# ---------------------------------------------------------------- the session's own events


@dataclass(frozen=True, kw_only=True)
class Commitment(Event):
    """The fairness commitment, posted before anything generated is used."""

    kind = "commitment"
    sha256: str


@dataclass(frozen=True, kw_only=True)
class Paused(Event):
    """The host held every clock."""

    kind = "paused"


@dataclass(frozen=True, kw_only=True)
class Resumed(Event):
    """The host restarted the clocks."""

    kind = "resumed"


@dataclass(frozen=True, kw_only=True)
class Undone(Event):
    """The host took back the last ruling (host only; a correction post follows if it was public)."""

    kind = "undone"
    audience: Audience = HOST
    undid: int
    input: str
    rewind: int | None


@dataclass(frozen=True, kw_only=True)
class Correction(Event):
    """A public ruling that was taken back."""

    kind = "correction"
    withdrawn: str


@dataclass(frozen=True, kw_only=True)
class Revealed(Event):
    """The seed and salt, so anyone can check the commitment; with the journal's last hash."""

    kind = "revealed"
    seed: str
    salt: str
    sha256: str


@dataclass(frozen=True, kw_only=True)
class FinalHash(Event):
    """The hash of the journal's last entry before the reveal: with it, `umpire verify` proves nothing was cut off."""

    kind = "final_hash"
    final_hash: str


@dataclass(frozen=True, kw_only=True)
class Delivered(Event):
    """The host sent a player their waiting private messages (host only)."""

    kind = "delivered"
    audience: Audience = HOST
    player: str
    messages: int


SESSION_EVENTS: tuple[type[Event], ...] = (
    Commitment,
    Paused,
    Resumed,
    Undone,
    Correction,
    Revealed,
    FinalHash,
    Delivered,
    fairness.EntropyWanted,
    fairness.EntropyIn,
    fairness.GameSeed,
)
RENDER: Renderers[Session] = Renderers()


@RENDER.on(Commitment)
def _commitment(s: Session, ev: Commitment) -> str:
    return (
        f"🔒 Fairness commitment (SHA-256 of salt:seed): `{ev.sha256}`\n"
        "The seed and salt are revealed at the end, so anyone can check that nothing was rigged."
    )


@RENDER.on(Paused)
def _paused(s: Session, ev: Paused) -> str:
    return f"⏸ Clocks paused at {fmt_stamp(ev.t - ev.t % 1000)} (game time)."


@RENDER.on(Resumed)
def _resumed(s: Session, ev: Resumed) -> str:
    return f"▶ Clocks running again from {fmt_stamp(ev.t - ev.t % 1000)} (game time)."


@RENDER.on(Undone)
def _undone(s: Session, ev: Undone) -> str:
    text = f"↶ Undid entry {ev.undid}: {ev.input}."
    if ev.rewind is not None:
        text += (
            f"\nClocks paused at {fmt_stamp(ev.rewind)} (game time), before the deadline it had passed, so it does not fire "
            "again at once; enter what should have happened, then “resume”."
        )
    return text


@RENDER.on(Correction)
def _correction(s: Session, ev: Correction) -> str:
    return f"↶ **Correction:** the host took back the last ruling (“{chat.neutralise(ev.withdrawn)}”); disregard that post. The game stands as before it."


@RENDER.on(Revealed)
def _revealed(s: Session, ev: Revealed) -> str:
    seed_text = f"{ev.salt}:{ev.seed}"
    text = (
        f"🔓 Seed: {_code_span(ev.seed)} · salt: `{ev.salt}`\nSHA-256 of salt:seed = `{ev.sha256}` (the commitment posted at the start).\n"
    )
    return text + f"Check it yourself: {_code_span(_shell_check(seed_text))}."


def _code_span(text: str) -> str:
    """Text as a Discord code span, exactly as typed (a backtick inside gets a double fence); mentions defused."""
    text = chat.neutralise(text)
    return f"`` {text} ``" if "`" in text else f"`{text}`"


@RENDER.on(FinalHash)
def _final_hash_post(s: Session, ev: FinalHash) -> str:
    command = fairness.verify_command(journal.commitment(s.seed, s.salt), ev.final_hash)
    return (
        f"🧾 The journal's final hash: `{ev.final_hash}`\n"
        f"Anyone with the journal (the file JOURNAL) can check every entry and everything generated: `{command}`"
    )


@RENDER.on(fairness.EntropyWanted)
def _entropy_wanted(s: Session, ev: fairness.EntropyWanted) -> str:
    return fairness.wanted_text()


@RENDER.on(fairness.EntropyIn)
def _entropy_in(s: Session, ev: fairness.EntropyIn) -> str:
    return fairness.entropy_text(ev)


@RENDER.on(fairness.GameSeed)
def _game_seed(s: Session, ev: fairness.GameSeed) -> str:
    return fairness.game_seed_text(s.seed, ev)


@RENDER.on(Delivered)
def _delivered(s: Session, ev: Delivered) -> str:
    return f"✉ {ev.messages} message{'s' if ev.messages != 1 else ''} to {ev.player} marked as sent."


def _shell_check(text: str) -> str:
    """A shell command printing the SHA-256 of `text`, quoted so any seed is safe to paste."""
    quoted = "'" + text.replace("'", "'\\''") + "'"
    return f"printf '%s' {quoted} | sha256sum"


# ---------------------------------------------------------------- host commands


ArgCheck = Callable[[Sequence[str]], str | None]


def _no_args(name: str) -> ArgCheck:
    return lambda args: None if not args else f"“{name}” takes nothing after it"


def _any_args(args: Sequence[str]) -> str | None:
    return None


@dataclass(frozen=True, kw_only=True)
class HostCommand:
    """One host command: drives dispatch, `help`, completion and the live check."""

    name: str
    syntax: str
    what: str
    example: str
    check: ArgCheck
    run: Callable[[Session, Sequence[str]], list[Output]]
    aliases: tuple[str, ...] = ()
    repl_only: bool = False
    completions: Callable[[Session], list[str]] | None = None


def _cmd_help(s: Session, args: Sequence[str]) -> list[Output]:
    return [Output(kind="info", text=s.help_text(args[0] if args else None))]


def _cmd_rules(s: Session, args: Sequence[str]) -> list[Output]:
    return [Output(kind="info", text=s.rules_text())]


def _cmd_outbox(s: Session, args: Sequence[str]) -> list[Output]:
    return [Output(kind="view", view=s.outbox_view(), text=s.outbox_view().chat)]


def _cmd_copy(s: Session, args: Sequence[str]) -> list[Output]:
    if not args:
        if not s.last_public:
            return [Output(kind="info", text="Nothing public has been announced yet.")]
        return [Output(kind="info", text="(copy) " + "\n\n".join(s.last_public))]
    if len(args) == 1 and args[0].casefold() == "text":
        return [Output(kind="info", text="“copy text” works in the REPL")]
    seat = s.scenario.roster.resolve(" ".join(args)).seat
    return s.deliver(seat)


def _check_reveal(args: Sequence[str]) -> str | None:
    return None if not args or [a.casefold() for a in args] == ["anyway"] else "“reveal” or “reveal anyway”"


def _check_copy(args: Sequence[str]) -> str | None:
    return None


def _check_help(args: Sequence[str]) -> str | None:
    return None if len(args) <= 1 else "“help” or “help COMMAND”"


HOST_COMMANDS: tuple[HostCommand, ...] = (
    HostCommand(
        name="help",
        aliases=("?", "commands"),
        syntax="help [COMMAND]",
        what="Show the commands, or one command in detail.",
        example="help undo",
        check=_check_help,
        run=_cmd_help,
    ),
    HostCommand(
        name="rules",
        syntax="rules",
        what="Show the house rulings in force for this scenario.",
        example="rules",
        check=_no_args("rules"),
        run=_cmd_rules,
    ),
    HostCommand(
        name="pause",
        syntax="pause",
        what="Hold every clock (journaled).",
        example="pause",
        check=_no_args("pause"),
        run=lambda s, a: s.pause(True),
    ),
    HostCommand(
        name="resume",
        syntax="resume",
        what="Restart the clocks after a pause (journaled).",
        example="resume",
        check=_no_args("resume"),
        run=lambda s, a: s.pause(False),
    ),
    HostCommand(
        name="undo",
        syntax="undo",
        what="Take back the last accepted input or clock ruling; a correction post follows if it was public.",
        example="undo",
        check=_no_args("undo"),
        run=lambda s, a: s.undo(),
    ),
    HostCommand(
        name="outbox",
        syntax="outbox",
        what="The private messages waiting for each player, ready to paste into their DMs.",
        example="outbox",
        check=_no_args("outbox"),
        run=_cmd_outbox,
    ),
    HostCommand(
        name="copy",
        syntax="copy [NAME | text]",
        what=(
            "Copy the last public post: its picture first where it has one (it pastes best into Discord; also saved next "
            "to the journal), then its text, one 2,000-character message at a time. “copy text” skips the picture; "
            "“copy NAME” copies that player's waiting DMs and marks them sent."
        ),
        example="copy p2",
        check=_check_copy,
        run=_cmd_copy,
        completions=lambda s: [p.name for p in s.scenario.roster] + ["text"],
    ),
    HostCommand(
        name="commitment",
        syntax="commitment",
        what="Show the fairness commitment to post before the game.",
        example="commitment",
        check=_no_args("commitment"),
        run=lambda s, a: s.commitment_outputs(),
    ),
    HostCommand(
        name="entropy",
        syntax="entropy WORDS…",
        what=(
            "Mix the words or numbers the players sent after the commitment was posted into the seed: once, before the "
            "first game input (a live game takes no game input before it)."
        ),
        example="entropy 17 lantern 4021 maple",
        check=fairness.check_words,
        run=lambda s, a: s.mix_entropy(" ".join(a)),
    ),
    HostCommand(
        name="reveal",
        syntax="reveal [anyway]",
        what="At the end: post the seed, salt and the journal's final hash so players can check everything.",
        example="reveal",
        check=_check_reveal,
        run=lambda s, a: s.reveal(force=bool(a)),
    ),
    HostCommand(
        name="quit",
        aliases=("exit",),
        syntax="quit",
        what="Leave (Ctrl-D too). Everything accepted is already in the journal; the clocks stop where they are.",
        example="quit",
        check=_no_args("quit"),
        run=lambda s, a: s.stop(),
        repl_only=True,
    ),
)

_BY_WORD: dict[str, HostCommand] = {w: c for c in HOST_COMMANDS for w in (c.name, *c.aliases)}
TIME_HELP = ("@ mm:ss", "Scripts only: set the game clock; every deadline passed is applied in order.", "@ 1:30")


def host_command(word: str) -> HostCommand | None:
    """The session command called `word` (case-insensitive), or None."""
    return _BY_WORD.get(word.casefold())


# ---------------------------------------------------------------- the outbox


@dataclass(frozen=True, kw_only=True)
class Dm:
    """A private message waiting for one player."""

    seq: int  # per player, never reused
    n: int  # the journal entry that produced it
    text: str
    post: Post | None = field(default=None, compare=False)  # for its picture, if it has one


# ---------------------------------------------------------------- the session


@dataclass(kw_only=True, slots=True)
class _Step:
    """An entry in force that `undo` can take back: only what the undo needs, since one is kept per ruling in force."""

    n: int  # the entry's number
    what: str  # how the undo names it: the line as typed, or the clock ruling and its time
    before: Any  # the state before it
    now_before: int
    withdrawn: str | None  # the first line of its first public post, which an undo withdraws


@dataclass(kw_only=True)
class _Effect:
    """What an entry does, worked out before anything changes."""

    state: Any
    now: int
    paused: bool
    events: list[Event]
    session_events: list[Event] = field(default_factory=list)
    push: bool = False  # a ruling `undo` can take back
    pop: _Step | None = None  # the step an undo takes back
    revealed: bool = False
    delivered: tuple[int, int] | None = None  # (seat, through seq)


@dataclass(kw_only=True)
class Session:
    """One game being hosted."""

    scenario: Scenario
    seed: str
    salt: str
    seed_source: SeedSource | None = None
    fair: fairness.Fairness = field(default_factory=fairness.Fairness)  # the players' entropy: required? mixed in?
    writer: journal.Writer | None = None
    state: Any = None
    now: int = 0
    paused: bool = False
    revealed: bool = False
    history: list[_Step] = field(default_factory=list)
    last_public: list[str] = field(default_factory=list)
    last_public_posts: list[tuple[int | None, Post]] = field(default_factory=list)  # (entry, post), for pictures
    journal_path: str | None = None
    last_events: list[Event] = field(default_factory=list)
    entries: int = 0  # entries in the journal so far (counted even when no file is kept)
    outbox: dict[int, list[Dm]] = field(default_factory=dict)
    last_delivered: list[Dm] = field(default_factory=list)  # what the last `copy NAME` sent, for its pictures
    delivered: dict[int, int] = field(default_factory=dict)  # seat -> last seq sent
    dm_seq: dict[int, int] = field(default_factory=dict)  # seat -> last seq queued
    announce: bool = True  # False: rulings are applied but not put into words (`umpire verify` only compares data)
    _live_check: tuple[Any, Any, str | None] = (None, None, None)

    def __post_init__(self) -> None:
        if self.state is None:
            settings = Settings(self.scenario.settings)
            setup = Setup(roster=self.scenario.roster, settings=settings, streams=Streams(self.seed))
            self.state = self.game.start(setup)

    @functools.cached_property
    def game(self) -> Game[Any, Any]:
        """The rules being hosted."""
        return self.scenario.game

    @functools.cached_property
    def names(self) -> tuple[str, ...]:
        """The players' display names by seat."""
        return tuple(p.name for p in self.scenario.roster)

    # ------------------------------------------------------------ creating

    @classmethod
    def create(
        cls,
        scenario: Scenario,
        *,
        journal_path: str | Path | None,
        seed: str | None = None,
        salt: str | None = None,
        player_entropy: bool = False,
    ) -> Session:
        """A new game; `journal_path` None keeps no journal (batch runs that only print).

        Without `seed`, a fresh secret seed of 128 bits is drawn from the operating system. The
        journal's header holds only its commitment: the seed and salt go to an owner-only key file
        beside it (`fairness.key_path`) until `reveal` writes them into the journal. With
        `player_entropy`, no game input is taken until the players' words are mixed in (`entropy`).
        """
        source: SeedSource = "host" if seed is not None else "drawn"
        seed = seed if seed is not None else secrets.token_hex(16)
        salt = salt if salt is not None else secrets.token_hex(16)
        committed = journal.commitment(seed, salt)
        writer = None
        if journal_path is not None:
            writer = journal.Writer.create(
                journal_path,
                {
                    "umpire": __version__,
                    "game": scenario.game.key,
                    "scenario_name": Path(scenario.path).name,
                    "scenario_sha256": scenario.sha256,
                    "scenario_toml": scenario.text,
                    "seed_source": source,
                    "key_file": fairness.key_path(Path(journal_path).name).name,
                    "player_entropy": player_entropy,
                    "commitment": committed,
                    "started": _wall(),
                },
            )
            try:
                fairness.write_key(journal_path, seed=seed, salt=salt, commitment=committed)
            except BaseException:
                writer.close()
                Path(journal_path).unlink(missing_ok=True)
                raise
        return cls(
            scenario=scenario,
            seed=seed,
            salt=salt,
            seed_source=source,
            fair=fairness.Fairness(required=player_entropy),
            writer=writer,
            journal_path=str(journal_path) if journal_path else None,
        )

    @classmethod
    def load(cls, path: str | Path, *, reopen: bool) -> tuple[Session, list[Output], journal.Loaded]:
        """Rebuild a game by replaying its journal; with `reopen`, continue writing to it.

        Returns the session, everything the replay announced (the commitment first), and what
        was read, every entry included (its `torn` says whether a crash cut the last line).
        This keeps the whole game in memory; `stream` replays one entry at a time.
        """
        session, loaded, steps = cls.stream(path)
        outputs = session.commitment_outputs()
        for entry, out in steps:
            loaded.entries.append(entry)
            outputs += out
        if reopen:
            session.reopen(loaded)
        return session, outputs, loaded

    @classmethod
    def stream(cls, path: str | Path) -> tuple[Session, journal.Loaded, Iterator[tuple[dict[str, JSON], list[Output]]]]:
        """Replay a journal one entry at a time: each entry with what it announced.

        The session is at the start of the game until the iterator runs; `loaded` is complete
        once it is exhausted. Nothing is kept that the game does not need, so a resume of a long
        game holds no more than the game itself.
        """
        loaded, entries = journal.scan(path)
        session = cls.from_header(loaded, path)
        where = str(path)

        def steps() -> Iterator[tuple[dict[str, JSON], list[Output]]]:
            for entry, own in entries:
                yield entry, session.replay_entry(entry, where, line_hash=own)

        return session, loaded, steps()

    def reopen(self, loaded: journal.Loaded) -> None:
        """Continue writing the journal this session was replayed from (after `stream` ran to its end)."""
        assert self.journal_path is not None
        self.writer = journal.Writer.reopen(self.journal_path, loaded)
        self.fair.resumed = True

    @classmethod
    def from_header(cls, loaded: journal.Loaded, path: str | Path, secret: fairness.Secret | None = None) -> Session:
        """A session at the start of the game a journal records (nothing replayed yet).

        The seed and salt are `secret`, else found as `fairness.secret_of` finds them: in the
        header (older journals), the journal's reveal entry, or the key file beside it (a
        JournalError naming the key file if it is missing).
        """
        h = loaded.header
        where = f"{path} (the scenario stored in its header)"
        try:
            scenario = parse_scenario(h["scenario_toml"], where)
        except ScenarioError as exc:
            raise journal.JournalError(str(path), 1, str(exc)) from exc
        if h.get("scenario_sha256") and h["scenario_sha256"] != scenario.sha256:
            raise journal.JournalError(str(path), 1, "the stored scenario does not match its SHA-256 (the header was edited)")
        source = h.get("seed_source")
        secret = secret if secret is not None else fairness.secret_of(path, h)
        return cls(
            scenario=scenario,
            seed=secret.seed,
            salt=secret.salt,
            seed_source=source if source in ("drawn", "host") else None,
            fair=fairness.Fairness(required=h.get("player_entropy") is True),
            journal_path=str(path),
        )

    # ------------------------------------------------------------ the game clock

    def next_due(self) -> int | None:
        """When the rules next act on their own."""
        return self.game.next_due(self.state)

    def advance(self, now: int) -> list[Output]:
        """Move the game clock to `now`, applying (and journaling) everything due on the way."""
        out: list[Output] = []
        if self.paused or now <= self.now:
            return out
        while (due := self.game.next_due(self.state)) is not None and due <= now:
            result = self._submit({"kind": "clock", "t": due}, f"the clock at {fmt_stamp(due)}")
            out += result
            if result and result[-1].error == "JournalError":
                return out
        self.now = now
        return out

    # ------------------------------------------------------------ input

    @functools.cached_property
    def intake(self) -> Intake:
        """What reads entered text into messages (one per session: a Discord header's message stays open across lines)."""
        roster = self.scenario.roster
        return Intake(is_player=lambda name: roster.find(name) is not None, is_host_word=self.is_host_word)

    @property
    def speaker(self) -> str | None:
        """The sender of the message being read (a Discord header was entered and the message has not ended), or None."""
        return self.intake.sender

    def feed(self, text: str, *, lineno: int | None = None, allow_time: bool = True) -> list[Output]:
        """Judge what was entered at the current game time: one line, or a pasted block of lines.

        A single line under a Discord header is held as part of that player's message until the
        message ends (`flush`, an empty line, the next header or a time line); a pasted block is
        read whole, and a message open at its end ends with it. Each complete message is judged
        in order: a player's message of several lines as the game reads one (`Game.message`).
        """
        body = text.replace("\r\n", "\n").replace("\r", "\n").strip("\n")
        pasted = "\n" in body
        return self._judge(self.intake.block(body, lineno=lineno) if pasted else self.intake.line(body, lineno=lineno), allow_time)

    def flush(self) -> list[Output]:
        """End the message being read (an empty line, the end of a paste or a script) and judge it."""
        return self._judge(self.intake.end(), True)

    def _judge(self, messages: Sequence[Message], allow_time: bool) -> list[Output]:
        out: list[Output] = []
        for message in messages:
            out += self._message(message, allow_time)
        return out

    def is_host_word(self, word: str) -> bool:
        """Whether `word` is a session command or one of the game's views (the host's, wherever typed)."""
        return host_command(word) is not None or self.game.view(word.casefold()) is not None

    def _message(self, message: Message, allow_time: bool) -> list[Output]:
        """Judge one message; every input in it is refused or accepted on its own."""
        line = message.lines[0]
        try:
            if message.kind == "player":
                return self._player_message(message)
            if message.kind == "too_long":
                raise InvalidCommand(f"this line is too long to be a command (over {MAX_LINE} characters)", text=line.raw)
            if message.kind == "time":
                return self._time(line, allow_time)
            return self._host(line.text, line.raw)
        except UmpireError as exc:
            return [_refusal(line.raw, exc, message.lineno)]
        except Exception as exc:  # a bug must never end a live session
            return [internal_error(line.raw.strip(), exc, message.lineno)]

    def _time(self, line: Line, allow_time: bool) -> list[Output]:
        if not allow_time:
            raise InvalidCommand(
                "time lines are for scripts; in the REPL the clocks run by themselves (use pause/resume)", text=line.raw.strip()
            )
        t = parse_clock(line.text)
        if self.paused:
            raise IllegalAction(f"the clocks are paused at {fmt_stamp(self.now)}; “resume” first", text=line.raw.strip())
        if t < self.now:
            raise IllegalAction(f"the clock is already at {fmt_stamp(self.now)}; time cannot go back", text=line.raw.strip())
        return self.advance(t)

    def _player_message(self, message: Message) -> list[Output]:
        """A player's message: one input per line, or as the game reads a message of several lines."""
        first = message.lines[0]
        assert first.name is not None
        player = self.scenario.roster.resolve(first.name)
        if len(message.lines) == 1:
            if not first.text:
                raise InvalidCommand(f"{player.name} sent nothing after the colon", text=first.raw.strip())
            return self._input(player.seat, first.text, first.raw)
        out: list[Output] = []
        texts = [ln.text for ln in message.lines]
        whole = f"{player.name}: " + " / ".join(texts)  # how a message of several lines is named in refusals and undo
        for text in self.game.message(self.state, player.seat, texts):
            i = texts.index(text) if text in texts else None
            raw, n = (message.lines[i].raw, message.numbers[i]) if i is not None else (whole, message.lineno)
            try:
                out += self._input(player.seat, text, raw)
            except UmpireError as exc:
                out.append(_refusal(raw, exc, n))
            except Exception as exc:  # a bug must never end a live session
                out.append(internal_error(raw.strip(), exc, n))
        return out

    def _host(self, text: str, raw: str) -> list[Output]:
        words = text.split()
        head, args = words[0], words[1:]
        cmd = host_command(head)
        if cmd is not None:
            problem = cmd.check(args)
            if problem:
                raise InvalidCommand(problem, text=raw.strip())
            if cmd.repl_only and cmd.name != "quit":
                return [Output(kind="info", text=f"“{cmd.name}” works in the REPL")]
            return cmd.run(self, args)
        view = self.game.view(head.casefold())
        if view is not None:
            if args and not view.takes_args:
                raise InvalidCommand(f"“{view.name}” takes nothing after it", text=raw.strip())
            v = view.build(self.state, self.now, args)
            return [Output(kind="view", view=v, text=v.chat)]
        try:
            return self._input(None, text, raw)
        except InvalidCommand as exc:
            # "p3 bid 1": a player's line typed without its colon.
            suggested = re.search(r"“[^”]*: [^”]*”", exc.reason)  # the game already spelt out the line it meant
            if args and not suggested and self.scenario.roster.find(head) is not None:
                raise InvalidCommand(f"{exc.reason}; did you mean “{head}: {' '.join(args)}”?", text=raw.strip()) from exc
            close = self._host_word_like(head) if exc.reason.startswith("unknown host command") else None
            if close is not None:
                raise InvalidCommand(f"“{head}” is not a command; did you mean “{close}”?", text=raw.strip()) from exc
            raise

    def _host_word_like(self, word: str) -> str | None:
        """The host command, view or game word a misspelt one resembles ("statsu" -> "status"), if any."""
        import difflib

        words = {c.name for c in HOST_COMMANDS} | {v.name for v in self.game.views()}
        words |= {h.syntax.split()[0] for h in self.game.help() if h.who == "host" and h.syntax.split()}
        close = difflib.get_close_matches(word.casefold(), sorted(words), n=1, cutoff=0.75)
        return close[0] if close else None

    def _input(self, actor: int | None, text: str, raw: str) -> list[Output]:
        entry: dict[str, JSON] = {"kind": "input", "t": self.now, "by": actor, "text": text, "line": raw.strip()}
        try:
            return self._submit(entry, raw.strip())
        except UmpireError as exc:
            exc.text = raw.strip()  # the refusal names the whole line as the host saw it
            raise

    def _resolve(self, name: str) -> int:
        return self.scenario.roster.resolve(name).seat

    # ------------------------------------------------------------ host controls

    def pause(self, pause: bool) -> list[Output]:
        """Hold (or restart) every clock; journaled."""
        if pause == self.paused:
            raise IllegalAction("the clocks are already " + ("paused" if pause else "running"))
        kind = "pause" if pause else "resume"
        return self._submit({"kind": kind, "t": self.now}, kind)

    def undo(self) -> list[Output]:
        """Take back the last accepted input or clock ruling (journaled as an undo entry)."""
        if not self.history:
            raise IllegalAction("there is nothing to undo")
        step = self.history[-1]
        due = self.game.next_due(step.before)
        rewind = None
        if due is not None and due <= self.now:
            rewind = max(due - 1, step.now_before - 1, 0)
        entry: dict[str, JSON] = {
            "kind": "undo",
            "t": self.now,
            "undoes": step.n,
            "rewind": rewind,
            "paused": rewind is not None or self.paused,
        }
        return self._submit(entry, "undo")

    def reveal(self, *, force: bool) -> list[Output]:
        """Post the seed, salt and the journal's final hash (refused before the end unless forced)."""
        if not force and not self.game.is_over(self.state):
            raise IllegalAction(
                "the game is not over; revealing the seed now lets players predict what is still to come (“reveal anyway” to do it regardless)"
            )
        return self._submit({"kind": "reveal", "t": self.now, "seed": self.seed, "salt": self.salt}, "reveal")

    def mix_entropy(self, words: str) -> list[Output]:
        """Mix the players' words into the seed (journaled): once, after the commitment was shown, before any game input."""
        fairness.check_commitment_shown(self.fair)
        return self._submit({"kind": "entropy", "t": self.now, "text": words}, f"entropy {words}")

    def stop(self) -> list[Output]:
        """Record the game time when the host leaves, so a resumed game does not refund the time used."""
        if self.now <= self._last_t() or self.writer is None:
            return []
        return self._submit({"kind": "stop", "t": self.now}, "quit")

    def _last_t(self) -> int:
        return self.history[-1].now_before if self.history else 0

    def deliver(self, seat: int) -> list[Output]:
        """Mark a player's waiting private messages as sent (journaled); the posts are returned to copy."""
        waiting = self.outbox.get(seat, [])
        if not waiting:
            raise IllegalAction(f"no private messages wait for {self.names[seat]}")
        entry: dict[str, JSON] = {"kind": "delivered", "t": self.now, "to": seat, "through": waiting[-1].seq}
        texts = [d.text for d in waiting]
        self.last_delivered = list(waiting)
        out = self._submit(entry, f"copy {self.names[seat]}")
        return [Output(kind="info", text="\n\n".join(texts), audience=Audience("player", seat)), *out]

    def commitment_outputs(self) -> list[Output]:
        """The fairness commitment, as an announcement to post before the game (with the request for the
        players' entropy while the game waits for it).

        The first time after a resume it is information for the host, not a new post: it was posted
        when the game began.
        """
        sha = journal.commitment(self.seed, self.salt)
        f = self.fair
        if f.resumed and not f.commitment_shown:
            f.commitment_shown = True
            text = f"The fairness commitment, posted when this game began (not a new post): `{sha}`"
            if f.waiting:
                text += "\nThe players' entropy is not in yet: collect a word or number from each player, then “entropy WORDS…”."
            return [Output(kind="info", text=text)]
        f.commitment_shown = True
        events: list[Event] = [Commitment(t=self.now, sha256=sha)]
        if f.waiting:
            events.append(fairness.EntropyWanted(t=self.now))
        return self._posts([], n=None, session_events=events)

    # ------------------------------------------------------------ the one apply path

    def _submit(self, entry: dict[str, JSON], what: str) -> list[Output]:
        """Work out what `entry` does (refusing it if the rules do), write it, then make it so."""
        effect = self._evaluate(entry)
        written = self._write(entry, effect)
        if written is None:
            return [self._journal_failed(what)]
        return self._commit(written, effect, line_hash=self._final_hash())

    def replay_entry(self, entry: dict[str, JSON], path: str, *, line_hash: str | None = None) -> list[Output]:
        """Apply one journal entry exactly as the live session did (`line_hash`: the hash of its line, if known)."""
        try:
            self._check_time(entry)
            effect = self._evaluate(entry)
        except JournalMismatch as exc:
            raise JournalMismatch(path, int(entry["n"]) + 1, exc.reason) from None
        except UmpireError as exc:
            raise JournalMismatch(path, int(entry["n"]) + 1, f"the rules refuse this entry on replay ({exc.reason})") from exc
        return self._commit(entry, effect, line_hash=line_hash)

    def _check_time(self, entry: dict[str, JSON]) -> None:
        kind, t = entry["kind"], int(entry["t"])
        if kind not in ("input", "clock"):
            return
        due = self.game.next_due(self.state)
        if not self.paused and due is not None and (due < t or (kind == "input" and due == t)):
            raise JournalMismatch(
                "", 0, f"the rules had something due at {fmt_stamp(due)} that the journal does not record before this entry"
            )
        if kind == "clock" and due != t:
            raise JournalMismatch("", 0, f"the journal records a clock ruling at {fmt_stamp(t)}, but the rules have none due then")

    def _evaluate(self, entry: dict[str, JSON]) -> _Effect:
        """What an entry does, without changing anything; raises the refusal if the rules refuse it."""
        kind, t = entry["kind"], int(entry["t"])
        game = self.game
        now = max(self.now, t)
        if kind == "clock":
            state, events = game.on_due(self.state, t)
            return _Effect(state=state, now=t, paused=self.paused, events=events, push=True)
        if kind == "input":
            if self.fair.waiting:
                raise IllegalAction(fairness.ENTROPY_REFUSED_INPUT)
            by = entry.get("by")
            actor = None if by is None else int(by)
            command = game.parse(self.state, actor, str(entry["text"]), self._resolve)
            why = game.why_not(self.state, actor, command)
            if why is not None:
                raise IllegalAction(why)
            state, events = game.apply(self.state, command, now)
            return _Effect(state=state, now=now, paused=self.paused, events=events, push=True)
        if kind in ("pause", "resume"):
            paused = kind == "pause"
            ev: Event = Paused(t=now) if paused else Resumed(t=now)
            return _Effect(state=self.state, now=now, paused=paused, events=[], session_events=[ev])
        if kind == "undo":
            return self._evaluate_undo(entry, now)
        if kind == "entropy":
            fairness.check_entropy(self.fair, str(entry.get("text", "")))
            mixed = fairness.mix(self.seed, str(entry["text"]))
            settings = Settings(self.scenario.settings)
            state = game.start(Setup(roster=self.scenario.roster, settings=settings, streams=Streams(mixed)))
            ev = fairness.EntropyIn(t=now, words=str(entry["text"]), game_seed=mixed)
            return _Effect(state=state, now=now, paused=self.paused, events=[], session_events=[ev])
        if kind == "reveal":
            mismatch = fairness.reveal_entry_check(entry, self.seed, self.salt)
            if mismatch:
                raise JournalMismatch("", 0, mismatch)
            reveal: list[Event] = [Revealed(t=now, seed=self.seed, salt=self.salt, sha256=journal.commitment(self.seed, self.salt))]
            if self.fair.entropy is not None and self.fair.game_seed is not None:
                reveal.append(fairness.GameSeed(t=now, words=self.fair.entropy, game_seed=self.fair.game_seed))
            last_hash = str(entry["prev"]) if entry.get("prev") else self._final_hash()
            if last_hash:  # only a kept journal has one
                reveal.append(FinalHash(t=now, final_hash=last_hash))
            return _Effect(state=self.state, now=now, paused=self.paused, events=[], session_events=reveal, revealed=True)
        if kind == "delivered":
            seat, through = int(entry["to"]), int(entry["through"])
            count = sum(1 for d in self.outbox.get(seat, []) if d.seq <= through)
            ev = Delivered(t=now, player=self.names[seat], messages=count)
            return _Effect(state=self.state, now=now, paused=self.paused, events=[], session_events=[ev], delivered=(seat, through))
        if kind == "stop":
            return _Effect(state=self.state, now=now, paused=self.paused, events=[])
        raise JournalMismatch("", 0, f"unknown entry kind {kind!r}")

    def _evaluate_undo(self, entry: dict[str, JSON], now: int) -> _Effect:
        if not self.history or self.history[-1].n != entry["undoes"]:
            raise JournalMismatch("", 0, f"undo of entry {entry['undoes']}, which is not the last entry in force")
        step = self.history[-1]
        rewind = entry.get("rewind")
        events: list[Event] = [Undone(t=now, undid=step.n, input=step.what, rewind=None if rewind is None else int(rewind))]
        if step.withdrawn is not None:
            events.append(Correction(t=now, withdrawn=step.withdrawn))
        return _Effect(
            state=step.before,
            now=now if rewind is None else int(rewind),
            paused=bool(entry.get("paused", self.paused)),
            events=[],
            session_events=events,
            pop=step,
        )

    def _write(self, entry: dict[str, JSON], effect: _Effect) -> dict[str, JSON] | None:
        generated = [e.payload() for e in effect.events if e.is_generated]
        if generated:
            entry["generated"] = generated
        if self.writer is None:
            return {"n": self.entries + 1, **entry}
        entry["wall"] = _wall()
        try:
            return self.writer.append(entry)
        except OSError:
            return None

    def _commit(self, entry: dict[str, JSON], effect: _Effect, *, line_hash: str | None) -> list[Output]:
        n = int(entry["n"])
        before, now_before = self.state, self.now
        if effect.push and line_hash and self.game.is_over(effect.state) and not self.game.is_over(before):
            # The post that ends the game publishes the journal's hash up to and including its last ruling.
            effect.session_events.append(FinalHash(t=effect.now, final_hash=line_hash))
        self.state, self.now, self.paused = effect.state, effect.now, effect.paused
        self.entries = n
        self.last_events = list(effect.events)
        if effect.revealed:
            self.revealed = True
        self.fair.committed(n, ruling=effect.push, events=effect.session_events)
        if effect.pop is not None:
            self.history.pop()
            self._drop_undelivered(effect.pop.n)
        if effect.delivered is not None:
            seat, through = effect.delivered
            self.delivered[seat] = through
            self.outbox[seat] = [d for d in self.outbox.get(seat, []) if d.seq > through]
        out = self._posts(effect.events, n=n, session_events=effect.session_events)
        if effect.push:
            first = next((o.text for o in out if o.kind == "announce" and o.audience.public and o.text), None)
            what = str(entry.get("line") or f"the clock ruling at {fmt_stamp(int(entry['t']))}")
            self.history.append(
                _Step(
                    n=n,
                    what=what,
                    before=before,
                    now_before=max(now_before, effect.now),
                    withdrawn=None if first is None else _first_line(first),
                )
            )
        return out

    def _drop_undelivered(self, n: int) -> None:
        for seat, queue in self.outbox.items():
            self.outbox[seat] = [d for d in queue if d.n != n]

    def _final_hash(self) -> str | None:
        return None if self.writer is None else self.writer.last_hash

    def _journal_failed(self, what: str) -> Output:
        return Output(
            kind="refusal",
            error="JournalError",
            input=what,
            text="could not write the journal (disk full or removed?); this input was NOT accepted and the journal is as it was. Fix the disk, then enter it again.",
        )

    # ------------------------------------------------------------ announcing

    def _posts(self, events: Sequence[Event], *, n: int | None, session_events: Sequence[Event] = ()) -> list[Output]:
        """Render an entry's events (the game's, then the session's) into outputs.

        Everything the entry posts publicly becomes what `copy` copies (a ruling that ends the
        game: its result and the journal's final hash); private posts are queued in the outbox.
        """
        if not (events or session_events) or not self.announce:
            return []
        out: list[Output] = []
        public: list[Output] = []
        names = self.names
        game = len(events)
        for i, ev in enumerate((*events, *session_events)):
            audience = ev.audience
            posts = self.game.announce(self.state, ev) if i < game else RENDER.render(self, ev)
            if not posts:  # the event still goes out as JSON, to the host
                out.append(Output(kind="announce", audience=HOST, source=ev, names=names, n=n))
                continue
            source: Event | None = ev  # the event goes with its first post only
            for post in posts:
                o = Output(kind="announce", text=post.text, post=post, audience=audience, source=source, names=names, n=n)
                out.append(o)
                source = None
                if not post.text:
                    continue
                seat = audience.seat
                if audience.public:
                    public.append(o)
                elif seat is not None and n is not None:
                    seq = self.dm_seq.get(seat, 0) + 1
                    self.dm_seq[seat] = seq
                    self.outbox.setdefault(seat, []).append(Dm(seq=seq, n=n, text=post.text, post=post))
        if public:
            self.last_public = [o.text for o in public]
            self.last_public_posts = [(o.n, o.post) for o in public if o.post is not None]
        return out

    # ------------------------------------------------------------ text for the host

    def last_generated(self) -> list[dict[str, JSON]]:
        """The seeded items the last entry revealed, as the journal records them (for `umpire verify`)."""
        return [e.payload() for e in self.last_events if e.is_generated]

    def waiting_dms(self) -> int:
        """How many private messages wait to be sent, all players together."""
        return sum(len(q) for q in self.outbox.values())

    def outbox_view(self) -> View:
        """The private messages waiting for each player, ready to paste."""
        rows = []
        chat_parts = []
        for seat, queue in sorted(self.outbox.items()):
            if not queue:
                continue
            rows.append((self.names[seat], str(len(queue))))
            chat_parts.append(
                f"── to {self.names[seat]} (copy {self.scenario.roster.players[seat].aliases[0] if self.scenario.roster.players[seat].aliases else self.names[seat]}) ──"
            )
            chat_parts += [d.text for d in queue]
        if not rows:
            return View(title="Outbox", notes=("No private messages are waiting.",))
        return View(
            title="Outbox: private messages waiting", columns=("player", "messages"), rows=tuple(rows), chat="\n\n".join(chat_parts)
        )

    def title(self) -> str:
        """The scenario's title, with the game's name added only when the title does not already say it."""
        sc, game = self.scenario.title, self.game.title
        return sc if game.split(" — ")[0].casefold() in sc.casefold() else f"{sc} — {game}"

    def help_items(self) -> list[tuple[str, str, str, str]]:
        """(syntax, what, example, who) for every command: the game's, its views and the session's."""
        game = self.game
        items: list[tuple[str, str, str, str]] = [(h.syntax, h.what, h.example, h.who) for h in game.help()]
        items += [(f"{v.name} {v.args}".strip(), v.what, v.example or v.name, "host") for v in game.views()]
        items += [(c.syntax, c.what, c.example, "host") for c in HOST_COMMANDS]
        items.append((*TIME_HELP, "host"))
        return items

    def help_text(self, topic: str | None = None, width: int = 80) -> str:
        """The commands of the loaded game, with examples, wrapped to `width` columns."""
        items = self.help_items()
        if topic:
            t = topic.casefold()
            hits = [i for i in items if i[0].split()[0].casefold().strip("[]") == t or t in i[0].casefold().split()]
            cmd = host_command(t)
            if cmd is not None and not hits:
                hits = [(cmd.syntax, cmd.what, cmd.example, "host")]
            if not hits:
                return f"No command “{topic}”. Type “help” for the list."
            return "\n".join(f"{s}\n  {w}\n  e.g. {e}" for s, w, e, _ in hits)
        names = " / ".join(f"{p.name} ({', '.join(p.aliases)})" if p.aliases else p.name for p in self.scenario.roster)
        lines = [self.title(), f"Players: {names}", "", "Player submissions (prefix with the player's name or alias, e.g. “p1: …”):"]
        lines += _help_rows([i for i in items if i[3] == "player"], width)
        lines += ["", "Host commands (no prefix):"]
        lines += _help_rows([i for i in items if i[3] == "host"], width)
        lines += [
            "",
            "Pasted Discord messages work too: “[10:32 PM] Name: …”, or a",
            "“Name — Today at 10:32 PM” line followed by the messages.",
            "“help COMMAND” shows one command in detail.",
        ]
        return "\n".join(lines)

    def rules_text(self) -> str:
        """The house rulings in force for the loaded scenario."""
        game = self.game
        # A setting that names a player is shown with the player's name: "Uri (p2)", not "p2".
        shown = Settings(self.scenario.settings)
        for s in game.settings:
            if s.kind == "player":
                player = self.scenario.roster.resolve(str(shown[s.key]))
                shown[s.key] = player.name if player.name == shown[s.key] else f"{player.name} ({shown[s.key]})"
        lines = [f"House rulings in force ({Path(self.scenario.path).name}; every ruling is explained in docs/rulings.md):"]
        lines += [f"  • {r}" for r in game.rulings(shown)]
        return "\n".join(lines)

    def final(self) -> dict[str, JSON]:
        """The `final` JSON object: the whole state."""
        out: dict[str, JSON] = {"type": "final", "t": self.now, "paused": self.paused}
        out.update(self.game.final(self.state, self.now))
        return out


# ---------------------------------------------------------------- helpers


def _help_rows(items: list[tuple[str, str, str, str]], width: int) -> list[str]:
    """Syntax in a column, the description wrapped beside it, the example on a line of its own."""
    import textwrap

    col = min(24, max((len(i[0]) for i in items), default=0) + 4)
    out = []
    for syntax, what, example, _ in items:
        wrapped = textwrap.wrap(what, width=max(20, width - col)) or [""]
        first = f"  {syntax}".ljust(col)
        if len(first) > col:  # a long syntax gets its own line
            out.append(first.rstrip())
            first = " " * col
        out.append(first + wrapped[0])
        out += [" " * col + w for w in wrapped[1:]]
        out.append(" " * col + f"e.g. {example}")
    return out


def _first_line(text: str) -> str:
    """The first line of a post as plain words (markdown marks dropped), at most 120 characters."""
    line = text.strip().split("\n", 1)[0]
    for mark in ("**", "__", "`", "~~", "\\"):
        line = line.replace(mark, "")
    return line if len(line) <= 120 else line[:117] + "…"


def _refusal(raw: str, exc: UmpireError, lineno: int | None) -> Output:
    return Output(kind="refusal", error=exc.kind, input=(exc.text or raw.strip()), text=exc.reason, line=lineno)


def internal_error(what: str, exc: BaseException, lineno: int | None = None) -> Output:
    """A bug reported as a refusal: the session carries on and nothing was changed."""
    detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    return Output(
        kind="refusal",
        error="InternalError",
        input=what,
        line=lineno,
        text=f"internal error while judging this line; nothing was changed and the journal is intact ({detail})",
    )


def _wall() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def derive_salt(seed: str) -> str:
    """A salt derived from the seed, for reproducible scripted runs (not for live games)."""
    return hashlib.sha256(f"umpire-script-salt|{seed}".encode()).hexdigest()[:32]


# ---------------------------------------------------------------- the live check


def unreadable(session: Session, text: str, *, allow_time: bool = True) -> str | None:
    """Why a line (or the last line of a block) would be refused, or None: the REPL's live check.

    Reading is checked, and whether its move may be made now (the game's table of moves); never
    the rules beyond that, nor a view. Nothing changes. The toolbar and
    the line's colouring both ask at every redraw, so the last answer is kept. A bug in a
    game's parser is reported as the reason, never raised.
    """
    key = (text, allow_time, session.speaker)
    cached_key, cached_state, cached = session._live_check
    if cached_key == key and cached_state is session.state:
        return cached
    try:
        answer = _unreadable(session, text, allow_time=allow_time)
    except Exception as exc:  # the live check must never take the REPL down
        answer = f"internal error in the game's reader ({type(exc).__name__}); Enter reports it without changing anything"
    session._live_check = (key, session.state, answer)  # holding the state keeps `is` meaningful
    return answer


def _unreadable(session: Session, text: str, *, allow_time: bool) -> str | None:
    line = classify(text.split("\n")[-1])
    try:
        if line.kind == "too_long":
            return "this line is too long to be a command"
        if line.kind == "time":
            if not allow_time:
                return "time lines are for scripts; in the REPL the clocks run by themselves"
            parse_clock(line.text)
            return None
        if line.kind == "player":
            return _unreadable_player(session, line)
        if line.kind == "host":
            return _unreadable_host(session, line.text)
    except UmpireError as exc:
        if isinstance(exc, IllegalAction):
            return None
        return exc.reason
    return None


def _unreadable_player(session: Session, line: Line) -> str | None:
    roster = session.scenario.roster
    if line.name is None:
        return None
    player = roster.find(line.name)
    if player is None:
        if session.speaker is None:
            roster.resolve(line.name)
        return None
    if line.text:
        command = session.game.parse(session.state, player.seat, line.text, session._resolve)
        return session.game.why_not(session.state, player.seat, command)
    return None


def _unreadable_host(session: Session, text: str) -> str | None:
    words = text.split()
    cmd = host_command(words[0])
    if cmd is not None:
        return cmd.check(words[1:])
    view = session.game.view(words[0].casefold())
    if view is not None:
        return None if view.takes_args or len(words) == 1 else f"“{view.name}” takes nothing after it"
    if session.speaker is not None:
        return None
    command = session.game.parse(session.state, None, text, session._resolve)
    return session.game.why_not(session.state, None, command)
