"""`umpire discord check` finds everyone beyond the player, the host and the bot who can read a player's private
submission channel — a member let in by a permission overwrite, a role (by an overwrite or its own permissions), the
server's owner or an administrator — and a host who cannot read it; each problem with the step that fixes it. Who can
be kept out is a problem; an owner or administrator, whom no channel setting keeps out, is a warning, and so is a role
the host or the player holds while the server's members cannot be listed (the Server Members intent off)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from typer.testing import CliRunner

import umpire.cli.discord_cmd  # noqa: F401 - registers the commands
from tests.fakediscord import FakeDiscord, Perm
from tests.fakediscord.client import pointed_at
from umpire.cli import app
from umpire.discord.checks import problems, warnings
from umpire.discord.ids import TOKEN_ENV
from umpire.discord.transport import preflight

from .support import Table
from .test_setup import CHOICE, filled

EDIT = "in Discord right-click the channel → Edit Channel → Permissions"
PRIVATE = "#hedger-moves is Hedger's private submission channel"


def checked(fake: FakeDiscord, table: Table) -> tuple[list[str], list[str]]:
    ids = table.ids()
    with pointed_at(fake):
        facts = asyncio.run(preflight(table.bot.token, ids))
    return problems(facts, ids), warnings(facts, ids)


@pytest.fixture
def table(fake: FakeDiscord) -> Table:
    return Table(fake, ["Hedger", "Uri"], dm_seats=(1,))


def moves(table: Table) -> object:
    channel = table.channels[0]
    assert channel is not None
    return channel


@pytest.mark.parametrize("members_listed", [False, True])
def test_a_member_let_in_by_an_overwrite_is_named_with_the_fix(fake: FakeDiscord, table: Table, members_listed: bool) -> None:
    fake.set_app_intents(table.bot, members=members_listed)
    fake.set_overwrite(moves(table), table.lurker, allow=Perm.VIEW_CHANNEL)  # type: ignore[arg-type]
    assert checked(fake, table) == (
        [
            f"{PRIVATE}, but lurker, who is not in the game, can read it too (a permission overwrite for them): {EDIT} → "
            "lurker: remove their overwrite (or deny View Channel) → Save Changes"
        ],
        [],
    )


def test_a_role_let_in_is_named_as_a_role_and_its_members_by_name_when_they_can_be_listed(fake: FakeDiscord, table: Table) -> None:
    spectators = fake.add_role(table.guild, "Spectators")
    fake.set_member_roles(table.guild, table.lurker, [spectators])
    fake.set_overwrite(moves(table), spectators, allow=Perm.VIEW_CHANNEL)  # type: ignore[arg-type]
    assert checked(fake, table)[0] == [
        f"{PRIVATE}, but anyone with the role @Spectators can read it (a permission overwrite for the role): {EDIT} → "
        "@Spectators: deny View Channel (or remove its overwrite) → Save Changes"
    ]
    fake.set_app_intents(table.bot, members=True)  # the members can be listed: each is named
    assert checked(fake, table)[0] == [
        f"{PRIVATE}, but lurker, who is not in the game, can read it too (the role @Spectators): {EDIT} → add lurker → "
        "deny View Channel → Save Changes"
    ]


def test_everyone_let_in_is_named(fake: FakeDiscord, table: Table) -> None:
    fake.set_overwrite(moves(table), table.guild, allow=Perm.VIEW_CHANNEL)  # type: ignore[arg-type]
    found, _ = checked(fake, table)
    assert f"{PRIVATE}, but everyone in the server can read it: {EDIT} → @everyone: deny View Channel → Save Changes" in found


def test_an_administrator_and_an_owner_who_are_not_in_the_game_are_warnings(fake: FakeDiscord) -> None:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,), host_owns=False)
    fake.set_overwrite(moves(table), table.host, allow=Perm.VIEW_CHANNEL)  # type: ignore[arg-type]
    admins = fake.add_role(table.guild, "Admins", Perm.ADMINISTRATOR)
    fake.set_member_roles(table.guild, table.lurker, [admins])
    owner = (
        "owner is not in the game but can read #hedger-moves, Hedger's private submission channel (the server's owner: no "
        "channel setting keeps them out): make sure they neither play nor tell"
    )
    assert checked(fake, table) == (
        [],
        [owner, "anyone with the role @Admins (Administrator) can read #hedger-moves, Hedger's private submission channel"],
    )
    fake.set_app_intents(table.bot, members=True)
    assert checked(fake, table) == (
        [],
        [
            owner,
            "lurker is not in the game but can read #hedger-moves, Hedger's private submission channel (Administrator, through "
            "@Admins: no channel setting keeps them out): make sure they neither play nor tell",
        ],
    )


def test_a_host_who_cannot_read_a_players_channel_is_told_how_to_get_in(fake: FakeDiscord) -> None:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,), host_owns=False)
    found, _ = checked(fake, table)
    assert found == [
        "you (the host) cannot read #hedger-moves, Hedger's private submission channel, so you cannot see what Hedger is sent "
        f"there: {EDIT} → add yourself → allow View Channel → Save Changes"
    ]


def test_a_role_only_the_host_holds_is_a_warning_until_the_members_can_be_listed(fake: FakeDiscord) -> None:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,), host_owns=False)
    hosts = fake.add_role(table.guild, "Hosts")
    fake.set_member_roles(table.guild, table.host, [hosts])
    fake.set_overwrite(moves(table), hosts, allow=Perm.VIEW_CHANNEL)  # type: ignore[arg-type]
    found, warned = checked(fake, table)
    assert found == [] and warned[1:] == [
        "anyone with the role @Hosts can read #hedger-moves, Hedger's private submission channel; umpire cannot list who has it "
        "(the application's Server Members intent is off): if only you and they do, nothing to do"
    ]
    fake.set_app_intents(table.bot, members=True)
    assert checked(fake, table)[0] == []  # the members listed: only the host has it
    fake.set_member_roles(table.guild, table.lurker, [hosts])
    assert checked(fake, table)[0] == [
        f"{PRIVATE}, but lurker, who is not in the game, can read it too (the role @Hosts): {EDIT} → add lurker → deny View "
        "Channel → Save Changes"
    ]


def test_discord_check_prints_the_warnings_and_refuses_an_onlooker(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    admins = fake.add_role(table.guild, "Admins", Perm.ADMINISTRATOR)
    fake.set_member_roles(table.guild, table.lurker, [admins])
    filled(table, tmp_path / "discord.toml")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(TOKEN_ENV, table.bot.token)
    with pointed_at(fake):
        ready = CliRunner().invoke(app, ["discord", "check", str(CHOICE)])
    assert ready.exit_code == 0, ready.output
    assert "⚠ anyone with the role @Admins (Administrator) can read #hedger-moves" in ready.output and "Ready:" in ready.output
    spy = fake.add_user("spy")
    fake.add_member(table.guild, spy)
    fake.set_overwrite(moves(table), spy, allow=Perm.VIEW_CHANNEL)  # type: ignore[arg-type]
    with pointed_at(fake):
        refused = CliRunner().invoke(app, ["discord", "check", str(CHOICE)])
    assert refused.exit_code == 2 and "the bot cannot host this game yet (1 to fix)" in refused.output
