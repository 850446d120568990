"""Review mode: public posts wait for the host's key (F2) in the order they were made, so the host reads before
anything is posted; a ruling taken back before its posts went out is never posted, nor is its correction; one taken
back after they went out gets its correction post, and each player who had a DM about it a correction DM."""

from __future__ import annotations

from pathlib import Path

from prompt_toolkit.formatted_text import to_plain_text

from tests.fakediscord import FakeDiscord
from umpire.scenario import load
from umpire.session import Session
from umpire.session import entries as E

from .support import ROOT, Hosted, Table, entries_of, resumed

F2 = "\x1bOQ"


def choice(fake: FakeDiscord, tmp_path: Path) -> tuple[Table, Session]:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    return table, Session.create(
        load(ROOT / "scenarios" / "choice-is-yours.toml"), journal_path=tmp_path / "bot.jsonl", seed="9701", salt="0" * 32
    )


def test_public_posts_wait_for_the_hosts_key_and_go_out_in_order(fake: FakeDiscord, tmp_path: Path) -> None:
    table, session = choice(fake, tmp_path)
    seen: dict[str, object] = {}

    def play(h: Hosted) -> None:
        h.type("start")
        h.says(0, "gs 5")
        h.settle()
        assert table.public() == [] and len(table.private_messages(0)) == 1  # DMs are not held: only public posts
        assert h.shell is not None
        seen["toolbar"] = to_plain_text(h.shell.toolbar())
        h.press(F2)
        h.wait(lambda: len(table.public()) == 3, "the three held posts")

    h = Hosted(fake, table, session, table.ids(), review=True)
    out = h.run(play)
    assert "📝 3 held: F2 posts" in str(seen["toolbar"])
    firsts = [m.content.split("\n")[0] for m in table.public()]
    assert [f.split(" ")[:3] for f in firsts] == [["🔒", "Fairness", "commitment"], ["**Block", "1", "of"], ["🃏", "**Block", "1,"]]
    assert "posting 3 held posts" in out and "review" in out


def test_a_ruling_taken_back_before_its_posts_went_out_is_never_posted_nor_corrected(fake: FakeDiscord, tmp_path: Path) -> None:
    table, session = choice(fake, tmp_path)

    def play(h: Hosted) -> None:
        h.type("start")
        h.press(F2)
        h.wait(lambda: len(table.public()) == 3, "the start posts")
        h.type("p1: post status")  # a public post made by the host's line: held
        h.type("undo")
        h.press(F2)
        h.says(1, "gs 6")
        h.settle()

    out = Hosted(fake, table, session, table.ids(), review=True).run(play)
    assert len(table.public()) == 3 and not any("Correction" in m.content for m in table.public())
    assert "held post(s) of the ruling taken back are dropped, unposted; so is its correction" in out


def test_undoing_a_ruling_whose_posts_and_dms_went_out_posts_its_correction_and_corrects_each_dm(fake: FakeDiscord, tmp_path: Path) -> None:
    table, session = choice(fake, tmp_path)

    def play(h: Hosted) -> None:
        h.type("start")
        h.says(1, "gs 6")
        h.settle()
        h.type("undo")  # takes back Uri's play: he was sent a receipt
        h.type("undo")  # and the start: its posts went out
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    (correction,) = [m.content for m in table.public() if "Correction" in m.content]
    assert correction == (  # the start made two posts: the correction names both (issue 29, item 10)
        "↶ **Correction:** the host took back the last ruling; disregard all 2 posts it made:\n• “Block 1 of 6 begins.”\n"
        "• “🃏 Block 1, round 1/9: the prize is 5. Submit gs X privately within 59 s.”\nThe game stands as before it."
    )
    uri = [m.content for m in table.private_messages(1)]
    assert uri[0].startswith("Your play for round 1: 6") and "↶ **Correction:** the host took back a ruling (“Uri: gs 6”)" in uri[1]


def test_r_bot_8_in_review_mode_the_commitment_is_posted_before_any_word_is_taken(fake: FakeDiscord, tmp_path: Path) -> None:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    session = Session.create(load(ROOT / "scenarios" / "choice-is-yours.toml"), journal_path=tmp_path / "bot.jsonl", player_entropy=True)
    early: list[int] = []

    def play(h: Hosted) -> None:
        early.append(h.says(1, "maple").id)  # before the host pressed F2: the commitment is not public yet
        assert session.fair.words == {} and table.public() == []
        h.press(F2)
        h.wait(lambda: h.bot is not None and h.bot.commitment.id is not None, "the commitment confirmed")
        h.says(1, "maple")
        h.says(0, "17 lantern")
        h.type("start")
        h.press(F2)
        h.wait(lambda: len(table.public()) == 5, "the entropy, the block's and the round's posts")
        h.settle()

    out = Hosted(fake, table, session, table.ids(), review=True).run(play)
    assert "the players' words for the seed are taken once the fairness commitment is posted: press F2 to post it" in out
    assert "🎲 the fairness commitment is posted: the players' words for the seed are taken from now" in out
    commitment, request, entropy, start, _ = table.public()
    assert commitment.content.startswith("🔒 Fairness commitment") and request.content.startswith("🎲 Before the game starts")
    assert early[0] < commitment.id < request.id  # the refused word came first in Discord's order; the taken ones after
    assert (
        entropy.content.startswith("🎲 The players' words for the seed are in:\nHedger: `17 lantern`\nUri: `maple`")
        and "Block 1 of 6 begins" in start.content
    )
    assert table.private_messages(1)[0].content == (
        "✗ `maple` — this was sent before the fairness commitment was posted, so it cannot be your word for the seed (the secret "
        "must be fixed in public before any word is chosen): send your word again once the commitment is in the game channel"
    )
    heard = [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Heard)]
    assert [(e.by, e.refused is not None) for e in heard] == [(1, True), (1, False), (0, False)]


def test_r_bot_8_a_word_read_back_after_a_restart_that_was_sent_before_the_commitment_is_refused(fake: FakeDiscord, tmp_path: Path) -> None:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    session = Session.create(load(ROOT / "scenarios" / "choice-is-yours.toml"), journal_path=tmp_path / "bot.jsonl", player_entropy=True)
    Hosted(fake, table, session, table.ids(), review=True).run(lambda h: h.says(1, "early", wait=False))  # leaves before F2
    assert table.public() == []
    again, recovery, paused = resumed(tmp_path / "bot.jsonl")
    assert recovery.commitment_unposted

    def play(h: Hosted) -> None:
        h.settle()
        h.says(1, "maple")
        h.says(0, "oak")

    Hosted(fake, table, again, table.ids(), recovery=recovery, backlog=paused).run(play)
    assert again.fair.entropy_words == ("oak", "maple")
    heard = [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Heard)]
    assert [(e.by, e.text, e.refused is not None) for e in heard] == [(1, "early", True), (1, "maple", False), (0, "oak", False)]
