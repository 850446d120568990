"""No secret in side files (issue 31, item 4): the REPL's history file keeps the host's own commands only,
never a player's line, a sealed move or the players' words; it is the owner's alone (0600 in a 0700 folder,
an older file's modes fixed) and bounded."""

from __future__ import annotations

import dataclasses
import stat
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from tests.test_crash import run_umpire
from umpire.repl.history import KEEP, SLACK, HostHistory, _read, history_path
from umpire.scenario import Scenario, load
from umpire.session import Session, recallable

ROOT = Path(__file__).resolve().parent.parent


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_item_4_after_a_repl_session_with_a_sealed_play_the_history_holds_no_play_and_is_the_hosts_alone(tmp_path: Path) -> None:
    lines = ["entropy apple 7", "start", "p1: gs 5", "p2 gs 6", "status", "plays", "quit"]
    res = run_umpire(tmp_path, "play", "choice-is-yours", "--journal", str(tmp_path / "g.journal.jsonl"), stdin="\n".join(lines) + "\n")
    assert res.returncode == 0, res.stderr
    history = tmp_path / "state" / "umpire" / "history"
    text = history.read_text(encoding="utf-8")
    assert "gs 5" not in text and "gs 6" not in text and "apple" not in text
    assert _read(history) == ["start", "status", "plays", "quit"]
    assert mode(history) == 0o600 and mode(history.parent) == 0o700


def test_item_4_an_older_history_is_purged_of_player_lines_and_made_the_owners_alone(tmp_path: Path) -> None:
    history = tmp_path / "state" / "umpire" / "history"
    history.parent.mkdir(parents=True)
    history.parent.chmod(0o755)
    history.write_text("\n# old\n+p1: gs 5\n\n# old\n+status\n\n# old\n+p1: G4 B4 | G8\n+p1: aside R8\n", encoding="utf-8")
    history.chmod(0o644)
    res = run_umpire(tmp_path, "play", "choice-is-yours", "--journal", str(tmp_path / "g.journal.jsonl"), stdin="help\nquit\n")
    assert res.returncode == 0, res.stderr
    assert _read(history) == ["status", "help", "quit"]
    assert mode(history) == 0o600 and mode(history.parent) == 0o700


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        ("status", True),
        ("start", True),
        ("copy p2", True),
        ("undo", True),
        ("help entropy", True),
        ("plays", True),
        ("p1: gs 5", False),
        ("Hedger: gs 5", False),
        ("p1 gs 5", False),  # a player's line typed without its colon: refused, but it holds the play
        ("Player 1 gs 5", False),
        ("gs 5", False),
        ("entropy apple 7", False),  # one game's words, which recalled in another game would be mixed into it
        ("entropy Hedger=apple, Uri=7", False),
        ("[10:32 PM] Hedger: gs 5", False),
        ("Hedger — Today at 10:32 PM", False),
        ("status\np1: gs 5", False),  # a pasted block
        ("status " + "x" * 300, False),
        ("", False),
    ],
)
def test_item_4_only_the_hosts_own_commands_may_be_recalled_in_another_game(choice: Scenario, line: str, kept: bool) -> None:
    s = Session.create(choice, journal_path=None, seed="1", salt="0" * 32)
    assert recallable(s, line) is kept


def test_item_4_a_players_line_without_its_colon_is_not_kept_when_the_name_is_a_host_word(tmp_path: Path) -> None:
    text = (ROOT / "scenarios" / "choice-is-yours.toml").read_text(encoding="utf-8").replace('name = "Hedger"', 'name = "Status"')
    (tmp_path / "s.toml").write_text(text, encoding="utf-8")
    s = Session.create(load(tmp_path / "s.toml"), journal_path=None, seed="1", salt="0" * 32)
    assert not recallable(s, "Status gs 5") and not recallable(s, "status")  # the player's name, not the view
    assert recallable(s, "plays")


def test_item_4_a_sealed_host_move_is_not_kept(choice: Scenario) -> None:
    s = Session.create(choice, journal_path=None, seed="1", salt="0" * 32)
    assert recallable(s, "start")

    class SealedStart:  # the game, with its host's `start` made a sealed move
        def __getattr__(self, name: str) -> Any:
            return getattr(s.game, name)

        def move_of(self, command: Any) -> Any:
            return dataclasses.replace(s.game.move_of(command), sealed=True)

    sealed = cast(Session, SimpleNamespace(scenario=s.scenario, game=SealedStart(), state=s.state, resolve=s.resolve))
    assert not recallable(sealed, "start")
    assert recallable(sealed, "status")


def test_item_4_the_history_is_bounded(tmp_path: Path) -> None:
    path = tmp_path / "umpire" / "history"
    h = HostHistory(path, keep=lambda text: True)
    assert list(h.load_history_strings()) == []
    for i in range(3 * KEEP):
        h.store_string(f"status {i}")
        assert h.count <= KEEP + SLACK
    entries = _read(path)
    assert KEEP <= len(entries) <= KEEP + SLACK and entries[-1] == f"status {3 * KEEP - 1}"
    again = list(HostHistory(path, keep=lambda text: True).load_history_strings())
    assert len(again) == KEEP and again[0] == f"status {3 * KEEP - 1}"  # newest first
    assert path.stat().st_size < 100_000
    assert mode(path) == 0o600 and mode(path.parent) == 0o700


def test_item_4_a_history_that_cannot_be_written_costs_nothing_but_itself(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    h = HostHistory(blocked / "umpire" / "history", keep=lambda text: True)
    assert list(h.load_history_strings()) == []
    h.store_string("status")  # no error: the history across runs is lost, the session goes on


def test_item_4_the_history_lives_in_xdg_state_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert history_path() == tmp_path / "umpire" / "history"
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert history_path() == tmp_path / ".local" / "state" / "umpire" / "history"


def test_item_4_a_line_stored_while_the_history_loads_in_its_thread_is_kept(tmp_path: Path) -> None:
    """prompt_toolkit loads the history in a thread while the first lines are typed: a line stored between the load's
    read and its rewrite of an older file (one with player lines to drop) was lost (CI saw `help` vanish)."""
    import threading
    import time

    path = tmp_path / "umpire" / "history"
    path.parent.mkdir(parents=True)
    path.write_text("\n# old\n+p1: gs 5\n\n# old\n+status\n", encoding="utf-8")
    storing: list[threading.Thread] = []
    h: HostHistory

    def keep(text: str) -> bool:
        if not storing:  # during the load's filtering, after its read: the first typed line arrives from the other thread
            storing.append(threading.Thread(target=h.store_string, args=("help",)))
            storing[0].start()
            time.sleep(0.2)
        return not text.startswith("p1:")

    h = HostHistory(path, keep=keep)
    list(h.load_history_strings())
    storing[0].join(5)
    assert _read(path) == ["status", "help"]
