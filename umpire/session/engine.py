"""The engine: the referee of record, and the only writer of the journal.

One apply path, for a live game and a replay alike. `evaluate` works out what an entry does
without changing anything: the game's new state and events, the session's own events, and every
post and DM put into words (DMs named by the entry, not by their wording). A refusal, or a
renderer that fails, stops there: nothing is written and nothing changes. Then the entry is
written and flushed, and `commit` only swaps in the new state and queues what was said.
State = replay(scenario, journal); undo and resume are replays.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from datetime import UTC, datetime
from types import ModuleType
from typing import Any

from umpire.core import journal, journal_writer, redaction
from umpire.core.clock import fmt_stamp
from umpire.core.errors import IllegalAction, UmpireError
from umpire.core.settings import Settings
from umpire.core.streams import Streams
from umpire.games.base import JSON, Event, Game, Post, PublicSetup, Setup, dm
from umpire.games.facts import Fact
from umpire.scenario import Scenario
from umpire.session import entries as E
from umpire.session import fairness, shown, wording
from umpire.session.burst import Saved
from umpire.session.delivery import Outbox
from umpire.session.events import Commitment
from umpire.session.history import Said, Step, first_line
from umpire.session.outputs import Output, info, journal_failed
from umpire.session.ruling import Ruling, line_data
from umpire.session.wording import Deferred, Unworded

PENDING = 16  # replayed rulings with public posts not yet in words, before the newest is put into words (`settle`)


class JournalMismatch(journal.JournalError):
    """A journal whose entries the rules do not reproduce (tampered with, or from another version)."""


class RenderFailure(UmpireError):
    """A game's (or the session's) renderer raised: the line is refused, since its posts cannot be made."""

    kind = "InternalError"


_TIMED = (E.Input, E.Clock)  # entries whose time the rules' deadlines check
_SOURCED = (E.Input, E.Heard, E.Asked)  # entries that may name the front end's message they came from


def _hash_post(post: Output) -> bool:
    """Whether a public post is the journal's final hash (a correction does not name it: it says it is void)."""
    return post.source is not None and post.source.kind == "final_hash"


@functools.cache
def _play() -> ModuleType:
    """The session's events of a game under way (umpire/session/play_events.py), imported when the first is made.

    Looked up here rather than imported where each is made: an import statement in a function costs ~0.9 µs at every
    call, and a replay makes one at nearly every other entry (each undo, pause and resume).
    """
    from umpire.session import play_events

    return play_events


def wall() -> str:
    """The wall-clock time, for the journal's record of when an entry was written."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class Engine:
    """A game's state, clock and journal: entries are evaluated, written, then committed."""

    def __init__(
        self,
        *,
        scenario: Scenario,
        seed: str,
        salt: str,
        fair: fairness.Fairness,
        writer: journal_writer.Writer | None = None,
        announce: bool = True,
    ) -> None:
        self.scenario = scenario
        self.game: Game[Any, Any] = scenario.game
        self.names = tuple(p.name for p in scenario.roster)
        self.seed, self.salt = seed, salt
        self.fair = fair
        self.writer = writer
        self.announce = announce  # False: rulings are applied but not put into words (`umpire verify` only compares data)
        self.state: Any = self.game.start(self.setup(seed))
        self.now = 0
        self.paused = False
        self.revealed = False
        self.entries = 0  # entries in the journal so far (counted even when no file is kept)
        self.history: list[Step] = []
        self.outbox = Outbox()
        self.sources: set[str] = set()  # the front ends' names of the messages taken (accepted or heard), from the journal too
        self.inputs: dict[int, tuple[int, str, int]] = {}  # the last players' inputs: entry -> (seat, text, t), for R-READ-5
        self.last_events: list[Event] = []
        self.last_public: list[str] = []
        self.last_public_posts: list[tuple[int | None, Post]] = []  # (entry, post), for pictures
        self._held: list[str] | None = None  # in a burst (`batched`): what each entry written and not yet fsync'd was
        self.lazy = False  # a replay puts public and host posts into words only when asked for (session/wording.py)
        self.last_deferred: Deferred | None = None  # the last replayed ruling's posts not yet in words
        self._pending: list[Deferred] = []  # replayed rulings that may have made public posts since `last_public` was set
        self._due: dict[int, tuple[Any, int | None]] = {}  # the rules' next_due of the last few states, by the state's id
        self.shows = False  # the journal records what each entry showed everyone (`shown`, session/shown.py)
        self.check_shown = not announce  # a replay compares each line's `shown` with what its ruling showed: verify's, the report's
        self.facts_held: list[tuple[Any, dict[str, JSON]]] = []  # the public facts of the last few states (`shown`)
        self.declared: tuple[Fact, ...] | None = None  # the game's public facts under its settings, once asked for

    def due(self, state: Any) -> int | None:
        """When the rules next act on their own in `state` (`Game.next_due`, pure): asked of the same few states at
        every entry (a replayed entry's time is checked against it; an undo returns to the state before), so kept."""
        key = id(state)
        got = self._due.get(key)
        if got is not None and got[0] is state:
            return got[1]
        due = self.game.next_due(state)
        if len(self._due) >= 8:
            self._due.clear()
        self._due[key] = (state, due)  # the state is held, so its id is not another's
        return due

    def setup(self, seed: str) -> Setup:
        """What the game starts from, with the streams of `seed`."""
        return Setup(roster=self.scenario.roster, settings=Settings(self.scenario.settings), streams=Streams(seed))

    @functools.cached_property
    def public(self) -> Any:
        """The game's public context (`Game.public`), which its renderers are given with each event: made from the players
        and the settings alone, when the first event is put into words, and the same for every seed."""
        return self.game.public(PublicSetup(roster=self.scenario.roster, settings=Settings(self.scenario.settings)))

    def resolve(self, name: str) -> int:
        """A player's seat from a name or alias (refusing an unknown or ambiguous one)."""
        return self.scenario.roster.resolve(name).seat

    # ------------------------------------------------------------ the one apply path

    def submit(self, entry: E.Entry, what: str) -> list[Output]:
        """Work out what `entry` does (refusing it if the rules do), write it, then make it so."""
        n = self.entries + 1
        ruling = self.evaluate(entry, n)
        data = line_data(ruling)
        if self.writer is not None:
            shown.record(self, ruling, data)
        if self.writer is None:
            self.finish(ruling, line_hash=None, prev=None)
            return self.commit(ruling)
        data["wall"] = wall()
        try:
            prepared = self.writer.prepare(data)
            self.finish(ruling, line_hash=prepared.hash, prev=prepared.prev)
            self.writer.commit(prepared, sync=self._held is None)
        except OSError:
            return [journal_failed(what)]
        if self._held is not None:
            self._held.append(what)
        return self.commit(ruling)

    def batched(self, run: Callable[[], list[Output]]) -> list[Output]:
        """`run` a burst of entries (a pasted block) with one fsync for all of them.

        Each entry is judged, written and committed as it comes, and all of them are made durable
        before their outputs are returned to be announced. If that fails, none of them stands: the
        journal and the game are as they were before the burst, and each entry is refused.
        """
        writer = self.writer
        if writer is None or self._held is not None:
            return run()
        saved = Saved(self)
        self._held = []
        try:
            out = run()
        except BaseException:
            self._held = None
            with contextlib.suppress(OSError):
                writer.sync()  # what was written stands, as after any entry
            raise
        held, self._held = self._held, None
        if held:
            try:
                writer.sync()
            except OSError:
                saved.restore(self)
                return [journal_failed(what) for what in held]
        return out

    def replay(self, data: dict[str, JSON], path: str, *, line_hash: str | None = None) -> list[Output]:
        """Apply one journal entry exactly as the live session did (`line_hash`: the hash of its line; when not given,
        that of the line as umpire writes the entry, so a ruling that ended the game posts its final hash, and an undo
        of it says the hash is void, as they did live: its line's `shown` says so)."""
        entry = E.read(data, path)
        n = int(data["n"])
        try:
            self.check_time(entry)
            ruling = self.evaluate(entry, n)
            differs = shown.check(self, ruling, data) if self.check_shown else None
            if differs is not None:
                raise JournalMismatch("", 0, differs)
            if line_hash is None and entry.ruling and self.game.is_over(ruling.state) and not self.game.is_over(self.state):
                line_hash = redaction.entry_hash(redaction.compact(data), data)  # the line as umpire writes it (verify's replay gives none)
            prev = data.get("prev")
            self.finish(ruling, line_hash=line_hash, prev=prev if isinstance(prev, str) else None, replaying=True)
        except JournalMismatch as exc:
            raise JournalMismatch(path, n + 1, exc.reason) from None
        except UmpireError as exc:
            raise JournalMismatch(path, n + 1, f"the rules refuse this entry on replay ({exc.reason})") from exc
        return self.commit(ruling)

    def check_time(self, entry: E.Entry) -> None:
        """A replayed ruling must come when the rules say: nothing due was skipped, and a clock ruling was due."""
        if not isinstance(entry, _TIMED):
            return
        due = self.due(self.state)
        t = entry.t
        if not self.paused and due is not None and (due < t or (isinstance(entry, E.Input) and due == t)):
            raise JournalMismatch(
                "", 0, f"the rules had something due at {fmt_stamp(due)} that the journal does not record before this entry"
            )
        if isinstance(entry, E.Clock) and due != t:
            raise JournalMismatch("", 0, f"the journal records a clock ruling at {fmt_stamp(t)}, but the rules have none due then")

    def evaluate(self, entry: E.Entry, n: int) -> Ruling:
        """What an entry does, without changing anything; raises the refusal if the rules refuse it."""
        now = max(self.now, entry.t)
        if isinstance(entry, E.Clock):
            state, events = self.game.on_due(self.state, entry.t)
            return Ruling(entry=entry, n=n, state=state, now=entry.t, paused=self.paused, events=events)
        if isinstance(entry, E.Input):
            return self._input(entry, n, now)
        if isinstance(entry, E.Pause | E.Resume):
            paused = isinstance(entry, E.Pause)
            note: Event = _play().Paused(t=now) if paused else _play().Resumed(t=now)
            return self._note(entry, n, now, [note], paused=paused)
        if isinstance(entry, E.Undo):
            return self._undo(entry, n, now)
        if isinstance(entry, E.Entropy):  # the players' words mixed in, and the game begun again from the seed they make
            ev = fairness.entropy_in(self.fair, entry.text, entry.words, seed=self.seed, names=self.names, now=now)
            ruling = self._note(entry, n, now, [ev])
            ruling.state = self.game.start(self.setup(ev.game_seed))
            return ruling
        if isinstance(entry, E.Reveal):
            return self._reveal(entry, n, now)
        if isinstance(entry, E.Delivered):
            return self._delivered(entry, n, now)
        if isinstance(entry, E.Heard) and entry.refused is None:  # a player's word for the seed
            word = fairness.EntropyWord(t=now, audience=dm(entry.by), word=entry.text, count=len(self.fair.words) + 1, of=len(self.names))
            return self._note(entry, n, now, [word])
        if isinstance(entry, E.Asked):  # a player's `status`: what their seat may know, sent to them (R-READ-4)
            return self._note(entry, n, now, [_play().answer(self, entry, now)])
        assert isinstance(entry, E.Stop | E.Heard | E.Posted | E.Listening)
        return self._note(entry, n, now, [])

    def _note(self, entry: E.Entry, n: int, now: int, notes: list[Event], *, paused: bool | None = None) -> Ruling:
        return Ruling(entry=entry, n=n, state=self.state, now=now, paused=self.paused if paused is None else paused, events=[], notes=notes)

    def _input(self, entry: E.Input, n: int, now: int) -> Ruling:
        game, before = self.game, self.state
        command = game.parse(before, entry.by, entry.text, self.resolve)  # a line no game reads says so first
        if self.fair.waiting:
            raise IllegalAction(fairness.ENTROPY_REFUSED_INPUT)
        move = game.move_of(command)
        why = move.when(before, entry.by)  # `game.why_not`, the move looked up once
        if why is not None:
            raise IllegalAction(why)
        state, events = game.apply(before, command, now)
        # A submission sent again, or a ruling that changed nothing: the undo history keeps one state.
        if state is not before and state == before:
            state = before
        return Ruling(entry=entry, n=n, state=state, now=now, paused=self.paused, events=events, sealed=move.sealed)

    def _delivered(self, entry: E.Delivered, n: int, now: int) -> Ruling:
        """DMs reached their player. One an undo withdrew while it was on its way is answered with a correction."""
        from umpire.session.play_events import Delivered, DmCorrection

        ids = entry.dms
        waiting = self.outbox.waiting(entry.to)
        count = len(waiting) if ids is None else sum(1 for d in waiting if d.id in set(ids))
        late = [g for g in map(self.outbox.late, ids or ()) if g is not None]
        notes: list[Event] = [Delivered(t=now, player=self.names[entry.to], messages=count + len(late), via=entry.via)]
        notes += [DmCorrection(t=now, audience=dm(seat), withdrawn=what, about=about) for seat, about, what in late]
        ruling = self._note(entry, n, now, notes)
        ruling.delivered = (entry.to, ids)
        return ruling

    def _undo(self, entry: E.Undo, n: int, now: int) -> Ruling:
        play = _play()
        Undone, CorrectionPost, DmCorrection = play.Undone, play.Correction, play.DmCorrection
        if not self.history or self.history[-1].n != entry.undoes:
            raise JournalMismatch("", 0, f"undo of entry {entry.undoes}, which is not the last entry in force")
        step = self.history[-1]
        notes: list[Event] = [Undone(t=now, undid=step.n, input=step.what, rewind=entry.rewind)]
        withdrawn, hashed = step.withdrawn, step.hashed
        if step.unworded is not None:  # a replayed ruling: its public posts are put into words now
            withdrawn, hashed = tuple(map(first_line, step.unworded.posts(self))), step.unworded.hashed
        if withdrawn:  # one correction names every public post the ruling made
            notes.append(CorrectionPost(t=now, withdrawn=withdrawn[0], also=withdrawn[1:]))
        if hashed:  # and the journal's final hash, posted with a ruling that ended the game, is void
            notes.append(play.FinalHashWithdrawn(t=now))
        sent = [d for d in step.dms if d.id in self.outbox.sent]
        notes += [DmCorrection(t=now, audience=dm(d.seat), withdrawn=step.what, about=d.first_line) for d in sent]
        ruling = self._note(entry, n, now if entry.rewind is None else entry.rewind, notes)
        ruling.state, ruling.pop = step.before, step
        ruling.paused = self.paused if entry.paused is None else entry.paused
        return ruling

    def _reveal(self, entry: E.Reveal, n: int, now: int) -> Ruling:
        from umpire.session.play_events import SeedRevealed

        if entry.seed is not None or entry.salt is not None:
            mismatch = fairness.reveal_entry_check(entry.to_json(), self.seed, self.salt)
            if mismatch:
                raise JournalMismatch("", 0, mismatch)
        notes: list[Event] = [SeedRevealed(t=now, seed=self.seed, salt=self.salt, sha256=journal.commitment(self.seed, self.salt))]
        if self.fair.entropy is not None and self.fair.game_seed is not None:
            notes.append(
                fairness.GameSeed(t=now, words=self.fair.entropy, game_seed=self.fair.game_seed, seed=self.seed, mix=self.fair.mix_label)
            )
        ruling = self._note(entry, n, now, notes)
        ruling.revealed = True
        return ruling

    def finish(self, ruling: Ruling, *, line_hash: str | None, prev: str | None, replaying: bool = False) -> None:
        """Put the ruling into words, now that its line's hash (and the hash of the line before) is known.

        A ruling that ends the game also publishes the journal's hash up to and including it; the
        reveal publishes the hash of the line before it (only a kept journal has hashes). A renderer
        that raises refuses the line (RenderFailure) while it is live; in a replay its post is
        replaced by a note saying so, since the journal is the truth.
        """
        if isinstance(ruling.entry, E.Reveal):
            if prev:
                from umpire.session.play_events import FinalHash

                ruling.notes.append(FinalHash(t=ruling.now, final_hash=prev, commitment=journal.commitment(self.seed, self.salt)))
        elif ruling.entry.ruling and line_hash and self.game.is_over(ruling.state) and not self.game.is_over(self.state):
            from umpire.session.play_events import FinalHash

            ruling.notes.append(FinalHash(t=ruling.now, final_hash=line_hash, commitment=journal.commitment(self.seed, self.salt)))
        if self.announce:
            if self.lazy and replaying:
                wording.render_later(self, ruling)
            else:
                wording.render(self, ruling, replaying=replaying)

    def commit(self, ruling: Ruling) -> list[Output]:
        """Make a written (or replayed) ruling so: swap the state in and queue what it said."""
        before, now_before = self.state, self.now
        entry = ruling.entry
        self.state, self.now, self.paused = ruling.state, ruling.now, ruling.paused
        self.entries = ruling.n
        self.last_events = list(ruling.events)
        self.revealed = self.revealed or ruling.revealed
        self.fair.committed(ruling.n, ruling=entry.ruling, events=ruling.notes)
        if ruling.pop is not None:
            self.history.pop()
            self.outbox.withdraw(ruling.pop.dms, ruling.pop.what)
        if isinstance(entry, _SOURCED) and entry.source is not None:
            self.sources.add(entry.source)
        if isinstance(entry, E.Input) and entry.by is not None:
            self.inputs[ruling.n] = (entry.by, entry.text, entry.t)
            if len(self.inputs) > 32:
                del self.inputs[next(iter(self.inputs))]
        if ruling.delivered is not None:
            seat, ids = ruling.delivered
            self.outbox.mark_sent(seat, ids)
        self.outbox.queue(ruling.dms)
        if ruling.public:
            self.last_public = [o.text for o in ruling.public]
            self.last_public_posts = [(o.n, o.post) for o in ruling.public if o.post is not None]
        deferred = self.last_deferred = ruling.deferred
        if deferred is not None and deferred.public_events:
            self._pending.append(deferred)
            if len(self._pending) > PENDING:
                self.settle()
        if entry.ruling:
            self.history.append(self._step(ruling, before, now_before))
        return ruling.outputs

    def _step(self, ruling: Ruling, before: Any, now_before: int) -> Step:
        """What an undo of `ruling` needs, what it says kept once where it says what the ruling before it said."""
        entry = ruling.entry
        what = entry.line if isinstance(entry, E.Input) and entry.line else f"the clock ruling at {fmt_stamp(entry.t)}"
        deferred = ruling.deferred
        unworded = None if deferred is None else Unworded.of(deferred)
        if not self.announce:
            unworded = Unworded.of_ruling(ruling)
        game = tuple(first_line(o.text) for o in ruling.public if not _hash_post(o))
        said = Said(what=what, withdrawn=game, hashed=len(game) < len(ruling.public), unworded=unworded)
        last = self.history[-1].said if self.history else None
        if last is not None and said.alike(last):
            said = last
        dms = ruling.dms
        return Step(
            n=ruling.n, before=before, now_before=max(now_before, ruling.now), said=said, made=dms[0] if len(dms) == 1 else tuple(dms)
        )

    def settle(self) -> None:
        """Put into words the last public posts of a replay that left them for later: what `copy` copies."""
        pending = self._pending
        while pending:
            public = pending.pop().render()  # the newest ruling that made a public post is the one
            if public:
                self.last_public = [o.text for o in public]
                self.last_public_posts = [(o.n, o.post) for o in public if o.post is not None]
                pending.clear()

    def announcements(self, notes: list[Event]) -> list[Output]:
        """The session's own posts that no entry makes (the commitment, shown again on request); public ones become what `copy` copies."""
        if not self.announce:
            return []
        ruling = Ruling(entry=E.Stop(t=self.now), n=0, state=self.state, now=self.now, paused=self.paused, events=[], notes=notes)
        wording.render(self, ruling, replaying=False)
        for o in ruling.outputs:
            o.n = None
        if ruling.public:
            self.last_public = [o.text for o in ruling.public]
            self.last_public_posts = [(None, o.post) for o in ruling.public if o.post is not None]
        return ruling.outputs

    def commitment(self) -> list[Output]:
        """The fairness commitment to post (with the request for the players' entropy while the game waits for it);
        after a resume, the first time, information for the host instead: it was posted when the game began."""
        sha = journal.commitment(self.seed, self.salt)
        f = self.fair
        if f.resumed and not f.commitment_shown:
            f.commitment_shown = True
            text = f"The fairness commitment, posted when this game began (not a new post): `{sha}`"
            if f.waiting:
                text += "\nThe players' entropy is not in yet: collect a word or number from each player, then “entropy NAME=WORD, …”."
            return [info(text)]
        f.commitment_shown = True
        notes: list[Event] = [Commitment(t=self.now, sha256=sha)]
        if f.waiting:
            notes.append(fairness.EntropyWanted(t=self.now))
        return self.announcements(notes)

    # ------------------------------------------------------------ entries the host's commands make

    def undo_entry(self) -> E.Undo:
        """The entry that takes back the last ruling in force (refused when there is none)."""
        if not self.history:
            raise IllegalAction("there is nothing to undo")
        step = self.history[-1]
        due = self.due(step.before)
        rewind = None
        if due is not None and due <= self.now:
            rewind = max(due - 1, step.now_before - 1, 0)
        return E.Undo(t=self.now, undoes=step.n, rewind=rewind, paused=rewind is not None or self.paused)

    def advance(self, now: int) -> list[Output]:
        """Move the game clock to `now`, applying (and journaling) everything due on the way."""
        out: list[Output] = []
        if self.paused or now <= self.now:
            return out
        while (due := self.due(self.state)) is not None and due <= now:
            result = self.submit(E.Clock(t=due), f"the clock at {fmt_stamp(due)}")
            out += result
            if result and result[-1].error == "JournalError":
                return out
        self.now = now
        return out

    def last_ruling_time(self) -> int:
        """The game time of the last ruling in force (0 before any)."""
        return self.history[-1].now_before if self.history else 0
