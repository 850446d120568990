"""Undo reaches every ruling in force, however long the game, and what it keeps for that is kept once where it
is equal: a submission sent again keeps no state of its own, and of a DM an undo withdrew only what a late
correction names (issue 22: replay at scale under 50 MB). What undo does is what it did: each correction,
each late delivery, each ruling taken back in turn back to the first."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import SCENARIOS
from umpire.games.base import Post
from umpire.scenario import load
from umpire.session import DmStatus, Session
from umpire.session.delivery import Dm, Outbox

RESENT = 12


def choice(path: Path | None = None) -> Session:
    return Session.create(load(SCENARIOS / "choice-is-yours.toml"), journal_path=path, seed="9701", salt="0" * 32)


def shown(outputs: list) -> list[tuple]:
    return [(o.kind, o.text, str(o.audience), o.dm, o.n, o.event) for o in outputs]


def played(path: Path | None = None) -> Session:
    """Choice: a round's plays, one of them sent again and again, and one taken back and entered again."""
    s = choice(path)
    s.feed("start")
    s.feed("p1: gs 5")
    for _ in range(RESENT):
        s.feed("p1: gs 5")
    s.feed("p2: gs 6")
    s.feed("undo")
    s.feed("p2: gs 6")
    s.feed("p2: gs 6")
    return s


def test_a_submission_sent_again_that_changes_nothing_keeps_the_state_before_it_once() -> None:
    s = played()
    resends = s.history[2 : 2 + RESENT]  # `start`, the first play, then the same play again and again
    assert len({id(step.before) for step in resends}) == 1
    assert all(step.before is s.history[2].before for step in resends)
    assert len({id(step.said) for step in resends}) == 1  # the same line, the same (private) words


def test_undo_takes_back_every_ruling_in_force_one_by_one_back_to_the_first() -> None:
    s = played()
    lines = ["start", "p1: gs 5", *["p1: gs 5"] * RESENT, "p2: gs 6", "p2: gs 6"]
    numbers = [step.n for step in s.history]
    assert len(numbers) == len(lines)
    for i in reversed(range(len(lines))):
        (undid, *_) = s.feed("undo")
        assert undid.text == f"↶ Undid entry {numbers[i]}: {lines[i]}."
        fresh = choice()
        for line in lines[:i]:
            fresh.feed(line)
        assert s.state == fresh.state  # the game as it was before that ruling
    assert s.history == []
    (refused,) = s.feed("undo")
    assert refused.text == "there is nothing to undo"


def test_every_dm_a_resent_ruling_made_is_withdrawn_by_its_own_undo_and_a_sent_one_corrected() -> None:
    s = played()
    receipts = s.waiting(0)
    assert len(receipts) == 1 + RESENT
    s.deliver(0, [receipts[-2].id], via="test")  # the last resend but one reached Hedger
    s.feed("undo")
    s.feed("undo")  # the two plays of Uri's
    out = s.feed("undo")  # the last resend: unsent, withdrawn
    assert s.dm_status(receipts[-1].id) is DmStatus.WITHDRAWN
    assert not [o for o in out if o.event is not None and o.event["event"] == "dm_correction"]
    out = s.feed("undo")  # the one that was sent: corrected
    (correction,) = [o for o in out if o.event is not None and o.event["event"] == "dm_correction"]
    assert correction.audience.seat == 0
    assert "(“p1: gs 5”)" in correction.text and "Your play for round 1: 5 (replacing gs 5)" in correction.text
    assert [d.id for d in s.waiting(0)] == [d.id for d in receipts[:-2]] + [correction.dm]


def test_a_dm_withdrawn_long_ago_that_reaches_its_player_is_recorded_and_corrected() -> None:
    s = played()
    receipts = s.waiting(0)
    for _ in range(4):
        s.feed("undo")  # Uri's two plays, then Hedger's last two resends
    oldest, newest = receipts[-2], receipts[-1]
    assert s.dm_status(oldest.id) is DmStatus.WITHDRAWN and s.dm_status(newest.id) is DmStatus.WITHDRAWN
    out = s.deliver(0, [oldest.id], via="Discord", receipts=["900"])
    assert any("marked as sent" in o.text for o in out)
    assert s.dm_status(oldest.id) is DmStatus.SENT and s.dm_status(newest.id) is DmStatus.WITHDRAWN
    (correction,) = [o for o in out if o.event is not None and o.event["event"] == "dm_correction"]
    assert "(“p1: gs 5”)" in correction.text and "Your play for round 1: 5 (replacing gs 5)" in correction.text


def test_undoing_every_ruling_after_a_replay_that_left_posts_unworded_says_what_a_full_replay_says(tmp_path: Path) -> None:
    path = tmp_path / "c.journal.jsonl"
    s = played(path)
    s.feed("@ 1:00")  # the round's deadline: a public ruling, then more plays sent again
    for line in ("p1: gs 3", "p1: gs 3", "p1: gs 3", "p2: gs 4", "undo", "p2: gs 4"):
        s.feed(line)
    s.close()
    eager, _, steps = Session.stream(path, recent=None)
    list(steps)
    later, _, steps = Session.stream(path, recent=0)
    list(steps)
    assert len(eager.history) == len(later.history) > RESENT
    while eager.history:
        assert shown(later.feed("undo")) == shown(eager.feed("undo"))
    assert later.history == [] and later.state == eager.state


# ---------------------------------------------------------------- the outbox, against a model of it


def dm(n: int, k: int, seat: int) -> Dm:
    return Dm(id=(n, k), seat=seat, posts=(Post(text=f"**entry {n}** event {k}\nto seat {seat}"),))


# A step: ("rule", seats of its DMs), ("send", a seat), ("undo",), or ("late", which withdrawn DM reaches its player).
steps = st.lists(
    st.one_of(
        st.tuples(st.just("rule"), st.lists(st.integers(0, 2), max_size=3)),
        st.tuples(st.just("send"), st.integers(0, 2)),
        st.tuples(st.just("undo")),
        st.tuples(st.just("late"), st.integers(0, 50)),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(steps)
def test_each_dm_is_waiting_sent_or_withdrawn_as_its_rulings_undo_and_deliveries_say(plan) -> None:
    box = Outbox()
    made: list[Dm] = []
    status: dict[tuple[int, int], DmStatus] = {}
    ruling_of: dict[tuple[int, int], str] = {}
    in_force: list[tuple[Dm, ...]] = []
    for n, step in enumerate(plan, start=1):
        if step[0] == "rule":
            dms = tuple(dm(n, k, seat) for k, seat in enumerate(step[1]))
            box.queue(dms)
            made += dms
            status.update((d.id, DmStatus.WAITING) for d in dms)
            in_force.append(dms)
        elif step[0] == "send":
            box.mark_sent(step[1], None)
            status.update((d.id, DmStatus.SENT) for d in made if d.seat == step[1] and status[d.id] is DmStatus.WAITING)
        elif step[0] == "undo" and in_force:
            dms = in_force.pop()
            box.withdraw(dms, f"ruling {n}")
            for d in dms:
                if status[d.id] is DmStatus.WAITING:
                    status[d.id], ruling_of[d.id] = DmStatus.WITHDRAWN, f"ruling {n}"
        elif step[0] == "late":
            gone = [d for d in made if status[d.id] is DmStatus.WITHDRAWN]
            if gone:
                d = gone[step[1] % len(gone)]
                assert box.late(d.id) == (d.seat, d.first_line, ruling_of[d.id])
                box.mark_sent(d.seat, [d.id])
                status[d.id] = DmStatus.SENT
        assert {d.id: box.status(d.id) for d in made} == status
        for d in made:
            assert (box.late(d.id) is not None) == (status[d.id] is DmStatus.WITHDRAWN)


def test_equal_private_messages_are_kept_once_but_never_two_with_pictures() -> None:
    box = Outbox()
    a = box.posts((Post(text="Your bid is in."),))
    b = box.posts((Post(text="Your bid is in."),))
    assert a is b
    first = (Post(text="your row", image=lambda: b"row 1"),)
    second = (Post(text="your row", image=lambda: b"row 2"),)
    assert box.posts(first) is first and box.posts(second) is second


def test_the_next_deadline_is_the_rules_after_every_line_undo_and_clock_ruling() -> None:
    s = choice()
    lines = ["start", "p1: gs 5", "p1: gs 5", "undo", "@ 0:30", "p2: gs 6", "undo", "undo", "@ 1:00", "undo", "p1: gs 4", "@ 2:00"]
    for line in lines:
        s.feed(line)
        assert s.next_due() == s.game.next_due(s.state), line
