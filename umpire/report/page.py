"""The report page: one self-contained HTML file (Jinja2, autoescaped) that makes no network request.

Styles are inline, there is no script and no font file (the reader's own sans-serif), pictures
are data URIs, plots inline SVG, and the published journal is the download link's `data:` URI.
The whole page stays under LIMIT bytes: pictures are thinned (`pictures.keep`) until it does.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from umpire import __version__
from umpire.games.base import JSON
from umpire.games.facts import Fact
from umpire.games.outcome import Outcome
from umpire.report import embedded, markdown, pictures, plots
from umpire.report.match import Match

LIMIT = 1_000_000  # bytes: a whole match's page stays under 1 MB
MARGIN = 24_000  # kept free under LIMIT for what the first estimate of the page's size missed


@dataclass(kw_only=True)
class PostView:
    """One post as the page shows it."""

    html: Markup
    folded: Markup = field(default_factory=Markup)  # the same with its code blocks folded away (when its picture is shown)
    picture: pictures.Picture | None = None
    alt: str = ""
    left_out: bool = False  # it has a picture that the page had no room for


@dataclass(kw_only=True)
class Column:
    """A column of the standings: a public fact, under the name players know it by."""

    label: str
    numeric: bool  # every cell reads as a number (aligned right)
    decides: bool  # the number that decides the match (right after the name)
    note: str = ""  # how the number is counted (a rounding rule), shown under the table


@dataclass(kw_only=True)
class Row:
    """One player's row: their place (when the game ranks), name and cells."""

    place: str
    name: str
    cells: list[str]


@dataclass(kw_only=True)
class Table:
    """The standings: a column per public fact that tells the players apart, a row per player."""

    columns: list[Column]
    rows: list[Row]
    ranked: bool = False  # rows in the game's ranking, with a Place column
    winners: tuple[str, ...] = ()  # every winner of the match's result, marked in the table

    @property
    def notes(self) -> list[str]:
        """How the numbers that need it are counted, a line per column."""
        return [f"{c.label}: {c.note}." for c in self.columns if c.note]


@dataclass(kw_only=True)
class Page:
    """What the template is given."""

    match: Match
    file_name: str
    journal_name: str
    result: str
    table: Table
    charts: list[plots.Chart]
    posts: dict[tuple[int, int], PostView]  # (item, post) -> view
    verify_lines: list[str] = field(default_factory=list)
    verify_command: str = ""
    journal_uri: str = ""
    version: str = __version__


_NUMBER = re.compile(r"^[-+−]?\d[\d.,:/]*$")


def display(value: JSON, fact: Fact) -> str | None:
    """A fact's value as a cell: a number as written, a yes/no in the fact's words, a list joined; None: nothing to show.

    >>> f = Fact(key="ec", label="Elimination candidate", yes="EC", no="")
    >>> [display(v, f) for v in (True, False, 2.5, 3, "Heaven", ["Goofspiel", "Gyul Hap"], [], None, {"a": 1})]
    ['EC', '', '2.5', '3', 'Heaven', 'Goofspiel, Gyul Hap', '—', None, None]
    """
    if isinstance(value, bool):
        return fact.yes if value else fact.no
    if isinstance(value, int | float):
        return plots._fmt(float(value))
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "—"
    return None


def _columns(knowledge: dict[str, JSON], players: tuple[str, ...], facts: Sequence[Fact]) -> list[tuple[Column, list[str]]]:
    """Each declared fact that has values, once per label, the deciding ones first; a column that tells no player apart
    (all cells alike) or repeats another is left out, unless it decides."""
    found: list[tuple[Column, list[str]]] = []
    labels: set[str] = set()
    for fact in sorted(facts, key=lambda f: not f.decides):
        values = fact.values(knowledge, players)
        cells = {p: display(v, fact) for p, v in values.items()}
        col = [cells.get(p) or "" for p in players]
        if fact.label in labels or not any(col):
            continue
        if not fact.decides and (len(set(col)) < 2 or any(col == other for _, other in found)):
            continue
        labels.add(fact.label)
        numeric = all(_NUMBER.match(c) for c in col if c)
        found.append((Column(label=fact.label, numeric=numeric, decides=fact.decides, note=fact.note), col))
    return found


def table(knowledge: dict[str, JSON], players: tuple[str, ...], facts: Sequence[Fact], outcome: Outcome | None = None) -> Table:
    """The standings from what everyone may know at the end: the game's declared facts about each player, the one that
    decides first, in the order of the match's result (its ranking, with places) and with its winners marked."""
    found = _columns(knowledge, players, facts)
    names = set(players)
    ranked = outcome is not None and bool(outcome.ranking) and len(players) > 2  # two players: "(winner)" says it all
    order = outcome.order(players) if outcome is not None else list(players)
    place = {p.player: str(p.place) for p in outcome.ranking} if outcome is not None else {}
    index = {p: i for i, p in enumerate(players)}
    return Table(
        columns=[c for c, _ in found],
        rows=[Row(place=place.get(p, ""), name=p, cells=[col[index[p]] for _, col in found]) for p in order],
        ranked=ranked,
        winners=tuple(w for w in outcome.winners if w in names) if outcome is not None else (),
    )


def result(match: Match) -> str:
    """The match's result as the game states it (its `Outcome`), or how far the journal goes."""
    if not match.over:
        last = match.items[-1].clock if match.items else "0:00"
        return f"Not over: the journal ends at {last} on the game clock."
    return match.outcome.summary if match.outcome is not None else "The match is over."


Drawn = list[tuple[tuple[int, int], pictures.Picture]]


def _views(match: Match) -> tuple[dict[tuple[int, int], PostView], Drawn]:
    """Every post as HTML (no picture yet), and every picture drawn for the page, by (item, post)."""
    views: dict[tuple[int, int], PostView] = {}
    drawn: Drawn = []
    for i, item in enumerate(match.items):
        for j, post in enumerate(item.posts):
            views[(i, j)] = PostView(html=markdown.to_html(post.text), alt=markdown.plain(post.text), left_out=post.image is not None)
            if post.image is not None:
                views[(i, j)].folded = markdown.to_html(post.text, fold_code=True)
                drawn.append(((i, j), pictures.shrink(post.image())))
    return views, drawn


def _with_pictures(views: dict[tuple[int, int], PostView], drawn: Drawn, budget: int) -> dict[tuple[int, int], PostView]:
    """The posts with the pictures the budget has room for (`pictures.keep`)."""
    chosen = pictures.keep([p.size for _, p in drawn], budget)
    out = dict(views)
    for k, (where, picture) in enumerate(drawn):
        if k in chosen:
            out[where] = PostView(html=views[where].folded, alt=views[where].alt, picture=picture)
    return out


def _verified(data: bytes, name: str, commitment: str, final_hash: str | None) -> list[str]:
    """What `umpire verify` says of the published journal, given the values this page shows."""
    from umpire.verify import check
    from umpire.verify_page import page_line

    with tempfile.TemporaryDirectory(prefix="umpire-report-") as tmp:
        inner = Path(tmp) / "journal.jsonl"
        inner.write_bytes(data)
        rep = check(inner, posted=commitment, final_hash=final_hash, shown_as=name)
    rep.checks.append(page_line(data))  # what verify adds of the page itself (umpire/verify_page.py), as it says it of this one
    return rep.lines()


def environment() -> Environment:
    """The template environment: autoescaping on (player text is untrusted), undefined names an error."""
    env = Environment(loader=PackageLoader("umpire.report", "templates"), autoescape=True, undefined=StrictUndefined)
    env.filters["plot"] = plots.svg
    return env


def render(match: Match, *, file_name: str, journal_name: str, version: str = __version__) -> str:
    """The page's HTML, under LIMIT bytes (pictures thinned until it is); `version`: the umpire it says wrote it."""
    pub = match.published
    f = match.fairness
    base: dict[str, Any] = {
        "match": match,
        "file_name": file_name,
        "journal_name": journal_name,
        "result": result(match),
        "table": table(match.knowledge, match.players, match.facts, match.outcome),
        "charts": [plots.chart(s, f"plot{i}") for i, s in enumerate(plots.series(match.samples, match.players, match.facts))],
        "version": version,
    }
    if pub.data is not None:
        base["journal_uri"] = embedded.data_uri(pub.data)
        base["verify_lines"] = _verified(pub.data, file_name, f.commitment, f.final_hash)
        posted = f" --final-hash {f.final_hash}" if f.final_hash else ""
        base["verify_command"] = f"umpire verify {file_name} --commitment {f.commitment}{posted}"
    template = environment().get_template("report.html.j2")
    views, drawn = _views(match)
    budget = LIMIT - MARGIN - len(template.render(page=Page(posts=views, **base)).encode("utf-8"))
    while True:
        html = template.render(page=Page(posts=_with_pictures(views, drawn, budget), **base))
        size = len(html.encode("utf-8"))
        if size < LIMIT or budget <= 0:
            return html
        budget -= size - LIMIT + MARGIN
