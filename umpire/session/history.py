"""The undo history: one step for each ruling in force, holding what an undo of it needs and no more.

Undo takes back the last ruling in force, and again the one before, back to the first: a long game
keeps a step for every ruling in force, a submission sent again included. So a step is small, and
what steps hold in common is held once: the state before a ruling that changed nothing is the
state before the one it repeats (`Engine._input` keeps the equal state), and steps that say the
same share one `Said`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from umpire.session.delivery import Dm
from umpire.session.wording import Unworded


@dataclass(frozen=True, slots=True)
class Said:
    """How an undo names a ruling and the post it withdraws: kept once for rulings that say the same (a submission sent again)."""

    what: str  # the line as entered, or the clock ruling and its time
    withdrawn: tuple[str, ...]  # the first line of each of its public posts, which an undo withdraws (none: empty)
    hashed: bool  # it ended the game and the journal's final hash was posted with it (not among `withdrawn`)
    unworded: Unworded | None  # a replayed ruling's public posts, not yet in words (its first line is found from them)

    def alike(self, other: Said) -> bool:
        """Whether `other` says the same: the same words, and unworded posts that will be put into the same words."""
        if other.what != self.what or other.withdrawn != self.withdrawn or other.hashed != self.hashed:
            return False
        return other.unworded is None if self.unworded is None else self.unworded.alike(other.unworded)


@dataclass(kw_only=True, slots=True)
class Step:
    """A ruling in force that `undo` can take back: only what the undo needs, since one is kept per ruling in force.

    Undo reaches every ruling in force, one after another, so a long game keeps one step for each, a submission
    sent again included. What they hold is shared where it is equal: a ruling that changed nothing keeps the state
    before it (`Engine._input`), and steps that say the same share what they say (`Said`). The private messages it
    made are one `Dm`, or a tuple of them (most rulings make none or one: a tuple of one is memory for nothing).
    """

    n: int  # the entry's number
    before: Any  # the state before it
    now_before: int
    said: Said
    made: tuple[Dm, ...] | Dm = ()

    @property
    def what(self) -> str:
        """How the undo names it: the line as entered, or the clock ruling and its time."""
        return self.said.what

    @property
    def withdrawn(self) -> tuple[str, ...]:
        """The first line of each of its public posts, which an undo withdraws (empty: none, or not yet in words)."""
        return self.said.withdrawn

    @property
    def hashed(self) -> bool:
        """Whether the journal's final hash was posted with it (the game ended), which an undo withdraws too."""
        return self.said.hashed

    @property
    def unworded(self) -> Unworded | None:
        """A replayed ruling's public posts, not yet in words."""
        return self.said.unworded

    @property
    def dms(self) -> tuple[Dm, ...]:
        """The private messages it made."""
        made = self.made
        return (made,) if isinstance(made, Dm) else made


def first_line(text: str) -> str:
    """The first line of a post as plain words (markdown marks dropped), at most 120 characters."""
    line = text.strip().split("\n", 1)[0]
    for mark in ("**", "__", "`", "~~", "\\"):
        line = line.replace(mark, "")
    return line if len(line) <= 120 else line[:117] + "…"
