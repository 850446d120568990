"""A kit game's generated items re-derived from the seed alone (`umpire.games.rederive`), as `umpire verify` checks
a published journal past its first sealed entry:

- a round's items: each from its own stream (`NAME N` for a number in a range, `deck NAME` for a deck), by the
  round's number alone (`rules.draw_items`);
- a pairs round's pairs: a shuffle of the players still in (those the post pairs, and the one who rests) from the
  stream `pairs N` (`rules.draw_pairs`);
- the result's places the seed's draw decided: re-derived for every game that ends with the shared result.

A round's tie broken by the seed's draw (`ties = "draw"`) is drawn among the words tied, which were sealed when
the round was played: its draw is checked by replaying the host's full journal, and a published page says so.
"""

from __future__ import annotations

from umpire.games.base import Event, Setup
from umpire.games.rederive import Outcome, Unprovable, seeded
from umpire.kit.events import RoundClosed, RoundOpened
from umpire.kit.rules import draw_items, draw_pairs
from umpire.kit.schema import Kit


def rederive(kit: Kit, setup: Setup, event: Event) -> Outcome:
    """The item's stream and seeded fields as the seed gives them; ValueError for an item no match of this kit deals."""
    names = [p.name for p in setup.roster]
    if isinstance(event, RoundOpened):
        if not 1 <= event.round <= kit.rounds:
            raise ValueError(f"round {event.round} is not a round of {kit.title} (1 to {kit.rounds})")
        derived: dict[str, object] = {"items": dict(draw_items(kit, setup.streams, event.round))}
        stream = f"the items of round {event.round}"
        if event.pairs or event.resting is not None:
            playing = [n for pair in event.pairs for n in pair] + ([event.resting] if event.resting is not None else [])
            unknown = [n for n in playing if n not in names]
            if unknown or len(set(playing)) != len(playing):
                raise ValueError(f"its pairs name {', '.join(unknown) or 'a player twice'}")
            pairs, rests = draw_pairs(setup.streams, event.round, tuple(sorted(names.index(n) for n in playing)))
            derived |= {"pairs": [[names[a], names[b]] for a, b in pairs], "resting": None if rests is None else names[rests]}
            stream += f" and pairs {event.round}"
        return seeded(event, stream, derived)
    if isinstance(event, RoundClosed):
        return Unprovable(f"round {event.round}'s tie was broken by the seed's draw among the words tied, which were sealed")
    raise LookupError(f"{kit.title} declares no re-derivation of a {event.kind} item")
