"""The Choice is Yours — Final Match "Multi-Player": Goofspiel, the Shop, Gyul Hap and Expressions
over six 10-minute blocks, with the three Advantages.

This module is the registry entry (read without importing the game, so keep its imports to
`umpire.games`); the game itself is in `game`.
"""

from umpire.games import Entry

ENTRIES = (
    Entry(
        key="choice-is-yours",
        title="The Choice is Yours",
        summary="The Final Match: Goofspiel, the Shop, Gyul Hap and Expressions over six timed blocks.",
        players=(2, 2),
        seats=2,
        doc="docs/choice-is-yours.md",
        scenario="choice-is-yours",
        module="umpire.games.choice.game",
        attribute="GAME",
        schema="umpire.games.choice.settings:SCHEMA",
    ),
)
