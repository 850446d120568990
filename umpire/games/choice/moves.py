"""The Final Match's table of moves: how each is written, who makes it, and when it may be made.

The session asks a move's `when` before it applies a command of that move, so the rules need no
"not now" checks of their own; completion, the REPL's live check, `help` (the forms, in the
card's order) and the contract test's random play read the same table. A Goofspiel play is
`sealed`: until the round's reveal (`RoundResolved` reveals it), nothing about it may reach anyone
but its player and the host (R-GS-1). A purchase is not sealed: holdings are public through
`status`, which anyone may post at any time (R-SHOP-4).

`post shop`, `post gh` and `post expr` are three moves, one form between them: each is possible at
its own times, and completion offers only what can be posted now.

Completion offers a player only what that player may know: their own cards left, the tiles the
posted prices and their balance allow, the puzzles they have not solved. Never the board's haps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from umpire.games.base import HelpItem, Move
from umpire.games.choice.bout import round_closed
from umpire.games.choice.gyulhap import gyul_closed
from umpire.games.choice.sets import expr_closed
from umpire.games.choice.shop import nothing_to_post, shop_closed
from umpire.games.choice.state import GOOFSPIEL, State


def _over(state: State) -> str | None:
    return f"the match is over ({state.result})" if state.over else None


def _start_when(state: State, actor: int | None) -> str | None:
    if state.in_block:
        return f"block {state.block} is under way; the next one starts after it ends"
    return _over(state)


def _gs_when(state: State, actor: int | None) -> str | None:
    return _over(state) or round_closed(state)


def _buy_when(state: State, actor: int | None) -> str | None:
    return _over(state) or shop_closed(state)


def _gyul_when(state: State, actor: int | None) -> str | None:
    return _over(state) or gyul_closed(state)


def _expr_when(state: State, actor: int | None) -> str | None:
    return _over(state) or expr_closed(state)


def _post_shop_when(state: State, actor: int | None) -> str | None:
    return nothing_to_post(state)


def _post_board_when(state: State, actor: int | None) -> str | None:
    return gyul_closed(state)


def _post_set_when(state: State, actor: int | None) -> str | None:
    return expr_closed(state)


def _after(words: Sequence[str], *heads: str) -> bool:
    """Whether `words` is one of `heads` alone: the point where a move's first argument comes next."""
    return len(words) == 1 and words[0].casefold() in heads


def _cards(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    """After `gs`: the cards the player has left; after `igs`, those an Advantage copy can raise (not the 9)."""
    if actor is None or state.bout is None or not _after(words, "gs", "igs"):
        return []
    hand = state.bout.hands[actor]
    if words[0].casefold() == "gs":
        return [str(c) for c in hand]
    return [str(c) for c in hand if c != 9] if state.seats[actor].adv[GOOFSPIEL] else []


def _tiles(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    """After `buy`: the tiles the player has not bought this cycle and can afford."""
    shop = state.shop
    if actor is None or shop is None or not _after(words, "buy"):
        return []
    money = state.seats[actor].money
    return [str(d) for d in range(1, 10) if d not in shop.bought[actor] and shop.prices[d - 1] <= money]


def _puzzles(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    """After `expr`/`iexpr`: the set's puzzles the player has not solved yet."""
    expr = state.expr
    if actor is None or expr is None or not _after(words, "expr", "iexpr"):
        return []
    return [str(i) for i in range(1, state.cfg.per_set + 1) if i not in expr.solved[actor]]


def _word(word: str) -> Callable[[State, int | None, Sequence[str]], list[str]]:
    """The completion of `post`'s one word (shop, gh, expr or status)."""

    def complete(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
        return [word] if _after(words, "post") else []

    return complete


MOVES: tuple[Move[State], ...] = (
    Move(
        name="gs",
        who="player",
        words=("gs", "igs"),
        forms=(
            HelpItem(
                syntax="gs X", what="Goofspiel: play card X (1–9) this round; private, changeable until the deadline.", example="p1: gs 7"
            ),
            HelpItem(
                syntax="igs X", what="Goofspiel with the Advantage: X counts X+1 (not 9). One copy used at the reveal.", example="p1: igs 5"
            ),
        ),
        when=_gs_when,
        complete=_cards,
        sealed=True,
    ),
    Move(
        name="buy",
        who="player",
        words=("buy",),
        forms=(
            HelpItem(
                syntax="buy X", what="Shop: buy 3 copies of tile X at this cycle's price (once per tile per cycle).", example="p2: buy 4"
            ),
        ),
        when=_buy_when,
        complete=_tiles,
    ),
    Move(
        name="hap",
        who="player",
        words=("hap", "ihap"),
        forms=(
            HelpItem(
                syntax="hap abc d",
                what="Gyul Hap: positions a<b<c form a hap; d (one of them) is the board's extra, your tiles pay for the other two.",
                example="p1: hap 149 4",
            ),
            HelpItem(
                syntax="ihap abc d e",
                what="Gyul Hap with the Advantage: e is the wildcard (used only by a correct call).",
                example="p2: ihap 149 4 9",
            ),
        ),
        when=_gyul_when,
        resent_once=True,  # a call sent twice would cost −1 as already claimed (R-GH-1): counted once (R-READ-5)
    ),
    Move(
        name="gyul",
        who="player",
        words=("gyul",),
        forms=(HelpItem(syntax="gyul", what="Every hap on the board is claimed: +1 and the next board; wrong: -1.", example="p1: gyul"),),
        when=_gyul_when,
        resent_once=True,  # sent twice, the second would be judged on the next board (R-READ-5)
    ),
    Move(
        name="expr",
        who="player",
        words=("expr", "iexpr"),
        forms=(
            HelpItem(
                syntax="expr x S y",
                what="Expressions: solve puzzle x with S (left to right; x, * or × multiply), y the extra digit.",
                example="p1: expr 1 2+3x9-3 3",
            ),
            HelpItem(
                syntax="iexpr x S y z",
                what="Expressions with the Advantage: z is the wildcard digit (used only by a correct solve).",
                example="p2: iexpr 1 2+3x9-3 3 9",
            ),
        ),
        when=_expr_when,
        complete=_puzzles,
    ),
    Move(
        name="status",
        who="either",
        words=("status", "post"),
        forms=(
            HelpItem(
                syntax="status",
                what="Post everyone's tiles, money, GSP, GHP and EP in the channel (#status, where the bot has it): the card's status. "
                "`post status` is the same; `money` answers you alone, with your own view.",
                example="p2: status",
            ),
        ),
        complete=_word("status"),
    ),
    Move(
        name="post shop",
        who="either",
        words=("post",),
        forms=(
            HelpItem(syntax="post shop|gh|expr", what="Repost the current shop, Gyul Hap board or Expressions set.", example="post gh"),
        ),
        when=_post_shop_when,
        complete=_word("shop"),
    ),
    Move(name="post gh", who="either", words=("post",), forms=(), when=_post_board_when, complete=_word("gh")),
    Move(name="post expr", who="either", words=("post",), forms=(), when=_post_set_when, complete=_word("expr")),
    Move(
        name="start",
        who="host",
        words=("start",),
        forms=(HelpItem(syntax="start", what="Start the next block (the host, after each break).", example="start", who="host"),),
        when=_start_when,
    ),
)


# A player's own view, answered privately by the session (R-READ-4). Not `status`: the card's `status` posts both
# players' holdings and points, all of them public, in #status (R-SHOP-4), and so it does here.
STATUS_WORDS = ("money", "my money")
MEANINGFUL = "+-x*×/"  # an expression's operators (`*` and `×` multiply, as `x` does): Discord's marks made of them are set aside only around a whole line (R-READ-1)
