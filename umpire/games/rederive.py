"""Generated items re-derived from the seed alone, without the rules: how a published journal's items are checked.

Every seeded item a game reveals (a bout's prize, a shop, a Gyul Hap board, an Expressions set, a deal, a
tie-break) is drawn from one of the seed's named streams (`umpire.core.streams`), and which stream, and
what is drawn from it, follows from public facts the item itself states (the block and round, the cycle,
the board's number, the player and the refill) and the scenario's settings: never from a state that sealed
moves change. So an item can be checked on its own, from the seed, the scenario and the item, without
replaying the moves before it. That is what `umpire verify` does past the first sealed entry of a
published journal, whose sealed payloads it cannot read (docs/journal.md, "Re-deriving generated items").

A game declares it in its `rederive(setup, event)` (module `rederive`, or `rules` for a small game): for
each kind of generated event, the stream it was drawn from and its seeded fields as recorded and as the
seed gives them (`Rederived`), or, for an item whose draw depends on a sealed input (the order a dealer
deals a deck the player submitted privately), why it cannot be re-derived from what is public
(`Unprovable`). A journal's item is a payload without its kind: `identify` finds the one kind whose
payload it is (each generated kind of a game has its own fields).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from umpire.games.base import Event, no_rederivation

if TYPE_CHECKING:
    from umpire.games.base import Setup


@dataclass(frozen=True)
class Rederived:
    """An item re-derived: the stream its draw came from, and each seeded field as recorded and as the seed gives it."""

    stream: str
    recorded: Mapping[str, Any]
    derived: Mapping[str, Any]

    @property
    def differs(self) -> list[str]:
        """The fields whose recorded value is not the seed's."""
        return [key for key in self.derived if _plain(self.recorded.get(key)) != _plain(self.derived[key])]


@dataclass(frozen=True)
class Unprovable:
    """An item whose draw depends on a sealed input: why it cannot be re-derived from what is public."""

    why: str


Outcome = Rederived | Unprovable
Rederive = Callable[["Setup", Event], Outcome]
__all__ = [
    "Outcome",
    "Rederive",
    "Rederived",
    "Unprovable",
    "final_draw",
    "generated_kinds",
    "identify",
    "no_rederivation",
    "seeded",
]


def seeded(event: Event, stream: str, derived: Mapping[str, Any]) -> Rederived:
    """`event`'s fields named in `derived` as its payload records them, beside the seed's values (given as JSON)."""
    payload = event.payload()
    return Rederived(stream=stream, recorded={key: payload.get(key) for key in derived}, derived=derived)


def final_draw(setup: Setup, ranking: Sequence[Any], stream: str = "final draw") -> Rederived:
    """A result whose places the seed's draw decided among players the result says the same of (their `why`): the
    draw is a shuffle of the seats from `stream` (the shared result's `roundplay.FINAL_DRAW`), and players level
    keep the shuffle's order (`outcome.rank`). `umpire verify` applies it to every shared result itself."""
    names = [p.name for p in setup.roster]
    if sorted(p.player for p in ranking) != sorted(names):
        raise ValueError("its ranking does not place every player once")
    drawn = {seat: i for i, seat in enumerate(setup.streams.stream(stream).shuffled(range(len(names))))}
    first = {p.why: i for i, p in reversed(list(enumerate(ranking)))}  # where each group of equals begins
    order = sorted(ranking, key=lambda p: (first[p.why], drawn[names.index(p.player)]))
    return Rederived(stream=stream, recorded={"ranking": [p.player for p in ranking]}, derived={"ranking": [p.player for p in order]})


def generated_kinds(events: Sequence[type[Event]]) -> tuple[type[Event], ...]:
    """The kinds of event that reveal a seeded item (always, or as an event decides: `is_generated`)."""
    return tuple(cls for cls in events if cls.generated or cls.is_generated is not Event.is_generated)


def identify(kinds: Sequence[type[Event]], item: Any) -> Event:
    """The generated event whose payload `item` is, of the one kind whose fields it has; ValueError if none is.

    >>> from umpire.games.choice.events import EVENTS
    >>> identify(generated_kinds(EVENTS), {"block": 1, "round": 2, "prize": 7, "deadline": 60000}).kind
    'round_started'
    """
    if not isinstance(item, dict):
        raise ValueError(f"a generated item is a JSON object, not {json.dumps(item)[:60]}")
    found: list[Event] = []
    for cls in kinds:
        try:
            ev = cls.from_payload(item, t=0)
        except (ValueError, TypeError, KeyError):
            continue
        if ev.is_generated and _plain(ev.payload()) == _plain(item):
            found.append(ev)
    if len(found) != 1:
        keys = ", ".join(sorted(item))
        what = "no kind of item this game generates" if not found else "more than one kind of item"
        raise ValueError(f"an item with the fields {keys} is {what}")
    return found[0]


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, sort_keys=True))
