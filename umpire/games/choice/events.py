"""Everything that happens in a Final Match, as typed events: one frozen dataclass per kind.

Field names are the JSON keys of `--json` output and of the journal's generated items, so they
stay as they are. An event says who may see it: everyone (the default), one player (`dm(seat)`:
a Goofspiel receipt, a purchase) or the host alone (who is still to play, how many haps a wrong
gyul left). A public event holds nothing its public text does not show.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from umpire.games.base import HOST, JSON, Audience, Event
from umpire.games.outcome import Outcome


class Verdict(StrEnum):
    """How a `hap` or `gyul` call was judged."""

    CORRECT = "correct"
    INCORRECT = "incorrect"
    GRACE = "grace"  # a wrong gyul inside the anti-snipe grace (R-GH-2): no penalty


class BoardWhy(StrEnum):
    """Why a Gyul Hap board is posted, or why the boards moved on."""

    POSTED = "posted"  # a block starts
    GYUL = "gyul"  # after a correct gyul
    REPOSTED = "reposted"  # `post gh`
    RESET = "reset"  # the block ended


@dataclass(frozen=True, kw_only=True)
class _ChoiceEvent(Event):
    """A Final Match event; fields named in `optional` are left out of the JSON when they are None."""

    optional: ClassVar[frozenset[str]] = frozenset()

    def payload(self) -> dict[str, JSON]:
        """The kind's own fields as JSON data, optional fields only when set."""
        out = super().payload()
        for name in self.optional:
            if name in out and getattr(self, name) is None:
                del out[name]
        return out


# ---------------------------------------------------------------- small structured fields


@dataclass(frozen=True, kw_only=True)
class Credit:
    """What a player's shop balance gained at a block's start."""

    goofspiel: int  # the previous block's Goofspiel winnings
    credit: int  # the block's fixed credit


@dataclass(frozen=True, kw_only=True)
class PlayShown:
    """A Goofspiel play as its player sent it."""

    card: int
    boosted: bool


@dataclass(frozen=True, kw_only=True)
class PlayRevealed:
    """A Goofspiel play at the reveal."""

    card: int
    value: int  # the card, +1 with the Goofspiel Advantage
    auto: bool  # nothing was sent: the lowest unused card
    boosted: bool


@dataclass(frozen=True, kw_only=True)
class PlayerStatus:
    """What `status` shows for one player (the card: no Goofspiel cards)."""

    tiles: Mapping[str, int]
    money: int
    gsp: int
    ghp: int
    ep: int


@dataclass(frozen=True, kw_only=True)
class Claim:
    """A hap claimed on the board under way."""

    positions: str
    player: str


@dataclass(frozen=True, kw_only=True)
class PuzzleDealt:
    """A puzzle as a set opens: operators, target and the text posted."""

    number: int
    ops: str
    target: int
    text: str


@dataclass(frozen=True, kw_only=True)
class PuzzlePosted:
    """A puzzle as reposted."""

    number: int
    text: str


# ---------------------------------------------------------------- the block frame


@dataclass(frozen=True, kw_only=True)
class BlockStarted(_ChoiceEvent):
    """The host started a block: shop credits (blocks 2–6) and what runs in it."""

    kind = "block_started"
    block: int
    credits: Mapping[str, Credit]
    money: Mapping[str, int]
    goofspiel: bool
    shop: bool


@dataclass(frozen=True, kw_only=True)
class BlockOver(_ChoiceEvent):
    """A block's time ran out."""

    kind = "block_over"
    block: int


@dataclass(frozen=True, kw_only=True)
class SubgameDecided(_ChoiceEvent):
    """A subgame's winner (Goofspiel after block 5, the others after block 6)."""

    kind = "subgame_decided"
    subgame: str
    winner: str | None
    reason: str
    points: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class MatchOver(_ChoiceEvent):
    """The match's result."""

    kind = "final_match_over"
    winner: str | None
    result: str
    subgame_winners: Mapping[str, str | None]

    @property
    def outcome(self) -> Outcome:
        """Whoever won two of the three subgames won the match; otherwise nobody did (R-ADV-1)."""
        from umpire.games.choice.settings import ITEM_NAMES

        subgames = ", ".join(f"{ITEM_NAMES[s]}: {w if w is not None else 'no winner'}" for s, w in self.subgame_winners.items())
        return Outcome(summary=self.result, winners=() if self.winner is None else (self.winner,), why=subgames)


# ---------------------------------------------------------------- Goofspiel


@dataclass(frozen=True, kw_only=True)
class RoundStarted(_ChoiceEvent):
    """A round opens and its prize is revealed (from the seed, never earlier)."""

    kind = "round_started"
    generated = True
    block: int
    round: int
    prize: int
    deadline: int


@dataclass(frozen=True, kw_only=True)
class RoundReminder(_ChoiceEvent):
    """Time is nearly up in a round (public: it names nobody)."""

    kind = "round_reminder"
    block: int
    round: int
    seconds: int


@dataclass(frozen=True, kw_only=True)
class StillWaiting(_ChoiceEvent):
    """At the reminder, who has not played yet: for the host, since it tells a player the other has."""

    kind = "still_waiting"
    audience: Audience = HOST
    block: int
    round: int
    waiting: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class GsConfirmed(_ChoiceEvent):
    """The receipt of a private `gs`/`igs` play, to its player alone."""

    kind = "gs_confirmed"
    optional = frozenset({"replaces"})
    player: str
    block: int
    round: int
    card: int
    boosted: bool
    replaces: PlayShown | None = None


@dataclass(frozen=True, kw_only=True)
class RoundResolved(_ChoiceEvent):
    """The round's deadline: both plays revealed and the prize paid (or thrown out on a tie)."""

    kind = "round_resolved"
    reveals = True  # the round's sealed plays, both of them
    block: int
    round: int
    prize: int
    plays: Mapping[str, PlayRevealed]
    winner: str | None
    bout_money: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class BoutOver(_ChoiceEvent):
    """Nine rounds played: the bout's GSP."""

    kind = "bout_over"
    block: int
    bout_money: Mapping[str, int]
    gsp_to: str | None
    gsp: Mapping[str, int]
    prizes: tuple[int, ...]


# ---------------------------------------------------------------- the Shop


@dataclass(frozen=True, kw_only=True)
class ShopOpened(_ChoiceEvent):
    """A shop cycle opens with fresh prices from the seed."""

    kind = "shop_opened"
    generated = True
    block: int
    cycle: int
    shop_cycle: int
    prices: Mapping[str, int]
    shop: str
    until: int


@dataclass(frozen=True, kw_only=True)
class ShopPosted(_ChoiceEvent):
    """`post shop`: the cycle's prices again."""

    kind = "shop_posted"
    block: int
    cycle: int
    shop: str
    prices: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class ShopClosed(_ChoiceEvent):
    """The last cycle ended before the block did."""

    kind = "shop_closed"
    block: int
    cycle: int


@dataclass(frozen=True, kw_only=True)
class Bought(_ChoiceEvent):
    """The receipt of a purchase, to the buyer alone."""

    kind = "bought"
    player: str
    tile: int
    copies: int
    price: int
    money: int
    tiles: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class StatusPosted(_ChoiceEvent):
    """`status`: both players' tiles, money and points."""

    kind = "status_posted"
    status: Mapping[str, PlayerStatus]


# ---------------------------------------------------------------- Gyul Hap


@dataclass(frozen=True, kw_only=True)
class GhBoard(_ChoiceEvent):
    """A Gyul Hap board posted (a new board is a seeded item revealed now; a repost lists the claims)."""

    kind = "gh_board"
    generated = True
    optional = frozenset({"claimed"})
    board: int
    of: int
    why: BoardWhy
    tiles: Mapping[str, str]
    emoji: tuple[str, ...]
    letters: tuple[str, ...]
    claimed: tuple[Claim, ...] | None = None


@dataclass(frozen=True, kw_only=True)
class GhReset(_ChoiceEvent):
    """The block ended: its board is dropped, the next block gets the next one."""

    kind = "gh_reset"
    next_board: int


@dataclass(frozen=True, kw_only=True)
class GhOver(_ChoiceEvent):
    """The last board is done: Gyul Hap is over."""

    kind = "gh_over"
    boards: int
    why: BoardWhy


@dataclass(frozen=True, kw_only=True)
class HapCalled(_ChoiceEvent):
    """A `hap`/`ihap` call judged: correct (+1, tiles spent) or incorrect (−1)."""

    kind = "hap_called"
    optional = frozenset({"spent", "why"})
    player: str
    board: int
    positions: str
    extra: int
    wild: int | None
    tiles: tuple[str, ...]
    spent: tuple[int, ...] | None = None
    why: str | None = None
    verdict: Verdict
    ghp: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class GyulCalled(_ChoiceEvent):
    """A `gyul` judged. A wrong one says only that it was wrong and the penalty; the count left is the host's."""

    kind = "gyul_called"
    optional = frozenset({"why"})
    player: str
    board: int
    verdict: Verdict
    why: str | None = None
    ghp: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class GyulUnclaimed(_ChoiceEvent):
    """After a wrong gyul, how many haps are still unclaimed: the host's alone."""

    kind = "gyul_unclaimed"
    audience: Audience = HOST
    player: str
    board: int
    unclaimed: int


# ---------------------------------------------------------------- Expressions


@dataclass(frozen=True, kw_only=True)
class ExprSetOpened(_ChoiceEvent):
    """An Expressions set opens: its puzzles, from the seed."""

    kind = "expr_set"
    generated = True
    block: int
    set: int
    expr_set: int
    puzzles: tuple[PuzzleDealt, ...]
    until: int


@dataclass(frozen=True, kw_only=True)
class ExprReposted(_ChoiceEvent):
    """`post expr`: the set's puzzles and the extras already used."""

    kind = "expr_reposted"
    block: int
    set: int
    puzzles: tuple[PuzzlePosted, ...]
    extras_used: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class ExprSolved(_ChoiceEvent):
    """A correct solve: +1 EP, three tiles (or two and the wildcard) spent."""

    kind = "expr_solved"
    player: str
    puzzle: int
    expression: str
    target: int
    extra: int
    wild: int | None
    spent: tuple[int, ...]
    ep: Mapping[str, int]
    extras_used: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class ExprClosed(_ChoiceEvent):
    """The last set ended before the block did."""

    kind = "expr_closed"
    block: int
    set: int


EVENTS: tuple[type[Event], ...] = (
    BlockStarted,
    BlockOver,
    SubgameDecided,
    MatchOver,
    RoundStarted,
    RoundReminder,
    StillWaiting,
    GsConfirmed,
    RoundResolved,
    BoutOver,
    ShopOpened,
    ShopPosted,
    ShopClosed,
    Bought,
    StatusPosted,
    GhBoard,
    GhReset,
    GhOver,
    HapCalled,
    GyulCalled,
    GyulUnclaimed,
    ExprSetOpened,
    ExprReposted,
    ExprSolved,
    ExprClosed,
)
