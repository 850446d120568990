"""Open, Pass against the game contract: typed events with audiences that agree with their text,
a renderer for every kind, lazy views with arguments, and nothing private in a public post
before its reveal (issue 10), checked over the whole-match transcript.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.games import game
from umpire.cli import app, play  # noqa: F401 - `play` registers the command
from umpire.games import base
from umpire.games.openpass import events as ev_module
from umpire.games.openpass.state import Phase
from umpire.session import Output, Session

from . import events, ok
from .test_openpass_support import NAMES, dms, new_session, play_through, setup_deck, to_playing

GAME = game("open-pass")

ROOT = Path(__file__).resolve().parents[2]
MATCH = ROOT / "tests" / "transcripts" / "open-pass-match.script"


def test_every_event_kind_has_a_renderer_and_no_renderer_is_spare() -> None:
    assert set(GAME.events) == GAME.renderers.kinds()
    declared = {
        c
        for c in vars(ev_module).values()
        if isinstance(c, type) and issubclass(c, base.Event) and c.kind and not c.__name__.startswith("_")
    }
    assert declared - {base.Event} == set(GAME.events)


def test_the_game_is_a_record_of_the_contract_assembled_from_its_own_modules() -> None:
    assert isinstance(GAME, base.Game) and GAME.entry.package == "umpire.games.openpass"
    assert GAME.start.__module__ == "umpire.games.openpass.state" and GAME.knowledge.__module__ == "umpire.games.openpass.views"


def test_phases_are_an_enum_with_the_old_strings() -> None:
    assert [p.value for p in Phase] == ["waiting", "building", "playing", "over"]
    s = new_session()
    assert s.state.phase is Phase.WAITING and s.final()["phase"] == "waiting"


def test_no_event_field_or_game_function_is_typed_any() -> None:
    for kind in GAME.events:
        hints = typing.get_type_hints(kind)
        assert all(h is not typing.Any for h in hints.values()), kind.__name__
    for name in ("start", "parse", "apply", "next_due", "on_due", "is_over", "knowledge", "final", "toolbar", "rulings", "validate"):
        hints = typing.get_type_hints(getattr(GAME, name))
        assert hints and all(h is not typing.Any for h in hints.values()), name


def test_views_are_named_and_built_only_when_asked() -> None:
    assert [v.name for v in GAME.views()] == ["status", "bids", "decks", "packs", "trades", "cards"]
    cards = GAME.view("cards")
    assert cards is not None and cards.args == "NAME" and cards.takes_args
    assert all(not v.takes_args for v in GAME.views() if v.name != "cards")
    assert not any(h.syntax.split()[0] in {v.name for v in GAME.views()} for h in GAME.help())  # the session lists views


def test_cards_of_an_unknown_player_is_a_refusal() -> None:
    s = new_session()
    (o,) = s.feed("cards p42")
    assert (o.kind, o.error) == ("refusal", "InvalidCommand")
    assert o.text.startswith("there is no player called “p42” (players: Hedger (p1), Uri (p2),")


def test_cards_alone_asks_for_a_name() -> None:
    s = new_session()
    (o,) = s.feed("cards")
    assert (o.kind, o.error) == ("refusal", "InvalidCommand")
    assert o.text == "whose cards? write “cards NAME” with a player's name or alias, e.g. “cards p3”"


def test_cards_p42_shows_as_a_refusal_in_json() -> None:
    res = CliRunner().invoke(app, ["play", "open-pass", "--seed", "1", "--script", "-", "--json"], input="cards p42\ncards\n")
    lines = [json.loads(x) for x in res.stdout.splitlines()]
    refusals = [x for x in lines if x.get("type") == "refusal"]
    assert [r["input"] for r in refusals] == ["cards p42", "cards"]
    assert refusals[0]["reason"].startswith("there is no player called “p42”")


def test_cards_by_name_shows_the_collection_and_what_is_locked() -> None:
    s = to_playing()
    ok(s, "p1: deck all")
    view = GAME.view("cards")
    assert view is not None
    v = view.build(s.state, s.now, ["hedger"])
    assert v.title == "Hedger's cards (18) — host only"
    assert "; locked in the deck: " in v.notes[0]


def test_cards_view_has_no_chat_text_as_a_collection_shows_what_its_player_received() -> None:
    # A view's chat text is what may be posted in the channel (status's is); a collection is private
    # (R-OP-9: what a player received), so `cards` offers it only as a DM for its player.
    s = to_playing(rounds=[{"p3": "3"}])  # Ian receives Heaven Special (9 x x) in round 1
    view = GAME.view("cards")
    assert view is not None
    v = view.build(s.state, s.now, ["p3"])
    assert v.chat == ""
    assert v.notes[1].startswith("received: round 1: Heaven Special;")
    assert v.notes[2] == "to send Ian alone, as a DM: Ian, your cards (20): `1 1 1 2 2 2 2 3 3 3 9 + + + - - - - x x`"
    (o,) = s.feed("cards p3")
    assert o.view is not None and o.view.chat == "" and o.text == ""


def test_the_toolbar_puts_the_running_deadline_first_then_the_phase() -> None:
    s = new_session()
    assert GAME.toolbar(s.state, s.now) == base.Toolbar(
        clock="", where="waiting for the host's “start” (round 1) · Open, Pass — Heaven and Hell"
    )
    ok(s, "start")
    bar = GAME.toolbar(s.state, s.now)
    assert bar.clock == "round 1/3 bids close in 24:00:00"
    assert bar.where == "0/13 bids in · Open, Pass — Heaven and Hell"
    to_playing(s)
    ok(s, "p1: deck all")
    ok(s, "p1: dealer heaven")
    bar = GAME.toolbar(s.state, s.now)
    assert (bar.clock, bar.where) == ("play closes in 48:00:00", "1/13 ready, 0/13 played · Open, Pass — Heaven and Hell")
    ok(s, "close")
    assert GAME.toolbar(s.state, s.now) == base.Toolbar(clock="", where="over · Open, Pass — Heaven and Hell")


# ---------------------------------------------------------------- audience and text agree; nothing leaks


def run_match() -> list[tuple[dict[str, typing.Any], str, str]]:
    """(event JSON, audience, all its text) for every game event of the whole-match transcript."""
    from tests.seeds import test_seed
    from tests.transcript_support import scenario_of
    from umpire.session import derive_salt

    sc = scenario_of(MATCH)
    seed = test_seed(sc)
    s = Session.create(sc, journal_path=None, seed=seed, salt=derive_salt(seed))
    outputs: list[Output] = []
    for i, line in enumerate(MATCH.read_text(encoding="utf-8").split("\n"), start=1):
        outputs += s.feed(line, lineno=i)
    out: list[tuple[dict[str, typing.Any], str, str]] = []
    for o in outputs:
        if o.kind != "announce":
            continue
        if o.event is not None:
            out.append((o.event, str(o.audience), o.text))
        elif out:
            event, audience, text = out[-1]
            out[-1] = (event, audience, text + "\n" + o.text)
    return out


SKIP = {"type", "event", "t", "audience", "to", "n", "generated"}


def leaves(value: object, *, keys: bool = True) -> Iterator[str]:
    """The strings a field's value must show: a list of cards as written in a row, names, numbers.

    A mapping's keys are data (a pack's name, a player's name); the keys of a record inside a list
    (a pack on offer, a line of the results) are field names, not data.
    """
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        yield str(value)
    elif isinstance(value, str):
        if value:
            yield value
    elif isinstance(value, list):
        if value and all(isinstance(v, str) and len(v) == 1 for v in value):
            yield " ".join(value)
        else:
            for v in value:
                yield from leaves(v, keys=False)
    elif isinstance(value, dict):
        for k, v in value.items():
            if keys:
                yield k
            yield from leaves(v)


MATCH_EVENTS = run_match()
GAME_KINDS = {k.kind for k in GAME.events}


def test_the_transcript_has_public_events_of_most_kinds() -> None:
    public = {e["event"] for e, a, _ in MATCH_EVENTS if a == "public" and e["event"] in GAME_KINDS}
    assert {
        "round_opened",
        "round_closed",
        "playing_opened",
        "deal_started",
        "deal_done",
        "results",
    } <= public


@pytest.mark.parametrize("i", [i for i, (e, a, _) in enumerate(MATCH_EVENTS) if a == "public" and e["event"] in GAME_KINDS])
def test_every_public_event_field_appears_in_its_public_text(i: int) -> None:
    event, _, text = MATCH_EVENTS[i]
    for key, value in event.items():
        if key in SKIP:
            continue
        for leaf in leaves(value):
            assert leaf.casefold() in text.casefold(), (
                f"{event['event']}.{key} holds {leaf!r}, which its public text does not show:\n{text}"
            )


def test_nothing_private_is_public_before_its_reveal() -> None:
    (results_at,) = [i for i, (e, _, _) in enumerate(MATCH_EVENTS) if e["event"] == "results"]
    rows = {e["player"]: " ".join(e["row"]) for e, _, _ in MATCH_EVENTS if e["event"] == "deal_over"}
    readings = {e["player"]: e["reading"] for e, _, _ in MATCH_EVENTS if e["event"] == "deal_over"}
    for i, (event, audience, text) in enumerate(MATCH_EVENTS):
        if audience != "public":
            continue
        kind = event["event"]
        assert kind not in ("card_dealt", "answered", "deal_over", "round_record", "round_receipt", "bid_set", "deck_set"), kind
        assert not kind.startswith("trade_"), kind  # R-OP-10: a trade goes to its two players and the host
        if i >= results_at:
            continue
        assert not {"row", "reading", "score", "card", "pity", "received", "deck"} & set(event), kind
        for name in NAMES:
            if len(rows.get(name, "")) > 3:
                assert rows[name] not in text, f"{name}'s row is public in {kind} before the results"
            if readings.get(name) and " " in readings[name]:
                assert readings[name] not in text, f"{name}'s reading is public in {kind} before the results"
        if kind == "round_closed":
            assert not any(name in text for name in NAMES), "who received what is private (R-OP-9)"


def test_r_op_5_rows_public_at_once_when_the_scenario_says_so() -> None:
    s = to_playing(reveal_rows="at-once")
    setup_deck(s, "p1")
    out = play_through(s, "p1", opens=10)
    (over,) = events(out, "deal_over")
    (posted,) = events(out, "row_posted")
    assert (over["audience"], over["to"], posted["audience"]) == ("player", "Hedger", "public") and not events(out, "deal_done")
    assert {k: posted[k] for k in ("player", "row", "reading", "score", "shown", "notes")} == {
        k: over[k] for k in ("player", "row", "reading", "score", "shown", "notes")
    }


def test_r_op_5_at_once_the_public_row_post_does_not_list_the_never_dealt_cards_of_the_deck() -> None:
    # Issue 18: with reveal_rows = "at-once" the public post listed the cards passed automatically
    # after the 10th open, which were never dealt: part of the private deck.
    s = to_playing(reveal_rows="at-once")
    setup_deck(s, "p1")
    out = play_through(s, "p1", opens=10)
    (over,) = events(out, "deal_over")
    assert len(over["auto_passed"]) == 10 and over["audience"] == "player"
    public = [e for e in events(out) if e["audience"] == "public"]
    assert [e["event"] for e in public] == ["row_posted"] and "auto_passed" not in public[0]
    text = "\n".join(o.text for o in out if o.kind == "announce" and str(o.audience) == "public")
    assert "passed automatically" not in text and " ".join(over["auto_passed"]) not in text
    assert "(10 cards passed automatically after the last open: " in dms(out, 0)[-1]  # the player has them


def test_r_op_9_who_received_what_public_when_the_scenario_says_so() -> None:
    s = new_session(reveal_receipts="public")
    ok(s, "start")
    ok(s, "p1: bid 1")
    out = ok(s, "close")
    (record,) = events(out, "round_record")
    assert record["audience"] == "public" and record["received"] == {"Hedger": ["Heaven Basic"]}


def test_no_dataclass_event_holds_a_field_the_json_does_not_name() -> None:
    for kind in GAME.events:
        names = [f.name for f in fields(kind)]
        assert names[:2] == ["t", "audience"]


def test_no_post_of_the_whole_match_exceeds_discords_2000_characters() -> None:
    assert max(len(text) for _, _, text in MATCH_EVENTS) <= 2000


def test_results_for_30_players_with_long_rows_are_split_into_posts_under_2000_characters() -> None:
    from umpire.games.openpass.events import Placing, Results

    row = ("9", "x", "9", "x", "9", "x", "9", "x", "9", "+")
    ranking = tuple(
        Placing(
            place=i + 1,
            player=f"Player number {i + 1}",
            played=True,
            row=row,
            reading="9 x 9 x 9 x 9 x 9",
            score="59049",
            shown="59049",
            tokens=0,
            ec=False,
        )
        for i in range(30)
    )
    s = new_session()
    posts = GAME.announce(
        s.state.cfg, Results(t=0, ranking=ranking, ties=("tie at 59049 between " + ", ".join(p.player for p in ranking),))
    )
    assert len(posts) > 1 and all(len(p.text) <= 2000 for p in posts)
    text = "\n".join(p.text for p in posts)
    assert all(f"{p.place}. {p.player} — 59049" in text for p in ranking)


def test_completion_offers_the_words_of_the_moves_allowed_now() -> None:
    s = to_playing()
    assert GAME.suggest(s.state, None, []) == ["close", "deal"]  # the match has started: no `start`
    assert GAME.suggest(s.state, None, ["deal"]) == list(NAMES)
    assert GAME.suggest(s.state, 0, []) == ["trade", "accept", "decline", "cancel", "deck", "dealer"]  # no bid, no card dealt yet
    assert GAME.suggest(s.state, 0, ["deck"])[:2] == ["all", "none"]
    assert GAME.suggest(s.state, 0, ["dealer"]) == ["heaven", "hell"]
    assert "none" not in GAME.suggest(s.state, 0, ["deck", "1"])
    assert GAME.suggest(s.state, 0, ["bid"]) == []  # bids are closed


def test_completion_before_the_start_offers_start_and_trades_only() -> None:
    s = new_session()
    assert GAME.suggest(s.state, None, []) == ["start"]
    assert GAME.suggest(s.state, 0, []) == ["trade", "accept", "decline", "cancel"]
    ok(s, "start")
    assert GAME.suggest(s.state, None, []) == ["close"]
    assert GAME.suggest(s.state, 0, ["bid"]) == ["1", "2", "3", "4", "5", "6"]


def test_thirty_packs_of_fifty_cards_are_posted_in_messages_under_2000_characters() -> None:
    packs = [{"name": f"Pack number {i}", "cards": ["9", "x"] * 25} for i in range(30)]
    s = new_session(packs=packs)
    out = ok(s, "start")
    posts = [o.text for o in out if o.kind == "announce" and str(o.audience) == "public" and o.text]
    assert len(posts) > 1 and all(len(p) <= 2000 for p in posts)
    assert "30. Pack number 29: `" in "\n".join(posts)
