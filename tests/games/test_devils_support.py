"""Helpers shared by the `test_devils_*` modules (this module holds no tests).

Two ways in: a `Session` of the bundled scenario (seed 3115, what batch mode runs), driven
through `feed` and `@` lines and only read, never changed; and the pure rules, from a state
built here with chosen pools and chips (`table()`), for the poker step where the cards matter.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import tomli_w

from tests.games import game
from umpire.core.clock import fmt_stamp
from umpire.core.errors import IllegalAction
from umpire.core.players import Player, Roster
from umpire.core.settings import Settings
from umpire.core.streams import Streams
from umpire.games.base import Event, PublicSetup
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal import rules
from umpire.games.devilsdeal.commands import parse
from umpire.games.devilsdeal.divisions import best_division
from umpire.games.devilsdeal.settings import SETTINGS, Config, configure
from umpire.games.devilsdeal.state import Ask, Divide, Phase, Pick, Seat, State, deadline, initial, waiting
from umpire.games.rounds import Simultaneous
from umpire.scenario import Scenario
from umpire.scenario import parse as parse_scenario
from umpire.session import Output, Session, derive_salt

GAME = game("devils-deal")

ROOT = Path(__file__).resolve().parents[2]
SCENARIO_FILE = ROOT / "scenarios" / "devils-deal.toml"
SEED = "3115"  # the bundled scenario's seed
SECOND = 1000

# What seed 3115 deals (checked against the streams in test_devils_rules.py).
POOLS = ("G2 R5 G5 B6 B7", "R1 B2 B5 G6 R9")
REFILL_1_1_1 = "G4 B4 G6 G3 B1 G9 R2 G8 R8 B5 B6 B2"  # round 1, Hedger's first refill


def cards(text: str) -> tuple[int, ...]:
    """Cards from text, e.g. cards("R5 G5 B5")."""
    return tuple(C.read(w) for w in text.split())


def scenario(**rules_overrides: Any) -> Scenario:
    """The bundled scenario, with some `[rules]` keys changed."""
    text = SCENARIO_FILE.read_text(encoding="utf-8")
    where = "scenarios/devils-deal.toml"
    if rules_overrides:
        data = tomllib.loads(text)
        data["rules"].update(rules_overrides)
        text = tomli_w.dumps(data)
        where += " (changed by a test)"
    return parse_scenario(text, where)


def new_session(*, journal: Path | None = None, seed: str = SEED, **rules_overrides: Any) -> Session:
    """A session of the bundled scenario, seeded as batch mode seeds it."""
    return Session.create(scenario(**rules_overrides), journal_path=journal, seed=seed, salt=derive_salt(seed))


def refusals(outputs: Sequence[Output]) -> list[Output]:
    return [o for o in outputs if o.kind == "refusal"]


def ok(session: Session, *lines: str) -> list[Output]:
    """Feed lines that must all be accepted; returns their outputs."""
    out: list[Output] = []
    for text in lines:
        got = session.feed(text)
        bad = refusals(got)
        assert not bad, f"{text!r} was refused: {bad[0].text}"
        out += got
    return out


def at(session: Session, seconds: float) -> list[Output]:
    """Move the game clock to `seconds` after the start (an `@` line)."""
    return ok(session, f"@ {fmt_stamp(round(seconds * SECOND))}")


def later(session: Session, seconds: float) -> list[Output]:
    """Move the game clock on by `seconds`."""
    return ok(session, f"@ {fmt_stamp(session.now + round(seconds * SECOND))}")


def events(outputs: Sequence[Output], kind: str | None = None) -> list[dict[str, Any]]:
    """The event objects of some outputs (optionally of one kind)."""
    evs = [o.event for o in outputs if o.kind == "announce" and o.event is not None]
    return [e for e in evs if kind is None or e.get("event") == kind]


def kinds(outputs: Sequence[Output]) -> list[str]:
    return [e["event"] for e in events(outputs)]


def public(outputs: Sequence[Output]) -> str:
    """The public chat text of some outputs."""
    return "\n\n".join(o.text for o in outputs if o.kind == "announce" and str(o.audience) == "public" and o.text)


def texts(outputs: Sequence[Output], audience: str) -> list[str]:
    return [o.text for o in outputs if o.kind == "announce" and str(o.audience) == audience and o.text]


def started(**rules_overrides: Any) -> Session:
    """Pools dealt, Uri chose Hedger: round 1, Hedger asked “refill?” at 0:00."""
    s = new_session(**rules_overrides)
    ok(s, "start", "p2: first p1")
    return s


def offer(session: Session) -> tuple[int, ...]:
    """The cards of the refill being divided."""
    step = session.state.step
    assert isinstance(step, Divide), f"no refill is being divided ({waiting(session.state)})"
    return step.offer


def best_line(session: Session) -> str:
    """The best division of the refill being divided, as a one-line submission."""
    best = best_division(offer(session))
    assert best is not None
    kept = [C.names(p) for p in best.kept()]
    return " | ".join([*kept, f"aside {C.names(best.aside)}"])


def not_offered(session: Session) -> str:
    """A card the refill being divided does not hold."""
    return C.name(next(c for c in range(27) if c not in offer(session)))


def to_poker(session: Session) -> None:
    """From round start: both players decline (or are skipped), so the poker step starts."""
    for _ in range(2):
        step = session.state.step
        if isinstance(step, Ask):
            ok(session, f"p{step.seat + 1}: no")
    assert isinstance(session.state.step, Pick), waiting(session.state)


def legal_pick(session: Session, seat: int, skip: int = 0) -> str:
    """Two different pool cards, neither the community card (the `skip`th such pair)."""
    state = session.state
    pool = [c for c in dict.fromkeys(state.seats[seat].pool) if c != state.community]
    pairs = [(a, b) for a in pool for b in pool if a != b]
    a, b = pairs[skip]
    return f"pick {C.name(a)} {C.name(b)}"


# ---------------------------------------------------------------- pure states


def config(**overrides: Any) -> Config:
    """A Config with the bundled defaults (Hedger = seat 0, Uri = seat 1, Uri the Advantage holder)."""
    settings = Settings({s.key: (list(s.default) if isinstance(s.default, list) else s.default) for s in SETTINGS})
    settings.update(overrides)
    roster = Roster([Player(seat=0, name="Hedger", aliases=("p1",)), Player(seat=1, name="Uri", aliases=("p2",))])
    return configure(PublicSetup(roster=roster, settings=settings))


def table(
    pools: tuple[str, str],
    chips: tuple[int, int] = (30, 30),
    community: str = "B9",
    starter: int = 0,
    now: int = 0,
    **overrides: Any,
) -> State:
    """A state at the poker step's pick: these pools and chips, this community card."""
    cfg = config(**overrides)
    seats = tuple(Seat(chips=chips[i], pool=C.ordered(cards(pools[i])), seen=C.ordered(cards(pools[i]))) for i in range(2))
    state = initial(cfg, Streams(SEED))
    return replace(
        state,
        seats=(seats[0], seats[1]),
        phase=Phase.PLAY,
        round=1,
        starter=starter,
        step=Pick(),
        community=C.read(community),
        picks=Simultaneous[tuple[int, int]].of((0, 1)),
        deadline=deadline("pick", now, cfg.pick_ms),
    )


def act(state: State, seat: int | None, text: str, now: int = 0) -> tuple[State, list[Event]]:
    """Parse one line on a pure state, ask the table of moves whether it may be made now (as the session
    does), and apply it."""
    cmd = parse(state, seat, text, lambda name: {"p1": 0, "p2": 1, "hedger": 0, "uri": 1}[name.casefold()])
    why = GAME.why_not(state, seat, cmd)
    if why is not None:
        raise IllegalAction(why)
    return rules.apply(state, cmd, now)


def play(state: State, *lines: tuple[int | None, str]) -> tuple[State, list[Event]]:
    """Apply (seat, text) lines in order; returns the last state and every event."""
    out: list[Event] = []
    for seat, text in lines:
        state, evs = act(state, seat, text)
        out += evs
    return state, out


def kinds_of(evs: Sequence[Event]) -> list[str]:
    return [e.kind for e in evs]


def one(evs: Sequence[Event], kind: str) -> Event:
    found = [e for e in evs if e.kind == kind]
    assert len(found) == 1, f"expected one {kind}, got {kinds_of(evs)}"
    return found[0]
