"""The kit file's Number Auction rules as the Python one does (tests/numberauction), over random seeded matches.

Each match is played twice from the same seed and the same random lines — once by scenarios/kit/number-auction.toml
on the kit engine, once by the tests' Python Number Auction — through the pure rules alone (no session): the same
lines must be refused, every round must reveal the same bids, pick the same winner (or nobody) and leave the same
coins and points, and the result must place everyone alike. 1,000 matches in the everyday suite.
"""

from __future__ import annotations

import random
from typing import Any

from tests.kit.support import kit_game, setup
from umpire.core.errors import IllegalAction
from umpire.games import get
from umpire.games.base import Event, Game
from umpire.games.roundplay import Result

MATCHES = 1000


def _ruling(events: list[Event]) -> list[Any]:
    """What the events decided, in terms both games share (each game's own events read by their kind)."""
    out: list[Any] = []
    for ev in events:
        e: Any = ev
        if ev.kind == "number_auction_closed":
            out.append(("closed", e.round, dict(e.bids), e.winner, dict(e.coins), dict(e.points)))
        elif ev.kind == "kit_closed":
            winner = e.picked[0] if e.picked else None
            sent = {p: int(v) for p, v in e.sent.items()}
            out.append(("closed", e.round, sent, winner, dict(e.resources["coins"]), dict(e.resources["points"])))
        elif ev.kind == "number_auction_round":
            out.append(("opened", e.round, e.prize))
        elif ev.kind == "kit_round":
            out.append(("opened", e.round, e.items["prize"]))
        elif isinstance(ev, Result):
            out.append(("result", ev.winners, tuple((p.player, p.place) for p in ev.ranking), ev.drawn))
    return out


def _step(game: Game[Any, Any], state: Any, line: tuple[str, int | None], now: int) -> tuple[Any, list[Any]]:
    """One line of the match on one of the games: a host's word, a player's “bid N”, or "due" (the deadline's next step)."""
    text, seat = line
    if text == "due":
        state, events = game.on_due(state, game.next_due(state))
        return state, _ruling(events)
    cmd = game.parse(state, seat, text, lambda name: int(name[1:]) - 1)
    if game.why_not(state, seat, cmd) is not None:
        return state, ["not now"]
    try:
        state, events = game.apply(state, cmd, now)
    except IllegalAction:
        return state, ["refused"]
    return state, _ruling(events)


def _lines(rng: random.Random, players: int) -> list[tuple[str, int | None]]:
    """A random match's lines: in each round some players bid (some twice, some more than they hold), then the round
    closes as everyone is in, by the host's `close`, or at its deadline (`due`, reminders first)."""
    lines: list[tuple[str, int | None]] = [("start", None)]
    for _ in range(5):
        seats = list(range(players))
        rng.shuffle(seats)
        for seat in seats[: rng.randint(0, players)]:
            for _ in range(rng.choice((1, 1, 1, 2))):
                lines.append((f"bid {rng.choice((rng.randint(0, 6), rng.randint(0, 25)))}", seat))
        lines += [rng.choice((("close", None), ("due", None), ("due", None)))] * 3
    return lines


def test_the_kit_number_auction_rules_as_the_python_one_over_1000_seeded_matches() -> None:
    kit, python = kit_game("number-auction"), get("number-auction")
    assert python is not None and python.entry.package != "umpire.kit"
    finished = 0
    for match in range(MATCHES):
        rng = random.Random(match)
        players, seed = rng.randint(3, 8), f"differential {match}"
        py_state, kit_state = python.start(setup(players, seed)), kit.start(setup(players, seed))
        now = 0
        for line in _lines(rng, players):
            over = python.is_over(py_state)
            assert over == kit.is_over(kit_state), (match, line)
            assert python.next_due(py_state) == kit.next_due(kit_state), (match, line)  # the same deadlines and reminders
            if over:
                break
            if line[0] == "due" and python.next_due(py_state) is None:
                continue
            now += 1000
            py_state, py_ruled = _step(python, py_state, line, now)
            kit_state, kit_ruled = _step(kit, kit_state, line, now)
            assert kit_ruled == py_ruled, (match, line)
        assert python.is_over(py_state) == kit.is_over(kit_state)
        finished += python.is_over(py_state)
    assert finished > MATCHES * 0.9  # the matches are whole ones, to their result
