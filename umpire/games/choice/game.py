"""The Final Match as a `Game` record, assembled from its modules.

A session's start needs the state (`start`), the table of moves and the table of views: the rules,
the commands, the events, their announcements and the pictures are named by where they are
(`umpire.games.later`) and imported when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from umpire.games.base import Game
from umpire.games.choice import ENTRIES, moves, settings, views
from umpire.games.choice.state import State, start
from umpire.games.later import Later, LaterEvents, LaterRenderers

if TYPE_CHECKING:
    from umpire.games.choice.commands import Command

_HERE = "umpire.games.choice"

GAME: Game[State, Command] = Game(
    entry=ENTRIES[0],
    settings=settings.SCHEMA.settings,
    events=LaterEvents(f"{_HERE}.events:EVENTS"),
    renderers=LaterRenderers(f"{_HERE}.render:RENDER"),
    public=settings.configure,
    moves=moves.MOVES,
    view_defs=views.VIEWS,
    start=start,
    parse=Later(f"{_HERE}.commands:parse"),
    apply=Later(f"{_HERE}.rules:apply"),
    next_due=Later(f"{_HERE}.rules:next_due"),
    on_due=Later(f"{_HERE}.rules:on_due"),
    is_over=Later(f"{_HERE}.rules:is_over"),
    knowledge=views.knowledge,
    final=views.final,
    outcome=views.outcome,
    toolbar=views.toolbar,
    rulings=settings.rulings,
    validate=settings.SCHEMA.validate,
    warm_pictures=Later(f"{_HERE}.pictures:warm_pictures"),
)
