"""What every game of sealed rounds shares (umpire/games/roundplay.py): its words, its moves and the result's post."""

from __future__ import annotations

import pytest

from umpire.core.errors import InvalidCommand
from umpire.games import roundplay
from umpire.games.base import Renderers
from umpire.games.outcome import Elimination, Outcome, Placing
from umpire.games.rounds import SealedRound


@pytest.mark.parametrize(
    ("text", "actor", "reason"),
    [
        ("pick", 0, "“pick” needs a whole number after it, e.g. “pick 3”"),
        ("pick 1.5", 0, "“1.5” is not a pick: a pick is one whole number from 0 up, e.g. “pick 3”"),
        ("vote 3", 0, "a player sends “pick N”, N a whole number, e.g. “pick 3”"),
        ("pick 3", None, "the host's words here are “start” and “close”; a player's pick comes with their name: “p1: pick 3”"),
        ("open", None, "unknown host command (type “help” for the list)"),
    ],
)
def test_a_line_it_cannot_read_is_refused_saying_what_was_expected(text: str, actor: int | None, reason: str) -> None:
    with pytest.raises(InvalidCommand) as refused:
        roundplay.read(text, actor, verb="pick", example="pick 3")
    assert refused.value.reason == reason


def test_the_table_of_moves_refuses_before_the_start_and_after_the_end_in_the_games_own_name() -> None:
    moves = roundplay.round_moves(
        game="the draw",
        verb="pick",
        what="Pick a number.",
        example="p1: pick 3",
        started=lambda s: s >= 1,
        over=lambda s: s >= 2,
        most=lambda s, seat: 7,
        start="Start.",
        close="Close.",
    )
    pick, start, close = moves
    assert (pick.sealed, start.who, close.who) == (True, "host", "host")
    assert pick.when(0, 0) == close.when(0, None) == "the draw has not started yet; the host starts it with “start”"
    assert pick.when(1, 0) is None and start.when(1, None) == "the draw has already started"
    assert pick.when(2, 0) == "the draw is over"
    assert pick.suggest(1, 0, ["pick"]) == ["0", "1", "3", "7"]


def test_the_result_says_the_outcome_with_its_eliminations_and_is_generated_only_when_the_seed_drew() -> None:
    outcome = Outcome(
        summary="Yuna wins.",
        winners=("Yuna",),
        why="last one standing",
        ranking=(Placing(player="Yuna", place=1, why="2 lives left"), Placing(player="Uri", place=2, why="out in round 4")),
        eliminated=(Elimination(player="Uri", why="no lives left in round 4"),),
    )
    event = roundplay.result(outcome, now=5)
    assert event.outcome == outcome and not event.is_generated and roundplay.result(outcome, now=5, drawn=True).is_generated
    (post,) = roundplay.add_renderers(Renderers()).render(None, event)
    assert post.text == (
        "🏆 **Yuna wins.** (last one standing)\n1. Yuna: 2 lives left\n2. Uri: out in round 4\nEliminated: Uri (no lives left in round 4)"
    )
    assert post.image is not None and post.image()[:4] == b"\x89PNG"


def test_a_round_reminder_names_nobody_publicly_and_the_host_learns_who_is_still_to_act() -> None:
    r, _ = SealedRound[int].open(number=4, seats=(0, 1, 2), now=0, span=60_000, reminders=(10_000,)).take(1, 2)
    r, tick = r.tick()
    texts = [
        (str(e.audience), p.text)
        for e in roundplay.reminder(r, tick, ("A", "B", "C"), now=50_000)
        for p in roundplay.add_renderers(Renderers()).render(None, e)
    ]
    assert texts == [("public", "⏳ Round 4: 0:10 left."), ("host", "Still to act in round 4: A, C")]
