"""The transport interface the bot talks to, in plain values: what comes in, what goes out, what Discord said.

`transport.py` is the one module that implements it with discord.py (and the only one that imports it);
everything else in umpire.discord sees only these types, so it runs, and is read, without discord.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

DISCORD_EPOCH_MS = 1_420_070_400_000  # 2015-01-01T00:00:00Z: the time part of every Discord ID counts from here

# Permissions the bot needs in the game channel and in each submission channel, by discord.py's names and as shown in Discord.
NEEDED = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "attach_files": "Attach Files",
    "read_message_history": "Read Message History",
}
INVITE_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 15) | (1 << 16)  # the four above, as the invite link's `permissions`


def id_ms(snowflake: int) -> int:
    """The moment a Discord ID was made (ms since the Unix epoch): a message's own timestamp.

    >>> id_ms(175928847299117063)
    1462015105796
    """
    return (snowflake >> 22) + DISCORD_EPOCH_MS


def snowflake_at(ms: int) -> int:
    """The smallest Discord ID made at `ms` (ms since the Unix epoch): history after it is everything sent from then on.

    >>> id_ms(snowflake_at(1462015105796))
    1462015105796
    """
    return max(0, ms - DISCORD_EPOCH_MS) << 22


@dataclass(frozen=True, slots=True)
class Place:
    """Where a message goes or is read: a guild channel (`channel`), or the DMs with a user (`user`)."""

    channel: int | None = None
    user: int | None = None

    def __str__(self) -> str:
        return f"channel {self.channel}" if self.channel is not None else f"the DMs with user {self.user}"


@dataclass(frozen=True, slots=True)
class Incoming:
    """A message someone sent, as the bot sees it."""

    id: int
    channel: int  # the channel it was posted in (the DM channel's ID for a DM)
    author: int
    bot: bool  # a bot sent it (the bot's own posts come back too)
    dm: bool
    content: str

    @property
    def sent_ms(self) -> int:
        """Its Discord timestamp (ms since the Unix epoch)."""
        return id_ms(self.id)


@dataclass(frozen=True, slots=True)
class Button:
    """A button on one of the bot's messages: its label, the ID a tap on it carries, and whether it can be tapped."""

    label: str
    custom_id: str  # 1 to 100 characters, unique on its message
    disabled: bool = False


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One Discord message to send: text (at most 2,000 characters), files, buttons, and a nonce that makes a resend harmless.

    With `edit`, it is no new message but a change to the bot's own message of that ID: its buttons become `buttons`
    (the rest of it stays as it is)."""

    text: str
    files: tuple[tuple[str, bytes], ...] = ()
    nonce: str | None = None
    buttons: tuple[Button, ...] = ()
    edit: str | None = None


@dataclass(frozen=True, slots=True)
class Tap:
    """Someone's tap on a button of one of the bot's messages (a Discord interaction), as the bot sees it."""

    id: int  # the interaction's ID: its time, as a message's ID is
    channel: int  # where the tapped message is (the DM channel's ID for a DM)
    user: int
    message: int  # the tapped message
    custom_id: str
    dm: bool

    @property
    def sent_ms(self) -> int:
        """When it was tapped (ms since the Unix epoch)."""
        return id_ms(self.id)


@dataclass(frozen=True)
class TapAnswer:
    """How the bot answers a tap, at once (Discord waits three seconds for it): quietly, then `take` is called with
    whether Discord accepted that (once, whatever happened: the tap is judged only if it did); or by showing the
    message again with its buttons disabled (`disable`: they are closed); or with a line only the tapper sees (`tell`)."""

    take: Callable[[bool], None] | None = None
    disable: bool = False
    tell: str = ""


class Refused(Exception):
    """Discord answered a send with an error: its HTTP status, its error code and its words."""

    def __init__(self, status: int, code: int, text: str) -> None:
        super().__init__(f"{status} {code}: {text}")
        self.status, self.code, self.text = status, code, text

    @property
    def dms_closed(self) -> bool:
        """50007: the user does not take DMs from this bot (closed DMs, or they share no server with it)."""
        return self.code == 50007


class Unreachable(Exception):
    """Discord could not be reached (the network, or its servers): try again later."""


class Rejected(Exception):
    """Discord refused the connection itself (a wrong token, a privileged intent not switched on): the step to fix it is in the message."""


@dataclass(frozen=True, kw_only=True)
class Reader:
    """Someone other than the game's users who can read a channel, or a role whose holders can, and why (`discord check`)."""

    id: int
    name: str  # a member's name, or a role's (`@everyone` for everyone)
    role: bool  # a role: whoever has it can read the channel
    why: str  # "a permission overwrite for them", "the role @Spectators", "Administrator (through @Admins)", "the server's owner"
    admin: bool = False  # through Administrator or ownership: no setting of the channel keeps them out
    holders: frozenset[int] = frozenset()  # a role's: which of the game's users (players, host) have it


@dataclass(frozen=True, kw_only=True)
class ChannelFacts:
    """What the start-up checks learnt about one channel."""

    id: int
    found: bool
    name: str = ""
    server: int | None = None
    text: bool = False
    bot_can: frozenset[str] = frozenset()  # the NEEDED permissions the bot has there
    viewers: frozenset[int] = frozenset()  # which of the game's users (players, host) can read it
    senders: frozenset[int] = frozenset()  # which of them can post in it
    readers: tuple[Reader, ...] = ()  # a submission channel's other readers: members beyond the game's users, and roles


@dataclass(frozen=True, kw_only=True)
class UserFacts:
    """What the start-up checks learnt about one user."""

    id: int
    found: bool
    name: str = ""
    bot: bool = False
    member: bool = False  # a member of the game's server


@dataclass(frozen=True, kw_only=True)
class Facts:
    """Everything the start-up checks need, gathered from Discord (`transport.preflight`)."""

    bot_id: int
    bot_name: str
    app_id: int
    message_content: bool  # the application's Message Content intent is switched on
    server_found: bool
    server_name: str = ""
    channels: dict[int, ChannelFacts] = field(default_factory=dict)
    users: dict[int, UserFacts] = field(default_factory=dict)
    members_listed: bool = False  # the server's members could be listed (the Server Members intent): readers are all named


OnMessage = Callable[[Incoming], None]
OnState = Callable[[str, bool], None]  # (what happened: "ready", "ready again", "resumed", "disconnected"; connected now)
OnTap = Callable[[Tap], TapAnswer]


class Transport(Protocol):
    """What the bot needs from Discord."""

    me: int  # the bot's own user ID
    on_tap: OnTap | None  # set before `start`: how each tap on a button of the bot's is answered

    async def start(self, on_message: OnMessage, on_state: OnState) -> None:
        """Connect, and return once ready; `on_message` then gets every message the bot can see, in Discord's order."""

    async def send(self, place: Place, out: Outgoing) -> str:
        """Send one message (or change one: `out.edit`); its ID once Discord confirmed it (Refused / Unreachable otherwise)."""

    async def dm_channel(self, user: int) -> int:
        """The ID of the DM channel with a user (opened if need be)."""

    async def history(self, place: Place, after: int) -> list[Incoming]:
        """Every message in a place after the ID `after`, oldest first (Discord's order)."""

    async def close(self) -> None:
        """Disconnect."""
