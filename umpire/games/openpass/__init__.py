"""Open, Pass — Heaven and Hell: the 13-player Main Match, from deck building to Tokens of Life.

Its folder has the layout every game has: `settings` (the scenario's rules and the house
rulings), `state`, `commands` (text -> typed commands), `moves` (the table of what may be done, by
whom and when), `rules` (pure; the phases beside it: `trades`, `deals`), `events`, `render`,
`pictures`, `views` and `tools` (`umpire check row`); `cards` is the light module of what a card
is, which `umpire check row` loads without the match's settings.

This module is the registry entry (read without importing the game, so keep its imports to
`umpire.games`); the game's record is assembled from the modules beside it, by the conventional names
of its parts (`umpire.games.record`).
"""

from umpire.games import Entry, PostChannel

# Where a bot hosts the match, the bidding rounds and the deals may each have a channel of their own; the
# phases' openings and closes, the trades announced and the results go to the game channel.
CHANNELS = (
    PostChannel(
        key="bidding",
        what="deck building: each round's packs, its reminders and tally",
        kinds=("round_opened", "bidding_reminder", "round_closed"),
    ),
    PostChannel(
        key="deals", what="the playing phase: each deal's start, and each row played", kinds=("deal_started", "row_posted", "deal_done")
    ),
)

ENTRY = Entry(
    key="open-pass",
    title="Open, Pass — Heaven and Hell",
    summary="The Main Match: bid for packs to build a deck, then open or pass each card dealt to build a row.",
    players=(6, 30),  # the card's 3 token places and 3 ECs need six; a scenario checks its own (validate_players)
    seats=13,
    doc="docs/open-pass.md",
    scenario="open-pass-heaven-hell",
    package=__name__,
    channels=CHANNELS,
)
ENTRIES = (ENTRY,)
