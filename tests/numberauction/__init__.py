"""The Number Auction (docs/number-auction.md), the guide's worked example: this entry, `settings`, `rules`, `render`, `views`."""

from umpire.games import Entry

ENTRY = Entry(
    key="number-auction",
    title="Number Auction",
    summary="Five sealed-bid rounds for prizes drawn by the seed: the highest bid nobody matched wins each.",
    players=(3, 8),
    seats=4,
    doc="docs/number-auction.md",
    scenario="number-auction",
    package=__name__,
)
ENTRIES = (ENTRY,)
