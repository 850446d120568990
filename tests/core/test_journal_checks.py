"""Every check the journal's reader makes fails a test when it is weakened (issue 31, item 7).

Written against the mutants mutmut left alive in umpire/core/journal.py (docs/testing.md): each test
names the check it holds in place — the header, the entry's envelope, the sequence, the chain, where a
refusal points, and what is read fast and what in full.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from umpire.core import journal
from umpire.core.journal import CHAIN, FORMAT, JournalError, line_hash, read, scan
from umpire.core.journal_writer import Writer

HEADER: dict[str, Any] = {"game": "hap-tac-toe", "scenario_toml": 'game = "hap-tac-toe"\n', "commitment": "c" * 64}


def compact(obj: Any) -> bytes:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode()


def chained(path: Path, *entries: dict[str, Any], tail: bytes = b"\n") -> list[bytes]:
    """A chained journal written by hand: each entry gets the hash of the line before it. Returns its lines."""
    lines = [compact({"umpire_journal": FORMAT, "chain": CHAIN, **HEADER})]
    for entry in entries:
        lines.append(compact({**entry, "prev": line_hash(lines[-1])}))
    path.write_bytes(b"\n".join(lines) + tail)
    return lines


def clocks(*numbers: Any) -> list[dict[str, Any]]:
    return [{"n": n, "kind": "clock", "t": 7} for n in numbers]


def refusal(path: Path, **kwargs: Any) -> JournalError:
    with pytest.raises(JournalError) as info:
        read(path, **kwargs)
    return info.value


# ---------------------------------------------------------------- where a refusal points: the file, then the line


@pytest.mark.parametrize(
    ("lines", "line", "reason"),
    [
        ([b"[1]"], 1, "this is not an umpire journal (line 1 should be its header)"),
        ([compact({"umpire_journal": FORMAT, **HEADER, "game": 5})], 1, "the header has no valid “game” (str expected)"),
        ([compact({"umpire_journal": FORMAT, **HEADER, "salt": "pepper"})], 1, "the header has no valid “seed” (str expected)"),
        ([compact({"umpire_journal": FORMAT, **HEADER}), b"[1]"], 2, "expected a JSON object"),
        ([compact({"umpire_journal": FORMAT, **HEADER}), b'{"n":1,"t":0}'], 2, "expected the entry's “kind” as a text, got None"),
        (
            [compact({"umpire_journal": FORMAT, **HEADER}), b'{"n":1,"kind":"x","t":-1}'],
            2,
            "expected a game time “t” in whole milliseconds",
        ),
        ([compact({"umpire_journal": FORMAT, **HEADER}), b'{"n":2,"kind":"x","t":0}'], 2, "expected entry number 1, found 2"),
        (
            [b'{"umpire_journal":1,"ga'],
            1,
            "this is not an umpire journal: line 1 should be its JSON header (Unterminated string starting at: line 1 column 21 (char 20))",
        ),
    ],
    ids=["not a header", "a header field", "half the secret", "not an object", "no kind", "no time", "out of sequence", "not JSON"],
)
def test_a_refusal_names_the_journal_and_the_line(tmp_path: Path, lines: list[bytes], line: int, reason: str) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    err = refusal(path)
    assert (err.path, err.line, err.reason) == (str(path), line, reason)
    assert str(err) == f"{path}, line {line}: {reason}"


def test_a_header_with_only_the_salt_of_an_older_journals_secret_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(compact({"umpire_journal": FORMAT, **HEADER, "salt": "pepper"}) + b"\n")
    assert refusal(path).reason == "the header has no valid “seed” (str expected)"


def test_a_missing_file_is_refused_with_the_systems_reason_in_words(tmp_path: Path) -> None:
    path = tmp_path / "nothing.jsonl"
    err = refusal(path)
    assert (err.path, err.line, err.reason) == (str(path), None, "cannot read the journal (No such file or directory)")


def test_a_journal_removed_between_its_header_and_its_entries_is_refused_in_words(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    chained(path, *clocks(1))
    _, entries = scan(path)
    path.unlink()
    with pytest.raises(JournalError) as info:
        next(entries)
    err = info.value
    assert (err.path, err.line, err.reason) == (str(path), None, "cannot read the journal (No such file or directory)")


def test_a_header_changed_between_reading_it_and_reading_the_entries_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    lines = chained(path, *clocks(1))
    _, entries = scan(path)
    path.write_bytes(lines[0].replace(b"hap-tac-toe", b"hap-tac-tog") + b"\n" + lines[1] + b"\n")
    with pytest.raises(JournalError) as info:
        next(entries)
    err = info.value
    assert (err.path, err.line, err.reason) == (
        str(path),
        1,
        "the journal changed while it was being read (is another program writing it?); try again",
    )


def test_damage_before_the_last_line_is_not_called_whole_and_the_last_line_is(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    lines = chained(path, *clocks(1, 2))
    path.write_bytes(b"\n".join([lines[0], b'{"n":1,', lines[2]]) + b"\n")
    middle = refusal(path)
    assert (middle.path, middle.line) == (str(path), 2)
    assert middle.reason.startswith("this line is damaged (not valid JSON: ") and "it is whole" not in middle.reason
    path.write_bytes(b"\n".join([lines[0], lines[1], b'{"n":2,']) + b"\n")
    last = refusal(path)
    assert last.line == 3 and last.reason.endswith("; it is whole, ending with a newline, so it was not cut off by a crash")


# ---------------------------------------------------------------- reading each line's JSON


def test_a_line_with_something_after_its_json_is_damage_and_one_with_spaces_after_it_is_not(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    lines = chained(path, *clocks(1))
    path.write_bytes(lines[0] + b"\n" + lines[1] + b"x\n")
    err = refusal(path)
    assert err.line == 2 and err.reason.startswith("this line is damaged (not valid JSON: Extra data")
    path.write_bytes(lines[0] + b"  \n" + lines[1] + b" \t\n")
    loaded = read(path)  # white space around a line's JSON is no damage (its hash covers it as written)
    assert [e["n"] for e in loaded.entries] == [1] and loaded.breaks != []


def test_a_line_nested_too_deeply_to_read_is_damage_with_that_reason(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    lines = chained(path, *clocks(1))
    deep = b'{"n":2,"kind":"x","t":0,"v":' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    path.write_bytes(lines[0] + b"\n" + lines[1] + b"\n" + deep + b"\n")
    err = refusal(path)
    assert (err.path, err.line) == (str(path), 3)
    assert err.reason == (
        "this line is damaged (not valid JSON: nested too deeply to read; umpire's own entries nest a few levels at most); "
        "it is whole, ending with a newline, so it was not cut off by a crash"
    )
    header = b'{"umpire_journal":1,"v":' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    path.write_bytes(header + b"\n")
    assert refusal(path).reason == (
        "this is not an umpire journal: line 1 should be its JSON header "
        "(nested too deeply to read; umpire's own entries nest a few levels at most)"
    )


def test_a_header_without_its_newline_is_a_journal_of_no_entries_waiting_for_it(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    lines = chained(path, tail=b"")
    loaded = read(path)
    assert loaded.header["game"] == "hap-tac-toe" and loaded.count == 0 and loaded.entries == []
    assert loaded.newline_missing and loaded.last_hash == line_hash(lines[0])
    assert loaded.raw_size == len(lines[0]) == loaded.whole_size
    chained(path)
    whole = read(path)
    assert not whole.newline_missing and whole.raw_size == len(lines[0]) + 1


def test_a_chained_header_makes_the_journal_chained_before_any_entry(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    chained(path)
    loaded = read(path)
    assert loaded.chained and loaded.chain_from == 1
    lines = chained(path, *clocks(1))
    entry = json.loads(lines[1])
    del entry["prev"]  # entry 1 of a chained journal, without its hash: added by hand
    path.write_bytes(lines[0] + b"\n" + compact(entry) + b"\n")
    (brk,) = read(path).breaks
    assert (
        brk.reason == "entry 1 (line 2) has no hash of the line before it (“prev”), in a chained journal: it was added or rewritten by hand"
    )


# ---------------------------------------------------------------- the entry's envelope


@pytest.mark.parametrize("t", [0, 1, 10**12])
def test_the_envelope_check_takes_any_whole_game_time_from_zero(t: int) -> None:
    entry = {"n": 1, "kind": "clock", "t": t}
    assert journal._check_entry("g.jsonl", 2, entry) is entry


def test_scan_is_strict_unless_told_otherwise(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    chained(path, *clocks(1, 3))
    _, entries = scan(path)
    with pytest.raises(JournalError, match="expected entry number 2, found 3"):
        list(entries)
    loaded, lenient = scan(path, strict=False)
    assert [e["n"] for e, _ in lenient] == [1, 3] and len(loaded.breaks) == 1


# ---------------------------------------------------------------- the sequence, read leniently (for verify)


def breaks(path: Path) -> list[tuple[int, int | None, str]]:
    return [(b.line, b.n, b.reason) for b in read(path, strict=False).breaks]


def test_one_missing_entry_is_named_alone_and_the_rest_reads_on_in_sequence(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    chained(path, *clocks(1, 2, 4, 5, 6))
    assert breaks(path) == [(4, 4, "entry 3 is missing: line 4 holds entry 4 where entry 3 belongs (entries were removed)")]


def test_entries_missing_and_renumbered_with_the_chain_recomputed_are_named_where_they_are_missing(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    chained(path, *clocks(1, 2, 5, 6))  # every hash is right: only the numbers tell
    assert breaks(path) == [(4, 5, "entries 3–4 are missing: line 4 holds entry 5 where entry 3 belongs (entries were removed)")]
    with pytest.raises(JournalError, match="expected entry number 3, found 5"):
        read(path)


def test_a_repeated_entry_is_named_and_the_one_after_it_is_not(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    chained(path, *clocks(1, 2, 2, 4, 5))
    assert breaks(path) == [(4, 2, "line 4 holds entry 2 where entry 3 belongs (entries were repeated, reordered or renumbered)")]


def test_an_entry_numbered_with_no_number_is_named_and_the_count_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    chained(path, *clocks(1, "two", 3, 4))
    assert breaks(path) == [(3, None, "line 3 holds entry 'two' where entry 2 belongs (entries were repeated, reordered or renumbered)")]
    chained(path, *clocks(1, -2, 3))
    assert breaks(path) == [(3, None, "line 3 holds entry -2 where entry 2 belongs (entries were repeated, reordered or renumbered)")]


def test_a_break_in_the_sequence_is_recorded_even_where_the_chain_holds(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    chained(path, *clocks(1, 3, 4))
    loaded = read(path, strict=False)
    assert [(b.line, b.n) for b in loaded.breaks] == [(3, 3)] and loaded.count == 3


# ---------------------------------------------------------------- what is read fast, and what in full


def test_the_usual_entry_is_checked_inline_and_only_an_odd_one_in_full(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.jsonl"
    writer = Writer.create(path, HEADER)
    for i in range(5):
        writer.append({"kind": "clock", "t": i})  # t = 0 included
    writer.close()
    full: list[str] = []
    real_entry, real_place, real_hash = journal._check_entry, journal._check_place, journal.entry_hash
    monkeypatch.setattr(journal, "_check_entry", lambda *a: full.append("envelope") or real_entry(*a))
    monkeypatch.setattr(journal, "_check_place", lambda *a, **k: full.append("place") or real_place(*a, **k))
    monkeypatch.setattr(journal, "entry_hash", lambda raw, entry: full.append("sealed") or real_hash(raw, entry))
    loaded = read(path)
    assert loaded.count == 5 and loaded.breaks == [] and full == []  # no sealed member, nothing odd: all inline
    lines = path.read_bytes().rstrip(b"\n").split(b"\n")
    odd = json.loads(lines[3])
    odd["t"] = True  # not a game time: the full check names what is wrong
    lines[3] = compact(odd)
    path.write_bytes(b"\n".join(lines) + b"\n")
    with pytest.raises(JournalError, match="expected a game time"):
        read(path)
    assert full == ["envelope"]
