"""`umpire play` without typer: a plain command line is read exactly as typer reads it, anything else goes to typer."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from umpire.cli import app, play  # noqa: F401 - registers the command
from umpire.cli.hosting import DEFAULTS, quick_args

TOKENS = (
    "hap-tac-toe",
    "game.toml",
    "s.txt",
    "7",
    "x y",
    "-",
    "",
    "--script",
    "-s",
    "--json",
    "--journal",
    "-j",
    "--seed",
    "--salt",
    "--use-scenario-seed",
    "--journal=j.jsonl",
    "--journal=",
    "--seed=-5",
    "--salt=a=b",
    "--json=1",
    "-sfile",
    "-j=x",
    "--",
    "--help",
    "-h",
    "--discord",
    "--ids",
    "--review",
    "--bogus",
    "--scr",
    "-5",
)
PATHS = ("journal", "ids_file")


def the_play_command() -> Any:
    return typer.main.get_command(app).commands["play"]  # type: ignore[attr-defined]


def as_typer_reads(args: list[str]) -> dict[str, Any] | None:
    """The play command's parameters as typer's parser gives them (paths as Path), or None if it refuses or shows help."""
    try:
        ctx = the_play_command().make_context("play", list(args))
    except Exception:  # a usage error, or --help's exit
        return None
    return {k: (Path(v) if k in PATHS and v is not None else v) for k, v in ctx.params.items()}


def test_the_quick_reading_knows_every_parameter_of_play_and_its_default() -> None:
    params = {p.name: p.default for p in the_play_command().params if p.name != "help"}
    assert set(params) == {"scenario", *DEFAULTS}
    assert {k: (Path(v) if k in PATHS and v is not None else v) for k, v in params.items() if k != "scenario"} == DEFAULTS


@pytest.mark.parametrize(
    "args",
    [
        ["hap-tac-toe"],
        ["hap-tac-toe", "--journal", "g.jsonl"],
        ["--journal=g.jsonl", "hap-tac-toe", "-s", "-", "--json"],
        ["x.toml", "--seed=-5", "--salt", "abc", "--use-scenario-seed", "-j", "j"],
        ["-"],
    ],
)
def test_a_plain_command_line_is_read_here_as_typer_reads_it(args: list[str]) -> None:
    quick = quick_args(args)
    assert quick is not None
    assert quick == as_typer_reads(args)


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--help"],
        ["hap-tac-toe", "-h"],
        ["hap-tac-toe", "--bogus"],
        ["hap-tac-toe", "--journal"],
        ["hap-tac-toe", "--seed", "--json"],
        ["a", "b"],
        ["--", "hap-tac-toe"],
        ["hap-tac-toe", "--discord"],
        ["hap-tac-toe", "--review"],
        ["hap-tac-toe", "--ids", "d.toml"],
        ["hap-tac-toe", "-jfile"],
        ["hap-tac-toe", "--json=yes"],
        ["hap-tac-toe", "--seed", "1", "--seed", "2"],
        ["hap-tac-toe", "--scr", "s.txt"],
    ],
)
def test_help_discord_and_anything_typer_must_explain_go_to_typer(args: list[str]) -> None:
    assert quick_args(args) is None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=7))
def test_whatever_the_quick_reading_accepts_typer_reads_the_same(args: list[str]) -> None:
    quick = quick_args(args)
    if quick is not None:
        assert quick == as_typer_reads(args)


def run_main(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`umpire ARGS` through the console script's entry point, in a fresh interpreter; stderr ends with the
    names of the typer, click and rich modules it loaded."""
    code = (
        "import sys\n"
        "from umpire.cli import main\n"
        f"sys.argv = ['umpire', *{list(args)!r}]\n"
        "try:\n"
        "    main()\n"
        "finally:\n"
        "    print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click', 'rich')), file=sys.stderr)\n"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120)


def test_umpire_play_with_a_script_runs_without_typer_and_prints_what_typer_s_command_prints(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("p2: first p1\nstatus\n", encoding="utf-8")
    args = ["play", "hap-tac-toe", "--script", str(script), "--seed", "1", "--json"]
    quick = run_main(tmp_path, *args)
    assert quick.returncode == 0, quick.stderr
    assert quick.stderr == "[]\n"
    through_typer = CliRunner().invoke(app, args)
    assert through_typer.exit_code == 0
    assert quick.stdout == through_typer.stdout


def test_a_refusal_before_hosting_reads_and_ends_as_through_typer(tmp_path: Path) -> None:
    quick = run_main(tmp_path, "play", "no-such-game")
    through_typer = CliRunner().invoke(app, ["play", "no-such-game"])
    assert quick.returncode == through_typer.exit_code == 2
    assert quick.stderr == through_typer.stderr + "[]\n"
    assert quick.stderr.startswith("umpire: no scenario file 'no-such-game' (bundled scenarios: ")


def test_a_command_line_typer_must_explain_is_explained_by_typer(tmp_path: Path) -> None:
    res = run_main(tmp_path, "play", "hap-tac-toe", "--bogus")
    assert res.returncode == 2
    assert "No such option: --bogus" in res.stderr
    assert "typer" in res.stderr.splitlines()[-1]
