"""Open, Pass clocks (R-OP-6 and the card's 48-hour playing phase), decks that lock only their own
cards (R-OP-7), the ranking of players who never played (R-OP-8), and card names that cannot be
misread. Time moves with `@ h:mm:ss` lines, as scripts move it.
"""

from __future__ import annotations

import re
from pathlib import Path

from umpire.session import Output, Session

from . import events, ok, public_text, refused
from .test_openpass_support import NAMES, dms, host_text, new_session, play_row, play_through, setup_deck, started, to_playing

BID_HINT = "`bid 1 4` (by number or name), or `bid none`."


# ---------------------------------------------------------------- R-OP-6: each bidding round has a deadline


def test_r_op_6_a_bidding_round_closes_when_its_deadline_passes_and_no_bid_is_no_bid() -> None:
    s = started()
    ok(s, "p1: bid 1")
    assert s.next_due() == 23 * 3_600_000  # the 60-minute reminder comes first
    out = ok(s, "@ 24:00:00")
    kinds = [e["event"] for e in events(out)]
    assert kinds[:4] == ["bidding_reminder", "not_yet_done", "time_up", "round_closed"]
    assert kinds[-1] == "round_opened"
    (up,) = events(out, "time_up")
    assert (up["what"], up["audience"], up["t"]) == ("round 1's bidding", "public", 24 * 3_600_000)
    assert "⏰ Time is up: round 1's bidding closes now." in public_text(out)
    (record,) = events(out, "round_record")
    assert record["received"] == {"Hedger": ["Heaven Basic"]}
    assert record["no_bid"] == list(NAMES[1:])  # no bid = no bid: nothing chosen, so a pity card
    assert set(record["pity"]) == set(NAMES[1:])
    (opened,) = events(out, "round_opened")
    assert opened["round"] == 2
    assert s.final()["clock"] == {"what": "round 2's bidding", "due": 48 * 3_600_000}


def test_r_op_6_a_bidding_reminder_is_public_and_only_the_host_learns_who_is_still_to_bid() -> None:
    s = started()
    ok(s, "p1: bid 1")
    ok(s, "p2: bid none")
    out = ok(s, "@ 23:00:00")
    (reminder,) = events(out, "bidding_reminder")
    assert (reminder["round"], reminder["minutes_left"], reminder["audience"]) == (1, 60, "public")
    assert public_text(out) == f"⏰ 1 h (60 min) left to bid in round 1: {BID_HINT}"
    (waiting,) = events(out, "not_yet_done")
    assert waiting["audience"] == "host" and waiting["waiting"] == list(NAMES[2:])
    assert host_text(out) == "Still waiting for a bid in round 1: " + ", ".join(NAMES[2:])
    assert s.final()["phase"] == "building"  # a reminder closes nothing


def test_r_op_6_no_still_waiting_note_when_everyone_has_bid() -> None:
    s = started()
    for i in range(13):
        ok(s, f"p{i + 1}: bid none")
    out = ok(s, "@ 23:00:00")
    assert [e["event"] for e in events(out)] == ["bidding_reminder"]


def test_r_op_6_the_round_length_and_reminders_come_from_the_scenario() -> None:
    s = started(round_minutes=30, round_reminders=[10, 5])
    out = ok(s, "@ 0:20:00")
    assert [e["minutes_left"] for e in events(out, "bidding_reminder")] == [10]
    out = ok(s, "@ 0:25:00")
    assert [e["minutes_left"] for e in events(out, "bidding_reminder")] == [5]
    out = ok(s, "@ 0:30:00")
    assert events(out, "time_up") and s.final()["round"] == 2


def test_r_op_6_the_hosts_close_before_the_deadline_starts_the_next_rounds_clock() -> None:
    s = started()
    ok(s, "@ 2:00:00")
    ok(s, "close")
    assert s.final()["clock"] == {"what": "round 2's bidding", "due": 26 * 3_600_000}
    out = ok(s, "@ 24:00:00")  # round 1's old deadline does nothing
    assert events(out) == []


def test_r_op_6_the_last_round_s_deadline_opens_the_playing_phase_and_its_48_hour_clock() -> None:
    s = started()
    ok(s, "close")
    ok(s, "close")
    out = ok(s, "@ 24:00:00")
    assert [e["event"] for e in events(out)][-1] == "playing_opened"
    assert "It closes in 48 h (2880 min), or earlier when the host closes it." in public_text(out)
    assert s.final()["clock"] == {"what": "the playing phase", "due": 72 * 3_600_000}


# ---------------------------------------------------------------- the playing phase: 48 hours


def test_the_playing_phase_reminds_at_6_hours_and_1_hour_left() -> None:
    s = to_playing()
    setup_deck(s, "p1")
    play_through(s, "p1", opens=3)
    out = ok(s, "@ 42:00:00")
    (reminder,) = events(out, "play_reminder")
    assert reminder["minutes_left"] == 360
    assert public_text(out).startswith("⏰ 6 h (360 min) left in the playing phase:")
    (waiting,) = events(out, "not_yet_done")
    assert waiting["waiting"] == list(NAMES[1:]) and waiting["what"] == "players to play"
    out = ok(s, "@ 47:00:00")
    assert [e["minutes_left"] for e in events(out, "play_reminder")] == [60]


def test_when_the_48_hours_pass_the_phase_closes_and_who_never_played_scores_0_below_everyone() -> None:
    s = to_playing()
    setup_deck(s, "p1")
    setup_deck(s, "p2")
    play_through(s, "p1", opens=0)  # an empty row: 0, but played
    ok(s, "deal p2")
    ok(s, "p2: open")  # Uri's deal is left unfinished
    out = ok(s, "@ 48:00:00")
    kinds = [e["event"] for e in events(out)]
    assert "time_up" in kinds and kinds[-1] == "results"
    (up,) = events(out, "time_up")
    assert up["what"] == "the playing phase"
    (over,) = events(out, "deal_over")  # Uri's unfinished deal passes its remaining cards
    assert (over["player"], over["closed"], len(over["auto_passed"])) == ("Uri", True, 19)
    final = s.final()
    assert final["over"] is True and final["clock"] is None
    assert set(final["ranking"][:2]) == {"Hedger", "Uri"}
    assert all(not final["players"][n]["played"] for n in final["ranking"][2:])
    assert s.next_due() is None


def test_the_clock_is_journaled_and_replays_to_the_same_match(tmp_path: Path) -> None:
    path = tmp_path / "game.journal.jsonl"
    s = started(journal=path)
    ok(s, "p1: bid 2")
    ok(s, "@ 24:00:00")
    ok(s, "@ 47:30:00")
    again, _, _ = Session.load(path, reopen=False)
    assert again.state == s.state  # the clock's reminders and passing were journaled as entries
    assert {k: v for k, v in again.final().items() if k != "t"} == {k: v for k, v in s.final().items() if k != "t"}


def test_undo_of_a_deadline_passing_puts_the_round_back() -> None:
    s = started()
    before = s.final()
    ok(s, "@ 24:00:00")
    assert s.final()["round"] == 2
    ok(s, "undo")  # takes back the deadline ruling; the clocks pause before it
    assert s.final()["round"] == 1 and s.final()["players"] == before["players"]


# ---------------------------------------------------------------- R-OP-7: a deck locks only its own cards


DECK_20 = "1 1 1 2 2 2 3 3 3 + + + - - - 9 9 9 x x"
IAN_24 = [{"p3": "3"}, {"p3": "3"}, {"p3": "3"}]  # Ian: 15 + 3 x (9 x x) = 24 cards


def test_r_op_7_cards_outside_the_deck_can_still_be_traded() -> None:
    s = to_playing(rounds=IAN_24)
    ok(s, f"p3: deck {DECK_20}")  # leaves x x x x outside the deck
    ok(s, "p3: trade x x for 1 with p1")
    assert events(ok(s, "p1: accept"), "trade_done")
    assert refused(s, "p3: trade 9 for 1 with p1") == "Ian holds 3 “9”, 3 of them in their deck, offered 1"


def test_r_op_7_deck_none_withdraws_a_deck_and_frees_its_cards() -> None:
    s = to_playing()
    ok(s, "p1: deck all")
    assert refused(s, "p1: trade 1 for 2 with p2").startswith("Hedger holds 4 “1”, 4 of them in their deck")
    out = ok(s, "p1: deck none")
    (ev,) = events(out, "deck_withdrawn")
    assert ev["audience"] == "player" and ev["to"] == "Hedger"
    assert dms(out, 0) == ["Your deck is withdrawn: its cards are free to trade again. Submit a deck before your deal."]
    assert s.final()["players"]["Hedger"]["deck"] is None
    ok(s, "p1: trade 1 for 2 with p2")
    ok(s, "p1: dealer hell")
    assert refused(s, "deal p1") == "Hedger has not submitted a deck yet"


def test_r_op_7_a_replaced_deck_locks_only_the_new_deck_s_cards() -> None:
    s = to_playing(rounds=IAN_24)
    ok(s, f"p3: deck {DECK_20}")
    ok(s, "p3: deck 1 1 1 2 2 2 3 3 3 + + + - - - x x x x x")  # the three 9s leave the deck
    ok(s, "p3: trade 9 9 for 1 with p1")


def test_r_op_7_withdrawing_when_there_is_no_deck_or_no_playing_phase_is_refused() -> None:
    s = started()
    assert refused(s, "p1: deck none") == "decks are submitted and withdrawn in the playing phase, after round 3 of deck building"
    s = to_playing()
    assert refused(s, "p1: deck none") == "Hedger has no deck to withdraw"


# ---------------------------------------------------------------- R-OP-8: never played ranks below played


def test_r_op_8_players_who_never_played_rank_below_those_who_did_and_win_no_tokens() -> None:
    # The referee's case: a 12-way tie at 0 gave a Token of Life to a player who never played.
    s = to_playing()
    setup_deck(s, "p5")
    play_through(s, "p5", opens=0)  # Marcel plays and scores 0
    out = ok(s, "close")
    final = s.final()
    assert final["ranking"][0] == "Marcel" and final["players"]["Marcel"]["tokens"] == 3
    assert [final["players"][n]["tokens"] for n in final["ranking"][1:]] == [0] * 12
    (res,) = events(out, "results")
    (note,) = res["ties"]
    assert note.startswith("tie at 0 (did not play) between Hedger, Uri, Ian, Yuna, Elara,")
    assert "did not play" in public_text(out)


def played_minus_2_and_4() -> tuple[Session, list[Output]]:
    """Hedger scores -2 and Uri 4; the eleven others never play; the host closes the phase."""
    s = to_playing()
    setup_deck(s, "p1")
    play_row(s, "p1", ["1", "-", "3"])
    setup_deck(s, "p2")
    play_row(s, "p2", ["3", "+", "1"])
    return s, ok(s, "close")


def test_r_op_8_the_results_list_by_rank_with_who_never_played_last_under_their_own_heading() -> None:
    # Issue 18: players who never played were listed as "0 (EC)" below players with negative scores.
    s, out = played_minus_2_and_4()
    ranking = s.final()["ranking"]
    lines = public_text(out).split("\n")
    listed = [line for line in lines if re.match(r"\d+\. ", line)]
    assert [line.split(". ", 1)[1].split(" ", 1)[0] for line in listed] == ranking  # every player, by place
    shown = [int(m.group(1)) for line in listed if (m := re.match(r"\d+\. \S+ — (-?\d+)", line))]
    assert shown == [4, -2]  # the only scores listed are the played ones, best first
    heading = lines.index("Did not play (a score of 0, ranked below everyone who played, R-OP-8):")
    assert lines[heading - 1].startswith("2. Hedger — -2 (+1 Token of Life): ") and lines[heading + 1] == f"3. {ranking[2]}"
    assert listed[-1] == f"13. {ranking[-1]} (EC)"


def test_r_op_8_status_lists_the_table_by_rank_once_the_results_are_out() -> None:
    s, _ = played_minus_2_and_4()
    ranking = s.final()["ranking"]
    (o,) = s.feed("status")
    assert o.view is not None
    assert [row[0] for row in o.view.rows] == ranking
    assert [row[3] for row in o.view.rows] == ["4", "-2"] + ["did not play"] * 11
    chat = o.view.chat.split("\n")[1:]
    assert chat[:3] == ["1. **Uri**: 4", "2. **Hedger**: -2", f"3. **{ranking[2]}**: did not play"] and len(chat) == 13


def test_r_op_8_then_ties_among_those_who_played_are_broken_by_the_seed() -> None:
    def ranking(seed: str) -> list[str]:
        s = to_playing(new_session(seed=seed))
        for who in ("p1", "p2", "p3"):
            setup_deck(s, who)
            play_through(s, who, opens=0)
        ok(s, "close")
        return s.final()["ranking"]

    a = ranking("5")
    assert set(a[:3]) == {"Hedger", "Uri", "Ian"} and a == ranking("5")
    assert any(set(ranking(seed)[:3]) == {"Hedger", "Uri", "Ian"} and ranking(seed)[:3] != a[:3] for seed in ("6", "7", "8", "9"))


# ---------------------------------------------------------------- card names that cannot be misread


def test_pity_cards_are_written_so_that_a_minus_cannot_be_read_as_nothing() -> None:
    s = started(pity=["-"])
    out = ok(s, "close")
    assert "Pity cards: Hedger `-` (minus), Uri `-` (minus)," in host_text(out)
    assert dms(out, 4) == ["Round 1: you gained no pack, so you get a pity card: `-` (minus)."]


def test_dealt_cards_and_decks_are_written_in_code_spans() -> None:
    s = to_playing(new_session(rounds=1, starting_set=["-"] * 10, pity=["-"]))
    out = ok(s, "p1: deck all")
    assert dms(out, 0)[0].startswith("Your deck: `- - - - - - - - - - - / / / / / / / / /` — 9 `/` (divide) added as padding.")
    ok(s, "p1: dealer hell")
    out = ok(s, "deal p1")
    assert dms(out, 0)[0].startswith("Hedger, card 1 of 20: `")
