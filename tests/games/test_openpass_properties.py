"""Open, Pass properties (hypothesis).

* Conservation: over random bid rounds and trades (pure rules), every card anyone holds is one of
  the starting set, a pack copy the odd/even rule gives, or a pity card; nothing else is ever
  created or lost, and the round's gains are exactly what an independent tally of the bids says.
* A trade moves exactly what it says, or (when a side no longer holds its cards) nothing at all.
* Random playouts through `Session.feed` with a real journal: random lines, legal or not, shaped by
  the phase, with the game clock moved forward at random (reminders and deadlines fire). Nothing crashes; a refused line changes nothing (state, final JSON, history, journal);
  the invariants below hold after every line; replaying the journal gives the live final JSON.

Size: about 40 playouts of up to 160 lines (about 10 s). OPENPASS_EXAMPLES=1000 runs a long hunt.
"""

from __future__ import annotations

import os
import string
import tempfile
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from umpire.core.arith import read_row
from umpire.core.errors import UmpireError
from umpire.games.base import dm
from umpire.games.openpass.commands import Answer, Bid, Offer, Start
from umpire.games.openpass.events import RoundRecord
from umpire.games.openpass.rules import close_round
from umpire.games.openpass.state import Phase, State, initial, listing
from umpire.session import Session

from . import events, journal_lines
from .test_openpass_support import ALIASES, KINDS, NAMES, PACK_NAMES, PACKS, START, closing, judge, new_session

EXAMPLES = int(os.environ.get("OPENPASS_EXAMPLES", "40"))
MAX_LINES = 160
CFG = new_session().state.cfg
STREAMS = new_session().state.streams
PITY = set(CFG.pity)


def holding(state: State, seat: int) -> Counter[str]:
    return Counter(listing(state.players[seat].cards))


def everything(state: State) -> Counter[str]:
    out: Counter[str] = Counter()
    for seat in range(len(state.players)):
        out.update(holding(state, seat))
    return out


def expected_gains(bids: dict[int, tuple[int, ...]], n_packs: int) -> dict[int, list[str]]:
    """Pack names each seat gains at `close`, by an independent tally (RULES.md: odd gives, even gives nothing, all-odd gives nothing)."""
    tally = Counter(p for packs in bids.values() for p in packs)
    if all(tally[p] % 2 == 1 for p in range(1, n_packs + 1)):
        return {}
    return {
        seat: [PACK_NAMES[p - 1] for p in packs if tally[p] % 2 == 1] for seat, packs in bids.items() if any(tally[p] % 2 for p in packs)
    }


# ---------------------------------------------------------------- conservation (pure rules)

pack_sets = st.lists(st.integers(1, 6), max_size=2, unique=True).map(tuple)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_cards_come_only_from_the_starting_set_packs_and_pity(data: st.DataObject) -> None:
    state, _ = judge(initial(CFG, STREAMS), Start(), 0)
    expected = Counter({k: n * 13 for k, n in Counter(START).items()})
    assert everything(state) == expected
    for _ in range(CFG.rounds):
        bids: dict[int, tuple[int, ...]] = {}
        for _ in range(data.draw(st.integers(0, 30), label="actions")):
            if data.draw(st.booleans(), label="bid or trade"):
                seat = data.draw(st.integers(0, 12))
                bids[seat] = data.draw(pack_sets)
                state, _ = judge(state, Bid(seat=seat, packs=bids[seat]), 0)
            else:
                state = random_trade(data, state)
            assert everything(state) == expected, "a bid or a trade changed the cards in play"
        before = [holding(state, seat) for seat in range(13)]
        state, evs = close_round(state, 0)
        (closed,) = [e for e in evs if isinstance(e, RoundRecord)]
        gains = expected_gains(bids, 6)
        assert closed.received == {NAMES[seat]: tuple(packs) for seat, packs in gains.items()}
        pity = closed.pity
        assert set(pity) == {NAMES[seat] for seat in range(13) if seat not in gains}
        assert set(pity.values()) <= PITY
        for seat in range(13):
            got: Counter[str] = Counter()
            for name in gains.get(seat, []):
                got.update(PACKS[name])
            if NAMES[seat] in pity:
                got[pity[NAMES[seat]]] += 1
            assert holding(state, seat) == before[seat] + got
            expected.update(got)
        assert everything(state) == expected
    assert state.phase is Phase.PLAYING


def random_trade(data: st.DataObject, state: State) -> State:
    """Offer a random trade and answer it at random; checks exactly what moved."""
    giver, taker = data.draw(st.lists(st.integers(0, 12), min_size=2, max_size=2, unique=True), label="traders")
    mine = sorted(holding(state, giver).elements(), key=KINDS.index)
    gives = tuple(data.draw(st.lists(st.sampled_from(mine), min_size=1, max_size=4), label="gives"))
    gets = tuple(data.draw(st.lists(st.sampled_from(list(KINDS)), min_size=1, max_size=3), label="gets"))
    try:
        state, _ = judge(state, Offer(seat=giver, taker=taker, gives=gives, gets=gets), 0)
    except UmpireError:
        assert not Counter(gives) <= holding(state, giver), "an offer of cards held was refused"
        return state
    number = state.trades[-1].number
    verb = data.draw(st.sampled_from(["accept", "accept", "decline", "cancel"]), label="answer")
    seat = giver if verb == "cancel" else taker
    before = state
    try:
        state, evs = judge(state, Answer(seat=seat, verb=verb, number=number), 0)
    except UmpireError as exc:
        assert verb == "accept" and not Counter(gets) <= holding(before, taker), exc.reason
        return before
    check_trade(before, state, giver, taker, gives, gets, done=verb == "accept")
    kind = {"accept": "trade_done", "decline": "trade_declined", "cancel": "trade_cancelled"}[verb]
    # R-OP-10: one DM to each of the two players (the host sees both), nothing for the channel; then,
    # R-OP-11, the same for each open offer of theirs the trade left without its cards
    assert [(e.kind, e.audience) for e in evs[:2]] == [(kind, dm(giver)), (kind, dm(taker))]
    lapsed = [t for t in before.trades if t not in state.trades and t.number != number]
    assert [(e.kind, e.audience) for e in evs[2:]] == [("trade_lapsed", dm(s)) for t in lapsed for s in (t.giver, t.taker)]
    assert all(t.giver in (giver, taker) for t in lapsed)
    return state


def check_trade(before: State, after: State, giver: int, taker: int, gives: tuple[str, ...], gets: tuple[str, ...], *, done: bool) -> None:
    for seat in range(len(before.players)):
        if done and seat == giver:
            assert holding(after, seat) == holding(before, seat) - Counter(gives) + Counter(gets)
        elif done and seat == taker:
            assert holding(after, seat) == holding(before, seat) - Counter(gets) + Counter(gives)
        else:
            assert holding(after, seat) == holding(before, seat)


# ---------------------------------------------------------------- the status view lists each collection whole


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(*[st.integers(0, 12)] * len(KINDS)), min_size=13, max_size=13))
def test_status_lists_every_card_of_each_collection_in_display_order(collections: list[tuple[int, ...]]) -> None:
    s = new_session()
    state = s.state
    assert isinstance(state, State)
    state = replace(state, players=tuple(replace(p, cards=cs) for p, cs in zip(state.players, collections, strict=True)))
    view = s.game.view("status")
    assert view is not None
    for _ in range(2):  # the second build reads what the first remembered
        rows = view.build(state, 0, []).rows
        for row, cs in zip(rows, collections, strict=True):
            cards = [k for k, n in zip(KINDS, cs, strict=True) for _ in range(n)]
            assert row[1] == str(len(cards))
            assert row[2] == (" ".join(cards) or "—")


# ---------------------------------------------------------------- a trade moves exactly what it says (sessions)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from("123+-"), min_size=1, max_size=6),
    st.lists(st.sampled_from("123+-9x"), min_size=1, max_size=6),
    st.sampled_from(ALIASES),
    st.sampled_from(ALIASES),
    st.booleans(),
)
def test_a_trade_moves_exactly_what_it_says(gives: list[str], gets: list[str], a: str, b: str, spend_first: bool) -> None:
    s = new_session()
    s.feed("start")
    offer = s.feed(f"{a}: trade {' '.join(gives)} for {' '.join(gets)} with {b}")
    if a == b:
        assert [o.kind for o in offer] == ["refusal"]
        return
    holds = Counter(START)
    if not Counter(gives) <= holds:
        assert [o.text for o in offer] == [f"{NAMES[ALIASES.index(a)]} {missing(holds, gives)}"]
        return
    if spend_first:  # the giver gives some of the same cards away to someone else first
        third = next(x for x in ALIASES if x not in (a, b))
        s.feed(f"{a}: trade {gives[0]} {gives[0]} {gives[0]} for 1 with {third}")
        s.feed(f"{third}: accept")
    before = s.final()
    out = s.feed(f"{b}: accept 1")
    giver_has = Counter(before["players"][NAMES[ALIASES.index(a)]]["cards"])
    if not (Counter(gives) <= giver_has and Counter(gets) <= holds):
        assert [o.kind for o in out] == ["refusal"]
        assert s.final() == before
        return
    dones = events(out, "trade_done")
    assert [d["to"] for d in dones] == [NAMES[ALIASES.index(a)], NAMES[ALIASES.index(b)]]  # R-OP-10: to the two of them
    assert all((d["audience"], d["gives"], d["gets"]) == ("player", gives, gets) for d in dones)
    after = s.final()
    for name in NAMES:
        was, now = Counter(before["players"][name]["cards"]), Counter(after["players"][name]["cards"])
        if name == NAMES[ALIASES.index(a)]:
            assert now == was - Counter(gives) + Counter(gets)
        elif name == NAMES[ALIASES.index(b)]:
            assert now == was - Counter(gets) + Counter(gives)
        else:
            assert now == was


def missing(have: Counter[str], want: list[str]) -> str:
    """What a refusal says is short, counted: “holds 3 “1”, offered 4; holds 0 “x”, offered 1”."""
    need = Counter(want)
    return "; ".join(f"holds {have[k]} “{k}”, offered {need[k]}" for k in KINDS if need[k] > have[k])


# ---------------------------------------------------------------- random playouts


def next_line(draw: Any, s: Session) -> str:
    """One random line, legal or not, shaped by the phase."""
    state: State = s.state
    who = draw(st.sampled_from(ALIASES))
    dealing = [ALIASES[i] for i, p in enumerate(state.players) if p.deal is not None and p.deal.started and not p.deal.done]
    kind = draw(st.sampled_from(["progress"] * 10 + ["trade"] * 3 + ["host"] * 2 + ["illegal"] * 2 + ["garbage", "time"]))
    if kind == "time":  # less than a day at a time: at most one deadline passes per line
        t = s.now // 1000 + draw(st.integers(0, 24 * 3600 - 1))
        return f"@ {t // 3600}:{t // 60 % 60:02d}:{t % 60:02d}"
    if kind == "progress":
        if state.phase is Phase.WAITING:
            return draw(st.sampled_from(["start", "start", f"{who}: bid 1", "close"]))
        if state.phase is Phase.BUILDING:
            if draw(st.integers(0, 9)) == 0:
                return "close"
            packs = draw(st.lists(st.integers(1, 6), max_size=2, unique=True))
            if draw(st.booleans()):
                return f"{who}: bid {' '.join(PACK_NAMES[p - 1].lower() for p in packs) or 'none'}"
            return f"{who}: bid {' '.join(map(str, packs)) or 'none'}"
        if state.phase is Phase.PLAYING:
            if dealing and draw(st.integers(0, 5)):
                return f"{draw(st.sampled_from(dealing))}: {draw(st.sampled_from(['open', 'open', 'pass']))}"
            seat = ALIASES.index(who)
            p = state.players[seat]
            owned = sorted(listing(p.cards), key=KINDS.index)
            if not state.decks.has(seat):
                if len(owned) <= 20:
                    return f"{who}: deck all"
                return f"{who}: deck {' '.join(draw(st.permutations(owned))[:20])}"
            if not state.dealers.has(seat):
                return f"{who}: dealer {draw(st.sampled_from(['heaven', 'hell', 'Hell']))}"
            if draw(st.integers(0, 15)) == 0:
                return "close"
            return f"deal {who}"
        return draw(st.sampled_from(["close", "start", f"deal {who}", "status", f"{who}: open"]))
    if kind == "trade":
        other = draw(st.sampled_from(ALIASES))
        mine = listing(state.players[ALIASES.index(who)].cards)
        gives = draw(st.lists(st.sampled_from(mine or ["1"]), min_size=1, max_size=3))
        gets = draw(st.lists(st.sampled_from(list(KINDS)), min_size=1, max_size=3))
        numbers = [t.number for t in state.trades] or [1]
        return draw(
            st.sampled_from(
                [
                    f"{who}: trade {' '.join(gives)} for {' '.join(gets)} with {other}",
                    f"{who}: accept",
                    f"{who}: accept {draw(st.sampled_from(numbers))}",
                    f"{who}: decline {draw(st.sampled_from(numbers))}",
                    f"{who}: cancel {draw(st.sampled_from(numbers))}",
                    f"{who}: cancel",
                ]
            )
        )
    if kind == "host":
        return draw(st.sampled_from(["bids", "decks", "packs", "trades", "status", f"cards {who}", "rules", "help", "undo", "undo"]))
    if kind == "illegal":
        return draw(
            st.sampled_from(
                [
                    f"{who}: bid 1 2 3",
                    f"{who}: bid 1 1",
                    f"{who}: bid 7",
                    f"{who}: deck all",
                    f"{who}: deck none",
                    f"{who}: deck 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9",
                    f"{who}: dealer limbo",
                    f"{who}: open",
                    f"{who}: pass",
                    f"{who}: close",
                    f"{who}: trade 1 for 2 with {who}",
                    "bid 1",
                    f"deal {who}",
                    "start",
                ]
            )
        )
    return draw(st.text(alphabet=string.ascii_letters + string.digits + " :#-+x/", max_size=30))


def snapshot(s: Session) -> tuple[Any, ...]:
    return (s.state, s.final(), s.now, len(s.history), journal_lines(s))


def check_invariants(s: Session) -> None:
    state: State = s.state
    cfg = state.cfg
    total = sum(sum(p.cards) for p in state.players)
    assert total >= 13 * len(START)
    for seat, p in enumerate(state.players):
        owned = Counter(listing(p.cards))
        deck = state.decks.get(seat)
        if deck is not None:
            assert len(deck.cards) == cfg.deck_size
            assert Counter(deck.owned) <= owned, "a deck holds a card its player does not own (a locked card was traded away)"
            assert deck.padded == 0 or sum(owned.values()) < cfg.deck_size
        if p.deal is not None:
            assert len(p.deal.row) <= cfg.max_open
            if p.deal.done:
                assert p.score == read_row(p.deal.row, division=cfg.division)[1]
    if state.over:
        final = s.final()
        assert sorted(final["ranking"]) == sorted(NAMES)
        played = [final["players"][n]["played"] for n in final["ranking"]]
        assert played == sorted(played, reverse=True), "someone who never played ranks above someone who did (R-OP-8)"
        tokens = [t if p else 0 for t, p in zip([3, 1, 1] + [0] * 10, played, strict=True)]
        assert [final["players"][n]["tokens"] for n in final["ranking"]] == tokens
        assert [final["players"][n]["ec"] for n in final["ranking"]] == [False] * 10 + [True] * 3


def check_round(before: dict[str, Any], after: dict[str, Any], closed: dict[str, Any]) -> None:
    """A closed round gave exactly the odd packs (or none when all six were odd) and one pity card to the rest."""
    bids = {NAMES.index(n): tuple(PACK_NAMES.index(x) + 1 for x in p["bid"]) for n, p in before["players"].items() if p["bid"]}
    gains = expected_gains(bids, 6)
    assert closed["received"] == {NAMES[seat]: packs for seat, packs in gains.items()}
    for i, name in enumerate(NAMES):
        got: Counter[str] = Counter()
        for pack in gains.get(i, []):
            got.update(PACKS[pack])
        if i not in gains:
            assert closed["pity"][name] in PITY
            got[closed["pity"][name]] += 1
        assert Counter(after["players"][name]["cards"]) == Counter(before["players"][name]["cards"]) + got


@pytest.mark.slow
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_random_playouts_never_crash_refusals_change_nothing_and_the_journal_replays(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory(prefix="openpass-") as d:
        path = Path(d) / "game.journal.jsonl"
        s = new_session(journal=path)
        n = data.draw(st.integers(20, MAX_LINES), label="lines")
        for _ in range(n):
            line = next_line(data.draw, s)
            before = snapshot(s)
            before_final = before[1]
            out = s.feed(line)
            assert not [o for o in out if o.error == "InternalError"], f"{line!r} crashed: {out[0].text}"
            if [o.kind for o in out] == ["refusal"]:
                assert snapshot(s) == before, f"{line!r} was refused but changed something"
                continue
            for o in out:
                assert o.kind != "refusal", f"{line!r}: a refusal among other outputs"
            check_invariants(s)
            closed = closing(out)
            if closed and not line.strip().startswith("undo"):
                check_round(before_final, s.final(), closed[0])
            for t in events(out, "trade_done"):
                a, b = t["giver"], t["taker"]
                assert Counter(s.final()["players"][a]["cards"]) == Counter(before_final["players"][a]["cards"]) - Counter(
                    t["gives"]
                ) + Counter(t["gets"])
                assert Counter(s.final()["players"][b]["cards"]) == Counter(before_final["players"][b]["cards"]) - Counter(
                    t["gets"]
                ) + Counter(t["gives"])
        event(f"ended in phase {s.state.phase}")
        replayed, _, loaded = Session.load(path, reopen=False)
        assert loaded.torn is None
        # a time line that made nothing happen is not journaled, so only the game clock's reading may differ
        assert {k: v for k, v in replayed.final().items() if k != "t"} == {k: v for k, v in s.final().items() if k != "t"}
        assert replayed.state == s.state


def test_a_whole_random_match_replays_from_its_journal(tmp_path: Path) -> None:
    # A fixed, complete match (every player plays) journaled and replayed: the final JSON is identical.
    path = tmp_path / "game.journal.jsonl"
    s = new_session(journal=path)
    lines = ["start"]
    lines += ["p1: bid 1 2", "p2: bid 3", "p3: bid 3", "p4: bid hell mega", "close", "p5: bid 6", "close", "close"]
    lines += ["p5: trade 1 for 2 with p6", "p6: accept"]
    for line in lines:
        assert [o.kind for o in s.feed(line)].count("refusal") == 0, line
    for i, who in enumerate(ALIASES):
        owned = listing(s.state.players[i].cards)
        s.feed(f"{who}: deck {'all' if len(owned) <= 20 else ' '.join(owned[:20])}")
        s.feed(f"{who}: dealer {'hell' if i % 3 else 'heaven'}")
        s.feed(f"deal {who}")
        k = 0
        while not s.state.players[i].deal.done:
            s.feed(f"{who}: {'open' if (k * 7 + i) % 3 else 'pass'}")
            k += 1
    assert s.final()["over"] is True
    replayed, _, _ = Session.load(path, reopen=False)
    assert replayed.final() == s.final()
