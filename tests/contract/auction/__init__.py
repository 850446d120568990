"""A sealed-bid auction: the complete example game of docs/writing-a-game.md, built only on the contract.

Its folder has the layout every game has (docs/writing-a-game.md): `settings` (the scenario's
rules and the house rulings), `state`, `commands` (text -> typed commands), `moves` (the table of
what may be done, by whom and when), `rules` (pure), `events`, `render`, `views` and `game` (the
`Game` record). This module is the registry entry, read without importing the game; the tests
register it with one `register(ENTRY)` line.
"""

from umpire.games import Entry

ENTRY = Entry(
    key="auction",
    title="Sealed-bid auction",
    summary="Sealed bids for lots drawn by the seed: the highest bid wins each lot; the most points win.",
    players=(2, 12),
    seats=3,
    doc="docs/writing-a-game.md",
    scenario=None,
    module="tests.contract.auction.game",
    attribute="GAME",
)
ENTRIES = (ENTRY,)
