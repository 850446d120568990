"""Posts are made before the journal is written: a renderer that fails refuses the line, and nothing is half done.

The planted bug: the example auction's renderer of a sold lot raises. The line that would sell the
lot is refused, naming the game and the event; nothing is written, the state and the clock are as
before, the journal replays to that state, and `undo` then takes back the line before it (not a
phantom entry). Everything else the auction says still works.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.contract.auction.events import LotSold
from tests.contract.conftest import AUCTION_SCENARIO, AUCTION_SEED
from umpire.core import journal
from umpire.games.base import Event, Post, Renderers
from umpire.scenario import load
from umpire.session import Session, derive_salt
from umpire.session.entries import opened


class BrokenRenderers(Renderers[Any]):
    """The auction's renderers, with the one for a sold lot raising."""

    def __init__(self, real: Renderers[Any]) -> None:
        super().__init__()
        self.real = real

    def kinds(self) -> frozenset[type[Event]]:
        return self.real.kinds()

    def render(self, public: Any, event: Event) -> list[Post]:
        if isinstance(event, LotSold):
            raise KeyError("price_text")  # the planted bug
        return self.real.render(public, event)


def broken_session(path: Path) -> Session:
    import dataclasses

    sc = load(AUCTION_SCENARIO)
    sc = dataclasses.replace(sc, checked=dataclasses.replace(sc.game, renderers=BrokenRenderers(sc.game.renderers)))
    return Session.create(sc, journal_path=path, seed=AUCTION_SEED, salt=derive_salt(AUCTION_SEED))


def test_a_renderer_that_fails_refuses_the_line_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "auction.jsonl"
    s = broken_session(path)
    for line in ("start", "p1: bid 25", "p2: bid 10"):
        assert not [o for o in s.feed(line) if o.kind == "refusal"]
    before, now, entries = s.state, s.now, s.entries
    lines_before = path.read_bytes()
    (refused,) = s.feed("p3: bid 5")  # the last bid closes the lot: LotSold cannot be put into words
    assert refused.kind == "refusal" and refused.error == "InternalError"
    assert "auction could not put its “lot_sold” event into words (KeyError: 'price_text')" in refused.text
    assert "this line was NOT accepted, nothing changed" in refused.text
    assert (s.state, s.now, s.entries) == (before, now, entries)
    assert path.read_bytes() == lines_before
    assert [opened(e)["line"] for e in journal.read(path).entries if e["kind"] == "input"] == ["start", "p1: bid 25", "p2: bid 10"]


def test_after_a_failed_renderer_the_journal_replays_and_undo_takes_back_the_right_entry(tmp_path: Path) -> None:
    path = tmp_path / "auction.jsonl"
    s = broken_session(path)
    for line in ("start", "p1: bid 25", "p2: bid 10", "p3: bid 5"):
        s.feed(line)
    s.close()
    again, _, loaded = Session.load(path, reopen=True)
    assert again.state == s.state and len(loaded.entries) == 3
    out = again.feed("undo")
    (undone,) = [o.event for o in out if o.event is not None and o.event["event"] == "undone"]
    assert (undone["undid"], undone["input"]) == (3, "p2: bid 10")
    again.close()


def test_the_host_is_told_which_game_and_event_failed_in_json(tmp_path: Path) -> None:
    s = broken_session(tmp_path / "auction.jsonl")
    for line in ("start", "p1: bid 25", "p2: bid 10"):
        s.feed(line)
    (refused,) = s.feed("p3: bid 5")
    data = refused.to_json()
    assert data is not None and data["audience"] == "host" and data["error"] == "InternalError"
    assert "“lot_sold”" in str(data["reason"])
