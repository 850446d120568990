"""What `umpire verify` says where the journal leaves something open (issue 31, item 8): the players' entropy
it could not check is named as such, the entries after the posted final hash are counted by kind, and the
key file beside a journal is never committed to a clone by mistake."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from umpire.cli import app, journal_cmds, play  # noqa: F401 - registers the commands
from umpire.core import journal
from umpire.scenario import Scenario
from umpire.session import Session
from umpire.session.fairness import key_path

ROOT = Path(__file__).resolve().parent.parent


def verify(*args: str) -> Result:
    return CliRunner().invoke(app, ["verify", *args])


def live(scenario: Scenario, path: Path) -> Session:
    """A live game as `umpire play` hosts it: a drawn seed, waiting for the players' words; the commitment shown."""
    s = Session.create(scenario, journal_path=path, player_entropy=True)
    s.commitment_outputs()
    return s


def test_item_8_verify_without_the_key_names_the_entropy_it_cannot_check_rather_than_denying_it(tmp_path: Path, choice) -> None:
    j = tmp_path / "live.jsonl"
    s = live(choice, j)
    for line in ("entropy apple 7", "start", "p1: gs 5"):
        assert not [o for o in s.feed(line) if o.kind == "refusal"], line
    s.close()
    assert journal.read(j).entries[0]["kind"] == "entropy"
    key_path(j).unlink()  # unrevealed, and the key file is not there: nothing can be replayed
    res = verify(str(j))
    assert res.exit_code == 0, res.stdout
    assert "no players' entropy was mixed in" not in res.stdout
    assert (
        "? the players' entropy is in entry 1, but without the seed verify cannot check that the game's seed was made "
        "from it, before any game input\n"
    ) in res.stdout
    assert "? nothing was replayed: without the seed no generated item can be re-derived\n" in res.stdout


def test_item_8_verify_names_entropy_the_replay_did_not_reach_when_a_ruling_before_it_is_refused(tmp_path: Path, choice) -> None:
    j = tmp_path / "j.jsonl"
    s = Session.create(choice, journal_path=j, seed="77", salt="0" * 32, player_entropy=True)
    s.commitment_outputs()
    for line in ("entropy apple 7", "start"):
        s.feed(line)
    s.close()
    lines = j.read_bytes().split(b"\n")
    lines[1], lines[2] = lines[2], lines[1]  # `start` before the entropy: the replay refuses the game input
    j.write_bytes(b"\n".join(lines))
    res = verify(str(j))
    assert res.exit_code == 1
    assert "no players' entropy was mixed in" not in res.stdout
    assert (
        "? the players' entropy is in entry 1, but the replay stopped at entry 2: that it made the game's seed, "
        "before any game input, is not proved\n"
    ) in res.stdout


def test_item_8_entries_after_the_posted_final_hash_are_counted_by_kind_not_listed_one_by_one(tmp_path: Path, choice) -> None:
    j = tmp_path / "j.jsonl"
    s = Session.create(choice, journal_path=j, seed="77", salt="0" * 32)
    s.feed("start")
    assert s.writer is not None
    posted = s.writer.last_hash
    for i in range(130):  # a bot's refused messages, each journaled as `heard`
        s.submit(0, ["gs 99"], source=f"discord:1/{100 + i}")
    s.feed("pause")
    s.feed("resume")
    s.feed("reveal anyway")
    s.close()
    kinds = [e["kind"] for e in journal.read(j).entries]
    assert kinds.count("heard") == 130 and kinds[-1] == "reveal"
    res = verify(str(j), "--final-hash", posted)
    assert res.exit_code == 0, res.stdout
    n = len(kinds)
    assert (
        f"✓ only entries 2–{n} (130 heard, pause, resume, reveal) came after the posted final hash: they record no ruling "
        "(a reveal's seed and salt are checked above)\n"
    ) in res.stdout
    assert "heard, heard" not in res.stdout


def test_item_8_a_ruling_among_many_entries_after_the_final_hash_is_counted_and_left_open(tmp_path: Path, choice) -> None:
    j = tmp_path / "j.jsonl"
    s = Session.create(choice, journal_path=j, seed="77", salt="0" * 32)
    assert s.writer is not None
    posted = s.writer.last_hash  # the header's: every entry comes after it
    for line in ("start", "p1: gs 5", "p2: gs 6", "pause", "resume"):
        s.feed(line)
    s.close()
    res = verify(str(j), "--final-hash", posted)
    assert (
        "? entries 1–5 (3 input, pause, resume) came after the posted final hash, which does not cover them: "
        "they may have been changed or added since\n"
    ) in res.stdout


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
@pytest.mark.parametrize("name", ["hap-tac-toe-20261124-2130.journal.jsonl", "hap-tac-toe-20261124-2130.journal.jsonl.key"])
def test_item_8_gitignore_keeps_a_journal_and_its_key_file_out_of_a_clone(tmp_path: Path, name: str) -> None:
    repo = tmp_path / "clone"
    repo.mkdir()
    shutil.copy(ROOT / ".gitignore", repo / ".gitignore")
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    (repo / name).write_text("{}\n", encoding="utf-8")
    res = subprocess.run(["git", "check-ignore", "-q", name], cwd=repo, check=False)
    assert res.returncode == 0, f"{name} is not ignored"
