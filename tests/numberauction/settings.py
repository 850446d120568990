"""The Number Auction's rules, which a scenario cannot change (it has no `[rules]`), and its house rulings."""

from __future__ import annotations

from umpire.core.clock import SECOND
from umpire.core.settings import Schema, Settings

COINS, ROUNDS, PRIZES = 20, 5, (1, 10)  # coins each, rounds, a prize's least and most points
BID_MS, REMINDERS_MS = 120 * SECOND, (60 * SECOND, 10 * SECOND)
SCHEMA = Schema(())


def rulings(settings: Settings) -> list[str]:
    """The house rulings, each with its key."""
    return [
        f"R-NA-1: everyone starts with {COINS} coins; a bid is a whole number from 0 to the bidder's coins, so coins never go below 0.",
        f"R-NA-2: each of the {ROUNDS} rounds posts a prize worth {PRIZES[0]}–{PRIZES[1]} points, drawn by the seed as the round opens.",
        "R-NA-3: bids are sealed; a player's last bid before the round closes counts. A round closes when every player has bid, "
        "120 s after it opens, or on the host's “close”; reminders come at 60 s and 10 s left, with a host note of who is still to bid.",
        "R-NA-4: a player who sends no bid has none in that round; a bid of 0 is a bid, and can win.",
        "R-NA-5: the highest bid no other player matched wins the prize and pays its bid; matched bids win nothing and pay nothing; "
        "if every bid is matched, nobody wins and the prize is lost. Every bid is revealed when the round closes.",
        "R-NA-6: after the last round the most points wins; a tie goes to more coins left, then to the seed's draw (the places it decides).",
    ]
