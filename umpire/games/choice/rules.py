"""The rules of the Final Match: the block frame, Goofspiel bouts and the Shop. Pure.

Time: the host starts each block (`start`); inside a block everything runs on
the match clock from the block's start: Goofspiel rounds every 60 s (59 s to
play, 1 s break) in blocks 1–5, shop cycles every 3 min 20 s in blocks 2–6, and
the block's end after 10 minutes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from umpire.core.errors import IllegalAction, InvalidCommand
from umpire.games.base import HOST, Event
from umpire.games.choice.config import (
    BLOCKS,
    CYCLES,
    GOOFSPIEL_BLOCKS,
    ITEM_NAMES,
    ITEMS,
    ROUNDS,
    SHOP_FIRST_BLOCK,
    Config,
)
from umpire.games.choice.generate import prize_order, shop_prices, shop_text

GOOFSPIEL, GYUL_HAP, EXPRESSIONS = 0, 1, 2

# ---------------------------------------------------------------- state


@dataclass(frozen=True, kw_only=True)
class Seat:
    """One player's holdings."""

    money: int
    pending: int = 0  # this block's Goofspiel winnings, credited at the next block's start
    tiles: tuple[int, ...] = (0,) * 9  # copies held of tiles 1–9
    gsp: int = 0
    ghp: int = 0
    ep: int = 0
    adv: tuple[int, int, int] = (0, 0, 0)  # Advantage copies left, in ITEMS order


@dataclass(frozen=True, kw_only=True)
class Play:
    """A player's current Goofspiel submission for the round."""

    card: int
    boosted: bool = False  # `igs`: the card counts one more


@dataclass(frozen=True, kw_only=True)
class Bout:
    """The Goofspiel bout of one block."""

    block: int
    prizes: tuple[int, ...]
    round: int = 1
    open: bool = True  # a round is taking plays
    hands: tuple[tuple[int, ...], ...] = (tuple(range(1, 10)), tuple(range(1, 10)))
    plays: tuple[Play | None, ...] = (None, None)
    money: tuple[int, ...] = (0, 0)
    finished: bool = False


@dataclass(frozen=True, kw_only=True)
class Shop:
    """The shop cycle under way."""

    cycle: int  # 1–15 over the match
    block_cycle: int  # 1–3 within the block
    prices: tuple[int, ...]
    bought: tuple[frozenset[int], ...] = (frozenset(), frozenset())


@dataclass(frozen=True, kw_only=True)
class State:
    """The whole match at one moment."""

    cfg: Config
    seats: tuple[Seat, ...]
    block: int = 0  # the block under way, or the last one played
    in_block: bool = False
    block_start: int = 0
    fired: int = 0  # how many of the block's timed happenings have happened
    bout: Bout | None = None
    shop: Shop | None = None
    subgame_winners: tuple[tuple[str, str | None], ...] = ()  # (item, winner name or None), as decided
    winner: int | None = None
    result: str = ""

    @property
    def over(self) -> bool:
        return self.block == BLOCKS and not self.in_block


def initial(cfg: Config) -> State:
    """The match before block 1."""
    seats = tuple(Seat(money=cfg.starting_money, adv=cfg.given[i]) for i in range(len(cfg.names)))
    return State(cfg=cfg, seats=seats)


# ---------------------------------------------------------------- commands


@dataclass(frozen=True, kw_only=True)
class StartBlock:
    """The host starts the next block."""


@dataclass(frozen=True, kw_only=True)
class GsPlay:
    """`gs X` / `igs X`: set the player's card for the round."""

    seat: int
    card: int
    boosted: bool


@dataclass(frozen=True, kw_only=True)
class Buy:
    """`buy X`: three copies of tile X at this cycle's price."""

    seat: int
    digit: int


@dataclass(frozen=True, kw_only=True)
class Post:
    """`post shop` / `status` from a player or the host: repost, changes nothing."""

    what: str
    seat: int | None


Command = StartBlock | GsPlay | Buy | Post


def parse(state: State, actor: int | None, text: str) -> Command:
    """Read one line; the bot syntax players already know."""
    words = text.lower().split()
    if not words:
        raise InvalidCommand("empty command", text=text)
    head = words[0]
    if head in ("gs", "igs"):
        if len(words) != 2:
            raise InvalidCommand(f"write “{head} X” with one card 1–9, e.g. “{head} 5”", text=text)
        if actor is None:
            raise InvalidCommand(f"a Goofspiel play is a player's; write it as “p1: {text.strip()}”", text=text)
        return GsPlay(seat=actor, card=_digit(words[1], "card", text), boosted=head == "igs")
    if head == "buy":
        if len(words) != 2:
            raise InvalidCommand("write “buy X” with one tile 1–9, e.g. “buy 9”", text=text)
        if actor is None:
            raise InvalidCommand(f"a purchase is a player's; write it as “p1: {text.strip()}”", text=text)
        return Buy(seat=actor, digit=_digit(words[1], "tile", text))
    if words == ["post", "shop"]:
        return Post(what="shop", seat=actor)
    if words == ["status"] and actor is not None:
        return Post(what="status", seat=actor)
    if words == ["start"] and actor is None:
        return StartBlock()
    if head == "start":
        if actor is None:
            raise InvalidCommand("“start” takes nothing after it: it starts the next block", text=text)
        raise InvalidCommand("“start” is the host's command (it starts the next block)", text=text)
    if actor is None:
        raise InvalidCommand("unknown host command (type “help” for the list)", text=text)
    raise InvalidCommand("not a command of this game: gs X, igs X, buy X, status, post shop (type “help” for all)", text=text)


def _digit(word: str, what: str, text: str) -> int:
    if word not in ("1", "2", "3", "4", "5", "6", "7", "8", "9"):
        raise InvalidCommand(f"“{word}” is not a {what}: {what}s are 1 to 9", text=text)
    return int(word)


# ---------------------------------------------------------------- judging


def apply(state: State, cmd: Command, now: int) -> tuple[State, list[Event]]:
    """Judge a command at `now`."""
    if isinstance(cmd, Post):
        return _post(state, cmd, now)
    if state.over:
        raise IllegalAction(f"the match is over ({state.result})")
    if isinstance(cmd, StartBlock):
        return start_block(state, now)
    if isinstance(cmd, GsPlay):
        return _gs(state, cmd, now)
    return _buy(state, cmd, now)


def _names(state: State) -> tuple[str, ...]:
    return state.cfg.names


def start_block(state: State, now: int) -> tuple[State, list[Event]]:
    """Begin the next block: credit the shop balances, open the bout and the shop."""
    if state.in_block:
        raise IllegalAction(f"block {state.block} is under way; the next one starts after it ends")
    cfg = state.cfg
    names = _names(state)
    block = state.block + 1
    credits: dict[str, dict[str, int]] = {}
    seats = list(state.seats)
    if block >= SHOP_FIRST_BLOCK:
        for i, s in enumerate(seats):
            credits[names[i]] = {"goofspiel": s.pending, "credit": cfg.credit}
            seats[i] = replace(s, money=s.money + s.pending + cfg.credit, pending=0)
    state = replace(state, block=block, in_block=True, block_start=now, fired=0, seats=tuple(seats), bout=None, shop=None)
    events = [
        Event(
            kind="block_started",
            t=now,
            data={
                "block": block,
                "credits": credits,
                "money": {names[i]: seats[i].money for i in range(len(seats))},
                "goofspiel": block <= GOOFSPIEL_BLOCKS,
                "shop": block >= SHOP_FIRST_BLOCK,
            },
        )
    ]
    if block <= GOOFSPIEL_BLOCKS:
        bout = Bout(block=block, prizes=prize_order(cfg.streams, block))
        state = replace(state, bout=bout)
        events.append(_round_started(state, bout, now))
    if block >= SHOP_FIRST_BLOCK:
        state, ev = _open_cycle(state, 1, now)
        events.append(ev)
    return state, events


def _round_started(state: State, bout: Bout, now: int) -> Event:
    prize = bout.prizes[bout.round - 1]
    return Event(
        kind="round_started",
        t=now,
        generated=True,
        data={
            "block": bout.block,
            "round": bout.round,
            "prize": prize,
            "deadline": now + state.cfg.round_ms,
        },
    )


def _open_cycle(state: State, block_cycle: int, now: int) -> tuple[State, Event]:
    cfg = state.cfg
    cycle = (state.block - SHOP_FIRST_BLOCK) * CYCLES + block_cycle
    prices = shop_prices(cfg.streams, cycle, cfg.prices)
    shop = Shop(cycle=cycle, block_cycle=block_cycle, prices=prices, bought=tuple(frozenset() for _ in state.seats))
    return replace(state, shop=shop), Event(
        kind="shop_opened",
        t=now,
        generated=True,
        data={
            "block": state.block,
            "cycle": block_cycle,
            "shop_cycle": cycle,
            "prices": {str(d + 1): prices[d] for d in range(9)},
            "shop": shop_text(prices),
            "until": now + cfg.cycle_ms,
        },
    )


def _gs(state: State, cmd: GsPlay, now: int) -> tuple[State, list[Event]]:
    names = _names(state)
    who = names[cmd.seat]
    bout = state.bout
    if not state.in_block:
        raise IllegalAction(f"no Goofspiel round is open: block {state.block + 1} has not started")
    if bout is None:
        raise IllegalAction(f"there is no Goofspiel in block {state.block}")
    if bout.finished:
        raise IllegalAction(f"block {state.block}'s bout is over (nine rounds played)")
    if not bout.open:
        raise IllegalAction(f"round {bout.round} is closed; round {bout.round + 1} opens in a moment")
    hand = bout.hands[cmd.seat]
    if cmd.card not in hand:
        raise IllegalAction(f"{who} already used the {cmd.card} in this bout (cards left: {' '.join(map(str, hand))})")
    if cmd.boosted:
        if cmd.card == 9:
            raise IllegalAction("the Goofspiel Advantage cannot turn a 9 into a 10")
        left = state.seats[cmd.seat].adv[GOOFSPIEL]
        if left < 1:
            given = state.cfg.given[cmd.seat][GOOFSPIEL]
            raise IllegalAction(f"{who} has no Goofspiel Advantage" + (" left (used)" if given else ""))
    previous = bout.plays[cmd.seat]
    plays = list(bout.plays)
    plays[cmd.seat] = Play(card=cmd.card, boosted=cmd.boosted)
    state = replace(state, bout=replace(bout, plays=tuple(plays)))
    data: dict[str, Any] = {"player": who, "block": bout.block, "round": bout.round, "card": cmd.card, "boosted": cmd.boosted}
    if previous is not None:
        data["replaces"] = {"card": previous.card, "boosted": previous.boosted}
    return state, [
        Event(kind="gs_set", t=now, audience=HOST, data=data),
        Event(kind="gs_confirmed", t=now, audience=f"player:{cmd.seat}", data=data),
    ]


def _buy(state: State, cmd: Buy, now: int) -> tuple[State, list[Event]]:
    names = _names(state)
    who = names[cmd.seat]
    shop = state.shop
    if shop is None:
        if state.block == 0:
            raise IllegalAction(f"the match has not started; the shop opens in block {SHOP_FIRST_BLOCK}")
        if state.in_block and state.block < SHOP_FIRST_BLOCK:
            raise IllegalAction(f"the shop is closed in block {state.block}; it opens in block {SHOP_FIRST_BLOCK}")
        raise IllegalAction("the shop is closed between blocks")
    if cmd.digit in shop.bought[cmd.seat]:
        raise IllegalAction(f"{who} already bought tile {cmd.digit} this cycle; it can be bought again next cycle")
    price = shop.prices[cmd.digit - 1]
    seat = state.seats[cmd.seat]
    if seat.money < price:
        raise IllegalAction(f"{who} has ${seat.money}; tile {cmd.digit} costs ${price} this cycle")
    tiles = list(seat.tiles)
    tiles[cmd.digit - 1] += state.cfg.copies
    seats = list(state.seats)
    seats[cmd.seat] = replace(seat, money=seat.money - price, tiles=tuple(tiles))
    bought = list(shop.bought)
    bought[cmd.seat] = shop.bought[cmd.seat] | {cmd.digit}
    state = replace(state, seats=tuple(seats), shop=replace(shop, bought=tuple(bought)))
    return state, [
        Event(
            kind="bought",
            t=now,
            data={
                "player": who,
                "tile": cmd.digit,
                "copies": state.cfg.copies,
                "price": price,
                "money": seats[cmd.seat].money,
                "tiles": tiles_json(seats[cmd.seat]),
            },
        )
    ]


def _post(state: State, cmd: Post, now: int) -> tuple[State, list[Event]]:
    if cmd.what == "shop":
        if state.shop is None:
            raise IllegalAction("the shop is closed; there is nothing to post")
        shop = state.shop
        return state, [
            Event(
                kind="shop_posted",
                t=now,
                data={
                    "block": state.block,
                    "cycle": shop.block_cycle,
                    "shop": shop_text(shop.prices),
                    "prices": {str(d + 1): shop.prices[d] for d in range(9)},
                },
            )
        ]
    return state, [Event(kind="status_posted", t=now, data={"status": status_json(state)})]


# ---------------------------------------------------------------- time


@dataclass(frozen=True, kw_only=True)
class Timed:
    """One timed happening of a block."""

    at: int
    order: int  # at the same instant: deadlines, then the block's end, then openings, then reminders
    kind: str  # "round_deadline", "round_reminder", "round_start", "cycle_start", "block_end"
    number: int = 0


def schedule(state: State) -> tuple[Timed, ...]:
    """Everything the rules do on their own in the block under way, in order."""
    if not state.in_block:
        return ()
    return _schedule(state.cfg, state.block, state.block_start)


@lru_cache(maxsize=32)
def _schedule(cfg: Config, block: int, s: int) -> tuple[Timed, ...]:
    # A block's timetable depends only on the settings, the block and when it started.
    items: list[Timed] = []
    if block <= GOOFSPIEL_BLOCKS:
        for k in range(1, ROUNDS + 1):
            opens = s + (k - 1) * cfg.round_period
            if k > 1:
                items.append(Timed(at=opens, order=2, kind="round_start", number=k))
            if cfg.reminder_ms:
                items.append(Timed(at=opens + cfg.round_ms - cfg.reminder_ms, order=3, kind="round_reminder", number=k))
            items.append(Timed(at=opens + cfg.round_ms, order=0, kind="round_deadline", number=k))
    if block >= SHOP_FIRST_BLOCK:
        for c in range(2, CYCLES + 1):
            items.append(Timed(at=s + (c - 1) * cfg.cycle_ms, order=2, kind="cycle_start", number=c))
    items.append(Timed(at=s + cfg.block_ms, order=1, kind="block_end", number=block))
    items.sort(key=lambda t: (t.at, t.order))
    return tuple(items)


def next_due(state: State) -> int | None:
    """When the block's next timed happening is due."""
    items = schedule(state)
    return items[state.fired].at if state.fired < len(items) else None


def on_due(state: State, now: int) -> tuple[State, list[Event]]:
    """Apply the block's next timed happening."""
    item = schedule(state)[state.fired]
    state = replace(state, fired=state.fired + 1)
    if item.kind == "round_reminder":
        bout = state.bout
        assert bout is not None
        waiting = [state.cfg.names[i] for i, p in enumerate(bout.plays) if p is None]
        return state, [
            Event(
                kind="round_reminder",
                t=item.at,
                data={"block": state.block, "round": item.number, "seconds": state.cfg.reminder_ms // 1000, "waiting": waiting},
            )
        ]
    if item.kind == "round_deadline":
        return _resolve_round(state, item.at)
    if item.kind == "round_start":
        bout = state.bout
        assert bout is not None
        bout = replace(bout, round=item.number, open=True, plays=tuple(None for _ in state.seats))
        return replace(state, bout=bout), [_round_started(state, bout, item.at)]
    if item.kind == "cycle_start":
        state, ev = _open_cycle(state, item.number, item.at)
        return state, [ev]
    return end_block(state, item.at)


def _resolve_round(state: State, now: int) -> tuple[State, list[Event]]:
    bout = state.bout
    assert bout is not None
    names = _names(state)
    prize = bout.prizes[bout.round - 1]
    seats = list(state.seats)
    hands = list(bout.hands)
    money = list(bout.money)
    shown: dict[str, dict[str, Any]] = {}
    values = []
    for i, play in enumerate(bout.plays):
        auto = play is None
        if play is None:
            # Amendment: no submission plays the lowest unused card, at full value.
            play = Play(card=min(hands[i]))
        value = play.card + (1 if play.boosted else 0)
        if play.boosted:
            adv = list(seats[i].adv)
            adv[GOOFSPIEL] -= 1
            seats[i] = replace(seats[i], adv=(adv[0], adv[1], adv[2]))
        hands[i] = tuple(c for c in hands[i] if c != play.card)
        values.append(value)
        shown[names[i]] = {"card": play.card, "value": value, "auto": auto, "boosted": play.boosted}
    winner: int | None = None
    if values[0] != values[1]:
        winner = 0 if values[0] > values[1] else 1
        money[winner] += prize
        seats[winner] = replace(seats[winner], pending=seats[winner].pending + prize)
    finished = bout.round == ROUNDS
    bout = replace(bout, open=False, hands=tuple(hands), money=tuple(money), finished=finished, plays=tuple(None for _ in seats))
    state = replace(state, bout=bout, seats=tuple(seats))
    events = [
        Event(
            kind="round_resolved",
            t=now,
            data={
                "block": bout.block,
                "round": bout.round,
                "prize": prize,
                "plays": shown,
                "winner": names[winner] if winner is not None else None,
                "bout_money": {names[i]: money[i] for i in range(len(money))},
            },
        )
    ]
    if finished:
        gsp_to: int | None = None
        if money[0] != money[1]:
            gsp_to = 0 if money[0] > money[1] else 1
            seats[gsp_to] = replace(seats[gsp_to], gsp=seats[gsp_to].gsp + 1)
            state = replace(state, seats=tuple(seats))
        events.append(
            Event(
                kind="bout_over",
                t=now,
                data={
                    "block": bout.block,
                    "bout_money": {names[i]: money[i] for i in range(len(money))},
                    "gsp_to": names[gsp_to] if gsp_to is not None else None,
                    "gsp": {names[i]: seats[i].gsp for i in range(len(seats))},
                    "prizes": list(bout.prizes),
                },
            )
        )
    return state, events


def end_block(state: State, now: int) -> tuple[State, list[Event]]:
    """The block's time is up: close the shop; after block 5 decide Goofspiel, after block 6 the match."""
    names = _names(state)
    state = replace(state, in_block=False, shop=None)
    events = [Event(kind="block_over", t=now, data={"block": state.block, "money": {names[i]: s.money for i, s in enumerate(state.seats)}})]
    if state.block == GOOFSPIEL_BLOCKS:
        state, ev = decide(state, GOOFSPIEL, now)
        events.append(ev)
    if state.block == BLOCKS:
        for item in (GYUL_HAP, EXPRESSIONS):
            state, ev = decide(state, item, now)
            events.append(ev)
        state, ev = match_result(state, now)
        events.append(ev)
    return state, events


def decide(state: State, item: int, now: int) -> tuple[State, Event]:
    """Decide one subgame: more points wins; a tie goes to the Advantage holder (R-ADV-1)."""
    names = _names(state)
    key = ITEMS[item]
    points = [(s.gsp, s.ghp, s.ep)[item] for s in state.seats]
    holders = [i for i in range(len(state.seats)) if state.cfg.given[i][item] > 0]
    reason: str
    if points[0] != points[1]:
        winner: int | None = 0 if points[0] > points[1] else 1
        reason = f"{points[winner or 0]} to {points[1 - (winner or 0)]}"
    elif len(holders) == 1:
        winner = holders[0]
        reason = f"tied at {points[0]}; {names[winner]} holds the {ITEM_NAMES[key]} Advantage"
    else:
        winner = None
        reason = (
            f"tied at {points[0]} and " + ("both hold the Advantage" if holders else "nobody holds the Advantage") + ": no winner (R-ADV-1)"
        )
    won = names[winner] if winner is not None else None
    state = replace(state, subgame_winners=(*state.subgame_winners, (key, won)))
    return state, Event(
        kind="subgame_decided",
        t=now,
        data={"subgame": key, "winner": won, "reason": reason, "points": {names[i]: points[i] for i in range(len(points))}},
    )


def match_result(state: State, now: int) -> tuple[State, Event]:
    """Whoever won two subgames wins the match; otherwise it is undecided (R-ADV-1)."""
    names = _names(state)
    wins = [sum(1 for _, w in state.subgame_winners if w == n) for n in names]
    winner = next((i for i, w in enumerate(wins) if w >= 2), None)
    result = "undecided: nobody won two subgames" if winner is None else f"{names[winner]} won {wins[winner]} of 3 subgames"
    state = replace(state, winner=winner, result=result)
    return state, Event(
        kind="match_over",
        t=now,
        data={
            "winner": names[winner] if winner is not None else None,
            "result": result,
            "subgame_winners": dict(state.subgame_winners),
        },
    )


# ---------------------------------------------------------------- data


def tiles_json(seat: Seat) -> dict[str, int]:
    """Tiles held, digit -> count."""
    return {str(d + 1): seat.tiles[d] for d in range(9)}


def status_json(state: State) -> dict[str, dict[str, Any]]:
    """What `status` shows per player (the card: no Goofspiel cards here)."""
    return {
        state.cfg.names[i]: {
            "tiles": tiles_json(s),
            "money": s.money,
            "gsp": s.gsp,
            "ghp": s.ghp,
            "ep": s.ep,
        }
        for i, s in enumerate(state.seats)
    }
