"""What players type, read through the bot as in the REPL (issue 29): a mention names a player (R-READ-2), Discord's
formatting around a move is set aside (R-READ-1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord
from tests.seeds import SEEDS, test_seed
from tests.testgames import scenario_path
from umpire.scenario import load
from umpire.session import Session
from umpire.session import entries as E

from .support import ROOT, Hosted, Table, entries_of


def hap_tac_toe(fake: FakeDiscord, tmp_path: Path) -> tuple[Table, Session]:
    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    return table, Session.create(
        load(ROOT / "scenarios" / "hap-tac-toe.toml"), journal_path=tmp_path / "bot.jsonl", seed="5", salt="0" * 32
    )


def test_r_read_2_a_mention_as_discord_delivers_it_names_the_player(fake: FakeDiscord, tmp_path: Path) -> None:
    table, session = hap_tac_toe(fake, tmp_path)

    def play(h: Hosted) -> None:
        h.says(1, f"first <@{table.users[0].id}>")
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    assert session.state.first == 0
    (taken,) = [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input)]
    assert (taken.by, taken.text, taken.line) == (1, "first Hedger", f"Uri: first <@{table.users[0].id}>")
    assert table.public()[-1].content == "**Uri** chooses **Hedger** to move first in game 1 (and second in game 2)."


def test_r_read_1_a_formatted_move_through_the_bot_is_the_move(fake: FakeDiscord, tmp_path: Path) -> None:
    table, session = hap_tac_toe(fake, tmp_path)

    def play(h: Hosted) -> None:
        h.says(1, "||first p1||!")
        h.type("start")
        h.says(0, "**black red circle C3** ✅")
        h.says(0, "done :white_check_mark:")
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    taken = [(e.by, e.text) for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input) and e.by is not None]
    assert taken == [(1, "first p1"), (0, "black red circle C3"), (0, "done")]
    assert not [m for seat in (0, 1) for m in table.private_messages(seat) if m.content.startswith("✗")]


# ---------------------------------------------------------------- R-READ-4: a player's own status, through the bot

GAMES = {  # scenario, players, what is played first (host lines, or (seat, text) from a player), who asks, how, a secret
    "hap-tac-toe": (["Hedger", "Uri"], ["start", (0, "black red circle C3")], "status", "black red circle"),
    "when-stars-align": (["Hedger", "Ian"], ["start", (0, "yellow solid 4 C3")], "status", "yellow solid 4"),
    "choice-is-yours": (["Hedger", "Uri"], ["start", (0, "gs 5")], "money", "gs 5"),
    "open-pass-heaven-hell": (
        ["Hedger", "Uri", "Ian", "Yuna", "Marcel", "Elara", "Jonas", "Priya", "Theo", "Sana", "Kofi", "Lena", "Wren"],
        ["start", (0, "bid 1 4")],
        "cards",
        "Heaven Basic",
    ),
    "devils-deal": (["Hedger", "Uri"], ["start", (1, "first p1"), (0, "no"), (1, "no"), (0, "pick R5 G5")], "pool", "R5`, second"),
    "number-auction": (["Hedger", "Uri", "Yuna", "Mara"], ["start", (0, "bid 13")], "status", "my bid: 13"),
}
FIRST = {"hap-tac-toe": "p2: first p1", "when-stars-align": "p2: first p1"}


@pytest.mark.parametrize("scenario", sorted(GAMES))
def test_r_read_4_a_players_status_through_the_bot_is_a_dm_of_what_their_seat_may_know(
    fake: FakeDiscord, tmp_path: Path, scenario: str
) -> None:
    names, moves, word, secret = GAMES[scenario]
    table = Table(fake, names, dm_seats=(1,))
    sc = load(scenario_path(scenario))
    session = Session.create(sc, journal_path=tmp_path / "bot.jsonl", seed=test_seed(sc), salt="0" * 32)
    answers: dict[int, str] = {}
    # `status`, or the game's own word where its card makes `status` a public post (The Choice is Yours: `money`)
    first_word = "status" if "status" in session.game.status_words else word

    def play(h: Hosted) -> None:
        if scenario in FIRST:
            h.says(1, FIRST[scenario].split(": ", 1)[1])
        for move in moves:
            if isinstance(move, str):
                h.type(move)
            else:
                h.says(*move)
        h.settle()
        for seat in (1, 0):
            before = len(table.private_messages(seat))
            h.says(seat, word if seat else first_word)
            h.settle()
            (got,) = table.private_messages(seat)[before:]
            answers[seat] = got.content
            assert got.content == session.game.own_status(session.knowledge(seat), names[seat])

    Hosted(fake, table, session, table.ids()).run(play)
    assert secret in answers[0] and secret not in answers[1]  # Hedger's own sealed move: his to see, never the other's
    assert not any(m.content.startswith("📋") for m in table.public())
    asked = [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Asked)]
    assert [(e.by, e.text) for e in asked] == [(1, word), (0, first_word)] and all(e.source for e in asked)
    assert not [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Input) and e.text in ("status", word)]


def test_r_read_5_an_offer_sent_twice_through_the_bot_is_one_offer_and_the_player_is_told(fake: FakeDiscord, tmp_path: Path) -> None:
    names = GAMES["open-pass-heaven-hell"][0]
    table = Table(fake, names, dm_seats=(0,))
    sc = load(ROOT / "scenarios" / "open-pass-heaven-hell.toml")
    session = Session.create(sc, journal_path=tmp_path / "bot.jsonl", seed=SEEDS["open-pass-heaven-hell"], salt="0" * 32)

    def play(h: Hosted) -> None:
        h.type("start")
        h.says(0, "trade 1 for 2 with @Uri")
        h.says(0, "trade 1 for 2 with Uri!")
        h.settle()

    Hosted(fake, table, session, table.ids()).run(play)
    assert len(session.state.trades) == 1
    told = [m.content for m in table.private_messages(0)]
    assert told[-1] == (
        "✗ `trade 1 for 2 with Uri!` — counted once: the same move as your “trade 1 for 2 with @Uri” came again within 5 s "
        "with nothing judged between, so it is one message sent twice (R-READ-5); the first stands"
    )
    (heard,) = [e for e in entries_of(tmp_path / "bot.jsonl") if isinstance(e, E.Heard)]
    assert heard.refused is not None and heard.refused.startswith("counted once")
