"""A line counts at its Discord timestamp on the game clock, and a deadline waits the allowance for messages still on
their way: one sent before it and arriving within the allowance is judged before it; one sent after it waits for it;
one arriving later than that is judged when it arrives, and the host is told (docs/discord.md, R-BOT-1)."""

from __future__ import annotations

from pathlib import Path

from tests.fakediscord import FakeDiscord
from umpire.scenario import load
from umpire.session import Session
from umpire.session import entries as E

from .support import ROOT, Hosted, Table, entries_of

DEADLINE = 59_000  # round 1 of block 1 closes 59 s after `start` (round_seconds)


def game(fake: FakeDiscord, tmp_path: Path, allowance_ms: int = 1500) -> Hosted:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    session = Session.create(
        load(ROOT / "scenarios" / "choice-is-yours.toml"), journal_path=tmp_path / "bot.jsonl", seed="9701", salt="0" * 32
    )
    return Hosted(fake, table, session, table.ids(allowance_ms=allowance_ms))


def order(tmp_path: Path) -> list[tuple[str, int]]:
    """The rulings from the first clock ruling on: (kind or the input's text, game time)."""
    out = [
        (e.text if isinstance(e, E.Input) else e.kind, e.t) for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input | E.Clock)
    ]
    return out[1:]


def test_a_message_sent_just_before_a_deadline_and_arriving_after_it_is_judged_before_it(fake: FakeDiscord, tmp_path: Path) -> None:
    h = game(fake, tmp_path)
    session = h.session

    def play(h: Hosted) -> None:
        h.type("start")
        fake.set_clock(h.moment(DEADLINE + 1000))  # the clock reads 1 s past the deadline: still within the allowance
        h.says(0, "gs 5", at=h.moment(DEADLINE - 200))  # sent 0.2 s before it
        h.set_game_time(DEADLINE + 100)
        h.wait(lambda: session.now >= DEADLINE + 100, "the deadline to pass")
        h.settle()

    h.run(play)
    assert order(tmp_path)[:3] == [("clock", 49_000), ("gs 5", DEADLINE - 200), ("clock", DEADLINE)]


def test_without_an_allowance_the_same_message_comes_after_the_deadline(fake: FakeDiscord, tmp_path: Path) -> None:
    h = game(fake, tmp_path, allowance_ms=0)
    session = h.session

    def play(h: Hosted) -> None:
        h.type("start")
        fake.set_clock(h.moment(DEADLINE + 1000))
        h.wait(lambda: session.now >= DEADLINE + 1000, "the deadline to pass")
        h.says(0, "gs 5", at=h.moment(DEADLINE - 200))
        h.settle()

    out = h.run(play)
    assert ("clock", DEADLINE) in order(tmp_path) and ("gs 5", DEADLINE - 200) not in order(tmp_path)
    assert "(sent at 0:58.800, it reached umpire after the allowance: judged at 1:00)" in out


def test_a_message_sent_after_a_deadline_waits_for_it_and_counts_at_its_own_time(fake: FakeDiscord, tmp_path: Path) -> None:
    h = game(fake, tmp_path)

    def play(h: Hosted) -> None:
        h.type("start")
        fake.set_clock(h.moment(DEADLINE + 1400))  # settled time 0.1 s before the deadline
        h.says(1, "gs 6", at=h.moment(DEADLINE + 1300), wait=False)  # round 2 is not open before round 1 closes: it must wait
        h.wait(lambda: h.bot is not None and len(h.bot.pending) == 1, "the message to wait for the deadline")
        assert not any(isinstance(e, E.Heard) for e in entries_of(tmp_path / "bot.jsonl"))
        h.set_game_time(DEADLINE + 2000)
        h.wait(lambda: h.bot is not None and not h.bot.pending, "the message to be judged")
        h.settle()

    h.run(play)
    ruled = order(tmp_path)
    assert ruled.index(("clock", DEADLINE)) < ruled.index(("clock", DEADLINE + 1000)) < ruled.index(("gs 6", DEADLINE + 1300))


def test_a_message_sent_during_a_pause_counts_at_the_pause(fake: FakeDiscord, tmp_path: Path) -> None:
    h = game(fake, tmp_path)

    def play(h: Hosted) -> None:
        h.type("start")
        h.set_game_time(10_000)
        h.type("pause")
        fake.set_clock(h.moment(30_000))
        h.says(0, "gs 5", at=h.moment(25_000))
        h.settle()

    h.run(play)
    (gs,) = [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input) and e.by == 0]
    (pause,) = [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Pause)]
    assert gs.t == pause.t == 10_000
