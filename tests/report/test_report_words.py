"""The words a report and the posted pictures label things with are the players' words, listed in
docs/report.md ("The words it uses"), never a name from a game's JSON: every column head and plot
title of every bundled transcript's page, and every column head of every table picture it posts."""

from __future__ import annotations

import html
import re

import pytest

from tests.report.conftest import SCRIPTS, Drawn, Report
from tests.testgames import scenario_path
from tests.transcript_support import ROOT
from umpire import games
from umpire.core.settings import Settings
from umpire.games import entries
from umpire.images import Standings
from umpire.scenario import parse

NAMES = [p.stem for p in SCRIPTS]


def glossary() -> set[str]:
    """The words docs/report.md lists, case folded (a picture's heads are lower case)."""
    text = (ROOT / "docs" / "report.md").read_text(encoding="utf-8")
    section = text.split("## The words it uses", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| word ")]
    words = {row.split("|")[1].strip().casefold() for row in rows}
    assert len(words) >= 20
    return words


def page_labels(page: str) -> list[str]:
    """Every column head of the standings and every plot's title on a page."""
    heads = re.findall(r'<th scope="col"[^>]*>(.*?)</th>', page)
    captions = re.findall(r"<figcaption>(.*?)</figcaption>", page)
    titles = [t.removesuffix(" over the game clock") for t in re.findall(r'<title id="plot\d+-t">(.*?)</title>', page)]
    return [html.unescape(x) for x in heads + captions + titles]


@pytest.mark.parametrize("name", NAMES)
def test_every_label_on_the_page_is_a_word_players_use(reports: dict[str, Report], name: str) -> None:
    words = glossary()
    labels = page_labels(reports[name].html.decode("utf-8"))
    assert labels, f"{name}'s page labels its standings"
    assert [x for x in labels if x.casefold() not in words] == []


@pytest.mark.parametrize("name", NAMES)
def test_every_column_head_of_a_posted_table_is_a_word_players_use(drawn: dict[str, list[Drawn]], name: str) -> None:
    words = glossary()
    heads = {c for d in drawn[name] if isinstance(d.value, Standings) for c in d.value.columns}
    assert [x for x in heads if x.casefold() not in words] == []


@pytest.mark.parametrize("key", [e.key for e in entries()])
def test_every_game_names_each_fact_its_report_shows_in_players_words(key: str) -> None:
    """Each bundled game declares its public facts (with its bundled scenario's settings), one of them deciding
    the match, each under a listed word."""
    entry = games.entry(key)
    game = games.get(key)
    assert entry is not None and game is not None
    path = scenario_path(entry.scenario)
    settings = Settings(parse(path.read_text(encoding="utf-8"), str(path)).settings)
    facts = game.facts(settings)
    assert any(f.decides for f in facts), f"{key}: one fact decides the match"
    assert [f.label for f in facts if f.label.casefold() not in glossary()] == []
