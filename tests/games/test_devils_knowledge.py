"""What each seat may know (`knowledge(state, seat)`), and that a sealed submission (a pick, a division)
changes nothing the other player or the public sees until an event reveals it (R-DD-18)."""

from __future__ import annotations

import json
from typing import Any

from tests.games import game
from umpire.games.devilsdeal.views import knowledge
from umpire.session import Output, Session

from .test_devils_support import act, new_session, ok, play, started, table, to_poker

GAME = game("devils-deal")

GOOD = "G4 B4 G6 | R2 G3 G9 | B1 B5 G8 | aside B6 R8"  # a valid division of Hedger's refill 1 (takes 9)
SMALL = "G4 B4 | aside G8"  # another (takes 2)


def test_knowledge_is_json() -> None:
    s = started()
    for seat in (None, 0, 1):
        json.dumps(knowledge(s.state, seat))


def test_everyone_knows_the_public_facts_and_no_seat_is_told_a_secret_in_them() -> None:
    s = started()
    public = knowledge(s.state, None)
    assert "mine" not in public
    assert public["chips"] == {"Hedger": 30, "Uri": 30}
    assert public["pools"]["Hedger"] == {"cards": ["G2", "R5", "G5", "B6", "B7"], "held": 5, "unknown_gone": 0}
    assert public["step"] == {"step": "refill?", "player": "Hedger", "again": False}
    assert public["waiting"] == "waiting for Hedger to answer “refill?”"
    for seat in (0, 1):
        mine = knowledge(s.state, seat)
        assert {k: v for k, v in mine.items() if k != "mine"} == public


def test_a_pick_is_known_to_its_player_alone() -> None:
    state = table(("R5 G6 B7", "R1 G2 B3"))
    before_other, before_public = knowledge(state, 1), knowledge(state, None)
    picked, _ = act(state, 0, "pick R5 G6")
    assert knowledge(picked, 0)["mine"]["private"] == ["R5", "G6"]
    assert knowledge(picked, 1) == before_other  # not even that Hedger has picked (R-DD-18)
    assert knowledge(picked, None) == before_public
    other, _ = act(state, 0, "pick B7 R5")
    assert knowledge(other, 1) == knowledge(picked, 1)
    assert knowledge(other, None) == knowledge(picked, None)


def test_the_first_private_cards_are_public_once_revealed_and_the_second_stay_private() -> None:
    state = table(("R5 G6 B7", "R1 G2 B3"))
    state, _ = play(state, (0, "pick R5 G6"), (1, "pick R1 G2"), (0, "call"), (1, "call"))
    public = knowledge(state, None)
    assert public["revealed"] == {"Hedger": ["R5"], "Uri": ["R1"]}
    assert "mine" not in public
    assert knowledge(state, 0)["mine"]["private"] == ["R5", "G6"]  # the seat's own; Uri's second card nowhere
    assert knowledge(state, 1)["mine"]["private"] == ["R1", "G2"]
    assert knowledge(state, 0)["revealed"] == knowledge(state, 1)["revealed"] == public["revealed"]


def test_a_folded_unrevealed_card_stays_listed_for_everyone_and_gone_from_its_owners_pool() -> None:
    state = table(("R5 G6 B7", "R1 G2 B3"))
    state, _ = play(state, (0, "pick R5 G6"), (1, "pick R1 G2"), (0, "fold"))
    public = knowledge(state, None)
    assert public["pools"]["Hedger"] == {"cards": ["R5", "G6", "B7"], "held": 1, "unknown_gone": 2}
    assert knowledge(state, 0)["mine"]["pool"] == ["B7"]
    assert "mine" not in public and knowledge(state, 1)["mine"]["pool"] == ["B3"]


def test_the_division_in_force_is_known_to_the_player_dividing_alone() -> None:
    s = started()
    ok(s, "p1: yes")
    before_other, before_public = knowledge(s.state, 1), knowledge(s.state, None)
    assert knowledge(s.state, 0)["mine"]["division"] is None
    ok(s, f"p1: {GOOD}")
    assert knowledge(s.state, 0)["mine"]["division"] == "G4 B4 G6 (14) · R2 G3 G9 (14) · B1 B5 G8 (14) · set aside: B6 R8 (14)"
    assert knowledge(s.state, 1) == before_other
    assert knowledge(s.state, None) == before_public
    assert "division" not in knowledge(s.state, 1)["mine"]


# ---------------------------------------------------------------- a sealed division, replaced


def seen_by(outputs: list[Output], seat: int) -> list[tuple[str, str, Any]]:
    """What the public and one player see: announcements to everyone or to that player, up to (not
    including) the first event that reveals a sealed submission."""
    out = []
    for o in outputs:
        if o.kind != "announce" or str(o.audience) not in ("public", f"player:{seat}"):
            continue
        if o.event is not None and any(e.kind == o.event["event"] and e.reveals for e in GAME.events):
            break
        out.append((str(o.audience), o.text, o.event))
    return out


def divide(division: str) -> tuple[Session, list[Output]]:
    """Hedger divides refill 1 with `division`, then a reminder, Uri's pool, a refused correction
    and the deadline."""
    s = started()
    out = ok(s, "p1: yes", f"p1: {division}", "@ 1:00", "p2: pool")
    out += s.feed("p1: G4 B4 | G9 | aside G8")  # not valid: refused, to Hedger and the host
    out += ok(s, "@ 1:30")
    return s, out


def test_uri_and_the_public_see_the_same_whatever_division_hedger_has_in_force_until_it_locks() -> None:
    _, good = divide(GOOD)
    _, small = divide(SMALL)
    assert seen_by(good, 1) == seen_by(small, 1)
    assert any(o.event is not None and o.event["event"] == "division_locked" for o in good)
    assert [o.event["taken"] for o in good if o.event and o.event["event"] == "division_locked"] != [
        o.event["taken"] for o in small if o.event and o.event["event"] == "division_locked"
    ]


def test_uri_and_the_public_see_the_same_whatever_hedger_picked_until_the_first_reveal() -> None:
    outs = []
    for pick in ("pick R5 G5", "pick G2 B6"):
        s = new_session()
        ok(s, "start", "p2: first p1")
        to_poker(s)
        outs.append(ok(s, f"p1: {pick}", "p2: pick R1 B2", "p1: call", "p2: call"))
    assert seen_by(outs[0], 1) == seen_by(outs[1], 1)
    assert any(o.event is not None and o.event["event"] == "revealed" for o in outs[0])
