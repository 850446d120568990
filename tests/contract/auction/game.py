"""The sealed-bid auction as a `Game` record, assembled from its modules (nothing here forwards to them)."""

from __future__ import annotations

from tests.contract.auction import ENTRY, commands, moves, render, rules, settings, views
from tests.contract.auction.commands import Command
from tests.contract.auction.events import EVENTS
from tests.contract.auction.state import State
from umpire.games.base import Game

GAME: Game[State, Command] = Game(
    entry=ENTRY,
    settings=settings.SETTINGS,
    events=EVENTS,
    renderers=render.RENDER,
    public=settings.configure,
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
    outcome=views.outcome,
    toolbar=views.toolbar,
    rulings=settings.rulings,
    validate=settings.validate,
)
