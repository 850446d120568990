"""The public context a game's renderers are given holds no seed, no streams and nothing drawn from them.

A renderer is given the event and `Game.public(PublicSetup)`: what the game declares everyone may
know from the start, made from the players and the settings alone (a `PublicSetup` has no streams).
For every game the context is checked to be the same whatever the seed, and as the game goes on;
walked through, it holds no `Streams`, no `Stream` and no seed. Planted contexts that hold the
streams, or a value drawn from the seed, fail.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import Any

import pytest

from tests.contract.test_contract import GAME_KEYS, feed, scenario_for
from umpire.core.settings import Settings
from umpire.core.streams import Stream, Streams
from umpire.games.base import Game, PublicSetup
from umpire.scenario import Scenario
from umpire.session import Session, derive_salt

SEEDS = ("public context seed 1", "public context seed 2")


class SecretInContext(AssertionError):
    """A game's public context holds the seed, a stream, or something drawn from them."""


def parts(value: Any, path: str = "context", seen: set[int] | None = None) -> Iterator[tuple[str, Any]]:
    """Every value inside `value` with where it is: records' fields, mappings, sequences and plain objects' attributes."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    seen.add(id(value))
    yield path, value
    if isinstance(value, str | bytes | int | float | bool | type(None)) or (callable(value) and not dataclasses.is_dataclass(value)):
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        children: list[tuple[str, Any]] = [(f.name, getattr(value, f.name)) for f in dataclasses.fields(value)]
    elif isinstance(value, Mapping):
        children = [(repr(k), v) for k, v in value.items()] + [(f"key {k!r}", k) for k in value]
    elif isinstance(value, list | tuple | set | frozenset):
        children = [(str(i), v) for i, v in enumerate(value)]
    else:
        children = list(vars(value).items()) if hasattr(value, "__dict__") else []
    for name, child in children:
        yield from parts(child, f"{path}.{name}", seen)


def check_context(sc: Scenario, game: Game[Any, Any], lines: list[str]) -> Any:
    """The context sessions of `sc` under different seeds give `game`'s renderers: the same for every seed, the same after
    `lines` as made afresh, and holding no streams and no seed. Raises SecretInContext."""
    made = []
    for seed in SEEDS:
        s = Session.create(dataclasses.replace(sc, checked=game), journal_path=None, seed=seed, salt=derive_salt(seed))
        for line in lines:
            feed(s, line)
        made.append((seed, s.engine.public))
    fresh = game.public(PublicSetup(roster=sc.roster, settings=Settings(sc.settings)))
    for seed, context in made:
        if context != fresh:
            raise SecretInContext(f"{game.key}: the public context differs with the seed (“{seed}”), or changed as the game went on")
    for where, value in parts(fresh):
        if isinstance(value, Streams | Stream):
            raise SecretInContext(f"{game.key}: {where} is the seed's {type(value).__name__}")
        if isinstance(value, str) and any(seed in value for seed in SEEDS):
            raise SecretInContext(f"{game.key}: {where} holds the seed")
    return fresh


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_public_context_holds_no_seed_streams_or_drawn_values(key: str) -> None:
    sc = scenario_for(key)
    lines = [h.example for h in sc.game.help()] + ["@ 10:00", "@ 30:00"]
    context = check_context(sc, sc.game, lines)
    # A game with a configuration of its own gives it; one without (the Number Auction) gives the players and settings.
    assert not isinstance(context, PublicSetup) or "configure" not in vars(import_module(f"{sc.game.entry.package}.settings"))


def test_the_engine_gives_the_renderers_a_context_made_without_the_streams() -> None:
    sc = scenario_for("hap-tac-toe")
    given: list[Any] = []

    def public(setup: PublicSetup) -> Any:
        given.append(setup)
        return sc.game.public(setup)

    s = Session.create(sc, journal_path=None, seed=SEEDS[0], salt=derive_salt(SEEDS[0]))
    s.engine.game = dataclasses.replace(sc.game, public=public)
    feed(s, "p2: first p1")
    feed(s, "start")
    assert [type(g) for g in given] == [PublicSetup]  # made once, from a setup that has no streams
    assert not hasattr(given[0], "streams")


def test_a_planted_context_holding_the_streams_fails() -> None:
    real = scenario_for("devils-deal").game
    game = dataclasses.replace(real, public=lambda setup: {"config": real.public(setup), "streams": Streams(SEEDS[0])})
    with pytest.raises(SecretInContext, match=r"devils-deal: context.'streams' is the seed's Streams"):
        check_context(scenario_for("devils-deal"), game, [])


def test_a_planted_context_holding_a_drawn_value_fails() -> None:
    # The streams smuggled out of `start` (which is given them) and the first community card drawn from them.
    real = scenario_for("devils-deal").game
    kept: dict[str, Streams] = {}

    def start(setup: Any) -> Any:
        kept["streams"] = setup.streams
        return real.start(setup)

    def public(setup: PublicSetup) -> Any:
        return (real.public(setup), kept["streams"].stream("devils/community/1").below(27))

    game = dataclasses.replace(real, start=start, public=public)
    with pytest.raises(SecretInContext, match=r"devils-deal: the public context differs with the seed \(“public context seed 1”\)"):
        check_context(scenario_for("devils-deal"), game, ["start"])
