"""What the host and the players see of a kit game: the status view, the toolbar, `final`, knowledge, the result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from umpire.core import chat
from umpire.core.clock import fmt_clock
from umpire.core.settings import Settings
from umpire.games.base import JSON, Toolbar, View, ViewDef
from umpire.games.facts import Fact
from umpire.games.outcome import Outcome
from umpire.games.status import status_heading
from umpire.kit.rules import State
from umpire.kit.schema import Kit


def knowledge(state: State, seat: int | None) -> dict[str, JSON]:
    """What `seat` may know (None: everyone): the round and its draws, everyone's resources (of a hidden one, the
    seat's own alone until the match is over, when everyone's), who is out, and a player's own sealed word in the
    open round."""
    running = state.open is not None and state.outcome is None
    over = state.outcome is not None
    out: dict[str, JSON] = {"round": None if state.open is None else state.number, "items": dict(state.items) if running else None}
    for name, values in zip(state.kit.resources, state.values, strict=True):
        if name not in state.kit.hidden or over:
            out[name] = dict(zip(state.names, values, strict=True))
        elif seat is not None:
            out[name] = {state.names[seat]: values[seat]}
    out["out"] = [n for n, o in zip(state.names, state.out, strict=True) if o]
    if seat is not None and running and state.open is not None:
        out[f"my_{state.round.kind}"] = state.open.get(seat)
    return out


def own_status(known: Mapping[str, JSON], player: str) -> str:
    """A player's own `status` (R-READ-4) in words, from what their seat may know (`knowledge`) and nothing else.

    >>> print(own_status({"round": 2, "items": {"prize": 4}, "coins": {"Uri": 20}, "out": [], "my_bid": 5}, "Uri"))
    📋 **Your status, Uri** (for you alone)
    Round 2 · drawn: prize 4
    Coins: Uri 20
    Out: nobody
    Your bid this round: 5
    """
    lines = [status_heading(player)]
    items = known.get("items") or {}
    drawn = " · drawn: " + ", ".join(f"{chat.safe(str(k))} {v}" for k, v in items.items()) if items else ""
    lines.append(f"Round {known['round']}{drawn}" if known.get("round") is not None else "No round is open.")
    fixed = {"round", "items", "out"}
    for key, value in known.items():
        if key not in fixed and not key.startswith("my_") and isinstance(value, Mapping):
            lines.append(f"{chat.safe(key.capitalize())}: " + " · ".join(f"{chat.safe(str(n))} {v}" for n, v in value.items()))
    lines.append("Out: " + (", ".join(chat.safe(str(n)) for n in known.get("out") or []) or "nobody"))
    for key, value in known.items():
        if key.startswith("my_"):
            word = key.removeprefix("my_")
            mine = "none yet" if value is None else chat.safe(str(value))
            lines.append(f"Your {word} this round: {mine}")
    return "\n".join(lines)


def final(state: State, now: int) -> dict[str, JSON]:
    """The whole match as JSON, for the host: the open round's words stay sealed (only who has sent one); everyone's
    hidden resources are in it (the host sees them, as in `status`)."""
    running = state.open is not None and state.outcome is None
    sent = [state.names[s] for s in state.open.submitted] if running and state.open is not None else []
    everything = {name: dict(zip(state.names, values, strict=True)) for name, values in zip(state.kit.resources, state.values, strict=True)}
    return {"game_key": state.kit.key, **knowledge(state, None), **everything, "sent": sent, "over": state.outcome is not None}


def outcome(state: State) -> Outcome | None:
    """The result, once the match is over (as its `Result` event states it)."""
    return state.outcome


def facts(kit: Kit, settings: Settings) -> tuple[Fact, ...]:
    """What the report shows of each player: every resource (a hidden one once the match is over), the first score's
    deciding when it is one."""
    deciding = kit.score[0].text if kit.score else ""
    return tuple(  # a hidden resource is known (and shown) only once the match is over: not drawn over time
        Fact(key=name, label=name.capitalize(), decides=name == deciding, plot=name not in kit.hidden) for name in kit.resources
    )


def _where(s: State) -> str:
    if s.open is None:
        return "ready: the host starts with “start”"
    if s.outcome is not None:
        return f"over: {s.outcome.summary}"
    drawn = "".join(f", {k} {v}" for k, v in s.items)
    of = "" if s.kit.last_standing else f"/{s.kit.rounds}"
    return f"round {s.number}{of}{drawn} · {len(s.open.waiting)} to {s.round.kind}"


def toolbar(state: State, now: int) -> Toolbar:
    """The round's time left first, then where the match is."""
    running = state.open is not None and state.outcome is None
    clock = f"{fmt_clock(state.open.left(now))} left" if running and state.open is not None else ""
    return Toolbar(clock=clock, where=_where(state))


def _status(state: State, now: int, args: Sequence[str]) -> View:
    opened = state.open if state.outcome is None else None
    kit = state.kit

    def mark(seat: int) -> str:
        if state.out[seat]:
            return f"out (round {state.out[seat]})"
        return "—" if opened is None or seat not in opened.seats else "sealed" if opened.has(seat) else f"to {state.round.kind}"

    rows = tuple((n, *(str(v[s]) for v in state.values), mark(s)) for s, n in enumerate(state.names))
    chat_text = "\n".join(
        f"{chat.safe(n)}: "
        + ", ".join(f"{k} {v[s]}" for k, v in zip(kit.resources, state.values, strict=True))
        + (" (out)" if state.out[s] else "")
        for s, n in enumerate(state.names)
    )
    return View(title=f"{kit.title} — {_where(state)}", columns=("player", *kit.resources, "this round"), rows=rows, chat=chat_text)


VIEWS: tuple[ViewDef[State], ...] = (
    ViewDef(name="status", what="Everyone's resources; who has sent a word in the open round.", build=_status),
)
