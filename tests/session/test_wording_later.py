"""A replay that wants only its last entries' posts in words (resume) or none (replay --json) leaves the
rest unworded, and ends exactly where a replay that words everything ends: the same JSON for every
entry, the same last entries' posts, outbox, last public posts, and undo corrections."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from tests.transcript_support import TRANSCRIPTS, run
from umpire.render import json_lines
from umpire.session import Session

SCRIPTS = sorted(p.name for p in TRANSCRIPTS.glob("*.script"))


def shown(outputs: list) -> list[tuple]:
    return [(o.kind, o.text, str(o.audience), o.dm, o.n, o.event) for o in outputs]


@pytest.fixture(scope="module", params=SCRIPTS)
def journal(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("wording") / f"{request.param}.journal.jsonl"
    _, session = run(TRANSCRIPTS / request.param, json_out=False, journal=path)
    assert session.writer is not None
    session.writer.close()
    return path


def replay(path: Path, recent: int | None) -> tuple[Session, list[tuple[dict, list]]]:
    session, _, steps = Session.stream(path, recent=recent)
    return session, list(steps)


def test_every_entry_gives_the_same_json_whether_its_posts_are_worded_or_not(journal: Path) -> None:
    _, eager = replay(journal, None)
    _, later = replay(journal, 0)
    assert [json_lines(out) for _, out in later] == [json_lines(out) for _, out in eager]


def test_the_last_entries_posts_outbox_and_last_public_posts_are_the_same_as_when_all_is_worded(journal: Path) -> None:
    eager_session, eager = replay(journal, None)
    later_session, later = replay(journal, 5)
    assert [shown(out) for _, out in later[-5:]] == [shown(out) for _, out in eager[-5:]]
    assert later_session.last_public == eager_session.last_public
    assert [(n, p.text) for n, p in later_session.last_public_posts] == [(n, p.text) for n, p in eager_session.last_public_posts]
    assert [(d.id, d.text) for d in later_session.waiting()] == [(d.id, d.text) for d in eager_session.waiting()]


def test_undoing_after_such_a_replay_withdraws_the_same_post_as_after_a_full_one(journal: Path) -> None:
    eager_session, _ = replay(journal, None)
    later_session, _ = replay(journal, 0)
    for _ in range(3):  # three rulings back: each correction names the first line of the post it withdraws
        if not eager_session.history:
            break
        assert shown(later_session.feed("undo")) == shown(eager_session.feed("undo"))


def test_a_replay_keeping_its_last_entries_words_only_those(tmp_path: Path) -> None:
    path = tmp_path / "game.journal.jsonl"
    _, played = run(TRANSCRIPTS / "hap-tac-toe.script", json_out=False, journal=path)
    assert played.writer is not None
    played.writer.close()
    _, _, steps = Session.stream(path, recent=2)
    kept = collections.deque(steps, maxlen=10)
    texts = [[o.text for o in out if o.kind == "announce" and o.source is not None and o.audience.public] for _, out in kept]
    assert all(t == [""] * len(t) for t in texts[:-2])  # public posts left unworded: the event alone
    assert any(any(t) for t in texts[-2:])
