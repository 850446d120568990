"""A journal you can stake a match on: tampering fails `verify` (exit 1, naming what differs), the
verdict says what was and was not proved, a full disk changes nothing, one process writes a journal
at a time, and `resume` refuses what it cannot continue and shows where the game stood.

Journals come from real sessions on the bundled scenarios (Session.create + feed).
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from tests.test_crash import env, input_lines, run_umpire, umpire_cmd, wait_for
from umpire.cli import app, journal_cmds, play  # noqa: F401 - registers the commands
from umpire.core import journal
from umpire.core.journal import line_hash
from umpire.scenario import Scenario
from umpire.session import Session

SALT = "5a" * 16

# Block 1 of The Choice is Yours (seed 9701, prizes 5 6 2 1 9 7 4 3 8): Uri wins the bout $34 to $9.
CHOICE_BLOCK_1 = [
    "start",
    "@ 0:05",
    "p1: gs 5",
    "p2: gs 6",
    "@ 1:05",
    "p1: gs 9",
    "p2: gs 2",
    "@ 2:05",
    "p2: gs 1",
    "p1: gs 1",
    "@ 3:10",
    "p1: gs 2",
    "p2: gs 3",
    "@ 4:10",
    "p1: gs 8",
    "p2: gs 9",
    "@ 5:10",
    "p1: gs 6",
    "p2: gs 7",
    "@ 6:10",
    "p1: gs 3",
    "p2: gs 4",
    "@ 7:10",
    "p1: gs 7",
    "p2: gs 5",
    "@ 8:10",
    "p1: gs 4",
    "p2: gs 8",
    "@ 10:00",
]

HTT_LINES = ["p2: first p1", "start", "p1: black red circle C3", "p1: done", "p2: gray red square B1", "p2: done"]


def host(scenario: Scenario, path: Path, lines: list[str], *, seed: str | None = "9701") -> Session:
    """A session journaling to `path` with every line accepted; its writer is left open."""
    s = Session.create(scenario, journal_path=path, seed=seed, salt=SALT)
    for line in lines:
        refused = [o for o in s.feed(line) if o.kind == "refusal"]
        assert not refused, refused
    return s


def played(scenario: Scenario, path: Path, lines: list[str], *, seed: str | None = "9701") -> tuple[Path, str]:
    """A finished journal and the final hash the host would post (the hash of its last line)."""
    s = host(scenario, path, lines, seed=seed)
    assert s.writer is not None
    final = s.writer.last_hash
    s.writer.close()
    return path, final


def verify(*args: str) -> Result:
    return CliRunner().invoke(app, ["verify", *args])


def lines_of(path: Path) -> list[bytes]:
    data = path.read_bytes()
    assert data.endswith(b"\n")
    return data[:-1].split(b"\n")


def write_lines(path: Path, lines: list[bytes]) -> None:
    path.write_bytes(b"".join(line + b"\n" for line in lines))


def entry_line(path: Path, text: str) -> int:
    """The 1-based line of the input entry whose pasted line is `text`."""
    for i, raw in enumerate(lines_of(path), start=1):
        if i > 1 and json.loads(raw).get("line") == text:
            return i
    raise AssertionError(f"no entry {text!r}")


def rechain(lines: list[bytes]) -> list[bytes]:
    """What a careful forger does after an edit: recompute every entry's hash of the line before it."""
    out = [lines[0]]
    for raw in lines[1:]:
        obj = json.loads(raw)
        obj["prev"] = line_hash(out[-1])
        out.append(json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode())
    return out


def change_gs(path: Path) -> int:
    """Uri's `gs 3` becomes `gs 4`, nothing recomputed; returns its line."""
    i = entry_line(path, "p2: gs 3")
    lines = lines_of(path)
    lines[i - 1] = lines[i - 1].replace(b'"text":"gs 3","line":"p2: gs 3"', b'"text":"gs 4","line":"p2: gs 4"')
    write_lines(path, lines)
    return i


def chain_break(line: int) -> str:
    """The problem verify names when the line before `line` (or `line` itself) was changed."""
    before = "the header (line 1)" if line == 2 else f"entry {line - 2} (line {line - 1})"
    return (
        f"✗ entry {line - 1} (line {line}) does not hold the hash of the line before it: "
        f"{before} or entry {line - 1} was changed after entry {line - 1} was written\n"
    )


# ---------------------------------------------------------------- tampering fails verify, naming what differs


def test_one_changed_input_fails_verify_even_with_the_posted_commitment(tmp_path, choice):
    j, _ = played(choice, tmp_path / "choice.jsonl", CHOICE_BLOCK_1)
    posted = journal.read(j).header["commitment"]
    assert verify(str(j), "--commitment", posted).exit_code == 0
    line = change_gs(j)
    res = verify(str(j), "--commitment", posted)
    assert res.exit_code == 1, res.stdout
    assert "✓ the posted commitment matches\n" in res.stdout
    assert "✗ hash chain broken: lines were changed, removed or inserted after they were written\n" in res.stdout
    assert chain_break(line + 1) in res.stdout  # names entry line-1, the one changed
    assert res.stdout.endswith("NOT VERIFIED.\n")


def test_a_changed_input_with_the_chain_recomputed_fails_on_the_posted_final_hash(tmp_path, choice):
    j, final = played(choice, tmp_path / "choice.jsonl", CHOICE_BLOCK_1)
    change_gs(j)
    write_lines(j, rechain(lines_of(j)))
    careless = verify(str(j))  # the chain holds again: without the final hash this cannot be caught, and verify says so
    assert careless.exit_code in (0, 1)  # 1 only if the replay also trips over the edit
    assert (
        "? final hash not given: entries removed from the end cannot be detected, nor edits with every later hash recomputed"
        in careless.stdout
    )
    res = verify(str(j), "--final-hash", final)
    assert res.exit_code == 1
    assert "✗ the posted final hash matches\n" in res.stdout
    assert f"✗ the posted final hash {final} is not the hash of any line of this journal, whose last line (entry " in res.stdout


def test_entries_deleted_from_the_middle_fail_verify_naming_the_gap(tmp_path, htt):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    lines = lines_of(j)
    write_lines(j, lines[:3] + lines[5:])  # entries 3 and 4 removed
    res = verify(str(j))
    assert res.exit_code == 1, res.stdout
    assert "✗ entries 3–4 are missing: line 4 holds entry 5 where entry 3 belongs (entries were removed)\n" in res.stdout
    assert res.stdout.endswith("NOT VERIFIED.\n")


def test_entries_deleted_and_renumbered_break_the_chain(tmp_path, htt):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    lines = lines_of(j)
    kept = lines[:3] + lines[5:]
    renumbered = [kept[0]] + [
        json.dumps({**json.loads(raw), "n": i}, ensure_ascii=False, separators=(",", ":")).encode()
        for i, raw in enumerate(kept[1:], start=1)
    ]
    write_lines(j, renumbered)
    res = verify(str(j))
    assert res.exit_code == 1
    assert chain_break(4) in res.stdout


def test_entries_cut_from_the_end_pass_only_with_a_warning_and_fail_with_the_final_hash(tmp_path, htt):
    j, final = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    write_lines(j, lines_of(j)[:-2])  # the last two entries removed
    cut_hash = line_hash(lines_of(j)[-1])
    without = verify(str(j))
    assert without.exit_code == 0
    assert (
        "? final hash not given: entries removed from the end cannot be detected, nor edits with every later hash recomputed; "
        f"this journal ends with `{cut_hash}` (entry 4): compare it with the final hash posted at the end (--final-hash HEX)\n"
    ) in without.stdout
    assert without.stdout.endswith("VERIFIED AS FAR AS IT GOES: every check made passed; the “?” lines say what could not be proved.\n")
    res = verify(str(j), "--final-hash", final)
    assert res.exit_code == 1
    assert (
        f"✗ the posted final hash {final} is not the hash of any line of this journal, whose last line (entry 4) "
        f"hashes to {cut_hash}: entries were removed from the end, or lines were changed\n"
    ) in res.stdout


def test_another_games_journal_fails_against_the_posted_commitment(tmp_path, htt):
    first, _ = played(htt, tmp_path / "first.jsonl", HTT_LINES, seed="42")
    other, _ = played(htt, tmp_path / "other.jsonl", HTT_LINES, seed="43")
    posted = journal.read(first).header["commitment"]
    theirs = journal.read(other).header["commitment"]
    alone = verify(str(other))
    assert alone.exit_code == 0  # a whole, consistent journal: only the posted commitment can tell
    assert f"? commitment not given: compare `{theirs}` with the one posted at the start (--commitment HEX)\n" in alone.stdout
    res = verify(str(other), "--commitment", posted)
    assert res.exit_code == 1
    assert "✗ the posted commitment matches\n" in res.stdout
    assert f"✗ the posted commitment {posted} is not SHA-256(salt:seed) = {theirs}\n" in res.stdout


def test_an_edited_header_fails_verify_at_entry_1(tmp_path, htt):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    lines = lines_of(j)
    assert b'"seed_source":"host"' in lines[0]
    lines[0] = lines[0].replace(b'"seed_source":"host"', b'"seed_source":"drawn"')  # claiming nobody knew the seed
    write_lines(j, lines)
    res = verify(str(j))
    assert res.exit_code == 1
    assert chain_break(2) in res.stdout


def test_an_edited_header_of_a_journal_without_entries_fails_on_the_final_hash(tmp_path, htt):
    j, final = played(htt, tmp_path / "htt.jsonl", [], seed="42")
    lines = lines_of(j)
    lines[0] = lines[0].replace(b'"seed_source":"host"', b'"seed_source":"drawn"')
    write_lines(j, lines)
    res = verify(str(j), "--final-hash", final)
    assert res.exit_code == 1
    assert f"✗ the posted final hash {final} is not the hash of any line of this journal, whose last line (the header) " in res.stdout


TAMPERS: dict[str, Callable[[Path], None]] = {
    "one input changed": lambda j: change_gs(j) and None,
    "a line repeated": lambda j: write_lines(j, [*lines_of(j), lines_of(j)[-1]]),
    "two entries swapped": lambda j: write_lines(j, [*lines_of(j)[:3], lines_of(j)[4], lines_of(j)[3], *lines_of(j)[5:]]),
    "an entry inserted and the chain recomputed": lambda j: write_lines(j, rechain([*lines_of(j)[:4], lines_of(j)[3], *lines_of(j)[4:]])),
    "the wall-clock time of an entry changed": lambda j: write_lines(
        j, [*lines_of(j)[:5], lines_of(j)[5].replace(b'"wall":"2', b'"wall":"1'), *lines_of(j)[6:]]
    ),
    "the last entry removed": lambda j: write_lines(j, lines_of(j)[:-1]),
    "the salt changed": lambda j: write_lines(j, [lines_of(j)[0].replace(SALT.encode(), b"00" * 16), *lines_of(j)[1:]]),
}


@pytest.mark.parametrize("tamper", TAMPERS.values(), ids=TAMPERS.keys())
def test_every_kind_of_tampering_fails_verify_given_what_was_posted(tmp_path, choice, tamper):
    j, final = played(choice, tmp_path / "choice.jsonl", CHOICE_BLOCK_1)
    posted = journal.read(j).header["commitment"]
    tamper(j)
    res = verify(str(j), "--commitment", posted, "--final-hash", final)
    assert res.exit_code == 1, res.stdout
    assert "\n✗ " in "\n" + res.stdout
    assert res.stdout.endswith("NOT VERIFIED.\n")


# ---------------------------------------------------------------- the verdict says what it proved


def test_a_fully_verified_game_says_exactly_what_was_proved(tmp_path, htt):
    j, final = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed=None)  # seed drawn by umpire
    h = journal.read(j).header
    assert h["seed_source"] == "drawn"
    res = verify(str(j), "--commitment", f"`{h['commitment'].upper()}`", "--final-hash", f" {final} ")
    assert res.exit_code == 0, res.stdout
    n = len(journal.read(j).entries)
    assert res.stdout == (
        f"✓ commitment {h['commitment']} = SHA-256(salt:seed)\n"
        "✓ the posted commitment matches\n"
        f"✓ hash chain intact: each of the {n} entries holds the hash of the line before it\n"
        f"✓ the posted final hash is the journal's last line (entry {n}): nothing was changed or cut off\n"
        "✓ seed drawn at start, committed before the first generated item\n"
        f"✓ replayed {n} entries; 0 generated items re-derived from the seed\n"
        "VERIFIED: this is the journal whose commitment and final hash were posted, unchanged, "
        "and every generated item came from a seed drawn secretly at the start.\n"
    )


def test_a_seed_given_by_the_host_is_reported_as_a_limit(tmp_path, htt):
    j, final = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    res = verify(str(j), "--commitment", journal.read(j).header["commitment"], "--final-hash", final)
    assert res.exit_code == 0
    assert "? seed given by the host: players may have known it\n" in res.stdout
    assert res.stdout.endswith("VERIFIED AS FAR AS IT GOES: every check made passed; the “?” lines say what could not be proved.\n")


def test_generated_items_are_counted_in_a_game_that_generates_them(tmp_path, choice):
    j, _ = played(choice, tmp_path / "choice.jsonl", CHOICE_BLOCK_1)
    rep = json.loads(verify(str(j), "--json").stdout)
    assert rep["ok"] is True and rep["generated_items"] > 0 and rep["chain"] == "intact"


def test_the_final_hash_from_the_reveal_covers_everything_before_the_reveal(tmp_path, htt):
    s = host(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    assert s.writer is not None
    posted_at_reveal = s.writer.last_hash  # the hash the reveal publishes: the journal as it stood
    refused = [o for o in s.feed("reveal anyway") if o.kind == "refusal"]
    assert not refused
    s.writer.close()
    j = Path(s.journal_path or "")
    n = len(journal.read(j).entries)
    res = verify(str(j), "--final-hash", posted_at_reveal)
    assert res.exit_code == 0, res.stdout
    assert f"✓ the posted final hash is entry {n - 1}'s: the journal up to there is unchanged\n" in res.stdout
    assert f"? entry {n} (reveal) came after the posted final hash and are not covered by it\n" in res.stdout


def old_journal(path: Path) -> None:
    """The journal as umpire wrote it before the chain: no "chain", "prev" or "seed_source"."""
    out = []
    for raw in lines_of(path):
        obj = json.loads(raw)
        for key in ("chain", "prev", "seed_source"):
            obj.pop(key, None)
        out.append(json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode())
    write_lines(path, out)


def test_a_journal_from_before_the_chain_verifies_with_a_note_that_edits_cannot_be_detected(tmp_path, htt):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    old_journal(j)
    res = verify(str(j))
    assert res.exit_code == 0, res.stdout
    assert "? no hash chain: this journal was written before umpire chained its entries, so edits to it cannot be detected\n" in res.stdout
    assert "? seed source unknown (the journal does not say whether umpire drew the seed or the host gave it)\n" in res.stdout
    assert json.loads(verify(str(j), "--json").stdout)["chain"] == "absent"


def test_an_old_journal_resumed_today_is_chained_from_then_on(tmp_path, htt):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES[:3], seed="42")
    old_journal(j)
    s, _, _ = Session.load(j, reopen=True)
    s.feed("p1: done")
    assert s.writer is not None
    s.writer.close()
    res = verify(str(j))
    assert res.exit_code == 0, res.stdout
    assert "? the header and entries 1–2 came before umpire chained its entries: edits to them cannot be detected\n" in res.stdout


def test_verify_json_lists_what_was_proved_and_what_was_not(tmp_path, htt):
    j, final = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    rep = json.loads(verify(str(j), "--json", "--final-hash", final).stdout)
    assert rep["ok"] is True
    assert rep["final_hash_ok"] is True and rep["last_hash"] == final
    assert rep["seed_source"] == "host"
    assert rep["not_proved"] == [
        f"commitment not given: compare `{rep['commitment']}` with the one posted at the start (--commitment HEX)",
        "seed given by the host: players may have known it",
    ]
    assert "seed given by the host: players may have known it" not in rep["proved"]


@pytest.mark.parametrize("option", ["--final-hash", "--commitment"])
def test_a_posted_value_that_is_not_a_sha256_is_refused(tmp_path, htt, option):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    res = verify(str(j), option, "abc123")
    assert res.exit_code == 2
    what = "posted at the end" if option == "--final-hash" else "posted at the start"
    assert res.stderr == f"umpire: {option} should be the 64 hexadecimal digits of the SHA-256 {what}, not 'abc123'\n"


def test_a_damaged_last_line_is_unreadable_for_verify_and_named(tmp_path, htt):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    lines = lines_of(j)
    write_lines(j, [*lines[:-1], lines[-1][:-5]])  # whole line, newline kept, JSON broken
    res = verify(str(j))
    assert res.exit_code == 2
    assert res.stderr.startswith(f"umpire: {j}, line {len(lines)}: this line is damaged (not valid JSON: ")
    assert res.stderr.endswith(
        "; it is whole, ending with a newline, so it was not cut off by a crash — NOT VERIFIED: the journal cannot be read\n"
    )


# ---------------------------------------------------------------- resume refuses what it cannot continue


def test_resume_refuses_a_damaged_last_line_instead_of_moving_an_accepted_input_aside(tmp_path, htt):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    lines = lines_of(j)
    write_lines(j, [*lines[:-1], lines[-1][:-5]])
    before = j.read_bytes()
    res = CliRunner().invoke(app, ["resume", str(j)])
    assert res.exit_code == 2
    assert res.stderr.startswith(f"umpire: {j}, line {len(lines)}: this line is damaged (not valid JSON: ")
    assert res.stderr.endswith("so it was not cut off by a crash — nothing was changed\n")
    assert j.read_bytes() == before
    assert not Path(f"{j}.torn").exists()


def deny_writes(monkeypatch: pytest.MonkeyPatch, matches: Callable[[str], bool], err: int, message: str) -> None:
    """Make opening matching paths for writing fail as a read-only file or folder does (tests run as root here)."""
    real_open = os.open

    def fake_open(name: Any, flags: int, mode: int = 0o777, **kw: Any) -> int:
        if matches(str(name)) and flags & (os.O_WRONLY | os.O_RDWR):
            raise OSError(err, message)
        return real_open(name, flags, mode, **kw)

    monkeypatch.setattr(os, "open", fake_open)


def test_resume_of_a_read_only_journal_is_refused_without_a_traceback(tmp_path, htt, monkeypatch):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    deny_writes(monkeypatch, lambda name: name == str(j), errno.EACCES, "Permission denied")
    res = CliRunner().invoke(app, ["resume", str(j)])
    assert res.exit_code == 2
    assert res.stderr == (
        f"umpire: {j}: cannot write to the journal (Permission denied); resuming continues it, so it must be writable "
        "(`umpire replay` only reads it) — nothing was changed\n"
    )


def test_resume_of_a_torn_journal_in_a_read_only_folder_is_refused_and_nothing_changes(tmp_path, htt, monkeypatch):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    with open(j, "ab") as f:
        f.write(b'{"n":7,"kind":"inp')
    before = j.read_bytes()
    deny_writes(monkeypatch, lambda name: name.endswith((".torn", ".lock", ".tmp")), errno.EROFS, "Read-only file system")
    res = CliRunner().invoke(app, ["resume", str(j)])
    assert res.exit_code == 2
    assert res.stderr == (
        f"umpire: {j}, line 8: this line was cut off by a crash and must be moved aside to {j}.torn before the game can continue, "
        "but that file cannot be written (Read-only file system); nothing was changed\n"
    )
    assert j.read_bytes() == before


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="file permissions do not bind root")
def test_resume_of_a_journal_with_real_read_only_permissions_is_refused(tmp_path, htt):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    j.chmod(0o444)
    res = run_umpire(tmp_path, "resume", str(j))
    assert res.returncode == 2
    assert "cannot write to the journal (Permission denied)" in res.stderr
    assert "Traceback" not in res.stderr


# ---------------------------------------------------------------- one writer at a time


def test_resume_while_another_process_holds_the_journal_is_refused_naming_it(tmp_path, htt):
    s = host(htt, tmp_path / "htt.jsonl", HTT_LINES[:3], seed="42")  # this test process holds it
    j = Path(s.journal_path or "")
    before = j.read_bytes()
    res = run_umpire(tmp_path, "resume", str(j), stdin="p1: done\n")
    assert res.returncode == 2, res.stdout
    assert res.stderr == (
        f"umpire: {j}: this journal is in use by another umpire, process {os.getpid()}; only one session may write a journal at a time. "
        "Leave that session first (quit or Ctrl-D), or use `umpire replay` to look at the game without writing — nothing was changed\n"
    )
    assert j.read_bytes() == before
    assert s.writer is not None
    s.writer.close()
    ok = run_umpire(tmp_path, "resume", str(j), stdin="quit\n")
    assert ok.returncode == 0, ok.stderr


def test_two_live_umpires_on_one_journal_the_second_is_refused(tmp_path):
    """`umpire play … -j J` running, then `umpire resume J`: the issue's two live games on one file."""
    j = tmp_path / "live.jsonl"
    proc = subprocess.Popen(
        umpire_cmd("play", "hap-tac-toe", "--journal", str(j)),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=tmp_path,
        env=env(tmp_path),
    )
    try:
        assert proc.stdin is not None
        proc.stdin.write(b"p2: first p1\n")
        proc.stdin.flush()
        # input_lines reads nothing until the header is whole: the file exists a moment before it is written.
        wait_for(lambda: input_lines(j) == ["p2: first p1"], "the first umpire to journal its input")
        second = run_umpire(tmp_path, "resume", str(j), stdin="start\n")
        assert second.returncode == 2
        assert f"this journal is in use by another umpire, process {proc.pid}; " in second.stderr
        with pytest.raises(journal.JournalLocked) as info:
            Session.load(j, reopen=True)
        assert info.value.holder == proc.pid
        proc.stdin.write(b"start\nquit\n")
        proc.stdin.flush()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
    loaded = journal.read(j)
    assert [e.get("line") for e in loaded.entries if e["kind"] == "input"] == ["p2: first p1", "start"]
    assert loaded.breaks == []
    assert not Path(f"{j}.lock").exists()  # released on quit


# ---------------------------------------------------------------- a full disk changes nothing


def test_a_full_disk_refuses_the_input_and_the_retyped_input_is_journaled_once(tmp_path, htt, monkeypatch):
    s = host(htt, tmp_path / "htt.jsonl", HTT_LINES[:3], seed="42")
    j = Path(s.journal_path or "")
    before = j.read_bytes()
    real_write = os.write
    assert s.writer is not None
    fd = s.writer._fd
    full = {"on": True}

    def disk(target: int, data: Any) -> int:
        if target == fd and full["on"]:
            real_write(target, bytes(data[:7]))  # a few bytes fit, then the disk is full
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(target, data)

    monkeypatch.setattr(os, "write", disk)
    for _ in range(3):  # the host tries again while the disk is still full
        (out,) = s.feed("p1: done")
        assert out.kind == "refusal" and out.error == "JournalError"
        assert out.text == (
            "could not write the journal (disk full or removed?); this input was NOT accepted and the journal is as it was. "
            "Fix the disk, then enter it again."
        )
        assert j.read_bytes() == before
    full["on"] = False
    assert not [o for o in s.feed("p1: done") if o.kind == "refusal"]
    s.writer.close()
    loaded = journal.read(j)
    assert [e["line"] for e in loaded.entries if e["kind"] == "input"] == [*HTT_LINES[:3], "p1: done"]
    assert loaded.breaks == [] and loaded.torn is None
    replayed, _, _ = Session.load(j, reopen=False)
    assert replayed.final() == s.final()
    assert verify(str(j)).exit_code == 0


@pytest.mark.skipif(not hasattr(__import__("resource"), "prlimit") if os.name == "posix" else True, reason="needs Linux prlimit")
def test_a_real_full_disk_in_a_live_repl_leaves_the_journal_whole(tmp_path):
    """A file-size limit set on the running REPL makes the kernel refuse the journal's writes (EFBIG),
    part-way through a line; lifted again, the retyped input is written once."""
    import resource

    j = tmp_path / "live.jsonl"
    proc = subprocess.Popen(
        umpire_cmd("play", "hap-tac-toe", "--journal", str(j)),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        cwd=tmp_path,
        env=env(tmp_path, PYTHONUNBUFFERED="1"),
    )
    seen: list[bytes] = []
    reader = threading.Thread(target=lambda: seen.extend(iter(lambda: proc.stdout.read1(4096) if proc.stdout else b"", b"")), daemon=True)
    reader.start()

    def typed(line: str) -> None:
        assert proc.stdin is not None
        proc.stdin.write(line.encode() + b"\n")
        proc.stdin.flush()

    try:
        for line in HTT_LINES[:3]:
            typed(line)
        wait_for(lambda: j.exists() and len(journal.read(j).entries) == 3, "three entries on disk")
        before = j.read_bytes()
        unlimited = resource.prlimit(proc.pid, resource.RLIMIT_FSIZE)
        resource.prlimit(proc.pid, resource.RLIMIT_FSIZE, (len(before) + 10, unlimited[1]))  # room for 10 bytes
        typed("p1: done")
        wait_for(lambda: b"this input was NOT accepted" in b"".join(seen), "the refusal")
        assert j.read_bytes() == before
        resource.prlimit(proc.pid, resource.RLIMIT_FSIZE, unlimited)
        typed("p1: done")
        wait_for(lambda: len(journal.read(j).entries) == 4, "the retyped input on disk")
        typed("quit")
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
    reader.join(timeout=10)
    loaded = journal.read(j)
    assert [e["line"] for e in loaded.entries if e["kind"] == "input"] == [*HTT_LINES[:3], "p1: done"]
    assert loaded.breaks == [] and loaded.torn is None
    assert verify(str(j)).exit_code == 0


# ---------------------------------------------------------------- resume shows where the game stood


def test_resume_shows_the_last_five_entries_with_their_announcements(tmp_path, htt):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    res = run_umpire(tmp_path, "resume", str(j), stdin="quit\n")
    assert res.returncode == 0, res.stderr
    out = res.stdout
    head = (
        "The last 5 entries, already in the journal — check whether each was posted. "
        "Do not enter them again; post any announcement that did not reach the chat:\n"
        "  entry 2 at 0:00: start\n"
        "      **Hap-Tac-Toe — game 1 begins.** **Hedger** moves first. …\n"
        "  entry 3 at 0:00: p1: black red circle C3\n"
        "      [host] Hedger: black red circle on C3 (shown when the turn ends)\n"
        "  entry 4 at 0:00: p1: done\n"
        "      **Game 1, turn 1 — Hedger** placed black red circle on C3. …\n"
        "  entry 5 at 0:00: p2: gray red square B1\n"
        "      [host] Uri: gray red square on B1 (shown when the turn ends)\n"
        "  entry 6 at 0:00: p2: done\n"
        "      **Game 1, turn 2 — Uri** placed gray red square on B1. …\n"
    )
    assert head in out
    assert "  entry 1 at" not in out
    assert out.index("The last 5 entries") < out.index("The clocks are paused")


def test_resume_says_whether_each_private_message_was_sent(tmp_path, choice):
    s = host(choice, tmp_path / "choice.jsonl", [*CHOICE_BLOCK_1[:4], "copy p1"])
    assert s.writer is not None
    s.writer.close()
    session, _, steps = Session.stream(Path(s.journal_path or ""))
    shown = journal_cmds.recent_entries(session, list(steps)[-5:])
    assert "      [to Hedger] Your play for round 1: 5. You can change it until the deadline. (marked as sent)" in shown
    assert "      [to Uri] Your play for round 1: 6. You can change it until the deadline. (waiting in the outbox: not sent yet)" in shown


def test_recent_entries_escape_control_characters_from_player_text(tmp_path, htt):
    s = host(htt, tmp_path / "htt.jsonl", ["p2: first p1"], seed="42")
    assert s.writer is not None
    s.writer.close()
    session, _, steps = Session.stream(Path(s.journal_path or ""))
    recent = list(steps)
    recent[-1][0]["line"] = "p2: first p1\x1b[2J"
    shown = journal_cmds.recent_entries(session, recent)
    assert "  entry 1 at 0:00: p2: first p1\\x1b[2J" in shown


def test_resume_after_a_torn_write_shows_what_is_in_and_what_was_cut(tmp_path, htt):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES[:4], seed="42")
    with open(j, "ab") as f:
        f.write(b'{"n":5,"kind":"input","t":0,"by":1,"text":"gray red sq')
    res = run_umpire(tmp_path, "resume", str(j), stdin="quit\n")
    assert res.returncode == 0, res.stderr
    assert "The last line (line 6) was cut off by a crash; the game continues from the last whole entry." in res.stdout
    assert "  entry 4 at 0:00: p1: done\n" in res.stdout
    assert "gray red square" not in res.stdout.split("The last 4 entries")[1].split("The clocks are paused")[0]


def test_resume_warns_about_a_broken_chain(tmp_path, htt):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    lines = lines_of(j)
    lines[3] = lines[3].replace(b'"wall":"2', b'"wall":"1')
    write_lines(j, lines)
    res = run_umpire(tmp_path, "resume", str(j), stdin="quit\n")
    assert res.returncode == 0, res.stderr
    assert (
        "Warning: entry 4 (line 5) does not hold the hash of the line before it: entry 3 (line 4) or entry 4 was changed "
        "after entry 4 was written. The journal was edited after it was written; `umpire verify` reports it."
    ) in res.stdout


# ---------------------------------------------------------------- reading stays linear


def test_reading_a_long_journal_is_linear(tmp_path):
    """Reading hashes each line once: 20,000 entries read in well under a second, and twice as many take about twice as long."""
    from tests.core.test_journal import HEADER

    def build(path: Path, n: int) -> None:
        with journal.Writer.create(path, HEADER) as w:
            real = os.fsync
            try:
                os.fsync = lambda fd: None  # building the fixture need not wait for the disk
                for i in range(n):
                    w.append({"kind": "input", "t": i, "by": i % 2, "text": f"gs {i % 9 + 1}", "line": f"p{i % 2 + 1}: gs {i % 9 + 1}"})
            finally:
                os.fsync = real

    def timed(path: Path) -> float:
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            loaded = journal.read(path)
            best = min(best, time.perf_counter() - t0)
        assert loaded.breaks == []
        return best

    small, large = tmp_path / "small.jsonl", tmp_path / "large.jsonl"
    build(small, 20_000)
    build(large, 40_000)
    t_small, t_large = timed(small), timed(large)
    assert t_small < 1.0
    assert t_large < 3.5 * t_small  # linear, with room for noise


if sys.platform == "win32":  # pragma: no cover
    pytestmark = pytest.mark.skip("POSIX subprocess and signal handling")
