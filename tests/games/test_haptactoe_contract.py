"""Hap-Tac-Toe and When Stars Align against the game contract (umpire/games/base.py)."""

from __future__ import annotations

import pytest

from tests.games import game
from umpire.games import get
from umpire.games.base import PUBLIC, Game
from umpire.games.haptactoe.state import Phase

from . import BOTH, begin, new_session, ok, play_game

HAP_TAC_TOE, WHEN_STARS_ALIGN = game("hap-tac-toe"), game("when-stars-align")

GAMES = {"htt": HAP_TAC_TOE, "wsa": WHEN_STARS_ALIGN}


@pytest.mark.parametrize("kind", BOTH)
def test_every_event_kind_has_a_renderer_and_nothing_else_does(kind: str) -> None:
    game = GAMES[kind]
    assert set(game.events) == game.renderers.kinds()


@pytest.mark.parametrize("key", ["hap-tac-toe", "when-stars-align"])
def test_the_registry_uses_the_game_record_itself(key: str) -> None:
    game = get(key)
    assert isinstance(game, Game) and game is {"hap-tac-toe": HAP_TAC_TOE, "when-stars-align": WHEN_STARS_ALIGN}[key]
    assert game.key == key


@pytest.mark.parametrize("kind", BOTH)
def test_the_phase_is_an_enum_and_its_json_is_the_old_string(kind: str) -> None:
    s = new_session(kind)
    assert s.state.phase is Phase.CHOOSE
    assert s.final()["phase"] == "choose"
    begin(s)
    assert s.state.phase is Phase.TURN and s.final()["phase"] == "turn"


@pytest.mark.parametrize("kind", BOTH)
def test_views_are_built_only_when_asked_and_refuse_arguments(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    game = GAMES[kind]
    assert [v.name for v in game.views()] == ["status", "board", "haps"]
    view = game.view("status")
    assert view is not None
    assert view.build(s.state, s.now, []).rows[0][0] == "Hedger"
    assert s.feed("status now")[0].text == "“status” takes nothing after it"


@pytest.mark.parametrize("kind", BOTH)
def test_host_only_events_are_host_only_and_the_rest_public(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    piece = "black red circle" if kind == "htt" else "yellow solid 4"
    out = ok(s, f"p1: {piece} C3") + ok(s, "p1: done")
    audiences = {(o.event or {}).get("event"): o.audience for o in out if o.event}
    assert str(audiences["placed"]) == "host"
    assert audiences["turn_ended"] == PUBLIC


@pytest.mark.parametrize("kind", BOTH)
def test_no_event_of_a_whole_match_has_an_empty_post(kind: str) -> None:
    s = new_session(kind)
    out = begin(s) + play_game(s, {3: ["A1 B1 C1"], 4: ["A1 B1 D1"]}) + play_game(s)
    announced = [o for o in out if o.kind == "announce"]
    assert announced and all(o.text.strip() for o in announced)
    assert s.state.over


def test_the_help_lists_no_views() -> None:
    for each in GAMES.values():
        assert not {h.syntax.split()[0] for h in each.help()} & {v.name for v in each.views()}


def test_the_settings_are_read_once_into_a_config() -> None:
    s = new_session("wsa", move_seconds=45, strikes_per_penalty=3)
    cfg = s.state.cfg
    assert (cfg.move_ms, cfg.strikes_per_penalty, cfg.handles) == (45_000, 3, ("p1", "p2"))
    ok(s, "p2: first p1")
