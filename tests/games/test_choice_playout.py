"""Random play-outs of the Final Match: thousands of random lines (Goofspiel plays, purchases, haps,
gyuls, expressions, posts, views, starts, time lines and garbage, from either player or the host),
each checked against a model of the rules, and a journal that replays to the same game.

The model is the test's own: it reads the board's tiles and the set's puzzles from what was posted,
finds haps by the definition and values by a Fraction fold, and keeps its own record of claimed
haps and extras used. It checks, after every line:
- a refused line changes nothing;
- money and tiles move only by purchases, credits and correct calls, and never go negative;
- a claimed hap is never scored twice; no digit serves as the extra twice in a set;
- GHP and EP move by exactly what the verdicts say (+1 correct, −1 incorrect, 0 grace or refused).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from umpire.core import hap
from umpire.core.clock import fmt_stamp
from umpire.games.choice.expressions import solutions
from umpire.games.choice.gyul import boards
from umpire.render import json_lines
from umpire.session import Output, Session, host_command
from umpire.session.judging import RESENT_MS

from .test_choice_support import SEED, events, new_session

NAMES = ("Hedger", "Uri")
PREFIXES = {"p1: ": 0, "Hedger: ": 0, "p2: ": 1, "uri: ": 1, "": None}
CARDS = [str(d) for d in range(1, 10)]
BAD_CARDS = ["0", "10", "five", "05", "-3"]
GROUP_PRICES = (2, 3, 4, 5)  # the shop text's groups, in order
GRACE = 3000  # R-GH-2, the bundled scenario's gyul_grace_seconds
MONEY = 150  # starting money, so that players hold tiles to call with
MULTIPLY = ("x", "*", "×")

actors = st.sampled_from(list(PREFIXES))
player_actors = st.sampled_from(["p1: ", "p2: ", "p1: ", "p2: ", "uri: ", "Hedger: ", "p1: ", "p2: ", ""])
card_words = st.one_of(st.sampled_from(CARDS), st.sampled_from(CARDS), st.sampled_from(BAD_CARDS))
garbage_text = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
    max_size=14,
).filter(lambda t: not t.split() or host_command(t.split()[0]) is None)
picks = st.integers(min_value=0, max_value=10**9)
position_words = st.one_of(
    st.text(alphabet="123456789", min_size=3, max_size=3),
    st.lists(st.sampled_from(CARDS), min_size=3, max_size=3, unique=True).map(lambda ps: "".join(sorted(ps))),
)
expression_text = st.text(alphabet="123456789+-x*/0a", min_size=1, max_size=9)


@dataclass(frozen=True)
class Step:
    """One random line: a command from an actor, or a clock move (`delta` ms from now).

    `pick` chooses, when the line is written, among what the game shows at that moment: one of the
    board's haps, one of a puzzle's solutions (mostly one the player can pay for, with an extra
    still free); `word` is literal text instead.
    """

    kind: str
    actor: str = ""
    word: str = ""
    delta: int = 0
    pick: int = -1


steps = st.one_of(
    st.builds(Step, kind=st.just("gs"), actor=actors, word=card_words),
    st.builds(Step, kind=st.just("gs"), actor=actors, word=card_words),
    st.builds(Step, kind=st.just("igs"), actor=actors, word=card_words),
    st.builds(Step, kind=st.just("buy"), actor=actors, word=card_words),
    st.builds(Step, kind=st.just("buy"), actor=player_actors, word=st.sampled_from(CARDS)),
    st.builds(Step, kind=st.just("buy"), actor=player_actors, word=st.sampled_from(CARDS)),
    st.builds(Step, kind=st.just("start"), actor=st.sampled_from(["", "", "", "p1: "])),
    st.builds(Step, kind=st.just("start"), actor=st.just("")),
    st.builds(Step, kind=st.just("time"), delta=st.integers(0, 70_000)),
    st.builds(Step, kind=st.just("time"), delta=st.integers(0, 4_000)),
    st.builds(Step, kind=st.just("time"), delta=st.integers(50_000, 250_000)),
    st.builds(Step, kind=st.just("time"), delta=st.one_of(st.integers(-3_000, -1), st.integers(200_000, 700_000))),
    st.builds(Step, kind=st.sampled_from(["status", "post shop", "post gh", "post expr"]), actor=actors),
    st.builds(Step, kind=st.sampled_from(["plays", "shop", "haps", "puzzles"])),
    st.builds(Step, kind=st.just("solutions"), word=st.sampled_from(["1", "3", "5", "6", "x", ""])),
    # Gyul Hap: a hap of the board (claimed or not), or any three positions.
    st.builds(Step, kind=st.just("hap"), actor=player_actors, pick=picks),
    st.builds(Step, kind=st.just("hap"), actor=player_actors, pick=picks),
    st.builds(Step, kind=st.just("hap"), actor=player_actors, pick=picks),
    st.builds(Step, kind=st.just("hap"), actor=player_actors, word=st.tuples(position_words, st.sampled_from(CARDS)).map(" ".join)),
    st.builds(Step, kind=st.just("ihap"), actor=player_actors, pick=picks),
    st.builds(
        Step,
        kind=st.just("ihap"),
        actor=player_actors,
        word=st.tuples(position_words, st.sampled_from(CARDS), st.sampled_from(CARDS)).map(" ".join),
    ),
    st.builds(Step, kind=st.just("gyul"), actor=player_actors),
    st.builds(Step, kind=st.just("gyul"), actor=player_actors),
    # Expressions: a solution of a puzzle of the set (with a free or used extra), or any text.
    st.builds(Step, kind=st.just("expr"), actor=player_actors, pick=picks),
    st.builds(Step, kind=st.just("expr"), actor=player_actors, pick=picks),
    st.builds(Step, kind=st.just("iexpr"), actor=player_actors, pick=picks),
    st.builds(
        Step,
        kind=st.just("expr"),
        actor=player_actors,
        word=st.tuples(st.sampled_from([*CARDS, "0"]), expression_text, st.sampled_from(CARDS)).map(" ".join),
    ),
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


# ---------------------------------------------------------------- what the game shows (read from `final`)


def board_tiles(final: dict[str, Any]) -> tuple[int, ...] | None:
    """The tiles of the board under way, or None when Gyul Hap is not running."""
    g = final["gyul_hap"]
    if final["over"] or not final["in_block"] or final["block"] < 2 or g["over"]:
        return None
    return boards(SEED, 50, 1, 6)[g["board"] - 1].tiles


def board_haps(tiles: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """The haps among the board's tiles, by the definition (all the same or all different)."""
    out = []
    for a in range(1, 10):
        for b in range(a + 1, 10):
            for c in range(b + 1, 10):
                attrs = zip(hap.attributes(tiles[a - 1]), hap.attributes(tiles[b - 1]), hap.attributes(tiles[c - 1]), strict=True)
                if all(len(set(v)) in (1, 3) for v in attrs):
                    out.append((a, b, c))
    return out


def set_puzzles(final: dict[str, Any]) -> list[tuple[str, int]] | None:
    """The (operators, target) of each puzzle of the set under way, read off its text `_x_+_-_=23`."""
    e = final["expressions"]
    if final["over"] or e is None:
        return None
    return [(text[1:6:2], int(text.split("=")[1])) for text in e["puzzles"]]


def value_of(digits: tuple[int, ...], ops: str) -> Fraction:
    value = Fraction(digits[0])
    for op, d in zip(ops, digits[1:], strict=True):
        value = {"+": value + d, "-": value - d, "x": value * d, "/": value / d}[op]
    return value


# ---------------------------------------------------------------- writing the lines


@dataclass(frozen=True)
class Call:
    """A structured Gyul Hap or Expressions call, as the model reads it back."""

    positions: str = ""
    extra: int = 0
    wild: int | None = None
    puzzle: int = 0
    digits: tuple[int, ...] = ()
    ops: str = ""


def line_of(step: Step, session: Session) -> tuple[str, Call | None]:
    now = session.now
    if step.kind == "time":
        return f"@ {fmt_stamp(max(0, now + step.delta))}", None
    if step.kind in ("gs", "igs", "buy"):
        return f"{step.actor}{step.kind} {step.word}", None
    if step.kind == "garbage":
        return f"{step.actor}{step.word}", None
    if step.kind == "solutions":
        return f"solutions {step.word}".strip(), None
    if step.kind in ("hap", "ihap"):
        if step.pick < 0:
            words = step.word.split()
            call = Call(positions=words[0], extra=int(words[1]), wild=int(words[2]) if len(words) > 2 else None)
        else:
            final = session.final()
            tiles_ = board_tiles(final)
            haps = board_haps(tiles_) if tiles_ else [(1, 2, 5)]
            seat = PREFIXES[step.actor]
            candidates = []
            for triple in haps:
                for i in range(3):
                    wild = triple[(i + 1 + (step.pick // 31) % 2) % 3] if step.kind == "ihap" else None
                    candidates.append(Call(positions="".join(map(str, triple)), extra=triple[i], wild=wild))
            if seat is not None and step.pick % 3:
                # Mostly an unclaimed hap the player can pay for.
                have = held(final, seat)
                taken = {c["positions"] for c in final["gyul_hap"]["claimed"]}
                payable = [
                    c
                    for c in candidates
                    if c.positions not in taken and all(have[int(q)] for q in c.positions if int(q) not in (c.extra, c.wild))
                ]
                candidates = payable or candidates
            call = candidates[(step.pick // 7) % len(candidates)]
        return f"{step.actor}{step.kind} {call.positions} {call.extra}" + ("" if call.wild is None else f" {call.wild}"), call
    if step.kind in ("expr", "iexpr"):
        if step.pick < 0:
            return f"{step.actor}{step.kind} {step.word}", None
        final = session.final()
        puzzles = set_puzzles(final) or [("+x-", 42)]
        seat = PREFIXES[step.actor]
        number = step.pick % (len(puzzles) + 1) + 1
        ops, target = puzzles[min(number, len(puzzles)) - 1]
        sols = solutions(ops, target) or ((2, 3, 9, 3),)
        digits = sols[(step.pick // 11) % len(sols)]
        extra = digits[(step.pick // 13) % 4]
        wild = digits[(step.pick // 17) % 4] if step.kind == "iexpr" else None
        if seat is not None and final["expressions"] is not None and step.pick % 3:
            # Mostly a solve the player can pay for, with an extra still free.
            have = held(final, seat)
            used = set(final["expressions"]["extras_used"])
            for k in range(len(sols)):
                d = sols[(step.pick // 11 + k) % len(sols)]
                free = [x for x in d if x not in used]
                if not free:
                    continue
                rest = list(d)
                rest.remove(free[0])
                w = rest[0] if step.kind == "iexpr" else None
                if w is not None:
                    rest.remove(w)
                if all(have[x] >= rest.count(x) for x in rest):
                    digits, extra, wild = d, free[0], w
                    break
        times = MULTIPLY[(step.pick // 19) % 3]
        text = str(digits[0]) + "".join(f"{times if o == 'x' else o}{d}" for o, d in zip(ops, digits[1:], strict=True))
        call = Call(puzzle=number, digits=digits, ops=ops, extra=extra, wild=wild)
        return f"{step.actor}{step.kind} {number} {text} {extra}" + ("" if wild is None else f" {wild}"), call
    return f"{step.actor}{step.kind}", None


# ---------------------------------------------------------------- the model


@dataclass
class Model:
    """What the test itself knows: purchases per shop cycle, haps claimed per board, extras used
    per Expressions set, and the last correct gyul."""

    bought: dict[tuple[int, int], set[tuple[int, int]]] = field(default_factory=dict)
    claimed: dict[int, set[tuple[int, int, int]]] = field(default_factory=dict)
    extras: dict[int, set[int]] = field(default_factory=dict)
    last_gyul: tuple[int, int] | None = None
    sent: tuple[int, str, int] | None = None  # the last ruling's call (seat, move, time), if it was a player's hap or gyul (R-READ-5)


def price_of(shop_text: str, digit: int) -> int:
    groups = shop_text.split(", ")
    (price,) = [GROUP_PRICES[i] for i, g in enumerate(groups) if str(digit) in g]
    return price


def held(before: dict[str, Any], seat: int) -> dict[int, int]:
    return {int(d): c for d, c in before["players"][NAMES[seat]]["tiles"].items()}


def adv_left(before: dict[str, Any], seat: int, item: str) -> int:
    return int(before["players"][NAMES[seat]]["advantages"][item]["left"])


def judge_hap(step: Step, call: Call, before: dict[str, Any], model: Model) -> tuple[bool, str | None]:
    """Whether the call must be accepted, and then its verdict."""
    seat = PREFIXES[step.actor]
    p = call.positions
    if seat is None or len(p) != 3 or not all(ch in CARDS for ch in p) or not p[0] < p[1] < p[2]:
        return False, None
    triple = (int(p[0]), int(p[1]), int(p[2]))
    if call.extra not in triple:
        return False, None
    if step.kind == "ihap" and (call.wild not in triple or call.wild == call.extra):
        return False, None
    tiles_ = board_tiles(before)
    if tiles_ is None:
        return False, None
    if step.kind == "ihap" and adv_left(before, seat, "gyul_hap") < 1:
        return False, None
    have = held(before, seat)
    if any(have[q] < 1 for q in triple if q not in (call.extra, call.wild)):
        return False, None
    claimed = model.claimed.get(before["gyul_hap"]["board"], set())
    return True, "correct" if triple in board_haps(tiles_) and triple not in claimed else "incorrect"


def judge_gyul(step: Step, before: dict[str, Any], model: Model) -> tuple[bool, str | None]:
    seat = PREFIXES[step.actor]
    tiles_ = board_tiles(before)
    if seat is None or tiles_ is None:
        return False, None
    if set(board_haps(tiles_)) <= model.claimed.get(before["gyul_hap"]["board"], set()):
        return True, "correct"
    last = model.last_gyul
    if last is not None and last[0] != seat and before["t"] - last[1] <= GRACE:
        return True, "grace"
    return True, "incorrect"


def judge_expr(step: Step, call: Call, before: dict[str, Any]) -> bool:
    seat = PREFIXES[step.actor]
    puzzles = set_puzzles(before)
    if seat is None or puzzles is None or call.puzzle > len(puzzles):
        return False
    ops, target = puzzles[call.puzzle - 1]
    e = before["expressions"]
    if call.ops != ops or call.puzzle in e["solved"][NAMES[seat]] or call.extra in e["extras_used"]:
        return False
    if value_of(call.digits, call.ops) != target:
        return False
    need = list(call.digits)
    need.remove(call.extra)
    if call.wild is not None:
        if call.wild not in need:  # the extra's own copy cannot also be the wildcard
            return False
        if adv_left(before, seat, "expressions") < 1:
            return False
        need.remove(call.wild)
    have = held(before, seat)
    return all(have[d] >= need.count(d) for d in need)


def expect(step: Step, call: Call | None, before: dict[str, Any], model: Model) -> tuple[bool | None, str | None]:
    """Whether the rules must accept this line (None: the model does not say), and a Gyul Hap verdict."""
    seat = PREFIXES.get(step.actor)
    if step.kind == "start":
        return seat is None and not before["over"] and not before["in_block"], None
    if step.kind in ("gs", "igs"):
        if seat is None or step.word not in CARDS or before["over"]:
            return False, None
        g = before["goofspiel"]
        if not before["in_block"] or g is None or not g["open"] or g["finished"]:
            return False, None
        card = int(step.word)
        if card not in g["cards_left"][NAMES[seat]]:
            return False, None
        if step.kind == "igs":
            return card != 9 and adv_left(before, seat, "goofspiel") >= 1, None
        return True, None
    if step.kind == "buy":
        if seat is None or step.word not in CARDS or before["over"] or before["shop"] is None:
            return False, None
        digit = int(step.word)
        key = (before["block"], before["shop"]["cycle"])
        if (seat, digit) in model.bought.get(key, set()):
            return False, None
        return bool(before["players"][NAMES[seat]]["money"] >= price_of(before["shop"]["shop"], digit)), None
    if step.kind in ("hap", "ihap") and call is not None:
        return judge_hap(step, call, before, model)
    if step.kind == "gyul":
        return judge_gyul(step, before, model)
    if step.kind in ("expr", "iexpr") and call is not None:
        return judge_expr(step, call, before), None
    if step.kind == "post shop":
        return before["shop"] is not None, None
    if step.kind == "post gh":
        return board_tiles(before) is not None, None
    if step.kind == "post expr":
        return set_puzzles(before) is not None, None
    if step.kind == "solutions":
        # A set under way: one of its puzzle numbers; no set: the view says so, whatever the words.
        return before["expressions"] is None or step.word in ("1", "3", "5"), None
    if step.kind in ("status", "plays", "shop", "haps", "puzzles"):
        return True, None
    if step.kind == "time":
        return max(0, before["t"] + step.delta) >= before["t"], None
    return None, None


def check_step(session: Session, step: Step, model: Model) -> list[Output]:
    before = session.final()
    history = len(session.history)
    line, call = line_of(step, session)
    out = session.feed(line)
    after = session.final()
    bad = [o for o in out if o.kind == "refusal"]
    assert all(o.error != "InternalError" for o in bad), (line, bad[0].text if bad else None)
    seat, move = PREFIXES.get(step.actor), line[len(step.actor) :]
    # the same player (by alias or name) and the same move: `p1: gyul` then `Hedger: gyul` is one message sent twice
    resent = model.sent is not None and model.sent[:2] == (seat, move) and before["t"] - model.sent[2] <= RESENT_MS
    # The same call again within 5 s with nothing judged between is one message sent twice, counted once (R-READ-5).
    expected, verdict = (False, None) if resent else expect(step, call, before, model)
    if expected is not None:
        assert (not bad) == expected, (line, [o.text for o in bad], before)
    if len(session.history) > history:  # a ruling was made: the line's, or the clock's on the way
        model.sent = (seat, move, before["t"]) if step.kind in ("hap", "ihap", "gyul") and seat is not None else None

    # A refused line changes nothing.
    if bad:
        assert len(out) == 1
        assert after == before
        assert len(session.history) == history
        return out

    started = events(out, "block_started")
    bought = events(out, "bought")
    haps = events(out, "hap_called")
    gyuls = events(out, "gyul_called")
    solved = events(out, "expr_solved")
    if verdict is not None:
        (called,) = haps or gyuls
        assert called["verdict"] == verdict, (line, called)

    # A claimed hap is never scored twice.
    for e in haps:
        claimed = model.claimed.setdefault(e["board"], set())
        triple = (int(e["positions"][0]), int(e["positions"][1]), int(e["positions"][2]))
        if e["verdict"] == "correct":
            assert triple not in claimed, (line, e)
            claimed.add(triple)
        else:
            assert e["verdict"] == "incorrect"
    for e in gyuls:
        if e["verdict"] == "correct":
            model.last_gyul = (PREFIXES[step.actor] or 0, e["t"])
    # No digit serves as the extra twice in a set.
    for e in solved:
        used = model.extras.setdefault(before["expressions"]["expr_set"], set())
        assert e["extra"] not in used, (line, e)
        used.add(e["extra"])
    if after["expressions"] is not None:
        assert set(after["expressions"]["extras_used"]) == model.extras.get(after["expressions"]["expr_set"], set())
    if after["gyul_hap"]["board"] is not None:
        claimed_now = {(c["positions"], c["player"]) for c in after["gyul_hap"]["claimed"]}
        assert {p for p, _ in claimed_now} == {"".join(map(str, t)) for t in model.claimed.get(after["gyul_hap"]["board"], set())}

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
        # Tiles grow only by purchases of 3 copies and shrink only by correct calls; never below 0.
        spent = [d for e in haps if e["player"] == name and e["verdict"] == "correct" for d in e["spent"]]
        spent += [d for e in solved if e["player"] == name for d in e["spent"]]
        for d in range(1, 10):
            grown = a["tiles"][str(d)] - b["tiles"][str(d)]
            assert grown == (3 if any(e["tile"] == d for e in mine) else 0) - spent.count(d), (line, d)
            assert a["tiles"][str(d)] >= 0
        # GHP and EP move by the verdicts; Advantage copies only by a correct call that used one.
        ghp = sum({"correct": 1, "incorrect": -1, "grace": 0}[e["verdict"]] for e in haps + gyuls if e["player"] == name)
        assert a["ghp"] - b["ghp"] == ghp
        assert a["ep"] - b["ep"] == sum(1 for e in solved if e["player"] == name)
        wild_haps = sum(1 for e in haps if e["player"] == name and e["verdict"] == "correct" and e["wild"] is not None)
        assert adv_left(before, seat, "gyul_hap") - adv_left(after, seat, "gyul_hap") == wild_haps
        wild_exprs = sum(1 for e in solved if e["player"] == name and e["wild"] is not None)
        assert adv_left(before, seat, "expressions") - adv_left(after, seat, "expressions") == wild_exprs
        # Bout winnings only grow inside a block (and are paid out at the next start).
        if not started:
            assert a["pending"] >= b["pending"]
    return out


@pytest.mark.slow
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(matches)
def test_random_lines_keep_money_tiles_points_and_refusals_within_the_rules(lines: list[Step]) -> None:
    s = new_session(starting_money=MONEY)
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
    s = new_session(journal=path, starting_money=MONEY)
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


def test_a_match_with_gyul_hap_and_expressions_replays_from_its_journal(tmp_path: Path) -> None:
    path = tmp_path / "played.journal.jsonl"
    s = new_session(journal=path, starting_money=100)
    lines = [
        "start",
        "@ 10:00",
        "@ 11:00",
        "start",
        *(f"p1: buy {d}" for d in "245689"),
        "p2: buy 6",
        "p1: hap 125 1",
        "p2: buy 3",  # judged between: the same call again is a repeated call (R-GH-1), not one sent twice (R-READ-5)
        "p1: hap 125 1",
        "p2: ihap 246 2 4",
        "p2: ihap 123 1 2",
        "p2: gyul",
        "p1: hap 689 6",
        "p1: gyul",
        "@ 11:02",
        "p2: gyul",
        "p1: expr 4 4x5+9-6 6",
        "p2: iexpr 4 3x7+5-3 7 5",
        "p2: expr 4 3x7+5-3 7",
        "post gh",
        "post expr",
        "@ 21:00",
    ]
    announced: list[Output] = []
    for line in lines:
        announced += [o for o in s.feed(line) if o.kind == "announce"]
    assert {n: (p["ghp"], p["ep"]) for n, p in s.final()["players"].items()} == {"Hedger": (2, 1), "Uri": (0, 1)}
    replayed, outputs, _ = Session.load(path, reopen=False)
    assert replayed.final() == s.final()
    assert json_lines(outputs[1:]) == json_lines(announced)
