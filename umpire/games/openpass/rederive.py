"""A Main Match's generated items re-derived from the seed alone (`umpire.games.rederive`).

- A pity card: `openpass/pity/roundR/seatS` draws one of the pity cards for the player in seat S in round R.
  Who gets one follows from the sealed bids, but the card itself does not: the item names its round and players.
- The tie-break: `openpass/ties` shuffles the seats once, at the results; players who played rank above those
  who did not, then by score, and equal scores in the shuffle's order. The results state who played and
  each score, so the order they give is checked against the shuffle.
- A dealt card: the dealer's stream (`openpass/dealer/DEALER/seatS`) shuffles the deck the player submitted,
  and the deck and the dealer are sealed moves: the order cannot be re-derived from what is public.
"""

from __future__ import annotations

from fractions import Fraction

from umpire.games.base import Event, Setup
from umpire.games.openpass.events import CardDealt, Results, RoundRecord
from umpire.games.openpass.settings import configure
from umpire.games.rederive import Outcome, Rederived, Unprovable, seeded


def rederive(setup: Setup, event: Event) -> Outcome:
    """The item's stream and seeded fields as the seed gives them, or why it cannot be; ValueError for an item no match deals."""
    cfg = configure(setup)
    streams = setup.streams
    if isinstance(event, RoundRecord):
        if type(event.round) is not int or event.round < 1:
            raise ValueError(f"its round is {event.round!r}, where rounds are counted from 1")
        names = {name: f"openpass/pity/round{event.round}/seat{_seat(cfg.names, name) + 1}" for name in event.pity}
        pity = {name: streams.stream(stream).choice(cfg.pity) for name, stream in names.items()}
        return seeded(event, ", ".join(names.values()), {"pity": pity})
    if isinstance(event, Results):
        n = len(cfg.names)
        rank_of = {seat: i for i, seat in enumerate(streams.stream("openpass/ties").shuffled(range(n)))}
        placings = list(event.ranking)
        if sorted(p.player for p in placings) != sorted(cfg.names):
            raise ValueError("its ranking does not place every player once")
        try:
            scores = {p.player: Fraction(p.score) if p.played else Fraction(0) for p in placings}
        except (ValueError, ZeroDivisionError) as exc:
            raise ValueError(f"a score in its ranking is not a number ({exc})") from None
        order = sorted(placings, key=lambda p: (not p.played, -scores[p.player], rank_of[_seat(cfg.names, p.player)]))
        recorded = [p.player for p in placings]
        return Rederived(stream="openpass/ties", recorded={"ranking": recorded}, derived={"ranking": [p.player for p in order]})
    if isinstance(event, CardDealt):
        return Unprovable(
            f"{event.player}'s card {event.number} of {event.of} comes from their dealer's shuffle of their deck, "
            "and the deck and the dealer are sealed moves"
        )
    raise LookupError(f"Open, Pass declares no re-derivation of a {event.kind} item")


def _seat(names: tuple[str, ...], name: str) -> int:
    if name not in names:
        raise ValueError(f"it names {name!r}, who is not one of the players")
    return names.index(name)
