"""What the REPL prints: a batch of outputs as text built once, a view's table in rich's box."""

from __future__ import annotations

import io
import re

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from umpire.games.base import HOST, PUBLIC, View, dm
from umpire.repl.show import show
from umpire.repl.terminal import Terminal
from umpire.session import Output, OutputKind

NAMES = ("Hedger", "Uri")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


class CountingFile(io.StringIO):
    """A terminal stand-in that counts the writes made to it."""

    writes = 0

    def write(self, s: str) -> int:
        self.writes += 1
        return super().write(s)


def console(*, width: int = 120, terminal: bool = False) -> Terminal:
    return Terminal(CountingFile(), width=width, tty=terminal)


def printed(con: Terminal | Console) -> str:
    assert isinstance(con.file, io.StringIO)
    return con.file.getvalue()


def rich_table(view: View, width: int) -> str:
    """The view's table (without its title) as rich draws it."""
    con = Console(file=io.StringIO(), width=width)
    t = Table()
    for c in view.columns:
        t.add_column(escape(c))
    for r in view.rows:
        t.add_row(*(escape(x) for x in r))
    con.print(t)
    return printed(con)


STATUS = View(
    title="Game 1, turn 3",
    columns=("player", "game 1", "game 2", "total", "reserve"),
    rows=(("Hedger", "2", "0", "2", "4:31"), ("Uri", "½", "0", "½", "5:00")),
    chat="**Hedger** 2 · **Uri** ½",
    notes=("placements are sealed until the turn ends",),
)


def test_a_view_that_fits_is_drawn_in_the_box_rich_draws_with_its_title_notes_and_chat_text():
    con = console()
    show(con, [Output(kind=OutputKind.VIEW, view=STATUS, text=STATUS.chat, audience=HOST)], NAMES)
    out = printed(con)
    assert out.startswith("Game 1, turn 3\n")
    assert rich_table(STATUS, 120) in out
    assert "placements are sealed until the turn ends\nchat text ─" in out
    assert out.endswith("\n**Hedger** 2 · **Uri** ½\n")


def test_a_view_on_a_colour_terminal_shows_the_same_text_styled():
    plain, styled = console(), console(terminal=True)
    for con in (plain, styled):
        show(con, [Output(kind=OutputKind.VIEW, view=STATUS, text=STATUS.chat, audience=HOST)], NAMES)
    assert "\x1b[" in printed(styled)
    assert ANSI.sub("", printed(styled)) == printed(plain)


def test_a_table_wider_than_the_terminal_is_narrowed_to_fit_and_its_cells_wrapped_at_spaces():
    wide = View(
        title="status",
        columns=("player", "advantages left"),
        rows=(("Hedger", "Goofspiel 1/1, Expressions 1/1, Gyul Hap 0/1"), ("Uri", "none")),
    )
    con = console(width=40)
    show(con, [Output(kind=OutputKind.VIEW, view=wide, audience=HOST)], NAMES)
    lines = printed(con).split("\n")[1:-1]
    assert all(len(line) <= 40 for line in lines)
    assert len({len(line) for line in lines}) == 1  # every row of the box as wide as the others
    body = " ".join(line.strip("│ ") for line in lines)
    for word in ("Goofspiel", "1/1,", "Expressions", "Gyul", "Hap", "0/1"):
        assert word in body


def test_a_cell_of_several_lines_makes_a_row_of_several_lines():
    v = View(title="t", columns=("a", "b"), rows=(("x\ny", "z"),))
    con = console()
    show(con, [Output(kind=OutputKind.VIEW, view=v, audience=HOST)], NAMES)
    assert rich_table(v, 120) in printed(con)


def test_a_pasted_escape_sequence_is_shown_escaped_in_every_output():
    v = View(title="t\x1b[2J", columns=("a",), rows=(("\x1b]52;c;eA==\x07",),), notes=("n\x9b2J",), chat="c\x1b[31m")
    outs = [
        Output(kind=OutputKind.VIEW, view=v, audience=HOST),
        Output(kind=OutputKind.REFUSAL, input="p1: \x1b[2J", text="nope", audience=HOST),
        Output(kind=OutputKind.ANNOUNCE, text="post\x1b[2J\nline two", audience=PUBLIC),
        Output(kind=OutputKind.ANNOUNCE, text="dm\x07", audience=dm(1), names=NAMES),
        Output(kind=OutputKind.INFO, text="info\x1b[0m"),
    ]
    con = console()
    show(con, outs, NAMES)
    out = printed(con)
    assert "\x1b" not in out and "\x9b" not in out and "\x07" not in out
    for shown in (
        "t\\x1b[2J",
        "\\x1b]52;c;eA==\\x07",
        "n\\x9b2J",
        "c\\x1b[31m",
        "p1: \\x1b[2J",
        "post\\x1b[2J\nline two",
        "[to Uri] dm\\x07",
    ):
        assert shown in out


def test_a_batch_of_outputs_reaches_the_terminal_in_one_write():
    outs = [Output(kind=OutputKind.ANNOUNCE, text=f"ruling {i}", audience=PUBLIC) for i in range(60)]
    outs.append(Output(kind=OutputKind.VIEW, view=STATUS, audience=HOST))
    con = console()
    show(con, outs, NAMES)
    assert isinstance(con.file, CountingFile) and con.file.writes == 1
    assert printed(con).count("post ─") == 60


def test_a_public_post_longer_than_a_chat_message_is_shown_as_its_numbered_messages():
    text = "\n".join("word " * 30 for _ in range(20))  # over Discord's 2,000 characters
    con = console()
    show(con, [Output(kind=OutputKind.ANNOUNCE, text=text, audience=PUBLIC)], NAMES)
    assert "post 1/2 ─" in printed(con) and "post 2/2 ─" in printed(con)


def test_a_host_note_is_broken_between_words_and_a_dm_shows_whole_to_be_copied() -> None:
    con = console(width=30)
    note = "Hedger's division: G4 B4 G6 (14) · R2 G3 G9 (14) — valid: takes 9"
    show(
        con,
        [
            Output(kind=OutputKind.ANNOUNCE, text=note, audience=HOST),
            Output(kind=OutputKind.ANNOUNCE, text="Your play for round 1: 3. You can change it until the deadline.", audience=dm(0)),
        ],
        NAMES,
    )
    lines = printed(con).rstrip("\n").split("\n")
    assert lines[:3] == ["[host] Hedger's division: G4", "B4 G6 (14) · R2 G3 G9 (14) —", "valid: takes 9"]
    assert lines[3] == "[to Hedger] Your play for round 1: 3. You can change it until the deadline."


def test_a_note_of_the_repls_own_is_broken_between_words() -> None:
    con = console(width=30)
    show(
        con,
        [Output(kind=OutputKind.INFO, text="The fairness commitment, posted when this game began: `" + "a" * 40 + "`", audience=HOST)],
        NAMES,
    )
    assert printed(con).split("\n")[:3] == ["The fairness commitment,", "posted when this game began:", "`" + "a" * 40 + "`"]


def test_a_refusal_of_a_players_line_is_marked_as_a_private_answer_to_them_and_the_hosts_is_not() -> None:
    # Issue 29, item 11: in the REPL and in batch mode's text alike.
    from umpire.render import text_lines

    player = Output(kind=OutputKind.REFUSAL, input="p2: hap A1 B1 C1", text="C1 is empty", audience=dm(1), names=NAMES, line=8)
    host = Output(kind=OutputKind.REFUSAL, input="undo", text="there is nothing to undo", audience=HOST, names=NAMES, line=9)
    con = console()
    show(con, [player, host], NAMES)
    assert printed(con) == "✗ [to Uri, privately] p2: hap A1 B1 C1 — C1 is empty\n✗ undo — there is nothing to undo\n"
    assert text_lines([player, host], NAMES) == [
        "✗ [to Uri, privately] line 8: p2: hap A1 B1 C1 — C1 is empty",
        "✗ line 9: undo — there is nothing to undo",
    ]
