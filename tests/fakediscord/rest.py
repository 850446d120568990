"""The fake's HTTP API under /api/v10 (and /api/v9): authentication, the reads discord.py makes at login and
on demand, DMs, rate-limit injection, and a stand-in CDN for attachments. Message endpoints are in messages.py.

Errors use Discord's JSON error shape ({"code": ..., "message": ...}, with "errors" for form errors)."""

from __future__ import annotations

import fnmatch
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import interactions, messages
from .common import FAKE_KEY, MISSING_ACCESS, ApiError, bot_of, json_response, snowflake_arg, unknown
from .model import BotApp, Perm

if TYPE_CHECKING:
    from .fake import FakeDiscord

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class RequestRecord:
    """One request the fake answered (a WebSocket upgrade is recorded with status 101)."""

    method: str
    path: str
    status: int
    at: datetime  # the fake's clock
    monotonic: float  # time.perf_counter() when it was answered


@dataclass
class RateLimitRule:
    """The next ``count`` requests matching ``method`` and ``path`` (an fnmatch pattern under /api/v10) get a 429."""

    method: str
    path: str
    count: int
    retry_after: float
    is_global: bool


def rate_limited(rule: RateLimitRule) -> web.Response:
    """A 429 with the documented headers (and the Via header that tells discord.py it came from Discord)."""
    headers = {
        "X-RateLimit-Limit": "1",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": f"{time.time() + rule.retry_after:.3f}",
        "X-RateLimit-Reset-After": f"{rule.retry_after:.3f}",
        "X-RateLimit-Bucket": "fake-" + rule.path.strip("/").replace("/", "-").replace("*", "x"),
        "X-RateLimit-Scope": "global" if rule.is_global else "user",
        "Retry-After": str(max(1, round(rule.retry_after))),
        "Via": "1.1 google",
    }
    if rule.is_global:
        headers["X-RateLimit-Global"] = "true"
    body = {"message": "You are being rate limited.", "retry_after": rule.retry_after, "global": rule.is_global}
    return json_response(body, 429, headers)


@web.middleware
async def discord_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Records every request, answers injected 429s, and turns ApiError into Discord's error JSON."""
    fake: FakeDiscord = request.app[FAKE_KEY]
    api_path = request.path.split("/api/v10", 1)[-1].split("/api/v9", 1)[-1]
    rule = fake._take_rate_limit(request.method, api_path) if request.path.startswith("/api/") else None
    if rule is not None:
        response: web.StreamResponse = rate_limited(rule)
    else:
        try:
            response = await handler(request)
        except ApiError as error:
            response = json_response(error.body(), error.status)
        except web.HTTPException:
            raise
        except Exception as error:
            # A fault of the fake itself: kept for the test to fail on, and answered with a 400 (which
            # discord.py does not retry, unlike a 500) that says so.
            fake._internal_error(request, error)
            response = json_response({"message": f"the fake Discord failed: {error!r}", "code": 0}, 400)
    if response.status != 101:  # the gateway records its own upgrade
        fake._record_request(request.method, request.path, response.status)
    return response


# -- reads ------------------------------------------------------------------------------------------------


async def get_gateway(request: web.Request) -> web.Response:
    return json_response({"url": request.app[FAKE_KEY].gateway_url})


async def get_gateway_bot(request: web.Request) -> web.Response:
    bot_of(request)
    fake: FakeDiscord = request.app[FAKE_KEY]
    remaining = max(0, 1000 - fake.gateway.count("identify"))
    limit = {"total": 1000, "remaining": remaining, "reset_after": 86_400_000, "max_concurrency": 1}
    return json_response({"url": fake.gateway_url, "shards": 1, "session_start_limit": limit})


async def get_me(request: web.Request) -> web.Response:
    bot = bot_of(request)
    return json_response(bot.user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0, "email": None, "locale": "en-US"})


async def get_user(request: web.Request) -> web.Response:
    bot_of(request)
    fake: FakeDiscord = request.app[FAKE_KEY]
    user = fake.users.get(snowflake_arg(request.match_info["user_id"], "user_id"))
    if user is None:
        raise unknown("User", 10013)
    return json_response(user.payload())


async def get_application(request: web.Request) -> web.Response:
    return json_response(bot_of(request).payload())


async def get_my_guilds(request: web.Request) -> web.Response:
    bot = bot_of(request)
    fake: FakeDiscord = request.app[FAKE_KEY]
    with fake._lock:
        guilds = fake._guilds_of(bot.user)
        data = [
            {
                "id": str(g.id),
                "name": g.name,
                "icon": None,
                "banner": None,
                "owner": g.owner_id == bot.user.id,
                "permissions": str(g.base_permissions(bot.user.id)),
                "features": [],
            }
            for g in guilds
        ]
    return json_response(data)


async def open_dm(request: web.Request) -> web.Response:
    """POST /users/@me/channels: the DM with a user (the same channel each time; opening always succeeds,
    sending to someone whose DMs are closed is what fails)."""
    bot = bot_of(request)
    fake: FakeDiscord = request.app[FAKE_KEY]
    body = await messages.json_body(request)
    recipient = body.get("recipient_id")
    if recipient is None:
        raise ApiError(
            400,
            50035,
            "Invalid Form Body",
            {"recipient_id": {"_errors": [{"code": "BASE_TYPE_REQUIRED", "message": "This field is required"}]}},
        )
    with fake._lock:
        user = fake.users.get(snowflake_arg(str(recipient), "recipient_id"))
        if user is None:
            raise unknown("User", 10013)
        channel = fake.dm_channel(user, bot)
        return json_response(channel.payload(viewer=bot.user))


def _guild_for(request: web.Request, bot: BotApp) -> Any:
    fake: FakeDiscord = request.app[FAKE_KEY]
    guild = fake.guilds.get(snowflake_arg(request.match_info["guild_id"], "guild_id"))
    if guild is None:
        raise unknown("Guild", 10004)
    if bot.user.id not in guild.members:
        raise ApiError(*MISSING_ACCESS)
    return guild


async def get_guild(request: web.Request) -> web.Response:
    bot = bot_of(request)
    with request.app[FAKE_KEY]._lock:
        guild = _guild_for(request, bot)
        data = guild.payload()
        if request.query.get("with_counts") in ("1", "true", "True"):
            data |= {"approximate_member_count": len(guild.members), "approximate_presence_count": 0}
    return json_response(data)


async def get_guild_channels(request: web.Request) -> web.Response:
    bot = bot_of(request)
    with request.app[FAKE_KEY]._lock:
        guild = _guild_for(request, bot)
        return json_response([c.payload() for c in sorted(guild.channels.values(), key=lambda c: (c.position, c.id))])


async def get_guild_roles(request: web.Request) -> web.Response:
    bot = bot_of(request)
    with request.app[FAKE_KEY]._lock:
        guild = _guild_for(request, bot)
        return json_response([r.payload() for r in sorted(guild.roles.values(), key=lambda r: (r.position, r.id))])


async def get_member(request: web.Request) -> web.Response:
    bot = bot_of(request)
    with request.app[FAKE_KEY]._lock:
        guild = _guild_for(request, bot)
        member = guild.members.get(snowflake_arg(request.match_info["user_id"], "user_id"))
        if member is None:
            raise unknown("Member", 10007)
        return json_response(member.payload())


async def list_members(request: web.Request) -> web.Response:
    """GET /guilds/{id}/members: needs the members intent switched on in the app's settings."""
    bot = bot_of(request)
    with request.app[FAKE_KEY]._lock:
        guild = _guild_for(request, bot)
        if not bot.members:
            raise ApiError(*MISSING_ACCESS)
        limit = messages.int_arg(request, "limit", 1, 1, 1000)
        after = snowflake_arg(request.query.get("after", "0"), "after")
        chosen = sorted((m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id)[:limit]
        return json_response([m.payload() for m in chosen])


async def get_channel(request: web.Request) -> web.Response:
    bot = bot_of(request)
    with request.app[FAKE_KEY]._lock:
        channel = messages.channel_for(request, bot, need=Perm.VIEW_CHANNEL)
        return json_response(channel.payload(viewer=bot.user))


async def typing(request: web.Request) -> web.Response:
    bot = bot_of(request)
    with request.app[FAKE_KEY]._lock:
        messages.channel_for(request, bot, need=Perm.VIEW_CHANNEL | Perm.SEND_MESSAGES)
    return web.Response(status=204)


async def attachment_bytes(request: web.Request) -> web.Response:
    """The stand-in CDN: an attachment's bytes at the URL given in its attachment object."""
    fake: FakeDiscord = request.app[FAKE_KEY]
    found = fake._attachment_by_id(snowflake_arg(request.match_info["attachment_id"], "attachment_id"))
    if found is None or found.filename != request.match_info["filename"]:
        return web.Response(status=404, text="no such attachment")
    return web.Response(body=found.data, content_type=found.content_type or "application/octet-stream")


async def not_found(request: web.Request) -> web.Response:
    raise ApiError(404, 0, "404: Not Found")


def build_app(fake: FakeDiscord) -> web.Application:
    app = web.Application(middlewares=[discord_middleware], client_max_size=30 * 1024 * 1024)
    app[FAKE_KEY] = fake
    app.router.add_get("/gateway/", fake.gateway.handle)
    app.router.add_get("/resume-gateway/", fake.gateway.handle)
    app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", attachment_bytes)
    for version in ("v10", "v9"):
        api = f"/api/{version}"
        app.router.add_get(f"{api}/gateway", get_gateway)
        app.router.add_get(f"{api}/gateway/bot", get_gateway_bot)
        app.router.add_get(f"{api}/users/@me", get_me)
        app.router.add_get(f"{api}/users/@me/guilds", get_my_guilds)
        app.router.add_post(f"{api}/users/@me/channels", open_dm)
        app.router.add_get(f"{api}/users/{{user_id}}", get_user)
        app.router.add_get(f"{api}/oauth2/applications/@me", get_application)
        app.router.add_get(f"{api}/applications/@me", get_application)
        app.router.add_get(f"{api}/guilds/{{guild_id}}", get_guild)
        app.router.add_get(f"{api}/guilds/{{guild_id}}/channels", get_guild_channels)
        app.router.add_get(f"{api}/guilds/{{guild_id}}/roles", get_guild_roles)
        app.router.add_get(f"{api}/guilds/{{guild_id}}/members", list_members)
        app.router.add_get(f"{api}/guilds/{{guild_id}}/members/{{user_id}}", get_member)
        app.router.add_get(f"{api}/channels/{{channel_id}}", get_channel)
        app.router.add_post(f"{api}/channels/{{channel_id}}/typing", typing)
        app.router.add_get(f"{api}/channels/{{channel_id}}/messages", messages.history)
        app.router.add_post(f"{api}/channels/{{channel_id}}/messages", messages.create)
        app.router.add_get(f"{api}/channels/{{channel_id}}/messages/{{message_id}}", messages.get_one)
        app.router.add_patch(f"{api}/channels/{{channel_id}}/messages/{{message_id}}", messages.edit)
        app.router.add_delete(f"{api}/channels/{{channel_id}}/messages/{{message_id}}", messages.delete)
        app.router.add_post(f"{api}/interactions/{{interaction_id}}/{{token}}/callback", interactions.callback)
    app.router.add_route("*", "/{tail:.*}", not_found)
    return app


def matches(rule: RateLimitRule, method: str, api_path: str) -> bool:
    return rule.method in ("*", method) and fnmatch.fnmatchcase(api_path, rule.path)
