"""Players: display names and aliases, looked up ignoring case and spacing; never a guess."""

from __future__ import annotations

import pytest

from umpire.core.errors import AmbiguousCommand, InvalidCommand
from umpire.core.players import Player, Roster, alias_problem


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


# ---------------------------------------------------------------- names of several words (issue 14)


def card_roster() -> Roster:
    """The Final Match's players as the card names them: "Hedger may be referred to as Player 1 or p1"."""
    return Roster([Player(seat=0, name="Hedger", aliases=("p1", "Player 1")), Player(seat=1, name="Uri", aliases=("p2", "Player 2"))])


@pytest.mark.parametrize(("text", "seat"), [("Player 1", 0), ("player 2", 1), ("PLAYER   1", 0), (" Player\t2 ", 1), ("p1", 0)])
def test_an_alias_of_two_words_resolves_ignoring_case_and_spacing(text: str, seat: int) -> None:
    assert card_roster().resolve(text).seat == seat


def test_the_card_names_each_player_by_player_n_and_pn() -> None:
    r = card_roster()
    assert r.resolve("Player 1") is r.resolve("p1") is r[0]
    assert r.all_names() == ["Hedger", "p1", "Player 1", "Uri", "p2", "Player 2"]


def test_an_unknown_name_lists_the_aliases_of_several_words() -> None:
    with pytest.raises(InvalidCommand) as info:
        card_roster().resolve("Player 3")
    assert info.value.reason == "there is no player called “Player 3” (players: Hedger (p1/Player 1), Uri (p2/Player 2))"


@pytest.mark.parametrize(
    ("text", "seat", "rest"),
    [
        ("Player 1 gs 3", 0, "gs 3"),
        ("player 2   expr 1 2+3x9-3 3", 1, "expr 1 2+3x9-3 3"),
        ("p2 done", 1, "done"),
        ("Hedger", 0, ""),
        ("uri  hap 149 4", 1, "hap 149 4"),
    ],
)
def test_match_start_finds_the_name_a_line_begins_with_and_the_rest(text: str, seat: int, rest: str) -> None:
    found = card_roster().match_start(text)
    assert found is not None
    assert (found[0].seat, found[1]) == (seat, rest)


def test_match_start_the_longest_name_wins() -> None:
    # "Player" is the first player's alias and "Player 2" the second's: "Player 2 gs 3" is the second.
    r = Roster([Player(seat=0, name="Hedger", aliases=("Player",)), Player(seat=1, name="Uri", aliases=("Player 2",))])
    second, first = r.match_start("Player 2 gs 3"), r.match_start("Player gs 3")
    assert second is not None and (second[0].seat, second[1]) == (1, "gs 3")
    assert first is not None and (first[0].seat, first[1]) == (0, "gs 3")
    found = r.match_start("Player 22 gs 3")  # not "Player 2": whole words only
    assert found is not None and (found[0].seat, found[1]) == (0, "22 gs 3")


def test_match_start_is_none_when_no_name_begins_the_line() -> None:
    assert card_roster().match_start("gs 3") is None
    assert card_roster().match_start("") is None
    assert card_roster().match_start("Play 1 gs 3") is None


def test_match_start_refuses_a_longest_name_two_players_share() -> None:
    r = Roster([Player(seat=0, name="Hal", aliases=("the host",)), Player(seat=1, name="Uri", aliases=("The  Host",))])
    with pytest.raises(AmbiguousCommand) as info:
        r.match_start("the host gs 3")
    assert info.value.reason == "“the host” could be Hal and Uri; use an alias such as p1"


@pytest.mark.parametrize("alias", ["p1", "Player 1", "the  third player", "Ünsal 2"])
def test_an_alias_of_words_separated_by_spaces_is_usable(alias: str) -> None:
    assert alias_problem(alias) is None


@pytest.mark.parametrize("alias", ["p:1", "p\t2", "two\nlines", "@p2", "#p2", "[p2", "", "   "])
def test_an_alias_with_a_colon_tab_line_break_or_mention_mark_is_not(alias: str) -> None:
    assert alias_problem(alias) == "an alias is words separated by spaces, without “:”, tabs or line breaks, not starting with @, # or ["


@pytest.mark.parametrize("text", ["p 1", "P 1", "p1", "Player1", "player 1", "PLAYER  1"])
def test_names_ignore_case_and_spaces_as_r_name_1_says(text: str) -> None:
    # Issue 18: R-NAME-1 says names ignore case and spacing, yet “p 1” was refused.
    r = Roster([Player(seat=0, name="Hedger", aliases=("p1", "Player 1")), Player(seat=1, name="Uri", aliases=("p2", "Player 2"))])
    assert r.resolve(text).seat == 0
