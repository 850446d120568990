"""What a test builds and does in the fake Discord: users, bots, guilds, roles, channels, DMs, and users'
messages. Every change a connected bot would hear about is dispatched on the gateway, as Discord does.

All state is guarded by one lock, so any thread may call these methods (the fake's own server thread,
the test's thread, a discord.py client's event loop)."""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from .history import History
from .interactions import Ephemeral, Interaction, find_button
from .interactions import payload as interaction_payload
from .model import (
    DM,
    GUILD_TEXT,
    Attachment,
    BotApp,
    Channel,
    Guild,
    Intent,
    Member,
    Message,
    Overwrite,
    Perm,
    Role,
    Snowflakes,
    User,
    new_token,
    resolve_mentions,
)

if TYPE_CHECKING:
    from .gateway import Gateway, Session

# What a test may name where the fake expects a user: a user, a bot application (its user), or a user ID.
Who = User | BotApp | int
# Where a user speaks: a guild channel, or a bot application (the DM between the user and that bot).
Where = Channel | BotApp
# A file a user attaches: (filename, bytes) or (filename, bytes, content type).
FileSpec = tuple[str, bytes] | tuple[str, bytes, str]


class World:
    """The fake's state. ``FakeDiscord`` adds the server; see README.md for the whole API."""

    gateway: Gateway
    http_url: str

    def __init__(self, *, clock_start: datetime | None = None) -> None:
        self._lock = threading.RLock()
        self._cond = threading.Condition(self._lock)
        self._version = 0
        self._async_waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = []
        self._ids = Snowflakes()
        if clock_start is not None and clock_start.tzinfo is None:
            raise ValueError(f"clock_start must be timezone-aware (UTC), not the naive {clock_start.isoformat()}")
        self._clock_base = clock_start
        self._clock_offset = timedelta(0)
        self.users: dict[int, User] = {}
        self.bots: list[BotApp] = []
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.histories: dict[int, History] = {}
        self._dms: dict[tuple[int, int], Channel] = {}
        self.sent: list[Message] = []  # messages bots created over REST, in the order Discord accepted them
        self.deleted: list[Message] = []
        self.interactions: list[Interaction] = []  # users' taps on buttons, in order, each with the bot's answer
        self._interactions_by_id: dict[int, Interaction] = {}
        self.ephemerals: list[Ephemeral] = []  # answers to taps that only the tapper sees

    # -- change notification (waits are in fake.py) ----------------------------------------------------------

    def _changed_locked(self) -> None:
        self._version += 1
        self._cond.notify_all()
        for loop, event in self._async_waiters:
            loop.call_soon_threadsafe(event.set)

    # -- the clock --------------------------------------------------------------------------------------------

    def now(self) -> datetime:
        """The fake's time: the real UTC time, or the frozen ``clock_start``, plus whatever ``advance`` added."""
        with self._lock:
            base = self._clock_base if self._clock_base is not None else datetime.now(UTC)
            return base + self._clock_offset

    def set_clock(self, moment: datetime) -> None:
        """Freeze the clock at ``moment`` (timezone-aware); it then moves only by ``advance``."""
        if moment.tzinfo is None:
            raise ValueError(f"set_clock needs a timezone-aware time (UTC), not the naive {moment.isoformat()}")
        with self._lock:
            self._clock_base, self._clock_offset = moment, timedelta(0)

    def advance(self, seconds: float) -> datetime:
        """Move the clock forward (a frozen clock or the real one) and return the new time."""
        if seconds < 0:
            raise ValueError(f"the clock only moves forward: advance({seconds}) asks to go back")
        with self._lock:
            self._clock_offset += timedelta(seconds=seconds)
            return self.now()

    # -- building the world --------------------------------------------------------------------------------

    def add_user(self, username: str, *, global_name: str | None = None, dms_open: bool = True) -> User:
        with self._lock:
            user = User(self._ids.at(self.now()), username, global_name, dms_open=dms_open)
            self.users[user.id] = user
            return user

    def add_bot(
        self, name: str, *, message_content: bool = True, members: bool = False, presences: bool = False, owner: User | None = None
    ) -> BotApp:
        """A bot application with its bot user and token; the three flags are its privileged intents' switches."""
        with self._lock:
            app_id = self._ids.at(self.now())
            user = User(app_id, name, bot=True)
            self.users[user.id] = user
            owner = owner or self.add_user(f"{name}-owner")
            bot = BotApp(app_id, name, user, new_token(app_id), owner, message_content, members, presences)
            self.bots.append(bot)
            return bot

    def set_app_intents(
        self, bot: BotApp, *, message_content: bool | None = None, members: bool | None = None, presences: bool | None = None
    ) -> None:
        """Switch privileged intents in the app's settings (they apply to the next IDENTIFY)."""
        with self._lock:
            if message_content is not None:
                bot.message_content = message_content
            if members is not None:
                bot.members = members
            if presences is not None:
                bot.presences = presences

    def add_guild(self, name: str, *, owner: User, everyone: int = Perm.EVERYONE_DEFAULT) -> Guild:
        """A guild owned by ``owner`` (its first member), with an @everyone role holding ``everyone``."""
        with self._lock:
            now = self.now()
            guild = Guild(self._ids.at(now), name, owner.id, now)
            guild.roles[guild.id] = Role(guild.id, guild.id, "@everyone", everyone, 0)
            guild.members[owner.id] = Member(owner, guild.id, now)
            self.guilds[guild.id] = guild
            return guild

    def add_role(self, guild: Guild, name: str, permissions: int = 0, *, mentionable: bool = False) -> Role:
        with self._lock:
            role = Role(self._ids.at(self.now()), guild.id, name, permissions, len(guild.roles), mentionable)
            guild.roles[role.id] = role
            self._to_guild_bots(guild, "GUILD_ROLE_CREATE", Intent.GUILDS, lambda s: {"guild_id": str(guild.id), "role": role.payload()})
            return role

    def set_role_permissions(self, role: Role, permissions: int) -> None:
        """Change a role's permissions (GUILD_ROLE_UPDATE)."""
        with self._lock:
            role.permissions = permissions
            guild = self.guilds[role.guild_id]
            self._to_guild_bots(guild, "GUILD_ROLE_UPDATE", Intent.GUILDS, lambda s: {"guild_id": str(guild.id), "role": role.payload()})
            self._changed_locked()

    def add_member(self, guild: Guild, who: Who, *, roles: Iterable[Role] = (), nick: str | None = None) -> Member:
        """Add a user or a bot to a guild (GUILD_MEMBER_ADD; a bot that joins gets the GUILD_CREATE)."""
        with self._lock:
            user = self._user(who)
            if user.id in guild.members:
                raise ValueError(f"{user.username} is already a member of {guild.name}")
            member = Member(user, guild.id, self.now(), [self._role_in(guild, r) for r in roles], nick)
            guild.members[user.id] = member
            joining = self._bot_of(user)
            if joining is not None:
                self.gateway.dispatch(
                    joining, "GUILD_CREATE", lambda s: self.gateway.guild_create(guild, s) if s.has(Intent.GUILDS) else None
                )
            member_data = member.payload() | {"guild_id": str(guild.id)}
            self._to_guild_bots(guild, "GUILD_MEMBER_ADD", Intent.GUILD_MEMBERS, lambda s: member_data if s.bot is not joining else None)
            self._changed_locked()
            return member

    def set_member_roles(self, guild: Guild, who: Who, roles: Iterable[Role]) -> None:
        """Replace a member's roles (GUILD_MEMBER_UPDATE; a bot always hears about its own member)."""
        with self._lock:
            member = self._member(guild, who)
            member.role_ids = [self._role_in(guild, r) for r in roles]
            data = member.payload() | {"guild_id": str(guild.id)}

            def build(session: Session) -> dict[str, Any] | None:
                return data if session.has(Intent.GUILD_MEMBERS) or session.bot.user is member.user else None

            for bot in self._bots_in(guild):
                self.gateway.dispatch(bot, "GUILD_MEMBER_UPDATE", build)
            self._changed_locked()

    def add_text_channel(self, guild: Guild, name: str, *, topic: str | None = None, private_to: Iterable[Who] | None = None) -> Channel:
        """A text channel (CHANNEL_CREATE). ``private_to``: hide it from @everyone and let only these see it."""
        with self._lock:
            position = sum(1 for c in guild.channels.values() if c.type == GUILD_TEXT)
            channel = Channel(self._ids.at(self.now()), GUILD_TEXT, name, guild.id, position, topic)
            if private_to is not None:
                channel.overwrites.append(Overwrite(guild.id, 0, deny=Perm.VIEW_CHANNEL))
                for who in private_to:
                    user = self._user(who)
                    channel.overwrites.append(Overwrite(user.id, 1, allow=Perm.VIEW_CHANNEL))
            guild.channels[channel.id] = channel
            self.channels[channel.id] = channel
            self.histories[channel.id] = History()
            self._to_guild_bots(guild, "CHANNEL_CREATE", Intent.GUILDS, lambda s: channel.payload())
            self._changed_locked()
            return channel

    def set_overwrite(self, channel: Channel, target: Role | Guild | Who, *, allow: int = 0, deny: int = 0) -> None:
        """Set (replace) the overwrite for a role, @everyone (pass the guild) or a member on a channel (CHANNEL_UPDATE).
        allow=0 and deny=0 removes it."""
        with self._lock:
            if channel.guild_id is None:
                raise ValueError("a DM has no permission overwrites")
            guild = self.guilds[channel.guild_id]
            if isinstance(target, Role | Guild):
                target_id, kind = target.id, 0
            else:
                target_id, kind = self._user(target).id, 1
            channel.overwrites = [o for o in channel.overwrites if o.target_id != target_id]
            if allow or deny:
                channel.overwrites.append(Overwrite(target_id, kind, allow, deny))
            self._to_guild_bots(guild, "CHANNEL_UPDATE", Intent.GUILDS, lambda s: channel.payload())
            self._changed_locked()

    def dm_channel(self, who: Who, bot: BotApp) -> Channel:
        """The DM channel between a user and a bot (made on first use, like POST /users/@me/channels)."""
        with self._lock:
            user = self._user(who)
            key = (user.id, bot.user.id)
            if key not in self._dms:
                channel = Channel(self._ids.at(self.now()), DM, recipients=(user, bot.user))
                self._dms[key] = channel
                self.channels[channel.id] = channel
                self.histories[channel.id] = History()
            return self._dms[key]

    def close_dms(self, who: Who) -> None:
        """The user no longer accepts DMs from bots: a bot's DM to them is refused with 403, code 50007."""
        with self._lock:
            self._user(who).dms_open = False

    def open_dms(self, who: Who) -> None:
        with self._lock:
            self._user(who).dms_open = True

    # -- what users do -------------------------------------------------------------------------------------

    def user_says(
        self, who: Who, where: Where, content: str, *, at: datetime | None = None, files: Sequence[FileSpec] = (), nonce: str | None = None
    ) -> Message:
        """A user posts ``content`` in a guild channel, or in their DM with a bot (pass the bot), at the fake's
        time or at ``at``. It joins the channel's history and every bot that can see it gets MESSAGE_CREATE."""
        with self._lock:
            user = self._user(who)
            channel = self.dm_channel(user, where) if isinstance(where, BotApp) else where
            if channel.is_dm:
                if user not in channel.recipients:
                    raise ValueError(f"{user.username} is not in that DM")
            else:
                guild = self.guilds[channel.guild_id or 0]
                if user.id not in guild.members:
                    raise ValueError(f"{user.username} is not a member of {guild.name}, so cannot post in #{channel.name}")
                if not guild.permissions_in(channel, user.id) & Perm.SEND_MESSAGES:
                    raise ValueError(f"{user.username} may not send messages in #{channel.name} (no VIEW_CHANNEL or SEND_MESSAGES)")
            when = self.now() if at is None else at
            if when.tzinfo is None:
                raise ValueError(f"at= must be timezone-aware (UTC), not the naive {when.isoformat()}")
            message_id = self._ids.at(when)
            attachments = [self._attachment(channel, spec[0], spec[1], spec[2] if len(spec) > 2 else None) for spec in files]  # type: ignore[misc]
            message = Message(message_id, channel, user, content, when, attachments=attachments, nonce=nonce)
            self._set_mentions(message, None)
            self._store(message)
            self._dispatch_message("MESSAGE_CREATE", message)
            self._changed_locked()
            return message

    def tap(self, who: Who, message: Message, custom_id: str, *, at: datetime | None = None) -> Interaction:
        """A user taps the button ``custom_id`` on a bot's message (at the fake's time or ``at``): INTERACTION_CREATE goes
        to that bot's sessions. A tap Discord's client would not allow (no such button, a disabled one, a channel the
        user cannot see) is refused with a ValueError that says why."""
        with self._lock:
            user = self._user(who)
            bot = self._bot_of(message.author)
            if bot is None:
                raise ValueError("only a bot's message carries buttons that make interactions")
            button = find_button(message, custom_id)
            if button is None:
                raise ValueError(f"the message has no button {custom_id!r} (its buttons: {_custom_ids(message)})")
            if button.get("disabled"):
                raise ValueError(
                    f"the button {button.get('label') or custom_id!r} is disabled: Discord's client does not let anyone tap it"
                )
            channel = message.channel
            if channel.is_dm:
                if user not in channel.recipients:
                    raise ValueError(f"{user.username} is not in that DM")
            elif not self.guilds[channel.guild_id or 0].permissions_in(channel, user.id) & Perm.VIEW_CHANNEL:
                raise ValueError(f"{user.username} cannot see #{channel.name}")
            when = self.now() if at is None else at
            if when.tzinfo is None:
                raise ValueError(f"at= must be timezone-aware (UTC), not the naive {when.isoformat()}")
            ix = Interaction(self._ids.at(when), secrets.token_urlsafe(48), user, message, custom_id)
            self.interactions.append(ix)
            self._interactions_by_id[ix.id] = ix
            data = interaction_payload(self, ix, bot)
            self.gateway.dispatch(bot, "INTERACTION_CREATE", lambda s: data)  # interactions need no intent
            self._changed_locked()
            return ix

    def _update_message(self, message: Message, data: dict[str, Any]) -> None:
        """Change a bot's message as an edit (PATCH) or an UPDATE_MESSAGE answer says, and dispatch MESSAGE_UPDATE."""
        from .interactions import check_components
        from .messages import MAX_CONTENT, form_error

        if "content" in data:
            content = data["content"] or ""
            if len(content) > MAX_CONTENT:
                raise form_error("content", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CONTENT} or fewer in length.")
            message.content = content
        if "components" in data:
            message.components = check_components(data["components"] or [])
        if "embeds" in data:
            message.embeds = [dict(e) | {"type": "rich"} for e in data["embeds"] or []]
        if "attachments" in data:
            keep = {str(a.get("id")) for a in data["attachments"] or [] if isinstance(a, dict)}
            message.attachments = [a for a in message.attachments if str(a.id) in keep]
        if "allowed_mentions" in data:
            message.allowed_mentions = data["allowed_mentions"]
        self._set_mentions(message, data.get("allowed_mentions"))
        message.edited_timestamp = self.now()
        self._dispatch_message("MESSAGE_UPDATE", message)

    def _bot_posts(self, bot: BotApp, channel: Channel, content: str, data: dict[str, Any]) -> Message:
        """A message a bot made by answering a tap (CHANNEL_MESSAGE_WITH_SOURCE, not ephemeral): like one it sent."""
        from .interactions import check_components

        now = self.now()
        made = Message(
            self._ids.at(now),
            channel,
            bot.user,
            content,
            now,
            allowed_mentions=data.get("allowed_mentions"),
            components=check_components(data.get("components") or []),
        )
        self._set_mentions(made, made.allowed_mentions)
        self._store(made)
        self.sent.append(made)
        self._dispatch_message("MESSAGE_CREATE", made)
        return made

    # -- reading what happened ----------------------------------------------------------------------------

    def messages(self, channel: Channel) -> list[Message]:
        """A channel's history, oldest first."""
        with self._lock:
            return self.histories[channel.id].all()

    def sent_messages(self, channel: Channel | None = None, *, bot: BotApp | None = None) -> list[Message]:
        """What bots sent over REST (optionally in one channel, by one bot), in the order it was accepted."""
        with self._lock:
            return [m for m in self.sent if (channel is None or m.channel is channel) and (bot is None or m.author is bot.user)]

    def dms_to(self, who: Who, *, bot: BotApp | None = None) -> list[Message]:
        """The DMs bots sent to a user (accepted ones; a refused DM is in ``fake.refusals``)."""
        with self._lock:
            user = self._user(who)
            return [m for m in self.sent if m.channel.is_dm and user in m.channel.recipients and (bot is None or m.author is bot.user)]

    # -- helpers shared with the REST side -------------------------------------------------------------------

    def _user(self, who: Who) -> User:
        if isinstance(who, BotApp):
            return who.user
        if isinstance(who, User):
            return who
        if who in self.users:
            return self.users[who]
        raise ValueError(f"no user with ID {who}")

    def _member(self, guild: Guild, who: Who) -> Member:
        user = self._user(who)
        if user.id not in guild.members:
            raise ValueError(f"{user.username} is not a member of {guild.name}")
        return guild.members[user.id]

    @staticmethod
    def _role_in(guild: Guild, role: Role) -> int:
        if role.guild_id != guild.id or role.id == guild.id:
            raise ValueError(f"role {role.name} is not a role of {guild.name} that a member can hold")
        return role.id

    def _bot_of(self, user: User) -> BotApp | None:
        return next((b for b in self.bots if b.user is user), None)

    def _bot_by_token(self, token: object) -> BotApp | None:
        return next((b for b in self.bots if b.token == token), None)

    def _bots_in(self, guild: Guild) -> list[BotApp]:
        return [b for b in self.bots if b.user.id in guild.members]

    def _guilds_of(self, user: User) -> list[Guild]:
        return [g for g in self.guilds.values() if user.id in g.members]

    def _to_guild_bots(self, guild: Guild, event: str, intent: int, build: Any) -> None:
        for bot in self._bots_in(guild):
            self.gateway.dispatch(bot, event, lambda s: build(s) if s.has(intent) else None)

    def _attachment(
        self, channel: Channel, filename: str, data: bytes, content_type: str | None, description: str | None = None
    ) -> Attachment:
        attachment_id = self._ids.at(self.now())
        url = f"{self.http_url}/attachments/{channel.id}/{attachment_id}/{filename}"
        return Attachment(attachment_id, filename, bytes(data), content_type, url, description)

    def _set_mentions(self, message: Message, allowed: dict[str, Any] | None) -> None:
        users, roles, everyone = resolve_mentions(message.content, allowed)
        guild = self.guilds.get(message.channel.guild_id or 0)
        message.mentions = [self.users[u] for u in sorted(users) if u in self.users]
        message.mention_roles = sorted(r for r in roles if guild is not None and r in guild.roles)
        message.mention_everyone = everyone and guild is not None

    def _store(self, message: Message) -> None:
        self.histories[message.channel.id].add(message)
        last = message.channel.last_message_id
        if last is None or message.id > last:
            message.channel.last_message_id = message.id

    def content_visible(self, message: Message, bot: BotApp, *, has_intent: bool) -> bool:
        """Whether ``bot`` sees the message's content: with the message-content intent, or in its DMs, its own
        messages, and messages that mention it (Discord's "Message Content Intent")."""
        return has_intent or message.channel.is_dm or message.author is bot.user or bot.user in message.mentions

    def message_for(self, message: Message, bot: BotApp, *, has_intent: bool, gateway: bool) -> dict[str, Any]:
        """The message as ``bot`` receives it (content fields emptied when it may not see them)."""
        data = message.payload()
        if not self.content_visible(message, bot, has_intent=has_intent):
            data.update(content="", embeds=[], attachments=[], components=[])
        if gateway:
            guild_id = message.channel.guild_id
            data["channel_type"] = message.channel.type
            if guild_id is not None:
                guild = self.guilds[guild_id]
                data["guild_id"] = str(guild_id)
                if message.author.id in guild.members:
                    data["member"] = guild.members[message.author.id].payload(with_user=False)
                for mentioned in data["mentions"]:
                    member = guild.members.get(int(mentioned["id"]))
                    if member is not None:
                        mentioned["member"] = member.payload(with_user=False)
        return data

    def _receivers(self, channel: Channel) -> list[BotApp]:
        """The bots that get a channel's message events: the DM's bot, or the guild's bots that can view the channel."""
        if channel.is_dm:
            return [b for b in self.bots if b.user in channel.recipients]
        guild = self.guilds[channel.guild_id or 0]
        return [b for b in self._bots_in(guild) if guild.permissions_in(channel, b.user.id) & Perm.VIEW_CHANNEL]

    def _dispatch_message(self, event: str, message: Message) -> None:
        intent = Intent.DIRECT_MESSAGES if message.channel.is_dm else Intent.GUILD_MESSAGES
        for bot in self._receivers(message.channel):

            def build(session: Session, bot: BotApp = bot) -> dict[str, Any] | None:
                if not session.has(intent):
                    return None
                return self.message_for(message, bot, has_intent=session.has(Intent.MESSAGE_CONTENT), gateway=True)

            self.gateway.dispatch(bot, event, build)

    def _dispatch_delete(self, message: Message) -> None:
        intent = Intent.DIRECT_MESSAGES if message.channel.is_dm else Intent.GUILD_MESSAGES
        data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel.id)}
        if message.channel.guild_id is not None:
            data["guild_id"] = str(message.channel.guild_id)
        for bot in self._receivers(message.channel):
            self.gateway.dispatch(bot, "MESSAGE_DELETE", lambda s: data if s.has(intent) else None)


def _custom_ids(message: Message) -> list[str]:
    return [str(b.get("custom_id")) for row in message.components for b in row.get("components") or []]
