"""Every check `umpire verify` makes fails a test when it is weakened (issue 31, item 7): written against the
mutants mutmut left alive in umpire/verify.py (docs/testing.md). Each test names what it holds in place:
the commitment, the chain and how much of it there is, the sequence, the posted final hash, the reveal,
the seed's source and the players' words, a torn line, a report page, and the JSON a program reads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tests.test_journal_integrity import CHOICE_BLOCK_1, HTT_LINES, SALT, host, lines_of, old_journal, played, rechain, verify, write_lines
from umpire.cli import app, journal_cmds, play, report_cmd  # noqa: F401 - registers the commands
from umpire.core import journal
from umpire.core.redaction import entry_hash, published_line
from umpire.scenario import Scenario
from umpire.session import Session
from umpire.session.fairness import key_path
from umpire.verify import check
from umpire.verify import verify as verify_path


def compact(obj: Any) -> bytes:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode()


def report_json(*args: str) -> dict[str, Any]:
    res = verify(*args, "--json")
    return json.loads(res.stdout)


# ---------------------------------------------------------------- the JSON a program reads


def test_the_json_report_has_every_key_the_docs_name(tmp_path: Path, htt: Scenario) -> None:
    j, final = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    rep = report_json(str(j), "--final-hash", final, "--commitment", journal.read(j).header["commitment"])
    assert list(rep) == [
        "ok",
        "verdict",
        "journal",
        "commitment",
        "commitment_ok",
        "seed_from",
        "reveal_entry",
        "entropy",
        "entropy_words",
        "entropy_entry",
        "posted_commitment_ok",
        "chain",
        "chain_from",
        "last_hash",
        "final_hash_ok",
        "covered_through",
        "seed_source",
        "entries",
        "replayed",
        "generated_items",
        "problems",
        "proved",
        "not_proved",
        "notes",
    ]
    n = len(HTT_LINES)
    assert (rep["journal"], rep["commitment_ok"], rep["reveal_entry"], rep["posted_commitment_ok"]) == (str(j), True, None, True)
    assert (rep["chain"], rep["chain_from"], rep["covered_through"], rep["entries"], rep["replayed"]) == ("intact", 1, n, n, n)
    assert rep["problems"] == [] and rep["notes"] == [] and rep["proved"][0].startswith("the seed and salt read from the host's key file")


def test_the_json_report_of_a_broken_chain_says_broken_and_names_the_problem(tmp_path: Path, htt: Scenario) -> None:
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    lines = lines_of(j)
    lines[2] = lines[2].replace(b'"t":0', b'"t":1', 1)
    write_lines(j, lines)
    rep = report_json(str(j), "--final-hash", "0" * 64)
    assert (rep["ok"], rep["chain"], rep["final_hash_ok"]) == (False, "broken", False)
    assert (
        rep["problems"][0]
        == "entry 3 (line 4) does not hold the hash of the line before it: entry 2 (line 3) or entry 3 was changed after entry 3 was written"
    )


# ---------------------------------------------------------------- the commitment


def test_an_older_journal_whose_header_secret_does_not_hash_to_its_commitment_fails_naming_where_it_was_read(
    tmp_path: Path, htt: Scenario
) -> None:
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES[:2], seed="42")
    old_journal(j)
    good = verify(str(j))
    assert "✓ the seed and salt in the journal's header hash to the commitment " in good.stdout
    lines = lines_of(j)
    header = json.loads(lines[0])
    header["salt"] = "f" * 32
    write_lines(j, [compact(header), *lines[1:]])
    res = verify(str(j))
    derived = journal.commitment(header["seed"], header["salt"])
    assert res.exit_code == 1
    assert f"✗ the seed and salt in the journal's header hash to the commitment {header['commitment']}: SHA-256(salt:seed)\n" in res.stdout
    assert (
        f"✗ the commitment in the journal ({header['commitment']}) is not SHA-256(salt:seed) = {derived}, "
        "with the seed and salt in the journal's header\n"
    ) in res.stdout


# ---------------------------------------------------------------- how much of the journal the chain covers


def chained_from_entry_2(tmp_path: Path, htt: Scenario) -> Path:
    """An older journal of one entry, resumed today and continued: entry 1 holds no hash, entries 2 on do."""
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES[:1], seed="42")
    old_journal(j)
    s, _, _ = Session.load(j, reopen=True)
    s.feed("start")
    s.close()
    return j


def test_a_journal_chained_from_entry_2_says_entry_1_and_the_header_are_not_covered(tmp_path: Path, htt: Scenario) -> None:
    j = chained_from_entry_2(tmp_path, htt)
    res = verify(str(j))
    assert "✓ hash chain intact: each entry from entry 2 on holds the hash of the line before it\n" in res.stdout
    assert "? entry 1 holds no hash of the line before (“prev”): edits to the header cannot be detected\n" in res.stdout


def test_a_posted_hash_of_an_earlier_line_of_a_partly_chained_journal_pins_that_line_only(tmp_path: Path, htt: Scenario) -> None:
    j = chained_from_entry_2(tmp_path, htt)
    lines = lines_of(j)
    pinned = entry_hash(lines[1], json.loads(lines[1]))  # entry 1's: entry 2 holds it
    s, _, _ = Session.load(j, reopen=True)
    s.feed("p1: black red circle C3")
    s.close()
    res = verify(str(j), "--final-hash", pinned)
    assert "✓ the posted final hash is entry 1's: that line is as posted\n" in res.stdout


def test_a_posted_hash_of_the_header_covers_no_entry(tmp_path: Path, htt: Scenario) -> None:
    s = Session.create(htt, journal_path=tmp_path / "htt.jsonl", seed="42", salt=SALT)
    assert s.writer is not None
    header = s.writer.last_hash
    s.feed("reveal anyway")
    s.close()
    res = verify(str(tmp_path / "htt.jsonl"), "--final-hash", header)
    assert "✓ the posted final hash is the header's: the journal up to there is as it was when the hash was posted\n" in res.stdout
    assert "✓ only entry 1 (reveal) came after the posted final hash: it records no ruling" in res.stdout
    assert report_json(str(tmp_path / "htt.jsonl"), "--final-hash", header)["covered_through"] == 0


# ---------------------------------------------------------------- the sequence


def numbered(path: Path, numbers: list[Any]) -> None:
    """Renumber a journal's entries (the chain recomputed, as a careful forger would)."""
    lines = lines_of(path)
    out = [lines[0]]
    for raw, n in zip(lines[1:], numbers, strict=True):
        obj = json.loads(raw)
        obj["n"] = n
        out.append(compact(obj))
    write_lines(path, rechain(out))


def test_an_unchained_journal_out_of_sequence_fails_saying_so(tmp_path: Path, htt: Scenario) -> None:
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES[:3], seed="42")
    old_journal(j)
    lines = lines_of(j)
    write_lines(j, [lines[0], lines[1], lines[3]])
    res = verify(str(j))
    assert res.exit_code == 1
    assert "✗ entries out of sequence\n" in res.stdout
    assert "✗ entry 2 is missing: line 3 holds entry 3 where entry 2 belongs (entries were removed)\n" in res.stdout


def test_five_breaks_are_listed_and_more_are_counted_with_their_lines(tmp_path: Path, choice: Scenario) -> None:
    j, _ = played(choice, tmp_path / "c.jsonl", CHOICE_BLOCK_1)
    count = len(journal.read(j).entries)
    numbered(j, [1, 2, *[100 - i for i in range(count - 2)]])  # every entry from entry 3 on out of sequence
    rep = report_json(str(j))
    breaks = count - 2
    assert len(rep["problems"]) >= 6
    assert f"{breaks - 5} more entries do not hold together either (lines 9–{count + 1})" in rep["problems"]
    numbered(j, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, *range(20, 20 + count - 10)])  # one break only
    assert not any("more entries" in p for p in report_json(str(j))["problems"])


def test_exactly_five_breaks_are_all_listed_and_none_counted(tmp_path: Path, choice: Scenario) -> None:
    j, _ = played(choice, tmp_path / "c.jsonl", CHOICE_BLOCK_1)
    count = len(journal.read(j).entries)
    numbers = list(range(1, count + 1))
    for i in (3, 6, 9, 12, 15):  # five entries renumbered in place: five breaks
        numbers[i] = 0
    numbered(j, numbers)
    problems = report_json(str(j))["problems"]
    assert len([p for p in problems if "where entry" in p]) == 5
    assert not any("more entries" in p for p in problems)


def test_the_journal_ends_with_the_number_its_last_entry_holds(tmp_path: Path, htt: Scenario) -> None:
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES[:3], seed="42")
    numbered(j, [1, 2, 7])
    res = verify(str(j))
    assert "this journal ends with `" in res.stdout and "` (entry 7): compare it with the final hash" in res.stdout
    numbered(j, [1, 2, "last"])
    res = verify(str(j))
    assert "` (entry 3): compare it with the final hash" in res.stdout  # not a number: counted
    assert res.exit_code == 1 and not isinstance(res.exception, ValueError)  # refused, not a traceback
    assert "✗ entry number 'last' is not a whole number: the rules cannot be applied to it\n" in res.stdout


# ---------------------------------------------------------------- the reveal


def test_a_reveal_before_the_last_entry_still_counts(tmp_path: Path, htt: Scenario) -> None:
    s = host(htt, tmp_path / "htt.jsonl", HTT_LINES[:2], seed="42")
    s.feed("reveal anyway")
    s.feed("pause")
    s.close()
    res = verify(str(tmp_path / "htt.jsonl"))
    assert "the journal has no reveal entry" not in res.stdout


# ---------------------------------------------------------------- the seed's source and the players' words


def test_a_seed_source_umpire_does_not_record_is_named_as_a_limit(tmp_path: Path, htt: Scenario) -> None:
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES[:2], seed="42")
    lines = lines_of(j)
    header = json.loads(lines[0])
    header["seed_source"] = "dice"
    write_lines(j, rechain([compact(header), *lines[1:]]))
    res = verify(str(j))
    assert "? seed source 'dice' is not one umpire records: players may have known the seed\n" in res.stdout


def test_entropy_in_a_journal_whose_header_describes_no_game_is_not_proved_and_says_nothing_was_replayed(
    tmp_path: Path, choice: Scenario
) -> None:
    s = Session.create(choice, journal_path=tmp_path / "c.jsonl", seed="77", salt=SALT, player_entropy=True)
    s.commitment_outputs()
    s.feed("entropy apple 7")
    s.close()
    j = tmp_path / "c.jsonl"
    lines = lines_of(j)
    header = json.loads(lines[0])
    header["scenario_toml"] = 'game = "no-such-game"\n'
    write_lines(j, rechain([compact(header), *lines[1:]]))
    res = verify(str(j))
    assert res.exit_code == 1
    assert (
        "? the players' entropy is in entry 1, but nothing was replayed: that it made the game's seed, before any game input, is not proved\n"
        in (res.stdout)
    )


def test_a_published_bot_journal_says_its_entropy_came_after_the_sealed_words_where_the_replay_stopped(
    tmp_path: Path, choice: Scenario
) -> None:
    j = tmp_path / "bot.jsonl"
    s = Session.create(choice, journal_path=j, seed="77", salt=SALT, player_entropy=True)
    s.commitment_outputs()
    s.submit(0, ["apple"], source="discord:1/1")  # each word a sealed `heard` entry
    s.submit(1, ["pear"], source="discord:1/2")
    s.feed("reveal anyway")
    s.close()
    lines = lines_of(j)
    write_lines(j, [lines[0], *(published_line(raw, json.loads(raw)) for raw in lines[1:])])
    res = verify(str(j))
    assert (
        "? the players' entropy (entry 3) comes after entry 1, where the replay stopped: that it was mixed in before any game "
        "input is not proved here\n"
    ) in res.stdout


# ---------------------------------------------------------------- a torn line, a watch, a page


def test_a_line_cut_off_by_a_crash_is_noted_as_not_part_of_the_game(tmp_path: Path, htt: Scenario) -> None:
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES[:2], seed="42")
    with open(j, "ab") as f:
        f.write(b'{"n":3,"kind":"inp')
    res = verify(str(j))
    assert "  note: line 4 was cut off by a crash and is not part of the game\n" in res.stdout


def test_a_watch_looks_on_at_the_entries_as_they_are_read(tmp_path: Path, htt: Scenario) -> None:
    j, _ = played(htt, tmp_path / "htt.jsonl", HTT_LINES, seed="42")
    seen: list[Any] = []

    def watch(entries: Any, loaded: journal.Loaded, path: Any) -> Any:
        seen.append((loaded.header["game"], str(path)))
        for entry in entries:
            seen.append(entry[0]["n"])
            yield entry

    rep = check(j, watch=watch)
    assert rep.ok and seen == [("hap-tac-toe", str(j)), *range(1, len(HTT_LINES) + 1)]
    seen.clear()
    verify_path(j, watch=watch)
    assert seen[0] == ("hap-tac-toe", str(j))


def page_of(tmp_path: Path, choice: Scenario, *, reveal: bool) -> tuple[Path, str, str]:
    j = tmp_path / "c.jsonl"
    s = Session.create(choice, journal_path=j, seed="9701", salt=SALT, player_entropy=True)
    s.commitment_outputs()
    for line in ["entropy apple 7", *CHOICE_BLOCK_1[:4]]:
        assert not [o for o in s.feed(line) if o.kind == "refusal"], line
    if reveal:
        s.feed("reveal anyway")
    assert s.writer is not None
    final = s.writer.last_hash
    s.close()
    page = tmp_path / "page.html"
    res = CliRunner().invoke(app, ["report", str(j), "-o", str(page)])
    assert res.exit_code == 0, res.stdout + res.stderr
    return page, journal.read(j).header["commitment"], final


def test_a_page_is_checked_through_the_journal_it_embeds_with_the_posted_values_and_a_watch(tmp_path: Path, choice: Scenario) -> None:
    page, commitment, final = page_of(tmp_path, choice, reveal=True)
    seen: list[str] = []

    def watch(entries: Any, loaded: journal.Loaded, path: Any) -> Any:
        seen.append(Path(path).name)
        assert Path(path).parent.name.startswith("umpire-verify-")  # read out of the page into a folder of its own
        yield from entries

    rep = verify_path(page, posted=commitment, final_hash=final, watch=watch)
    assert rep.path == str(page) and rep.posted_ok is True and rep.final_ok is True
    assert seen == ["page.html.journal.jsonl"]
    assert len(rep.notes) >= 2  # the players' words' note too: the page's comes first
    assert rep.notes[0].startswith(f"the journal was read out of the page {page}, which embeds it (")
    assert rep.notes[0].endswith(" bytes)")


def test_an_unrevealed_page_says_a_page_carries_no_key_file(tmp_path: Path, choice: Scenario) -> None:
    page, _, _ = page_of(tmp_path, choice, reveal=False)
    res = verify(str(page))
    assert (
        "? the seed is not in this journal and could not be read: the page's journal has no reveal entry, and a page carries "
        "no key file; the commitment cannot be checked\n"
    ) in res.stdout
    assert key_path(tmp_path / "c.jsonl").exists()  # the host's key file is beside the host's journal, not in the page
