"""A correction names every post it withdraws (issue 29, item 10), in every game.

Undoing Devil's Deal's `first me` withdrew three posts (the choice, the round's community card, the
refill prompt) but the correction named only the first. Here each transcript script (every bundled
game) is played line by line, and every ruling in force that made several public posts is taken back
with `undo`: its correction names the first line of each of them, in order. So does an undo after a
replay that left those posts unworded (`umpire resume`); and the journal's final hash, posted with a
ruling that ended the game, is said to be void rather than listed among the game's posts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.seeds import test_seed
from tests.transcript_support import TRANSCRIPTS, scenario_of
from umpire.scenario import Scenario
from umpire.session import Output, Session, derive_salt
from umpire.session.history import first_line
from umpire.session.play_events import NAMED

SCRIPTS = sorted(TRANSCRIPTS.glob("*.script"))
# The scripts in which some ruling makes several public posts: one game's start and its first round, a bidding
# round's close and the next round's packs, a turn's end and the game's end. In the other two, each ruling makes
# one post at most (a test below holds them to it, so that a ruling of several posts there is tested too).
SEVERAL = (
    "choice-goofspiel",
    "choice-match",
    "devils-deal",
    "hap-tac-toe",
    "hap-tac-toe-timeout",
    "number-auction",
    "open-pass-match",
    "when-stars-align",
)
PER_SCRIPT = 3  # rulings of several posts taken back per script (each from a fresh session)


def session(sc: Scenario, journal: Path | None = None) -> Session:
    seed = test_seed(sc)
    return Session.create(sc, journal_path=journal, seed=seed, salt=derive_salt(seed))


def public(outputs: list[Output], n: int) -> list[str]:
    """The public posts with text that entry `n` made."""
    return [o.text for o in outputs if o.n == n and o.kind == "announce" and o.audience.public and o.text]


def lines_of(script: Path) -> list[str]:
    return [ln for ln in script.read_text(encoding="utf-8").split("\n") if ln.strip() and not ln.startswith("#")]


def several(sc: Scenario, lines: list[str]) -> list[int]:
    """The indexes of the lines after which the last ruling in force made two public posts or more."""
    s = session(sc)
    found = []
    for i, line in enumerate(lines):
        out = s.feed(line)
        if s.history and len(public(out, s.history[-1].n)) >= 2:
            found.append(i)
    return found


def expected(posts: list[str]) -> str:
    firsts = [first_line(p) for p in posts]
    body = [f"↶ **Correction:** the host took back the last ruling; disregard all {len(firsts)} posts it made:"]
    body += [f"• “{f}”" for f in firsts[:NAMED]] + ([f"• and {len(firsts) - NAMED} more after them"] if len(firsts) > NAMED else [])
    return "\n".join([*body, "The game stands as before it."])


def corrections(outputs: list[Output]) -> list[Output]:
    return [o for o in outputs if o.event is not None and o.event["event"] == "correction"]


@pytest.mark.parametrize("stem", SEVERAL)
def test_a_correction_names_every_public_post_of_the_ruling_it_takes_back(stem: str) -> None:
    script = TRANSCRIPTS / f"{stem}.script"
    sc, lines = scenario_of(script), lines_of(script)
    found = several(sc, lines)
    assert found, f"{stem}: no ruling made several public posts; the test would prove nothing"
    for i in found[:PER_SCRIPT]:
        s = session(sc)
        for line in lines[: i + 1]:
            out = s.feed(line)
        posts = public(out, s.history[-1].n)
        (correction,) = corrections(s.feed("undo"))
        assert correction.text == expected(posts), (script.stem, lines[i])
        assert correction.event is not None
        assert [correction.event["withdrawn"], *correction.event["also"]] == [first_line(p) for p in posts]


def test_undoing_devils_deals_first_me_names_the_choice_the_community_card_and_the_refill_prompt() -> None:
    # The repro.
    s = session(scenario_of(TRANSCRIPTS / "devils-deal.script"))
    s.feed("start")
    s.feed("p2: first me")
    (correction,) = corrections(s.feed("undo"))
    lines = correction.text.split("\n")
    assert lines[0] == "↶ **Correction:** the host took back the last ruling; disregard all 3 posts it made:"
    assert lines[1].startswith("• “Uri chooses Uri to start round 1.")
    assert lines[2].startswith("• “⚔️ Round 1 — Uri starts. 🂠 Community card: ")
    assert lines[3].startswith("• “🔄 Uri: refill? yes or no — 20 s")
    assert lines[4] == "The game stands as before it."


def test_a_correction_of_one_post_reads_as_before() -> None:
    s = session(scenario_of(TRANSCRIPTS / "devils-deal.script"))
    s.feed("start")
    (correction,) = corrections(s.feed("undo"))
    assert correction.text == (
        "↶ **Correction:** the host took back the last ruling (“🃏 Devil's Deal — the starting pools (both from one fresh deck):”); "
        "disregard that post. The game stands as before it."
    )


def test_the_other_scripts_make_no_ruling_of_several_posts() -> None:
    for script in SCRIPTS:
        if script.stem not in SEVERAL:
            assert several(scenario_of(script), lines_of(script)) == [], script.stem


@pytest.mark.parametrize("stem", SEVERAL)
def test_after_a_replay_that_left_posts_unworded_the_correction_names_every_post_as_live(stem: str, tmp_path: Path) -> None:
    script = TRANSCRIPTS / f"{stem}.script"
    sc, lines = scenario_of(script), lines_of(script)
    i = several(sc, lines)[0]
    path = tmp_path / "game.journal.jsonl"
    live = session(sc, path)
    for line in lines[: i + 1]:
        live.feed(line)
    live.close()
    resumed, _, steps = Session.stream(path, recent=0)
    list(steps)
    fresh = session(sc)
    for line in lines[: i + 1]:
        fresh.feed(line)
    assert [o.text for o in corrections(resumed.feed("undo"))] == [o.text for o in corrections(fresh.feed("undo"))]


def test_undoing_the_ruling_that_ended_the_game_says_the_final_hash_posted_with_it_is_void(tmp_path: Path) -> None:
    script = TRANSCRIPTS / "hap-tac-toe-timeout.script"
    sc, lines = scenario_of(script), lines_of(script)
    s = session(sc, tmp_path / "game.journal.jsonl")
    for line in lines:
        if line == "undo":
            break
        out = s.feed(line)
    assert [o.event["event"] for o in out if o.event is not None and o.audience.public][-1] == "final_hash"
    undone = s.feed("undo")
    kinds = [o.event["event"] for o in undone if o.event is not None]
    assert kinds == ["undone", "correction", "final_hash_withdrawn"]
    (correction,) = corrections(undone)
    assert "final hash" not in correction.text  # the game's posts only
    assert undone[-1].text == (
        "🧾 The journal's final hash posted with that ruling is withdrawn with it: the game goes on, and a new one is posted when it ends."
    )


def test_the_hosts_undo_note_quotes_a_line_ending_in_a_full_stop_without_a_second_one() -> None:
    from umpire.session.play_events import RENDER, Undone

    assert RENDER.render(None, Undone(t=0, undid=6, input="p4: bid 9.", rewind=None))[0].text == "↶ Undid entry 6: p4: bid 9."
    assert RENDER.render(None, Undone(t=0, undid=6, input="p4: bid 9", rewind=None))[0].text == "↶ Undid entry 6: p4: bid 9."
