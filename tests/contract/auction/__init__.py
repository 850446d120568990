"""A sealed-bid auction: the complete example game of docs/writing-a-game.md, built only on the contract.

Its folder has the layout of the games umpire ships, a module per role (docs/writing-a-game.md):
`settings` (the scenario's rules and the house rulings), `state`, `commands` (text -> typed
commands), `moves` (the table of what may be done, by whom and when), `rules` (pure), `events`,
`render` and `views`; its `Game` record is assembled from them by convention. Written without the
shared building blocks, it is the contract tests' own fixture, in which they plant their faults.
This module is the registry entry, read without importing the game; the tests register it with
one `register(ENTRY)` line.
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
    package=__name__,
)
ENTRIES = (ENTRY,)
