"""Pointing the real discord.py at the fake, and running a discord.py client against it in a test.

discord.py has two fixed addresses, both class attributes: ``discord.http.Route.BASE`` (the REST API) and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` (where a plain ``Client`` opens its gateway; after an
INVALID_SESSION it goes back there too). ``pointed_at`` swaps both for the fake's and puts them back."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Coroutine, Iterator
from typing import Any, TypeVar

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .fake import FakeDiscord
from .model import BotApp

T = TypeVar("T")


@contextlib.contextmanager
def pointed_at(target: FakeDiscord | str) -> Iterator[None]:
    """Send discord.py's REST calls and gateway connections to the fake (a FakeDiscord or its http_url)."""
    http_url = target.http_url if isinstance(target, FakeDiscord) else target.rstrip("/")
    gateway = yarl.URL(http_url.replace("http://", "ws://", 1) + "/gateway/")
    old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = http_url + "/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = gateway
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway


def reader_intents() -> discord.Intents:
    """The non-privileged intents plus message content (what a bot reading players' messages needs)."""
    intents = discord.Intents.default()
    intents.message_content = True
    return intents


@contextlib.asynccontextmanager
async def running_client(
    fake: FakeDiscord,
    bot: BotApp,
    *,
    intents: discord.Intents | None = None,
    client_class: type[discord.Client] = discord.Client,
    ready_timeout: float = 15.0,
    quick_reidentify: bool = True,
    **options: Any,
) -> AsyncIterator[Any]:
    """Log a discord.py client in as ``bot``, connect it, and yield it once ``on_ready`` has fired; close it after.

    If the connection fails before ready (say the gateway closed with 4014), that error is raised here.
    ``guild_ready_timeout`` (how long discord.py waits for more GUILD_CREATEs before on_ready, 2 s by
    default) is 0.5 s unless given: the fake sends them all right after READY. ``quick_reidentify`` overrides
    the documented ``Client.before_identify_hook``, which waits 5 s before every IDENTIFY after the first
    (Discord's identify rate limit, which the fake does not have)."""
    options.setdefault("guild_ready_timeout", 0.5)
    if quick_reidentify:
        client_class = type(client_class.__name__, (client_class,), {"before_identify_hook": _identify_at_once})
    with pointed_at(fake):
        client = client_class(intents=intents or reader_intents(), **options)
        connection: asyncio.Task[None] | None = None
        try:
            await client.login(bot.token)
            connection = asyncio.create_task(client.connect())
            ready = asyncio.create_task(client.wait_until_ready())
            done, _ = await asyncio.wait({connection, ready}, timeout=ready_timeout, return_when=asyncio.FIRST_COMPLETED)
            if not done:
                ready.cancel()
                raise TimeoutError(f"the discord.py client was not ready after {ready_timeout} s")
            if connection in done:
                ready.cancel()
                connection.result()  # raises what ended the connection
                raise RuntimeError("the discord.py client's connection ended before it was ready")
            yield client
        finally:
            await client.close()
            if connection is not None and not connection.done():
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.wait_for(connection, timeout=10)


async def _identify_at_once(self: discord.Client, shard_id: int | None, *, initial: bool = False) -> None:
    return None


class Inbox:
    """Collects what a discord.py client's event handler receives, in order (``on_message`` by default).

    On a ``commands.Bot`` it is an extra listener; on a plain ``Client`` (one handler per event) it takes the
    place of the client's own ``on_<event>``."""

    def __init__(self, client: discord.Client, event: str = "message") -> None:
        self.items: list[Any] = []
        self._changed = asyncio.Event()

        async def handler(*args: Any) -> None:
            self.items.append(args[0] if len(args) == 1 else args)
            self._changed.set()

        handler.__name__ = f"on_{event}"
        add_listener = getattr(client, "add_listener", None)
        if add_listener is not None:
            add_listener(handler, f"on_{event}")
        else:
            setattr(client, f"on_{event}", handler)

    async def wait_for(self, count: int, *, timeout: float = 10.0) -> list[Any]:
        """Wait until at least ``count`` items came; return them all."""
        async with asyncio.timeout(timeout):
            while len(self.items) < count:
                self._changed.clear()
                await self._changed.wait()
        return list(self.items)


def run(coro: Coroutine[Any, Any, T], *, timeout: float = 60.0) -> T:
    """Run a test's coroutine in a fresh event loop, failing it after ``timeout`` seconds."""

    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())
