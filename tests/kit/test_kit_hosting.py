"""A kit game hosted as every game is: scenarios/kit/number-auction.toml played whole in batch mode, in the REPL and
through the bot against the fake Discord; `verify` re-derives every prize from the journal alone; `report` writes
its page; `help` and `rules` are the file's."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.kit.support import KITS
from umpire.core import journal
from umpire.scenario import load
from umpire.session import Session, derive_salt

NA = KITS / "number-auction.toml"
MATCH = [  # round by round: the prizes of seed 7 are 7, 1, 9, 2, 3
    "start",
    "p1: bid 5",
    "p2: bid 5",
    "p3: bid 3",
    "p4: bid 9",  # Mara's 9 is the highest unmatched: 7 points for 9
    "p1: bid 4",
    "p1: bid 6",
    "p2: bid 2",
    "p3: bid 2",
    "p4: bid 0",  # Hedger's later 6 counts: 1 point for 6
    "p1: bid 2",
    "p2: bid 2",
    "p3: bid 2",
    "p4: bid 2",  # every bid matched: nobody wins round 3
    "p1: bid 1",
    "p2: bid 0",
    "p3: bid 4",
    "p4: bid 3",  # Yuna: 2 points for 4
    "p1: bid 10",
    "p2: bid 11",
    "close",  # the host closes round 5: Uri's 11 wins 3 points
]
RESULT = "🏆 **Mara wins the Number Auction.** (7 points, 11 coins left)"


def play_the_match(h: Any) -> None:
    """MATCH through the bot (`h`: a tests.discord.support.Hosted): the host's words typed, each player's sent."""
    for line in MATCH:
        if line in ("start", "close"):
            h.type(line)
        else:
            seat, word = line.split(": ")
            h.says(int(seat[1:]) - 1, word)
    h.settle()


def umpire(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "umpire", *args], cwd=cwd, capture_output=True, text=True, encoding="utf-8", timeout=120)


def test_a_kit_game_plays_a_whole_match_in_batch_mode_and_verify_and_report_work_from_its_journal(tmp_path: Path) -> None:
    (tmp_path / "match.txt").write_text("\n".join(MATCH) + "\n", encoding="utf-8")
    played = umpire("play", str(NA), "--script", "match.txt", "--seed", "7", "--journal", "na.jsonl", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "**Round 1 of 5: the prize is worth 7 points.**" in played.stdout
    assert "🏷️ **Mara** wins 7 points for 9 coins." in played.stdout
    assert "🏷️ **Hedger** wins 1 point for 6 coins." in played.stdout
    assert "🏷️ **Uri** wins 3 points for 11 coins." in played.stdout
    assert RESULT in played.stdout
    header = journal.read(tmp_path / "na.jsonl").header
    assert header["scenario_toml"] == NA.read_text(encoding="utf-8")  # the kit file itself: the journal needs nothing else
    (tmp_path / "elsewhere").mkdir()
    verified = umpire("verify", str(tmp_path / "na.jsonl"), cwd=tmp_path / "elsewhere")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "generated items re-derived from the seed" in verified.stdout
    assert "✓ replayed 21 entries; 5 generated items re-derived from the seed" in verified.stdout  # the five prizes
    replayed = umpire("replay", str(tmp_path / "na.jsonl"), cwd=tmp_path / "elsewhere")
    assert replayed.returncode == 0 and RESULT in replayed.stdout
    reported = umpire("report", str(tmp_path / "na.jsonl"), cwd=tmp_path / "elsewhere")
    assert reported.returncode == 0, reported.stderr
    page = (tmp_path / "na.html").read_text(encoding="utf-8")
    assert "Mara wins the Number Auction." in page and "Coins" in page


def test_a_kit_game_whose_file_changed_after_the_match_is_still_verified_from_the_journal(tmp_path: Path) -> None:
    kit = tmp_path / "mine.toml"
    kit.write_text(NA.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "match.txt").write_text("\n".join(MATCH) + "\n", encoding="utf-8")
    assert umpire("play", str(kit), "--script", "match.txt", "--seed", "7", "--journal", "j.jsonl", cwd=tmp_path).returncode == 0
    kit.write_text(kit.read_text(encoding="utf-8").replace("range = [1, 10]", "range = [1, 3]"), encoding="utf-8")
    verified = umpire("verify", "j.jsonl", cwd=tmp_path)
    assert verified.returncode == 0 and "5 generated items re-derived" in verified.stdout


def test_a_kit_game_plays_a_whole_match_in_the_repl_with_its_own_help_and_rules(tmp_path: Path, drive_repl: Any) -> None:
    session = Session.create(load(NA), journal_path=tmp_path / "repl.jsonl", seed="7", salt=derive_salt("7"))
    out = drive_repl(session, "help\r", "rules\r", *(line + "\r" for line in MATCH))
    assert "bid N   Seal a bid for this round (your last one counts)" in out  # help: the file's word for a player
    assert "R-KIT-2: rounds 1–5: each player still in sends “bid N” privately within 120 s" in " ".join(out.split())
    assert RESULT in out
    assert session.game.is_over(session.state)
    resumed, _, _ = Session.load(tmp_path / "repl.jsonl", reopen=False)  # the journal alone makes the game again
    assert resumed.game.outcome(resumed.state) == session.game.outcome(session.state)


@pytest.mark.skipif(importlib.util.find_spec("discord") is None, reason="the bot's tests need discord.py (the test extra)")
def test_a_kit_game_plays_a_whole_match_through_the_bot(fake: Any, tmp_path: Path) -> None:
    from tests.discord.support import Hosted, Table

    names = ["Hedger", "Uri", "Yuna", "Mara"]
    table = Table(fake, names, dm_seats=(1,))
    session = Session.create(load(NA), journal_path=tmp_path / "bot.jsonl", seed="7", salt="0" * 32)

    Hosted(fake, table, session, table.ids()).run(play_the_match)
    public = [m.content for m in table.public()]
    assert any(RESULT in text for text in public)
    assert any("🏷️ **Mara** wins 7 points for 9 coins." in text for text in public)
    receipts = [m.content for m in table.private_messages(1)]
    assert "🔒 Your bid of **5** in round 1: sealed." in receipts  # Uri's receipt, to Uri alone
    assert not any("Your bid" in text for text in public)
    lines = [json.loads(x) for x in (tmp_path / "bot.jsonl").read_text(encoding="utf-8").splitlines()]
    assert lines[0]["game"] == "kit-number-auction"


def test_umpire_new_on_a_kit_file_writes_a_match_file_with_the_players_given(tmp_path: Path) -> None:
    done = umpire("new", str(KITS / "majority.toml"), "--players", "Ann,Bo,Cy", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    written = load(tmp_path / "majority-match.toml")
    assert [p.name for p in written.roster] == ["Ann", "Bo", "Cy"] and written.key == "kit-majority"
    too_few = umpire("new", str(KITS / "majority.toml"), "--players", "Ann,Bo", "-o", "x.toml", cwd=tmp_path)
    assert too_few.returncode == 2 and "Majority needs 3–12 players, --players names 2" in too_few.stderr
    assert not (tmp_path / "x.toml").exists()


def test_the_result_of_a_kit_match_carries_its_standings_picture(tmp_path: Path) -> None:
    session = Session.create(load(NA), journal_path=None, seed="7", salt=derive_salt("7"))
    for line in MATCH:
        session.feed(line)
    (post,) = [p for _, p in session.last_public_posts if p.text.startswith("🏆")]
    assert post.image is not None and post.image()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_kit_post_never_mentions_anyone_and_shows_a_players_name_as_text(tmp_path: Path) -> None:
    text = NA.read_text(encoding="utf-8").replace("**Round {round} of {rounds}:", "@everyone <@123> **Round {round} of {rounds}:")
    text = text.replace('name = "Uri"', 'name = "Uri *the* <@here>"')
    path = tmp_path / "loud.toml"
    path.write_text(text, encoding="utf-8")
    session = Session.create(load(path), journal_path=None, seed="7", salt=derive_salt("7"))
    posts = [o.text for line in ("start", "p1: bid 1", "p2: bid 2", "p3: bid 3", "p4: bid 3") for o in session.feed(line)]
    opening = next(p for p in posts if "Round 1 of 5" in p)
    assert "@\u200beveryone <\u200b@123> **Round 1 of 5:" in opening
    reveal = next(p for p in posts if p.startswith("**Round 1 bids:**"))
    assert "Uri \\*the\\* <@\u200bhere> 2" in reveal and "🏷️ **Uri \\*the\\* <@\u200bhere>** wins 7 points for 2 coins." in reveal


@pytest.mark.skipif(importlib.util.find_spec("discord") is None, reason="the bot's tests need discord.py (the test extra)")
def test_a_pick_among_words_with_buttons_is_asked_privately_and_a_tap_is_the_pick(fake: Any, tmp_path: Path) -> None:
    from tests.discord.support import Hosted, Table

    names = ["Player 1", "Player 2", "Player 3", "Player 4"]
    table = Table(fake, names, dm_seats=(1,))
    session = Session.create(load(KITS / "dilemma.toml"), journal_path=tmp_path / "bot.jsonl", seed="3", salt="0" * 32)

    def play(h: Hosted) -> None:
        h.type("start")
        h.settle()
        h.taps(0, "pick betray")
        h.taps(1, "pick cooperate")
        h.says(2, "pick betray")
        h.taps(3, "pick betray")
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    assert "🔒 Your pick of **cooperate** in round 1: sealed." in [m.content for m in table.private_messages(1)]
    assert any(
        m.content.startswith("**Round 1:** Player 1 betray · Player 2 cooperate · Player 3 betray · Player 4 betray.")
        for m in table.public()
    )
    assert session.knowledge(None)["points"] == {"Player 1": 1, "Player 2": 0, "Player 3": 1, "Player 4": 5}


def test_hidden_resources_through_the_bot_each_player_is_told_their_own_coins_privately_and_the_channel_never_before_the_result(
    fake: Any, tmp_path: Path
) -> None:
    from tests.discord.support import Hosted, Table

    names = [f"Player {n}" for n in range(1, 5)]  # the file names no players
    table = Table(fake, names, dm_seats=(1,))  # Player 2 by DM, the others in their private channels
    session = Session.create(load(KITS / "blind-auction.toml"), journal_path=tmp_path / "bot.jsonl", seed="7", salt="0" * 32)

    Hosted(fake, table, session, table.ids()).run(play_the_match)
    public = [m.content for m in table.public()]
    result = next(i for i, text in enumerate(public) if "wins the Blind Auction" in text)
    before = public[:result]
    assert any("**Player 4** wins 7 points, at a price only they know." in text for text in before), before
    assert not any(re.search(r"\b(9|11) coins?\b|coins \d", text) for text in before), before  # Player 4 paid 9, has 11: nowhere
    assert "(7 points, 11 coins left)" in public[result]  # the result reveals everyone's coins
    p4, p2 = [m.content for m in table.private_messages(3)], [m.content for m in table.private_messages(1)]
    assert "🔒 After round 1, for you alone: coins 11." in p4
    assert "🔒 After round 1, for you alone: coins 20." in p2  # by DM
    assert not any("coins 11" in text for text in p2)
