"""The Number Auction's state, commands, table of moves, events and rules: pure, on the shared building blocks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tests.numberauction.settings import BID_MS, COINS, PRIZES, REMINDERS_MS, ROUNDS
from umpire.core import chat
from umpire.core.errors import IllegalAction
from umpire.core.evolve import replace
from umpire.core.streams import Streams
from umpire.games import roundplay
from umpire.games.base import Event, Move, Resolve, Setup
from umpire.games.outcome import Outcome, rank
from umpire.games.rederive import Rederived, seeded
from umpire.games.resources import Purse
from umpire.games.roundplay import Act, HostWord, warm_pictures  # noqa: F401 (the game's warm-up: the result table's)
from umpire.games.rounds import SealedRound, highest_unmatched


@dataclass(frozen=True, kw_only=True)
class State:
    """Coins and points by seat, the round open (or the last one closed) with its prize, and the result once over."""

    names: tuple[str, ...]
    streams: Streams
    coins: Purse
    points: tuple[int, ...]
    bids: SealedRound[int] | None = None  # None until the host's “start”
    prize: int = 0
    outcome: Outcome | None = None


def start(setup: Setup) -> State:
    """Everyone holds the coins; nothing is drawn until the host's “start”."""
    names = tuple(p.name for p in setup.roster)
    return State(names=names, streams=setup.streams, coins=Purse.each(len(names), COINS, noun="coin"), points=(0,) * len(names))


def parse(state: State, actor: int | None, text: str, resolve: Resolve) -> HostWord | Act:
    """A player's “bid N”, or the host's “start” or “close”."""
    return roundplay.read(text, actor, verb="bid", example="bid 5")


MOVES: tuple[Move[State], ...] = roundplay.round_moves(
    game="the auction",
    verb="bid",
    what="Seal a bid of N coins for this round's prize (your last bid counts).",
    example="p1: bid 5",
    started=lambda s: s.bids is not None,
    over=lambda s: s.outcome is not None,
    most=lambda s, seat: s.coins[seat],
    start="Start the auction: round 1's prize is drawn and posted.",
    close="Close the round now, as if its time had run out.",
)


@dataclass(frozen=True, kw_only=True)
class RoundOpened(Event):
    """A round's prize, drawn by the seed (the first round's post also says how the auction is played)."""

    kind = "number_auction_round"
    generated = True
    round: int
    prize: int


@dataclass(frozen=True, kw_only=True)
class RoundClosed(Event):
    """Every bid revealed, who won the prize (None: every bid was matched), and where everyone stands."""

    kind = "number_auction_closed"
    reveals = True
    round: int
    prize: int
    bids: Mapping[str, int]
    winner: str | None
    coins: Mapping[str, int]
    points: Mapping[str, int]
    by_host: bool


EVENTS: tuple[type[Event], ...] = (RoundOpened, RoundClosed, *roundplay.EVENTS)


def apply(state: State, cmd: HostWord | Act, now: int) -> tuple[State, list[Event]]:
    """Judge a command (its move is allowed now: the session asked the table of moves)."""
    if isinstance(cmd, HostWord):
        return _open_round(state, now, []) if cmd.move == "start" else _close(state, now, by_host=True)
    assert state.bids is not None
    if not state.coins.can_pay(cmd.seat, cmd.value):
        raise IllegalAction(f"{state.names[cmd.seat]} has only {state.coins.words(cmd.seat)} (the bid was {cmd.value})")
    bids, took = state.bids.take(cmd.seat, cmd.value)
    receipt = roundplay.receipt(bids, took, seat=cmd.seat, what="bid", value=str(cmd.value), now=now)
    state, events = _close(replace(state, bids=bids), now, by_host=False) if took.closes else (replace(state, bids=bids), [])
    return state, receipt + events


def _open_round(state: State, now: int, events: list[Event]) -> tuple[State, list[Event]]:
    number = 1 if state.bids is None else state.bids.number + 1
    prize = state.streams.stream(f"prize {number}").between(*PRIZES)
    bids = SealedRound[int].open(number=number, seats=range(len(state.points)), now=now, span=BID_MS, reminders=REMINDERS_MS)
    return replace(state, bids=bids, prize=prize), [*events, RoundOpened(t=now, round=number, prize=prize)]


def _close(state: State, now: int, *, by_host: bool) -> tuple[State, list[Event]]:
    """Reveal every bid; the highest one nobody matched wins the prize and pays (R-NA-5); then the next round, or the end."""
    assert state.bids is not None
    names, bids = state.names, state.bids.stopped()
    won = highest_unmatched(bids.revealed())
    coins, points = state.coins, list(state.points)
    if won is not None:
        coins, points[won[0]] = coins.pay(*won), points[won[0]] + state.prize
    closed = RoundClosed(
        t=now,
        round=bids.number,
        prize=state.prize,
        bids={names[s]: v for s, v in bids.revealed()},
        winner=None if won is None else names[won[0]],
        coins=dict(zip(names, coins, strict=True)),
        points=dict(zip(names, points, strict=True)),
        by_host=by_host,
    )
    state = replace(state, bids=bids, coins=coins, points=tuple(points))
    return _open_round(state, now, [closed]) if bids.number < ROUNDS else _end(state, now, closed)


def _end(state: State, now: int, closed: RoundClosed) -> tuple[State, list[Event]]:
    """The most points wins; a tie goes to more coins left, then to the seed's draw (R-NA-6)."""
    names, score = state.names, list(zip(state.points, state.coins, strict=True))
    note = [", placed by the seed's draw" if score.count(score[s]) > 1 else "" for s in range(len(names))]
    why = lambda s: f"{chat.count(score[s][0], 'point')}, {score[s][1]} coins left{note[s]}"
    ranking = rank(names, score, why=why, draw=state.streams.stream(roundplay.FINAL_DRAW).shuffled(range(len(names))))
    won = ranking[0]
    over = Outcome(summary=f"{won.player} wins the Number Auction.", winners=(won.player,), why=won.why, ranking=ranking)
    return replace(state, outcome=over), [closed, roundplay.result(over, now=now, drawn=any(note))]


def next_due(state: State) -> int | None:
    """When the open round's deadline next acts."""
    return None if state.bids is None else state.bids.next_at


def on_due(state: State, now: int) -> tuple[State, list[Event]]:
    """A reminder (with a host note of who is still to bid), or the round closing at its deadline."""
    assert state.bids is not None
    bids, tick = state.bids.tick()
    if tick.passed:
        return _close(replace(state, bids=bids), now, by_host=False)
    return replace(state, bids=bids), roundplay.reminder(bids, tick, state.names, now=now)


def rederive(setup: Setup, event: Event) -> Rederived:
    """A round's prize, from the stream `prize N` (the result's draw is re-derived for every shared result)."""
    if not isinstance(event, RoundOpened):
        raise LookupError(f"the Number Auction declares no re-derivation of a {event.kind} item")
    return seeded(event, f"prize {event.round}", {"prize": setup.streams.stream(f"prize {event.round}").between(*PRIZES)})
