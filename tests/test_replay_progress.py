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


@pytest.fixture(scope="module")
def long_journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An Open, Pass journal of ~3,000 entries, padded as the benchmarks pad them."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from journals import GAMES, build

    path = tmp_path_factory.mktemp("long") / "long.journal.jsonl"
    build(next(g for g, _ in GAMES if g.startswith("Open")), path, 3000)
    return path


def on_a_terminal(tmp_path: Path, args: list[str]) -> bytes:
    """What `umpire ARGS` shows in a pseudo-terminal, the progress line shown at once rather than after half a
    second (this journal takes less on a quick machine); a REPL is left at its first prompt."""
    from benchlib import Pty, child_env

    env = child_env(bytecode_cache=tmp_path / "pyc", XDG_STATE_HOME=str(tmp_path / "state"))
    code = f"import sys\nfrom umpire.cli import main, progress\nprogress.AFTER = 0.0\nsys.argv = ['umpire', *{args!r}]\nmain()\n"
    term = Pty([sys.executable, "-c", code], env=env, cwd=tmp_path)
    try:
        if args[0] == "resume":
            term.wait_for(b"umpire>", timeout=60)
        else:
            while term.proc.poll() is None:
                term.drain(0.1)
    finally:
        term.close()
    return term.buf


PROGRESS = rb"Replaying the journal: [\d,]+ entries \(\d+ %\)"


def test_umpire_resume_of_a_long_journal_shows_the_line_on_its_terminal(tmp_path: Path, long_journal: Path) -> None:
    copy = tmp_path / long_journal.name
    copy.write_bytes(long_journal.read_bytes())
    Path(f"{copy}.key").write_bytes(Path(f"{long_journal}.key").read_bytes())
    shown = on_a_terminal(tmp_path, ["resume", str(copy)])
    assert re.search(PROGRESS, shown), shown[-2000:]


def test_umpire_verify_of_a_long_journal_shows_the_line_then_its_report(tmp_path: Path, long_journal: Path) -> None:
    shown = on_a_terminal(tmp_path, ["verify", str(long_journal)])
    at = re.search(PROGRESS, shown)
    assert at is not None, shown[-2000:]
    assert b"\r\x1b[K" in shown[at.end() :] and b"replayed" in shown[at.end() :]  # cleared, then the report


def test_verify_lets_a_watcher_see_every_entry_as_it_is_read(long_journal: Path) -> None:
    from umpire.verify import verify

    seen: list[int] = []

    def watch(entries: Iterator[tuple[dict[str, object], str]], loaded: object, path: object) -> Iterator[tuple[dict[str, object], str]]:
        for entry, own in entries:
            seen.append(int(str(entry["n"])))
            yield entry, own

    rep = verify(long_journal, watch=watch)
    assert rep.ok and seen == list(range(1, rep.entries + 1))
