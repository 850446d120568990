"""The report page in a real browser (Debian's Chromium through Playwright), for every bundled
scenario's transcript: it makes no network request, fits a phone's 390 px without sideways
scrolling and a desktop's 1,280 px, decodes every picture, carries the journal byte for byte (in
the page and through its download button), shows the result `umpire replay` gives, follows the
reader's colour scheme, and can be read with the keyboard. At a phone's 390 px the number that
decides the match is in view beside each name (a 32-character name too), a table wider than the
screen shows that it scrolls, and axe-core finds no accessibility violation in either colour
scheme. Screenshots go to the test's output folder (or UMPIRE_SCREENSHOTS)."""

from __future__ import annotations

import base64
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageStat
from typer.testing import CliRunner

from tests.report.conftest import AXE, LONG_NAME, REQUIRED, SCRIPTS, Report, chromium_missing, screenshots_dir
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
    from umpire.games.facts import Fact
    from umpire.games.outcome import Outcome, Placing
    from umpire.report.page import table

    shared = Outcome(
        summary="Shared win: Uri and Yuna.",
        winners=("Yuna", "Uri"),
        ranking=(Placing(player="Yuna", place=1), Placing(player="Uri", place=1), Placing(player="Hedger", place=3)),
    )
    points = (Fact(key="points", label="Points", decides=True),)
    standings = table({"points": {"Hedger": 1, "Uri": 7, "Yuna": 7}}, ("Hedger", "Uri", "Yuna"), points, shared)
    assert [(row.place, row.name) for row in standings.rows] == [("1", "Yuna"), ("1", "Uri"), ("3", "Hedger")]
    assert standings.winners == ("Yuna", "Uri")
    assert table({"points": {"Hedger": 1, "Uri": 7}}, ("Hedger", "Uri"), points, None).winners == ()


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
    assert withdrawn and all(w.startswith("Withdrawn by the host's undo (entry ") for w in withdrawn)
    decoration = page.eval_on_selector("li.withdrawn .post", "p => getComputedStyle(p).textDecorationLine")
    assert decoration == "line-through"


# ---------------------------------------------------------------- a phone's width, and accessibility

CELLS = """els => els.map(e => { const r = e.getBoundingClientRect(); return {text: e.innerText, cls: e.className, left: r.left, right: r.right}; })"""


@pytest.mark.parametrize("name", NAMES)
def test_at_390_px_the_deciding_column_is_in_view_right_after_the_name(
    reports: dict[str, Report],
    long_name_reports: dict[str, Report],
    open_report: Any,
    request: pytest.FixtureRequest,
    tmp_path: Path,
    name: str,
) -> None:
    for report, long in ((reports[name], False), (long_name_reports[name], True)):
        page = open_report(report, width=390).page
        heads = page.eval_on_selector_all("#standings thead th", CELLS)
        labels = [h["text"] for h in heads]
        deciding = [i for i, h in enumerate(heads) if "decides" in h["cls"].split()]
        assert deciding and deciding[0] == labels.index("Player") + 1, f"{labels}: the deciding column comes right after the name"
        box = page.eval_on_selector("#standings", "t => t.parentElement.getBoundingClientRect().right")
        assert box <= 390
        cells = page.eval_on_selector_all("#standings .decides", CELLS)
        assert len(cells) == 1 + len(page.query_selector_all("#standings tbody tr"))
        assert all(c["left"] >= 0 and c["right"] <= box for c in cells), f"in view without scrolling: {cells}"
        names = page.eval_on_selector_all("#standings tbody th", "ths => ths.map(t => [t.querySelector('.name').innerText, t.title])")
        if long:
            assert [LONG_NAME, LONG_NAME] in names, "the long name is shown whole (wrapped), and whole in the cell's title"
        page.screenshot(
            path=str(screenshots_dir(request, tmp_path) / f"{name}{'-long' if long else ''}-390-standings.png"), full_page=False
        )


def shade(image: Image.Image, x: int) -> float:
    """How light one column of pixels is, on average (0 black, 255 white)."""
    return ImageStat.Stat(image.convert("L").crop((x, 0, x + 1, image.height))).mean[0]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_table_wider_than_the_screen_shows_that_it_scrolls(reports: dict[str, Report], open_report: Any, scheme: str) -> None:
    page = open_report(reports["open-pass-match"], width=390, scheme=scheme).page
    box = page.locator("#result .scroll")
    assert box.evaluate("b => b.scrollWidth > b.clientWidth"), "Open, Pass's standings are wider than a phone"
    start = Image.open(io.BytesIO(box.screenshot()))
    box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
    page.wait_for_timeout(100)
    end = Image.open(io.BytesIO(box.screenshot()))
    right, left = start.width - 2, 1
    # Unscrolled, the right edge (more beyond it) is shaded and the left is not; scrolled to the end, the other way round.
    assert abs(shade(start, right) - shade(start, left)) > 25, (shade(start, right), shade(start, left))
    assert abs(shade(end, left) - shade(end, right)) > 25, (shade(end, left), shade(end, right))
    assert abs(shade(start, left) - shade(end, right)) < 12, "a reached edge shows no shade"
    fits = open_report(reports["hap-tac-toe"], width=390, scheme=scheme).page.locator("#result .scroll")
    assert fits.evaluate("b => b.scrollWidth <= b.clientWidth")
    still = Image.open(io.BytesIO(fits.screenshot()))
    assert abs(shade(still, still.width - 2) - shade(still, 1)) < 12, "a table that fits shows no shade"


@pytest.fixture(scope="module")
def axe() -> Path:
    """axe-core's script, as .ci/run installs it (the npm registry's package, its version pinned there)."""
    if not AXE.exists():
        why = f"no axe-core at {AXE} (.ci/run installs it: npm install --prefix build/axe axe-core@VERSION)"
        if REQUIRED:
            pytest.fail(f"CI installs axe-core in .ci/run, yet: {why}")
        pytest.skip(why)
    return AXE


VIOLATIONS = """axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations.map(v =>
    ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(" ") + ": " + n.failureSummary)})))"""


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_core_finds_no_accessibility_violation(reports: dict[str, Report], open_report: Any, axe: Path, name: str, scheme: str) -> None:
    opened = open_report(reports[name], width=390, scheme=scheme)
    opened.page.add_script_tag(path=str(axe))  # inlined by Playwright: the page itself still asks for nothing
    assert opened.page.evaluate(VIOLATIONS) == []
    assert opened.requests == []
