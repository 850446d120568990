"""Open, Pass — Heaven and Hell: the rules of RULES.md and the card (seed 002), one test per rule.

Sessions run the bundled 13-player scenario (seed 2002) unless a test changes a `[rules]` key;
a few tests build a pure-rules state with a known deal order next to a session.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from umpire.cli import app, check  # noqa: F401 - `check` registers the command
from umpire.core.arith import read_row
from umpire.core.errors import IllegalAction
from umpire.games.openpass.cards import reading_text
from umpire.games.openpass.commands import Choice
from umpire.games.openpass.events import DealOver
from umpire.games.openpass.state import State
from umpire.session import Session

from . import events, ok, public_text
from .test_openpass_support import (
    ALIASES,
    NAMES,
    PACK_NAMES,
    PACKS,
    SEED,
    START,
    answer_all,
    cards,
    closing,
    dealt,
    dms,
    host_text,
    judge,
    new_session,
    play_round,
    play_row,
    play_through,
    pure_state,
    setup_deck,
    started,
    to_playing,
    total,
)

# ---------------------------------------------------------------- the start and R-OP-1 (the packs)


def test_everyone_starts_with_the_standard_set_and_waits_for_start() -> None:
    s = new_session()
    final = s.final()
    assert final["phase"] == "waiting"
    assert list(final["players"]) == list(NAMES)
    for p in final["players"].values():
        assert sorted(p["cards"]) == sorted(START)
        assert (p["deck"], p["dealer"], p["row"], p["score"], p["tokens"], p["ec"]) == (None, None, [], None, 0, False)


def test_start_opens_round_1_and_posts_the_six_packs() -> None:
    s = new_session()
    out = ok(s, "start")
    (ev,) = events(out, "round_opened")
    assert (ev["round"], ev["of"], ev["audience"]) == (1, 3, "public")
    assert [(p["number"], p["name"], tuple(p["cards"])) for p in ev["packs"]] == [
        (i + 1, name, cards) for i, (name, cards) in enumerate(PACKS.items())
    ]
    assert s.final()["phase"] == "building" and s.final()["round"] == 1
    text = public_text(out)
    assert "**Deck building, round 1 of 3.**" in text
    assert "1. Heaven Basic: `4 5 6 + x`" in text and "6. Hell Special: `9 9 /`" in text
    assert "It closes in 24 h (1440 min), or earlier when the host closes it." in text


def test_r_op_1_every_round_offers_the_same_six_packs() -> None:
    s = started()
    for r in (2, 3):
        out = play_round(s)
        (ev,) = events(out, "round_opened")
        assert ev["round"] == r
        assert [p["name"] for p in ev["packs"]] == list(PACK_NAMES)
    view = s.feed("packs")[0].view
    assert view is not None and view.title == "Packs offered in round 3"
    assert [r[1] for r in view.rows] == list(PACK_NAMES)


def test_r_op_1_a_pack_limited_to_some_rounds_is_offered_only_then() -> None:
    packs = [
        {"name": "Early", "cards": ["9", "9"], "rounds": [1]},
        {"name": "Always", "cards": ["x"]},
        {"name": "Late", "cards": ["7"], "rounds": [2, 3]},
    ]
    s = new_session(packs=packs)
    (ev,) = events(ok(s, "start"), "round_opened")
    assert [p["name"] for p in ev["packs"]] == ["Early", "Always"]
    (ev,) = events(play_round(s, {"p1": "1"}), "round_opened")
    assert [p["name"] for p in ev["packs"]] == ["Always", "Late"]
    assert cards(s, "Hedger")["9"] == 2
    play_round(s, {"p1": "2"})  # round 2's pack 2 is Late
    assert cards(s, "Hedger")["7"] == 1


# ---------------------------------------------------------------- bids


def test_bids_are_private_to_the_host_and_the_bidder() -> None:
    s = started()
    out = ok(s, "p3: bid 1 4")
    assert public_text(out) == ""
    assert sorted(str(o.audience) for o in out) == ["host", "player:2"]
    (host,) = events(out, "bid_set")
    assert (host["player"], host["packs"], host["replaces"]) == ("Ian", ["Heaven Basic", "Hell Basic"], None)
    assert host["waiting"] == [n for n in NAMES if n != "Ian"]
    (mine,) = [o for o in out if str(o.audience) == "player:2"]
    assert mine.text == "Your bid for round 1: Heaven Basic, Hell Basic. You can change it until the round closes."


def test_a_bid_by_name_is_the_same_as_by_number() -> None:
    s = started()
    by_name = events(ok(s, "p3: bid heaven basic, hell mega"), "bid_set")[0]["packs"]
    by_number = events(ok(s, "p4: bid 1 5"), "bid_set")[0]["packs"]
    assert by_name == by_number == ["Heaven Basic", "Hell Mega"]


def test_a_bid_can_change_until_close_and_the_last_counts() -> None:
    s = started()
    ok(s, "p3: bid 1 4")
    (ev,) = events(ok(s, "p3: bid 3"), "bid_set")
    assert ev["replaces"] == ["Heaven Basic", "Hell Basic"]
    assert s.final()["players"]["Ian"]["bid"] == ["Heaven Special"]
    (closed,) = closing(play_round(s))
    assert closed["received"] == {"Ian": ["Heaven Special"]}
    assert closed["counts"] == dict.fromkeys(PACK_NAMES, 0) | {"Heaven Special": 1}
    assert cards(s, "Ian") == Counter(START) + Counter(PACKS["Heaven Special"])


def test_the_bids_view_shows_every_bid_and_who_is_still_to_bid() -> None:
    s = started()
    ok(s, "p3: bid 1 4")
    ok(s, "p5: bid none")
    view = s.feed("bids")[0].view
    assert view is not None
    rows = dict(view.rows)
    assert rows["Ian"] == "Heaven Basic, Hell Basic" and rows["Marcel"] == "no pack" and rows["Hedger"] == "—"
    assert view.notes == ("waiting for: " + ", ".join(n for n in NAMES if n not in ("Ian", "Marcel")),)


def test_a_player_bids_on_up_to_two_different_packs_and_gets_both() -> None:
    s = started()
    (ev,) = closing(play_round(s, {"p1": "2 6"}))
    assert ev["received"] == {"Hedger": ["Heaven Mega", "Hell Special"]}
    assert cards(s, "Hedger") == Counter(START) + Counter(PACKS["Heaven Mega"]) + Counter(PACKS["Hell Special"])


def test_a_pack_picked_twice_gives_nothing() -> None:
    s = started()
    before = cards(s, "Hedger")
    (ev,) = closing(play_round(s, {"p1": "2", "p2": "heaven mega"}))
    assert ev["counts"]["Heaven Mega"] == 2
    assert ev["received"] == {}
    assert set(ev["pity"]) == set(NAMES)  # nobody gained a pack
    assert cards(s, "Hedger") - before == Counter({ev["pity"]["Hedger"]: 1})


@pytest.mark.parametrize("choosers", [1, 3, 5])
def test_a_pack_picked_an_odd_number_of_times_gives_each_chooser_a_copy(choosers: int) -> None:
    s = started()
    bidders = ALIASES[:choosers]
    (ev,) = closing(play_round(s, dict.fromkeys(bidders, "5")))
    assert ev["counts"]["Hell Mega"] == choosers
    assert ev["received"] == {NAMES[i]: ["Hell Mega"] for i in range(choosers)}
    for i in range(choosers):
        assert cards(s, NAMES[i]) == Counter(START) + Counter(PACKS["Hell Mega"])
    assert set(ev["pity"]) == set(NAMES[choosers:])


def test_odd_and_even_packs_in_one_round() -> None:
    # Heaven Basic x1 (odd), Heaven Special x2 (even), Hell Basic x3 (odd): the pair on Heaven Special gets nothing from it.
    s = started()
    bids = {"p1": "1 3", "p2": "3 4", "p3": "4", "p4": "4"}
    (ev,) = closing(play_round(s, bids))
    assert ev["all_odd"] is False
    assert ev["received"] == {"Hedger": ["Heaven Basic"], "Uri": ["Hell Basic"], "Ian": ["Hell Basic"], "Yuna": ["Hell Basic"]}
    assert cards(s, "Hedger") == Counter(START) + Counter(PACKS["Heaven Basic"])
    assert cards(s, "Uri") == Counter(START) + Counter(PACKS["Hell Basic"])


ALL_ODD = {"p1": "1", "p2": "2", "p3": "3", "p4": "4", "p5": "5", "p6": "6", "p7": "1 2", "p8": "1 2"}  # 3 3 1 1 1 1


def test_all_six_packs_odd_gives_no_pack_and_everyone_a_pity_card() -> None:
    s = started()
    assert s.state.cfg.all_odd_pity is True  # the bundled scenario
    out = play_round(s, ALL_ODD)
    (ev,) = closing(out)
    assert list(ev["counts"].values()) == [3, 3, 1, 1, 1, 1]
    assert ev["all_odd"] is True and ev["received"] == {}
    assert set(ev["pity"]) == set(NAMES)
    for name in NAMES:
        assert cards(s, name) == Counter(START) + Counter({ev["pity"][name]: 1})
    assert "Every pack was chosen an odd number of times: such harmony cannot exist, so **nobody gets a pack**." in public_text(out)


def test_all_six_packs_odd_with_all_odd_pity_false_gives_nothing_at_all() -> None:
    s = started(all_odd_pity=False)
    before = total(s)
    (ev,) = closing(play_round(s, ALL_ODD))
    assert ev["all_odd"] is True and ev["received"] == {} and ev["pity"] == {}
    assert total(s) == before
    # …while a round that is not all-odd still gives pity cards under that setting.
    (ev,) = closing(play_round(s, {"p1": "1"}))
    assert set(ev["pity"]) == set(NAMES[1:])


def test_five_odd_packs_and_one_unchosen_is_not_all_odd() -> None:
    s = started()
    (ev,) = closing(play_round(s, {"p1": "1", "p2": "2", "p3": "3", "p4": "4", "p5": "5"}))
    assert ev["counts"]["Hell Special"] == 0
    assert ev["all_odd"] is False
    assert len(ev["received"]) == 5


# ---------------------------------------------------------------- R-OP-2: pity cards


def test_r_op_2_pity_cards_go_only_to_players_who_got_nothing_drawn_from_the_pity_list() -> None:
    s = started()
    out = play_round(s, {"p1": "1", "p2": "2", "p3": "2"})
    (ev,) = closing(out)
    assert set(ev["pity"]) == set(NAMES[1:])  # Uri and Ian picked the same pack: nothing, so pity
    assert set(ev["pity"].values()) <= {"1", "2", "3", "+", "-"}
    assert "Hedger" not in ev["pity"]
    for name, card in ev["pity"].items():
        assert cards(s, name) == Counter(START) + Counter({card: 1})
    assert "Pity cards: Uri `" + ev["pity"]["Uri"] + "`" in host_text(out)
    assert dms(out, 1)[0].startswith("Round 1: you gained no pack, so you get a pity card: `" + ev["pity"]["Uri"] + "`")
    assert "Uri" not in public_text(out)  # R-OP-9: who received what is private
    view = s.feed("cards p2")[0].view
    assert view is not None and view.notes[1] == f"received: round 1: pity {ev['pity']['Uri']}"


def test_r_op_2_the_pity_list_comes_from_the_scenario() -> None:
    s = started(pity=["7"])
    (ev,) = closing(play_round(s))
    assert ev["pity"] == dict.fromkeys(NAMES, "7")


def test_r_op_2_pity_cards_are_seeded_same_seed_same_cards() -> None:
    def draws(seed: str, salt: str) -> list[dict[str, str]]:
        s = new_session(seed=seed, salt=salt)
        ok(s, "start")
        return [closing(play_round(s, {"p1": "1"}))[0]["pity"] for _ in range(3)]

    a, b = draws("7", "one salt"), draws("7", "another salt")
    assert a == b  # the salt never changes a draw
    assert draws("8", "one salt") != a
    assert all(len(d) == 12 for d in a)


def test_pity_cards_are_marked_as_generated_items_for_verify() -> None:
    s = started()
    out = play_round(s)
    (ev,) = closing(out)
    assert ev.get("generated") is True


# ---------------------------------------------------------------- rounds


def test_three_rounds_then_the_playing_phase() -> None:
    s = started()
    play_round(s)
    play_round(s)
    assert s.final()["phase"] == "building" and s.final()["round"] == 3
    out = play_round(s)
    assert [e["event"] for e in events(out)] == ["round_closed", "round_record", *["round_receipt"] * 13, "playing_opened"]
    assert s.final()["phase"] == "playing"
    assert "**Deck building is over: the playing phase begins.**" in public_text(out)


@pytest.mark.parametrize("rounds", [1, 5])
def test_the_number_of_rounds_comes_from_the_scenario(rounds: int) -> None:
    s = started(rounds=rounds)
    for _ in range(rounds - 1):
        play_round(s)
        assert s.final()["phase"] == "building"
    play_round(s)
    assert s.final()["phase"] == "playing"
    assert all(sum(Counter(p["cards"]).values()) == 15 + rounds for p in s.final()["players"].values())


# ---------------------------------------------------------------- trades


def test_a_trade_is_offered_then_accepted_and_moves_exactly_what_it_says() -> None:
    s = started()
    play_round(s, {"p7": "3"})  # Jonas gets Heaven Special: 9 x x
    before = {n: cards(s, n) for n in NAMES}
    ok(s, "p1: trade 1 1 2 for 9 x with p7")
    offers = events(ok(s, "p1: trade 3 for x with p7"), "trade_offered")
    assert [o["trade"] for o in offers] == [2, 2]
    assert [t["trade"] for t in s.final()["trades"]] == [1, 2]
    out = ok(s, "p7: accept 1")
    for done in events(out, "trade_done"):
        assert (done["giver"], done["taker"], done["gives"], done["gets"]) == ("Hedger", "Jonas", ["1", "1", "2"], ["9", "x"])
    assert cards(s, "Hedger") == before["Hedger"] - Counter("112") + Counter("9x")
    assert cards(s, "Jonas") == before["Jonas"] - Counter("9x") + Counter("112")
    for n in NAMES:
        if n not in ("Hedger", "Jonas"):
            assert cards(s, n) == before[n]
    assert [t["trade"] for t in s.final()["trades"]] == [2]
    assert dms(out, 0) == ["🤝 Trade 1 done: you gave `1 1 2` to **Jonas** and received `9 x`."]
    assert dms(out, 6) == ["🤝 Trade 1 done: you gave `9 x` to **Hedger** and received `1 1 2`."]


# Issue 18, item 7: a trade showed its cards to everyone, and so what a player received in a round
# (R-OP-9). The card: "have both players confirm and then ping me so I can note it down properly".


def test_r_op_10_a_trade_offer_answer_and_completion_go_to_the_two_players_and_the_host_only() -> None:
    s = started()
    play_round(s, {"p7": "3"})  # Jonas's Heaven Special (9 x x) is private to him (R-OP-9)
    outs = [ok(s, "p1: trade 1 1 2 for 9 x with p7"), ok(s, "p7: accept 1")]
    outs += [ok(s, "p1: trade 1 for 2 with p2"), ok(s, "p2: decline 2"), ok(s, "p1: trade 1 for 3 with p3"), ok(s, "p1: cancel")]
    for out in outs:
        evs = events(out)
        assert evs and all(e["audience"] == "player" and e["to"] in ("Hedger", "Jonas", "Uri", "Ian") for e in evs), evs
        assert public_text(out) == ""
        kinds = [e["event"] for e in evs]
        assert len(kinds) == 2 and kinds[0] == kinds[1]  # one to the maker, one to the other player
    offer, done = outs[0], outs[1]
    assert [e["to"] for e in events(offer)] == ["Hedger", "Jonas"]
    assert dms(offer, 0) == [
        "🤝 Trade 1: you offer **Jonas** `1 1 2` for their `9 x`. It waits for Jonas's answer; withdraw it with `cancel 1`."
    ]
    assert dms(offer, 6) == ["🤝 Trade 1: **Hedger** offers you `1 1 2` for your `9 x`. Answer `accept 1` or `decline 1`."]
    assert not any("9 x" in o.text for o in done if o.kind == "announce" and str(o.audience) in ("public", "host"))


def test_r_op_10_declines_and_withdrawals_are_told_to_both_players() -> None:
    s = started()
    ok(s, "p1: trade 1 for 2 with p2")
    out = ok(s, "p2: decline 1")
    assert dms(out, 0) == ["Trade 1 (your `1` for Uri's `2`) was declined by Uri."]
    assert dms(out, 1) == ["You declined trade 1 (Hedger's `1` for your `2`)."]
    ok(s, "p1: trade 1 for 3 with p3")
    out = ok(s, "p1: cancel 2")
    assert dms(out, 0) == ["You withdrew trade 2 (your `1` for Ian's `3`)."]
    assert dms(out, 2) == ["Trade 2 (Hedger's `1` for your `3`) was withdrawn by Hedger."]


def test_r_op_10_announce_trades_posts_only_who_traded_with_whom() -> None:
    s = started(announce_trades=True)
    ok(s, "p1: trade 1 1 2 for 3 with p7")
    assert public_text(ok(s, "p1: trade 1 for 2 with p2")) == ""  # an offer is never public
    out = ok(s, "p7: accept 1")
    (made,) = [e for e in events(out) if e["audience"] == "public"]
    assert (made["event"], made["giver"], made["taker"]) == ("trade_made", "Hedger", "Jonas")
    assert not {"trade", "gives", "gets"} & set(made)  # neither the cards nor the count of offers
    assert public_text(out) == "🤝 **Hedger** and **Jonas** have traded (what they traded stays between them)."
    assert public_text(ok(s, "p2: decline 2")) == ""  # nor a declined one


def test_accept_alone_takes_the_only_offer() -> None:
    s = started()
    ok(s, "p1: trade 1 for 2 with p2")
    ok(s, "p2: accept")
    assert cards(s, "Hedger") == Counter(START) - Counter("1") + Counter("2")


def test_a_declined_trade_moves_nothing() -> None:
    s = started()
    ok(s, "p1: trade 1 for 2 with p2")
    before = total(s), cards(s, "Hedger")
    out = ok(s, "p2: decline 1")
    assert [e["event"] for e in events(out)] == ["trade_declined", "trade_declined"]
    assert (total(s), cards(s, "Hedger")) == before
    assert s.final()["trades"] == []


def test_a_cancelled_trade_moves_nothing() -> None:
    s = started()
    ok(s, "p1: trade 1 for 2 with p2")
    out = ok(s, "p1: cancel")
    assert [e["event"] for e in events(out)] == ["trade_cancelled", "trade_cancelled"]
    assert s.final()["trades"] == [] and cards(s, "Hedger") == Counter(START)


def test_trades_are_possible_in_the_playing_phase_until_a_deck_is_submitted() -> None:
    s = to_playing()
    before = cards(s, "Uri")
    ok(s, "p1: trade 1 for 2 with p2")
    assert events(ok(s, "p2: accept 1"), "trade_done")
    assert cards(s, "Uri") == before - Counter("2") + Counter("1")


def test_the_trades_view_lists_open_offers() -> None:
    s = started()
    ok(s, "p1: trade 1 2 for 3 with p2")
    view = s.feed("trades")[0].view
    assert view is not None and view.rows == (("1", "Hedger", "Uri", "1 2", "3"),)


# ---------------------------------------------------------------- decks


DECK_20 = "1 1 1 2 2 2 3 3 3 + + + - - - 9 9 9 x x"


def test_a_deck_is_exactly_20_cards_from_the_collection() -> None:
    s = to_playing(rounds=[{"p3": "3"}, {"p3": "3"}, {"p3": "3"}])  # Ian: 15 + 3 x (9 x x) = 24 cards
    out = ok(s, f"p3: deck {DECK_20}")
    (ev,) = events(out, "deck_set")
    assert (ev["padded"], ev["audience"]) == (0, "host")
    assert Counter(ev["deck"]) == Counter(DECK_20.split())
    assert public_text(out) == ""
    assert s.final()["players"]["Ian"]["deck"] == ev["deck"]
    assert sum(cards(s, "Ian").values()) == 24  # a deck is a choice from the collection: nothing leaves it


def test_a_20_card_deck_from_14_cards_gets_six_slashes_and_the_confirmation_says_so() -> None:
    s = to_playing()  # everyone: 15 + 3 pity cards = 18
    have = cards(s, "Hedger")
    give = list(have.elements())[:5]
    ok(s, f"p1: trade {' '.join(give)} for {give[0]} with p2")
    ok(s, "p2: accept")
    assert sum(cards(s, "Hedger").values()) == 14
    out = ok(s, "p1: deck all")
    (ev,) = events(out, "deck_set")
    assert ev["padded"] == 6 and ev["deck"][-6:] == ["/"] * 6 and len(ev["deck"]) == 20
    assert Counter(ev["deck"]) == cards(s, "Hedger") + Counter({"/": 6})
    (mine,) = [o for o in out if str(o.audience) == "player:0"]
    assert mine.text.startswith("Your deck: `")
    assert " — 6 `/` (divide) added as padding. You can replace it, or take it back with `deck none`, until your deal starts;" in mine.text
    assert s.final()["players"]["Hedger"]["padded"] == 6


def test_listing_all_14_cards_pads_the_same_as_deck_all() -> None:
    s = to_playing()
    listed = " ".join(cards(s, "Uri").elements())
    (a,) = events(ok(s, f"p2: deck {listed}"), "deck_set")
    (b,) = events(ok(s, "p2: deck all"), "deck_set")
    assert a["deck"] == b["deck"] and a["padded"] == b["padded"] == 2


def test_deck_and_dealer_can_change_until_the_deal_starts_and_the_last_counts() -> None:
    s = to_playing()
    ok(s, "p1: dealer hell")
    ok(s, "p1: deck all")
    ok(s, "p1: deck - - - - + + + 3 3 3 2 2 2 2 1 1 1 1")
    ok(s, "p1: dealer heaven")
    p = s.final()["players"]["Hedger"]
    assert (p["dealer"], p["padded"]) == ("Heaven", 2)
    out = ok(s, "deal p1")
    (ev,) = events(out, "deal_started")
    assert (ev["dealer"], ev["cards"]) == ("Heaven", 20)


def test_the_decks_view_shows_decks_dealers_and_progress() -> None:
    s = to_playing()
    setup_deck(s, "p1", dealer="hell")
    ok(s, "deal p1")
    ok(s, "p1: pass")
    view = s.feed("decks")[0].view
    assert view is not None
    deck = " ".join(s.final()["players"]["Hedger"]["deck"])
    assert view.rows[0] == ("Hedger", deck, "Hell", "card 2/20", "—", "18")
    assert view.rows[1] == ("Uri", "—", "—", "not started", "—", "18")


# ---------------------------------------------------------------- R-OP-3: the dealers


def deal_order(s: Session, who: str) -> list[str]:
    """Every card of `who`'s deal in the order dealt (passing each)."""
    out = ok(s, f"deal {who}")
    order = []
    while (d := dealt(out)) is not None and not events(out, "deal_over"):
        order.append(d["card"])
        out = ok(s, f"{who}: pass")
    return order


def test_r_op_3_the_dealer_shuffles_the_deck_and_listing_order_does_not_matter() -> None:
    a, b = to_playing(), to_playing()
    setup_deck(a, "p1", "1 1 1 2 2 2 3 3 3 + + + - - - 1 2 -", "hell")
    setup_deck(b, "p1", "- - - + + + 3 3 3 2 2 2 1 1 1 2 1 -", "hell")
    order = deal_order(a, "p1")
    assert order == deal_order(b, "p1")
    assert Counter(order) == Counter("11112222333+++----") + Counter({"/": 2})
    assert order != sorted(order, key="0123456789+-x/".index)


def test_r_op_3_the_two_dealers_differ_only_in_their_random_stream() -> None:
    a, b = to_playing(), to_playing()
    setup_deck(a, "p1", dealer="heaven")
    setup_deck(b, "p1", dealer="hell")
    heaven, hell = deal_order(a, "p1"), deal_order(b, "p1")
    assert Counter(heaven) == Counter(hell)
    assert heaven != hell
    c = to_playing()
    setup_deck(c, "p1", dealer="heaven")
    assert deal_order(c, "p1") == heaven  # same seed, same dealer: same shuffle


# ---------------------------------------------------------------- opening and passing


def test_an_opened_card_goes_to_the_left_of_the_row() -> None:
    s = to_playing()
    setup_deck(s, "p4", dealer="hell")
    first = dealt(ok(s, "deal p4"))
    assert first is not None and first["number"] == 1 and first["row"] == []
    second = dealt(ok(s, "p4: open"))
    assert second is not None
    out = ok(s, "p4: open")
    (ans,) = events(out, "answered")
    assert ans["row"] == [second["card"], first["card"]]
    fourth = dealt(ok(s, "p4: pass"))  # the third card passed, the fourth shown
    assert fourth is not None
    ok(s, "p4: open")
    assert s.final()["players"]["Yuna"]["row"] == [fourth["card"], second["card"], first["card"]]


def test_a_passed_card_is_discarded() -> None:
    s = to_playing()
    setup_deck(s, "p4")
    ok(s, "deal p4")
    (ans,) = events(ok(s, "p4: pass"), "answered")
    assert ans["open"] is False and ans["row"] == []


def test_after_ten_opens_the_rest_pass_automatically() -> None:
    s = to_playing()
    setup_deck(s, "p4", dealer="hell")
    out = ok(s, "deal p4")
    for i in range(10):
        d = dealt(out)
        assert d is not None and d["opened"] == i and d["max_open"] == 10
        out = ok(s, "p4: open")
    (over,) = events(out, "deal_over")
    assert len(over["row"]) == 10 and len(over["auto_passed"]) == 10
    assert dealt(out) is None  # the 11th card is never offered: it is passed
    assert f"(10 cards passed automatically after the last open: `{' '.join(over['auto_passed'])}`)" in "\n".join(dms(out, 3))
    assert public_text(out) == "✅ **Yuna** has played. Rows and scores stay secret until the playing phase closes."
    assert s.final()["players"]["Yuna"]["row"] == over["row"]


def test_max_open_comes_from_the_scenario() -> None:
    s = to_playing(max_open=3)
    setup_deck(s, "p4")
    out = ok(s, "deal p4")
    for _ in range(3):
        out = ok(s, "p4: open")
    (over,) = events(out, "deal_over")
    assert len(over["row"]) == 3 and len(over["auto_passed"]) == 17


def test_passing_every_card_deals_the_whole_deck() -> None:
    s = to_playing()
    setup_deck(s, "p4")
    out = play_through(s, "p4", opens=0)
    (over,) = events(out, "deal_over")
    assert over["row"] == [] and over["auto_passed"] == []


def test_a_deal_can_be_left_and_resumed() -> None:
    s = to_playing()
    setup_deck(s, "p1")
    setup_deck(s, "p2")
    ok(s, "deal p1")
    ok(s, "p1: open")
    waiting = dealt(ok(s, "p1: pass"))
    assert waiting is not None and waiting["number"] == 3
    ok(s, "deal p2")
    ok(s, "p2: open")
    out = ok(s, "deal p1")
    assert events(out, "deal_started") == []  # resumed, not restarted
    again = dealt(out)
    assert again is not None
    assert (again["number"], again["card"], again["row"]) == (3, waiting["card"], waiting["row"])


# ---------------------------------------------------------------- scoring (see tests/core/test_read_row.py for read_row itself)


CARD_ROW = ["+", "3", "1", "x", "9", "x", "2", "-", "2", "x"]


def test_the_cards_example_row_scores_52() -> None:
    reading, score, notes = read_row(CARD_ROW)
    assert " ".join(reading) == "0 + 3 x 9 x 2 - 2" and score == 52 and notes == []


def test_the_cards_example_row_built_in_a_deal_scores_52() -> None:
    # Seed 582 shuffles this 20-card deck for Hedger's Heaven dealer so that the row can be built.
    start = ["+", "+", "+", "3", "3", "3", "1", "1", "x", "x", "x", "9", "9", "9", "2", "2", "2", "-", "-"]
    s = to_playing(new_session(seed="582", rounds=1, starting_set=start, pity=["x"]))
    setup_deck(s, "p1", "all", "heaven")
    out = play_row(s, "p1", CARD_ROW)
    (over,) = events(out, "deal_over")
    assert (over["row"], over["reading"], over["score"], over["shown"]) == (CARD_ROW, "0 + 3 x 9 x 2 - 2", "52", "52")
    assert "Reading: `0 + 3 x 9 x 2 - 2` = **52**" in dms(out, 0)[-1]
    assert s.final()["players"]["Hedger"]["score"] == "52"


def test_a_pure_deal_in_reverse_order_builds_the_cards_row_and_passes_the_11th_open() -> None:
    s = to_playing()
    order = [*reversed(CARD_ROW), "9", "9", "9", "9", "9", "9", "9", "9", "9", "9"]
    state = pure_state(s, 0, order)
    state, evs = answer_all(state, 0, [True] * 10)
    (over,) = [e for e in evs if e.kind == "deal_over"]
    assert isinstance(over, DealOver)
    assert over.row == tuple(CARD_ROW) and over.score == "52"
    assert over.auto_passed == ("9",) * 10
    assert state.players[0].score == 52 and state.players[0].deal is not None and state.players[0].deal.done
    with pytest.raises(IllegalAction, match="deal is over"):
        judge(state, Choice(seat=0, open=True))


def test_r_op_4_an_empty_row_scores_0() -> None:
    assert read_row([]) == ([], Fraction(0), [])
    s = to_playing()
    setup_deck(s, "p4")
    out = play_through(s, "p4", opens=0)
    (over,) = events(out, "deal_over")
    assert (over["row"], over["score"]) == ([], "0")
    assert "Reading: `0` = **0** (an empty row scores 0, R-OP-4)" in dms(out, 3)[-1]
    assert s.final()["players"]["Yuna"]["score"] == "0"


def test_r_op_4_an_empty_row_reads_0_in_the_games_json_as_in_check_row_json() -> None:
    # Issue 18: an empty row was "" in the game's JSON but "0" in `umpire check row --json`.
    s = to_playing()
    setup_deck(s, "p4")
    (over,) = events(play_through(s, "p4", opens=0), "deal_over")
    (results,) = events(ok(s, "close"), "results")
    yuna = next(p for p in results["ranking"] if p["player"] == "Yuna")
    absent = next(p for p in results["ranking"] if not p["played"])
    cli = CliRunner().invoke(app, ["check", "row", "", "--json"])
    checked = json.loads(cli.stdout)
    assert (over["row"], yuna["row"], absent["row"], checked["row"]) == ([], [], [], [])
    assert over["reading"] == yuna["reading"] == absent["reading"] == checked["reading"] == reading_text(()) == "0"
    assert "reading: 0   (an empty row scores 0, R-OP-4)" in CliRunner().invoke(app, ["check", "row", ""]).stdout


def test_r_arith_1_division_is_exact_and_shown_as_a_fraction() -> None:
    s = to_playing(new_session(rounds=1, starting_set=["1", "1", "1", "-", "-", "-", "6", "6", "6", "4", "4", "4"], pity=["1"]))
    setup_deck(s, "p3", "all", "heaven")
    out = play_row(s, "p3", ["1", "-", "6", "/", "4"])
    (over,) = events(out, "deal_over")
    assert (over["reading"], over["score"], over["shown"]) == ("1 - 6 / 4", "-5/4", "-5/4 (-1.25)")
    assert "Reading: `1 - 6 / 4` = **-5/4 (-1.25)**" in dms(out, 2)[-1]
    assert s.final()["players"]["Ian"]["score"] == "-5/4"


def test_r_arith_1_floor_division_when_the_scenario_says_so() -> None:
    s = to_playing(
        new_session(rounds=1, starting_set=["1", "1", "1", "-", "-", "-", "6", "6", "6", "4", "4", "4"], pity=["1"], division="floor")
    )
    setup_deck(s, "p3", "all", "heaven")
    (over,) = events(play_row(s, "p3", ["1", "-", "6", "/", "4"]), "deal_over")
    assert (over["score"], over["shown"]) == ("-2", "-2")


def test_r_arith_2_division_by_zero_is_skipped_and_the_announcement_says_so() -> None:
    s = to_playing(new_session(rounds=1, starting_set=["0", "0", "0", "0", "5", "5", "5", "5", "x", "x"], pity=["0"]))
    setup_deck(s, "p1", "all", "heaven")
    out = play_row(s, "p1", ["5", "/", "0"])
    (over,) = events(out, "deal_over")
    assert (over["reading"], over["score"]) == ("5 / 0", "5")
    assert over["notes"] == ["÷ 0 skipped (R-ARITH-2): the value stays 5"]
    assert "(÷ 0 skipped (R-ARITH-2): the value stays 5)" in dms(out, 0)[-1]


# ---------------------------------------------------------------- results


def play_everyone(s: Session, opens: dict[str, int] | None = None) -> list:
    """Every player submits `deck all` (18 cards) and a dealer, and plays; returns the last outputs."""
    out: list = []
    for i, who in enumerate(ALIASES):
        setup_deck(s, who, dealer="heaven" if i % 2 else "hell")
    for who in ALIASES:
        out = play_through(s, who, opens=(opens or {}).get(who, 10))
    return out


def test_results_when_everyone_has_played() -> None:
    s = to_playing()
    out = play_everyone(s, {"p13": 0})
    (res,) = events(out, "results")
    final = s.final()
    assert final["over"] is True and final["phase"] == "over"
    assert [r["player"] for r in res["ranking"]] == final["ranking"]
    assert sorted(final["ranking"]) == sorted(NAMES)
    for r in res["ranking"]:
        p = final["players"][r["player"]]
        assert read_row(p["row"])[1] == Fraction(p["score"]) == Fraction(r["score"])
    scores = [Fraction(final["players"][n]["score"]) for n in final["ranking"]]
    assert scores == sorted(scores, reverse=True)
    assert final["players"]["Wren"]["row"] == [] and final["players"]["Wren"]["score"] == "0"
    assert "🏆 **Open, Pass — results**" in public_text(out)


def test_the_best_score_wins_3_tokens_second_and_third_1_and_the_three_worst_are_ecs() -> None:
    s = to_playing()
    play_everyone(s)
    final = s.final()
    ranking = final["ranking"]
    assert [final["players"][n]["tokens"] for n in ranking] == [3, 1, 1] + [0] * 10
    assert [final["players"][n]["ec"] for n in ranking] == [False] * 10 + [True] * 3


def test_the_hosts_close_ends_the_playing_phase() -> None:
    s = to_playing()
    setup_deck(s, "p1")
    setup_deck(s, "p2")
    play_through(s, "p1", opens=10)
    ok(s, "deal p2")
    ok(s, "p2: open")
    ok(s, "p2: open")
    setup_deck(s, "p3")  # a deck and a dealer, never dealt
    out = ok(s, "close")
    overs = {e["player"]: e for e in events(out, "deal_over")}
    assert set(overs) == {"Uri"}  # a deal that never started has no row to finish
    uri = overs["Uri"]
    assert uri["closed"] is True and len(uri["row"]) == 2 and len(uri["auto_passed"]) == 18
    assert f"(18 cards passed automatically when the playing phase closed: `{' '.join(uri['auto_passed'])}`)" in dms(out, 1)[0]
    final = s.final()
    for name in NAMES[2:]:
        assert (final["players"][name]["row"], final["players"][name]["score"]) == ([], "0")
    assert Fraction(final["players"]["Uri"]["score"]) == read_row(uri["row"])[1]
    assert final["over"] is True and len(events(out, "results")) == 1


def test_ties_are_broken_reproducibly_by_the_seed_and_announced() -> None:
    def closed(seed: str, salt: str) -> tuple[list[str], list[str], str]:
        s = to_playing(new_session(seed=seed, salt=salt))
        out = ok(s, "close")  # nobody played: thirteen rows of 0
        (res,) = events(out, "results")
        return s.final()["ranking"], res["ties"], public_text(out)

    ranking, ties, text = closed("11", "a")
    assert closed("11", "b")[:2] == (ranking, ties)
    assert closed("12", "a")[0] != ranking
    assert ties == [
        f"tie at 0 (did not play) between {', '.join(NAMES)}, broken by the seeded draw: {' ahead of '.join(ranking)}",
    ]
    assert f"⚖️ Tie at 0 (did not play) between {', '.join(NAMES)}, broken by the seeded draw: " in text


def test_a_tie_only_among_some_players_names_only_them() -> None:
    s = to_playing()
    play_everyone(s, {"p1": 0, "p2": 0})
    final = s.final()
    zero = sorted((n for n, p in final["players"].items() if p["score"] == "0"), key=NAMES.index)
    assert {"Hedger", "Uri"} <= set(zero)
    order = [n for n in final["ranking"] if n in zero]
    assert f"tie at 0 between {', '.join(zero)}, broken by the seeded draw: {' ahead of '.join(order)}" in final["ties"]
    for note in final["ties"]:
        assert note.startswith("tie at ")


def test_the_final_json_has_every_key() -> None:
    s = to_playing()
    play_everyone(s)
    final = s.final()
    assert final["type"] == "final" and final["game_key"] == "open-pass"
    assert {"phase", "round", "players", "trades", "ranking", "ties", "over"} <= set(final)
    for p in final["players"].values():
        assert {"cards", "deck", "padded", "dealer", "row", "score", "tokens", "ec"} <= set(p)
        assert isinstance(p["score"], str)
        Fraction(p["score"])  # an exact number such as "52" or "-5/2"
        assert len(p["deck"]) == 20 and p["dealer"] in ("Heaven", "Hell")


def test_status_shows_collections_scores_and_tokens() -> None:
    s = to_playing()
    play_everyone(s)
    view = s.feed("status")[0].view
    assert view is not None and view.title.endswith("— over")
    final = s.final()
    for row in view.rows:
        p = final["players"][row[0]]
        assert row[1] == str(len(p["cards"])) and row[4] == str(p["tokens"]) and row[5] == ("EC" if p["ec"] else "")


def test_status_counts_a_player_in_only_with_both_a_deck_and_a_dealer() -> None:
    s = to_playing()
    ok(s, "p1: deck all")  # a deck, no dealer
    ok(s, "p2: dealer hell")  # a dealer, no deck
    setup_deck(s, "p3")  # both
    setup_deck(s, "p4")
    ok(s, "p4: deck none")  # both, then the deck withdrawn
    view = s.feed("status")[0].view
    assert view is not None
    assert view.title == "Open, Pass — Heaven and Hell — playing: 1/13 decks and dealers in, 0/13 played · closes in 48:00:00"
    assert view.chat == "**Open, Pass** — playing: 1/13 decks and dealers in, 0/13 played · closes in 48:00:00"
    state = s.state
    assert isinstance(state, State)
    assert [seat for seat in range(13) if state.ready(seat)] == [2]


def test_same_seed_same_inputs_same_match() -> None:
    a, b = to_playing(rounds=[ALL_ODD]), to_playing(rounds=[ALL_ODD])
    play_everyone(a)
    play_everyone(b)
    assert a.final() == b.final()
    assert a.seed == SEED


def test_one_card_passed_automatically_is_announced_in_the_singular() -> None:
    s = to_playing()
    state = pure_state(s, 0, ["9", "x", "9", "x", "9", "x", "9", "x", "9", "+", "7"])
    state, evs = answer_all(state, 0, [True] * 10)
    (over,) = [e for e in evs if e.kind == "deal_over"]
    assert isinstance(over, DealOver) and over.auto_passed == ("7",)
    (text,) = [a.text for a in s.game.announce(state.cfg, over)]
    assert "(1 card passed automatically after the last open: `7`)" in text.split("\n")
