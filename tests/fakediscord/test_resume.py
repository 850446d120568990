"""A gateway session outliving its connection: a dropped connection resumed with every missed dispatch
replayed once, RECONNECT (op 7), INVALID_SESSION (op 9), and a session that can no longer be resumed."""

from __future__ import annotations

from typing import Any

import aiohttp

from .client import Inbox, run, running_client
from .fake import FakeDiscord
from .model import Intent, Message
from .scene import Org
from .test_login_and_ready import identify


def lines(fake: FakeDiscord, org: Org, numbers: range) -> list[Message]:
    return [fake.user_says(org.alice, org.alice_subs, f"line {i}") for i in numbers]


def test_a_dropped_connection_resumes_with_no_dispatch_lost_or_doubled(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            inbox, resumed = Inbox(client), Inbox(client, "resumed")
            before = lines(fake_discord, org, range(3))
            await inbox.wait_for(3)
            # Cut the TCP connection and keep the reconnection waiting, so these five can only arrive by replay.
            assert fake_discord.drop_gateway(hold=True) == 1
            during = lines(fake_discord, org, range(3, 8))
            fake_discord.release_gateway()
            await resumed.wait_for(1)
            after = lines(fake_discord, org, range(8, 10))
            got = await inbox.wait_for(10)
            assert [m.id for m in got] == [m.id for m in before + during + after]
            assert [m.content for m in got] == [f"line {i}" for i in range(10)]

    run(scenario())
    (resume,) = [e for e in fake_discord.gateway.events if e["kind"] == "resume"]
    assert resume["replayed"] == 5 and resume["path"] == "/resume-gateway/"
    assert fake_discord.gateway.count("identify") == 1


def test_drops_at_any_moment_still_deliver_each_message_exactly_once(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            inbox = Inbox(client)
            said: list[Message] = []
            for round_ in range(4):
                said += lines(fake_discord, org, range(round_ * 10, round_ * 10 + 5))
                fake_discord.drop_gateway()  # no hold: the client may resume before, between or after the next lines
                said += lines(fake_discord, org, range(round_ * 10 + 5, round_ * 10 + 8))
                await fake_discord.until(lambda n=round_ + 1: fake_discord.gateway.count("resumed") == n, what="the resume")
                said += lines(fake_discord, org, range(round_ * 10 + 8, round_ * 10 + 10))
            got = await inbox.wait_for(40)
            assert [m.id for m in got] == [m.id for m in said]

    run(scenario())
    assert fake_discord.gateway.count("identify") == 1


def test_a_reconnect_opcode_makes_the_client_resume_on_the_resume_url(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            inbox, resumed = Inbox(client), Inbox(client, "resumed")
            first = fake_discord.user_says(org.bob, org.bob_subs, "pass")
            assert fake_discord.request_reconnect() == 1
            await resumed.wait_for(1)
            second = fake_discord.user_says(org.bob, org.bob_subs, "open")
            got = await inbox.wait_for(2)
            assert [m.id for m in got] == [first.id, second.id]

    run(scenario())
    assert fake_discord.gateway.count("reconnect_sent") == 1 and fake_discord.gateway.count("resume") == 1
    assert [e["path"] for e in fake_discord.gateway.events if e["kind"] == "resume"] == ["/resume-gateway/"]


def test_an_invalid_session_makes_the_client_identify_anew_and_be_ready_again(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            inbox, ready_again = Inbox(client), Inbox(client, "ready")
            assert fake_discord.invalidate_sessions(resumable=False) == 1
            await ready_again.wait_for(1)
            message = fake_discord.user_says(org.alice, org.alice_subs, "gs 5")
            (got,) = await inbox.wait_for(1)
            assert got.id == message.id
            assert client.get_guild(org.guild.id) is not None

    run(scenario())
    assert fake_discord.gateway.count("identify") == 2 and fake_discord.gateway.count("resume") == 0


def test_a_resumable_invalid_session_is_resumed(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            resumed = Inbox(client, "resumed")
            fake_discord.invalidate_sessions(resumable=True)
            await resumed.wait_for(1)

    run(scenario())
    assert fake_discord.gateway.count("identify") == 1 and fake_discord.gateway.count("resume") == 1


def test_a_session_ended_while_disconnected_is_refused_and_what_was_missed_stays_in_the_history(
    fake_discord: FakeDiscord, org: Org
) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            inbox, ready_again = Inbox(client), Inbox(client, "ready")
            fake_discord.drop_gateway(hold=True)
            missed = fake_discord.user_says(org.alice, org.alice_subs, "gs 7")
            fake_discord.invalidate_sessions(resumable=False)  # the session times out while the bot is away
            fake_discord.release_gateway()
            await ready_again.wait_for(1)
            # A new session does not replay the old one's dispatches: the bot must read the history.
            assert inbox.items == []
            channel = client.get_channel(org.alice_subs.id)
            assert [m.id async for m in channel.history(after=discord_object(0))] == [missed.id]

    run(scenario())
    assert fake_discord.gateway.count("invalid_session") == 1 and fake_discord.gateway.count("identify") == 2


def discord_object(snowflake: int) -> Any:
    import discord

    return discord.Object(snowflake)


def test_a_session_closed_with_1000_cannot_be_resumed(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> list[Any]:
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(fake_discord.gateway_url) as ws:
                await ws.receive_json(timeout=5)
                await ws.send_json(identify(org.bot.token, Intent.GUILDS))
                ready = await ws.receive_json(timeout=5)
                await ws.close(code=1000)
            await fake_discord.until(lambda: fake_discord.gateway.count("closed") == 1, what="the close")
            async with http.ws_connect(fake_discord.resume_gateway_url) as ws:
                await ws.receive_json(timeout=5)
                resume = {"op": 6, "d": {"token": org.bot.token, "session_id": ready["d"]["session_id"], "seq": 1}}
                await ws.send_json(resume)
                return [await ws.receive_json(timeout=5)]

    assert run(scenario()) == [{"op": 9, "d": False}]


def test_a_raw_resume_replays_what_followed_its_sequence_and_refuses_unknown_sessions_and_future_sequences(
    fake_discord: FakeDiscord, org: Org
) -> None:
    async def resume(http: aiohttp.ClientSession, session_id: str, seq: int, frames: int) -> list[dict[str, Any]]:
        async with http.ws_connect(fake_discord.resume_gateway_url) as ws:
            await ws.receive_json(timeout=5)
            await ws.send_json({"op": 6, "d": {"token": org.bot.token, "session_id": session_id, "seq": seq}})
            return [await ws.receive_json(timeout=5) for _ in range(frames)]

    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(fake_discord.gateway_url) as ws:
                await ws.receive_json(timeout=5)
                await ws.send_json(identify(org.bot.token, Intent.GUILDS))
                ready = await ws.receive_json(timeout=5)
                await ws.receive_json(timeout=5)  # GUILD_CREATE, seq 2
                fake_discord.drop_gateway()  # cut without a close frame: the session stays resumable
                async for _ in ws:
                    pass
            session_id = ready["d"]["session_id"]
            assert await resume(http, "no-such-session", 0, 1) == [{"op": 9, "d": False}]
            assert await resume(http, session_id, 99, 1) == [{"op": 9, "d": False}]
            replay = await resume(http, session_id, 1, 2)
            assert [(f["t"], f["s"]) for f in replay] == [("GUILD_CREATE", 2), ("RESUMED", 3)]

    run(scenario())


def test_a_close_frame_from_the_gateway_even_1000_leaves_the_session_for_discord_py_to_resume(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            inbox, resumed = Inbox(client), Inbox(client, "resumed")
            for number, code in enumerate((4000, 1000), start=1):
                fake_discord.drop_gateway(hold=True, code=code)
                missed = fake_discord.user_says(org.alice, org.alice_subs, f"said during close {code}")
                fake_discord.release_gateway()
                await resumed.wait_for(number)
                got = await inbox.wait_for(number)
                assert got[-1].id == missed.id

    run(scenario())
    assert fake_discord.gateway.count("resume") == 2 and fake_discord.gateway.count("identify") == 1
