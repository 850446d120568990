"""A Death Match's generated items re-derived from the seed alone (`umpire.games.rederive`).

Every draw is from a fresh deck of 27 on its own stream, named by public facts the item states, never by the
cards in play: the starting pools (`devils/start`, the first two pools' worth of one deck), each round's
community card (`devils/community/ROUND`) and each refill (`devils/refill/ROUND/SEAT/N`, the Nth refill of
the player in seat SEAT, counted from 1, that round).
"""

from __future__ import annotations

from dataclasses import replace

from umpire.games.base import Event, Setup
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.events import PoolsDealt, RefillOffered, RoundStarted
from umpire.games.devilsdeal.settings import configure
from umpire.games.rederive import Outcome, seeded


def rederive(setup: Setup, event: Event) -> Outcome:
    """The item's stream and seeded fields as the seed gives them; ValueError for an item no match deals."""
    cfg = configure(setup)
    streams = setup.streams
    if isinstance(event, PoolsDealt):
        deck = C.draw(streams.stream("devils/start"), 2 * cfg.pool_size)
        pools = {cfg.names[i]: tuple(C.name_list(C.ordered(deck[i * cfg.pool_size : (i + 1) * cfg.pool_size]))) for i in range(2)}
        return seeded(event, "devils/start", {"pools": replace(event, pools=pools).payload()["pools"]})
    if isinstance(event, RoundStarted):
        _counted("round", event.round)
        name = f"devils/community/{event.round}"
        return seeded(event, name, {"community": C.name(C.draw(streams.stream(name), 1)[0])})
    if isinstance(event, RefillOffered):
        _counted("round", event.round)
        _counted("refill", event.refill)
        if event.player not in cfg.names:
            raise ValueError(f"it names {event.player!r}, who is not one of the players ({', '.join(cfg.names)})")
        name = f"devils/refill/{event.round}/{cfg.names.index(event.player) + 1}/{event.refill}"
        return seeded(event, name, {"cards": C.name_list(C.draw(streams.stream(name), cfg.refill_cards))})
    raise LookupError(f"Devil's Deal declares no re-derivation of a {event.kind} item")


def _counted(what: str, value: object) -> None:
    if type(value) is not int or value < 1:
        raise ValueError(f"its {what} is {value!r}, where {what}s are counted from 1")
