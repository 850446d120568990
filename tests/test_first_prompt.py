"""The REPL's first prompt comes before what only a line needs (issue 22: within 1.4x of a bare PromptSession).

`umpire play GAME` imports, up to its first prompt, none of the judging, the host's commands, the live check,
the lines' classification, the journal entries and session events of a game under way, nor the game's rules
(and, where its state and tables do not need them, its commands, events and announcements): each is imported
when first used. `umpire.session.warm_up`, which `umpire play` runs in the background once the prompt is up,
imports them all, so that the first line then imports nothing.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

# Runs `umpire ARGS` without its warm-up; at the REPL's first prompt, prints the umpire modules (and difflib)
# imported so far on stderr and ends the REPL as Ctrl-D does.
PROBE = """
import sys
import prompt_toolkit

def first_prompt(self, *args, **kwargs):
    names = sorted(m for m in sys.modules if m.startswith("umpire.") or m == "difflib")
    print("loaded: " + " ".join(names), file=sys.stderr)
    raise EOFError

prompt_toolkit.PromptSession.prompt_async = first_prompt
import umpire.repl.warmup
umpire.repl.warmup.warm_up_later = lambda warm, delay=1.0: None  # no warm-up: what is imported is the first prompt's own
from umpire.cli import main
sys.argv = ["umpire", *{args!r}]
main()
"""

LATER_IN_THE_SESSION = {f"umpire.session.{m}" for m in ("judging", "host", "live", "lines", "host_entries", "play_events")} | {"difflib"}

# The parts of each game its first prompt goes without (its state, table of moves and table of views are imported).
LATER_IN_THE_GAME = {
    "hap-tac-toe": ("haptactoe", ("rules", "commands", "events", "render", "pictures")),
    "open-pass": ("openpass", ("rules", "commands", "events", "render", "pictures", "trades")),
    "devils-deal": ("devilsdeal", ("rules", "commands", "events", "render", "pictures")),
    "choice-is-yours": ("choice", ("rules",)),  # its state and moves need its events and commands
}


def loaded_at_the_first_prompt(tmp_path: Path, game: str) -> set[str]:
    code = PROBE.format(args=["play", game, "--journal", "game.journal.jsonl"])
    env = {"PATH": "/usr/bin:/bin", "XDG_STATE_HOME": str(tmp_path), "HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("loaded: ")]
    assert len(lines) == 1, result.stderr
    return set(lines[0].removeprefix("loaded: ").split())


@pytest.mark.parametrize("game", sorted(LATER_IN_THE_GAME))
def test_the_first_prompt_imports_neither_the_judging_nor_the_games_rules(tmp_path: Path, game: str) -> None:
    loaded = loaded_at_the_first_prompt(tmp_path, game)
    package, parts = LATER_IN_THE_GAME[game]
    assert f"umpire.games.{package}.state" in loaded and "umpire.session.engine" in loaded  # the session was made
    later = LATER_IN_THE_SESSION | {f"umpire.games.{package}.{part}" for part in parts}
    assert not loaded & later, f"imported before the first prompt: {sorted(loaded & later)}"


# In a new process: a session made as `umpire play GAME` makes it, then `warm_up`, then its first line; prints what
# was imported by each (of the umpire modules and difflib), and the first line's outputs' errors.
WARMED = """
import json, sys, tempfile
from pathlib import Path
from umpire.cli.common import find_scenario
from umpire.scenario import load
from umpire.session import Session, warm_up

def imported():
    return {{m for m in sys.modules if m.startswith("umpire.") or m == "difflib"}}

sc = load(find_scenario({game!r}))
session = Session.create(sc, journal_path=Path(tempfile.mkdtemp()) / "game.journal.jsonl", player_entropy=sc.player_entropy)
session.commitment_outputs()
started = imported()
warm_up(session)
warmed = imported()
outs = session.feed("entropy 17 lantern 4021" if sc.player_entropy else "status")
print(json.dumps({{"warm_up": sorted(warmed - started), "first_line": sorted(imported() - warmed), "errors": [o.error for o in outs]}}))
"""


@pytest.mark.parametrize("game", sorted(LATER_IN_THE_GAME))
def test_after_the_warm_up_the_first_line_imports_nothing(tmp_path: Path, game: str) -> None:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-c", WARMED.format(game=game)], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60
    )
    assert result.returncode == 0, result.stderr
    got = json.loads(result.stdout)
    package, parts = LATER_IN_THE_GAME[game]
    assert LATER_IN_THE_SESSION | {f"umpire.games.{package}.{part}" for part in parts} <= set(got["warm_up"])
    assert got["first_line"] == [] and got["errors"] and not any(got["errors"])
