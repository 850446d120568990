"""Taps with the bot's pacing: a tap waits, is judged and is answered as a typed message does. Judged in a drain after
other messages or a deadline, it is taken only if its question still stands then (R-BOT-9); sent during an outage,
it counts at its own time, before the deadline that fell meanwhile, and while Discord has not yet taken the bot's
acknowledgement of a tap, the deadlines after it wait for it (R-BOT-7); in review mode a question's buttons go out
with its post, once the host posts it, and not at all if it was answered meanwhile."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import umpire.core.journal_writer
from tests.fakediscord import FakeDiscord, Interaction, Message
from umpire.discord.buttons import Asked, Questions
from umpire.discord.wire import Place
from umpire.games.base import Question
from umpire.session import entries as E

from .support import Hosted, Table, entries_of, live_buttons
from .test_buttons import devils_deal, labels
from .test_outage import held
from .test_robot import NAMES, hedger_dealt, six_player_open_pass

CLOSED = "that question was closed before your tap was judged (answered, or its time was up): nothing was taken"
F2 = "\x1bOQ"


def asked_to_refill(h: Hosted) -> tuple[int, Message]:
    """Start a Devil's Deal match in which Hedger is asked first whether to refill: its deadline, and its post."""
    h.type("start")
    h.type(f"p2: first {h.table.names[0]}")
    h.settle()
    due = h.on_loop(lambda: h.session.state.deadline.due)
    post = h.asking(0)
    assert post is not None and "refill" in post.content.casefold()
    return due, post


def tap(h: Hosted, post: Message, label: str, at: int) -> Interaction:
    """Hedger taps `label` on `post` at game time `at`, whatever the bot makes of it."""
    (custom_id,) = [b["custom_id"] for b in live_buttons(post) if b["label"] == label]
    return h.fake.tap(h.table.users[0], post, custom_id, at=h.moment(at))


def waiting(h: Hosted, count: int) -> None:
    bot = h.bot
    assert bot is not None
    h.wait(lambda: len(bot.pending) == count, f"{count} messages waiting for the deadline")


def test_r_bot_9_a_tap_sent_after_the_deadline_and_judged_behind_it_is_not_taken(fake: FakeDiscord, tmp_path: Path) -> None:
    session = devils_deal(tmp_path)
    table = Table(fake, [p.name for p in session.scenario.roster], dm_seats=(1,))
    seen: dict[str, object] = {}

    def play(h: Hosted) -> None:
        due, post = asked_to_refill(h)
        h.set_game_time(due - 1000)  # the clock reads the deadline plus 0.5 s: within the allowance, not applied yet
        seen["tap"] = tap(h, post, "yes", due + 200)  # the question is still open when the tap arrives: acknowledged
        waiting(h, 1)  # it counts after the deadline, so it waits for it
        h.set_game_time(due + 1000)
        h.settle()
        seen["due"] = due

    out = Hosted(fake, table, session, table.ids()).run(play)
    ix, due = seen["tap"], seen["due"]
    assert isinstance(ix, Interaction) and ix.response_type == 6
    entries = entries_of(tmp_path / "bot.jsonl")
    assert not any(isinstance(e, E.Input) and e.by == 0 and e.text == "yes" for e in entries)
    assert any(isinstance(e, E.Clock) and e.t == due for e in entries)  # no answer in time: a no
    assert f"✗ `yes` — {CLOSED}" in [m.content for m in table.private_messages(0)]
    flat = " ".join(out.split())
    assert "⇠ Hedger tapped “yes” on a question already closed: not taken" in flat
    assert "⇠ Hedger (button): yes" not in flat


def test_r_bot_9_a_tap_judged_in_the_same_drain_behind_a_typed_answer_is_not_taken(fake: FakeDiscord, tmp_path: Path) -> None:
    session = devils_deal(tmp_path)
    table = Table(fake, [p.name for p in session.scenario.roster], dm_seats=(1,))
    seen: dict[str, int] = {}

    def play(h: Hosted) -> None:
        due, post = asked_to_refill(h)
        reminder = due - 10_000  # "10 s to answer": a deadline of its own, that the answers below count after
        h.set_game_time(reminder - 1000)
        h.says(0, "no", at=h.moment(reminder + 100), wait=False)
        tap(h, post, "yes", reminder + 200)  # the question is still open: acknowledged, and waits behind the typed answer
        waiting(h, 2)
        h.set_game_time(reminder + 1000)  # the reminder, the typed answer and the tap are judged in one go
        h.settle()
        seen["reminder"] = reminder

    out = Hosted(fake, table, session, table.ids()).run(play)
    answers = [(e.text, e.t) for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input) and e.by == 0]
    assert answers[-1] == ("no", seen["reminder"] + 100) and ("yes", seen["reminder"] + 200) not in answers
    assert f"✗ `yes` — {CLOSED}" in [m.content for m in table.private_messages(0)]
    flat = " ".join(out.split())
    # The REPL shows the rulings in the order they were made, the tap's after the typed answer's.
    assert flat.index("⇠ Hedger: no") < flat.index("⇠ Hedger tapped “yes” on a question already closed: not taken")


def test_r_bot_7_a_tap_during_an_outage_counts_at_its_time_before_the_deadline_that_fell_meanwhile(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    session = devils_deal(tmp_path)
    table = Table(fake, [p.name for p in session.scenario.roster], dm_seats=(1,))
    # The fake's clock says how long the outage lasted; Discord's three seconds to acknowledge a tap run in real time,
    # and here they cover the reconnection however busy the machine is.
    fake.interaction_timeout = 30.0
    seen: dict[str, int] = {}

    def play(h: Hosted) -> None:
        bot = h.bot
        assert bot is not None
        due, post = asked_to_refill(h)
        h.set_game_time(due - 3000)
        h.wait(lambda: h.session.now >= due - 3000, "the clock to reach the moment of the outage")
        fake.drop_gateway(hold=True)
        h.wait(lambda: not bot.connected, "the bot to notice")
        tap(h, post, "yes", due - 1000)  # reaches the bot only as Discord replays what it missed
        fake.set_clock(h.moment(due + 5000))
        held(h)
        fake.release_gateway()
        h.wait(lambda: any(isinstance(e, E.Input) and e.by == 0 for e in entries_of(tmp_path / "bot.jsonl")[3:]), "the tap")
        h.settle()
        seen["due"] = due

    out = Hosted(fake, table, session, table.ids()).run(play)
    due = seen["due"]
    entries = entries_of(tmp_path / "bot.jsonl")
    (answer,) = [e for e in entries if isinstance(e, E.Input) and e.by == 0 and e.text in ("yes", "no")]
    assert answer.text == "yes" and answer.t == due - 1000
    assert not any(isinstance(e, E.Clock) and e.t >= due for e in entries[: entries.index(answer)])
    flat = " ".join(out.split())
    assert "Discord replayed what was missed: 1 message sent meanwhile, judged at their own times" in flat
    assert "⇠ Hedger (button): yes" in flat


def test_r_bot_9_a_tap_discord_did_not_take_the_answer_to_is_not_judged_and_holds_no_deadline(fake: FakeDiscord, tmp_path: Path) -> None:
    session = devils_deal(tmp_path)
    table = Table(fake, [p.name for p in session.scenario.roster], dm_seats=(1,))
    seen: dict[str, int] = {}

    def play(h: Hosted) -> None:
        bot = h.bot
        assert bot is not None
        due, post = asked_to_refill(h)
        h.set_game_time(due - 3000)
        h.wait(lambda: h.session.now >= due - 3000, "the clock to reach the moment of the outage")
        fake.drop_gateway(hold=True)
        h.wait(lambda: not bot.connected, "the bot to notice")
        fake.interaction_timeout = 0.0  # by the time Discord replays the tap, its three seconds are over
        tap(h, post, "yes", due - 1000)
        fake.set_clock(h.moment(due + 5000))
        held(h)
        fake.release_gateway()
        h.wait(lambda: any(ix.late_answers for ix in fake.interactions), "the bot's answer to the tap, too late")
        h.wait(lambda: any(isinstance(e, E.Clock) and e.t == due for e in entries_of(tmp_path / "bot.jsonl")), "the deadline")
        h.settle()
        seen["due"] = due

    Hosted(fake, table, session, table.ids()).run(play)
    entries = entries_of(tmp_path / "bot.jsonl")
    assert not any(isinstance(e, E.Input) and e.by == 0 and e.text == "yes" for e in entries)
    assert [ix.response_type for ix in fake.interactions] == [None]  # the player's Discord said it failed


def posted(h: Hosted) -> None:
    """The host presses F2: every held post is handed over to be sent, and goes out."""
    bot = h.bot
    assert bot is not None and h.on_loop(lambda: bool(bot.held))
    h.press(F2)
    h.wait(lambda: not bot.held, "the held posts handed over")
    h.settle()


def test_r_bot_9_in_review_mode_a_questions_buttons_go_out_with_its_post_and_not_once_it_was_answered(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    session = devils_deal(tmp_path)
    names = [p.name for p in session.scenario.roster]
    table = Table(fake, names, dm_seats=(1,))
    seen: dict[str, object] = {}

    def play(h: Hosted) -> None:
        h.type("start")
        posted(h)
        h.type(f"p2: first {names[0]}")
        h.settle()
        assert h.asking(0) is None  # the question's post is held: nothing to tap yet
        h.says(0, "no")  # Hedger answers it all the same; then Uri is asked, in a post held too
        h.settle()
        posted(h)
        assert h.asking(0) is None
        seen["tapped"] = h.taps(1, "no")
        h.settle()

    Hosted(fake, table, session, table.ids(), review=True).run(play)
    ix = seen["tapped"]
    assert isinstance(ix, Interaction) and ix.message.channel is table.game and labels(ix.message) == [("yes", True), ("no", True)]
    hedgers = [m for m in table.public() if m.content.startswith(f"🔄 **{names[0]}**: refill?")]
    assert len(hedgers) == 1 and labels(hedgers[0]) == []  # answered before it was posted: it went out with no button
    inputs = [(e.by, e.text, e.source) for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input) and e.by is not None]
    assert [(by, text) for by, text, _ in inputs[-2:]] == [(0, "no"), (1, "no")] and str(inputs[-1][2]).endswith(f"/{ix.id}")


def test_r_bot_9_a_question_asked_after_a_review_of_the_same_state_is_reviewed_too() -> None:
    # One drain routes the outputs of several rulings after all of them are judged, so each `route` reviews the
    # questions against the same (final) state: one asked by the second ruling and answered by the third must close.
    edited: list[Asked] = []
    asks = {0, 1}  # the seats the game would take an answer from
    questions = Questions("g", ["Hedger", "Uri"], edited.append, lambda seat, word: seat in asks)
    state = object()
    first = questions.ask("post/1/0", 1, Question(player="Hedger", answers=("yes", "no")), Place(channel=1))
    questions.review(state, [])
    second = questions.ask("post/2/0", 2, Question(player="Uri", answers=("yes", "no")), Place(channel=1))
    asks.discard(1)  # Uri's was answered by a ruling judged after it
    questions.review(state, [])
    assert first is not None and second is not None
    assert first.live and not second.live and questions.latest == {0: first}


def test_r_bot_9_a_tap_in_a_burst_whose_flush_fails_is_judged_again_as_a_tap_once_the_disk_works(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = six_player_open_pass(tmp_path)
    table = Table(fake, NAMES, dm_seats=(0,))
    real_fsync = os.fsync
    failed: list[int] = []
    armed = False

    def fsync(fd: int) -> None:
        if armed and not failed:
            failed.append(fd)
            raise OSError(28, "No space left on device")  # once: the writer cuts the burst's lines back off the file
        real_fsync(fd)

    monkeypatch.setattr(umpire.core.journal_writer.os, "fsync", fsync)
    seen: dict[str, object] = {}

    def play(h: Hosted) -> None:
        nonlocal armed
        hedger_dealt(h, "heaven")
        card = h.asking(0)
        assert card is not None
        before = [len(table.private_messages(s)) for s in range(1, 6)]
        armed = True
        for s in range(1, 6):  # the other players send their decks as Hedger taps: all of it judged together
            fake.user_says(table.users[s], table.place(s), "deck all")
        (custom_id,) = [b["custom_id"] for b in live_buttons(card) if b["label"] == "open"]
        seen["tap"] = fake.tap(table.users[0], card, custom_id)
        answered = lambda: all(len(table.private_messages(s)) > n for s, n in zip(range(1, 6), before, strict=True))
        h.wait(answered, "an answer to each of the five", timeout=30)
        h.settle()
        for _ in range(300):  # the tap is judged once Discord took its acknowledgement: wait for the card it deals
            if (nxt := h.asking(0)) is not None and nxt.id != card.id:
                break
            time.sleep(0.1)
            h.settle()
        seen["next"] = h.asking(0)

    out = Hosted(fake, table, session, table.ids()).run(play)
    ix, following = seen["tap"], seen["next"]
    assert failed and "could not write the journal" in out
    inputs = [(e.by, e.text, e.source) for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input) and e.by is not None]
    assert sorted((by, text) for by, text, _ in inputs[-6:]) == [(0, "open")] + [(s, "deck all") for s in range(1, 6)]
    (tapped,) = [source for by, text, source in inputs if by == 0 and text == "open"]
    assert isinstance(ix, Interaction) and str(tapped).endswith(f"/{ix.id}")  # judged once, as the tap it was
    assert "⇠ Hedger (button): open" in " ".join(out.split())
    # Card 2, dealt by the tap judged after the others in one go, carries its buttons.
    assert isinstance(following, Message) and following.content.startswith("Hedger, card 2 of 20")
