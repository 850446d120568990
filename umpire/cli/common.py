"""What the command modules share: one way to fail, and finding scenarios."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import NoReturn

import umpire


def abort(message: str, code: int = 2) -> NoReturn:
    """Print `umpire: message` to stderr and exit with `code` (inside typer's app or without it: `hosting.quick_play`)."""
    print(f"umpire: {message}", file=sys.stderr, flush=True)
    raise SystemExit(code)


def bundled_dir() -> Path | None:
    """Where the bundled scenarios are: inside the installed package, or beside it in a checkout."""
    here = Path(umpire.__file__).parent
    for cand in (here / "scenarios", here.parent / "scenarios"):
        if cand.is_dir():
            return cand
    return None


def bundled() -> list[Path]:
    """The bundled scenario files."""
    d = bundled_dir()
    return sorted(d.glob("*.toml")) if d else []


def bundled_kits() -> list[Path]:
    """The bundled kit games' files (scenarios/kit/)."""
    d = bundled_dir()
    return sorted((d / "kit").glob("*.toml")) if d else []


def find_scenario(name: str) -> Path:
    """A scenario path as given; else a bundled scenario by its name (e.g. "open-pass-heaven-hell");
    else a game's name (e.g. "open-pass"), which hosts the game's bundled scenario."""
    p = Path(name)
    if p.exists() or name == "-":
        return p
    d = bundled_dir()
    stem = name.removesuffix(".toml")
    if d is not None and (d / f"{stem}.toml").is_file():
        return d / f"{stem}.toml"
    from umpire.games import entry

    game = entry(stem)
    if game is not None:
        if game.scenario is not None and d is not None and (d / f"{game.scenario}.toml").is_file():
            return d / f"{game.scenario}.toml"
        abort(f"{game.title} has no bundled scenario; write one with `umpire new {game.key}`, then `umpire play {game.key}.toml`")
    names = ", ".join(b.stem for b in bundled())
    abort(f"no scenario file {name!r} (bundled scenarios: {names}; a game's name hosts its bundled scenario)")


def complete_scenario(incomplete: str) -> list[str]:
    """Shell completion for a SCENARIO argument: bundled scenarios and game names (imports no game)."""
    from umpire.games import keys

    names = sorted({*(b.stem for b in bundled()), *keys()})
    return [n for n in names if n.startswith(incomplete)]


def complete_game(incomplete: str) -> list[str]:
    """Shell completion for a GAME argument: the registered games' names (imports no game)."""
    from umpire.games import keys

    return [k for k in keys() if k.startswith(incomplete)]


def dumps(obj: object) -> str:
    """Compact JSON for one line (the same as batch mode's), without loading the session machinery."""
    import json

    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def stdout_utf8() -> None:
    """Make sure announcements with emoji print on any terminal encoding."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(encoding="utf-8", errors="replace")
