"""The start-up checks: every ID, permission and intent the bot needs, each problem with the exact step that fixes it.

`transport.preflight` gathers the facts from Discord; `problems` judges them here, so the wording (and
the tests of it) does not depend on discord.py.
"""

from __future__ import annotations

from umpire.discord.ids import DEVELOPER_MODE, Ids
from umpire.discord.wire import INVITE_PERMISSIONS, NEEDED, ChannelFacts, Facts, Reader

EDIT_PERMISSIONS = "in Discord right-click the channel → Edit Channel → Permissions"
MESSAGE_CONTENT_STEP = (
    "the bot's application does not have the Message Content intent switched on, so every player's message would "
    "arrive empty: in the developer portal (https://discord.com/developers/applications) open the application → Bot → "
    "Privileged Gateway Intents, switch on MESSAGE CONTENT INTENT and press Save Changes"
)


def invite_link(app_id: int) -> str:
    """The link that adds the bot to a server with the permissions it needs."""
    return f"https://discord.com/oauth2/authorize?client_id={app_id}&scope=bot&permissions={INVITE_PERMISSIONS}"


def problems(facts: Facts, ids: Ids) -> list[str]:
    """Everything that would stop the bot hosting the game, each with the step that fixes it (empty: ready)."""
    out: list[str] = []
    if not facts.message_content:
        out.append(MESSAGE_CONTENT_STEP)
    if not facts.server_found:
        out.append(
            f"the bot ({facts.bot_name}) is not in the server {ids.server}: open {invite_link(facts.app_id)} , pick the server and "
            f"authorise; if it is in, [discord] server in {ids.path} is not the server's ID ({DEVELOPER_MODE})"
        )
        return out + _users(facts, ids, in_server=False)
    out += _game_channel(facts, ids)
    out += _public_channels(facts, ids)
    out += _users(facts, ids, in_server=True)
    for p in ids.players:
        if p.channel is not None:
            out += _submission_channel(facts, ids, p.name, p.user, p.channel)
    return out


def _where(facts: Facts, c: ChannelFacts, key: str, ids: Ids) -> str | None:
    """Why a channel ID cannot be used at all, or None."""
    if not c.found:
        return f"there is no channel {c.id} that the bot can see: check {key} in {ids.path} ({DEVELOPER_MODE}), or let the bot see it ({EDIT_PERMISSIONS} → add {facts.bot_name} → allow View Channel)"
    if c.server != ids.server:
        return f"{key} ({c.id}, #{c.name}) is a channel of another server than {facts.server_name or ids.server}: use a channel of the game's server"
    if not c.text:
        return f"{key} ({c.id}, #{c.name}) is not a text channel: use a text channel"
    return None


def _missing(facts: Facts, c: ChannelFacts) -> str | None:
    lacking = [shown for name, shown in NEEDED.items() if name not in c.bot_can]
    if not lacking:
        return None
    return (
        f"the bot lacks {', '.join(lacking)} in #{c.name}: {EDIT_PERMISSIONS} → add {facts.bot_name} (or its role) → allow "
        f"{', '.join(lacking)} → Save Changes"
    )


def _game_channel(facts: Facts, ids: Ids) -> list[str]:
    c = facts.channels.get(ids.channel, ChannelFacts(id=ids.channel, found=False))
    problem = _where(facts, c, "[discord] channel", ids)
    if problem:
        return [problem]
    missing = _missing(facts, c)
    return [missing] if missing else []


def _public_channels(facts: Facts, ids: Ids) -> list[str]:
    """The game's own channels ([channels]) usable as the game channel is, and every public channel readable by every player."""
    out: list[str] = []
    for cid, key in ids.public_channels().items():
        c = facts.channels.get(cid, ChannelFacts(id=cid, found=False))
        if cid != ids.channel:
            problem = _where(facts, c, key, ids)
            if problem:
                out.append(problem)
                continue
            missing = _missing(facts, c)
            if missing:
                out.append(missing)
        elif _where(facts, c, key, ids):
            continue  # said already (_game_channel)
        members = {uid for uid, u in facts.users.items() if u.member}  # a player outside the server is named as such (_users)
        unread = [p.name for p in ids.players if p.user in members and p.user not in c.viewers]
        if unread:
            who = ", ".join(unread)
            out.append(
                f"{who} cannot read #{c.name}, where {key} sends public posts: {EDIT_PERMISSIONS} → @everyone (or each player) → "
                "allow View Channel and Read Message History"
            )
    return out


def _users(facts: Facts, ids: Ids, *, in_server: bool) -> list[str]:
    out: list[str] = []
    for who, uid, key in [("the host", ids.host, "[discord] host"), *((p.name, p.user, f"[players.{p.name}] user") for p in ids.players)]:
        u = facts.users.get(uid)
        if u is None or not u.found:
            out.append(f"there is no Discord user {uid} ({who}): check {key} in {ids.path} ({DEVELOPER_MODE})")
        elif u.bot and who != "the host":
            out.append(f"{key} in {ids.path} is the bot {u.name}, not a person: put {who}'s own user ID there")
        elif in_server and not u.member:
            out.append(f"{who} ({u.name}) is not a member of {facts.server_name or 'the server'}: invite them, or fix {key} in {ids.path}")
    return out


def _submission_channel(facts: Facts, ids: Ids, name: str, user: int, cid: int) -> list[str]:
    c = facts.channels.get(cid, ChannelFacts(id=cid, found=False))
    key = f"[players.{name}] channel"
    problem = _where(facts, c, key, ids)
    if problem:
        return [problem]
    out = []
    missing = _missing(facts, c)
    if missing:
        out.append(missing)
    if user not in c.viewers or user not in c.senders:
        out.append(
            f"{name} cannot post in their submission channel #{c.name}: {EDIT_PERMISSIONS} → add {name} → allow View Channel and Send Messages"
        )
    others = [p.name for p in ids.players if p.user != user and p.user in c.viewers]
    if others:
        out.append(
            f"#{c.name} is {name}'s private submission channel, but {', '.join(others)} can read it too: {EDIT_PERMISSIONS} → "
            f"@everyone: deny View Channel; then allow View Channel only to {name}, the bot and you"
        )
    host = facts.users.get(ids.host)
    if host is not None and host.member and ids.host not in c.viewers:  # (a host who is no member is named as such)
        out.append(
            f"you (the host) cannot read #{c.name}, {name}'s private submission channel, so you cannot see what {name} is sent "
            f"there: {EDIT_PERMISSIONS} → add yourself → allow View Channel → Save Changes"
        )
    return out + [_onlooker(c, name, r) for r in c.readers if not _uncertain(r, ids, user, facts)]


def _onlooker(c: ChannelFacts, name: str, r: Reader) -> str:
    """A reader of a private channel who should not be one, with the step that keeps them out."""
    private = f"#{c.name} is {name}'s private submission channel"
    if r.name == "@everyone":
        return f"{private}, but everyone in the server can read it: {EDIT_PERMISSIONS} → @everyone: deny View Channel → Save Changes"
    if r.role:
        return (
            f"{private}, but anyone with the role {r.name} can read it ({r.why}): {EDIT_PERMISSIONS} → {r.name}: deny View Channel "
            "(or remove its overwrite) → Save Changes"
        )
    if r.why == "a permission overwrite for them":
        fix = f"{EDIT_PERMISSIONS} → {r.name}: remove their overwrite (or deny View Channel) → Save Changes"
    else:
        fix = f"{EDIT_PERMISSIONS} → add {r.name} → deny View Channel → Save Changes"
    return f"{private}, but {r.name}, who is not in the game, can read it too ({r.why}): {fix}"


def _uncertain(r: Reader, ids: Ids, user: int, facts: Facts) -> bool:
    """A reader who may be no one but the player or the host (a role they hold, members not listed), or one no setting of
    the channel can keep out (the owner, an administrator): a warning (`warnings`), not a problem."""
    return r.admin or (r.role and r.name != "@everyone" and not facts.members_listed and bool(r.holders & {user, ids.host}))


def warnings(facts: Facts, ids: Ids) -> list[str]:
    """What the host should know about who else can read a player's private channel, though it does not stop the bot."""
    out: list[str] = []
    for p in ids.players:
        c = facts.channels.get(p.channel or 0)
        if c is None:
            continue
        for r in c.readers:
            if not _uncertain(r, ids, p.user, facts):
                continue
            if r.admin and not r.role:
                out.append(
                    f"{r.name} is not in the game but can read #{c.name}, {p.name}'s private submission channel ({r.why}: no channel "
                    "setting keeps them out): make sure they neither play nor tell"
                )
            elif r.admin:
                out.append(f"anyone with the role {r.name} (Administrator) can read #{c.name}, {p.name}'s private submission channel")
            else:
                out.append(
                    f"anyone with the role {r.name} can read #{c.name}, {p.name}'s private submission channel; umpire cannot list who "
                    "has it (the application's Server Members intent is off): if only you and they do, nothing to do"
                )
    return out
