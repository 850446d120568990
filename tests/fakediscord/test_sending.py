"""What a bot sends: messages with their allowed_mentions, files with their bytes, DMs (and the 50007
refusal), edits and deletes, form errors, and a 429 that discord.py must wait out."""

from __future__ import annotations

import io

import discord
import pytest

from .client import Inbox, run, running_client
from .fake import FakeDiscord
from .scene import Org


def test_a_sent_message_is_recorded_with_the_allowed_mentions_it_carried(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            channel = client.get_channel(org.game.id)
            quiet = await channel.send(f"<@{org.alice.id}> moves first", allowed_mentions=discord.AllowedMentions.none())
            loud = await channel.send(
                f"<@{org.alice.id}> your turn", allowed_mentions=discord.AllowedMentions(users=[discord.Object(org.alice.id)])
            )
            default = await channel.send(f"<@{org.bob.id}> and @everyone")
            assert (quiet.mentions, [u.id for u in loud.mentions]) == ([], [org.alice.id])
            assert [u.id for u in default.mentions] == [org.bob.id] and default.mention_everyone

    run(scenario())
    quiet, loud, default = fake_discord.sent_messages(org.game)
    assert quiet.allowed_mentions == {"parse": []} and quiet.mentions == []
    assert loud.allowed_mentions == {"parse": ["everyone", "roles"], "users": [org.alice.id], "replied_user": True}
    assert loud.mentions == [org.alice]
    # No allowed_mentions in the request: Discord parses every kind of mention.
    assert default.allowed_mentions is None and default.mentions == [org.bob] and default.mention_everyone


def test_a_file_attachment_arrives_with_its_name_and_bytes_intact(fake_discord: FakeDiscord, org: Org) -> None:
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            channel = client.get_channel(org.game.id)
            message = await channel.send(
                "the board", files=[discord.File(io.BytesIO(png), "board.png"), discord.File(io.BytesIO(b"notes"), "notes.txt")]
            )
            assert [a.filename for a in message.attachments] == ["board.png", "notes.txt"]
            assert await message.attachments[0].read() == png

    run(scenario())
    (sent,) = fake_discord.sent_messages(org.game)
    assert sent.content == "the board"
    assert [(a.filename, a.data, a.content_type) for a in sent.attachments] == [
        ("board.png", png, "image/png"),
        ("notes.txt", b"notes", "text/plain"),
    ]


def test_a_dm_to_a_player_is_delivered_with_a_discord_message_id(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> int:
        async with running_client(fake_discord, org.bot) as client:
            user = await client.fetch_user(org.alice.id)
            message = await user.send("Your card: 7")
            assert isinstance(message.channel, discord.DMChannel)
            return message.id

    message_id = run(scenario())
    (dm,) = fake_discord.dms_to(org.alice)
    assert (dm.id, dm.content) == (message_id, "Your card: 7")
    assert fake_discord.count_requests("POST", "/users/@me/channels") == 1


def test_a_dm_to_a_user_whose_dms_are_closed_raises_forbidden_50007_and_nothing_is_sent(fake_discord: FakeDiscord, org: Org) -> None:
    fake_discord.close_dms(org.bob)

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            user = await client.fetch_user(org.bob.id)
            with pytest.raises(discord.Forbidden) as refused:
                await user.send("Your card: 3")
            assert refused.value.status == 403 and refused.value.code == 50007
            assert refused.value.text == "Cannot send messages to this user"

    run(scenario())
    assert fake_discord.dms_to(org.bob) == []
    (refusal,) = fake_discord.refusals
    assert (refusal.status, refusal.code, refusal.content) == (403, 50007, "Your card: 3")
    fake_discord.open_dms(org.bob)


def test_content_over_2000_characters_is_refused_as_an_invalid_form_body(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            channel = client.get_channel(org.game.id)
            with pytest.raises(discord.HTTPException) as refused:
                await channel.send("x" * 2001)
            assert refused.value.status == 400 and refused.value.code == 50035
            await channel.send("x" * 2000)

    run(scenario())
    assert [len(m.content) for m in fake_discord.sent_messages(org.game)] == [2000]


def test_a_bot_edits_and_deletes_its_own_message_but_not_a_players(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            inbox = Inbox(client, "raw_message_delete")
            channel = client.get_channel(org.game.id)
            post = await channel.send("Score: 3")
            edited = await post.edit(content="Score: 4")
            assert edited.content == "Score: 4" and edited.edited_at is not None
            player = fake_discord.user_says(org.alice, org.game, "gg")
            with pytest.raises(discord.Forbidden) as refused:
                await channel.get_partial_message(player.id).edit(content="hacked")
            assert refused.value.code == 50005
            await post.delete()
            (deleted,) = await inbox.wait_for(1)
            assert deleted.message_id == post.id

    run(scenario())
    assert [m.content for m in fake_discord.messages(org.game)] == ["gg"]
    assert [m.content for m in fake_discord.deleted] == ["Score: 4"]


def test_a_429_makes_discord_py_wait_and_send_once(fake_discord: FakeDiscord, org: Org) -> None:
    fake_discord.rate_limit_next("POST", "/channels/*/messages", retry_after=0.2)

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            await client.get_channel(org.game.id).send("Round 2")

    run(scenario())
    assert fake_discord.count_requests("POST", "/channels/*/messages", status=429) == 1
    assert fake_discord.count_requests("POST", "/channels/*/messages", status=200) == 1
    assert [m.content for m in fake_discord.sent_messages(org.game)] == ["Round 2"]


def test_sending_to_an_unknown_channel_is_refused_404_10003(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            with pytest.raises(discord.NotFound) as refused:
                await client.get_partial_messageable(12345).send("hello?")
            assert refused.value.code == 10003

    run(scenario())
    assert fake_discord.sent_messages() == []


def test_waiting_for_what_the_bot_sent_from_another_thread(fake_discord: FakeDiscord, org: Org) -> None:
    import threading

    result: list[list[str]] = []
    waiter = threading.Thread(target=lambda: result.append([m.content for m in fake_discord.wait_for_sent(2, org.game, timeout=20)]))
    waiter.start()

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            channel = client.get_channel(org.game.id)
            await channel.send("one")
            await channel.send("two")
            assert [m.content for m in await fake_discord.until_sent(2, org.game)] == ["one", "two"]

    run(scenario())
    waiter.join(timeout=20)
    assert result == [["one", "two"]]
    with pytest.raises(TimeoutError, match="3 sent message"):
        fake_discord.wait_for_sent(3, org.game, timeout=0.05)
