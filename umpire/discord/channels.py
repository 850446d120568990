"""Which channel each public post goes to: a channel of the game's own for the kinds it declares, else the game channel.

A game declares its own channels in its registry entry (`PostChannel`: a key, what goes there, the event kinds
posted there); the set-up file names the channel of each key it wants (`[channels]`). A post goes where the kind
of the event it comes from says, so no renderer knows about channels. The session's own posts (the commitment,
a pause, the seed revealed) go to the game channel; a correction goes where the first post of the ruling it takes
back went, so it is read beside what it corrects.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from umpire.games import PostChannel
from umpire.session import Output, OutputKind

CORRECTION = "correction"  # the session's public post withdrawing a ruling taken back


def kinds_with_channels(table: Sequence[PostChannel]) -> frozenset[str]:
    """The event kinds a game may post to channels of its own."""
    return frozenset(kind for c in table for kind in c.kinds)


def public_posts(outputs: Sequence[Output]) -> list[Output]:
    """The public posts among an entry's outputs, in order (each has its place: its index here)."""
    return [o for o in outputs if o.kind == OutputKind.ANNOUNCE and o.audience.public and o.text]


def undone(outputs: Sequence[Output]) -> int | None:
    """The entry an undo among `outputs` took back (None: no undo)."""
    found = [int(getattr(o.source, "undid", -1)) for o in outputs if o.source is not None and o.source.kind == "undone"]
    return found[-1] if found else None


def post_kinds(outputs: Sequence[Output], first_kinds: Mapping[int, str]) -> list[str | None]:
    """The event kind each public post among `outputs` comes from, in order (a post after an event's first has no
    `source`: it is of the same event); a correction counts as the kind of the ruling it takes back, as far as
    `first_kinds` (entry -> the kind of its first public post) knows it."""
    took_back = undone(outputs)
    kind: str | None = None
    out: list[str | None] = []
    for o in outputs:
        if o.source is not None:
            kind = o.source.kind
        if o.kind == OutputKind.ANNOUNCE and o.audience.public and o.text:
            out.append(first_kinds.get(took_back) if kind == CORRECTION and took_back is not None else kind)
    return out


class Channels:
    """Where public posts go, for one game and set-up: `of(kind)`; and, for corrections, each ruling's first kind."""

    def __init__(self, game_channel: int, table: Sequence[PostChannel], named: Mapping[str, int]) -> None:
        """`table`: the game's own channels; `named`: the channel the set-up file names for each key it names."""
        self.game_channel = game_channel
        self.by_kind = {kind: named[c.key] for c in table if c.key in named for kind in c.kinds}
        self.first_kinds: dict[int, str] = {}  # entry -> the kind of its first public post, when that kind has a channel

    def of(self, kind: str | None) -> int:
        """The channel a public post of this event kind goes to."""
        return self.by_kind.get(kind or "", self.game_channel)

    def routed(self, outputs: Sequence[Output]) -> list[int]:
        """The channel of each public post among `outputs`, in order; notes each entry's first kind for its correction."""
        kinds = post_kinds(outputs, self.first_kinds)
        note(self.first_kinds, outputs, kinds, self.by_kind)
        return [self.of(k) for k in kinds]


def note(first_kinds: dict[int, str], outputs: Sequence[Output], kinds: Sequence[str | None], own: Collection[str]) -> None:
    """Keep, for each entry among `outputs` whose first public post is of a kind in `own`, that kind (what its correction follows)."""
    seen: set[int] = set()
    for o, kind in zip(public_posts(outputs), kinds, strict=True):
        n = o.n
        if n is None or n in seen:
            continue
        seen.add(n)
        if kind is not None and kind in own:
            first_kinds[n] = kind
