"""Users' messages reaching the bot: MESSAGE_CREATE in a guild channel and in a DM, with content, author,
IDs and timestamps, and the message-content intent's documented effect."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import discord
import pytest

from .client import Inbox, run, running_client
from .fake import FakeDiscord
from .model import snowflake_time
from .scene import Org, small_org

START = datetime(2030, 5, 1, 20, 0, 0, tzinfo=UTC)


def test_a_player_message_in_their_submission_channel_reaches_on_message_with_its_content(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            inbox = Inbox(client)
            sent = fake_discord.user_says(org.alice, org.alice_subs, "gs 3")
            (message,) = await inbox.wait_for(1)
            assert message.id == sent.id
            assert message.content == "gs 3"
            assert message.author.id == org.alice.id and isinstance(message.author, discord.Member)
            assert message.channel.id == org.alice_subs.id and message.guild.id == org.guild.id
            await message.channel.send("accepted")
            (reply,) = fake_discord.sent_messages(org.alice_subs)
            # The round trip, line to reply, on the fake's monotonic stamps.
            assert 0 < reply.created_monotonic - sent.created_monotonic < 10

    run(scenario())


def test_a_dm_to_the_bot_reaches_on_message_as_a_dm_channel_message(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            inbox = Inbox(client)
            sent = fake_discord.user_says(org.bob, org.bot, "open")
            (message,) = await inbox.wait_for(1)
            assert message.content == "open" and message.id == sent.id
            assert isinstance(message.channel, discord.DMChannel) and message.guild is None
            assert message.author.id == org.bob.id
            assert message.channel.id == fake_discord.dm_channel(org.bob, org.bot).id

    run(scenario())


def test_message_ids_and_timestamps_follow_the_fakes_clock_or_an_explicit_time() -> None:
    with FakeDiscord(clock_start=START) as fake:
        org = small_org(fake)

        async def scenario() -> None:
            async with running_client(fake, org.bot) as client:
                inbox = Inbox(client)
                first = fake.user_says(org.alice, org.alice_subs, "gs 1")
                fake.advance(75.5)
                second = fake.user_says(org.alice, org.alice_subs, "gs 2")
                third = fake.user_says(org.bob, org.bob_subs, "gs 3", at=START + timedelta(minutes=10))
                got = await inbox.wait_for(3)
                assert [m.created_at for m in got] == [START, START + timedelta(seconds=75.5), START + timedelta(minutes=10)]
                assert [m.id for m in got] == [first.id, second.id, third.id]
                assert all(snowflake_time(m.id) == m.created_at for m in got)
                assert first.id < second.id < third.id

        run(scenario())


def test_the_fakes_clock_refuses_naive_times_and_going_back(fake_discord: FakeDiscord, org: Org) -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        fake_discord.user_says(org.alice, org.alice_subs, "gs 1", at=datetime(2030, 1, 1))
    with pytest.raises(ValueError, match="timezone-aware"):
        fake_discord.set_clock(datetime(2030, 1, 1))
    with pytest.raises(ValueError, match="only moves forward"):
        fake_discord.advance(-1)
    assert fake_discord.messages(org.alice_subs) == []


def test_a_user_cannot_post_where_discord_would_not_let_them(fake_discord: FakeDiscord, org: Org) -> None:
    with pytest.raises(ValueError, match="may not send messages in #bob-submissions"):
        fake_discord.user_says(org.alice, org.bob_subs, "peek")
    stranger = fake_discord.add_user("stranger")
    with pytest.raises(ValueError, match="not a member of ORG"):
        fake_discord.user_says(stranger, org.game, "hi")
    assert fake_discord.messages(org.bob_subs) == [] and fake_discord.messages(org.game) == []


def test_the_bot_gets_no_message_from_a_channel_it_cannot_see(fake_discord: FakeDiscord, org: Org) -> None:
    hidden = fake_discord.add_text_channel(org.guild, "players-only", private_to=[org.alice, org.bob])

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            inbox = Inbox(client)
            fake_discord.user_says(org.alice, hidden, "secret plan")
            fake_discord.user_says(org.alice, org.game, "hello all")
            (message,) = await inbox.wait_for(1)
            assert message.content == "hello all"
            # The game-channel message was dispatched after the hidden one: nothing else can still be on its way.
            assert [m.content for m in inbox.items] == ["hello all"]

    run(scenario())


def test_without_the_message_content_intent_guild_messages_come_empty_except_dms_and_mentions(fake_discord: FakeDiscord, org: Org) -> None:
    intents = discord.Intents.default()  # message_content not asked for

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot, intents=intents) as client:
            inbox = Inbox(client)
            fake_discord.user_says(org.alice, org.alice_subs, "gs 3")
            fake_discord.user_says(org.alice, org.bot, "gs 4")
            fake_discord.user_says(org.alice, org.game, f"<@{org.bot.user.id}> status")
            got = await inbox.wait_for(3)
            assert [m.content for m in got] == ["", "gs 4", f"<@{org.bot.user.id}> status"]
            assert got[2].mentions[0].id == org.bot.user.id

    run(scenario())


def test_a_users_attachment_reaches_the_bot_and_its_bytes_can_be_read(fake_discord: FakeDiscord, org: Org) -> None:
    picture = bytes(range(256)) * 3

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            inbox = Inbox(client)
            fake_discord.user_says(org.alice, org.alice_subs, "my board", files=[("board.png", picture)])
            (message,) = await inbox.wait_for(1)
            (attachment,) = message.attachments
            assert attachment.filename == "board.png" and attachment.size == len(picture)
            assert await attachment.read() == picture

    run(scenario())


def test_the_bot_hears_its_own_messages_as_discord_echoes_them(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            inbox = Inbox(client)
            channel = client.get_channel(org.game.id)
            sent = await channel.send("Round 1 begins")
            (echo,) = await inbox.wait_for(1)
            assert echo.id == sent.id and echo.author.id == client.user.id

    run(scenario())


def test_a_commands_bot_runs_its_prefix_commands_from_players_messages(fake_discord: FakeDiscord, org: Org) -> None:
    from discord.ext import commands

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot, client_class=commands.Bot, command_prefix="!") as bot:
            inbox = Inbox(bot)  # an extra listener: the Bot's own on_message still runs the commands

            @bot.command()
            async def status(ctx: commands.Context[commands.Bot]) -> None:
                await ctx.send(f"status for {ctx.author.name}")

            fake_discord.user_says(org.alice, org.alice_subs, "!status")
            await inbox.wait_for(2)  # the command, and the bot's answer echoed back

    run(scenario())
    assert [m.content for m in fake_discord.sent_messages(org.alice_subs)] == ["status for alice"]
