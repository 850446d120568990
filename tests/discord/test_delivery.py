"""Where each output goes, and what Discord confirmed: public posts to the game channel (split at 2,000 characters,
pictures attached, nothing pinging anyone), DMs and refusals to their player, host notes nowhere but the REPL; a DM
Discord refuses (50007) stays in the outbox and the host is told; messages from anyone but a player are not taken."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord
from umpire.core import chat
from umpire.scenario import load
from umpire.session import DmStatus, Session
from umpire.session import entries as E

from .support import ROOT, Hosted, Table, entries_of

CHOICE = ROOT / "scenarios" / "choice-is-yours.toml"


def choice_game(fake: FakeDiscord, tmp_path: Path, **table: object) -> tuple[Table, Session]:
    t = Table(fake, ["Hedger", "Uri"], **table)  # type: ignore[arg-type]
    return t, Session.create(load(CHOICE), journal_path=tmp_path / "bot.jsonl", seed="9701", salt="0" * 32)


def test_a_long_public_post_is_split_at_2000_characters_and_its_picture_attached(fake: FakeDiscord, tmp_path: Path) -> None:
    names = [f"Contestant Number {i:02d} Longname" for i in range(1, 31)]
    scenario_file = tmp_path / "open-pass-30.toml"
    scenario_file.write_text(
        (ROOT / "scenarios" / "open-pass-heaven-hell.toml").read_text().split("[[players]]")[0]
        + "".join(f'[[players]]\nname = "{n}"\n' for n in names)
        + "[rules]\ntokens = [3, 1, 1]\necs = 3\n"
    )
    table = Table(fake, names, dm_seats=range(30))
    session = Session.create(load(scenario_file), journal_path=tmp_path / "bot.jsonl", seed="1", salt="0" * 32)

    def host(h: Hosted) -> None:
        for line in ["start", "close", "close", "close", "close"]:
            h.type(line)
        h.settle()

    Hosted(fake, table, session, table.ids()).run(host)
    posted = [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Posted)]
    public = table.public()
    assert all(len(m.content) <= 2000 for m in public)
    split = [e for e in posted if e.receipts and len(e.receipts) == 2]
    assert len(split) == 1, "the 2,153-character ranking goes out as two messages"
    first, second = (next(m for m in public if str(m.id) == r) for r in split[0].receipts or ())
    replayed = Session.load(tmp_path / "bot.jsonl", reopen=False)[1]
    (text,) = [o.text for o in replayed if o.n == split[0].of and o.audience.public and o.text][split[0].posts[0] : split[0].posts[0] + 1]
    assert len(text) > 2000 and [first.content, second.content] == chat.split(text)
    pictured = [m for m in public if m.attachments]
    assert len(pictured) == 2, "the ranking of 30 as two pictures of 15 rows (a picture past 15 rows would shrink in Discord's preview)"
    assert all(m.attachments[0].data.startswith(b"\x89PNG\r\n\x1a\n") and m.attachments[0].filename.endswith(".png") for m in pictured)
    assert {str(m.id) for m in public} == {r for e in posted for r in e.receipts or ()}


def test_nothing_the_bot_sends_pings_anyone_even_a_mention_a_player_typed(fake: FakeDiscord, tmp_path: Path) -> None:
    table, session = choice_game(fake, tmp_path, dm_seats=(1,))

    def play(h: Hosted) -> None:
        h.type("start")
        h.says(0, f"gs <@{table.users[1].id}> @everyone")
        h.says(1, "gs 6")
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    assert fake.sent and all(m.allowed_mentions == {"parse": []} for m in fake.sent)
    assert not any(m.mentions or m.mention_roles or m.mention_everyone for m in fake.sent)
    (refusal,) = [m for m in table.private_messages(0) if m.content.startswith("✗")]
    assert f"<@{table.users[1].id}>" in refusal.content


def test_refusals_and_receipts_go_back_privately_where_the_player_wrote(fake: FakeDiscord, tmp_path: Path) -> None:
    table, session = choice_game(fake, tmp_path, dm_seats=(1,))

    def play(h: Hosted) -> None:
        h.type("start")
        h.says(0, "gs 5")
        h.says(0, "gs 99")
        h.says(1, "gs 6")
        h.says(1, "hap 125 1")
        fake.user_says(table.users[0], table.bot, "gs 4")  # Hedger writes in his DMs too: taken as his
        h.wait(lambda: len(session.sources) == 5, "the DM from Hedger")
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    hedger_channel = [m.content for m in table.private_messages(0)]
    assert hedger_channel == [
        "Your play for round 1: 5. You can change it until the deadline.",
        "✗ `gs 99` — “99” is not a card: cards are 1 to 9",
        "Your play for round 1: 4 (replacing gs 5). You can change it until the deadline.",
    ]
    uri_dms = [m.content for m in table.private_messages(1)]
    assert uri_dms[0] == "Your play for round 1: 6. You can change it until the deadline." and uri_dms[1].startswith("✗ `hap 125 1` — ")
    assert not any("round 1: 5" in m.content or "✗" in m.content for m in table.public())


def test_a_dm_refused_with_50007_stays_in_the_outbox_and_the_host_is_told_then_goes_when_the_player_writes(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    table, session = choice_game(fake, tmp_path, dm_seats=(1,))
    uri = table.users[1]
    fake.close_dms(uri)

    def play(h: Hosted) -> None:
        h.type("start")
        h.says(1, "gs 6")
        h.wait(lambda: fake.refusals, "Discord to refuse the DM")
        h.wait(lambda: "50007" in h.out.getvalue(), "the host to be told")
        (dm,) = session.waiting(1)
        assert session.dm_status(dm.id) == DmStatus.WAITING
        assert not [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Delivered)]
        fake.open_dms(uri)
        h.says(1, "gs 7")  # Uri writes again: the bot tries again
        h.settle()

    out = Hosted(fake, table, session, table.ids()).run(play)
    assert fake.refusals[0].code == 50007 and fake.refusals[0].content == "Your play for round 1: 6. You can change it until the deadline."
    assert "✉ Discord refused their private messages to Uri (50007: Uri does not accept DMs from this bot)" in out
    assert "“copy p2” sends it by hand" in out
    assert [m.content for m in table.private_messages(1)] == [
        "Your play for round 1: 6. You can change it until the deadline.",
        "Your play for round 1: 7 (replacing gs 6). You can change it until the deadline.",
    ]
    delivered = [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Delivered)]
    assert [e.to for e in delivered] == [1, 1] and session.waiting() == []


def test_the_host_can_still_send_a_refused_dm_by_hand_and_the_bot_then_leaves_it(fake: FakeDiscord, tmp_path: Path) -> None:
    table, session = choice_game(fake, tmp_path, dm_seats=(1,))
    fake.close_dms(table.users[1])

    def play(h: Hosted) -> None:
        h.type("start")
        h.says(1, "gs 6")
        h.wait(lambda: "50007" in h.out.getvalue(), "the host to be told")
        h.type("sent p2")  # pasted into Uri's DMs by hand
        fake.open_dms(table.users[1])
        h.says(1, "gs 2")
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    assert [m.content for m in table.private_messages(1)] == [
        "Your play for round 1: 2 (replacing gs 6). You can change it until the deadline."
    ]
    vias = [e.via for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Delivered)]
    assert vias == ["the host's word", "Discord"]


@pytest.mark.parametrize("where", ["a lurker's DM", "the host in a player's channel", "a player in #game"])
def test_messages_from_anyone_but_a_player_where_they_play_are_not_taken(fake: FakeDiscord, tmp_path: Path, where: str) -> None:
    table, session = choice_game(fake, tmp_path)

    def play(h: Hosted) -> None:
        h.type("start")
        channel = table.channels[0]
        assert channel is not None
        if where == "a lurker's DM":
            fake.user_says(table.lurker, table.bot, "gs 5")
        elif where == "the host in a player's channel":
            fake.user_says(table.host, channel, "gs 5")
        else:
            fake.user_says(table.users[0], table.game, "gs 5")
        h.says(1, "gs 6")  # a player's message after it is taken: the one before it was seen and not taken
        h.settle()

    h = Hosted(fake, table, session, table.ids())
    h.run(play)
    inputs = [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input) and e.by is not None]
    assert [(e.by, e.text) for e in inputs] == [(1, "gs 6")]
    assert not any(isinstance(e, E.Heard) for e in entries_of(tmp_path / "bot.jsonl"))
    assert h.bot is not None and h.bot.ignored == (1 if where == "a lurker's DM" else 0)  # counted for the host's toolbar
