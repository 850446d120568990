"""What a published journal still shows about sealed moves (issue 31, item 6; docs/journal.md, “What the published
journal still shows”): how many sealed entries a round had and when each was made, never whose each was nor what
it said. These tests pin what the docs say, so that a change to either is made to both."""

from __future__ import annotations

import json
from pathlib import Path

from umpire.core.redaction import SEALED, published_line
from umpire.scenario import Scenario
from umpire.session import Session


def published(path: Path) -> list[dict[str, object]]:
    """The journal's entries as `umpire report` publishes them: each sealed payload replaced by its digest."""
    lines = path.read_bytes().rstrip(b"\n").split(b"\n")[1:]
    return [json.loads(published_line(raw, json.loads(raw))) for raw in lines]


def round_1(choice: Scenario, path: Path, plays: list[str]) -> list[dict[str, object]]:
    s = Session.create(choice, journal_path=path, seed="9701", salt="5a" * 16)
    for line in ["start", *plays]:
        assert not [o for o in s.feed(line) if o.kind == "refusal"], line
    s.advance(60_000)  # the round's deadline: its plays are revealed
    s.close()
    return published(path)


def sealed_inputs(entries: list[dict[str, object]]) -> list[dict[str, object]]:
    return [e for e in entries if e["kind"] == "input" and isinstance(e.get(SEALED), str)]


def test_item_6_a_replaced_play_shows_as_one_more_sealed_entry_with_its_times_but_not_whose(tmp_path: Path, choice: Scenario) -> None:
    plain = sealed_inputs(round_1(choice, tmp_path / "a.jsonl", ["p1: gs 5", "p2: gs 6"]))
    replaced = sealed_inputs(round_1(choice, tmp_path / "b.jsonl", ["p1: gs 5", "p2: gs 6", "p1: gs 7"]))
    assert (len(plain), len(replaced)) == (2, 3)  # the count is public: someone replaced a play
    for entry in replaced:
        assert {"n", "kind", "t", "wall", "prev", SEALED} == set(entry)  # number and times in the clear; nothing else
    text = json.dumps(replaced)
    assert "gs " not in text and '"by"' not in text and "Hedger" not in text
