"""Channel history: GET /channels/{id}/messages with before/after/around/limit, in Discord's order, as
discord.py's ``channel.history`` pages through it (what a bot restarting after a crash fetches)."""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
from hypothesis import given, settings
from hypothesis import strategies as st

from .client import run, running_client
from .fake import FakeDiscord
from .history import History
from .model import Message, Perm, User
from .scene import Org


def said(fake: FakeDiscord, org: Org, count: int) -> list[Message]:
    return [fake.user_says(org.alice if i % 2 == 0 else org.bob, org.game, f"line {i}") for i in range(count)]


def test_history_after_a_message_id_gives_the_later_messages_oldest_first(fake_discord: FakeDiscord, org: Org) -> None:
    lines = said(fake_discord, org, 10)

    async def scenario() -> list[Any]:
        async with running_client(fake_discord, org.bot) as client:
            channel = client.get_channel(org.game.id)
            return [
                (m.id, m.content, m.author.id) for m in [m async for m in channel.history(after=discord.Object(lines[3].id), limit=None)]
            ]

    got = run(scenario())
    assert got == [(m.id, m.content, m.author.id) for m in lines[4:]]


def test_history_pages_through_more_than_a_hundred_messages_in_order(fake_discord: FakeDiscord, org: Org) -> None:
    lines = said(fake_discord, org, 250)

    async def scenario() -> list[int]:
        async with running_client(fake_discord, org.bot) as client:
            return [m.id async for m in client.get_channel(org.game.id).history(limit=None, oldest_first=True)]

    assert run(scenario()) == [m.id for m in lines]
    assert fake_discord.count_requests("GET", "/channels/*/messages") == 3  # 100 + 100 + 50


def test_history_before_and_around_give_newest_first(fake_discord: FakeDiscord, org: Org) -> None:
    lines = said(fake_discord, org, 10)

    async def scenario() -> tuple[list[int], list[int], list[int]]:
        async with running_client(fake_discord, org.bot) as client:
            channel = client.get_channel(org.game.id)
            newest = [m.id async for m in channel.history(limit=3)]
            before = [m.id async for m in channel.history(limit=3, before=discord.Object(lines[5].id))]
            around = [m.id async for m in channel.history(limit=5, around=discord.Object(lines[5].id))]
            return newest, before, around

    newest, before, around = run(scenario())
    ids = [m.id for m in lines]
    assert newest == ids[9:6:-1]
    assert before == ids[4:1:-1]
    assert around == ids[7:2:-1]


def test_history_is_empty_without_read_message_history_and_forbidden_without_view(fake_discord: FakeDiscord, org: Org) -> None:
    said(fake_discord, org, 3)
    fake_discord.set_overwrite(org.game, org.bot, deny=Perm.READ_MESSAGE_HISTORY)

    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            channel = client.get_channel(org.game.id)
            assert [m async for m in channel.history(limit=10)] == []
            fake_discord.set_overwrite(org.game, org.bot, deny=Perm.VIEW_CHANNEL)
            try:
                [m async for m in channel.history(limit=10)]
            except discord.Forbidden as refused:
                assert refused.code == 50001
            else:
                raise AssertionError("history of a channel the bot cannot view was not refused")

    run(scenario())


def test_a_history_limit_outside_1_to_100_is_an_invalid_form_body(fake_discord: FakeDiscord, org: Org) -> None:
    async def get(limit: str) -> tuple[int, Any]:
        url = f"{fake_discord.api_base}/channels/{org.game.id}/messages?limit={limit}"
        async with aiohttp.ClientSession() as session, session.get(url, headers={"Authorization": f"Bot {org.bot.token}"}) as response:
            return response.status, await response.json()

    for bad in ("0", "101", "ten"):
        status, body = run(get(bad))
        assert status == 400 and body["code"] == 50035 and "limit" in body["errors"]
    status, body = run(get("100"))
    assert (status, body) == (200, [])


def test_a_request_without_the_bots_token_is_unauthorized(fake_discord: FakeDiscord, org: Org) -> None:
    async def get(headers: dict[str, str]) -> tuple[int, Any]:
        async with (
            aiohttp.ClientSession() as session,
            session.get(f"{fake_discord.api_base}/channels/{org.game.id}/messages", headers=headers) as response,
        ):
            return response.status, await response.json()

    assert run(get({})) == (401, {"message": "401: Unauthorized", "code": 0})
    assert run(get({"Authorization": org.bot.token})) == (401, {"message": "401: Unauthorized", "code": 0})  # no "Bot " scheme


def _message(message_id: int) -> Message:
    from datetime import UTC, datetime

    from .model import Channel

    return Message(message_id, Channel(1, 0, "c", 1), User(2, "u"), "", datetime(2030, 1, 1, tzinfo=UTC))


@settings(max_examples=60, deadline=None)
@given(
    ids=st.sets(st.integers(1, 400), max_size=60),
    cursor=st.integers(0, 401),
    limit=st.integers(1, 100),
    kind=st.sampled_from(["before", "after", "around", "none"]),
)
def test_every_history_page_holds_the_messages_next_to_the_cursor_newest_first(ids: set[int], cursor: int, limit: int, kind: str) -> None:
    history = History()
    for message_id in ids:
        history.add(_message(message_id))
    page = [m.id for m in history.page(limit=limit, **({} if kind == "none" else {kind: cursor}))]
    ordered = sorted(ids)
    older = [i for i in ordered if i < cursor]
    if kind == "before":
        expected = older[-limit:]
    elif kind == "after":
        expected = [i for i in ordered if i > cursor][:limit]
    elif kind == "around":
        expected = older[len(older) - min(len(older), limit // 2) :] + [i for i in ordered if i >= cursor][: limit // 2 + 1]
    else:
        expected = ordered[-limit:]
    assert page == sorted(expected, reverse=True)
