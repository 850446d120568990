"""A fake Discord (REST + gateway on 127.0.0.1) for testing discord.py bots without a network; see README.md."""

from .fake import FakeDiscord, Refusal
from .interactions import Ephemeral, Interaction
from .model import AppFlag, Attachment, BotApp, Channel, Guild, Intent, Member, Message, Perm, Role, User
from .rest import RequestRecord

__all__ = [
    "AppFlag",
    "Attachment",
    "BotApp",
    "Channel",
    "Ephemeral",
    "FakeDiscord",
    "Guild",
    "Intent",
    "Interaction",
    "Member",
    "Message",
    "Perm",
    "Refusal",
    "RequestRecord",
    "Role",
    "User",
]
