"""Kit games: a host's own game of sealed rounds, written in one TOML file and hosted with everything umpire does.

A kit file (docs/writing-a-kit-game.md) says who plays, what they hold, what each round asks and how it is
decided, and the words of its posts. It is untrusted text: reading it runs none of it (its arithmetic is read
by `umpire.kit.expr`, bounded), and every mistake in it is refused naming the line, the key and what was
expected. A kit file is also a scenario: `umpire play FILE` hosts it, and the journal's header keeps its whole
text, so `verify`, `replay`, `resume` and `report` work from the journal alone.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from umpire.kit.schema import Kit
    from umpire.scenario import Scenario


def is_kit(data: Mapping[str, Any]) -> bool:
    """Whether parsed TOML is a kit file (its `game` is a table) rather than a scenario of a registered game."""
    return isinstance(data.get("game"), dict)


def read_kit(text: str, data: Mapping[str, Any], where: str) -> Kit:
    """A kit file's `Kit` (KitError on the first problem, naming its line and key)."""
    from umpire.kit.schema import read

    return read(text, data, where)


def scenario_of(text: str, data: Mapping[str, Any], where: str) -> Scenario:
    """A kit file as a scenario: its game made from it, its players those of its `[[players]]` (or “Player 1”…
    for as many seats as `[game] seats` says, aliases p1…)."""
    from umpire.kit.game import make
    from umpire.kit.schema import KitError, Reader
    from umpire.kit.where import line_of
    from umpire.scenario import Scenario, ScenarioError, _players

    try:
        kit = read_kit(text, data, where)
    except KitError as exc:
        raise ScenarioError(str(exc)) from None
    game = make(kit)
    reader = Reader(text, where)
    players = data.get("players")
    if players is None:
        players = [{"name": f"Player {i + 1}", "aliases": [f"p{i + 1}"]} for i in range(kit.seats)]

    def fail(key: str, msg: str) -> ScenarioError:  # the scenario's own checks of the players: "players[1].name"
        m = re.fullmatch(r"players\[(\d+)\](?:\.(\w+))?", key)
        path: tuple[str | int, ...] = ("players",) if m is None else ("players", int(m.group(1)), *(m.group(2) or "",)[: bool(m.group(2))])
        return ScenarioError(f"{where}: line {line_of(text, path)}: {key}: {msg}")

    roster = _players(players, game, fail)
    title = data.get("title", kit.title)
    expected = {"title": "text", "seed": "a whole number or text", "player_entropy": "true or false", "pictures": "true or false"}
    for key, want in expected.items():
        value = data.get(key)
        fits = {"text": isinstance(value, str), "true or false": isinstance(value, bool)}.get(
            want, isinstance(value, int | str) and not isinstance(value, bool)
        )
        if key in data and not fits:
            raise ScenarioError(str(reader.fail((key,), f"expected {want}, got {value!r}")))
    seed = data.get("seed")
    return Scenario(
        path=where,
        text=text,
        key=kit.key,
        checked=game,
        title=title,
        seed=None if seed is None else str(seed),
        pictures=data.get("pictures", True),
        player_entropy=data.get("player_entropy", True),
        roster=roster,
        settings={},
    )
