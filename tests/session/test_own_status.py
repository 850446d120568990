"""R-READ-4: a player's `status` (and the game's own word for it) is answered privately with exactly what their seat may
know, built from the session's `knowledge(seat)`; it changes nothing, so `undo` passes over it (issue 29 items 4 and 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.session.played import played
from umpire.core import journal
from umpire.session import Output, Session

WORDS = {  # each game's words for it: `status` and its own (The Choice is Yours: its own only, its card's `status` is public)
    "hap-tac-toe.script": ["status"],
    "when-stars-align.script": ["status"],
    "choice-match.script": ["money", "my money"],
    "open-pass-match.script": ["status", "cards", "my cards", "collection"],
    "devils-deal.script": ["status", "pool", "my pool", "cards", "hand"],
}
PLACES = {  # a line of each transcript where a sealed move of p1's is pending or the game is under way
    "hap-tac-toe.script": 146,
    "when-stars-align.script": 136,
    "choice-match.script": 166,
    "open-pass-match.script": 110,
    "devils-deal.script": 80,
}


def answer(outs: list[Output]) -> Output:
    (o,) = outs
    assert o.kind == "announce" and o.event is not None and o.event["event"] == "own_status", outs
    return o


@pytest.mark.parametrize("script", sorted(PLACES))
def test_r_read_4_status_answers_privately_with_what_the_seat_may_know(script: str) -> None:
    s = played(script, PLACES[script])
    for seat in range(min(len(s.names), 3)):
        state, entries = s.state, s.entries
        o = answer(s.feed(f"p{seat + 1}: {WORDS[script][0]}"))
        assert str(o.audience) == f"player:{seat}"
        assert o.text == s.game.own_status(s.knowledge(seat), s.names[seat])  # made from the seat's knowledge alone
        assert o.event is not None and o.event["knowledge"] == s.knowledge(seat)
        assert s.state is state and s.entries == entries + 1  # journaled, changing nothing
        assert o.dm is not None and o.dm in [d.id for d in s.waiting(seat)]  # a DM in the outbox, as any


@pytest.mark.parametrize("script", sorted(PLACES))
def test_r_read_4_the_games_own_word_asks_the_same(script: str) -> None:
    s = played(script, PLACES[script])
    said = answer(s.feed(f"p1: {WORDS[script][0]}")).text
    for word in WORDS[script][1:]:
        assert answer(s.submit(0, [word])).text == said, word
        assert answer(s.feed(f"p1: **{word.upper()}**!")).text == said, word


PICKING = 69  # the devils-deal transcript's line where round 2's pick has begun and nobody has picked


def test_r_read_4_the_answer_is_the_players_own_view_and_not_the_others() -> None:
    s = played("devils-deal.script", PICKING)
    before = answer(s.feed("p2: pool")).text
    s.feed("p1: pick R5 G5")
    hedger, uri = answer(s.feed("p1: pool")).text, answer(s.feed("p2: pool")).text
    assert "private cards this round: first `R5`, second `G5`" in hedger
    assert uri == before  # nothing of Hedger's pick, not even that he has picked


def test_r_read_9_undo_after_a_query_undoes_the_ruling_before_it_and_sends_no_correction_for_the_query() -> None:
    s = played("devils-deal.script", PICKING)
    s.feed("p1: pick R5 G5")
    picked = s.history[-1].n
    answer(s.feed("p1: pool"))
    s.deliver(0)  # every DM to Hedger sent: the pick's receipt and the pool
    (undone, correction) = s.feed("undo")
    assert undone.text == f"↶ Undid entry {picked}: p1: pick R5 G5."
    assert str(correction.audience) == "player:0" and correction.text.startswith(
        "↶ **Correction:** the host took back a ruling (“p1: pick R5 G5”)"
    )
    assert "pool" not in correction.text
    assert s.state.pick(0) is None


def test_r_read_9_a_query_alone_is_not_undone() -> None:
    s = played("hap-tac-toe.script", 20)
    before = len(s.history)
    answer(s.feed("p2: status"))
    assert len(s.history) == before
    (o,) = s.feed("undo")
    assert "p2: status" not in o.text


def test_r_read_4_a_query_through_the_bot_is_journaled_sealed_and_taken_once(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    s = played("hap-tac-toe.script", 20, path)
    answer(s.submit(1, ["status"], source="discord:5/6"))
    assert s.submit(1, ["status"], source="discord:5/6")[0].text == "(already taken: discord:5/6)"
    s.close()
    last = journal.read(path).entries[-1]
    assert last["kind"] == "asked" and not {"by", "text", "source"} & set(last)  # who asked, and when, is sealed
    replayed, outs, _ = Session.load(path, reopen=False)
    assert replayed.sources == s.sources and [o.text for o in outs][-1] == s.game.own_status(s.knowledge(1), "Uri")


def test_r_read_4_the_live_check_completion_and_help_know_status() -> None:
    s = played("open-pass-match.script", 40)
    assert s.check("p3: status") is None and s.check("p3: cards") is None
    assert "status" in s.complete("p3: ", "") and "cards" in s.complete("p3: ", "")
    assert "  status / cards / collection" in s.help_text("players", width=200)


def test_r_read_4_the_hosts_status_is_still_the_hosts_view() -> None:
    s = played("open-pass-match.script", 40)
    (o,) = s.feed("status")
    assert o.kind == "view"


def test_r_shop_4_the_choice_is_yours_card_status_is_a_public_post_and_money_a_players_own_view() -> None:
    s = played("choice-match.script", PLACES["choice-match.script"])
    for line in ("p1: status", "p2: Status!", "p1: post status", "post status"):  # the host may post it too
        (o,) = s.feed(line)
        assert o.audience.public and o.text.startswith("**Status**"), line
        assert "gs " not in o.text  # both players' holdings and points, never a play
    own = answer(s.feed("p1: money"))
    assert str(own.audience) == "player:0" and own.text == s.game.own_status(s.knowledge(0), "Hedger")


def test_r_read_4_hap_tac_toe_status_counts_one_block_in_the_singular(tmp_path: Path) -> None:
    from tests.test_crash import run_umpire

    lines = ["entropy Hedger=apple, Uri=7", "p2: first p1", "start", "p1: black red circle C3", "p1: done", "p2: status"]
    res = run_umpire(tmp_path, "play", "hap-tac-toe", "--script", "-", "--seed", "5", stdin="\n".join(lines) + "\n")
    assert res.returncode == 0, res.stderr
    assert "Board: 1 block placed; empty: A1," in res.stdout, res.stdout
