"""The Final Match on the game contract: a `Game` record built from its modules, typed events each
with a renderer, phases as an enum, time as deadlines in the state, plays sealed (and revealed by
the round's reveal alone), views built only when the host asks for them.
"""

from __future__ import annotations

import inspect
import typing

from tests.games import game
from umpire.games import get
from umpire.games.base import HOST, PUBLIC, Event, Game
from umpire.games.choice import ENTRIES, commands, moves, rules, settings, views
from umpire.games.choice import events as choice_events
from umpire.games.choice.events import EVENTS, GhBoard, GsConfirmed, RoundResolved, RoundStarted, ShopOpened
from umpire.games.choice.state import Phase
from umpire.games.rounds import SealedRound

from .test_choice_support import new_session, ok, start

GAME = game("choice-is-yours")


def test_every_event_kind_has_a_renderer_and_every_renderer_an_event() -> None:
    assert set(GAME.events) == GAME.renderers.kinds()


def test_every_event_class_of_the_module_is_listed() -> None:
    classes = {
        c
        for _, c in inspect.getmembers(choice_events, inspect.isclass)
        if issubclass(c, Event) and c.kind and c.__module__ == choice_events.__name__
    }
    assert classes == set(EVENTS)
    assert len({c.kind for c in EVENTS}) == len(EVENTS)


def test_the_registry_holds_the_game_record_of_the_folders_entry() -> None:
    game = get("choice-is-yours")
    assert isinstance(game, Game) and game is GAME
    assert game.entry is ENTRIES[0] and game.key == "choice-is-yours" and game.players == (2, 2)


def test_every_command_kind_names_a_move_of_the_table() -> None:
    kinds = typing.get_args(commands.Command)
    assert {k.move for k in kinds} == {m.name for m in moves.MOVES}
    for kind in kinds:
        assert GAME.move_of(kind.__new__(kind)).name == kind.move


def test_help_lists_the_cards_commands_in_their_order_from_the_table_of_moves() -> None:
    assert [h.syntax for h in GAME.help()] == [
        "gs X",
        "igs X",
        "buy X",
        "hap abc d",
        "ihap abc d e",
        "gyul",
        "expr x S y",
        "iexpr x S y z",
        "status",
        "post shop|gh|expr",
        "start",
    ]


def test_the_goofspiel_play_is_the_only_sealed_move_and_the_rounds_reveal_the_only_event_that_reveals() -> None:
    assert [m.name for m in moves.MOVES if m.sealed] == ["gs"]
    assert {c for c in EVENTS if c.reveals} == {RoundResolved}


def test_seeded_items_are_marked_generated() -> None:
    assert {c for c in EVENTS if c.generated} == {RoundStarted, ShopOpened, GhBoard, choice_events.ExprSetOpened}


def test_host_only_kinds_default_to_the_host_and_others_to_everyone() -> None:
    assert choice_events.StillWaiting(t=0, block=1, round=1, waiting=("Uri",)).audience == HOST
    assert choice_events.GyulUnclaimed(t=0, player="Uri", board=1, unclaimed=2).audience == HOST
    assert choice_events.RoundReminder(t=0, block=1, round=1, seconds=10).audience == PUBLIC


def test_a_receipt_leaves_out_replaces_when_there_was_no_earlier_play() -> None:
    ev = GsConfirmed(t=0, player="Hedger", block=1, round=1, card=5, boosted=False)
    assert ev.payload() == {"player": "Hedger", "block": 1, "round": 1, "card": 5, "boosted": False}


def test_phases_keep_their_string_values() -> None:
    assert [p.value for p in Phase] == ["before", "block", "break", "over"]
    s = new_session()
    assert s.state.phase is Phase.BEFORE
    start(s)
    assert s.state.phase is Phase.BLOCK


def test_the_rounds_plays_are_a_sealed_round_that_waits_for_its_deadline() -> None:
    s = new_session()
    start(s)
    ok(s, "p2: gs 4")
    plays = s.state.bout.plays
    assert isinstance(plays, SealedRound) and not plays.closes_all_in
    assert plays.waiting == (0,)
    play = plays.get(1)
    assert play is not None and (play.card, play.boosted) == (4, False)


def test_views_are_named_definitions_built_only_when_asked() -> None:
    assert [v.name for v in GAME.views()] == ["status", "plays", "shop", "haps", "puzzles", "solutions"]
    assert [v.name for v in views.VIEWS if v.takes_args] == ["solutions"]
    s = new_session()
    view = GAME.view("status")
    assert view is not None
    assert view.build(s.state, s.now, []).title.startswith("The Choice is Yours — ")


def test_help_does_not_list_the_views() -> None:
    syntaxes = {h.syntax.split()[0] for h in GAME.help()}
    assert not syntaxes & {"plays", "haps", "puzzles", "solutions"}


def test_the_game_contract_is_typed_without_any() -> None:
    functions = (
        rules.start,
        commands.parse,
        rules.apply,
        rules.next_due,
        rules.on_due,
        rules.is_over,
        views.final,
        views.knowledge,
        views.toolbar,
        settings.rulings,
        settings.validate,
    )
    for fn in functions:
        hints = typing.get_type_hints(fn)
        assert typing.Any not in hints.values(), fn.__name__
