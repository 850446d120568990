"""The REST reads a bot makes to check its set-up: guild, channels, roles, members, users, a message; and
their refusals (unknown IDs, a guild the bot is not in, the member list without the members switch)."""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
import pytest

from .client import run, running_client
from .fake import FakeDiscord
from .scene import Org


def test_fetching_the_guild_its_channels_roles_and_a_member_gives_what_the_fake_holds(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            guild = await client.fetch_guild(org.guild.id)
            assert (guild.name, guild.owner_id, guild.approximate_member_count) == ("ORG", org.host.id, 5)
            channels = await guild.fetch_channels()
            assert [c.name for c in channels] == ["game", "alice-submissions", "bob-submissions"]
            roles = await guild.fetch_roles()
            assert [r.name for r in roles] == ["@everyone"]
            member = await guild.fetch_member(org.alice.id)
            assert (member.name, member.global_name) == ("alice", "Alice")
            channel = await client.fetch_channel(org.alice_subs.id)
            assert isinstance(channel, discord.TextChannel) and channel.name == "alice-submissions"
            user = await client.fetch_user(org.bob.id)
            assert user.name == "bob" and not user.bot
            assert [g.id async for g in client.fetch_guilds()] == [org.guild.id]

    run(scenario())


def test_fetching_a_message_by_id_and_unknown_ids_are_refused_404(fake_discord: FakeDiscord, org: Org) -> None:
    said = fake_discord.user_says(org.alice, org.alice_subs, "gs 9")

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            channel = client.get_channel(org.alice_subs.id)
            message = await channel.fetch_message(said.id)
            assert (message.content, message.author.id) == ("gs 9", org.alice.id)
            for fetch, code in (
                (channel.fetch_message(said.id + 1), 10008),
                (client.fetch_user(1), 10013),
                (client.fetch_channel(1), 10003),
                (client.fetch_guild(1), 10004),
                (channel.guild.fetch_member(1), 10007),
            ):
                with pytest.raises(discord.NotFound) as refused:
                    await fetch
                assert refused.value.code == code

    run(scenario())


def test_a_guild_the_bot_is_not_in_and_the_member_list_without_the_members_switch_are_missing_access(
    fake_discord: FakeDiscord, org: Org
) -> None:
    elsewhere = fake_discord.add_guild("Elsewhere", owner=org.outsider)

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            with pytest.raises(discord.Forbidden) as refused:
                await client.fetch_guild(elsewhere.id)
            assert refused.value.code == 50001
            # discord.py's fetch_members insists on the members intent itself, so call the route directly.
            with pytest.raises(discord.Forbidden) as refused:
                await client.http.get_members(org.guild.id, 10, None)
            assert refused.value.code == 50001
            fake_discord.set_app_intents(org.bot, members=True)
            members = await client.http.get_members(org.guild.id, 10, None)
            assert sorted(m["user"]["username"] for m in members) == ["alice", "bob", "host", "lurker", "umpire"]

    run(scenario())


def test_get_gateway_needs_no_token_and_unknown_routes_are_404(fake_discord: FakeDiscord, org: Org) -> None:
    async def get(path: str) -> tuple[int, str, Any]:
        async with aiohttp.ClientSession() as session, session.get(fake_discord.api_base + path) as response:
            return response.status, response.headers["Content-Type"], await response.json()

    assert run(get("/gateway")) == (200, "application/json", {"url": fake_discord.gateway_url})
    assert run(get("/no/such/route")) == (404, "application/json", {"message": "404: Not Found", "code": 0})
    assert fake_discord.count_requests("GET", "/gateway") == 1
