"""The house rulings of the Final Match, in the host's words, for `rules` (docs/rulings.md lists them all)."""

from __future__ import annotations

from umpire.core.settings import Settings
from umpire.games.choice.config import ITEM_NAMES, ITEMS


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
        "and the balances posted at each block's start.",
        f"Starting balance ${s.integer('starting_money')} (starting_money).",
        "Advantages (copies by seat): "
        + "; ".join(adv)
        + ". Both copies never in one round; a holder wins its subgame when tied (kept after the copies are used).",
        "R-ADV-1: a tied subgame without a single holder has no winner; nobody with two subgames = “undecided”.",
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
