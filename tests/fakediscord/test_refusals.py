"""Every refusal of the fake: Discord's error replies to malformed requests, the gateway's close codes for a
connection it cannot serve, and the test API refusing what could not happen on Discord."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import aiohttp
import discord
import pytest

from .client import run, running_client
from .fake import FakeDiscord
from .scene import Org


async def call(fake: FakeDiscord, org: Org, method: str, path: str, **kwargs: Any) -> tuple[int, Any]:
    headers = {"Authorization": f"Bot {org.bot.token}"} | kwargs.pop("headers", {})
    async with aiohttp.ClientSession() as session, session.request(method, fake.api_base + path, headers=headers, **kwargs) as response:
        body = await response.json() if response.content_type == "application/json" else await response.text()
        return response.status, body


def test_malformed_requests_get_discords_error_codes(fake_discord: FakeDiscord, org: Org) -> None:
    messages = f"/channels/{org.game.id}/messages"
    cases = [
        (("GET", "/channels/abc/messages"), 400, 50035),
        (("POST", messages, {"data": "{oops", "headers": {"Content-Type": "application/json"}}), 400, 50109),
        (("POST", messages, {"json": {"tts": False}}), 400, 50006),
        (("POST", messages, {"json": {"content": 7}}), 400, 50035),
        (("POST", "/users/@me/channels", {"json": {}}), 400, 50035),
        (("POST", "/users/@me/channels", {"json": {"recipient_id": "1"}}), 404, 10013),
        (("POST", messages, {"json": {"content": "re", "message_reference": {"message_id": "1"}}}), 400, 50035),
    ]
    for (method, path, *extra), status, code in cases:
        got_status, body = run(call(fake_discord, org, method, path, **(extra[0] if extra else {})))
        assert (got_status, body["code"]) == (status, code), (method, path, body)
    form = aiohttp.FormData()
    form.add_field("surprise", b"x", filename="x.bin")
    status, body = run(call(fake_discord, org, "POST", messages, data=form))
    assert (status, body["code"]) == (400, 50035) and "surprise" in body["errors"]
    status, body = run(call(fake_discord, org, "POST", messages, data={"content": "hi"}))  # url-encoded
    assert (status, body["code"]) == (400, 50035) and "_content_type" in body["errors"]
    assert fake_discord.sent_messages() == []


def test_a_bot_may_not_delete_a_players_message_without_manage_messages(fake_discord: FakeDiscord, org: Org) -> None:
    said = fake_discord.user_says(org.alice, org.game, "mine")

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            with pytest.raises(discord.Forbidden) as refused:
                await client.get_channel(org.game.id).get_partial_message(said.id).delete()
            assert refused.value.code == 50013

    run(scenario())
    assert fake_discord.messages(org.game) == [said]


def test_an_edit_over_2000_characters_is_refused_and_changes_nothing(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            post = await client.get_channel(org.game.id).send("short")
            with pytest.raises(discord.HTTPException) as refused:
                await post.edit(content="y" * 2001)
            assert refused.value.code == 50035

    run(scenario())
    assert [m.content for m in fake_discord.messages(org.game)] == ["short"]


def test_a_nonce_sent_twice_with_enforce_nonce_makes_one_message(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            channel = client.get_channel(org.game.id)
            first = await channel.send("Round 4", nonce="delivery-17")
            again = await channel.send("Round 4", nonce="delivery-17")
            assert first.id == again.id

    run(scenario())
    assert [m.content for m in fake_discord.sent_messages(org.game)] == ["Round 4"]


def test_the_gateway_refuses_etf_encoding_and_unknown_api_versions(fake_discord: FakeDiscord, org: Org) -> None:
    async def close_code(query: str) -> int | None:
        async with aiohttp.ClientSession() as session, session.ws_connect(fake_discord.gateway_url + query) as ws:
            async for _ in ws:
                pass
            return ws.close_code

    assert run(close_code("?v=10&encoding=etf")) == 4002
    assert run(close_code("?v=8&encoding=json")) == 4012


def test_the_test_api_refuses_what_discord_could_not_do(fake_discord: FakeDiscord, org: Org) -> None:
    with pytest.raises(ValueError, match="already a member of ORG"):
        fake_discord.add_member(org.guild, org.alice)
    with pytest.raises(ValueError, match="a DM has no permission overwrites"):
        fake_discord.set_overwrite(fake_discord.dm_channel(org.alice, org.bot), org.alice, deny=1)
    with pytest.raises(ValueError, match="bob is not in that DM"):
        fake_discord.user_says(org.bob, fake_discord.dm_channel(org.alice, org.bot), "hi")
    with pytest.raises(ValueError, match="no user with ID 3"):
        fake_discord.close_dms(3)
    with pytest.raises(ValueError, match="count >= 1"):
        fake_discord.rate_limit_next("POST", "/channels/*/messages", count=0)
    assert fake_discord.messages(fake_discord.dm_channel(org.alice, org.bot)) == []


def test_a_fake_refuses_a_naive_start_time_and_has_no_address_before_it_runs() -> None:
    with pytest.raises(ValueError, match="clock_start must be timezone-aware"):
        FakeDiscord(clock_start=datetime(2030, 1, 1))
    idle = FakeDiscord()
    with pytest.raises(RuntimeError, match="not running yet"):
        _ = idle.http_url
    with FakeDiscord() as running, pytest.raises(RuntimeError, match="already running"):
        run(running.start())
