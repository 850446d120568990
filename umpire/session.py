"""A game in progress: scenario + journal + rules + game clock.

The session is what the REPL and batch mode share. It reads lines, asks the
rules, journals each accepted input (flushed to disk first) and returns what to
show. It never reads a clock itself: the caller says what time it is, with
`advance()` (the REPL from its running clock, scripts from `@` lines).

State = replay(scenario, journal). Undo, resume and verify are all replays.
"""

from __future__ import annotations

import hashlib
import secrets
import traceback
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from umpire import __version__
from umpire.core import chat, journal
from umpire.core.clock import fmt_stamp, parse_clock
from umpire.core.errors import IllegalAction, InvalidCommand, UmpireError
from umpire.core.lines import Line, split_block
from umpire.core.streams import Streams
from umpire.games.base import HOST, PUBLIC, Event, Setup, View
from umpire.scenario import Scenario, ScenarioError
from umpire.scenario import parse as parse_scenario

GENERIC_HELP = (
    ("help [COMMAND]", "Show the commands, or one command in detail.", "help undo"),
    ("rules", "Show the house rulings in force for this scenario.", "rules"),
    ("status", "The state of the game: a table for you and the chat text.", "status"),
    ("board", "The board: a view for you and the chat text.", "board"),
    ("pause / resume", "Hold or restart every clock (journaled).", "pause"),
    ("undo", "Take back the last accepted input or clock ruling, and say what was undone.", "undo"),
    ("commitment", "Show the fairness commitment to post before the game.", "commitment"),
    ("reveal", "At the end: post the seed and salt so players can check the commitment.", "reveal"),
    ("copy", "Copy the last public announcement to the clipboard (REPL).", "copy"),
    ("quit", "Leave (Ctrl-D too). Everything accepted is already in the journal.", "quit"),
    ("@ mm:ss", "Scripts only: set the game clock; every deadline passed is applied in order.", "@ 1:30"),
)


class JournalMismatch(journal.JournalError):
    """A journal whose entries the rules do not reproduce (tampered with, or from another version)."""


@dataclass(frozen=True, kw_only=True)
class Output:
    """One thing to show. `kind`: "announce", "refusal", "info" or "view"."""

    kind: str
    text: str = ""
    audience: str = PUBLIC
    event: dict[str, Any] | None = None
    error: str | None = None
    input: str | None = None
    line: int | None = None
    view: View | None = None

    def to_json(self) -> dict[str, Any] | None:
        """This output as one JSON object for `--json` (None for chat text that an event already covers)."""
        if self.kind == "refusal":
            out: dict[str, Any] = {"type": "refusal", "input": self.input, "error": self.error, "reason": self.text}
            if self.line is not None:
                out["line"] = self.line
            return out
        if self.kind == "announce":
            return self.event
        if self.kind == "view" and self.view is not None:
            v = self.view
            return {"type": "view", "title": v.title, "columns": list(v.columns), "rows": [list(r) for r in v.rows], "chat": v.chat}
        return {"type": "info", "text": self.text}


@dataclass(kw_only=True)
class _Step:
    entry: dict[str, Any]
    before: Any
    now_before: int


@dataclass(kw_only=True)
class Session:
    """One game being hosted."""

    scenario: Scenario
    seed: str
    salt: str
    writer: journal.Writer | None = None
    state: Any = None
    now: int = 0
    paused: bool = False
    revealed: bool = False
    history: list[_Step] = field(default_factory=list)
    last_public: list[str] = field(default_factory=list)
    journal_path: str | None = None
    last_events: list[Event] = field(default_factory=list)
    entries: int = 0  # entries in the journal so far (counted even when no file is kept)
    _speaker: str | None = None
    _replaying: dict[str, Any] | None = None
    _live_check: tuple[Any, Any, str | None] = (None, None, None)

    def __post_init__(self) -> None:
        if self.state is None:
            setup = Setup(roster=self.scenario.roster, settings=self.scenario.settings, streams=Streams(self.seed))
            self.state = self.scenario.game.start(setup)

    # ------------------------------------------------------------ creating

    @classmethod
    def create(
        cls,
        scenario: Scenario,
        *,
        journal_path: str | Path | None,
        seed: str | None = None,
        salt: str | None = None,
    ) -> Session:
        """A new game; `journal_path` None keeps no journal (batch runs that only print)."""
        seed = seed if seed is not None else scenario.seed if scenario.seed is not None else str(secrets.randbelow(10**12))
        salt = salt if salt is not None else secrets.token_hex(16)
        writer = None
        if journal_path is not None:
            writer = journal.Writer.create(
                journal_path,
                {
                    "umpire": __version__,
                    "game": scenario.game.key,
                    "scenario_path": scenario.path,
                    "scenario_sha256": scenario.sha256,
                    "scenario_toml": scenario.text,
                    "seed": seed,
                    "salt": salt,
                    "commitment": journal.commitment(seed, salt),
                    "started": _wall(),
                },
            )
        return cls(scenario=scenario, seed=seed, salt=salt, writer=writer, journal_path=str(journal_path) if journal_path else None)

    @classmethod
    def load(cls, path: str | Path, *, reopen: bool) -> tuple[Session, list[Output], journal.Loaded]:
        """Rebuild a game by replaying its journal; with `reopen`, continue writing to it.

        Returns the session, everything the replay announced, and what was read
        (its `torn` says whether a crash cut the last line).
        """
        loaded = journal.read(path)
        session = cls.from_header(loaded, path)
        outputs = session.commitment_outputs()
        for entry in loaded.entries:
            outputs += session._replay(entry, str(path))
        if reopen:
            session.writer = journal.Writer.reopen(path, loaded)
        return session, outputs, loaded

    @classmethod
    def from_header(cls, loaded: journal.Loaded, path: str | Path) -> Session:
        """A session at the start of the game a journal records (nothing replayed yet)."""
        h = loaded.header
        where = f"{path} (the scenario stored in its header)"
        try:
            scenario = parse_scenario(h["scenario_toml"], where)
        except ScenarioError as exc:
            raise journal.JournalError(str(path), 1, str(exc)) from exc
        if h.get("scenario_sha256") and h["scenario_sha256"] != scenario.sha256:
            raise journal.JournalError(str(path), 1, "the stored scenario does not match its SHA-256 (the header was edited)")
        return cls(scenario=scenario, seed=h["seed"], salt=h["salt"], journal_path=str(path))

    # ------------------------------------------------------------ the game clock

    def next_due(self) -> int | None:
        """When the rules next act on their own."""
        return self.scenario.game.next_due(self.state)

    def advance(self, now: int) -> list[Output]:
        """Move the game clock to `now`, applying (and journaling) everything due on the way."""
        out: list[Output] = []
        if self.paused or now <= self.now:
            return out
        game = self.scenario.game
        while (due := game.next_due(self.state)) is not None and due <= now:
            before = self.state
            self.now = due
            state, events = game.on_due(self.state, due)
            entry = self._journal({"kind": "clock", "t": due}, events)
            if entry is None:
                return out + [self._journal_failed(f"the clock at {fmt_stamp(due)}")]
            self.state = state
            self.history.append(_Step(entry=entry, before=before, now_before=due))
            out += self._announce(events, entry)
        self.now = now
        return out

    # ------------------------------------------------------------ input

    def feed(self, text: str, *, lineno: int | None = None, allow_time: bool = True) -> list[Output]:
        """Judge a line or a pasted block of lines, in order, at the current game time."""
        out: list[Output] = []
        for i, (line, speaker) in enumerate(split_block(text, speaker=self._speaker)):
            self._speaker = speaker
            n = None if lineno is None else lineno + i
            try:
                out += self._line(line, n, allow_time)
            except UmpireError as exc:
                out.append(_refusal(line.raw, exc, n))
            except Exception as exc:  # a bug must never end a live session
                detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
                out.append(
                    Output(
                        kind="refusal",
                        error="InternalError",
                        input=line.raw.strip(),
                        line=n,
                        text=f"internal error while judging this line; nothing was changed and the journal is intact ({detail})",
                    )
                )
        return out

    def end_block(self) -> None:
        """Forget a Discord header's speaker (the REPL calls this after each pasted block)."""
        self._speaker = None

    def _line(self, line: Line, lineno: int | None, allow_time: bool) -> list[Output]:
        kind = line.kind
        if kind in ("blank", "comment", "header"):
            return []
        if kind == "too_long":
            raise InvalidCommand(f"this line is too long to be a command (over {4000} characters)", text=line.raw)
        if kind == "time":
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
        if kind == "player":
            assert line.name is not None
            roster = self.scenario.roster
            player = roster.find(line.name)
            if player is None and self._speaker is not None and line.name != self._speaker:
                # A message under a Discord header that merely contains a colon.
                player = roster.find(self._speaker)
                if player is not None:
                    return self._input(player.seat, line.raw.strip(), line.raw)
            if player is None:
                player = roster.resolve(line.name)
            if not line.text:
                raise InvalidCommand(f"{player.name} sent nothing after the colon", text=line.raw.strip())
            return self._input(player.seat, line.text, line.raw)
        return self._host(line.text, line.raw)

    def _host(self, text: str, raw: str) -> list[Output]:
        words = text.split()
        head = words[0].casefold()
        game = self.scenario.game
        views = game.views(self.state, self.now)
        if head in ("help", "?", "commands"):
            return [Output(kind="info", text=self.help_text(words[1] if len(words) > 1 else None))]
        if head == "rules" and len(words) == 1:
            return [Output(kind="info", text=self.rules_text())]
        if head in views and len(words) == 1:
            return [Output(kind="view", view=views[head], text=views[head].chat)]
        queried = game.query(self.state, self.now, words)
        if queried is not None:
            return [Output(kind="view", view=queried, text=queried.chat)]
        if head == "pause" and len(words) == 1:
            return self._pause(True)
        if head == "resume" and len(words) == 1:
            return self._pause(False)
        if head == "undo" and len(words) == 1:
            return self.undo()
        if head == "commitment" and len(words) == 1:
            return self.commitment_outputs()
        if head == "reveal" and (len(words) == 1 or (len(words) == 2 and words[1].casefold() == "anyway")):
            return self._reveal(force=len(words) == 2)
        if head in ("copy", "quit", "exit") and len(words) == 1:
            return [Output(kind="info", text=f"“{head}” works in the REPL")]
        return self._input(None, text, raw)

    def _input(self, actor: int | None, text: str, raw: str) -> list[Output]:
        game = self.scenario.game
        try:
            command = game.parse(self.state, actor, text, self._resolve)
            state, events = game.apply(self.state, command, self.now)
        except UmpireError as exc:
            exc.text = raw.strip()  # the refusal names the whole line as the host saw it
            raise
        entry = self._journal({"kind": "input", "t": self.now, "by": actor, "text": text, "line": raw.strip()}, events)
        if entry is None:
            return [self._journal_failed(raw.strip())]
        self.history.append(_Step(entry=entry, before=self.state, now_before=self.now))
        self.state = state
        return self._announce(events, entry)

    def _resolve(self, name: str) -> int:
        return self.scenario.roster.resolve(name).seat

    # ------------------------------------------------------------ host controls

    def _pause(self, pause: bool) -> list[Output]:
        if pause == self.paused:
            raise IllegalAction("the clocks are already " + ("paused" if pause else "running"))
        kind = "pause" if pause else "resume"
        entry = self._journal({"kind": kind, "t": self.now}, [])
        if entry is None:
            return [self._journal_failed(kind)]
        self.paused = pause
        ev = Event(kind="paused" if pause else "resumed", t=self.now)
        text = _pause_text(pause, self.now)
        return [self._say(ev, text, entry)]

    def undo(self) -> list[Output]:
        """Take back the last accepted input or clock ruling (journaled as an undo entry)."""
        if not self.history:
            raise IllegalAction("there is nothing to undo")
        step = self.history[-1]
        game = self.scenario.game
        due = game.next_due(step.before)
        rewind = None
        if due is not None and due <= self.now:
            rewind = max(due - 1, step.now_before - 1, 0)
        entry = self._journal(
            {"kind": "undo", "t": self.now, "undoes": step.entry["n"], "rewind": rewind, "paused": rewind is not None or self.paused},
            [],
        )
        if entry is None:
            return [self._journal_failed("undo")]
        self.history.pop()
        self.state = step.before
        what = step.entry.get("line") or (f"the clock ruling at {fmt_stamp(step.entry['t'])}")
        text = f"↶ Undid entry {step.entry['n']}: {what}."
        if rewind is not None:
            self.now = rewind
            self.paused = True
            text += f"\nClocks paused at {fmt_stamp(rewind)} (game time), before the deadline it had passed, so it does not fire again at once; enter what should have happened, then “resume”."
        ev = Event(kind="undone", t=self.now, audience=HOST, data={"undid": step.entry["n"], "input": what, "rewind": rewind})
        return [self._say(ev, text, entry)]

    def commitment_outputs(self) -> list[Output]:
        """The fairness commitment, as an announcement to post before the game."""
        c = journal.commitment(self.seed, self.salt)
        ev = Event(kind="commitment", t=self.now, data={"sha256": c})
        text = f"🔒 Fairness commitment (SHA-256 of salt:seed): `{c}`\nThe seed and salt are revealed at the end, so anyone can check that nothing was rigged."
        return [Output(kind="announce", text=text, audience=PUBLIC, event=ev.to_json())]

    def _reveal(self, *, force: bool) -> list[Output]:
        game = self.scenario.game
        if not force and not game.is_over(self.state):
            raise IllegalAction(
                "the game is not over; revealing the seed now lets players predict what is still to come (“reveal anyway” to do it regardless)"
            )
        entry = self._journal({"kind": "reveal", "t": self.now}, [])
        if entry is None:
            return [self._journal_failed("reveal")]
        self.revealed = True
        c = journal.commitment(self.seed, self.salt)
        ev = Event(kind="revealed", t=self.now, data={"seed": self.seed, "salt": self.salt, "sha256": c})
        text = (
            f"🔓 Seed: `{chat.safe(self.seed)}` · salt: `{self.salt}`\n"
            f"SHA-256 of `{self.salt}:{chat.safe(self.seed)}` = `{c}` (the commitment posted at the start).\n"
            f"Check it yourself: `printf '%s' '{self.salt}:{self.seed}' | sha256sum`, or `umpire verify` on the journal."
        )
        return [self._say(ev, text, entry)]

    # ------------------------------------------------------------ text for the host

    def help_text(self, topic: str | None = None) -> str:
        """The commands of the loaded game, with examples."""
        game = self.scenario.game
        items = [(h.syntax, h.what, h.example, h.who) for h in game.help()]
        views = game.views(self.state, self.now)
        items += [(s, w, e, "host") for s, w, e in GENERIC_HELP if s not in ("status", "board") or s in views]
        if topic:
            t = topic.casefold()
            hits = [i for i in items if i[0].split()[0].casefold().strip("[]") == t or t in i[0].casefold().split()]
            if not hits:
                return f"No command “{topic}”. Type “help” for the list."
            return "\n".join(f"{s}\n  {w}\n  e.g. {e}" for s, w, e, _ in hits)
        names = " / ".join(f"{p.name} ({', '.join(p.aliases)})" if p.aliases else p.name for p in self.scenario.roster)
        lines = [
            f"{self.scenario.title} — {game.title}",
            f"Players: {names}",
            "",
            "Player submissions (prefix with the player's name or alias, e.g. “p1: …”):",
        ]
        lines += [f"  {s:<22} {w}  e.g. {e}" for s, w, e, who in items if who == "player"]
        lines += ["", "Host commands (no prefix):"]
        lines += [f"  {s:<22} {w}  e.g. {e}" for s, w, e, who in items if who == "host"]
        lines += [
            "",
            "Pasted Discord messages work too: “[10:32 PM] Name: …”, or a “Name — Today at 10:32 PM” line followed by the messages.",
        ]
        return "\n".join(lines)

    def rules_text(self) -> str:
        """The house rulings in force for the loaded scenario."""
        game = self.scenario.game
        # A setting that names a player is shown with the player's name: "Uri (p2)", not "p2".
        shown = dict(self.scenario.settings)
        for s in game.settings:
            if s.kind == "player":
                player = self.scenario.roster.resolve(str(shown[s.key]))
                shown[s.key] = player.name if player.name == shown[s.key] else f"{player.name} ({shown[s.key]})"
        lines = [f"House rulings in force ({self.scenario.path}):"]
        lines += [f"  • {r}" for r in game.rulings(shown)]
        return "\n".join(lines)

    def final(self) -> dict[str, Any]:
        """The `final` JSON object: the whole state."""
        out: dict[str, Any] = {"type": "final", "t": self.now, "paused": self.paused}
        out.update(self.scenario.game.final(self.state, self.now))
        return out

    # ------------------------------------------------------------ journal and replay

    def _journal(self, entry: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
        generated = [e.data for e in events if e.generated]
        if generated:
            entry["generated"] = generated
        if self._replaying is not None:
            return self._replaying  # rebuilding from the journal: the entry is already written
        if self.writer is None:
            self.entries += 1
            return {"n": self.entries, **entry}
        entry["wall"] = _wall()
        try:
            written = self.writer.append(entry)
        except OSError:
            return None
        self.entries = written["n"]
        return written

    def _journal_failed(self, what: str) -> Output:
        return Output(
            kind="refusal",
            error="JournalError",
            input=what,
            text="could not write the journal (disk full or removed?); this input was NOT accepted. Fix the disk, then enter it again.",
        )

    def _replay(self, entry: dict[str, Any], path: str) -> list[Output]:
        """Apply one journal entry exactly as the live session did."""
        game = self.scenario.game
        self.last_events = []
        line = entry["n"] + 1
        kind = entry["kind"]
        t = entry["t"]
        due = game.next_due(self.state)
        if kind in ("input", "clock") and not self.paused and due is not None and (due < t or (kind == "input" and due == t)):
            raise JournalMismatch(
                path, line, f"the rules had something due at {fmt_stamp(due)} that the journal does not record before this entry"
            )
        if kind == "clock":
            if due != t:
                raise JournalMismatch(path, line, f"the journal records a clock ruling at {fmt_stamp(t)}, but the rules have none due then")
            before = self.state
            self.now = t
            self.state, events = game.on_due(self.state, t)
            self.history.append(_Step(entry=entry, before=before, now_before=t))
            out = self._announce(events, entry)
        elif kind == "input":
            self.now = max(self.now, t)
            actor = entry.get("by")
            try:
                command = game.parse(self.state, actor, entry["text"], self._resolve)
                state, events = game.apply(self.state, command, self.now)
            except UmpireError as exc:
                raise JournalMismatch(path, line, f"the rules refuse this entry on replay ({exc.reason})") from exc
            self.history.append(_Step(entry=entry, before=self.state, now_before=self.now))
            self.state = state
            out = self._announce(events, entry)
        elif kind in ("pause", "resume"):
            self.now = max(self.now, t)
            self.paused = kind == "pause"
            ev = Event(kind="paused" if self.paused else "resumed", t=self.now)
            text = _pause_text(self.paused, self.now)
            out = [self._say(ev, text, entry)]
        elif kind == "undo":
            if not self.history or self.history[-1].entry["n"] != entry["undoes"]:
                raise JournalMismatch(path, line, f"undo of entry {entry['undoes']}, which is not the last entry in force")
            self.now = max(self.now, t)
            self._replaying = entry
            try:
                out = self.undo()
            finally:
                self._replaying = None
        else:  # reveal
            self.now = max(self.now, t)
            self._replaying = entry
            try:
                out = self._reveal(force=True)
            finally:
                self._replaying = None
        self.entries = entry["n"]
        return out

    # ------------------------------------------------------------ announcing

    def _announce(self, events: list[Event], entry: dict[str, Any]) -> list[Output]:
        game = self.scenario.game
        self.last_events = list(events)
        out = []
        for ev in events:
            data: dict[str, Any] | None = ev.to_json()
            assert data is not None
            data["n"] = entry["n"]
            if ev.generated:
                data["generated"] = True
            for a in game.announce(self.state, ev):
                out.append(Output(kind="announce", text=a.text, audience=a.audience, event=data))
                data = None  # the event goes with its first announcement only
            if data is not None:
                out.append(Output(kind="announce", text="", audience=HOST, event=data))
        pub = [o.text for o in out if o.audience == PUBLIC and o.text]
        if pub:
            self.last_public = pub
        return out

    def _say(self, ev: Event, text: str, entry: dict[str, Any]) -> Output:
        data = ev.to_json()
        data["n"] = entry["n"]
        out = Output(kind="announce", text=text, audience=ev.audience, event=data)
        if ev.audience == PUBLIC:
            self.last_public = [text]
        return out


def _pause_text(paused: bool, now: int) -> str:
    clock = fmt_stamp(now - now % 1000)
    return f"⏸ Clocks paused at {clock} (game time)." if paused else f"▶ Clocks running again from {clock} (game time)."


def _refusal(raw: str, exc: UmpireError, lineno: int | None) -> Output:
    return Output(kind="refusal", error=exc.kind, input=(exc.text or raw.strip()), text=exc.reason, line=lineno)


def _wall() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def derive_salt(seed: str) -> str:
    """A salt derived from the seed, for reproducible scripted runs (not for live games)."""
    return hashlib.sha256(f"umpire-script-salt|{seed}".encode()).hexdigest()[:32]


def unreadable(session: Session, text: str, *, allow_time: bool = True) -> str | None:
    """Why a line (or the last line of a block) cannot be read, or None: the REPL's live check.

    Only reading is checked, never the rules, and nothing changes. The toolbar and the line's
    colouring both ask at every redraw, so the last answer is kept.
    """
    key = (text, allow_time, session._speaker)
    cached_key, cached_state, cached = session._live_check
    if cached_key == key and cached_state is session.state:
        return cached
    answer = _unreadable(session, text, allow_time=allow_time)
    session._live_check = (key, session.state, answer)  # holding the state keeps `is` meaningful
    return answer


def _unreadable(session: Session, text: str, *, allow_time: bool) -> str | None:
    from umpire.core.lines import classify

    last = text.split("\n")[-1]
    line = classify(last)
    try:
        if line.kind == "too_long":
            return "this line is too long to be a command"
        if line.kind == "time":
            if not allow_time:
                return "time lines are for scripts; in the REPL the clocks run by themselves"
            parse_clock(line.text)
            return None
        if line.kind == "player":
            roster = session.scenario.roster
            if line.name is None:
                return None
            player = roster.find(line.name)
            if player is None:
                if session._speaker is not None:
                    return None
                roster.resolve(line.name)
                return None
            if not line.text:
                return None
            session.scenario.game.parse(session.state, player.seat, line.text, session._resolve)
            return None
        if line.kind == "host":
            words = line.text.split()
            head = words[0].casefold()
            if head in HOST_WORDS or head in session.scenario.game.views(session.state, session.now):
                if len(words) == 1 or head in ("help", "?", "commands") or (head == "reveal" and words[1:] == ["anyway"]):
                    return None
                if head in session.scenario.game.views(session.state, session.now):
                    return f"“{head}” takes nothing after it"
                return f"“{head}” takes nothing after it" if head != "reveal" else "“reveal” or “reveal anyway”"
            session.scenario.game.parse(session.state, None, line.text, session._resolve)
    except UmpireError as exc:
        if isinstance(exc, IllegalAction):
            return None
        return exc.reason
    return None


HOST_WORDS = ("help", "?", "commands", "rules", "pause", "resume", "undo", "commitment", "reveal", "copy", "quit", "exit")
