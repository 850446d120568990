"""`umpire new GAME`: write a scenario with every key at its default, each explained, ready to edit.

The TOML is written by hand from the game's settings schema (`umpire.core.settings.Setting`):
each key gets a comment from its `help`, what a valid value looks like and the house ruling
it carries, and lists stay on one line. (A TOML library that keeps comments, such as
tomlkit, would add a dependency and start-up time for one command; the schema already has
every word the comments need.) Whatever is written is loaded back before it is saved.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from umpire.cli import app
from umpire.cli.common import complete_game

if TYPE_CHECKING:
    from umpire.core.settings import Setting
    from umpire.games import Entry

COMMENT_WIDTH = 88

# A TOML basic string's escapes: the quote, the backslash and every control character (as JSON
# writes them, which TOML reads alike; without importing json for one command's strings).
_ESCAPES = {i: f"\\u{i:04x}" for i in (*range(0x20), 0x7F)} | {
    0x08: "\\b",
    0x09: "\\t",
    0x0A: "\\n",
    0x0C: "\\f",
    0x0D: "\\r",
    0x22: '\\"',
    0x5C: "\\\\",
}


@app.command(short_help="Write a scenario file for GAME, every setting explained, ready to edit.")
def new(
    game: str = typer.Argument(
        ..., metavar="GAME", autocompletion=complete_game, help="The game, e.g. hap-tac-toe (see `umpire games`), or a kit game's file."
    ),
    output: Path = typer.Option(None, "--output", "-o", metavar="FILE", help="Where to write it (default: GAME.toml here)."),
    players: str = typer.Option(
        "",
        "--players",
        metavar="NAMES",
        help='Display names by seat, comma-separated, e.g. "Hedger,Uri" (default: as many seats as the game\'s design card, named Player 1, Player 2, …).',
    ),
    seed: str = typer.Option(
        None,
        "--seed",
        metavar="SEED",
        help="Write a fixed seed into the file, for rehearsals and tests only: players who know it can predict every deal. Default: none, so each live game draws a secret one.",
    ),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Write a new scenario file for GAME (TOML): every rules key at its default, each with a comment that explains it.

    Nothing is written unless the file loads as a scenario.
    """
    from umpire.cli.common import abort
    from umpire.games import declared, entry, keys
    from umpire.scenario import ScenarioError, parse

    if game.endswith(".toml") and Path(game).is_file():  # a kit game's file (docs/writing-a-kit-game.md)
        _new_kit(Path(game), output, players, seed, force)
        return
    found = entry(game)
    if found is None:
        abort(f"unknown game {game!r} (games: {', '.join(sorted(keys()))})")
    names = _names(players, found)
    rules = declared(found.key)  # the settings alone: the game itself is not imported
    assert rules is not None
    text = template_text(found, rules.settings, names, seed)
    try:
        parse(text, "the new scenario")  # what we write must load
    except ScenarioError as exc:
        abort(_refusal(str(exc), names, found))
    path = output or Path(f"{found.key}.toml")
    if path.is_dir():
        abort(f"{path} is a folder; give a file name, e.g. {path / f'{found.key}.toml'}")
    _write(path, text, force)
    typer.echo(f"Wrote {path}. Edit the players and [rules], then: umpire play {path}")


def _new_kit(path: Path, output: Path | None, players: str, seed: str | None, force: bool) -> None:
    """`umpire new KIT.toml`: the kit file with the players given (or the card's seats), ready to host."""
    from umpire.cli.common import abort
    from umpire.kit.newfile import match_text
    from umpire.scenario import ScenarioError, load, parse

    try:
        game = load(path).game
    except ScenarioError as exc:
        abort(str(exc))
    if seed is not None:
        abort("--seed is for a registered game's scenario; a kit game's match file draws a secret seed when hosted")
    names = _names(players, game.entry)
    text = match_text(path.read_text(encoding="utf-8"), names)
    try:
        parse(text, "the new match file")
    except ScenarioError as exc:
        abort(_refusal(str(exc).replace("the new match file", "the new scenario", 1), names, game.entry))
    target = output or Path(f"{path.stem}-match.toml")
    if target.is_dir():
        abort(f"{target} is a folder; give a file name, e.g. {target / f'{path.stem}-match.toml'}")
    _write(target, text, force)
    typer.echo(f"Wrote {target}. Edit the players if you like, then: umpire play {target}")


def _write(path: Path, text: str, force: bool) -> None:
    """Write the new file whole, never over one that exists unless --force says so; a refusal writes nothing."""
    from umpire.cli.common import abort

    if path.exists() and not force:
        abort(f"{path} exists; use --force to overwrite it")
    try:
        with path.open("w" if force else "x", encoding="utf-8") as f:
            f.write(text)
    except FileExistsError:
        abort(f"{path} exists; use --force to overwrite it")
    except OSError as exc:
        abort(f"cannot write {path}: {exc.strerror or exc} — nothing was written")


def _names(players: str, game: Entry) -> list[str]:
    """The names given with --players, checked for what the option itself can get wrong; or the card's seats."""
    from umpire.cli.common import abort

    if not players.strip():
        return [f"Player {i + 1}" for i in range(game.seats)]
    names = [n.strip() for n in players.split(",")]
    for i, n in enumerate(names):
        if not n:
            abort(f'--players: name {i + 1} of {len(names)} is empty (write the names separated by commas, e.g. "Hedger,Uri")')
    lo, hi = game.players
    if not lo <= len(names) <= hi:
        abort(f"{game.title} needs {lo}{'' if lo == hi else f'–{hi}'} players, --players names {len(names)}")
    seen: dict[str, str] = {}
    for i, n in enumerate(names):
        key = " ".join(n.casefold().split())
        if key in seen:
            abort(f"--players names “{seen[key]}” twice; each player needs a name of their own")
        seen[key] = n
        m = re.fullmatch(r"p([0-9]+)", key)
        if m is not None and int(m.group(1)) != i + 1:
            abort(f"--players: “{n}” is the alias of the player in seat {int(m.group(1))}; give player {i + 1} another name")
    return names


def _refusal(problem: str, names: list[str], game: Entry) -> str:
    """A scenario loader's refusal of the generated file, in terms of what the host typed."""
    m = re.fullmatch(r"the new scenario: players\[(\d+)\][^:]*: (.*)", problem, flags=re.S)
    if m is not None:
        return f"--players: “{names[int(m.group(1))]}” cannot be used: {m.group(2)}"
    rest = problem.removeprefix("the new scenario: ")
    return f"{game.title} with these {len(names)} players would not load ({rest}); nothing was written"


def template_text(game: Entry, settings: tuple[Setting, ...], names: list[str], seed: str | None) -> str:
    """The scenario file: top keys, one `[[players]]` table a seat, and `[rules]` with every setting
    at its default, each preceded by a comment that explains it."""
    lines = [
        f"# {game.title}: a scenario written by `umpire new {game.key}`.",
        f"# `umpire play THIS_FILE` hosts it. The rules: {game.doc}; every key: docs/scenarios.md.",
        "",
        f"game = {_value(game.key)}  # the game (see `umpire games`)",
        f"title = {_value(game.title)}  # shown when the game starts",
    ]
    if seed is None:
        lines.append("# No seed: each live game draws a secret one. A seed written here is known to everyone who reads this file.")
    else:
        lines.append("# A fixed seed: anyone who knows it can predict every deal. Use it for rehearsals and tests, not a live match.")
        lines.append(f"seed = {seed if re.fullmatch(r'[1-9][0-9]{0,17}|0', seed) else _value(seed)}")
    lines += [
        "",
        "# The players by seat: a display name (no “:” or line break, not starting with @, # or [),",
        "# and aliases: single words the player may also be called by. Each belongs to one player.",
    ]
    taken = {" ".join(n.casefold().split()) for n in names}
    for i, n in enumerate(names):
        alias = f"p{i + 1}"
        aliases = [] if alias in taken else [alias]
        lines += ["[[players]]", f"name = {_value(n)}", f"aliases = {_value(aliases)}"]
    lines += ["", "[rules]"]
    tables = [s for s in settings if s.kind == "list[table]"]
    for s in settings:
        if s.kind == "list[table]":
            continue
        lines += ["", *_about(s), f"{s.key} = {_value(s.default)}"]
    for s in tables:  # arrays of tables come after the table's plain keys, as TOML requires
        lines += ["", *_about(s)]
        for item in s.default:
            lines.append(f"[[rules.{s.key}]]")
            lines += [f"{k} = {_value(v)}" for k, v in item.items()]
    return "\n".join(lines) + "\n"


def _about(s: Setting) -> list[str]:
    """The comment above a setting: what it does, then what a valid value is and the house ruling it carries."""
    import textwrap

    ruling = f" House ruling {s.ruling}." if s.ruling else ""

    def wrap(text: str) -> list[str]:
        return textwrap.wrap(text, width=COMMENT_WIDTH, initial_indent="# ", subsequent_indent="#   ", break_on_hyphens=False)

    return [*wrap(" ".join(s.help.split())), *wrap(f"Expected: {s.expected()}.{ruling}")]


def _value(v: Any) -> str:
    """One TOML value on one line: strings quoted and escaped, lists inline."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, str):
        return '"' + v.translate(_ESCAPES) + '"'
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_value(str(k))} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")
