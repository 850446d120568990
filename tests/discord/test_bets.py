"""Devil's Deal's betting turns as buttons: `call`, `fold`, a few raises and `all-in`, of which the bot shows only those
the game would take from the player as the question is asked (a raise below `min_raise`, one they cannot afford or one
against a player with no chips is no button); a tap is judged exactly as its word typed, and a button's ID names its
word, so a tap after a restart is its word too, and an ID naming no answer of its question is not taken (R-BOT-9,
R-DD-5)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fakediscord import FakeDiscord, Interaction, Message
from tests.games.test_devils_support import GAME, scenario, table
from tests.games.test_devils_support import play as act_all
from umpire.discord.buttons import Asked, Questions
from umpire.discord.taps import Taps
from umpire.discord.wire import Button, Place
from umpire.games.base import Question
from umpire.games.devilsdeal.events import BETS, RAISES
from umpire.games.devilsdeal.state import Bet
from umpire.render import batch
from umpire.session import Session, derive_salt
from umpire.session import entries as E

from .support import SCRIPTS, Hosted, Table, entries_of, live_buttons, play, resumed, rulings, steps
from .test_buttons import devils_deal_steps, labels

WORDS = ("yes", "no", *BETS)  # every answer Devil's Deal offers as a button
SEED = "3115"
# Starting with 10 chips (8 after the ante) and raises of at least 2, Hedger opens with a raise of 5, Uri raises 3 and is
# out of chips, and Hedger's all-in is a call of the 3 he has left.
SHORT = (
    "start",
    "p2: first Hedger",
    "p1: no",
    "p2: no",
    "p1: pick B6 B7",
    "p2: pick B5 R9",
    "p1: raise 5",
    "p2: raise 3",
    "p1: all-in",
)
SHORT_RULES = {"starting_chips": 10, "min_raise": 2}


def short_session(path: Path) -> Session:
    return Session.create(scenario(**SHORT_RULES), journal_path=path, seed=SEED, salt=derive_salt(SEED))


def typed(tmp_path: Path, lines: Sequence[str]) -> Path:
    """The short match's lines typed in batch mode: its journal."""
    path = tmp_path / "typed.jsonl"
    session = short_session(path)
    list(batch(session, list(lines), json_out=True))
    session.close()
    return path


def taken_taps(path: Path, tapped: Sequence[Interaction]) -> list[tuple[int | None, str]]:
    """The journal's inputs whose source is one of the taps, in order: (seat, word)."""
    ids = {ix.id for ix in tapped}
    return [
        (e.by, e.text)
        for e in entries_of(path)
        if isinstance(e, E.Input) and e.source is not None and int(e.source.rsplit("/", 1)[1]) in ids
    ]


def test_r_bot_9_r_dd_5_a_devils_deal_match_bet_by_taps_raises_and_all_in_included_rules_as_the_typed_words(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    lines = (SCRIPTS / "devils-deal.script").read_text().splitlines()
    sc = scenario()
    scripted = Session.create(sc, journal_path=tmp_path / "script.jsonl", seed=SEED, salt=derive_salt(SEED))
    printed = list(batch(scripted, lines, json_out=True))
    scripted.close()

    table = Table(fake, [p.name for p in sc.roster], dm_seats=(1,))
    hosted = Session.create(sc, journal_path=tmp_path / "bot.jsonl", seed=SEED, salt=derive_salt(SEED))
    script = devils_deal_steps(lines, hosted)
    tapped: list[Interaction] = []
    shown: list[tuple[int, str, list[str]]] = []
    Hosted(fake, table, hosted, table.ids()).run(lambda h: tapped.extend(play(h, script, taps=WORDS, shown=shown)), timeout=180)

    assert rulings(tmp_path / "bot.jsonl") == rulings(tmp_path / "script.jsonl")
    assert hosted.final() == json.loads(printed[-1])
    bets = [ix.custom_id.rsplit("|", 1)[1] for ix in tapped if ix.custom_id.rsplit("|", 1)[1] not in ("yes", "no")]
    # Each bet of the script that is a button was tapped, the raises and the all-in included; the rest were typed (an
    # out-of-turn `call`, `raise 4`, `raise 20`, and `raise 1` against a player with no chips: each refused as typed).
    assert bets == ["call", "raise 3", "call", "raise 5", "raise 10", "call", "raise 2", "call", "raise 3", "all-in", "call"]
    assert [word for _, word in taken_taps(tmp_path / "bot.jsonl", tapped)] == [ix.custom_id.rsplit("|", 1)[1] for ix in tapped]
    betting = [(seat, line, words) for seat, line, words in shown if "call" in words]
    assert all(words == [w for w in BETS if w in words] for _, _, words in betting)  # always in the same order
    # Uri, with 21 chips and 3 to call, has every raise; Hedger, once Uri is all-in, has none (“p1: raise 1” is typed,
    # and refused as typed).
    assert (1, "all-in", list(BETS)) in betting
    assert (0, "raise 1", ["call", "fold", "all-in"]) in betting


def test_r_bot_9_r_dd_5_the_betting_buttons_leave_out_raises_below_min_raise_unaffordable_or_against_a_broke_player(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    names = [p.name for p in scenario().roster]
    table = Table(fake, names, dm_seats=(1,))
    hosted = short_session(tmp_path / "bot.jsonl")
    tapped: list[Interaction] = []
    shown: list[tuple[int, str, list[str]]] = []
    run = Hosted(fake, table, hosted, table.ids())
    run.run(lambda h: tapped.extend(play(h, steps(SHORT, hosted), taps=WORDS, shown=shown)))

    assert shown[2:] == [
        (0, "raise 5", ["call", "fold", "raise 2", "raise 3", "raise 5", "all-in"]),  # 8 chips: no raise 1 (< 2), no raise 10
        (1, "raise 3", ["call", "fold", "raise 2", "raise 3", "all-in"]),  # 8 chips, 5 to call: raises up to 3
        (0, "all-in", ["call", "fold", "all-in"]),  # Uri has no chips left: no raise
    ]
    assert rulings(tmp_path / "bot.jsonl") == rulings(typed(tmp_path, SHORT))
    assert taken_taps(tmp_path / "bot.jsonl", tapped) == [(0, "no"), (1, "no"), (0, "raise 5"), (1, "raise 3"), (0, "all-in")]
    # Each betting question's message showed those buttons, disabled once answered; none is left live.
    posts = [m for m in table.public() if any(b["label"] == "call" for row in m.components for b in row["components"])]
    assert [labels(m) for m in posts] == [[(word, True) for word in words] for _, _, words in shown[2:]]
    assert all(len(row["components"]) <= 5 for m in posts for row in m.components)


def test_r_bot_9_a_raise_button_tapped_after_a_restart_is_judged_as_its_word(fake: FakeDiscord, tmp_path: Path) -> None:
    names = [p.name for p in scenario().roster]
    table = Table(fake, names, dm_seats=(1,))
    path = tmp_path / "bot.jsonl"
    first = short_session(path)
    Hosted(fake, table, first, table.ids()).run(lambda h: play(h, steps(SHORT[:7], first), taps=WORDS))
    asking = [m for m in table.public() if live_buttons(m)]
    assert [labels(m) for m in asking] == [[(w, False) for w in ("call", "fold", "raise 2", "raise 3", "all-in")]]  # Uri's turn
    again, recovery, paused = resumed(path)
    seen: dict[str, Interaction] = {}

    def second(h: Hosted) -> None:
        h.type("resume")
        seen["tap"] = h.taps(1, "raise 3")  # on the message sent before the restart
        h.settle()

    Hosted(fake, table, again, table.ids(), recovery=recovery, backlog=paused).run(second)
    (tap,) = [e for e in entries_of(path) if isinstance(e, E.Input) and e.by == 1 and e.text.startswith("raise")]
    assert tap.text == "raise 3" and str(tap.source).endswith(f"/{seen['tap'].id}")
    assert [labels(m) for m in asking] == [[(w, True) for w in ("call", "fold", "raise 2", "raise 3", "all-in")]]
    (last,) = [m for m in table.public() if live_buttons(m)]  # Hedger's turn, asked after the restart
    assert labels(last) == [("call", False), ("fold", False), ("all-in", False)]


def _tap_and_wait(h: Hosted, message: Message, custom_id: str, seat: int) -> Interaction:
    ix = h.fake.tap(h.table.users[seat], message, custom_id)
    h.wait(lambda: ix.response_type is not None, "the answer to the tap")
    h.settle()
    return ix


def test_r_bot_9_a_button_of_an_older_bot_naming_its_answer_by_place_is_not_taken_after_a_restart(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = [p.name for p in scenario().roster]
    table = Table(fake, names, dm_seats=(1,))
    path = tmp_path / "bot.jsonl"
    first = short_session(path)
    with monkeypatch.context() as m:  # the bot before: `umpire/GAME/TAG/I`, I the answer's place among the buttons
        m.setattr(Questions, "custom_id", lambda self, asked, word: f"umpire/{self.game}/{asked.tag}/{asked.offered.index(word)}")
        Hosted(fake, table, first, table.ids()).run(lambda h: play(h, steps(SHORT[:7], first)))
    (old,) = [m for m in table.public() if live_buttons(m)]
    (raise_3,) = [b["custom_id"] for b in live_buttons(old) if b["label"] == "raise 3"]
    assert raise_3.endswith("/3")
    again, recovery, paused = resumed(path)
    seen: dict[str, Interaction] = {}

    def second(h: Hosted) -> None:
        h.type("resume")
        seen["old"] = _tap_and_wait(h, old, raise_3, 1)
        h.says(1, "raise 3")  # typed, it is taken

    Hosted(fake, table, again, table.ids(), recovery=recovery, backlog=paused).run(second)
    assert seen["old"].response_type == 7 and not live_buttons(old)  # shown again with its buttons disabled
    inputs = [(e.by, e.text, e.source) for e in entries_of(path) if isinstance(e, E.Input) and e.by == 1]
    assert [(by, text) for by, text, _ in inputs[-1:]] == [(1, "raise 3")]
    assert not any(str(src).endswith(f"/{seen['old'].id}") for _, _, src in inputs)


def test_r_bot_9_a_forged_button_naming_no_answer_of_its_question_or_another_game_is_not_taken(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = [p.name for p in scenario().roster]
    table = Table(fake, names, dm_seats=(1,))
    path = tmp_path / "bot.jsonl"
    hosted = short_session(path)
    real = Questions.buttons

    def forged(self: Questions, asked: Asked | None) -> tuple[Button, ...]:
        # Beside the real buttons of a betting turn: `shove` (all-in, typed; no answer of the question) and `call`
        # under another game's tag.
        out = real(self, asked)
        if asked is None or not out or "call" not in asked.answers:
            return out
        other = Button(label="call", custom_id=f"umpire/feedf00d/{asked.tag}|call")
        return (*out, Button(label="shove", custom_id=f"umpire/{self.game}/{asked.tag}|shove"), other)

    monkeypatch.setattr(Questions, "buttons", forged)
    seen: dict[str, Interaction] = {}

    def run(h: Hosted) -> None:
        play(h, steps(SHORT[:6], hosted), taps=WORDS)
        (post,) = [m for m in table.public() if live_buttons(m)]
        (shove,) = [b["custom_id"] for b in live_buttons(post) if b["label"] == "shove"]
        seen["shove"] = _tap_and_wait(h, post, shove, 0)
        h.says(0, "raise 5")
        (post,) = [m for m in table.public() if live_buttons(m)]
        (other,) = [b["custom_id"] for b in live_buttons(post) if b["custom_id"].startswith("umpire/feedf00d/")]
        seen["other"] = _tap_and_wait(h, post, other, 1)

    Hosted(fake, table, hosted, table.ids()).run(run)
    assert seen["shove"].response_type == 7 and seen["other"].response_type == 7
    bets = [(e.by, e.text, e.source) for e in entries_of(path) if isinstance(e, E.Input) and e.text in ("shove", "call", "raise 5")]
    assert [(by, text) for by, text, _ in bets] == [(0, "raise 5")]  # typed; neither forged tap was judged
    assert not any(str(src).endswith((f"/{seen['shove'].id}", f"/{seen['other'].id}")) for _, _, src in bets)


def test_r_bot_9_a_buttons_id_names_its_word_and_only_an_answer_of_a_live_question_is_found() -> None:
    questions = Questions("g", ["Hedger", "Uri"], lambda asked: None, lambda seat, word: word != "raise 10")
    asked = questions.ask("post/7/0", 7, Question(player="Uri", answers=BETS), Place(channel=1))
    assert asked is not None and asked.offered == tuple(w for w in BETS if w != "raise 10")
    buttons = questions.buttons(asked)
    assert [(b.label, b.custom_id) for b in buttons[2:4]] == [
        ("raise 1", "umpire/g/post/7/0|raise 1"),
        ("raise 2", "umpire/g/post/7/0|raise 2"),
    ]
    assert all(questions.find(b.custom_id) == (asked, b.label) for b in buttons)
    # An answer of the question that was no button is its word all the same (judged, and refused, as typed).
    assert questions.find("umpire/g/post/7/0|raise 10") == (asked, "raise 10")
    for wrong in (
        "umpire/g/post/7/0/3",  # an older bot's: the answer's place
        "umpire/g/post/7/0|shove",  # no answer of this question
        "umpire/g/post/7/0|",
        "umpire/g/post/7/0|Call",
        "umpire/h/post/7/0|call",  # another game's
        "other/g/post/7/0|call",
        "umpire/g/post/7/1|call",  # no question asked here
        "umpire/g/dm/7/0|call",
        "",
    ):
        assert questions.find(wrong) is None, wrong
    questions.close(asked)
    assert questions.find("umpire/g/post/7/0|call") is None  # closed: forgotten


def test_r_bot_9_a_question_shows_at_most_25_buttons_and_none_whose_id_discord_would_refuse() -> None:
    many = tuple(f"pick w{i}" for i in range(30))
    questions = Questions("g", ["Hedger"], lambda asked: None, lambda seat, word: True)
    asked = questions.ask("dm/3/0", 3, Question(player="Hedger", answers=(*many[:2], "pick " + "x" * 90, *many[2:])), Place(user=1))
    assert asked is not None and asked.offered == many[:25]
    assert all(len(b.custom_id) <= 100 for b in questions.buttons(asked))
    nothing = Questions("g", ["Hedger"], lambda asked: None, lambda seat, word: False)
    assert nothing.ask("dm/3/0", 3, Question(player="Hedger", answers=BETS), Place(user=1)) is None  # none it would take


@settings(max_examples=150, deadline=None)
@given(
    chips=st.tuples(st.integers(0, 40), st.integers(0, 40)),
    mine=st.integers(0, 12),
    facing=st.integers(0, 12),
    min_raise=st.integers(1, 12),
    to_act=st.integers(0, 1),
)
def test_r_bot_9_r_dd_5_a_betting_turns_buttons_are_call_fold_all_in_and_exactly_the_raises_the_ruling_allows(
    chips: tuple[int, int], mine: int, facing: int, min_raise: int, to_act: int
) -> None:
    # Any stacks, the player to act having bet `mine` and facing `facing` more: the raises offered are those R-DD-5 allows (at least `min_raise`, the call plus the raise
    # affordable, an opponent with chips), in the question's order; `call`, `fold` and `all-in` always.
    me, opp = to_act, 1 - to_act
    if chips[me] == 0:
        return  # a player with no chips is not asked to bet (R-DD-5): no such betting turn
    state, _ = act_all(table(("G2 R5 G5", "R1 B2 B5"), min_raise=min_raise), (0, "pick G2 R5"), (1, "pick R1 B2"))
    assert isinstance(state.step, Bet)  # both picked: the first betting round
    bets = (mine, mine + facing) if me == 0 else (mine + facing, mine)
    seats = (replace(state.seats[0], chips=chips[0]), replace(state.seats[1], chips=chips[1]))
    state = replace(state, seats=seats, step=replace(state.step, bets=bets, to_act=to_act))
    names = {"hedger": 0, "uri": 1, "p1": 0, "p2": 1}
    session = SimpleNamespace(game=GAME, state=state, now=0, resolve=lambda name: names[name.casefold()])
    taps = Taps(cast(Any, SimpleNamespace(session=session)))
    questions = Questions("g", ["Hedger", "Uri"], lambda asked: None, taps.answerable)
    asked = questions.ask("post/1/0", 1, Question(player=["Hedger", "Uri"][me], answers=BETS), Place(channel=1))
    allowed = [n for n in RAISES if n >= min_raise and chips[me] >= facing + n and chips[opp] > 0]
    assert asked is not None and asked.offered == ("call", "fold", *(f"raise {n}" for n in allowed), "all-in")
