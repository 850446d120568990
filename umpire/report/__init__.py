"""`umpire report`: one self-contained HTML page per match, that players can open anywhere and audit.

* `match` — replay the host's journal and keep only what the public may see;
* `publish` — the journal as the page embeds it, every private payload replaced by its salted digest;
* `markdown` — chat text as escaped HTML;
* `pictures` — the game's pictures as small data URIs;
* `plots` — scores, chips, money and tokens over time as inline SVG;
* `page` — the page itself (Jinja2, autoescaped; templates/report.html.j2);
* `embedded` — the journal in the page, and reading it back (`umpire verify report.html`).

docs/report.md says what the page shows, what it leaves out, and what `verify` proves of it.
"""

from __future__ import annotations

from pathlib import Path


def write(journal: str | Path, out: str | Path) -> int:
    """Write the report of `journal` to `out`; returns its size in bytes. Raises JournalError when the journal cannot be replayed."""
    from umpire.report.match import collect
    from umpire.report.page import render

    target = Path(out)
    stem = target.name[: -len(".html")] if target.name.endswith(".html") else target.name
    html = render(collect(journal), file_name=target.name, journal_name=f"{stem}.journal.jsonl")
    data = html.encode("utf-8")
    target.write_bytes(data)
    return len(data)
