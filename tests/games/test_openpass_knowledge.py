"""What each seat may know in Open, Pass (`knowledge`), and that the sealed moves stay sealed.

A seat knows the public facts and its own secrets (collection, receipts, bid, deck, dealer, the card
dealt to it, its row and its trades), never another player's. And whatever the other players or the
channel see — posts, DMs, refusals, `knowledge` — is the same whichever legal bid, deck, dealer or
answer a player seals, until an event that `reveals` it: twin sessions differ only in one player's
sealed lines, and are compared line by line.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.games import game
from umpire.games.base import Event
from umpire.session import Session

from . import ok
from .test_openpass_support import new_session, play_through, setup_deck, to_playing

GAME = game("open-pass")

HEDGER, URI = 0, 1
SEATS = range(13)
THREE_SPECIALS = ["start", "p1: bid 3", "close", "p1: bid 3", "close", "p1: bid 3", "close"]  # Hedger: 24 cards
HEDGERS_DECK = "1 1 1 2 2 2 3 3 3 + + + - - - 9 9 9 x x"  # 20 of them


def knows(s: Session, seat: int | None) -> dict[str, Any]:
    return GAME.knowledge(s.state, seat)


# ---------------------------------------------------------------- each seat's own secrets


def test_everyone_knows_the_phase_the_round_and_its_packs_and_no_one_has_a_me() -> None:
    s = new_session()
    ok(s, "start")
    public = knows(s, None)
    assert (public["phase"], public["round"], public["rounds"]) == ("building", 1, 3)
    assert [p["name"] for p in public["packs"]][:2] == ["Heaven Basic", "Heaven Mega"]
    assert public["clock"] == {"what": "round 1's bidding", "due": 86_400_000}
    assert "me" not in public and public["received"] is None and public["results"] is None
    json.dumps(public)


def test_a_player_knows_their_own_bid_and_no_one_elses() -> None:
    s = new_session()
    ok(s, "start")
    ok(s, "p1: bid 1 4")
    assert knows(s, HEDGER)["me"]["bid"] == ["Heaven Basic", "Hell Basic"]
    assert knows(s, URI)["me"]["bid"] is None
    assert "Hell Basic" not in json.dumps(knows(s, URI)["me"]) and "bid" not in knows(s, None)


def test_a_player_knows_what_they_received_and_others_only_when_receipts_are_public() -> None:
    s = new_session()
    ok(s, "start")
    ok(s, "p3: bid 3")
    ok(s, "close")
    assert knows(s, 2)["me"]["received"] == [{"round": 1, "what": "Heaven Special"}]
    assert knows(s, None)["received"] is None  # R-OP-9 "private"
    s = new_session(reveal_receipts="public")
    ok(s, "start")
    ok(s, "p3: bid 3")
    ok(s, "close")
    assert knows(s, None)["received"]["Ian"] == [{"round": 1, "what": "Heaven Special"}]


def test_a_player_knows_their_deck_and_dealer_and_the_others_know_neither() -> None:
    s = to_playing()
    setup_deck(s, "p1", "all", "hell")
    mine = knows(s, HEDGER)["me"]
    assert (len(mine["deck"]), mine["dealer"]) == (20, "Hell")
    theirs = knows(s, URI)
    assert theirs["me"]["deck"] is None and theirs["me"]["dealer"] is None and theirs["dealing"] == {}


def test_a_player_knows_the_card_dealt_to_them_but_not_the_cards_to_come() -> None:
    s = to_playing()
    setup_deck(s, "p1")
    (dealt,) = [o.event for o in ok(s, "deal p1") if o.event is not None and o.event["event"] == "card_dealt"]
    deal = knows(s, HEDGER)["me"]["deal"]
    assert deal == {"card": dealt["card"], "dealt": 1, "of": 20, "row": [], "reading": "", "score": None}
    assert knows(s, None)["dealing"] == {"Hedger": "Heaven"}  # posted when the deal starts
    assert knows(s, URI)["me"]["deal"] is None


def test_a_finished_row_is_the_players_alone_until_the_results() -> None:
    s = to_playing()
    setup_deck(s, "p1")
    play_through(s, "p1", opens=3)
    assert knows(s, HEDGER)["me"]["deal"]["card"] is None and len(knows(s, HEDGER)["me"]["deal"]["row"]) == 3
    public = knows(s, None)
    assert public["played"] == ["Hedger"] and public["rows"] == {}  # R-OP-5 "at-close"
    ok(s, "close")
    public = knows(s, None)
    assert len(public["rows"]["Hedger"]["row"]) == 3 and public["ranking"][0] == "Hedger"
    assert public["results"]["Uri"] == {"score": "0", "tokens": 0, "ec": public["results"]["Uri"]["ec"]}


def test_r_op_5_at_once_a_finished_row_is_public_as_soon_as_it_is_over() -> None:
    s = to_playing(reveal_rows="at-once")
    setup_deck(s, "p1")
    play_through(s, "p1", opens=2)
    assert len(knows(s, None)["rows"]["Hedger"]["row"]) == 2


def test_a_player_knows_their_own_open_trades_and_not_those_between_others() -> None:
    s = new_session()
    ok(s, "p1: trade 1 for 2 with p2")
    assert [t["trade"] for t in knows(s, HEDGER)["me"]["trades"]] == [1]
    assert [t["trade"] for t in knows(s, URI)["me"]["trades"]] == [1]
    assert knows(s, 2)["me"]["trades"] == []


# ---------------------------------------------------------------- sealed until revealed


def reveals(event: Event | None, sealer: int, s: Session) -> bool:
    """Whether `event` makes the sealer's sealed moves public: a revealing event of the whole table
    (a round's close, the results), or one about the sealer (their deal's start, their finished row)."""
    if event is None or not event.reveals:
        return False
    player = getattr(event, "player", None)
    return player is None or player == s.state.cfg.names[sealer]


def seen(s: Session, line: str, sealer: int) -> tuple[list[Any], bool]:
    """Feed `line`; what everyone but the sealing player and the host sees of it (posts, DMs, a refusal
    to its sender, every other seat's knowledge), and whether one of its events reveals the sealed moves.
    The journal's entry numbers are left out: they count the sealer's lines, and no player is shown them."""
    out = s.feed(line)
    sender = line.split(":", 1)[0].strip() if ":" in line else None
    view: list[Any] = []
    for o in out:
        audience = str(o.audience)
        if o.kind == "announce" and audience != "host" and audience != f"player:{sealer}":
            event = {k: v for k, v in (o.event or {}).items() if k != "n"}
            view.append((audience, o.text, json.dumps(event, sort_keys=True)))
        elif o.kind == "refusal" and sender not in (None, f"p{sealer + 1}"):
            view.append(("refusal", o.text))
    view += [json.dumps(knows(s, seat), sort_keys=True) for seat in [None, *SEATS] if seat != sealer]
    return view, any(reveals(o.source, sealer, s) for o in out)


def compare_twins(setup: list[str], one: list[str], other: list[str], then: list[str], **rules: Any) -> str:
    """Two sessions fed `setup`, then Hedger's sealed lines `one` or `other`, then the same lines
    `then`: everyone else sees the same, as he seals them and after, until a line reveals; returns that line."""
    a, b = new_session(**rules), new_session(**rules)
    for line in setup:
        ok(a, line)
        ok(b, line)
    sealing_a = [posted for line in one for posted in seen(a, line, HEDGER)[0] if isinstance(posted, tuple)]
    sealing_b = [posted for line in other for posted in seen(b, line, HEDGER)[0] if isinstance(posted, tuple)]
    assert sealing_a == sealing_b, "the others see what Hedger sealed as he seals it"
    assert [knows(a, seat) for seat in [None, *SEATS] if seat != HEDGER] == [knows(b, seat) for seat in [None, *SEATS] if seat != HEDGER]
    for line in then:
        (seen_a, revealed_a), (seen_b, revealed_b) = seen(a, line, HEDGER), seen(b, line, HEDGER)
        if revealed_a or revealed_b:
            return line
        assert seen_a == seen_b, f"after {line!r} the others see what Hedger sealed"
    pytest.fail("nothing revealed the sealed lines")


def test_a_bid_stays_sealed_until_the_round_closes() -> None:
    then = [
        "p2: bid 1",
        "p2: trade 1 for 2 with p3",
        "p3: accept",
        "p1: trade + for 3 with p2",
        "@ 23:00:00",  # the public reminder; the host alone is told who has not bid
        "p2: bid 1 4",
        "p3: bid 9",  # a refusal to Ian
        "close",
    ]
    assert compare_twins(["start"], ["p1: bid 1"], ["p1: bid 2 5"], then) == "close"


def test_no_bid_and_a_bid_of_none_look_the_same_to_everyone_else() -> None:
    assert compare_twins(["start"], [], ["p1: bid none"], ["p2: bid 3", "@ 23:00:00", "close"]) == "close"


def test_a_deck_and_a_dealer_stay_sealed_until_the_deal_starts() -> None:
    then = [
        "p2: deck all",
        "p2: dealer hell",
        "p1: trade x for 1 with p2",  # free of either deck: the offer and its answer read the same
        "p2: accept",
        "deal p2",
        "p2: open",
        "p2: pass",
        "@ 42:00:00",  # the public reminder 6 hours before the playing phase closes
        "deal p1",
    ]
    one = [f"p1: deck {HEDGERS_DECK}", "p1: dealer heaven"]
    other = ["p1: deck 2 2 2 3 3 3 + + + - - - 9 9 9 x x x x x", "p1: dealer hell"]
    assert compare_twins(THREE_SPECIALS, one, other, then) == "deal p1"


def test_a_withdrawn_deck_looks_to_everyone_else_like_one_never_sent() -> None:
    then = ["p2: deck all", "p2: dealer hell", "deal p2", "p2: pass", "close"]
    assert compare_twins(THREE_SPECIALS, [], [f"p1: deck {HEDGERS_DECK}", "p1: deck none"], then) == "close"


@pytest.mark.parametrize("reveal_rows", ["at-close", "at-once"])
def test_an_open_or_a_pass_stays_sealed_until_the_row_is_shown(reveal_rows: str) -> None:
    setup = ["start", "close", "close", "close", "p1: deck all", "p1: dealer heaven", "deal p1"]
    then = ["p2: deck all", "p2: dealer heaven", "deal p2", "p2: open", "p1: pass", "p2: pass", "p1: open", "close"]
    assert compare_twins(setup, ["p1: open"], ["p1: pass"], then, reveal_rows=reveal_rows) == "close"
