"""The players' words for the seed, taken by a bot, can never leave the game waiting: whatever messages arrive, in any
order, taking them never raises, each player's first usable word is taken (one too long for its share of the seed's
500 characters is refused to its player, who sends another), and once every player's is in they are mixed in."""

from __future__ import annotations

import functools
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.scenario import Scenario, parse
from umpire.session import OutputKind, Session
from umpire.session.fairness import MAX_ENTROPY, check_word, word_limit

messages = st.lists(
    st.tuples(st.integers(0, 29), st.lists(st.text(max_size=20) | st.text(min_size=15, max_size=300), max_size=3)),
    max_size=40,
)


BASE = (Path(__file__).resolve().parents[2] / "scenarios" / "open-pass-heaven-hell.toml").read_text().split("[[players]]")[0]


@functools.cache
def players(n: int) -> Scenario:
    """Open, Pass with `n` players."""
    return parse(BASE + "".join(f'[[players]]\nname = "P{i}"\n' for i in range(n)), "words.toml")


@settings(max_examples=60, deadline=None)
@given(st.integers(6, 30), messages)
def test_r_bot_4_taking_any_messages_as_words_never_raises_and_the_words_mix_once_all_are_in(
    n: int, sent: list[tuple[int, list[str]]]
) -> None:
    s = Session.create(players(n), journal_path=None, player_entropy=True)
    s.commitment_outputs()
    taken: dict[int, str] = {}
    for k, (seat, lines) in enumerate(sent):
        seat %= n
        was_waiting = s.fair.waiting
        out = s.submit(seat, lines, source=f"discord:1/{k + 1}")
        if not was_waiting:
            continue
        refused = [o for o in out if o.kind == OutputKind.REFUSAL]
        assert all(o.audience.seat == seat for o in refused)  # a refusal goes to its player, never stops the others
        word = " ".join(line.strip() for line in lines if line.strip())
        problem = check_word(word, n)
        if seat not in taken and problem is None:
            taken[seat] = word
            assert not refused and s.fair.words.get(seat, word) == word
        else:
            assert [o.text for o in refused][:1] == [problem] if problem else refused
    for seat in range(n):  # whoever has not sent a usable word sends one
        if seat not in taken:
            s.submit(seat, [f"w{seat}"], source=f"discord:2/{seat + 1}")
    assert not s.fair.waiting and s.fair.entropy is not None and len(s.fair.entropy) <= MAX_ENTROPY


def test_r_bot_4_each_players_share_of_the_seeds_characters() -> None:
    assert [word_limit(n) for n in (1, 2, 3, 13)] == [500, 249, 166, 37]
    assert all(n * word_limit(n) + n - 1 <= MAX_ENTROPY for n in range(1, 40))
    assert check_word("x" * 38, 13) == (
        "your word for the seed is 38 characters; at most 37 with 13 players (all the words together are at most 500): send a shorter one"
    )
    assert check_word("", 2) == "your word for the seed has no text (umpire reads only a message's text): send a word or a number"
    assert check_word("x" * 37, 13) is None
