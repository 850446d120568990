"""Players: display names and aliases, looked up ignoring case and spacing; never a guess."""

from __future__ import annotations

import pytest

from umpire.core.errors import AmbiguousCommand, InvalidCommand
from umpire.core.players import Player, Roster


def roster() -> Roster:
    return Roster([Player(seat=0, name="Hedger Smith", aliases=("p1", "HS")), Player(seat=1, name="Uri", aliases=("p2",))])


def test_player_names_lists_display_name_first_then_aliases() -> None:
    assert Player(seat=0, name="Hedger", aliases=("p1", "h")).names() == ("Hedger", "p1", "h")
    assert Player(seat=3, name="Solo").names() == ("Solo",)


def test_roster_is_a_sequence_of_players_by_seat() -> None:
    r = roster()
    assert len(r) == 2
    assert [p.name for p in r] == ["Hedger Smith", "Uri"]
    assert r[1].name == "Uri"


@pytest.mark.parametrize("text", ["Uri", "uri", "URI", "uRi", "p2", "P2"])
def test_names_and_aliases_are_case_insensitive(text: str) -> None:
    assert roster().resolve(text).seat == 1


@pytest.mark.parametrize("text", ["hedger smith", "  Hedger   Smith  ", "HEDGER\tSMITH", "hs", "Hs"])
def test_whitespace_is_folded_when_looking_up_a_name(text: str) -> None:
    assert roster().resolve(text).seat == 0


def test_find_returns_none_for_a_name_nobody_has() -> None:
    assert roster().find("Ian") is None


def test_casefolding_matches_beyond_simple_lowercase() -> None:
    r = Roster([Player(seat=0, name="Straße"), Player(seat=1, name="Uri")])
    assert r.resolve("STRASSE").seat == 0


def test_unknown_name_is_invalid_and_names_the_players() -> None:
    with pytest.raises(InvalidCommand) as info:
        roster().resolve("Ian")
    message = str(info.value)
    assert "“Ian”" in message
    assert "no player called" in message
    assert "Hedger Smith (p1/HS)" in message
    assert "Uri (p2)" in message


def test_unknown_name_lists_players_without_aliases_by_name_only() -> None:
    r = Roster([Player(seat=0, name="Ann"), Player(seat=1, name="Bo", aliases=("p2",))])
    with pytest.raises(InvalidCommand) as info:
        r.resolve("Cy")
    assert info.value.reason == "there is no player called “Cy” (players: Ann, Bo (p2))"


def test_a_name_matching_two_players_is_ambiguous_never_a_guess() -> None:
    r = Roster([Player(seat=0, name="Hal", aliases=("p1", "h")), Player(seat=1, name="H", aliases=("p2",))])
    with pytest.raises(AmbiguousCommand) as info:
        r.resolve("h")
    message = str(info.value)
    assert "“h”" in message
    assert "Hal and H" in message
    assert "alias" in message
    with pytest.raises(AmbiguousCommand):
        r.find("  H ")


def test_an_alias_repeated_by_one_player_is_not_ambiguous() -> None:
    r = Roster([Player(seat=0, name="Hedger", aliases=("hedger", "HEDGER")), Player(seat=1, name="Uri")])
    assert r.resolve("hedger").seat == 0


def test_the_other_names_stay_usable_when_one_is_ambiguous() -> None:
    r = Roster([Player(seat=0, name="Hal", aliases=("p1", "h")), Player(seat=1, name="H", aliases=("p2",))])
    assert r.resolve("p1").seat == 0
    assert r.resolve("P2").seat == 1


def test_all_names_lists_every_name_and_alias_in_seat_order() -> None:
    assert roster().all_names() == ["Hedger Smith", "p1", "HS", "Uri", "p2"]
