"""A post says nothing its event's JSON does not hold: made again from the JSON, after the game, it is the same post.

The renderers are given the event and the game's public context, never the state. Every bundled
transcript is played (as `umpire play --script` plays it) and each of its events is read back from
the JSON `--json` printed and put into words again by renderers given a public context made afresh:
the same event, the same texts and the same pictures. The contract test does the same for the
random games of every game (`check_end`), so a public text that says something its event's JSON
does not (a live value of the state, a field kept off the JSON) fails there too; the planted
renderers below prove it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.contract.auction.events import LotSold
from tests.contract.rerender import NotFromItsJson, check_posts_from_json, transcript_outputs
from tests.contract.test_contract import new_session, scenario_for
from tests.seeds import test_seed
from tests.transcript_support import TRANSCRIPTS, scenario_of
from umpire.games.base import JSON, Event, Game, Renderers
from umpire.session import Session, derive_salt

SCRIPTS = sorted(TRANSCRIPTS.glob("*.script"))
AUCTION_LINES = ["start", "p1: bid 25", "p2: bid 30", "p3: pass", "p1: bid 10", "p2: pass", "p3: bid 5"]


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_every_post_of_a_transcript_is_made_again_from_its_events_json(script: Path) -> None:
    sc = scenario_of(script)
    seed = test_seed(sc)
    s = Session.create(sc, journal_path=None, seed=seed, salt=derive_salt(seed))
    outputs = transcript_outputs(s, script.read_text(encoding="utf-8").split("\n"))
    assert check_posts_from_json(s, outputs) > 20


def auction_with(game: Game[Any, Any]) -> Session:
    s = new_session(scenario_for("auction"), None)
    s.engine.game = game
    return s


def played(s: Session, lines: list[str]) -> list[Any]:
    out = []
    for line in lines:
        got = s.feed(line) + s.flush()
        assert not [o for o in got if o.kind == "refusal"], got
        out += got
    return out


def test_the_auction_as_written_makes_every_post_again_from_its_events_json() -> None:
    s = auction_with(scenario_for("auction").game)
    assert check_posts_from_json(s, played(s, AUCTION_LINES)) == 12


def test_a_planted_renderer_that_reads_the_state_fails() -> None:
    # The old contract, smuggled back: a renderer that sees the live state (here through a variable the rules' wrapper
    # sets) says how many lots are closed. Put into words again after the game, its first sale says another number.
    real = scenario_for("auction").game
    live: dict[str, Any] = {}

    def apply(state: Any, command: Any, now: int) -> tuple[Any, list[Event]]:
        state, events = real.apply(state, command, now)
        live["state"] = state
        return state, events

    table: Renderers[Any] = Renderers()
    for kind in real.renderers.kinds():
        if kind is not LotSold:
            table.on(kind)(lambda public, ev: real.renderers.render(public, ev))

    @table.on(LotSold)
    def _sold(public: Any, ev: LotSold) -> list[str]:
        closed = len(live["state"].results)
        return [p.text + f"\nLots closed so far: {closed}." for p in real.renderers.render(public, ev)]

    s = auction_with(dataclasses.replace(real, apply=apply, renderers=table))
    outputs = played(s, AUCTION_LINES)
    with pytest.raises(
        NotFromItsJson, match=r"(?s)auction: the “lot_sold” event at .* said what its JSON does not make again.*Lots closed so far: 1"
    ):
        check_posts_from_json(s, outputs)


@dataclass(frozen=True, kw_only=True)
class QuietLotSold(LotSold):
    """A sold lot whose JSON keeps the winner's money off (a field the post still shows)."""

    kind = "lot_sold"
    money_left: int = 0

    def payload(self) -> dict[str, JSON]:
        out = super().payload()
        del out["money_left"]
        return out


def test_a_planted_post_showing_a_field_kept_off_its_json_fails() -> None:
    real = scenario_for("auction").game

    def apply(state: Any, command: Any, now: int) -> tuple[Any, list[Event]]:
        state, events = real.apply(state, command, now)
        return state, [
            QuietLotSold(**{f.name: getattr(e, f.name) for f in dataclasses.fields(e)}) if isinstance(e, LotSold) else e for e in events
        ]

    table: Renderers[Any] = Renderers()
    for kind in real.renderers.kinds():
        table.on(kind)(lambda public, ev: real.renderers.render(public, ev))
    table.on(QuietLotSold)(
        lambda public, ev: real.renderers.render(public, LotSold(**{f.name: getattr(ev, f.name) for f in dataclasses.fields(LotSold)}))
    )
    events = [QuietLotSold if e is LotSold else e for e in real.events]
    s = auction_with(dataclasses.replace(real, apply=apply, renderers=table, events=events))
    outputs = played(s, AUCTION_LINES)
    with pytest.raises(NotFromItsJson, match=r"(?s)the “lot_sold” event at .* is not the same event read back from its JSON"):
        check_posts_from_json(s, outputs)
