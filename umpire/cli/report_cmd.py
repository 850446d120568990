"""`umpire report`: a match's page for the players, from the host's journal."""

from __future__ import annotations

from pathlib import Path

import typer

from umpire.cli.root import app


def default_output(journal: Path) -> Path:
    """Where the page goes unless `-o` says: beside the journal, its name ending `.html`.

    >>> default_output(Path("games/final.journal.jsonl")).as_posix(), default_output(Path("game")).as_posix()
    ('games/final.journal.html', 'game.html')
    """
    name = journal.name.removesuffix(".jsonl")
    return journal.with_name(f"{name}.html")


def _refusal(journal: Path, out: Path) -> str | None:
    """Why the page may not be written to `out`, or None: never over the journal, its key file or any file but a report."""
    from umpire.report.embedded import is_page

    if out.resolve() == journal.resolve() or out.name.endswith((".key", ".lock", ".torn")):
        return f"{out} is the journal or a file beside it; write the page to a file of its own (-o MATCH.html)"
    if out.is_dir():
        return f"{out} is a folder; name the page's file (-o {out / 'match.html'})"
    if out.exists():
        try:
            with open(out, "rb") as f:
                head = f.read(512)
        except OSError as exc:
            return f"cannot read {out} to check what it is ({exc.strerror or exc})"
        if not is_page(head):
            return f"{out} exists and is not a report page; only a report is overwritten (choose another name with -o)"
    return None


@app.command()
def report(
    journal: Path = typer.Argument(..., help="The journal of the match (the host's, with its key file if the seed was not revealed)."),
    output: Path = typer.Option(
        None, "--output", "-o", metavar="FILE", help="The page to write (default: beside the journal, ending .html)."
    ),
) -> None:
    """Write a match's report: one HTML page players can open anywhere and audit.

    The page shows the result, the standings, every public ruling in order with the game clock
    and the pictures, plots over time, and the fairness values with the journal embedded as it
    may be published (every private payload replaced by its salted digest), so `umpire verify
    PAGE.html` checks it. It holds nothing the game did not make public, and loads nothing.
    """
    from umpire.cli.common import abort, stdout_utf8
    from umpire.core.journal import JournalError
    from umpire.report import write
    from umpire.report.page import LIMIT

    stdout_utf8()
    out = output if output is not None else default_output(journal)
    why = _refusal(journal, out)
    if why is not None:
        abort(why)
    try:
        size = write(journal, out)
    except JournalError as exc:
        abort(f"{exc} — no report was written")
    except OSError as exc:
        abort(f"cannot write {out} ({exc.strerror or exc}) — no report was written")
    typer.echo(f"Wrote {out} ({size / 1000:,.0f} kB): open it in any browser; it loads nothing from the network.")
    if size >= LIMIT:
        typer.echo(f"Note: the page is over {LIMIT / 1_000_000:g} MB even with its pictures left out (a very long match).")
    typer.echo(f"Players can check it with: umpire verify {out.name} --commitment HEX --final-hash HEX (the values posted in the chat)")
