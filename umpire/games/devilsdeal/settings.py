"""The settings of a Devil's Deal Death Match (the `[rules]` keys), the Config read from them, and the
house rulings in force (`rulings`, what the REPL's `rules` shows)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from umpire.core.clock import SECOND
from umpire.core.settings import Schema, Setting, Settings
from umpire.games.devilsdeal.hands import CATEGORIES, DEFAULT_ORDER

if TYPE_CHECKING:
    from umpire.games.base import PublicSetup

TIED_STARTER = ("stays", "switches")

SETTINGS: tuple[Setting, ...] = (
    Setting(
        key="advantage",
        kind="player",
        default="p2",
        help="The DM opponent holding the Advantage: chooses the starting player of round 1 after the pools are shown.",
    ),
    Setting(key="starting_chips", kind="int", default=30, minimum=1, maximum=1000, help="Chips each player starts with."),
    Setting(
        key="starting_pool",
        kind="int",
        default=5,
        minimum=2,
        maximum=13,
        help="Cards in each starting pool, both dealt from one fresh deck (so the two pools share no card).",
    ),
    Setting(
        key="pool_limit",
        kind="int",
        default=10,
        minimum=2,
        maximum=30,
        help="Most cards a pool may hold; above it the player discards down to it.",
    ),
    Setting(
        key="refill_cost",
        kind="int",
        default=5,
        minimum=0,
        maximum=1000,
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
        maximum=3,
        ruling="R-DD-3",
        help="Fewest cards a pile of a division may hold (so the set-aside pile is never empty); at most 3, so the best division is found at once.",
    ),
    Setting(
        key="hand_order",
        kind="list[str]",
        default=list(DEFAULT_ORDER),
        ruling="R-DD-4",
        help="The six hand categories, best first.",
    ),
    Setting(
        key="ante",
        kind="int",
        default=2,
        minimum=0,
        maximum=100,
        help="Chips each player pays into the pot at the start of the poker step.",
    ),
    Setting(
        key="pot_removed",
        kind="int",
        default=1,
        minimum=0,
        maximum=200,
        help="Chips taken out of the pot after the ante (they leave the game): 2 + 2 - 1 = a pot of 3.",
    ),
    Setting(
        key="opening_bet",
        kind="int",
        default=1,
        minimum=1,
        maximum=100,
        ruling="R-DD-5",
        help="What `call` bets when nobody has bet yet in the betting round.",
    ),
    Setting(key="min_raise", kind="int", default=1, minimum=1, maximum=100, ruling="R-DD-5", help="The smallest N of `raise N`."),
    Setting(
        key="fold_penalty",
        kind="int",
        default=2,
        minimum=0,
        maximum=100,
        ruling="R-DD-6",
        help="Chips a player folding with a high-card hand pays the opponent; a player who cannot pay loses.",
    ),
    Setting(
        key="tie_ante_back",
        kind="int",
        default=1,
        minimum=0,
        maximum=100,
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
    Setting(
        key="answer_seconds",
        kind="int",
        default=20,
        minimum=1,
        maximum=86400,
        ruling="R-DD-8",
        help="Time to answer “refill?” (no answer = no).",
    ),
    Setting(
        key="division_seconds",
        kind="int",
        default=90,
        minimum=1,
        maximum=86400,
        ruling="R-DD-8",
        help="Time to divide a refill's cards; the last valid division counts (none: everything is set aside).",
    ),
    Setting(
        key="take_seconds",
        kind="int",
        default=20,
        minimum=1,
        maximum=86400,
        ruling="R-DD-8",
        help="Time for the opponent to take a set-aside card (no answer = none taken).",
    ),
    Setting(
        key="discard_seconds",
        kind="int",
        default=20,
        minimum=1,
        maximum=86400,
        ruling="R-DD-8",
        help="Time to discard down to the pool limit (no answer = the newest cards are discarded).",
    ),
    Setting(
        key="pick_seconds",
        kind="int",
        default=90,
        minimum=1,
        maximum=86400,
        ruling="R-DD-8",
        help="Time to choose the two private cards (no choice = cannot form a hand: that player loses).",
    ),
    Setting(
        key="bet_seconds", kind="int", default=20, minimum=1, maximum=86400, ruling="R-DD-8", help="Time for each bet (no bet = fold)."
    ),
    Setting(
        key="break_seconds",
        kind="int",
        default=20,
        minimum=1,
        maximum=86400,
        ruling="R-DD-8",
        help="Break after each round; the next round starts by itself when it ends.",
    ),
    Setting(
        key="short_reminders",
        kind="list[int]",
        default=[10],
        minimum=1,
        maximum=86400,
        help="Reminders at these seconds left on a 20-second decision (answer, take, discard, bet).",
    ),
    Setting(
        key="long_reminders",
        kind="list[int]",
        default=[30, 10],
        minimum=1,
        maximum=86400,
        help="Reminders at these seconds left on a division or the private pick.",
    ),
)


@dataclass(frozen=True, kw_only=True)
class Config:
    """A Death Match's settings in the units the rules use."""

    names: tuple[str, ...]
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


def validate(settings: Settings) -> list[tuple[str, str]]:
    """Problems between settings that each look fine alone."""
    out = _order_problems(settings.texts("hand_order"))
    pool, limit, refill = settings.integer("starting_pool"), settings.integer("pool_limit"), settings.integer("refill_cards")
    ante, removed, back = settings.integer("ante"), settings.integer("pot_removed"), settings.integer("tie_ante_back")
    min_pile = settings.integer("min_pile_cards")
    if 2 * min_pile > refill:
        out.append(
            (
                "min_pile_cards",
                f"two piles of {min_pile} cards do not fit in a refill of {refill} (refill_cards): no division could take a card",
            )
        )
    if 2 * pool > 27:
        out.append(("starting_pool", f"two pools of {pool} do not fit in one 27-card deck"))
    if pool > limit:
        out.append(("starting_pool", f"expected at most pool_limit ({limit}), got {pool}"))
    if removed > 2 * ante:
        out.append(("pot_removed", f"expected at most the two antes ({2 * ante}), got {removed}"))
    if 2 * back > 2 * ante - removed:
        out.append(("tie_ante_back", f"the pot holds {2 * ante - removed} ante chips after pot_removed; {back} each does not fit"))
    out += _reminder_problems(settings)
    return out


def _order_problems(order: list[str]) -> list[tuple[str, str]]:
    if sorted(order) == sorted(CATEGORIES):
        return []
    missing = [c for c in CATEGORIES if c not in order]
    extra = [c for c in order if c not in CATEGORIES or order.count(c) > 1]
    detail = []
    if missing:
        detail.append("missing " + ", ".join(f'"{c}"' for c in missing))
    if extra:
        detail.append("not expected " + ", ".join(f'"{c}"' for c in dict.fromkeys(extra)))
    expected = ", ".join(f'"{c}"' for c in DEFAULT_ORDER)
    return [("hand_order", f"expected the six categories once each, best first ({expected}): " + "; ".join(detail))]


SHORT_DECISIONS = ("answer_seconds", "take_seconds", "discard_seconds", "bet_seconds")
LONG_DECISIONS = ("division_seconds", "pick_seconds")


def _reminder_problems(settings: Settings) -> list[tuple[str, str]]:
    """A reminder at or beyond the time its decision has would never be given: refuse it, naming the key."""
    out = []
    for key, decisions in (("short_reminders", SHORT_DECISIONS), ("long_reminders", LONG_DECISIONS)):
        shortest = min(decisions, key=settings.integer)
        limit = settings.integer(shortest)
        late = [r for r in settings.integers(key) if r >= limit]
        if late:
            which = ", ".join(f"{r} s" for r in late)
            out.append((key, f"a reminder must come before its deadline: {which} left is not within {shortest} = {limit} s"))
    return out


def configure(setup: PublicSetup) -> Config:
    """Read the checked settings into a Config: what everyone may know of the match (the game's public context, which its
    renderers are given), so nothing drawn from the seed."""
    s = setup.settings
    return Config(
        names=tuple(p.name for p in setup.roster),
        advantage=setup.roster.resolve(s.text("advantage")).seat,
        chips=s.integer("starting_chips"),
        pool_size=s.integer("starting_pool"),
        pool_limit=s.integer("pool_limit"),
        refill_cost=s.integer("refill_cost"),
        refill_cards=s.integer("refill_cards"),
        min_pile=s.integer("min_pile_cards"),
        hand_order=tuple(s.texts("hand_order")),
        ante=s.integer("ante"),
        pot_removed=s.integer("pot_removed"),
        opening_bet=s.integer("opening_bet"),
        min_raise=s.integer("min_raise"),
        fold_penalty=s.integer("fold_penalty"),
        tie_ante_back=s.integer("tie_ante_back"),
        tied_starter=s.text("tied_round_starter"),
        answer_ms=s.integer("answer_seconds") * SECOND,
        division_ms=s.integer("division_seconds") * SECOND,
        take_ms=s.integer("take_seconds") * SECOND,
        discard_ms=s.integer("discard_seconds") * SECOND,
        pick_ms=s.integer("pick_seconds") * SECOND,
        bet_ms=s.integer("bet_seconds") * SECOND,
        break_ms=s.integer("break_seconds") * SECOND,
        short_reminders=tuple(sorted(set(s.integers("short_reminders")), reverse=True)),
        long_reminders=tuple(sorted(set(s.integers("long_reminders")), reverse=True)),
    )


def rulings(settings: Settings) -> list[str]:
    """The house rulings in force, each naming its key (R-DD-…) and setting."""
    s = settings
    order = " > ".join(s.texts("hand_order"))
    tie = (
        'R-DD-1: after a tied showdown the starting player stays (tied_round_starter = "stays").'
        if s["tied_round_starter"] == "stays"
        else 'R-DD-1 changed: after a tied showdown the other player starts the next round (tied_round_starter = "switches").'
    )
    return [
        f"R-DD-12: the host deals with `start`; {s['advantage']} holds the Advantage (advantage): after the starting pools ({s['starting_pool']} cards each, starting_pool) are posted, chooses who starts round 1 (no timer; the chooser may write “first me”); the winner of each poker step starts the next round.",
        f"Chips: {s['starting_chips']} each (starting_chips); pool limit {s['pool_limit']} (pool_limit), discards public.",
        tie,
        f"R-DD-2: a refill costs {s['refill_cost']} chips (refill_cost), which leave the game; “yes” with fewer chips is refused, and a player who cannot pay is not asked.",
        f"Refills show {s['refill_cards']} different cards from a fresh deck (refill_cards), in the order dealt.",
        f"R-DD-3: every pile of a division holds at least {s['min_pile_cards']} card{'s' if s['min_pile_cards'] != 1 else ''} (min_pile_cards), so the set-aside pile is never empty.",
        "R-DD-9: the card's recommended form: when no pile is marked set aside and a group listed as unused has the piles' sum, that group is the set-aside pile (the first such, other groups stay unused); with another sum its cards are unused and a pile must be marked.",
        "R-DD-10: a submission that takes no card does not replace a division in force that takes cards unless it ends with “confirm”: it is refused, saying so.",
        "R-DD-11: reading a division: one chat message is one submission, and messages are never merged (whatever the clock says). On one line, “|” separates piles, and with no “|” commas do; a message of several lines is one division written a pile a line, where commas separate cards (a last line “done” locks it after). “aside”/“x”/“unused” belong at the start or end of a pile, anywhere else the submission is refused with its reading spelled out; several groups marked unused with no pile marked: the first with the piles' sum is the set-aside pile, the rest unused (R-DD-9).",
        "R-DD-13: each submission is checked whole when it comes: a valid one is the division in force, one that is not valid is refused with every reason and how it was read, and the last valid one stays in force; none valid at the deadline sets every card aside; `done` locks the division in force early.",
        "R-DD-14: after a refill the refiller discards first (if over the limit), then the opponent may take one set-aside card, then discards if over the limit; then the refiller is asked “refill again?”. A discard deadline discards the newest cards (those just taken, last offered first), then the pool from its end.",
        f"R-DD-4: hands rank {order} (hand_order); straights do not wrap; ties compare numbers high to low (a pair first by its number, then the kicker); colours never break ties.",
        f"Ante {s['ante']} each (ante), then {s['pot_removed']} chip leaves the pot (pot_removed).",
        f"R-DD-5: no checking; the starting player bets first in both betting rounds; `call` matches, or bets {s['opening_bet']} when nobody has bet (opening_bet); `raise N` matches and adds N ≥ {s['min_raise']} (min_raise); a call of a bet ends the round; a player short of a call is all-in and the excess goes back; a player with 0 chips at a betting round's start skips it (no bets, no fold); no raise against a player with no chips left.",
        f"R-DD-6: folding a high-card hand (judged on all three cards, unrevealed ones too) costs {s['fold_penalty']} chips to the opponent (fold_penalty); a player who cannot pay loses.",
        f"R-DD-7: on a tied showdown each player takes back their bets and {s['tie_ante_back']} ante chip (tie_ante_back); the rest of the pot leaves the game.",
        "R-DD-15: a pick (pick R5 G6, R5 G6, or the card's first R5 second G6) may change until both players have chosen; the step "
        "then goes on at once (the receipt says which).",
        "R-DD-16: the only losses, in the order a round reaches them: cannot pick two private cards (also: no choice by the deadline); cannot pay the ante; cannot pay the fold penalty. Both failing the same one: the starting player loses. A player with 0 chips plays on until one of these happens.",
        "R-DD-17: the next round starts by itself when the break ends (the host pauses to hold it).",
        f"R-DD-8: {s['answer_seconds']} s to answer “refill?” (answer_seconds; no answer = no), {s['division_seconds']} s to divide (division_seconds), {s['take_seconds']} s to take a set-aside card (take_seconds; no answer = none), {s['discard_seconds']} s to discard (discard_seconds; no answer = the newest cards go, last taken first), {s['pick_seconds']} s to pick private cards (pick_seconds; no pick = cannot form a hand), {s['bet_seconds']} s per bet (bet_seconds; no bet = fold), {s['break_seconds']} s break between rounds (break_seconds; the next round starts by itself).",
        f"Reminders at {_secs(s.integers('short_reminders'))} left on a 20-second decision (short_reminders) and {_secs(s.integers('long_reminders'))} left on a division or pick (long_reminders).",
        "R-DD-18: information: pools, refills, takes, discards, chips and each round's community card (drawn at the round's start) are public; private cards go to their player and the host until revealed; who has not picked is for the host only (never in a receipt or a refusal); a refusal names only the sender's own pool; a card discarded unrevealed stays listed in the public pool, counted as gone.",
        "Every ruling is explained in docs/rulings.md (Devil's Deal).",
    ]


def _secs(values: list[int]) -> str:
    return ", ".join(f"{v} s" for v in values) or "no time"


# What checking a scenario reads (the registry entry names it, so `umpire new` needs no more of the game).
SCHEMA = Schema(SETTINGS, validate)
