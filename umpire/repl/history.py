"""The REPL's history file: the host's own commands, readable by the host alone, and bounded.

Up and Down recall every line of this run (kept in memory only). What is kept across runs, in
``$XDG_STATE_HOME/umpire/history`` (``~/.local/state/umpire/history``), is narrower: a line is
written there only if the session says it may be recalled in another game (`recallable`: a host
command or view on one line, never a player's line, a pasted block, a sealed move or the players'
words for the seed), so a sealed play typed or pasted in one game is never in a file that outlives
it. The file is created readable and writable by its owner only (0600) in a folder only its owner
can enter (0700), and an existing file or folder is given those modes when the REPL opens it. It
holds at most `KEEP` entries: past `KEEP` + `SLACK` it is rewritten with the newest `KEEP`. When it
is first read, what the session would not keep (an older umpire's history held every line, player
lines too) is dropped and the file rewritten.

The file is prompt_toolkit's `FileHistory` format (a ``# time`` line, then each line of an entry
prefixed by ``+``), so a history written before reads.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import stat
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

from prompt_toolkit.history import History

KEEP = 500  # entries kept across runs
SLACK = 100  # entries appended past KEEP before the file is cut back to KEEP (one rewrite per hundred lines)


def history_path() -> Path:
    """Where the history is kept: $XDG_STATE_HOME/umpire/history, or ~/.local/state/umpire/history."""
    root = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(root) / "umpire" / "history"


class HostHistory(History):
    """History kept across runs in `path`: only what `keep` accepts, owner-only, at most `KEEP` entries.

    A file that cannot be read or written costs the history across runs, never the session: Up and
    Down still recall this run's lines.
    """

    def __init__(self, path: Path, keep: Callable[[str], bool]) -> None:
        super().__init__()
        self.path = path
        self.keep = keep
        self.count = 0  # entries in the file
        # prompt_toolkit loads the history in a thread of its own while the first lines are typed and stored: the
        # load's read and rewrite and each store's append are one step apiece, so a line stored meanwhile is not lost
        self._lock = threading.Lock()

    def load_history_strings(self) -> Iterable[str]:
        """The kept entries, newest first; the file is first made private, and rewritten if it held anything else."""
        with self._lock:
            try:
                _private(self.path)
                entries = _read(self.path)
            except OSError:
                return []
            kept = [e for e in entries if self.keep(e)][-KEEP:]
            if len(kept) != len(entries):
                with contextlib.suppress(OSError):
                    _rewrite(self.path, kept)
            self.count = len(kept)
            return list(reversed(kept))

    def store_string(self, string: str) -> None:
        """Append `string` to the file if it may be kept there; cut the file back to `KEEP` entries past `KEEP` + `SLACK`."""
        if not self.keep(string):
            return
        with self._lock:
            self._append(string)

    def _append(self, string: str) -> None:
        try:
            _private(self.path)
            with os.fdopen(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600), "ab") as f:
                f.write(_entry(string))
            self.count += 1
            if self.count > KEEP + SLACK:
                newest = _read(self.path)[-KEEP:]
                _rewrite(self.path, newest)
                self.count = len(newest)
        except OSError:
            return


def _private(path: Path) -> None:
    """Make the history's folder 0700 and the file, if it is there, 0600: created so, or set so if they were not."""
    folder = path.parent
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if stat.S_IMODE(folder.stat().st_mode) != 0o700:
        folder.chmod(0o700)
    with contextlib.suppress(FileNotFoundError):
        if stat.S_IMODE(path.stat().st_mode) != 0o600:
            path.chmod(0o600)


def _read(path: Path) -> list[str]:
    """The entries of a history file, oldest first (none if there is no file)."""
    entries: list[str] = []
    lines: list[str] = []
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return entries
    for raw in data.decode("utf-8", errors="replace").split("\n"):
        if raw.startswith("+"):
            lines.append(raw[1:])
        elif lines:
            entries.append("\n".join(lines))
            lines = []
    if lines:
        entries.append("\n".join(lines))
    return entries


def _entry(string: str) -> bytes:
    lines = "".join(f"+{line}\n" for line in string.split("\n"))
    return f"\n# {datetime.datetime.now()}\n{lines}".encode("utf-8", errors="replace")


def _rewrite(path: Path, entries: list[str]) -> None:
    """Replace the file with `entries`, whole or not at all (a temporary file renamed into place), owner-only."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        with os.fdopen(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as f:
            f.write(b"".join(_entry(e) for e in entries))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
