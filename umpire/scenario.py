"""Scenario files: TOML in (tomllib), checked key by key.

A scenario names the game, the players (display names and aliases, by seat),
an optional seed and the game's `[rules]` settings. Every problem is reported
with the file, the key's path and what was expected; nothing is guessed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from umpire.core.errors import UmpireError
from umpire.core.players import Player, Roster, alias_problem, name_key, name_problem
from umpire.core.settings import Settings, check, type_name
from umpire.games import Declared, declared, get, keys

if TYPE_CHECKING:
    from umpire.games.base import Game

TOP_KEYS = ("game", "title", "seed", "player_entropy", "pictures", "players", "rules")
PLAYER_KEYS = ("name", "aliases")


class ScenarioError(Exception):
    """A scenario that cannot be used; the message names the file, the key and what was expected."""


@dataclass(frozen=True, kw_only=True)
class Scenario:
    """A checked scenario."""

    path: str
    text: str
    key: str  # the game's name
    checked: Declared | Game[Any, Any] = field(repr=False, compare=False)  # what the scenario was checked against
    title: str
    seed: str | None
    pictures: bool = True  # `pictures = false`: posts carry text only (no images drawn or copied)
    player_entropy: bool = True  # a live game with a drawn seed waits for the players' words (umpire/session/fairness.py)
    roster: Roster
    settings: dict[str, Any]

    @property
    def game(self) -> Game[Any, Any]:
        """The scenario's game, imported from the registry when first asked for.

        Checking a scenario needs only the game's settings (`umpire.games.declared`), so `umpire new`
        and a scenario's checks never import the game's rules.
        """
        if not isinstance(self.checked, Declared):
            return self.checked
        game = get(self.key)
        if game is None:
            raise LookupError(f"{self.path}: the game {self.key!r} is no longer registered")
        return game

    @property
    def sha256(self) -> str:
        """SHA-256 of the scenario's text, as the journal's header records it."""
        import hashlib  # only a session's journal needs it: `umpire new` checks a scenario without it

        return hashlib.sha256(self.text.encode()).hexdigest()


def load(path: str | Path) -> Scenario:
    """Read and check a scenario file."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise ScenarioError(f"{p}: cannot read the scenario ({exc.strerror or exc})") from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"{p}: not UTF-8 text (byte {exc.start})") from exc
    return parse(text, str(p))


def parse(text: str, where: str = "<scenario>") -> Scenario:
    """Check scenario text; `where` names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{where}: not valid TOML: {exc}") from exc
    except RecursionError:
        raise ScenarioError(f"{where}: nested too deeply to read (a scenario's values nest a few levels at most)") from None
    if (deep := _nested_too_deeply(data)) is not None:
        raise ScenarioError(f"{where}: {deep}: nested too deeply (more than {MAX_DEPTH} levels; a scenario's values nest a few at most)")

    def fail(key: str, msg: str) -> ScenarioError:
        return ScenarioError(f"{where}: {key}: {msg}")

    if isinstance(data.get("game"), dict):  # a kit file: the game is written in it (umpire/kit)
        from umpire.kit import scenario_of

        return scenario_of(text, data, where)

    for key in data:
        if key not in TOP_KEYS:
            raise fail(key, _unknown(key, TOP_KEYS))
    game_key = data.get("game")
    if not isinstance(game_key, str):
        raise fail(
            "game",
            f"expected the game's name as a string (one of {', '.join(sorted(keys()))})"
            + ("" if game_key is None else f", got {game_key!r}"),
        )
    game = declared(game_key)
    if game is None:
        raise fail("game", f"unknown game {game_key!r} (expected one of {', '.join(sorted(keys()))})")
    title = data.get("title", game.title)
    if not isinstance(title, str):
        raise fail("title", f"expected a string, got {type_name(title)}")
    pictures = data.get("pictures", True)
    if not isinstance(pictures, bool):
        raise fail("pictures", f"expected true or false, got {type_name(pictures)}")
    player_entropy = data.get("player_entropy", True)
    if not isinstance(player_entropy, bool):
        raise fail("player_entropy", f"expected true or false, got {type_name(player_entropy)}")
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
        raise fail("seed", f"expected a whole number or a string, got {type_name(seed)}")
    if isinstance(seed, str) and not seed.strip():
        raise fail("seed", "expected a non-empty seed")
    roster = _players(data.get("players"), game, fail)
    settings = _rules(data.get("rules", {}), game, roster, fail)
    return Scenario(
        path=where,
        text=text,
        key=game.key,
        checked=game,
        title=title,
        seed=None if seed is None else str(seed),
        pictures=pictures,
        player_entropy=player_entropy,
        roster=roster,
        settings=settings,
    )


def _rules(rules: Any, game: Declared | Game[Any, Any], roster: Roster, fail: Callable[[str, str], ScenarioError]) -> dict[str, Any]:
    """The `[rules]` table checked key by key against the game's settings, defaults filled in."""
    if not isinstance(rules, dict):
        raise fail("rules", f"expected a table ([rules]), got {type_name(rules)}")
    settings: dict[str, Any] = {}
    known = tuple(s.key for s in game.settings)
    for key in rules:
        if key not in known:
            raise fail(f"rules.{key}", _unknown(key, known))
    for s in game.settings:
        value = rules.get(s.key, s.default)
        problem = check(s, value)
        if problem:
            raise fail(f"rules.{s.key}", problem)
        if s.per_player and len(value) != len(roster):
            raise fail(f"rules.{s.key}", f"expected one value per player ({len(roster)}), got {len(value)}")
        if s.kind == "player":
            try:
                roster.resolve(value)
            except UmpireError as exc:
                raise fail(f"rules.{s.key}", exc.reason) from exc
        settings[s.key] = list(value) if isinstance(value, list) else value
    for key, problem in game.validate(Settings(settings)):
        raise fail(f"rules.{key}", problem)
    fits = getattr(game, "validate_players", None)  # a Game and a schema have it; a duck-typed test game may not
    for key, problem in fits(Settings(settings), len(roster)) if fits is not None else ():
        raise fail(f"rules.{key}", problem)
    return settings


def _players(value: Any, game: Declared | Game[Any, Any], fail: Any) -> Roster:
    lo, hi = game.players
    if not isinstance(value, list) or not all(isinstance(p, dict) for p in value):
        raise fail(
            "players",
            f"expected {lo}–{hi} [[players]] tables with a name" if lo != hi else f"expected {lo} [[players]] tables, each with a name",
        )
    if not lo <= len(value) <= hi:
        want = f"{lo}" if lo == hi else f"{lo} to {hi}"
        raise fail("players", f"{game.title} needs {want} players, the scenario has {len(value)}")
    players = []
    seen: dict[str, tuple[int, str]] = {}
    for i, entry in enumerate(value):
        where = f"players[{i}]"
        for key in entry:
            if key not in PLAYER_KEYS:
                raise fail(f"{where}.{key}", _unknown(key, PLAYER_KEYS))
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise fail(f"{where}.name", "expected the player's display name as a non-empty string")
        if ":" in name or "\n" in name or name.strip()[0] in "@#[":
            raise fail(f"{where}.name", f"a name cannot contain “:” or a line break, nor start with @, # or [ ({_shown(name)})")
        if (bad := name_problem(name)) is not None:
            raise fail(f"{where}.name", f"{bad} ({_shown(name)})")
        aliases = entry.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(a, str) and a.strip() for a in aliases):
            raise fail(f"{where}.aliases", 'expected a list of non-empty strings, e.g. ["p1"]')
        for a in aliases:
            if (bad := alias_problem(a) or name_problem(a)) is not None:
                raise fail(f"{where}.aliases", f"{bad} ({_shown(a)})")
        for n in [name, *aliases]:
            k = name_key(n)
            if k in seen and seen[k][0] != i:
                raise fail(f"{where}", f"the name or alias {n!r} is already used by {seen[k][1]}")
            seen[k] = (i, name)
        players.append(Player(seat=i, name=name.strip(), aliases=tuple(a.strip() for a in aliases)))
    return Roster(players)


MAX_DEPTH = 16  # tables and arrays inside each other; a scenario's own go three deep ([[rules.packs]] cards)


def _nested_too_deeply(data: dict[str, Any]) -> str | None:
    """Where a value sits more than MAX_DEPTH tables or arrays deep (dotted keys build any depth
    without the parser recursing), shortened; None if nothing does. Walked without recursion."""
    stack: list[tuple[Any, list[str]]] = [(data, [])]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            return "".join(part if part.startswith("[") or not i else "." + part for i, part in enumerate(path[:4])) + "…"
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, inner in items:
            if isinstance(inner, dict | list):
                stack.append((inner, [*path, key[:20] if isinstance(key, str) else f"[{key}]"]))
    return None


def _shown(name: str) -> str:
    """A name quoted for an error: escaped (`repr`), and cut short when it is long."""
    return repr(name) if len(name) <= 40 else repr(name[:40]) + f"… ({len(name):,} characters)"


def _unknown(key: str, known: tuple[str, ...]) -> str:
    import difflib  # only for a key that is wrong: checking a good scenario does without it

    close = difflib.get_close_matches(key, known, n=1)
    hint = f"; did you mean “{close[0]}”?" if close else ""
    return f"unknown key{hint} (expected one of: {', '.join(known)})"


def template(game: Declared | Game[Any, Any], *, players: list[str] | None = None, seed: int | None = None) -> dict[str, Any]:
    """A complete scenario for `game` with every rules key at its default, ready to edit."""
    lo, _ = game.players
    names = players or [f"Player {i + 1}" for i in range(lo)]
    out: dict[str, Any] = {"game": game.key, "title": game.title}
    if seed is not None:
        out["seed"] = seed
    out["players"] = [{"name": n, "aliases": [f"p{i + 1}"]} for i, n in enumerate(names)]
    out["rules"] = {s.key: s.default for s in game.settings}
    return out
