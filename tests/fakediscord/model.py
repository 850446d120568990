"""The fake Discord's world: users, bot applications, guilds, roles, channels, messages, and the
documented rules that act on them (snowflakes, permissions, mentions, history pages).

Nothing here does I/O; every payload is built from the shapes in Discord's API reference (v10)."""

from __future__ import annotations

import itertools
import re
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000  # 2015-01-01T00:00:00Z, the origin of every snowflake's time part


class Intent:
    """Gateway intent bits (Discord's "List of Intents")."""

    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_PRESENCES = 1 << 8
    GUILD_MESSAGES = 1 << 9
    DIRECT_MESSAGES = 1 << 12
    MESSAGE_CONTENT = 1 << 15
    # Every documented bit (0-16, 20, 21, 24, 25); anything else is an invalid intent (close code 4013).
    VALID = (1 << 17) - 1 | 1 << 20 | 1 << 21 | 1 << 24 | 1 << 25
    PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT


class AppFlag:
    """Application flags that say which privileged intents are switched on in the app's settings."""

    GATEWAY_PRESENCE_LIMITED = 1 << 13
    GATEWAY_GUILD_MEMBERS_LIMITED = 1 << 15
    GATEWAY_MESSAGE_CONTENT_LIMITED = 1 << 19


class Perm:
    """Permission bits (Discord's "Bitwise Permission Flags"), the ones the fake checks or a test sets."""

    ADMINISTRATOR = 1 << 3
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    SEND_TTS_MESSAGES = 1 << 12
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    ALL = (1 << 53) - 1
    # What @everyone may do in a new guild of this fake (a plain server where members can talk).
    EVERYONE_DEFAULT = VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY | ADD_REACTIONS
    # Implied away when SEND_MESSAGES is missing ("Implicit Permissions").
    NEEDS_SEND = MENTION_EVERYONE | SEND_TTS_MESSAGES | ATTACH_FILES | EMBED_LINKS


GUILD_TEXT = 0
DM = 1


def iso(moment: datetime) -> str:
    """An ISO 8601 timestamp as Discord writes them (UTC, microseconds)."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def snowflake_time(snowflake: int) -> datetime:
    """The moment a snowflake was made (to the millisecond)."""
    return datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, UTC)


class Snowflakes:
    """Makes unique snowflakes whose time part is the moment given: (ms since 2015) << 22 | worker | process | increment."""

    def __init__(self) -> None:
        self._increment = itertools.count()
        self._issued: set[int] = set()

    def at(self, moment: datetime) -> int:
        ms = int(moment.timestamp() * 1000) - DISCORD_EPOCH_MS
        if ms < 0:
            raise ValueError(f"a snowflake cannot be older than Discord's epoch (2015-01-01), not {moment.isoformat()}")
        while True:
            value = ms << 22 | 1 << 17 | (next(self._increment) & 0xFFF)
            if value not in self._issued:
                self._issued.add(value)
                return value


@dataclass(eq=False)
class User:
    """A Discord account: a person (a fake user a test speaks as) or a bot application's user."""

    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    dms_open: bool = True  # False: Discord refuses a bot's DM to them with 50007

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass(eq=False)
class BotApp:
    """A bot application: its user, its token, and which privileged intents its settings switch on."""

    id: int
    name: str
    user: User
    token: str
    owner: User
    message_content: bool = True
    members: bool = False
    presences: bool = False

    def flags(self) -> int:
        return (
            (AppFlag.GATEWAY_MESSAGE_CONTENT_LIMITED if self.message_content else 0)
            | (AppFlag.GATEWAY_GUILD_MEMBERS_LIMITED if self.members else 0)
            | (AppFlag.GATEWAY_PRESENCE_LIMITED if self.presences else 0)
        )

    def enabled_privileged_intents(self) -> int:
        return (
            (Intent.MESSAGE_CONTENT if self.message_content else 0)
            | (Intent.GUILD_MEMBERS if self.members else 0)
            | (Intent.GUILD_PRESENCES if self.presences else 0)
        )

    def payload(self) -> dict[str, Any]:
        """The application object of GET /oauth2/applications/@me."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "description": "",
            "bot_public": False,
            "bot_require_code_grant": False,
            "owner": self.owner.payload(),
            "verify_key": secrets.token_hex(32),
            "flags": self.flags(),
            "bot": self.user.payload(),
            "team": None,
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "tags": [],
        }


def new_token(bot_id: int) -> str:
    """A token shaped like Discord's (three dot-separated parts); only the fake knows it."""
    return f"{bot_id:x}.fake.{secrets.token_urlsafe(24)}"


@dataclass(eq=False)
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    mentionable: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": self.mentionable,
            "flags": 0,
        }


@dataclass
class Overwrite:
    """A channel permission overwrite for a role (kind 0) or a member (kind 1)."""

    target_id: int
    kind: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.target_id), "type": self.kind, "allow": str(self.allow), "deny": str(self.deny)}


@dataclass(eq=False)
class Member:
    user: User
    guild_id: int
    joined_at: datetime
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None

    def payload(self, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "nick": self.nick,
            "avatar": None,
            "roles": [str(r) for r in self.role_ids],
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        return data


@dataclass(eq=False)
class Channel:
    """A guild text channel or a DM (``recipients`` is the person and the bot)."""

    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    position: int = 0
    topic: str | None = None
    overwrites: list[Overwrite] = field(default_factory=list)
    recipients: tuple[User, ...] = ()
    last_message_id: int | None = None

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    def __repr__(self) -> str:
        if self.is_dm:
            return f"<DM {self.id} with {', '.join(u.username for u in self.recipients)}>"
        return f"<Channel #{self.name} {self.id}>"

    def payload(self, *, viewer: User | None = None) -> dict[str, Any]:
        last = None if self.last_message_id is None else str(self.last_message_id)
        if self.is_dm:
            others = [u for u in self.recipients if u is not viewer]
            return {"id": str(self.id), "type": DM, "last_message_id": last, "recipients": [u.payload() for u in others], "flags": 0}
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [o.payload() for o in self.overwrites],
            "topic": self.topic,
            "nsfw": False,
            "last_message_id": last,
            "rate_limit_per_user": 0,
            "parent_id": None,
            "flags": 0,
        }


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    created_at: datetime
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def base_permissions(self, user_id: int) -> int:
        """Discord's compute_base_permissions: @everyone, then the member's roles; the owner and ADMINISTRATOR get all."""
        if user_id == self.owner_id:
            return Perm.ALL
        perms = self.everyone.permissions
        for role_id in self.members[user_id].role_ids:
            perms |= self.roles[role_id].permissions
        return Perm.ALL if perms & Perm.ADMINISTRATOR else perms

    def permissions_in(self, channel: Channel, user_id: int) -> int:
        """Discord's compute_overwrites (then the implicit denials: no view, nothing; no send, no attach/embed/mention)."""
        if user_id not in self.members:
            return 0
        perms = self.base_permissions(user_id)
        if perms & Perm.ADMINISTRATOR or user_id == self.owner_id:
            return Perm.ALL
        by_target = {o.target_id: o for o in channel.overwrites}
        everyone = by_target.get(self.id)
        if everyone:
            perms = perms & ~everyone.deny | everyone.allow
        allow = deny = 0
        for role_id in self.members[user_id].role_ids:
            over = by_target.get(role_id)
            if over and over.kind == 0:
                allow |= over.allow
                deny |= over.deny
        perms = perms & ~deny | allow
        mine = by_target.get(user_id)
        if mine and mine.kind == 1:
            perms = perms & ~mine.deny | mine.allow
        if not perms & Perm.VIEW_CHANNEL:
            return 0
        if not perms & Perm.SEND_MESSAGES:
            perms &= ~Perm.NEEDS_SEND
        return perms

    def payload(self) -> dict[str, Any]:
        """The guild object (GET /guilds/{id}); GUILD_CREATE adds members, channels and the rest."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in sorted(self.roles.values(), key=lambda r: (r.position, r.id))],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }


@dataclass
class Attachment:
    """A file on a message: its bytes exactly as uploaded, and the URL the fake serves them at."""

    id: int
    filename: str
    data: bytes
    content_type: str | None
    url: str
    description: str | None = None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description is not None:
            data["description"] = self.description
        return data


@dataclass(eq=False)
class Message:
    """A message in a channel's history, with what the test may want to check about how it was sent.

    ``allowed_mentions`` is the object the sender passed (None: it passed none, so Discord parsed every
    mention); ``mentions`` / ``mention_roles`` / ``mention_everyone`` are the pings that result."""

    id: int
    channel: Channel
    author: User
    content: str
    timestamp: datetime
    attachments: list[Attachment] = field(default_factory=list)
    embeds: list[dict[str, Any]] = field(default_factory=list)
    allowed_mentions: dict[str, Any] | None = None
    mentions: list[User] = field(default_factory=list)
    mention_roles: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    nonce: str | int | None = None
    edited_timestamp: datetime | None = None
    tts: bool = False
    flags: int = 0
    components: list[dict[str, Any]] = field(default_factory=list)
    message_reference: dict[str, Any] | None = None
    # time.perf_counter() when the fake made it (a user's message, or a bot's POST handled): for latencies.
    created_monotonic: float = field(default_factory=time.perf_counter)

    @property
    def channel_id(self) -> int:
        return self.channel.id

    def __repr__(self) -> str:
        files = f" +{len(self.attachments)} file(s)" if self.attachments else ""
        return f"<Message {self.id} in {self.channel!r} by {self.author.username}: {self.content!r}{files}>"

    def payload(self) -> dict[str, Any]:
        """The message object as the REST API returns it (full content)."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": iso(self.timestamp),
            "edited_timestamp": None if self.edited_timestamp is None else iso(self.edited_timestamp),
            "tts": self.tts,
            "mention_everyone": self.mention_everyone,
            "mentions": [u.payload() for u in self.mentions],
            "mention_roles": [str(r) for r in self.mention_roles],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": 0 if self.message_reference is None else 19,
            "flags": self.flags,
        }
        if self.nonce is not None:
            data["nonce"] = self.nonce
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        return data


USER_MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")


def resolve_mentions(content: str, allowed: dict[str, Any] | None) -> tuple[set[int], set[int], bool]:
    """The user IDs, role IDs and @everyone/@here that ``content`` pings under ``allowed`` (Discord's allowed
    mentions object; None parses every kind, as a regular message without the field does)."""
    parse = {"users", "roles", "everyone"} if allowed is None else set(allowed.get("parse") or [])
    named_users = {int(u) for u in (allowed or {}).get("users") or []}
    named_roles = {int(r) for r in (allowed or {}).get("roles") or []}
    in_text_users = {int(m) for m in USER_MENTION.findall(content)}
    in_text_roles = {int(m) for m in ROLE_MENTION.findall(content)}
    users = in_text_users if "users" in parse else in_text_users & named_users
    roles = in_text_roles if "roles" in parse else in_text_roles & named_roles
    everyone = "everyone" in parse and ("@everyone" in content or "@here" in content)
    return users, roles, everyone
