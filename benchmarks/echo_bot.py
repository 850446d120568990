"""The floor of the burst benchmark (bench_burst.py): a bare discord.py bot that sends each person's message back where it
came from, as fast as discord.py can. Run it through the fake's launcher, in a process of its own:

    python -m tests.fakediscord.launch FAKE_HTTP_URL benchmarks.echo_bot

The token is FAKEDISCORD_TOKEN; it says "ready" in the channel FAKEDISCORD_CHANNEL once connected. Stop it with a
signal.
"""

from __future__ import annotations

import os
import sys

import discord


def main() -> int:
    token, lobby = os.environ.get("FAKEDISCORD_TOKEN", ""), os.environ.get("FAKEDISCORD_CHANNEL", "")
    if not token or not lobby.isdigit():
        print("set FAKEDISCORD_TOKEN to the bot's token and FAKEDISCORD_CHANNEL to a channel ID", file=sys.stderr)
        return 2
    intents = discord.Intents.default()
    intents.message_content = True
    client = discord.Client(intents=intents, guild_ready_timeout=0.5)

    @client.event
    async def on_ready() -> None:
        channel = client.get_channel(int(lobby))
        assert isinstance(channel, discord.TextChannel)
        await channel.send("ready")

    @client.event
    async def on_message(message: discord.Message) -> None:
        if message.author.bot:
            return
        await message.channel.send(message.content, allowed_mentions=discord.AllowedMentions.none())

    client.run(token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
