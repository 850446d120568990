"""The report page in a real browser (Debian's Chromium through Playwright), for every bundled
scenario's transcript: it makes no network request, fits a phone's 390 px without sideways
scrolling and a desktop's 1,280 px, decodes every picture, carries the journal byte for byte (in
the page and through its download button), shows the result `umpire replay` gives, follows the
reader's colour scheme, and can be read with the keyboard. Screenshots go to the test's output
folder (or UMPIRE_SCREENSHOTS)."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.report.conftest import REQUIRED, SCRIPTS, Report, chromium_missing, screenshots_dir
from umpire.cli import app, journal_cmds  # noqa: F401 - registers the commands
from umpire.report.embedded import journal_of_page
from umpire.session import Session

pytestmark = pytest.mark.skipif(chromium_missing() is not None and not REQUIRED, reason=chromium_missing() or "")
NAMES = [p.stem for p in SCRIPTS]
URL = "http://report.test/match.html"  # the page is served at this address by the test itself: nothing leaves the browser


class Opened:
    """A report open in a browser page; `requests` lists every request the page tried besides itself."""

    def __init__(self, page: Any, requests: list[str]) -> None:
        self.page = page
        self.requests = requests


@pytest.fixture
def open_report(browser: Any) -> Iterator[Any]:
    """Open a report at a width and colour scheme; every request but the page's own is refused and recorded."""
    contexts: list[Any] = []

    def opener(report: Report, *, width: int = 390, scheme: str = "light") -> Opened:
        context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme, accept_downloads=True)
        contexts.append(context)
        page = context.new_page()
        requests: list[str] = []
        body = report.html

        def route(r: Any) -> None:
            if r.request.url == URL:
                r.fulfill(status=200, body=body, content_type="text/html; charset=utf-8")
            else:
                requests.append(r.request.url)
                r.abort()

        context.route("**/*", route)
        page.goto(URL, wait_until="load")
        return Opened(page, requests)

    yield opener
    for context in contexts:
        context.close()


@pytest.mark.parametrize("name", NAMES)
def test_the_page_makes_no_network_request(reports: dict[str, Report], open_report: Any, name: str) -> None:
    opened = open_report(reports[name])
    opened.page.wait_for_timeout(200)  # anything lazy would have asked by now
    assert opened.requests == []


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("width", "scheme"), [(390, "light"), (1280, "dark")])
def test_the_page_fits_its_width_without_sideways_scrolling(
    reports: dict[str, Report], open_report: Any, request: pytest.FixtureRequest, tmp_path: Path, name: str, width: int, scheme: str
) -> None:
    page = open_report(reports[name], width=width, scheme=scheme).page
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("document.body.scrollWidth") <= width
    page.screenshot(path=str(screenshots_dir(request, tmp_path) / f"{name}-{width}-{scheme}.png"), full_page=False)


@pytest.mark.parametrize("name", NAMES)
def test_every_picture_is_decoded(reports: dict[str, Report], open_report: Any, name: str) -> None:
    page = open_report(reports[name]).page
    sizes = page.evaluate("Promise.all([...document.images].map(i => i.decode().then(() => [i.naturalWidth, i.naturalHeight])))")
    assert all(w > 0 and h > 0 for w, h in sizes)
    assert bool(sizes) == draws_pictures(reports[name]), "the page shows pictures exactly when the match posted some"


def draws_pictures(report: Report) -> bool:
    """Whether any public post the journal replays carries a picture (the last entry's posts are the page's too)."""
    _, _, steps = Session.stream(report.journal)
    return any(o.audience.public and o.post is not None and o.post.image is not None for _, outs in steps for o in outs)


@pytest.mark.parametrize("name", NAMES)
def test_the_embedded_journal_reads_back_byte_for_byte(reports: dict[str, Report], open_report: Any, name: str) -> None:
    report = reports[name]
    page = open_report(report).page
    embedded = journal_of_page(report.page)
    assert embedded is not None
    href = page.get_attribute("#umpire-journal", "href")
    assert base64.b64decode(href.split(",", 1)[1]) == embedded
    with page.expect_download() as download:
        page.click("#umpire-journal")
    saved = Path(download.value.path())
    assert saved.read_bytes() == embedded
    assert download.value.suggested_filename == f"{report.page.stem}.journal.jsonl"
    # the published journal is the host's, line for line, each sealed payload replaced by its digest
    full = report.journal.read_bytes().splitlines()
    assert len(embedded.splitlines()) == len(full) and embedded.splitlines()[0] == full[0]


@pytest.mark.parametrize("name", NAMES)
def test_the_result_shown_is_the_one_umpire_replay_gives(reports: dict[str, Report], open_report: Any, name: str) -> None:
    report = reports[name]
    replayed = CliRunner().invoke(app, ["replay", "--json", str(report.journal)])
    assert replayed.exit_code == 0
    session, _, _ = Session.load(report.journal, reopen=False)
    outcome = session.game.outcome(session.state)  # the typed result the game states, not a key of its JSON
    page = open_report(report).page
    assert page.inner_text("#result-text") == (outcome.summary if outcome is not None else "The match is over.")
    if outcome is not None and outcome.ranking:
        rows = page.eval_on_selector_all("#standings tbody th", "ths => ths.map(t => t.innerText)")
        assert [row.removesuffix(" (winner)") for row in rows] == outcome.order(session.names)
        assert [row for row in rows if row.endswith(" (winner)")] == [f"{w} (winner)" for w in outcome.order(outcome.winners)]


def test_a_shared_win_marks_every_winner_and_a_ranking_with_a_winner_reads_from_the_outcome() -> None:
    """The guide once allowed `ranking` beside `winner`, and the page then showed "Ranking: …" and one winner:
    now the page reads the typed `Outcome`, whose summary heads it, whose ranking orders it and whose winners it marks."""
    from umpire.games.outcome import Outcome, Placing
    from umpire.report.page import table

    shared = Outcome(
        summary="Shared win: Uri and Yuna.",
        winners=("Yuna", "Uri"),
        ranking=(Placing(player="Yuna", place=1), Placing(player="Uri", place=1), Placing(player="Hedger", place=3)),
    )
    standings = table({"points": {"Hedger": 1, "Uri": 7, "Yuna": 7}}, ("Hedger", "Uri", "Yuna"), shared)
    assert [name for name, _ in standings.rows] == ["Yuna", "Uri", "Hedger"]
    assert standings.winners == ("Yuna", "Uri")
    assert table({"points": {"Hedger": 1, "Uri": 7}}, ("Hedger", "Uri"), None).winners == ()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_page_follows_the_readers_colour_scheme(reports: dict[str, Report], open_report: Any, scheme: str) -> None:
    page = open_report(reports["hap-tac-toe"], scheme=scheme).page
    rgb = page.evaluate("getComputedStyle(document.body).backgroundColor")
    r, g, b = (int(x) for x in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3])
    assert (r + g + b > 600) if scheme == "light" else (r + g + b < 150)


def test_the_page_can_be_read_with_the_keyboard(reports: dict[str, Report], open_report: Any) -> None:
    page = open_report(reports["hap-tac-toe"]).page
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#timeline"
    reached = set()
    for _ in range(8):
        page.keyboard.press("Tab")
        reached.add(page.evaluate("document.activeElement.getAttribute('href') || document.activeElement.id"))
    assert {"#entry-1", "#entry-2"} <= reached  # from the timeline on, each ruling's link in turn


@pytest.mark.parametrize("name", ["hap-tac-toe-timeout", "devils-deal"])  # a timeout taken back; a raise taken back
def test_an_undone_public_ruling_is_shown_withdrawn(reports: dict[str, Report], open_report: Any, name: str) -> None:
    page = open_report(reports[name]).page
    withdrawn = page.eval_on_selector_all("li.withdrawn .withdrawn-note", "ps => ps.map(p => p.innerText)")
    assert withdrawn and all(w.startswith("Withdrawn: withdrawn by the host's undo (entry ") for w in withdrawn)
    decoration = page.eval_on_selector("li.withdrawn .post", "p => getComputedStyle(p).textDecorationLine")
    assert decoration == "line-through"
