"""`umpire verify PAGE.html` checks what a player reads, not only the journal the page embeds: the page is made again
from that journal and any edit of a ruling's text, the result, a score, a cell of the standings, a point of a plot or
a picture's pixels fails it, naming where (umpire/verify_page.py). Pages of whole Hap-Tac-Toe and The Choice is
Yours matches, written once for this module; each test edits a copy."""

from __future__ import annotations

import base64
import html as htmllib
import io
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner, Result

from tests.transcript_support import TRANSCRIPTS, run
from umpire.cli import app, journal_cmds, report_cmd  # noqa: F401 - registers the commands
from umpire.report import write
from umpire.verify import AS_FAR_AS_IT_GOES, NOT_VERIFIED
from umpire.verify_page import PAGE_OPEN, PAGE_PROVED

RUNNER = CliRunner()
GAMES = ("hap-tac-toe", "choice-match")  # Hap-Tac-Toe's Death Match; The Choice is Yours' whole match
OLD_JOURNAL = Path(__file__).resolve().parents[1] / "journals" / "choice-mix1.jsonl"  # written before lines recorded `shown`


@dataclass(frozen=True)
class Page:
    name: str
    path: Path
    commitment: str
    final_hash: str

    @property
    def html(self) -> str:
        return self.path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Page]:
    out = {}
    for name in GAMES:
        folder = tmp_path_factory.mktemp(name)
        journal = folder / f"{name}.journal.jsonl"
        run(TRANSCRIPTS / f"{name}.script", json_out=True, journal=journal)
        page = folder / f"{name}.html"
        write(journal, page)
        html = page.read_text(encoding="utf-8")
        commitment = re.search(r'id="commitment">([0-9a-f]{64})<', html)
        final = re.search(r'id="final-hash">([0-9a-f]{64})<', html)
        assert commitment and final
        out[name] = Page(name=name, path=page, commitment=commitment.group(1), final_hash=final.group(1))
    return out


def verify(page: Page, path: Path | None = None) -> Result:
    return RUNNER.invoke(
        app, ["verify", str(path or page.path), "--commitment", page.commitment, "--final-hash", page.final_hash], catch_exceptions=False
    )


def edited(page: Page, tmp_path: Path, html: str) -> Path:
    out = tmp_path / page.path.name
    assert html != page.html, "the edit changed nothing"
    out.write_text(html, encoding="utf-8")
    return out


def entry_at(html: str, pos: int) -> str:
    """The timeline entry a position of the page is in, as verify names it."""
    found = re.findall(r'<li id="entry-(\d+)"', html[:pos])
    assert found, "not in the timeline"
    return "the start" if found[-1] == "0" else f"entry {found[-1]}"


def post_at(html: str, pos: int) -> int:
    """Which post of its timeline entry a position of the page is in (1 for the first)."""
    entry = html.rindex('<li id="entry-', 0, pos)
    return html.count('<div class="post">', entry, pos)


def failed(res: Result) -> list[str]:
    assert res.exit_code == 1, res.output
    assert res.output.rstrip().endswith(NOT_VERIFIED)
    return [line for line in res.output.splitlines() if line.startswith("✗ the page was changed: ")]


@pytest.mark.parametrize("name", GAMES)
def test_an_unedited_page_passes_with_the_verdict_it_had_and_says_its_content_was_checked(pages: dict[str, Page], name: str) -> None:
    res = verify(pages[name])
    assert res.exit_code == 0, res.output
    assert f"✓ {PAGE_PROVED}" in res.output.splitlines()
    assert res.output.rstrip().endswith(AS_FAR_AS_IT_GOES)


@pytest.mark.parametrize("name", GAMES)
def test_the_page_shows_the_exact_command_with_the_posted_values_and_what_it_says(pages: dict[str, Page], name: str) -> None:
    page = pages[name]
    command = re.search(r'<pre id="verify-command"><code>([^<]*)</code></pre>', page.html)
    assert command is not None
    assert command.group(1) == f"umpire verify {page.path.name} --commitment {page.commitment} --final-hash {page.final_hash}"
    said = re.search(r'<ul class="checks" id="verify-output">(.*?)</ul>', page.html, re.DOTALL)
    assert said is not None and PAGE_PROVED in htmllib.unescape(said.group(1))  # the page says its content is checked, as verify says it


@pytest.mark.parametrize("name", GAMES)
def test_an_edited_ruling_text_fails_naming_its_entry_and_post(pages: dict[str, Page], name: str, tmp_path: Path) -> None:
    page = pages[name]
    html = page.html
    posts = [m.start() for m in re.finditer(r'<div class="post">', html)]
    at = posts[len(posts) // 2]
    text = re.compile(r">([^<>]*[A-Za-z]{4}[^<>]*)<").search(html, at)
    assert text is not None
    word = re.search(r"[A-Za-z]{4,}", text.group(1))
    assert word is not None
    start = text.start(1) + word.start()
    changed = html[:start] + word.group(0)[::-1].upper() + html[start + len(word.group(0)) :]
    problems = failed(verify(page, edited(page, tmp_path, changed)))
    assert problems and problems[0].startswith(f"✗ the page was changed: the timeline, {entry_at(html, at)}, post ")
    assert word.group(0)[::-1].upper() in problems[0]


@pytest.mark.parametrize("name", GAMES)
def test_an_edited_result_fails_naming_the_result(pages: dict[str, Page], name: str, tmp_path: Path) -> None:
    page = pages[name]
    result = re.search(r'<p class="result" id="result-text">([^<]+)</p>', page.html)
    assert result is not None
    changed = page.html.replace(result.group(0), result.group(0).replace(result.group(1), "Nobody won."), 1)
    problems = failed(verify(page, edited(page, tmp_path, changed)))
    assert problems == [f"✗ the page was changed: the result: the page shows “Nobody won.” where its journal makes “{result.group(1)}”"]


def _cell(page: Page, tmp_path: Path, pattern: str) -> list[str]:
    """Edit the first standings cell matching `pattern` (a number), adding 7 to it; returns what verify names."""
    table = page.html.index('<table id="standings">')
    cell = re.compile(pattern).search(page.html, table)
    assert cell is not None
    value = cell.group(2)
    new = str(float(value) + 7) if "." in value else str(int(value) + 7)
    changed = page.html[: cell.start(2)] + new + page.html[cell.end(2) :]
    return failed(verify(page, edited(page, tmp_path, changed)))


@pytest.mark.parametrize("name", GAMES)
def test_an_edited_score_fails_naming_its_row_and_column(pages: dict[str, Page], name: str, tmp_path: Path) -> None:
    decides = r'(<td class="num decides">)(-?\d+(?:\.\d+)?)</td>' if name == "hap-tac-toe" else r'(<td class="num">)(-?\d+(?:\.\d+)?)</td>'
    problems = _cell(pages[name], tmp_path, decides)
    assert len(problems) == 1
    assert re.match(r"✗ the page was changed: the standings, row 1 \([^)]+\), column “[^”]+”: the page shows “", problems[0])


@pytest.mark.parametrize("name", GAMES)
def test_an_edited_standings_cell_fails_naming_its_row_and_column(pages: dict[str, Page], name: str, tmp_path: Path) -> None:
    page = pages[name]
    rows = page.html[page.html.index('<table id="standings">') :]
    last_row = rows.index("<tr>", rows.index("<tbody>") + 10)  # the second player's row
    start = page.html.index('<table id="standings">') + last_row
    cell = re.compile(r'(<td class="num">)(-?\d+(?:\.\d+)?)</td>').search(page.html, start)
    assert cell is not None
    changed = page.html[: cell.start(2)] + "9" + cell.group(2) + page.html[cell.end(2) :]
    problems = failed(verify(page, edited(page, tmp_path, changed)))
    assert len(problems) == 1 and problems[0].startswith("✗ the page was changed: the standings, row 2 (")
    assert f"the page shows “9{cell.group(2)}” where its journal makes “{cell.group(2)}”" in problems[0]


@pytest.mark.parametrize("name", GAMES)
def test_an_edited_plot_point_fails_naming_its_plot(pages: dict[str, Page], name: str, tmp_path: Path) -> None:
    page = pages[name]
    charts = page.html.index('<section id="charts"')
    caption = re.compile(r"<figcaption>([^<]+)</figcaption>").search(page.html, charts)
    line = re.compile(r'<path class="c\d" d="M[\d.]+ ([\d.]+)H').search(page.html, charts)
    assert caption is not None and line is not None
    changed = page.html[: line.start(1)] + str(float(line.group(1)) + 3) + page.html[line.end(1) :]
    problems = failed(verify(page, edited(page, tmp_path, changed)))
    assert len(problems) == 1 and problems[0].startswith(f"✗ the page was changed: the plot “{caption.group(1)}”: the page shows <path")


def _picture(html: str) -> tuple[re.Match[str], Image.Image]:
    img = re.search(r'<img src="data:image/png;base64,([^"]+)"', html)
    assert img is not None
    return img, Image.open(io.BytesIO(base64.b64decode(img.group(1))))


def _png(image: Image.Image, **options: object) -> str:
    out = io.BytesIO()
    image.save(out, "PNG", **options)
    return base64.b64encode(out.getvalue()).decode("ascii")


@pytest.mark.parametrize("name", GAMES)
def test_an_edited_picture_fails_naming_its_entry(pages: dict[str, Page], name: str, tmp_path: Path) -> None:
    page = pages[name]
    img, picture = _picture(page.html)
    rgb = picture.convert("RGB")
    x, y = rgb.width // 2, rgb.height // 2
    r, g, b = rgb.getpixel((x, y))  # type: ignore[misc]
    rgb.putpixel((x, y), (255 - r, 255 - g, 255 - b))
    changed = page.html[: img.start(1)] + _png(rgb) + page.html[img.end(1) :]
    problems = failed(verify(page, edited(page, tmp_path, changed)))
    where = f"the timeline, {entry_at(page.html, img.start())}, post {post_at(page.html, img.start())}"
    assert problems == [f"✗ the page was changed: {where}: its picture is not the one the journal makes (the pixels differ)"]


@pytest.mark.parametrize("name", GAMES)
def test_a_picture_written_again_with_the_same_pixels_still_passes(pages: dict[str, Page], name: str, tmp_path: Path) -> None:
    page = pages[name]
    img, picture = _picture(page.html)
    again = _png(picture.convert("RGBA"), compress_level=1)
    assert again != img.group(1)
    res = verify(page, edited(page, tmp_path, page.html[: img.start(1)] + again + page.html[img.end(1) :]))
    assert res.exit_code == 0 and f"✓ {PAGE_PROVED}" in res.output.splitlines()


def test_the_repro_of_issue_31_a_doctored_result_and_cell_no_longer_verifies(pages: dict[str, Page], tmp_path: Path) -> None:
    page = pages["hap-tac-toe"]
    assert "Hedger won, 4 to 3" in page.html and '<td class="num">2.5</td>' in page.html
    doctored = page.html.replace("Hedger won, 4 to 3", "Uri won, 4 to 3").replace('<td class="num">2.5</td>', '<td class="num">9.5</td>')
    problems = failed(verify(page, edited(page, tmp_path, doctored)))
    assert any("the result: the page shows “Uri won, 4 to 3”" in p for p in problems)
    assert any("the standings, row 2 (Uri)" in p and "“9.5”" in p for p in problems)


def test_a_renamed_page_still_verifies_its_command_names_the_name_it_was_written_with(pages: dict[str, Page], tmp_path: Path) -> None:
    page = pages["choice-match"]
    renamed = tmp_path / "downloaded (1).html"
    renamed.write_bytes(page.path.read_bytes())
    res = verify(page, renamed)
    assert res.exit_code == 0 and f"✓ {PAGE_PROVED}" in res.output.splitlines()


def test_a_page_whose_journal_predates_shown_says_its_content_was_not_checked(tmp_path: Path) -> None:
    journal = tmp_path / "old.jsonl"
    journal.write_bytes(OLD_JOURNAL.read_bytes())
    page = tmp_path / "old.html"
    write(journal, page)
    res = RUNNER.invoke(app, ["verify", str(page)], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert f"? {PAGE_OPEN}" in res.output.splitlines()
    assert PAGE_OPEN in htmllib.unescape(page.read_text(encoding="utf-8"))  # and the page says so of itself


def test_a_page_with_an_element_added_fails_saying_it_no_longer_lines_up(pages: dict[str, Page], tmp_path: Path) -> None:
    page = pages["hap-tac-toe"]
    at = page.html.index('<section id="timeline"')
    changed = page.html[:at] + "<p>Uri was robbed.</p>" + page.html[at:]
    problems = failed(verify(page, edited(page, tmp_path, changed)))
    assert (
        problems[-1]
        == "✗ the page was changed: from there on the page does not line up with the one its journal makes (something was added or taken out)"
    )
