"""Review mode: public posts wait for the host's key (F2) in the order they were made, so the host reads before
anything is posted; a ruling taken back before its posts went out is never posted, nor is its correction; one taken
back after they went out gets its correction post, and each player who had a DM about it a correction DM."""

from __future__ import annotations

from pathlib import Path

from prompt_toolkit.formatted_text import to_plain_text

from tests.fakediscord import FakeDiscord
from umpire.scenario import load
from umpire.session import Session

from .support import ROOT, Hosted, Table

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
    assert "the host took back the last ruling (“Block 1 of 6 begins.”)" in correction
    uri = [m.content for m in table.private_messages(1)]
    assert uri[0].startswith("Your play for round 1: 6") and "↶ **Correction:** the host took back a ruling (“Uri: gs 6”)" in uri[1]
