"""The clock model. Time is an input: every function here takes `now`.

Game time is whole milliseconds of running time since the game began; a paused
clock does not advance it. Per-move timers with a reserve bank are plain values
(deadlines and their reminders are `umpire.core.deadline`'s), so the rules can
compute what is due without ever reading a clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from umpire.core.errors import InvalidCommand

SECOND = 1000
MINUTE = 60 * SECOND

_CLOCK = re.compile(r"^(?:(\d+):)?(\d{1,3}):(\d{2})(?:\.(\d{1,3}))?$")


def parse_clock(text: str) -> int:
    """Read `mm:ss`, `h:mm:ss` or `mm:ss.fff` as milliseconds.

    >>> parse_clock("1:30")
    90000
    >>> parse_clock("1:00:05")
    3605000
    """
    m = _CLOCK.match(text.strip())
    if not m:
        raise InvalidCommand(f"“{text.strip()}” is not a time; write mm:ss or h:mm:ss, e.g. @ 1:30")
    hours, minutes, seconds, frac = m.groups()
    if int(seconds) >= 60 or (hours is not None and int(minutes) >= 60):
        raise InvalidCommand(f"“{text.strip()}” is not a time: minutes and seconds run 00–59")
    ms = int(frac.ljust(3, "0")) if frac else 0
    return ((int(hours or 0) * 60 + int(minutes)) * 60 + int(seconds)) * SECOND + ms


def fmt_clock(ms: int) -> str:
    """Show milliseconds as `m:ss` (or `h:mm:ss`), rounding partial seconds up.

    A countdown that shows 0:00 has really run out, which is what a player expects.

    >>> fmt_clock(90000), fmt_clock(59001), fmt_clock(3605000)
    ('1:30', '1:00', '1:00:05')
    """
    sign = "-" if ms < 0 else ""
    secs = -(-abs(ms) // SECOND)
    h, rest = divmod(secs, 3600)
    m, s = divmod(rest, 60)
    if h:
        return f"{sign}{h}:{m:02d}:{s:02d}"
    return f"{sign}{m}:{s:02d}"


def fmt_stamp(ms: int) -> str:
    """Show a point of game time exactly, for journals and scripts: `m:ss` or `m:ss.fff`."""
    secs, frac = divmod(ms, SECOND)
    h, rest = divmod(secs, 3600)
    m, s = divmod(rest, 60)
    base = f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
    return f"{base}.{frac:03d}" if frac else base


@dataclass(frozen=True, kw_only=True)
class MoveClock:
    """A per-move allowance backed by a reserve bank that is never replenished.

    The mover has `move_ms` free; after that the reserve drains; when the
    reserve is gone the move has timed out for good.
    """

    move_ms: int
    reserve_ms: int

    def free_until(self, started: int) -> int:
        """When the free allowance of a move begun at `started` runs out."""
        return started + self.move_ms

    def out_at(self, started: int) -> int:
        """When the reserve is gone, for a move begun at `started`."""
        return started + self.move_ms + self.reserve_ms

    def left(self, started: int, now: int) -> tuple[int, int]:
        """(free time left, reserve left) at `now`, neither below zero."""
        used = max(0, now - started)
        free = max(0, self.move_ms - used)
        over = max(0, used - self.move_ms)
        return free, max(0, self.reserve_ms - over)

    def after_move(self, started: int, ended: int) -> MoveClock:
        """The bank after a move that ran from `started` to `ended`."""
        _, reserve = self.left(started, ended)
        return MoveClock(move_ms=self.move_ms, reserve_ms=reserve)
