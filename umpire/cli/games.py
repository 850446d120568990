"""`umpire games`: the games umpire hosts and the bundled scenarios."""

from __future__ import annotations

import typer

from umpire.cli import app


@app.command()
def games() -> None:
    """List the games and the bundled scenarios."""
    from umpire.cli.common import bundled
    from umpire.games import registry
    from umpire.scenario import ScenarioError, load

    typer.echo("Games:")
    for key, game in sorted(registry().items()):
        lo, hi = game.players
        count = f"{lo}" if lo == hi else f"{lo}–{hi}"
        typer.echo(f"  {key:<20} {game.title} ({count} players) — {game.doc}")
    typer.echo("\nBundled scenarios (umpire play NAME):")
    for path in bundled():
        try:
            sc = load(path)
            typer.echo(f"  {path.stem:<20} {sc.title} — {', '.join(p.name for p in sc.roster)}")
        except ScenarioError as exc:
            typer.echo(f"  {path.stem:<20} (unreadable: {exc})")
