"""The REPL's first prompt comes before what only a line needs (issue 22: within 1.4x of a bare PromptSession).

`umpire play GAME` imports, up to its first prompt, none of the judging, the host's commands, the live check,
the lines' classification, the journal entries and session events of a game under way, nor the game's rules
(and, where its state and tables do not need them, its commands, events and announcements): each is imported
when first used. `umpire.session.warm_up`, which `umpire play` runs in the background once the prompt is up,
imports them all, so that the first line then imports nothing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from umpire.games import Entry, entries, module_of

# Runs `umpire ARGS` up to the REPL's first prompt (before its first frame, so before any warm-up starts);
# prints the umpire modules (and difflib) imported so far on stderr and ends the REPL as Ctrl-D does.
PROBE = """
import sys
import prompt_toolkit

def first_prompt(self, *args, **kwargs):
    names = sorted(m for m in sys.modules if m.startswith("umpire.") or m == "difflib")
    print("loaded: " + " ".join(names), file=sys.stderr)
    raise EOFError

prompt_toolkit.PromptSession.prompt_async = first_prompt
from umpire.cli import main
sys.argv = ["umpire", *{args!r}]
main()
"""

# The umpire under test, where the tests were pointed at another copy of it than the installed one (tests/test_five_places.py).
UNDER_TEST = {"PYTHONPATH": os.environ["PYTHONPATH"]} if os.environ.get("PYTHONPATH") else {}

LATER_IN_THE_SESSION = {f"umpire.session.{m}" for m in ("judging", "host", "live", "intake", "lines", "host_entries", "play_events")} | {
    "difflib"
}

# The parts of each game its first prompt goes without (its state, table of moves and table of views are imported):
# for every game in umpire/games, its rules wherever its state is a module of its own (a small game keeps its state in
# its rules); for the games umpire ships, as much as each state and table of moves let it do without.
SHIPPED_LATER = {
    "hap-tac-toe": ("rules", "commands", "events", "render", "pictures"),
    "when-stars-align": ("rules", "commands", "events", "render", "pictures"),
    "open-pass": ("rules", "commands", "events", "render", "pictures", "trades"),
    "devils-deal": ("rules", "commands", "events", "render", "pictures"),
    "choice-is-yours": ("rules",),  # its state and moves need its events and commands
}


def _later(e: Entry) -> tuple[str, tuple[str, ...]]:
    package = e.package.removeprefix("umpire.games.")
    own_state = (Path(__file__).resolve().parents[1] / "umpire" / "games" / package / "state.py").is_file()
    return package, SHIPPED_LATER.get(e.key, ("rules",) if own_state else ())


LATER_IN_THE_GAME = {e.key: _later(e) for e in entries() if e.package.startswith("umpire.games.")}


def loaded_at_the_first_prompt(tmp_path: Path, game: str) -> set[str]:
    code = PROBE.format(args=["play", game, "--journal", "game.journal.jsonl"])
    env = {"PATH": "/usr/bin:/bin", "XDG_STATE_HOME": str(tmp_path), "HOME": str(tmp_path), **UNDER_TEST}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("loaded: ")]
    assert len(lines) == 1, result.stderr
    return set(lines[0].removeprefix("loaded: ").split())


@pytest.mark.parametrize("game", sorted(LATER_IN_THE_GAME))
def test_the_first_prompt_imports_neither_the_judging_nor_the_games_rules(tmp_path: Path, game: str) -> None:
    loaded = loaded_at_the_first_prompt(tmp_path, game)
    package, parts = LATER_IN_THE_GAME[game]
    assert module_of(f"umpire.games.{package}", "state") in loaded and "umpire.session.engine" in loaded  # the session was made
    later = LATER_IN_THE_SESSION | {f"umpire.games.{package}.{part}" for part in parts}
    assert not loaded & later, f"imported before the first prompt: {sorted(loaded & later)}"


# In a new process: a session made as `umpire play GAME` makes it, then what the REPL makes ready once its first
# frame is drawn (`ready_ahead`, here with an application that only fires `after_render`), then its first line;
# prints what was imported by each (of the umpire modules and difflib), and the first line's outputs' errors.
WARMED = """
import json, sys, tempfile, threading
from pathlib import Path
from prompt_toolkit.utils import Event
from umpire.cli.common import find_scenario
from umpire.repl.warmup import ready_ahead
from umpire.scenario import load
from umpire.session import Session

class App:
    def __init__(self):
        self.after_render = Event(self)
        self.current_buffer = self
        self.text = ""

def imported():
    return {{m for m in sys.modules if m.startswith("umpire.") or m == "difflib"}}

sc = load(find_scenario({game!r}))
session = Session.create(sc, journal_path=Path(tempfile.mkdtemp()) / "game.journal.jsonl", player_entropy=sc.player_entropy)
session.commitment_outputs()
app = App()
ready_ahead(app, session)
started = imported()
app.after_render.fire()
for thread in threading.enumerate():
    if thread is not threading.main_thread():
        thread.join(30)
warmed = imported()
outs = session.feed("entropy " + " ".join(str(17 + seat) for seat in range(len(sc.roster))) if sc.player_entropy else "status")
print(json.dumps({{"warm_up": sorted(warmed - started), "first_line": sorted(imported() - warmed), "errors": [o.error for o in outs]}}))
"""


@pytest.mark.parametrize("game", sorted(LATER_IN_THE_GAME))
def test_after_the_warm_up_at_the_first_frame_the_first_line_imports_nothing(tmp_path: Path, game: str) -> None:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), **UNDER_TEST}
    result = subprocess.run(
        [sys.executable, "-c", WARMED.format(game=game)], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60
    )
    assert result.returncode == 0, result.stderr
    got = json.loads(result.stdout)
    package, parts = LATER_IN_THE_GAME[game]
    assert LATER_IN_THE_SESSION | {f"umpire.games.{package}.{part}" for part in parts} <= set(got["warm_up"])
    assert got["first_line"] == [] and got["errors"] and not any(got["errors"])
