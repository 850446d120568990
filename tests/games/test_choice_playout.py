"""Random play-outs of the Final Match: thousands of random lines (plays, purchases, posts, starts,
time lines and garbage, from either player or the host), each checked against a model of the
rules, and a journal that replays to the same game.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from umpire.core.clock import fmt_stamp
from umpire.render import json_lines
from umpire.session import HOST_WORDS, Output, Session

from .test_choice_support import events, new_session

NAMES = ("Hedger", "Uri")
PREFIXES = {"p1: ": 0, "Hedger: ": 0, "p2: ": 1, "uri: ": 1, "": None}
CARDS = [str(d) for d in range(1, 10)]
BAD_CARDS = ["0", "10", "five", "05", "-3"]
GROUP_PRICES = (2, 3, 4, 5)  # the shop text's groups, in order

actors = st.sampled_from(list(PREFIXES))
card_words = st.one_of(st.sampled_from(CARDS), st.sampled_from(CARDS), st.sampled_from(BAD_CARDS))
garbage_text = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
    max_size=14,
).filter(lambda t: not t.split() or t.split()[0].casefold() not in HOST_WORDS)


@dataclass(frozen=True)
class Step:
    """One random line: a command from an actor, or a clock move (`delta` ms from now)."""

    kind: str
    actor: str = ""
    word: str = ""
    delta: int = 0


steps = st.one_of(
    st.builds(Step, kind=st.just("gs"), actor=actors, word=card_words),
    st.builds(Step, kind=st.just("gs"), actor=actors, word=card_words),
    st.builds(Step, kind=st.just("igs"), actor=actors, word=card_words),
    st.builds(Step, kind=st.just("buy"), actor=actors, word=card_words),
    st.builds(Step, kind=st.just("buy"), actor=actors, word=card_words),
    st.builds(Step, kind=st.just("start"), actor=st.sampled_from(["", "", "", "p1: "])),
    st.builds(Step, kind=st.just("start"), actor=st.just("")),
    st.builds(Step, kind=st.just("time"), delta=st.integers(0, 70_000)),
    st.builds(Step, kind=st.just("time"), delta=st.integers(0, 70_000)),
    st.builds(Step, kind=st.just("time"), delta=st.integers(50_000, 250_000)),
    st.builds(Step, kind=st.just("time"), delta=st.one_of(st.integers(-3_000, -1), st.integers(200_000, 700_000))),
    st.builds(Step, kind=st.sampled_from(["status", "post shop"]), actor=actors),
    st.builds(Step, kind=st.sampled_from(["plays", "shop"])),
    st.builds(Step, kind=st.just("garbage"), actor=actors, word=garbage_text),
)


def _as_match(blocks: list[list[Step]]) -> list[Step]:
    """Random lines in chunks, each opened by the host's `start` and closed by a 10-minute jump,
    so that play-outs reach every block (the chunks hold random starts and time lines too)."""
    out: list[Step] = []
    for chunk in blocks:
        out += [Step(kind="start"), *chunk, Step(kind="time", delta=600_000)]
    return out


matches = st.lists(st.lists(steps, min_size=15, max_size=80), min_size=1, max_size=8).map(_as_match)


def line_of(step: Step, now: int) -> str:
    if step.kind == "time":
        return f"@ {fmt_stamp(max(0, now + step.delta))}"
    if step.kind in ("gs", "igs", "buy"):
        return f"{step.actor}{step.kind} {step.word}"
    if step.kind == "garbage":
        return f"{step.actor}{step.word}"
    return f"{step.actor}{step.kind}"


@dataclass
class Model:
    """What the test itself knows: who bought which tile in which shop cycle."""

    bought: dict[tuple[int, int], set[tuple[int, int]]] = field(default_factory=dict)


def price_of(shop_text: str, digit: int) -> int:
    groups = shop_text.split(", ")
    (price,) = [GROUP_PRICES[i] for i, g in enumerate(groups) if str(digit) in g]
    return price


def expect_accepted(step: Step, before: dict[str, Any], model: Model) -> bool | None:
    """Whether the rules must accept this line (None: the model does not say)."""
    seat = PREFIXES.get(step.actor)
    if step.kind == "start":
        return seat is None and not before["over"] and not before["in_block"]
    if step.kind in ("gs", "igs"):
        if seat is None or step.word not in CARDS or before["over"]:
            return False
        g = before["goofspiel"]
        if not before["in_block"] or g is None or not g["open"] or g["finished"]:
            return False
        card = int(step.word)
        if card not in g["cards_left"][NAMES[seat]]:
            return False
        if step.kind == "igs":
            return card != 9 and before["players"][NAMES[seat]]["advantages"]["goofspiel"]["left"] >= 1
        return True
    if step.kind == "buy":
        if seat is None or step.word not in CARDS or before["over"] or before["shop"] is None:
            return False
        digit = int(step.word)
        key = (before["block"], before["shop"]["cycle"])
        if (seat, digit) in model.bought.get(key, set()):
            return False
        return bool(before["players"][NAMES[seat]]["money"] >= price_of(before["shop"]["shop"], digit))
    if step.kind == "post shop":
        return before["shop"] is not None
    if step.kind in ("status", "plays", "shop"):
        return True
    if step.kind == "time":
        return max(0, before["t"] + step.delta) >= before["t"]
    return None


def check_step(session: Session, step: Step, model: Model) -> list[Output]:
    before = session.final()
    history = len(session.history)
    line = line_of(step, session.now)
    out = session.feed(line)
    after = session.final()
    bad = [o for o in out if o.kind == "refusal"]
    assert all(o.error != "InternalError" for o in bad), (line, bad[0].text if bad else None)
    expected = expect_accepted(step, before, model)
    if expected is not None:
        assert (not bad) == expected, (line, [o.text for o in bad], before)

    # A refused line changes nothing.
    if bad:
        assert len(out) == 1
        assert after == before
        assert len(session.history) == history
        return out

    started = events(out, "block_started")
    bought = events(out, "bought")
    for seat, name in enumerate(NAMES):
        b, a = before["players"][name], after["players"][name]
        # Money is never negative.
        assert a["money"] >= 0
        # Money changes only by a purchase (minus its price), a block credit (plus winnings + 30), or not at all.
        mine = [e for e in bought if e["player"] == name]
        delta = a["money"] - b["money"]
        if mine:
            (e,) = mine
            assert step.kind == "buy" and PREFIXES[step.actor] == seat
            assert e["price"] == price_of(before["shop"]["shop"], e["tile"])
            assert delta == -e["price"]
            model.bought.setdefault((before["block"], before["shop"]["cycle"]), set()).add((seat, e["tile"]))
        elif started and started[0]["block"] >= 2:
            assert step.kind == "start"
            assert delta == b["pending"] + 30
            assert a["pending"] == 0
        else:
            assert delta == 0
        # Tiles only grow, and only by purchases of 3 copies.
        for d in map(str, range(1, 10)):
            grown = a["tiles"][d] - b["tiles"][d]
            assert grown == (3 if any(e["tile"] == int(d) for e in mine) else 0)
        # Bout winnings only grow inside a block (and are paid out at the next start).
        if not started:
            assert a["pending"] >= b["pending"]
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(matches)
def test_random_lines_keep_money_tiles_and_refusals_within_the_rules(lines: list[Step]) -> None:
    s = new_session()
    model = Model()
    for step in lines:
        check_step(s, step, model)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)
@given(matches)
def test_replaying_the_journal_of_a_random_game_gives_the_live_game(tmp_path: Path, lines: list[Step]) -> None:
    path = tmp_path / f"{uuid.uuid4().hex}.journal.jsonl"
    s = new_session(journal=path)
    model = Model()
    announced: list[Output] = []
    for step in lines:
        announced += [o for o in check_step(s, step, model) if o.kind == "announce"]
    replayed, outputs, loaded = Session.load(path, reopen=False)
    assert not loaded.torn
    # Time lines on which nothing fell due are not journaled; moving the replay's clock there adds nothing.
    assert replayed.advance(s.now) == []
    assert replayed.final() == s.final()
    assert json_lines(outputs[1:]) == json_lines(announced)


def test_a_whole_match_replays_from_its_journal_to_the_same_final_state(tmp_path: Path) -> None:
    path = tmp_path / "match.journal.jsonl"
    s = new_session(journal=path)
    for b in range(6):
        s.feed(f"@ {b * 11}:00")
        s.feed("start")
        s.feed("p1: buy 9")
        s.feed(f"@ {b * 11 + 10}:00")
    assert s.final()["over"]
    replayed, _, _ = Session.load(path, reopen=False)
    assert replayed.final() == s.final()
