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
from umpire.core import journal, journal_writer
from umpire.core.redaction import entry_hash
from umpire.render import act, batch
from umpire.scenario import Scenario
from umpire.session import Session
from umpire.session.entries import opened
from umpire.session.fairness import key_path
from umpire.verify import AS_FAR_AS_IT_GOES, NOT_AGAINST_POSTED, VERIFIED

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
        refused = [o for o in act(s, s.feed(line)) if o.kind == "refusal"]  # as batch mode does, `copy NAME` included
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
        if i > 1 and opened(json.loads(raw)).get("line") == text:
            return i
    raise AssertionError(f"no entry {text!r}")


def rechain(lines: list[bytes]) -> list[bytes]:
    """What a careful forger does after an edit: recompute every entry's hash of the line before it."""
    out = [lines[0]]
    for raw in lines[1:]:
        obj = json.loads(raw)
        obj["prev"] = entry_hash(out[-1], json.loads(out[-1]))
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
    assert "✓ the posted commitment is the journal's\n" in res.stdout
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
    cut_hash = entry_hash(lines_of(j)[-1], json.loads(lines_of(j)[-1]))
    without = verify(str(j))
    assert without.exit_code == 0
    assert (
        "? final hash not given: entries removed from the end cannot be detected, nor edits with every later hash recomputed; "
        f"this journal ends with `{cut_hash}` (entry 4): compare it with the final hash posted at the end (--final-hash HEX)\n"
    ) in without.stdout
    assert without.stdout.endswith(f"{NOT_AGAINST_POSTED}\n")
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
    assert "✗ the posted commitment is the journal's\n" in res.stdout
    assert f"✗ the posted commitment {posted} is not the one in the journal's header ({theirs})\n" in res.stdout


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
    "the salt in the key file changed": lambda j: key_path(j).write_text(key_path(j).read_text().replace(SALT, "00" * 16)),
    "the salt in the reveal changed": lambda j: write_lines(j, [*lines_of(j), reveal_line(j, salt="00" * 16)]),
}


def reveal_line(j: Path, *, salt: str) -> bytes:
    """A reveal entry appended by hand, chained properly, with the salt given."""
    last = lines_of(j)[-1]
    entry = {
        "n": json.loads(last)["n"] + 1,
        "kind": "reveal",
        "t": 0,
        "seed": "9701",
        "salt": salt,
        "prev": entry_hash(last, json.loads(last)),
    }
    return json.dumps(entry, separators=(",", ":")).encode()


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


TRANSCRIPT = Path(__file__).resolve().parent / "transcripts" / "hap-tac-toe-timeout.script"
ENTROPY = "Hedger=17 lantern, Uri=4021"


def finished(scenario: Scenario, path: Path) -> tuple[Path, str, str]:
    """A whole Hap-Tac-Toe Death Match hosted live (seed drawn, the players' entropy mixed in), ended with
    `reveal`: the journal, and the commitment and final hash its posts published."""
    s = Session.create(scenario, journal_path=path, player_entropy=True)
    lines = ["entropy " + ENTROPY, *TRANSCRIPT.read_text(encoding="utf-8").split("\n")]
    posted = [json.loads(line) for line in batch(s, lines, json_out=True)]
    assert s.writer is not None
    s.writer.close()
    assert not [o for o in posted if o["type"] == "refusal" and o["input"].startswith("entropy")]
    commitment = next(o["sha256"] for o in posted if o.get("event") == "commitment")
    final = [o["final_hash"] for o in posted if o.get("event") == "final_hash"][-1]  # the reveal's
    return path, commitment, final


def test_an_honest_finished_journal_gets_the_top_verdict_saying_exactly_what_was_proved(tmp_path, htt):
    j, commitment, final = finished(htt, tmp_path / "htt.jsonl")
    key_path(j).unlink()  # what the players have: the journal alone
    entries = journal.read(j).entries
    n = len(entries)
    assert entries[-1]["kind"] == "reveal" and entries[-1]["prev"] == final
    res = verify(str(j), "--commitment", f"`{commitment.upper()}`", "--final-hash", f" {final} ")
    assert res.exit_code == 0, res.stdout
    assert res.stdout == (
        f"✓ the seed and salt revealed in entry {n} hash to the commitment {commitment}: SHA-256(salt:seed)\n"
        "✓ the posted commitment is the journal's\n"
        f"✓ hash chain intact: each of the {n} entries holds the hash of the line before it\n"
        f"✓ the posted final hash is entry {n - 1}'s: the journal up to there is as it was when the hash was posted\n"
        f"✓ only entry {n} (reveal) came after the posted final hash: it records no ruling (a reveal's seed and salt are checked above)\n"
        "✓ the game's seed is SHA-256 of the committed seed and each player's word in its seat, Hedger “17 lantern”, Uri “4021” "
        "(entry 1), mixed in before any game input\n"
        f"✓ replayed {n} entries; 0 generated items re-derived from the seed\n"
        "  note: the players' words keep the seed from being chosen by the host alone only if each is the one its player sent, "
        "after the commitment was posted, and none was left out that was sent: each player checks the word beside their name\n"
        f"{VERIFIED}\n"
    )


def test_the_same_journal_with_its_reveal_line_deleted_does_not_get_the_top_verdict(tmp_path, htt):
    j, commitment, final = finished(htt, tmp_path / "htt.jsonl")
    write_lines(j, lines_of(j)[:-1])  # the reveal removed: its last line is now the one the final hash pins
    with_key = verify(str(j), "--commitment", commitment, "--final-hash", final)
    assert with_key.exit_code == 0, with_key.stdout
    assert f"✓ the seed and salt read from the host's key file {key_path(j)} hash to the commitment" in with_key.stdout
    assert "? the journal has no reveal entry: the seed and salt were not revealed in it" in with_key.stdout
    assert with_key.stdout.endswith(f"{AS_FAR_AS_IT_GOES}\n")
    key_path(j).unlink()
    alone = verify(str(j), "--commitment", commitment, "--final-hash", final)
    assert alone.exit_code == 0, alone.stdout
    assert (
        f"? the seed is not in this journal and could not be read: the seed of this game is not revealed in the journal yet: it is kept in the key file {key_path(j)}"
        in alone.stdout
    )
    assert "? nothing was replayed: without the seed no generated item can be re-derived\n" in alone.stdout
    assert alone.stdout.endswith(f"{AS_FAR_AS_IT_GOES}\n")


def test_a_forged_journal_with_its_chain_recomputed_is_not_called_verified_without_the_posted_values(tmp_path, htt):
    j, commitment, final = finished(htt, tmp_path / "htt.jsonl")
    i = 3  # line 3: entry 2, the first game input after the entropy
    lines = lines_of(j)
    forged = json.loads(lines[i - 1])
    forged["wall"] = "1999-01-01T00:00:00.000000Z"
    lines[i - 1] = json.dumps(forged, ensure_ascii=False, separators=(",", ":")).encode()
    write_lines(j, rechain(lines))
    bare = verify(str(j))
    assert bare.exit_code == 0  # it holds together: only what was posted can tell
    assert "VERIFIED:" not in bare.stdout and "VERIFIED AS FAR AS IT GOES" not in bare.stdout
    assert bare.stdout.endswith(f"{NOT_AGAINST_POSTED}\n")
    res = verify(str(j), "--commitment", commitment, "--final-hash", final)
    assert res.exit_code == 1 and res.stdout.endswith("NOT VERIFIED.\n")


def test_a_seed_given_by_the_host_is_reported_as_a_limit(tmp_path, htt):
    j, final = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    res = verify(str(j), "--commitment", journal.read(j).header["commitment"], "--final-hash", final)
    assert res.exit_code == 0
    assert "? seed given by the host (the header's “seed_source”): players may have known it\n" in res.stdout
    assert res.stdout.endswith(f"{AS_FAR_AS_IT_GOES}\n")


def test_a_drawn_seed_without_the_players_entropy_is_not_proved_fair(tmp_path, htt):
    j, final = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed=None)
    assert journal.read(j).header["seed_source"] == "drawn"
    res = verify(str(j), "--commitment", journal.read(j).header["commitment"], "--final-hash", final)
    assert res.exit_code == 0
    assert "seed drawn at start" not in res.stdout
    assert (
        "? no players' entropy was mixed in, and the header's “seed_source: drawn” is the host's own record, which verify "
        "cannot prove: the host could have chosen the seed, or redrawn it until it suited them, before posting the commitment\n"
    ) in res.stdout
    assert res.stdout.endswith(f"{AS_FAR_AS_IT_GOES}\n")


def test_generated_items_are_counted_in_a_game_that_generates_them(tmp_path, choice):
    j, _ = played(choice, tmp_path / "choice.jsonl", CHOICE_BLOCK_1)
    rep = json.loads(verify(str(j), "--json").stdout)
    assert rep["ok"] is True and rep["generated_items"] > 0 and rep["chain"] == "intact"


def test_verify_re_derives_the_mixed_seed_and_every_generated_item_from_the_journal(tmp_path, choice):
    s = Session.create(choice, journal_path=tmp_path / "choice.jsonl", seed="9701", salt=SALT, player_entropy=True)
    s.commitment_outputs()
    assert not [o for o in s.feed("entropy maple 12") if o.kind == "refusal"]
    for line in CHOICE_BLOCK_1[:4]:
        assert not [o for o in s.feed(line) if o.kind == "refusal"], line
    s.feed("reveal anyway")
    assert s.writer is not None
    s.writer.close()
    j = tmp_path / "choice.jsonl"
    key_path(j).unlink()
    rep = json.loads(verify(str(j), "--json").stdout)
    assert rep["ok"] is True and rep["generated_items"] > 0
    assert (rep["entropy"], rep["entropy_entry"], rep["seed_from"]) == ('["maple","12"]', 1, "reveal")
    assert rep["entropy_words"] == [{"player": "Hedger", "word": "maple"}, {"player": "Uri", "word": "12"}]
    # the recorded prize order is the mixed seed's, not the bare seed's: change the entropy and the replay disagrees
    lines = lines_of(j)
    lines[1] = lines[1].replace(b'"words":["maple","12"]', b'"words":["maple","13"]')
    lines[1] = lines[1].replace(b'{"player":"Uri","word":"12"}', b'{"player":"Uri","word":"13"}')  # and what it `shown`, to match
    write_lines(j, rechain(lines))
    res = verify(str(j))
    # entry 2 announced the prize order the mixed seed gave: what its line records it showed is not what the replay makes
    assert res.exit_code == 1 and "entry 2: the line's “shown” records" in res.stdout and "but the ruling showed" in res.stdout


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
    assert f"✓ the posted final hash is entry {n - 1}'s: the journal up to there is as it was when the hash was posted\n" in res.stdout
    assert f"✓ only entry {n} (reveal) came after the posted final hash: it records no ruling" in res.stdout


def test_rulings_after_the_posted_final_hash_are_named_as_not_covered_in_good_grammar(tmp_path, htt):
    s = host(htt, tmp_path / "htt.jsonl", HTT_LINES[:3], seed="42")
    assert s.writer is not None
    posted = s.writer.last_hash
    s.feed("p1: done")
    s.writer.close()
    j = Path(s.journal_path or "")
    one = verify(str(j), "--final-hash", posted)
    assert (
        "? entry 4 (input) came after the posted final hash, which does not cover it: it may have been changed or added since\n"
        in one.stdout
    )
    s2 = host(htt, tmp_path / "two.jsonl", HTT_LINES[:3], seed="42")
    assert s2.writer is not None
    posted = s2.writer.last_hash
    s2.feed("p1: done")
    s2.feed("reveal anyway")
    s2.writer.close()
    two = verify(str(tmp_path / "two.jsonl"), "--final-hash", posted)
    assert (
        "? entries 4–5 (input, reveal) came after the posted final hash, which does not cover them: they may have been changed or added since\n"
        in two.stdout
    )


def old_journal(path: Path) -> None:
    """The journal as umpire wrote it before the chain and the key file: the seed and salt in the header,
    no "chain", "prev", "seed_source", "key_file" or "player_entropy"."""
    secret = json.loads(key_path(path).read_text(encoding="utf-8"))
    key_path(path).unlink()
    out = []
    for i, raw in enumerate(lines_of(path)):
        obj = json.loads(raw)
        for key in ("chain", "prev", "seed_source", "key_file", "player_entropy"):
            obj.pop(key, None)
        if i == 0:
            obj = {**obj, "seed": secret["seed"], "salt": secret["salt"]}
        out.append(json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode())
    write_lines(path, out)


def test_a_journal_with_its_chain_stripped_is_described_without_guessing_its_history(tmp_path, htt):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    old_journal(j)
    res = verify(str(j))
    assert res.exit_code == 0, res.stdout
    assert "before umpire chained" not in res.stdout
    assert (
        "? no hash chain: no entry holds the hash of the line before it (“prev”), so edits to the journal cannot be detected by the chain\n"
        in res.stdout
    )
    assert "? the seed and salt are in the journal's header: anyone who could read the journal could read them\n" in res.stdout
    assert (
        "? seed source unknown (the journal does not say whether umpire drew the seed or the host gave it), and no players' entropy was mixed in\n"
        in res.stdout
    )
    assert json.loads(verify(str(j), "--json").stdout)["chain"] == "absent"
    last = entry_hash(lines_of(j)[-1], json.loads(lines_of(j)[-1]))
    pinned = verify(str(j), "--final-hash", last)
    assert f"✓ the posted final hash is the journal's last line (entry {len(HTT_LINES)}): that line is as posted\n" in pinned.stdout
    assert "no line was changed" not in pinned.stdout


def test_an_old_journal_resumed_today_is_chained_from_then_on(tmp_path, htt):
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES[:3], seed="42")
    old_journal(j)
    s, _, _ = Session.load(j, reopen=True)
    s.feed("p1: done")
    assert s.writer is not None
    s.writer.close()
    res = verify(str(j))
    assert res.exit_code == 0, res.stdout
    assert "✓ hash chain intact: each entry from entry 4 on holds the hash of the line before it\n" in res.stdout
    assert "? entries 1–3 hold no hash of the line before (“prev”): edits to the header and entries 1–2 cannot be detected\n" in res.stdout


def test_verify_json_lists_what_was_proved_and_what_was_not(tmp_path, htt):
    j, final = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    rep = json.loads(verify(str(j), "--json", "--final-hash", final).stdout)
    assert rep["ok"] is True
    assert rep["final_hash_ok"] is True and rep["last_hash"] == final
    assert rep["seed_source"] == "host" and rep["seed_from"] == "key" and rep["entropy"] is None
    assert rep["not_proved"] == [
        f"commitment not given: compare `{rep['commitment']}` with the one posted at the start (--commitment HEX)",
        "the journal has no reveal entry: the seed and salt were not revealed in it (a finished game's journal ends with its reveal)",
        "seed given by the host (the header's “seed_source”): players may have known it",
    ]
    assert rep["verdict"] == NOT_AGAINST_POSTED


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
        proc.stdin.write(b"entropy 17 lantern\np2: first p1\n")  # a live game takes no input before the players' entropy
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
    assert [opened(e).get("line") for e in loaded.entries if e["kind"] == "input"] == ["p2: first p1", "start"]
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
    assert [opened(e)["line"] for e in loaded.entries if e["kind"] == "input"] == [*HTT_LINES[:3], "p1: done"]
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
        for line in ["entropy 17 lantern", *HTT_LINES[:3]]:  # a live game takes no input before the players' entropy
            typed(line)
        wait_for(lambda: j.exists() and len(journal.read(j).entries) == 4, "four entries on disk")
        before = j.read_bytes()
        unlimited = resource.prlimit(proc.pid, resource.RLIMIT_FSIZE)
        resource.prlimit(proc.pid, resource.RLIMIT_FSIZE, (len(before) + 10, unlimited[1]))  # room for 10 bytes
        typed("p1: done")
        wait_for(lambda: b"this input was NOT accepted" in b"".join(seen), "the refusal")
        assert j.read_bytes() == before
        resource.prlimit(proc.pid, resource.RLIMIT_FSIZE, unlimited)
        typed("p1: done")
        wait_for(lambda: len(journal.read(j).entries) == 5, "the retyped input on disk")
        typed("quit")
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
    reader.join(timeout=10)
    loaded = journal.read(j)
    assert [opened(e)["line"] for e in loaded.entries if e["kind"] == "input"] == [*HTT_LINES[:3], "p1: done"]
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
        with journal_writer.Writer.create(path, HEADER) as w:
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
