"""discord.py behind the bot's transport interface (wire.Transport): the one module that imports discord.

It turns discord.py's messages into `wire.Incoming` and taps on buttons into `wire.Tap` (answered at once, as
the bot says), sends `wire.Outgoing` with no live mentions, its buttons, and a nonce Discord enforces (a resend
after a crash returns the message already made, not a second one), changes a message's buttons,
reads history oldest first, and gathers the facts the start-up checks judge (`preflight`). Discord's
errors come out as wire.Refused / Unreachable / Rejected, with discord.py's own logging routed to the
host's screen in one line instead of tracebacks.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import logging
from collections.abc import Callable
from typing import Any

import aiohttp
import discord

from umpire.discord.checks import MESSAGE_CONTENT_STEP
from umpire.discord.ids import Ids
from umpire.discord.wire import (
    NEEDED,
    Button,
    ChannelFacts,
    Facts,
    Incoming,
    OnMessage,
    OnState,
    OnTap,
    Outgoing,
    Place,
    Reader,
    Refused,
    Rejected,
    Tap,
    Unreachable,
    UserFacts,
)

READY_TIMEOUT = 60.0
NETWORK_ERRORS = (aiohttp.ClientError, OSError, asyncio.TimeoutError, discord.GatewayNotFound)

TOKEN_STEP = (
    "Discord refused the bot token (401 Unauthorized): in the developer portal open the application → Bot → Reset Token, "
    "and put the new token where umpire reads it (the environment variable UMPIRE_DISCORD_TOKEN or your token_file)"
)


def intents() -> discord.Intents:
    """Guilds, guild messages and DMs (the defaults) and the message content of them: no member or presence lists."""
    chosen = discord.Intents.default()
    chosen.message_content = True
    return chosen


class _Client(discord.Client):
    """A discord.py client that hands what it hears to the transport's callbacks."""

    def __init__(self, owner: DiscordTransport, **options: Any) -> None:
        super().__init__(intents=intents(), **options)
        self.owner = owner
        self.readies = 0

    async def on_ready(self) -> None:
        self.readies += 1
        self.owner.ready.set()
        if self.owner.on_state is not None:
            self.owner.on_state("ready" if self.readies == 1 else "ready again", True)

    async def on_resumed(self) -> None:
        if self.owner.on_state is not None:
            self.owner.on_state("resumed", True)

    async def on_disconnect(self) -> None:
        if self.owner.on_state is not None and self.readies:
            self.owner.on_state("disconnected", False)

    async def on_message(self, message: discord.Message) -> None:
        if self.owner.on_message is not None:
            self.owner.on_message(incoming(message))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if self.owner.on_tap is not None and interaction.type is discord.InteractionType.component:
            await self.owner.answer(interaction)

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        logging.getLogger("discord").exception("umpire's handler of %s raised", event_method)


def incoming(message: discord.Message) -> Incoming:
    """A discord.py message as the bot sees it."""
    return Incoming(
        id=message.id,
        channel=message.channel.id,
        author=message.author.id,
        bot=message.author.bot,
        dm=isinstance(message.channel, discord.DMChannel),
        content=message.content,
    )


class DiscordTransport:
    """The bot's link to Discord, through discord.py."""

    def __init__(self, token: str, *, on_log: Callable[[str], None] | None = None) -> None:
        self._token = token
        self._client: _Client | None = None
        self._task: asyncio.Task[None] | None = None
        self._dms: dict[int, discord.DMChannel] = {}
        self._channels: dict[int, Any] = {}
        self.ready = asyncio.Event()
        self.on_message: OnMessage | None = None
        self.on_state: OnState | None = None
        self.on_tap: OnTap | None = None
        self.me = 0
        self._log_handler = _ToHost(on_log) if on_log is not None else None

    async def start(self, on_message: OnMessage, on_state: OnState) -> None:
        self.on_message, self.on_state = on_message, on_state
        log = logging.getLogger("discord")
        if self._log_handler is not None:
            log.addHandler(self._log_handler)
            log.propagate = False
        client = _Client(self, guild_ready_timeout=0.5)
        self._client = client
        try:
            await client.login(self._token)
        except discord.LoginFailure:
            await client.close()
            raise Rejected(TOKEN_STEP) from None
        except NETWORK_ERRORS as exc:
            await client.close()
            raise Unreachable(f"cannot reach Discord ({exc or type(exc).__name__})") from exc
        assert client.user is not None
        self.me = client.user.id
        self._task = asyncio.create_task(client.connect(reconnect=True))
        waiting = asyncio.create_task(self.ready.wait())
        done, _ = await asyncio.wait({self._task, waiting}, timeout=READY_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
        if waiting not in done:
            waiting.cancel()
            problem = self._task.exception() if self._task in done else None
            await self.close()
            if isinstance(problem, discord.PrivilegedIntentsRequired):
                raise Rejected(MESSAGE_CONTENT_STEP)  # the gateway closed with 4014
            raise Unreachable(f"Discord's gateway did not get ready in {READY_TIMEOUT:.0f} s ({problem or 'no answer'})")

    async def _channel(self, place: Place) -> Any:
        client = self._client
        assert client is not None
        if place.user is not None:
            if place.user not in self._dms:
                user = client.get_user(place.user) or await client.fetch_user(place.user)
                self._dms[place.user] = await user.create_dm()
            return self._dms[place.user]
        assert place.channel is not None
        channel = client.get_channel(place.channel) or self._channels.get(place.channel)
        if channel is None:
            channel = await client.fetch_channel(place.channel)
            self._channels[place.channel] = channel
        return channel

    async def send(self, place: Place, out: Outgoing) -> str:
        try:
            channel = await self._channel(place)
            if out.edit is not None:
                return await _change_buttons(channel, out)
            files = [discord.File(io.BytesIO(data), filename=name) for name, data in out.files]
            message = await channel.send(
                out.text or None,
                files=files or None,
                nonce=out.nonce,
                allowed_mentions=discord.AllowedMentions.none(),
                view=_view(out.buttons),
            )
        except discord.HTTPException as exc:
            raise Refused(exc.status, exc.code, exc.text or str(exc)) from None
        except NETWORK_ERRORS as exc:
            raise Unreachable(f"cannot reach Discord ({exc or type(exc).__name__})") from exc
        return str(message.id)

    async def answer(self, interaction: discord.Interaction) -> None:
        """Answer a tap as the bot says, at once; then, if the bot takes it, let it know Discord accepted the answer."""
        assert self.on_tap is not None
        data: dict[str, Any] = dict(interaction.data or {})
        message = interaction.message
        tap = Tap(
            id=interaction.id,
            channel=interaction.channel_id or 0,
            user=interaction.user.id,
            message=message.id if message is not None else 0,
            custom_id=str(data.get("custom_id", "")),
            dm=interaction.guild_id is None,
        )
        said = self.on_tap(tap)
        accepted = False
        try:
            if said.tell:
                await interaction.response.send_message(said.tell, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
            elif said.disable and message is not None:
                await interaction.response.edit_message(view=_disabled(message))
            else:
                await interaction.response.defer()
            accepted = True
        except discord.HTTPException as exc:
            logging.getLogger("discord").warning(
                "could not answer a tap on a button in time (%s): the player's Discord says it failed", exc
            )
        except NETWORK_ERRORS as exc:
            logging.getLogger("discord").warning("could not answer a tap on a button (%s): the player's Discord says it failed", exc)
        finally:  # the bot hears how it went even if this is cancelled (leaving): it holds the deadlines after a tap till then
            if said.take is not None:
                said.take(accepted)

    async def dm_channel(self, user: int) -> int:
        try:
            channel = await self._channel(Place(user=user))
        except discord.HTTPException as exc:
            raise Refused(exc.status, exc.code, exc.text or str(exc)) from None
        except NETWORK_ERRORS as exc:
            raise Unreachable(f"cannot reach Discord ({exc or type(exc).__name__})") from exc
        return int(channel.id)

    async def history(self, place: Place, after: int) -> list[Incoming]:
        try:
            channel = await self._channel(place)
            return [incoming(m) async for m in channel.history(limit=None, after=discord.Object(id=after), oldest_first=True)]
        except discord.HTTPException as exc:
            raise Refused(exc.status, exc.code, exc.text or str(exc)) from None
        except NETWORK_ERRORS as exc:
            raise Unreachable(f"cannot reach Discord ({exc or type(exc).__name__})") from exc

    async def close(self) -> None:
        if self._client is not None:
            await self._client.close()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self._task, timeout=10)
        if self._log_handler is not None:
            logging.getLogger("discord").removeHandler(self._log_handler)


def _view(buttons: tuple[Button, ...]) -> discord.ui.View | None:
    """A message's buttons as discord.py sends them (no callbacks kept: the bot answers every tap in `answer`)."""
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for b in buttons:
        view.add_item(discord.ui.Button(label=b.label, custom_id=b.custom_id, disabled=b.disabled, style=discord.ButtonStyle.primary))
    view.stop()  # a finished view is sent as components only, and not kept by discord.py
    return view


def _disabled(message: discord.Message) -> discord.ui.View:
    """A message's own buttons, every one disabled."""
    view = discord.ui.View.from_message(message, timeout=None)
    for item in view.children:
        if isinstance(item, discord.ui.Button):
            item.disabled = True
    view.stop()
    return view


async def _change_buttons(channel: Any, out: Outgoing) -> str:
    """Replace the buttons of the bot's message `out.edit`. A change Discord refuses for good (the message gone, no longer
    the bot's to change) is given up, not retried: a tap on buttons left live is refused by the bot all the same."""
    assert out.edit is not None
    try:
        await channel.get_partial_message(int(out.edit)).edit(view=_view(out.buttons))
    except discord.HTTPException as exc:
        if exc.status >= 500:
            raise  # Discord's trouble: tried again
        logging.getLogger("discord").warning(
            "could not disable the buttons of a message (%s %s): a tap on them is refused all the same", exc.status, exc.text
        )
    return out.edit


class _ToHost(logging.Handler):
    """discord.py's warnings and errors, one line each on the host's screen (never a traceback, never the token)."""

    def __init__(self, show: Callable[[str], None]) -> None:
        super().__init__(level=logging.WARNING)
        self.show = show

    QUIET = ("voice will NOT be supported", "Attempting a reconnect", "Shard ID")  # noise, or said by the bot itself

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = record.getMessage()
            if any(q in text for q in self.QUIET):
                return
            if record.exc_info and record.exc_info[1] is not None:
                exc = record.exc_info[1]
                text += f" ({type(exc).__name__}: {exc})" if str(exc) else f" ({type(exc).__name__})"
            self.show(f"Discord: {text}")
        except Exception:  # a log line must never break the bot
            self.handleError(record)


# ---------------------------------------------------------------- start-up facts


async def preflight(token: str, ids: Ids) -> Facts:
    """Log in over HTTP only (no gateway) and gather what the start-up checks judge (Rejected for a refused token)."""
    asked = intents()
    asked.members = True  # to list the server's members, if the application may (no gateway is opened here)
    client = discord.Client(intents=asked)
    try:
        try:
            await client.login(token)
        except discord.LoginFailure:
            raise Rejected(TOKEN_STEP) from None
        except NETWORK_ERRORS as exc:
            raise Unreachable(f"cannot reach Discord ({exc or type(exc).__name__})") from exc
        return await _gather(client, ids)
    except discord.HTTPException as exc:
        raise Unreachable(f"Discord answered {exc.status} ({exc.text or exc}) while checking the set-up") from exc
    except NETWORK_ERRORS as exc:
        raise Unreachable(f"cannot reach Discord ({exc or type(exc).__name__})") from exc
    finally:
        await client.close()


async def _gather(client: discord.Client, ids: Ids) -> Facts:
    assert client.user is not None
    app = await client.application_info()
    flags = app.flags
    content = bool(flags.gateway_message_content or flags.gateway_message_content_limited)
    users = {uid: await _user(client, uid) for uid in (ids.host, *(p.user for p in ids.players))}
    me, name = client.user.id, str(client.user)
    try:
        guild = await client.fetch_guild(ids.server)
    except (discord.NotFound, discord.Forbidden):
        return Facts(bot_id=me, bot_name=name, app_id=app.id, message_content=content, server_found=False, users=users)
    members: dict[int, discord.Member] = {}
    for uid in (client.user.id, *users):
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            members[uid] = await guild.fetch_member(uid)
    users = {uid: UserFacts(id=uid, found=f.found, name=f.name, bot=f.bot, member=uid in members) for uid, f in users.items()}
    channels = {c.id: c for c in await guild.fetch_channels()}
    wanted = [*ids.public_channels(), *(p.channel for p in ids.players if p.channel is not None)]
    facts = {cid: await _channel(client, channels.get(cid), cid, client.user.id, members) for cid in wanted}
    everyone = await _everyone(guild)
    for p in ids.players:
        c = channels.get(p.channel or 0)
        if c is not None and p.channel in facts:
            readers = await _readers(guild, c, me, members, everyone)
            facts[p.channel] = dataclasses.replace(facts[p.channel], readers=readers)
    return Facts(
        bot_id=me,
        bot_name=name,
        app_id=app.id,
        message_content=content,
        server_found=True,
        server_name=guild.name,
        channels=facts,
        users=users,
        members_listed=everyone is not None,
    )


async def _everyone(guild: discord.Guild) -> list[discord.Member] | None:
    """Every member of the server, if the application may list them (the Server Members intent), else None."""
    try:
        return [m async for m in guild.fetch_members(limit=None)]
    except discord.Forbidden:
        return None


async def _readers(
    guild: discord.Guild, channel: Any, me: int, game: dict[int, discord.Member], everyone: list[discord.Member] | None
) -> tuple[Reader, ...]:
    """Who beyond the game's users can read a submission channel: each member, and (when the members cannot all be
    listed) each role whose holders can, with why; the bot, its own role and the game's users are judged elsewhere."""
    out: list[Reader] = []
    roles: list[Reader] = []
    if everyone is None:  # only the owner and the members a permission overwrite names can be looked at, one by one
        named = [t.id for t in channel.overwrites if not isinstance(t, discord.Role)]
        named = [uid for uid in dict.fromkeys([guild.owner_id or 0, *named]) if uid and uid not in game]
        everyone = []
        for uid in named:
            with contextlib.suppress(discord.NotFound, discord.Forbidden):
                everyone.append(await guild.fetch_member(uid))
        roles = _roles(guild, channel, me, game)
    for m in everyone:
        if m.id != me and m.id not in game and channel.permissions_for(m).view_channel:
            why, admin = _why(guild, channel, m)
            out.append(Reader(id=m.id, name=str(m), role=False, why=why, admin=admin))
    return (*out, *roles)


def _roles(guild: discord.Guild, channel: Any, me: int, game: dict[int, discord.Member]) -> list[Reader]:
    out = []
    for role in guild.roles:
        bots_own = role.tags is not None and role.tags.bot_id == me
        if bots_own or not channel.permissions_for(role).view_channel:
            continue
        if role.is_default():
            out.append(Reader(id=role.id, name="@everyone", role=True, why="everyone in the server"))
            continue
        admin = role.permissions.administrator
        why = (
            "Administrator" if admin else "a permission overwrite for the role" if role in channel.overwrites else "the role's permissions"
        )
        holders = frozenset(uid for uid, m in game.items() if role in m.roles)
        out.append(Reader(id=role.id, name=f"@{role.name}", role=True, why=why, admin=admin, holders=holders))
    return out


def _why(guild: discord.Guild, channel: Any, m: discord.Member) -> tuple[str, bool]:
    """Why a member can read a channel, and whether it is through ownership or Administrator (which no channel setting stops)."""
    if guild.owner_id == m.id:
        return "the server's owner", True
    admins = [r for r in m.roles if r.permissions.administrator]
    if admins:
        return f"Administrator, through @{admins[0].name}", True
    if channel.overwrites_for(m).view_channel:
        return "a permission overwrite for them", False
    roles = [r for r in m.roles if not r.is_default() and channel.permissions_for(r).view_channel]
    return (f"the role @{roles[0].name}" if roles else "their roles"), False


async def _user(client: discord.Client, uid: int) -> UserFacts:
    try:
        user = await client.fetch_user(uid)
    except discord.NotFound:
        return UserFacts(id=uid, found=False)
    return UserFacts(id=uid, found=True, name=str(user), bot=user.bot)


async def _channel(client: discord.Client, channel: Any, cid: int, me: int, members: dict[int, discord.Member]) -> ChannelFacts:
    if channel is None:
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            other = await client.fetch_channel(cid)
            server = getattr(getattr(other, "guild", None), "id", None)
            return ChannelFacts(id=cid, found=True, name=getattr(other, "name", ""), server=server)
        return ChannelFacts(id=cid, found=False)
    text = isinstance(channel, discord.TextChannel)
    bot = members.get(me)
    can: frozenset[str] = frozenset()
    if bot is not None:
        perms = channel.permissions_for(bot)
        can = frozenset(name for name in NEEDED if getattr(perms, name))
    viewers = frozenset(uid for uid, m in members.items() if uid != me and channel.permissions_for(m).view_channel)
    senders = frozenset(uid for uid, m in members.items() if uid != me and channel.permissions_for(m).send_messages)
    return ChannelFacts(
        id=cid, found=True, name=channel.name, server=channel.guild.id, text=text, bot_can=can, viewers=viewers, senders=senders
    )
