"""Deadlines wait out an outage (R-BOT-7): while the bot is cut off from Discord, or catching up on what it missed,
no deadline passes the moment the connection was lost; once caught up, what players sent meanwhile is judged at its
own time, in Discord's order, and then the deadlines that fell meanwhile. The fake Discord's clock is frozen and
moved by the test, so an outage of a minute takes no minute."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord
from umpire.scenario import load
from umpire.session import Session
from umpire.session import entries as E

from .support import ROOT, Hosted, Table, entries_of

DEADLINE = 59_000  # round 1 of block 1 closes 59 s after `start`


def game(fake: FakeDiscord, tmp_path: Path) -> Hosted:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    session = Session.create(
        load(ROOT / "scenarios" / "choice-is-yours.toml"), journal_path=tmp_path / "bot.jsonl", seed="9701", salt="0" * 32
    )
    return Hosted(fake, table, session, table.ids())


def order(tmp_path: Path) -> list[tuple[str, int]]:
    """The rulings after `start`: (the input's text or `clock`, game time)."""
    out = [
        (e.text if isinstance(e, E.Input) else e.kind, e.t) for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input | E.Clock)
    ]
    return out[1:]


def held(h: Hosted, seconds: float = 0.6) -> None:
    """Let the REPL's clock tick for a while (it ticks every 0.2 s) while the connection is down."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        time.sleep(0.05)
    assert h.bot is not None and not h.bot.connected
    assert (h.bot.toolbar() or "").startswith("🤖 reconnecting… (deadlines wait)")


def outage(h: Hosted, *, lost_at: int, lasting: float, sent: list[tuple[int, str, int]], forget: bool = False) -> None:
    """Cut the gateway at game time `lost_at` for `lasting` seconds; meanwhile each (seat, text, game time) is sent.
    `forget`: Discord forgets the session meanwhile, so the bot's RESUME is refused and nothing is replayed."""
    fake, bot = h.fake, h.bot
    assert bot is not None
    h.set_game_time(lost_at)  # the settled time: the clock reads lost_at plus the allowance
    h.wait(lambda: h.session.now >= lost_at, "the clock to reach the moment of the outage")
    fake.drop_gateway(hold=True)
    h.wait(lambda: not bot.connected, "the bot to notice")
    if forget:
        fake.invalidate_sessions(resumable=False)
    for seat, text, at in sent:
        h.says(seat, text, at=h.moment(at), wait=False)
    fake.set_clock(h.moment(lost_at + h.ids.allowance_ms + round(lasting * 1000)))
    held(h)
    assert not bot.pending, "nothing is heard while the connection is down"


@pytest.mark.parametrize("lasting", [5.2, 60.0])
def test_r_bot_7_plays_sent_during_an_outage_before_the_deadline_count_for_their_round(
    fake: FakeDiscord, tmp_path: Path, lasting: float
) -> None:
    h = game(fake, tmp_path)
    seen: dict[str, object] = {}

    def play(h: Hosted) -> None:
        h.type("start")
        outage(h, lost_at=DEADLINE - 3000, lasting=lasting, sent=[(0, "gs 5", DEADLINE - 1500), (1, "gs 6", DEADLINE - 1400)])
        seen["during"] = order(tmp_path)
        fake.release_gateway()
        h.wait(lambda: len(h.session.sources) == 2, "the plays replayed by Discord")
        h.wait(lambda: any(kind == "clock" and t == DEADLINE for kind, t in order(tmp_path)), "the deadline")
        h.settle()

    out = h.run(play)
    assert not any(t >= DEADLINE for _, t in seen["during"])  # type: ignore[attr-defined]
    ruled = order(tmp_path)
    assert ruled.index(("gs 5", DEADLINE - 1500)) < ruled.index(("gs 6", DEADLINE - 1400)) < ruled.index(("clock", DEADLINE))
    reveal = next(m.content for m in h.table.public() if "round 1" in m.content.casefold() and "5" in m.content and "6" in m.content)
    assert "no submission" not in reveal.casefold()
    flat = " ".join(out.split())
    assert (
        "Discord: the connection dropped at 0:57.500; reconnecting. Deadlines wait (from 0:56) until what players sent meanwhile is in"
        in flat
    )
    assert (
        f"Discord: connected again after {lasting:.1f} s; Discord replayed what was missed: 2 messages sent meanwhile, judged at "
        "their own times, then the deadlines that fell meanwhile"
    ) in flat
    assert "nothing is lost" not in flat


def test_r_bot_7_an_outage_across_a_deadline_judges_each_message_on_its_side_of_it(fake: FakeDiscord, tmp_path: Path) -> None:
    h = game(fake, tmp_path)

    def play(h: Hosted) -> None:
        h.type("start")
        sent = [(0, "gs 5", DEADLINE - 20_000), (1, "gs 6", DEADLINE - 5_000), (0, "gs 3", DEADLINE + 10_000)]
        outage(h, lost_at=DEADLINE - 30_000, lasting=60.0, sent=sent)
        fake.release_gateway()
        h.wait(lambda: len(h.session.sources) == 3, "the three plays")
        h.settle()

    h.run(play)
    ruled = order(tmp_path)
    assert [r for r in ruled if r[1] <= DEADLINE + 10_000] == [
        ("gs 5", DEADLINE - 20_000),
        ("clock", DEADLINE - 10_000),  # the round's reminder
        ("gs 6", DEADLINE - 5_000),
        ("clock", DEADLINE),
        ("clock", DEADLINE + 1000),
        ("gs 3", DEADLINE + 10_000),
    ]


@pytest.mark.slow
def test_r_bot_7_when_discord_cannot_replay_the_history_is_read_and_the_deadline_waits_for_it(fake: FakeDiscord, tmp_path: Path) -> None:
    h = game(fake, tmp_path)

    def play(h: Hosted) -> None:
        h.type("start")
        sent = [(0, "gs 5", DEADLINE - 1500), (1, "gs 6", DEADLINE - 1400)]
        outage(h, lost_at=DEADLINE - 3000, lasting=60.0, sent=sent, forget=True)
        fake.release_gateway()
        h.wait(lambda: len(h.session.sources) == 2, "the plays read from the history", timeout=60)
        h.wait(lambda: any(kind == "clock" and t == DEADLINE for kind, t in order(tmp_path)), "the deadline")
        h.settle()

    out = h.run(play, timeout=180)
    assert fake.gateway.count("invalid_session") == 1 and fake.gateway.count("identify") == 2  # nothing was replayed
    ruled = order(tmp_path)
    assert ruled.index(("gs 5", DEADLINE - 1500)) < ruled.index(("gs 6", DEADLINE - 1400)) < ruled.index(("clock", DEADLINE))
    flat = " ".join(out.split())
    assert (
        "connected again with a new session, which cannot replay what was missed: reading each player's channel and DMs (R-BOT-7)" in flat
    )
    assert (
        "Discord: caught up 60.0 s after the connection dropped, from each player's channel and DMs: 2 messages sent meanwhile, "
        "judged at their own times, then the deadlines that fell meanwhile"
    ) in flat


def test_r_bot_7_an_outage_within_the_allowance_of_the_start_says_deadlines_wait_from_0_00(fake: FakeDiscord, tmp_path: Path) -> None:
    h = game(fake, tmp_path)

    def play(h: Hosted) -> None:
        h.type("start")
        h.wait(lambda: h.bot is not None and h.bot.connected, "the bot")
        fake.drop_gateway(hold=True)  # the clock at the start: the settled time is still before it
        h.wait(lambda: h.bot is not None and not h.bot.connected, "the bot to notice")
        fake.release_gateway()
        h.settle()

    flat = " ".join(h.run(play).split())
    assert "Deadlines wait (from 0:00) until what players sent meanwhile is in" in flat  # not "-1:59:58.500"
