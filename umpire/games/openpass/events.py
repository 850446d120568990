"""What happens in an Open, Pass match, as typed events, each with the audience that may see it.

Field names are the JSON keys of `--json` and the journal's `generated` items: keep them stable.
Public: packs on offer, how often each pack was chosen, who is dealt to, reminders and, when the
playing phase closes, the ranking with every row; that two players traded only under R-OP-10
`announce_trades = true`, and each finished row at once only under R-OP-5 `reveal_rows =
"at-once"`. One player (a DM): their receipts, what they received in a round, their trades' offers,
answers and completions, each card dealt to them and their answer, and their finished row. The host
(who sees every event) alone: notes of who is still to submit and the round's record of who
received what.

The sealed moves (`moves.py`: bids, decks, dealers, opens and passes) stay between their player and
the host until an event that `reveals` them: a round's close for its bids, a deal's start for the
dealer, a finished row (shown at once or with the results) for the deck and the answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from umpire.games.base import HOST, Audience, Event, Question
from umpire.games.outcome import Outcome
from umpire.games.outcome import Placing as Place


@dataclass(frozen=True, kw_only=True)
class PackOffer:
    """One pack as posted: its number this round, name and cards."""

    number: int
    name: str
    cards: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class RoundOpened(Event):
    """A deck-building round opens: the packs on offer (public)."""

    kind = "round_opened"
    round: int
    of: int
    packs: tuple[PackOffer, ...]


@dataclass(frozen=True, kw_only=True)
class BidSet(Event):
    """The host's note of a bid, with who is still to bid (host only)."""

    kind = "bid_set"
    audience: Audience = HOST
    player: str
    round: int
    packs: tuple[str, ...]
    replaces: tuple[str, ...] | None
    waiting: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class BidConfirmed(Event):
    """The receipt of a bid, to the player who made it."""

    kind = "bid_confirmed"
    player: str
    round: int
    packs: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class RoundClosed(Event):
    """A round's tally (public): how often each pack was chosen, and how many gained packs or pity cards."""

    kind = "round_closed"
    reveals = True  # how often each pack was chosen: what the round's sealed bids add up to
    round: int
    counts: Mapping[str, int]
    all_odd: bool
    gainers: int
    pity_cards: int


@dataclass(frozen=True, kw_only=True)
class RoundRecord(Event):
    """Who received which pack, the pity cards and who did not bid (host only)."""

    kind = "round_record"
    reveals = True  # who received which pack (public only under R-OP-9 `reveal_receipts = "public"`)
    audience: Audience = HOST
    round: int
    received: Mapping[str, tuple[str, ...]]
    pity: Mapping[str, str]
    no_bid: tuple[str, ...]

    @property
    def is_generated(self) -> bool:
        """Pity cards are drawn from the seed: `umpire verify` re-derives them."""
        return bool(self.pity)


@dataclass(frozen=True, kw_only=True)
class RoundReceipt(Event):
    """What one player gained in a round: packs and their cards, or a pity card (to that player)."""

    kind = "round_receipt"
    reveals = True  # what a player gained follows from everyone's bids (an odd or even count)
    player: str
    round: int
    packs: tuple[str, ...]
    cards: tuple[str, ...]
    pity: str | None


@dataclass(frozen=True, kw_only=True)
class RoundReminder(Event):
    """Time is running out to bid (public)."""

    kind = "bidding_reminder"
    round: int
    minutes_left: int


@dataclass(frozen=True, kw_only=True)
class PlayReminder(Event):
    """Time is running out to play (public)."""

    kind = "play_reminder"
    minutes_left: int


@dataclass(frozen=True, kw_only=True)
class StillWaiting(Event):
    """Who has not yet done what a reminder is about (host only; never empty)."""

    kind = "not_yet_done"
    audience: Audience = HOST
    what: str
    waiting: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class TimeUp(Event):
    """A deadline passed: the round's bidding, or the playing phase, closes now (public)."""

    kind = "time_up"
    what: str


@dataclass(frozen=True, kw_only=True)
class PlayingOpened(Event):
    """Deck building is over: decks and dealers may be submitted (public)."""

    kind = "playing_opened"
    deck_size: int
    dealers: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class _Trade(Event):
    """The fields every trade event shares. Each is sent to the trade's two players as DMs, one
    event each (the host sees both): never public, as it shows cards (R-OP-10)."""

    trade: int
    giver: str
    taker: str
    gives: tuple[str, ...]
    gets: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class TradeOffered(_Trade):
    """An offer, waiting for the other player's answer (to each of the two)."""

    kind = "trade_offered"


@dataclass(frozen=True, kw_only=True)
class TradeDone(_Trade):
    """Both confirmed: the cards have moved (to each of the two)."""

    kind = "trade_done"


@dataclass(frozen=True, kw_only=True)
class TradeDeclined(_Trade):
    """The other player said no (to each of the two)."""

    kind = "trade_declined"


@dataclass(frozen=True, kw_only=True)
class TradeCancelled(_Trade):
    """The maker withdrew the offer (to each of the two)."""

    kind = "trade_cancelled"


@dataclass(frozen=True, kw_only=True)
class TradeLapsed(_Trade):
    """An open offer withdrawn because another trade its maker completed left them without the
    cards it offers (R-OP-11), to each of the two; the other trade is not named (it is private)."""

    kind = "trade_lapsed"


@dataclass(frozen=True, kw_only=True)
class TradeMade(Event):
    """That two players have traded, without the cards or the trade's number (public, only with
    `announce_trades = true`, R-OP-10)."""

    kind = "trade_made"
    giver: str
    taker: str


@dataclass(frozen=True, kw_only=True)
class DeckSet(Event):
    """The host's note of a deck, with who still lacks a deck or a dealer (host only)."""

    kind = "deck_set"
    audience: Audience = HOST
    player: str
    deck: tuple[str, ...]
    padded: int
    pad: str
    dealer: str | None
    waiting: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class DeckConfirmed(Event):
    """The receipt of a deck, to its player."""

    kind = "deck_confirmed"
    player: str
    deck: tuple[str, ...]
    padded: int
    pad: str


@dataclass(frozen=True, kw_only=True)
class DeckWithdrawn(Event):
    """A player took their deck back (`deck none`); the receipt goes to them."""

    kind = "deck_withdrawn"
    player: str


@dataclass(frozen=True, kw_only=True)
class DealerSet(Event):
    """The receipt of a dealer choice, to the player."""

    kind = "dealer_set"
    player: str
    dealer: str


@dataclass(frozen=True, kw_only=True)
class DealStarted(Event):
    """The host starts a player's deal (public)."""

    kind = "deal_started"
    reveals = True  # the player's sealed dealer, named as the deal starts
    player: str
    dealer: str
    cards: int


@dataclass(frozen=True, kw_only=True)
class CardDealt(Event):
    """A card dealt from the dealer's seeded shuffle, with the open/pass prompt (to the player)."""

    kind = "card_dealt"
    generated = True  # `umpire verify` re-derives it from the seed
    player: str
    number: int
    of: int
    card: str
    row: tuple[str, ...]
    opened: int
    max_open: int

    @property
    def question(self) -> Question:
        """The card's answers, each a button where a bot deals it: `open` or `pass`."""
        return Question(player=self.player, answers=("open", "pass"))


@dataclass(frozen=True, kw_only=True)
class Answered(Event):
    """The receipt of an open or a pass (to the player)."""

    kind = "answered"
    player: str
    card: str
    open: bool
    row: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class DealOver(Event):
    """A finished row, its reading and score, and the cards that passed automatically (to the player)."""

    kind = "deal_over"
    player: str
    row: tuple[str, ...]
    reading: str
    score: str
    shown: str
    auto_passed: tuple[str, ...]
    notes: tuple[str, ...]
    closed: bool


@dataclass(frozen=True, kw_only=True)
class RowPosted(Event):
    """A finished row, its reading and score, posted as soon as the deal is over (public, only under
    R-OP-5 "at-once"). Unlike the player's `deal_over`, it does not list the cards that passed
    automatically: those were never dealt, and a deck stays private."""

    kind = "row_posted"
    reveals = True  # the row: the opens and passes, and the deck's cards that count (R-OP-5 "at-once")
    player: str
    row: tuple[str, ...]
    reading: str
    score: str
    shown: str
    notes: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class DealDone(Event):
    """That a player has played, without the row (public, while rows stay private)."""

    kind = "deal_done"
    reveals = True  # that the deal is over, which after the last open (`max_open`) follows from the answers
    player: str


@dataclass(frozen=True, kw_only=True)
class Placing:
    """One line of the results."""

    place: int
    player: str
    played: bool
    row: tuple[str, ...]
    reading: str
    score: str
    shown: str
    tokens: int
    ec: bool


def _placed(p: Placing) -> str:
    """What put a player where they are: their score (or that they did not play, R-OP-8) and what it won."""
    prize = [f"+{p.tokens} Token{'s' if p.tokens != 1 else ''} of Life"] if p.tokens else []
    return ", ".join([p.shown if p.played else "did not play", *prize, *(["EC"] if p.ec else [])])


@dataclass(frozen=True, kw_only=True)
class Results(Event):
    """The ranking, every row and score, Tokens of Life, ECs and broken ties (public)."""

    kind = "results"
    reveals = True  # every row, the opens and passes and the decks' cards that count
    ranking: tuple[Placing, ...]
    ties: tuple[str, ...]

    @property
    def outcome(self) -> Outcome:
        """The ranking, ties broken by the seeded draw: the Main Match ranks everyone, and names no winner."""
        return Outcome(
            summary="Ranking: " + ", ".join(p.player for p in self.ranking),
            ranking=tuple(Place(player=p.player, place=p.place, why=_placed(p)) for p in self.ranking),
        )

    @property
    def is_generated(self) -> bool:
        """A tie broken by the seeded draw decided places: `umpire verify` re-derives it."""
        return bool(self.ties)


EVENTS: tuple[type[Event], ...] = (
    RoundOpened,
    BidSet,
    BidConfirmed,
    RoundClosed,
    RoundRecord,
    RoundReceipt,
    RoundReminder,
    PlayReminder,
    StillWaiting,
    TimeUp,
    PlayingOpened,
    TradeOffered,
    TradeDone,
    TradeDeclined,
    TradeCancelled,
    TradeLapsed,
    TradeMade,
    DeckSet,
    DeckConfirmed,
    DeckWithdrawn,
    DealerSet,
    DealStarted,
    CardDealt,
    Answered,
    DealOver,
    RowPosted,
    DealDone,
    Results,
)
