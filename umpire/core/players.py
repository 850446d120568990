"""Players, their display names and their case-insensitive aliases.

A name or alias may be several words ("Player 1", as a design card calls its players): names are
compared ignoring case and spaces, so `p 1` is `p1` and `Player1` is `Player 1`. When a name has to be found at
the start of a line, the longest name that fits wins; a name two players share is refused, never
guessed.
"""

from __future__ import annotations

import re
import unicodedata
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


NAME_MAX = 32  # characters, as Discord's display names

# Characters that show nothing although they are letters or symbols (Hangul fillers, the blank
# Braille pattern): a name of only these looks empty.
_BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def name_key(name: str) -> str:
    """What two names are compared by: case and spaces ignored (“p 1” is “P1”).

    >>> name_key("Player 1") == name_key("player1") == name_key(" PLAYER   1 ")
    True
    """
    return "".join(name.casefold().split())


def name_problem(name: str) -> str | None:
    """What makes `name` unfit to show as a player's name or alias, or None.

    A name is at most 32 characters (as a Discord display name), has no control or invisible
    format characters (a right-to-left override would reverse the announcement around it), and
    shows at least one letter, digit, punctuation mark or symbol.

    >>> name_problem("Hedger") is None, name_problem("x" * 33)
    (True, 'a name is at most 32 characters (as a Discord display name); this one has 33')
    >>> name_problem("\u202e")
    'a name cannot hold control or invisible formatting characters (U+202E, a right-to-left override or other text-direction mark)'
    """
    text = name.strip()
    if len(text) > NAME_MAX:
        return f"a name is at most {NAME_MAX} characters (as a Discord display name); this one has {len(text):,}"
    for c in text:
        category = unicodedata.category(c)
        if category in ("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp") and c != "\u200d":
            what = "a right-to-left override or other text-direction mark" if c in _DIRECTION_MARKS else "invisible"
            return f"a name cannot hold control or invisible formatting characters (U+{ord(c):04X}, {what})"
    if not any(unicodedata.category(c)[0] in "LNPS" and c not in _BLANK_LOOKING for c in text):
        return "a name must show at least one letter, digit or symbol (this one shows nothing)"
    return None


_DIRECTION_MARKS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def alias_problem(alias: str) -> str | None:
    """What makes `alias` unusable as a name to type before a command, or None.

    An alias is one or more words separated by spaces ("p1", "Player 1"), without “:” (which ends
    the name in `Player 1: gs 3`), tabs or line breaks, and not starting with @, # or [ (a mention,
    a comment or a Discord timestamp).

    >>> alias_problem("Player 1") is None, alias_problem("p:1")
    (True, 'an alias is words separated by spaces, without “:”, tabs or line breaks, not starting with @, # or [')
    """
    text = alias.strip()
    if not text or ":" in text or any(c.isspace() and c != " " for c in text) or text[0] in "@#[":
        return "an alias is words separated by spaces, without “:”, tabs or line breaks, not starting with @, # or ["
    return None


class Roster:
    """The players of a game, looked up by display name or alias, ignoring case."""

    def __init__(self, players: list[Player]) -> None:
        self.players: tuple[Player, ...] = tuple(players)
        self._index: dict[str, list[Player]] = {}
        for p in self.players:
            for n in p.names():
                bucket = self._index.setdefault(name_key(n), [])
                if p not in bucket:
                    bucket.append(p)

    def __len__(self) -> int:
        return len(self.players)

    def __iter__(self) -> Iterator[Player]:
        return iter(self.players)

    def __getitem__(self, seat: int) -> Player:
        return self.players[seat]

    def find(self, name: str) -> Player | None:
        """The player called `name`, None if nobody is; ambiguity raises. A Discord mention names its player: `@Uri` is Uri."""
        found = self._index.get(name_key(name), [])
        if not found and name.startswith("@"):
            found = self._index.get(name_key(name[1:]), [])
        if len(found) > 1:
            who = " and ".join(p.name for p in found)
            raise AmbiguousCommand(f"“{name}” could be {who}; use an alias such as p{found[0].seat + 1}")
        return found[0] if found else None

    def match_start(self, text: str) -> tuple[Player, str] | None:
        """The player whose name or alias begins `text` in whole words, and the rest of `text`; None if nobody's does.

        The longest name that fits wins: with aliases "Player" and "Player 1", `Player 1 gs 3` is the
        "Player 1" one and the rest is `gs 3`. A longest fit that two players share raises
        AmbiguousCommand, as `find` does.
        """
        words = list(re.finditer(r"\S+", text))
        for n in range(len(words), 0, -1):
            candidate = text[: words[n - 1].end()]
            if self._index.get(name_key(candidate)):
                player = self.find(candidate)
                assert player is not None
                return player, text[words[n - 1].end() :].strip()
        return None

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
