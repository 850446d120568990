"""`umpire resume`, `umpire replay` and `umpire verify`: everything rebuilt from a journal."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from umpire.cli import app


@app.command()
def resume(journal: Path = typer.Argument(..., help="The journal of the game to continue.")) -> None:
    """Rebuild a game from its journal (after a crash, or another day) and continue it in the REPL."""
    from umpire.cli.common import abort, stdout_utf8
    from umpire.core.clock import fmt_stamp
    from umpire.core.journal import JournalError
    from umpire.session import Session

    stdout_utf8()
    try:
        session, _, loaded = Session.load(journal, reopen=True)
    except JournalError as exc:
        abort(f"{exc} — nothing was changed")
    intro = [f"Resumed {journal}: {len(loaded.entries)} entries replayed; game clock at {fmt_stamp(session.now)}."]
    if loaded.torn is not None:
        intro.append(
            f"The last line (line {loaded.torn_line}) was cut off by a crash; the game continues from the last whole entry. "
            f"The cut-off text was kept in {journal}.torn."
        )
    if not session.paused:
        session.feed("pause")
    intro.append("The clocks are paused: “resume” restarts them.")
    from umpire.repl import run

    run(session, intro=intro)


@app.command()
def replay(
    journal: Path = typer.Argument(..., help="The journal to replay."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per line: each event, then the final state."),
) -> None:
    """Print a game's announcements again from its journal, exactly as they were made."""
    from umpire.cli.common import abort, stdout_utf8
    from umpire.core.journal import JournalError
    from umpire.render import dumps, json_lines, text_lines
    from umpire.session import Session

    stdout_utf8()
    try:
        session, outputs, loaded = Session.load(journal, reopen=False)
    except JournalError as exc:
        abort(str(exc))
    if json_out:
        for line in json_lines(outputs):
            sys.stdout.write(line + "\n")
        sys.stdout.write(dumps(session.final()) + "\n")
    else:
        names = tuple(p.name for p in session.scenario.roster)
        for line in text_lines(outputs, names):
            sys.stdout.write(line + "\n")
        if loaded.torn is not None:
            typer.echo(f"(line {loaded.torn_line} was cut off by a crash and is not part of the game)", err=True)


@app.command()
def verify(
    journal: Path = typer.Argument(..., help="The journal to audit."),
    commitment: str = typer.Option(None, "--commitment", "-c", help="The commitment the host posted, to check too."),
    json_out: bool = typer.Option(False, "--json", help="The report as JSON."),
) -> None:
    """Check the fairness commitment and re-derive every generated item from the seed.

    Exit code 0: everything matches; 1: something does not; 2: the journal cannot be read.
    """
    from umpire.cli.common import abort, dumps, stdout_utf8
    from umpire.core.journal import JournalError
    from umpire.verify import verify as run_verify

    stdout_utf8()
    try:
        rep = run_verify(journal, posted=commitment)
    except JournalError as exc:
        if json_out:
            typer.echo(dumps({"ok": False, "journal": str(journal), "problems": [str(exc)]}))
            raise typer.Exit(2) from None
        abort(str(exc))
    if json_out:
        typer.echo(dumps(rep.to_json()))
    else:
        mark = "✓" if rep.commitment_ok else "✗"
        typer.echo(f"{mark} commitment {rep.commitment} = SHA-256(salt:seed)")
        if rep.posted_ok is not None:
            typer.echo(("✓" if rep.posted_ok else "✗") + " the posted commitment matches")
        typer.echo(
            f"✓ replayed {rep.entries} entries; {rep.generated} generated items re-derived from the seed"
            if not rep.problems
            else f"  replayed {rep.entries} entries"
        )
        for p in rep.problems:
            typer.echo(f"✗ {p}")
        for n in rep.notes:
            typer.echo(f"  note: {n}")
        typer.echo("VERIFIED: nothing was rigged." if rep.ok else "NOT VERIFIED.")
    raise typer.Exit(0 if rep.ok else 1)
