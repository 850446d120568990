"""The contract tests' own game: the auction is in the registry while these tests run, and only then.

Registering it is one line (`register(ENTRY)`); taking it out again keeps the rest of the suite
(which lists the games, their docs and scenario keys) to the games umpire ships.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.contract.auction import ENTRY
from umpire.games import register

AUCTION_SCENARIO = Path(__file__).resolve().parent / "auction" / "auction.toml"
AUCTION_SEED = "4242"  # the auction's scenario carries no seed, as a bundled one would not (tests/seeds.py names the others')


@pytest.fixture(scope="package", autouse=True)
def auction_registered() -> Iterator[None]:
    """The auction, registered like any game for the tests in this package."""
    unregister = register(ENTRY)
    yield
    unregister()


@pytest.fixture
def spliced_streams(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The seed's streams spliced for twin games (tests/contract/twins.py), for one test."""
    from tests.contract import twins

    twins.splice_streams(monkeypatch)
    yield
    twins.forget()
