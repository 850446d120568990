"""The round loops moved onto `umpire.games.rounds` rule exactly as the loops they replaced.

Before The Choice is Yours' Goofspiel bouts, Open, Pass's pack bidding and Devil's Deal's private picks were
moved onto the shared sealed rounds, 200 random seeded playouts of each game were recorded with the code as it
was (tests/games/playouts.py: every step's outcome, every event's JSON and its posts' texts, `final` and what
each seat may know, as a SHA-256 per playout, in tests/games/playouts/*.json). The code as it is now must give
each playout's record byte for byte. The everyday run plays the first seeds; `-m slow` plays them all.
"""

from __future__ import annotations

import pytest

from tests.games.playouts import SEEDS, digest, recorded

MOVED = ("choice-is-yours", "open-pass", "devils-deal")
EVERYDAY = 25


@pytest.mark.parametrize("key", MOVED)
def test_the_moved_round_loops_rule_every_recorded_playout_as_before(key: str) -> None:
    want = recorded(key)
    differ = [seed for seed in SEEDS[:EVERYDAY] if digest(key, seed) != want[seed]]
    assert not differ, f"{key}: playouts {differ} differ from the ones recorded before the move"


@pytest.mark.slow
@pytest.mark.parametrize("key", MOVED)
def test_the_moved_round_loops_rule_every_recorded_playout_as_before_all_of_them(key: str) -> None:
    want = recorded(key)
    differ = [seed for seed in SEEDS if digest(key, seed) != want[seed]]
    assert not differ, f"{key}: playouts {differ} differ from the ones recorded before the move"
