"""Private payloads in the journal (docs/journal.md, “What is private”): a sealed move's input and
seeded items dealt in private are written in a salted `sealed` member; the chain hashes such a line
as its published form (the member replaced by its digest), so a published journal verifies to the
same final hash while carrying none of them; old journals still read and verify."""

from __future__ import annotations

import hashlib
import itertools
import json
from pathlib import Path

import pytest

from tests.transcript_support import TRANSCRIPTS, run, scenario_of
from umpire.core import journal, redaction
from umpire.core.journal import JournalError, Redacted
from umpire.session import Session
from umpire.session import entries as E
from umpire.verify import check


@pytest.fixture(scope="module")
def htt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole Hap-Tac-Toe transcript, journaled."""
    path = tmp_path_factory.mktemp("htt") / "htt.journal.jsonl"
    run(TRANSCRIPTS / "hap-tac-toe.script", json_out=True, journal=path)
    return path


@pytest.fixture(scope="module")
def open_pass(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole Open, Pass transcript, journaled (cards dealt to one player at a time)."""
    path = tmp_path_factory.mktemp("op") / "op.journal.jsonl"
    run(TRANSCRIPTS / "open-pass-match.script", json_out=True, journal=path)
    return path


def lines(path: Path) -> list[bytes]:
    return path.read_bytes()[:-1].split(b"\n")


def entries(path: Path) -> list[dict]:
    return [json.loads(raw) for raw in lines(path)[1:]]


def published(path: Path, out: Path) -> Path:
    """The journal as a report publishes it: each sealed member replaced by its digest."""
    raws = lines(path)
    out.write_bytes(b"".join(line + b"\n" for line in [raws[0], *(redaction.published_line(r, json.loads(r)) for r in raws[1:])]))
    return out


def test_a_sealed_moves_input_keeps_its_sender_text_and_line_in_a_salted_sealed_member(htt: Path) -> None:
    placement = next(e for e in entries(htt) if e["kind"] == "input" and "sealed" in e)
    assert not {"by", "text", "line"} & set(placement)
    payload = placement["sealed"]
    assert next(iter(payload)) == "salt" and len(payload["salt"]) == 32 and int(payload["salt"], 16) >= 0
    assert {"by", "text", "line"} <= set(payload)


def test_an_input_of_a_move_that_is_not_sealed_stays_in_the_clear(htt: Path) -> None:
    first = entries(htt)[0]
    assert first["kind"] == "input" and first["text"] == "first p1" and "sealed" not in first


def test_every_sealed_payload_has_a_salt_of_its_own(htt: Path) -> None:
    salts = [e["sealed"]["salt"] for e in entries(htt) if "sealed" in e]
    assert len(salts) > 20 and len(set(salts)) == len(salts)


def test_seeded_items_dealt_in_private_are_sealed_and_public_ones_stay_in_the_clear(open_pass: Path) -> None:
    all_entries = entries(open_pass)
    private = [e for e in all_entries if "generated" in e.get("sealed", {})]
    assert private and all("generated" not in e for e in private)
    assert any("card" in item for e in private for item in e["sealed"]["generated"])  # the cards dealt by DM
    public = [e for e in all_entries if "generated" in e]
    assert public, "the public seeded items (packs posted) are still in the clear"


def test_the_chain_hashes_a_sealed_line_as_its_published_form(htt: Path) -> None:
    raws = lines(htt)
    for before, raw in itertools.pairwise(raws):
        entry = json.loads(before) if before is not raws[0] else {}
        want = hashlib.sha256(redaction.published_line(before, entry)).hexdigest()
        assert json.loads(raw)["prev"] == want
    sealed = next(r for r in raws[1:] if b'"sealed":{' in r)
    assert hashlib.sha256(sealed).hexdigest() != redaction.entry_hash(sealed, json.loads(sealed))


def test_a_published_journal_holds_no_private_payload_and_ends_at_the_same_final_hash(htt: Path, tmp_path: Path) -> None:
    pub = published(htt, tmp_path / "pub.jsonl")
    text = pub.read_text(encoding="utf-8")
    for e in entries(htt):
        if "sealed" in e:
            assert e["sealed"]["salt"] not in text and e["sealed"]["line"] not in text
    assert journal.read(pub).last_hash == journal.read(htt).last_hash
    assert journal.read(pub).breaks == []


def test_verify_of_a_published_journal_proves_the_chain_and_stops_its_replay_at_the_first_sealed_entry(htt: Path, tmp_path: Path) -> None:
    pub = published(htt, tmp_path / "pub.jsonl")
    loaded = journal.read(htt)
    first_sealed = next(e["n"] for e in loaded.entries if "sealed" in e)
    rep = check(pub, posted=loaded.header["commitment"], final_hash=loaded.last_hash)
    assert rep.ok and rep.chain_ok and rep.final_ok and rep.commitment_ok
    assert rep.replayed == first_sealed - 1
    assert f"entry {first_sealed} and the {loaded.count - first_sealed} after it were not replayed" in "\n".join(rep.limits)
    assert rep.verdict.startswith("VERIFIED AS FAR AS IT GOES")


def test_the_full_journal_still_replays_every_entry_and_re_derives_private_seeded_items(open_pass: Path) -> None:
    rep = check(open_pass)
    sealed_items = sum(len(e["sealed"]["generated"]) for e in entries(open_pass) if "generated" in e.get("sealed", {}))
    assert rep.ok and rep.replayed == rep.entries and rep.generated >= sealed_items > 0


@pytest.mark.parametrize("where", ["digest", "clear"])
def test_a_one_byte_edit_of_a_published_ruling_fails_verify(htt: Path, tmp_path: Path, where: str) -> None:
    pub = published(htt, tmp_path / "pub.jsonl")
    raws = lines(pub)
    i = next(k for k, r in enumerate(raws) if k and (b'"sealed":"' in r if where == "digest" else b'"text":"done"' in r))
    at = raws[i].index(b'"sealed":"') + 10 if where == "digest" else raws[i].index(b'"done"') + 1
    raws[i] = raws[i][:at] + (b"0" if raws[i][at : at + 1] != b"0" else b"1") + raws[i][at + 1 :]
    pub.write_bytes(b"".join(r + b"\n" for r in raws))
    rep = check(pub, final_hash=journal.read(htt).last_hash)
    assert not rep.ok and rep.verdict == "NOT VERIFIED."


def test_a_published_entry_cannot_be_read_back_and_says_why() -> None:
    with pytest.raises(Redacted, match="entry 4 is published: what it held is sealed"):
        E.read({"n": 4, "kind": "input", "t": 0, "sealed": "ab" * 32, "prev": "p"}, "pub.jsonl")


@pytest.mark.parametrize("payload", [5, ["x"], {"salt": "00", "t": 3}])
def test_a_sealed_member_that_is_no_payload_is_refused_naming_it(payload: object) -> None:
    with pytest.raises(JournalError, match="“sealed” member should be a JSON object of fields the entry does not also hold"):
        E.read({"n": 4, "kind": "input", "t": 0, "by": 0, "text": "x", "line": "x", "sealed": payload, "prev": "p"}, "j.jsonl")


def test_a_journal_written_before_sealed_payloads_still_replays_and_verifies(htt: Path, tmp_path: Path) -> None:
    # Every private payload put back in the clear and the chain recomputed over the raw lines: the old format.
    raws = lines(htt)
    out = [raws[0]]
    for raw in raws[1:]:
        entry = E.opened(json.loads(raw))
        entry["prev"] = journal.line_hash(out[-1])
        out.append(redaction.compact(entry))
    old = tmp_path / "old.jsonl"
    old.write_bytes(b"".join(r + b"\n" for r in out))
    session, _, loaded = Session.load(old, reopen=False)
    live, _, _ = Session.load(htt, reopen=False)
    assert session.final() == live.final() and loaded.breaks == []
    rep = check(old)
    assert rep.ok and rep.replayed == rep.entries


def test_which_private_messages_reached_whom_is_sealed(tmp_path: Path) -> None:
    # A sealed play's receipt goes to its player alone; its delivery would name who played.
    path = tmp_path / "choice.journal.jsonl"
    script = TRANSCRIPTS / "choice-goofspiel.script"
    s = Session.create(scenario_of(script), journal_path=path, seed="9701", salt="0" * 32)
    s.feed("start")
    play = next(line for line in script.read_text(encoding="utf-8").split("\n") if line.startswith("p2: gs "))
    s.feed(play)
    s.feed("sent p2")
    s.close()
    delivered = [e for e in entries(path) if e["kind"] == "delivered"]
    assert delivered and all(not {"to", "dms", "receipts"} & set(e) and "to" in e["sealed"] for e in delivered)
    session, _, _ = Session.load(path, reopen=False)
    assert session.waiting(1) == []  # read back: Uri's receipt is marked as sent
