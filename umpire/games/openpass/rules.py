"""The rules of Open, Pass — Heaven and Hell. Pure: state, command, time -> state, events.

Deck building: each round every player seals a bid on up to two packs; when the round closes
(the host's `close`, or its deadline) a pack chosen an odd number of times gives a copy to each
who chose it, unless every pack was chosen an odd number of times; a player who gains no pack
gets a pity card. Trades move cards between two players who both confirm; cards in a submitted
deck cannot be traded away. Playing: each player seals a deck and a dealer; the dealer's stream
shuffles the deck; each card is opened (added to the LEFT of the row) or passed; after
`max_open` opens the rest pass. When everyone has played, or the playing phase closes: the
ranking (those who never played below those who did, ties by one seeded draw), Tokens of Life
and ECs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from umpire.core.arith import exact, read_row, show
from umpire.core.clock import MINUTE
from umpire.core.deadline import Deadline, next_at
from umpire.core.errors import IllegalAction
from umpire.core.sealed import Sealed
from umpire.core.streams import Streams
from umpire.games.base import HOST, PUBLIC, Event, dm
from umpire.games.openpass import trades
from umpire.games.openpass.commands import (
    Answer,
    Bid,
    Choice,
    Close,
    Command,
    DealerCmd,
    DeckCmd,
    Offer,
    Start,
    StartDeal,
    WithdrawDeck,
    parse,
)
from umpire.games.openpass.config import KINDS, Config, Reveal
from umpire.games.openpass.events import (
    Answered,
    BidConfirmed,
    BidSet,
    CardDealt,
    DealDone,
    DealerSet,
    DealOver,
    DealStarted,
    DeckConfirmed,
    DeckSet,
    DeckWithdrawn,
    PackOffer,
    Placing,
    PlayingOpened,
    PlayReminder,
    Results,
    RoundClosed,
    RoundOpened,
    RoundReceipt,
    RoundRecord,
    RoundReminder,
    RowPosted,
    StillWaiting,
    TimeUp,
)
from umpire.games.openpass.state import Deal, Deck, Phase, Player, State, Trade, counts, initial, listing
from umpire.games.openpass.tools import reading_text

__all__ = [
    "Answer",
    "Bid",
    "Choice",
    "Close",
    "Command",
    "Deal",
    "DealerCmd",
    "Deck",
    "DeckCmd",
    "IllegalAction",
    "Offer",
    "Phase",
    "Player",
    "Start",
    "StartDeal",
    "State",
    "Trade",
    "WithdrawDeck",
    "apply",
    "close_playing",
    "close_round",
    "counts",
    "exact",
    "initial",
    "listing",
    "next_due",
    "on_due",
    "parse",
]

Events = list[Event]


# ---------------------------------------------------------------- time


def _round_clock(cfg: Config, round_no: int, now: int) -> Deadline:
    return Deadline(what=f"round {round_no}'s bidding", start=now, due=now + cfg.round_ms, reminders=cfg.round_reminders)


def _play_clock(cfg: Config, now: int) -> Deadline:
    return Deadline(what="the playing phase", start=now, due=now + cfg.play_ms, reminders=cfg.play_reminders)


def next_due(state: State) -> int | None:
    """When the running deadline (the bidding round's or the playing phase's) next acts."""
    return next_at([state.clock])


def on_due(state: State, now: int) -> tuple[State, Events]:
    """A reminder (public, with who is still to act for the host), or the deadline passing:
    the round or the phase closes as the host's `close` would."""
    assert state.clock is not None, "nothing is due"
    clock, step = state.clock.fire()
    state = replace(state, clock=clock)
    cfg = state.cfg
    if step.passed:
        up: Events = [TimeUp(t=now, what=clock.what)]
        if state.phase is Phase.BUILDING:
            state, evs = close_round(state, now)
        else:
            state, evs = close_playing(state, now)
        return state, up + evs
    minutes = -(-step.left // MINUTE)
    if state.phase is Phase.BUILDING:
        events: Events = [RoundReminder(t=now, round=state.round, minutes_left=minutes)]
        waiting = tuple(cfg.names[s] for s in state.bids.waiting)
        what = f"a bid in round {state.round}"
    else:
        events = [PlayReminder(t=now, minutes_left=minutes)]
        waiting = tuple(cfg.names[s] for s, p in enumerate(state.players) if not p.finished)
        what = "players to play"
    if waiting:
        events.append(StillWaiting(t=now, what=what, waiting=waiting))
    return state, events


# ---------------------------------------------------------------- judging


def apply(state: State, cmd: Command, now: int) -> tuple[State, Events]:
    """Judge one command at game time `now`."""
    if state.over:
        raise IllegalAction("the match is over")
    if isinstance(cmd, Start):
        if state.phase is not Phase.WAITING:
            raise IllegalAction("the match has already started")
        state = replace(state, phase=Phase.BUILDING, clock=_round_clock(state.cfg, 1, now))
        return state, [_round_opened(state, now)]
    if state.phase is Phase.WAITING and not isinstance(cmd, Offer | Answer):
        raise IllegalAction("the match has not started: the host opens round 1 with “start”")
    if isinstance(cmd, Close):
        return close_round(state, now) if state.phase is Phase.BUILDING else close_playing(state, now)
    handler: Callable[[State, Command, int], tuple[State, Events]] = _HANDLERS[type(cmd)]
    return handler(state, cmd, now)


def _set(state: State, seat: int, player: Player) -> State:
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players))


def _bid(state: State, cmd: Command, now: int) -> tuple[State, Events]:
    assert isinstance(cmd, Bid)
    cfg = state.cfg
    if state.phase is not Phase.BUILDING:
        raise IllegalAction("deck building is over; bids are closed")
    if len(cmd.packs) > cfg.bids:
        raise IllegalAction(f"a player bids on at most {cfg.bids} different packs")
    offered = cfg.offered(state.round)
    before = state.bids.get(cmd.seat)
    state = replace(state, bids=state.bids.submit(cmd.seat, cmd.packs))
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
            card = Streams(cfg.seed).stream(f"openpass/pity/round{state.round}/seat{seat + 1}").choice(cfg.pity)
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
    state = replace(state, players=tuple(players), bids=Sealed.expecting(range(len(players))))
    if state.round < cfg.rounds:
        state = replace(state, round=state.round + 1, clock=_round_clock(cfg, state.round + 1, now))
        events.append(_round_opened(state, now))
    else:
        state = replace(state, phase=Phase.PLAYING, clock=_play_clock(cfg, now))
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


# ---------------------------------------------------------------- trades (trades.py)


def _offer(state: State, cmd: Command, now: int) -> tuple[State, Events]:
    assert isinstance(cmd, Offer)
    return trades.offer(state, cmd, now)


def _answer(state: State, cmd: Command, now: int) -> tuple[State, Events]:
    assert isinstance(cmd, Answer)
    return trades.answer(state, cmd, now)


# ---------------------------------------------------------------- decks and dealers


def _before_deal(state: State, seat: int, what: str) -> None:
    """Decks and dealers are chosen in the playing phase, until the player's deal starts."""
    if state.phase is not Phase.PLAYING:
        raise IllegalAction(f"{what} in the playing phase, after round {state.cfg.rounds} of deck building")
    if state.players[seat].played:
        raise IllegalAction(f"{state.cfg.names[seat]}'s deal has started; the deck and dealer cannot change")


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


def _deck(state: State, cmd: Command, now: int) -> tuple[State, Events]:
    assert isinstance(cmd, DeckCmd)
    cfg = state.cfg
    _before_deal(state, cmd.seat, "decks are submitted")
    cards = _deck_cards(state, cmd)
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


def _withdraw(state: State, cmd: Command, now: int) -> tuple[State, Events]:
    assert isinstance(cmd, WithdrawDeck)
    _before_deal(state, cmd.seat, "decks are submitted and withdrawn")
    who = state.cfg.names[cmd.seat]
    if not state.decks.has(cmd.seat):
        raise IllegalAction(f"{who} has no deck to withdraw")
    state = replace(state, decks=state.decks.withdraw(cmd.seat))
    return state, [DeckWithdrawn(t=now, audience=dm(cmd.seat), player=who)]


def _dealer_cmd(state: State, cmd: Command, now: int) -> tuple[State, Events]:
    assert isinstance(cmd, DealerCmd)
    _before_deal(state, cmd.seat, "the dealer is chosen")
    state = replace(state, dealers=state.dealers.submit(cmd.seat, cmd.dealer))
    return state, [DealerSet(t=now, audience=dm(cmd.seat), player=state.cfg.names[cmd.seat], dealer=cmd.dealer)]


# ---------------------------------------------------------------- deals


def _start_deal(state: State, cmd: Command, now: int) -> tuple[State, Events]:
    assert isinstance(cmd, StartDeal)
    cfg = state.cfg
    who = cfg.names[cmd.seat]
    if state.phase is not Phase.PLAYING:
        raise IllegalAction("deals happen in the playing phase")
    p = state.players[cmd.seat]
    deck, dealer = state.decks.get(cmd.seat), state.dealers.get(cmd.seat)
    if deck is None or dealer is None:
        lacking = " and ".join(x for x, v in (("a deck", deck), ("a dealer", dealer)) if v is None)
        raise IllegalAction(f"{who} has not submitted {lacking} yet")
    if p.finished:
        raise IllegalAction(f"{who} has already played (score {show(p.score or Fraction(0))})")
    events: Events = []
    if p.deal is None:
        # R-OP-3: the dealers differ only in their random stream; the deck's listing order does not matter.
        stream = Streams(cfg.seed).stream(f"openpass/dealer/{dealer}/seat{cmd.seat + 1}")
        deal = Deal(dealer=dealer, order=tuple(stream.shuffled(deck.cards)), started=True)
        state = _set(state, cmd.seat, replace(p, deal=deal))
        events.append(DealStarted(t=now, player=who, dealer=dealer, cards=len(deal.order)))
    return state, [*events, _card_shown(state, cmd.seat, now)]


def _card_shown(state: State, seat: int, now: int) -> CardDealt:
    deal = state.players[seat].deal
    assert deal is not None
    return CardDealt(
        t=now,
        audience=dm(seat),
        player=state.cfg.names[seat],
        number=deal.pos + 1,
        of=len(deal.order),
        card=deal.order[deal.pos],
        row=deal.row,
        opened=len(deal.row),
        max_open=state.cfg.max_open,
    )


def _choice(state: State, cmd: Command, now: int) -> tuple[State, Events]:
    assert isinstance(cmd, Choice)
    cfg = state.cfg
    who = cfg.names[cmd.seat]
    p = state.players[cmd.seat]
    deal = p.deal
    if deal is None or not deal.started:
        raise IllegalAction(f"no card has been dealt to {who}; the host deals with “deal {who}”")
    if deal.done:
        raise IllegalAction(f"{who}'s deal is over")
    c = deal.order[deal.pos]
    row = (c, *deal.row) if cmd.open else deal.row  # opened cards go to the LEFT of the row
    deal = replace(deal, pos=deal.pos + 1, row=row)
    events: Events = [Answered(t=now, audience=dm(cmd.seat), player=who, card=c, open=cmd.open, row=row)]
    auto: tuple[str, ...] = ()
    if len(row) >= cfg.max_open and deal.pos < len(deal.order):
        auto = deal.order[deal.pos :]
        deal = replace(deal, pos=len(deal.order))
    if deal.pos >= len(deal.order):
        state, more = _finish(state, cmd.seat, deal, now, auto)
        events += more
        if all(q.finished for q in state.players):
            return _results(state, now, events)  # everyone has played
        return state, events
    state = _set(state, cmd.seat, replace(p, deal=deal))
    return state, [*events, _card_shown(state, cmd.seat, now)]


def _finish(state: State, seat: int, deal: Deal, now: int, auto: tuple[str, ...], *, closed: bool = False) -> tuple[State, Events]:
    cfg = state.cfg
    reading, score, notes = read_row(deal.row, division=cfg.division)
    p = state.players[seat]
    text = reading_text(reading)
    state = _set(state, seat, replace(p, deal=replace(deal, done=True), score=score, reading=text))
    who = cfg.names[seat]
    over = DealOver(
        t=now,
        audience=dm(seat),
        player=who,
        row=deal.row,
        reading=text,
        score=exact(score),
        shown=show(score),
        auto_passed=auto,
        notes=tuple(notes),
        closed=closed,
    )
    if cfg.reveal is not Reveal.AT_ONCE:
        return state, [over, DealDone(t=now, player=who)]
    # R-OP-5 "at-once": the row is posted now, but not the cards that passed automatically (never
    # dealt, they are part of the private deck); the player has them in their own `deal_over`.
    posted = RowPosted(t=now, player=who, row=deal.row, reading=text, score=exact(score), shown=show(score), notes=tuple(notes))
    return state, [over, posted]


def close_playing(state: State, now: int) -> tuple[State, Events]:
    """End the playing phase: unfinished deals pass their remaining cards; rank; Tokens of Life and ECs.

    A player whose deal never started has no row and scores 0 (R-OP-4), ranked below everyone who played.
    """
    events: Events = []
    for seat, p in enumerate(state.players):
        if p.deal is None or p.deal.done:
            continue
        deal = p.deal
        state, evs = _finish(state, seat, replace(deal, pos=len(deal.order)), now, deal.order[deal.pos :], closed=True)
        events += evs
    return _results(state, now, events)


def _tie_notes(state: State, order: list[int], scores: list[Fraction]) -> tuple[str, ...]:
    names = state.cfg.names
    groups: dict[tuple[bool, Fraction], list[int]] = {}
    for s in order:
        groups.setdefault((state.players[s].played, scores[s]), []).append(s)
    notes = []
    for (played, value), seats in groups.items():
        if len(seats) > 1:
            at = show(value) if played else f"{show(value)} (did not play)"
            notes.append(
                f"tie at {at} between {', '.join(names[s] for s in sorted(seats))}, broken by the seeded draw: {' ahead of '.join(names[s] for s in seats)}"
            )
    return tuple(notes)


def _results(state: State, now: int, events: Events) -> tuple[State, Events]:
    cfg = state.cfg
    n = len(state.players)
    # Ties are broken by one seeded draw of the whole table, made only now.
    tiebreak = Streams(cfg.seed).stream("openpass/ties").shuffled(range(n))
    rank_of = {seat: i for i, seat in enumerate(tiebreak)}
    scores = [p.score if p.score is not None and p.played else Fraction(0) for p in state.players]
    order = sorted(range(n), key=lambda s: (not state.players[s].played, -scores[s], rank_of[s]))
    notes = _tie_notes(state, order, scores)
    players = list(state.players)
    ranking = []
    for place, seat in enumerate(order):
        p = players[seat]
        # R-OP-8: a player who never played wins no Tokens of Life, whatever their place.
        tokens = cfg.tokens[place] if place < len(cfg.tokens) and p.played else 0
        ec = place >= n - cfg.ecs
        players[seat] = p = replace(p, tokens=p.tokens + tokens, ec=ec, score=scores[seat])
        ranking.append(
            Placing(
                place=place + 1,
                player=cfg.names[seat],
                played=p.played,
                row=p.deal.row if p.deal is not None else (),
                reading=p.reading or reading_text(()),  # one answer for an empty row (R-OP-4), played or not
                score=exact(scores[seat]),
                shown=show(scores[seat]),
                tokens=p.tokens,
                ec=ec,
            )
        )
    state = replace(state, players=tuple(players), phase=Phase.OVER, clock=None, ranking=tuple(order), tie_notes=notes)
    events.append(Results(t=now, ranking=tuple(ranking), ties=notes))
    return state, events


_HANDLERS: dict[type, Callable[[State, Command, int], tuple[State, Events]]] = {
    Bid: _bid,
    Offer: _offer,
    Answer: _answer,
    DeckCmd: _deck,
    WithdrawDeck: _withdraw,
    DealerCmd: _dealer_cmd,
    StartDeal: _start_deal,
    Choice: _choice,
}
