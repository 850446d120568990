"""Hap-Tac-Toe and its re-skin When Stars Align: one engine, two rule sets.

This module is the registry entry (read without importing the game, so keep its imports to
`umpire.games`); the game's record is assembled from the modules beside it, by the conventional names
of its parts (`umpire.games.record`).
"""

from umpire.games import Entry

ENTRIES = (
    Entry(
        key="hap-tac-toe",
        title="Hap-Tac-Toe",
        summary="A two-game Death Match on a 5x5 grid: place a block each turn, call the haps it makes.",
        players=(2, 2),
        seats=2,
        doc="docs/hap-tac-toe.md",
        scenario="hap-tac-toe",
        package=__name__,
        book="HTT",
    ),
    Entry(
        key="when-stars-align",
        title="When Stars Align",
        summary="Hap-Tac-Toe re-skinned with stars, sets and strikes.",
        players=(2, 2),
        seats=2,
        doc="docs/hap-tac-toe.md",
        scenario="when-stars-align",
        package=__name__,
        book="WSA",
    ),
)
