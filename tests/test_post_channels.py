"""What a game declares for a bot beside its rules: the channels of its own some public posts go to (its registry
entry), and the questions with a few fixed answers a bot offers as buttons (a property of the event that asks).

Each channel's key is a TOML bare key the set-up file can hold, each kind it names is a public event kind of that
game, posted to one channel at most; each answer a question offers is read by the game as a move of the player
asked, exactly as typed."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest

from umpire.games import PACKAGES, entries, registry
from umpire.games.base import PUBLIC


@pytest.mark.parametrize("key", [e.key for e in entries()])
def test_a_games_own_channels_name_public_event_kinds_of_that_game_each_in_one_channel(key: str) -> None:
    game = registry()[key]
    public = {cls.kind for cls in game.events if next(f.default for f in fields(cls) if f.name == "audience") is PUBLIC and cls.kind}
    seen: dict[str, str] = {}
    for channel in game.channels:
        assert re.fullmatch(r"[a-z][a-z0-9-]*", channel.key), channel.key
        assert channel.what and channel.kinds
        for kind in channel.kinds:
            assert kind in public, f"{key}: [channels] {channel.key} names {kind!r}, which is no public event kind of the game"
            assert seen.setdefault(kind, channel.key) == channel.key, f"{key}: {kind!r} is in two channels"
    assert len({c.key for c in game.channels}) == len(game.channels)


def test_the_card_channels_of_the_choice_is_yours_are_declared() -> None:
    keys = [c.key for c in registry()["choice-is-yours"].channels]
    assert keys == ["goofspiel", "shop", "gyul-hap", "expressions", "status"]
    assert len(PACKAGES) == 4  # the others: Open, Pass's bidding and deals; none for the two-player board and card games
    assert [c.key for c in registry()["open-pass"].channels] == ["bidding", "deals"]
    assert registry()["devils-deal"].channels == () and registry()["hap-tac-toe"].channels == ()
