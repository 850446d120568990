"""Every front end draws a post's picture with the seats' labels (a name no font here has is followed
by its alias), and the REPL tells the host once which names cannot be drawn and what to install."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest

from umpire.core.players import Player, Roster
from umpire.discord.outbound import messages
from umpire.games.base import Post
from umpire.games.pictures import table_picture
from umpire.images import Standings, draw, faces
from umpire.images.seats import seat_labels
from umpire.images.system_fonts import install_hint
from umpire.repl.clipboard import Copied
from umpire.repl.shell import Shell
from umpire.repl.terminal import Terminal
from umpire.report.match import _labelled
from umpire.scenario import Scenario
from umpire.session import Session

from .support import same_pixels

PLAYERS = (Player(seat=0, name="محمد", aliases=("p1",)), Player(seat=1, name="山田太郎", aliases=("p2",)))
TITLE = "Hap-Tac-Toe: 山田太郎 wins"
ROWS = [("山田太郎", "4"), ("محمد", "3")]


def _expected(labelled: bool) -> bytes:
    table = Standings(title=TITLE, columns=("player", "total"), rows=tuple(ROWS))
    if not labelled:
        return draw(table)
    with seat_labels(PLAYERS):
        return draw(table)


@pytest.fixture
def bundled_only():
    with faces.setting(system=False):  # as on a machine with no Arabic or CJK font
        yield


def test_r_the_repl_draws_names_with_their_aliases_and_tells_the_host_once(
    bundled_only, htt: Scenario, clock, monkeypatch, tmp_path: Path
) -> None:
    copied: list[object] = []
    monkeypatch.setattr("umpire.repl.clipboard.copy", lambda text: copied.append(text) or Copied(confirmed=True, how="copied", tool="test"))
    monkeypatch.setattr("umpire.repl.clipboard.copy_image", lambda png: copied.append(png) or "picture copied")
    s = Session.create(replace(htt, roster=Roster(list(PLAYERS))), journal_path=tmp_path / "g.journal.jsonl", seed="1", salt="0" * 32)
    out = io.StringIO()
    shell = Shell(s, Terminal(out, width=400), clock)
    for n in (7, 8):  # two pictures: the host is told at the first only
        s.engine.last_public = [f"post {n}"]
        s.engine.last_public_posts = [(n, Post(text=f"post {n}", image=table_picture(TITLE, ("player", "total"), ROWS)))]
        shell.handle("copy")
    pictures = [c for c in copied if isinstance(c, bytes)]
    assert len(pictures) == 2 and same_pixels(pictures[0], _expected(labelled=True))
    assert not same_pixels(pictures[0], _expected(labelled=False))
    note = (
        "Pictures: no font on this machine draws some letters of محمد and 山田太郎, so the pictures show them as boxes with the "
        f"player's alias beside them. To draw every name in its own letters, install {install_hint()}."
    )
    assert " ".join(out.getvalue().split()).count(note) == 1


def test_the_repl_says_nothing_of_fonts_when_every_name_is_drawn(session: Session, clock, monkeypatch) -> None:
    monkeypatch.setattr("umpire.repl.clipboard.copy_image", lambda png: "picture copied")
    out = io.StringIO()
    shell = Shell(session, Terminal(out, width=300), clock)
    session.engine.last_public = ["the table"]
    session.engine.last_public_posts = [
        (3, Post(text="the table", image=table_picture("Hedger wins", ("player",), [("Hedger",), ("Uri",)])))
    ]
    shell.handle("copy")
    assert "no font" not in out.getvalue() and "picture copied" in out.getvalue()


def test_discords_messages_draw_the_picture_with_the_seats_labels(bundled_only) -> None:
    post = Post(text="the end", image=table_picture(TITLE, ("player", "total"), ROWS))
    (message,) = messages([post], game="g", tag="t", pictures=True, players=PLAYERS)
    ((_, png),) = message.files
    assert same_pixels(png, _expected(labelled=True))
    (plain,) = messages([post], game="g", tag="t", pictures=True)  # no players given: the picture as drawn
    assert same_pixels(plain.files[0][1], _expected(labelled=False))


def test_the_reports_pictures_are_drawn_with_the_seats_labels(bundled_only) -> None:
    picture = _labelled(table_picture(TITLE, ("player", "total"), ROWS), PLAYERS)
    assert same_pixels(picture(), _expected(labelled=True))
