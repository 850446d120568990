"""Putting rulings into words: each event's posts, made at once, or, in a replay, when first asked for.

A live ruling is put into words before it is written (a renderer that fails refuses the line), and
so is every ruling of a replay that shows its posts (`umpire replay`). A replay that shows only its
last few entries (`umpire resume`) or only the events' JSON (`umpire replay --json`) puts into words
at once only what the session itself keeps: each private message, which waits in the outbox. The
public and host posts of every other ruling are made when something asks for them: the last
entries' outputs when the journal ends, the public posts of a ruling an undo takes back (the
correction names them), the last public posts (what `copy` copies). They are the same words, since
a post depends only on its event and the game's public context, which never change.
"""

from __future__ import annotations

import collections
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from umpire.games.base import HOST, Event, Post
from umpire.session.delivery import Dm
from umpire.session.events import RENDER
from umpire.session.outputs import Output, OutputKind

if TYPE_CHECKING:
    from umpire.session.engine import Engine
    from umpire.session.ruling import Ruling


def event_outputs(engine: Engine, k: int, ev: Event, game_events: int, n: int, *, replaying: bool) -> list[Output]:
    """The outputs of the `k`th event of entry `n` (the game's first `game_events`, then the session's notes): one per post.

    The game's renderers are given the event and the game's public context, the session's the event alone.

    An event none of whose posts has text still goes out, as JSON, to the host. A renderer that
    raises refuses a live line (RenderFailure); in a replay its post says what failed, since the
    journal is the truth.
    """
    try:
        posts = engine.game.announce(engine.public, ev) if k < game_events else RENDER.render(None, ev)
    except Exception as exc:  # a renderer's bug refuses the line: nothing is written
        who = engine.game.key if k < game_events else "the session"
        if not replaying:
            from umpire.session.engine import RenderFailure

            raise RenderFailure(
                f"internal error: {who} could not put its “{ev.kind}” event into words ({type(exc).__name__}: {exc}); this line was NOT accepted, nothing changed"
            ) from exc
        posts = [Post(text=f"({who} could not put its “{ev.kind}” event into words: {type(exc).__name__})")]
    names = engine.names
    audience = ev.audience
    if len(posts) == 1:  # most events make one post
        post = posts[0]
        if not post.text:
            return [Output(kind=OutputKind.ANNOUNCE, audience=HOST, source=ev, names=names, n=n)]
        dm = (n, k) if audience.seat is not None else None
        return [Output(kind=OutputKind.ANNOUNCE, text=post.text, post=post, audience=audience, source=ev, names=names, n=n, dm=dm)]
    if not any(p.text for p in posts):
        return [Output(kind=OutputKind.ANNOUNCE, audience=HOST, source=ev, names=names, n=n)]
    dm = (n, k) if audience.seat is not None else None
    out = []
    source: Event | None = ev  # the event goes with its first post only
    for post in posts:
        out.append(Output(kind=OutputKind.ANNOUNCE, text=post.text, post=post, audience=audience, source=source, names=names, n=n, dm=dm))
        source = None
    return out


def _public(outputs: list[Output]) -> list[Output]:
    return [o for o in outputs if o.post is not None and o.text and o.audience.public]


def _dm(engine: Engine, n: int, k: int, seat: int, outs: list[Output]) -> Dm:
    """The private message of the `k`th event of entry `n`: its posts with text (equal posts kept once: they may wait long)."""
    return Dm(id=(n, k), seat=seat, posts=engine.outbox.posts(tuple(o.post for o in outs if o.post is not None and o.text)))


def render(engine: Engine, ruling: Ruling, *, replaying: bool) -> None:
    """Put every event of the ruling into words now: its outputs, its public posts and its private messages."""
    n = ruling.n
    game_events = len(ruling.events)
    for k, ev in enumerate((*ruling.events, *ruling.notes) if ruling.notes else ruling.events):
        outs = event_outputs(engine, k, ev, game_events, n, replaying=replaying)
        ruling.outputs += outs
        seat = ev.audience.seat
        if ev.audience.kind == "public":
            ruling.public += _public(outs)
        elif seat is not None and outs[0].post is not None:
            ruling.dms.append(_dm(engine, n, k, seat, outs))


def render_later(engine: Engine, ruling: Ruling) -> None:
    """Put the ruling's private messages into words now, and its other posts when first asked for (`Deferred`).

    Meanwhile each of those events is one output carrying the event (its JSON) without words.
    """
    n = ruling.n
    game_events = len(ruling.events)
    later: list[tuple[int, Event, Output]] = []
    for k, ev in enumerate((*ruling.events, *ruling.notes)):
        seat = ev.audience.seat
        if seat is None:
            held = Output(kind=OutputKind.ANNOUNCE, audience=ev.audience, source=ev, names=engine.names, n=n)
            ruling.outputs.append(held)
            later.append((k, ev, held))
            continue
        outs = event_outputs(engine, k, ev, game_events, n, replaying=True)
        ruling.outputs += outs
        if outs[0].post is not None:
            ruling.dms.append(_dm(engine, n, k, seat, outs))
    if later:
        public = tuple((k, ev) for k, ev, _ in later if ev.audience.public)
        ruling.deferred = Deferred(engine=engine, n=n, game_events=game_events, later=later, outputs=ruling.outputs, public_events=public)


@dataclass(kw_only=True, slots=True)
class Deferred:
    """A replayed ruling's public and host posts, not yet put into words."""

    engine: Engine
    n: int
    game_events: int
    later: list[tuple[int, Event, Output]]  # each event not yet in words, with the output standing for it
    outputs: list[Output]  # the ruling's outputs, where the posts replace the outputs standing for their events
    public_events: tuple[tuple[int, Event], ...] = ()  # those events for everyone (they may make a public post), with their places
    public: list[Output] | None = None  # its public posts with text, once in words

    @property
    def has_public(self) -> bool:
        """Whether any event not yet in words is for everyone (it may make a public post)."""
        return bool(self.public_events)

    def render(self) -> list[Output]:
        """Put the posts into words (once), in the ruling's outputs; returns its public posts with text."""
        if self.public is None:
            public: list[Output] = []
            for k, ev, held in self.later:
                outs = event_outputs(self.engine, k, ev, self.game_events, self.n, replaying=True)
                at = next(i for i, o in enumerate(self.outputs) if o is held)
                self.outputs[at : at + 1] = outs
                public += _public(outs)
            self.public = public
        return self.public


@dataclass(frozen=True, slots=True, eq=False)
class Unworded:
    """Of a replayed ruling in force whose public posts are not in words: what an undo needs to name them.

    The undo history keeps one per such ruling, so it keeps no more: its public events (with their places among the
    entry's events), which are all its posts are made from, not the ruling's outputs.
    """

    game_events: int
    events: tuple[tuple[int, Event], ...]

    @classmethod
    def of(cls, deferred: Deferred) -> Unworded | None:
        """What names the public posts of `deferred`'s ruling; None if it makes none."""
        events = deferred.public_events
        return cls(game_events=deferred.game_events, events=events) if events else None

    @classmethod
    def of_ruling(cls, ruling: Ruling) -> Unworded | None:
        """What names the public posts of a ruling put into no words at all (a replay that announces nothing, as `verify`'s):
        an undo of it still names them in its correction, as the journal's `shown` records it (session/shown.py)."""
        events = tuple((k, ev) for k, ev in enumerate((*ruling.events, *ruling.notes)) if ev.audience.public)
        return cls(game_events=len(ruling.events), events=events) if events else None

    def alike(self, other: Unworded | None) -> bool:
        """Whether `other` words the same posts: equal events (a submission sent again)."""
        return other is not None and other.game_events == self.game_events and other.events == self.events

    @property
    def hashed(self) -> bool:
        """Whether the journal's final hash was posted with the ruling (it ended the game)."""
        return any(ev.kind == "final_hash" for _, ev in self.events)

    def posts(self, engine: Engine) -> tuple[str, ...]:
        """The text of each of the ruling's public posts but the final hash, put into words now (empty: none has text)."""
        return tuple(
            o.text
            for k, ev in self.events
            if ev.kind != "final_hash"
            for o in _public(event_outputs(engine, k, ev, self.game_events, 0, replaying=True))
        )


def replayed(
    engine: Engine, entries: Iterable[tuple[dict[str, Any], str]], where: str, recent: int | None
) -> Iterator[tuple[dict[str, Any], list[Output]]]:
    """Replay journal entries (each with its line's hash), yielding each with its outputs.

    With `recent`, each ruling's public and host posts are left for later, and when the entries
    end, the last public posts and the last `recent` entries' posts are put into words (the lists
    already yielded for those entries are filled in).
    """
    engine.lazy = recent is not None
    last: collections.deque[Deferred | None] = collections.deque(maxlen=recent or 0)
    for entry, own in entries:
        out = engine.replay(entry, where, line_hash=own)
        last.append(engine.last_deferred)
        yield entry, out
    engine.lazy = False
    engine.settle()
    for deferred in last:
        if deferred is not None:
            deferred.render()
