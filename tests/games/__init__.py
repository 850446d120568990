"""Tests of the games, and the helpers they share for driving a `Session`.

The helpers drive the public surface only: `Session.create`, `feed`, `final`, and
the pure functions of `umpire.games.haptactoe.rules`. They never reach into a
session to change it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import tomli_w

from tests.seeds import test_seed
from umpire.core.clock import fmt_stamp
from umpire.games import get
from umpire.games.base import Game
from umpire.games.haptactoe import rules
from umpire.games.haptactoe.pieces import square_name
from umpire.scenario import Scenario
from umpire.scenario import parse as parse_scenario
from umpire.session import Output, Session, derive_salt
from umpire.session.judging import RESENT_MS

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
BUNDLED = {"htt": SCENARIOS / "hap-tac-toe.toml", "wsa": SCENARIOS / "when-stars-align.toml"}
BOTH = ("htt", "wsa")
CHOOSER = {"htt": "Uri", "wsa": "Ian"}  # p2 in both bundled scenarios: the Advantage holder / the DM opponent
NOUN = {"htt": "block", "wsa": "star"}

# Pieces used by hand-written tests.
HAP_ROW = ("black red circle", "black red square", "black red triangle")  # a hap: only the shape differs
STAR_ROW = ("yellow solid 4", "yellow solid 5", "yellow solid 6")  # a set: only the shape differs


def game(key: str) -> Game[Any, Any]:
    """The game registered as `key`: its record, as the registry assembles it from the game's package."""
    found = get(key)
    assert found is not None, f"no game is registered as {key!r}"
    return found


def scenario(kind: str, **rules_overrides: Any) -> Scenario:
    """A bundled scenario ("htt" or "wsa"), with some `[rules]` keys changed."""
    text = BUNDLED[kind].read_text(encoding="utf-8")
    where = str(BUNDLED[kind])
    if rules_overrides:
        data = tomllib.loads(text)
        data["rules"].update(rules_overrides)
        text = tomli_w.dumps(data)
        where += " (changed by a test)"
    return parse_scenario(text, where)


def new_session(kind: str, *, journal: Path | None = None, **rules_overrides: Any) -> Session:
    """A session of a bundled scenario, seeded as batch mode seeds it."""
    sc = scenario(kind, **rules_overrides)
    seed = test_seed(sc)
    return Session.create(sc, journal_path=journal, seed=seed, salt=derive_salt(seed))


def words(session: Session, code: int) -> str:
    """A piece code written as the session's rule set writes it."""
    return session.state.cfg.book.pieces.words(code)


def refusals(outputs: Sequence[Output]) -> list[Output]:
    return [o for o in outputs if o.kind == "refusal"]


def ok(session: Session, text: str) -> list[Output]:
    """Feed a line that must be accepted; returns its outputs."""
    out = session.feed(text)
    bad = refusals(out)
    assert not bad, f"{text!r} was refused: {bad[0].text}"
    return out


def events(outputs: Sequence[Output], kind: str | None = None) -> list[dict[str, Any]]:
    """The event objects of some outputs (optionally of one kind)."""
    evs = [o.event for o in outputs if o.kind == "announce" and o.event is not None]
    return [e for e in evs if kind is None or e.get("event") == kind]


def public_text(outputs: Sequence[Output]) -> str:
    return "\n".join(o.text for o in outputs if o.kind == "announce" and str(o.audience) == "public")


def journal_lines(session: Session) -> int:
    """How many lines the session's journal file holds (header included)."""
    assert session.journal_path is not None
    return len(Path(session.journal_path).read_bytes().splitlines())


def refused(session: Session, text: str, *, error: str | None = None) -> str:
    """Feed a line that must be refused; check that it changed nothing and journaled nothing.

    Returns the reason text.
    """
    before_final = session.final()
    before_state = session.state
    before_now, before_paused, before_hist = session.now, session.paused, len(session.history)
    before_journal = journal_lines(session) if session.journal_path else None
    out = session.feed(text)
    assert len(out) == 1, f"{text!r}: expected one refusal, got {[o.kind + ': ' + o.text for o in out]}"
    (o,) = out
    assert o.kind == "refusal", f"{text!r} was accepted: {o.text}"
    if error is not None:
        assert o.error == error, f"{text!r}: expected {error}, got {o.error}: {o.text}"
    assert session.final() == before_final
    assert session.state == before_state
    assert (session.now, session.paused, len(session.history)) == (before_now, before_paused, before_hist)
    if before_journal is not None:
        assert journal_lines(session) == before_journal, f"{text!r} was refused but journaled"
    return o.text


def alias(seat: int) -> str:
    return f"p{seat + 1}"


def mover(session: Session) -> str:
    """The alias of the player whose turn it is."""
    turn = session.state.turn
    assert turn is not None, "no turn under way"
    return alias(turn.seat)


def begin(session: Session, first: str = "p1") -> list[Output]:
    """The chooser (p2 in the bundled scenarios) picks `first`, and the host starts game 1."""
    chooser = alias(session.state.cfg.chooser)
    return ok(session, f"{chooser}: first {first}") + ok(session, "start")


def fill_turn(session: Session) -> str:
    """The standard fill: turn k of a game places piece k-1 on the (k-1)th square, row-major."""
    turn = session.state.turn
    assert turn is not None
    k = turn.number - 1
    ok(session, f"{mover(session)}: {words(session, k)} {square_name(k)}")
    return square_name(k)


ANY_HAP = "*"  # in a claim plan: the first unclaimed line hap on the board
LATER = "later"  # in a claim plan: the clock moves on past the time a claim sent twice is counted once in (R-READ-5)


def play_turn(session: Session, claims: Sequence[str] = (), *, end: str | None = None) -> list[Output]:
    """One standard-fill turn: place, make the claims (one line each), then end it.

    `end` is the ending line (default: the mover's "done"). ANY_HAP claims name
    a line hap not yet claimed in this game and not already named this turn.
    """
    fill_turn(session)
    word = session.state.cfg.book.claim_word
    named: list[str] = []
    for c in claims:
        if c == LATER:  # a few seconds pass: the next claim is not the last one sent twice (R-READ-5)
            ok(session, f"@ {fmt_stamp(session.now + RESENT_MS + 1000)}")
            continue
        if c == ANY_HAP:
            fresh = [t for t in rules.line_haps(session.state) if " ".join(square_name(s) for s in t) not in named]
            assert fresh, "the plan wants a hap but the board has none unclaimed"
            c = " ".join(square_name(s) for s in fresh[0])
        named.append(c)
        ok(session, f"{mover(session)}: {word} {c}")
    return ok(session, end or f"{mover(session)}: done")


ClaimPlan = Mapping[int, Sequence[str]] | Callable[[Session], Sequence[str]]


def play_game(session: Session, plan: ClaimPlan | None = None) -> list[Output]:
    """Play the current game to its end with the standard fill; `plan` gives each turn's claims."""
    out: list[Output] = []
    game = session.state.game
    if session.state.phase == "ready":
        out += ok(session, "start")
    while session.state.game == game and session.state.phase == "turn":
        turn = session.state.turn
        assert turn is not None
        if plan is None:
            claims: Sequence[str] = ()
        elif callable(plan):
            claims = plan(session)
        else:
            claims = plan.get(turn.number, ())
        out += play_turn(session, claims)
    return out


# The standard fill's known line triples (piece k-1 on square k-1).
# A1 B1 C1 hold pieces 0, 1, 2: a hap, on the board from turn 3.
# B2 C2 D2 hold pieces 6, 7, 8: a hap, from turn 9.
# C3 D3 E3 hold pieces 12, 13, 14: a hap, from turn 15.
# A1 B1 D1 hold pieces 0, 1, 3: not a hap, from turn 4.
# A1 C1 D1 hold pieces 0, 2, 3: not a hap, from turn 4.
HAP_1, HAP_2, HAP_3 = "A1 B1 C1", "B2 C2 D2", "C3 D3 E3"
NOT_HAP, NOT_HAP_2 = "A1 B1 D1", "A1 C1 D1"
