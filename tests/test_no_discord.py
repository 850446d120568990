"""Plain `umpire play` never loads discord.py, and umpire without the `discord` extra still hosts games: only
`--discord` needs it, and says how to get it. (The bot's own tests are in tests/discord.)"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Runs `umpire ARGS` in this interpreter, then says on stderr whether any discord module was imported. With
# BLOCK, discord.py cannot be imported at all, as in an install without the extra.
PROBE = """
import atexit, importlib.abc, sys
if {block}:
    class NoDiscord(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == "discord" or name.startswith("discord."):
                raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
    sys.meta_path.insert(0, NoDiscord())
atexit.register(lambda: print("loaded: " + ",".join(sorted(m for m in sys.modules if m == "discord" or m.startswith("discord.")))[:40], file=sys.stderr))
from umpire.cli import main
sys.argv = ["umpire", *{args!r}]
main()
"""


def run(tmp_path: Path, *args: str, block: bool = False, stdin: str = "") -> subprocess.CompletedProcess[str]:
    code = PROBE.format(block=block, args=list(args))
    env = {"PATH": "/usr/bin:/bin", "XDG_STATE_HOME": str(tmp_path), "HOME": str(tmp_path)}
    return subprocess.run([sys.executable, "-c", code], input=stdin, capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60)


def test_plain_umpire_play_does_not_import_discord(tmp_path: Path) -> None:
    result = run(tmp_path, "play", "hap-tac-toe", "--journal", "game.journal.jsonl", stdin="quit\n")
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().endswith("loaded:"), result.stderr
    script = tmp_path / "s.txt"
    script.write_text("p2: first p1\nstart\n")
    result = run(tmp_path, "play", "hap-tac-toe", "--script", str(script), "--seed", "3")
    assert result.returncode == 0 and "game 1 begins" in result.stdout and result.stderr.strip().endswith("loaded:")


def test_without_discord_py_umpire_hosts_games_and_discord_says_how_to_get_it(tmp_path: Path) -> None:
    result = run(tmp_path, "play", "hap-tac-toe", "--journal", "game.journal.jsonl", block=True, stdin="quit\n")
    assert result.returncode == 0 and "Bye. Everything accepted is in the journal." in result.stdout
    result = run(tmp_path, "play", "hap-tac-toe", "--discord", block=True)
    assert result.returncode == 2
    assert "umpire: the Discord bot needs discord.py: pip install 'umpire[discord]' (plain `umpire play` works without it)" in result.stderr
    assert not (tmp_path / "discord.toml").exists() and list(tmp_path.glob("*.journal.jsonl")) == [tmp_path / "game.journal.jsonl"]


def test_discord_py_is_an_extra_not_a_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not any(d.casefold().startswith("discord") for d in project["dependencies"])
    assert any(d.startswith("discord.py") for d in project["optional-dependencies"]["discord"])
