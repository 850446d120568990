"""Never stuck: every message a player can send is judged as it arrives, and nothing the bot fails on leaves the game
waiting. A word for the seed too long for its share of the seed's 500 characters is refused to its player with the
limit, and they send another; whatever the players' first messages are, the words are mixed in and the game starts.
A failure inside the bot's own handlers is told to the host, naming what failed and what to do, and the bot goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord
from umpire.scenario import load
from umpire.session import Session
from umpire.session import entries as E

from .support import ROOT, Hosted, Table, entries_of

CHOICE = ROOT / "scenarios" / "choice-is-yours.toml"
OPEN_PASS = ROOT / "scenarios" / "open-pass-heaven-hell.toml"


def started(path: Path) -> bool:
    """The journal holds the players' entropy, then the host's `start` accepted."""
    entries = entries_of(path)
    mixed = [i for i, e in enumerate(entries) if isinstance(e, E.Entropy)]
    starts = [i for i, e in enumerate(entries) if isinstance(e, E.Input) and e.by is None and e.text == "start"]
    return len(mixed) == 1 and bool(starts) and mixed[0] < starts[0]


def test_two_words_of_260_characters_are_refused_with_the_limit_and_shorter_ones_start_the_game(fake: FakeDiscord, tmp_path: Path) -> None:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    session = Session.create(load(CHOICE), journal_path=tmp_path / "bot.jsonl", player_entropy=True)

    def play(h: Hosted) -> None:
        h.says(0, "h" * 260)
        h.says(1, "u" * 260)
        h.says(0, "lantern")
        h.says(1, "maple")
        h.type("start")
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    refusal = (
        "your word for the seed is 260 characters; at most 249 with 2 players (all the words together are at most 500): send a shorter one"
    )
    for seat, letter in ((0, "h"), (1, "u")):
        first = table.private_messages(seat)[0].content
        assert first == f"✗ `{letter * 79}…` — {refusal}"
    assert session.fair.entropy_words == ("lantern", "maple") and started(tmp_path / "bot.jsonl")
    assert any("Block 1 of 6 begins" in m.content for m in table.public())


HOSTILE = [
    "x" * 2000,  # huge
    "",  # empty (a picture alone: no text)
    "🎲🎲🎲",  # only emoji
    "   \n\t \n ",  # only whitespace
    "👨\u200d👩\u200d👧",  # an emoji joined by invisible characters
    "a\x07b",  # a control character
    "forty-character-word-of-the-seed-0123456",  # 40 characters: over a 13th of the 500
]


def test_whatever_the_first_messages_of_thirteen_players_the_words_go_in_and_the_game_starts(fake: FakeDiscord, tmp_path: Path) -> None:
    scenario = load(OPEN_PASS)
    table = Table(fake, [p.name for p in scenario.roster], dm_seats=range(0, 13, 2))
    session = Session.create(scenario, journal_path=tmp_path / "bot.jsonl", player_entropy=True)

    def play(h: Hosted) -> None:
        for seat in range(13):
            h.says(seat, HOSTILE[seat % len(HOSTILE)])
        h.wait(lambda: sum(isinstance(e, E.Heard) for e in entries_of(tmp_path / "bot.jsonl")) == 13, "every first message judged")
        assert session.fair.waiting
        for seat in range(13):
            if seat not in session.fair.words:
                h.says(seat, f"word{seat}")
        h.type("start")
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    assert started(tmp_path / "bot.jsonl")
    refused = {e.by: e.refused for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Heard) and e.refused}
    assert refused[0] == (
        "your word for the seed is 2000 characters; at most 37 with 13 players (all the words together are at most 500): send a shorter one"
    )
    assert refused[1] == refused[3] == "your word for the seed has no text (umpire reads only a message's text): send a word or a number"
    assert "invisible or control character" in refused[4] and "invisible or control character" in refused[5]
    assert refused[6].startswith("your word for the seed is 40 characters; at most 37 with 13 players")
    assert 2 not in refused and session.fair.words[2] == "🎲🎲🎲"
    for seat in refused:  # each was told why, privately, and could send another
        assert table.private_messages(seat)[0].content.startswith("✗ ")


def test_thirteen_words_of_the_longest_length_taken_always_mix(fake: FakeDiscord, tmp_path: Path) -> None:
    scenario = load(OPEN_PASS)
    session = Session.create(scenario, journal_path=tmp_path / "s.jsonl", player_entropy=True)
    session.commitment_outputs()
    for seat in range(13):
        session.submit(seat, [chr(ord("a") + seat) * 37], source=f"discord:1/{seat + 1}")
    words = session.fair.entropy_words
    assert words is not None and len(words) == 13 and sum(len(w or "") for w in words) == 13 * 37 == 481


def test_a_failure_judging_one_message_is_told_to_the_host_and_the_next_is_judged(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    session = Session.create(load(CHOICE), journal_path=tmp_path / "bot.jsonl", seed="9701", salt="0" * 32)
    real = Session.submit

    def planted(self: Session, seat: int, lines: list[str], **kw: object) -> object:
        if lines == ["gs 1"]:
            raise RuntimeError("planted")
        return real(self, seat, lines, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Session, "submit", planted)

    def play(h: Hosted) -> None:
        h.type("start")
        h.says(0, "gs 1", wait=False)
        h.says(1, "gs 6")
        h.says(0, "gs 5")
        h.settle()

    out = Hosted(fake, table, session, table.ids()).run(play)
    assert (
        "⚠ umpire failed on Hedger's message “gs 1” (RuntimeError: planted): it is not taken; type it for them (“p1: …”) or "
        "ask Hedger to send it again"
    ) in " ".join(out.split())
    plays = [(e.by, e.text) for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input) and e.by is not None]
    assert plays == [(1, "gs 6"), (0, "gs 5")]


def test_a_failure_recording_a_sent_dm_is_told_and_sending_goes_on(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    session = Session.create(load(CHOICE), journal_path=tmp_path / "bot.jsonl", seed="9701", salt="0" * 32)
    real = Session.deliver
    failed: list[int] = []

    def planted(self: Session, seat: int, *args: object, **kw: object) -> object:
        if seat == 0 and not failed:
            failed.append(seat)
            raise RuntimeError("planted")
        return real(self, seat, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Session, "deliver", planted)

    def play(h: Hosted) -> None:
        h.type("start")
        h.says(0, "gs 5")
        h.wait(lambda: failed, "the planted failure")
        h.says(0, "gs 4")
        h.wait(lambda: len(table.private_messages(0)) == 2, "the second receipt")

    out = Hosted(fake, table, session, table.ids()).run(play)
    assert "⚠ umpire failed on recording the private message to Hedger (entry" in out
    assert "(RuntimeError: planted): sending goes on" in " ".join(out.split())
    assert [m.content.split(":")[0] for m in table.private_messages(0)] == ["Your play for round 1", "Your play for round 1"]
