"""A ruling: what an entry does, worked out and put into words before anything changes, and what of it is
written to the journal (`line_data`: the entry, the seeded items it revealed, the private part sealed).

The engine (umpire/session/engine.py) makes a `Ruling` for every entry, writes `line_data(ruling)`, then commits it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from umpire.core import redaction
from umpire.games.base import JSON, Event
from umpire.session import entries as E
from umpire.session.delivery import Dm, DmId
from umpire.session.history import Step
from umpire.session.outputs import Output
from umpire.session.wording import Deferred

__all__ = ["SEALED_INPUT", "SEALED_KINDS", "Ruling", "line_data"]


@dataclass(kw_only=True, slots=True)
class Ruling:
    """What an entry does, worked out and put into words before anything changes."""

    entry: E.Entry
    n: int
    state: Any
    now: int
    paused: bool
    events: list[Event]  # the game's
    notes: list[Event] = field(default_factory=list)  # the session's own
    outputs: list[Output] = field(default_factory=list)
    dms: list[Dm] = field(default_factory=list)
    public: list[Output] = field(default_factory=list)
    pop: Step | None = None  # the step an undo takes back
    revealed: bool = False
    delivered: tuple[int, tuple[DmId, ...] | None] | None = None  # (seat, the DMs sent; None: all waiting)
    sealed: bool = False  # an input of a sealed move: who sent it and what it said are written sealed
    deferred: Deferred | None = None  # in a replay that puts posts into words when asked for: those not yet in words


SEALED_INPUT = ("by", "text", "line", "source")  # what a sealed move's input keeps private: who, what, the line, its message
# Entries private whatever they say: a player's message taken and not judged; and which private messages reached
# whom (a receipt's delivery would name the sender of the sealed move it answers).
SEALED_KINDS: dict[str, tuple[str, ...]] = {"heard": ("by", "text", "refused", "source"), "delivered": ("to", "dms", "receipts", "through")}
SEALED_KINDS["asked"] = ("by", "text", "source")  # who asked what they may know (R-READ-4): as private as the answer


def line_data(ruling: Ruling) -> dict[str, JSON]:
    """What is written for a ruling: the entry, the seeded items it revealed, and what is private in a salted `sealed` member.

    Private: a sealed move's input (its sender, text and line), likewise an input whose ruling made
    no public event (only its player, another or the host heard of it), a player's message a front end took
    without judging it (`heard`: a refusal, or a word for the seed), and the seeded items of an
    entry that dealt any of them to less than everyone (all of that entry's, kept in their order).
    A published journal carries their digest only (umpire/core/redaction.py).
    """
    data = ruling.entry.to_json()
    private: dict[str, JSON] = {}
    unseen = ruling.entry.kind == "input" and not any(e.audience.public for e in ruling.events)
    if ruling.sealed or unseen:  # a sealed move, or an input the public never heard of (a trade between two players)
        private.update((key, data.pop(key)) for key in SEALED_INPUT if key in data)
    private.update((key, data.pop(key)) for key in SEALED_KINDS.get(ruling.entry.kind, ()) if key in data)
    items = [e for e in ruling.events if e.is_generated]
    if items:
        generated = [e.payload() for e in items]
        if all(e.audience.public for e in items):
            data["generated"] = generated
        else:
            private["generated"] = generated
    if private:
        data[redaction.SEALED] = redaction.seal(private)
    return data
