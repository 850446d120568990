"""A minimal discord.py bot that the launcher test runs in another process: it says "ready" in one channel,
echoes what people say there, and leaves on "quit". Token and channel come from the environment
(FAKEDISCORD_TOKEN, FAKEDISCORD_CHANNEL), as a real bot's token would."""

from __future__ import annotations

import os
import sys

import discord


def main() -> int:
    token = os.environ.get("FAKEDISCORD_TOKEN")
    channel_id = os.environ.get("FAKEDISCORD_CHANNEL", "")
    if not token or not channel_id.isdigit():
        print("set FAKEDISCORD_TOKEN to the bot's token and FAKEDISCORD_CHANNEL to a channel ID", file=sys.stderr)
        return 2
    intents = discord.Intents.default()
    intents.message_content = True
    client = discord.Client(intents=intents, guild_ready_timeout=0.5)

    @client.event
    async def on_ready() -> None:
        channel = client.get_channel(int(channel_id))
        assert isinstance(channel, discord.TextChannel), f"channel {channel_id} is not a text channel the bot sees"
        await channel.send("ready")

    @client.event
    async def on_message(message: discord.Message) -> None:
        if message.author.bot or message.channel.id != int(channel_id):
            return
        if message.content == "quit":
            await message.channel.send("bye")
            await client.close()
        else:
            await message.channel.send(f"echo: {message.content}", allowed_mentions=discord.AllowedMentions.none())

    client.run(token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
