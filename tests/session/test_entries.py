"""The journal's entries, typed: each kind's fields are checked when a line is read back, and written as they were."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.core.journal import JournalError
from umpire.session import entries as E


def test_every_kind_reads_back_what_it_wrote() -> None:
    written = [
        E.Input(t=5, by=1, text="gs 3", line="p2: gs 3", source="discord:123"),
        E.Input(t=5, by=None, text="start", line="start"),
        E.Clock(t=60_000),
        E.Pause(t=7),
        E.Resume(t=8),
        E.Undo(t=9, undoes=3, rewind=None, paused=False),
        E.Entropy(t=0, text="17 lantern"),
        E.Reveal(t=99, seed="s", salt="t"),
        E.Delivered(t=10, to=1, dms=((4, 0), (4, 2)), via="discord", receipts=("111", "112")),
        E.Stop(t=11),
        E.Heard(t=12, by=0, text="gs 99", source="discord:1/2", refused="you hold no card 99"),
        E.Heard(t=12, by=1, text="lantern", source="discord:1/3"),
        E.Posted(t=13, of=4, posts=(0, 1), via="Discord", receipts=("113", "114")),
        E.Listening(t=14, via="Discord", after="1234567890"),
        E.Asked(t=15, by=0, text="status"),
        E.Asked(t=15, by=1, text="pool", source="discord:1/4"),
    ]
    for n, entry in enumerate(written, start=1):
        got = E.read({"n": n, **entry.to_json()}, "j")
        assert got == entry
        # filled in field for field, it is the record its constructor makes: the same fields, repr and hash, still frozen
        assert type(got) is type(entry) and vars(got) == vars(entry)
        assert repr(got) == repr(entry) and hash(got) == hash(entry)
        with pytest.raises(AttributeError):
            got.t = 0  # type: ignore[misc]


def test_an_entry_is_written_with_its_kind_first_and_unset_optional_fields_left_out() -> None:
    assert E.Input(t=0, by=None, text="start", line="start").to_json() == {
        "kind": "input",
        "t": 0,
        "by": None,
        "text": "start",
        "line": "start",
    }
    assert list(E.Delivered(t=0, to=1, dms=((2, 0),)).to_json()) == ["kind", "t", "to", "dms"]


def test_an_older_delivered_entry_with_through_still_reads() -> None:
    assert E.read({"n": 4, "kind": "delivered", "t": 0, "to": 1, "through": 3}, "j") == E.Delivered(t=0, to=1, through=3)


def test_an_older_undo_entry_without_paused_still_reads() -> None:
    assert E.read({"n": 4, "kind": "undo", "t": 0, "undoes": 2, "rewind": None}, "j").paused is None  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        (
            {"n": 1, "kind": "teleport", "t": 0},
            "unknown entry kind 'teleport' (expected one of input, clock, pause, resume, undo, entropy, reveal, delivered, stop, heard, posted, listening, asked)",
        ),
        ({"n": 1, "kind": "input", "t": 0}, "an “input” entry needs “by”"),
        ({"n": 1, "kind": "input", "t": 0, "by": None, "line": "x"}, "an “input” entry needs “text”"),
        ({"n": 1, "kind": "input", "t": 0, "by": None, "text": 5, "line": "x"}, "an “input” entry's “text” is 5, not a text"),
        (
            {"n": 1, "kind": "input", "t": 0, "by": "p1", "text": "x", "line": "x"},
            "an “input” entry's “by” is 'p1', not a whole number or null",
        ),
        ({"n": 1, "kind": "undo", "t": 0, "rewind": None}, "an “undo” entry needs “undoes”"),
        (
            {"n": 1, "kind": "entropy", "t": 0, "words": "apple 7"},
            "an “entropy” entry's “words” is 'apple 7', not a list of texts or nulls",
        ),
        (
            {"n": 1, "kind": "entropy", "t": 0, "words": ["apple", 7]},
            "an “entropy” entry's “words” is ['apple', 7], not a list of texts or nulls",
        ),
        ({"n": 1, "kind": "entropy", "t": 0, "text": None}, "an “entropy” entry's “text” is None, not a text"),
        (
            {"n": 1, "kind": "delivered", "t": 0, "to": 1, "dms": [[1]]},
            "a “delivered” entry's “dms” is [[1]], not a list of [entry, index] pairs",
        ),
        ({"n": 1, "kind": "delivered", "t": 0, "to": True}, "a “delivered” entry's “to” is True, not a whole number"),
        (
            {"n": 1, "kind": "posted", "t": 0, "of": 3, "posts": [0, "1"]},
            "a “posted” entry's “posts” is [0, '1'], not a list of whole numbers",
        ),
        ({"n": 1, "kind": "heard", "t": 0, "by": 0, "text": "x"}, "a “heard” entry needs “source”"),
        ({"n": 1, "kind": "listening", "t": 0, "via": "Discord"}, "a “listening” entry needs “after”"),
    ],
)
def test_a_malformed_entry_is_refused_naming_its_line_and_what_was_expected(entry: dict[str, Any], reason: str) -> None:
    with pytest.raises(JournalError) as info:
        E.read(entry, "g.jsonl")
    assert (info.value.line, info.value.reason) == (2, reason)
