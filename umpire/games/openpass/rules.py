"""The rules of Open, Pass — Heaven and Hell. Pure: state, command, time -> state, events.

Deck building: each round every player seals a bid on up to two packs; when the round closes
(the host's `close`, or its deadline) a pack chosen an odd number of times gives a copy to each
who chose it, unless every pack was chosen an odd number of times; a player who gains no pack
gets a pity card. Trades (`trades.py`) move cards between two players who both confirm; cards in a
submitted deck cannot be traded away. Playing: each player seals a deck and a dealer, and the
host deals (`deals.py`).

Whether a command may be made now is the table of moves' business (`moves.py`): the session asks
it first, so `apply` judges only what the command itself says, and dispatches by its type.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from umpire.core.clock import MINUTE
from umpire.core.deadline import Deadline, next_at
from umpire.core.errors import IllegalAction
from umpire.core.evolve import replace  # dataclasses.replace, cheaper for the state records (replay hot spot)
from umpire.games.base import HOST, PUBLIC, Event, dm
from umpire.games.openpass import deals, trades
from umpire.games.openpass.cards import KINDS
from umpire.games.openpass.commands import Answer, Bid, Choice, Close, Command, DealerCmd, DeckCmd, Offer, Start, StartDeal, WithdrawDeck
from umpire.games.openpass.deals import close_playing
from umpire.games.openpass.events import (
    BidConfirmed,
    BidSet,
    DealerSet,
    DeckConfirmed,
    DeckSet,
    DeckWithdrawn,
    PackOffer,
    PlayingOpened,
    PlayReminder,
    RoundClosed,
    RoundOpened,
    RoundReceipt,
    RoundRecord,
    RoundReminder,
    StillWaiting,
    TimeUp,
)
from umpire.games.openpass.settings import Config
from umpire.games.openpass.state import Deck, Phase, State, counts, listing
from umpire.games.rounds import SealedRound, Simultaneous

Events = list[Event]


def is_over(state: State) -> bool:
    """Whether the ranking is out."""
    return state.over


# ---------------------------------------------------------------- time


def _bidding(state: State, round_no: int, now: int) -> SealedRound[tuple[int, ...]]:
    """Deck-building round `round_no`, open at `now` to every player's sealed bid until its deadline (the host may close
    it sooner); it stays open when everyone has bid, since a bid may be changed until it closes."""
    cfg = state.cfg
    return SealedRound[tuple[int, ...]].open(
        number=round_no,
        seats=range(len(state.players)),
        now=now,
        span=cfg.round_ms,
        reminders=cfg.round_reminders,
        what=f"round {round_no}'s bidding",
        closes_all_in=False,
    )


def _play_clock(cfg: Config, now: int) -> Deadline:
    return Deadline(what="the playing phase", start=now, due=now + cfg.play_ms, reminders=cfg.play_reminders)


def next_due(state: State) -> int | None:
    """When the running deadline (the bidding round's or the playing phase's) next acts."""
    return next_at([state.clock])


def on_due(state: State, now: int) -> tuple[State, Events]:
    """A reminder (public, with who is still to act for the host), or the deadline passing:
    the round or the phase closes as the host's `close` would."""
    assert state.clock is not None, "nothing is due"
    return _bidding_due(state, now) if state.phase is Phase.BUILDING else _playing_due(state, now)


def _bidding_due(state: State, now: int) -> tuple[State, Events]:
    deadline = state.bids.deadline
    assert deadline is not None  # a round is open for bids while deck building
    bids, tick = state.bids.tick()
    state = replace(state, bids=bids)
    if tick.passed:
        state, events = close_round(state, now)
        return state, [TimeUp(t=now, what=deadline.what), *events]
    return state, _reminded(
        state, RoundReminder(t=now, round=state.round, minutes_left=-(-tick.left // MINUTE)), tick.waiting, f"a bid in round {state.round}"
    )


def _playing_due(state: State, now: int) -> tuple[State, Events]:
    assert state.play_clock is not None
    clock, step = state.play_clock.fire()
    state = replace(state, play_clock=clock)
    if step.passed:
        state, events = close_playing(state, now)
        return state, [TimeUp(t=now, what=clock.what), *events]
    waiting = tuple(s for s, p in enumerate(state.players) if not p.finished)
    return state, _reminded(state, PlayReminder(t=now, minutes_left=-(-step.left // MINUTE)), waiting, "players to play")


def _reminded(state: State, reminder: Event, waiting: tuple[int, ...], what: str) -> Events:
    """The public reminder, and for the host who is still to act (when anyone is)."""
    names = tuple(state.cfg.names[s] for s in waiting)
    return [reminder, StillWaiting(t=reminder.t, what=what, waiting=names)] if names else [reminder]


# ---------------------------------------------------------------- judging


def apply(state: State, cmd: Command, now: int) -> tuple[State, Events]:
    """Judge one command at game time `now` (its move is allowed now: the session asked `moves`)."""
    handler: Callable[[State, Any, int], tuple[State, Events]] = _HANDLERS[type(cmd)]
    return handler(state, cmd, now)


def _start(state: State, cmd: Start, now: int) -> tuple[State, Events]:
    """Round 1 of deck building opens, and its clock starts."""
    state = replace(state, phase=Phase.BUILDING, bids=_bidding(state, 1, now))
    return state, [_round_opened(state, now)]


def _close(state: State, cmd: Close, now: int) -> tuple[State, Events]:
    """The host closes the open bidding round, or the playing phase."""
    return close_round(state, now) if state.phase is Phase.BUILDING else close_playing(state, now)


def _bid(state: State, cmd: Bid, now: int) -> tuple[State, Events]:
    """A sealed bid on up to `bids_per_player` packs of the open round; the last one counts."""
    cfg = state.cfg
    if len(cmd.packs) > cfg.bids:
        raise IllegalAction(f"a player bids on at most {cfg.bids} different packs")
    offered = cfg.offered(state.round)
    bids, took = state.bids.take(cmd.seat, cmd.packs)
    state = replace(state, bids=bids)
    before = took.replaced
    who = cfg.names[cmd.seat]
    packs = tuple(offered[n - 1].name for n in cmd.packs)
    return state, [
        BidSet(
            t=now,
            player=who,
            round=state.round,
            packs=packs,
            replaces=None if before is None else tuple(offered[n - 1].name for n in before),
            waiting=tuple(cfg.names[s] for s in state.bids.waiting),
        ),
        BidConfirmed(t=now, audience=dm(cmd.seat), player=who, round=state.round, packs=packs),
    ]


def close_round(state: State, now: int) -> tuple[State, Events]:
    """Resolve a deck-building round: odd counts give a copy, all-odd gives nothing, pity for the empty-handed."""
    cfg = state.cfg
    offered = cfg.offered(state.round)
    tally = [0] * len(offered)
    for _, packs in state.bids:
        for n in packs:
            tally[n - 1] += 1
    all_odd = all(t % 2 == 1 for t in tally)
    players = list(state.players)
    received: dict[str, tuple[str, ...]] = {}
    pity: dict[str, str] = {}
    receipts: Events = []
    for seat, p in enumerate(state.players):
        gained = [] if all_odd else [n for n in (state.bids.get(seat) or ()) if tally[n - 1] % 2 == 1]
        cards = listing(p.cards)
        got: list[str] = []
        record = list(p.received)
        for n in gained:
            got += offered[n - 1].cards
            record.append((state.round, offered[n - 1].name))
        names = tuple(offered[n - 1].name for n in gained)
        card: str | None = None
        if names:
            received[cfg.names[seat]] = names
        elif not all_odd or cfg.all_odd_pity:
            card = state.streams.stream(f"openpass/pity/round{state.round}/seat{seat + 1}").choice(cfg.pity)
            record.append((state.round, f"pity {card}"))
            pity[cfg.names[seat]] = card
            got.append(card)
        players[seat] = replace(p, cards=counts(cards + got), received=tuple(record))
        receipts.append(
            RoundReceipt(t=now, audience=dm(seat), player=cfg.names[seat], round=state.round, packs=names, cards=tuple(got), pity=card)
        )
    events: Events = [
        RoundClosed(
            t=now,
            round=state.round,
            counts={offered[i].name: tally[i] for i in range(len(offered))},
            all_odd=all_odd,
            gainers=len(received),
            pity_cards=len(pity),
        ),
        RoundRecord(
            t=now,
            audience=PUBLIC if cfg.public_receipts else HOST,
            round=state.round,
            received=received,
            pity=pity,
            no_bid=tuple(cfg.names[s] for s in state.bids.waiting),
        ),
        *receipts,
    ]
    state = replace(state, players=tuple(players))
    if state.round < cfg.rounds:
        state = replace(state, bids=_bidding(state, state.round + 1, now))
        events.append(_round_opened(state, now))
    else:  # deck building is over: the last round's bids are put away and its clock stopped
        done = SealedRound[tuple[int, ...]](number=state.round, actions=Simultaneous.of(range(len(players))), deadline=None)
        state = replace(state, bids=done, phase=Phase.PLAYING, play_clock=_play_clock(cfg, now))
        events.append(PlayingOpened(t=now, deck_size=cfg.deck_size, dealers=cfg.dealers))
    return state, events


def _round_opened(state: State, now: int) -> RoundOpened:
    offered = state.cfg.offered(state.round)
    return RoundOpened(
        t=now,
        round=state.round,
        of=state.cfg.rounds,
        packs=tuple(PackOffer(number=i + 1, name=p.name, cards=p.cards) for i, p in enumerate(offered)),
    )


# ---------------------------------------------------------------- decks and dealers


def _deck_cards(state: State, cmd: DeckCmd) -> tuple[str, ...]:
    """The deck's own cards, checked against the rules and the collection."""
    cfg = state.cfg
    who = cfg.names[cmd.seat]
    p = state.players[cmd.seat]
    owned = sum(p.cards)
    size = cfg.deck_size
    cards = tuple(listing(p.cards)) if cmd.cards is None else cmd.cards
    if cmd.cards is None and owned > size:
        raise IllegalAction(f"{who} owns {owned} cards; a deck is exactly {size}: list them")
    if len(cards) > size:
        raise IllegalAction(f"a deck is exactly {size} cards; {len(cards)} listed")
    if len(cards) < size and owned >= size:
        raise IllegalAction(f"a deck is exactly {size} cards; {len(cards)} listed (padding is only for players who own fewer than {size})")
    have = Counter(listing(p.cards))
    short = [
        f"owns {have[k]} “{k}”, the deck lists {n}"
        for k, n in sorted(Counter(cards).items(), key=lambda kv: KINDS.index(kv[0]))
        if have[k] < n
    ]
    if short:
        raise IllegalAction(f"{who} " + "; ".join(short) + f" (see “cards {who}”)")
    if owned < size and len(cards) != owned:
        raise IllegalAction(
            f"{who} owns {owned} cards, fewer than {size}: the deck is all of them, padded with {size - owned} “{cfg.pad}” (write “deck all”)"
        )
    return cards


def _deck(state: State, cmd: DeckCmd, now: int) -> tuple[State, Events]:
    """A sealed deck: its cards are locked until it is replaced or withdrawn (R-OP-7)."""
    cfg = state.cfg
    cards = _deck_cards(state, cmd)
    clash = trades.deck_conflict(state, cmd.seat, cards)
    if clash:
        raise IllegalAction(clash)
    padded = cfg.deck_size - len(cards)
    deck = Deck(cards=tuple(sorted(cards, key=KINDS.index)) + (cfg.pad,) * padded, padded=padded)
    state = replace(state, decks=state.decks.submit(cmd.seat, deck))
    who = cfg.names[cmd.seat]
    return state, [
        DeckSet(
            t=now,
            player=who,
            deck=deck.cards,
            padded=padded,
            pad=cfg.pad,
            dealer=state.dealers.get(cmd.seat),
            waiting=tuple(cfg.names[s] for s in range(len(state.players)) if not state.ready(s)),
        ),
        DeckConfirmed(t=now, audience=dm(cmd.seat), player=who, deck=deck.cards, padded=padded, pad=cfg.pad),
    ]


def _withdraw(state: State, cmd: WithdrawDeck, now: int) -> tuple[State, Events]:
    """`deck none`: the deck is taken back (there is one: the move's `when`), its cards free again."""
    who = state.cfg.names[cmd.seat]
    state = replace(state, decks=state.decks.withdraw(cmd.seat))
    return state, [DeckWithdrawn(t=now, audience=dm(cmd.seat), player=who)]


def _dealer(state: State, cmd: DealerCmd, now: int) -> tuple[State, Events]:
    """A sealed dealer choice; it is named when the deal starts."""
    state = replace(state, dealers=state.dealers.submit(cmd.seat, cmd.dealer))
    return state, [DealerSet(t=now, audience=dm(cmd.seat), player=state.cfg.names[cmd.seat], dealer=cmd.dealer)]


_HANDLERS: dict[type, Callable[[State, Any, int], tuple[State, Events]]] = {
    Start: _start,
    Close: _close,
    Bid: _bid,
    Offer: trades.offer,
    Answer: trades.answer,
    DeckCmd: _deck,
    WithdrawDeck: _withdraw,
    DealerCmd: _dealer,
    StartDeal: deals.start_deal,
    Choice: deals.choice,
}
