"""Message components and the interactions they make: buttons on a bot's messages (checked as Discord checks them),
a user's tap (INTERACTION_CREATE to the bot whose message it is), and the bot's answer through the interaction
callback, `POST /interactions/{id}/{token}/callback`, within Discord's three seconds (Discord's "Component
Reference" and "Receiving and Responding").

Only buttons in action rows (the components without IS_COMPONENTS_V2) are implemented; of the callback types,
CHANNEL_MESSAGE_WITH_SOURCE (4, ephemeral with flag 64), DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE (5),
DEFERRED_UPDATE_MESSAGE (6) and UPDATE_MESSAGE (7)."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .common import FAKE_KEY, ApiError, json_response, snowflake_arg
from .model import Message, Perm, User

if TYPE_CHECKING:
    from .fake import FakeDiscord
    from .world import World

ACTION_ROW, BUTTON = 1, 2
LINK, PREMIUM = 5, 6
MESSAGE_COMPONENT = 3  # the interaction type of a tap
EPHEMERAL = 1 << 6
CALLBACK_TYPES = {
    4: "CHANNEL_MESSAGE_WITH_SOURCE",
    5: "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE",
    6: "DEFERRED_UPDATE_MESSAGE",
    7: "UPDATE_MESSAGE",
}
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


@dataclass(eq=False)
class Interaction:
    """A user's tap on a button, and how the bot answered it (``response_type`` None: not yet)."""

    id: int
    token: str
    user: User
    message: Message
    custom_id: str
    made_monotonic: float = field(default_factory=time.perf_counter)
    response_type: int | None = None
    response_data: dict[str, Any] | None = None
    responded_monotonic: float | None = None
    late_answers: int = 0  # answers refused because the three seconds had passed

    @property
    def answered_after(self) -> float | None:
        """Seconds from the tap to the bot's answer."""
        return None if self.responded_monotonic is None else self.responded_monotonic - self.made_monotonic


@dataclass(eq=False)
class Ephemeral:
    """A message only one user sees (an interaction answered with flag 64): never in the channel's history."""

    to: User
    message: Message
    interaction: Interaction

    @property
    def content(self) -> str:
        return self.message.content


def _error(path: str, code: str, message: str) -> ApiError:
    errors: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for part in reversed(path.split(".")):
        errors = {part: errors}
    return ApiError(400, 50035, "Invalid Form Body", errors)


def check_components(components: Any) -> list[dict[str, Any]]:
    """Message components as Discord checks them: up to 5 action rows of 1 to 5 buttons, custom IDs unique (50035 else)."""
    if not isinstance(components, list):
        raise _error("components", "BASE_TYPE_ARRAY", "Must be an array.")
    if len(components) > 5:
        raise _error("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    seen: set[str] = set()
    for r, row in enumerate(components):
        where = f"components.{r}"
        if not isinstance(row, dict) or row.get("type") != ACTION_ROW:
            raise _error(
                f"{where}.type", "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1,): the fake takes action rows only.'
            )
        buttons = row.get("components")
        if not isinstance(buttons, list) or not 1 <= len(buttons) <= 5:
            raise _error(f"{where}.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
        for b, button in enumerate(buttons):
            _check_button(button, f"{where}.components.{b}", seen)
    return [dict(row) for row in components]


def _check_button(button: Any, where: str, seen: set[str]) -> None:
    if not isinstance(button, dict) or button.get("type") != BUTTON:
        raise _error(f"{where}.type", "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (2,): the fake takes buttons only.')
    style = button.get("style")
    if style not in (1, 2, 3, 4, LINK, PREMIUM):
        raise _error(f"{where}.style", "BASE_TYPE_CHOICES", f"Value must be one of {{1, 2, 3, 4, 5, 6}}, not {style!r}.")
    label = button.get("label")
    if label is not None and (not isinstance(label, str) or len(label) > 80):
        raise _error(f"{where}.label", "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length.")
    custom_id = button.get("custom_id")
    if style == LINK:
        if custom_id is not None or not button.get("url"):
            raise _error(f"{where}.url", "BUTTON_COMPONENT_URL_REQUIRED", "A link button needs a url and no custom_id.")
        return
    if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= 100:
        raise _error(f"{where}.custom_id", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
    if custom_id in seen:
        raise _error(f"{where}.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
    seen.add(custom_id)


def find_button(message: Message, custom_id: str) -> dict[str, Any] | None:
    """The button with this custom ID on a message, as it stands now."""
    for row in message.components:
        for button in row.get("components") or []:
            if button.get("custom_id") == custom_id:
                return dict(button)
    return None


def payload(fake: World, ix: Interaction, bot: Any) -> dict[str, Any]:
    """The interaction object (INTERACTION_CREATE's data) of a tap, as Discord documents it."""
    channel = ix.message.channel
    data: dict[str, Any] = {
        "id": str(ix.id),
        "application_id": str(bot.id),
        "type": MESSAGE_COMPONENT,
        "data": {"custom_id": ix.custom_id, "component_type": BUTTON},
        "channel": channel.payload(viewer=bot.user),
        "channel_id": str(channel.id),
        "token": ix.token,
        "version": 1,
        "message": fake.message_for(ix.message, bot, has_intent=True, gateway=True),
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if channel.is_dm:
        return data | {
            "user": ix.user.payload(),
            "app_permissions": str(Perm.ATTACH_FILES | Perm.EMBED_LINKS | Perm.MENTION_EVERYONE),
            "authorizing_integration_owners": {"0": "0"},
            "context": 1,
        }
    guild = fake.guilds[channel.guild_id or 0]
    member = guild.members[ix.user.id].payload() | {"permissions": str(guild.permissions_in(channel, ix.user.id))}
    return data | {
        "guild_id": str(guild.id),
        "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
        "guild_locale": "en-US",
        "member": member,
        "app_permissions": str(guild.permissions_in(channel, bot.user.id)),
        "authorizing_integration_owners": {"0": str(guild.id)},
        "context": 0,
    }


def unknown_interaction() -> ApiError:
    return ApiError(404, 10062, "Unknown interaction")


async def callback(request: web.Request) -> web.Response:
    """POST /interactions/{id}/{token}/callback: the bot's one answer to a tap, within three seconds of it."""
    from .messages import message_body

    fake: FakeDiscord = request.app[FAKE_KEY]
    body, files = await message_body(request)
    with fake._lock:
        ix = fake._interactions_by_id.get(snowflake_arg(request.match_info["interaction_id"], "interaction_id"))
        if ix is None or not secrets.compare_digest(ix.token, request.match_info["token"]):
            raise unknown_interaction()
        if ix.response_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if time.perf_counter() - ix.made_monotonic > fake.interaction_timeout:
            ix.late_answers += 1
            fake._changed_locked()
            raise unknown_interaction()  # the token is invalid once the three seconds have passed
        kind = body.get("type")
        if kind not in CALLBACK_TYPES:
            raise _error("type", "BASE_TYPE_CHOICES", f"The fake answers a tap with one of {sorted(CALLBACK_TYPES)}, not {kind!r}.")
        data = body.get("data") or {}
        resource = _respond(fake, ix, kind, data, bool(files))
        ix.response_type, ix.response_data, ix.responded_monotonic = kind, data, time.perf_counter()
        fake._changed_locked()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        answer: dict[str, Any] = {"id": str(ix.id), "type": MESSAGE_COMPONENT}
        if kind in (4, 5):
            answer |= {"response_message_loading": kind == 5, "response_message_ephemeral": bool(int(data.get("flags") or 0) & EPHEMERAL)}
        if resource is not None:
            answer["response_message_id"] = resource["id"]
            return json_response({"interaction": answer, "resource": {"type": kind, "message": resource}})
        return json_response({"interaction": answer})


def _respond(fake: FakeDiscord, ix: Interaction, kind: int, data: dict[str, Any], has_files: bool) -> dict[str, Any] | None:
    """Do what the answer says (call with the lock held); the message it made or changed, as the API returns it."""
    from .messages import MAX_CONTENT, form_error

    bot = next(b for b in fake.bots if b.user is ix.message.author)
    if kind == 7:
        fake._update_message(ix.message, data)
        return fake.message_for(ix.message, bot, has_intent=True, gateway=False)
    if kind != 4:
        return None
    content = data.get("content") or ""
    if len(content) > MAX_CONTENT:
        raise form_error("data.content", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CONTENT} or fewer in length.")
    if not content and not data.get("embeds") and not has_files and not data.get("components"):
        raise ApiError(400, 50006, "Cannot send an empty message")
    if int(data.get("flags") or 0) & EPHEMERAL:
        now = fake.now()
        seen = Message(
            fake._ids.at(now), ix.message.channel, bot.user, content, now, flags=EPHEMERAL, allowed_mentions=data.get("allowed_mentions")
        )
        fake.ephemerals.append(Ephemeral(to=ix.user, message=seen, interaction=ix))
        return seen.payload()
    made = fake._bot_posts(bot, ix.message.channel, content, data)
    return fake.message_for(made, bot, has_intent=True, gateway=False)
