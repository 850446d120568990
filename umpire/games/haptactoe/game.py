"""Hap-Tac-Toe and When Stars Align as two `Game` records: one engine, two rule books, built from the same modules.

A session's start needs the state (`start`), the table of moves and the table of views: the rules,
the commands, the events and their announcements are named by where they are (`umpire.games.later`)
and imported when the first line is judged.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from umpire.core.settings import Schema
from umpire.games import Entry
from umpire.games.base import Game
from umpire.games.haptactoe import ENTRIES, moves, settings, views
from umpire.games.haptactoe.settings import HTT, HTT_SCHEMA, WSA, WSA_SCHEMA, Rulebook
from umpire.games.haptactoe.state import State, start
from umpire.games.later import Later, LaterEvents, LaterRenderers

if TYPE_CHECKING:
    from umpire.games.haptactoe.commands import Command

_HERE = "umpire.games.haptactoe"


def record(book: Rulebook, schema: Schema, entry: Entry) -> Game[State, Command]:
    """The game of one rule book: the functions that take the book get it bound here."""
    return Game(
        entry=entry,
        settings=schema.settings,
        events=LaterEvents(f"{_HERE}.events:EVENTS"),
        renderers=LaterRenderers(f"{_HERE}.render:RENDER"),
        public=partial(settings.configure, book),
        moves=moves.moves_for(book),
        view_defs=views.views_for(book),
        start=partial(start, book),
        parse=Later(f"{_HERE}.commands:parse"),
        apply=Later(f"{_HERE}.rules:apply"),
        next_due=Later(f"{_HERE}.rules:next_due"),
        on_due=Later(f"{_HERE}.rules:on_due"),
        is_over=Later(f"{_HERE}.rules:is_over"),
        knowledge=views.knowledge,
        final=views.final,
        outcome=views.outcome,
        toolbar=views.toolbar,
        rulings=partial(settings.rulings, book),
        validate=schema.validate,
        warm_pictures=Later(f"{_HERE}.pictures:warm_pictures", book),
    )


_ENTRY = {e.key: e for e in ENTRIES}
HAP_TAC_TOE = record(HTT, HTT_SCHEMA, _ENTRY[HTT.key])
WHEN_STARS_ALIGN = record(WSA, WSA_SCHEMA, _ENTRY[WSA.key])
