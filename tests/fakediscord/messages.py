"""The fake's message endpoints: create (JSON or multipart with files), read one, history pages, edit, delete.

Checks follow Discord's documented refusals: 404 10003 unknown channel, 404 10008 unknown message, 403 50001
missing access (cannot view), 403 50013 missing permissions, 403 50007 a DM to a user who does not accept
it, 403 50005 editing another's message, 400 50006 an empty message, 400 50035 an invalid form body."""

from __future__ import annotations

import json
import mimetypes
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from .common import FAKE_KEY, MISSING_ACCESS, MISSING_PERMISSIONS, ApiError, bot_of, json_response, snowflake_arg, unknown
from .interactions import check_components
from .model import BotApp, Channel, Message, Perm

if TYPE_CHECKING:
    from .fake import FakeDiscord

MAX_CONTENT = 2000
# Message flags a bot may set when sending (SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE, IS_COMPONENTS_V2).
SETTABLE_FLAGS = 1 << 2 | 1 << 12 | 1 << 13 | 1 << 15


def form_error(field: str, code: str, message: str) -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body", {field: {"_errors": [{"code": code, "message": message}]}})


async def json_body(request: web.Request) -> dict[str, Any]:
    try:
        data = json.loads(await request.text() or "{}")
    except ValueError:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from None
    if not isinstance(data, dict):
        raise ApiError(400, 50035, "Invalid Form Body")
    return data


async def message_body(request: web.Request) -> tuple[dict[str, Any], list[tuple[int, str, bytes, str | None]]]:
    """The JSON parameters and the uploaded files (index n of files[n], filename, bytes, declared type)."""
    if request.content_type in ("application/json", "application/octet-stream") or not request.body_exists:
        return await json_body(request), []
    if request.content_type != "multipart/form-data":
        raise form_error(
            "_content_type", "CONTENT_TYPE_INVALID", f"Expected application/json or multipart/form-data, not {request.content_type}"
        )
    payload: dict[str, Any] = {}
    files: list[tuple[int, str, bytes, str | None]] = []
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            raise form_error("files", "NESTED_MULTIPART", "Nested multipart bodies are not accepted")
        name = part.name or ""
        if name == "payload_json":
            try:
                payload = json.loads(await part.text())
            except ValueError:
                raise ApiError(400, 50109, "The request body contains invalid JSON.") from None
        elif name.startswith("files[") and name.endswith("]") and name[6:-1].isdigit():
            files.append((int(name[6:-1]), part.filename or name, bytes(await part.read(decode=False)), part.headers.get("Content-Type")))
        else:
            raise form_error(name or "files", "UNKNOWN_FIELD", f"Unknown form field {name!r}")
    return payload, files


def int_arg(request: web.Request, name: str, default: int, low: int, high: int) -> int:
    raw = request.query.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise form_error(name, "NUMBER_TYPE_COERCE", f'Value "{raw}" is not int.') from None
    if not low <= value <= high:
        raise form_error(name, "NUMBER_TYPE_MAX" if value > high else "NUMBER_TYPE_MIN", f"Int value should be between {low} and {high}.")
    return value


def channel_for(request: web.Request, bot: BotApp, *, need: int) -> Channel:
    """The channel of the path, if ``bot`` may use it for ``need`` (call with the lock held)."""
    fake: FakeDiscord = request.app[FAKE_KEY]
    channel = fake.channels.get(snowflake_arg(request.match_info["channel_id"], "channel_id"))
    if channel is None:
        raise unknown("Channel", 10003)
    if channel.is_dm:
        if bot.user not in channel.recipients:
            raise ApiError(*MISSING_ACCESS)
        return channel
    guild = fake.guilds[channel.guild_id or 0]
    perms = guild.permissions_in(channel, bot.user.id)
    if not perms & Perm.VIEW_CHANNEL:
        raise ApiError(*MISSING_ACCESS)
    if need & ~perms:
        raise ApiError(*MISSING_PERMISSIONS)
    return channel


def _for_bot(fake: FakeDiscord, message: Message, bot: BotApp) -> dict[str, Any]:
    # Over HTTP the content depends on the app's setting, not on a session's intents.
    return fake.message_for(message, bot, has_intent=bot.message_content, gateway=False)


async def history(request: web.Request) -> web.Response:
    """GET /channels/{id}/messages: newest first; empty without READ_MESSAGE_HISTORY (Discord's behaviour)."""
    bot = bot_of(request)
    fake: FakeDiscord = request.app[FAKE_KEY]
    limit = int_arg(request, "limit", 50, 1, 100)
    cursors = {k: snowflake_arg(request.query[k], k) for k in ("around", "before", "after") if k in request.query}
    with fake._lock:
        channel = channel_for(request, bot, need=Perm.VIEW_CHANNEL)
        if not channel.is_dm and not fake.guilds[channel.guild_id or 0].permissions_in(channel, bot.user.id) & Perm.READ_MESSAGE_HISTORY:
            return json_response([])
        # The three cursors are exclusive; given more than one, around wins, then before, then after.
        if "around" in cursors:
            page = fake.histories[channel.id].page(limit=limit, around=cursors["around"])
        elif "before" in cursors:
            page = fake.histories[channel.id].page(limit=limit, before=cursors["before"])
        else:
            page = fake.histories[channel.id].page(limit=limit, after=cursors.get("after"))
        return json_response([_for_bot(fake, m, bot) for m in page])


async def get_one(request: web.Request) -> web.Response:
    bot = bot_of(request)
    fake: FakeDiscord = request.app[FAKE_KEY]
    with fake._lock:
        channel = channel_for(request, bot, need=Perm.VIEW_CHANNEL | Perm.READ_MESSAGE_HISTORY)
        message = fake.histories[channel.id].get(snowflake_arg(request.match_info["message_id"], "message_id"))
        if message is None:
            raise unknown("Message", 10008)
        return json_response(_for_bot(fake, message, bot))


def _check_content(payload: dict[str, Any], has_files: bool) -> str:
    content = payload.get("content")
    content = "" if content is None else content
    if not isinstance(content, str):
        raise form_error("content", "BASE_TYPE_STRING", "Must be a string.")
    if len(content) > MAX_CONTENT:
        raise form_error("content", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CONTENT} or fewer in length.")
    if not (
        content or payload.get("embeds") or has_files or payload.get("sticker_ids") or payload.get("components") or payload.get("poll")
    ):
        raise ApiError(400, 50006, "Cannot send an empty message")
    return content


def _attachments(
    fake: FakeDiscord, channel: Channel, payload: dict[str, Any], files: list[tuple[int, str, bytes, str | None]]
) -> list[Any]:
    meta = {str(a.get("id")): a for a in payload.get("attachments") or [] if isinstance(a, dict)}
    made = []
    for index, filename, data, declared in sorted(files):
        info = meta.get(str(index), {})
        name = info.get("filename") or filename
        content_type = mimetypes.guess_type(name)[0] or declared
        made.append(fake._attachment(channel, name, data, content_type, info.get("description")))
    return made


def _reply_reference(fake: FakeDiscord, channel: Channel, payload: dict[str, Any]) -> dict[str, Any] | None:
    reference = payload.get("message_reference")
    if not reference:
        return None
    target = fake.histories[channel.id].get(int(reference.get("message_id") or 0))
    if target is None:
        if reference.get("fail_if_not_exists", True):
            raise form_error("message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message")
        return None
    return {"type": 0, "message_id": str(target.id), "channel_id": str(channel.id)} | (
        {"guild_id": str(channel.guild_id)} if channel.guild_id else {}
    )


async def create(request: web.Request) -> web.Response:
    """POST /channels/{id}/messages: JSON, or multipart with payload_json and files[n] (bytes kept as sent)."""
    bot = bot_of(request)
    fake: FakeDiscord = request.app[FAKE_KEY]
    payload, files = await message_body(request)
    with fake._lock:
        try:
            channel = channel_for(request, bot, need=Perm.SEND_MESSAGES | (Perm.ATTACH_FILES if files else 0))
            content = _check_content(payload, bool(files))
            if channel.is_dm:
                person = next(u for u in channel.recipients if u is not bot.user)
                if person.bot or not person.dms_open:
                    raise ApiError(403, 50007, "Cannot send messages to this user")
            nonce = payload.get("nonce")
            if nonce is not None and payload.get("enforce_nonce"):
                earlier = next((m for m in fake.sent if m.author is bot.user and m.nonce == nonce and m.channel is channel), None)
                if earlier is not None:
                    return json_response(_for_bot(fake, earlier, bot))
            reference = _reply_reference(fake, channel, payload)
            components = check_components(payload.get("components") or [])
        except ApiError as error:
            fake._refused(bot, request.match_info["channel_id"], payload, files, error)
            raise
        now = fake.now()
        message = Message(
            fake._ids.at(now),
            channel,
            bot.user,
            content,
            now,
            attachments=_attachments(fake, channel, payload, files),
            embeds=[dict(e) | {"type": "rich"} for e in payload.get("embeds") or []],
            allowed_mentions=payload.get("allowed_mentions"),
            nonce=nonce,
            tts=bool(payload.get("tts")),
            flags=int(payload.get("flags") or 0) & SETTABLE_FLAGS,
            components=components,
            message_reference=reference,
        )
        fake._set_mentions(message, message.allowed_mentions)
        fake._store(message)
        fake.sent.append(message)
        fake._dispatch_message("MESSAGE_CREATE", message)
        fake._changed_locked()
        return json_response(_for_bot(fake, message, bot))


async def edit(request: web.Request) -> web.Response:
    """PATCH: the author's own message only; mentions are parsed again under the edit's allowed_mentions."""
    bot = bot_of(request)
    fake: FakeDiscord = request.app[FAKE_KEY]
    payload, files = await message_body(request)
    with fake._lock:
        channel = channel_for(request, bot, need=0)
        message = fake.histories[channel.id].get(snowflake_arg(request.match_info["message_id"], "message_id"))
        if message is None:
            raise unknown("Message", 10008)
        if message.author is not bot.user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        added = _attachments(fake, channel, payload, files)
        fake._update_message(message, payload)  # content, components, embeds, kept attachments, mentions; MESSAGE_UPDATE
        message.attachments += added
        fake._changed_locked()
        return json_response(_for_bot(fake, message, bot))


async def delete(request: web.Request) -> web.Response:
    """DELETE: one's own message, or another's with MANAGE_MESSAGES (guild channels)."""
    bot = bot_of(request)
    fake: FakeDiscord = request.app[FAKE_KEY]
    with fake._lock:
        channel = channel_for(request, bot, need=0)
        history = fake.histories[channel.id]
        message = history.get(snowflake_arg(request.match_info["message_id"], "message_id"))
        if message is None:
            raise unknown("Message", 10008)
        may_manage = not channel.is_dm and fake.guilds[channel.guild_id or 0].permissions_in(channel, bot.user.id) & Perm.MANAGE_MESSAGES
        if message.author is not bot.user and not may_manage:
            raise ApiError(*MISSING_PERMISSIONS)
        history.remove(message.id)
        fake.deleted.append(message)
        fake._dispatch_delete(message)
        fake._changed_locked()
    return web.Response(status=204)
