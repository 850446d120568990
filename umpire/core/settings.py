"""Declared settings: one description per scenario key, used to validate scenario
files, to write new ones, to document them and to show the rulings in force.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

KINDS = ("int", "number", "str", "bool", "list[int]", "list[str]", "list[table]", "player", "choice")


@dataclass(frozen=True, kw_only=True)
class Setting:
    """One key of a game's `[rules]` table."""

    key: str
    kind: str
    default: Any
    help: str
    ruling: str | None = None  # the house ruling this key carries (docs/rulings.md), e.g. "R-HTT-2"
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    per_player: bool = False  # a list with one value per seat, in seating order

    def expected(self) -> str:
        """What a valid value looks like, in words, for error messages and docs."""
        bounds = ""
        if self.minimum is not None and self.maximum is not None:
            bounds = f" from {_num(self.minimum)} to {_num(self.maximum)}"
        elif self.minimum is not None:
            bounds = f" of at least {_num(self.minimum)}"
        elif self.maximum is not None:
            bounds = f" of at most {_num(self.maximum)}"
        return {
            "int": f"a whole number{bounds}",
            "number": f"a number{bounds}",
            "str": "a string",
            "bool": "true or false",
            "list[int]": f"a list of whole numbers{bounds}" + (", one per player in seating order" if self.per_player else ""),
            "list[str]": "a list of strings",
            "list[table]": f"a list of tables ([[rules.{self.key}]] entries)",
            "player": 'a player\'s name or alias, e.g. "p2"',
            "choice": "one of " + ", ".join(f'"{c}"' for c in self.choices),
        }[self.kind]


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def type_name(value: Any) -> str:
    """How TOML would call the type of a value, for error messages."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def check(setting: Setting, value: Any) -> str | None:
    """None when `value` fits `setting`, otherwise what is wrong with it (player names are checked later)."""
    k = setting.kind
    ok = True
    if k == "int":
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif k == "number":
        ok = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    elif k in ("str", "player"):
        ok = isinstance(value, str)
    elif k == "bool":
        ok = isinstance(value, bool)
    elif k == "choice":
        ok = isinstance(value, str) and value in setting.choices
    elif k == "list[int]":
        ok = isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    elif k == "list[str]":
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
    elif k == "list[table]":
        ok = isinstance(value, list) and all(isinstance(v, dict) for v in value)
    if not ok:
        return f"expected {setting.expected()}, got {value!r} ({type_name(value)})"
    nums = value if isinstance(value, list) else [value] if k in ("int", "number") else []
    for v in nums:
        if setting.minimum is not None and v < setting.minimum:
            return f"expected {setting.expected()}, got {v!r}"
        if setting.maximum is not None and v > setting.maximum:
            return f"expected {setting.expected()}, got {v!r}"
    return None


class Settings(dict[str, object]):
    """A scenario's checked `[rules]` values by key, with typed reads for a game's `configure`.

    The values were checked against the game's `Setting`s when the scenario loaded, so a read
    of the wrong type is a bug in the game and raises TypeError.

    >>> s = Settings({"rounds": 3, "names": ["a"], "odd": True})
    >>> s.integer("rounds"), s.texts("names"), s.flag("odd")
    (3, ['a'], True)
    """

    def integer(self, key: str) -> int:
        """A whole-number setting."""
        v = self[key]
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"setting {key} is not a whole number: {v!r}")
        return v

    def number(self, key: str) -> float:
        """A number setting (whole or decimal)."""
        v = self[key]
        if isinstance(v, bool) or not isinstance(v, int | float):
            raise TypeError(f"setting {key} is not a number: {v!r}")
        return v

    def text(self, key: str) -> str:
        """A string, choice or player setting."""
        v = self[key]
        if not isinstance(v, str):
            raise TypeError(f"setting {key} is not a string: {v!r}")
        return v

    def flag(self, key: str) -> bool:
        """A true/false setting."""
        v = self[key]
        if not isinstance(v, bool):
            raise TypeError(f"setting {key} is not true or false: {v!r}")
        return v

    def integers(self, key: str) -> list[int]:
        """A list of whole numbers."""
        v = self[key]
        if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            raise TypeError(f"setting {key} is not a list of whole numbers: {v!r}")
        return list(v)

    def texts(self, key: str) -> list[str]:
        """A list of strings."""
        v = self[key]
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise TypeError(f"setting {key} is not a list of strings: {v!r}")
        return list(v)

    def tables(self, key: str) -> list[dict[str, object]]:
        """A list of tables ([[rules.KEY]] entries)."""
        v = self[key]
        if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
            raise TypeError(f"setting {key} is not a list of tables: {v!r}")
        return [dict(x) for x in v]


Problems = list[tuple[str, str]]  # (the key, what is wrong with it), in the order they are to be reported


def no_problems(settings: Settings) -> Problems:
    """No settings that do not fit together (a game without such a check)."""
    return []


def no_seat_problems(settings: Settings, players: int) -> Problems:
    """No settings that do not fit the number of seats (a game without such a check)."""
    return []


class Schema(NamedTuple):
    """A game's `[rules]` as a scenario is checked against them: the keys, and the checks between them.

    A game's `settings` module builds it from nothing heavier than this module, and the game's
    registry entry names it (`Entry.schema`): checking a scenario, and `umpire new`, then never
    import the game's rules, events and announcements. The game's `Game` record is built from the
    same `Schema`, so the two cannot differ.
    """

    settings: tuple[Setting, ...]
    validate: Callable[[Settings], Problems] = no_problems  # settings that do not fit together
    validate_players: Callable[[Settings, int], Problems] = no_seat_problems  # settings against the seats
