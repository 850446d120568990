"""The rules of the Final Match: the block frame, Goofspiel bouts and the Shop. Pure.

Time: the host starts each block (`start`); inside a block everything runs on
the match clock from the block's start: Goofspiel rounds every 60 s (59 s to
play, 1 s break) in blocks 1–5, shop cycles every 3 min 20 s in blocks 2–6, and
the block's end after 10 minutes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from umpire.core import hap
from umpire.core.arith import evaluate, parse_digits, show
from umpire.core.errors import IllegalAction, InvalidCommand
from umpire.core.pieces import HAP_PIECES
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
from umpire.games.choice.expressions import Puzzle, puzzle_sets, written
from umpire.games.choice.generate import prize_order, shop_prices, shop_text
from umpire.games.choice.gyul import Board, boards, emoji, tile_letters, tile_words

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
class Gyul:
    """Gyul Hap: the board under way and what has been claimed on it."""

    index: int = 0  # 0-based, into the match's boards
    claimed: tuple[tuple[tuple[int, int, int], int], ...] = ()  # (positions, seat)
    last_gyul: tuple[int, int] | None = None  # (seat, time) of the last correct gyul, for the anti-snipe grace
    over: bool = False


@dataclass(frozen=True, kw_only=True)
class ExprSet:
    """The Expressions set under way."""

    number: int  # 1–10 over the match
    block_set: int  # 1–2 within the block
    solved: tuple[frozenset[int], ...] = (frozenset(), frozenset())  # puzzle numbers solved, per seat
    extras: frozenset[int] = frozenset()  # digits already used as the extra in this set


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
    gyul: Gyul = Gyul()
    expr: ExprSet | None = None
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


@dataclass(frozen=True, kw_only=True)
class HapCall:
    """`hap abc d` / `ihap abc d e`: positions a<b<c, the extra d taken from the board, e the wildcard."""

    seat: int
    positions: tuple[int, int, int]
    extra: int
    wild: int | None = None


@dataclass(frozen=True, kw_only=True)
class GyulCall:
    """`gyul`: every hap on the board has been claimed."""

    seat: int


@dataclass(frozen=True, kw_only=True)
class ExprCall:
    """`expr x S y` / `iexpr x S y z`: puzzle x solved by S with extra y (and wildcard z)."""

    seat: int
    puzzle: int
    digits: tuple[int, ...]
    ops: str
    extra: int
    wild: int | None = None


Command = StartBlock | GsPlay | Buy | Post | HapCall | GyulCall | ExprCall


def parse(state: State, actor: int | None, text: str, resolve: Any = None) -> Command:
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
    if head in ("hap", "ihap", "gyul", "expr", "iexpr") and actor is None:
        raise InvalidCommand(f"“{head}” is a player's call; write it as “p1: {text.strip()}”", text=text)
    if head in ("hap", "ihap"):
        return _parse_hap(actor or 0, words, text)
    if words == ["gyul"]:
        return GyulCall(seat=actor or 0)
    if head in ("expr", "iexpr"):
        return _parse_expr(state, actor or 0, text.split(), text)
    if len(words) == 2 and words[0] == "post" and words[1] in ("shop", "gh", "expr"):
        return Post(what=words[1], seat=actor)
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
    raise InvalidCommand(
        "not a command of this game: gs X, igs X, buy X, hap abc d, ihap abc d e, gyul, expr x S y, iexpr x S y z, status, post shop/gh/expr (type “help” for all)",
        text=text,
    )


def _parse_hap(seat: int, words: list[str], text: str) -> HapCall:
    head = words[0]
    usage = "hap abc d: three board positions in increasing order and the extra among them, e.g. “hap 149 4”"
    if head == "ihap":
        usage = "ihap abc d e: positions a<b<c, the extra d and the wildcard e among them, e.g. “ihap 149 4 9”"
    want = 4 if head == "ihap" else 3
    if len(words) != want or len(words[1]) != 3:
        raise InvalidCommand(f"write {usage}", text=text)
    a, b, c = (_digit(ch, "position", text) for ch in words[1])
    if len({a, b, c}) < 3:
        raise InvalidCommand(f"the positions must be three different ones, in increasing order (not “{words[1]}”)", text=text)
    if not a < b < c:
        raise InvalidCommand(
            f"the positions must be in increasing order: “{''.join(map(str, sorted({a, b, c})))}”, not “{words[1]}”", text=text
        )
    extra = _digit(words[2], "position", text)
    if extra not in (a, b, c):
        raise InvalidCommand(f"the extra {extra} must be one of {words[1]}", text=text)
    wild = None
    if head == "ihap":
        wild = _digit(words[3], "position", text)
        if wild not in (a, b, c) or wild == extra:
            raise InvalidCommand(f"the wildcard {wild} must be one of {words[1]} other than the extra {extra}", text=text)
    return HapCall(seat=seat, positions=(a, b, c), extra=extra, wild=wild)


def _parse_expr(state: State, seat: int, words: list[str], text: str) -> ExprCall:
    head = words[0].lower()
    want = 5 if head == "iexpr" else 4
    usage = "expr x S y: puzzle x, the filled expression S and the extra digit y, e.g. “expr 1 2+3x9-3 3”"
    if head == "iexpr":
        usage = "iexpr x S y z: puzzle x, the expression S, the extra y and the wildcard digit z, e.g. “iexpr 1 2+3x9-3 3 9”"
    if len(words) != want:
        raise InvalidCommand(f"write {usage} (no spaces inside S)", text=text)
    if words[1] not in [str(i) for i in range(1, state.cfg.per_set + 1)]:
        raise InvalidCommand(f"“{words[1]}” is not a puzzle number: a set has puzzles 1 to {state.cfg.per_set}", text=text)
    puzzle = int(words[1])
    try:
        digits, ops = parse_digits(words[2])
    except InvalidCommand as exc:
        raise InvalidCommand(exc.reason, text=text) from None
    if len(digits) != 4:
        raise InvalidCommand(f"“{words[2]}” has {len(digits)} digits; a puzzle has four blanks", text=text)
    extra = _digit(words[3], "digit", text)
    if extra not in digits:
        raise InvalidCommand(f"the extra {extra} must be one of the digits of {words[2]}", text=text)
    wild = None
    if head == "iexpr":
        wild = _digit(words[4], "digit", text)
        if wild not in digits:
            raise InvalidCommand(f"the wildcard {wild} must be one of the digits of {words[2]}", text=text)
        if wild == extra and digits.count(wild) < 2:
            raise InvalidCommand(f"{wild} appears once in {words[2]}: it cannot be both the extra and the wildcard", text=text)
    return ExprCall(seat=seat, puzzle=puzzle, digits=digits, ops=ops, extra=extra, wild=wild)


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
    if isinstance(cmd, HapCall):
        return _hap(state, cmd, now)
    if isinstance(cmd, GyulCall):
        return _gyul(state, cmd, now)
    if isinstance(cmd, ExprCall):
        return _expr(state, cmd, now)
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
        if not state.gyul.over:
            events.append(_board_posted(state, now, "posted"))
        state, ev = _open_set(state, 1, now)
        events.append(ev)
    return state, events


def board(state: State) -> Board:
    """The Gyul Hap board under way."""
    cfg = state.cfg
    return boards(cfg.streams.seed, cfg.gyul_boards, cfg.min_haps, cfg.max_haps)[state.gyul.index]


def puzzles(state: State) -> tuple[Puzzle, ...]:
    """The puzzles of the Expressions set under way."""
    assert state.expr is not None
    cfg = state.cfg
    sets = puzzle_sets(cfg.streams.seed, (BLOCKS - 1) * 2, cfg.per_set, cfg.min_solutions, cfg.max_target)
    return sets[state.expr.number - 1]


def _board_posted(state: State, now: int, why: str) -> Event:
    b = board(state)
    return Event(
        kind="gh_board",
        t=now,
        generated=True,
        data={
            "board": b.number,
            "of": state.cfg.gyul_boards,
            "why": why,
            "tiles": {str(i + 1): tile_words(b.tiles[i]) for i in range(9)},
            "emoji": [emoji(b.tiles[i], state.cfg.emoji) for i in range(9)],
            "letters": [tile_letters(b.tiles[i]) for i in range(9)],
        },
    )


def _open_set(state: State, block_set: int, now: int) -> tuple[State, Event]:
    number = (state.block - SHOP_FIRST_BLOCK) * 2 + block_set
    state = replace(state, expr=ExprSet(number=number, block_set=block_set, solved=tuple(frozenset() for _ in state.seats)))
    return state, Event(
        kind="expr_set",
        t=now,
        generated=True,
        data={
            "block": state.block,
            "set": block_set,
            "expr_set": number,
            "puzzles": [{"number": i + 1, "ops": p.ops, "target": p.target, "text": p.text()} for i, p in enumerate(puzzles(state))],
            "until": now + state.cfg.set_ms,
        },
    )


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
    if cmd.what == "gh":
        _require_gyul(state)
        ev = _board_posted(state, now, "reposted")
        ev.data["claimed"] = [{"positions": "".join(map(str, t)), "player": state.cfg.names[s]} for t, s in state.gyul.claimed]
        return state, [ev]
    if cmd.what == "expr":
        expr = _require_expr(state)
        return state, [
            Event(
                kind="expr_reposted",
                t=now,
                data={
                    "block": state.block,
                    "set": expr.block_set,
                    "puzzles": [{"number": i + 1, "text": p.text()} for i, p in enumerate(puzzles(state))],
                    "extras_used": sorted(expr.extras),
                },
            )
        ]
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
        items.append(Timed(at=s + cfg.set_ms, order=2, kind="set_start", number=2))
        # A last set or cycle that ends before the block does closes at its announced time.
        if 2 * cfg.set_ms < cfg.block_ms:
            items.append(Timed(at=s + 2 * cfg.set_ms, order=1, kind="set_end", number=2))
        if CYCLES * cfg.cycle_ms < cfg.block_ms:
            items.append(Timed(at=s + CYCLES * cfg.cycle_ms, order=1, kind="cycle_end", number=CYCLES))
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
    if item.kind == "set_start":
        state, ev = _open_set(state, item.number, item.at)
        return state, [ev]
    if item.kind == "set_end":
        return replace(state, expr=None), [Event(kind="expr_closed", t=item.at, data={"block": state.block, "set": item.number})]
    if item.kind == "cycle_end":
        return replace(state, shop=None), [Event(kind="shop_closed", t=item.at, data={"block": state.block, "cycle": item.number})]
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
    state = replace(state, in_block=False, shop=None, expr=None)
    events = [Event(kind="block_over", t=now, data={"block": state.block, "money": {names[i]: s.money for i, s in enumerate(state.seats)}})]
    state = replace(state, gyul=replace(state.gyul, last_gyul=None))  # the anti-snipe grace never crosses a block
    if SHOP_FIRST_BLOCK <= state.block < BLOCKS and not state.gyul.over:
        # The board resets at the end of each block (amendment): the next block gets the next board.
        state, ev = _next_board(state, now, "reset")
        events.append(ev)
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


# ---------------------------------------------------------------- Gyul Hap


def _where_now(state: State) -> str:
    if state.over:
        return "the match is over"
    if state.in_block:
        return f"block {state.block}"
    return "the break" if state.block else "the match has not started"


def _require_gyul(state: State) -> Board:
    if state.gyul.over:
        n = state.cfg.gyul_boards
        raise IllegalAction(f"Gyul Hap is over: {'all ' if n > 1 else ''}{n} board{'s' if n != 1 else ''} {'are' if n != 1 else 'is'} done")
    if not state.in_block or state.block < SHOP_FIRST_BLOCK:
        where = _where_now(state)
        raise IllegalAction(f"Gyul Hap runs during blocks 2–6, not now ({where})")
    return board(state)


def _hap(state: State, cmd: HapCall, now: int) -> tuple[State, list[Event]]:
    names = _names(state)
    who = names[cmd.seat]
    b = _require_gyul(state)
    seat = state.seats[cmd.seat]
    if cmd.wild is not None and seat.adv[GYUL_HAP] < 1:
        raise IllegalAction(f"{who} has no Gyul Hap Advantage" + (" left" if state.cfg.given[cmd.seat][GYUL_HAP] else ""))
    spend = [p for p in cmd.positions if p not in (cmd.extra, cmd.wild)]
    for p in spend:
        if seat.tiles[p - 1] < 1:
            raise IllegalAction(f"{who} holds no tile {p}")
    claimed = dict(state.gyul.claimed)
    x, y, z = (b.tiles[p - 1] for p in cmd.positions)
    call = "".join(map(str, cmd.positions))
    data: dict[str, Any] = {
        "player": who,
        "board": b.number,
        "positions": call,
        "extra": cmd.extra,
        "wild": cmd.wild,
        "tiles": [tile_words(t) for t in (x, y, z)],
    }
    if cmd.positions in claimed:
        verdict, why = "incorrect", f"already claimed by {names[claimed[cmd.positions]]} (R-GH-1)"
    elif not hap.is_hap(x, y, z):
        verdict = "incorrect"
        why = "not a hap: " + "; ".join(
            line for line in hap.explain(x, y, z, HAP_PIECES.values, HAP_PIECES.attributes) if "not a hap" in line
        )
    else:
        verdict, why = "correct", ""
    seats = list(state.seats)
    if verdict == "correct":
        tiles = list(seat.tiles)
        for p in spend:
            tiles[p - 1] -= 1
        adv = list(seat.adv)
        if cmd.wild is not None:
            adv[GYUL_HAP] -= 1  # R-GH-5: the wildcard is used up only by a correct call
        seats[cmd.seat] = replace(seat, ghp=seat.ghp + 1, tiles=tuple(tiles), adv=(adv[0], adv[1], adv[2]))
        gyul = replace(state.gyul, claimed=(*state.gyul.claimed, (cmd.positions, cmd.seat)))
        state = replace(state, seats=tuple(seats), gyul=gyul)
        data["spent"] = spend
    else:
        seats[cmd.seat] = replace(seat, ghp=seat.ghp - 1)
        state = replace(state, seats=tuple(seats))
        data["why"] = why
    data["verdict"] = verdict
    data["ghp"] = {names[i]: s.ghp for i, s in enumerate(state.seats)}
    return state, [Event(kind="hap_called", t=now, data=data)]


def _gyul(state: State, cmd: GyulCall, now: int) -> tuple[State, list[Event]]:
    names = _names(state)
    who = names[cmd.seat]
    b = _require_gyul(state)
    claimed = {t for t, _ in state.gyul.claimed}
    seats = list(state.seats)
    seat = seats[cmd.seat]
    data: dict[str, Any] = {"player": who, "board": b.number}
    events: list[Event] = []
    if b.haps <= claimed:
        seats[cmd.seat] = replace(seat, ghp=seat.ghp + 1)
        state = replace(state, seats=tuple(seats), gyul=replace(state.gyul, last_gyul=(cmd.seat, now)))
        data["verdict"] = "correct"
        data["ghp"] = {names[i]: s.ghp for i, s in enumerate(state.seats)}
        events.append(Event(kind="gyul_called", t=now, data=data))
        state, ev = _next_board(state, now, "gyul")
        events.append(ev)
        return state, events
    last = state.gyul.last_gyul
    grace = state.cfg.grace_ms
    if last is not None and last[0] != cmd.seat and now - last[1] <= grace:
        data["verdict"] = "grace"
        data["why"] = f"{names[last[0]]}'s correct gyul came {(now - last[1]) / 1000:g} s earlier (anti-snipe, R-GH-2)"
    else:
        seats[cmd.seat] = replace(seat, ghp=seat.ghp - 1)
        state = replace(state, seats=tuple(seats))
        data["verdict"] = "incorrect"
        data["why"] = f"{len(b.haps - claimed)} hap{'s' if len(b.haps - claimed) != 1 else ''} still unclaimed"
    data["ghp"] = {names[i]: s.ghp for i, s in enumerate(state.seats)}
    return state, [Event(kind="gyul_called", t=now, data=data)]


def _next_board(state: State, now: int, why: str) -> tuple[State, Event]:
    """Move to the next board (after a correct gyul, or at a block's end); after the last, Gyul Hap ends."""
    index = state.gyul.index + 1
    if index >= state.cfg.gyul_boards:
        state = replace(state, gyul=replace(state.gyul, over=True, claimed=()))
        return state, Event(kind="gh_over", t=now, data={"boards": state.cfg.gyul_boards, "why": why})
    state = replace(state, gyul=replace(state.gyul, index=index, claimed=()))
    if why == "reset":
        # Posted when the next block starts.
        return state, Event(kind="gh_reset", t=now, data={"next_board": index + 1})
    return state, _board_posted(state, now, why)


# ---------------------------------------------------------------- Expressions


def _require_expr(state: State) -> ExprSet:
    if state.expr is None:
        where = _where_now(state)
        raise IllegalAction(f"Expressions runs during blocks 2–6, not now ({where})")
    return state.expr


def _expr(state: State, cmd: ExprCall, now: int) -> tuple[State, list[Event]]:
    names = _names(state)
    who = names[cmd.seat]
    expr = _require_expr(state)
    set_puzzles = puzzles(state)
    if not 1 <= cmd.puzzle <= len(set_puzzles):
        raise IllegalAction(f"this set has puzzles 1–{len(set_puzzles)}, not {cmd.puzzle}")
    p = set_puzzles[cmd.puzzle - 1]
    text = written(cmd.digits, cmd.ops)
    if cmd.ops != p.ops:
        raise IllegalAction(
            f"puzzle {cmd.puzzle} is {p.text()}: the operators must be {' '.join(p.ops)} in that order, not {' '.join(cmd.ops)}"
        )
    if cmd.puzzle in expr.solved[cmd.seat]:
        raise IllegalAction(f"{who} already solved puzzle {cmd.puzzle}; each player solves each puzzle once")
    if cmd.extra in expr.extras:
        raise IllegalAction(f"{cmd.extra} has already served as the extra in this set; each digit serves once a set")
    value = _evaluate(cmd.digits, cmd.ops)
    if value != p.target:
        raise IllegalAction(f"{text} = {show(value)}, not {p.target} (left to right)")
    seat = state.seats[cmd.seat]
    if cmd.wild is not None and seat.adv[EXPRESSIONS] < 1:
        raise IllegalAction(f"{who} has no Expressions Advantage" + (" left" if state.cfg.given[cmd.seat][EXPRESSIONS] else ""))
    need = list(cmd.digits)
    need.remove(cmd.extra)
    if cmd.wild is not None:
        need.remove(cmd.wild)
    tiles = list(seat.tiles)
    for d in sorted(set(need)):
        if tiles[d - 1] < need.count(d):
            raise IllegalAction(f"{who} holds {tiles[d - 1]} tile{'s' if tiles[d - 1] != 1 else ''} {d}; this solve needs {need.count(d)}")
    for d in need:
        tiles[d - 1] -= 1
    adv = list(seat.adv)
    if cmd.wild is not None:
        adv[EXPRESSIONS] -= 1  # R-EX-2: the wildcard is used up only by a correct solve
    seats = list(state.seats)
    seats[cmd.seat] = replace(seat, ep=seat.ep + 1, tiles=tuple(tiles), adv=(adv[0], adv[1], adv[2]))
    solved = list(expr.solved)
    solved[cmd.seat] = expr.solved[cmd.seat] | {cmd.puzzle}
    expr = replace(expr, solved=tuple(solved), extras=expr.extras | {cmd.extra})
    state = replace(state, seats=tuple(seats), expr=expr)
    return state, [
        Event(
            kind="expr_solved",
            t=now,
            data={
                "player": who,
                "puzzle": cmd.puzzle,
                "expression": text,
                "target": p.target,
                "extra": cmd.extra,
                "wild": cmd.wild,
                "spent": need,
                "ep": {names[i]: s.ep for i, s in enumerate(state.seats)},
                "extras_used": sorted(expr.extras),
            },
        )
    ]


def _evaluate(digits: tuple[int, ...], ops: str) -> Fraction:
    return evaluate(digits, ops)


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
