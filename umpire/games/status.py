"""A player's answer to `status` (R-READ-4), as a game words it: the heading every game's answer starts with, and the
plain wording of a game that gives none of its own (`Game.own_status`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.core.chat import safe

JSON = Any  # as umpire.games.base names it (which imports this module)


def listed_status(knowledge: Mapping[str, JSON], player: str) -> str:
    """A player's own status in plain words for a game that words it no better: what their seat may know, key by key.

    >>> print(listed_status({"phase": "bidding", "money": {"Yuna": 70}, "lot": None}, "Yuna"))
    📋 **Your status, Yuna** (for you alone)
    phase: bidding
    money: Yuna 70
    lot: —
    """
    lines = [status_heading(player)]
    for key, value in knowledge.items():
        lines.append(f"{key.replace('_', ' ')}: {_plain_value(value)}")
    return "\n".join(lines)


def status_heading(player: str) -> str:
    """The first line of every answer to a player's `status` (R-READ-4)."""
    return f"📋 **Your status, {safe(player)}** (for you alone)"


def _plain_value(value: JSON) -> str:
    if value is None or value == [] or value == {}:
        return "—"
    if isinstance(value, Mapping):
        return " · ".join(f"{k} {_plain_value(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_plain_value(v) for v in value)
    return str(value)
