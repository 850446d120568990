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
from tests.numberauction import rules as python
from tests.numberauction.settings import BID_MS
from umpire.core.errors import IllegalAction
from umpire.games.base import Event, Game
from umpire.games.roundplay import Act, HostWord, Result
from umpire.kit import rules as kit_rules
from umpire.kit.events import RoundClosed as KitClosed

MATCHES = 1000


def _ruling(events: list[Event]) -> list[Any]:
    """What the events decided, in terms both games share."""
    out: list[Any] = []
    for ev in events:
        if isinstance(ev, python.RoundClosed):
            out.append(("closed", ev.round, dict(ev.bids), ev.winner, dict(ev.coins), dict(ev.points)))
        elif isinstance(ev, KitClosed):
            winner = ev.picked[0] if ev.picked else None
            sent = {p: int(v) for p, v in ev.sent.items()}
            out.append(("closed", ev.round, sent, winner, dict(ev.resources["coins"]), dict(ev.resources["points"])))
        elif isinstance(ev, python.RoundOpened):
            out.append(("opened", ev.round, ev.prize))
        elif isinstance(ev, Result):
            out.append(("result", ev.winners, tuple((p.player, p.place) for p in ev.ranking), ev.drawn))
        elif type(ev).__name__ == "RoundOpened":
            out.append(("opened", ev.round, ev.items["prize"]))  # type: ignore[attr-defined]
    return out


def _step(game: str, state: Any, line: tuple[str, int | None, int], now: int, kit: Game[Any, Any]) -> tuple[Any, list[Any]]:
    """One line of the match on one of the games: ("start"|"close"|"bid"|"due", seat, amount)."""
    word, seat, amount = line
    py = game == "python"
    if word == "due":
        due = python.next_due(state) if py else kit_rules.next_due(state)
        state, events = (python.on_due if py else kit_rules.on_due)(state, due)
        return state, _ruling(events)
    if word in ("start", "close"):
        cmd: Any = HostWord(move=word)
    else:
        assert seat is not None
        cmd = Act(move="bid", seat=seat, value=amount) if py else kit_rules.Send(move="bid", seat=seat, value=str(amount))
    try:
        state, events = (python.apply if py else kit.apply)(state, cmd, now)
    except IllegalAction:
        return state, ["refused"]
    return state, _ruling(events)


def _lines(rng: random.Random, players: int) -> list[tuple[str, int | None, int]]:
    """A random match's lines: in each round some players bid (some twice, some more than they hold), then the round
    closes as everyone is in, by the host's `close`, or at its deadline (`due`, reminders first)."""
    lines: list[tuple[str, int | None, int]] = [("start", None, 0)]
    for _ in range(5):
        seats = list(range(players))
        rng.shuffle(seats)
        for seat in seats[: rng.randint(0, players)]:
            for _ in range(rng.choice((1, 1, 1, 2))):
                lines.append(("bid", seat, rng.choice((rng.randint(0, 6), rng.randint(0, 25)))))
        lines += [rng.choice((("close", None, 0), ("due", None, 0), ("due", None, 0)))] * 3
    return lines


def test_the_kit_number_auction_rules_as_the_python_one_over_1000_seeded_matches() -> None:
    kit = kit_game("number-auction")
    finished = 0
    for match in range(MATCHES):
        rng = random.Random(match)
        players, seed = rng.randint(3, 8), f"differential {match}"
        py_state, kit_state = python.start(setup(players, seed)), kit.start(setup(players, seed))
        now = 0
        for line in _lines(rng, players):
            over = python.is_over(py_state)
            assert over == kit_rules.is_over(kit_state), (match, line)
            if over:
                break
            if line[0] == "due" and python.next_due(py_state) is None:
                continue
            now += 1000
            py_state, py_ruled = _step("python", py_state, line, now, kit)
            kit_state, kit_ruled = _step("kit", kit_state, line, now, kit)
            assert kit_ruled == py_ruled, (match, line)
        assert python.is_over(py_state) == kit_rules.is_over(kit_state)
        finished += python.is_over(py_state)
    assert finished > MATCHES * 0.9  # the matches are whole ones, to their result
    assert BID_MS == 120_000  # the kit file's `seconds = 120`: the deadlines fall alike
