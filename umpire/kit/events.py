"""A kit game's own events: a round opening with what the seed drew for it, and a round's reveal. (The receipt,
the reminders and the result are the shared ones of `umpire.games.roundplay`.)"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from umpire.games import roundplay
from umpire.games.base import Event, Question


@dataclass(frozen=True, kw_only=True)
class RoundOpened(Event):
    """A round opens: the items the seed drew for it by name, and for a pairs round the pairs (and who rests)."""

    kind = "kit_round"
    generated = True
    round: int
    items: Mapping[str, int]
    pairs: tuple[tuple[str, str], ...] = ()
    resting: str | None = None


@dataclass(frozen=True, kw_only=True)
class RoundClosed(Event):
    """A round's reveal: what the round makes public of what was sent, whom it picked, everyone's resources after
    it, who is out. `drawn`: the seed's draw broke a tie (`umpire verify` re-derives it)."""

    kind = "kit_closed"
    reveals = True
    round: int
    items: Mapping[str, int]
    sent: Mapping[str, str]
    reveal: str  # all, winner, nothing: what `sent` holds
    picked: tuple[str, ...]
    votes: Mapping[str, int]
    resources: Mapping[str, Mapping[str, int]]
    eliminated: tuple[str, ...]
    by_host: bool
    drawn: bool = False

    @property
    def is_generated(self) -> bool:
        """Only a reveal whose tie the seed's draw broke is a seeded item."""
        return self.drawn


@dataclass(frozen=True, kw_only=True)
class PickAsked(Event):
    """A round's question to one player, privately, with its few answers: a front end may offer them as buttons."""

    kind = "kit_asked"
    round: int
    player: str
    answers: tuple[str, ...]  # each as the player would type it: "pick cooperate"

    @property
    def question(self) -> Question:
        """The player's pick, one of the round's words."""
        return Question(player=self.player, answers=self.answers)


@dataclass(frozen=True, kw_only=True)
class Called(Event):
    """A player's word in an open round, public as it is made (it reveals what that player sent)."""

    kind = "kit_called"
    reveals = True
    round: int
    player: str
    what: str  # bid, pick, vote
    value: str
    replaced: str | None  # the player's earlier word in this round, if any


@dataclass(frozen=True, kw_only=True)
class Holdings(Event):
    """A player's own hidden resources after a round, to them alone (the host sees it too): nobody else is told them
    before the result."""

    kind = "kit_own"
    round: int
    player: str
    values: Mapping[str, int]


EVENTS: tuple[type[Event], ...] = (RoundOpened, RoundClosed, PickAsked, Called, Holdings, *roundplay.EVENTS)
