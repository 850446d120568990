"""A game whose `parse` raises cannot end the REPL.

The broken game is the auction with one realistic bug: it reads a bid's amount before checking
there is one, so “bid” alone raises IndexError, and its completion reads what was typed the same
way. Typed into the real REPL (prompt_toolkit on a pipe, DummyOutput), the line's live check, the
toolbar and Tab completion meet the bug while it is typed, and Enter meets it in the session: each
reports an internal error, the prompt comes back for the next line, and the journal is intact.
"""

from __future__ import annotations

import dataclasses
import io
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.formatted_text import to_plain_text

from tests.contract.auction import ENTRY, commands
from tests.contract.auction.commands import Command
from tests.contract.auction.state import State
from tests.contract.conftest import AUCTION_SCENARIO, AUCTION_SEED
from umpire.core import journal
from umpire.games import record_of
from umpire.games.base import Resolve
from umpire.repl import complete, shell
from umpire.repl.terminal import Terminal
from umpire.scenario import load
from umpire.session import Session, derive_salt
from umpire.session.entries import opened

GAME = record_of(ENTRY)

READER_BUG = "internal error in the game's reader (IndexError); Enter reports it without changing anything"
ENTER_BUG = (
    "✗ p2: bid — internal error while judging this line; nothing was changed and the journal is intact "
    "(IndexError: list index out of range)"
)


def broken_parse(state: State, actor: int | None, text: str, resolve: Resolve) -> Command:
    """Reads the amount before checking there is one: “bid” alone raises IndexError."""
    words = text.split()
    if actor is not None and words[0].casefold() == "bid":
        int(words[1])
    return commands.parse(state, actor, text, resolve)


def broken_complete(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    """Reads what was typed first, so completing after “bid” meets the same bug."""
    if actor is not None and words:
        broken_parse(state, actor, " ".join(words), lambda name: 0)
    return []


# The auction with a bug in its reader (and a completion that reads what was typed).
BROKEN = dataclasses.replace(
    GAME,
    parse=broken_parse,
    moves=tuple(dataclasses.replace(m, complete=broken_complete) if m.name == "bid" else m for m in GAME.moves),
)


@pytest.fixture
def broken(tmp_path: Path) -> Session:
    """A new auction hosted with the broken game, journaling to tmp_path."""
    sc = dataclasses.replace(load(AUCTION_SCENARIO), checked=BROKEN)
    return Session.create(sc, journal_path=tmp_path / "broken.jsonl", seed=AUCTION_SEED, salt=derive_salt(AUCTION_SEED))


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[Any]]]:
    """What the REPL's toolbar showed, what the live check answered and what completion offered, while keys were typed."""
    record: dict[str, list[Any]] = {"toolbar": [], "live": [], "completions": []}
    real_toolbar = shell.Shell.toolbar
    real_check = Session.check
    real_completions = complete.UmpireCompleter.get_completions

    def toolbar(self: shell.Shell) -> Any:
        out = real_toolbar(self)
        record["toolbar"].append(to_plain_text(out) if not isinstance(out, str) else out)
        return out

    def live(session: Session, text: str, *, allow_time: bool = True, ahead: bool = False) -> str | None:
        answer = real_check(session, text, allow_time=allow_time, ahead=ahead)
        record["live"].append((text, answer))
        return answer

    def completions(self: complete.UmpireCompleter, document: Any, event: Any) -> Iterator[Any]:
        got = list(real_completions(self, document, event))
        record["completions"].append((document.text, [c.text for c in got]))
        yield from got

    monkeypatch.setattr(shell.Shell, "toolbar", toolbar)
    monkeypatch.setattr(Session, "check", live)
    monkeypatch.setattr(complete.UmpireCompleter, "get_completions", completions)
    yield record


def type_into_repl(session: Session, *chunks: str) -> str:
    """Run the real REPL with `chunks` typed a moment apart (so it redraws between them), then Ctrl-D."""
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    out = io.StringIO()
    clock: Callable[[], float] = lambda: 1000.0  # the game clock stands still: nothing falls due while typing

    def feed_keys(inp: Any) -> None:
        for chunk in (*chunks, "\x04"):
            time.sleep(0.15)
            inp.send_text(chunk)

    with create_pipe_input() as inp:
        feeder = threading.Thread(target=feed_keys, args=(inp,), daemon=True)
        feeder.start()
        shell.run(
            session,
            pt_input=inp,
            pt_output=DummyOutput(),
            terminal=Terminal(out, width=200),
            history=InMemoryHistory(),
            monotonic=clock,
        )
        feeder.join(timeout=10)
    return out.getvalue()


def journaled_lines(session: Session) -> list[str]:
    assert session.journal_path is not None
    return [opened(e)["line"] for e in journal.read(session.journal_path).entries if e["kind"] == "input"]


def test_the_broken_game_really_raises(broken: Session) -> None:
    with pytest.raises(IndexError):
        broken.game.parse(broken.state, 0, "bid", lambda name: 0)
    broken.feed("start")  # completion offers a bid's words only while a lot is open
    with pytest.raises(IndexError):
        broken.game.suggest(broken.state, 0, ["bid"])


def test_a_parse_that_raises_is_an_internal_error_in_the_live_check_and_on_enter(broken: Session) -> None:
    broken.feed("start")
    assert broken.check("p2: bid", allow_time=False) == READER_BUG
    before, entries = broken.state, broken.entries
    (o,) = broken.feed("p2: bid")
    assert (o.kind, o.error, o.input) == ("refusal", "InternalError", "p2: bid")
    assert broken.state is before and broken.entries == entries


def test_a_game_whose_parse_raises_cannot_end_the_repl(broken: Session, seen: dict[str, list[Any]]) -> None:
    printed = type_into_repl(broken, "start\r", "p1: bid 5\r", "p2: bid ", "\t", "\r", "p2: bid 7\r", "status\r")
    # While “p2: bid ” was typed: the live check and the toolbar reported the bug, completion offered nothing and did not raise.
    assert ("p2: bid ", READER_BUG) in seen["live"]
    assert any(READER_BUG in bar for bar in seen["toolbar"]), seen["toolbar"]
    assert ("p2: bid ", []) in seen["completions"]
    # Enter reported it, and the prompt came back: the next lines were judged and the REPL ended only at Ctrl-D.
    assert ENTER_BUG in printed
    assert "[to Uri] 🔒 Your bid of **7** on lot 1" in printed
    assert "== Sealed-bid auction — lot 1/4" in printed or "Sealed-bid auction — lot 1/4" in printed
    assert printed.rstrip().endswith("Bye. Everything accepted is in the journal.")
    # The journal is intact: every accepted line, nothing of the bad one, and it replays to the same game.
    assert journaled_lines(broken) == ["start", "p1: bid 5", "p2: bid 7"]
    reloaded, _, _ = Session.load(broken.journal_path or "", reopen=False)
    assert reloaded.state == broken.state


def test_a_bug_in_completion_alone_costs_only_the_completion(broken: Session, seen: dict[str, list[Any]]) -> None:
    printed = type_into_repl(broken, "start\r", "p3: bid ", "\t", "\x15", "p3: bid 9\r")
    assert ("p3: bid ", []) in seen["completions"]
    assert "[to Yuna] 🔒 Your bid of **9** on lot 1" in printed
    assert journaled_lines(broken) == ["start", "p3: bid 9"]
