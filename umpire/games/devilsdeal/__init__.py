"""Devil's Deal: pools of cards, equal-sum refills and three-card poker with betting (a 2-player Death Match).

This module is the registry entry (read without importing the game, so keep its imports to
`umpire.games`); the game's record is assembled from the modules beside it, by the conventional names
of its parts (`umpire.games.record`).
"""

from umpire.games import Entry

ENTRIES = (
    Entry(
        key="devils-deal",
        title="Devil's Deal",
        summary="A Death Match of card pools, equal-sum refills and three-card poker.",
        players=(2, 2),
        seats=2,
        doc="docs/devils-deal.md",
        scenario="devils-deal",
        package=__name__,
    ),
)
