"""Setting the bot up: `umpire discord init` writes the commented ID file, `load` refuses what is not filled in or
does not fit the players (naming the key and the step), the token comes only from the environment or an owner-only
file, and the start-up checks find every missing ID, permission and intent on the (fake) Discord with the exact fix."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

import umpire.cli.discord_cmd
import umpire.cli.journal_cmds
import umpire.cli.play  # noqa: F401 - registers the commands
from tests.fakediscord import FakeDiscord, Perm
from tests.fakediscord.client import pointed_at
from umpire.cli import app
from umpire.discord.checks import invite_link, problems
from umpire.discord.ids import TOKEN_ENV, SetupError, load, template, token
from umpire.discord.transport import preflight
from umpire.discord.wire import Rejected
from umpire.scenario import load as load_scenario

from .support import ROOT, Table

CHOICE = ROOT / "scenarios" / "choice-is-yours.toml"


def filled(table: Table, path: Path, **changes: str) -> Path:
    """The ID file for `table`, written as a host fills in `umpire discord init`'s template."""
    ids = table.ids()
    text = template(load_scenario(CHOICE).roster, "The Choice is Yours", "choice-is-yours.toml")
    values = {"server": ids.server, "channel": ids.channel, "host": ids.host}
    lines = []
    player = None
    for line in text.splitlines():
        key = line.split("=")[0].strip()
        if line.startswith("[players."):
            player = next(p for p in ids.players if line.startswith(f"[players.{p.name}]"))
        if player is None and key in values:
            line = f"{key} = {values[key]}"
        elif player is not None and key == "user":
            line = f"user = {player.user}"
        elif player is not None and key == "channel":
            line = f"channel = {player.channel or 0}"
        lines.append(line)
    text = "\n".join(lines) + "\n"
    for old, new in changes.items():
        text = text.replace(old, new)
    path.write_text(text)
    return path


def test_init_writes_a_commented_file_every_id_at_zero_that_load_refuses_naming_the_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["discord", "init", str(CHOICE)])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "discord.toml").read_text()
    assert "[players.Hedger]   # p1, Player 1, Player1" in text and "Developer Mode" in text and TOKEN_ENV in text
    with pytest.raises(
        SetupError, match=r"\[discord\] server is not filled in: put the server's ID there \(in Discord turn on User Settings"
    ):
        load(tmp_path / "discord.toml", load_scenario(CHOICE).roster)
    again = CliRunner().invoke(app, ["discord", "init", str(CHOICE)])
    assert again.exit_code == 2 and "exists already (--force overwrites it)" in again.output


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (("[players.Uri]", "[players.Yuna]"), r"\[players.Yuna\] is no player of this game \(its players: Hedger, Uri\)"),
        (("user = ", "user = 0 #"), r"\[players.Hedger\] user is not filled in: put Hedger's user ID there"),
        (("server = ", 'server = "ORG" #'), r"\[discord\] server is 'ORG': a Discord ID is a whole number"),
        (("host = ", "host = 7\nreview = 3 #"), r"\[discord\] review is 3: true or false"),
        (("host = ", "host = 7\nallowance_ms = -1 #"), r"\[discord\] allowance_ms is -1: a whole number of milliseconds from 0 to 10000"),
        (("host = ", "host = 7\ncolour = 1 #"), r"\[discord\]: unknown key 'colour'"),
    ],
)
def test_a_set_up_file_that_does_not_fit_is_refused_naming_what_to_fix(
    fake: FakeDiscord, tmp_path: Path, change: tuple[str, str], reason: str
) -> None:
    path = filled(Table(fake, ["Hedger", "Uri"], dm_seats=(1,)), tmp_path / "discord.toml", **{change[0]: change[1]})
    with pytest.raises(SetupError, match=reason):
        load(path, load_scenario(CHOICE).roster)


def test_each_player_needs_a_user_and_a_channel_of_their_own(fake: FakeDiscord, tmp_path: Path) -> None:
    table = Table(fake, ["Hedger", "Uri"])
    roster = load_scenario(CHOICE).roster
    hedger, uri = table.users
    path = filled(table, tmp_path / "a.toml", **{f"user = {uri.id}": f"user = {hedger.id}"})
    with pytest.raises(SetupError, match="Uri's user ID is also Hedger's: each player is a different Discord user"):
        load(path, roster)
    channel = table.channels[0]
    assert channel is not None
    path = filled(table, tmp_path / "b.toml", **{f"channel = {channel.id}": f"channel = {table.game.id}"})
    with pytest.raises(SetupError, match="Hedger's submission channel is also the public game channel"):
        load(path, roster)
    ids = load(filled(table, tmp_path / "c.toml"), roster)
    assert [p.channel for p in ids.players] == [c.id if c else None for c in table.channels]


def test_the_token_comes_from_the_environment_or_an_owner_only_file_only(fake: FakeDiscord, tmp_path: Path) -> None:
    table = Table(fake, ["Hedger", "Uri"])
    roster = load_scenario(CHOICE).roster
    ids = load(filled(table, tmp_path / "discord.toml"), roster)
    assert token(ids, {TOKEN_ENV: " abc.def \n"}) == "abc.def"
    with pytest.raises(SetupError, match=f"no bot token: set the environment variable {TOKEN_ENV}"):
        token(ids, {})
    secret = tmp_path / "token"
    secret.write_text("from.the.file\n")
    with_file = load(filled(table, tmp_path / "f.toml", **{"host = ": f'token_file = "{secret}"\nhost = '}), roster)
    secret.chmod(0o644)
    with pytest.raises(SetupError, match=f"the token file {secret} can be read by other accounts: run `chmod 600 {secret}`"):
        token(with_file, {})
    secret.chmod(0o600)
    assert token(with_file, {}) == "from.the.file"
    secret.write_text("")
    with pytest.raises(SetupError, match="is empty: paste the bot's token into it"):
        token(with_file, {})


def facts_problems(fake: FakeDiscord, table: Table, token_text: str | None = None) -> list[str]:
    ids = table.ids()
    with pointed_at(fake):
        return problems(asyncio.run(preflight(token_text or table.bot.token, ids)), ids)


def test_a_server_set_up_as_the_readme_says_passes_every_check(fake: FakeDiscord) -> None:
    assert facts_problems(fake, Table(fake, ["Hedger", "Uri"], dm_seats=(1,))) == []


def test_a_refused_token_says_how_to_get_a_new_one(fake: FakeDiscord) -> None:
    table = Table(fake, ["Hedger", "Uri"])
    with pytest.raises(Rejected, match=r"Discord refused the bot token .* Bot → Reset Token"):
        facts_problems(fake, table, "not.the.token")


def test_the_message_content_intent_switched_off_is_named_with_where_to_switch_it_on(fake: FakeDiscord) -> None:
    table = Table(fake, ["Hedger", "Uri"])
    fake.set_app_intents(table.bot, message_content=False)
    (problem,) = facts_problems(fake, table)
    assert "Privileged Gateway Intents, switch on MESSAGE CONTENT INTENT and press Save Changes" in problem


def test_a_bot_not_in_the_server_is_given_its_invite_link(fake: FakeDiscord) -> None:
    table = Table(fake, ["Hedger", "Uri"])
    other = fake.add_guild("Elsewhere", owner=table.host)
    ids = table.ids()
    ids = type(ids)(**{**ids.__dict__, "server": other.id})
    with pointed_at(fake):
        found = problems(asyncio.run(preflight(table.bot.token, ids)), ids)
    assert found[0].startswith("the bot (umpire) is not in the server")
    assert invite_link(table.bot.id) in found[0] and "permissions=101376" in found[0]


def test_each_missing_permission_and_each_leaky_or_closed_channel_is_named_with_its_fix(fake: FakeDiscord) -> None:
    table = Table(fake, ["Hedger", "Uri", "Yuna"], dm_seats=(2,))
    hedger_moves, uri_moves = table.channels[0], table.channels[1]
    assert hedger_moves is not None and uri_moves is not None
    fake.set_overwrite(table.game, table.bot, deny=Perm.ATTACH_FILES | Perm.READ_MESSAGE_HISTORY)
    fake.set_overwrite(hedger_moves, table.users[1], allow=Perm.VIEW_CHANNEL)  # Uri can read Hedger's moves
    fake.set_overwrite(uri_moves, table.users[1], allow=Perm.VIEW_CHANNEL, deny=Perm.SEND_MESSAGES)
    found = facts_problems(fake, table)
    assert found == [
        "the bot lacks Attach Files, Read Message History in #game: in Discord right-click the channel → Edit Channel → Permissions "
        "→ add umpire (or its role) → allow Attach Files, Read Message History → Save Changes",
        "#hedger-moves is Hedger's private submission channel, but Uri can read it too: in Discord right-click the channel → "
        "Edit Channel → Permissions → @everyone: deny View Channel; then allow View Channel only to Hedger, the bot and you",
        "Uri cannot post in their submission channel #uri-moves: in Discord right-click the channel → Edit Channel → "
        "Permissions → add Uri → allow View Channel and Send Messages",
    ]


def test_an_unknown_user_and_a_player_outside_the_server_are_named(fake: FakeDiscord) -> None:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    stranger = fake.add_user("stranger")
    ids = table.ids()
    players = (ids.players[0], type(ids.players[1])(seat=1, name="Uri", user=stranger.id, channel=None))
    ids = type(ids)(**{**ids.__dict__, "players": players, "host": 4242})
    with pointed_at(fake):
        found = problems(asyncio.run(preflight(table.bot.token, ids)), ids)
    assert found == [
        "there is no Discord user 4242 (the host): check [discord] host in discord.toml (in Discord turn on User Settings → "
        "Advanced → Developer Mode, then right-click it → Copy ID)",
        "Uri (stranger) is not a member of ORG: invite them, or fix [players.Uri] user in discord.toml",
    ]


def test_play_with_discord_refuses_to_start_listing_every_problem_and_makes_no_journal(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    fake.set_app_intents(table.bot, message_content=False)
    fake.set_overwrite(table.game, table.bot, deny=Perm.SEND_MESSAGES)
    filled(table, tmp_path / "discord.toml")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(TOKEN_ENV, table.bot.token)
    with pointed_at(fake):
        result = CliRunner().invoke(app, ["play", str(CHOICE), "--discord", "--journal", "j.jsonl"])
    assert result.exit_code == 2
    assert "the bot cannot host this game yet (2 to fix):" in result.output and "MESSAGE CONTENT INTENT" in result.output
    assert "the bot lacks Send Messages, Attach Files in #game" in result.output
    assert not (tmp_path / "j.jsonl").exists() and table.bot.token not in result.output
    assert os.listdir(tmp_path) == ["discord.toml"]


def test_the_discord_options_are_refused_where_they_mean_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.txt").write_text("start\n")
    result = CliRunner().invoke(app, ["play", str(CHOICE), "--discord", "--script", "s.txt"])
    assert result.exit_code == 2 and "--discord hosts a live game; batch mode (--script) reads its lines from the file" in result.output
    result = CliRunner().invoke(app, ["play", str(CHOICE), "--review"])
    assert result.exit_code == 2 and "--review goes with --discord" in result.output
    result = CliRunner().invoke(app, ["resume", "j.jsonl", "--review"])
    assert result.exit_code == 2 and "--review goes with --discord" in result.output


def test_discord_check_says_ready_when_everything_is_in_place(fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    filled(table, tmp_path / "discord.toml")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(TOKEN_ENV, table.bot.token)
    with pointed_at(fake):
        result = CliRunner().invoke(app, ["discord", "check", str(CHOICE)])
    assert result.exit_code == 0, result.output
    assert f"Ready: the bot can host The Choice is Yours — Final Match on the server {table.guild.id} (2 players)." in result.output


def test_a_bot_that_cannot_go_live_ends_the_run_saying_why_and_changes_nothing(fake: FakeDiscord, tmp_path: Path) -> None:
    import io

    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from umpire.discord.bot import Bot
    from umpire.repl.shell import build
    from umpire.repl.terminal import Terminal
    from umpire.session import Session

    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    session = Session.create(load_scenario(CHOICE), journal_path=tmp_path / "j.jsonl", seed="1", salt="0" * 32)
    before = (tmp_path / "j.jsonl").read_bytes()
    out = io.StringIO()
    with pointed_at(fake), create_pipe_input() as inp:
        bot = Bot(session, table.ids(), "revoked.since.the.checks")
        shell, prompt = build(
            session, Terminal(out, width=160), pt_input=inp, pt_output=DummyOutput(), history=InMemoryHistory(), companion=bot
        )
        shell.start([])
        asyncio.run(asyncio.wait_for(shell.loop(prompt), 60))
    text = out.getvalue()
    assert "✗ Discord refused the bot token (401 Unauthorized): in the developer portal open the application → Bot → Reset Token" in text
    assert "Nothing was changed; the journal is as it was." in text and "Bye." not in text
    assert (tmp_path / "j.jsonl").read_bytes() == before
