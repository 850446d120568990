"""The auction's settings (the scenario's `[rules]`), the configuration built from them, and the house rulings."""

from __future__ import annotations

from dataclasses import dataclass

from umpire.core.clock import SECOND
from umpire.core.settings import Schema, Setting, Settings
from umpire.games.base import PublicSetup

CATALOGUE = [
    "Brass telescope",
    "Old map",
    "Jade figurine",
    "Signed first edition",
    "Pocket watch",
    "Silk scarf",
    "Ship in a bottle",
    "Vintage camera",
]

SETTINGS: tuple[Setting, ...] = (
    Setting(key="budget", kind="int", default=100, minimum=1, maximum=1_000_000, ruling="R-AUC-1", help="Money each player starts with."),
    Setting(key="lots", kind="int", default=5, minimum=1, maximum=50, help="How many lots are sold, one after another."),
    Setting(
        key="catalogue",
        kind="list[str]",
        default=CATALOGUE,
        ruling="R-AUC-2",
        help="The items lots are drawn from, by the seed, when each lot is posted; at least one per lot.",
    ),
    Setting(key="min_value", kind="int", default=1, minimum=0, maximum=1000, help="The least a lot can be worth, in points."),
    Setting(key="max_value", kind="int", default=20, minimum=1, maximum=1000, help="The most a lot can be worth, in points."),
    Setting(
        key="bid_seconds",
        kind="int",
        default=120,
        minimum=10,
        maximum=3600,
        ruling="R-AUC-4",
        help="Time to bid on each lot; the lot closes then, or as soon as everyone has bid.",
    ),
    Setting(key="reminders", kind="list[int]", default=[60, 10], minimum=1, maximum=3600, help="Reminders at these seconds left on a lot."),
)


def rulings(s: Settings) -> list[str]:
    """The auction's house rulings in force, each naming its key and setting."""
    reminders = ", ".join(f"{r} s" for r in s.integers("reminders")) or "none"
    return [
        f"R-AUC-1: everyone starts with {s.integer('budget')} (budget) and can never bid more than they have, so money never goes below 0.",
        f"R-AUC-2: {s.integer('lots')} lots (lots) are drawn by the seed from the {len(s.texts('catalogue'))} catalogue items (catalogue) "
        f"as each is posted, worth {s.integer('min_value')}–{s.integer('max_value')} points (min_value, max_value); an item is sold at most once.",
        "R-AUC-3: bids are sealed; a player's last bid before the lot closes counts, and a bid of 0 (or “pass”) is no bid.",
        f"R-AUC-4: a lot closes {s.integer('bid_seconds')} s after it is posted (bid_seconds), or as soon as everyone who can bid has bid; "
        f"the host may close it early with “close”. Reminders at {reminders} left (reminders).",
        "R-AUC-5: the highest bid wins and pays what it bid; a tie is broken by the seed's draw among the tied players, and the post says so.",
        "R-AUC-6: a lot with no bid above 0 is unsold and is not offered again.",
        "R-AUC-7: a player with no money left sits out the remaining lots.",
        "R-AUC-8: the most points of lots won wins; a tie on points goes to the player with more money left; a tie on both is shared.",
    ]


@dataclass(frozen=True, kw_only=True)
class Config:
    """One scenario's auction: the players, the money, the lots and the clock. It is what everyone may know from the
    start (the game's public context, which its renderers are given), so it holds nothing drawn from the seed."""

    names: tuple[str, ...]
    budget: int
    lots: int
    catalogue: tuple[str, ...]
    min_value: int
    max_value: int
    bid_ms: int
    reminders_ms: tuple[int, ...]


def configure(setup: PublicSetup) -> Config:
    """The auction a scenario describes (its settings were checked when it loaded)."""
    s = setup.settings
    return Config(
        names=tuple(p.name for p in setup.roster),
        budget=s.integer("budget"),
        lots=s.integer("lots"),
        catalogue=tuple(" ".join(item.split()) for item in s.texts("catalogue")),
        min_value=s.integer("min_value"),
        max_value=s.integer("max_value"),
        bid_ms=s.integer("bid_seconds") * SECOND,
        reminders_ms=tuple(r * SECOND for r in s.integers("reminders")),
    )


ITEM_LIMIT = 80  # a lot's name appears in every post about it


def validate(settings: Settings) -> list[tuple[str, str]]:
    """Settings that each look fine alone but not together, as (key, message)."""
    out: list[tuple[str, str]] = []
    catalogue = settings.texts("catalogue")
    lots = settings.integer("lots")
    if any(not item.strip() for item in catalogue):
        out.append(("catalogue", "expected every item to have a name; one is empty"))
    long = [item for item in catalogue if len(item) > ITEM_LIMIT]
    if long:
        out.append(("catalogue", f"expected item names of at most {ITEM_LIMIT} characters, got one of {len(long[0])}"))
    seen: set[str] = set()
    for item in catalogue:
        key = " ".join(item.casefold().split())
        if key and key in seen:
            out.append(("catalogue", f"“{item}” is in the catalogue twice; every lot must be told apart by its name"))
            break
        seen.add(key)
    if len(catalogue) < lots:
        out.append(("catalogue", f"expected at least {lots} items (one per lot, lots = {lots}), got {len(catalogue)}"))
    if settings.integer("min_value") > settings.integer("max_value"):
        out.append(("max_value", f"expected at least min_value ({settings.integer('min_value')}), got {settings.integer('max_value')}"))
    bid = settings.integer("bid_seconds")
    late = [r for r in settings.integers("reminders") if r >= bid]
    if late:
        out.append(("reminders", f"a reminder at {late[0]} s left would come before the lot is posted (bid_seconds = {bid})"))
    return out


SCHEMA = Schema(SETTINGS, validate)  # what checking a scenario reads


def example_config(players: int = 2) -> Config:
    """A small auction for examples and tests: 100 each, 3 lots, 60 s per lot, reminders at 30 s and 10 s."""
    return Config(
        names=tuple(f"P{i + 1}" for i in range(players)),
        budget=100,
        lots=3,
        catalogue=("Old map", "Brass telescope", "Pocket watch", "Silk scarf"),
        min_value=1,
        max_value=20,
        bid_ms=60 * SECOND,
        reminders_ms=(30 * SECOND, 10 * SECOND),
    )
