"""The journal: an append-only JSON-lines file that is the truth of a game.

Line 1 is a header holding the scenario text, its hash, the seed, the salt and
the commitment, so the journal alone reproduces the game. Every later line is
one accepted input with its game time. Each line is flushed and fsync'd before
the caller announces anything, so a crash never loses an input that was shown.

Undo is itself an entry (``kind = "undo"``): nothing is ever rewritten, and a
disputed ruling can be traced afterwards.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMAT = 1
KINDS = ("input", "clock", "pause", "resume", "undo", "reveal")


class JournalError(Exception):
    """A journal that cannot be read; names the file, the line and what was expected."""

    def __init__(self, path: str, line: int | None, reason: str) -> None:
        where = f"{path}, line {line}" if line else path
        super().__init__(f"{where}: {reason}")
        self.path = path
        self.line = line
        self.reason = reason


def commitment(seed: str, salt: str) -> str:
    """The SHA-256 a host posts before the game: of the UTF-8 text ``salt:seed``.

    Anyone can check it after the reveal with ``printf '%s' 'salt:seed' | sha256sum``.
    """
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


@dataclass(kw_only=True)
class Loaded:
    """What was read from a journal file."""

    header: dict[str, Any]
    entries: list[dict[str, Any]]
    torn: str | None = None  # the cut-off last line, if a crash left one (decoded for messages)
    torn_line: int | None = None
    torn_bytes: bytes = b""  # the same, exactly as on disk
    raw_size: int = 0
    whole_size: int = 0
    notes: list[str] = field(default_factory=list)


def _check_header(path: str, obj: Any) -> dict[str, Any]:
    if not isinstance(obj, dict) or obj.get("umpire_journal") != FORMAT:
        raise JournalError(path, 1, "this is not an umpire journal (line 1 should be its header)")
    for key, kind in (("game", str), ("scenario_toml", str), ("seed", str), ("salt", str), ("commitment", str)):
        if not isinstance(obj.get(key), kind):
            raise JournalError(path, 1, f"the header has no valid “{key}” ({kind.__name__} expected)")
    return obj


def _check_entry(path: str, line: int, obj: Any, expected_n: int) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise JournalError(path, line, "expected a JSON object")
    if obj.get("n") != expected_n:
        raise JournalError(path, line, f"expected entry number {expected_n}, found {obj.get('n')!r}")
    if obj.get("kind") not in KINDS:
        raise JournalError(path, line, f"unknown kind {obj.get('kind')!r} (expected one of {', '.join(KINDS)})")
    t = obj.get("t")
    if not isinstance(t, int) or isinstance(t, bool) or t < 0:
        raise JournalError(path, line, "expected a game time “t” in whole milliseconds")
    if obj["kind"] == "input" and not isinstance(obj.get("text"), str):
        raise JournalError(path, line, "an input entry needs its “text”")
    if obj["kind"] == "undo" and not isinstance(obj.get("undoes"), int):
        raise JournalError(path, line, "an undo entry needs the number of the entry it “undoes”")
    return obj


def read(path: str | Path) -> Loaded:
    """Read and check a journal. A cut-off last line is reported in `torn`; damage elsewhere raises."""
    p = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise JournalError(p, None, f"cannot read the journal ({exc.strerror or exc})") from exc
    lines = data.split(b"\n")
    # A file that ends with a newline splits into a last empty piece.
    ends_clean = lines[-1] == b""
    if ends_clean:
        lines.pop()
    if not lines:
        raise JournalError(p, None, "the journal is empty")
    header: dict[str, Any] | None = None
    entries: list[dict[str, Any]] = []
    whole = 0
    torn: str | None = None
    torn_line: int | None = None
    torn_bytes = b""
    for i, raw in enumerate(lines, start=1):
        last = i == len(lines)
        try:
            obj = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            if last and i > 1:
                torn = raw.decode("utf-8", "replace")
                torn_bytes = raw
                torn_line = i
                break
            if i == 1:
                raise JournalError(p, 1, f"this is not an umpire journal: line 1 should be its JSON header ({exc})") from exc
            raise JournalError(p, i, f"this line is damaged (not valid JSON: {exc})") from exc
        if i == 1:
            header = _check_header(p, obj)
        else:
            entries.append(_check_entry(p, i, obj, expected_n=i - 1))
        whole += len(raw) + 1
    assert header is not None
    return Loaded(
        header=header,
        entries=entries,
        torn=torn,
        torn_line=torn_line,
        torn_bytes=torn_bytes,
        raw_size=len(data),
        whole_size=min(whole, len(data)),
    )


class Writer:
    """Appends entries to a journal, each flushed and fsync'd before `append` returns."""

    def __init__(self, path: str | Path, next_n: int) -> None:
        self.path = Path(path)
        self.next_n = next_n
        self._file = open(self.path, "ab")  # noqa: SIM115 - kept open for the session

    @classmethod
    def create(cls, path: str | Path, header: dict[str, Any]) -> Writer:
        """Start a new journal; refuses to overwrite an existing file."""
        p = Path(path)
        with open(p, "xb") as f:
            f.write(_line({"umpire_journal": FORMAT, **header}))
            f.flush()
            os.fsync(f.fileno())
        _fsync_dir(p)
        return cls(p, next_n=1)

    @classmethod
    def reopen(cls, path: str | Path, loaded: Loaded) -> Writer:
        """Continue a journal after `read`; a torn last line is moved aside to `<path>.torn` first."""
        p = Path(path)
        if loaded.torn is not None:
            with open(str(p) + ".torn", "ab") as side:
                side.write(loaded.torn_bytes + b"\n")
                side.flush()
                os.fsync(side.fileno())
            with open(p, "r+b") as f:
                f.truncate(loaded.whole_size)
                f.flush()
                os.fsync(f.fileno())
        elif loaded.raw_size and not Path(p).read_bytes().endswith(b"\n"):
            with open(p, "ab") as f:
                f.write(b"\n")
                f.flush()
                os.fsync(f.fileno())
        return cls(p, next_n=len(loaded.entries) + 1)

    def append(self, entry: dict[str, Any]) -> dict[str, Any]:
        """Number the entry, write it and make it durable; returns the entry as written."""
        full = {"n": self.next_n, **entry}
        self._file.write(_line(full))
        self._file.flush()
        os.fsync(self._file.fileno())
        self.next_n += 1
        return full

    def close(self) -> None:
        """Close the file (everything is already on disk)."""
        self._file.close()


def _line(obj: dict[str, Any]) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path.parent or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
