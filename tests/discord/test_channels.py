"""The Choice is Yours with the card's channels: the set-up file names #goofspiel, #shop, #gyul-hap, #expressions and
#status, and each public post goes to the channel of its kind (everything else to the game channel); a player's
`post shop` and `status` are answered there; a correction follows the post it corrects; posts that never went out
before a restart go to their own channels after it; and the rulings are those of the same lines with no channels."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tests.fakediscord import Channel, FakeDiscord
from umpire.core import chat
from umpire.scenario import load
from umpire.session import Output, OutputKind, Session, derive_salt

from .support import ROOT, SCRIPTS, Hosted, Table, play, resumed, rulings, steps

CHOICE = ROOT / "scenarios" / "choice-is-yours.toml"

# Where the card's posts go (its #goofspiel, #shop, #gyul-hap, #expressions and #status), by event kind: the test's own
# statement of the card, not the game's table.
CARD = {
    "round_started": "goofspiel",
    "round_reminder": "goofspiel",
    "round_resolved": "goofspiel",
    "bout_over": "goofspiel",
    "shop_opened": "shop",
    "shop_posted": "shop",
    "shop_closed": "shop",
    "gh_board": "gyul-hap",
    "gh_reset": "gyul-hap",
    "gh_over": "gyul-hap",
    "hap_called": "gyul-hap",
    "gyul_called": "gyul-hap",
    "expr_set": "expressions",
    "expr_reposted": "expressions",
    "expr_solved": "expressions",
    "expr_closed": "expressions",
    "status_posted": "status",
}


def card_table(fake: FakeDiscord) -> tuple[Table, dict[str, Channel]]:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    own = {key: fake.add_text_channel(table.guild, key) for key in ("goofspiel", "shop", "gyul-hap", "expressions", "status")}
    return table, own


def where_each_post_goes(outputs: list[Output], undone_first: dict[int, str]) -> list[tuple[str, str]]:
    """(channel key, text) of every public post in order, by the card: a post after an event's first is of that event."""
    out = []
    kind = ""
    for o in outputs:
        if o.source is not None:
            kind = o.source.kind
            if kind == "undone":
                undid = int(getattr(o.source, "undid", -1))
        if o.kind == OutputKind.ANNOUNCE and o.audience.public and o.text:
            key = CARD.get(kind, "game") if kind != "correction" else undone_first.get(undid, "game")
            if o.n is not None and o.n not in undone_first:
                undone_first[o.n] = key
            out.append((key, o.text))
    return out


def match_lines() -> list[str]:
    """The first two blocks of the whole-match transcript, with each player asking for `status`, `post shop`, `post gh` and
    `post expr`, and a `status` the host takes back."""
    lines = (SCRIPTS / "choice-match.script").read_text().splitlines()
    cut = lines.index("@ 12:05")
    extra = ["p1: status", "p2: post shop", "p1: post gh", "p2: post expr", "p2: status", "undo"]
    return [*lines[:cut], *extra, *lines[cut : cut + 3]]


def test_each_public_post_goes_to_the_channel_of_its_kind_as_the_card_has_them(fake: FakeDiscord, tmp_path: Path) -> None:
    lines = match_lines()
    scenario = load(CHOICE)
    scripted = Session.create(scenario, journal_path=tmp_path / "script.jsonl", seed="9701", salt=derive_salt("9701"))
    from umpire.render import batch

    list(batch(scripted, lines, json_out=True))
    scripted.close()

    table, own = card_table(fake)
    ids = dataclasses.replace(table.ids(), channels={key: c.id for key, c in own.items()})
    hosted = Session.create(scenario, journal_path=tmp_path / "bot.jsonl", seed="9701", salt=derive_salt("9701"))
    script = steps(lines, hosted)
    Hosted(fake, table, hosted, ids).run(lambda h: play(h, script))

    assert rulings(tmp_path / "bot.jsonl") == rulings(tmp_path / "script.jsonl")
    expected = where_each_post_goes(Session.load(tmp_path / "bot.jsonl", reopen=False)[1], {})
    channels = {"game": table.game, **own}
    for key, channel in channels.items():
        wanted = [part for k, text in expected if k == key for part in chat.split(text)]
        got = [m.content for m in fake.sent_messages(channel, bot=table.bot)]
        assert got == wanted, key
        assert wanted, f"nothing was posted to #{key}"
    shop = [m.content for m in fake.sent_messages(own["shop"], bot=table.bot)]
    status = [m.content for m in fake.sent_messages(own["status"], bot=table.bot)]
    assert sum(1 for k, _ in expected if k == "status") == 3  # two statuses and the correction of the second
    assert "Correction" in status[-1] and "Correction" not in "".join(m.content for m in fake.sent_messages(table.game))
    assert any("Shop" in text for text in shop) and len(shop) >= 3
    assert all(table.private_messages(seat) for seat in (0, 1))  # private messages go where they always went


def test_posts_that_never_went_out_before_a_restart_go_to_their_own_channels_after_it(fake: FakeDiscord, tmp_path: Path) -> None:
    table, own = card_table(fake)
    ids = dataclasses.replace(table.ids(), channels={"shop": own["shop"].id, "status": own["status"].id})
    session = Session.create(load(CHOICE), journal_path=tmp_path / "bot.jsonl", seed="9701", salt="0" * 32)

    def first(h: Hosted) -> None:
        h.type("start")
        h.press("\x1bOQ")  # F2: the start's posts go out
        h.wait(lambda: len(table.public()) == 3, "the start posts")
        h.says(1, "status")
        h.says(0, "post shop")  # refused: no shop in block 1 (its refusal goes to Hedger)
        h.type("p1: status")
        h.type("undo")  # held, then taken back: never posted, nor its correction
        h.says(0, "status")
        h.settle()  # the host leaves without pressing F2: two statuses held

    Hosted(fake, table, session, ids, review=True).run(first)
    assert fake.sent_messages(own["status"]) == []
    again, recovery, paused = resumed(tmp_path / "bot.jsonl")
    Hosted(fake, table, again, ids, recovery=recovery, backlog=paused).run(lambda h: h.settle())
    status = [m.content for m in fake.sent_messages(own["status"], bot=table.bot)]
    assert len(status) == 2 and all(s.startswith(status[0].split("\n")[0]) for s in status)
    assert fake.sent_messages(own["shop"]) == []
    assert [m.content.split(" ")[0] for m in table.public()][-1] == "⏸"  # the resume's pause, in the game channel


# ---------------------------------------------------------------- the set-up file and the checks


def setup_file(table: Table, path: Path, channels: str = "") -> Path:
    """`umpire discord init`'s file for The Choice is Yours filled in for `table`, `channels` added under [channels]."""
    from umpire.discord.ids import template
    from umpire.games import entry

    ids = table.ids()
    entry_ = entry("choice-is-yours")
    assert entry_ is not None
    text = template(load(CHOICE).roster, "The Choice is Yours", "choice-is-yours.toml", entry_.channels)
    text = text.replace("server = 0", f"server = {ids.server}").replace("channel = 0   #", f"channel = {ids.channel}   #")
    text = text.replace("host = 0", f"host = {ids.host}").replace("[channels]\n", f"[channels]\n{channels}")
    for p in ids.players:
        text = text.replace("user = 0\nchannel = 0", f"user = {p.user}\nchannel = {p.channel or 0}", 1)
    path.write_text(text)
    return path


def test_init_writes_the_games_own_channels_commented_and_load_reads_those_filled_in(fake: FakeDiscord, tmp_path: Path) -> None:
    from umpire.discord.ids import load as load_ids

    table, own = card_table(fake)
    roster = load(CHOICE).roster
    from umpire.games import entry

    found = entry("choice-is-yours")
    assert found is not None
    path = setup_file(table, tmp_path / "discord.toml")
    text = path.read_text()
    keys = [line.split("=")[0].strip("# ") for line in text.split("[channels]\n")[1].split("\n\n")[0].splitlines()]
    assert keys == ["goofspiel", "shop", "gyul-hap", "expressions", "status"]
    assert "# shop = 0          # the Shop: each cycle's prices, `post shop`, its close" in text
    assert load_ids(path, roster, found.channels).channels == {}  # every key commented: all to the game channel
    filled = setup_file(table, tmp_path / "f.toml", f"shop = {own['shop'].id}\ngyul-hap = {own['gyul-hap'].id}\nstatus = 0\n")
    assert load_ids(filled, roster, found.channels).channels == {"shop": own["shop"].id, "gyul-hap": own["gyul-hap"].id}


def test_a_channels_table_that_does_not_fit_the_game_is_refused_naming_what_to_fix(fake: FakeDiscord, tmp_path: Path) -> None:
    import pytest

    from umpire.discord.ids import SetupError
    from umpire.discord.ids import load as load_ids
    from umpire.games import entry

    table, own = card_table(fake)
    roster = load(CHOICE).roster
    found = entry("choice-is-yours")
    assert found is not None
    hedger = table.channels[0]
    assert hedger is not None
    cases = [
        ("chat = 5\n", r"\[channels\]: unknown key 'chat' \(expected expressions, goofspiel, gyul-hap, shop, status\)"),
        ('shop = "#shop"\n', r"\[channels\] shop is '#shop': a Discord ID is a whole number"),
        (f"status = {hedger.id}\n", "Hedger's submission channel is also the channel of \\[channels\\] status"),
    ]
    for i, (lines, reason) in enumerate(cases):
        with pytest.raises(SetupError, match=reason):
            load_ids(setup_file(table, tmp_path / f"{i}.toml", lines), roster, found.channels)
    with pytest.raises(SetupError, match=r"\[channels\]: this game posts everything to the game channel; take the \[channels\] table out"):
        load_ids(setup_file(table, tmp_path / "none.toml", f"shop = {own['shop'].id}\n"), roster, ())


def test_discord_check_names_an_own_channel_that_is_missing_closed_to_the_bot_or_unread_by_a_player(fake: FakeDiscord) -> None:
    import asyncio

    from tests.fakediscord import Perm
    from tests.fakediscord.client import pointed_at
    from umpire.discord.checks import problems
    from umpire.discord.transport import preflight

    table, own = card_table(fake)

    def found(**channels: int) -> list[str]:
        ids = dataclasses.replace(table.ids(), channels=channels)
        with pointed_at(fake):
            return problems(asyncio.run(preflight(table.bot.token, ids)), ids)

    assert found(shop=own["shop"].id, status=own["status"].id) == []
    fake.set_overwrite(own["shop"], table.bot, deny=Perm.SEND_MESSAGES)
    fake.set_overwrite(own["status"], table.users[1], deny=Perm.VIEW_CHANNEL)
    other = fake.add_guild("Elsewhere", owner=table.host)
    fake.add_member(other, table.bot)
    elsewhere = fake.add_text_channel(other, "far")
    assert found(shop=own["shop"].id, status=own["status"].id, goofspiel=elsewhere.id, expressions=999) == [
        "the bot lacks Send Messages, Attach Files in #shop: in Discord right-click the channel → Edit Channel → Permissions → add "
        "umpire (or its role) → allow Send Messages, Attach Files → Save Changes",
        "Uri cannot read #status, where [channels] status sends public posts: in Discord right-click the channel → Edit Channel → "
        "Permissions → @everyone (or each player) → allow View Channel and Read Message History",
        f"[channels] goofspiel ({elsewhere.id}, #far) is a channel of another server than ORG: use a channel of the game's server",
        "there is no channel 999 that the bot can see: check [channels] expressions in discord.toml (in Discord turn on User Settings "
        "→ Advanced → Developer Mode, then right-click it → Copy ID), or let the bot see it (in Discord right-click the channel → "
        "Edit Channel → Permissions → add umpire → allow View Channel)",
    ]
