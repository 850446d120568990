"""Hap-Tac-Toe and When Stars Align's table of moves: who may make which move when, the refusals it
gives before the rules are asked, completion from the moves allowed now, the toolbar, and what each
seat may know (the mover's placement, chosen star and claims stay theirs until the turn ends)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.games import game
from umpire.core.errors import InvalidCommand, UmpireError
from umpire.games.base import HOST, Event, Game, dm
from umpire.games.haptactoe import rules
from umpire.games.haptactoe.commands import Place, parse
from umpire.games.haptactoe.events import EVENTS, TurnEnded
from umpire.games.haptactoe.pieces import SQUARES, square_name
from umpire.session import Session

from . import BOTH, CHOOSER, HAP_ROW, STAR_ROW, begin, fill_turn, new_session, ok, play_game, refused, words

HAP_TAC_TOE, WHEN_STARS_ALIGN = game("hap-tac-toe"), game("when-stars-align")

GAMES: dict[str, Game[Any, Any]] = {"htt": HAP_TAC_TOE, "wsa": WHEN_STARS_ALIGN}


def allowed(s: Session, actor: int | None) -> list[str]:
    return [m.name for m in s.game.allowed(s.state, actor)]


def piece(kind: str, i: int = 0) -> str:
    return (HAP_ROW if kind == "htt" else STAR_ROW)[i]


def resolver(s: Session) -> Any:
    return lambda name: s.scenario.roster.resolve(name).seat


# ---------------------------------------------------------------- the table


def test_the_table_lists_the_help_in_its_old_order() -> None:
    assert [h.syntax for h in HAP_TAC_TOE.help()] == ["first NAME", "ATTRIBUTES SQUARE", "hap SQ SQ SQ", "SQ SQ SQ", "done", "start", "end"]
    assert [h.syntax for h in WHEN_STARS_ALIGN.help()] == [
        "first NAME",
        "ATTRIBUTES SQUARE",
        "ATTRIBUTES, then SQUARE",
        "set SQ SQ SQ",
        "done",
        "start",
        "end",
    ]


@pytest.mark.parametrize("kind", BOTH)
def test_the_placement_the_chosen_star_and_the_claims_are_sealed_and_the_turns_end_reveals_them(kind: str) -> None:
    game = GAMES[kind]
    assert {m.name for m in game.moves if m.sealed} == {"place", "claim"} | ({"select"} if kind == "wsa" else set())
    assert [e for e in EVENTS if e.reveals] == [TurnEnded]


@pytest.mark.parametrize("kind", BOTH)
def test_before_the_first_player_is_chosen_only_the_chooser_or_the_host_may_choose(kind: str) -> None:
    s = new_session(kind)
    assert allowed(s, None) == ["first"]
    assert allowed(s, 1) == ["first"]  # p2 is the chooser in the bundled scenarios
    assert allowed(s, 0) == []


@pytest.mark.parametrize("kind", BOTH)
def test_once_the_first_player_is_chosen_only_the_host_may_start(kind: str) -> None:
    s = new_session(kind)
    ok(s, "p2: first p1")
    assert (allowed(s, None), allowed(s, 0), allowed(s, 1)) == (["start"], [], [])


@pytest.mark.parametrize("kind", BOTH)
def test_on_a_turn_the_mover_places_then_claims_or_ends_and_the_host_may_end_it_once_placed(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    placing = ["place", "select"] if kind == "wsa" else ["place"]
    assert (allowed(s, 0), allowed(s, 1), allowed(s, None)) == (placing, [], [])
    ok(s, f"p1: {piece(kind)} C3")
    assert (allowed(s, 0), allowed(s, 1), allowed(s, None)) == (["claim", "done"], [], ["end"])


@pytest.mark.parametrize("kind", BOTH)
def test_between_the_games_only_start_and_after_the_match_nothing_is_allowed(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    play_game(s)
    assert (allowed(s, None), allowed(s, 0), allowed(s, 1)) == (["start"], [], [])
    play_game(s)
    assert s.state.over
    assert (allowed(s, None), allowed(s, 0), allowed(s, 1)) == ([], [], [])


@pytest.mark.parametrize("kind", BOTH)
def test_a_move_not_allowed_now_is_refused_by_the_table_before_the_rules_judge_it(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    s = new_session(kind)

    def judged(state: Any, command: Any, now: int) -> Any:
        raise AssertionError(f"the rules were asked to judge {command}")

    real = s.game
    monkeypatch.setattr(s.engine, "game", dataclasses.replace(real, apply=judged))
    who = CHOOSER[kind]
    role = "the Advantage holder" if kind == "htt" else "the DM opponent"
    assert refused(s, "p1: first p2", error="IllegalAction") == f"only {who} ({role}) chooses who moves first"
    assert refused(s, "p2: done", error="IllegalAction") == f"game 1 has not started: {who} ({role}) first chooses who moves first"
    monkeypatch.setattr(s.engine, "game", real)
    begin(s)
    ok(s, f"p1: {piece(kind)} C3")
    monkeypatch.setattr(s.engine, "game", dataclasses.replace(real, apply=judged))
    assert refused(s, "p2: first p1", error="IllegalAction") == "the first player is already chosen: Hedger"
    assert refused(s, "start", error="IllegalAction") == "game 1 is already under way"
    word = "hap" if kind == "htt" else "set"
    assert refused(s, f"p1: {piece(kind, 1)} D4", error="IllegalAction") == (
        f"Hedger already placed {piece(kind)} on C3 this turn; claim with “{word} …” or say “done”"
    )
    assert refused(s, f"p2: {word} A1 B1 C3", error="IllegalAction") == f"it is Hedger's turn, not {who}'s"


def test_a_star_chosen_after_the_placement_is_refused_by_the_table() -> None:
    s = new_session("wsa")
    begin(s)
    ok(s, "p1: yellow solid 4 C3")
    reason = refused(s, "p1: blue hollow 5", error="IllegalAction")
    assert reason == "Hedger already placed yellow solid 4 on C3 this turn; claim with “set …” or say “done”"


def test_a_square_alone_from_the_player_waiting_is_read_without_the_movers_chosen_star() -> None:
    s = new_session("wsa")
    begin(s)
    before = parse(s.state, 1, "C3", resolver(s))
    ok(s, "p1: blue hollow 5")
    assert parse(s.state, 1, "C3", resolver(s)) == before == Place(seat=1, piece=None, square=SQUARES.index("C3"))
    assert s.game.why_not(s.state, 1, before) == "it is Hedger's turn, not Ian's"


def test_the_rules_refuse_a_square_alone_when_no_star_was_chosen() -> None:
    s = new_session("wsa")
    begin(s)
    with pytest.raises(InvalidCommand) as err:
        rules.apply(s.state, Place(seat=0, piece=None, square=SQUARES.index("C3")), s.now)
    assert (
        err.value.reason
        == "no star chosen yet: choose one first (“yellow solid 4”), then its square, or both at once (“yellow solid 4 C3”)"
    )


def test_the_rules_place_the_chosen_star_for_a_square_alone() -> None:
    s = new_session("wsa")
    begin(s)
    ok(s, "p1: blue hollow 5")
    state, events = rules.apply(s.state, Place(seat=0, piece=None, square=SQUARES.index("C3")), s.now)
    assert state.turn is not None and state.turn.placed is not None
    assert [e.kind for e in events] == ["placed"] and words(s, state.turn.placed[0]) == "blue hollow 5"


# ---------------------------------------------------------------- completion


@pytest.mark.parametrize("kind", BOTH)
def test_completion_offers_the_words_of_the_moves_allowed_now(kind: str) -> None:
    s = new_session(kind)
    game = s.game
    assert game.suggest(s.state, None, []) == ["first"]
    assert game.suggest(s.state, 1, ["first"]) == ["Hedger", CHOOSER[kind]]
    assert game.suggest(s.state, 0, []) == []
    begin(s)
    offered = game.suggest(s.state, 0, [])
    assert {"done", "hap", "set"}.isdisjoint(offered) and "C3" in offered and piece(kind).split()[0] in offered
    assert game.suggest(s.state, 1, []) == [] and game.suggest(s.state, None, []) == []
    ok(s, f"p1: {piece(kind)} C3")
    word = "hap" if kind == "htt" else "set"
    assert game.suggest(s.state, 0, []) == [word, "done"]
    assert game.suggest(s.state, 0, [word]) == ["C3"]
    assert game.suggest(s.state, None, []) == ["end"]


# ---------------------------------------------------------------- the toolbar


def test_the_toolbar_puts_the_moves_clock_and_the_reserves_first() -> None:
    s = new_session("htt")
    bar = s.game.toolbar(s.state, s.now)
    assert bar.clock == ""  # no clock has run yet
    assert bar.where == "Uri to choose who moves first · Hap-Tac-Toe"
    begin(s)
    bar = s.game.toolbar(s.state, s.now + 15_000)
    assert (bar.clock, bar.where) == ("Hedger's move 0:45 · reserves Hedger 5:00 Uri 5:00", "to place · turn 1 of game 1 · Hap-Tac-Toe")
    ok(s, "@ 1:30")
    assert s.game.toolbar(s.state, s.now).clock == "Hedger on reserve · reserves Hedger 4:30 Uri 5:00"


# ---------------------------------------------------------------- knowledge


@pytest.mark.parametrize("kind", BOTH)
def test_the_mover_alone_knows_the_move_under_way(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    for _ in range(3):
        fill_turn(s)
        ok(s, f"{'p1' if s.state.turn.seat == 0 else 'p2'}: done")
    late = words(s, 20)  # a piece the standard fill places only on turn 21
    ok(s, f"p2: {late} E5")
    word = "hap" if kind == "htt" else "set"
    ok(s, f"p2: {word} A1 B1 C1")
    game = s.game
    everyone = game.knowledge(s.state, None)
    assert "E5" not in everyone["board"] and "my_move" not in everyone
    assert game.knowledge(s.state, 0) == everyone
    mine = game.knowledge(s.state, 1)
    assert mine["my_move"] == {"selected": None, "placed": {"piece": late, "square": "E5"}, "claims": [["A1", "B1", "C1"]]}
    assert {k: v for k, v in mine.items() if k != "my_move"} == everyone
    ok(s, "p2: done")
    after = game.knowledge(s.state, None)
    assert after["board"]["E5"] == late
    assert after["judged"][-1] == {"game": 1, "turn": 4, "player": CHOOSER[kind], "squares": ["A1", "B1", "C1"], "verdict": "valid"}
    assert after["scores"] == {"Hedger": 0, CHOOSER[kind]: 1}


def test_a_chosen_star_is_known_to_its_mover_only() -> None:
    s = new_session("wsa")
    begin(s)
    ok(s, "p1: blue hollow 5")
    assert s.game.knowledge(s.state, 0)["my_move"] == {"selected": "blue hollow 5", "placed": None, "claims": []}
    assert s.game.knowledge(s.state, 1) == s.game.knowledge(s.state, None)


def test_knowledge_names_a_bad_claim_in_the_rule_sets_words() -> None:
    s = new_session("wsa")
    begin(s)
    for _ in range(4):
        fill_turn(s)
        ok(s, f"{'p1' if s.state.turn.seat == 0 else 'p2'}: done")
    fill_turn(s)
    ok(s, "p1: set A1 B1 D1")
    ok(s, "p1: done")
    assert s.game.knowledge(s.state, 1)["judged"][-1]["verdict"] == "not a set"


def _apply_lines(s: Session, state: Any, seat: int, lines: list[str]) -> tuple[Any, list[Event]]:
    out: list[Event] = []
    for text in lines:
        command = s.game.parse(state, seat, text, resolver(s))
        assert s.game.why_not(state, seat, command) is None, text
        state, events = s.game.apply(state, command, s.now)
        out += events
    return state, out


def _probe(s: Session, state: Any, seat: int) -> list[str]:
    """What the waiting player hears back for a few lines: refusals, whatever the mover's move."""
    answers = []
    for text in ("done", "C3", "A1 B2 C3", "hap A1 B1 C1", "set A1 B1 C1", f"{piece('htt')} E5", f"{piece('wsa')} E5"):
        try:
            command = s.game.parse(state, seat, text, resolver(s))
            why = s.game.why_not(state, seat, command)
            if why is None:
                s.game.apply(state, command, s.now)
            answers.append(f"why not: {why}")
        except UmpireError as exc:
            answers.append(f"{type(exc).__name__}: {exc.reason}")
    return answers


@st.composite
def sealed_moves(draw: st.DrawFn, state: Any) -> list[str]:
    """A legal placement on the board as it stands, then up to two claims of occupied squares."""
    pieces = state.cfg.book.pieces
    free = [p for p in range(27) if p not in state.board]
    empty = [i for i, p in enumerate(state.board) if p is None]
    code = draw(st.sampled_from(free))
    square = draw(st.sampled_from(empty))
    lines = [f"{pieces.words(code)} {square_name(square)}"]
    occupied = [i for i, p in enumerate(state.board) if p is not None] + [square]
    for _ in range(draw(st.integers(0, 2)) if len(occupied) >= 3 else 0):
        trio = draw(st.lists(st.sampled_from(occupied), min_size=3, max_size=3, unique=True))
        lines.append(f"{state.cfg.book.claim_word} " + " ".join(square_name(i) for i in trio))
    return lines


@pytest.mark.parametrize("kind", BOTH)
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(data=st.data())
def test_what_the_waiting_player_and_the_public_know_does_not_depend_on_the_movers_sealed_move(kind: str, data: st.DataObject) -> None:
    s = new_session(kind)
    begin(s)
    for _ in range(data.draw(st.integers(0, 6), label="turns before")):
        fill_turn(s)
        ok(s, f"{'p1' if s.state.turn.seat == 0 else 'p2'}: done")
    mover = s.state.turn.seat
    other = 1 - mover
    seen = []
    for label in ("one move", "another move"):
        lines = data.draw(sealed_moves(s.state), label=label)
        state, events = _apply_lines(s, s.state, mover, lines)
        told = [(e.kind, e.payload()) for e in events if e.audience not in (HOST, dm(mover))]
        seen.append((told, s.game.knowledge(state, None), s.game.knowledge(state, other), _probe(s, state, other)))
        _, ended = _apply_lines(s, state, mover, ["done"])
        assert any(e.reveals for e in ended)
    assert seen[0] == seen[1]
    assert seen[0][0] == []


def test_a_journal_of_a_match_on_the_table_replays(tmp_path: Path) -> None:
    s = new_session("wsa", journal=tmp_path / "j.jsonl")
    begin(s)
    ok(s, "p1: blue hollow 5")
    ok(s, "p1: C3")
    refused(s, "p2: C4")
    ok(s, "p1: done")
    assert s.journal_path is not None
    again, _, _ = Session.load(s.journal_path, reopen=False)
    assert again.final() == s.final() and again.state == s.state
