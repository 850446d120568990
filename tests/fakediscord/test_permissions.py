"""Permissions: overwrites and roles as Discord computes them, the updates a connected bot hears about (so
``channel.permissions_for(guild.me)`` follows), and the refusals when the bot lacks a permission."""

from __future__ import annotations

import io

import discord
import pytest

from .client import Inbox, run, running_client
from .fake import FakeDiscord
from .model import Perm
from .scene import Org


def test_a_removed_send_permission_shows_in_permissions_for_and_a_send_is_refused_50013(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            updates = Inbox(client, "guild_channel_update")
            channel = client.get_channel(org.game.id)
            before = channel.permissions_for(channel.guild.me)
            assert before.send_messages and before.attach_files and before.read_message_history
            fake_discord.set_overwrite(org.game, org.bot, deny=Perm.SEND_MESSAGES)
            await updates.wait_for(1)
            after = channel.permissions_for(channel.guild.me)
            assert not after.send_messages
            assert not after.attach_files  # implied away with SEND_MESSAGES, on both sides
            assert after.read_message_history
            with pytest.raises(discord.Forbidden) as refused:
                await channel.send("Round 3")
            assert refused.value.code == 50013

    run(scenario())
    assert fake_discord.sent_messages(org.game) == []
    assert [(r.status, r.code) for r in fake_discord.refusals] == [(403, 50013)]


def test_a_role_losing_attach_files_shows_in_permissions_for_and_a_file_is_refused(fake_discord: FakeDiscord, org: Org) -> None:
    everyone_without_files = Perm.EVERYONE_DEFAULT & ~Perm.ATTACH_FILES

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            updates = Inbox(client, "guild_role_update")
            channel = client.get_channel(org.game.id)
            assert channel.permissions_for(channel.guild.me).attach_files
            fake_discord.set_role_permissions(org.guild.everyone, everyone_without_files)
            await updates.wait_for(1)
            assert not channel.permissions_for(channel.guild.me).attach_files
            assert channel.permissions_for(channel.guild.me).send_messages
            with pytest.raises(discord.Forbidden) as refused:
                await channel.send("board", file=discord.File(io.BytesIO(b"png"), "board.png"))
            assert refused.value.code == 50013
            await channel.send("board (text only)")

    run(scenario())
    assert [m.content for m in fake_discord.sent_messages(org.game)] == ["board (text only)"]


def test_a_role_given_to_the_bot_reaches_it_without_the_members_intent(fake_discord: FakeDiscord, org: Org) -> None:
    fake_discord.set_role_permissions(org.guild.everyone, Perm.VIEW_CHANNEL | Perm.READ_MESSAGE_HISTORY)
    poster = fake_discord.add_role(org.guild, "poster", Perm.SEND_MESSAGES)

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            updates = Inbox(client, "member_update")
            channel = client.get_channel(org.game.id)
            assert not channel.permissions_for(channel.guild.me).send_messages
            fake_discord.set_member_roles(org.guild, org.bot, [poster])
            await updates.wait_for(1)
            assert [r.name for r in channel.guild.me.roles] == ["@everyone", "poster"]
            assert channel.permissions_for(channel.guild.me).send_messages
            await channel.send("now I may speak")

    run(scenario())
    assert [m.content for m in fake_discord.sent_messages(org.game)] == ["now I may speak"]


def test_a_channel_hidden_from_the_bot_is_refused_50001_and_sends_it_no_messages(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            updates, inbox = Inbox(client, "guild_channel_update"), Inbox(client)
            channel = client.get_channel(org.game.id)
            fake_discord.set_overwrite(org.game, org.bot, deny=Perm.VIEW_CHANNEL)
            await updates.wait_for(1)
            assert not channel.permissions_for(channel.guild.me).view_channel
            with pytest.raises(discord.Forbidden) as refused:
                await channel.send("anyone?")
            assert refused.value.code == 50001
            fake_discord.user_says(org.alice, org.game, "unseen")
            fake_discord.user_says(org.alice, org.alice_subs, "seen")
            (message,) = await inbox.wait_for(1)
            assert message.content == "seen"

    run(scenario())


def test_overwrites_apply_in_discords_order_everyone_then_roles_then_the_member(fake_discord: FakeDiscord, org: Org) -> None:
    muted = fake_discord.add_role(org.guild, "muted")
    fake_discord.set_member_roles(org.guild, org.alice, [muted])
    channel = fake_discord.add_text_channel(org.guild, "table")
    fake_discord.set_overwrite(channel, org.guild, deny=Perm.SEND_MESSAGES)  # @everyone may not speak
    fake_discord.set_overwrite(channel, muted, allow=Perm.SEND_MESSAGES)  # the role may
    assert org.guild.permissions_in(channel, org.alice.id) & Perm.SEND_MESSAGES
    assert not org.guild.permissions_in(channel, org.bob.id) & Perm.SEND_MESSAGES
    fake_discord.set_overwrite(channel, org.alice, deny=Perm.SEND_MESSAGES)  # the member overwrite wins
    assert not org.guild.permissions_in(channel, org.alice.id) & Perm.SEND_MESSAGES
    # The owner and ADMINISTRATOR pass every overwrite.
    assert org.guild.permissions_in(channel, org.host.id) == Perm.ALL
    admin = fake_discord.add_role(org.guild, "admin", Perm.ADMINISTRATOR)
    fake_discord.set_member_roles(org.guild, org.bob, [admin])
    assert org.guild.permissions_in(channel, org.bob.id) == Perm.ALL
    with pytest.raises(ValueError, match="not a role of ORG that a member can hold"):
        fake_discord.set_member_roles(org.guild, org.bob, [org.guild.everyone])
