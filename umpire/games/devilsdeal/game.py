"""Devil's Deal as a `Game` record, assembled from its modules (nothing here forwards to them).

The rules are in `rules` (with the refill step in `refill` and the poker step in `poker`), the
commands in `commands`, the table of moves in `moves`, the announcements in `render`, the host
views, the toolbar and each seat's knowledge in `views`, the settings and rulings in `settings`.
"""

from __future__ import annotations

from umpire.games.base import Game
from umpire.games.devilsdeal import ENTRIES, commands, moves, pictures, render, rules, settings, views
from umpire.games.devilsdeal.commands import Command
from umpire.games.devilsdeal.events import EVENTS
from umpire.games.devilsdeal.state import State

GAME: Game[State, Command] = Game(
    entry=ENTRIES[0],
    settings=settings.SCHEMA.settings,
    events=EVENTS,
    renderers=render.RENDER,
    moves=moves.MOVES,
    view_defs=views.VIEWS,
    start=rules.start,
    parse=commands.parse,
    apply=rules.apply,
    next_due=rules.next_due,
    on_due=rules.on_due,
    is_over=rules.is_over,
    knowledge=views.knowledge,
    final=views.final,
    toolbar=views.toolbar,
    rulings=settings.rulings,
    validate=settings.SCHEMA.validate,
    message=commands.message,
    warm_pictures=pictures.warm_pictures,
)
