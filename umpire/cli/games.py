"""`umpire games`: the games umpire hosts and the bundled scenarios, without importing any game."""

from __future__ import annotations

from pathlib import Path

import typer

from umpire.cli.root import app

WIDTH = 80  # the listing fits an 80-column terminal; longer descriptions wrap under their column
# What an installed umpire has of the rules: the docs/ pages are in its source, not in what pip installs.
RULES_NOTE = (
    "The Rules pages are in docs/ of umpire's source; pip does not install them. "
    "Installed, `umpire play NAME` opens a game's REPL, where `rules` lists the house rulings in force "
    "and `help` every command with an example."
)


@app.command(short_help="List the games, the players they seat, and the bundled scenarios.")
def games() -> None:
    """List the games and the bundled scenarios.

    A game's name hosts its bundled scenario: `umpire play open-pass` is
    `umpire play open-pass-heaven-hell`.
    """
    from umpire.cli.common import bundled, bundled_kits, stdout_utf8

    stdout_utf8()
    for line in [*listing(bundled()), *kit_listing(bundled_kits())]:
        typer.echo(line)


def kit_listing(kit_files: list[Path]) -> list[str]:
    """The bundled kit games: a game in one TOML file each (docs/writing-a-kit-game.md), read as plain TOML."""
    import tomllib

    rows = []
    for path in kit_files:
        try:
            game = tomllib.loads(path.read_text(encoding="utf-8")).get("game", {})
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            rows.append((f"kit/{path.stem}", "?", f"(unreadable: {exc})"))
            continue
        players = game.get("players") if isinstance(game, dict) else None
        seats = f"{players[0]}–{players[1]}" if isinstance(players, list) and len(players) == 2 else "?"
        title = game.get("title") if isinstance(game, dict) else None
        rows.append((f"kit/{path.stem}", seats, title if isinstance(title, str) else path.stem))
    if not rows:
        return []
    name_w = max(len("NAME"), *(len(r[0]) for r in rows))
    out = ["", "Kit games, each a whole game in one TOML file (`umpire play kit/NAME`;", "write your own: docs/writing-a-kit-game.md):", ""]
    out.append(f"  {'NAME':<{name_w}}  PLAYERS  TITLE")
    return out + [f"  {name:<{name_w}}  {seats:<7}  {title}" for name, seats, title in rows]


def listing(scenario_files: list[Path]) -> list[str]:
    """The text of `umpire games`: every registered game (from the registry alone), then the bundled scenarios."""
    import textwrap

    from umpire.games import entries

    games = entries()
    key_w = max(len("NAME"), *(len(g.key) for g in games))
    count_w = max(len("PLAYERS"), *(len(g.player_count()) for g in games))
    indent = 2 + key_w + 2 + count_w + 2
    out = [
        "Games (`umpire play NAME` hosts its bundled scenario):",
        "",
        f"  {'NAME':<{key_w}}  {'PLAYERS':<{count_w}}  TITLE",
    ]
    for g in games:
        out.append(f"  {g.key:<{key_w}}  {g.player_count():<{count_w}}  {g.title}")
        out += textwrap.wrap(g.summary, width=WIDTH, initial_indent=" " * indent, subsequent_indent=" " * indent, break_on_hyphens=False)
        out.append(" " * indent + f"Rules: {g.doc}")
    out += ["", *textwrap.wrap(RULES_NOTE, width=WIDTH, break_on_hyphens=False)]
    rows = [_scenario_row(p) for p in scenario_files]
    if rows:
        name_w = max(len("NAME"), *(len(r[0]) for r in rows))
        seats_w = len("PLAYERS")
        out += ["", "Bundled scenarios (`umpire play NAME`):", "", f"  {'NAME':<{name_w}}  {'PLAYERS':<{seats_w}}  TITLE"]
        out += [f"  {name:<{name_w}}  {seats:<{seats_w}}  {title}" for name, seats, title in rows]
        stems = {r[0] for r in rows}
        hosted = [g for g in games if g.scenario in stems and g.scenario != g.key]
        if hosted:
            out.append("")
            out += [f"`umpire play {g.key}` hosts {g.scenario}." for g in hosted]
    return out


def _scenario_row(path: Path) -> tuple[str, str, str]:
    """A bundled scenario's name, player count and title, read as plain TOML (no game is loaded)."""
    import tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return path.stem, "?", f"(unreadable: {exc})"
    players = data.get("players")
    seats = str(len(players)) if isinstance(players, list) else "?"
    title = data.get("title")
    game = data.get("game")
    if not isinstance(title, str):
        from umpire.games import entry

        found = entry(game) if isinstance(game, str) else None
        title = found.title if found is not None else f"(a scenario of an unknown game {game!r})"
    return path.stem, seats, title
