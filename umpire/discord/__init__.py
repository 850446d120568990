"""The Discord bot: players send their moves to it, and it posts and DMs what the REPL would have the host paste.

`umpire play SCENARIO --discord` runs it beside the REPL (docs/discord.md). Only `transport` imports
discord.py (the `discord` extra); everything else here is plain Python, so `umpire play` without
`--discord` never loads it.
"""
