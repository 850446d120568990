"""A long replay says how far it has got on the terminal (umpire/cli/progress.py), and a short one says nothing."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from umpire.cli.progress import CHECK, replaying


class Read:
    """Stands for the journal's reader: how many entries and bytes it has read."""

    def __init__(self) -> None:
        self.count = 0
        self.raw_size = 0


def entries(read: Read, n: int, line: int = 100) -> Iterator[int]:
    for i in range(n):
        read.count, read.raw_size = i + 1, (i + 1) * line
        yield i


class Clock:
    """A clock that moves `step` seconds at every look."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.fixture
def journal(tmp_path: Path) -> Path:
    path = tmp_path / "game.journal.jsonl"
    path.write_bytes(b"x" * 100 * 10 * CHECK)  # ten times CHECK lines of 100 bytes
    return path


def test_a_long_replay_shows_how_far_it_has_got_and_clears_the_line_at_the_end(journal: Path) -> None:
    read, out = Read(), io.StringIO()
    got = list(replaying(entries(read, 10 * CHECK), read, journal, out=out, clock=Clock(0.2)))
    assert got == list(range(10 * CHECK))  # every step, unchanged and in order
    shown = re.findall(r"\rReplaying the journal: ([\d,]+) entries \((\d+) %\)…\x1b\[K", out.getvalue())
    assert shown and [int(n.replace(",", "")) for n, _ in shown] == sorted(int(n.replace(",", "")) for n, _ in shown)
    assert shown[0] == ("768", "30") and shown[-1] == ("2,560", "99")  # shown from half a second on; 100 % only once it has ended
    assert out.getvalue().endswith("\r\x1b[K")


def test_a_replay_shorter_than_half_a_second_says_nothing(journal: Path) -> None:
    read, out = Read(), io.StringIO()
    assert list(replaying(entries(read, 10 * CHECK), read, journal, out=out, clock=Clock(0.0001))) == list(range(10 * CHECK))
    assert out.getvalue() == ""


def test_the_line_is_cleared_when_the_replay_stops_on_a_damaged_entry(journal: Path) -> None:
    read, out = Read(), io.StringIO()

    def damaged() -> Iterator[int]:
        yield from entries(read, 3 * CHECK)
        raise ValueError("entry 769 is damaged")

    with pytest.raises(ValueError, match="damaged"):
        list(replaying(damaged(), read, journal, out=out, clock=Clock(0.3)))
    assert "Replaying the journal" in out.getvalue() and out.getvalue().endswith("\r\x1b[K")


def test_nothing_is_written_where_standard_error_is_not_a_terminal(journal: Path) -> None:
    code = (
        "import sys\n"
        "from umpire.cli.progress import replaying\n"
        "class R:\n    count = 0\n    raw_size = 0\n"
        f"print(sum(replaying(iter(range(100_000)), R(), {str(journal)!r}, clock=iter(range(10**6)).__next__)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env={**os.environ})
    assert result.returncode == 0 and result.stdout.strip() == str(sum(range(100_000)))
    assert result.stderr == ""


def test_umpire_resume_of_a_long_journal_shows_the_line_on_its_terminal(tmp_path: Path) -> None:
    # The real `umpire resume` in a pseudo-terminal, a journal of ~3,000 entries padded as the benchmarks pad them.
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from benchlib import Pty, child_env
    from journals import GAMES, build

    game = next(g for g, _ in GAMES if g.startswith("Open"))
    path = tmp_path / "long.journal.jsonl"
    build(game, path, 3000)
    env = child_env(bytecode_cache=tmp_path / "pyc", XDG_STATE_HOME=str(tmp_path / "state"))
    # At once rather than after half a second: this journal replays in less on a quick machine.
    code = (
        f"import sys\nfrom umpire.cli import main, progress\nprogress.AFTER = 0.0\nsys.argv = ['umpire', 'resume', {str(path)!r}]\nmain()\n"
    )
    term = Pty([sys.executable, "-c", code], env=env, cwd=tmp_path)
    try:
        term.wait_for(b"umpire>", timeout=60)
    finally:
        term.close()
    assert re.search(rb"Replaying the journal: [\d,]+ entries \(\d+ %\)", term.buf), term.buf[-2000:]
