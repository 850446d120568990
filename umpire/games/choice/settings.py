"""The settings of a Final Match: their declarations, the Config read from them, the checks that
relate them, and the house rulings in force (`rules` in the REPL; docs/rulings.md lists them all)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from umpire.core.clock import SECOND
from umpire.core.settings import Schema, Setting, Settings
from umpire.games.choice.gyul import bounds_problem

# The match's shape is written once, in shape.py (which `umpire gen` reads without this module).
from umpire.games.choice.shape import CYCLES

if TYPE_CHECKING:
    from umpire.games.base import PublicSetup

ITEMS = ("goofspiel", "gyul_hap", "expressions")
ITEM_NAMES = {"goofspiel": "Goofspiel", "gyul_hap": "Gyul Hap", "expressions": "Expressions"}
ROUNDS = 9

SETTINGS: tuple[Setting, ...] = (
    Setting(
        key="goofspiel_advantage",
        kind="list[int]",
        default=[1, 0],
        minimum=0,
        maximum=2,
        per_player=True,
        help="Copies of the Goofspiel Advantage each player holds (2 = with Copy). One use a copy: `igs X` plays X as X+1.",
    ),
    Setting(
        key="gyul_hap_advantage",
        kind="list[int]",
        default=[0, 1],
        minimum=0,
        maximum=2,
        per_player=True,
        help="Copies of the Gyul Hap Advantage (a wildcard tile for `ihap`) each player holds.",
    ),
    Setting(
        key="expressions_advantage",
        kind="list[int]",
        default=[0, 0],
        minimum=0,
        maximum=2,
        per_player=True,
        help="Copies of the Expressions Advantage (a wildcard digit for `iexpr`) each player holds.",
    ),
    Setting(key="block_seconds", kind="int", default=600, minimum=60, maximum=7200, help="Length of each of the six blocks."),
    Setting(
        key="round_seconds",
        kind="int",
        default=59,
        minimum=5,
        maximum=600,
        help="Time to play a card in each Goofspiel round (amendment: 59 s).",
    ),
    Setting(
        key="round_break_seconds", kind="int", default=1, minimum=0, maximum=60, help="Break between Goofspiel rounds (amendment: 1 s)."
    ),
    Setting(
        key="round_reminder_seconds",
        kind="int",
        default=10,
        minimum=0,
        maximum=600,
        help="Reminder this many seconds before a round's deadline (0: none).",
    ),
    Setting(
        key="shop_cycle_seconds",
        kind="int",
        default=200,
        minimum=10,
        maximum=2400,
        help="Length of each of a block's three shop cycles (3 min 20 s).",
    ),
    Setting(
        key="shop_credit",
        kind="int",
        default=30,
        minimum=0,
        maximum=1000,
        help="Money every player gains at the start of each block the shop is open (blocks 2–6).",
    ),
    Setting(key="starting_money", kind="int", default=0, minimum=0, maximum=10000, help="Each player's balance before block 1."),
    Setting(key="tile_copies", kind="int", default=3, minimum=1, maximum=20, help="Copies of a tile one `buy` gives."),
    Setting(
        key="gyul_boards",
        kind="int",
        default=50,
        minimum=1,
        maximum=500,
        help="Gyul Hap boards in the match (amendment: 50); when the last is done, Gyul Hap ends.",
    ),
    Setting(
        key="min_haps",
        kind="int",
        default=1,
        minimum=0,
        maximum=6,
        ruling="R-GH-3",
        help="Fewest haps a generated board may have (nine tiles hold 0–6, 8 or 12 haps; more than 6 is too rare to draw).",
    ),
    Setting(key="max_haps", kind="int", default=6, minimum=0, maximum=12, ruling="R-GH-3", help="Most haps a generated board may have."),
    Setting(
        key="gyul_grace_seconds",
        kind="number",
        default=3,
        minimum=0,
        maximum=60,
        ruling="R-GH-2",
        help="Anti-snipe: a wrong `gyul` this soon after the other player's correct one is not penalised.",
    ),
    Setting(
        key="emoji",
        kind="str",
        default=":hap{colour}{background}{shape}:",
        ruling="R-GH-4",
        help="Emoji name of a tile; {colour} is R/Y/B, {background} B/G/W, {shape} C/S/T.",
    ),
    Setting(
        key="expr_set_seconds", kind="int", default=300, minimum=10, maximum=3600, help="Length of each of a block's two Expressions sets."
    ),
    Setting(key="puzzles_per_set", kind="int", default=5, minimum=1, maximum=9, help="Puzzles in each Expressions set."),
    Setting(
        key="min_solutions",
        kind="int",
        default=3,
        minimum=1,
        maximum=100,
        ruling="R-EX-1",
        help="Fewest solutions a generated puzzle may have (using at least two different digits).",
    ),
    Setting(
        key="max_target",
        kind="int",
        default=999,
        minimum=1,
        maximum=6561,
        ruling="R-EX-1",
        help="Largest target X a generated puzzle may have.",
    ),
    Setting(
        key="prices",
        kind="list[int]",
        default=[2, 2, 2, 3, 3, 4, 4, 5, 5],
        minimum=1,
        maximum=1000,
        help="The nine prices dealt to the tiles 1–9 each cycle (the card: three at $2, two each at $3, $4, $5).",
    ),
)


@dataclass(frozen=True, kw_only=True)
class Config:
    """A match's settings in the units the rules use: what everyone may know of it (the game's public context, which its
    renderers are given), so nothing drawn from the seed."""

    names: tuple[str, ...]
    given: tuple[tuple[int, int, int], ...]  # Advantage copies per seat, in ITEMS order
    block_ms: int
    round_ms: int
    break_ms: int
    reminder_ms: int
    cycle_ms: int
    credit: int
    starting_money: int
    copies: int
    prices: tuple[int, ...]
    gyul_boards: int
    min_haps: int
    max_haps: int
    grace_ms: int
    emoji: str
    set_ms: int
    per_set: int
    min_solutions: int
    max_target: int

    @property
    def round_period(self) -> int:
        return self.round_ms + self.break_ms


def validate(settings: Settings) -> list[tuple[str, str]]:
    """Timing that cannot fit in a block, a reminder longer than its round, or a price list that is not nine prices."""
    out: list[tuple[str, str]] = []
    block = settings.integer("block_seconds")
    play, pause = settings.integer("round_seconds"), settings.integer("round_break_seconds")
    if ROUNDS * (play + pause) - pause > block:
        out.append(("round_seconds", f"nine rounds of {play} s + {pause} s breaks do not fit in a {block} s block"))
    cycle = settings.integer("shop_cycle_seconds")
    if CYCLES * cycle > block:
        out.append(("shop_cycle_seconds", f"three cycles of {cycle} s do not fit in a {block} s block"))
    prices = settings.integers("prices")
    if len(prices) != 9:
        out.append(("prices", f"expected nine prices, one for each tile 1–9, got {len(prices)}"))
    if settings.integer("min_haps") > settings.integer("max_haps"):
        out.append(("min_haps", f"expected at most max_haps ({settings.integer('max_haps')}), got {settings.integer('min_haps')}"))
    elif (rare := bounds_problem(settings.integer("min_haps"), settings.integer("max_haps"))) is not None:
        out.append(("min_haps", rare))
    out += _puzzles_possible(settings)
    expr_set = settings.integer("expr_set_seconds")
    if 2 * expr_set > block:
        out.append(("expr_set_seconds", f"two sets of {expr_set} s do not fit in a {block} s block"))
    try:
        settings.text("emoji").format(colour="R", background="B", shape="C")
    except (KeyError, IndexError, ValueError, AttributeError, TypeError) as exc:  # a template error names the key, never crashes the loader
        out.append(("emoji", f"expected a template using only {{colour}}, {{background}} and {{shape}} ({exc})"))
    reminder = settings.integer("round_reminder_seconds")
    if reminder >= play:
        out.append(("round_reminder_seconds", f"expected fewer than round_seconds ({play})"))
    return out


def configure(setup: PublicSetup) -> Config:
    """Read a scenario's checked settings into a Config."""
    settings = setup.settings
    names = tuple(p.name for p in setup.roster)
    copies = [settings.integers(f"{item}_advantage") for item in ITEMS]
    given = tuple((copies[0][seat], copies[1][seat], copies[2][seat]) for seat in range(len(names)))
    return Config(
        names=names,
        given=given,
        block_ms=settings.integer("block_seconds") * SECOND,
        round_ms=settings.integer("round_seconds") * SECOND,
        break_ms=settings.integer("round_break_seconds") * SECOND,
        reminder_ms=settings.integer("round_reminder_seconds") * SECOND,
        cycle_ms=settings.integer("shop_cycle_seconds") * SECOND,
        credit=settings.integer("shop_credit"),
        starting_money=settings.integer("starting_money"),
        copies=settings.integer("tile_copies"),
        prices=tuple(sorted(settings.integers("prices"))),
        gyul_boards=settings.integer("gyul_boards"),
        min_haps=settings.integer("min_haps"),
        max_haps=settings.integer("max_haps"),
        grace_ms=round(settings.number("gyul_grace_seconds") * SECOND),
        emoji=settings.text("emoji"),
        set_ms=settings.integer("expr_set_seconds") * SECOND,
        per_set=settings.integer("puzzles_per_set"),
        min_solutions=settings.integer("min_solutions"),
        max_target=settings.integer("max_target"),
    )


DEFAULT_PUZZLES = (3, 999)


def _puzzles_possible(settings: Settings) -> list[tuple[str, str]]:
    """R-EX-1 bounds that leave too few distinct puzzles to fill a set would make generation endless."""
    key = (settings.integer("min_solutions"), settings.integer("max_target"))
    per_set = settings.integer("puzzles_per_set")
    if key == DEFAULT_PUZZLES:
        return []  # known to leave thousands of puzzles
    from umpire.games.choice.expressions import count_possible

    possible = count_possible(*key)
    if possible < per_set:
        return [
            (
                "min_solutions",
                f"with min_solutions = {key[0]} and max_target = {key[1]} only {possible} different puzzles exist, "
                f"fewer than puzzles_per_set ({per_set})",
            )
        ]
    return []


def rulings(s: Settings) -> list[str]:
    """The rulings in force for these settings, each naming its key (R-…) and setting."""
    adv = []
    for item in ITEMS:
        copies = s.integers(f"{item}_advantage")
        adv.append(f"{ITEM_NAMES[item]}: " + ", ".join(f"p{i + 1}×{c}" for i, c in enumerate(copies)))
    grace = s.number("gyul_grace_seconds")
    return [
        f"Six blocks of {s.integer('block_seconds')} s (block_seconds); the host starts each block with “start”, breaks in between.",
        f"Goofspiel in blocks 1–5: nine rounds of {s.integer('round_seconds')} s with a {s.integer('round_break_seconds')} s break "
        f"(amendment; round_seconds, round_break_seconds), reminder at {s.integer('round_reminder_seconds')} s left "
        "(round_reminder_seconds, which must be shorter than the round).",
        "Goofspiel amendment: no submission plays the lowest unused card at full value (it can still win).",
        "Goofspiel: the higher card wins the prize; a tie throws the round out; the bout's higher total earns 1 GSP, a tied bout none.",
        "`igs X` plays X as X+1 (not 9); the copy is used when the round is revealed; a later `igs` in the same round replaces the play, using one copy.",
        "R-GS-1: a play (`gs`/`igs`) is private: its receipt goes to the player alone and the reveal at the deadline is the first public word of it. "
        "The round's reminder names nobody; who is still to play is told to the host only.",
        f"Shop: closed in block 1; at the start of blocks 2–6 each balance gains the previous block's Goofspiel money plus "
        f"${s.integer('shop_credit')} (shop_credit); R-SHOP-3: block 5's winnings arrive at block 6's start.",
        f"Shop: three cycles of {s.integer('shop_cycle_seconds')} s a block (shop_cycle_seconds); prices {sorted(s.integers('prices'))} "
        f"dealt to tiles 1–9 each cycle (prices); `buy X` gives {s.integer('tile_copies')} copies (tile_copies), once per tile per cycle.",
        "R-SHOP-1: supply is unlimited (both players may buy the same tile in a cycle). R-SHOP-2: a purchase the balance cannot cover is refused.",
        "R-SHOP-4: a purchase's receipt goes to the buyer alone; holdings and balances are public through `status` "
        "(or `post status`: the card's, both players', posted; a player's own view is `money`) and the balances posted at each block's start.",
        f"Starting balance ${s.integer('starting_money')} (starting_money).",
        "Advantages (copies by seat): "
        + "; ".join(adv)
        + ". Both copies never in one round; a holder wins its subgame when tied (kept after the copies are used).",
        "R-ADV-1: a tied subgame without a single holder has no winner; nobody with two subgames = “undecided”.",
        "R-ADV-2: who holds which Advantage, and the copies left, is public: a Goofspiel copy is used at the round's public reveal, "
        "a wildcard by a public correct call.",
        f"Gyul Hap in blocks 2–6: {s.integer('gyul_boards')} boards in all (gyul_boards); a board changes only on a correct gyul "
        "or at a block's end (amendment: no inactivity timer).",
        f"R-GH-3: every board has {s.integer('min_haps')} to {s.integer('max_haps')} haps (min_haps, max_haps), drawn from the seed in sequence.",
        "Gyul Hap: a correct hap +1 (two tiles used, hap claimed); incorrect −1, nothing used; invalid (malformed, unsorted, "
        "extra not among the three, tiles not held) is refused without penalty.",
        "R-GH-1: calling a hap already claimed (by anyone) is incorrect (−1). R-GH-5: the Gyul Hap wildcard is used only by a correct call.",
        f"R-GH-2: a wrong gyul within {grace:g} s after the other player's correct gyul is not penalised (gyul_grace_seconds); "
        "the grace covers those seconds whatever happens in them, a block's end, the board's reset and the next block's start included.",
        "R-GH-6: a wrong gyul's post says only that it was wrong and the penalty; how many haps are still unclaimed is told to the host only.",
        f"R-GH-4: tiles are posted as {s.text('emoji')} emoji (emoji) and as plain letters (colour R/Y/B, background B/G/W, shape C/S/T).",
        f"Expressions in blocks 2–6: two sets of {s.integer('expr_set_seconds')} s a block (expr_set_seconds), "
        f"{s.integer('puzzles_per_set')} puzzles a set (puzzles_per_set); left-to-right, exact division.",
        f"R-EX-1: every puzzle has at least {s.integer('min_solutions')} solutions using at least two different digits, "
        f"and a target of at most {s.integer('max_target')} (min_solutions, max_target).",
        "Expressions: the operators must match the puzzle's; the extra is one of S's digits, and serves once a set across both players; "
        "each player solves each puzzle once; tiles pay for the other three digits.",
        "R-EX-2: the Expressions wildcard is used only by a correct solve. A wrong or invalid solve costs nothing.",
        "R-EX-3: `umpire check expr` reads only puzzles of the card's shape, _?_?_?_=X (four blanks, three operators, "
        "X a positive whole number); anything else is an unreadable puzzle.",
        "R-NAME-1: a player may be named by an alias of several words, as the card's “Player 1” (p1) and “Player 2” (p2); "
        "names ignore case and spaces (“p 1” is p1), the longest name that fits wins, and a name two players share is refused, never guessed.",
    ]


# What checking a scenario reads (the registry entry names it, so `umpire new` needs no more of the game).
SCHEMA = Schema(SETTINGS, validate)
