"""The journal: append-only JSON lines, durable after each append, torn tails recovered, damage named."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import socket
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from umpire.core import journal, journal_writer
from umpire.core.journal import CHAIN, FORMAT, JournalError, JournalLocked, commitment, line_hash, read
from umpire.core.journal_writer import Writer

HEADER: dict[str, Any] = {
    "game": "hap-tac-toe",
    "scenario_toml": 'game = "hap-tac-toe"\n',
    "seed": "20261121",
    "salt": "pepper",
    "commitment": commitment("20261121", "pepper"),
}


def new_journal(path: Path, entries: int = 0) -> Writer:
    writer = Writer.create(path, HEADER)
    for i in range(entries):
        writer.append({"kind": "input", "t": 1000 * i, "text": f"p1: move {i}"})
    return writer


def write_lines(path: Path, *objs: Any, tail: bytes = b"") -> None:
    data = b"".join(json.dumps(o, ensure_ascii=False).encode() + b"\n" for o in objs)
    path.write_bytes(data + tail)


def header_line() -> dict[str, Any]:
    """The header as an old (unchained) journal has it: no "chain" key."""
    return {"umpire_journal": FORMAT, **HEADER}


def chained_header() -> dict[str, Any]:
    return {"umpire_journal": FORMAT, "chain": CHAIN, **HEADER}


def raw_lines(path: Path) -> list[bytes]:
    data = path.read_bytes()
    assert data.endswith(b"\n")
    return data[:-1].split(b"\n")


def test_commitment_is_the_sha256_of_salt_colon_seed() -> None:
    assert commitment("20261121", "pepper") == hashlib.sha256(b"pepper:20261121").hexdigest()
    assert commitment("seed", "salt") != commitment("salt", "seed")


def test_commitment_hashes_the_utf8_text() -> None:
    assert commitment("Ü", "—") == hashlib.sha256("—:Ü".encode()).hexdigest()


def test_create_writes_the_header_as_line_one(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    new_journal(path).close()
    lines = path.read_bytes().split(b"\n")
    assert lines[1:] == [b""]
    assert json.loads(lines[0]) == chained_header()
    loaded = read(path)
    assert loaded.header == chained_header()
    assert loaded.entries == []
    assert loaded.torn is None


def test_create_refuses_to_overwrite_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    new_journal(path, entries=2).close()
    before = path.read_bytes()
    with pytest.raises(FileExistsError):
        Writer.create(path, HEADER)
    assert path.read_bytes() == before


def test_append_numbers_the_entries_from_one(tmp_path: Path) -> None:
    writer = new_journal(tmp_path / "g.jsonl")
    first = writer.append({"kind": "input", "t": 0, "text": "p2: first p1"})
    second = writer.append({"kind": "clock", "t": 5000})
    writer.close()
    header = raw_lines(tmp_path / "g.jsonl")[0]
    assert first == {"n": 1, "kind": "input", "t": 0, "text": "p2: first p1", "prev": line_hash(header)}
    assert second["n"] == 2
    assert [e["n"] for e in read(tmp_path / "g.jsonl").entries] == [1, 2]


def test_the_journal_is_readable_after_each_append(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    writer = new_journal(path)
    entries = [
        {"kind": "input", "t": 0, "text": "p1: black red circle C3"},
        {"kind": "pause", "t": 1000},
        {"kind": "resume", "t": 1000},
        {"kind": "undo", "t": 2000, "undoes": 1},
        {"kind": "input", "t": 2500, "text": "Ürsula — “quoted” @everyone"},
        {"kind": "reveal", "t": 9000},
    ]
    for i, entry in enumerate(entries, start=1):
        writer.append(entry)
        loaded = read(path)  # without closing: every append is on disk already
        assert len(loaded.entries) == i
        assert loaded.entries[-1] == {"n": i, **entry, "prev": line_hash(raw_lines(path)[i - 1])}
        assert loaded.torn is None
        assert loaded.raw_size == loaded.whole_size == path.stat().st_size
    writer.close()


def test_a_torn_last_line_is_reported_and_the_whole_entries_kept(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=2).close()
    whole = path.stat().st_size
    with open(path, "ab") as f:
        f.write(b'{"n":3,"kind":"input","t":20')
    loaded = read(path)
    assert [e["n"] for e in loaded.entries] == [1, 2]
    assert loaded.torn == '{"n":3,"kind":"input","t":20'
    assert loaded.torn_line == 4
    assert loaded.whole_size == whole
    assert loaded.raw_size == whole + len('{"n":3,"kind":"input","t":20')


def test_a_line_torn_inside_a_utf8_character_is_still_a_torn_tail(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=1).close()
    with open(path, "ab") as f:
        f.write('{"n":2,"kind":"input","t":5,"text":"—'.encode()[:-1])
    loaded = read(path)
    assert len(loaded.entries) == 1
    assert loaded.torn_line == 3
    assert loaded.torn is not None
    assert loaded.torn.startswith('{"n":2')


def test_a_whole_last_line_missing_only_its_newline_is_an_entry(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_lines(path, header_line(), tail=b'{"n":1,"kind":"clock","t":7}')
    loaded = read(path)
    assert loaded.torn is None
    assert loaded.entries == [{"n": 1, "kind": "clock", "t": 7}]


def test_damage_in_the_middle_raises_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=3).close()
    lines = path.read_bytes().split(b"\n")
    lines[2] = lines[2][:10]  # entry 2, on line 3, cut short
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(JournalError) as info:
        read(path)
    err = info.value
    assert err.line == 3
    assert err.path == str(path)
    assert str(err).startswith(f"{path}, line 3: ")
    assert "damaged" in err.reason
    assert "not valid JSON" in err.reason


def test_wrong_entry_numbering_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_lines(path, header_line(), {"n": 1, "kind": "clock", "t": 0}, {"n": 3, "kind": "clock", "t": 0})
    with pytest.raises(JournalError) as info:
        read(path)
    assert info.value.line == 3
    assert info.value.reason == "expected entry number 2, found 3"


def test_a_missing_entry_number_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_lines(path, header_line(), {"kind": "clock", "t": 0})
    with pytest.raises(JournalError, match="expected entry number 1, found None"):
        read(path)


def test_item_4_a_journal_is_created_readable_by_its_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=1).close()
    assert path.stat().st_mode & 0o777 == 0o600


def test_item_4_a_header_without_the_seed_and_salt_reads_and_one_with_half_of_them_is_refused(tmp_path: Path) -> None:
    sealed = {k: v for k, v in header_line().items() if k not in ("seed", "salt")}
    path = tmp_path / "g.jsonl"
    write_lines(path, sealed, {"n": 1, "kind": "entropy", "t": 0, "text": "17 lantern"})
    assert read(path).entries[0]["text"] == "17 lantern"
    write_lines(path, {**sealed, "seed": "20261121"})
    with pytest.raises(JournalError) as info:
        read(path)
    assert info.value.reason == "the header has no valid “salt” (str expected)"


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        ([1, 2], "expected a JSON object"),
        ({"n": 1, "kind": "clock"}, "expected a game time “t” in whole milliseconds"),
        ({"n": 1, "kind": "clock", "t": -1}, "expected a game time “t” in whole milliseconds"),
        ({"n": 1, "kind": "clock", "t": 1.5}, "expected a game time “t” in whole milliseconds"),
        ({"n": 1, "kind": "clock", "t": True}, "expected a game time “t” in whole milliseconds"),
        ({"n": 1, "t": 0}, "expected the entry's “kind” as a text, got None"),
        ({"n": 1, "kind": 3, "t": 0}, "expected the entry's “kind” as a text, got 3"),
    ],
)
def test_a_malformed_entry_is_refused_with_what_was_expected(tmp_path: Path, entry: Any, reason: str) -> None:
    path = tmp_path / "g.jsonl"
    write_lines(path, header_line(), entry)
    with pytest.raises(JournalError) as info:
        read(path)
    assert info.value.line == 2
    assert info.value.reason == reason


@pytest.mark.parametrize("first", [{"game": "x"}, {"umpire_journal": 2, **HEADER}, [1], "text"])
def test_a_file_without_an_umpire_header_is_refused(tmp_path: Path, first: Any) -> None:
    path = tmp_path / "g.jsonl"
    write_lines(path, first)
    with pytest.raises(JournalError) as info:
        read(path)
    assert info.value.line == 1
    assert info.value.reason == "this is not an umpire journal (line 1 should be its header)"


@pytest.mark.parametrize("key", ["game", "scenario_toml", "seed", "salt", "commitment"])
def test_a_header_missing_a_field_names_the_field(tmp_path: Path, key: str) -> None:
    header = header_line()
    header[key] = 123
    path = tmp_path / "g.jsonl"
    write_lines(path, header)
    with pytest.raises(JournalError) as info:
        read(path)
    assert info.value.line == 1
    assert info.value.reason == f"the header has no valid “{key}” (str expected)"


def test_a_damaged_header_is_refused_even_as_the_only_line(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(b'{"umpire_journal":1,"ga')
    with pytest.raises(JournalError) as info:
        read(path)
    assert info.value.line == 1
    assert info.value.reason.startswith("this is not an umpire journal: line 1 should be its JSON header")


def test_an_empty_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(b"")
    with pytest.raises(JournalError) as info:
        read(path)
    assert info.value.line is None
    assert str(info.value) == f"{path}: the journal is empty"


def test_a_missing_file_is_refused_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "nothing.jsonl"
    with pytest.raises(JournalError) as info:
        read(path)
    assert str(info.value).startswith(f"{path}: cannot read the journal (")


def test_reopen_moves_a_torn_tail_aside_and_truncates(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=2).close()
    clean = path.read_bytes()
    with open(path, "ab") as f:
        f.write(b'{"n":3,"kind":"inp')
    writer = Writer.reopen(path, read(path))
    assert path.read_bytes() == clean
    assert Path(str(path) + ".torn").read_bytes() == b'{"n":3,"kind":"inp\n'
    written = writer.append({"kind": "input", "t": 3000, "text": "p2: done"})
    writer.close()
    assert written["n"] == 3
    loaded = read(path)
    assert loaded.torn is None
    assert [e["n"] for e in loaded.entries] == [1, 2, 3]


def test_reopen_keeps_every_torn_tail_it_moves_aside(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=1).close()
    for tail in (b'{"n":2,"ki', b'{"n":2,"kind":"clo'):
        with open(path, "ab") as f:
            f.write(tail)
        Writer.reopen(path, read(path)).close()
    assert Path(str(path) + ".torn").read_bytes() == b'{"n":2,"ki\n{"n":2,"kind":"clo\n'


def test_reopen_moves_the_torn_bytes_aside_exactly(tmp_path: Path) -> None:
    # A crash can cut a line inside a multi-byte character; the bytes set aside must be the bytes that were there.
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=1).close()
    tail = '{"n":2,"kind":"input","t":5,"text":"Hedger — '.encode()[:-2]
    with open(path, "ab") as f:
        f.write(tail)
    Writer.reopen(path, read(path)).close()
    assert Path(str(path) + ".torn").read_bytes() == tail + b"\n"


def test_reopen_of_a_clean_journal_changes_nothing_and_continues_the_numbering(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=2).close()
    before = path.read_bytes()
    writer = Writer.reopen(path, read(path))
    assert path.read_bytes() == before
    assert not Path(str(path) + ".torn").exists()
    assert writer.append({"kind": "clock", "t": 9})["n"] == 3
    writer.close()
    assert len(read(path).entries) == 3


def test_reopen_completes_a_last_line_missing_its_newline(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_lines(path, header_line(), tail=b'{"n":1,"kind":"clock","t":7}')
    writer = Writer.reopen(path, read(path))
    writer.append({"kind": "clock", "t": 8})
    writer.close()
    assert [e["t"] for e in read(path).entries] == [7, 8]
    assert not Path(str(path) + ".torn").exists()


def test_journal_error_names_the_file_without_a_line_when_there_is_none() -> None:
    err = JournalError("g.jsonl", None, "the journal is empty")
    assert str(err) == "g.jsonl: the journal is empty"
    assert str(JournalError("g.jsonl", 4, "bad")) == "g.jsonl, line 4: bad"


# ---------------------------------------------------------------- the hash chain


def test_every_entry_holds_the_sha256_of_the_line_before_it(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    writer = new_journal(path, entries=3)
    lines = raw_lines(path)
    for i, entry in enumerate(read(path).entries, start=1):
        assert entry["prev"] == hashlib.sha256(lines[i - 1]).hexdigest()
    assert writer.last_hash == hashlib.sha256(lines[-1]).hexdigest()
    writer.close()


def test_the_last_hash_is_the_headers_until_an_entry_is_written(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    writer = new_journal(path)
    header_hash = line_hash(raw_lines(path)[0])
    assert writer.last_hash == read(path).last_hash == header_hash
    writer.append({"kind": "clock", "t": 5})
    assert writer.last_hash == read(path).last_hash == line_hash(raw_lines(path)[1])
    writer.close()


def test_loaded_last_hash_is_the_last_whole_lines_not_a_torn_ones(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=2).close()
    last = line_hash(raw_lines(path)[-1])
    with open(path, "ab") as f:
        f.write(b'{"n":3,"kind":"inp')
    loaded = read(path)
    assert loaded.last_hash == last
    assert loaded.breaks == []


def test_reopen_continues_the_chain_from_the_last_whole_line(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=2).close()
    with open(path, "ab") as f:
        f.write(b'{"n":3,"kind":"inp')
    writer = Writer.reopen(path, read(path))
    written = writer.append({"kind": "clock", "t": 9000})
    writer.close()
    lines = raw_lines(path)
    assert written["prev"] == line_hash(lines[2])
    loaded = read(path)
    assert loaded.chained and loaded.breaks == []
    assert loaded.last_hash == line_hash(lines[3])


def test_a_hand_written_chained_journal_is_read_as_chained(tmp_path: Path) -> None:
    header = json.dumps(chained_header(), ensure_ascii=False, separators=(",", ":")).encode()
    entry = json.dumps({"n": 1, "kind": "clock", "t": 7, "prev": line_hash(header)}, separators=(",", ":")).encode()
    path = tmp_path / "g.jsonl"
    path.write_bytes(header + b"\n" + entry + b"\n")
    loaded = read(path)
    assert loaded.chained and loaded.chain_from == 1 and loaded.breaks == []


def edit_line(path: Path, line: int, old: bytes, new: bytes) -> None:
    lines = path.read_bytes().split(b"\n")
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new)
    path.write_bytes(b"\n".join(lines))


def test_an_entry_changed_after_it_was_written_breaks_the_chain_at_the_next_entry(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=4).close()
    edit_line(path, 3, b"p1: move 1", b"p1: move 7")  # entry 2
    loaded = read(path)
    assert [(b.line, b.n) for b in loaded.breaks] == [(4, 3)]
    assert loaded.breaks[0].reason == (
        "entry 3 (line 4) does not hold the hash of the line before it: entry 2 (line 3) or entry 3 was changed after entry 3 was written"
    )


def test_an_edited_header_breaks_the_chain_at_entry_1(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=1).close()
    edit_line(path, 1, b'"seed":"20261121"', b'"seed":"1"')
    (brk,) = read(path).breaks
    assert brk.reason == (
        "entry 1 (line 2) does not hold the hash of the line before it: the header (line 1) or entry 1 was changed after entry 1 was written"
    )


def test_a_chained_entry_without_its_hash_is_a_break(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=2).close()
    lines = raw_lines(path)
    last = json.loads(lines[2])
    del last["prev"]
    lines[2] = json.dumps(last, separators=(",", ":")).encode()
    path.write_bytes(b"\n".join(lines) + b"\n")
    (brk,) = read(path).breaks
    assert (brk.line, brk.n) == (3, 2)
    assert (
        brk.reason == "entry 2 (line 3) has no hash of the line before it (“prev”), in a chained journal: it was added or rewritten by hand"
    )


def test_entries_removed_from_the_middle_raise_when_strict_and_are_named_when_not(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=6).close()
    lines = raw_lines(path)
    path.write_bytes(b"\n".join(lines[:3] + lines[6:]) + b"\n")  # entries 3, 4 and 5 removed
    with pytest.raises(JournalError) as info:
        read(path)
    assert (info.value.line, info.value.reason) == (4, "expected entry number 3, found 6")
    loaded = read(path, strict=False)
    assert [e["n"] for e in loaded.entries] == [1, 2, 6]
    (brk,) = loaded.breaks
    assert (brk.line, brk.n) == (4, 6)
    assert brk.reason == "entries 3–5 are missing: line 4 holds entry 6 where entry 3 belongs (entries were removed)"


def test_a_repeated_entry_is_named_when_not_strict(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=2).close()
    lines = raw_lines(path)
    path.write_bytes(b"\n".join([*lines, lines[2]]) + b"\n")
    loaded = read(path, strict=False)
    assert [b.reason for b in loaded.breaks] == [
        "line 4 holds entry 2 where entry 3 belongs (entries were repeated, reordered or renumbered)"
    ]


def test_a_journal_from_before_the_chain_reads_as_unchained_without_breaks(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_lines(path, header_line(), {"n": 1, "kind": "clock", "t": 7}, {"n": 2, "kind": "clock", "t": 8})
    loaded = read(path)
    assert not loaded.chained and loaded.chain_from is None and loaded.breaks == []
    assert loaded.last_hash == line_hash(raw_lines(path)[-1])


def test_an_old_journal_continued_today_is_chained_from_the_first_new_entry(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_lines(path, header_line(), {"n": 1, "kind": "clock", "t": 7}, {"n": 2, "kind": "clock", "t": 8})
    writer = Writer.reopen(path, read(path))
    writer.append({"kind": "clock", "t": 9})
    writer.close()
    loaded = read(path)
    assert loaded.chained and loaded.chain_from == 3 and loaded.breaks == []


def test_reading_hashes_each_line_exactly_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Replay stays linear in the journal's length: one hash per line, no re-reading.
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=50).close()
    calls: list[bytes] = []
    real, real_entry = journal.line_hash, journal.entry_hash
    monkeypatch.setattr(journal, "line_hash", lambda raw: calls.append(raw) or real(raw))  # the header's
    monkeypatch.setattr(journal, "entry_hash", lambda raw, entry: calls.append(raw) or real_entry(raw, entry))
    read(path)
    assert calls == raw_lines(path)


# ---------------------------------------------------------------- a damaged last line is not a torn one


def test_a_whole_last_line_with_broken_json_is_damage_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=2).close()
    with open(path, "ab") as f:
        f.write(b'{"n":3,"kind":"input","t":20\n')  # ends with a newline: a torn write cannot
    with pytest.raises(JournalError) as info:
        read(path)
    assert info.value.line == 4
    assert info.value.reason.startswith("this line is damaged (not valid JSON: ")
    assert info.value.reason.endswith("; it is whole, ending with a newline, so it was not cut off by a crash")


def test_a_whole_last_line_of_binary_junk_is_damage(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=1).close()
    with open(path, "ab") as f:
        f.write(b"\xff\xfe\x00junk\n")
    with pytest.raises(JournalError) as info:
        read(path, strict=False)
    assert info.value.line == 3
    assert "it is whole, ending with a newline, so it was not cut off by a crash" in info.value.reason


def test_a_last_line_without_its_newline_and_broken_json_is_torn(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=2).close()
    with open(path, "ab") as f:
        f.write(b'{"n":3,"kind":"input","t":20')
    loaded = read(path)
    assert loaded.torn_line == 4 and len(loaded.entries) == 2


# ---------------------------------------------------------------- a failed write changes nothing


class FailingDisk:
    """os.write / os.fsync stand-ins for the journal's descriptor: the disk fills after `room` more bytes."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, fd: int, room: int, *, fsync_fails: bool = False) -> None:
        self.fd, self.room, self.fsync_fails = fd, room, fsync_fails
        self.real_write, self.real_fsync = os.write, os.fsync
        monkeypatch.setattr(os, "write", self.write)
        monkeypatch.setattr(os, "fsync", self.fsync)

    def write(self, fd: int, data: Any) -> int:
        if fd != self.fd:
            return self.real_write(fd, data)
        if self.room <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        done = self.real_write(fd, bytes(data[: self.room]))
        self.room -= done
        return done

    def fsync(self, fd: int) -> None:
        if fd == self.fd and self.fsync_fails:
            raise OSError(errno.EIO, "Input/output error")
        self.real_fsync(fd)


def writer_fd(writer: Writer) -> int:
    assert writer._fd is not None
    return writer._fd


@pytest.mark.parametrize("room", [0, 1, 17, 60])
def test_a_write_that_fills_the_disk_leaves_the_file_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, room: int) -> None:
    path = tmp_path / "g.jsonl"
    writer = new_journal(path, entries=2)
    before, last_hash = path.read_bytes(), writer.last_hash
    disk = FailingDisk(monkeypatch, writer_fd(writer), room)
    with pytest.raises(OSError, match="No space left on device"):
        writer.append({"kind": "input", "t": 5000, "text": "p2: refused while the disk was full"})
    assert path.read_bytes() == before
    assert (writer.next_n, writer.last_hash) == (3, last_hash)
    disk.room = 10**6  # space again
    written = writer.append({"kind": "input", "t": 6000, "text": "p2: accepted"})
    writer.close()
    loaded = read(path)
    assert written["n"] == 3
    assert [e.get("text") for e in loaded.entries] == ["p1: move 0", "p1: move 1", "p2: accepted"]
    assert loaded.breaks == [] and loaded.torn is None
    assert b"refused" not in path.read_bytes()


def test_a_failed_fsync_cuts_the_entry_back_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.jsonl"
    writer = new_journal(path, entries=1)
    before = path.read_bytes()
    disk = FailingDisk(monkeypatch, writer_fd(writer), 10**6, fsync_fails=True)
    with pytest.raises(OSError, match="Input/output error"):
        writer.append({"kind": "clock", "t": 5})
    disk.fsync_fails = False
    assert path.read_bytes() == before  # cut back (the cut is fsync'd once the disk answers again)
    writer.append({"kind": "clock", "t": 6})
    writer.close()
    assert [e["t"] for e in read(path).entries] == [0, 6]


def test_a_failed_cut_back_is_retried_before_the_next_entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.jsonl"
    writer = new_journal(path, entries=1)
    before = path.read_bytes()
    disk = FailingDisk(monkeypatch, writer_fd(writer), 10)
    real_truncate = os.ftruncate
    monkeypatch.setattr(os, "ftruncate", lambda fd, n: (_ for _ in ()).throw(OSError(errno.EIO, "Input/output error")))
    with pytest.raises(OSError):
        writer.append({"kind": "clock", "t": 5})
    assert len(path.read_bytes()) == len(before) + 10  # the cut failed too: ten stray bytes remain for now
    monkeypatch.setattr(os, "ftruncate", real_truncate)
    disk.room = 10**6
    writer.append({"kind": "clock", "t": 6})
    writer.close()
    loaded = read(path)
    assert [e["t"] for e in loaded.entries] == [0, 6] and loaded.breaks == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plan=st.lists(st.one_of(st.none(), st.integers(min_value=0, max_value=120)), min_size=1, max_size=12))
def test_whatever_writes_fail_the_journal_holds_exactly_the_accepted_entries(
    tmp_path_factory: pytest.TempPathFactory, plan: list[int | None]
) -> None:
    # Each step appends one entry; None = the disk has room, k = the disk fills after k bytes.
    path = tmp_path_factory.mktemp("disk") / "g.jsonl"
    writer = new_journal(path)
    accepted: list[str] = []
    with pytest.MonkeyPatch.context() as mp:
        disk = FailingDisk(mp, writer_fd(writer), 10**9)
        for i, room in enumerate(plan):
            disk.room = 10**9 if room is None else room
            text = f"p1: step {i}"
            try:
                writer.append({"kind": "input", "t": i, "text": text})
            except OSError:
                continue
            accepted.append(text)
    writer.close()
    loaded = read(path)
    assert [e["text"] for e in loaded.entries] == accepted
    assert [e["n"] for e in loaded.entries] == list(range(1, len(accepted) + 1))
    assert loaded.breaks == [] and loaded.torn is None


def test_a_header_that_cannot_be_written_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.jsonl"
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space left on device")))
    with pytest.raises(OSError, match="No space left on device"):
        Writer.create(path, HEADER)
    assert not path.exists()
    assert not Path(f"{path}.lock").exists()


def test_append_refuses_entries_that_bring_their_own_number_or_hash(tmp_path: Path) -> None:
    with new_journal(tmp_path / "g.jsonl") as writer:
        for bad in ({"n": 5, "kind": "clock", "t": 0}, {"kind": "clock", "t": 0, "prev": "0" * 64}):
            with pytest.raises(ValueError, match="the journal numbers and chains entries itself"):
                writer.append(bad)


def test_append_after_close_raises_oserror(tmp_path: Path) -> None:
    writer = new_journal(tmp_path / "g.jsonl")
    writer.close()
    assert writer.closed
    with pytest.raises(OSError, match="is closed"):
        writer.append({"kind": "clock", "t": 0})
    writer.close()  # closing twice is harmless


# ---------------------------------------------------------------- one writer at a time


def lock_refusal(path: Path, who: str) -> str:
    return (
        f"{path}: this journal is in use by {who}; only one session may write a journal at a time. "
        "Leave that session first (quit or Ctrl-D), or use `umpire replay` to look at the game without writing"
    )


def test_a_second_writer_is_refused_naming_the_process_that_holds_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    first = new_journal(path, entries=1)
    assert Path(f"{path}.lock").read_text().split("\n")[0] == str(os.getpid())
    before = path.read_bytes()
    with pytest.raises(JournalLocked) as info:
        Writer.reopen(path, read(path))
    assert isinstance(info.value, JournalError)
    assert info.value.holder == os.getpid()
    assert str(info.value) == lock_refusal(path, f"this same process ({os.getpid()}), through a journal writer that is still open")
    assert path.read_bytes() == before
    first.close()
    assert not Path(f"{path}.lock").exists()
    second = Writer.reopen(path, read(path))  # released: now it may
    second.append({"kind": "clock", "t": 1})
    second.close()
    assert len(read(path).entries) == 2


def test_a_held_torn_journal_is_not_touched_by_a_second_opener(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    first = new_journal(path, entries=1)
    with open(path, "ab") as f:  # what a second reader sees while the first is mid-write
        f.write(b'{"n":2,"kind":"cl')
    before = path.read_bytes()
    with pytest.raises(JournalLocked):
        Writer.reopen(path, read(path))
    assert path.read_bytes() == before
    assert not Path(f"{path}.torn").exists()
    first.close()


def test_the_lock_names_another_process_from_its_record(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    first = new_journal(path)
    Path(f"{path}.lock").write_text(f"4242\n{socket.gethostname()}\n")  # as another umpire would have written it
    with pytest.raises(JournalLocked) as info:
        Writer.reopen(path, read(path))
    assert info.value.holder == 4242
    assert str(info.value) == lock_refusal(path, "another umpire, process 4242")
    Path(f"{path}.lock").write_text("4242\nother-laptop\n")
    with pytest.raises(JournalLocked) as info:
        Writer.reopen(path, read(path))
    assert str(info.value) == lock_refusal(path, "another umpire, process 4242 on other-laptop")
    Path(f"{path}.lock").unlink()
    with pytest.raises(JournalLocked) as info:
        Writer.reopen(path, read(path))
    assert info.value.holder is None
    assert str(info.value) == lock_refusal(path, "another process (it did not record its process id)")
    first.close()


def test_a_writer_dropped_without_close_releases_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=1)  # never closed, never kept
    writer = Writer.reopen(path, read(path))
    writer.close()


def test_a_stale_lock_record_after_a_crash_does_not_block_with_flock(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path).close()
    Path(f"{path}.lock").write_text("999999\n")  # left by a process killed with -9
    writer = Writer.reopen(path, read(path))
    assert Path(f"{path}.lock").read_text().split("\n")[0] == str(os.getpid())
    writer.close()


def test_without_flock_a_lock_file_with_the_pid_keeps_a_second_writer_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(journal_writer, "fcntl", None)
    path = tmp_path / "g.jsonl"
    first = new_journal(path, entries=1)
    lock = Path(f"{path}.lock")
    assert lock.read_text() == f"{os.getpid()}\n{socket.gethostname()}\n"
    with pytest.raises(JournalLocked) as info:
        Writer.reopen(path, read(path))
    assert str(info.value) == (
        lock_refusal(path, f"this same process ({os.getpid()}), through a journal writer that is still open")
        + f". If that process is no longer running (it crashed), delete {lock} and try again"
    )
    first.close()
    assert not lock.exists()
    Writer.reopen(path, read(path)).close()
    assert not lock.exists()


def test_without_flock_a_lock_file_that_cannot_be_created_refuses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(journal_writer, "fcntl", None)
    path = tmp_path / "g.jsonl"
    new_journal(path).close()
    real_open = os.open

    def no_lock_file(name: Any, flags: int, mode: int = 0o777) -> int:
        if str(name).endswith(".lock"):
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(name, flags, mode)

    monkeypatch.setattr(os, "open", no_lock_file)
    with pytest.raises(JournalError) as info:
        Writer.reopen(path, read(path))
    assert str(info.value) == f"{path}: cannot lock the journal: cannot create {path}.lock (Read-only file system)"


# ---------------------------------------------------------------- reopen refusals change nothing


def test_reopen_of_a_journal_that_cannot_be_written_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=1).close()
    loaded = read(path)
    real_open = os.open

    def read_only(name: Any, flags: int, mode: int = 0o777) -> int:
        if str(name) == str(path) and flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(name, flags, mode)

    monkeypatch.setattr(os, "open", read_only)
    with pytest.raises(JournalError) as info:
        Writer.reopen(path, loaded)
    assert str(info.value) == (
        f"{path}: cannot write to the journal (Permission denied); resuming continues it, so it must be writable "
        "(`umpire replay` only reads it)"
    )
    assert not Path(f"{path}.lock").exists()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs file permissions that apply (not root)")
def test_reopen_of_a_read_only_journal_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=1).close()
    path.chmod(0o444)
    with pytest.raises(JournalError, match="cannot write to the journal"):
        Writer.reopen(path, read(path))


def test_a_torn_tail_that_cannot_be_set_aside_is_refused_and_nothing_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=1).close()
    with open(path, "ab") as f:
        f.write(b'{"n":2,"kind":"cl')
    before = path.read_bytes()
    real_open = os.open

    def read_only_folder(name: Any, flags: int, mode: int = 0o777) -> int:
        if str(name).endswith(".torn"):
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(name, flags, mode)

    monkeypatch.setattr(os, "open", read_only_folder)
    with pytest.raises(JournalError) as info:
        Writer.reopen(path, read(path))
    assert info.value.line == 3
    assert info.value.reason == (
        f"this line was cut off by a crash and must be moved aside to {path}.torn before the game can continue, "
        "but that file cannot be written (Read-only file system); nothing was changed"
    )
    assert path.read_bytes() == before
    assert not Path(f"{path}.lock").exists()  # released again


def test_reopen_refuses_a_journal_that_grew_after_it_was_read(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    new_journal(path, entries=1).close()
    loaded = read(path)
    with open(path, "ab") as f:
        f.write(b'{"n":2,"kind":"clock","t":1}\n')
    with pytest.raises(JournalError) as info:
        Writer.reopen(path, loaded)
    assert (
        info.value.reason == "the journal changed while it was being read (is another program writing it?); nothing was changed, try again"
    )
