"""The games umpire can host. Each registers a `Game` under one or more keys."""

from __future__ import annotations

from umpire.games.base import Game


def registry() -> dict[str, Game]:
    """Every game by its scenario key, e.g. "hap-tac-toe"."""
    from umpire.games.choice.game import CHOICE_IS_YOURS
    from umpire.games.devilsdeal.game import DEVILS_DEAL
    from umpire.games.haptactoe.game import HAP_TAC_TOE, WHEN_STARS_ALIGN
    from umpire.games.openpass.game import OPEN_PASS

    return {g.key: g for g in (HAP_TAC_TOE, WHEN_STARS_ALIGN, CHOICE_IS_YOURS, OPEN_PASS, DEVILS_DEAL)}


def get(key: str) -> Game | None:
    """The game registered as `key`, or None."""
    return registry().get(key)
