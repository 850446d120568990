"""`umpire report JOURNAL [-o FILE]` and `umpire verify PAGE.html`: where the page goes, what it
refuses to overwrite, journals it cannot report, and what verify proves of a page (and that a
one-byte edit of any ruling in its journal fails it)."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tests.report.conftest import Report
from tests.transcript_support import TRANSCRIPTS, run
from umpire.cli import app, journal_cmds, report_cmd  # noqa: F401 - registers the commands
from umpire.core import journal, redaction
from umpire.report.embedded import journal_of_page
from umpire.session.entries import opened
from umpire.verify import AS_FAR_AS_IT_GOES, NOT_VERIFIED, check

RUNNER = CliRunner()


def umpire(*args: str) -> Result:
    return RUNNER.invoke(app, list(args))


def posted(report: Report) -> tuple[str, str]:
    """The commitment and the final hash the game posted, as the page shows them."""
    html = report.html.decode("utf-8")
    commitment = re.search(r'id="commitment">([0-9a-f]{64})<', html)
    final = re.search(r'id="final-hash">([0-9a-f]{64})<', html)
    assert commitment and final
    return commitment.group(1), final.group(1)


def with_journal(page: Path, data: bytes, out: Path) -> Path:
    """The page with another journal embedded in it."""
    html = page.read_text(encoding="utf-8")
    uri = "data:application/x-ndjson;base64," + base64.b64encode(data).decode("ascii")
    out.write_text(re.sub(r'href="data:application/x-ndjson;base64,[^"]*"', f'href="{uri}"', html), encoding="utf-8")
    return out


@pytest.mark.parametrize("name", [p.stem for p in sorted(TRANSCRIPTS.glob("*.script"))])
def test_the_report_of_every_bundled_transcript_is_one_file_under_1_mb(reports: dict[str, Report], name: str) -> None:
    assert 0 < len(reports[name].html) < 1_000_000


def test_a_published_journal_cannot_be_reported_again_and_says_why(reports: dict[str, Report], tmp_path: Path) -> None:
    pub = tmp_path / "downloaded.journal.jsonl"
    pub.write_bytes(journal_of_page(reports["hap-tac-toe"].page) or b"")
    res = umpire("report", str(pub), "-o", str(tmp_path / "again.html"))
    assert res.exit_code == 2
    assert "is published: what it held is sealed" in res.stderr and "no report was written" in res.stderr
    assert not (tmp_path / "again.html").exists()


def test_report_writes_the_page_beside_the_journal_by_default(reports: dict[str, Report], tmp_path: Path) -> None:
    j = tmp_path / "final.journal.jsonl"
    j.write_bytes(reports["devils-deal"].journal.read_bytes())
    res = umpire("report", str(j))
    assert res.exit_code == 0, res.output
    page = tmp_path / "final.journal.html"
    assert page.exists() and f"Wrote {page} (" in res.stdout
    assert "umpire verify final.journal.html --commitment HEX --final-hash HEX" in res.stdout


def test_report_overwrites_an_earlier_report_but_refuses_any_other_file(reports: dict[str, Report], tmp_path: Path) -> None:
    j = reports["devils-deal"].journal
    page = tmp_path / "match.html"
    page.write_text("<!DOCTYPE html><p>an older report</p>", encoding="utf-8")
    assert umpire("report", str(j), "-o", str(page)).exit_code == 0
    assert journal_of_page(page) is not None
    notes = tmp_path / "notes.txt"
    notes.write_text("the host's notes", encoding="utf-8")
    refused = umpire("report", str(j), "-o", str(notes))
    assert refused.exit_code == 2
    assert f"{notes} exists and is not a report page; only a report is overwritten" in refused.stderr
    assert notes.read_text(encoding="utf-8") == "the host's notes"


@pytest.mark.parametrize("target", ["journal", "key", "folder"])
def test_report_refuses_to_write_over_the_journal_its_key_file_or_a_folder(reports: dict[str, Report], tmp_path: Path, target: str) -> None:
    j = tmp_path / "g.journal.jsonl"
    j.write_bytes(reports["hap-tac-toe"].journal.read_bytes())
    out = {"journal": j, "key": tmp_path / "g.journal.jsonl.key", "folder": tmp_path}[target]
    before = j.read_bytes()
    res = umpire("report", str(j), "-o", str(out))
    assert res.exit_code == 2
    assert ("is a folder; name the page's file" if target == "folder" else "is the journal or a file beside it") in res.stderr
    assert j.read_bytes() == before and not list(tmp_path.glob("*.html"))


@pytest.mark.parametrize(("content", "reason"), [(None, "cannot read the journal"), (b"not json\n", "this is not an umpire journal")])
def test_report_of_a_journal_it_cannot_read_is_refused_and_writes_nothing(tmp_path: Path, content: bytes | None, reason: str) -> None:
    j = tmp_path / "g.jsonl"
    if content is not None:
        j.write_bytes(content)
    res = umpire("report", str(j), "-o", str(tmp_path / "g.html"))
    assert res.exit_code == 2 and reason in res.stderr and "no report was written" in res.stderr
    assert not (tmp_path / "g.html").exists()


def test_verify_of_a_page_passes_with_the_posted_values_and_says_what_it_did_not_prove(reports: dict[str, Report]) -> None:
    report = reports["hap-tac-toe"]
    commitment, final = posted(report)
    res = umpire("verify", str(report.page), "--commitment", commitment, "--final-hash", final)
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "✓ hash chain intact" in out and "✓ the posted commitment is the journal's" in out
    assert "✓ the posted final hash is entry" in out and "it records no ruling" in out
    assert "this is a published journal" in out and out.rstrip().endswith(AS_FAR_AS_IT_GOES)
    assert f"note: the journal was read out of the page {report.page}" in out


def test_a_one_byte_edit_of_any_ruling_in_the_pages_journal_fails_verify(reports: dict[str, Report], tmp_path: Path) -> None:
    report = reports["devils-deal"]
    commitment, final = posted(report)
    data = journal_of_page(report.page)
    assert data is not None
    lines = data.split(b"\n")
    rulings = [i for i, raw in enumerate(lines[1:-1], start=1) if json.loads(raw)["kind"] in ("input", "clock")]
    assert len(rulings) > 40
    for i in rulings:
        edited = list(lines)
        at = edited[i].index(b'"t":') + 4  # the ruling's game time, a digit every entry has
        edited[i] = edited[i][:at] + (b"1" if edited[i][at : at + 1] != b"1" else b"2") + edited[i][at + 1 :]
        page = with_journal(report.page, b"\n".join(edited), tmp_path / "edited.html")
        rep = check(_inner(page, tmp_path), posted=commitment, final_hash=final)
        assert rep.verdict == NOT_VERIFIED, f"entry {i} edited, yet: {rep.verdict}"
    res = umpire("verify", str(page), "--commitment", commitment, "--final-hash", final)
    assert res.exit_code == 1 and res.stdout.rstrip().endswith(NOT_VERIFIED)


def _inner(page: Path, tmp_path: Path) -> Path:
    out = tmp_path / "inner.jsonl"
    out.write_bytes(journal_of_page(page) or b"")
    return out


def test_verify_refuses_a_page_that_embeds_no_journal(tmp_path: Path) -> None:
    page = tmp_path / "other.html"
    page.write_text("<!doctype html><title>not a report</title>", encoding="utf-8")
    res = umpire("verify", str(page))
    assert res.exit_code == 2
    assert "this HTML page embeds no journal" in res.stderr and "NOT VERIFIED: the journal cannot be read" in res.stderr


def test_a_journal_with_private_payloads_in_the_clear_is_reported_without_its_journal(reports: dict[str, Report], tmp_path: Path) -> None:
    # A journal written before payloads were sealed: every payload back in the clear, its chain over the raw lines.
    raws = reports["hap-tac-toe"].journal.read_bytes()[:-1].split(b"\n")
    out = [raws[0]]
    for raw in raws[1:]:
        entry = opened(json.loads(raw))
        entry["prev"] = journal.line_hash(out[-1])
        out.append(redaction.compact(entry))
    old = tmp_path / "old.jsonl"
    old.write_bytes(b"".join(r + b"\n" for r in out))
    assert umpire("report", str(old), "-o", str(tmp_path / "old.html")).exit_code == 0
    html = (tmp_path / "old.html").read_text(encoding="utf-8")
    assert 'id="umpire-journal"' not in html and 'id="no-journal"' in html
    assert "It was written before umpire sealed private payloads" in html
    assert "black red circle D5" not in html  # Hedger's first placement, as he sent it
    assert umpire("verify", str(tmp_path / "old.html")).exit_code == 2


def test_a_report_of_a_game_not_yet_revealed_shows_no_seed(tmp_path: Path) -> None:
    script = (TRANSCRIPTS / "devils-deal.script").read_text(encoding="utf-8")
    cut = tmp_path / "devils-deal.script"
    cut.write_text(script[: script.index("# Round 2")], encoding="utf-8")
    j = tmp_path / "live.journal.jsonl"
    _, session = run(cut, json_out=True, journal=j)
    assert umpire("report", str(j), "-o", str(tmp_path / "live.html")).exit_code == 0
    html = (tmp_path / "live.html").read_text(encoding="utf-8")
    assert "Not over: the journal ends at" in html and "Not revealed in this journal yet" in html
    assert session.seed not in re.sub(r"[0-9a-f]{64}", "", html) and session.salt not in html
