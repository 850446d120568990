"""The Final Match as a `Game` record, assembled from its modules (nothing here forwards to them)."""

from __future__ import annotations

from umpire.games.base import Game
from umpire.games.choice import ENTRIES, commands, moves, pictures, render, rules, settings, views
from umpire.games.choice.commands import Command
from umpire.games.choice.events import EVENTS
from umpire.games.choice.state import State

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
    warm_pictures=pictures.warm_pictures,
)
