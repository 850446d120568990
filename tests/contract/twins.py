"""Twin games over two seeds that agree on everything announced so far: what the seed holds for later, varied.

The seed's streams are named (`Streams(seed).stream(name)`), and each is SHA-256 in counter mode:
byte `i` of a stream is byte `i % 32` of block `i // 32`. A twin is the same game with another seed
string whose streams are spliced by name (`Splice`): each stream's first bytes come from the real
game's seed and the rest from another, so the twin draws what the real game drew up to a point
and something else after it. Substituting the bytes a stream hands out (`splice_streams`, which the
contract's fixture `spliced_streams` applies for one test) changes nothing for a seed that is not a
twin's: those streams give the same bytes as ever.

A fork after line `i` of a played game is checked with twins that agree on everything public so
far (`Fork.later`: every stream as far as it was drawn by then, others from the other seed; and
`Fork.unrevealed`: a stream drawn already but not all revealed, cut as early as the public outputs
allow, found by bisection, or replaced whole by another seed found by search). Both games are then
fed the same lines. Until a seeded item is revealed (a generated event, to the public or a player,
that differs), everything public — each public event's JSON and its texts — and what everyone may
know must be the same in both; a difference elsewhere is a `SeedLeak`. A private message that
differs tells its player something of the seed (a card dealt to them): from then on that player's
own lines may be taken in one twin and refused in the other, which ends the comparison too (their
moves are theirs to give away). Pictures are not compared: each is drawn from its event's JSON
and the public context alone, which test_posts_from_events.py holds.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from hashlib import sha256
from typing import Any

import pytest

from umpire.core import streams
from umpire.games.base import Event
from umpire.scenario import Scenario
from umpire.session import Output, Session, derive_salt

# ---------------------------------------------------------------- spliced streams


@dataclass(frozen=True)
class Splice:
    """A twin's streams: each stream's bytes before its cut come from `base`, the rest from `other`.

    `cuts` gives the cut per stream name; a stream not named is cut at 0 (all of it from `other`).
    """

    base: str
    other: str
    cuts: dict[str, int]

    def cut(self, name: str) -> int:
        return self.cuts.get(name, 0)


SPLICES: dict[str, Splice] = {}  # twin seed -> how its streams are spliced
DRAWN: dict[str, dict[str, int]] = {}  # a recorded game's seed -> how many bytes of each stream it has drawn
_fresh = itertools.count(1)


def block_bytes(seed: str, name: str, start: int, n: int) -> bytes:
    """Bytes `start`..`start + n` of a stream, as `Stream` hands them out."""
    prefix = f"umpire/1|{seed}|{name}|".encode()
    first, last = start // 32, (start + n - 1) // 32
    data = b"".join(sha256(prefix + str(k).encode()).digest() for k in range(first, last + 1))
    return data[start - first * 32 : start - first * 32 + n]


def _init(self: Any, seed: str, name: str) -> None:
    self._twin = (seed, name)
    self._pos = 0


def _bytes(self: Any, n: int) -> bytes:
    seed, name = self._twin
    pos, self._pos = self._pos, self._pos + n
    drawn = DRAWN.get(seed)
    if drawn is not None:
        drawn[name] = max(drawn.get(name, 0), pos + n)
    splice = SPLICES.get(seed)
    if splice is None:
        return block_bytes(seed, name, pos, n)
    cut = splice.cut(name)
    head = max(0, min(n, cut - pos))
    return block_bytes(splice.base, name, pos, head) + block_bytes(splice.other, name, pos + head, n - head)


def splice_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    """Streams that splice a twin's seed (and record what a recorded game draws); any other seed's bytes are as ever."""
    monkeypatch.setattr(streams.Stream, "__init__", _init)
    monkeypatch.setattr(streams.Stream, "_bytes", _bytes)
    assert streams.Streams("42").stream("demo").shuffled(range(5)) == [0, 2, 4, 1, 3]  # the module's own example


def forget() -> None:
    """Forget the twins' splices and the recordings (at the end of a test)."""
    SPLICES.clear()
    DRAWN.clear()


def twin_seed(splice: Splice) -> str:
    """A seed string never used before (no cache holds what it draws) whose streams are spliced."""
    seed = f"{splice.base} twin {next(_fresh)}"
    SPLICES[seed] = splice
    return seed


# ---------------------------------------------------------------- what a line shows


class SeedLeak(AssertionError):
    """Something public differed between twins before the seeded item behind it was revealed."""


@dataclass(frozen=True)
class Shown:
    """One event of a line as others see it: its audience, JSON and texts, and whether it reveals a seeded item."""

    audience: str
    kind: str
    event: str
    texts: tuple[str, ...]
    generated: bool


# The session's posts of the seed itself (its commitment, its reveal), which differ between twins by design: a twin's
# seed is another string. They tell nothing of what it holds (a hash), or everything (the reveal, which ends a check).
SEED_ITSELF = frozenset({"commitment", "seed_revealed", "game_seed", "final_hash"})


def shown(outputs: Sequence[Output]) -> list[Shown]:
    """The events of a line's outputs that anyone but the host receives, in order, each with the texts of its posts
    (the posts of the seed itself left out)."""
    out: list[Shown] = []
    current: tuple[Event, str, list[str]] | None = None
    for o in [*outputs, None]:
        if o is not None and o.kind == "announce" and o.source is None:
            if current is not None:
                current[2].append(o.text)
            continue
        if current is not None:
            ev, data, texts = current
            out.append(Shown(str(ev.audience), ev.kind, data, tuple(texts), ev.is_generated))
            current = None
        if (
            o is not None
            and o.kind == "announce"
            and o.source is not None
            and o.source.audience.kind != "host"
            and o.source.kind not in SEED_ITSELF
        ):
            current = (o.source, json.dumps(o.event, sort_keys=True), [o.text])
    return out


@dataclass
class Line:
    """A line of the recorded game: what it showed, what everyone knew after it, and how far each stream was drawn."""

    text: str
    shown: list[Shown]
    known: Any
    drawn: dict[str, int]
    taken: bool


Feed = Callable[[Session, str], list[Output]]


def each_line(s: Session, line: str) -> list[Output]:
    """A line fed as one message (random lines: as the contract test feeds them)."""
    return s.feed(line) + s.flush()


def as_batch(s: Session, line: str) -> list[Output]:
    """A script's line fed as batch mode feeds it (a Discord header's lines are one message; `copy NAME` sends DMs)."""
    from umpire.render import act

    return act(s, s.feed(line))


def refused(outputs: Sequence[Output]) -> bool:
    return any(o.kind == "refusal" for o in outputs)


def session(sc: Scenario, seed: str) -> Session:
    return Session.create(sc, journal_path=None, seed=seed, salt=derive_salt(seed))


def record(sc: Scenario, seed: str, lines: Sequence[str], feed: Feed = each_line) -> list[Line]:
    """Play `lines` with a spliced copy of `seed` (so nothing it draws is cached yet), recording each line."""
    copy = twin_seed(Splice(base=seed, other=seed, cuts={}))
    DRAWN[copy] = {}
    s = session(sc, copy)
    out = []
    for text in lines:
        got = feed(s, text)
        out.append(Line(text=text, shown=shown(got), known=s.knowledge(None), drawn=dict(DRAWN[copy]), taken=not refused(got)))
    return out


# ---------------------------------------------------------------- one fork


@dataclass
class Fork:
    """Twins of a recorded game after its line `at`, each agreeing with it on everything shown by then."""

    sc: Scenario
    seed: str
    lines: list[Line]
    at: int
    other: str
    feed: Feed = each_line
    probes: int = 0
    varied: list[str] = field(default_factory=list)  # each twin that revealed a difference: what it varied, and the kind that showed it

    def agrees(self, splice: Splice) -> Session | None:
        """The twin spliced so, played up to the fork, if it showed everything the recorded game showed; else None."""
        self.probes += 1
        s = session(self.sc, twin_seed(splice))
        for line in self.lines[: self.at + 1]:
            got = self.feed(s, line.text)
            if shown(got) != line.shown or s.knowledge(None) != line.known or refused(got) == line.taken:  # (taken: not refused)
                return None
        return s

    def later(self) -> Session:
        """The twin that drew, up to the fork, exactly what the recorded game drew, and something else afterwards."""
        drawn = self.lines[self.at].drawn
        twin = self.agrees(Splice(base=self.seed, other=self.other, cuts=dict(drawn)))
        assert twin is not None, f"{self.sc.game.key}: a twin that drew the same up to line {self.at + 1} showed something else"
        return twin

    def unrevealed(self, name: str, tries: int) -> list[tuple[str, Session]]:
        """Twins whose stream `name`, drawn already, differs where the outputs so far allow, each with what it varies.

        Two ways: the stream cut as early as the outputs allow (found by bisection: the boards after the one
        posted), and the whole stream from another seed that happens to show the same so far (found by trying
        `tries` seeds: a shuffled bout whose first prize agrees). Either may find none, or a twin that draws
        the same by chance; `check` counts those that revealed a difference.
        """
        drawn = self.lines[self.at].drawn
        found: list[tuple[str, Session]] = []
        whole = self.agrees(Splice(base=self.seed, other=self.other, cuts={**drawn, name: 0}))
        if whole is not None:  # nothing of it shows yet (the sets to come): all of it varied
            return [(f"“{name}” drawn from another seed", whole)]
        low, high = 1, drawn.get(name, 0)  # `high` agrees: the twin that drew the same
        best: Session | None = None
        while low < high:
            mid = (low + high) // 2
            twin = self.agrees(Splice(base=self.seed, other=self.other, cuts={**drawn, name: mid}))
            if twin is None:
                low = mid + 1
            else:
                high, best = mid, twin
        if best is not None:
            found.append((f"“{name}” after its first {high} bytes", best))
        for k in range(1, tries):
            twin = self.agrees(Splice(base=self.seed, other=f"{self.other} {k}", cuts={**drawn, name: 0}))
            if twin is not None:
                found.append((f"“{name}” drawn from another seed", twin))
                break
        return found

    def check(self, twin: Session, what: str) -> None:
        """Feed both games the lines after the fork; raise SeedLeak if something public differs before a seeded item is revealed."""
        real = session(self.sc, twin_seed(Splice(base=self.seed, other=self.seed, cuts={})))
        for line in self.lines[: self.at + 1]:
            self.feed(real, line.text)
        informed: set[str] = set()
        for line in self.lines[self.at + 1 :]:
            got_r, got_t = self.feed(real, line.text), self.feed(twin, line.text)
            if real.engine.revealed:
                return  # the seed is public now: nothing it holds is secret any more
            seat = sender(real, line.text)
            if seat is not None and real.names[seat] in informed and refused(got_r) != refused(got_t):
                return  # a player who was told something of the seed moved otherwise: theirs to give away
            for a, b in itertools.zip_longest(shown(got_r), shown(got_t)):
                if a == b:
                    continue
                first = a or b
                assert first is not None
                if first.generated and first.audience != "host":
                    self.varied.append(f"{what}: {first.kind}")
                    return  # a seeded item revealed: the twins part here, as they should
                if first.audience.startswith("player"):
                    informed.add(json.loads(first.event)["to"])
                    continue
                raise SeedLeak(
                    f"{self.sc.game.key}: with {what} varied after line {self.at + 1}, “{line.text}” showed everyone different things "
                    f"before any seeded item was revealed:\n  {a}\n  {b}"
                )
            if real.knowledge(None) != twin.knowledge(None):
                raise SeedLeak(
                    f"{self.sc.game.key}: with {what} varied after line {self.at + 1}, “{line.text}” left everyone knowing different things"
                )


def sender(s: Session, line: str) -> int | None:
    from tests.contract.test_secrecy import sender as of

    return of(s, line)
