"""The tests' own games, registered for the whole test run as a game added to umpire is.

The Number Auction (tests/numberauction/, the worked example of docs/writing-a-game.md) has the five places a
game of umpire has, each where a test game keeps it: its folder (tests/numberauction/), its word in the registry
(`register`, here, for umpire.games.PACKAGES), its scenario (tests/scenarios/, for scenarios/), its doc
(docs/number-auction.md) and its transcript (tests/transcripts/number-auction.script). So every test that goes
over the registered games, their scenarios or their transcripts takes it in with the games umpire ships;
tests/test_five_places.py moves it into umpire/games through the five places alone and checks that the suite
takes it in there too. (The contract's auction, tests/contract/auction/, is that package's own fixture.)
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from umpire.games import Entry, entry, register

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = Path(__file__).resolve().parent / "scenarios"
TEST_PACKAGES = ("tests.numberauction",)  # each holds its registry entries in ENTRIES, as a game of umpire's does


def own_games() -> tuple[Entry, ...]:
    """The entries of the tests' own games."""
    return tuple(e for package in TEST_PACKAGES for e in import_module(package).ENTRIES)


def register_all() -> None:
    """Register the tests' own games (once: a second call changes nothing)."""
    for e in own_games():
        if entry(e.key) is None:
            register(e)


def scenario_path(name: str) -> Path:
    """A scenario by its name: bundled with umpire (scenarios/), else one of the tests' own games' (tests/scenarios/)."""
    bundled = ROOT / "scenarios" / f"{name}.toml"
    return bundled if bundled.is_file() else SCENARIOS / f"{name}.toml"
