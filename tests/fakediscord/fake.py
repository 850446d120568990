"""FakeDiscord: the fake's world (world.py) served over HTTP and WebSocket on 127.0.0.1, on a free port.

Run it in the test's event loop (``async with FakeDiscord() as fake``) or in a thread of its own
(``with FakeDiscord() as fake``, what the ``fake_discord`` fixture does); either way every method
may be called from any thread, and ``wait_until`` / ``until`` wait for a condition without sleeping."""

from __future__ import annotations

import asyncio
import fnmatch
import socket
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from aiohttp import web

from .common import ApiError
from .gateway import Gateway
from .model import Attachment, BotApp, Channel, Message
from .rest import RateLimitRule, RequestRecord, build_app, matches
from .world import World

T = TypeVar("T")


@dataclass(frozen=True)
class Refusal:
    """A message a bot tried to send and Discord refused (a DM to closed DMs: status 403, code 50007)."""

    bot: BotApp
    channel_id: str
    content: str | None
    filenames: tuple[str, ...]
    status: int
    code: int
    message: str


class FakeDiscord(World):
    """A fake Discord for one test: REST under /api/v10 and a gateway, both on 127.0.0.1."""

    def __init__(
        self,
        *,
        clock_start: datetime | None = None,
        heartbeat_interval_ms: int = 41_250,
        transport_compression: bool = True,
        host: str = "127.0.0.1",
        interaction_timeout: float = 3.0,
    ) -> None:
        super().__init__(clock_start=clock_start)
        self.interaction_timeout = interaction_timeout  # seconds a bot has to answer a tap (Discord's three)
        self.gateway = Gateway(self, heartbeat_interval_ms=heartbeat_interval_ms, compression=transport_compression)
        self.requests: list[RequestRecord] = []
        self.refusals: list[Refusal] = []
        self.internal_errors: list[str] = []  # faults of the fake itself (the fixture fails the test on any)
        self._rate_limits: list[RateLimitRule] = []
        self._attachments: dict[int, Attachment] = {}
        self._host = host
        self._port = 0
        self._runner: web.AppRunner | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    # -- addresses ------------------------------------------------------------------------------------------

    @property
    def http_url(self) -> str:  # type: ignore[override]
        if not self._port:
            raise RuntimeError("the fake Discord is not running yet: start it first")
        return f"http://{self._host}:{self._port}"

    @property
    def api_base(self) -> str:
        """What discord.py's ``Route.BASE`` must be set to."""
        return f"{self.http_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """The gateway (GET /gateway answers with it; discord.py's ``DiscordWebSocket.DEFAULT_GATEWAY``)."""
        return f"ws://{self._host}:{self._port}/gateway/"

    @property
    def resume_gateway_url(self) -> str:
        """READY's resume_gateway_url: a second path, so a test can see that a RESUME came where it should."""
        return f"ws://{self._host}:{self._port}/resume-gateway/"

    # -- running in the caller's event loop -----------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        if self._runner is not None:
            raise RuntimeError("this fake Discord is already running")
        self._loop = asyncio.get_running_loop()
        self.gateway.bind(self._loop)
        runner = web.AppRunner(build_app(self), access_log=None, shutdown_timeout=1.0)
        await runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((self._host, 0))
        self._port = sock.getsockname()[1]
        await web.SockSite(runner, sock).start()
        self._runner = runner
        return self

    async def close(self) -> None:
        if self._runner is not None:
            with self._lock:
                for conn in list(self.gateway.connections):
                    conn.close(1001)
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- running in a thread of its own ---------------------------------------------------------------------

    def start_in_thread(self) -> FakeDiscord:
        """Serve from a background thread with its own event loop (returns when the port is open)."""
        started = threading.Event()
        failure: list[BaseException] = []

        def serve() -> None:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(self.start())
            except BaseException as error:  # report the failure to the starting thread
                failure.append(error)
                started.set()
                loop.close()
                return
            started.set()
            loop.run_forever()
            loop.run_until_complete(self.close())
            loop.close()

        self._thread = threading.Thread(target=serve, name="fake-discord", daemon=True)
        self._thread.start()
        started.wait(timeout=30)
        if failure:
            raise failure[0]
        return self

    def stop(self) -> None:
        """Stop the background thread's server (closing every gateway connection with 1001)."""
        if self._thread is not None and self._loop is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=30)
            self._thread = None

    def __enter__(self) -> FakeDiscord:
        return self.start_in_thread()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- records ----------------------------------------------------------------------------------------------

    def _record_request(self, method: str, path: str, status: int) -> None:
        with self._lock:
            self.requests.append(RequestRecord(method, path, status, self.now(), time.perf_counter()))
            self._changed_locked()

    def count_requests(self, method: str | None = None, path: str | None = None, status: int | None = None) -> int:
        """Requests answered, optionally of one method, on one path under /api/v10 (fnmatch pattern, e.g.
        "/channels/*/messages"), with one status."""
        with self._lock:
            return sum(
                1
                for r in self.requests
                if (method is None or r.method == method)
                and (path is None or fnmatch.fnmatchcase(r.path.removeprefix("/api/v10"), path))
                and (status is None or r.status == status)
            )

    def _internal_error(self, request: web.Request, error: Exception) -> None:
        with self._lock:
            self.internal_errors.append(f"{request.method} {request.path}: {''.join(traceback.format_exception(error))}")
            self._changed_locked()

    def _refused(self, bot: BotApp, channel_id: str, payload: dict[str, Any], files: list[Any], error: ApiError) -> None:
        content = payload.get("content")
        self.refusals.append(Refusal(bot, channel_id, content, tuple(f[1] for f in files), error.status, error.code, error.message))
        self._changed_locked()

    def _attachment(
        self, channel: Channel, filename: str, data: bytes, content_type: str | None, description: str | None = None
    ) -> Attachment:
        attachment = super()._attachment(channel, filename, data, content_type, description)
        self._attachments[attachment.id] = attachment
        return attachment

    def _attachment_by_id(self, attachment_id: int) -> Attachment | None:
        with self._lock:
            return self._attachments.get(attachment_id)

    # -- injected faults ---------------------------------------------------------------------------------------

    def rate_limit_next(self, method: str, path: str, *, retry_after: float = 0.05, count: int = 1, is_global: bool = False) -> None:
        """Answer the next ``count`` matching requests with 429 (``path`` under /api/v10, fnmatch: "/channels/*/messages")."""
        if count < 1 or retry_after < 0:
            raise ValueError(f"rate_limit_next needs count >= 1 and retry_after >= 0, not count={count}, retry_after={retry_after}")
        with self._lock:
            self._rate_limits.append(RateLimitRule(method.upper(), path, count, retry_after, is_global))

    def _take_rate_limit(self, method: str, api_path: str) -> RateLimitRule | None:
        with self._lock:
            for rule in self._rate_limits:
                if matches(rule, method, api_path):
                    rule.count -= 1
                    if rule.count == 0:
                        self._rate_limits.remove(rule)
                    return rule
            return None

    def drop_gateway(self, *, hold: bool = False, code: int | None = None) -> int:
        """Drop every gateway connection: cut the TCP connection (``code=None``) or close with ``code``. Sessions stay
        resumable. ``hold=True`` keeps new connections waiting before HELLO until ``release_gateway()``, so that
        what happens meanwhile can only reach the bot by a RESUME's replay. Returns how many were dropped."""
        if hold:
            self.gateway.hold()
        return self.gateway.drop(code=code)

    def release_gateway(self) -> None:
        self.gateway.release()

    def request_reconnect(self) -> int:
        """Send RECONNECT (op 7) on every live connection; the client should reconnect and RESUME."""
        return self.gateway.request_reconnect()

    def invalidate_sessions(self, *, resumable: bool = False) -> int:
        """Send INVALID_SESSION (op 9) with ``d = resumable``; not resumable means the next RESUME is refused too."""
        return self.gateway.invalidate(resumable=resumable)

    # -- waiting without sleeping ------------------------------------------------------------------------------

    def wait_until(self, predicate: Callable[[], T], *, timeout: float = 10.0, what: str = "the condition") -> T:
        """Block until ``predicate()`` is truthy (checked after each change in the fake) and return its value."""
        if self._loop is not None and _on_loop(self._loop):
            raise RuntimeError("wait_until would block the fake's own event loop: use `await fake.until(...)` there")
        with self._cond:
            result = self._cond.wait_for(predicate, timeout)
            if not result:
                raise TimeoutError(f"waited {timeout} s for {what}")
            return result

    async def until(self, predicate: Callable[[], T], *, timeout: float = 10.0, what: str = "the condition") -> T:
        """In an event loop: wait until ``predicate()`` is truthy and return its value."""
        loop = asyncio.get_running_loop()
        event = asyncio.Event()
        entry = (loop, event)
        with self._lock:
            self._async_waiters.append(entry)
        try:
            async with asyncio.timeout(timeout):
                while True:
                    event.clear()
                    with self._lock:
                        result = predicate()
                    if result:
                        return result
                    await event.wait()
        except TimeoutError:
            raise TimeoutError(f"waited {timeout} s for {what}") from None
        finally:
            with self._lock:
                self._async_waiters.remove(entry)

    def wait_for_sent(
        self, count: int, channel: Channel | None = None, *, bot: BotApp | None = None, timeout: float = 10.0
    ) -> list[Message]:
        """Block until bots have sent at least ``count`` messages (in ``channel``, by ``bot``); return them all."""
        return self.wait_until(
            lambda: _at_least(self.sent_messages(channel, bot=bot), count), timeout=timeout, what=f"{count} sent message(s)"
        )

    async def until_sent(
        self, count: int, channel: Channel | None = None, *, bot: BotApp | None = None, timeout: float = 10.0
    ) -> list[Message]:
        """``wait_for_sent`` for a coroutine."""
        return await self.until(
            lambda: _at_least(self.sent_messages(channel, bot=bot), count), timeout=timeout, what=f"{count} sent message(s)"
        )


def _at_least(items: list[Message], count: int) -> list[Message] | None:
    return items if len(items) >= count else None


def _on_loop(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False
