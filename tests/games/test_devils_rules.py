"""Devil's Deal, rule by rule: set-up, the refill step, the poker step, the end.

The refill step is driven through a session of the bundled scenario (seed 3115); the poker step
mostly on pure states with chosen pools (`table()`), where the cards decide the outcome.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from umpire.core.streams import Streams
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal import rules
from umpire.games.devilsdeal.state import Ask, Bet, Break, Discard, Pick, State, Take

from .test_devils_support import (
    POOLS,
    REFILL_1_1_1,
    SEED,
    act,
    at,
    best_line,
    cards,
    events,
    kinds,
    kinds_of,
    legal_pick,
    new_session,
    offer,
    ok,
    one,
    play,
    public,
    started,
    table,
    to_poker,
)

# ---------------------------------------------------------------- set-up


def test_the_starting_pools_are_five_cards_each_from_one_fresh_deck() -> None:
    s = new_session()
    (ev,) = events(ok(s, "start"), "pools_dealt")
    assert ev["generated"] is True
    pools = [ev["pools"]["Hedger"], ev["pools"]["Uri"]]
    assert [" ".join(p) for p in pools] == list(POOLS)
    assert len(set(pools[0]) | set(pools[1])) == 10  # one deck: no card in both
    deck = C.draw(Streams(SEED).stream("devils/start"), 10)
    assert sorted(C.name_list(deck)) == sorted(pools[0] + pools[1])
    assert ev["chips"] == {"Hedger": 30, "Uri": 30}


def test_the_same_seed_deals_the_same_pools_and_another_seed_does_not() -> None:
    a, b, c = new_session(), new_session(), new_session(seed="4")
    for s in (a, b, c):
        ok(s, "start")
    assert a.state.seats == b.state.seats
    assert a.state.seats != c.state.seats


def test_the_starting_pools_are_announced_and_the_advantage_holder_named() -> None:
    s = new_session()
    assert public(ok(s, "start")).split("\n") == [
        "🃏 **Devil's Deal — the starting pools** (both from one fresh deck):",
        "**Hedger**: `G2 R5 G5 B6 B7` · 30 chips",
        "**Uri**: `R1 B2 B5 G6 R9` · 30 chips",
        "**Uri** holds the Advantage and chooses who starts round 1.",
    ]


@pytest.mark.parametrize(("line", "starter"), [("p2: first p1", 0), ("p2: first me", 1), ("first Uri", 1), ("first p1", 0)])
def test_the_advantage_holder_or_the_host_picks_the_first_starting_player(line: str, starter: int) -> None:
    s = new_session()
    ok(s, "start")
    out = ok(s, line)
    assert kinds(out)[:3] == ["starter_chosen", "devils_round_started", "refill_asked"]
    assert s.state.starter == starter
    assert s.state.step == Ask(seat=starter)


# ---------------------------------------------------------------- the refill step


def test_the_starting_player_is_asked_first_then_the_opponent_then_the_poker_step_begins() -> None:
    s = started()
    assert s.state.step == Ask(seat=0)
    out = ok(s, "p1: no")
    assert kinds(out) == ["refill_declined", "refill_asked"]
    assert s.state.step == Ask(seat=1)
    out = ok(s, "p2: no")
    assert kinds(out) == ["refill_declined", "poker_started"]
    assert isinstance(s.state.step, Pick)


def test_a_refill_costs_five_chips_and_shows_twelve_different_cards_from_its_stream() -> None:
    s = started()
    (ev,) = events(ok(s, "p1: yes"), "refill_offered")
    assert ev["generated"] is True
    assert " ".join(ev["cards"]) == REFILL_1_1_1
    assert C.draw(Streams(SEED).stream("devils/refill/1/1/1"), 12) == cards(REFILL_1_1_1)
    assert len(set(ev["cards"])) == 12
    assert s.state.seats[0].chips == 25
    assert s.state.removed == 5


def test_a_refill_may_show_cards_already_in_a_pool() -> None:
    # Every refill is a fresh deck: R5 may be offered while Hedger holds one.
    s = started()
    ok(s, "p1: yes")
    assert set(offer(s)) & set(s.state.seats[0].pool) or set(offer(s)) & set(s.state.seats[1].pool)


def test_the_division_taken_joins_the_pool_and_the_rest_is_set_aside() -> None:
    s = started()
    ok(s, "p1: yes", "p1: G4 B4 | G8 | aside R8")
    out = ok(s, "p1: done")
    (ev,) = events(out, "division_locked")
    assert ev["taken"] == ["G4", "B4", "G8"]
    assert ev["set_aside"] == ["G6", "G3", "B1", "G9", "R2", "R8", "B5", "B6", "B2"]
    assert ev["division"] == {
        "piles": [["G4", "B4"], ["G8"]],
        "aside_pile": ["R8"],
        "unused": ["G6", "G3", "B1", "G9", "R2", "B5", "B6", "B2"],
        "sum": 8,
    }
    assert C.name_list(s.state.seats[0].pool) == ["G2", "G4", "B4", "R5", "G5", "B6", "B7", "G8"]
    assert s.state.step == Take(seat=1, cards=cards("G6 G3 B1 G9 R2 R8 B5 B6 B2"), refiller=0)


def test_the_last_valid_division_counts_at_the_deadline() -> None:
    s = started()
    ok(s, "p1: yes", "p1: G4 B4 | aside G8")
    at(s, 30)
    ok(s, "p1: G4 B4 G6 | R2 G3 G9 | B1 B5 G8 | aside B6 R8")
    out = at(s, 90)
    (ev,) = events(out, "division_locked")
    assert len(ev["taken"]) == 9
    assert ev["early"] is False


def test_an_invalid_division_is_refused_and_the_previous_valid_one_stays() -> None:
    s = started()
    ok(s, "p1: yes", "p1: G4 B4 | aside G8")
    out = s.feed("p1: G4 B4 | G9 | aside G8")
    assert out[0].kind == "refusal"
    assert out[0].text == (
        "this division is not valid: the piles' sums differ: G4 B4 = 8, G9 = 9, set aside G8 = 8; every pile needs the same sum "
        "(read as G4 B4 | G9 | aside G8; the division from 0:00 stays in force)"
    )
    (ev,) = events(at(s, 90), "division_locked")
    assert ev["taken"] == ["G4", "B4"]


def test_no_valid_division_at_the_deadline_sets_every_card_aside() -> None:
    s = started()
    ok(s, "p1: yes")
    out = at(s, 90)
    (ev,) = events(out, "division_locked")
    assert ev["division"] is None and ev["taken"] == []
    assert " ".join(ev["set_aside"]) == REFILL_1_1_1
    assert "🔒 **Hedger** has no valid division: every card is set aside:" in public(out)
    assert s.state.step == Take(seat=1, cards=cards(REFILL_1_1_1), refiller=0)


def test_done_locks_the_division_in_force_at_once() -> None:
    s = started()
    ok(s, "p1: yes", "p1: G4 B4 | aside G8")
    (ev,) = events(ok(s, "p1: done"), "division_locked")
    assert ev["early"] is True
    assert s.now == 0


def test_the_refiller_over_the_limit_discards_before_the_opponent_takes() -> None:
    s = started()
    ok(s, "p1: yes")
    ok(s, f"p1: {best_line(s)}")
    out = ok(s, "p1: done")
    assert kinds(out) == ["division_locked", "discard_asked"]
    assert s.state.step == Discard(seat=0, count=4, newest=s.state.step.newest, refiller=0)
    out = ok(s, "p1: discard G2 R5 G5 B7")
    assert kinds(out) == ["discarded", "take_asked"]
    assert len(s.state.seats[0].pool) == 10
    assert "**Hedger** discards `G2 R5 G5 B7` (pool: 10)." in public(out)  # discards are public


def test_the_opponent_takes_one_set_aside_card_free_then_the_refiller_is_asked_again() -> None:
    s = started()
    ok(s, "p1: yes", "p1: G4 B4 | aside G8", "p1: done")
    out = ok(s, "p2: take G9")
    assert kinds(out) == ["took", "refill_asked"]
    assert C.name(9 + 8) in C.name_list(s.state.seats[1].pool)
    assert s.state.seats[1].chips == 30  # free
    assert s.state.step == Ask(seat=0, again=True)
    assert "🔄 **Hedger**: refill again?" in public(out)


def test_the_opponent_may_take_nothing() -> None:
    s = started()
    ok(s, "p1: yes", "p1: G4 B4 | aside G8", "p1: done")
    pool = s.state.seats[1].pool
    out = ok(s, "p2: none")
    assert events(out, "took")[0]["card"] is None
    assert s.state.seats[1].pool == pool


def test_an_opponent_at_the_limit_discards_after_a_free_take() -> None:
    s = started()
    # Uri refills first to reach ten cards: round 1, Hedger declines, Uri takes 9 and discards to 10.
    ok(s, "p1: no", "p2: yes")
    ok(s, f"p2: {best_line(s)}", "p2: done")
    step = s.state.step
    assert isinstance(step, Discard) and step.seat == 1
    pool = s.state.seats[1].pool
    out = ok(s, f"p2: discard {C.names(pool[: step.count])}")
    assert kinds(out) == ["discarded", "take_asked"]
    assert len(s.state.seats[1].pool) == 10


def test_a_free_take_at_the_limit_asks_for_one_discard_and_the_deadline_discards_the_card_taken() -> None:
    s = new_session()
    ok(s, "start", "p2: first p2", "p2: yes")
    ok(s, f"p2: {best_line(s)}", "p2: done")
    step = s.state.step
    assert isinstance(step, Discard)
    ok(s, f"p2: discard {C.names(s.state.seats[1].pool[: step.count])}")
    ok(s, "p1: none", "p2: no", "p1: yes")
    ok(s, f"p1: {best_line(s)}", "p1: done")
    step = s.state.step
    assert isinstance(step, Discard) and step.seat == 0
    ok(s, f"p1: discard {C.names(s.state.seats[0].pool[: step.count])}")
    take = s.state.step
    assert isinstance(take, Take) and take.seat == 1
    card = take.cards[0]
    out = ok(s, f"p2: take {C.name(card)}")
    assert kinds(out) == ["took", "discard_asked"]
    assert s.state.step == Discard(seat=1, count=1, newest=(card,), refiller=0)
    (ev,) = events(at(s, 20), "discarded")  # no answer in 20 s
    assert ev["auto"] is True and ev["cards"] == [C.name(card)]
    assert len(s.state.seats[1].pool) == 10


def test_a_player_who_cannot_pay_a_refill_is_not_asked() -> None:
    s = new_session(starting_chips=4)
    out = ok(s, "start", "p2: first p1")
    assert kinds(out)[-3:] == ["refill_skipped", "refill_skipped", "poker_started"]
    assert "**Hedger** has 4 chips: too few to refill (5 needed)." in public(out)


# ---------------------------------------------------------------- the poker step


def test_the_community_card_comes_from_the_rounds_stream() -> None:
    s = new_session()
    ok(s, "start")
    (ev,) = events(ok(s, "p2: first p1"), "devils_round_started")
    assert ev["generated"] is True  # journaled, and re-derived by `umpire verify`
    assert ev["community"] == C.name(C.draw(Streams(SEED).stream("devils/community/1"), 1)[0])
    (poker,) = events(ok(s, "p1: no", "p2: no"), "poker_started")
    assert poker["community"] == ev["community"] and "generated" not in poker  # named again, not drawn again


def test_private_picks_go_to_the_host_and_the_player_only() -> None:
    s = started()
    to_poker(s)
    out = ok(s, f"p1: {legal_pick(s, 0)}")
    assert [str(o.audience) for o in out] == ["host", "player:0"]
    assert public(out) == ""


def test_a_pick_may_change_until_both_have_chosen() -> None:
    state = table(("R5 G6 B7", "R1 G2 B3"))
    state, evs = play(state, (0, "pick R5 G6"), (0, "pick B7 R5"))
    assert one(evs[2:], "picked").payload()["replaces"] == ["R5", "G6"]
    assert state.pick(0) == cards("B7 R5")


def test_when_both_have_chosen_each_pays_the_ante_and_one_chip_leaves_the_pot() -> None:
    state = table(("R5 G6 B7", "R1 G2 B3"))
    state, evs = play(state, (0, "R5 G6"), (1, "R1 G2"))
    assert kinds_of(evs)[-2:] == ["ante_paid", "betting_started"]
    assert state.chips() == (28, 28)
    assert state.pot == 3 and state.removed == 1
    assert state.step == Bet(number=1, to_act=0)


def _betting(pools: tuple[str, str] = ("R5 G6 B7", "R1 G2 B3"), chips: tuple[int, int] = (30, 30), starter: int = 0, **kw: object) -> State:
    """Both picked (first two cards of each pool, in the order written), betting round 1 open."""
    state = table(pools, chips=chips, starter=starter, **kw)
    p0, p1 = (pools[i].split()[:2] for i in range(2))
    state, _ = play(state, (0, f"pick {p0[0]} {p0[1]}"), (1, f"pick {p1[0]} {p1[1]}"))
    return state


def test_call_with_nothing_bet_bets_one_chip() -> None:
    state, evs = play(_betting(), (0, "call"))
    assert one(evs, "bet").payload()["action"] == "open"
    assert state.step == Bet(
        number=1,
        bets=(1, 0),
        to_act=1,
    )
    assert state.chips() == (27, 28)


def test_a_raise_matches_the_bet_and_adds_n() -> None:
    state, _ = play(_betting(), (0, "call"), (1, "raise 3"))
    assert state.step == Bet(number=1, bets=(1, 4), to_act=0)
    assert state.chips() == (27, 24)


def test_calling_a_bet_ends_the_round_and_reveals_the_first_cards() -> None:
    state, evs = play(_betting(), (0, "call"), (1, "raise 3"), (0, "call"))
    assert kinds_of(evs)[-3:] == ["bet_called", "revealed", "betting_started"]
    assert one(evs, "revealed").payload()["cards"] == {"Hedger": "R5", "Uri": "R1"}
    assert state.pot == 3 + 8
    assert state.step == Bet(number=2, to_act=0)  # the starting player opens the second round too


def test_the_second_cards_are_revealed_at_the_showdown_and_the_better_hand_takes_the_pot() -> None:
    # Hedger: B9 (community) R5 G6 -> high card 9-6-5; Uri: B9 R1 G2 -> high card 9-2-1.
    state, evs = play(_betting(), (0, "call"), (1, "call"), (0, "raise 2"), (1, "call"))
    show = one(evs, "showdown").payload()
    assert show["hands"] == {
        "Hedger": {"cards": ["B9", "R5", "G6"], "hand": "high card 9-6-5"},
        "Uri": {"cards": ["B9", "R1", "G2"], "hand": "high card 9-2-1"},
    }
    assert show["winner"] == "Hedger" and show["pot"] == 3 + 2 + 4
    assert state.chips() == (28 - 3 + 9, 28 - 3)
    assert isinstance(state.step, Break)
    assert state.starter == 0


def test_the_winner_of_the_poker_step_starts_the_next_round() -> None:
    state, _ = play(_betting(starter=0, pools=("R1 G2 B3", "R5 G6 B7")), (0, "call"), (1, "call"), (0, "call"), (1, "call"))
    assert state.starter == 1


def test_a_fold_gives_the_pot_to_the_other_player() -> None:
    state, evs = play(_betting(pools=("R5 G5 B7", "R1 G2 B3")), (0, "call"), (1, "raise 2"), (0, "fold"))
    d = one(evs, "folded").payload()
    assert (d["winner"], d["pot"], d["high_card"], d["penalty"]) == ("Uri", 3 + 1 + 3, False, 0)
    assert state.chips() == (27, 25 + 7)
    assert state.starter == 1


def test_folding_a_high_card_hand_pays_two_chips_even_with_an_unrevealed_card() -> None:
    # Hedger: B9 R1 G2 is high card (the G2 never revealed); the fold costs 2 more.
    state, evs = play(_betting(pools=("R1 G2 B3", "R5 G5 B7")), (0, "fold"))
    d = one(evs, "folded").payload()
    assert (d["high_card"], d["penalty"], d["cannot_pay"]) == (True, 2, False)
    assert state.chips() == (28 - 2, 28 + 3 + 2)


def test_a_player_who_cannot_pay_the_fold_penalty_loses() -> None:
    state, evs = play(_betting(pools=("R1 G2 B3", "R5 G5 B7"), chips=(3, 30)), (0, "fold"))
    assert kinds_of(evs) == ["folded", "devils_deal_over"]
    assert state.over and state.winner == 1
    assert (
        one(evs, "devils_deal_over").payload()["reason"]
        == "Hedger folded a high-card hand and cannot pay the 2 chips penalty (1 chip, R-DD-6)"
    )


def test_a_call_short_of_the_bet_is_all_in_and_the_excess_goes_back() -> None:
    state = _betting(chips=(30, 8))  # Uri has 6 after the ante
    state, evs = play(state, (0, "raise 10"))
    state, evs = play(state, (1, "call"))
    d = one(evs, "bet_called").payload()
    assert d["all_in"] is True and d["put"] == 6 and d["returned"] == {"Hedger": 4}
    assert d["chips"] == {"Hedger": 28 - 6, "Uri": 0}
    assert one(evs, "showdown").payload()["pot"] == 3 + 12  # Uri has nothing left: round 2 is skipped
    assert state.chips() == (28 - 6 + 15, 0)


def test_a_player_with_no_chips_skips_the_betting_round_and_cannot_fold() -> None:
    state = _betting(chips=(30, 8))
    state, evs = play(state, (0, "raise 10"), (1, "call"))
    assert kinds_of(evs)[-4:] == ["bet_called", "revealed", "betting_skipped", "revealed"] or "betting_skipped" in kinds_of(evs)
    assert one(evs, "betting_skipped").payload()["broke"] == ["Uri"]
    assert "showdown" in kinds_of(evs)


def test_a_player_with_exactly_the_ante_skips_both_betting_rounds() -> None:
    state = table(("R5 G6 B7", "R1 G2 B3"), chips=(30, 2))
    state, evs = play(state, (0, "pick R5 G6"), (1, "pick R1 G2"))
    assert kinds_of(evs).count("betting_skipped") == 2
    assert "showdown" in kinds_of(evs)


def test_all_in_raises_every_chip_or_calls() -> None:
    state = _betting(chips=(10, 30))
    state, evs = play(state, (0, "all-in"))
    assert one(evs, "bet").payload()["raise"] == 8
    assert state.chips()[0] == 0
    state, evs = play(state, (1, "all-in"))  # Hedger has nothing left to answer a raise: a call
    assert one(evs, "bet_called").payload()["action"] == "call"


def test_a_tied_showdown_returns_the_bets_and_one_ante_chip_each() -> None:
    # Both: B9 (community) + R5 G6 vs G5 R6 -> high card 9-6-5 each.
    state, evs = play(_betting(pools=("R5 G6 B7", "G5 R6 B3")), (0, "raise 2"), (1, "call"), (0, "call"), (1, "call"))
    d = one(evs, "showdown").payload()
    assert d["winner"] is None
    assert d["payouts"] == {"Hedger": 3 + 1, "Uri": 3 + 1}
    assert d["removed"] == 1
    assert state.chips() == (30 - 2 - 3 + 4, 30 - 2 - 3 + 4)
    assert state.removed == 2


@pytest.mark.parametrize(("setting", "starter_after"), [("stays", 1), ("switches", 0)])
def test_after_a_tie_the_starting_player_stays(setting: str, starter_after: int) -> None:
    # R-DD-1 (tied_round_starter).
    state = _betting(pools=("R5 G6 B7", "G5 R6 B3"), starter=1, tied_round_starter=setting)
    state, _ = play(state, (1, "call"), (0, "call"), (1, "call"), (0, "call"))
    assert state.starter == starter_after


def test_the_cards_played_leave_the_pools_and_an_unrevealed_one_stays_hidden() -> None:
    state, _ = play(_betting(pools=("R5 G6 B7", "R1 G2 B3")), (0, "call"), (1, "fold"))
    hedger, uri = state.seats
    assert C.name_list(hedger.pool) == ["B7"] and C.name_list(uri.pool) == ["B3"]
    # Nothing was revealed: the public still lists every card, two of them gone.
    assert C.name_list(uri.seen) == ["R1", "G2", "B3"] and uri.hidden == 2


def test_chips_are_conserved_through_a_round() -> None:
    state, _ = play(_betting(), (0, "call"), (1, "raise 5"), (0, "call"), (0, "raise 3"), (1, "fold"))
    assert state.in_play() + state.removed == 60


# ---------------------------------------------------------------- the end


def test_a_player_who_cannot_pick_two_private_cards_loses() -> None:
    # Hedger's pool: B9 (the community card) and one copy of B9 again and R1: no two different non-community cards.
    s = new_session()
    ok(s, "start")
    state = s.state
    state = replace(state, seats=(replace(state.seats[0], pool=cards("R1")), state.seats[1]))
    state, evs = act(state, 1, "first p1")
    state, evs = play(state, (0, "no"), (1, "no"))
    assert kinds_of(evs)[-2:] == ["poker_started", "devils_deal_over"]
    assert state.winner == 1
    assert one(evs, "devils_deal_over").payload()["reason"].startswith("Hedger cannot pick two private cards")


def test_when_both_cannot_pick_the_starting_player_loses() -> None:
    s = new_session()
    ok(s, "start")
    state = s.state
    state = replace(state, seats=(replace(state.seats[0], pool=cards("R1")), replace(state.seats[1], pool=cards("R2"))))
    state, _ = act(state, 1, "first p2")
    state, evs = play(state, (1, "no"), (0, "no"))
    assert state.winner == 0
    assert one(evs, "devils_deal_over").payload()["reason"] == "both players cannot form a hand; the starting player, Uri, loses"


def test_a_player_who_cannot_pay_the_ante_loses() -> None:
    state = table(("R5 G6 B7", "R1 G2 B3"), chips=(30, 1))
    state, evs = play(state, (0, "pick R5 G6"), (1, "pick R1 G2"))
    assert kinds_of(evs)[-1] == "devils_deal_over"
    assert state.winner == 0
    assert state.result == "Hedger won: Uri cannot pay the ante (1 chip; the ante is 2)"


def test_when_both_cannot_pay_the_ante_the_starting_player_loses() -> None:
    state = table(("R5 G6 B7", "R1 G2 B3"), chips=(1, 0), starter=0)
    state, _ = play(state, (0, "pick R5 G6"), (1, "pick R1 G2"))
    assert state.winner == 1


def test_not_picking_by_the_deadline_loses_before_the_ante_is_checked() -> None:
    # The loss conditions come in the order the round reaches them: Hedger cannot pay the ante,
    # but Uri fails to pick first.
    state = table(("R5 G6 B7", "R1 G2 B3"), chips=(1, 30))
    state, _ = play(state, (0, "pick R5 G6"))
    state, evs = rules.on_due(state, rules.next_due(state) or 0)
    while not state.over:
        state, evs = rules.on_due(state, rules.next_due(state) or 0)
    assert state.winner == 0
    assert one(evs, "devils_deal_over").payload()["reason"] == "Uri did not choose private cards in time, so cannot form a hand"


def test_the_game_over_announcement_names_the_winner_and_the_reason() -> None:
    state = table(("R5 G6 B7", "R1 G2 B3"), chips=(30, 1))
    s = new_session()
    from tests.games import game

    GAME = game("devils-deal")

    state, evs = play(state, (0, "pick R5 G6"), (1, "pick R1 G2"))
    (a,) = GAME.announce(state.cfg, one(evs, "devils_deal_over"))
    assert a.text == "🏆 **Hedger wins Devil's Deal**: Uri cannot pay the ante (1 chip; the ante is 2).\nChips: Hedger 30 · Uri 1"
    assert s.final()["over"] is False
