"""Open, Pass — Heaven and Hell as a `Game` record, assembled from its modules (nothing here forwards to them)."""

from __future__ import annotations

from umpire.games.base import Game
from umpire.games.openpass import ENTRY, commands, moves, pictures, render, rules, settings, views
from umpire.games.openpass.commands import Command
from umpire.games.openpass.events import EVENTS
from umpire.games.openpass.state import State

GAME: Game[State, Command] = Game(
    entry=ENTRY,
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
    validate_players=settings.SCHEMA.validate_players,
    warm_pictures=pictures.warm_pictures,
)
