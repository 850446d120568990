"""Helpers shared by the `test_choice_*` modules (this module holds no tests).

They drive the public surface: `Session.create`, `feed`, `advance`, `final`, and
the pure functions of `umpire.games.choice`. The session's state is only read
(for the block's start time), never changed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import tomli_w

from umpire.core.streams import Streams
from umpire.games.base import View
from umpire.games.choice.generate import prize_order
from umpire.scenario import Scenario
from umpire.scenario import parse as parse_scenario
from umpire.session import Output, Session, derive_salt

ROOT = Path(__file__).resolve().parents[2]
SCENARIO_FILE = ROOT / "scenarios" / "choice-is-yours.toml"
SEED = "9701"  # the bundled scenario's seed

SECOND = 1000
MINUTE = 60 * SECOND
BLOCK = 10 * MINUTE
ROUND = 60 * SECOND  # 59 s to play + 1 s break
PLAY = 59 * SECOND
CYCLE = 200 * SECOND

# What seed 9701 deals (checked against `generate` in test_choice_gen.py).
PRIZES = {
    1: (5, 6, 2, 1, 9, 7, 4, 3, 8),
    2: (2, 7, 3, 5, 6, 4, 8, 9, 1),
    3: (4, 1, 7, 6, 2, 9, 5, 3, 8),
    4: (7, 3, 1, 8, 5, 2, 6, 9, 4),
    5: (5, 1, 9, 7, 8, 3, 4, 6, 2),
}
SHOPS = (
    "679, 34, 15, 28",
    "238, 56, 49, 17",
    "236, 19, 47, 58",
    "457, 13, 69, 28",
    "278, 45, 13, 69",
    "678, 23, 59, 14",
    "123, 79, 68, 45",
    "125, 47, 38, 69",
    "679, 28, 14, 35",
    "468, 29, 35, 17",
    "159, 46, 28, 37",
    "378, 56, 19, 24",
    "248, 16, 35, 79",
    "457, 23, 19, 68",
    "246, 37, 19, 58",
)

# The Gyul Hap boards seed 9701 deals (tiles as R-GH-4 letters, row-major) and their haps, as read
# off the boards by hand; test_choice_gyul.py checks them against the generator.
BOARDS = {
    1: ("RWS RBC BWS RWT RGT RGS BGC YGC BGT", {(1, 2, 5), (2, 4, 6), (6, 8, 9)}),
    2: ("RWS YWC YBT RGC YWT BBT YWS YGT RBS", {(2, 5, 7), (3, 5, 8), (4, 6, 7)}),
    3: ("YBC BGT RBT RWC RGS RWT YWC BBC YBT", {(2, 6, 9), (3, 4, 5)}),
}

# The Expressions sets seed 9701 deals: set n is block 2 + (n - 1) // 2, set (n - 1) % 2 + 1 of it.
SETS = {
    1: ("_/_-_+_=5", "_+_x_+_=102", "_x_-_-_=51", "_x_+_-_=23", "_/_x_x_=80"),
    2: ("_+_-_+_=12", "_/_x_x_=36", "_x_/_x_=18", "_-_x_x_=96", "_x_/_/_=7"),
    3: ("_x_-_-_=13", "_+_/_x_=5", "_+_-_+_=5", "_+_-_x_=5", "_/_x_x_=35"),
}

# Cycle 1 of block 2 prices all nine tiles at $30 together (679 at $2, 34 at $3, 15 at $4, 28 at $5).
ALL_TILES_PRICE = 30


def scenario_text(**rules_overrides: Any) -> str:
    """The bundled scenario's TOML, with some `[rules]` keys changed."""
    text = SCENARIO_FILE.read_text(encoding="utf-8")
    if not rules_overrides:
        return text
    data = tomllib.loads(text)
    data["rules"].update(rules_overrides)
    return tomli_w.dumps(data)


def scenario(**rules_overrides: Any) -> Scenario:
    """The bundled Final Match scenario, with some `[rules]` keys changed."""
    where = str(SCENARIO_FILE) + (" (changed by a test)" if rules_overrides else "")
    return parse_scenario(scenario_text(**rules_overrides), where)


def new_session(*, journal: Path | None = None, seed: str = SEED, **rules_overrides: Any) -> Session:
    """A Final Match session, seeded as batch mode seeds it."""
    return Session.create(scenario(**rules_overrides), journal_path=journal, seed=seed, salt=derive_salt(seed))


def refusals(outputs: Sequence[Output]) -> list[Output]:
    return [o for o in outputs if o.kind == "refusal"]


def ok(session: Session, text: str) -> list[Output]:
    """Feed a line that must be accepted; returns its outputs."""
    out = session.feed(text)
    bad = refusals(out)
    assert not bad, f"{text!r} was refused: {bad[0].text}"
    return out


def refused(session: Session, text: str, *, error: str | None = None) -> str:
    """Feed a line that must be refused and must change nothing; returns the reason."""
    before = session.final()
    history = len(session.history)
    out = session.feed(text)
    assert len(out) == 1 and out[0].kind == "refusal", f"{text!r} was not refused: {[o.text for o in out]}"
    if error is not None:
        assert out[0].error == error, (out[0].error, out[0].text)
    assert out[0].input == text.strip()
    assert session.final() == before
    assert len(session.history) == history
    return out[0].text


def events(outputs: Sequence[Output], kind: str | None = None) -> list[dict[str, Any]]:
    """The event objects of some outputs (optionally of one kind)."""
    evs = [o.event for o in outputs if o.kind == "announce" and o.event is not None]
    return [e for e in evs if kind is None or e.get("event") == kind]


def texts(outputs: Sequence[Output], audience: str | None = None) -> list[str]:
    """The announcement texts of some outputs (optionally for one audience)."""
    return [o.text for o in outputs if o.kind == "announce" and o.text and (audience is None or str(o.audience) == audience)]


def block_start(session: Session) -> int:
    """When the block under way (or the last one) started, in game time."""
    return int(session.state.block_start)


def start(session: Session, at: int | None = None) -> list[Output]:
    """Move the clock to `at` (if given) and start the next block."""
    out: list[Output] = []
    if at is not None:
        out += session.advance(at)
    return out + ok(session, "start")


def to_round(session: Session, k: int, offset: int = SECOND) -> list[Output]:
    """Move the clock to `offset` after round `k` of the block under way opened."""
    return session.advance(block_start(session) + (k - 1) * ROUND + offset)


def close_round(session: Session, k: int) -> list[Output]:
    """Move the clock to round `k`'s deadline (the reveal)."""
    return session.advance(block_start(session) + (k - 1) * ROUND + PLAY)


def play_round(session: Session, k: int, p1: str | None = None, p2: str | None = None) -> dict[str, Any]:
    """Round `k` of the bout under way: each given play (e.g. "gs 5", "igs 3"), then the reveal.

    Returns the `round_resolved` event.
    """
    to_round(session, k)
    if p1 is not None:
        ok(session, f"p1: {p1}")
    if p2 is not None:
        ok(session, f"p2: {p2}")
    (resolved,) = events(close_round(session, k), "round_resolved")
    return resolved


def play_bout(session: Session, rounds: Sequence[tuple[str | None, str | None]]) -> list[dict[str, Any]]:
    """Nine rounds of (p1 play, p2 play); None sends nothing (an auto-play)."""
    assert len(rounds) == 9
    return [play_round(session, k, p1, p2) for k, (p1, p2) in enumerate(rounds, start=1)]


def end_block(session: Session) -> list[Output]:
    """Move the clock to the end of the block under way."""
    return session.advance(block_start(session) + BLOCK)


def auto_bout(session: Session) -> list[Output]:
    """Start the next block and let it run out with no input at all."""
    out = start(session)
    return out + end_block(session)


def player(session: Session, name: str) -> dict[str, Any]:
    """One player's part of the `final` object."""
    players: dict[str, Any] = session.final()["players"]
    return dict(players[name])


def win_bout(session: Session, seat: int) -> None:
    """Start the next block and let `seat` win its bout by one swap of cards, all else auto-played.

    In a round k whose prize beats the next one, the winner plays k+1 (both would auto-play k);
    the winner takes prize k, the loser prize k+1, and every other round is a tie.
    """
    start(session)
    block = session.state.block
    prizes = prize_order(Streams(session.seed), block)
    k = next(i for i in range(1, 9) if prizes[i - 1] > prizes[i])
    line = f"gs {k + 1}"
    play_round(session, k, line if seat == 0 else None, line if seat == 1 else None)
    end_block(session)


# ---------------------------------------------------------------- Gyul Hap and Expressions (blocks 2–6)


def in_block_2(*, money: int = 100, **rules_overrides: Any) -> Session:
    """A session at the start of block 2 (block 1 auto-played, every bout a tie), each player with
    `money` dollars on top of the $30 credit."""
    s = new_session(starting_money=money, **rules_overrides)
    auto_bout(s)
    start(s)
    return s


def buy(session: Session, who: str, digits: str) -> None:
    """`who` ("p1"/"p2") buys each tile of `digits` in the cycle under way."""
    for d in digits:
        ok(session, f"{who}: buy {d}")


def tiles(session: Session, name: str) -> dict[int, int]:
    """The copies `name` holds of each tile 1–9."""
    return {int(d): c for d, c in player(session, name)["tiles"].items()}


def points(session: Session, key: str) -> dict[str, int]:
    """Each player's `gsp`, `ghp` or `ep`."""
    return {name: p[key] for name, p in session.final()["players"].items()}


def advantage_left(session: Session, name: str, item: str) -> int:
    return int(player(session, name)["advantages"][item]["left"])


def view(session: Session, line: str) -> View:
    """A host view (`haps`, `puzzles`, `solutions 3`, …)."""
    (out,) = session.feed(line)
    assert out.kind == "view" and out.view is not None, out
    return out.view


def one(outputs: Sequence[Output], kind: str) -> dict[str, Any]:
    """The single event of `kind` among some outputs."""
    (ev,) = events(outputs, kind)
    return ev
