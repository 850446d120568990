"""Open, Pass — Heaven and Hell: the 13-player Main Match, from deck building to Tokens of Life.

This module is the registry entry (read without importing the game, so keep its imports to
`umpire.games`); the game itself is in `game`.
"""

from umpire.games import Entry

ENTRIES = (
    Entry(
        key="open-pass",
        title="Open, Pass — Heaven and Hell",
        summary="The Main Match: bid for packs to build a deck, then open or pass each card dealt to build a row.",
        players=(6, 30),
        seats=13,
        doc="docs/open-pass.md",
        scenario="open-pass-heaven-hell",
        module="umpire.games.openpass.game",
        attribute="OPEN_PASS",
    ),
)
