"""An offer whose cards a completed trade took away is withdrawn (R-OP-11; issue 29, item 7).

The repro: Hedger offers Uri `1` (trade 1) and Ian `1 1 1` (trade 2), holding three `1`; Ian accepts
trade 2. Trade 1 then promised a card Hedger no longer had, and every deck Hedger submitted was
refused as if it locked that card (R-OP-7), with advice he could not follow.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core.errors import IllegalAction
from umpire.games.openpass.commands import Answer, Offer
from umpire.games.openpass.state import State, listing

from . import events, ok, refused
from .test_openpass_refusals import DECK_NO_1
from .test_openpass_support import dms, judge, started, to_playing


def test_r_op_11_a_stale_offer_is_withdrawn_so_it_does_not_block_a_deck_r_op_7() -> None:
    s = started()
    ok(s, "p1: trade 1 for 2 with p2")
    ok(s, "p1: trade 1 1 1 for 3 with p3")
    out = ok(s, "p3: accept 2")
    lapsed = events(out, "trade_lapsed")
    assert [(e["to"], e["trade"], e["giver"], e["taker"], e["gives"], e["gets"]) for e in lapsed] == [
        ("Hedger", 1, "Hedger", "Uri", ["1"], ["2"]),
        ("Uri", 1, "Hedger", "Uri", ["1"], ["2"]),
    ]
    assert all(e["audience"] == "player" for e in lapsed)  # private: trades stay between their two players (R-OP-10)
    assert dms(out, 0)[-1] == "Trade 1 (your `1` for Uri's `2`) is withdrawn: you no longer hold the cards it offers (R-OP-11)."
    assert dms(out, 1) == ["Trade 1 (Hedger's `1` for your `2`) is withdrawn: Hedger can no longer give what it offers (R-OP-11)."]
    assert not [o for o in out if str(o.audience) == "public" and o.text]  # nothing for the channel
    to_playing(s)
    ok(s, "p1: deck all")  # the repro's last line, refused before
    assert refused(s, "p2: accept 1", error="IllegalAction") == "there is no open trade 1 offered to Uri"


def test_r_op_11_the_takers_own_offers_lapse_too_and_only_the_stale_ones() -> None:
    s = started()
    ok(s, "p2: trade 2 2 for + with p4")  # Uri holds three 2
    ok(s, "p2: trade 2 for - with p5")  # still possible after trade 3: stays open
    ok(s, "p1: trade + for 2 2 with p2")
    out = ok(s, "p2: accept 3")  # Uri gives two of his three 2: trade 1 (2 2) is stale, trade 2 (2) is not
    assert [(e["to"], e["trade"]) for e in events(out, "trade_lapsed")] == [("Uri", 1), ("Yuna", 1)]
    assert [t.number for t in s.state.trades] == [2]


def test_r_op_11_an_offer_still_covered_stays_open() -> None:
    s = started()
    ok(s, "p1: trade 1 for 2 with p2")
    ok(s, "p1: trade 1 for 3 with p3")
    out = ok(s, "p3: accept 2")  # Hedger had three 1; two remain, trade 1 still holds
    assert not events(out, "trade_lapsed")
    ok(s, "p2: accept 1")


def test_r_op_7_a_deck_while_offers_promise_more_than_is_held_names_only_the_withdrawal() -> None:
    # Offers of a player without a deck may promise the same cards twice; a deck then cannot stand,
    # and leaving cards out of it would not help: the advice says only what does.
    s = to_playing(rounds=[{"p3": "3"}, {"p3": "3"}, {"p3": "3"}])  # Ian owns 24 cards, three “1” among them
    ok(s, "p3: trade 1 1 for 2 with p2")
    ok(s, "p3: trade 1 1 for 3 with p4")  # Ian promises four “1”
    assert refused(s, f"p3: deck {DECK_NO_1}", error="IllegalAction") == (
        "Ian offers 4 “1” in trades 1 and 2, holding 3: while a deck stands, open offers cannot promise the same cards twice (R-OP-7); "
        "withdraw offers first (“cancel 1”, “cancel 2”)"
    )
    ok(s, "p3: cancel 2")
    ok(s, f"p3: deck {DECK_NO_1}")


_OFFER = st.tuples(st.just("offer"), st.integers(0, 3), st.integers(0, 3), st.sampled_from("123+-"), st.integers(1, 3))
_ACCEPT = st.tuples(st.just("accept"), st.integers(0, 5), st.just(0), st.just(""), st.just(0))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.one_of(_OFFER, _ACCEPT), min_size=2, max_size=16))
def test_r_op_11_after_every_trade_each_open_offer_is_covered_by_what_its_maker_holds(
    moves: list[tuple[str, int, int, str, int]],
) -> None:
    """Offers and accepts at random among four players: no open offer ever offers a card its maker lacks."""
    state: State = started().state
    for verb, a, b, card, n in moves:
        try:
            if verb == "offer" and a != b:
                state, _ = judge(state, Offer(seat=a, taker=b, gives=(card,) * n, gets=("2",)))
            elif verb == "accept" and state.trades:
                t = state.trades[a % len(state.trades)]
                state, _ = judge(state, Answer(seat=t.taker, verb="accept", number=t.number))
        except IllegalAction:  # a refused line changes nothing
            continue
        for t in state.trades:
            assert not Counter(t.gives) - Counter(listing(state.players[t.giver].cards)), t
