"""Players, their display names and their case-insensitive aliases."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from umpire.core.errors import AmbiguousCommand, InvalidCommand


@dataclass(frozen=True, kw_only=True)
class Player:
    """One seat at the table: a display name and the aliases it answers to."""

    seat: int
    name: str
    aliases: tuple[str, ...] = ()

    def names(self) -> tuple[str, ...]:
        """Every name this player answers to, display name first."""
        return (self.name, *self.aliases)


def _key(name: str) -> str:
    return " ".join(name.casefold().split())


class Roster:
    """The players of a game, looked up by display name or alias, ignoring case."""

    def __init__(self, players: list[Player]) -> None:
        self.players: tuple[Player, ...] = tuple(players)
        self._index: dict[str, list[Player]] = {}
        for p in self.players:
            for n in p.names():
                bucket = self._index.setdefault(_key(n), [])
                if p not in bucket:
                    bucket.append(p)

    def __len__(self) -> int:
        return len(self.players)

    def __iter__(self) -> Iterator[Player]:
        return iter(self.players)

    def __getitem__(self, seat: int) -> Player:
        return self.players[seat]

    def find(self, name: str) -> Player | None:
        """The player called `name`, None if nobody is; ambiguity raises."""
        found = self._index.get(_key(name), [])
        if len(found) > 1:
            who = " and ".join(p.name for p in found)
            raise AmbiguousCommand(f"“{name}” could be {who}; use an alias such as p{found[0].seat + 1}")
        return found[0] if found else None

    def resolve(self, name: str) -> Player:
        """The player called `name`; a name nobody has is an InvalidCommand."""
        player = self.find(name)
        if player is None:
            known = ", ".join(f"{p.name} ({'/'.join(p.aliases)})" if p.aliases else p.name for p in self.players)
            raise InvalidCommand(f"there is no player called “{name}” (players: {known})")
        return player

    def all_names(self) -> list[str]:
        """Every name and alias, for completion."""
        out: list[str] = []
        for p in self.players:
            out.extend(p.names())
        return out
