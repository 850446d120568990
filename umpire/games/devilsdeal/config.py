"""The settings of a Devil's Deal Death Match (the `[rules]` keys) and the Config read from them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from umpire.core.clock import SECOND
from umpire.core.players import Roster
from umpire.core.settings import Setting
from umpire.core.streams import Streams
from umpire.games.devilsdeal.hands import CATEGORIES, DEFAULT_ORDER

TIED_STARTER = ("stays", "switches")

SETTINGS: tuple[Setting, ...] = (
    Setting(
        key="advantage",
        kind="player",
        default="p2",
        help="The DM opponent holding the Advantage: chooses the starting player of round 1 after the pools are shown.",
    ),
    Setting(key="starting_chips", kind="int", default=30, minimum=1, help="Chips each player starts with."),
    Setting(
        key="starting_pool",
        kind="int",
        default=5,
        minimum=2,
        maximum=13,
        help="Cards in each starting pool, both dealt from one fresh deck (so the two pools share no card).",
    ),
    Setting(
        key="pool_limit", kind="int", default=10, minimum=2, help="Most cards a pool may hold; above it the player discards down to it."
    ),
    Setting(
        key="refill_cost",
        kind="int",
        default=5,
        minimum=0,
        ruling="R-DD-2",
        help="Chips a refill costs (they leave the game); a player with fewer chips cannot refill.",
    ),
    Setting(
        key="refill_cards", kind="int", default=12, minimum=2, maximum=27, help="Cards a refill shows, all different, from a fresh deck."
    ),
    Setting(
        key="min_pile_cards",
        kind="int",
        default=1,
        minimum=1,
        maximum=4,
        ruling="R-DD-3",
        help="Fewest cards a pile of a division may hold (so the set-aside pile is never empty); at most 4, so the best division is found at once.",
    ),
    Setting(
        key="hand_order",
        kind="list[str]",
        default=list(DEFAULT_ORDER),
        ruling="R-DD-4",
        help="The six hand categories, best first.",
    ),
    Setting(key="ante", kind="int", default=2, minimum=0, help="Chips each player pays into the pot at the start of the poker step."),
    Setting(
        key="pot_removed",
        kind="int",
        default=1,
        minimum=0,
        help="Chips taken out of the pot after the ante (they leave the game): 2 + 2 - 1 = a pot of 3.",
    ),
    Setting(
        key="opening_bet",
        kind="int",
        default=1,
        minimum=1,
        ruling="R-DD-5",
        help="What `call` bets when nobody has bet yet in the betting round.",
    ),
    Setting(key="min_raise", kind="int", default=1, minimum=1, ruling="R-DD-5", help="The smallest N of `raise N`."),
    Setting(
        key="fold_penalty",
        kind="int",
        default=2,
        minimum=0,
        ruling="R-DD-6",
        help="Chips a player folding with a high-card hand pays the opponent; a player who cannot pay loses.",
    ),
    Setting(
        key="tie_ante_back",
        kind="int",
        default=1,
        minimum=0,
        ruling="R-DD-7",
        help="Ante chips each player takes back on a tied showdown (besides their bets); the rest of the ante leaves the game.",
    ),
    Setting(
        key="tied_round_starter",
        kind="choice",
        default="stays",
        choices=TIED_STARTER,
        ruling="R-DD-1",
        help="After a tied showdown the starting player stays, or the other player starts the next round.",
    ),
    Setting(key="answer_seconds", kind="int", default=20, minimum=1, ruling="R-DD-8", help="Time to answer “refill?” (no answer = no)."),
    Setting(
        key="division_seconds",
        kind="int",
        default=90,
        minimum=1,
        ruling="R-DD-8",
        help="Time to divide a refill's cards; the last valid division counts (none: everything is set aside).",
    ),
    Setting(
        key="take_seconds",
        kind="int",
        default=20,
        minimum=1,
        ruling="R-DD-8",
        help="Time for the opponent to take a set-aside card (no answer = none taken).",
    ),
    Setting(
        key="discard_seconds",
        kind="int",
        default=20,
        minimum=1,
        ruling="R-DD-8",
        help="Time to discard down to the pool limit (no answer = the newest cards are discarded).",
    ),
    Setting(
        key="pick_seconds",
        kind="int",
        default=90,
        minimum=1,
        ruling="R-DD-8",
        help="Time to choose the two private cards (no choice = cannot form a hand: that player loses).",
    ),
    Setting(key="bet_seconds", kind="int", default=20, minimum=1, ruling="R-DD-8", help="Time for each bet (no bet = fold)."),
    Setting(
        key="break_seconds",
        kind="int",
        default=20,
        minimum=1,
        ruling="R-DD-8",
        help="Break after each round; the next round starts by itself when it ends.",
    ),
    Setting(
        key="short_reminders",
        kind="list[int]",
        default=[10],
        minimum=1,
        help="Reminders at these seconds left on a 20-second decision (answer, take, discard, bet).",
    ),
    Setting(
        key="long_reminders",
        kind="list[int]",
        default=[30, 10],
        minimum=1,
        help="Reminders at these seconds left on a division or the private pick.",
    ),
)


@dataclass(frozen=True, kw_only=True)
class Config:
    """A Death Match's settings in the units the rules use."""

    names: tuple[str, ...]
    streams: Streams
    advantage: int
    chips: int
    pool_size: int
    pool_limit: int
    refill_cost: int
    refill_cards: int
    min_pile: int
    hand_order: tuple[str, ...]
    ante: int
    pot_removed: int
    opening_bet: int
    min_raise: int
    fold_penalty: int
    tie_ante_back: int
    tied_starter: str
    answer_ms: int
    division_ms: int
    take_ms: int
    discard_ms: int
    pick_ms: int
    bet_ms: int
    break_ms: int
    short_reminders: tuple[int, ...]
    long_reminders: tuple[int, ...]


def validate(settings: dict[str, Any]) -> list[tuple[str, str]]:
    """Problems between settings that each look fine alone."""
    out = []
    order = settings["hand_order"]
    if sorted(order) != sorted(CATEGORIES):
        missing = [c for c in CATEGORIES if c not in order]
        extra = [c for c in order if c not in CATEGORIES or order.count(c) > 1]
        detail = []
        if missing:
            detail.append("missing " + ", ".join(f'"{c}"' for c in missing))
        if extra:
            detail.append("not expected " + ", ".join(f'"{c}"' for c in dict.fromkeys(extra)))
        out.append(
            (
                "hand_order",
                "expected the six categories once each, best first ("
                + ", ".join(f'"{c}"' for c in DEFAULT_ORDER)
                + "): "
                + "; ".join(detail),
            )
        )
    if 2 * settings["min_pile_cards"] > settings["refill_cards"]:
        out.append(
            (
                "min_pile_cards",
                f"two piles of {settings['min_pile_cards']} cards do not fit in a refill of {settings['refill_cards']} (refill_cards): no division could take a card",
            )
        )
    if 2 * settings["starting_pool"] > 27:
        out.append(("starting_pool", f"two pools of {settings['starting_pool']} do not fit in one 27-card deck"))
    if settings["starting_pool"] > settings["pool_limit"]:
        out.append(("starting_pool", f"expected at most pool_limit ({settings['pool_limit']}), got {settings['starting_pool']}"))
    if settings["pot_removed"] > 2 * settings["ante"]:
        out.append(("pot_removed", f"expected at most the two antes ({2 * settings['ante']}), got {settings['pot_removed']}"))
    if 2 * settings["tie_ante_back"] > 2 * settings["ante"] - settings["pot_removed"]:
        left = 2 * settings["ante"] - settings["pot_removed"]
        out.append(("tie_ante_back", f"the pot holds {left} ante chips after pot_removed; {settings['tie_ante_back']} each does not fit"))
    return out


def configure(roster: Roster, settings: dict[str, Any], streams: Streams) -> Config:
    """Read checked settings into a Config."""
    s = settings
    return Config(
        names=tuple(p.name for p in roster),
        streams=streams,
        advantage=roster.resolve(str(s["advantage"])).seat,
        chips=s["starting_chips"],
        pool_size=s["starting_pool"],
        pool_limit=s["pool_limit"],
        refill_cost=s["refill_cost"],
        refill_cards=s["refill_cards"],
        min_pile=s["min_pile_cards"],
        hand_order=tuple(s["hand_order"]),
        ante=s["ante"],
        pot_removed=s["pot_removed"],
        opening_bet=s["opening_bet"],
        min_raise=s["min_raise"],
        fold_penalty=s["fold_penalty"],
        tie_ante_back=s["tie_ante_back"],
        tied_starter=s["tied_round_starter"],
        answer_ms=s["answer_seconds"] * SECOND,
        division_ms=s["division_seconds"] * SECOND,
        take_ms=s["take_seconds"] * SECOND,
        discard_ms=s["discard_seconds"] * SECOND,
        pick_ms=s["pick_seconds"] * SECOND,
        bet_ms=s["bet_seconds"] * SECOND,
        break_ms=s["break_seconds"] * SECOND,
        short_reminders=tuple(sorted(set(s["short_reminders"]), reverse=True)),
        long_reminders=tuple(sorted(set(s["long_reminders"]), reverse=True)),
    )
