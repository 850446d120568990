"""A small server to test against: a host, two players, the bot, a public game channel, and a private
submission channel for each player (what the issue's set-up file maps)."""

from __future__ import annotations

from dataclasses import dataclass

from .fake import FakeDiscord
from .model import BotApp, Channel, Guild, User


@dataclass
class Org:
    guild: Guild
    bot: BotApp
    host: User
    alice: User
    bob: User
    outsider: User  # a member who is not a player
    game: Channel  # public: everyone reads it, the bot posts there
    alice_subs: Channel  # private to alice and the bot
    bob_subs: Channel  # private to bob and the bot


def small_org(fake: FakeDiscord, *, message_content: bool = True, members: bool = False) -> Org:
    """Build the server in ``fake``; the bot's app has the message-content intent switched on unless told."""
    host = fake.add_user("host")
    alice = fake.add_user("alice", global_name="Alice")
    bob = fake.add_user("bob", global_name="Bob")
    outsider = fake.add_user("lurker")
    bot = fake.add_bot("umpire", message_content=message_content, members=members)
    guild = fake.add_guild("ORG", owner=host)
    for who in (alice, bob, outsider, bot):
        fake.add_member(guild, who)
    game = fake.add_text_channel(guild, "game")
    alice_subs = fake.add_text_channel(guild, "alice-submissions", private_to=[alice, bot])
    bob_subs = fake.add_text_channel(guild, "bob-submissions", private_to=[bob, bot])
    return Org(guild, bot, host, alice, bob, outsider, game, alice_subs, bob_subs)
