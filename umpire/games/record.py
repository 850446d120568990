"""A game's `Game` record, assembled from its package by the conventional names of its parts.

No game writes its record by hand: every game's folder names its parts the same way (docs/writing-a-game.md),
and this module reads them there. Each part has its module and its name:

======================================  =====================  ==========================================
record field                            module                 name
======================================  =====================  ==========================================
settings, validate, validate_players    settings               SCHEMA (a `Schema`)
public (optional), rulings              settings               configure, rulings
start                                   state                  start
moves                                   moves                  MOVES
view_defs, knowledge, final, toolbar,   views                  VIEWS, knowledge, final, toolbar, outcome,
outcome, facts, own_status (optional)                          facts, own_status
status_words, meaningful (optional)     moves                  STATUS_WORDS, MEANINGFUL
events                                  events                 EVENTS
renderers                               render                 RENDER
parse, message (optional)               commands               parse, message
apply, next_due, on_due, is_over        rules                  apply, next_due, on_due, is_over
(is_over optional)
warm_pictures (optional)                pictures               warm_pictures
rederive (optional)                     rederive               rederive
======================================  =====================  ==========================================

A small game may leave modules out: a part whose module the package does not have is found in its `rules`.

What a session's first prompt needs (the settings, the state's `start`, the tables of moves and views, the
toolbar) is imported when the record is made; the rest is named by where it is (`umpire.games.later`) and
imported at its first use. A part left out that is optional (`configure`, `message`, `warm_pictures`, `rederive`, `facts`, `own_status`,
`STATUS_WORDS`, `MEANINGFUL`, `is_over`) is the contract's default (without `configure`, the renderers are given the
players and the settings; without `is_over`, the match is over once its `outcome` is known).

Two rule books on one engine (Hap-Tac-Toe and When Stars Align): the registry entry names its `book`, a value
in the package's `settings`; the parts that differ by book take it first (`configure`, `rulings`, `start`, `facts`,
`warm_pictures`), and the tables are made for it (`schema_for(book)`, `moves_for(book)`, `views_for(book)`
in place of `SCHEMA`, `MOVES` and `VIEWS`).
"""

from __future__ import annotations

from functools import partial
from importlib import import_module
from types import ModuleType
from typing import Any

from umpire.games import Entry, book_of, module_of, schema_of
from umpire.games.base import Game, line_by_line, no_pictures, no_rederivation, the_setup
from umpire.games.facts import no_facts
from umpire.games.later import Later, LaterEvents, LaterRenderers
from umpire.games.status import listed_status


def _decided(outcome: Any, state: Any) -> bool:
    """A game's `is_over` by default: its result is known."""
    return outcome(state) is not None


def record(entry: Entry) -> Game[Any, Any]:
    """The game an entry registers, its record made from the parts its package names by convention."""
    package, book = entry.package, book_of(entry)
    bound = () if book is None else (book,)

    def mod(role: str) -> ModuleType:
        return import_module(module_of(package, role))

    def later(role: str, name: str, *args: Any, default: Any = None) -> Later:
        return Later(f"{module_of(package, role)}:{name}", *args, default=default)

    def with_book(fn: Any) -> Any:
        return partial(fn, book) if book is not None else fn

    settings, state, moves, views = mod("settings"), mod("state"), mod("moves"), mod("views")
    checked = schema_of(entry)
    return Game(
        entry=entry,
        settings=checked.settings,
        validate=checked.validate,
        validate_players=checked.validate_players,
        public=with_book(settings.configure) if hasattr(settings, "configure") else the_setup,
        rulings=with_book(settings.rulings),
        start=with_book(state.start),
        moves=moves.MOVES if book is None else moves.moves_for(book),
        view_defs=views.VIEWS if book is None else views.views_for(book),
        knowledge=views.knowledge,
        final=views.final,
        toolbar=views.toolbar,
        outcome=views.outcome,
        facts=with_book(views.facts) if hasattr(views, "facts") else no_facts,
        own_status=getattr(views, "own_status", listed_status),
        status_words=getattr(moves, "STATUS_WORDS", ("status",)),
        meaningful=getattr(moves, "MEANINGFUL", ""),
        events=LaterEvents(f"{module_of(package, 'events')}:EVENTS"),
        renderers=LaterRenderers(f"{module_of(package, 'render')}:RENDER"),
        parse=later("commands", "parse"),
        message=later("commands", "message", default=line_by_line),
        apply=later("rules", "apply"),
        next_due=later("rules", "next_due"),
        on_due=later("rules", "on_due"),
        is_over=later("rules", "is_over", default=partial(_decided, views.outcome)),
        warm_pictures=later("pictures", "warm_pictures", *bound, default=no_pictures),
        rederive=later("rederive", "rederive", default=no_rederivation),
    )
