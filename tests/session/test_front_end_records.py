"""What a bot front end records through the session: the messages it took (accepted or heard), the public
posts it confirmed, where it began listening, and a DM an undo withdrew while it was on its way."""

from __future__ import annotations

from pathlib import Path

import pytest

from umpire.core import journal
from umpire.core.errors import IllegalAction
from umpire.scenario import Scenario
from umpire.session import DmStatus, OutputKind, Session
from umpire.session import entries as E


@pytest.fixture
def game(choice: Scenario, journal_path: Path) -> Session:
    s = Session.create(choice, journal_path=journal_path, seed="9701", salt="0" * 32)
    s.commitment_outputs()
    s.feed("start")
    return s


def kinds(path: Path) -> list[str]:
    return [e["kind"] for e in journal.read(path).entries]


def test_a_refused_message_is_journaled_as_heard_with_its_reason_and_changes_nothing(game: Session, journal_path: Path) -> None:
    state = game.state
    out = game.submit(0, ["gs 99"], at=6000, source="discord:1/11")
    assert [o.kind for o in out] == [OutputKind.REFUSAL]
    assert game.state is state
    heard = E.read(journal.read(journal_path).entries[-1], str(journal_path))
    assert heard == E.Heard(t=heard.t, by=0, text="gs 99", source="discord:1/11", refused="“99” is not a card: cards are 1 to 9")


def test_a_refused_messages_sender_text_and_source_are_sealed_in_the_journal(game: Session, journal_path: Path) -> None:
    game.submit(1, ["gs 99"], at=6000, source="discord:2/12")
    raw = journal.read(journal_path).entries[-1]
    assert raw["kind"] == "heard"
    assert not {"by", "text", "refused", "source"} & set(raw), "a published journal must not say whose channel it came from"
    assert E.read(raw, str(journal_path)).source == "discord:2/12"  # the host's own journal still has it


def test_an_accepted_message_is_not_journaled_as_heard(game: Session, journal_path: Path) -> None:
    game.submit(0, ["gs 5"], at=5000, source="discord:1/10")
    assert "heard" not in kinds(journal_path)


def test_a_resumed_session_knows_every_message_taken_accepted_or_refused(game: Session, journal_path: Path) -> None:
    game.submit(0, ["gs 5"], at=5000, source="discord:1/10")
    game.submit(1, ["gs 99"], at=5500, source="discord:2/12")
    game.close()
    again, _, _ = Session.load(journal_path, reopen=True)
    assert again.sources == {"discord:1/10", "discord:2/12"}
    before = again.entries
    out = again.submit(1, ["gs 99"], source="discord:2/12")
    assert [o.text for o in out] == ["(already taken: discord:2/12)"] and again.entries == before
    again.close()


def test_posted_and_listening_are_journaled_and_replay_changing_nothing(game: Session, journal_path: Path) -> None:
    game.listening("Discord", "1100000000000000000")
    game.posted(1, [0, 1], via="Discord", receipts=["501", "502"])
    with pytest.raises(IllegalAction, match="no public post named"):
        game.posted(1, [])
    state_now = game.final()
    game.close()
    assert kinds(journal_path)[-2:] == ["listening", "posted"]
    again, _, _ = Session.load(journal_path, reopen=False)
    assert again.final() == state_now


def test_a_dm_withdrawn_while_on_its_way_is_recorded_when_it_arrives_and_corrected(game: Session) -> None:
    game.submit(0, ["gs 5"], at=5000, source="discord:1/10")
    (dm,) = game.waiting(0)
    game.feed("undo")  # the bot was still sending it
    assert game.dm_status(dm.id) == DmStatus.WITHDRAWN and game.waiting(0) == []
    out = game.deliver(0, [dm.id], via="Discord", receipts=["900"])
    assert game.dm_status(dm.id) == DmStatus.SENT
    (correction,) = game.waiting(0)
    assert "Correction" in correction.text and "Your play for round 1: 5" in correction.text
    assert any("marked as sent" in o.text for o in out)


def test_a_withdrawn_dm_cannot_be_delivered_to_another_player(game: Session) -> None:
    game.submit(0, ["gs 5"], at=5000, source="discord:1/10")
    (dm,) = game.waiting(0)
    game.feed("undo")
    with pytest.raises(IllegalAction, match="no private messages wait for Uri"):
        game.deliver(1, [dm.id], via="Discord")


def test_a_bots_players_words_for_the_seed_are_taken_one_each_and_mixed_in_seat_order(choice: Scenario, journal_path: Path) -> None:
    s = Session.create(choice, journal_path=journal_path, player_entropy=True)
    s.commitment_outputs()
    out = s.submit(1, ["maple"], source="discord:2/20")
    assert [(o.audience.seat, o.text) for o in out] == [
        (1, "🎲 Your word for the seed is in: `maple` (1 of 2 players' words so far). The game starts once every player's is in.")
    ]
    again = s.submit(1, ["birch"], source="discord:2/21")
    assert [o.text for o in again if o.kind == OutputKind.REFUSAL] == [
        "your word for the seed is in already (“maple”); the game starts once every player's is"
    ]
    assert s.fair.waiting
    out = s.submit(0, ["17", "lantern"], source="discord:1/22")
    assert not s.fair.waiting and s.fair.entropy_words == ("17 lantern", "maple")  # in seat order, not the order they came
    assert any(o.audience.public and "Hedger: `17 lantern`\nUri: `maple`" in o.text for o in out)
    s.close()
    resumed, _, _ = Session.load(journal_path, reopen=False)
    assert resumed.fair.entropy_words == ("17 lantern", "maple")
    assert resumed.sources == {"discord:2/20", "discord:2/21", "discord:1/22"}


def test_a_word_for_the_seed_that_cannot_be_used_is_refused_to_its_player(choice: Scenario) -> None:
    s = Session.create(choice, journal_path=None, player_entropy=True)
    s.commitment_outputs()
    (refused,) = [o for o in s.submit(0, ["a\x07b"], source="discord:1/30") if o.kind == OutputKind.REFUSAL]
    assert refused.audience.seat == 0 and "invisible or control character" in refused.text
    assert s.fair.words == {}
