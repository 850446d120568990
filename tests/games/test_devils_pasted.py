"""Divisions pasted as Discord messages, through the session's intake (`Session.feed`), as the host enters
them: the referees' two repros of issue 18 (items 1 and 2), word for word, and a Death Match's refill
step played with every division form, with the clock running and paused.

Seed 3115: Hedger's first refill is G4 B4 G6 G3 B1 G9 R2 G8 R8 B5 B6 B2, his second (after Uri takes
R2) G7 G8 B1 R5 G9 R3 G3 B8 R8 G5 B7 R7.
"""

from __future__ import annotations

from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.state import Divide
from umpire.session import Output, Session

from .test_devils_support import at, events, new_session, ok, started, texts


def script(session: Session, text: str) -> list[Output]:
    """Enter a script's lines one by one, as batch mode does (and flush at its end)."""
    out: list[Output] = []
    for line in text.split("\n"):
        out += session.feed(line)
    return out + session.flush()


def refusals(out: list[Output]) -> list[str]:
    return [o.text for o in out if o.kind == "refusal"]


def in_force(session: Session) -> list[str]:
    """What the division in force takes, in the order offered ([] when none is in force)."""
    step = session.state.step
    assert isinstance(step, Divide), step
    return [] if step.division is None else C.name_list(step.division.taken(step.offer))


def locked(out: list[Output]) -> list[str]:
    (ev,) = events(out, "division_locked")
    return list(ev["taken"])


REPRO_1 = """start
p2: first p1
p1: yes
p1: G4 B4 G6 | R2 G3 G9 | B1 B5 G8 | aside B6 R8
@ 0:30
Hedger — Today at 10:33 PM
aside B4, G4
G9, B1
G8, R2
B6, B2, G3 R8

p1: done"""

REPRO_2 = """start
p2: first p1
p1: yes
Hedger — Today at 10:33 PM
G9 B1
G8 R2
aside G6 G4

Hedger — Today at 10:34 PM
G3 B4

p1: done"""


def test_the_referees_pasted_message_with_commas_is_one_division_and_the_9_card_one_stays() -> None:
    s = new_session()
    out = script(s, REPRO_1)
    assert refusals(out) == [
        "this division is not valid: the piles' sums differ: set aside B4 G4 = 8, G9 B1 = 10, G8 R2 = 10, B6 B2 G3 R8 = 19; "
        "every pile needs the same sum (read as aside B4 G4 | G9 B1 | G8 R2 | B6 B2 G3 R8 — one pile a line, 4 lines; "
        "the division from 0:00 stays in force)"
    ]
    assert locked(out) == ["G4", "B4", "G6", "G3", "B1", "G9", "R2", "G8", "B5"]  # 9 cards, not 1


def test_the_referees_repro_with_commas_reads_the_same_as_a_bracketed_paste() -> None:
    s = new_session()
    lines = REPRO_1.split("\n")
    ok(s, *lines[:5])
    out = s.feed("\n".join(lines[5:10]))  # the message pasted at once, as a terminal's bracketed paste sends it
    assert len(refusals(out)) == 1 and len(in_force(s)) == 9


def test_a_later_invalid_message_does_not_undo_the_valid_message_before_it() -> None:
    s = new_session()
    out = script(s, REPRO_2)
    assert refusals(out) == [
        "this division is not valid: no pile is marked set aside (write “aside” before the pile to set aside) "
        "(read as G3 B4; the division from 0:00 stays in force)"
    ]
    assert sorted(locked(out)) == ["B1", "G8", "G9", "R2"]  # takes 4: “the last valid submission in the period is taken”
    assert [n["lines"] for n in events(out, "division_noted")] == [3]  # one host note for the message, none per line


def test_while_the_clock_is_paused_a_correction_does_not_wipe_out_the_division_in_force() -> None:
    s = new_session()
    ok(s, "start", "p2: first p1", "p1: yes", "pause")
    ok(s, "Hedger — Today at 10:33 PM\nG9 B1\nG8 R2\naside G6 G4")  # pasted: valid, takes 4
    out = s.feed("Hedger — Today at 10:34 PM\nG3 B4")  # a pasted correction that is not valid
    assert len(refusals(out)) == 1
    (view,) = ok(s, "division")
    assert view.view is not None
    assert "in force since 0:00: G9 B1 (10) · G8 R2 (10) · set aside: G6 G4 (10) — takes 4" in view.view.notes


def test_a_division_written_one_pile_a_line_is_one_division() -> None:
    s = started()
    ok(s, "p1: yes")
    out = ok(s, "Hedger — Today at 10:32 PM\nG4 B4 G6\nR2 G3 G9\nB1 B5 G8\naside: B6 R8")
    (note,) = events(out, "division_noted")  # one note for the message, not one per line
    assert (note["lines"], len(note["takes"])) == (4, 9)
    assert texts(out, "public") == []  # checks go to the host only; the division is posted when it locks
    step = s.state.step
    assert isinstance(step, Divide) and step.division is not None
    assert len(step.division.taken(step.offer)) == 9


def test_a_later_message_is_a_new_division() -> None:
    s = started()
    ok(s, "p1: yes", "p1: G4 B4 | aside G8")
    at(s, 10)
    (note,) = events(ok(s, "p1: G6 B2 | aside G8"), "division_noted")
    assert note["division"] == "G6 B2 (8) · set aside: G8 (8)" and note["takes"] == ["G6", "B2"]


def test_a_message_that_is_not_valid_is_refused_and_the_division_before_it_stays() -> None:
    s = started()
    ok(s, "p1: yes", "p1: G4 B4 | aside G8")
    at(s, 10)
    # A message whose first lines would be valid on their own but whose last line is not: judged whole.
    out = s.feed("Hedger — Today at 10:33 PM\naside R8\nG6 B2\nG9\n")
    assert [o.text for o in out if o.kind == "refusal"] == [
        "this division is not valid: the piles' sums differ: set aside R8 = 8, G6 B2 = 8, G9 = 9; every pile needs the same sum "
        "(read as aside R8 | G6 B2 | G9 — one pile a line, 3 lines; the division from 0:00 stays in force)"
    ]
    step = s.state.step
    assert isinstance(step, Divide) and step.division is not None and step.since == 0
    assert C.name_list(step.division.taken(step.offer)) == ["G4", "B4"]


# ---------------------------------------------------------------- every form, the clock running and paused

REFILL_1 = """@ 0:05
p1: G4 B4 | aside G8
@ 0:10
p1: G9, G6 G3, aside B4 B5
pause
Hedger — Today at 10:33 PM
G4 B4
G8
x R8

Hedger — Today at 10:34 PM
B1, G8
G9
unused: R2, G3, G4
Hedger — Today at 10:35 PM
B1 G8
G9 B2

resume
@ 1:00"""


def test_a_death_match_played_with_every_division_form_takes_what_each_message_says() -> None:
    s = new_session()
    ok(s, "start", "p2: first p1", "p1: yes")
    taken_after: list[list[str]] = []
    out: list[Output] = []
    for line in REFILL_1.split("\n"):
        got = s.feed(line)
        out += got
        if events(got, "division_noted") or refusals(got):
            taken_after.append(in_force(s))
    assert taken_after == [
        ["G4", "B4"],  # one line with |
        ["G6", "G3", "G9"],  # one line with commas between the piles
        ["G4", "B4", "G8"],  # paused: one pile a line, no commas, “x” marks the pile set aside
        ["B1", "G9", "G8"],  # paused: one pile a line with commas, the unused group of the piles' sum set aside (ended by a header)
        ["B1", "G9", "G8"],  # paused: a message that is not valid is refused; the one before it stays
    ]
    assert len(refusals(out)) == 1
    assert [n["lines"] for n in events(out, "division_noted")] == [1, 1, 3, 3]
    assert not [t for t in texts(out, "public") if "B1" in t or "G9" in t]  # no division is posted before the lock
    assert locked(ok(s, "@ 1:30")) == ["B1", "G9", "G8"]  # the deadline takes the last valid division

    ok(s, "p2: take R2", "p1: yes")  # refill 2 at 1:30: G7 G8 B1 R5 G9 R3 G3 B8 R8 G5 B7 R7, the clock running
    out = script(s, "@ 1:40\nHedger — Today at 10:37 PM\nG8\nR8\nB8 (aside)\nunused: G7, G9\n@ 1:50")  # an @ line ends it
    assert in_force(s) == ["G8", "R8"] and refusals(out) == []
    # On a line of a message, commas separate cards: “G8, R8” is one pile of 16, and no unused group has that sum.
    out = script(s, "Hedger — Today at 10:38 PM\nG8, R8\nunused B8\nunused G7\n@ 2:00")
    assert refusals(out) == [
        "this division is not valid: no pile is marked set aside (write “aside” before the pile to set aside) "
        "(read as G8 R8 | unused B8 G7 — one pile a line, 3 lines; the division from 1:40 stays in force)"
    ]
    out = script(s, "Hedger — Today at 10:39 PM\nG8\nR8\nunused B8\nunused G7\n@ 2:10")  # the card's shape: two unused groups
    assert in_force(s) == ["G8", "R8"] and refusals(out) == []
    out = script(s, "Hedger — Today at 10:40 PM\nR5 R3\nG8\nunused B8\ndone")  # ends with done: divided, then locked
    assert locked(out) == ["G8", "R5", "R3"]
    (lock,) = events(out, "division_locked")
    assert lock["division"]["aside_pile"] == ["B8"] and lock["division"]["unused"] == ["G7", "B1", "G9", "G3", "R8", "G5", "B7", "R7"]
