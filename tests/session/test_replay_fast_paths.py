"""Replay's quicker ways of reading a journal give exactly what the plain ways give."""

from __future__ import annotations

import dataclasses
import io
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core.deadline import Deadline, Step
from umpire.core.evolve import replace
from umpire.core.redaction import redacted, sealed_digest
from umpire.games.base import Audience, Post, dm
from umpire.games.haptactoe.events import number
from umpire.session import entries as E
from umpire.session.delivery import Outbox
from umpire.session.fairness import lines_with

_LINE = st.text(alphabet="ab\nrevl", max_size=12)


@settings(max_examples=200, deadline=None)
@given(text=st.lists(_LINE, max_size=8).map("".join), block=st.integers(min_value=1, max_value=9))
def test_the_lines_that_mention_a_word_are_those_a_line_by_line_read_finds(text: str, block: int) -> None:
    data = text.encode()
    plain = [raw for raw in io.BytesIO(data) if b"rev" in raw]
    assert list(lines_with(io.BytesIO(data), b"rev", block)) == plain


def test_a_line_longer_than_a_block_and_a_last_line_without_its_newline_are_found_whole() -> None:
    data = b'{"kind":"pause"}\n' + b"x" * 50 + b"reveal" + b"y" * 50 + b"\n" + b'{"kind":"reveal"}'
    assert list(lines_with(io.BytesIO(data), b"reveal", 16)) == [b"x" * 50 + b"reveal" + b"y" * 50 + b"\n", b'{"kind":"reveal"}']


def test_a_field_of_an_entry_is_what_the_opened_entry_holds_whether_sealed_or_not() -> None:
    lines = [
        {"n": 1, "kind": "input", "t": 0, "by": 0, "text": "deal", "generated": [{"card": 3}]},
        {"n": 2, "kind": "input", "t": 0, "sealed": {"salt": "5e", "by": 1, "text": "bid 3", "generated": [{"card": 4}]}},
        {"n": 3, "kind": "clock", "t": 9},
        {"n": 4, "kind": "input", "t": 0, "sealed": {"salt": "5e", "by": 1, "text": "bid 3"}},
    ]
    for data in lines:
        for key in ("generated", "text", "by", "salt", "sealed", "kind", "n"):
            assert E.opened_field(data, key, []) == E.opened(data).get(key, [])


@settings(max_examples=150, deadline=None)
@given(
    start=st.integers(min_value=0, max_value=10**6),
    span=st.integers(min_value=0, max_value=10**5),
    reminders=st.lists(st.integers(min_value=-10, max_value=2 * 10**5), max_size=5),
)
def test_a_deadlines_reminders_are_those_after_its_start_each_once_latest_first(start: int, span: int, reminders: list[int]) -> None:
    due = start + span
    d = Deadline(what="move", start=start, due=due, reminders=tuple(reminders))
    lefts = sorted({r for r in reminders if r > 0 and due - r > start}, reverse=True)
    assert [(s.at, s.left) for s in d.steps] == [(due - r, r) for r in lefts] + [(due, 0)]
    made = (*(Step(at=due - r, left=r) for r in lefts), Step(at=due, left=0))  # the steps as their constructor makes them
    assert d.steps == made and repr(d.steps) == repr(made) and hash(d.steps) == hash(made)
    assert Deadline(what="move", start=start, due=due, reminders=reminders).steps == d.steps  # type: ignore[arg-type]


def test_a_published_entry_keeps_its_keys_in_order_with_the_digest_in_the_sealed_members_place() -> None:
    entry = {"n": 2, "kind": "input", "sealed": {"salt": "5e", "by": 1, "text": "bid 3"}, "t": 0, "prev": "p"}
    published = redacted(entry)
    assert list(published) == list(entry) and published["sealed"] == sealed_digest(entry["sealed"])
    assert {k: v for k, v in published.items() if k != "sealed"} == {k: v for k, v in entry.items() if k != "sealed"}
    assert entry["sealed"] == {"salt": "5e", "by": 1, "text": "bid 3"}  # the entry read is left as it was


def test_a_players_audience_is_the_same_value_however_often_it_is_asked_for() -> None:
    assert dm(1) == Audience("player", 1) and repr(dm(1)) == repr(Audience("player", 1)) and dm(0) != dm(1)
    assert dm(1).to_json(("Ann", "Bo")) == {"audience": "player", "to": "Bo"}


def test_a_record_replaced_in_place_is_what_dataclasses_replace_gives_and_a_field_it_lacks_is_refused() -> None:
    before = Audience("player", 1)
    assert replace(Step(at=1, left=2), left=0) == dataclasses.replace(Step(at=1, left=2), left=0)
    with pytest.raises(TypeError, match="Step has no field 'gone'"):
        replace(Step(at=1, left=2), left=0, gone=1)
    assert replace(before, seat=0) == Audience("player", 0)  # a class with __post_init__ goes to dataclasses.replace


def test_a_whole_score_is_written_as_the_integer_and_a_part_point_as_a_decimal() -> None:
    for x in (Fraction(3), Fraction(-4), Fraction(0), Fraction(-1, 2), Fraction(7, 2)):
        assert number(x) == (int(x) if x.denominator == 1 else float(x))
        assert type(number(x)) is (int if x.denominator == 1 else float)


def test_equal_dm_posts_are_kept_once_and_posts_with_a_picture_as_they_are() -> None:
    box = Outbox()
    first = box.posts((Post(text="a"), Post(text="b")))
    assert box.posts((Post(text="a"), Post(text="b"))) is first
    assert box.posts((Post(text="a"),)) == (Post(text="a"),) and box.posts((Post(text="a"), Post(text="c")))[1].text == "c"
    pictured = (Post(text="a", image=lambda: b""), Post(text="b"))
    assert box.posts(pictured) is pictured
