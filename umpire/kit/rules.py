"""A kit game's state, commands and rules: pure, on the shared building blocks, driven by its `Kit`.

One engine plays every kit file: the state carries the kit it was started from, so `apply`, `on_due` and the
rest are the same functions for every kit game (`umpire.kit.game` makes a `Game` record of them).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from umpire.core.clock import SECOND
from umpire.core.errors import IllegalAction, InvalidCommand
from umpire.core.evolve import replace
from umpire.core.streams import Streams
from umpire.games import roundplay
from umpire.games.base import Event, Resolve, Setup, dm
from umpire.games.outcome import Elimination, Outcome
from umpire.games.roundplay import HostWord
from umpire.games.rounds import SealedRound
from umpire.kit.events import Called, Holdings, PickAsked, RoundClosed, RoundOpened
from umpire.kit.hidden import public_values, said
from umpire.kit.resolve import Resolution, resolve
from umpire.kit.schema import Kit, Round


@dataclass(frozen=True, kw_only=True)
class Send:
    """A player's sealed word: `move` is the verb (bid, pick, vote), `value` what they sent (a vote: the seat's name)."""

    move: str
    seat: int
    value: str


@dataclass(frozen=True, kw_only=True)
class State:
    """Everyone's resources, who is out (and since which round), the round open (or the last one) and its draws."""

    kit: Kit = field(compare=False, repr=False)
    names: tuple[str, ...]
    streams: Streams
    values: tuple[tuple[int, ...], ...]  # by resource (the kit's order), by seat
    out: tuple[int, ...]  # the round a seat was eliminated in; 0 while it plays
    open: SealedRound[str] | None = None  # None until the host's “start”
    order: tuple[int, ...] = ()  # the seats that have sent in the open round, earliest first (a resend moves to the end)
    items: tuple[tuple[str, int], ...] = ()  # what the open round drew
    pairs: tuple[tuple[int, int], ...] = ()  # a pairs round's pairs
    outcome: Outcome | None = None

    @property
    def number(self) -> int:
        """The open (or last) round's number; 0 before the start."""
        return 0 if self.open is None else self.open.number

    @property
    def round(self) -> Round:
        """The open round's kind (before the start: the first)."""
        return self.kit.schedule[max(self.number, 1) - 1]

    def alive(self) -> tuple[int, ...]:
        """The seats still in the game."""
        return tuple(s for s, o in enumerate(self.out) if o == 0)

    def own(self, seat: int) -> dict[str, int]:
        """A seat's resources by name."""
        return {name: self.values[i][seat] for i, name in enumerate(self.kit.resources)}


def start(kit: Kit, setup: Setup) -> State:
    """Everyone holds the starting resources; nothing is drawn until the host's “start”."""
    names = tuple(p.name for p in setup.roster)
    values = tuple((v,) * len(names) for v in kit.resources.values())
    return State(kit=kit, names=names, streams=setup.streams, values=values, out=(0,) * len(names))


_VERB_HELP = {"bid": "bid N", "vote": "vote NAME"}


def verb_form(r: Round) -> str:
    """How a round's word is written: “bid N”, “pick 1–10”, “pick cooperate|betray”, “vote NAME”."""
    if r.kind != "pick":
        return _VERB_HELP[r.kind]
    return f"pick {r.numbers[0]}–{r.numbers[1]}" if r.numbers else "pick " + "|".join(r.words)


def example(r: Round) -> str:
    """A real example of a round's word."""
    if r.kind == "bid":
        return "bid 5"
    if r.kind == "vote":
        return "vote Hedger"
    return f"pick {r.numbers[0]}" if r.numbers else f"pick {r.words[0]}"


def parse(state: State, actor: int | None, text: str, resolve_name: Resolve) -> HostWord | Send:
    """The host's “start” or “close”, or a player's word for the round (“bid 5”, “pick betray”, “vote Uri”)."""
    r = state.round
    words = text.split()
    verb = words[0].casefold() if words else ""
    if actor is None:
        if [w.casefold() for w in words] in (["start"], ["close"]):
            return HostWord(move=verb)
        if verb in ("bid", "pick", "vote"):
            raise InvalidCommand(
                f"the host's words here are “start” and “close”; a player's {verb} comes with their name: “p1: {example(r)}”"
            )
        raise InvalidCommand("unknown host command (type “help” for the list)")
    if verb != r.kind:
        raise InvalidCommand(f"a player sends “{verb_form(r)}” in this round, e.g. “{example(r)}”")
    if len(words) == 1:
        raise InvalidCommand(f"“{verb}” needs {'a name' if verb == 'vote' else 'a value'} after it, e.g. “{example(r)}”")
    rest = " ".join(words[1:])
    if r.kind == "vote":
        return Send(move=verb, seat=actor, value=state.names[resolve_name(rest)])
    if r.kind == "pick" and r.words:
        if rest.casefold() not in r.words:
            raise InvalidCommand(f"“{rest}” is not a pick here: pick one of {', '.join(r.words)}, e.g. “{example(r)}”")
        return Send(move=verb, seat=actor, value=rest.casefold())
    if not re.fullmatch(r"[0-9]{1,9}", rest):
        want = f"a whole number from {r.numbers[0]} to {r.numbers[1]}" if r.numbers else "one whole number from 0 up"
        raise InvalidCommand(f"“{rest}” is not a {verb}: a {verb} is {want}, e.g. “{example(r)}”")
    if r.numbers and not r.numbers[0] <= int(rest) <= r.numbers[1]:
        raise InvalidCommand(f"“{rest}” is not a pick here: a pick is a whole number from {r.numbers[0]} to {r.numbers[1]}")
    return Send(move=verb, seat=actor, value=str(int(rest)))


def names_of(state: State, seat: int) -> dict[str, int]:
    """What an expression about `seat` may read before the round's resolution: its resources, the draws, the round."""
    return {**state.own(seat), **dict(state.items), "round": state.number, "alive": len(state.alive())}


def apply(state: State, cmd: HostWord | Send, now: int) -> tuple[State, list[Event]]:
    """Judge a command (its move is allowed now: the session asked the table of moves)."""
    if isinstance(cmd, HostWord):
        return _open_round(state, now, []) if cmd.move == "start" else _close(state, now, by_host=True)
    assert state.open is not None
    r, name = state.round, state.names[cmd.seat]
    if r.kind == "bid":
        most = r.most.value(names_of(state, cmd.seat)) if r.most is not None else 0
        if int(cmd.value) > most:
            named = {k: v for k, v in state.own(cmd.seat).items() if r.most is not None and k in r.most.names and k in state.kit.hidden}
            yours = f"; you hold {said(named)}" if named else ""  # a hidden resource: the refusal goes to the bidder alone
            raise IllegalAction(f"{name} may bid at most {most} (“{r.most.text if r.most else ''}”{yours}; the bid was {cmd.value})")
    if r.kind == "vote":
        target = state.names.index(cmd.value)
        if state.out[target]:
            raise IllegalAction(f"{cmd.value} is out of the game; vote for a player still in it")
        if target == cmd.seat and not r.self_vote:
            raise IllegalAction(f"{name} cannot vote for themself in this game")
    opened, took = state.open.take(cmd.seat, cmd.value)
    order = (*(s for s in state.order if s != cmd.seat), cmd.seat)
    receipt: list[Event]
    if r.open:  # an open call: everyone sees it as it is made
        replaced = None if took.replaced is None else str(took.replaced)
        receipt = [Called(t=now, round=opened.number, player=name, what=r.kind, value=cmd.value, replaced=replaced)]
    else:
        receipt = roundplay.receipt(opened, took, seat=cmd.seat, what=r.kind, value=cmd.value, now=now)
    state = replace(state, open=opened, order=order)
    if not took.closes:
        return state, receipt
    state, events = _close(state, now, by_host=False)
    return state, receipt + events


def draw_items(kit: Kit, streams: Streams, number: int) -> tuple[tuple[str, int], ...]:
    """The items round `number` draws, each from its own named stream (docs/writing-a-kit-game.md): from the seed
    and the round's number alone, so `umpire verify` re-derives them from a published journal (`umpire.kit.rederive`)."""
    out = []
    for name in kit.schedule[number - 1].draws:
        item = kit.items[name]
        if not item.deck:
            out.append((name, streams.stream(f"{name} {number}").between(item.low, item.high)))
            continue
        dealt = sum(name in past.draws for past in kit.schedule[: number - 1])
        deck = streams.stream(f"deck {name}").shuffled(item.deck) if item.shuffled else list(item.deck)
        out.append((name, deck[dealt % len(deck)]))
    return tuple(out)


def draw_pairs(streams: Streams, number: int, seats: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], int | None]:
    """Round `number`'s pairs among the players still in (`seats`), from the stream `pairs N`, and who rests (an odd one out)."""
    drawn = streams.stream(f"pairs {number}").shuffled(seats)
    pairs = tuple((drawn[i], drawn[i + 1]) for i in range(0, len(drawn) - 1, 2))
    return pairs, drawn[-1] if len(drawn) % 2 else None


def _open_round(state: State, now: int, events: list[Event]) -> tuple[State, list[Event]]:
    number = state.number + 1
    r = state.kit.schedule[number - 1]
    seats = state.alive()
    items = draw_items(state.kit, state.streams, number)
    pairs: tuple[tuple[int, int], ...] = ()
    resting: str | None = None
    if r.resolve == "pairs":
        pairs, rests = draw_pairs(state.streams, number, tuple(seats))
        resting = None if rests is None else state.names[rests]
        seats = tuple(sorted(s for pair in pairs for s in pair))  # the odd one out sends nothing this round
    span, reminders = r.seconds * SECOND, tuple(x * SECOND for x in r.reminders)
    opened = SealedRound[str].open(number=number, seats=seats, now=now, span=span, reminders=reminders)
    names = state.names
    ev = RoundOpened(t=now, round=number, items=dict(items), pairs=tuple((names[a], names[b]) for a, b in pairs), resting=resting)
    asked: list[Event] = []
    if r.buttons:
        answers = tuple(f"pick {w}" for w in r.words)
        asked = [PickAsked(t=now, audience=dm(s), round=number, player=names[s], answers=answers) for s in seats]
    return replace(state, open=opened, order=(), items=items, pairs=pairs), [*events, ev, *asked]


def _close(state: State, now: int, *, by_host: bool) -> tuple[State, list[Event]]:
    """Reveal the round, pick by its rule, pay and gain, eliminate; then the next round, or the end."""
    assert state.open is not None
    r, closed = state.round, state.open.stopped()
    sent = dict(closed.revealed())
    got: Resolution = resolve(r, sent, state, closed.seats)
    values = [list(v) for v in state.values]
    kit = state.kit
    for seat in closed.seats:
        base = {**names_of(state, seat), "picked": len(got.picked), "votes": got.votes.get(seat, 0), "payoff": got.payoff.get(seat, 0)}
        if r.kind == "bid" or r.numbers:  # a player who sent nothing counts as 0 here
            base[r.kind] = int(sent.get(seat, "0"))
        for part, effects in (("picked", r.picked), ("each", r.each)):
            if part == "picked" and seat not in got.picked:
                continue
            now_values = {name: values[i][seat] for i, name in enumerate(kit.resources)}
            news = {key: e.value({**base, **now_values}) for key, e in effects.items()}
            for key, v in news.items():
                values[list(kit.resources).index(key)][seat] = max(0, v)
    out = list(state.out)
    state = replace(state, values=tuple(tuple(v) for v in values), open=closed)
    gone: list[str] = []
    if kit.eliminate is not None:
        for seat in state.alive():
            if kit.eliminate.holds(names_of(state, seat)):
                out[seat] = closed.number
                gone.append(state.names[seat])
    state = replace(state, out=tuple(out))
    names = state.names
    shown = sent if r.reveal == "all" else {s: v for s, v in sent.items() if s in got.picked} if r.reveal == "winner" else {}
    ev = RoundClosed(
        t=now,
        round=closed.number,
        items=dict(state.items),
        sent={names[s]: v for s, v in sorted(shown.items())},
        reveal=r.reveal,
        picked=tuple(names[s] for s in got.picked),
        votes={names[s]: n for s, n in sorted(got.votes.items())},
        resources=public_values(kit, names, state.values),
        eliminated=tuple(gone),
        by_host=by_host,
        drawn=got.drawn,
    )
    own: list[Event] = [  # each player's hidden resources, to them alone
        Holdings(
            t=now,
            audience=dm(s),
            round=closed.number,
            player=names[s],
            values={k: state.own(s)[k] for k in kit.resources if k in kit.hidden},
        )
        for s in closed.seats
        if kit.hidden
    ]
    ended = len(state.alive()) <= 1 if kit.last_standing else False
    if ended or closed.number >= kit.rounds:
        return _end(state, now, ev, own)
    return _open_round(state, now, [ev, *own])


def _end(state: State, now: int, closed: RoundClosed, own: list[Event]) -> tuple[State, list[Event]]:
    from umpire.kit.ending import outcome_of

    over, drawn = outcome_of(state)
    return replace(state, outcome=over), [closed, *own, roundplay.result(over, now=now, drawn=drawn)]


def is_over(state: State) -> bool:
    """Whether the match has ended."""
    return state.outcome is not None


def next_due(state: State) -> int | None:
    """When the open round's deadline next acts."""
    return None if state.open is None or state.outcome is not None else state.open.next_at


def on_due(state: State, now: int) -> tuple[State, list[Event]]:
    """A reminder (with a host note of who is still to act), or the round closing at its deadline."""
    assert state.open is not None
    opened, tick = state.open.tick()
    if tick.passed:
        return _close(replace(state, open=opened), now, by_host=False)
    return replace(state, open=opened), roundplay.reminder(opened, tick, state.names, now=now)


def values_by_name(state: State) -> Mapping[str, tuple[int, ...]]:
    """Each resource's values by seat, by the resource's name."""
    return dict(zip(state.kit.resources, state.values, strict=True))


__all__ = ["Elimination", "Send", "State", "apply", "is_over", "next_due", "on_due", "parse", "start"]
