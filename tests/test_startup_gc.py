"""`umpire` starts without the cyclic garbage collector, and every command runs with it (umpire/startup.py).

The console script turns the collector off first thing; the REPL turns it back on (freezing what start-up
made) once its first frame is drawn, batch mode before its first line, and any other command before it
runs. Each case runs the real entry point, `umpire.cli.main`, in a process of its own.
"""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest

from umpire import startup

# `umpire ARGS` in a new process; what `gc.isenabled()` says where the comment in {probe} puts it, printed as JSON.
RUN = """
import gc, json, sys
seen = {{}}
{probe}
from umpire.cli import main
sys.argv = ["umpire", *{args!r}]
try:
    main()
except SystemExit:
    pass
seen["after"] = gc.isenabled()
print("SEEN " + json.dumps(seen))
"""

AT_THE_PROMPT = """
import prompt_toolkit

def first_prompt(self, *args, **kwargs):  # the REPL asks for its first line: no frame has been drawn yet
    seen["at_the_prompt"] = gc.isenabled()
    raise EOFError

prompt_toolkit.PromptSession.prompt_async = first_prompt
"""

IN_BATCH_MODE = """
from umpire.cli import hosting
judged = hosting.run_batch

def run_batch(*args, **kwargs):
    seen["judging"] = gc.isenabled()
    return judged(*args, **kwargs)

hosting.run_batch = run_batch
"""


def seen(tmp_path: Path, args: list[str], probe: str = "") -> dict[str, bool]:
    env = {"PATH": "/usr/bin:/bin", "XDG_STATE_HOME": str(tmp_path), "HOME": str(tmp_path)}
    code = RUN.format(probe=probe, args=args)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60)
    lines = [line for line in result.stdout.splitlines() if line.startswith("SEEN ")]
    assert len(lines) == 1, result.stdout + result.stderr
    out: dict[str, bool] = json.loads(lines[0].removeprefix("SEEN "))
    return out


def test_umpire_play_reaches_its_first_prompt_with_the_collector_off(tmp_path: Path) -> None:
    got = seen(tmp_path, ["play", "hap-tac-toe", "--journal", "game.journal.jsonl"], AT_THE_PROMPT)
    assert got["at_the_prompt"] is False


def test_batch_mode_judges_its_script_with_the_collector_on(tmp_path: Path) -> None:
    (tmp_path / "lines.txt").write_text("p2: first p1\nstart\np1: black red circle C3\n", encoding="utf-8")
    got = seen(tmp_path, ["play", "hap-tac-toe", "--seed", "7", "--script", "lines.txt"], IN_BATCH_MODE)
    assert got == {"judging": True, "after": True}


@pytest.mark.parametrize("args", [["games"], ["new", "hap-tac-toe", "--out", "x.toml"], ["play", "--help"], ["check", "row", "1+2"]])
def test_every_other_command_runs_with_the_collector_on(tmp_path: Path, args: list[str]) -> None:
    assert seen(tmp_path, args)["after"] is True


def test_the_repl_turns_the_collector_back_on_at_its_first_frame_and_freezes_what_start_up_made(tmp_path: Path) -> None:
    from prompt_toolkit.utils import Event

    from umpire.cli.common import find_scenario
    from umpire.repl.warmup import ready_ahead
    from umpire.scenario import load
    from umpire.session import Session

    class App:
        def __init__(self) -> None:
            self.after_render = Event(self)
            self.current_buffer = self
            self.text = ""

    sc = load(find_scenario("hap-tac-toe"))
    session = Session.create(sc, journal_path=tmp_path / "game.journal.jsonl", seed="7")
    app = App()
    assert gc.isenabled()
    startup.pause()
    try:
        ready_ahead(app, session)
        assert not gc.isenabled()  # until the first frame is drawn
        app.after_render.fire()
        assert gc.isenabled() and gc.get_freeze_count() > 0
        app.after_render.fire()  # later frames change nothing
        assert gc.isenabled()
    finally:
        startup.resume()
        gc.enable()
        gc.unfreeze()
        session.close()


def test_resume_leaves_alone_a_collector_that_umpire_did_not_turn_off() -> None:
    gc.disable()
    try:
        startup.pause()
        startup.resume()
        assert not gc.isenabled()  # someone else turned it off: not ours to turn on
    finally:
        gc.enable()
