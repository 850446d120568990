"""What every game of sealed rounds shares beyond its rounds (`umpire.games.rounds`), in the same words in each.

Only a round's opening and its reveal are a game's own; the rest is here:

* the commands: the host's `start` and `close` (`HostWord`) and a player's action (`Act`: “bid 5”, “pick 3”),
  read by `read`, and the table of moves they make (`round_moves`);
* the three posts of a round under way, made by `receipt` and `reminder` and worded by `add_renderers`:
  `Receipt` (to the player alone: “🔒 Your bid of **5** in round 2: sealed. It replaces your bid of 3.”),
  `TimeLeft` (public, naming nobody: “⏳ Round 2: 0:10 left.”) and `StillToAct` (the host's note: “Still to act
  in round 2: Uri, Yuna”);
* the end: `Result`, the event that states the match's typed result (`Outcome`), posted with its table picture.

`what` is the game's word for an action (“bid”, “pick”, “vote”); values are shown as the player wrote them.

>>> from umpire.games.rounds import SealedRound
>>> r, took = SealedRound[int].open(number=2, seats=(0, 1), now=0, span=20_000, reminders=(10_000,)).take(0, 5)
>>> [e.kind for e in receipt(r, took, seat=0, what="bid", value="5", now=0)]
['sealed_receipt']
>>> r, tick = r.tick()
>>> [(e.kind, str(e.audience)) for e in reminder(r, tick, ("Hedger", "Uri"), now=10_000)]
[('sealed_time_left', 'public'), ('sealed_still_to_act', 'host')]
>>> read("BID 7", 1, verb="bid", example="bid 5"), read("close", None, verb="bid", example="bid 5")
(Act(move='bid', seat=1, value=7), HostWord(move='close'))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from umpire.core import chat
from umpire.core.clock import SECOND, fmt_clock
from umpire.core.errors import InvalidCommand
from umpire.games.base import HOST, Audience, Event, HelpItem, Move, Post, Renderers, dm
from umpire.games.outcome import Elimination, Outcome, Placing
from umpire.games.pictures import result_picture, warm
from umpire.games.rounds import SealedRound, Tick, Took

S = TypeVar("S")

# ---------------------------------------------------------------- commands and moves


@dataclass(frozen=True, kw_only=True)
class HostWord:
    """The host's “start” (the first round opens) or “close” (the open round closes now); `move` is the word."""

    move: str


@dataclass(frozen=True, kw_only=True)
class Act:
    """A player's sealed action: `move` is its word (“bid”), `value` the whole number after it."""

    move: str
    seat: int
    value: int


def read(text: str, actor: int | None, *, verb: str, example: str) -> HostWord | Act:
    """The host's “start” or “close”, or a player's “VERB N” (N a whole number from 0 up); InvalidCommand says what was expected."""
    words = text.casefold().split()
    if actor is None:
        if words in (["start"], ["close"]):
            return HostWord(move=words[0])
        if words and words[0] == verb:
            raise InvalidCommand(f"the host's words here are “start” and “close”; a player's {verb} comes with their name: “p1: {example}”")
        raise InvalidCommand("unknown host command (type “help” for the list)")  # the session suggests the word it resembles
    if not words or words[0] != verb:
        raise InvalidCommand(f"a player sends “{verb} N”, N a whole number, e.g. “{example}”")
    if len(words) == 1:
        raise InvalidCommand(f"“{verb}” needs a whole number after it, e.g. “{example}”")
    if len(words) != 2 or not re.fullmatch(r"[0-9]{1,9}", words[1]):
        raise InvalidCommand(f"“{' '.join(words[1:])}” is not a {verb}: a {verb} is one whole number from 0 up, e.g. “{example}”")
    return Act(move=verb, seat=actor, value=int(words[1]))


def round_moves(
    *,
    game: str,
    verb: str,
    what: str,
    example: str,
    started: Callable[[S], bool],
    over: Callable[[S], bool],
    most: Callable[[S, int], int],
    start: str,
    close: str,
) -> tuple[Move[S], ...]:
    """The table of moves of a game of sealed rounds: a player's sealed “VERB N” (`what` it does; Tab offers a few
    numbers from 0 to `most`), the host's “start” (`start` says what it does) and “close” (`close`), each refused
    before the game starts or once it is over in the same words, `game` naming it (“the auction”)."""

    def in_play(state: S, actor: int | None) -> str | None:
        if not started(state):
            return f"{game} has not started yet; the host starts it with “start”"
        return f"{game} is over" if over(state) else None

    def numbers(state: S, actor: int | None, words: Sequence[str]) -> list[str]:
        held = 0 if actor is None else most(state, actor)
        return [str(n) for n in sorted({0, 1, held // 2, held})] if [w.casefold() for w in words] == [verb] else []

    def form(syntax: str, does: str, example: str, who: Literal["player", "host"] = "host") -> tuple[HelpItem, ...]:
        return (HelpItem(syntax=syntax, what=does, example=example, who=who),)

    return (
        Move(name=verb, words=(verb,), forms=form(f"{verb} N", what, example, "player"), when=in_play, complete=numbers, sealed=True),
        Move(
            name="start",
            who="host",
            words=("start",),
            forms=form("start", start, "start"),
            when=lambda s, a: f"{game} has already started" if started(s) else None,
        ),
        Move(name="close", who="host", words=("close",), forms=form("close", close, "close"), when=in_play),
    )


# ---------------------------------------------------------------- a round under way


@dataclass(frozen=True, kw_only=True)
class Receipt(Event):
    """What a player sealed in a round, to them alone (the host sees it too)."""

    kind = "sealed_receipt"
    round: int
    what: str  # the game's word for the action: "bid"
    value: str
    replaced: str | None  # the value it replaces, if the player had sealed one


@dataclass(frozen=True, kw_only=True)
class TimeLeft(Event):
    """The round's deadline is near (public: it names nobody)."""

    kind = "sealed_time_left"
    round: int
    seconds: int


@dataclass(frozen=True, kw_only=True)
class StillToAct(Event):
    """Who has not acted in the round yet (the host's note; never made with nobody in it)."""

    kind = "sealed_still_to_act"
    audience: Audience = HOST
    round: int
    waiting: tuple[str, ...]


def receipt(round_: SealedRound[Any], took: Took[Any], *, seat: int, what: str, value: str, now: int) -> list[Event]:
    """The receipt of what `seat` just sealed in `round_` (what `took` says it replaced)."""
    replaced = None if took.replaced is None else str(took.replaced)
    return [Receipt(t=now, audience=dm(seat), round=round_.number, what=what, value=value, replaced=replaced)]


def reminder(round_: SealedRound[Any], tick: Tick, names: Sequence[str], *, now: int) -> list[Event]:
    """A reminder `tick` gave: the public one, and the host's note of who is still to act (when anyone is)."""
    events: list[Event] = [TimeLeft(t=now, round=round_.number, seconds=tick.seconds_left)]
    waiting = tuple(names[s] for s in tick.waiting)
    return [*events, StillToAct(t=now, round=round_.number, waiting=waiting)] if waiting else events


# ---------------------------------------------------------------- the end


FINAL_DRAW = "final draw"  # the stream a shared result's draw comes from: a shuffle of the seats (`outcome.rank`'s draw)


@dataclass(frozen=True, kw_only=True)
class Result(Event):
    """The end of the match: its typed result, field for field (`outcome` puts it together). Where the seed's draw
    decided places among players level, the draw is a shuffle of the seats from the stream `FINAL_DRAW`, which
    `umpire verify` re-derives for every game that ends with this event."""

    kind = "game_result"
    summary: str
    winners: tuple[str, ...]
    why: str
    ranking: tuple[Placing, ...]
    eliminated: tuple[Elimination, ...] = ()
    drawn: bool = False  # the seed's draw decided a place: `umpire verify` re-derives it

    @property
    def is_generated(self) -> bool:
        """Only a result the seed's draw helped decide is a seeded item."""
        return self.drawn

    @property
    def outcome(self) -> Outcome:
        """The match's result."""
        return Outcome(summary=self.summary, winners=self.winners, why=self.why, ranking=self.ranking, eliminated=self.eliminated)


def result(outcome: Outcome, *, now: int, drawn: bool = False) -> Result:
    """The event that states `outcome`."""
    o = outcome
    return Result(t=now, summary=o.summary, winners=o.winners, why=o.why, ranking=o.ranking, eliminated=o.eliminated, drawn=drawn)


def result_table(outcome: Outcome) -> Callable[[], bytes]:
    """The result as a table picture: each player's place and why."""
    return result_picture("The result", outcome, ("standing",), {p.player: (p.why,) for p in outcome.ranking})


def warm_pictures() -> None:
    """Draw a result table with made-up values and throw it away (see `umpire.games.pictures.warm`)."""
    places = (Placing(player="Hedger", place=1, why="12 points, 3 coins left"), Placing(player="Uri", place=2, why="9 points"))
    warm(result_table(Outcome(summary="Hedger wins.", winners=("Hedger",), ranking=places)))


EVENTS: tuple[type[Event], ...] = (Receipt, TimeLeft, StillToAct, Result)


def add_renderers(table: Renderers[Any]) -> Renderers[Any]:
    """Put these events' words in a game's table of renderers (and give the table back)."""

    @table.on(Receipt)
    def _receipt(context: Any, ev: Receipt) -> str:
        again = "" if ev.replaced is None else f" It replaces your {ev.what} of {chat.safe(ev.replaced)}."
        return f"🔒 Your {ev.what} of **{chat.safe(ev.value)}** in round {ev.round}: sealed.{again}"

    @table.on(TimeLeft)
    def _time_left(context: Any, ev: TimeLeft) -> str:
        return f"⏳ Round {ev.round}: {fmt_clock(ev.seconds * SECOND)} left."

    @table.on(StillToAct)
    def _still(context: Any, ev: StillToAct) -> str:
        return f"Still to act in round {ev.round}: {', '.join(chat.safe(n) for n in ev.waiting)}"

    @table.on(Result)
    def _result(context: Any, ev: Result) -> Post:
        rows = [f"{p.place}. {chat.safe(p.player)}: {chat.safe(p.why)}" for p in ev.ranking]
        gone = [f"Eliminated: {chat.safe(e.player)} ({chat.safe(e.why)})" for e in ev.eliminated]
        why = f" ({chat.safe(ev.why)})" if ev.why else ""
        return Post(text="\n".join([f"🏆 **{chat.safe(ev.summary)}**{why}", *rows, *gone]), image=result_table(ev.outcome))

    return table
