"""What reaches whom, and when (issue 18, items 5 and 6).

A refusal's text goes to the host and to the player who sent the line, so it may hold what that
player may know and nothing else: never the other player's real pool (cards discarded unrevealed),
never whether the other player has picked. The community card is drawn and posted at the start of
the round, as the card says.
"""

from __future__ import annotations

from dataclasses import replace

from umpire.core.errors import UmpireError
from umpire.core.streams import Streams
from umpire.games.base import Event
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.poker import start_poker
from umpire.games.devilsdeal.render import RENDER
from umpire.games.devilsdeal.state import Seat, State

from .test_devils_support import REFILL_1_1_1, SEED, act, events, kinds, new_session, ok, public, table, texts, to_poker

# Lines Hedger might send while the private cards are being chosen; each is refused.
HEDGER_REFUSED = (
    "call",
    "raise 3",
    "fold",
    "yes",
    "no",
    "take G1",
    "discard R5",
    "done",
    "G4 B4 | aside G8",
    "pick R5 R5",
    "pick R5 B9",
    "pick R5 G9",
    "R5",
)


def refusal(state: State, seat: int, text: str) -> str:
    try:
        act(state, seat, text)
    except UmpireError as exc:
        return exc.reason
    raise AssertionError(f"{text!r} was accepted")


def hide(state: State, seat: int, pool: str) -> State:
    """The same state, except that `seat` really holds only `pool`: the rest of what everyone knows was discarded unrevealed."""
    s = state.seats[seat]
    real = C.ordered(C.read(w) for w in pool.split())
    seats = list(state.seats)
    seats[seat] = Seat(chips=s.chips, pool=real, seen=s.seen)
    return replace(state, seats=(seats[0], seats[1]))


# ---------------------------------------------------------------- item 5


def test_a_refusal_shows_nothing_the_submitting_player_may_not_know() -> None:
    # Hedger's refusals read the same whether Uri has picked or not, and whatever Uri's pool really holds.
    state = table(("R5 G5 B6 B7 G2", "R1 B2 B5 G6 R9"))
    uri_picked, _ = act(state, 1, "pick R1 B2")
    uri_hid = hide(state, 1, "R1 B2 B5")
    for text in HEDGER_REFUSED:
        alone = refusal(state, 0, text)
        assert refusal(uri_picked, 0, text) == alone, text
        assert refusal(uri_hid, 0, text) == alone, text
        assert "Uri)" not in alone and "Hedger)" not in alone, alone  # never who is still to choose


def test_a_refusal_that_names_the_pool_names_only_the_submitters_own_pool() -> None:
    # Uri folded earlier with G6 R9 unrevealed: everyone still sees them listed; only Uri knows they are gone.
    state = hide(table(("R5 G5 B6 B7 G2", "R1 B2 B5 G6 R9")), 1, "R1 B2 B5")
    assert refusal(state, 1, "pick G6 R1") == "Uri holds no G6 (pool: R1 B2 B5)"  # to Uri (and the host): his own pool
    assert refusal(state, 0, "pick R1 G5") == "Hedger holds no R1 (pool: G2 R5 G5 B6 B7)"  # to Hedger: his own, never Uri's


def test_the_host_still_sees_who_is_to_choose() -> None:
    s = new_session()
    ok(s, "start", "p2: first p1")
    to_poker(s)
    ok(s, "p1: pick R5 G5")
    assert s.game.toolbar(s.state, s.now).where.startswith("to pick: Uri · ")
    assert s.final()["waiting"].startswith("waiting for private cards (Uri)")


def test_a_pick_receipt_never_says_whether_the_other_player_has_chosen() -> None:
    state = table(("R5 G5 B6 B7 G2", "R1 B2 B5 G6 R9"))
    _, evs = act(state, 0, "pick R5 G5")
    receipt = next(e for e in evs if e.kind == "pick_confirmed")
    assert "waiting" not in receipt.payload()  # the host's note has it; Hedger's DM does not
    assert next(e for e in evs if e.kind == "picked").payload()["waiting"] == ["Uri"]


def test_the_pick_receipt_says_the_cards_are_final_once_both_players_have_chosen() -> None:
    state = table(("R5 G5 B6 B7 G2", "R1 B2 B5 G6 R9"))
    state, first = act(state, 0, "pick R5 G5")
    _, second = act(state, 1, "pick R1 B2")
    dm = [RENDER.render(state.cfg, e)[0].text for e in (*first, *second) if e.kind == "pick_confirmed"]
    assert dm[0].endswith("You can change them until both players have chosen.")
    assert dm[1].endswith("Both players have now chosen: these are your cards for the round.")
    assert "ante_paid" in [e.kind for e in second]  # and the step goes on at once, in public


def test_a_player_who_cannot_pick_loses_without_their_real_pool_being_posted() -> None:
    # Uri's public pool is R1 G6 R9; he really holds one card of it. Which one must stay his to know.
    def lost(real: str) -> list[Event]:
        state = hide(table(("R5 G5 B6 B7 G2", "R1 G6 R9")), 1, real)
        _, evs = start_poker(replace(state, step=None, deadline=None), 0)
        return evs

    a, b = lost("R1"), lost("G6")
    assert [e.kind for e in a] == ["poker_started", "devils_deal_over"]
    texts_a = [RENDER.render(table(("R5", "R1")).cfg, e)[0].text for e in a]
    texts_b = [RENDER.render(table(("R5", "R1")).cfg, e)[0].text for e in b]
    assert texts_a == texts_b
    assert a[-1].payload() == b[-1].payload()
    assert "Uri cannot pick two private cards (the pool holds fewer than two different cards" in texts_a[-1]


# ---------------------------------------------------------------- item 6


def test_the_community_card_is_drawn_and_posted_at_the_start_of_the_round() -> None:
    s = new_session()
    ok(s, "start")
    out = ok(s, "p2: first p1")
    (start,) = events(out, "devils_round_started")
    card = C.name(C.draw(Streams(SEED).stream("devils/community/1"), 1)[0])
    assert start["community"] == card and start["generated"] is True
    assert f"⚔️ **Round 1** — **Hedger** starts. 🂠 Community card: `{card}`" in public(out)
    assert s.state.community == C.read(card)  # known through the refill step
    out = ok(s, "p1: yes")
    assert " ".join(events(out, "refill_offered")[0]["cards"]) == REFILL_1_1_1  # the refills' streams are untouched
    ok(s, "p1: G4 B4 | aside G8", "p1: done", "p2: none", "p1: no")
    out = ok(s, "p2: no")
    assert kinds(out) == ["refill_declined", "poker_started"]
    (poker,) = events(out, "poker_started")
    assert poker["community"] == card and "generated" not in poker  # the same card, named again: nothing drawn
    assert [e["event"] for e in s.final()["cards"]][:3] == ["dealt", "dealt", "community"]


def test_each_round_draws_its_community_card_from_its_own_stream() -> None:
    s = new_session(starting_chips=4)  # nobody can refill: straight to the poker step
    ok(s, "start", "p2: first p1", "p1: pick R5 G5", "p2: pick R1 B2", "p1: fold")
    out = ok(s, "@ 0:20")  # the break ends: round 2
    (start,) = events(out, "devils_round_started")
    assert start["round"] == 2
    assert start["community"] == C.name(C.draw(Streams(SEED).stream("devils/community/2"), 1)[0])
    assert texts(out, "host") == []
