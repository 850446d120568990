"""Each kit mechanic's ruling, played through a session: how rounds resolve and break ties, pairs and payoffs, what is
revealed, eliminations and the last one standing, what the seed draws; every refusal of a player's word word for word."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.scenario import parse
from umpire.session import Output, Session, derive_salt

HEAD = """
[game]
name = "t"
title = "Test"
players = [2, 8]
seats = {seats}
[resources]
points = 0
coins = 10
lives = 1
[items]
prize = {{ range = [1, 10] }}
card = {{ deck = [100, 200, 300] }}
bonus = {{ list = [7, 8] }}
"""


def kit(round_: str, end: str = '[end]\nscore = ["points"]\ndraw = false', seats: int = 4, seed: str = "1") -> Session:
    """A session of a small kit game: one `[[rounds]]` table (as given) and an `[end]`, started."""
    text = HEAD.format(seats=seats) + "[[rounds]]\n" + round_.strip() + "\n" + end + "\n"
    s = Session.create(parse(text, "t.toml"), journal_path=None, seed=seed, salt=derive_salt(seed))
    feed(s, "start")
    return s


def feed(s: Session, *lines: str) -> list[Output]:
    return [o for line in lines for o in s.feed(line) + s.flush()]


def closed(outs: list[Output]) -> dict[str, Any]:
    (ev,) = [o.event for o in outs if o.event is not None and o.event["event"] == "kit_closed"]
    return ev


def refused(s: Session, line: str) -> str:
    (o,) = feed(s, line)
    assert o.kind == "refusal"
    return o.text


BID = 'kind = "bid"\nmost = "coins"\nresolve = "{resolve}"\nties = "{ties}"\n[rounds.picked]\npoints = "points + 1"'


@pytest.mark.parametrize(
    ("resolve", "ties", "bids", "picked"),
    [
        ("highest", "nobody", (5, 5, 3, 1), []),
        ("highest", "all", (5, 5, 3, 1), ["Player 1", "Player 2"]),
        ("highest", "earliest", (5, 5, 3, 1), ["Player 1"]),
        ("lowest", "nobody", (5, 5, 3, 1), ["Player 4"]),
        ("highest-unique", "nobody", (5, 5, 3, 1), ["Player 3"]),
        ("lowest-unique", "nobody", (1, 1, 3, 2), ["Player 4"]),
        ("highest-unique", "nobody", (2, 2, 3, 3), []),
    ],
)
def test_a_bid_round_picks_by_its_resolve_and_its_tie_rule(resolve: str, ties: str, bids: tuple[int, ...], picked: list[str]) -> None:
    s = kit(BID.format(resolve=resolve, ties=ties))
    ev = closed(feed(s, *(f"p{i + 1}: bid {b}" for i, b in enumerate(bids))))
    assert ev["picked"] == picked
    assert ev["resources"]["points"] == {f"Player {i + 1}": int(f"Player {i + 1}" in picked) for i in range(4)}


def test_a_tie_broken_by_the_seeds_draw_picks_one_and_is_a_seeded_item() -> None:
    s = kit(BID.format(resolve="highest", ties="draw"))
    outs = feed(s, "p1: bid 5", "p2: bid 5", "p3: bid 3", "p4: bid 1")
    ev = closed(outs)
    assert len(ev["picked"]) == 1 and ev["picked"][0] in ("Player 1", "Player 2") and ev["drawn"] is True
    assert "(A tie, broken by the seed's draw.)" in "\n".join(o.text for o in outs)


VOTE = 'kind = "vote"\nresolve = "{resolve}"\nties = "all"\nrepeat = 9\n[rounds.picked]\nlives = "lives - 1"'
LAST = '[end]\neliminate = "lives <= 0"\nlast_standing = true\nscore = ["lives"]\ndraw = false'


def test_the_most_voted_lose_a_life_are_out_at_none_and_the_last_one_standing_wins() -> None:
    s = kit(VOTE.format(resolve="most"), LAST, seats=3)
    ev = closed(feed(s, "p1: vote p2", "p2: vote p1", "p3: vote p2"))
    assert (ev["picked"], ev["votes"], ev["eliminated"]) == (["Player 2"], {"Player 1": 1, "Player 2": 2, "Player 3": 0}, ["Player 2"])
    assert refused(s, "p2: vote p1") == "Player 2 is out of the game"
    assert refused(s, "p1: vote p2") == "Player 2 is out of the game; vote for a player still in it"
    outs = feed(s, "p1: vote p3", "close")  # Player 3 has the most votes (one): out, and Player 1 is the last one standing
    (result,) = [o.event for o in outs if o.event is not None and o.event["event"] == "game_result"]
    assert result["winners"] == ["Player 1"]
    assert [(p["player"], p["place"]) for p in result["ranking"]] == [("Player 1", 1), ("Player 3", 2), ("Player 2", 3)]
    assert [e["why"] for e in result["eliminated"]] == ["out in round 1", "out in round 2"]
    assert refused(s, "p1: vote p3") == "the match is over"


def test_a_player_cannot_vote_for_themself_unless_the_round_lets_them() -> None:
    s = kit(VOTE.format(resolve="most"), LAST, seats=3)
    assert refused(s, "p1: vote p1") == "Player 1 cannot vote for themself in this game"
    allowed = kit("self_vote = true\n" + VOTE.format(resolve="most"), LAST, seats=3)
    assert feed(allowed, "p1: vote p1")[0].text == "🔒 Your vote of **Player 1** in round 1: sealed."


def test_the_fewest_voted_count_every_player_still_in_with_no_votes_as_0() -> None:
    s = kit(VOTE.format(resolve="fewest"), LAST, seats=3)
    assert closed(feed(s, "p1: vote p2", "p2: vote p1", "p3: vote p2"))["picked"] == ["Player 3"]


def test_when_everyone_left_is_out_at_once_they_share_the_win() -> None:
    s = kit(VOTE.format(resolve="most"), LAST, seats=2)
    outs = feed(s, "p1: vote p2", "p2: vote p1")
    (result,) = [o.event for o in outs if o.event is not None and o.event["event"] == "game_result"]
    assert result["winners"] == ["Player 1", "Player 2"] and [p["place"] for p in result["ranking"]] == [1, 1]


PAIRS = """kind = "pick"
words = ["cooperate", "betray"]
resolve = "pairs"
[rounds.payoff]
"cooperate cooperate" = [3, 3]
"cooperate betray" = [0, 5]
"betray cooperate" = [5, 0]
"betray betray" = [1, 1]
[rounds.each]
points = "points + payoff"
"""


def test_pairs_are_drawn_by_the_seed_an_odd_one_sits_out_and_a_silent_player_cooperates() -> None:
    s = Session.create(
        parse(HEAD.format(seats=3) + "[[rounds]]\n" + PAIRS + '[end]\nscore = ["points"]\n', "t.toml"),
        journal_path=None,
        seed="1",
        salt=derive_salt("1"),
    )
    (opened,) = [o.event for o in feed(s, "start") if o.event is not None and o.event["event"] == "kit_round"]
    (a, b), resting = opened["pairs"][0], opened["resting"]
    seat = {f"Player {i + 1}": f"p{i + 1}" for i in range(3)}
    assert refused(s, f"{seat[resting]}: pick betray") == f"{resting} sits this round out"
    ev = closed(feed(s, f"{seat[a]}: pick betray", "close"))
    assert ev["resources"]["points"] == {a: 5, b: 0, resting: 0}


@pytest.mark.parametrize(("reveal", "sent"), [("all", {"Player 1": "5", "Player 2": "3"}), ("winner", {"Player 1": "5"}), ("nothing", {})])
def test_a_round_reveals_all_the_winners_word_or_nothing_as_it_says(reveal: str, sent: dict[str, str]) -> None:
    s = kit(f'reveal = "{reveal}"\n' + BID.format(resolve="highest", ties="nobody"), seats=2)
    assert closed(feed(s, "p1: bid 5", "p2: bid 3"))["sent"] == sent


def test_items_are_drawn_from_a_range_a_shuffled_deck_or_a_list_in_order() -> None:
    s = kit('repeat = 2\nkind = "pick"\nnumbers = [1, 3]\nresolve = "highest"\ndraw = ["prize", "card", "bonus"]', seats=2)
    first = s.knowledge(None)["items"]
    feed(s, "close")
    second = s.knowledge(None)["items"]
    assert 1 <= first["prize"] <= 10 and [first["bonus"], second["bonus"]] == [7, 8]
    assert first["card"] != second["card"] and {first["card"], second["card"]} <= {100, 200, 300}


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("p1: bid 11", "Player 1 may bid at most 10 (“coins”; the bid was 11)"),
        ("p1: bid", "“bid” needs a value after it, e.g. “bid 5”"),
        ("p1: bid lots", "“lots” is not a bid: a bid is one whole number from 0 up, e.g. “bid 5”"),
        ("p1: pick 3", "a player sends “bid N” in this round, e.g. “bid 5”"),
        ("bid 3", "the host's words here are “start” and “close”; a player's bid comes with their name: “p1: bid 5”"),
        ("start", "the match has already started"),
    ],
)
def test_a_word_a_bid_round_cannot_take_is_refused_saying_what_it_takes(line: str, reason: str) -> None:
    assert refused(kit(BID.format(resolve="highest", ties="nobody")), line) == reason


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("p1: pick 11", "“11” is not a pick here: a pick is a whole number from 1 to 3"),
        ("p1: pick three", "“three” is not a pick: a pick is a whole number from 1 to 3, e.g. “pick 1”"),
    ],
)
def test_a_pick_outside_the_rounds_numbers_is_refused(line: str, reason: str) -> None:
    assert refused(kit('kind = "pick"\nnumbers = [1, 3]\nresolve = "lowest-unique"'), line) == reason


def test_a_pick_among_words_takes_only_its_words() -> None:
    s = Session.create(
        parse(HEAD.format(seats=2) + "[[rounds]]\n" + PAIRS + '[end]\nscore = ["points"]\n', "t.toml"),
        journal_path=None,
        seed="1",
        salt=derive_salt("1"),
    )
    feed(s, "start")
    assert refused(s, "p1: pick maybe") == "“maybe” is not a pick here: pick one of cooperate, betray, e.g. “pick cooperate”"


def test_before_the_start_a_word_is_refused_and_after_the_end_too() -> None:
    text = HEAD.format(seats=2) + "[[rounds]]\n" + BID.format(resolve="highest", ties="nobody") + '\n[end]\nscore = ["points"]\n'
    s = Session.create(parse(text, "t.toml"), journal_path=None, seed="1", salt=derive_salt("1"))
    assert refused(s, "p1: bid 1") == "the match has not started yet; the host starts it with “start”"
    assert refused(s, "close") == "the match has not started yet; the host starts it with “start”"
    feed(s, "start", "close")
    assert refused(s, "p1: bid 1") == "the match is over"


def test_buttons_are_for_a_pick_among_words_and_ask_each_player_in_the_round_privately() -> None:
    from umpire.scenario import ScenarioError

    with pytest.raises(ScenarioError) as caught:
        kit('kind = "pick"\nnumbers = [1, 3]\nbuttons = true\nresolve = "lowest-unique"')
    assert str(caught.value).endswith("rounds[1].buttons: buttons are for a pick among words (words = [...]): a number or a name is typed")
    text = HEAD.format(seats=3) + "[[rounds]]\nbuttons = true\n" + PAIRS + '[end]\nscore = ["points"]\n'
    s = Session.create(parse(text, "t.toml"), journal_path=None, seed="1", salt=derive_salt("1"))
    outs = feed(s, "start")
    asked = [o for o in outs if o.event is not None and o.event["event"] == "kit_asked"]
    (opened,) = [o.event for o in outs if o.event is not None and o.event["event"] == "kit_round"]
    assert {o.event["to"] for o in asked} == set(opened["pairs"][0])  # the two paired players; the odd one out is not asked
    assert all(o.event["answers"] == ["pick cooperate", "pick betray"] and o.event["player"] == o.event["to"] for o in asked)
    assert asked[0].text == "Round 1: your pick — send “pick cooperate” or “pick betray” (the last one you send counts)."


@pytest.mark.parametrize(("bids", "reached"), [((3, 3, 0), True), ((2, 2, 1), False)])
def test_a_threshold_round_picks_everyone_in_it_when_the_numbers_sent_reach_the_threshold(bids: tuple[int, ...], reached: bool) -> None:
    s = kit('kind = "bid"\nmost = "coins"\nresolve = "threshold"\nthreshold = "alive * 2"\n[rounds.picked]\npoints = "points + 2"', seats=3)
    ev = closed(feed(s, *(f"p{i + 1}: bid {b}" for i, b in enumerate(bids))))
    assert ev["picked"] == (["Player 1", "Player 2", "Player 3"] if reached else [])
    assert set(ev["resources"]["points"].values()) == {2 if reached else 0}


def test_a_split_tie_picks_everyone_level_and_picked_says_how_many_to_share_the_prize() -> None:
    s = kit(
        'kind = "bid"\nmost = "coins"\ndraw = "prize"\nresolve = "highest"\nties = "split"\n[rounds.picked]\npoints = "points + prize * 10 // picked"'
    )
    prize = s.knowledge(None)["items"]["prize"]
    ev = closed(feed(s, "p1: bid 5", "p2: bid 5", "p3: bid 1", "p4: bid 0"))
    assert ev["picked"] == ["Player 1", "Player 2"]
    assert ev["resources"]["points"] == {"Player 1": prize * 5, "Player 2": prize * 5, "Player 3": 0, "Player 4": 0}


def test_a_threshold_is_only_for_a_threshold_round() -> None:
    from umpire.scenario import ScenarioError

    with pytest.raises(ScenarioError) as caught:
        kit('kind = "bid"\nmost = "coins"\nresolve = "highest"\nthreshold = "3"')
    assert str(caught.value).endswith("rounds[1].threshold: a threshold round needs `threshold` (the total to reach), and only it has one")


def test_an_open_round_posts_each_word_as_it_is_made_and_is_not_sealed() -> None:
    s = kit('open = true\nkind = "bid"\nmost = "coins"\nresolve = "highest"\n[rounds.picked]\npoints = "points + 1"', seats=2)
    assert not s.game.move_of(s.game.parse(s.state, 0, "bid 1", lambda n: 0)).sealed
    outs = feed(s, "p1: bid 3", "p1: bid 4")
    assert [(o.kind, o.audience.public, o.text) for o in outs] == [
        ("announce", True, "📣 **Player 1** bids **3**."),
        ("announce", True, "📣 **Player 1** bids **4** (in place of 3)."),
    ]
    assert closed(feed(s, "p2: bid 2"))["picked"] == ["Player 1"]
    assert "sends “bid N” openly, in the channel, within 120 s" in " ".join(s.game.rulings(s.scenario.settings))


def test_umpire_check_game_passes_on_a_kit_with_an_open_round(tmp_path: Any) -> None:
    from umpire.kit.check import report

    path = tmp_path / "open.toml"
    path.write_text(
        HEAD.format(seats=3) + '[[rounds]]\nrepeat = 3\nopen = true\nkind = "bid"\nmost = "coins"\nresolve = "highest"\n'
        '[rounds.picked]\ncoins = "coins - bid"\npoints = "points + 1"\n[end]\nscore = ["points"]\n',
        encoding="utf-8",
    )
    lines, code = report(str(path), matches=100)
    assert code == 0, "\n".join(lines)


def test_what_the_seed_drew_is_posted_as_the_round_opens_even_where_the_template_does_not_name_it() -> None:
    text = HEAD.format(seats=2) + '[[rounds]]\nkind = "pick"\nnumbers = [1, 3]\nresolve = "highest"\ndraw = ["card", "bonus"]\n'
    s = Session.create(parse(text + '[end]\nscore = ["points"]\n', "t.toml"), journal_path=None, seed="1", salt=derive_salt("1"))
    (opening,) = [o.text for o in feed(s, "start") if o.event is not None and o.event["event"] == "kit_round"]
    card = s.knowledge(None)["items"]["card"]
    assert opening.endswith(f"Drawn: card {card}, bonus 7.")


def test_the_hosts_undo_takes_a_word_back_and_pause_holds_the_rounds_deadline() -> None:
    s = kit(BID.format(resolve="highest", ties="nobody"), seats=2)
    feed(s, "p1: bid 4")
    assert s.knowledge(0)["my_bid"] == "4"
    feed(s, "undo")
    assert s.knowledge(0)["my_bid"] is None
    feed(s, "pause", "@ 5:00", "resume")
    assert s.knowledge(None)["round"] == 1 and not s.game.is_over(s.state)  # the paused clock held the 2:00 deadline
    outs = feed(s, "@ 7:10")
    assert closed(outs)["picked"] == [] and s.game.is_over(s.state)  # then it passed: the round closed with no bids


def test_kit_posts_a_counted_noun_is_singular_for_one_and_plural_otherwise() -> None:
    from umpire.kit.words import fill, named

    template = "{player} wins {prize point} for {bid coin} and has {lives life/lives}."
    assert named(template) == {"player", "prize", "bid", "lives"}
    assert fill(template, {"player": "Uri", "prize": 1, "bid": 6, "lives": 1}) == "Uri wins 1 point for 6 coins and has 1 life."
    assert fill(template, {"player": "Uri", "prize": 7, "bid": 1, "lives": 0}) == "Uri wins 7 points for 1 coin and has 0 lives."


def test_kit_r_read_4_a_players_own_status_is_worded_from_their_seats_knowledge_alone() -> None:
    from umpire.kit.views import own_status

    text = own_status({"round": None, "items": None, "lives": {"Hedger": 3, "Uri": 0}, "out": ["Uri"]}, "Hedger")
    assert text.splitlines()[1:] == ["No round is open.", "Lives: Hedger 3 · Uri 0", "Out: Uri"]
    text = own_status({"round": 3, "items": {}, "points": {"Hedger": 1}, "out": [], "my_pick": None}, "Hedger")
    assert text.splitlines()[1:] == ["Round 3", "Points: Hedger 1", "Out: nobody", "Your pick this round: none yet"]
