"""Buttons for small choices: Open, Pass's dealt card carries `open` and `pass`, Devil's Deal's refill question `yes` and
`no` and its betting turns `call`, `fold`, a few raises and `all-in` (test_bets.py); a tap is judged as the word typed by that player (the same ruling, the
journal's input with the interaction's ID as its source, the same lateness allowance), acknowledged within Discord's
three seconds; the buttons are disabled once the question is answered (by a tap or a typed word), replaced, taken
back or past its deadline; a tap on a question closed meanwhile is not taken; a tap by anyone else is answered with a
line only they see (R-BOT-9)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.fakediscord import FakeDiscord, Interaction, Message
from umpire.discord.recovery import source
from umpire.render import batch
from umpire.scenario import load
from umpire.session import Session, derive_salt
from umpire.session import entries as E

from .support import ROOT, SCRIPTS, Hosted, Step, Table, entries_of, live_buttons, play, resumed, rulings, steps
from .test_robot import NAMES, hedger_dealt, six_player_open_pass


def labels(message: Message) -> list[tuple[str, bool]]:
    return [(b["label"], bool(b.get("disabled"))) for row in message.components for b in row["components"]]


def test_r_bot_9_a_dealt_card_is_answered_by_a_tap_as_by_the_word_and_its_buttons_close(fake: FakeDiscord, tmp_path: Path) -> None:
    session = six_player_open_pass(tmp_path)
    table = Table(fake, NAMES, dm_seats=(0,))
    seen: dict[str, object] = {}

    def play(h: Hosted) -> None:
        hedger_dealt(h, "heaven")
        seen["tap"] = h.taps(0, "open")
        h.settle()
        h.says(0, "pass")  # typed words keep working
        h.settle()
        seen["second"] = h.taps(0, "pass")
        h.settle()

    out = Hosted(fake, table, session, table.ids()).run(play)
    cards = [m for m in table.private_messages(0) if " of 20: " in m.content]
    assert [c.content.split(":")[0] for c in cards] == [f"Hedger, card {n} of 20" for n in (1, 2, 3, 4)]
    assert [labels(c) for c in cards[:3]] == [[("open", True), ("pass", True)]] * 3  # answered: disabled
    assert labels(cards[3]) == [("open", False), ("pass", False)]  # the card waiting for its answer
    inputs = [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input)][-3:]
    dm = fake.dm_channel(table.users[0], table.bot)
    first, second = seen["tap"], seen["second"]
    assert [(e.by, e.text) for e in inputs] == [(0, "open"), (0, "pass"), (0, "pass")]
    assert inputs[0].source == source(dm.id, first.id) and inputs[2].source == source(dm.id, second.id)  # type: ignore[attr-defined]
    assert inputs[1].source is not None and inputs[1].source != inputs[0].source
    assert all(ix.response_type == 6 and ix.answered_after is not None and ix.answered_after < 3 for ix in fake.interactions)
    heard = [line.strip() for line in out.splitlines() if line.strip().startswith("⇠ Hedger")]
    assert heard[-3:] == ["⇠ Hedger (button): open", "⇠ Hedger: pass", "⇠ Hedger (button): pass"]  # the REPL names a tap


def test_r_bot_9_a_second_tap_on_an_answered_card_is_not_taken(fake: FakeDiscord, tmp_path: Path) -> None:
    session = six_player_open_pass(tmp_path)
    table = Table(fake, NAMES)

    def play(h: Hosted) -> None:
        hedger_dealt(h, "hell")
        card = h.asking(0)
        assert card is not None
        ids = {b["label"]: b["custom_id"] for b in live_buttons(card)}
        fake.tap(table.users[0], card, ids["open"])
        fake.tap(table.users[0], card, ids["pass"])  # before the first is judged: its question is still live
        h.wait(lambda: all(ix.response_type is not None for ix in fake.interactions), "both taps answered")
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    taken = [e.text for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input) and e.text in ("open", "pass")]
    assert taken == ["open"]
    late = fake.interactions[1]
    told = [m.content for m in table.private_messages(0)]
    if late.response_type == 6:  # acknowledged, then found closed when its turn came: the player is told
        assert "✗ `pass` — that question was closed before your tap was judged (answered, or its time was up): nothing was taken" in told
    else:  # closed already when it arrived: the message shown again with its buttons disabled
        assert late.response_type == 7
    assert sum(" of 20: " in t for t in told) == 2


def devils_deal(tmp_path: Path) -> Session:
    return Session.create(load(ROOT / "scenarios" / "devils-deal.toml"), journal_path=tmp_path / "bot.jsonl", seed="3", salt="0" * 32)


def test_r_bot_9_a_question_asked_in_public_is_answered_by_its_player_alone(fake: FakeDiscord, tmp_path: Path) -> None:
    session = devils_deal(tmp_path)
    names = [p.name for p in session.scenario.roster]
    table = Table(fake, names, dm_seats=(1,))
    seen: dict[str, object] = {}

    def play(h: Hosted) -> None:
        h.type("start")
        h.type(f"p2: first {names[0]}")  # Uri holds the Advantage: Hedger starts, and is asked first
        h.settle()
        asking = h.asking(0)
        assert asking is not None and "refill" in asking.content.casefold()
        seen["asking"] = asking
        other = fake.tap(table.users[1], asking, live_buttons(asking)[0]["custom_id"])
        h.wait(lambda: other.response_type is not None, "the answer to the other player's tap")
        h.taps(0, "no")
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    (told,) = fake.ephemerals
    assert told.to is table.users[1] and told.content == f"This question is for {names[0]}: only they can answer it."
    asking = seen["asking"]
    assert isinstance(asking, Message) and asking.channel is table.game and labels(asking) == [("yes", True), ("no", True)]
    inputs = [(e.by, e.text) for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input)]
    assert inputs[-1] == (0, "no") and (1, "yes") not in inputs


def test_r_bot_9_a_tap_before_the_deadline_counts_before_it_within_the_allowance(fake: FakeDiscord, tmp_path: Path) -> None:
    session = devils_deal(tmp_path)
    names = [p.name for p in session.scenario.roster]
    table = Table(fake, names, dm_seats=(1,))

    def play(h: Hosted) -> None:
        h.type("start")
        h.type(f"p2: first {names[0]}")
        h.settle()
        due = session.state.deadline.due  # the refill question's 20 s
        assert h.asking(0) is not None
        h.set_game_time(due - 1000)  # the clock reads the deadline plus 0.5 s: within the 1.5 s allowance, not applied
        h.taps(0, "yes", at=h.moment(due - 200))  # tapped 0.2 s before it, reaching umpire after it
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    entries = entries_of(tmp_path / "bot.jsonl")
    (tap,) = [e for e in entries if isinstance(e, E.Input) and e.by == 0 and e.text == "yes"]
    assert tap.t == 19_800 and not any(isinstance(e, E.Clock) and e.t >= 20_000 for e in entries[: entries.index(tap)])
    last = [m.content for m in table.public()][-2:]
    assert last[0].startswith("⏳ **Hedger**: 10 s to answer") and last[1].startswith("🎴 **Hedger** refills (−5 → 25 chips)")


def test_r_bot_9_the_whole_open_pass_dealing_phase_played_by_taps_rules_as_the_typed_words(fake: FakeDiscord, tmp_path: Path) -> None:
    lines = (SCRIPTS / "open-pass-match.script").read_text().splitlines()
    scenario = load(ROOT / "scenarios" / "open-pass-heaven-hell.toml")
    scripted = Session.create(scenario, journal_path=tmp_path / "script.jsonl", seed="2002", salt=derive_salt("2002"))
    printed = list(batch(scripted, lines, json_out=True))
    scripted.close()

    names = [p.name for p in scenario.roster]
    table = Table(fake, names, dm_seats=range(1, 13, 2))  # six players by DM, seven in private channels
    hosted = Session.create(scenario, journal_path=tmp_path / "bot.jsonl", seed="2002", salt=derive_salt("2002"))
    script = steps(lines, hosted)
    tapped: list[Interaction] = []
    Hosted(fake, table, hosted, table.ids()).run(lambda h: tapped.extend(play(h, script, taps=("open", "pass"))), timeout=300)

    assert rulings(tmp_path / "bot.jsonl") == rulings(tmp_path / "script.jsonl")
    assert hosted.final() == json.loads(printed[-1])
    # Every card was answered by a tap: each accepted `open` and `pass` is journaled with its interaction's ID.
    taps = {ix.id for ix in tapped}
    answers = [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input) and e.text in ("open", "pass")]
    assert len(answers) == len(tapped) > 200
    assert [int((e.source or "").rsplit("/", 1)[1]) for e in answers] == [ix.id for ix in tapped] and len(taps) == len(tapped)
    assert all(ix.response_type == 6 and ix.answered_after is not None and ix.answered_after < 3 for ix in fake.interactions)
    # Each card carried the two buttons, and once every deal was over, none is left to tap.
    cards = [m for seat in range(13) for m in table.private_messages(seat) if " of " in m.content and "open" in m.content]
    assert len(cards) >= len(tapped) and all(labels(c) == [("open", True), ("pass", True)] for c in cards)


def test_r_bot_9_the_card_waiting_across_a_restart_is_answered_by_its_button_after_it(fake: FakeDiscord, tmp_path: Path) -> None:
    session = six_player_open_pass(tmp_path)
    table = Table(fake, NAMES, dm_seats=(0,))

    def first(h: Hosted) -> None:
        hedger_dealt(h, "heaven")
        h.taps(0, "open")
        h.settle()  # card 2 is out, with its buttons; then umpire stops

    Hosted(fake, table, session, table.ids()).run(first)
    again, recovery, paused = resumed(tmp_path / "bot.jsonl")

    def second(h: Hosted) -> None:
        h.type("resume")
        h.taps(0, "pass")  # card 2's button, sent before the restart
        h.settle()

    Hosted(fake, table, again, table.ids(), recovery=recovery, backlog=paused).run(second)
    cards = [m for m in table.private_messages(0) if " of 20: " in m.content]
    assert [c.content.split(":")[0] for c in cards] == [f"Hedger, card {n} of 20" for n in (1, 2, 3)]
    assert [labels(c) for c in cards] == [[("open", True), ("pass", True)]] * 2 + [[("open", False), ("pass", False)]]
    inputs = [(e.by, e.text) for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input)][-2:]
    assert inputs == [(0, "open"), (0, "pass")]


def test_r_bot_9_an_undo_closes_the_buttons_of_the_card_it_takes_back(fake: FakeDiscord, tmp_path: Path) -> None:
    session = six_player_open_pass(tmp_path)
    table = Table(fake, NAMES)

    def play(h: Hosted) -> None:
        hedger_dealt(h, "heaven")
        h.taps(0, "open")
        h.settle()
        h.type("undo")  # takes back the open: card 2 is withdrawn, and card 1 waits again
        h.settle()
        assert h.asking(0) is None  # no button is left live: the answer to card 1 is typed
        h.says(0, "pass")
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    cards = [m for m in table.private_messages(0) if m.content.startswith("Hedger, card")]
    assert [c.content.split(":")[0] for c in cards] == [f"Hedger, card {n} of 20" for n in (1, 2, 2)]
    assert [labels(c)[0][1] for c in cards] == [True, True, False]
    assert any("Correction" in m.content for m in table.private_messages(0))


def devils_deal_steps(lines: list[str], session: Session) -> list[Step]:
    """The Devil's Deal transcript as steps: a pasted Discord block (a `NAME — Today at …` header and its lines, up to an
    empty line) is that player's one message of several lines, as a Discord client sends it."""
    out: list[Step] = []
    block: list[str] | None = None
    seat = -1
    for raw in [*lines, ""]:
        line = raw.strip()
        if block is not None:
            if line:
                block.append(line)
                continue
            out.append(Step("player", "\n".join(block), seat=seat))
            block = None
        if " — Today at " in line:
            seat, block = session.resolve(line.split(" — ")[0]), []
        elif line and not line.startswith("#"):
            out += steps([line], session)
    return out


def test_r_bot_9_a_devils_deal_match_answered_by_taps_where_it_asks_rules_as_the_typed_words(fake: FakeDiscord, tmp_path: Path) -> None:
    lines = (SCRIPTS / "devils-deal.script").read_text().splitlines()
    scenario = load(ROOT / "scenarios" / "devils-deal.toml")
    scripted = Session.create(scenario, journal_path=tmp_path / "script.jsonl", seed="3115", salt=derive_salt("3115"))
    printed = list(batch(scripted, lines, json_out=True))
    scripted.close()

    table = Table(fake, [p.name for p in scenario.roster], dm_seats=(1,))
    hosted = Session.create(scenario, journal_path=tmp_path / "bot.jsonl", seed="3115", salt=derive_salt("3115"))
    script = devils_deal_steps(lines, hosted)
    tapped: list[Interaction] = []
    h = Hosted(fake, table, hosted, table.ids())
    h.run(lambda h: tapped.extend(play(h, script, taps=("yes", "no", "call", "fold"))))
    assert rulings(tmp_path / "bot.jsonl") == rulings(tmp_path / "script.jsonl")
    assert hosted.final() == json.loads(printed[-1])
    # The bot reads the match's typed result for the host's toolbar, as the game states it.
    assert (
        hosted.game.outcome(hosted.state) == scripted.game.outcome(scripted.state)
        and h.bot is not None
        and h.bot.toolbar().endswith(" 🏁 Uri won")
    )
    assert len(tapped) >= 10 and all(ix.message.channel is table.game for ix in tapped)
    answers = {int(e.source.rsplit("/", 1)[1]) for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input) and e.source}
    assert {ix.id for ix in tapped} <= answers
    assert not any(live_buttons(m) for m in table.public())  # the match is over: no question is left open
