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
a journal: a `Writer` (umpire/core/journal_writer.py) holds an exclusive lock on it for its whole life.
This module reads journals; that one writes them.

Undo is itself an entry (``kind = "undo"``): nothing is ever rewritten, and a
disputed ruling can be traced afterwards.

What the game keeps private is written in an entry's salted `sealed` member, and the chain hashes
such a line with that member replaced by its digest, so the journal can be published without it
(umpire/core/redaction.py).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from umpire.core.redaction import SEALED, entry_hash

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


class Break(NamedTuple):
    """A place where the journal does not hold together: an entry out of sequence, or a broken hash chain.

    The small records that every start-up defines are NamedTuples, not dataclasses: a dataclass's methods are
    compiled when its class is made, about a millisecond each at every start (umpire/startup.py says more)."""

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
        return _decode(raw.decode())  # UTF-8
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
                obj = _decode(raw.decode())  # UTF-8
            except (UnicodeDecodeError, json.JSONDecodeError) as exc:
                if last and not whole:
                    loaded.torn = raw.decode(errors="replace")
                    loaded.torn_bytes = raw
                    loaded.torn_line = i
                    return  # a torn line is the last
                if last:
                    raise JournalError(
                        p,
                        i,
                        f"this line is damaged (not valid JSON: {exc}); it is whole, ending with a newline, so it was not cut off by a crash",
                    ) from exc
                raise JournalError(p, i, f"this line is damaged (not valid JSON: {exc})") from exc
            # The usual line, as umpire writes it, is checked inline; anything else by the checks that name what is wrong.
            t = obj.get("t") if type(obj) is dict else None
            entry = obj if type(t) is int and t >= 0 and type(obj.get("kind")) is str else _check_entry(p, i, obj)
            if loaded.chained and entry.get("n") == expected_n and entry.get("prev") == loaded.last_hash:
                expected_n += 1
            else:
                expected_n = _check_place(p, loaded, entry, i, expected_n, strict=strict)
            own = entry_hash(raw, entry) if SEALED in entry else line_hash(raw)
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
