"""What players type, read through the bot as in the REPL (issue 29): a mention names a player (R-READ-2), Discord's
formatting around a move is set aside (R-READ-1)."""

from __future__ import annotations

from pathlib import Path

from tests.fakediscord import FakeDiscord
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
