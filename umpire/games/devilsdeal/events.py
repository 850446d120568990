"""What happens in a Devil's Deal Death Match, as typed events: one class per kind.

Field names are the JSON keys of `--json` and of the journal's generated items, so they stay
as they are. Cards are written as names ("R5"), players by display name. Every event is public
unless its class says otherwise: the host's notes are HOST, a player's own pool and private
cards are a DM to that player. The events that make a sealed submission public (a division when
it locks, the private cards at their reveals, the showdown and a fold's high-card penalty) say
that they `reveal` it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from umpire.games.base import HOST, JSON, Audience, Event, Question
from umpire.games.outcome import Outcome, decided

Names = tuple[str, ...]  # cards, by name

RAISES = (1, 2, 3, 5, 10)  # the raises a betting question offers as buttons (any other amount is typed)
# A betting turn's answers, in the order its buttons show them; a bot shows only those the game would take from the
# player at that moment (a raise they cannot afford, below `min_raise` or against a player with no chips is no button).
BETS = ("call", "fold", *(f"raise {n}" for n in RAISES), "all-in")


@dataclass(frozen=True, kw_only=True)
class PublicPool:
    """A pool as the other player knows it: cards discarded unrevealed are still listed, and counted."""

    cards: Names
    held: int
    unknown_gone: int


@dataclass(frozen=True, kw_only=True)
class LockedDivision:
    """The piles of a locked division: those taken, the set-aside pile, the unused cards and the piles' sum."""

    piles: tuple[Names, ...]
    aside_pile: Names
    unused: Names
    sum: int | None


@dataclass(frozen=True, kw_only=True)
class ShownHand:
    """A hand at the showdown: its three cards and its name."""

    cards: Names
    hand: str


# ---------------------------------------------------------------- the start


@dataclass(frozen=True, kw_only=True)
class PoolsDealt(Event):
    """The two starting pools, dealt from one fresh deck."""

    kind = "pools_dealt"
    generated = True
    pools: Mapping[str, Names]
    chips: Mapping[str, int]
    chooser: str


@dataclass(frozen=True, kw_only=True)
class StarterChosen(Event):
    """The Advantage holder chose who starts round 1."""

    kind = "starter_chosen"
    chooser: str
    starter: str


@dataclass(frozen=True, kw_only=True)
class RoundStarted(Event):
    """A round begins: who starts, the stacks, the pools and the round's community card (drawn now)."""

    kind = "devils_round_started"
    generated = True
    round: int
    starter: str
    chips: Mapping[str, int]
    pools: Mapping[str, PublicPool]
    community: str


# ---------------------------------------------------------------- the refill step


@dataclass(frozen=True, kw_only=True)
class RefillAsked(Event):
    """“Refill?” to a player."""

    kind = "refill_asked"
    player: str
    again: bool
    chips: int
    cost: int
    seconds: int
    until: int

    @property
    def question(self) -> Question:
        """“Refill?”: `yes` or `no`, each a button where a bot asks it."""
        return Question(player=self.player, answers=("yes", "no"))


@dataclass(frozen=True, kw_only=True)
class RefillSkipped(Event):
    """A player too short of chips to refill is not asked (R-DD-2)."""

    kind = "refill_skipped"
    player: str
    chips: int
    cost: int


@dataclass(frozen=True, kw_only=True)
class RefillDeclined(Event):
    """No refill: the player's “no”, or no answer in time (`auto`)."""

    kind = "refill_declined"
    player: str
    auto: bool


@dataclass(frozen=True, kw_only=True)
class RefillOffered(Event):
    """A refill's cards, in the order dealt."""

    kind = "refill_offered"
    generated = True
    round: int
    player: str
    refill: int
    cost: int
    chips: int
    cards: Names
    seconds: int
    until: int


@dataclass(frozen=True, kw_only=True)
class DivisionNoted(Event):
    """For the host: a valid division, now in force (one note per submission; `lines` > 1 for a message
    written a pile a line). A division that is not valid is refused instead, and nothing changes."""

    kind = "division_noted"
    audience: Audience = HOST
    player: str
    division: str
    lines: int
    takes: Names
    until: int | None


@dataclass(frozen=True, kw_only=True)
class DivisionLocked(Event):
    """The division in force is locked (the deadline, or `done`): what is taken and set aside."""

    kind = "division_locked"
    reveals = True  # the division in force, sealed until now
    player: str
    refill: int
    early: bool
    division: LockedDivision | None
    taken: Names
    set_aside: Names
    pool_size: int


@dataclass(frozen=True, kw_only=True)
class DiscardAsked(Event):
    """A player over the pool limit must discard."""

    kind = "discard_asked"
    player: str
    count: int
    held: int
    limit: int
    seconds: int
    until: int


@dataclass(frozen=True, kw_only=True)
class Discarded(Event):
    """Cards discarded (public), by the player or at the deadline (`auto`)."""

    kind = "discarded"
    player: str
    cards: Names
    auto: bool
    pool_size: int


@dataclass(frozen=True, kw_only=True)
class TakeAsked(Event):
    """The refiller's opponent may take one set-aside card, free. `from_` is the refiller (JSON key `from`)."""

    kind = "take_asked"
    json_keys: ClassVar[Mapping[str, str]] = {"from_": "from"}  # as journals and transcripts have it
    player: str
    from_: str
    cards: Names
    seconds: int
    until: int


@dataclass(frozen=True, kw_only=True)
class Took(Event):
    """The opponent took a set-aside card, or none (`card` None; `auto`: no answer in time)."""

    kind = "took"
    player: str
    card: str | None
    auto: bool
    pool_size: int


# ---------------------------------------------------------------- the poker step


@dataclass(frozen=True, kw_only=True)
class PokerStarted(Event):
    """The private pick begins (the community card, drawn at the round's start, is named again)."""

    kind = "poker_started"
    round: int
    community: str
    seconds: int
    until: int


@dataclass(frozen=True, kw_only=True)
class _Pick(Event):
    """A player's private cards and their hand; `replaces`: the pick it replaced (JSON only when there was one)."""

    player: str
    first: str
    second: str
    community: str
    hand: str
    replaces: Names | None = None

    def payload(self) -> dict[str, JSON]:
        """The fields as JSON; `replaces` only when the pick replaced an earlier one."""
        out = super().payload()
        if self.replaces is None:
            del out["replaces"]
        return out


@dataclass(frozen=True, kw_only=True)
class Picked(_Pick):
    """A player's private cards, for the host's record (HOST: never public before they are revealed), and who is still to choose."""

    kind = "picked"
    audience: Audience = HOST
    waiting: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class PickConfirmed(_Pick):
    """The receipt of a pick, to the player alone (`audience` is their DM). It never says whether the other
    player has chosen (R-DD-18); `final` only when this pick completes the step, which then goes on publicly."""

    kind = "pick_confirmed"
    final: bool


@dataclass(frozen=True, kw_only=True)
class AntePaid(Event):
    """Both paid the ante; some chips left the pot."""

    kind = "ante_paid"
    ante: int
    removed: int
    pot: int
    chips: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class BettingStarted(Event):
    """A betting round begins: who acts first."""

    kind = "betting_started"
    betting: int
    to_act: str
    pot: int
    chips: Mapping[str, int]
    opening_bet: int
    seconds: int
    until: int

    @property
    def question(self) -> Question:
        """The first to act: `call`, `fold`, a few raises and `all-in` (`BETS`), as buttons where a bot asks it."""
        return Question(player=self.to_act, answers=BETS)


@dataclass(frozen=True, kw_only=True)
class BettingSkipped(Event):
    """A player with no chips at a betting round's start: nobody bets or folds (R-DD-5)."""

    kind = "betting_skipped"
    betting: int
    broke: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Raised(Event):
    """A bet that keeps the round going: the opening `call` (`action` "open") or a raise. `raised` is JSON `raise`."""

    kind = "bet"
    json_keys: ClassVar[Mapping[str, str]] = {"raised": "raise"}  # as journals and transcripts have it
    betting: int
    player: str
    action: str  # "open" or "raise"
    put: int
    raised: int
    bets: Mapping[str, int]
    to_call: int
    pot: int
    chips: Mapping[str, int]
    next: str
    seconds: int
    until: int

    @property
    def question(self) -> Question:
        """The other player, to act: `call`, `fold`, a few raises and `all-in` (`BETS`), as buttons where a bot asks it."""
        return Question(player=self.next, answers=BETS)


@dataclass(frozen=True, kw_only=True)
class Called(Event):
    """A call that ends the betting round (all-in when short; the excess of the other bet goes back)."""

    kind = "bet_called"
    betting: int
    player: str
    action: str  # "call"
    put: int
    all_in: bool
    returned: Mapping[str, int]
    bets: Mapping[str, int]
    pot: int
    chips: Mapping[str, int]
    next: None = None


@dataclass(frozen=True, kw_only=True)
class Revealed(Event):
    """Both players' first (or second) private cards are shown."""

    kind = "revealed"
    reveals = True  # the first (or second) private cards
    which: str  # "first" or "second"
    cards: Mapping[str, str]
    community: str
    known: Mapping[str, Names]


@dataclass(frozen=True, kw_only=True)
class Folded(Event):
    """A player folds (or did not bet in time, `auto`): the other takes the pot; a high-card fold pays the penalty."""

    kind = "folded"
    reveals = True  # whether the folder's hand, unrevealed cards too, is high card (the penalty, R-DD-6)
    betting: int
    player: str
    winner: str
    auto: bool
    pot: int
    high_card: bool
    penalty: int
    cannot_pay: bool
    chips: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class Showdown(Event):
    """Both hands are shown and compared."""

    kind = "showdown"
    reveals = True  # both hands
    community: str
    hands: Mapping[str, ShownHand]
    winner: str | None
    why: str
    pot: int
    payouts: Mapping[str, int]
    removed: int
    chips: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class RoundOver(Event):
    """The round is over: the stacks, the pools and who starts the next one after the break."""

    kind = "round_over"
    round: int
    winner: str | None
    next_starter: str
    chips: Mapping[str, int]
    pools: Mapping[str, PublicPool]
    unrevealed: Mapping[str, int]
    break_seconds: int
    next_round_at: int


@dataclass(frozen=True, kw_only=True)
class GameOver(Event):
    """The Death Match is over."""

    kind = "devils_deal_over"
    winner: str
    loser: str
    reason: str
    chips: Mapping[str, int]
    round: int

    @property
    def outcome(self) -> Outcome:
        """One player lost (a loss condition, in the order a round reaches them): the other won."""
        return decided(
            winner=self.winner, loser=self.loser, reason=self.reason, standing=f"{self.chips[self.winner]} chips in round {self.round}"
        )


@dataclass(frozen=True, kw_only=True)
class PoolShown(Event):
    """A player's own pool and chips (and private cards this round), sent to them alone."""

    kind = "pool_shown"
    player: str
    pool: Names
    chips: int
    private: Names | None = None

    def payload(self) -> dict[str, JSON]:
        """The fields as JSON; `private` only when the player has picked this round."""
        out = super().payload()
        if self.private is None:
            del out["private"]
        return out


# ---------------------------------------------------------------- reminders


@dataclass(frozen=True, kw_only=True)
class Reminder(Event):
    """Time left on a decision: `what` is "answer", "division", "take", "pick" or "bet"; `player` None for the pick."""

    kind = "reminder"
    seconds: int
    what: str
    player: str | None


@dataclass(frozen=True, kw_only=True)
class DiscardReminder(Event):
    """Time left to discard, and how many cards."""

    kind = "discard_reminder"
    seconds: int
    what: str  # "discard"
    player: str
    count: int


@dataclass(frozen=True, kw_only=True)
class DivisionInForce(Event):
    """With a division reminder, for the host alone: whether a valid division is in force."""

    kind = "division_in_force"
    audience: Audience = HOST
    player: str
    valid: bool


@dataclass(frozen=True, kw_only=True)
class StillToPick(Event):
    """With a pick reminder, for the host alone: who has not chosen (it would tell a player that the other has)."""

    kind = "still_to_pick"
    audience: Audience = HOST
    waiting: tuple[str, ...]


# Every kind defined above, in the order defined (`_Pick`, a shared base, has no kind of its own).
EVENTS: tuple[type[Event], ...] = tuple(
    c for c in list(globals().values()) if isinstance(c, type) and issubclass(c, Event) and c.__module__ == __name__ and c.kind
)
