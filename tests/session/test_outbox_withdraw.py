"""An undo withdraws its ruling's waiting DMs from the outbox wherever they wait, and nothing else,
without walking every DM that waits (a long game's unsent DMs made each undo slower)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.games.base import Post
from umpire.session.delivery import Dm, Outbox

SEATS = 3


def dm(n: int, k: int, seat: int) -> Dm:
    return Dm(id=(n, k), seat=seat, posts=(Post(text=f"entry {n} event {k} to seat {seat}"),))


def reference_waiting(queued: list[Dm], sent: set[tuple[int, int]], withdrawn: set[tuple[int, int]]) -> dict[int, list[Dm]]:
    """Each seat's waiting DMs as the outbox must keep them: queued, in order, neither sent nor withdrawn."""
    out: dict[int, list[Dm]] = {}
    for d in queued:
        if d.id not in sent and d.id not in withdrawn:
            out.setdefault(d.seat, []).append(d)
    return out


# A step: ("rule", seats of the DMs the ruling makes), ("send", a seat: all its waiting DMs sent),
# or ("undo",): the last ruling in force taken back.
steps = st.lists(
    st.one_of(
        st.tuples(st.just("rule"), st.lists(st.integers(0, SEATS - 1), max_size=3)),
        st.tuples(st.just("send"), st.integers(0, SEATS - 1)),
        st.tuples(st.just("undo")),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(steps)
def test_an_undo_withdraws_exactly_its_rulings_waiting_dms_whatever_was_sent_or_queued_since(plan) -> None:
    box = Outbox()
    queued: list[Dm] = []
    sent: set[tuple[int, int]] = set()
    withdrawn: set[tuple[int, int]] = set()
    in_force: list[tuple[Dm, ...]] = []
    for n, step in enumerate(plan, start=1):
        if step[0] == "rule":
            made = tuple(dm(n, k, seat) for k, seat in enumerate(step[1]))
            box.queue(made)
            queued += made
            in_force.append(made)
        elif step[0] == "send":
            ids = [d.id for d in box.waiting(step[1])]
            box.mark_sent(step[1], None)
            sent.update(ids)
        elif in_force:
            made = in_force.pop()
            was_sent = box.withdraw(made, "the ruling")
            assert [d.id for d in was_sent] == [d.id for d in made if d.id in sent]
            withdrawn.update(d.id for d in made if d.id not in sent)
        expected = reference_waiting(queued, sent, withdrawn)
        for seat in range(SEATS):
            assert [d.id for d in box.waiting(seat)] == [d.id for d in expected.get(seat, [])]


def test_undoing_the_last_ruling_leaves_a_long_queue_of_unsent_dms_in_its_order() -> None:
    box = Outbox()
    older = [dm(n, 0, 1) for n in range(1, 2001)]
    box.queue(older)
    last = (dm(2001, 0, 1), dm(2001, 1, 2))
    box.queue(last)
    box.withdraw(last, "p1: done")
    assert box.waiting(1) == older and box.waiting(2) == []


def test_a_dm_queued_after_the_undone_rulings_own_stays_waiting() -> None:
    box = Outbox()
    ruling = (dm(5, 0, 0),)
    box.queue(ruling)
    later = dm(6, 0, 0)  # a correction sent to the same player by an entry after it
    box.queue([later])
    box.withdraw(ruling, "p1: bid 3")
    assert box.waiting(0) == [later]
