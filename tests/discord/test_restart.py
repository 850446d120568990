"""Nothing lost, nothing doubled: a dropped gateway connection resumes with every message taken once; a restart
(`umpire resume --discord`) reads what players sent while umpire was away from each channel's history and judges
it in Discord's order before going live; public posts and DMs Discord never confirmed go out then, once."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord
from umpire.discord.recovery import source
from umpire.scenario import load
from umpire.session import Session
from umpire.session import entries as E

from .support import ROOT, Hosted, Table, entries_of, resumed

OPEN_PASS = ROOT / "scenarios" / "open-pass-heaven-hell.toml"


def bidding(fake: FakeDiscord, tmp_path: Path) -> tuple[Table, Session]:
    scenario = load(OPEN_PASS)
    table = Table(fake, [p.name for p in scenario.roster], dm_seats=range(0, 13, 3))
    return table, Session.create(scenario, journal_path=tmp_path / "bot.jsonl", seed="2002", salt="0" * 32)


def taken(path: Path) -> list[str]:
    """The source of every message the journal took, in the order it took them."""
    return [e.source for e in entries_of(path) if isinstance(e, E.Input | E.Heard) and e.source is not None]


def test_a_dropped_connection_mid_match_loses_and_doubles_nothing(fake: FakeDiscord, tmp_path: Path) -> None:
    table, session = bidding(fake, tmp_path)
    said = []

    def play(h: Hosted) -> None:
        h.type("start")
        said.extend(h.says(seat, f"bid {seat % 6 + 1}") for seat in range(4))
        fake.drop_gateway(hold=True)  # cut, and kept down while five more bids are sent
        said.extend(h.says(seat, f"bid {seat % 6 + 1}", wait=False) for seat in range(4, 9))
        fake.release_gateway()
        h.wait(lambda: len(session.sources) == 9, "the bids sent while the connection was down")
        said.extend(h.says(seat, "bid none") for seat in range(9, 13))
        h.settle()

    out = Hosted(fake, table, session, table.ids()).run(play)
    flat = " ".join(out.split())
    assert "the connection dropped at" in flat and "Deadlines wait (from" in flat
    assert "Discord: connected again after" in flat and "Discord replayed what was missed: 5 messages sent meanwhile" in flat
    assert taken(tmp_path / "bot.jsonl") == [source(table.channel_of(i).id, m.id) for i, m in enumerate(said)]
    assert fake.gateway.count("resume") >= 1


def test_a_restart_judges_what_was_sent_meanwhile_in_discords_order_before_going_live(fake: FakeDiscord, tmp_path: Path) -> None:
    table, session = bidding(fake, tmp_path)

    def first(h: Hosted) -> None:
        h.type("start")
        h.says(0, "bid 1")
        h.says(1, "bid 2")
        h.settle()

    Hosted(fake, table, session, table.ids()).run(first)
    away = [
        fake.user_says(table.users[s], table.place(s), text)
        for s, text in [(5, "bid 3"), (2, "bid 4"), (5, "bid 6"), (1, "bid 1 2"), (7, "pass")]
    ]
    fake.user_says(table.lurker, table.bot, "bid 1")  # not a player: still not taken

    again, recovery, paused = resumed(tmp_path / "bot.jsonl")
    assert recovery.floor is not None
    h = Hosted(fake, table, again, table.ids(), recovery=recovery, backlog=paused)
    out = h.run(lambda h: h.settle())
    ids_in_order = sorted(away, key=lambda m: m.id)
    seats = {m.id: next(s for s in range(13) if table.users[s] is m.author) for m in away}
    assert taken(tmp_path / "bot.jsonl")[2:] == [source(table.channel_of(seats[m.id]).id, m.id) for m in ids_in_order]
    assert "5 messages sent while umpire was away, judged in Discord's order" in out
    heard = [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Heard)]
    assert [e.text for e in heard] == ["pass"]  # Jonas's `pass` is refused (no deal under way), once, and journaled
    assert sum(1 for m in table.private_messages(7) if m.content.startswith("✗")) == 1
    # A third run (the clocks still paused) finds nothing new to take, and sends nothing at all.
    third, recovery, paused = resumed(tmp_path / "bot.jsonl")
    before = len(fake.sent)
    Hosted(fake, table, third, table.ids(), recovery=recovery, backlog=paused).run(lambda h: h.settle())
    assert taken(tmp_path / "bot.jsonl")[2:] == [source(table.channel_of(seats[m.id]).id, m.id) for m in ids_in_order]
    assert paused == [] and fake.sent[before:] == []


def test_posts_and_dms_discord_never_confirmed_go_out_on_resume_once(fake: FakeDiscord, tmp_path: Path) -> None:
    table, session = bidding(fake, tmp_path)
    fake.close_dms(table.users[0])  # Hedger plays by DM, and his DMs are closed

    def first(h: Hosted) -> None:
        h.type("start")
        h.says(0, "bid 1")
        h.wait(lambda: fake.refusals, "Discord to refuse Hedger's receipt")

    h = Hosted(fake, table, session, table.ids(), review=True)  # the host leaves before pressing F2: the start post is held
    h.run(first)
    assert table.public() == []
    assert [m.content for m in table.private_messages(0)] == []

    fake.open_dms(table.users[0])
    again, recovery, paused = resumed(tmp_path / "bot.jsonl")
    Hosted(fake, table, again, table.ids(), recovery=recovery, backlog=paused).run(lambda h: h.settle())
    public = [m.content for m in table.public()]
    assert (
        public[0].startswith("🔒 Fairness commitment")
        and "Deck building, round 1" in public[1]
        and public[-1].startswith("⏸ Clocks paused")
    )
    assert len(public) == len(set(public))
    (receipt,) = table.private_messages(0)
    assert "bid" in receipt.content.casefold()
    delivered = [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Delivered)]
    assert [(e.to, e.receipts) for e in delivered if e.to == 0] == [(0, (str(receipt.id),))]
    # Resuming once more posts nothing again.
    third, recovery, paused = resumed(tmp_path / "bot.jsonl")
    assert recovery.posts() == [] and paused == []
    before = len(fake.sent)
    Hosted(fake, table, third, table.ids(), recovery=recovery, backlog=paused).run(lambda h: h.settle())
    assert fake.sent[before:] == []


@pytest.mark.slow
def test_a_session_discord_will_not_resume_is_caught_up_from_history(fake: FakeDiscord, tmp_path: Path) -> None:
    table, session = bidding(fake, tmp_path)
    said = []

    def play(h: Hosted) -> None:
        h.type("start")
        said.extend(h.says(seat, f"bid {seat % 6 + 1}") for seat in range(3))
        fake.drop_gateway(hold=True)
        fake.invalidate_sessions(resumable=False)  # the next RESUME is refused: discord.py identifies anew
        said.extend(h.says(seat, f"bid {seat % 6 + 1}", wait=False) for seat in range(3, 7))
        fake.release_gateway()
        h.wait(lambda: len(session.sources) == 7, "the bids sent while the session was lost", timeout=60)
        h.settle()

    out = Hosted(fake, table, session, table.ids()).run(play, timeout=120)
    flat = " ".join(out.split())
    assert "connected again with a new session, which cannot replay what was missed: reading each player's channel" in flat
    assert "after the connection dropped, from each player's channel and DMs: 4 messages sent meanwhile" in flat
    assert taken(tmp_path / "bot.jsonl") == [source(table.channel_of(i).id, m.id) for i, m in enumerate(said)]


def test_a_line_the_host_relayed_by_hand_in_a_run_without_the_bot_is_not_taken_again(tmp_path: Path) -> None:
    with FakeDiscord() as fake:  # its clock is the real one: the journal's wall times and Discord's IDs are compared
        relayed_then_later(fake, tmp_path)


def relayed_then_later(fake: FakeDiscord, tmp_path: Path) -> None:
    table, session = bidding(fake, tmp_path)

    def first(h: Hosted) -> None:
        h.type("start")
        h.says(0, "bid 1")
        h.settle()

    Hosted(fake, table, session, table.ids()).run(first)
    relayed = fake.user_says(table.users[1], table.place(1), "bid 2")  # umpire runs without the bot: the host pastes it
    plain, _, _ = resumed(tmp_path / "bot.jsonl")
    plain.feed("p2: bid 2")
    plain.close()
    later = fake.user_says(table.users[2], table.place(2), "bid 3")  # sent after the host's last relay: the bot reads it

    again, recovery, paused = resumed(tmp_path / "bot.jsonl")
    assert recovery.hand_relayed
    out = Hosted(fake, table, again, table.ids(), recovery=recovery, backlog=paused).run(lambda h: h.settle())
    bids = [(e.by, e.text, e.source) for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input) and e.by is not None]
    assert [(by, text) for by, text, _ in bids] == [(0, "bid 1"), (1, "bid 2"), (2, "bid 3")]
    assert bids[2][2] == source(table.channel_of(2).id, later.id) and relayed.id < later.id
    assert "players' lines were entered by hand since the bot last listened" in out
