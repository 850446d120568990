"""The journal: an append-only JSON-lines file that is the truth of a game.

Line 1 is a header holding the scenario text, its hash and the commitment to the
seed; the seed and salt themselves are kept beside the journal until the reveal
entry writes them in (umpire/session/fairness.py), after which the journal alone
reproduces the game. The file is created readable by its owner only. Every later line is
one accepted input with its game time. Each line is written and fsync'd before
the caller announces anything, so a crash never loses an input that was shown;
a write that fails (a full disk) leaves the file exactly as it was.

Every entry carries `prev`, the SHA-256 of the previous line's bytes (the header
for entry 1), so the lines form a hash chain: the hash of the last line, posted
at the end of a game, pins every line before it. One process at a time may write
a journal: a `Writer` holds an exclusive lock on it for its whole life.

Undo is itself an entry (``kind = "undo"``): nothing is ever rewritten, and a
disputed ruling can be traced afterwards.

What the game keeps private is written in an entry's salted `sealed` member, and the chain hashes
such a line with that member replaced by its digest, so the journal can be published without it
(umpire/core/redaction.py).
"""

from __future__ import annotations

import contextlib
import errno
import gc
import hashlib
import json
import os
import socket
import weakref
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from umpire.core.redaction import entry_hash

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

FORMAT = 1
CHAIN = "sha256"  # the header's "chain": each entry's "prev" is the SHA-256 of the line before it
_DECODER = json.JSONDecoder()


class _NestedTooDeep(json.JSONDecodeError):
    """A line whose values nest deeper than the decoder can follow (umpire writes entries a few
    levels deep): refused as damage with this reason, never a RecursionError."""

    def __init__(self, text: str) -> None:
        super().__init__("nested too deeply to read; umpire's own entries nest a few levels at most", text, 0)

    def __str__(self) -> str:
        return self.msg


def _decode(text: str) -> Any:
    """`json.loads` of one line: the JSON value straight away when the line is nothing else (as umpire
    writes them), else the full decode (surrounding whitespace allowed, or the error)."""
    try:
        try:
            obj, end = _DECODER.raw_decode(text)
        except json.JSONDecodeError:
            return _DECODER.decode(text)
        return obj if end == len(text) else _DECODER.decode(text)
    except RecursionError:
        raise _NestedTooDeep(text) from None


class JournalError(Exception):
    """A journal that cannot be read or written; names the file, the line and what was expected."""

    def __init__(self, path: str, line: int | None, reason: str) -> None:
        where = f"{path}, line {line}" if line else path
        super().__init__(f"{where}: {reason}")
        self.path = path
        self.line = line
        self.reason = reason


class JournalLocked(JournalError):
    """Another process (or another Writer in this one) is writing the journal; `holder` is its process id if known."""

    def __init__(self, path: str, reason: str, holder: int | None) -> None:
        super().__init__(path, None, reason)
        self.holder = holder


def commitment(seed: str, salt: str) -> str:
    """The SHA-256 a host posts before the game: of the UTF-8 text ``salt:seed``.

    Anyone can check it after the reveal with ``printf '%s' 'salt:seed' | sha256sum``.
    """
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


def line_hash(raw: bytes) -> str:
    """The SHA-256 of one journal line's bytes, without its newline: what the next entry's `prev` holds.

    >>> line_hash(b'{"n":1}') == hashlib.sha256(b'{"n":1}').hexdigest()
    True
    """
    return hashlib.sha256(raw).hexdigest()


class Redacted(JournalError):
    """An entry of a published journal whose sealed payload is its digest only: what it held cannot be read back."""


@dataclass(frozen=True)
class Break:
    """A place where the journal does not hold together: an entry out of sequence, or a broken hash chain."""

    line: int
    n: int | None  # the entry number found on that line
    reason: str


@dataclass(kw_only=True)
class Loaded:
    """What was read from a journal file."""

    header: dict[str, Any]
    entries: list[dict[str, Any]]  # every entry (`read`); empty when the journal was streamed (`scan`)
    count: int = 0  # how many whole entries were read
    torn: str | None = None  # the cut-off last line, if a crash left one (decoded for messages)
    torn_line: int | None = None
    torn_bytes: bytes = b""  # the same, exactly as on disk
    raw_size: int = 0
    whole_size: int = 0
    last_hash: str = ""  # the hash of the last whole line (the header's, if there are no entries): redaction.entry_hash
    chained: bool = False  # the header or any entry says the journal is hash-chained
    chain_from: int | None = None  # the first chained entry: 1, or later for a journal begun before the chain
    newline_missing: bool = False  # the last entry is whole but its newline was never written
    breaks: list[Break] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _check_header(path: str, obj: Any) -> dict[str, Any]:
    if not isinstance(obj, dict) or obj.get("umpire_journal") != FORMAT:
        raise JournalError(path, 1, "this is not an umpire journal (line 1 should be its header)")
    for key, kind in (("game", str), ("scenario_toml", str), ("commitment", str)):
        if not isinstance(obj.get(key), kind):
            raise JournalError(path, 1, f"the header has no valid “{key}” ({kind.__name__} expected)")
    if "seed" in obj or "salt" in obj:  # older journals: the secret in the header (newer: in the key file until the reveal)
        for key in ("seed", "salt"):
            if not isinstance(obj.get(key), str):
                raise JournalError(path, 1, f"the header has no valid “{key}” (str expected)")
    return obj


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_entry(path: str, line: int, obj: Any) -> dict[str, Any]:
    """The envelope every entry has: a JSON object with a `kind` and a game time `t`.

    What each kind holds is the session's business (umpire/session/entries.py, one table of
    kinds), checked when the entry is replayed.
    """
    if not isinstance(obj, dict):
        raise JournalError(path, line, "expected a JSON object")
    if not isinstance(obj.get("kind"), str):
        raise JournalError(path, line, f"expected the entry's “kind” as a text, got {obj.get('kind')!r}")
    if not _is_count(obj.get("t")):
        raise JournalError(path, line, "expected a game time “t” in whole milliseconds")
    return obj


def _what(line: int) -> str:
    return "the header (line 1)" if line == 1 else f"entry {line - 1} (line {line})"


def read(path: str | Path, *, strict: bool = True) -> Loaded:
    """Read and check a whole journal, hashing each line once; `entries` holds every entry.

    A last line without its newline that is not valid JSON is a write cut off by a crash:
    it is reported in `torn`, not read. Any other line that is not valid JSON is damage
    and raises, naming the line. Entries out of sequence raise too, unless `strict` is
    False (for `umpire verify`), which records them in `breaks` and reads on. A broken hash
    chain never raises: it is recorded in `breaks` for whoever needs to know.
    """
    loaded, entries = scan(path, strict=strict)
    loaded.entries.extend(entry for entry, _ in entries)
    return loaded


def scan(path: str | Path, *, strict: bool = True) -> tuple[Loaded, Iterator[tuple[dict[str, Any], str]]]:
    """Read a journal one entry at a time, checking it as `read` does, keeping nothing.

    The header is read and checked at once (raising JournalError if the file is not a
    journal). The iterator yields each entry with the SHA-256 of its line; `entries` of the
    returned `Loaded` stays empty, and its other fields (`count`, `torn`, `last_hash`,
    `breaks`…) are complete once the iterator is exhausted. Memory does not grow with the
    journal's length.
    """
    p = str(path)
    try:
        with open(path, "rb") as f:
            first = f.readline()
    except OSError as exc:
        raise JournalError(p, None, f"cannot read the journal ({exc.strerror or exc})") from exc
    if not first:
        raise JournalError(p, None, "the journal is empty")
    head = first[:-1] if first.endswith(b"\n") else first
    loaded = Loaded(header=_check_header(p, _header_json(p, head)), entries=[])
    loaded.chained = loaded.header.get("chain") == CHAIN
    loaded.chain_from = 1 if loaded.chained else None
    return loaded, _entries(p, loaded, head, strict=strict)


def _header_json(p: str, raw: bytes) -> Any:
    try:
        return _decode(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise JournalError(p, 1, f"this is not an umpire journal: line 1 should be its JSON header ({exc})") from exc


def _lines(f: Iterable[bytes]) -> Iterator[tuple[bytes, bool, bool]]:
    """Each line of a file without its newline, whether it had one, and whether it is the last."""
    held: bytes | None = None
    for raw in f:
        if held is not None:
            yield held[:-1], True, False
        held = raw
    if held is not None:
        whole = held.endswith(b"\n")
        yield (held[:-1] if whole else held), whole, True


def _entries(p: str, loaded: Loaded, head: bytes, *, strict: bool) -> Iterator[tuple[dict[str, Any], str]]:
    try:
        f = open(p, "rb")  # noqa: SIM115 - closed below, also when the caller stops early
    except OSError as exc:
        raise JournalError(p, None, f"cannot read the journal ({exc.strerror or exc})") from exc
    with f:
        lines = _lines(f)
        for raw, whole, _ in lines:  # the header, read again to start the chain
            if raw != head:
                raise JournalError(p, 1, "the journal changed while it was being read (is another program writing it?); try again")
            loaded.raw_size = loaded.whole_size = len(raw) + whole
            loaded.last_hash = line_hash(raw)
            loaded.newline_missing = not whole
            break
        expected_n = 1
        for i, (raw, whole, last) in enumerate(lines, start=2):
            loaded.raw_size += len(raw) + whole
            try:
                obj = _decode(raw.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as exc:
                if last and not whole:
                    loaded.torn = raw.decode("utf-8", "replace")
                    loaded.torn_bytes = raw
                    loaded.torn_line = i
                    break
                if last:
                    raise JournalError(
                        p,
                        i,
                        f"this line is damaged (not valid JSON: {exc}); it is whole, ending with a newline, so it was not cut off by a crash",
                    ) from exc
                raise JournalError(p, i, f"this line is damaged (not valid JSON: {exc})") from exc
            entry = _check_entry(p, i, obj)
            expected_n = _check_place(p, loaded, entry, i, expected_n, strict=strict)
            own = entry_hash(raw, entry)
            loaded.last_hash = own
            loaded.whole_size += len(raw) + whole
            loaded.count += 1
            loaded.newline_missing = not whole
            yield entry, own


def _check_place(p: str, loaded: Loaded, entry: dict[str, Any], i: int, expected_n: int, *, strict: bool) -> int:
    """Check an entry's number and its link to the line before; returns the number expected next."""
    n = entry.get("n")
    if n != expected_n:
        if strict:
            raise JournalError(p, i, f"expected entry number {expected_n}, found {n!r}")
        found = n if isinstance(n, int) and _is_count(n) else None
        loaded.breaks.append(Break(i, found, _gap(expected_n, n, i)))
        return found + 1 if found is not None and found >= expected_n else expected_n + 1
    if "prev" in entry:
        if not loaded.chained:
            loaded.chained, loaded.chain_from = True, n
        if entry["prev"] != loaded.last_hash:
            loaded.breaks.append(
                Break(
                    i,
                    n,
                    f"entry {n} (line {i}) does not hold the hash of the line before it: "
                    f"{_what(i - 1)} or entry {n} was changed after entry {n} was written",
                )
            )
    elif loaded.chained:
        loaded.breaks.append(
            Break(
                i,
                n,
                f"entry {n} (line {i}) has no hash of the line before it (“prev”), in a chained journal: it was added or rewritten by hand",
            )
        )
    return expected_n + 1


def _gap(expected: int, found: Any, line: int) -> str:
    if _is_count(found) and found > expected:
        missing = f"entry {expected} is" if found == expected + 1 else f"entries {expected}–{found - 1} are"
        return f"{missing} missing: line {line} holds entry {found} where entry {expected} belongs (entries were removed)"
    return f"line {line} holds entry {found!r} where entry {expected} belongs (entries were repeated, reordered or renumbered)"


# ---------------------------------------------------------------- the lock


def _lock_path(path: Path) -> Path:
    return Path(f"{path}.lock")


def _owner_text() -> bytes:
    return f"{os.getpid()}\n{socket.gethostname()}\n".encode()


def _read_owner(path: Path) -> tuple[int | None, str | None]:
    try:
        text = _lock_path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None, None
    parts = text.split("\n")
    pid = int(parts[0]) if parts[0].strip().isdigit() else None
    host = parts[1].strip() if len(parts) > 1 and parts[1].strip() else None
    return pid, host


def _locked(path: Path, *, stale_hint: bool) -> JournalLocked:
    pid, host = _read_owner(path)
    if pid is None:
        who = "another process (it did not record its process id)"
    elif pid == os.getpid() and host in (None, socket.gethostname()):
        who = f"this same process ({pid}), through a journal writer that is still open"
    else:
        on = f" on {host}" if host and host != socket.gethostname() else ""
        who = f"another umpire, process {pid}{on}"
    reason = (
        f"this journal is in use by {who}; only one session may write a journal at a time. "
        "Leave that session first (quit or Ctrl-D), or use `umpire replay` to look at the game without writing"
    )
    if stale_hint:
        reason += f". If that process is no longer running (it crashed), delete {_lock_path(path)} and try again"
    return JournalLocked(str(path), reason, pid)


def _write_owner(lock: Path) -> None:
    """Record this process as the journal's writer, beside it (best effort: the folder may be read-only)."""
    tmp = Path(f"{lock}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(_owner_text())
        os.replace(tmp, lock)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()


def _flock(fd: int) -> bool | None:
    """Try the exclusive lock: True taken, False held by someone else, None not supported here."""
    if fcntl is None:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        return None  # a filesystem without flock: fall back to the lock file
    return True


def _take_lock(path: Path, fd: int, *, fresh: bool) -> bool:
    """Hold `path` exclusively through `fd`; returns True for a flock, False for a lock file.

    Raises JournalLocked when someone else holds it. `fresh`: the journal was just created
    by this process, so a lock file left beside it belongs to an older file of that name.
    """
    got = _flock(fd)
    if got is False:
        gc.collect()  # a Writer this process dropped without closing still holds it until collected
        got = _flock(fd)
    if got is True:
        _write_owner(_lock_path(path))
        return True
    if got is False:
        raise _locked(path, stale_hint=False)
    # No flock: a lock file created exclusively, holding the owner's pid.
    lock = _lock_path(path)
    if fresh:
        with contextlib.suppress(OSError):
            lock.unlink()
    for attempt in range(2):
        try:
            lfd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            if attempt == 0:
                gc.collect()
                continue
            raise _locked(path, stale_hint=True) from None
        except OSError as exc:
            raise JournalError(str(path), None, f"cannot lock the journal: cannot create {lock} ({exc.strerror or exc})") from exc
        try:
            os.write(lfd, _owner_text())
        finally:
            os.close(lfd)
        break
    return False


def _release(fd: int, path: Path, flocked: bool) -> None:
    """Give the journal up: remove the owner record, then close (which drops a flock)."""
    lock = _lock_path(path)
    pid, _ = _read_owner(path)
    if not flocked or pid == os.getpid():
        with contextlib.suppress(OSError):
            lock.unlink()
    with contextlib.suppress(OSError):
        os.close(fd)


# ---------------------------------------------------------------- writing


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        done = os.write(fd, view)
        if done <= 0:
            raise OSError(errno.EIO, "the journal write made no progress")
        view = view[done:]


@dataclass(frozen=True)
class Prepared:
    """An entry as it will be written: numbered and chained (`entry`), its line's bytes and hash, and the hash before it."""

    entry: dict[str, Any]
    data: bytes
    hash: str
    prev: str


class Writer:
    """Appends entries to a journal, holding it exclusively; each entry is fsync'd before `append` returns.

    A write that fails (disk full, removed, I/O error) is undone: the file is cut back to its
    last whole entry and `OSError` is raised, so the caller can refuse the input.
    """

    def __init__(self, path: Path, fd: int, *, next_n: int, last_hash: str, size: int, flocked: bool) -> None:
        self.path = path
        self.next_n = next_n
        self.last_hash = last_hash  # the SHA-256 of the last line written: what the next entry's `prev` holds
        self._fd: int | None = fd
        self._size = size  # the length of the file up to its last whole entry
        self._dirty = False  # a failed write could not be undone yet: undo it before the next one
        self._durable: tuple[int, int, str] | None = None  # (size, next_n, last_hash) at the last fsync, while lines wait for `sync`
        self._finalizer = weakref.finalize(self, _release, fd, path, flocked)

    @classmethod
    def create(cls, path: str | Path, header: dict[str, Any]) -> Writer:
        """Start a new journal and hold it; refuses to overwrite an existing file (FileExistsError).

        Raises OSError if the header cannot be written (nothing is left behind).
        """
        p = Path(path)
        fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o600)  # the owner's only: it holds sealed plays
        try:
            flocked = _take_lock(p, fd, fresh=True)
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                p.unlink()
            raise
        first = _line({"umpire_journal": FORMAT, "chain": CHAIN, **header})
        try:
            _write_all(fd, first)
            os.fsync(fd)
        except BaseException:
            _release(fd, p, flocked)
            with contextlib.suppress(OSError):
                p.unlink()
            raise
        _fsync_dir(p)
        return cls(p, fd, next_n=1, last_hash=line_hash(first[:-1]), size=len(first), flocked=flocked)

    @classmethod
    def reopen(cls, path: str | Path, loaded: Loaded) -> Writer:
        """Continue a journal after `read`, holding it; a torn last line is moved aside to `<path>.torn` first.

        Refuses (JournalError, nothing changed) a journal that cannot be written, one another
        process holds (JournalLocked), one that changed since it was read, and a torn line that
        cannot be set aside.
        """
        p = Path(path)
        try:
            fd = os.open(p, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            raise JournalError(
                str(p),
                None,
                f"cannot write to the journal ({exc.strerror or exc}); resuming continues it, so it must be writable (`umpire replay` only reads it)",
            ) from exc
        try:
            flocked = _take_lock(p, fd, fresh=False)
        except BaseException:
            os.close(fd)
            raise
        try:
            size = _reopen_checks(p, fd, loaded)
        except BaseException:
            _release(fd, p, flocked)
            raise
        return cls(p, fd, next_n=loaded.count + 1, last_hash=loaded.last_hash, size=size, flocked=flocked)

    def append(self, entry: dict[str, Any]) -> dict[str, Any]:
        """Number the entry, chain it to the line before, write it and make it durable; returns it as written.

        On any failure the file is left as it was and OSError is raised.
        """
        prepared = self.prepare(entry)
        self.commit(prepared)
        return prepared.entry

    def prepare(self, entry: dict[str, Any]) -> Prepared:
        """The entry numbered and chained, as its line will be written, with that line's hash (nothing is written yet).

        What is announced for an entry can name its hash before it is written (the post that ends a
        game publishes it); `commit` then writes exactly this line, if nothing was written in between.
        """
        if "n" in entry or "prev" in entry:
            raise ValueError("the journal numbers and chains entries itself: leave out “n” and “prev”")
        if self._fd is None:
            raise OSError(errno.EBADF, f"the journal {self.path} is closed")
        full = {"n": self.next_n, **entry, "prev": self.last_hash}
        data = _line(full)
        return Prepared(entry=full, data=data, hash=entry_hash(data[:-1], full), prev=self.last_hash)

    def commit(self, prepared: Prepared, *, sync: bool = True) -> None:
        """Write a prepared line and make it durable. On any failure the file is left as it was and OSError is raised.

        With `sync` False the line is written but made durable only by the next `sync` (or the next
        line committed with `sync`): one fsync for a burst of lines, none of which may be announced before it.
        """
        if self._fd is None:
            raise OSError(errno.EBADF, f"the journal {self.path} is closed")
        if prepared.entry["n"] != self.next_n or prepared.prev != self.last_hash:
            raise ValueError("this line was prepared before another was written; prepare it again")
        data = prepared.data
        fd = self._fd
        try:
            if self._dirty:
                self._cut_back(fd)
            if not sync and self._durable is None:
                self._durable = (self._size, self.next_n, self.last_hash)
            _write_all(fd, data)
            if sync:
                os.fsync(fd)
                self._durable = None
        except OSError:
            with contextlib.suppress(OSError):
                self._cut_back(fd)
            raise
        self._size += len(data)
        self.last_hash = prepared.hash
        self.next_n += 1

    def sync(self) -> None:
        """Make the lines committed without `sync` durable (one fsync). If that fails, they are cut off the file
        (it ends with the last line made durable, as before them) and OSError is raised."""
        if self._durable is None:
            return
        if self._fd is None:
            raise OSError(errno.EBADF, f"the journal {self.path} is closed")
        try:
            os.fsync(self._fd)
        except OSError:
            self._size, self.next_n, self.last_hash = self._durable
            self._durable = None
            with contextlib.suppress(OSError):
                self._cut_back(self._fd)
            raise
        self._durable = None

    def _cut_back(self, fd: int) -> None:
        """Cut the file back to its last whole entry (after a failed write)."""
        self._dirty = True
        os.ftruncate(fd, self._size)
        os.fsync(fd)
        self._dirty = False

    @property
    def closed(self) -> bool:
        """True once `close` has released the journal."""
        return self._fd is None

    def close(self) -> None:
        """Release the lock and close the file (everything accepted is already on disk)."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                self.sync()  # lines a burst left waiting for their fsync (a burst always syncs, unless it raised)
            self._fd = None
            self._finalizer()

    def __enter__(self) -> Writer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _reopen_checks(p: Path, fd: int, loaded: Loaded) -> int:
    """With the journal held: make sure it is what was read, set a torn tail aside; returns its whole length."""
    st = os.fstat(fd)
    if st.st_size != loaded.raw_size:
        raise JournalError(
            str(p), None, "the journal changed while it was being read (is another program writing it?); nothing was changed, try again"
        )
    if loaded.torn is not None:
        side = Path(f"{p}.torn")
        try:
            sfd = os.open(side, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            try:
                _write_all(sfd, loaded.torn_bytes + b"\n")
                os.fsync(sfd)
            finally:
                os.close(sfd)
        except OSError as exc:
            raise JournalError(
                str(p),
                loaded.torn_line,
                f"this line was cut off by a crash and must be moved aside to {side} before the game can continue, "
                f"but that file cannot be written ({exc.strerror or exc}); nothing was changed",
            ) from exc
        try:
            os.ftruncate(fd, loaded.whole_size)
            os.fsync(fd)
        except OSError as exc:
            raise JournalError(
                str(p),
                loaded.torn_line,
                f"cannot cut this crash-torn line off the journal ({exc.strerror or exc}); the journal was not changed (a copy of the line is in {side})",
            ) from exc
        return loaded.whole_size
    if loaded.newline_missing:
        # The last entry is whole but its newline was never written.
        try:
            _write_all(fd, b"\n")
            os.fsync(fd)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, loaded.raw_size)
            raise JournalError(
                str(p), None, f"cannot complete the last line of the journal ({exc.strerror or exc}); nothing was changed"
            ) from exc
        return loaded.raw_size + 1
    return loaded.raw_size


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
