"""The rules of Open, Pass — Heaven and Hell. Pure: state, command -> state, events.

Deck building: each round every player bids on up to two packs; at the host's
`close` a pack chosen an odd number of times gives a copy to each who chose it,
unless every pack was chosen an odd number of times; a player who gains no pack
gets a pity card. Trades move cards between two players who both confirm.
Playing: each player submits a 20-card deck and a dealer; the dealer's stream
shuffles it; each card is opened (added to the LEFT of the row) or passed; after
`max_open` opens the rest pass. Results: ranking, Tokens of Life, ECs.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from umpire.core.arith import exact, read_row, show
from umpire.core.errors import IllegalAction, InvalidCommand
from umpire.core.streams import Streams
from umpire.games.legacy import HOST, Event
from umpire.games.openpass.config import KINDS, Config, card

# ---------------------------------------------------------------- state


def counts(cards: tuple[str, ...] | list[str]) -> tuple[int, ...]:
    """A multiset of cards as counts per kind, in KINDS order."""
    c = Counter(cards)
    return tuple(c.get(k, 0) for k in KINDS)


def listing(cs: tuple[int, ...]) -> list[str]:
    """The cards of a count tuple, sorted."""
    return [k for k, n in zip(KINDS, cs, strict=True) for _ in range(n)]


@dataclass(frozen=True, kw_only=True)
class Deal:
    """A player's Open, Pass deal, in progress or done."""

    dealer: str
    order: tuple[str, ...]  # the shuffled deck, dealt from the front
    pos: int = 0  # how many cards have been dealt and answered
    row: tuple[str, ...] = ()  # the equation, leftmost first
    started: bool = False
    done: bool = False


@dataclass(frozen=True, kw_only=True)
class Player:
    """One player's collection, bids, deck and result."""

    cards: tuple[int, ...]
    bid: tuple[int, ...] | None = None  # pack numbers (1-based, as offered this round); None: nothing submitted
    deck: tuple[str, ...] | None = None  # the submitted deck, padding included
    padded: int = 0
    dealer: str | None = None
    deal: Deal | None = None
    score: Fraction | None = None
    tokens: int = 0
    ec: bool = False
    received: tuple[tuple[int, str], ...] = ()  # (round, what), for the record


@dataclass(frozen=True, kw_only=True)
class Trade:
    """An offer from `giver` to `taker`: `gives` for `gets`, waiting for the taker's `accept`."""

    number: int
    giver: int
    taker: int
    gives: tuple[str, ...]
    gets: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class State:
    """The match at one moment."""

    cfg: Config
    players: tuple[Player, ...]
    phase: str = "waiting"  # "waiting" (for the host's start), "building", "playing", "over"
    round: int = 1
    trades: tuple[Trade, ...] = ()
    next_trade: int = 1
    ranking: tuple[int, ...] = ()
    tie_notes: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return self.phase == "over"


def initial(cfg: Config) -> State:
    """Everyone holds the starting set; round 1 of deck building is open."""
    start = counts(list(cfg.starting))
    return State(cfg=cfg, players=tuple(Player(cards=start) for _ in cfg.names))


# ---------------------------------------------------------------- commands


@dataclass(frozen=True, kw_only=True)
class Bid:
    """`bid …`: up to two different packs this round (none: `bid none`)."""

    seat: int
    packs: tuple[int, ...]  # pack numbers 1..n as offered this round; () = no pack


@dataclass(frozen=True, kw_only=True)
class Start:
    """The host opens deck-building round 1."""


@dataclass(frozen=True, kw_only=True)
class Close:
    """The host closes the deck-building round, or the playing phase."""


@dataclass(frozen=True, kw_only=True)
class Offer:
    """`trade CARDS for CARDS with NAME`: an offer the other player must accept."""

    seat: int
    taker: int
    gives: tuple[str, ...]
    gets: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Answer:
    """accept / decline / cancel a trade (number None: the only one that fits)."""

    seat: int
    verb: str
    number: int | None


@dataclass(frozen=True, kw_only=True)
class DeckCmd:
    """`deck CARDS` / `deck all`: the 20-card deck."""

    seat: int
    cards: tuple[str, ...] | None  # None: "all"


@dataclass(frozen=True, kw_only=True)
class DealerCmd:
    """`dealer NAME`: Heaven or Hell."""

    seat: int
    dealer: str


@dataclass(frozen=True, kw_only=True)
class StartDeal:
    """The host deals (or resumes dealing) to a player."""

    seat: int


@dataclass(frozen=True, kw_only=True)
class Choice:
    """`open` or `pass` on the card just dealt."""

    seat: int
    open: bool


Command = Start | Bid | Close | Offer | Answer | DeckCmd | DealerCmd | StartDeal | Choice


def parse(state: State, actor: int | None, text: str, resolve: Any) -> Command:
    """Read one line from a player or the host."""
    words = text.replace(",", " ").split()
    if not words:
        raise InvalidCommand("empty command", text=text)
    head = words[0].lower()
    if actor is None:
        if [w.lower() for w in words] == ["close"]:
            return Close()
        if [w.lower() for w in words] == ["start"]:
            return Start()
        if head == "deal" and len(words) == 2:
            return StartDeal(seat=resolve(words[1]))
        if head in ("bid", "trade", "accept", "decline", "cancel", "deck", "dealer", "open", "pass"):
            raise InvalidCommand(f"“{head}” is a player's; write it with their name, e.g. “p3: {text.strip()}”", text=text)
        raise InvalidCommand("unknown host command (type “help” for the list)", text=text)
    if head == "bid":
        if state.phase == "waiting":
            raise IllegalAction("the match has not started: the host opens round 1 with “start”", text=text)
        if state.phase == "over":
            raise IllegalAction("the match is over", text=text)
        if state.phase != "building":
            raise IllegalAction("deck building is over; bids are closed", text=text)
        if len(words) == 1:
            raise InvalidCommand("bid on one or two packs, e.g. “bid 1 4”, or “bid none”", text=text)
        return Bid(seat=actor, packs=_parse_packs(state, words[1:], text))
    if head == "trade":
        return _parse_trade(actor, words[1:], text, resolve)
    if head in ("accept", "decline", "cancel"):
        if len(words) > 2 or (len(words) == 2 and not words[1].lstrip("#").isdecimal()):
            raise InvalidCommand(f"write “{head}” or “{head} N” with the trade's number", text=text)
        return Answer(seat=actor, verb=head, number=int(words[1].lstrip("#")) if len(words) == 2 else None)
    if head == "deck":
        if [w.lower() for w in words[1:]] == ["all"]:
            return DeckCmd(seat=actor, cards=None)
        if len(words) == 1:
            raise InvalidCommand("list the deck's cards, e.g. “deck 9 9 x x 8 7 …”, or “deck all”", text=text)
        return DeckCmd(seat=actor, cards=tuple(_card(w, text) for w in words[1:]))
    if head == "dealer":
        if len(words) != 2:
            raise InvalidCommand(f"write “dealer NAME” with one of {', '.join(state.cfg.dealers)}", text=text)
        return DealerCmd(seat=actor, dealer=_dealer(state, words[1], text))
    if head in ("open", "pass") and len(words) == 1:
        return Choice(seat=actor, open=head == "open")
    if head in ("close", "deal", "start"):
        raise InvalidCommand(f"“{head}” is the host's command", text=text)
    raise InvalidCommand(
        "not a command of this game: bid, trade, accept, decline, cancel, deck, dealer, open, pass (type “help”)", text=text
    )


def _card(word: str, text: str) -> str:
    c = card(word)
    if c is None:
        raise InvalidCommand(f"“{word}” is not a card (cards are 0–9 and + - x /)", text=text)
    return c


def _dealer(state: State, word: str, text: str) -> str:
    for d in state.cfg.dealers:
        if d.casefold() == word.casefold():
            return d
    raise InvalidCommand(f"“{word}” is not a dealer (dealers: {', '.join(state.cfg.dealers)})", text=text)


def _parse_packs(state: State, words: list[str], text: str) -> tuple[int, ...]:
    """Pack numbers or names (`bid 1 4`, `bid heaven basic hell mega`, `bid none`)."""
    offered = state.cfg.offered(state.round) if state.phase == "building" else ()
    if [w.lower() for w in words] in (["none"], ["nothing"]):
        return ()
    picks: list[int] = []
    rest = [w.lower() for w in words if w.lower() not in ("and", "+", "&")]
    i = 0
    while i < len(rest):
        w = rest[i]
        if w.isdecimal():
            n = int(w)
            if not 1 <= n <= max(len(offered), 1):
                raise InvalidCommand(f"there is no pack {n} (this round's packs are 1–{len(offered)})", text=text)
            picks.append(n)
            i += 1
            continue
        for length in (3, 2, 1):
            name = " ".join(rest[i : i + length])
            hit = next((j for j, p in enumerate(offered) if p.name.casefold() == name), None)
            if hit is not None:
                picks.append(hit + 1)
                i += length
                break
        else:
            names = ", ".join(f"{j + 1} {p.name}" for j, p in enumerate(offered))
            raise InvalidCommand(f"“{rest[i]}” is not a pack this round ({names})", text=text)
    if len(set(picks)) != len(picks):
        raise InvalidCommand("the packs must be different", text=text)
    return tuple(picks)


def _parse_trade(actor: int, words: list[str], text: str, resolve: Any) -> Offer:
    """`trade 2 x for 9 with p7`: this player gives 2 and x and gets 9 from p7."""
    usage = "write “trade CARDS for CARDS with PLAYER”, e.g. “trade 2 x for 9 with p7”"
    low = [w.lower() for w in words]
    if "for" not in low or "with" not in low or low.index("for") > low.index("with"):
        raise InvalidCommand(usage, text=text)
    f, w = low.index("for"), low.index("with")
    gives, gets, who = words[:f], words[f + 1 : w], words[w + 1 :]
    if not gives or not gets or len(who) != 1:
        raise InvalidCommand(usage, text=text)
    taker = resolve(who[0])
    if taker == actor:
        raise InvalidCommand("a trade is with another player", text=text)
    return Offer(seat=actor, taker=taker, gives=tuple(_card(c, text) for c in gives), gets=tuple(_card(c, text) for c in gets))


# ---------------------------------------------------------------- time


def next_due(state: State) -> int | None:
    """Never: a non-live match has no clock that acts on its own."""
    return None


def on_due(state: State, now: int) -> tuple[State, list[Event]]:
    """Never called (nothing is ever due)."""
    raise AssertionError("Open, Pass has no timed events")


# ---------------------------------------------------------------- judging


def apply(state: State, cmd: Command, now: int) -> tuple[State, list[Event]]:
    """Judge one command."""
    if state.over:
        raise IllegalAction("the match is over")
    if isinstance(cmd, Start):
        if state.phase != "waiting":
            raise IllegalAction("the match has already started")
        state = replace(state, phase="building")
        return state, [_round_opened(state, now)]
    if state.phase == "waiting" and not isinstance(cmd, Offer | Answer):
        raise IllegalAction("the match has not started: the host opens round 1 with “start”")
    if isinstance(cmd, Bid):
        return _bid(state, cmd, now)
    if isinstance(cmd, Close):
        return close_round(state, now) if state.phase == "building" else close_playing(state, now)
    if isinstance(cmd, Offer):
        return _offer(state, cmd, now)
    if isinstance(cmd, Answer):
        return _answer(state, cmd, now)
    if isinstance(cmd, DeckCmd):
        return _deck(state, cmd, now)
    if isinstance(cmd, DealerCmd):
        return _dealer_cmd(state, cmd, now)
    if isinstance(cmd, StartDeal):
        return _start_deal(state, cmd, now)
    return _choice(state, cmd, now)


def _set(state: State, seat: int, player: Player) -> State:
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players))


def _bid(state: State, cmd: Bid, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    if state.phase != "building":
        raise IllegalAction("deck building is over; bids are closed")
    if len(cmd.packs) > cfg.bids:
        raise IllegalAction(f"a player bids on at most {cfg.bids} different packs")
    offered = cfg.offered(state.round)
    p = state.players[cmd.seat]
    state = _set(state, cmd.seat, replace(p, bid=cmd.packs))
    data = {
        "player": cfg.names[cmd.seat],
        "round": state.round,
        "packs": [offered[n - 1].name for n in cmd.packs],
        "replaces": None if p.bid is None else [offered[n - 1].name for n in p.bid],
        "waiting": [cfg.names[i] for i, q in enumerate(state.players) if q.bid is None],
    }
    return state, [
        Event(kind="bid_set", t=now, audience=HOST, data=data),
        Event(kind="bid_confirmed", t=now, audience=f"player:{cmd.seat}", data=data),
    ]


def close_round(state: State, now: int) -> tuple[State, list[Event]]:
    """Resolve a deck-building round: odd counts give a copy, all-odd gives nothing, pity for the empty-handed."""
    cfg = state.cfg
    offered = cfg.offered(state.round)
    tally = [0] * len(offered)
    for p in state.players:
        for n in p.bid or ():
            tally[n - 1] += 1
    all_odd = all(t % 2 == 1 for t in tally)
    players = list(state.players)
    given: dict[str, list[str]] = {}
    pity: dict[str, str] = {}
    for seat, p in enumerate(state.players):
        gained = [] if all_odd else [n for n in (p.bid or ()) if tally[n - 1] % 2 == 1]
        cards = list(listing(p.cards))
        received = list(p.received)
        for n in gained:
            cards += offered[n - 1].cards
            received.append((state.round, offered[n - 1].name))
        if gained:
            given[cfg.names[seat]] = [offered[n - 1].name for n in gained]
        elif not all_odd or cfg.all_odd_pity:
            stream = Streams(cfg.seed).stream(f"openpass/pity/round{state.round}/seat{seat + 1}")
            c = stream.choice(cfg.pity)
            cards.append(c)
            received.append((state.round, f"pity {c}"))
            pity[cfg.names[seat]] = c
        players[seat] = replace(p, cards=counts(cards), bid=None, received=tuple(received))
    data: dict[str, Any] = {
        "round": state.round,
        "counts": {offered[i].name: tally[i] for i in range(len(offered))},
        "all_odd": all_odd,
        "received": given,
        "pity": pity,
        "no_bid": [cfg.names[i] for i, p in enumerate(state.players) if p.bid is None],
    }
    events = [Event(kind="round_closed", t=now, data=data, generated=bool(pity))]
    if state.round < cfg.rounds:
        state = replace(state, players=tuple(players), round=state.round + 1)
        events.append(_round_opened(state, now))
    else:
        state = replace(state, players=tuple(players), phase="playing")
        events.append(Event(kind="playing_opened", t=now, data={"deck_size": cfg.deck_size, "dealers": list(cfg.dealers)}))
    return state, events


def _round_opened(state: State, now: int) -> Event:
    offered = state.cfg.offered(state.round)
    return Event(
        kind="round_opened",
        t=now,
        data={
            "round": state.round,
            "of": state.cfg.rounds,
            "packs": [{"number": i + 1, "name": p.name, "cards": list(p.cards)} for i, p in enumerate(offered)],
        },
    )


def _offer(state: State, cmd: Offer, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    _trade_allowed(state, cmd.seat, cmd.taker)
    missing = _missing(state.players[cmd.seat].cards, cmd.gives)
    if missing:
        raise IllegalAction(f"{cfg.names[cmd.seat]} does not hold {missing}")
    t = Trade(number=state.next_trade, giver=cmd.seat, taker=cmd.taker, gives=cmd.gives, gets=cmd.gets)
    state = replace(state, trades=(*state.trades, t), next_trade=state.next_trade + 1)
    return state, [Event(kind="trade_offered", t=now, data=_trade_data(state, t))]


def _trade_allowed(state: State, a: int, b: int) -> None:
    names = state.cfg.names
    for seat in (a, b):
        if state.players[seat].deck is not None:
            raise IllegalAction(f"{names[seat]} has already submitted a deck; their cards are locked")


def _missing(have: tuple[int, ...], want: tuple[str, ...]) -> str:
    need = Counter(want)
    short = [
        f"{n - have[KINDS.index(k)]}× {k}" for k, n in sorted(need.items(), key=lambda kv: KINDS.index(kv[0])) if have[KINDS.index(k)] < n
    ]
    return ", ".join(short)


def _trade_data(state: State, t: Trade) -> dict[str, Any]:
    names = state.cfg.names
    return {"trade": t.number, "giver": names[t.giver], "taker": names[t.taker], "gives": list(t.gives), "gets": list(t.gets)}


def _answer(state: State, cmd: Answer, now: int) -> tuple[State, list[Event]]:
    names = state.cfg.names
    who = names[cmd.seat]
    mine = [t for t in state.trades if (t.taker if cmd.verb != "cancel" else t.giver) == cmd.seat]
    if cmd.number is not None:
        found = [t for t in state.trades if t.number == cmd.number]
        if not found:
            raise IllegalAction(f"there is no open trade {cmd.number}")
        if found[0] not in mine:
            if cmd.verb == "cancel":
                raise IllegalAction(f"trade {cmd.number} was not made by {who}; only its maker can withdraw it")
            raise IllegalAction(f"trade {cmd.number} is not offered to {who}")
        t = found[0]
    else:
        if not mine:
            raise IllegalAction(f"{who} has no open trade to {cmd.verb}")
        if len(mine) > 1:
            raise IllegalAction(
                f"{who} has {len(mine)} open trades ({', '.join(str(x.number) for x in mine)}): say which, e.g. “{cmd.verb} {mine[0].number}”"
            )
        t = mine[0]
    rest = tuple(x for x in state.trades if x.number != t.number)
    if cmd.verb != "accept":
        state = replace(state, trades=rest)
        return state, [Event(kind=f"trade_{cmd.verb}d" if cmd.verb != "cancel" else "trade_cancelled", t=now, data=_trade_data(state, t))]
    _trade_allowed(state, t.giver, t.taker)
    for seat, cards in ((t.giver, t.gives), (t.taker, t.gets)):
        missing = _missing(state.players[seat].cards, cards)
        if missing:
            raise IllegalAction(f"{names[seat]} does not hold {missing} now; the trade cannot go through")
    g, k = state.players[t.giver], state.players[t.taker]
    g_cards = Counter(listing(g.cards))
    k_cards = Counter(listing(k.cards))
    g_cards.subtract(t.gives)
    g_cards.update(t.gets)
    k_cards.subtract(t.gets)
    k_cards.update(t.gives)
    state = _set(state, t.giver, replace(g, cards=counts(list(g_cards.elements()))))
    state = _set(state, t.taker, replace(state.players[t.taker], cards=counts(list(k_cards.elements()))))
    state = replace(state, trades=rest)
    return state, [Event(kind="trade_done", t=now, data=_trade_data(state, t))]


def _deck(state: State, cmd: DeckCmd, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    who = cfg.names[cmd.seat]
    if state.phase != "playing":
        raise IllegalAction(f"decks are submitted in the playing phase, after round {cfg.rounds} of deck building")
    p = state.players[cmd.seat]
    if p.deal is not None and p.deal.started:
        raise IllegalAction(f"{who}'s deal has started; the deck cannot change")
    owned = sum(p.cards)
    cards = tuple(listing(p.cards)) if cmd.cards is None else cmd.cards
    if cmd.cards is None and owned > cfg.deck_size:
        raise IllegalAction(f"{who} owns {owned} cards; a deck is exactly {cfg.deck_size}: list them")
    if len(cards) > cfg.deck_size:
        raise IllegalAction(f"a deck is exactly {cfg.deck_size} cards; {len(cards)} listed")
    if len(cards) < cfg.deck_size and owned >= cfg.deck_size:
        raise IllegalAction(
            f"a deck is exactly {cfg.deck_size} cards; {len(cards)} listed (padding is only for players who own fewer than {cfg.deck_size})"
        )
    missing = _missing(p.cards, cards)
    if missing:
        raise IllegalAction(f"{who} does not own {missing} (see “cards {who}”)")
    if owned < cfg.deck_size and len(cards) != owned:
        raise IllegalAction(
            f"{who} owns {owned} cards, fewer than {cfg.deck_size}: the deck is all of them, padded with {cfg.deck_size - owned} {cfg.pad} (write “deck all”)"
        )
    padded = cfg.deck_size - len(cards)
    deck = tuple(sorted(cards, key=KINDS.index)) + (cfg.pad,) * padded
    state = _set(state, cmd.seat, replace(p, deck=deck, padded=padded, deal=None))
    data = {"player": who, "deck": list(deck), "padded": padded, "pad": cfg.pad, "dealer": p.dealer}
    return state, [
        Event(kind="deck_set", t=now, audience=HOST, data=data),
        Event(kind="deck_confirmed", t=now, audience=f"player:{cmd.seat}", data=data),
    ]


def _dealer_cmd(state: State, cmd: DealerCmd, now: int) -> tuple[State, list[Event]]:
    who = state.cfg.names[cmd.seat]
    if state.phase != "playing":
        raise IllegalAction("the dealer is chosen in the playing phase")
    p = state.players[cmd.seat]
    if p.deal is not None and p.deal.started:
        raise IllegalAction(f"{who}'s deal has started; the dealer cannot change")
    state = _set(state, cmd.seat, replace(p, dealer=cmd.dealer, deal=None))
    return state, [Event(kind="dealer_set", t=now, audience=HOST, data={"player": who, "dealer": cmd.dealer})]


def _start_deal(state: State, cmd: StartDeal, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    who = cfg.names[cmd.seat]
    if state.phase != "playing":
        raise IllegalAction("deals happen in the playing phase")
    p = state.players[cmd.seat]
    if p.deck is None or p.dealer is None:
        lacking = " and ".join(x for x, v in (("a deck", p.deck), ("a dealer", p.dealer)) if v is None)
        raise IllegalAction(f"{who} has not submitted {lacking} yet")
    if p.deal is not None and p.deal.done:
        raise IllegalAction(f"{who} has already played (score {show(p.score or Fraction(0))})")
    deal = p.deal
    if deal is None:
        # R-OP-3: the dealers differ only in their random stream; the deck's listing order does not matter.
        stream = Streams(cfg.seed).stream(f"openpass/dealer/{p.dealer}/seat{cmd.seat + 1}")
        deal = Deal(dealer=p.dealer, order=tuple(stream.shuffled(p.deck)), started=True)
        state = _set(state, cmd.seat, replace(p, deal=deal))
        events = [Event(kind="deal_started", t=now, data={"player": who, "dealer": p.dealer, "cards": len(deal.order)})]
    else:
        events = []
    return state, [*events, _card_shown(state, cmd.seat, now)]


def _card_shown(state: State, seat: int, now: int) -> Event:
    deal = state.players[seat].deal
    assert deal is not None
    return Event(
        kind="card_dealt",
        t=now,
        audience=HOST,
        generated=True,  # dealt from the dealer's seeded shuffle: `umpire verify` re-derives it
        data={
            "player": state.cfg.names[seat],
            "number": deal.pos + 1,
            "of": len(deal.order),
            "card": deal.order[deal.pos],
            "row": list(deal.row),
            "opened": len(deal.row),
            "max_open": state.cfg.max_open,
        },
    )


def _choice(state: State, cmd: Choice, now: int) -> tuple[State, list[Event]]:
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
    events = [Event(kind="answered", t=now, audience=HOST, data={"player": who, "card": c, "open": cmd.open, "row": list(row)})]
    auto: list[str] = []
    if len(row) >= cfg.max_open and deal.pos < len(deal.order):
        auto = list(deal.order[deal.pos :])
        deal = replace(deal, pos=len(deal.order))
    if deal.pos >= len(deal.order):
        state, events = _finish(state, cmd.seat, deal, now, events, auto)
        if all(q.deal is not None and q.deal.done for q in state.players):
            return _results(state, now, events)  # everyone has played
        return state, events
    state = _set(state, cmd.seat, replace(p, deal=deal))
    return state, [*events, _card_shown(state, cmd.seat, now)]


def _finish(
    state: State, seat: int, deal: Deal, now: int, events: list[Event], auto: list[str], *, closed: bool = False
) -> tuple[State, list[Event]]:
    cfg = state.cfg
    reading, score, notes = read_row(deal.row, division=cfg.division)
    p = state.players[seat]
    state = _set(state, seat, replace(p, deal=replace(deal, done=True), score=score))
    return state, [
        *events,
        Event(
            kind="deal_over",
            t=now,
            data={
                "player": cfg.names[seat],
                "row": list(deal.row),
                "reading": " ".join(reading) if reading else "",
                "score": exact(score),
                "shown": show(score),
                "auto_passed": auto,
                "notes": notes,
                "closed": closed,
            },
        ),
    ]


def close_playing(state: State, now: int) -> tuple[State, list[Event]]:
    """End the playing phase: unfinished deals pass their remaining cards; rank; Tokens of Life and ECs."""
    events: list[Event] = []
    for seat, p in enumerate(state.players):
        if p.deal is not None and p.deal.done:
            continue
        deal = p.deal or Deal(dealer=p.dealer or "", order=p.deck or ())
        auto = list(deal.order[deal.pos :])
        state, evs = _finish(state, seat, replace(deal, pos=len(deal.order)), now, [], auto, closed=True)
        events += evs
    return _results(state, now, events)


def _results(state: State, now: int, events: list[Event]) -> tuple[State, list[Event]]:
    cfg = state.cfg
    names = cfg.names
    n = len(state.players)
    # Ties are broken by one seeded draw of the whole table, made only now.
    tiebreak = Streams(cfg.seed).stream("openpass/ties").shuffled(range(n))
    rank_of = {seat: i for i, seat in enumerate(tiebreak)}
    scores = [p.score or Fraction(0) for p in state.players]
    order = sorted(range(n), key=lambda s: (-scores[s], rank_of[s]))
    notes = []
    groups: dict[Fraction, list[int]] = {}
    for s in order:
        groups.setdefault(scores[s], []).append(s)
    for value, seats in groups.items():
        if len(seats) > 1:
            notes.append(
                f"tie at {show(value)} between {', '.join(names[s] for s in sorted(seats))}, broken by the seeded draw: {' ahead of '.join(names[s] for s in seats)}"
            )
    players = list(state.players)
    for place, seat in enumerate(order):
        tokens = cfg.tokens[place] if place < len(cfg.tokens) else 0
        ec = place >= n - cfg.ecs
        players[seat] = replace(players[seat], tokens=players[seat].tokens + tokens, ec=ec)
    state = replace(state, players=tuple(players), phase="over", ranking=tuple(order), tie_notes=tuple(notes))
    events.append(
        Event(
            kind="results",
            t=now,
            generated=bool(notes),  # the seeded tie-break decided places
            data={
                "ranking": [
                    {
                        "place": i + 1,
                        "player": names[s],
                        "score": exact(scores[s]),
                        "shown": show(scores[s]),
                        "tokens": players[s].tokens,
                        "ec": players[s].ec,
                    }
                    for i, s in enumerate(order)
                ],
                "ties": notes,
            },
        )
    )
    return state, events
