"""The Choice is Yours — Final Match "Multi-Player": Goofspiel, the Shop, Gyul Hap and Expressions
over six 10-minute blocks, with the three Advantages.

This module is the registry entry (read without importing the game, so keep its imports to
`umpire.games`); the game's record is assembled from the modules beside it, by the conventional names
of its parts (`umpire.games.record`).
"""

from umpire.games import Entry, PostChannel

# The card's channels (#goofspiel, #shop, #gyul-hap, #expressions) and its #status, where a bot hosts the
# match; everything else (the blocks, the subgames decided, the result) goes to the game channel.
CHANNELS = (
    PostChannel(
        key="goofspiel",
        what="Goofspiel: each round's prize, its reminders and result, the bout's end",
        kinds=("round_started", "round_reminder", "round_resolved", "bout_over"),
    ),
    PostChannel(
        key="shop", what="the Shop: each cycle's prices, `post shop`, its close", kinds=("shop_opened", "shop_posted", "shop_closed")
    ),
    PostChannel(
        key="gyul-hap",
        what="Gyul Hap: each board, `post gh`, every hap and gyul called",
        kinds=("gh_board", "gh_reset", "gh_over", "hap_called", "gyul_called"),
    ),
    PostChannel(
        key="expressions",
        what="Expressions: each set, `post expr`, every solve, its close",
        kinds=("expr_set", "expr_reposted", "expr_solved", "expr_closed"),
    ),
    PostChannel(key="status", what="`status`: both players' tiles, money and points", kinds=("status_posted",)),
)

ENTRIES = (
    Entry(
        key="choice-is-yours",
        title="The Choice is Yours",
        summary="The Final Match: Goofspiel, the Shop, Gyul Hap and Expressions over six timed blocks.",
        players=(2, 2),
        seats=2,
        doc="docs/choice-is-yours.md",
        scenario="choice-is-yours",
        package=__name__,
        channels=CHANNELS,
    ),
)
