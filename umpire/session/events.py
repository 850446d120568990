"""The session's own events (the clocks, undo, delivery, fairness) and how each is put into words.

They are rendered like a game's events, from the event alone (their renderers' context is None): a
post names nothing its event does not hold, the seed and the commitment included. Here: the table of renderers, the commitment and the fairness
events, which a session's start may post; the events of a game under way (pauses, undos, deliveries,
the reveal) are in `play_events`, imported when the first of them is made, and named here too
(`EVENTS`, and each class by its name) through a PEP 562 `__getattr__`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from umpire.games.base import Event, Renderers
from umpire.session import fairness


@dataclass(frozen=True, kw_only=True)
class Commitment(Event):
    """The fairness commitment, posted before anything generated is used."""

    kind = "commitment"
    sha256: str


RENDER: Renderers[None] = Renderers()


@RENDER.on(Commitment)
def _commitment(_: None, ev: Commitment) -> str:
    return (
        f"🔒 Fairness commitment (SHA-256 of salt:seed): `{ev.sha256}`\n"
        "The seed and salt are revealed at the end, so anyone can check that nothing was rigged."
    )


@RENDER.on(fairness.EntropyWanted)
def _entropy_wanted(_: None, ev: fairness.EntropyWanted) -> str:
    return fairness.wanted_text()


@RENDER.on(fairness.EntropyWord)
def _entropy_word(_: None, ev: fairness.EntropyWord) -> str:
    return fairness.word_text(ev)


@RENDER.on(fairness.EntropyIn)
def _entropy_in(_: None, ev: fairness.EntropyIn) -> str:
    return fairness.entropy_text(ev)


@RENDER.on(fairness.GameSeed)
def _game_seed(_: None, ev: fairness.GameSeed) -> str:
    return fairness.game_seed_text(ev)


_OF_PLAY = ("Paused", "Resumed", "Undone", "Correction", "DmCorrection", "SeedRevealed", "FinalHash", "Delivered", "OwnStatus")


def __getattr__(name: str) -> Any:
    """Every kind of the session's events (`EVENTS`), and those of a game under way by name, imported when first asked for."""
    if name != "EVENTS" and name not in _OF_PLAY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from umpire.session import play_events

    if name == "EVENTS":
        return (Commitment, *play_events.EVENTS, fairness.EntropyWanted, fairness.EntropyWord, fairness.EntropyIn, fairness.GameSeed)
    return getattr(play_events, name)
