"""`umpire new GAME`: write a scenario with every key at its default, ready to edit."""

from __future__ import annotations

from pathlib import Path

import typer

from umpire.cli import app


@app.command()
def new(
    game: str = typer.Argument(..., help="The game, e.g. hap-tac-toe (see `umpire games`)."),
    output: Path = typer.Option(None, "--output", "-o", help="Where to write it (default: GAME.toml here)."),
    players: str = typer.Option("", "--players", help='Display names by seat, comma-separated, e.g. "Hedger,Uri".'),
    seed: int = typer.Option(None, "--seed", help="A fixed seed (default: none; each game draws one)."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Write a new scenario file for GAME (TOML), every rules key at its default."""
    import tomli_w

    from umpire.cli.common import abort
    from umpire.games import get, keys
    from umpire.scenario import parse, template

    g = get(game)
    if g is None:
        abort(f"unknown game {game!r} (games: {', '.join(sorted(keys()))})")
    names = [n.strip() for n in players.split(",") if n.strip()] or None
    lo, hi = g.players
    if names is not None and not lo <= len(names) <= hi:
        abort(f"{g.title} needs {lo}{'' if lo == hi else f'–{hi}'} players, --players names {len(names)}")
    data = template(g, players=names, seed=seed)
    text = (
        f"# {g.title} scenario, written by `umpire new {g.key}`.\n"
        "# Every key is explained in docs/scenarios.md; `umpire play THIS_FILE` starts it.\n" + tomli_w.dumps(data)
    )
    parse(text, "the new scenario")  # what we write must load
    path = output or Path(f"{g.key}.toml")
    if path.exists() and not force:
        abort(f"{path} exists; use --force to overwrite it")
    path.write_text(text, encoding="utf-8")
    typer.echo(f"Wrote {path}. Edit the players and [rules], then: umpire play {path}")
