"""The facts a game makes public about every player, named the way its players name them.

A match report's standings and its plots over time show these, and only these: each `Fact` says
where its value is in what everyone may know (`knowledge(None)`), what the players call it (the
cards' words: "Cards discarded unseen", never the JSON key `unknown_gone`), whether it is the
number that decides the match (shown right after each player's name), whether it is worth a plot
over time, and how it is counted where that needs saying (a rounding rule). A game declares them
as a function of its settings (`Game.facts`), as a rule can change what a number means.

>>> score = Fact(key="players.money", label="Money")
>>> score.values({"players": {"Hedger": {"money": 12}, "Uri": {"money": 9}}}, ("Hedger", "Uri"))
{'Hedger': 12, 'Uri': 9}
>>> Fact(key="chips", label="Chips").values({"chips": {"Uri": 30}}, ("Hedger", "Uri"))
{'Uri': 30}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from umpire.core.settings import Settings

JSON: TypeAlias = Any  # as `umpire.games.base.JSON`: a value json.dumps accepts


@dataclass(frozen=True, kw_only=True)
class Fact:
    """One public fact about every player: where it is in `knowledge(None)` and what it is called."""

    key: str  # `chips` ({player: value}) or `players.money` (a value in each player's record)
    label: str  # what the players call it, in the cards' words: a column's head, a plot's title
    decides: bool = False  # the number that decides the match: shown right after the player's name
    plot: bool = True  # drawn over time, when it is a number that changes during the match
    note: str = ""  # how it is counted, shown where the number is (e.g. a rounding rule)
    yes: str = "yes"  # how a true value reads
    no: str = "no"  # how a false value reads

    def __post_init__(self) -> None:
        if not self.key or not self.label.strip():
            raise ValueError(f"Fact(key={self.key!r}, label={self.label!r}): a fact needs a key and a label")

    def values(self, knowledge: Mapping[str, JSON], players: Sequence[str]) -> dict[str, JSON]:
        """Each player's value of this fact in `knowledge`, in seat order; a player without one is left out."""
        head, _, sub = self.key.partition(".")
        per = knowledge.get(head)
        out: dict[str, JSON] = {}
        if not isinstance(per, dict):
            return out
        for player in players:
            value = per.get(player)
            if sub:
                if not isinstance(value, dict) or sub not in value:
                    continue
                value = value[sub]
            elif player not in per:
                continue
            out[player] = value
        return out


def no_facts(settings: Settings) -> tuple[Fact, ...]:
    """A game that declares no public facts: its report shows no standings table and no plots."""
    return ()
