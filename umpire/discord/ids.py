"""The Discord set-up file (`discord.toml`): which server, channels and users a game is played with, and the token.

`umpire discord init SCENARIO` writes it with every ID at 0 and a comment saying where to find each;
`load` reads it back, refusing anything that is not filled in or does not fit the scenario's players,
naming the key and what to put there. The token is never in this file, on the command line or in any
log: it comes from the environment variable UMPIRE_DISCORD_TOKEN, or from a file only its owner can
read, named by `token_file`.
"""

from __future__ import annotations

import os
import stat
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from umpire.core.errors import UmpireError
from umpire.core.players import Roster
from umpire.games import PostChannel

TOKEN_ENV = "UMPIRE_DISCORD_TOKEN"
DEFAULT_FILE = "discord.toml"
DEFAULT_ALLOWANCE_MS = 1500
MAX_ALLOWANCE_MS = 10_000
DEVELOPER_MODE = "in Discord turn on User Settings → Advanced → Developer Mode, then right-click it → Copy ID"


class SetupError(Exception):
    """A set-up that cannot be used: the message names the file, the key and the step that fixes it."""


@dataclass(frozen=True, kw_only=True)
class PlayerIds:
    """Where one player is: their user ID, and their private submission channel (None: they play by DM with the bot)."""

    seat: int
    name: str
    user: int
    channel: int | None


@dataclass(frozen=True, kw_only=True)
class Ids:
    """A game's Discord set-up, checked against its scenario's players."""

    path: str
    server: int
    channel: int
    host: int
    players: tuple[PlayerIds, ...]
    token_file: str | None = None
    review: bool = False
    allowance_ms: int = DEFAULT_ALLOWANCE_MS
    channels: dict[str, int] = field(default_factory=dict)  # the game's own channels named in [channels], by key
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def by_user(self) -> dict[int, PlayerIds]:
        """Each player by their user ID."""
        return {p.user: p for p in self.players}

    def public_channels(self) -> dict[int, str]:
        """Every channel public posts go to, with the key naming it: the game channel first, then each kind's own."""
        out = {self.channel: "[discord] channel"}
        for key, channel in self.channels.items():
            out.setdefault(channel, f"[channels] {key}")
        return out


# ---------------------------------------------------------------- writing


def template(roster: Roster, title: str, scenario: str, channels: tuple[PostChannel, ...] = ()) -> str:
    """The commented set-up file for a scenario's players (and the game's own channels), every ID at 0 (not filled in)."""
    lines = [
        f"# umpire's Discord set-up for “{title}” ({scenario}).",
        "#",
        "# Every ID below is a number Discord shows once Developer Mode is on (User Settings → Advanced →",
        "# Developer Mode): right-click the server, a channel or a user → Copy ID. 0 means “not filled in”:",
        "# `umpire play … --discord` refuses to start until every one is. README.md, “Hosting with the",
        "# Discord bot”, goes through it step by step; `umpire discord check` checks this file against Discord.",
        "#",
        "# The bot's token is NOT in this file. Put it in the environment variable UMPIRE_DISCORD_TOKEN, or in",
        "# a file only you can read (chmod 600 FILE) and name that file in token_file below.",
        "",
        "[discord]",
        "server = 0    # the server (guild) the game is played on",
        "channel = 0   # the public game channel: "
        + ("public posts go there, but for [channels] below" if channels else "every public post goes there"),
        "host = 0      # your own user ID: your messages are never taken as a player's",
        '# token_file = "~/.config/umpire/discord-token"   # owner-only file holding the bot token',
        "# review = true        # hold public posts until you press F2 in the REPL (also: --review)",
        f"# allowance_ms = {DEFAULT_ALLOWANCE_MS}   # how long a deadline waits for messages sent before it (docs/discord.md)",
        *_channel_lines(channels),
        "",
        "# Each player: their user ID, and their private submission channel — a channel only they, you and the",
        "# bot can read, where they send their moves and get their private messages. Leave `channel` out and",
        "# the player plays by DM with the bot instead.",
    ]
    for p in roster:
        aliases = f"   # {', '.join(p.aliases)}" if p.aliases else ""
        lines += ["", f"[players.{_key(p.name)}]{aliases}", "user = 0", "channel = 0"]
    return "\n".join(lines) + "\n"


def _channel_lines(channels: tuple[PostChannel, ...]) -> list[str]:
    """The [channels] table, every key commented out: each kind of post goes to the game channel until its key is set."""
    if not channels:
        return []
    width = max(len(f"# {c.key} = 0") for c in channels) + 3
    return [
        "",
        "# Some kinds of post may go to channels of their own: uncomment a key and put there the ID of a channel",
        "# every player can read. A key left out (or 0) sends those posts to the game channel.",
        "[channels]",
        *(f"{f'# {c.key} = 0':<{width}}# {c.what}" for c in channels),
    ]


def _key(name: str) -> str:
    """A player's name as a TOML key (quoted unless it is a bare key)."""
    if name and all(c.isascii() and (c.isalnum() or c in "-_") for c in name):
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---------------------------------------------------------------- reading

_DISCORD_KEYS = {"server", "channel", "host", "token_file", "review", "allowance_ms"}
_PLAYER_KEYS = {"user", "channel"}


def load(path: str | Path, roster: Roster, channels: tuple[PostChannel, ...] = ()) -> Ids:
    """Read and check the set-up file for a game with `roster` and its own `channels` (SetupError naming what to fix)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SetupError(f"{p}: no such file; write it with `umpire discord init SCENARIO -o {p}` and fill in the IDs") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SetupError(f"{p}: cannot read it ({getattr(exc, 'strerror', None) or exc})") from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SetupError(f"{p}: not valid TOML: {exc}") from exc
    return parse(data, roster, str(p), channels)


def parse(data: dict[str, Any], roster: Roster, where: str, channels: tuple[PostChannel, ...] = ()) -> Ids:
    """The set-up from the file's TOML, checked against the players and the game's own channels."""
    unknown = set(data) - {"discord", "players", "channels"}
    if unknown:
        raise SetupError(f"{where}: unknown table {sorted(unknown)[0]!r} (expected [discord], [channels] and [players.NAME])")
    d = _table(data, "discord", where)
    _no_unknown(d, _DISCORD_KEYS, f"{where}: [discord]")
    server = _id(d, "server", f"{where}: [discord] server", "the server's ID")
    channel = _id(d, "channel", f"{where}: [discord] channel", "the public game channel's ID")
    host = _id(d, "host", f"{where}: [discord] host", "your own user ID")
    players = _players(_table(data, "players", where), roster, where)
    ids = Ids(
        path=where,
        server=server,
        channel=channel,
        host=host,
        players=players,
        token_file=_opt_str(d, "token_file", where),
        review=_opt_bool(d, "review", where),
        allowance_ms=_allowance(d, where),
        channels=_channels(data.get("channels", {}), channels, where),
    )
    _distinct(ids, where)
    return ids


def _table(data: dict[str, Any], name: str, where: str) -> dict[str, Any]:
    table = data.get(name)
    if not isinstance(table, dict):
        raise SetupError(f"{where}: no [{name}] table (write the file with `umpire discord init SCENARIO`)")
    return table


def _no_unknown(table: dict[str, Any], known: set[str], where: str) -> None:
    extra = sorted(set(table) - known)
    if extra:
        raise SetupError(f"{where}: unknown key {extra[0]!r} (expected {', '.join(sorted(known))})")


def _id(table: dict[str, Any], key: str, where: str, what: str) -> int:
    value = table.get(key)
    if value is None or value == 0:
        raise SetupError(f"{where} is not filled in: put {what} there ({DEVELOPER_MODE})")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value < 2**64:
        raise SetupError(f"{where} is {value!r}: a Discord ID is a whole number like 1234567890123456789 ({DEVELOPER_MODE})")
    return value


def _opt_str(table: dict[str, Any], key: str, where: str) -> str | None:
    value = table.get(key)
    if value is not None and not (isinstance(value, str) and value.strip()):
        raise SetupError(f'{where}: [discord] {key} is {value!r}: a file name in quotes, e.g. "~/.config/umpire/discord-token"')
    return value


def _opt_bool(table: dict[str, Any], key: str, where: str) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        raise SetupError(f"{where}: [discord] {key} is {value!r}: true or false")
    return value


def _allowance(table: dict[str, Any], where: str) -> int:
    value = table.get("allowance_ms", DEFAULT_ALLOWANCE_MS)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_ALLOWANCE_MS:
        raise SetupError(f"{where}: [discord] allowance_ms is {value!r}: a whole number of milliseconds from 0 to {MAX_ALLOWANCE_MS}")
    return value


def _channels(table: Any, known: tuple[PostChannel, ...], where: str) -> dict[str, int]:
    """The game's own channels the file names (a key at 0 is not filled in: those posts go to the game channel)."""
    if not isinstance(table, dict):
        raise SetupError(f"{where}: channels should be a table, [channels], with a key per kind of post")
    keys = [c.key for c in known]
    if not keys and table:
        raise SetupError(f"{where}: [channels]: this game posts everything to the game channel; take the [channels] table out")
    _no_unknown(table, set(keys), f"{where}: [channels]")
    out = {}
    for c in known:
        value = table.get(c.key)
        if value is not None and not (value == 0 and not isinstance(value, bool)):
            out[c.key] = _id(table, c.key, f"{where}: [channels] {c.key}", "the ID of a channel every player can read")
    return out


def _players(table: dict[str, Any], roster: Roster, where: str) -> tuple[PlayerIds, ...]:
    by_key = {}
    for name, entry in table.items():
        try:
            player = roster.find(name)
        except UmpireError as exc:
            raise SetupError(f"{where}: [players.{_key(name)}]: {exc.reason}") from exc
        if player is None:
            names = ", ".join(p.name for p in roster)
            raise SetupError(f"{where}: [players.{_key(name)}] is no player of this game (its players: {names})")
        if player.seat in by_key:
            raise SetupError(f"{where}: {player.name} is in [players] twice")
        if not isinstance(entry, dict):
            raise SetupError(f"{where}: players.{_key(name)} should be a table with user = ID (and channel = ID)")
        _no_unknown(entry, _PLAYER_KEYS, f"{where}: [players.{_key(name)}]")
        here = f"{where}: [players.{_key(name)}]"
        user = _id(entry, "user", f"{here} user", f"{player.name}'s user ID")
        channel = entry.get("channel")
        if channel == 0 or channel is None:
            channel = None
        else:
            channel = _id(entry, "channel", f"{here} channel", f"{player.name}'s private submission channel's ID")
        by_key[player.seat] = PlayerIds(seat=player.seat, name=player.name, user=user, channel=channel)
    missing = [p.name for p in roster if p.seat not in by_key]
    if missing:
        raise SetupError(f"{where}: no [players.{_key(missing[0])}] table: add it with {missing[0]}'s user ID (and channel)")
    return tuple(by_key[p.seat] for p in roster)


def _distinct(ids: Ids, where: str) -> None:
    """No two players share a user or a channel, no player is the host, and no submission channel is a public one."""
    seen_users: dict[int, str] = {ids.host: "the host"}
    seen_channels: dict[int, str] = {ids.channel: "the public game channel"}
    for key, channel in ids.channels.items():
        seen_channels.setdefault(channel, f"the channel of [channels] {key}")
    for p in ids.players:
        if p.user in seen_users:
            raise SetupError(f"{where}: {p.name}'s user ID is also {seen_users[p.user]}'s: each player is a different Discord user")
        seen_users[p.user] = p.name
        if p.channel is not None:
            if p.channel in seen_channels:
                raise SetupError(
                    f"{where}: {p.name}'s submission channel is also {seen_channels[p.channel]}: each player needs a private channel of their own"
                )
            seen_channels[p.channel] = f"{p.name}'s"


# ---------------------------------------------------------------- the token


def token(ids: Ids, env: dict[str, str] | None = None) -> str:
    """The bot token: UMPIRE_DISCORD_TOKEN, else the owner-only `token_file` (SetupError saying how to give it)."""
    environ = os.environ if env is None else env
    value = environ.get(TOKEN_ENV, "").strip()
    if value:
        return value
    if ids.token_file is None:
        raise SetupError(
            f"no bot token: set the environment variable {TOKEN_ENV} to it, or put it in a file only you can read "
            f'(chmod 600 FILE) and add token_file = "FILE" under [discord] in {ids.path}. The token is never given on the '
            "command line. (Developer portal → your application → Bot → Reset Token shows it once.)"
        )
    return read_token_file(Path(ids.token_file).expanduser())


def read_token_file(path: Path) -> str:
    """The token from an owner-only file; refused if others may read it or it is empty."""
    try:
        info = path.stat()
    except OSError as exc:
        raise SetupError(f"cannot read the token file {path} ({exc.strerror or exc})") from exc
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        raise SetupError(f"the token file {path} belongs to another user: keep the token in a file of your own (chmod 600 it)")
    if info.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise SetupError(
            f"the token file {path} can be read by other accounts: run `chmod 600 {path}` (the token lets anyone act as the bot)"
        )
    try:
        value = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise SetupError(f"cannot read the token file {path} ({getattr(exc, 'strerror', None) or exc})") from exc
    if not value:
        raise SetupError(f"the token file {path} is empty: paste the bot's token into it (developer portal → Bot → Reset Token)")
    return value
