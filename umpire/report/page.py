"""The report page: one self-contained HTML file (Jinja2, autoescaped) that makes no network request.

Styles are inline, there is no script and no font file (the reader's own sans-serif), pictures
are data URIs, plots inline SVG, and the published journal is the download link's `data:` URI.
The whole page stays under LIMIT bytes: pictures are thinned (`pictures.keep`) until it does.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from umpire import __version__
from umpire.games.base import JSON
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
class Table:
    """The standings: a column per public number or fact, a row per player."""

    columns: list[str]
    rows: list[tuple[str, list[str]]]
    winners: tuple[str, ...] = ()


@dataclass(kw_only=True)
class Page:
    """What the template is given."""

    match: Match
    file_name: str
    journal_name: str
    result: str
    table: Table
    charts: list[tuple[plots.Series, Markup]]
    posts: dict[tuple[int, int], PostView]  # (item, post) -> view
    verify_lines: list[str] = field(default_factory=list)
    verify_command: str = ""
    journal_uri: str = ""
    version: str = __version__


def _display(value: JSON) -> str | None:
    if isinstance(value, bool):
        return "yes" if value else "—"
    if isinstance(value, int | float):
        return plots._fmt(float(value))
    if isinstance(value, str) and len(value) <= 40:
        return value
    return None


def table(knowledge: dict[str, JSON], players: tuple[str, ...], outcome: Outcome | None = None) -> Table:
    """The standings from what everyone may know at the end: each per-player fact that tells the players apart, in the
    order of the match's result (its ranking) and with its winners marked."""
    columns: dict[str, dict[str, str]] = {}
    names = set(players)
    for key, value in knowledge.items():
        if not isinstance(value, dict) or not value or not set(value) <= names:
            continue
        for player, v in value.items():
            subs = v.items() if isinstance(v, dict) else [("", v)]
            for sub, x in subs:
                shown = _display(x)
                if shown is not None:
                    columns.setdefault(f"{key}.{sub}" if sub else key, {})[player] = shown
    kept: dict[str, list[str]] = {}
    for key, cells in columns.items():
        col = [cells.get(p, "") for p in players]
        if len(set(col)) > 1 and col not in kept.values():
            kept[key] = col
    order = outcome.order(players) if outcome is not None else list(players)
    index = {p: i for i, p in enumerate(players)}
    return Table(
        columns=[plots.label(k) for k in kept],
        rows=[(p, [col[index[p]] for col in kept.values()]) for p in order],
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

    with tempfile.TemporaryDirectory(prefix="umpire-report-") as tmp:
        inner = Path(tmp) / "journal.jsonl"
        inner.write_bytes(data)
        rep = check(inner, posted=commitment, final_hash=final_hash, shown_as=name)
    return rep.lines()


def environment() -> Environment:
    """The template environment: autoescaping on (player text is untrusted), undefined names an error."""
    env = Environment(loader=PackageLoader("umpire.report", "templates"), autoescape=True, undefined=StrictUndefined)
    env.filters["plot"] = plots.svg
    return env


def render(match: Match, *, file_name: str, journal_name: str) -> str:
    """The page's HTML, under LIMIT bytes (pictures thinned until it is)."""
    pub = match.published
    f = match.fairness
    base: dict[str, Any] = {
        "match": match,
        "file_name": file_name,
        "journal_name": journal_name,
        "result": result(match),
        "table": table(match.knowledge, match.players, match.outcome),
        "charts": [(s, plots.svg(s, f"plot{i}")) for i, s in enumerate(plots.series(match.samples, match.players))],
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
