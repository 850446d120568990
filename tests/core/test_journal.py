"""The journal: append-only JSON lines, durable after each append, torn tails recovered, damage named."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from umpire.core.journal import FORMAT, JournalError, Writer, commitment, read

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
    return {"umpire_journal": FORMAT, **HEADER}


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
    assert json.loads(lines[0]) == header_line()
    loaded = read(path)
    assert loaded.header == header_line()
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
    assert first == {"n": 1, "kind": "input", "t": 0, "text": "p2: first p1"}
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
        assert loaded.entries[-1] == {"n": i, **entry}
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


def test_an_unknown_kind_is_refused_listing_the_kinds(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_lines(path, header_line(), {"n": 1, "kind": "teleport", "t": 0})
    with pytest.raises(JournalError) as info:
        read(path)
    assert info.value.line == 2
    assert info.value.reason == "unknown kind 'teleport' (expected one of input, clock, pause, resume, undo, reveal)"


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        ([1, 2], "expected a JSON object"),
        ({"n": 1, "kind": "clock"}, "expected a game time “t” in whole milliseconds"),
        ({"n": 1, "kind": "clock", "t": -1}, "expected a game time “t” in whole milliseconds"),
        ({"n": 1, "kind": "clock", "t": 1.5}, "expected a game time “t” in whole milliseconds"),
        ({"n": 1, "kind": "clock", "t": True}, "expected a game time “t” in whole milliseconds"),
        ({"n": 1, "kind": "input", "t": 0}, "an input entry needs its “text”"),
        ({"n": 1, "kind": "input", "t": 0, "text": 5}, "an input entry needs its “text”"),
        ({"n": 1, "kind": "undo", "t": 0}, "an undo entry needs the number of the entry it “undoes”"),
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
