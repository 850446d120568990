"""Every event can be rebuilt from its JSON: the same event, of every kind of every game and of the session.

An event's JSON (`Event.to_json`, what `--json` prints) is all its posts may say (the renderers are
given the event and the game's public context, never the state), so a post can be made again from
a transcript, a published journal or a report page (`Event.from_json`, `read_event`; a journal's
generated item: `Event.from_payload`). Here every kind is built with values hypothesis draws for its
declared field types, written to JSON text and read back: the same event, and the same JSON. The
events real games make are checked the same way in test_posts_from_events.py, with their posts.

The JSON of every generated kind (what a journal keeps, and `umpire verify` compares) is pinned:
changing it would leave the journals already kept unverifiable.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.contract.rerender import WITHHELD
from tests.contract.test_contract import GAME_KEYS, scenario_for
from umpire.games.base import HOST, PUBLIC, Audience, Event, dm
from umpire.games.eventjson import read_event
from umpire.session import events as session_events

NAMES = ("Hedger", "Uri", "Yuna")
EXAMPLES = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)


def values(tp: Any) -> st.SearchStrategy[Any]:
    """Values of a declared field type, as events hold them (tuples, mappings, enums, nested dataclasses, unions)."""
    if tp is Any:
        return st.text(max_size=8)
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        return st.one_of([values(a) for a in typing.get_args(tp)])
    simple: dict[Any, st.SearchStrategy[Any]] = {
        str: st.text(max_size=12),
        int: st.integers(-(2**40), 2**40),
        float: st.floats(allow_nan=False, allow_infinity=False),
        bool: st.booleans(),
        type(None): st.none(),
    }
    if tp in simple:
        return simple[tp]
    if isinstance(tp, type) and issubclass(tp, Enum):
        return st.sampled_from(list(tp))
    args = typing.get_args(tp)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(values(args[0]), max_size=4).map(tuple)
        return st.tuples(*(values(a) for a in args))
    if origin is Mapping or origin is dict:
        return st.dictionaries(st.text(max_size=8), values(args[1]), max_size=4)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        return st.builds(tp, **{f.name: values(hints[f.name]) for f in dataclasses.fields(tp) if f.init})
    raise AssertionError(f"no strategy for the event field type {tp}: can its JSON be read back?")


AUDIENCES = st.sampled_from([PUBLIC, HOST, *(dm(i) for i in range(len(NAMES)))])


def event_of(data: st.DataObject, cls: type[Event]) -> Event:
    """An event of kind `cls` with drawn values for every field (None where the kind refuses them)."""
    hints = typing.get_type_hints(cls)
    kwargs = {f.name: data.draw(values(hints[f.name]), label=f.name) for f in dataclasses.fields(cls) if f.name not in ("t", "audience")}
    audience: Audience = data.draw(AUDIENCES, label="audience")
    try:
        return cls(t=data.draw(st.integers(0, 2**40), label="t"), audience=audience, **kwargs)
    except ValueError:  # a kind that checks its fields (a still-to-bid note with nobody in it)
        assume(False)
        raise


def round_trip(event: Event) -> Event:
    """The event written as JSON text and read back."""
    text = json.dumps(event.to_json(NAMES), ensure_ascii=False)
    return read_event(json.loads(text), [type(event)], NAMES)


def reads_back(cls: type[Event]) -> None:
    """Events of kind `cls`, with drawn values, written to JSON text and read back: the same event and the same JSON."""

    @EXAMPLES
    @given(data=st.data())
    def kind(data: st.DataObject) -> None:
        event = event_of(data, cls)
        again = round_trip(event)
        assert again.to_json(NAMES) == event.to_json(NAMES), cls.kind
        assert type(again) is type(event)
        if cls.kind not in WITHHELD:
            assert again == event, f"{cls.kind}: {event} read back as {again}"
        assert cls.from_payload(event.payload(), t=event.t, audience=event.audience).payload() == event.payload()

    kind()


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_event_kind_is_the_same_event_when_read_back_from_its_json(key: str) -> None:
    for cls in scenario_for(key).game.events:
        reads_back(cls)


def test_every_kind_of_the_sessions_own_events_is_the_same_event_when_read_back_from_its_json() -> None:
    for cls in session_events.EVENTS:
        reads_back(cls)


def test_read_event_finds_the_kind_and_refuses_json_it_cannot_read() -> None:
    from tests.contract.auction.events import BidSealed, LotPosted

    kinds = [LotPosted, BidSealed]
    receipt = BidSealed(t=5, audience=dm(1), lot=2, item="Old map", amount=30, replaced=None)
    data = receipt.to_json(NAMES)
    assert data == {
        "type": "event",
        "event": "bid_sealed",
        "t": 5,
        "audience": "player",
        "to": "Uri",
        "lot": 2,
        "item": "Old map",
        "amount": 30,
        "replaced": None,
    }
    assert read_event(data, kinds, NAMES) == receipt

    def refused(changed: dict[str, Any], kinds: list[type[Event]] = kinds) -> str:
        with pytest.raises(ValueError) as caught:
            read_event(changed, kinds, NAMES)
        return str(caught.value)

    assert refused({**data, "event": "lot_sold"}) == "no event kind 'lot_sold' among ['bid_sealed', 'lot_posted']"
    assert refused({**data, "bid": 3}) == "BidSealed: its JSON has keys it does not know: ['bid']"
    assert refused({k: v for k, v in data.items() if k != "item"}) == "BidSealed: its JSON has no “item”"
    assert refused({**data, "amount": "30"}) == "BidSealed.amount: expected int, got '30'"
    assert refused({**data, "amount": True}) == "BidSealed.amount: expected int, got True"
    assert refused({**data, "replaced": 2.5}) == "BidSealed.replaced: expected int, got 2.5"
    assert refused({**data, "t": "5"}) == "“bid_sealed”: expected a whole number of milliseconds for t, got '5'"
    assert refused({**data, "to": "Zed"}) == (
        "“bid_sealed”: expected an audience of public, host, or player with one of ['Hedger', 'Uri', 'Yuna'] in “to”, got 'player' 'Zed'"
    )
    assert refused({**data, "type": "refusal"}) == "expected the JSON of a “bid_sealed” event, got 'refusal' 'bid_sealed'"


def test_nested_records_tuples_and_enums_are_read_back_to_their_types() -> None:
    from umpire.games.choice.events import BoardWhy, Claim, GhBoard

    posted = GhBoard(
        t=1,
        board=2,
        of=6,
        why=BoardWhy.GYUL,
        tiles={str(i): "red circle on black" for i in range(1, 10)},
        emoji=tuple("🔴" for _ in range(9)),
        letters=tuple("RBC" for _ in range(9)),
        claimed=(Claim(positions="159", player="Uri"),),
    )
    again = read_event(json.loads(json.dumps(posted.to_json(NAMES))), [GhBoard], NAMES)
    assert again == posted
    assert isinstance(again, GhBoard) and again.why is BoardWhy.GYUL and isinstance(again.claimed, tuple)
    assert again.claimed is not None and isinstance(again.claimed[0], Claim)
    with pytest.raises(ValueError, match=r"GhBoard.why: expected one of \['posted', 'gyul', 'reposted', 'reset'\], got 'later'"):
        read_event({**posted.to_json(NAMES), "why": "later"}, [GhBoard], NAMES)


# ---------------------------------------------------------------- the generated items journals keep


def shape(tp: Any) -> str:
    """A field type as the JSON it writes, nested records spelt out: what a journal's generated item looks like."""
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        return " | ".join(shape(a) for a in typing.get_args(tp))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        return "{" + ", ".join(f"{f.name}: {shape(hints[f.name])}" for f in dataclasses.fields(tp)) + "}"
    if origin is tuple:
        args = typing.get_args(tp)
        return "[" + (f"{shape(args[0])}, ..." if args[1:] == (Ellipsis,) else ", ".join(shape(a) for a in args)) + "]"
    if origin is Mapping or origin is dict:
        return "{str: " + shape(typing.get_args(tp)[1]) + "}"
    if isinstance(tp, type) and issubclass(tp, Enum):
        return "|".join(str(m.value) for m in tp)
    return getattr(tp, "__name__", str(tp))


def payload_shape(cls: type[Event]) -> str:
    """The JSON keys of a kind's payload, each with its shape."""
    hints = typing.get_type_hints(cls)
    keys = cls.json_keys
    return ", ".join(
        f"{keys.get(f.name, f.name)}: {shape(hints[f.name])}" for f in dataclasses.fields(cls) if f.name not in ("t", "audience")
    )


def may_be_generated(cls: type[Event]) -> bool:
    """Whether events of this kind may be journaled as generated items (the kind's flag, or a per-event decision)."""
    return cls.generated or cls.is_generated is not Event.is_generated


# What every generated kind's journal entry holds. A journal keeps these payloads and `umpire verify` compares them with
# the replay's: a change here leaves every journal kept before it unverifiable (say so loudly, in the commit and the docs).
GENERATED = {
    ("choice-is-yours", "round_started"): "block: int, round: int, prize: int, deadline: int",
    ("choice-is-yours", "shop_opened"): "block: int, cycle: int, shop_cycle: int, prices: {str: int}, shop: str, until: int",
    (
        "choice-is-yours",
        "gh_board",
    ): "board: int, of: int, why: posted|gyul|reposted|reset, tiles: {str: str}, emoji: [str, ...], letters: [str, ...], claimed: [{positions: str, player: str}, ...] | NoneType",
    (
        "choice-is-yours",
        "expr_set",
    ): "block: int, set: int, expr_set: int, puzzles: [{number: int, ops: str, target: int, text: str}, ...], until: int",
    ("open-pass", "round_record"): "round: int, received: {str: [str, ...]}, pity: {str: str}, no_bid: [str, ...]",
    ("open-pass", "card_dealt"): "player: str, number: int, of: int, card: str, row: [str, ...], opened: int, max_open: int",
    (
        "open-pass",
        "results",
    ): "ranking: [{place: int, player: str, played: bool, row: [str, ...], reading: str, score: str, shown: str, tokens: int, ec: bool}, ...], ties: [str, ...]",
    ("devils-deal", "pools_dealt"): "pools: {str: [str, ...]}, chips: {str: int}, chooser: str",
    (
        "devils-deal",
        "devils_round_started",
    ): "round: int, starter: str, chips: {str: int}, pools: {str: {cards: [str, ...], held: int, unknown_gone: int}}, community: str",
    (
        "devils-deal",
        "refill_offered",
    ): "round: int, player: str, refill: int, cost: int, chips: int, cards: [str, ...], seconds: int, until: int",
    ("auction", "lot_posted"): "lot: int, of: int, item: str, value: int, seconds: int, bidders: [str, ...], sitting_out: [str, ...]",
    (
        "auction",
        "lot_sold",
    ): "lot: int, item: str, value: int, winner: str, price: int, money_left: int, bids: [{player: str, amount: int}, ...], tied: [str, ...], closed_by_host: bool",
    ("number-auction", "number_auction_round"): "round: int, prize: int",
    (
        "number-auction",
        "game_result",
    ): "summary: str, winners: [str, ...], why: str, ranking: [{player: str, place: int, why: str}, ...], eliminated: [{player: str, why: str}, ...], drawn: bool",
}


def test_the_json_of_every_generated_kind_is_what_journals_already_keep() -> None:
    found = {(key, cls.kind): payload_shape(cls) for key in GAME_KEYS for cls in scenario_for(key).game.events if may_be_generated(cls)}
    assert found == GENERATED
