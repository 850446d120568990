"""The games umpire can host, by scenario key. A game's modules load only when it is used,
so starting one game never pays for the others."""

from __future__ import annotations

from importlib import import_module

from umpire.games.base import Game

# key -> (module, attribute); kept in the order `umpire games` lists them.
GAMES: dict[str, tuple[str, str]] = {
    "hap-tac-toe": ("umpire.games.haptactoe.game", "HAP_TAC_TOE"),
    "when-stars-align": ("umpire.games.haptactoe.game", "WHEN_STARS_ALIGN"),
    "choice-is-yours": ("umpire.games.choice.game", "CHOICE_IS_YOURS"),
    "open-pass": ("umpire.games.openpass.game", "OPEN_PASS"),
    "devils-deal": ("umpire.games.devilsdeal.game", "DEVILS_DEAL"),
}


def keys() -> list[str]:
    """Every game's scenario key, without importing any game."""
    return list(GAMES)


def get(key: str) -> Game | None:
    """The game registered as `key` (importing only that game), or None."""
    where = GAMES.get(key)
    if where is None:
        return None
    game: Game = getattr(import_module(where[0]), where[1])
    return game


def registry() -> dict[str, Game]:
    """Every game by its scenario key, e.g. "hap-tac-toe" (imports them all)."""
    out = {}
    for key in GAMES:
        game = get(key)
        assert game is not None
        out[key] = game
    return out
