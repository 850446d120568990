"""What a game declares for a bot beside its rules: the channels of its own some public posts go to (its registry
entry), and the questions with a few fixed answers a bot offers as buttons (a property of the event that asks).

Each channel's key is a TOML bare key the set-up file can hold, each kind it names is a public event kind of that
game, posted to one channel at most; each answer a question offers is read by the game as a move of the player
asked, exactly as typed."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from tests.seeds import test_seed
from umpire.games import PACKAGES, entries, registry
from umpire.games.base import PUBLIC
from umpire.render import batch
from umpire.scenario import load
from umpire.session import Session, derive_salt

ROOT = Path(__file__).resolve().parent.parent


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


@pytest.mark.parametrize("script", ["open-pass-match", "devils-deal"])
def test_every_answer_a_question_offers_is_a_move_its_player_may_make_as_it_is_asked(script: str, tmp_path: Path) -> None:
    lines = (ROOT / "tests" / "transcripts" / f"{script}.script").read_text().splitlines()
    (name,) = [line.removeprefix("# scenario: ").strip() for line in lines if line.startswith("# scenario: ")]
    scenario = load(ROOT / "scenarios" / f"{name}.toml")
    played = Session.create(scenario, journal_path=tmp_path / "j.jsonl", seed=test_seed(scenario), salt=derive_salt(test_seed(scenario)))
    list(batch(played, lines, json_out=True))
    played.close()
    session, _, replay = Session.stream(tmp_path / "j.jsonl")
    asked = 0
    for _, outputs in replay:
        for o in outputs:
            question = o.source.question if o.source is not None else None
            if question is None:
                continue
            seat = session.names.index(question.player)
            for word in question.answers:
                command = session.game.parse(session.state, seat, word, session.resolve)
                assert session.game.why_not(session.state, seat, command) is None, (question, word)
                asked += 1
    assert asked > 20
