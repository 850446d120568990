"""Right-to-left text in a left-to-right line: each character's level and the order the runs are
drawn in (python-bidi's Unicode Bidirectional Algorithm, with umpire's glue), and the font and
bidi libraries loaded only by the pictures that need them."""

from __future__ import annotations

import subprocess
import sys
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from umpire.images import direction, faces, text

# A character of each bidirectional class (L, R, AL, EN, ES, ET, AN, CS, NSM, BN, B, S, WS, ON, the embeddings,
# overrides and isolates, and one this Python's Unicode has not assigned), then any character at all.
EACH_CLASS = "a\u05d0\u06271+%\u0663,\u0651\u200d\n\t !\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\U0002ebe1"
CHARACTERS = st.one_of(st.sampled_from(EACH_CLASS), st.characters(codec="utf-8"))
LEFT_TO_RIGHT_ONLY = st.text(CHARACTERS.filter(lambda ch: unicodedata.bidirectional(ch) not in direction.MOVING))


def _order(line: direction.Line) -> list[int]:
    """The characters' indices left to right as drawn (one taken out by rule X9 after the one before it)."""
    return sorted(range(len(line.places)), key=lambda i: (line.places[i], i))


def test_an_arabic_name_in_an_english_line_runs_right_to_left_in_its_place() -> None:
    line = direction.resolve("Uri محمد wins")
    assert line.levels == (0,) * 4 + (1,) * 4 + (0,) * 5
    assert _order(line) == [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11, 12], "the name's first letter at its right, the words around it in order"


def test_numbers_among_right_to_left_words_read_left_to_right_with_their_signs() -> None:
    line = direction.resolve("אב %%10")
    assert line.levels == (1, 1, 1, 2, 2, 2, 2), "the percent signs before the number go with it (rule W5)"
    assert _order(line) == [3, 4, 5, 6, 2, 1, 0], "%%10 at the left, as read, then the Hebrew right to left"


def test_trailing_spaces_take_the_lines_direction() -> None:
    assert direction.resolve("אב  ").levels == (1, 1, 0, 0)


def test_a_joiner_rule_x9_takes_out_goes_with_the_character_before_it() -> None:
    line = direction.resolve("Uri محمد\u200d wins")
    assert line.levels[8] == line.levels[7] == 1 and line.places[8] == line.places[7]


def test_a_line_with_isolates_is_resolved_with_them_as_neutrals() -> None:
    """The library's algorithm predates isolates (it fails on them): umpire gives it them as neutrals."""
    line = direction.resolve("Uri \u2067محمد\u2069 wins")
    assert line.levels == (0,) * 5 + (1,) * 4 + (0,) * 6


@given(LEFT_TO_RIGHT_ONLY)
def test_a_line_without_right_to_left_characters_is_all_level_0_as_the_library_finds(line: str) -> None:
    shortcut, library = direction.resolve(line), direction.by_the_algorithm(line)
    assert shortcut.levels == library.levels == (0,) * len(line)
    assert _order(shortcut) == _order(library) == list(range(len(line)))


@given(st.text(CHARACTERS, max_size=40))
def test_every_line_is_resolved_one_level_and_place_per_character(line: str) -> None:
    resolved = direction.resolve(line)
    assert len(resolved.levels) == len(resolved.places) == len(line)
    assert all(0 <= level <= 62 for level in resolved.levels)  # UAX #9's deepest embedding, and two for a number in it
    assert sorted(_order(resolved)) == list(range(len(line)))


@given(st.lists(st.sampled_from(["Uri", "محمد", "علي", "אורי", "12", "3.5%", "(p1)", "—", ":", "👑", "유나"]), min_size=1, max_size=8))
def test_a_lines_runs_are_drawn_in_the_order_the_library_gives_its_characters(words: list[str]) -> None:
    line = " ".join(words)
    with faces.setting(system=False):
        logical = text._items(line, False, text._fonts())
        drawn = text._in_order(line, False, text._fonts())
    assert "".join(run for run, _, _ in logical) == line and sorted(drawn) == sorted(logical), "each run drawn once"
    as_drawn = "".join(run[::-1] if level % 2 else run for run, _, level in drawn)
    assert as_drawn == "".join(line[i] for i in _order(direction.resolve(line)))
    if all(w in ("Uri", "유나", "—", ":", "12") for w in words):
        assert drawn == logical, "a line of left-to-right words is drawn as written"


LOADED = """
import sys
from umpire.images import faces, text, Standings, draw
names = lambda: sorted(m for m in ("fontTools", "bidi") if m in sys.modules)
with faces.setting(system=False):
    draw(Standings(title="Hap-Tac-Toe: Zoë wins", columns=("player", "score"), rows=(("Zoë", "4"), ("유나", "3"))))
    print(names())
    text.render("Hap-Tac-Toe: محمد wins", 30)
    print(names())
"""


def test_the_font_and_bidi_libraries_are_loaded_only_by_the_pictures_that_need_them() -> None:
    out = subprocess.run([sys.executable, "-c", LOADED], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.splitlines() == ["[]", "['bidi']"], "a picture in the bundled fonts loads neither; right-to-left text loads bidi"
