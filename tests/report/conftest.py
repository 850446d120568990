"""Reports of every bundled scenario's transcript (each tests/transcripts/*.script run into a journal),
made once per test session, and a real Chromium to open them in when this machine has one."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.testgames import scenario_path
from tests.transcript_support import ROOT, TRANSCRIPTS, header, run
from umpire.images.canvas import TextMark
from umpire.report import write
from umpire.scenario import parse
from umpire.session import Session

SCRIPTS = sorted(TRANSCRIPTS.glob("*.script"))
CHROMIUM = Path(os.environ.get("UMPIRE_CHROMIUM", "/usr/bin/chromium"))
# axe-core, the accessibility checker, as .ci/run installs it from the npm registry (pinned there); the test injects
# this file into the page, which itself loads nothing.
AXE = Path(os.environ.get("UMPIRE_AXE", ROOT / "build" / "axe" / "node_modules" / "axe-core" / "axe.min.js"))
# The longest name a scenario takes (a Discord display name's 32 characters), with no space to break at.
LONG_NAME = "Hedgerton_Fitzwilliam_Blackwood3"
REQUIRED = os.environ.get("CI") == "true"  # CI has Chromium (.ci/run installs it): there a missing browser fails the tests
# Chromium as a test runs it: nothing it may fetch by itself (updates, sync, field trials), a fresh profile.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@dataclass(frozen=True)
class Report:
    """One transcript's journal and the report written from it."""

    name: str
    journal: Path
    page: Path

    @property
    def html(self) -> bytes:
        return self.page.read_bytes()

    def entries(self) -> list[dict]:
        return [json.loads(line) for line in self.journal.read_bytes().splitlines()[1:]]


@pytest.fixture(scope="session")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Report]:
    """Every transcript run into a journal (as `umpire play SCENARIO --seed N --script FILE --journal J` would), and its report."""
    out: dict[str, Report] = {}
    for script in SCRIPTS:
        folder = tmp_path_factory.mktemp(script.stem)
        journal = folder / f"{script.stem}.journal.jsonl"
        run(script, json_out=True, journal=journal)
        page = folder / f"{script.stem}.html"
        write(journal, page)
        out[script.stem] = Report(name=script.stem, journal=journal, page=page)
    return out


@pytest.fixture(scope="session")
def long_name_reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Report]:
    """Every transcript played again with Hedger called `LONG_NAME` (the same seed and moves: players are named by alias), and its report."""
    out: dict[str, Report] = {}
    for script in SCRIPTS:
        folder = tmp_path_factory.mktemp(f"{script.stem}-long")
        stem = header(script)["scenario"]
        toml = scenario_path(stem).read_text(encoding="utf-8")
        assert 'name = "Hedger"' in toml
        scenario = parse(toml.replace('name = "Hedger"', f'name = "{LONG_NAME}"'), f"scenarios/{stem}.toml")
        renamed = folder / script.name
        renamed.write_text(script.read_text(encoding="utf-8").replace("Hedger", LONG_NAME), encoding="utf-8")
        journal = folder / f"{script.stem}.journal.jsonl"
        run(renamed, json_out=True, journal=journal, scenario=scenario)
        page = folder / f"{script.stem}.html"
        write(journal, page)
        out[script.stem] = Report(name=script.stem, journal=journal, page=page)
    return out


@dataclass(frozen=True)
class Drawn:
    """One picture a transcript posted, as drawn: what it shows, its width in pixels and the texts on it."""

    value: object  # the picture value (a board, a table…)
    width: int
    marks: tuple[TextMark, ...]
    to: str  # "public", or the player whose DM it is


@pytest.fixture(scope="session")
def drawn(reports: dict[str, Report]) -> dict[str, list[Drawn]]:
    """Every picture each transcript's journal posts, public or in a DM, drawn as it would be copied."""
    return draw_all(reports)


@pytest.fixture(scope="session")
def long_name_drawn(long_name_reports: dict[str, Report]) -> dict[str, list[Drawn]]:
    """The same, with Hedger called `LONG_NAME`."""
    return draw_all(long_name_reports)


def draw_all(reports: dict[str, Report]) -> dict[str, list[Drawn]]:
    """Every picture each report's journal posts, drawn, with what it shows and the texts on it."""
    import umpire.images

    out: dict[str, list[Drawn]] = {}
    for name, report in reports.items():
        found: list[Drawn] = []
        _, _, steps = Session.stream(report.journal)
        for _, outputs in steps:
            for o in outputs:
                if o.post is None or o.post.image is None:
                    continue
                got: list[tuple[object, int, tuple[TextMark, ...]]] = []

                def record(value: object, *, scale: int = umpire.images.SCALE, got: list = got) -> bytes:
                    canvas = umpire.images.render(value, scale=scale)  # type: ignore[arg-type]
                    got.append((value, canvas.image.width, tuple(canvas.marks)))
                    return canvas.png()

                with pytest.MonkeyPatch.context() as mp:
                    mp.setattr(umpire.images, "draw", record)  # the pictures import `draw` when they are drawn
                    o.post.image()
                assert len(got) == 1, "one picture a post"
                value, width, marks = got[0]
                found.append(Drawn(value=value, width=width, marks=marks, to="public" if o.audience.public else str(o.audience)))
        out[name] = found
    return out


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium; CI installs it in .ci/run)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Debian's Chromium driven by Playwright (never a downloaded browser), with a fresh profile.

    Module-scoped: Playwright's sync API holds an asyncio loop while it runs, which the REPL tests
    after this module need free."""
    why = chromium_missing()
    if why is not None:
        if REQUIRED:
            pytest.fail(f"CI installs Chromium in .ci/run, yet: {why}")
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


def screenshots_dir(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """Where a test leaves its screenshots: UMPIRE_SCREENSHOTS if set, else the test's own output folder."""
    chosen = os.environ.get("UMPIRE_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder
