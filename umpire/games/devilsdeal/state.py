"""The state of a Devil's Deal Death Match, and the helpers every phase uses. Pure data, no rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from umpire.core.clock import SECOND, fmt_clock
from umpire.core.deadline import Deadline
from umpire.core.evolve import replace  # dataclasses.replace, cheaper for the state records (replay hot spot)
from umpire.core.streams import Streams
from umpire.games.base import Setup
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.divisions import Division
from umpire.games.devilsdeal.settings import Config, configure
from umpire.games.rounds import Simultaneous

if TYPE_CHECKING:
    from umpire.games.devilsdeal.events import PublicPool
    from umpire.games.outcome import Outcome


class Phase(StrEnum):
    """Where the Death Match stands (the values are what JSON shows)."""

    DEAL = "deal"  # before the host's `start`
    CHOOSE = "choose"  # the Advantage holder chooses who starts round 1
    PLAY = "play"
    OVER = "over"


# ---------------------------------------------------------------- state


@dataclass(frozen=True, kw_only=True)
class Seat:
    """One player's chips and cards."""

    chips: int
    pool: tuple[int, ...]  # held, in pool order
    seen: tuple[int, ...]  # what the other player knows: the pool plus the cards discarded unrevealed

    @property
    def hidden(self) -> int:
        """How many of the `seen` cards are really gone (discarded unrevealed)."""
        return len(self.seen) - len(self.pool)


@dataclass(frozen=True, kw_only=True)
class Ask:
    """“Refill?” to `seat`."""

    seat: int
    again: bool = False


@dataclass(frozen=True, kw_only=True)
class Divide:
    """`seat` divides a refill's cards. `division` is the last valid one (in force at the deadline)."""

    seat: int
    number: int  # the player's refill number this round
    offer: tuple[int, ...]
    division: Division | None = None
    since: int | None = None  # when the division in force came


@dataclass(frozen=True, kw_only=True)
class Discard:
    """`seat` must discard `count` cards; at the deadline `newest` go first."""

    seat: int
    count: int
    newest: tuple[int, ...]
    refiller: int


@dataclass(frozen=True, kw_only=True)
class Take:
    """The refiller's opponent may take one set-aside card, free."""

    seat: int
    cards: tuple[int, ...]
    refiller: int


@dataclass(frozen=True, kw_only=True)
class Pick:
    """Both players choose their private cards at once (simultaneous actions, sealed in `State.picks`)."""


@dataclass(frozen=True, kw_only=True)
class Bet:
    """A betting round: what each has bet in it, and who acts."""

    number: int  # 1 or 2
    bets: tuple[int, int] = (0, 0)
    to_act: int = 0


@dataclass(frozen=True, kw_only=True)
class Break:
    """Between rounds; the next round starts when the break's deadline passes."""


Step = Ask | Divide | Discard | Take | Pick | Bet | Break


@dataclass(frozen=True, kw_only=True)
class CardEvent:
    """A card becoming public, for the record (`final` JSON)."""

    round: int
    what: str  # "dealt", "offered", "taken", "set aside", "free take", "discarded", "community", "revealed"
    seat: int | None
    cards: tuple[int, ...]
    t: int


@dataclass(frozen=True, kw_only=True)
class State:
    """The whole Death Match at one moment."""

    cfg: Config
    streams: Streams  # the seed's: what it deals is drawn at the moment of use, never read from the configuration
    seats: tuple[Seat, Seat]
    phase: Phase = Phase.DEAL
    round: int = 0
    starter: int = 0
    step: Step | None = None
    deadline: Deadline | None = None  # of the decision under way (or the break)
    refills: tuple[int, int] = (0, 0)  # refills made this round, per seat
    aside: tuple[int, ...] = ()  # the set-aside cards of the refill being settled
    community: int | None = None
    picks: Simultaneous[tuple[int, int]] = field(default_factory=lambda: Simultaneous.of(()))  # the private cards (first, second) by seat
    revealed: int = 0  # private cards revealed this round (0, 1 or 2 each)
    pot: int = 0  # chips in the pot from finished betting rounds and the ante
    put: tuple[int, int] = (0, 0)  # chips each player bet this round (refunded on a tie)
    removed: int = 0  # chips that left the game (refills, the pot's removed chip, a tie's ante)
    log: tuple[CardEvent, ...] = ()
    winner: int | None = None
    result: str = ""
    outcome: Outcome | None = None  # the result, as the event that ended the match states it

    @property
    def over(self) -> bool:
        """Whether the Death Match has ended."""
        return self.phase is Phase.OVER

    def chips(self) -> tuple[int, int]:
        """Both stacks, by seat."""
        return (self.seats[0].chips, self.seats[1].chips)

    def in_play(self) -> int:
        """Every chip still in the game: both stacks, the pot and the bets of the round under way."""
        bets = sum(self.step.bets) if isinstance(self.step, Bet) else 0
        return self.seats[0].chips + self.seats[1].chips + self.pot + bets

    def pick(self, seat: int) -> tuple[int, int] | None:
        """A player's private cards this round (first, second), or None before they choose."""
        return self.picks.get(seat)


def initial(cfg: Config, streams: Streams) -> State:
    """A Death Match before the pools are dealt."""
    empty = Seat(chips=cfg.chips, pool=(), seen=())
    return State(cfg=cfg, streams=streams, seats=(empty, empty), starter=cfg.advantage)


def start(setup: Setup) -> State:
    """The Death Match before the host deals the pools (the game's `start`: here, not with the rules, so that starting
    a session does not import them)."""
    return initial(configure(setup), setup.streams)


# ---------------------------------------------------------------- helpers


def name_of(state: State, seat: int) -> str:
    """A player's display name."""
    return state.cfg.names[seat]


def chips_json(state: State) -> dict[str, int]:
    """Both stacks by name, for event data."""
    return {state.cfg.names[i]: state.seats[i].chips for i in range(2)}


def pools_json(state: State) -> dict[str, PublicPool]:
    """The pools as everyone knows them (cards discarded unrevealed are still listed, and counted)."""
    from umpire.games.devilsdeal.events import PublicPool  # (here: a session starts without the events)

    return {
        state.cfg.names[i]: PublicPool(cards=tuple(C.name_list(C.ordered(s.seen))), held=len(s.pool), unknown_gone=s.hidden)
        for i, s in enumerate(state.seats)
    }


def deadline(what: str, now: int, ms: int, reminders: tuple[int, ...] = ()) -> Deadline:
    """A decision due `ms` from `now`, with reminders at these seconds left (those inside the window)."""
    return Deadline(what=what, start=now, due=now + ms, reminders=tuple(r * SECOND for r in reminders))


def log_cards(state: State, what: str, seat: int | None, cards: tuple[int, ...], now: int) -> State:
    """Record cards becoming public (for the final JSON's `cards`)."""
    return replace(state, log=(*state.log, CardEvent(round=state.round, what=what, seat=seat, cards=cards, t=now)))


def set_seat(
    state: State, seat: int, *, chips: int | None = None, pool: tuple[int, ...] | None = None, seen: tuple[int, ...] | None = None
) -> State:
    """The state with one seat's chips, pool or public pool changed."""
    old = state.seats[seat]
    new = Seat(
        chips=old.chips if chips is None else chips,
        pool=old.pool if pool is None else pool,
        seen=old.seen if seen is None else seen,
    )
    seats = (new, state.seats[1]) if seat == 0 else (state.seats[0], new)
    return replace(state, seats=seats)


def add_cards(state: State, seat: int, cards: tuple[int, ...]) -> State:
    """Cards join a pool, in the open: the public view gains them too."""
    s = state.seats[seat]
    return set_seat(state, seat, pool=C.ordered(s.pool + cards), seen=C.ordered(s.seen + cards))


# ---------------------------------------------------------------- words


def waiting(state: State, now: int | None = None, *, host: bool = False) -> str:
    """What the game is waiting for: for refusals (`host` False: what any player may know — never who
    has not picked yet), or for the host's toolbar, status and JSON (`host` True)."""
    names = state.cfg.names
    step = state.step
    left = ""
    if now is not None and state.deadline is not None:
        left = f", {fmt_clock(state.deadline.left(now))} left"
    if state.phase is Phase.DEAL:
        return "waiting for the host to deal the pools (“start”)"
    if state.phase is Phase.CHOOSE:
        return f"waiting for {names[state.cfg.advantage]} to choose who starts round 1 (“first p1”)"
    if state.over:
        return f"over: {state.result}"
    if isinstance(step, Ask):
        return f"waiting for {names[step.seat]} to answer “refill?”{left}"
    if isinstance(step, Divide):
        return f"waiting for {names[step.seat]}'s division of refill {step.number}{left}"
    if isinstance(step, Discard):
        return f"waiting for {names[step.seat]} to discard {step.count}{left}"
    if isinstance(step, Take):
        return f"waiting for {names[step.seat]} to take a set-aside card or none{left}"
    if isinstance(step, Pick):
        late = f" ({' and '.join(names[i] for i in state.picks.waiting)})" if host else ""
        return f"waiting for private cards{late}{left}"
    if isinstance(step, Bet):
        return f"waiting for {names[step.to_act]}'s bet (betting round {step.number}){left}"
    return f"break before round {state.round + 1}{left}"


def chips_text(n: int) -> str:
    """“1 chip”, “5 chips”."""
    return f"{n} chip{'s' if n != 1 else ''}"
