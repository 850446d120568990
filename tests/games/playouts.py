"""Random seeded playouts at the rules' level, for the differential test of the games' round loops.

A playout starts a game of a bundled scenario from a seed and feeds its pure rules a sequence of
random steps drawn from `random.Random(seed)`: a command built word by word from what the game's
`suggest` offers (a player's or the host's), judged as the session judges it (the table of moves'
`when`, then `apply`), or time passing, with every deadline step due on the way fired at its own
time (`on_due` at `next_due`), as the session fires them. What it records is the game's whole
output: each step's outcome, every event's JSON with the texts its posts make, and at the end
`final`, and what everyone and each seat may know.

It stays below the session on purpose: what players' lines become before they reach the game
(intake, punctuation, the journal) is the session's business and is not what these playouts pin;
a refusal is recorded by its kind only, so that a refusal's wording (tested word for word
elsewhere) can change without making every playout stale.

`digest(key, seed)` is the SHA-256 of that record. tests/games/playouts/*.json hold the digests the
code gave before the round loops were moved onto `umpire.games.rounds`; write them again with
`.venv/bin/python -m tests.games.playouts KEY...` (and read why they changed before committing).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from umpire.core.errors import UmpireError
from umpire.core.settings import Settings
from umpire.core.streams import Streams
from umpire.games import entry, get
from umpire.games.base import Event, Game, PublicSetup, Setup
from umpire.scenario import Scenario, parse

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "playouts"
STEPS = 160  # steps per playout: enough to reach a bout's later rounds, a deck-building round's close, a poker pick
JUMPS = (0, 200, 1_000, 5_000, 20_000, 61_000, 300_000)  # ms a time step may move the clock by (or up to the next deadline)


def scenario(key: str) -> Scenario:
    """The bundled scenario the game `key` hosts."""
    found = entry(key)
    assert found is not None and found.scenario is not None, key
    name = f"scenarios/{found.scenario}.toml"
    return parse((ROOT / name).read_text(encoding="utf-8"), name)


def _event(game: Game[Any, Any], public: Any, names: tuple[str, ...], ev: Event) -> dict[str, Any]:
    return {"json": ev.to_json(names), "posts": [p.text for p in game.announce(public, ev)]}


class Playout:
    """One game of `key` played from `seed` by random steps, recording everything it says."""

    def __init__(self, key: str, seed: int) -> None:
        game = get(key)
        assert game is not None, key
        sc = scenario(key)
        self.game = game
        self.names = tuple(p.name for p in sc.roster)
        self.resolve = lambda name: sc.roster.resolve(name).seat
        setup = Setup(roster=sc.roster, settings=Settings(sc.settings), streams=Streams(f"playout-{key}-{seed}"))
        self.public = game.public(PublicSetup(roster=sc.roster, settings=Settings(sc.settings)))
        self.state = game.start(setup)
        self.now = 0
        self.rng = random.Random(seed)
        self.record: list[Any] = []

    def _events(self, events: list[Event]) -> list[dict[str, Any]]:
        return [_event(self.game, self.public, self.names, ev) for ev in events]

    def advance(self, to: int) -> None:
        """Time passes up to `to`: every deadline step due on the way fires at its own time."""
        while (due := self.game.next_due(self.state)) is not None and due <= to:
            self.now = max(self.now, due)
            self.state, events = self.game.on_due(self.state, self.now)
            self.record.append({"due": self.now, "events": self._events(events)})
        self.now = max(self.now, to)

    def walk(self, seat: int | None) -> str:
        """A line built word by word from what `suggest` offers `seat`."""
        words: list[str] = []
        for _ in range(self.rng.randint(1, 6)):
            options = self.game.suggest(self.state, seat, words)
            if not options:
                break
            words.append(self.rng.choice(options))
        return " ".join(words)

    def accepts(self, seat: int | None, text: str) -> bool:
        """Whether the rules would take `text` from `seat` now (they are pure: trying changes nothing)."""
        try:
            cmd = self.game.parse(self.state, seat, text, self.resolve)
            if self.game.why_not(self.state, seat, cmd) is not None:
                return False
            self.game.apply(self.state, cmd, self.now)
        except UmpireError:
            return False
        return True

    def line(self) -> tuple[int | None, str]:
        """Who speaks and what: often a line the rules would take (found by walking `suggest`), else any walk."""
        seats = [None, *range(len(self.names))]
        if self.rng.random() < 0.7:
            taken = [(seat, text) for seat in seats for _ in range(2) if (text := self.walk(seat)) and self.accepts(seat, text)]
            players = [t for t in taken if t[0] is not None]
            if players and self.rng.random() < 0.85:  # the host's words (a close, a start) would end the rounds before they are played
                return self.rng.choice(players)
            if taken:
                return self.rng.choice(taken)
        seat = self.rng.choice(seats)
        return seat, self.walk(seat)

    def command(self) -> None:
        """A command, judged as the session judges one."""
        seat, text = self.line()
        step: dict[str, Any] = {"at": self.now, "seat": seat, "line": text}
        self.record.append(step)
        if not text:
            step["outcome"] = "nothing to say"
            return
        try:
            cmd = self.game.parse(self.state, seat, text, self.resolve)
        except UmpireError as exc:
            step["outcome"] = f"unread: {type(exc).__name__}"
            return
        if self.game.why_not(self.state, seat, cmd) is not None:
            step["outcome"] = "not now"
            return
        try:
            self.state, events = self.game.apply(self.state, cmd, self.now)
        except UmpireError as exc:
            step["outcome"] = f"refused: {type(exc).__name__}"
            return
        step["outcome"] = "accepted"
        step["events"] = self._events(events)

    def step(self) -> None:
        """One random step: mostly a command, else time passing (often up to the next deadline)."""
        if self.rng.random() < 0.7:
            self.command()
            return
        due = self.game.next_due(self.state)
        if due is not None and self.rng.random() < 0.4:
            self.advance(due)
        else:
            self.advance(self.now + self.rng.choice(JUMPS))

    def end(self) -> dict[str, Any]:
        """What the game says of itself at the end of the playout."""
        return {
            "final": self.game.final(self.state, self.now),
            "knowledge": [self.game.knowledge(self.state, seat) for seat in (None, *range(len(self.names)))],
            "over": self.game.is_over(self.state),
        }


def play(key: str, seed: int, steps: int = STEPS) -> list[Any]:
    """The whole record of one playout."""
    p = Playout(key, seed)
    for _ in range(steps):
        p.step()
        if p.game.is_over(p.state):
            break
    return [*p.record, p.end()]


def digest(key: str, seed: int, steps: int = STEPS) -> str:
    """The SHA-256 of one playout's record, as canonical JSON."""
    text = json.dumps(play(key, seed, steps), sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def fixture(key: str) -> Path:
    """Where the recorded digests of `key`'s playouts are kept."""
    return FIXTURES / f"{key}.json"


def recorded(key: str) -> dict[int, str]:
    """The digests recorded for `key`, by seed."""
    data = json.loads(fixture(key).read_text(encoding="utf-8"))
    return {int(seed): d for seed, d in data["digests"].items()}


SEEDS = range(200)  # the seeds recorded; the everyday test plays some, the slow one all


def write(key: str) -> None:
    """Record the digests of `key`'s playouts with the code as it is now."""
    digests = {str(seed): digest(key, seed) for seed in SEEDS}
    fixture(key).parent.mkdir(exist_ok=True)
    fixture(key).write_text(json.dumps({"game": key, "steps": STEPS, "digests": digests}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        write(name)
        print(f"wrote {fixture(name).relative_to(ROOT)}")
