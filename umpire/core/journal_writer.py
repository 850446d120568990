"""Writing a journal: one process at a time appends whole lines, each made durable before it counts.

A `Writer` holds an exclusive lock on the journal for its whole life (a lock file beside it naming
its owner, and `flock` where the system has it). `prepare` numbers an entry, chains it to the line
before and gives its line's hash before anything is written (the post that ends a game publishes
it); `commit` writes that line and fsyncs it. A write that fails (a full disk) leaves the file
exactly as it was. The format and the reading are in umpire/core/journal.py.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import json
import os
import socket
import weakref
from pathlib import Path
from typing import Any, NamedTuple

from umpire.core.journal import CHAIN, FORMAT, JournalError, JournalLocked, Loaded, line_hash
from umpire.core.redaction import entry_hash

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


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


class Prepared(NamedTuple):
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
