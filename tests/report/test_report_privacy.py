"""Nothing in a report that the game never revealed (the contract's privacy check, applied to the page):
for every bundled scenario's transcript, no sealed submission's line, salt or payload, no seeded
item dealt in private, and no line of a private message or host note appears anywhere in the
page (its text, its attributes, or the journal it embeds), unless a public post says the same;
and a twin match whose never-revealed sealed submission differs gives the same page to read."""

from __future__ import annotations

import base64
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.report.conftest import SCRIPTS, Report
from tests.transcript_support import TRANSCRIPTS, run
from umpire.core.redaction import SEALED
from umpire.report import write
from umpire.report.embedded import journal_of_page
from umpire.session import OutputKind, Session

NAMES = [p.stem for p in SCRIPTS]
_MARKS = re.compile(r"\*\*|__|~~|`|\\(?=[\\*_~`|>#\[\]-])")


class _Text(HTMLParser):
    """Everything a page holds as text: its text nodes and every attribute value (data URIs decoded when base64 text)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for _, value in attrs:
            if value and not value.startswith("data:image/"):
                self.parts.append(value)


def page_text(report: Report) -> str:
    parser = _Text()
    parser.feed(report.html.decode("utf-8"))
    embedded = journal_of_page(report.page) or b""
    return "\n".join(parser.parts) + "\n" + embedded.decode("utf-8")


def plain_lines(text: str) -> list[str]:
    """A post's lines as a reader sees them (marks removed, code fences dropped), the ones long enough to tell apart."""
    out = []
    for line in text.replace("```", "\n").split("\n"):
        line = _MARKS.sub("", line).strip()
        if len(line) >= 12:
            out.append(line)
    return out


def private_texts(journal: Path) -> tuple[list[str], set[str]]:
    """Every private message and host note's lines, and every public post's lines, from a full replay."""
    _, outputs, _ = Session.load(journal, reopen=False)
    private, public = [], set()
    for o in outputs:
        if o.kind != OutputKind.ANNOUNCE or not o.text:
            continue
        (public.update if o.audience.public else private.extend)(plain_lines(o.text))
    return private, public


@pytest.mark.parametrize("name", NAMES)
def test_no_sealed_submission_or_private_seeded_item_is_anywhere_in_the_page(reports: dict[str, Report], name: str) -> None:
    report = reports[name]
    text = page_text(report)
    sealed = [e[SEALED] for e in report.entries() if isinstance(e.get(SEALED), dict)]
    assert sealed, "every bundled transcript has sealed submissions"
    public_lines = {e["line"] for e in report.entries() if "line" in e}  # the same line entered where the public saw it
    for payload in sealed:
        assert payload["salt"] not in text
        if "line" in payload and payload["line"] not in public_lines:
            assert payload["line"] not in text
        for item in payload.get("generated", []):
            assert json.dumps(item, ensure_ascii=False, separators=(",", ":")) not in text
    embedded = (journal_of_page(report.page) or b"").decode("utf-8")
    assert f'"{SEALED}":{{' not in embedded
    assert all(isinstance(json.loads(line).get(SEALED, ""), str) for line in embedded.splitlines()[1:])


@pytest.mark.parametrize("name", NAMES)
def test_no_private_message_or_host_note_is_in_the_page_unless_a_public_post_says_it(reports: dict[str, Report], name: str) -> None:
    report = reports[name]
    text = page_text(report)
    private, public = private_texts(report.journal)
    assert private, "every bundled transcript sends private messages or host notes"
    leaked = [line for line in private if line not in public and line in text]
    assert leaked == []


def twin_page(tmp_path: Path, replaced: str) -> Path:
    """The Devil's Deal transcript with one more pick by Hedger before his last one, which replaces it unrevealed."""
    script = (TRANSCRIPTS / "devils-deal.script").read_text(encoding="utf-8")
    assert script.count("p1: pick G6 B6\n") == 1
    folder = tmp_path / replaced.replace(" ", "")
    folder.mkdir()
    twin = folder / "devils-deal.script"
    twin.write_text(script.replace("p1: pick G6 B6\n", f"p1: pick {replaced}\np1: pick G6 B6\n"), encoding="utf-8")
    journal = folder / "twin.journal.jsonl"
    run(twin, json_out=True, journal=journal)
    page = folder / "devils-deal.html"
    write(journal, page)
    return page


def test_twin_matches_whose_replaced_sealed_picks_differ_give_the_same_page_to_read(tmp_path: Path) -> None:
    a, b = twin_page(tmp_path, "G5 B5"), twin_page(tmp_path, "G8 R9")

    def readable(path: Path) -> str:
        html = path.read_text(encoding="utf-8")
        html = re.sub(r'<section id="fairness".*?</section>', "", html, flags=re.DOTALL)
        return re.sub(r"[0-9a-f]{64}", "HASH", html)  # the final hashes posted differ: wall times and salts are in the journal

    assert "Hedger cannot pay the ante" in readable(a)
    assert readable(a) == readable(b)


def test_the_page_journal_embeds_the_published_lines_only(reports: dict[str, Report]) -> None:
    report = reports["open-pass-match"]
    href = re.search(rb'id="umpire-journal" href="data:application/x-ndjson;base64,([A-Za-z0-9+/=]+)"', report.html)
    assert href is not None
    assert base64.b64decode(href.group(1)) == journal_of_page(report.page)


@pytest.mark.parametrize("name", NAMES)
def test_every_input_left_in_the_clear_in_the_pages_journal_is_one_the_public_saw_ruled_on(reports: dict[str, Report], name: str) -> None:
    report = reports[name]
    _, _, steps = Session.stream(report.journal)
    seen = {int(entry["n"]): any(o.kind == OutputKind.ANNOUNCE and o.audience.public for o in outputs) for entry, outputs in steps}
    embedded = (journal_of_page(report.page) or b"").decode("utf-8")
    clear = [json.loads(line) for line in embedded.splitlines()[1:]]
    clear = [e for e in clear if e["kind"] == "input" and "text" in e]
    assert clear, "host commands and public moves stay readable"
    assert [e["n"] for e in clear if not seen[e["n"]]] == []


def test_open_pass_trades_told_to_their_two_players_alone_are_not_in_the_page(reports: dict[str, Report]) -> None:
    report = reports["open-pass-match"]
    trades = [e for e in report.entries() if e.get(SEALED, {}).get("text", "").startswith(("trade", "accept", "decline", "cancel"))]
    assert len(trades) >= 5
    text = page_text(report)
    assert all(e[SEALED]["line"] not in text and e[SEALED]["text"] not in text for e in trades)
