"""What the bot does for the host that the REPL left to them: Open, Pass's dealer robot (`deal` DMs the card, the
player's `open`/`pass` is read from Discord, the next card follows with no host keystroke), the players' words for
the seed taken from Discord; and the token never shows anywhere."""

from __future__ import annotations

from pathlib import Path

from tests.fakediscord import FakeDiscord
from umpire.scenario import load, parse
from umpire.session import Session
from umpire.session import entries as E

from .support import ROOT, Hosted, Table, entries_of, resumed

NAMES = ["Hedger", "Uri", "Ian", "Yuna", "Marcel", "Elara"]


def six_player_open_pass(tmp_path: Path) -> Session:
    base = (ROOT / "scenarios" / "open-pass-heaven-hell.toml").read_text().split("[[players]]")[0]
    text = (
        base
        + "".join(f'[[players]]\nname = "{n}"\naliases = ["p{i + 1}"]\n' for i, n in enumerate(NAMES))
        + "[rules]\ntokens = [3, 1, 1]\necs = 3\n"
    )
    return Session.create(parse(text, "six.toml"), journal_path=tmp_path / "bot.jsonl", seed="1", salt="0" * 32)


def hedger_dealt(h: Hosted, dealer: str) -> None:
    """Take the six-player match to its dealing: the three bidding rounds closed, Hedger's deck and dealer in, and
    the host's `deal p1` (Hedger's first card is out, with its buttons)."""
    for line in ("start", "close", "close", "close"):
        h.type(line)
    h.says(0, "deck all")
    h.says(0, f"dealer {dealer}")
    h.type("deal p1")
    h.settle()


def test_deal_dms_each_card_and_the_reply_brings_the_next_with_no_host_keystroke(fake: FakeDiscord, tmp_path: Path) -> None:
    session = six_player_open_pass(tmp_path)
    table = Table(fake, NAMES, dm_seats=(0,))
    replies = []

    def play(h: Hosted) -> None:
        for line in ("start", "close", "close", "close"):
            h.type(line)
        h.says(0, "deck all")
        h.says(0, "dealer heaven")
        h.settle()
        keys = h.keys
        h.type("deal p1")
        for card, answer in ((1, "open"), (2, "pass"), (3, "open")):
            h.wait(lambda c=card: any(f"card {c} of 20" in m.content for m in table.private_messages(0)), f"card {card}")
            replies.append(h.says(0, answer))
        h.wait(lambda: any("card 4 of 20" in m.content for m in table.private_messages(0)), "card 4")
        h.settle()
        assert h.keys - keys == len("deal p1\r")  # the whole exchange cost the host one line

    Hosted(fake, table, session, table.ids()).run(play)
    cards = [m for m in table.private_messages(0) if " of 20: " in m.content]
    assert [c.content.split(":")[0] for c in cards] == [f"Hedger, card {n} of 20" for n in (1, 2, 3, 4)]
    for card, reply, following in zip(cards, replies, cards[1:], strict=False):
        assert card.id < reply.id < following.id  # each card was in Discord before the answer, the next after it
    inputs = [(e.by, e.text) for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input)][-4:]
    assert inputs == [(None, "deal p1"), (0, "open"), (0, "pass"), (0, "open")]
    assert any("plays Open, Pass with the Heaven dealer" in m.content for m in table.public())


def test_the_players_words_for_the_seed_come_from_discord_and_are_mixed_once_all_are_in(fake: FakeDiscord, tmp_path: Path) -> None:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    session = Session.create(load(ROOT / "scenarios" / "choice-is-yours.toml"), journal_path=tmp_path / "bot.jsonl", player_entropy=True)

    def play(h: Hosted) -> None:
        h.says(1, "maple")
        h.says(1, "birch")  # one word each: the second is refused
        h.says(0, "17 lantern")
        h.type("start")
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    public = [m.content for m in table.public()]
    assert public[0].startswith("🔒 Fairness commitment") and public[1].startswith("🎲 Before the game starts, each player")
    assert public[2].startswith("🎲 The players' words for the seed are in:\nHedger: `17 lantern`\nUri: `maple`\n")
    assert "Block 1 of 6 begins" in public[3]
    assert [m.content for m in table.private_messages(1)][:2] == [
        "🎲 Your word for the seed is in: `maple` (1 of 2 players' words so far). The game starts once every player's is in.",
        "✗ `birch` — your word for the seed is in already (“maple”); the game starts once every player's is",
    ]
    assert session.fair.entropy_words == ("17 lantern", "maple")


def test_the_token_is_in_no_journal_no_post_and_not_on_the_hosts_screen(fake: FakeDiscord, tmp_path: Path) -> None:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    session = Session.create(
        load(ROOT / "scenarios" / "choice-is-yours.toml"), journal_path=tmp_path / "bot.jsonl", seed="9701", salt="0" * 32
    )

    def play(h: Hosted) -> None:
        h.type("start")
        h.says(0, "gs 5")
        h.says(1, "gs 99")
        h.settle()

    out = Hosted(fake, table, session, table.ids()).run(play)
    token = table.bot.token
    assert token not in out and token.encode() not in (tmp_path / "bot.jsonl").read_bytes()
    assert fake.sent and not any(token in m.content for m in fake.sent)


def test_a_held_post_taken_back_before_a_restart_is_not_posted_after_it(fake: FakeDiscord, tmp_path: Path) -> None:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    session = Session.create(
        load(ROOT / "scenarios" / "choice-is-yours.toml"), journal_path=tmp_path / "bot.jsonl", seed="9701", salt="0" * 32
    )

    def first(h: Hosted) -> None:
        h.type("start")
        h.press("\x1bOQ")
        h.wait(lambda: len(table.public()) == 3, "the start posts")
        h.type("p1: post status")  # held, then taken back; the host leaves without pressing F2
        h.type("undo")

    Hosted(fake, table, session, table.ids(), review=True).run(first)
    again, recovery, paused = resumed(tmp_path / "bot.jsonl")
    assert recovery.posts() == []
    Hosted(fake, table, again, table.ids(), recovery=recovery, backlog=paused).run(lambda h: h.settle())
    contents = [m.content for m in table.public()]
    assert len(contents) == 4 and contents[-1].startswith("⏸ Clocks paused")
    assert not any("Correction" in c or "tiles" in c.casefold() for c in contents)
