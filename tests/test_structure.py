"""The shape of the code, held by tests: small modules, one layout for every game, and front ends on one interface.

* No module in umpire/ is over 500 lines (complexity is held by ruff: C901, at most 15).
* Every game folder names its parts by their conventional roles, and its record is assembled from them
  (umpire/games/record.py): no game writes its record by hand (docs/writing-a-game.md).
* The command line asks the registry for a game's tools (`umpire.games.tools`) and imports no game's internals.
* The front ends (the REPL, batch mode, the command line, a bot, the report) import from the session
  only what `umpire.session` exports, and touch none of its parts (`engine`, `intake`, anything private).
* Event kinds are unique across every registered game and the session's own events.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import umpire.session
from umpire.games import PACKAGES, entries, get, registry
from umpire.games.later import resolve_all
from umpire.session.events import EVENTS as SESSION_EVENTS

ROOT = Path(__file__).resolve().parent.parent
UMPIRE = ROOT / "umpire"
REQUIRED = ("__init__.py", "rules.py")  # its entries, and the rules (where a small game keeps the roles it has no module for)
LAYOUT = ("settings.py", "state.py", "commands.py", "moves.py", "rules.py", "events.py", "render.py", "views.py", "pictures.py")
FRONT_ENDS = ("repl", "cli", "discord", "report", "render.py")
SESSION_PARTS = {"engine", "intake"}


def modules(under: Path) -> Iterator[Path]:
    yield from sorted(p for p in under.rglob("*.py") if "__pycache__" not in p.parts)


def imports(path: Path) -> Iterator[tuple[str, list[str]]]:
    """(module, names) of every import in a file, wherever it is (inside functions too)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            yield node.module, [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            for a in node.names:
                yield a.name, []


def test_no_module_in_umpire_is_over_500_lines() -> None:
    long = {str(p.relative_to(ROOT)): n for p in modules(UMPIRE) if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500}
    assert not long, f"split these by role or by phase: {long}"


@pytest.mark.parametrize("package", PACKAGES)
def test_every_game_folder_holds_its_parts_by_their_roles_and_writes_no_record(package: str) -> None:
    folder = UMPIRE / "games" / package
    missing = [name for name in REQUIRED if not (folder / name).is_file()]
    assert not missing, f"umpire/games/{package} lacks {missing} (docs/writing-a-game.md lists the layout)"
    assert not (folder / "game.py").exists(), (
        f"umpire/games/{package}/game.py: the record is assembled from the folder (umpire.games.record)"
    )
    for e in entries():
        if e.package != f"umpire.games.{package}":
            continue
        game = get(e.key)
        assert game is not None
        resolve_all(game)  # every part named by where it is: found, by its conventional name
        for field, role in (("start", "state"), ("knowledge", "views"), ("apply", "rules"), ("parse", "commands")):
            fn = getattr(game, field)
            where = getattr(fn, "func", fn).__module__
            assert where in (f"{e.package}.{role}", f"{e.package}.rules"), f"{e.key}: {field} comes from {where}, not its {role}"


def test_the_four_large_games_umpire_ships_keep_a_module_per_role() -> None:
    for package in ("haptactoe", "choice", "openpass", "devilsdeal"):  # a small game may keep several roles in its rules
        missing = [name for name in LAYOUT if not (UMPIRE / "games" / package / name).is_file()]
        assert not missing, f"umpire/games/{package} lacks {missing}"


def test_the_command_line_imports_no_games_internals() -> None:
    for path in modules(UMPIRE / "cli"):
        for module, _ in imports(path):
            inside = module.startswith("umpire.games.") and module != "umpire.games.base"
            assert not inside, f"{path.relative_to(ROOT)} imports {module}: ask the registry (umpire.games.tools) instead"


def front_end_files() -> Iterator[Path]:
    for name in FRONT_ENDS:
        target = UMPIRE / name
        if target.is_file():
            yield target
        elif target.is_dir():
            yield from modules(target)


def test_the_front_ends_use_only_the_sessions_documented_interface() -> None:
    exported = set(umpire.session.__all__)
    for path in front_end_files():
        where = path.relative_to(ROOT)
        for module, names in imports(path):
            assert not module.startswith("umpire.session."), f"{where} imports {module}: a front end imports from umpire.session only"
            if module == "umpire.session":
                assert set(names) <= exported, f"{where} imports {set(names) - exported}, which umpire.session does not export"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and (node.attr in SESSION_PARTS or node.attr in ("_live", "_judge")):
                pytest.fail(f"{where}:{node.lineno} reaches into the session's {node.attr}")


def test_event_kinds_are_unique_across_every_game_and_the_session() -> None:
    owner: dict[str, type] = {}
    for where, events in [("the session", SESSION_EVENTS), *((key, game.events) for key, game in registry().items())]:
        for cls in events:
            other = owner.setdefault(cls.kind, cls)
            assert other is cls, f"{where}'s {cls.__name__} and {other.__module__}.{other.__name__} share the event kind “{cls.kind}”"
