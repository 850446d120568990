"""How far a long replay has got, on the terminal while the host waits for it (`umpire resume`, `umpire replay`,
`umpire verify`).

A journal of a few thousand entries replays in a fraction of a second and shows nothing. A longer one
(tens of thousands of entries take seconds) shows one line on standard error, rewritten in place about
ten times a second and cleared when the replay ends, so that a host resuming a long game after a crash
can see that it is under way and how far it has got. Nothing is written where standard error is not a
terminal (a pipe, a file, the tests), nor where it would land among the replay's own output.

>>> import io
>>> steps = list(replaying(iter(range(3)), _Loaded(), "journal", out=io.StringIO()))
>>> steps
[0, 1, 2]
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import Protocol, TextIO, TypeVar

T = TypeVar("T")

AFTER = 0.5  # seconds of replay before the line is shown
EVERY = 0.1  # seconds between two updates of it
CHECK = 256  # entries between two looks at the clock (a look costs more than an entry's bookkeeping here)


class Read(Protocol):
    """What the journal's reader tells of how far it has read (`umpire.core.journal.Loaded`)."""

    count: int  # entries read
    raw_size: int  # bytes read


class _Loaded:
    count = 0
    raw_size = 0


def replaying(
    steps: Iterator[T],
    loaded: Read,
    path: str | os.PathLike[str],
    *,
    out: TextIO | None = None,
    clock: Callable[[], float] = time.monotonic,
    after: float | None = None,
) -> Iterator[T]:
    """`steps` as they are, saying on `out` (standard error if it is a terminal) how far the replay of `path` is,
    once it has taken `after` seconds (AFTER)."""
    after = AFTER if after is None else after
    stream = out if out is not None else (sys.stderr if sys.stderr.isatty() else None)
    if stream is None:
        yield from steps
        return
    try:
        size = max(1, os.path.getsize(path))
    except OSError:
        size = 0
    start = clock()
    shown = 0.0  # when the line was last written (0: never)
    try:
        for i, step in enumerate(steps, start=1):
            yield step
            if i % CHECK == 0:
                now = clock()
                if now - start >= after and now - shown >= EVERY:
                    stream.write(f"\rReplaying the journal: {_how_far(loaded, size)}…\x1b[K")
                    stream.flush()
                    shown = now
    finally:
        if shown:  # the line goes, also when the replay stops on a damaged entry: what follows is the replay's own
            stream.write("\r\x1b[K")
            stream.flush()


def _how_far(loaded: Read, size: int) -> str:
    """“41,216 entries (42 %)”: the entries read so far and the share of the file they are."""
    share = f" ({min(99, 100 * loaded.raw_size // size)} %)" if size else ""
    return f"{loaded.count:,} entries{share}"
