"""What the command modules share: one way to fail, and finding scenarios."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import NoReturn

import typer

import umpire


def abort(message: str, code: int = 2) -> NoReturn:
    """Print `umpire: message` to stderr and exit with `code`."""
    typer.echo(f"umpire: {message}", err=True)
    raise typer.Exit(code)


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


def find_scenario(name: str) -> Path:
    """A scenario path as given, or a bundled scenario by its name (e.g. "hap-tac-toe")."""
    p = Path(name)
    if p.exists() or name == "-":
        return p
    d = bundled_dir()
    if d is not None:
        stem = name.removesuffix(".toml")
        cand = d / f"{stem}.toml"
        if cand.exists():
            return cand
    names = ", ".join(b.stem for b in bundled())
    abort(f"no scenario file {name!r} (bundled scenarios: {names})")


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
