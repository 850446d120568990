"""The Shop: closed in block 1; credits at each later block's start; seeded prices each cycle
(three at $2, two each at $3, $4, $5) posted as `123, 45, 67, 89`; `buy X` gives 3 copies, once per
tile per player per cycle; supply unlimited (R-SHOP-1); a balance that cannot pay is refused (R-SHOP-2).
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from umpire.core.streams import Streams
from umpire.games.choice.generate import shop_lines, shop_prices, shop_text
from umpire.session import Session

from .test_choice_support import (
    CYCLE,
    SECOND,
    SHOPS,
    auto_bout,
    block_start,
    end_block,
    events,
    new_session,
    ok,
    one,
    play_round,
    player,
    refused,
    start,
    texts,
    win_bout,
)

DEFAULT_PRICES = (2, 2, 2, 3, 3, 4, 4, 5, 5)


def money(session: Session) -> tuple[int, int]:
    return (player(session, "Hedger")["money"], player(session, "Uri")["money"])


def tiles(session: Session, name: str) -> dict[str, int]:
    """The tiles a player holds, digit -> copies (held ones only)."""
    return {d: c for d, c in player(session, name)["tiles"].items() if c}


# ---------------------------------------------------------------- credits


def test_block_1_credits_nothing_and_the_shop_stays_closed() -> None:
    s = new_session()
    out = start(s)
    (ev,) = events(out, "block_started")
    assert (ev["credits"], ev["money"], ev["shop"]) == ({}, {"Hedger": 0, "Uri": 0}, False)
    assert events(out, "shop_opened") == []
    assert s.final()["shop"] is None


def test_each_later_block_credits_the_previous_bouts_winnings_plus_30() -> None:
    s = new_session()
    start(s)
    play_round(s, 1, "gs 9", "gs 1")  # Hedger +5
    play_round(s, 2, "gs 1", "gs 9")  # Uri +6
    play_round(s, 3, "gs 8", "gs 2")  # Hedger +2
    end_block(s)
    # Rounds 4-9: Hedger auto-plays 2 3 4 5 6 7, Uri 3 4 5 6 7 8: Uri wins 1+9+7+4+3+8 = 32.
    assert (player(s, "Hedger")["pending"], player(s, "Uri")["pending"]) == (7, 38)
    out = start(s)
    (ev,) = events(out, "block_started")
    assert ev["credits"] == {"Hedger": {"goofspiel": 7, "credit": 30}, "Uri": {"goofspiel": 38, "credit": 30}}
    assert ev["money"] == {"Hedger": 37, "Uri": 68}
    assert money(s) == (37, 68)
    assert (player(s, "Hedger")["pending"], player(s, "Uri")["pending"]) == (0, 0)
    assert texts(out)[0] == (
        "**Block 2 of 6 begins.**\n"
        "**Hedger**: +$7 (Goofspiel) +$30 → $37\n"
        "**Uri**: +$38 (Goofspiel) +$30 → $68\n"
        "#goofspiel: a bout of nine rounds · #shop: open"
    )


def test_money_won_in_a_round_cannot_be_spent_in_the_same_block() -> None:
    s = new_session()
    auto_bout(s)
    start(s)
    play_round(s, 1, "gs 9", "gs 1")  # Hedger wins the 2
    assert money(s) == (30, 30)
    assert player(s, "Hedger")["pending"] == 2


def test_block_5s_winnings_arrive_at_block_6s_start() -> None:
    s = new_session()
    for _ in range(4):
        auto_bout(s)
    win_bout(s, 0)  # bout 5 prizes 5 1 9 7 8 3 4 6 2: Hedger takes the 5, Uri the 1
    assert (player(s, "Hedger")["pending"], player(s, "Uri")["pending"]) == (5, 1)
    before = money(s)
    out = start(s)
    (ev,) = events(out, "block_started")
    assert ev["credits"] == {"Hedger": {"goofspiel": 5, "credit": 30}, "Uri": {"goofspiel": 1, "credit": 30}}
    assert money(s) == (before[0] + 35, before[1] + 31)


def test_five_credits_over_a_match_with_no_goofspiel_money_total_150() -> None:
    s = new_session()
    for _ in range(6):
        auto_bout(s)
    assert money(s) == (150, 150)


def test_the_starting_money_and_shop_credit_settings_are_used() -> None:
    s = new_session(starting_money=7, shop_credit=12)
    start(s)
    assert money(s) == (7, 7)
    end_block(s)
    start(s)
    assert money(s) == (19, 19)


# ---------------------------------------------------------------- prices


def test_each_cycle_prices_three_tiles_at_2_and_two_each_at_3_4_and_5() -> None:
    streams = Streams("9701")
    for cycle in range(1, 16):
        prices = shop_prices(streams, cycle, DEFAULT_PRICES)
        assert sorted(Counter(prices).items()) == [(2, 3), (3, 2), (4, 2), (5, 2)]


@given(seed=st.text(min_size=1, max_size=20), cycle=st.integers(1, 15))
def test_every_seed_deals_the_card_s_price_groups(seed: str, cycle: int) -> None:
    prices = shop_prices(Streams(seed), cycle, DEFAULT_PRICES)
    assert sorted(prices) == list(DEFAULT_PRICES)
    groups = shop_text(prices).split(", ")
    assert [len(g) for g in groups] == [3, 2, 2, 2]
    assert sorted("".join(groups)) == list("123456789")


def test_the_shop_is_posted_with_the_2_group_first_ascending_inside_groups() -> None:
    prices = (4, 5, 3, 3, 4, 2, 2, 5, 2)  # tile 1 at $4, tile 2 at $5, ...
    assert shop_text(prices) == "679, 34, 15, 28"
    assert shop_lines(prices) == ["$2: 6 7 9", "$3: 3 4", "$4: 1 5", "$5: 2 8"]
    assert shop_text((5, 5, 4, 4, 3, 3, 2, 2, 2)) == "789, 56, 34, 12"


def test_each_cycle_of_a_match_deals_fresh_prices_from_the_seed() -> None:
    s = new_session()
    auto_bout(s)
    dealt = []
    for _ in range(2, 7):
        out = auto_bout(s)
        dealt += [(e["shop_cycle"], e["shop"]) for e in events(out, "shop_opened")]
    assert dealt == list(enumerate(SHOPS, start=1))


def test_the_shop_opened_announcement_shows_the_groups_and_their_prices() -> None:
    s = new_session()
    auto_bout(s)
    out = start(s)
    (ev,) = events(out, "shop_opened")
    assert ev["prices"] == {"1": 4, "2": 5, "3": 3, "4": 3, "5": 4, "6": 2, "7": 2, "8": 5, "9": 2}
    assert (ev["audience"], ev["generated"], ev["cycle"], ev["shop_cycle"]) == ("public", True, 1, 1)
    # The block's start posts the shop, then the Gyul Hap board and the Expressions set.
    assert texts(out)[-3] == (
        "🛒 **Shop, block 2 cycle 1/3** (cycle 1 of 15, open 3:20): 679, 34, 15, 28\n$2: 6 7 9 · $3: 3 4 · $4: 1 5 · $5: 2 8\n`buy X` gives 3 copies."
    )


def test_a_configured_price_list_is_dealt_instead() -> None:
    s = new_session(prices=[1, 1, 1, 1, 1, 9, 9, 9, 9])
    auto_bout(s)
    start(s)
    prices = list(events(s.feed("post shop"), "shop_posted")[0]["prices"].values())
    assert sorted(prices) == [1, 1, 1, 1, 1, 9, 9, 9, 9]


# ---------------------------------------------------------------- buying


def test_buy_pays_the_cycles_price_and_gives_three_copies() -> None:
    s = new_session()
    auto_bout(s)
    start(s)  # 679 at $2, 34 at $3, 15 at $4, 28 at $5
    out = ok(s, "p1: buy 8")
    (ev,) = events(out, "bought")
    assert (ev["player"], ev["tile"], ev["copies"], ev["price"], ev["money"]) == ("Hedger", 8, 3, 5, 25)
    assert texts(out) == ["You bought tile 8 (×3) for $5: $25 left; your tiles: 8×3."]
    ok(s, "p1: buy 6")
    assert money(s) == (23, 30)
    assert tiles(s, "Hedger") == {"6": 3, "8": 3}
    assert tiles(s, "Uri") == {}


def test_r_shop_4_a_purchase_is_private_its_receipt_goes_to_the_buyer_alone() -> None:
    s = new_session()
    auto_bout(s)
    start(s)
    out = ok(s, "p2: buy 8")
    assert [(str(o.audience), o.event["event"] if o.event else None) for o in out] == [("player:1", "bought")]
    assert (one(out, "bought")["audience"], one(out, "bought")["to"]) == ("player", "Uri")
    assert texts(out, "public") == []
    assert [d.text for d in s.outbox[1]] == ["You bought tile 8 (×3) for $5: $25 left; your tiles: 8×3."]
    # Holdings are public through `status`, as the card's `status` shows both players' tiles and money.
    status = texts(ok(s, "p1: post status"), "public")
    assert status == ["**Status**\n**Hedger**: $30 · tiles none · GSP 0 · GHP 0 · EP 0\n**Uri**: $25 · tiles 8×3 · GSP 0 · GHP 0 · EP 0"]


def test_buying_with_exactly_the_price_leaves_zero() -> None:
    s = new_session(shop_credit=5)
    auto_bout(s)
    start(s)
    ok(s, "p1: buy 8")  # $5
    assert money(s) == (0, 5)
    assert refused(s, "p1: buy 6", error="IllegalAction") == "Hedger has $0; tile 6 costs $2 this cycle"


def test_a_tile_can_be_bought_again_in_the_next_cycle_at_its_new_price() -> None:
    s = new_session()
    auto_bout(s)
    start(s)
    ok(s, "p1: buy 6")  # $2 in cycle 1
    assert refused(s, "p1: buy 6") == "Hedger already bought tile 6 this cycle; it can be bought again next cycle"
    s.advance(block_start(s) + CYCLE - 1)
    assert refused(s, "p1: buy 6") == "Hedger already bought tile 6 this cycle; it can be bought again next cycle"
    s.advance(block_start(s) + CYCLE)
    out = ok(s, "p1: buy 6")  # cycle 2: 238, 56, 49, 17 -> $3
    assert events(out, "bought")[0]["price"] == 3
    assert tiles(s, "Hedger") == {"6": 6}
    assert money(s) == (25, 30)


def test_supply_is_unlimited_both_players_buy_the_same_tile_in_a_cycle() -> None:
    s = new_session()
    auto_bout(s)
    start(s)
    ok(s, "p1: buy 7")
    ok(s, "p2: buy 7")
    assert tiles(s, "Hedger") == tiles(s, "Uri") == {"7": 3}


def test_tiles_bought_are_kept_across_blocks() -> None:
    s = new_session()
    auto_bout(s)
    start(s)
    ok(s, "p2: buy 2")
    end_block(s)
    start(s)
    ok(s, "p2: buy 2")  # a new block is a new cycle
    assert tiles(s, "Uri") == {"2": 6}


def test_the_tile_copies_setting_is_what_a_buy_gives() -> None:
    s = new_session(tile_copies=2)
    auto_bout(s)
    start(s)
    out = ok(s, "p1: buy 1")
    assert texts(out) == ["You bought tile 1 (×2) for $4: $26 left; your tiles: 1×2."]


def test_the_shop_closes_at_the_end_of_each_block() -> None:
    s = new_session()
    auto_bout(s)
    start(s)
    end_block(s)
    assert s.final()["shop"] is None
    assert refused(s, "p1: buy 1") == "the shop is closed between blocks"


def test_post_shop_reposts_the_current_shop_for_anyone() -> None:
    s = new_session()
    auto_bout(s)
    start(s)
    s.advance(block_start(s) + 2 * CYCLE + 5 * SECOND)
    for line in ("post shop", "p1: post shop", "Uri: POST SHOP"):
        out = ok(s, line)
        (ev,) = events(out, "shop_posted")
        assert (ev["block"], ev["cycle"], ev["shop"], ev["audience"]) == (2, 3, SHOPS[2], "public")
        assert texts(out) == ["🛒 Shop (block 2, cycle 3/3): 236, 19, 47, 58\n$2: 2 3 6 · $3: 1 9 · $4: 4 7 · $5: 5 8"]


def test_the_hosts_shop_view_shows_the_prices_and_the_final_state_the_current_shop() -> None:
    s = new_session()
    (view,) = [o.view for o in s.feed("shop")]
    assert view is not None and (view.title, view.notes) == ("Shop", ("closed",))
    auto_bout(s)
    start(s)
    (view,) = [o.view for o in s.feed("shop")]
    assert view is not None
    assert (view.title, view.notes, view.chat) == (
        "Shop, block 2 cycle 1/3",
        ("$2: 6 7 9", "$3: 3 4", "$4: 1 5", "$5: 2 8"),
        "🛒 679, 34, 15, 28",
    )
    assert s.final()["shop"] == {"cycle": 1, "shop": SHOPS[0]}


def test_status_shows_tiles_money_and_points_but_not_goofspiel_cards() -> None:
    s = new_session()
    auto_bout(s)
    start(s)
    ok(s, "p1: buy 9")
    ok(s, "p1: buy 3")
    out = ok(s, "p2: post status")
    (ev,) = events(out, "status_posted")
    assert ev["status"]["Hedger"] == {
        "tiles": {"1": 0, "2": 0, "3": 3, "4": 0, "5": 0, "6": 0, "7": 0, "8": 0, "9": 3},
        "money": 25,
        "gsp": 0,
        "ghp": 0,
        "ep": 0,
    }
    assert texts(out) == [
        "**Status**\n**Hedger**: $25 · tiles 3×3 9×3 · GSP 0 · GHP 0 · EP 0\n**Uri**: $30 · tiles none · GSP 0 · GHP 0 · EP 0"
    ]
    assert "cards" not in str(ev)
