"""Logging in, IDENTIFY and READY: the real discord.py client against the fake, and the gateway's refusals."""

from __future__ import annotations

import math
from typing import Any

import aiohttp
import discord
import pytest

from .client import pointed_at, run, running_client
from .fake import FakeDiscord
from .model import Intent
from .scene import Org, small_org


async def raw_gateway(
    fake: FakeDiscord, frames: list[dict[str, Any]], *, query: str = "?v=10&encoding=json"
) -> tuple[list[Any], int | None]:
    """Open the gateway without discord.py, send ``frames`` after HELLO, and read until it closes."""
    received: list[Any] = []
    async with aiohttp.ClientSession() as session, session.ws_connect(fake.gateway_url + query) as ws:
        hello = await ws.receive_json(timeout=5)
        received.append(hello)
        for frame in frames:
            await ws.send_json(frame)
        async for msg in ws:
            if msg.type is aiohttp.WSMsgType.TEXT:
                received.append(msg.json())
        return received, ws.close_code


def identify(token: str, intents: int) -> dict[str, Any]:
    return {"op": 2, "d": {"token": token, "intents": intents, "properties": {"os": "linux", "browser": "t", "device": "t"}}}


def test_on_ready_sees_the_guild_its_channels_and_the_bots_own_member(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            assert client.user.id == org.bot.user.id and client.user.bot
            assert client.application_id == org.bot.id
            guild = client.get_guild(org.guild.id)
            assert guild is not None and guild.name == "ORG" and guild.owner_id == org.host.id
            assert [c.name for c in guild.text_channels] == ["game", "alice-submissions", "bob-submissions"]
            assert guild.me.id == org.bot.user.id
            assert guild.member_count == 5
            # Without the presences intent only the bot's own member comes with GUILD_CREATE, as on Discord.
            assert [m.id for m in guild.members] == [org.bot.user.id]

    run(scenario())
    assert fake_discord.count_requests("GET", "/users/@me") == 1
    assert fake_discord.count_requests("GET", "/oauth2/applications/@me") == 1
    assert fake_discord.gateway.count("identify") == 1


def test_the_application_flags_tell_the_bot_which_privileged_intents_are_switched_on(fake_discord: FakeDiscord) -> None:
    org = small_org(fake_discord, message_content=True, members=False)

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            info = await client.application_info()
            assert info.flags.gateway_message_content_limited
            assert not info.flags.gateway_guild_members_limited

    run(scenario())


def test_a_bad_token_fails_login_with_401_as_login_failure(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        with pointed_at(fake_discord):
            client = discord.Client(intents=discord.Intents.default())
            try:
                with pytest.raises(discord.LoginFailure):
                    await client.login("not-the-token")
            finally:
                await client.close()

    run(scenario())
    assert fake_discord.count_requests("GET", "/users/@me", status=401) == 1


def test_a_missing_message_content_intent_closes_the_gateway_4014_and_discord_py_raises(fake_discord: FakeDiscord) -> None:
    org = small_org(fake_discord, message_content=False)

    async def scenario() -> None:
        with pytest.raises(discord.PrivilegedIntentsRequired):
            async with running_client(fake_discord, org.bot):
                pass

    run(scenario())
    assert [e["code"] for e in fake_discord.gateway.events if e["kind"] == "refused"] == [4014]


def test_switching_the_intent_on_in_the_app_settings_lets_the_next_identify_through(fake_discord: FakeDiscord) -> None:
    org = small_org(fake_discord, message_content=False)
    fake_discord.set_app_intents(org.bot, message_content=True)

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            assert client.is_ready()

    run(scenario())


def test_an_identify_with_an_unknown_token_closes_4004(fake_discord: FakeDiscord, org: Org) -> None:
    received, code = run(raw_gateway(fake_discord, [identify("wrong", Intent.GUILDS)]))
    assert received[0]["op"] == 10 and received[0]["d"]["heartbeat_interval"] == 41_250
    assert code == 4004


def test_undocumented_intent_bits_close_4013(fake_discord: FakeDiscord, org: Org) -> None:
    _, code = run(raw_gateway(fake_discord, [identify(org.bot.token, Intent.GUILDS | 1 << 30)]))
    assert code == 4013


def test_a_request_before_identify_closes_4003(fake_discord: FakeDiscord, org: Org) -> None:
    _, code = run(raw_gateway(fake_discord, [{"op": 8, "d": {"guild_id": str(org.guild.id), "query": "", "limit": 0}}]))
    assert code == 4003


def test_a_second_identify_closes_4005(fake_discord: FakeDiscord, org: Org) -> None:
    received, code = run(raw_gateway(fake_discord, [identify(org.bot.token, Intent.GUILDS), identify(org.bot.token, Intent.GUILDS)]))
    assert [f.get("t") for f in received[1:]] == ["READY", "GUILD_CREATE"]
    assert code == 4005


def test_an_unknown_opcode_closes_4001_and_bad_json_closes_4002(fake_discord: FakeDiscord, org: Org) -> None:
    _, code = run(raw_gateway(fake_discord, [identify(org.bot.token, Intent.GUILDS), {"op": 99, "d": None}]))
    assert code == 4001

    async def bad_json() -> int | None:
        async with aiohttp.ClientSession() as session, session.ws_connect(fake_discord.gateway_url) as ws:
            await ws.receive_json(timeout=5)
            await ws.send_str("{not json")
            async for _ in ws:
                pass
            return ws.close_code

    assert run(bad_json()) == 4002


def test_ready_carries_the_session_the_resume_url_and_the_application(fake_discord: FakeDiscord, org: Org) -> None:
    received, _ = run(raw_gateway(fake_discord, [identify(org.bot.token, Intent.GUILDS), {"op": 99}]))
    ready = received[1]
    assert ready["op"] == 0 and ready["t"] == "READY" and ready["s"] == 1
    assert ready["d"]["resume_gateway_url"] == fake_discord.resume_gateway_url
    assert ready["d"]["application"] == {"id": str(org.bot.id), "flags": org.bot.flags()}
    assert ready["d"]["guilds"] == [{"id": str(org.guild.id), "unavailable": True}]
    guild_create = received[2]
    assert guild_create["t"] == "GUILD_CREATE" and guild_create["s"] == 2
    overwrites = {c["name"]: c["permission_overwrites"] for c in guild_create["d"]["channels"]}
    assert overwrites["game"] == []
    assert {"id": str(org.guild.id), "type": 0, "allow": "0", "deny": str(1 << 10)} in overwrites["alice-submissions"]


def test_heartbeats_are_acknowledged_so_discord_py_measures_a_latency(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            assert math.isfinite(client.latency)

    run(scenario())


def test_the_gateway_speaks_zlib_stream_when_asked_and_plain_text_frames_otherwise() -> None:
    # discord.py asks for zlib-stream (without a zstd module); a fake told not to compress sends text frames,
    # which discord.py reads as well.
    for compression in (True, False):
        with FakeDiscord(transport_compression=compression) as fake:
            world = small_org(fake)

            async def scenario(fake: FakeDiscord = fake, world: Org = world) -> None:
                async with running_client(fake, world.bot) as client:
                    assert client.get_guild(world.guild.id) is not None

            run(scenario())
            connected = [e for e in fake.gateway.events if e["kind"] == "connected"]
            assert connected[0]["query"]["compress"] == "zlib-stream"
            assert connected[0]["compressed"] is compression


def test_an_auto_sharded_client_finds_the_gateway_through_get_gateway_bot(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot, client_class=discord.AutoShardedClient) as client:
            assert client.shard_count == 1
            assert client.get_guild(org.guild.id) is not None

    run(scenario())
    assert fake_discord.count_requests("GET", "/gateway/bot") >= 1


def test_with_the_members_intent_the_guild_is_chunked_before_on_ready(fake_discord: FakeDiscord) -> None:
    org = small_org(fake_discord, members=True)
    intents = discord.Intents.default()
    intents.message_content = True
    intents.members = True

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot, intents=intents) as client:
            guild = client.get_guild(org.guild.id)
            assert guild is not None and guild.chunked
            assert {m.name for m in guild.members} == {"host", "alice", "bob", "lurker", "umpire"}

    run(scenario())
