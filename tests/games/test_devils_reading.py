"""How a division is read (issue 14's findings, most severe first), the card's recommended form, the
lock post, `check` wording, and the bounds of every numeric setting (issue 13).

Hedger's first refill with the bundled seed: G4 B4 G6 G3 B1 G9 R2 G8 R8 B5 B6 B2.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from umpire.cli import app, devils  # noqa: F401 - registers the Devil's Deal commands
from umpire.core.errors import InvalidCommand
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.divisions import Division, read_division, read_line
from umpire.games.devilsdeal.settings import SETTINGS
from umpire.scenario import ScenarioError
from umpire.session import Session

from . import refused
from .test_devils_support import at, events, new_session, ok, public, scenario

GOOD_BARS = "G4 B4 G6 | R2 G3 G9 | B1 B5 G8 | aside B6 R8"  # takes 9
GOOD_COMMAS = "G4 B4 G6, R2 G3 G9, B1 B5 G8, aside B6 R8"
CARD_OFFER = "G5 B3 R3 R7 B6 G1 G2 G8 B5 R2 B9 G6"  # the card's example


def dividing(tmp_path: Path) -> Session:
    s = new_session(journal=tmp_path / "game.journal.jsonl")
    ok(s, "start", "p2: first p1", "p1: yes")
    return s


def in_force(s: Session) -> Division | None:
    step = s.state.step
    assert step is not None and hasattr(step, "division")
    return step.division  # type: ignore[no-any-return]


def taken(s: Session) -> list[str]:
    d = in_force(s)
    step = s.state.step
    return [] if d is None else C.name_list(d.taken(step.offer))  # type: ignore[union-attr]


# ---------------------------------------------------------------- markers at the start or end of a pile


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            "B9 x G5 | G8 B6",
            "“B9 x G5” is unclear: “x” stands inside the pile, and read as written it would set aside the whole pile B9 G5; "
            "a marker belongs at the start or end of its pile (e.g. “aside G2 B5 R7”), and piles are separated by “|”",
        ),
        (
            "B9 G5 unused G1 | G8 B6",
            "“B9 G5 unused G1” is unclear: “unused” stands inside the pile, and read as written it would make every card of it unused: "
            "B9 G5 G1; a marker belongs at the start or end of its pile (e.g. “aside G2 B5 R7”), and piles are separated by “|”",
        ),
    ],
)
def test_a_marker_inside_a_pile_is_refused_with_the_reading_spelled_out(text: str, reason: str) -> None:
    with pytest.raises(InvalidCommand) as exc:
        read_division(text)
    assert exc.value.reason == reason


def test_a_marker_at_the_start_or_the_end_of_a_pile_marks_it() -> None:
    for text in ("B9 G5 | aside: G2 B5 R7", "B9 G5 | G2 B5 R7 (aside)", "B9 G5 | G2 B5 R7 x", "B9 G5 | set aside G2 B5 R7"):
        d = Division.of(read_division(text))
        assert C.name_list(d.aside) == ["G2", "B5", "R7"], text


def test_a_marker_inside_a_pile_is_refused_in_play_and_changes_nothing(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    assert refused(s, "p1: G4 x B4 | G8 | R8").startswith("“G4 x B4” is unclear: “x” stands inside the pile")


# ---------------------------------------------------------------- commas


def test_commas_separate_piles_when_there_is_no_bar_and_no_line_break() -> None:
    d = Division.of(read_division("B9 G5, G8 B6, R2 R3 B3 G6, aside G2 B5 R7"))
    assert [C.name_list(p) for p in d.kept()] == [["B9", "G5"], ["G8", "B6"], ["R2", "R3", "B3", "G6"]]
    assert C.name_list(d.aside) == ["G2", "B5", "R7"]


def test_with_bars_commas_separate_cards() -> None:
    d = Division.of(read_division("B9, G5 | G8, B6 | aside G2, B5, R7"))
    assert [C.name_list(p) for p in d.kept()] == [["B9", "G5"], ["G8", "B6"]]


def test_on_a_line_of_a_pile_a_line_message_commas_separate_cards() -> None:
    (seg,) = read_line("aside: G2, B5, R7")
    assert seg.kind == "aside" and C.name_list(seg.cards) == ["G2", "B5", "R7"]


def test_a_division_written_with_commas_replaces_the_same_division_written_with_bars(tmp_path: Path) -> None:
    # The referee's match: the pasted division in force, then the same one with commas. Hedger keeps 9 cards.
    s = dividing(tmp_path)
    ok(s, "Hedger — Today at 10:32 PM\nG4 B4 G6\nR2 G3 G9\nB1 B5 G8\naside: B6 R8\n")
    ok(s, "@ 0:10", f"p1: {GOOD_COMMAS}")
    assert len(taken(s)) == 9
    (ev,) = events(at(s, 90), "division_locked")
    assert len(ev["taken"]) == 9


def test_in_a_pasted_message_a_line_with_commas_is_one_pile(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    ok(s, "Hedger — Today at 10:32 PM\nG4 B4 G6\nR2, G3, G9\nB1 B5 G8\naside: B6, R8\n")
    assert len(taken(s)) == 9


def test_a_comma_division_that_is_not_valid_is_refused_with_its_reading(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    assert refused(s, "p1: aside: G4, B4, G8") == (
        "this division is not valid: the piles' sums differ: set aside G4 = 4, B4 = 4, G8 = 8; every pile needs the same sum "
        "(read as aside G4 | B4 | G8 — commas separate piles when there is no “|”; "
        "nothing valid is in force: at the deadline every card is set aside)"
    )


# ---------------------------------------------------------------- taking nothing


def test_a_division_that_takes_nothing_does_not_replace_one_that_takes_cards_unless_confirmed(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    ok(s, f"p1: {GOOD_BARS}")
    assert refused(s, "p1: aside G4 B4 G6 | unused G3 B1") == (
        "this division is not valid: it takes no card, while the division in force (G4 B4 G6 (14) · R2 G3 G9 (14) · B1 B5 G8 (14) · "
        "set aside: B6 R8 (14)) takes 9: end the submission with “confirm” to replace it anyway "
        "(read as aside G4 B4 G6 | unused G3 B1; the division from 0:00 stays in force)"
    )
    ok(s, "p1: aside G4 B4 G6 | unused G3 B1 confirm")
    assert taken(s) == []


def test_a_single_pile_that_takes_nothing_does_not_replace_a_division_that_takes_cards(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    ok(s, f"p1: {GOOD_BARS}")
    assert refused(s, "p1: aside G4 B4 G6") == (
        "this division is not valid: it takes no card, while the division in force (G4 B4 G6 (14) · R2 G3 G9 (14) · B1 B5 G8 (14) · "
        "set aside: B6 R8 (14)) takes 9: end the submission with “confirm” to replace it anyway "
        "(read as aside G4 B4 G6; the division from 0:00 stays in force)"
    )
    assert len(taken(s)) == 9


def test_a_pasted_message_that_takes_nothing_keeps_the_division_before_it_unless_confirmed(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    ok(s, f"p1: {GOOD_BARS}")
    ok(s, "@ 0:05")
    out = s.feed("Hedger — Today at 10:33 PM\naside G4 B4\nunused G6\n")
    assert next(o.text for o in out if o.kind == "refusal").startswith(
        "this division is not valid: it takes no card, while the division in force"
    )
    assert len(taken(s)) == 9
    ok(s, "@ 0:10", "Hedger — Today at 10:34 PM\naside G4 B4\nunused G6\nconfirm\n")
    assert taken(s) == []


def test_a_division_that_takes_nothing_is_accepted_when_nothing_that_takes_cards_is_in_force(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    ok(s, "p1: aside G4 B4")
    assert taken(s) == [] and in_force(s) is not None


# ---------------------------------------------------------------- the lock post


def test_the_lock_post_shows_the_piles(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    out = ok(s, f"p1: {GOOD_COMMAS}", "p1: done")
    assert "🔒 **Hedger**'s division (locked early), piles of 14: `G4 B4 G6` · `R2 G3 G9` · `B1 B5 G8` — set aside: `B6 R8`" in public(out)


def test_the_lock_post_of_a_division_that_takes_nothing_says_so(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    out = ok(s, "p1: aside G4 B4", "p1: done")
    assert "🔒 **Hedger**'s division (locked early) takes nothing: its one pile of 8, `G4 B4`, is set aside" in public(out)


# ---------------------------------------------------------------- the card's recommended form


def test_the_cards_recommended_form_with_an_unused_group_of_the_piles_sum_sets_that_group_aside() -> None:
    d = Division.of(read_division("B9 G5 | G8 B6 | R2 R3 B3 G6 | unused: G2 B5 R7"))
    assert [C.name_list(p) for p in d.kept()] == [["B9", "G5"], ["G8", "B6"], ["R2", "R3", "B3", "G6"]]
    assert C.name_list(d.aside) == ["G2", "B5", "R7"] and d.unused == ()


def test_the_cards_recommended_form_one_pile_a_line_is_accepted(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    ok(s, "Hedger — Today at 10:32 PM\nG4 B4 G6\nR2 G3 G9\nB1 B5 G8\nunused: B6 R8\n")
    assert len(taken(s)) == 9


def test_an_unused_group_of_another_sum_stays_unused_and_a_pile_must_be_marked() -> None:
    d = Division.of(read_division("B9 G5 | G8 B6 | unused: G2 B5"))
    assert d.marked == () and C.name_list(d.unused) == ["G2", "B5"]
    res = CliRunner().invoke(app, ["check", "division", CARD_OFFER, "B9 G5 | G8 B6 | unused: G2 B5"])
    assert res.exit_code == 1
    assert "  · no pile is marked set aside (write “aside” before the pile to set aside)" in res.stdout.split("\n")


def test_check_division_accepts_the_cards_recommended_form() -> None:
    res = CliRunner().invoke(app, ["check", "division", CARD_OFFER, "B9 G5 | G8 B6 | R2 R3 B3 G6 | unused: G2 B5 R7"])
    assert res.exit_code == 0
    assert res.stdout.split("\n")[0] == (
        f"✓ a valid division of {CARD_OFFER} (piles of 14): B9 G5 (14) · G8 B6 (14) · R2 R3 B3 G6 (14) · set aside: G2 B5 R7 (14)"
    )


# ---------------------------------------------------------------- check wording


def test_check_division_names_the_token_that_is_not_a_card() -> None:
    res = CliRunner().invoke(app, ["check", "division", CARD_OFFER, "G5 B3 = 8 ?"])
    assert res.exit_code == 2
    assert "“?” is not a card (write a colour R, G or B and a number 1–9, e.g. R5 G5 B5)" in res.stderr


def test_check_hand_counts_the_other_2924_hands() -> None:
    res = CliRunner().invoke(app, ["check", "hand", "R5", "G5", "B5"])
    assert res.stdout.split("\n")[1] == "  beats 2,920 of the other 2,924 hands, ties 0, loses to 4"


# ---------------------------------------------------------------- bounds (issue 13)


def test_every_numeric_setting_has_a_lower_and_an_upper_bound() -> None:
    for setting in SETTINGS:
        if setting.kind in ("int", "number", "list[int]"):
            assert setting.minimum is not None and setting.maximum is not None, setting.key


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"starting_chips": 10**9}, "rules.starting_chips: expected a whole number from 1 to 1000, got 1000000000"),
        ({"pool_limit": 10**6}, "rules.pool_limit: expected a whole number from 2 to 30, got 1000000"),
        ({"refill_cards": 28}, "rules.refill_cards: expected a whole number from 2 to 27, got 28"),
        ({"min_pile_cards": 4}, "rules.min_pile_cards: expected a whole number from 1 to 3, got 4"),
        ({"bet_seconds": 10**8}, "rules.bet_seconds: expected a whole number from 1 to 86400, got 100000000"),
        ({"long_reminders": [30, 10**7]}, "rules.long_reminders: expected a list of whole numbers from 1 to 86400, got 10000000"),
    ],
)
def test_a_numeric_setting_beyond_its_bound_is_refused_with_its_key(change: dict[str, object], message: str) -> None:
    with pytest.raises(ScenarioError) as exc:
        scenario(**change)
    assert str(exc.value) == f"scenarios/devils-deal.toml (changed by a test): {message}"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"short_reminders": [10, 20]},
            "rules.short_reminders: a reminder must come before its deadline: 20 s left is not within answer_seconds = 20 s",
        ),
        (
            {"long_reminders": [600], "pick_seconds": 60},
            "rules.long_reminders: a reminder must come before its deadline: 600 s left is not within pick_seconds = 60 s",
        ),
        (
            {"min_pile_cards": 3, "refill_cards": 5},
            "rules.min_pile_cards: two piles of 3 cards do not fit in a refill of 5 (refill_cards): no division could take a card",
        ),
    ],
)
def test_a_reminder_longer_than_its_deadline_is_refused_naming_the_key(change: dict[str, object], message: str) -> None:
    with pytest.raises(ScenarioError) as exc:
        scenario(**change)
    assert str(exc.value) == f"scenarios/devils-deal.toml (changed by a test): {message}"


def test_confirm_alone_is_refused_outside_the_message_it_would_confirm(tmp_path: Path) -> None:
    s = dividing(tmp_path)
    ok(s, f"p1: {GOOD_BARS}")
    assert refused(s, "p1: confirm") == "“confirm” goes at the end of the division it confirms, e.g. “aside G2 B5 R7 confirm”"
