"""Hap-Tac-Toe and When Stars Align as two `Game` records: one engine, two rule books, built from the same modules."""

from __future__ import annotations

from functools import partial

from umpire.core.settings import Schema
from umpire.games import Entry
from umpire.games.base import Game
from umpire.games.haptactoe import ENTRIES, commands, moves, pictures, render, rules, settings, views
from umpire.games.haptactoe.commands import Command
from umpire.games.haptactoe.events import EVENTS
from umpire.games.haptactoe.settings import HTT, HTT_SCHEMA, WSA, WSA_SCHEMA, Rulebook
from umpire.games.haptactoe.state import State


def record(book: Rulebook, schema: Schema, entry: Entry) -> Game[State, Command]:
    """The game of one rule book: the functions that take the book get it bound here."""
    return Game(
        entry=entry,
        settings=schema.settings,
        events=EVENTS,
        renderers=render.RENDER,
        moves=moves.moves_for(book),
        view_defs=views.views_for(book),
        start=partial(rules.start, book),
        parse=commands.parse,
        apply=rules.apply,
        next_due=rules.next_due,
        on_due=rules.on_due,
        is_over=rules.is_over,
        knowledge=views.knowledge,
        final=views.final,
        toolbar=views.toolbar,
        rulings=partial(settings.rulings, book),
        validate=schema.validate,
        warm_pictures=partial(pictures.warm_pictures, book),
    )


_ENTRY = {e.key: e for e in ENTRIES}
HAP_TAC_TOE = record(HTT, HTT_SCHEMA, _ENTRY[HTT.key])
WHEN_STARS_ALIGN = record(WSA, WSA_SCHEMA, _ENTRY[WSA.key])
