"""A game in progress, and the one interface every front end uses (docs/writing-a-front-end.md).

A front end (the REPL, batch mode, a Discord bot, the tests) gives the session what it receives
and shows or sends what comes back:

* `feed(text)` / `flush()`: what the host typed or pasted (the intake reads it into messages);
  `submit(seat, lines, at=…, source=…)`: one message from a known player, at its own time;
* `advance(now)`: the game clock moved (the session never reads a clock itself);
* `deliver(seat, dms, via=…, receipts=…)`: private messages reached their player;
* `check(text)`: what a line would do (the live check), without changing anything.

Every call returns outputs, each naming its audience; nothing outside touches the session's parts.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from umpire import __version__
from umpire.core import journal, journal_writer
from umpire.core.errors import IllegalAction, UmpireError
from umpire.games.base import JSON, Event, Game, Post, View
from umpire.scenario import Scenario, ScenarioError
from umpire.scenario import parse as parse_scenario
from umpire.session import entries as E
from umpire.session import fairness, seed_words, wording
from umpire.session.delivery import Dm, DmId, DmStatus, Outbox
from umpire.session.engine import Engine, wall
from umpire.session.history import Step
from umpire.session.outputs import Output

if TYPE_CHECKING:
    from umpire.session.intake import Intake

SeedSource = Literal["drawn", "host"]


class Session:
    """One game being hosted: the referee of record."""

    def __init__(
        self,
        *,
        scenario: Scenario,
        seed: str,
        salt: str,
        seed_source: SeedSource | None = None,
        fair: fairness.Fairness | None = None,
        writer: journal_writer.Writer | None = None,
        journal_path: str | None = None,
        announce: bool = True,
    ) -> None:
        self.scenario = scenario
        self.seed, self.salt = seed, salt
        self.seed_source = seed_source
        self.journal_path = journal_path
        self.fair = fair if fair is not None else fairness.Fairness()
        self.engine = Engine(scenario=scenario, seed=seed, salt=salt, fair=self.fair, writer=writer, announce=announce)
        self.width: int = 80  # the host's terminal width, for help and rules (the REPL sets it)
        self.mentioned: dict[str, str] = {}  # a player's Discord user ID -> how their name is written (`know_users`)
        self._live: tuple[Any, Any, str | None] = (None, None, None)

    # ------------------------------------------------------------ what it is

    @property
    def game(self) -> Game[Any, Any]:
        """The rules being hosted."""
        return self.engine.game

    @property
    def names(self) -> tuple[str, ...]:
        """The players' display names by seat."""
        return self.engine.names

    @property
    def state(self) -> Any:
        """The game's state now."""
        return self.engine.state

    @property
    def now(self) -> int:
        """The game time (ms)."""
        return self.engine.now

    @property
    def paused(self) -> bool:
        """Whether the clocks are held."""
        return self.engine.paused

    @property
    def revealed(self) -> bool:
        """Whether the seed has been revealed."""
        return self.engine.revealed

    @property
    def entries(self) -> int:
        """Entries in the journal so far (counted even when no file is kept)."""
        return self.engine.entries

    @property
    def writer(self) -> journal_writer.Writer | None:
        """The journal being written, if one is kept."""
        return self.engine.writer

    @property
    def history(self) -> list[Step]:
        """The rulings in force that `undo` can take back, oldest first."""
        return self.engine.history

    @property
    def outbox(self) -> Outbox:
        """The private messages waiting for each player."""
        return self.engine.outbox

    @property
    def last_public(self) -> list[str]:
        """The texts of the last public posts (what `copy` copies)."""
        return self.engine.last_public

    @property
    def last_public_posts(self) -> list[tuple[int | None, Post]]:
        """The last public posts with the entry that made them (for their pictures)."""
        return self.engine.last_public_posts

    @property
    def last_events(self) -> list[Event]:
        """The game's events of the last entry."""
        return self.engine.last_events

    def title(self) -> str:
        """The scenario's title, with the game's name added only when the title does not already say it."""
        sc, game = self.scenario.title, self.game.title
        return sc if game.split(" — ")[0].casefold() in sc.casefold() else f"{sc} — {game}"

    def resolve(self, name: str) -> int:
        """A player's seat from a name or alias (refusing an unknown or ambiguous one)."""
        return self.engine.resolve(name)

    def know_users(self, users: Mapping[int, int | str]) -> None:
        """The players' user IDs on a front end's chat (seat -> ID): a mention `<@ID>` names its player in a move (R-READ-2)."""
        roster = self.scenario.roster  # a name of one word, for a game that reads one (`first Hedger`)
        self.mentioned.update((str(u), next((n for n in roster[s].names() if " " not in n), roster[s].name)) for s, u in users.items())

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
            writer = journal_writer.Writer.create(
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
                    "started": wall(),
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

        Returns the session, everything the replay announced (the commitment first), and what was read, every entry
        included (its `torn` says whether a crash cut the last line). This keeps the whole game in memory; `stream`
        replays one entry at a time.
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
    def stream(
        cls, path: str | Path, *, announce: bool = True, recent: int | None = None
    ) -> tuple[Session, journal.Loaded, Iterator[tuple[dict[str, JSON], list[Output]]]]:
        """Replay a journal one entry at a time: each entry with what it announced.

        The session is at the start of the game until the iterator runs; `loaded` is complete
        once it is exhausted. Nothing is kept that the game does not need, so a resume of a long
        game holds no more than the game itself. Without `announce` nothing is put into words.

        With `recent`, only the last `recent` entries' posts are wanted in words (a resume shows
        them; `replay --json` wants none): every other public or host post is left unworded, its
        output carrying the event alone (its JSON), and the lists yielded for the last `recent`
        entries are filled in with their posts when the journal ends (session/wording.py).
        """
        loaded, entries = journal.scan(path)
        session = cls.from_header(loaded, path, announce=announce)
        return session, loaded, wording.replayed(session.engine, entries, str(path), recent)

    def replay_entry(self, entry: dict[str, JSON], path: str, *, line_hash: str | None = None) -> list[Output]:
        """Apply one journal entry exactly as the live session did (`line_hash`: the hash of its line, if known)."""
        return self.engine.replay(entry, path, line_hash=line_hash)

    def reopen(self, loaded: journal.Loaded) -> None:
        """Continue writing the journal this session was replayed from (after `stream` ran to its end)."""
        assert self.journal_path is not None
        self.engine.writer = journal_writer.Writer.reopen(self.journal_path, loaded)
        self.fair.resumed = True

    @classmethod
    def from_header(
        cls, loaded: journal.Loaded, path: str | Path, secret: fairness.Secret | None = None, *, announce: bool = True
    ) -> Session:
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
            announce=announce,
        )

    # ------------------------------------------------------------ the game clock

    def next_due(self) -> int | None:
        """When the rules next act on their own."""
        return self.engine.due(self.state)

    def advance(self, now: int) -> list[Output]:
        """Move the game clock to `now`, applying (and journaling) everything due on the way."""
        return self.engine.advance(now)

    # ------------------------------------------------------------ what the host types or pastes

    @functools.cached_property
    def intake(self) -> Intake:
        """What reads entered text into messages (one per session, made at the first line read)."""
        from umpire.session.intake import Intake

        roster = self.scenario.roster
        return Intake(is_player=lambda name: roster.find(name) is not None, is_host_word=self.is_host_word)

    @property
    def speaker(self) -> str | None:
        """The sender of the message being read (a Discord header was entered and the message has not ended), or None."""
        return self.intake.sender if "intake" in self.__dict__ else None  # before the first line, no message is open

    def is_host_word(self, word: str) -> bool:
        """Whether `word` is a session command or one of the game's views (the host's, wherever typed)."""
        from umpire.session import host  # the host's commands and the judging: imported with the first line, not at start

        return host.is_host_word(self, word)

    def feed(self, text: str, *, lineno: int | None = None, allow_time: bool = True) -> list[Output]:
        """Judge what was entered at the current game time: one line, or a pasted block of lines.

        A single line under a Discord header (or a compact-mode copy) is held as part of that player's message
        until the message ends (`flush`, an empty line, the next header or a time line); a pasted block is
        read whole, and a message open at its end ends with it. Each complete message is judged
        in order: a player's message of several lines as the game reads one (`Game.message`).
        """
        from umpire.session import judging

        body = text.replace("\r\n", "\n").replace("\r", "\n").strip("\n")
        if "\n" in body:  # a pasted block: its rulings are made durable together, by one fsync, before any is shown
            return self.engine.batched(lambda: judging.judge(self, self.intake.block(body, lineno=lineno), allow_time))
        return judging.judge(self, self.intake.line(body, lineno=lineno), allow_time)

    def flush(self) -> list[Output]:
        """End the message being read (an empty line, the end of a paste or a script) and judge it."""
        from umpire.session import judging

        return judging.judge(self, self.intake.end(), True)

    @property
    def held_lines(self) -> int:
        """How many lines of the message being read under a Discord header are held so far."""
        return len(self.intake.held) if "intake" in self.__dict__ else 0

    def drop_message(self) -> None:
        """Forget the message being read, unjudged (a front end's own failure mid-line)."""
        self.intake.held.clear()
        self.intake.end()

    def game_input(self, actor: int | None, text: str, raw: str, *, source: str | None = None) -> list[Output]:
        """Judge one input of the game's (a player's, or the host's when `actor` is None); a refusal raises."""
        entry = E.Input(t=self.now, by=actor, text=text, line=raw.strip(), source=source)
        try:
            return self.engine.submit(entry, raw.strip())
        except UmpireError as exc:
            exc.text = raw.strip()  # the refusal names the whole line as the host saw it
            raise

    # ------------------------------------------------------------ a message from a known player (a bot)

    def submit(
        self, seat: int, lines: Sequence[str], *, at: int | None = None, source: str | None = None, early: bool = False
    ) -> list[Output]:
        """Judge one message that player `seat` sent, as a bot receives it: its lines (no name prefix).

        `at`: the game time it counts at (its timestamp on the game clock; judged now if that is past). `source` names
        it (a Discord message's id), journaled with what it made (as `heard` if nothing), so it is never taken twice. While
        the game waits for the players' entropy it is the player's word for the seed (judging.submit), refused if `early`
        (sent before the commitment was posted: the front end knows the order)."""
        from umpire.session import judging

        return judging.submit(self, seat, lines, at, source, early)

    @property
    def sources(self) -> set[str]:
        """The front ends' names of the messages already taken, accepted or refused (a bot's message ids); rebuilt on replay."""
        return self.engine.sources

    def posted(self, of: int, posts: Sequence[int], *, via: str | None = None, receipts: Sequence[str] | None = None) -> list[Output]:
        """Record that public posts of entry `of` (their places among its public posts; 0: the commitment) reached the
        channel (journaled). A front end calls this only once its transport confirmed them (`receipts`: Discord's ids)."""
        if not posts:
            raise IllegalAction("no public post named")
        entry = E.Posted(t=self.now, of=of, posts=tuple(posts), via=via, receipts=None if receipts is None else tuple(receipts))
        return self.engine.submit(entry, f"posted (entry {of})")

    def listening(self, via: str, after: str) -> list[Output]:
        """Record that a front end now takes players' messages from `via` itself, those sent after `after` (journaled)."""
        return self.engine.submit(E.Listening(t=self.now, via=via, after=after), f"listening on {via}")

    # ------------------------------------------------------------ host controls

    def pause(self, pause: bool) -> list[Output]:
        """Hold (or restart) every clock; journaled."""
        if pause == self.paused:
            raise IllegalAction("the clocks are already " + ("paused" if pause else "running"))
        entry: E.Entry = E.Pause(t=self.now) if pause else E.Resume(t=self.now)
        return self.engine.submit(entry, entry.kind)

    def undo(self) -> list[Output]:
        """Take back the last accepted input or clock ruling (journaled as an undo entry)."""
        return self.engine.submit(self.engine.undo_entry(), "undo")

    def reveal(self, *, force: bool) -> list[Output]:
        """Post the seed, salt and the journal's final hash (refused before the end unless forced)."""
        if not force and not self.game.is_over(self.state):
            raise IllegalAction(
                "the game is not over; revealing the seed now lets players predict what is still to come (“reveal anyway” to do it regardless)"
            )
        return self.engine.submit(E.Reveal(t=self.now, seed=self.seed, salt=self.salt), "reveal")

    def mix_entropy(self, words: Sequence[str | None]) -> list[Output]:
        """Mix each player's word (in seat order; None: none) into the seed, journaled: once, after the commitment was shown, before any game input."""
        fairness.check_commitment_shown(self.fair)
        return self.engine.submit(E.Entropy(t=self.now, words=seed_words.normalised(words)), f"entropy {seed_words.canonical(words)}")

    def close(self) -> None:
        """Stop writing the journal (everything accepted is already on disk)."""
        if self.writer is not None:
            self.writer.close()

    def stop(self) -> list[Output]:
        """Record the game time when the host leaves, so a resumed game does not refund the time used."""
        if self.now <= self.engine.last_ruling_time() or self.writer is None:
            return []
        return self.engine.submit(E.Stop(t=self.now), "quit")

    def commitment_outputs(self) -> list[Output]:
        """The fairness commitment, as an announcement to post before the game (with the request for the players' entropy
        while the game waits for it); the first time after a resume, information for the host: it was posted when the game began."""
        return self.engine.commitment()

    # ------------------------------------------------------------ delivery

    def waiting(self, seat: int | None = None) -> list[Dm]:
        """The private messages waiting for `seat` (None: for everyone), oldest first."""
        return self.outbox.waiting(seat)

    def waiting_dms(self) -> int:
        """How many private messages wait to be sent, all players together."""
        return self.outbox.count()

    def dm_status(self, dm_id: DmId) -> DmStatus:
        """Whether a private message waits, was sent, or was withdrawn by an undo before it was sent."""
        return self.outbox.status(dm_id)

    def deliver(
        self, seat: int, dms: Sequence[DmId] | None = None, *, via: str | None = None, receipts: Sequence[str] | None = None
    ) -> list[Output]:
        """Record that private messages reached player `seat` (journaled): `dms`, or all that wait.

        A front end calls this only once its transport confirmed the delivery (`receipts`: what it gave back, a Discord
        message's ids). Refused when nothing named waits. A DM that an undo withdrew while it was on its way may still be
        named: it reached the player, so a correction DM follows it.
        """
        waiting = self.outbox.waiting(seat)
        chosen = [d.id for d in waiting if dms is None or d.id in set(dms)]
        # A DM an undo withdrew while it was on its way still reached its player: recorded, and answered with a correction.
        chosen += [i for i in dms or () if (late := self.outbox.late(i)) is not None and late[0] == seat]
        if not chosen:
            raise IllegalAction(f"no private messages wait for {self.names[seat]}")
        ids = None if dms is None else tuple(chosen)
        entry = E.Delivered(t=self.now, to=seat, dms=ids, via=via, receipts=None if receipts is None else tuple(receipts))
        return self.engine.submit(entry, f"delivered to {self.names[seat]}")

    def outbox_view(self) -> View:
        """The private messages waiting for each player, ready to paste."""
        return self.outbox.view(self.scenario.roster)

    # ------------------------------------------------------------ asking

    def check(self, text: str, *, allow_time: bool = True, ahead: bool = False) -> str | None:
        """Why a line (or the last line of a block) would be refused, or None: the live check (see `live.check`)."""
        from umpire.session.live import check

        return check(self, text, allow_time=allow_time, ahead=ahead)

    def complete(self, line: str, word: str) -> list[str]:
        """The words that may complete `word` at the end of `line` (everything typed before the cursor): completion."""
        from umpire.session.live import complete

        return complete(self, line, word)

    def knowledge(self, seat: int | None) -> dict[str, JSON]:
        """What `seat` may know now (None: everyone), as the game says."""
        return self.game.knowledge(self.state, seat)

    def last_generated(self) -> list[dict[str, JSON]]:
        """The seeded items the last entry revealed, as the journal records them (for `umpire verify`)."""
        return [e.payload() for e in self.last_events if e.is_generated]

    def help_text(self, topic: str | None = None, width: int | None = None) -> str:
        """The commands of the loaded game (see `host.help_text`)."""
        from umpire.session import host

        return host.help_text(self, topic, width or self.width)

    def rules_text(self, width: int | None = None) -> str:
        """The house rulings in force for the loaded scenario."""
        from umpire.session import host

        return host.rules_text(self, width or self.width)

    def final(self) -> dict[str, JSON]:
        """The `final` JSON object: the whole state, for the host."""
        out: dict[str, JSON] = {"type": "final", "audience": "host", "t": self.now, "paused": self.paused}
        out.update(self.game.final(self.state, self.now))
        return out
