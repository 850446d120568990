"""R-READ-1: a player's words are read once, in the session, for every game and front end alike: Discord's marks, a
trailing emoji or shortcode and end punctuation are set aside, the characters a game reads never are."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.contract.test_contract import accepted_commands
from tests.session.played import hosted
from tests.transcript_support import TRANSCRIPTS, scenario_of
from umpire.games import keys
from umpire.session import Output, Session
from umpire.session.intake import classify
from umpire.session.reading import read

WRAPS: dict[str, Callable[[str], str]] = {
    "strong": lambda m: f"**{m}**",
    "spoiler": lambda m: f"||{m}||",
    "inline code": lambda m: f"`{m}`",
    "full stop": lambda m: f"{m}.",
    "exclamation mark": lambda m: f"{m}!",
    "trailing emoji": lambda m: f"{m} ✅",
    "trailing shortcode": lambda m: f"{m} :white_check_mark:",
}
CHECKPOINTS = 5  # places in each transcript where every example is tried, spread over it


def scripts(key: str) -> list[str]:
    """The transcripts of the game called `key`."""
    return sorted(p.name for p in TRANSCRIPTS.glob("*.script") if scenario_of(p).game.key == key)


def checkpoints(script: str) -> Iterator[Session]:
    """The session of the transcript's game, stopped at a few places along the script (no message left open)."""
    s = hosted(script)
    s.commitment_outputs()
    lines = [ln for ln in (TRANSCRIPTS / script).read_text(encoding="utf-8").split("\n") if ln.strip() not in ("quit", "exit")]
    every = max(1, len(lines) // CHECKPOINTS)
    for i, line in enumerate(lines, start=1):
        s.feed(line, lineno=i)
        if i % every == 0:
            s.flush()
            yield s


def player_examples(s: Session) -> list[tuple[int, str, str]]:
    """The game's help examples a player sends, and lines its rules would take now: (seat, the prefix, the move)."""
    out = []
    for example in [*(h.example for h in s.game.help()), *accepted_commands(s, random.Random(29))]:
        line = classify(example)
        player = s.scenario.roster.find(line.name) if line.kind == "player" and line.name else None
        if player is not None:
            out.append((player.seat, example[: len(example) - len(line.text)], line.text))
    return out


def ruled(outs: Sequence[Output]) -> list[tuple[Any, ...]]:
    """What a ruling said, to whom, and the events it made: everything but the line it quotes and its entry numbers."""
    return [(str(o.kind), str(o.audience), o.text, o.error, o.event) for o in outs]


def taken_back(s: Session, outs: Sequence[Output], entries: int) -> None:
    """Undo the ruling the line made, if it made one, so the next line is tried on the same game."""
    if s.entries > entries and s.history and s.history[-1].n > entries:
        s.undo()


def try_line(s: Session, via: str, seat: int, prefix: str, text: str) -> tuple[list[tuple[Any, ...]], Any, list[str | None]]:
    """Rule one line as `via` takes it (the REPL's intake, or a bot's `submit`); the game is left as it was."""
    entries = s.entries
    outs = s.feed(prefix + text) + s.flush() if via == "feed" else s.submit(seat, [text])
    state = s.state
    taken_back(s, outs, entries)
    return ruled(outs), state, [o.input for o in outs if o.kind == "refusal"]


@pytest.mark.parametrize("via", ["feed", "submit"])
@pytest.mark.parametrize("script", sorted({name for key in keys() for name in scripts(key)}))
def test_r_read_1_a_move_wrapped_in_discord_formatting_is_ruled_as_the_bare_move(script: str, via: str) -> None:
    tried = 0
    for s in checkpoints(script):
        for seat, prefix, move in player_examples(s):
            bare, state, _ = try_line(s, via, seat, prefix, move)
            for what, wrap in WRAPS.items():
                sent = wrap(move)
                got, got_state, inputs = try_line(s, via, seat, prefix, sent)
                assert got == bare, f"{script}: “{sent}” ({what}) was ruled otherwise than “{move}”"
                assert got_state == state, f"{script}: “{sent}” ({what}) left another game than “{move}”"
                name = s.names[seat]
                quoted = prefix + sent if via == "feed" else f"{name}: {sent}"
                assert all(i == quoted for i in inputs), f"a refusal quotes {inputs}, not what was sent ({quoted!r})"
                tried += 1
    assert tried > 50, tried


def test_every_game_is_tried_through_at_least_one_transcript() -> None:
    assert all(scripts(key) for key in keys())


def test_r_read_1_a_refusal_quotes_the_line_as_the_player_sent_it() -> None:
    s = hosted("hap-tac-toe.script")
    (out,) = s.feed("p1: **hap A1 B1 C1** 👀")
    assert (out.input, out.text) == (
        "p1: **hap A1 B1 C1** 👀",
        "game 1 has not started: Uri (the Advantage holder) first chooses who moves first",
    )
    (out,) = s.submit(0, ["||hap A1 B1 C1||!"])
    assert out.input == "Hedger: ||hap A1 B1 C1||!"


def test_r_read_1_a_line_with_nothing_left_is_refused_saying_why() -> None:
    s = hosted("hap-tac-toe.script")
    reason = "nothing in it is a move once its formatting, emoji and end punctuation are set aside (R-READ-1)"
    (out,) = s.feed("p1: 👍")
    assert (out.kind, out.input, out.text, str(out.audience)) == ("refusal", "p1: 👍", reason, "player:0")
    (out,) = s.submit(0, ["**!!**"])
    assert (out.kind, out.input, out.text) == ("refusal", "Hedger: **!!**", reason)
    assert s.check("p1: :eyes:") == reason


def test_r_read_1_a_code_fence_line_of_a_message_is_dropped_and_the_rest_judged() -> None:
    s = hosted("devils-deal.script")
    for line in ("start", "p2: first p1", "p1: yes"):
        s.feed(line)
    out = s.submit(0, ["```", "G9 B1", "G8, R2", "aside G6 G4", "```"])
    assert [o.text for o in out] == [
        "Hedger's division (3 lines, one pile a line): G9 B1 (10) · G8 R2 (10) · set aside: G6 G4 (10) — ✓ valid: takes 4 (B1 G9 R2 G8)"
    ]


def test_r_read_1_the_journal_keeps_what_the_game_read_and_the_line_as_sent() -> None:
    s = hosted("choice-match.script")
    s.feed("start")
    s.feed("p1: **gs 5**!")
    assert s.history[-1].what == "p1: **gs 5**!"


@pytest.mark.parametrize(
    ("sent", "meaningful", "read_as"),
    [
        ("**a** and **b**", "", "a and b"),
        ("gs **5**", "", "gs 5"),
        ("gs **5**", "*", "gs **5**"),  # a mark made of a character the game reads: only around the whole line
        ("~~gs 5~~", "", "gs 5"),
        ("__gs 5__", "", "gs 5"),
        ("_gs 5_", "", "gs 5"),
        ("```gs 5```", "", "gs 5"),
        ("gs 5️⃣", "", "gs 5"),  # a keycap emoji is the digit and its keycap
        ("first me 😀👍🏽", "", "first me"),
        ("<:hapRBC:1234> done <:ok:55>", "", "<:hapRBC:1234> done"),  # only a trailing emoji
        ("done!!!?", "", "done"),
        ("gs 5 … ", "", "gs 5"),
        ("deck 9 * 8 *", "*", "deck 9 * 8 *"),
        ("G4 || G8", "|", "G4 || G8"),
        ("G1 ||G2 G3|| B4", "|", "G1 ||G2 G3|| B4"),
        ("hap C1, C2, C3", "", "hap C1, C2, C3"),
        ("gs\u200b 5", "", "gs 5"),
        # the issue's own lines (issue 29): The Choice is Yours, Open, Pass, Devil's Deal, Hap-Tac-Toe
        ("gs 5.", "+-x*×/", "gs 5"),
        ("||gs 7||", "+-x*×/", "gs 7"),
        ("gs 9 :eyes:", "+-x*×/", "gs 9"),
        ("Gyul!", "+-x*×/", "Gyul"),
        ("hap 125 1!", "+-x*×/", "hap 125 1"),
        ("expr 4 3*7+5-3 7.", "+-x*×/", "expr 4 3*7+5-3 7"),
        ("expr 1 2+3x9-3 3.", "+-x*×/", "expr 1 2+3x9-3 3"),
        ("Open.", "+-x*×/−÷", "Open"),
        ("Bid 1 2.", "+-x*×/−÷", "Bid 1 2"),
        ("deck 9 9 x x 8 7 6 + + 1 2 3 - 5 5 4 4 x 9 /.", "+-x*×/−÷", "deck 9 9 x x 8 7 6 + + 1 2 3 - 5 5 4 4 x 9 /"),
        ("Yes!", "|", "Yes"),
        ("**black red circle C3**", "", "black red circle C3"),
        ("done :white_check_mark:", "", "done"),
    ],
)
def test_r_read_1_what_is_set_aside_and_what_is_not(sent: str, meaningful: str, read_as: str) -> None:
    assert read(sent, meaningful=meaningful) == read_as


# ---------------------------------------------------------------- the characters a game reads are never touched

DIGITS = st.sampled_from("123456789")
OPERATORS = st.sampled_from("+-x*×/")
CHOICE = "+-x*×/"  # what The Choice is Yours declares
DEVILS = "|"


@st.composite
def expressions(draw: st.DrawFn) -> str:
    """An Expressions call as a player writes it: `expr x S y`, S four digits and three operators."""
    digits = draw(st.lists(DIGITS, min_size=4, max_size=4))
    ops = draw(st.lists(OPERATORS, min_size=3, max_size=3))
    s = "".join(d + o for d, o in zip(digits, [*ops, ""], strict=True))
    return f"{draw(st.sampled_from(['expr', 'iexpr']))} {draw(st.integers(1, 5))} {s} {draw(DIGITS)}"


CARD = st.builds(lambda c, n: c + n, st.sampled_from("RGBrgb"), DIGITS)


@st.composite
def divisions(draw: st.DrawFn) -> str:
    """A Devil's Deal division on one line: piles of cards between `|`, one marked aside."""
    piles = draw(st.lists(st.lists(CARD, min_size=1, max_size=4).map(" ".join), min_size=2, max_size=5))
    marked = draw(st.integers(0, len(piles) - 1))
    piles[marked] = draw(st.sampled_from(["aside ", "x ", "(aside) "])) + piles[marked]
    return draw(st.sampled_from([" | ", "|", " |"])).join(piles)


DECORATIONS = st.lists(st.sampled_from(["**", "||", "`", "__", "*", "~~"]), max_size=2)
ENDS = st.sampled_from(["", ".", "!", "?", "…", " ✅", " :eyes:", "!! 👀", ". <:ok:42>"])


def decorated(move: str, marks: list[str], end: str) -> str:
    for mark in marks:
        move = f"{mark}{move}{mark}"
    return move + end


@settings(max_examples=300, deadline=None)
@given(move=expressions(), marks=DECORATIONS, end=ENDS)
def test_r_read_1_an_expressions_operators_are_untouched_however_it_is_wrapped(move: str, marks: list[str], end: str) -> None:
    assert read(move, meaningful=CHOICE) == move
    assert read(decorated(move, marks, end), meaningful=CHOICE) == move


@settings(max_examples=300, deadline=None)
@given(move=divisions(), marks=DECORATIONS, end=ENDS)
def test_r_read_1_a_divisions_pipes_are_untouched_however_it_is_wrapped(move: str, marks: list[str], end: str) -> None:
    assert read(move, meaningful=DEVILS) == move
    assert read(decorated(move, marks, end), meaningful=DEVILS) == move


def test_r_read_1_rules_shows_how_players_messages_are_read_after_the_games_rulings() -> None:
    text = hosted("hap-tac-toe.script").rules_text(width=10_000)
    assert text.index("R-HTT-10") < text.index("How players' messages are read, in every game (docs/rulings.md):")
    assert "R-READ-1: Discord's formatting is not part of a move." in text
