"""What the kit games' tests share: the kit files, and a kit game's pure rules started without a session."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from umpire.core.players import Player, Roster
from umpire.core.settings import Settings
from umpire.core.streams import Streams
from umpire.games.base import Game, Setup
from umpire.scenario import load, parse

ROOT = Path(__file__).resolve().parents[2]
KITS = ROOT / "scenarios" / "kit"
NAMES = ("Hedger", "Uri", "Yuna", "Mara", "Ian", "Priya", "Theo", "Sana")


def kit_game(name: str) -> Game[Any, Any]:
    """The game of scenarios/kit/NAME.toml."""
    return load(KITS / f"{name}.toml").game


def kit_text(name: str) -> str:
    return (KITS / f"{name}.toml").read_text(encoding="utf-8")


def game_of(text: str) -> Game[Any, Any]:
    """The game of a kit file's text."""
    return parse(text, "test.toml").game


def setup(players: int, seed: str) -> Setup:
    """A setup of `players` seats (Hedger, Uri, …) with this seed."""
    roster = Roster([Player(seat=i, name=n, aliases=(f"p{i + 1}",)) for i, n in enumerate(NAMES[:players])])
    return Setup(roster=roster, settings=Settings({}), streams=Streams(seed))
