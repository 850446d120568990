"""Inputs that used to break or mislead (issue 18, item 13): journal lines and scenarios nested too
deeply to read, and player names that are too long or show nothing. Each is refused with a clear
reason, through the command line as a host meets it, never a traceback."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from typer.testing import CliRunner, Result

from umpire.cli import app, journal_cmds, play  # noqa: F401 - registers the commands
from umpire.scenario import ScenarioError, parse

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
SCRIPT = "p2: first p1\nstart\np1: black red circle A1\np1: done\n"


def umpire(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


@pytest.fixture
def journal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A short Hap-Tac-Toe game's journal whose third line (entry 2) holds an array 100,000 deep."""
    monkeypatch.chdir(tmp_path)
    script = tmp_path / "game.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    path = tmp_path / "game.journal.jsonl"
    res = umpire("play", "hap-tac-toe", "--script", str(script), "--journal", str(path), "--seed", "5")
    assert res.exit_code == 0, res.stderr
    lines = path.read_text(encoding="utf-8").split("\n")
    entry = json.dumps(json.loads(lines[2]), ensure_ascii=False, separators=(",", ":"))
    lines[2] = entry[:-1] + ',"x":' + "[" * 100_000 + "]" * 100_000 + "}"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["verify", "replay", "resume"])
def test_a_journal_line_nested_too_deeply_is_refused_naming_its_line(journal: Path, command: str) -> None:
    before = journal.read_bytes()
    res = umpire(command, str(journal))
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output and "RecursionError" not in res.output
    assert f"{journal}, line 3: " in res.output
    assert "nested too deeply to read" in res.output
    assert journal.read_bytes() == before


def test_a_journal_header_nested_too_deeply_is_refused_as_not_a_journal(tmp_path: Path) -> None:
    path = tmp_path / "deep.journal.jsonl"
    path.write_text('{"x":' + "[" * 100_000 + "]" * 100_000 + "}\n", encoding="utf-8")
    res = umpire("replay", str(path))
    assert res.exit_code == 2
    assert f"{path}, line 1: this is not an umpire journal" in res.stderr
    assert "nested too deeply to read" in res.stderr


# ---------------------------------------------------------------- scenarios nested too deeply


def htt() -> dict[str, Any]:
    return tomllib.loads((SCENARIOS / "hap-tac-toe.toml").read_text(encoding="utf-8"))


def refusal(text: str) -> str:
    with pytest.raises(ScenarioError) as info:
        parse(text, "s.toml")
    return str(info.value)


def test_a_scenario_nested_ten_thousand_deep_is_refused_as_nested_too_deeply(tmp_path: Path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text('game = "hap-tac-toe"\nx = ' + "[" * 10_000 + "]" * 10_000 + "\n", encoding="utf-8")
    res = umpire("play", str(deep), "--script", "-")
    assert res.exit_code == 2
    assert res.stderr == f"umpire: {deep}: nested too deeply to read (a scenario's values nest a few levels at most)\n"


def test_a_value_nested_deep_by_dotted_keys_is_refused_naming_where() -> None:
    # Dotted keys build a table of any depth without the TOML reader recursing; showing it did.
    text = tomli_w.dumps(htt()).replace("move_seconds = 60", "move_seconds." + ".".join(["a"] * 10_000) + " = 1")
    assert (
        refusal(text) == "s.toml: rules.move_seconds.a.a…: nested too deeply (more than 16 levels; a scenario's values nest a few at most)"
    )


def test_a_scenario_of_ordinary_depth_still_loads() -> None:
    data = htt()
    data["rules"]["reserve_reminders"] = [60, 30]
    assert parse(tomli_w.dumps(data)).settings["reserve_reminders"] == [60, 30]


# ---------------------------------------------------------------- player names


def named(name: str, aliases: list[str] | None = None) -> str:
    data = htt()
    data["players"][1] = {"name": name, "aliases": aliases or ["p2"]}
    return tomli_w.dumps(data)


def test_a_five_thousand_character_name_is_refused_naming_the_limit() -> None:
    message = refusal(named("U" * 5000))
    assert message.startswith("s.toml: players[1].name: a name is at most 32 characters (as a Discord display name); this one has 5,000 (")
    assert message.endswith("… (5,000 characters))")
    assert len(message) < 250


def test_a_name_that_is_only_a_right_to_left_override_is_refused() -> None:
    assert refusal(named("\u202e")) == (
        "s.toml: players[1].name: a name cannot hold control or invisible formatting characters "
        "(U+202E, a right-to-left override or other text-direction mark) ('\\u202e')"
    )


@pytest.mark.parametrize("name", ["Uri\u202eirU", "\u2066Uri", "Uri\u200f"])
def test_a_name_holding_a_text_direction_mark_is_refused(name: str) -> None:
    assert "a right-to-left override or other text-direction mark" in refusal(named(name))


@pytest.mark.parametrize("name", ["\u200b", "\u3164", "\u3164\u3164", "\u2800", "\ufeff"])
def test_a_name_that_shows_nothing_is_refused(name: str) -> None:
    message = refusal(named(name))
    assert message.startswith("s.toml: players[1].name: ")
    assert "invisible" in message or "shows nothing" in message


@pytest.mark.parametrize("name", ["Uri\x1b[2J", "Uri\tSmith", "Uri\x9b2J"])
def test_a_name_holding_a_control_character_is_refused(name: str) -> None:
    assert "a name cannot hold control or invisible formatting characters" in refusal(named(name))


def test_an_alias_is_bounded_and_visible_like_a_name() -> None:
    assert "a name is at most 32 characters" in refusal(named("Uri", ["p2", "x" * 33]))
    assert "text-direction mark" in refusal(named("Uri", ["p2", "\u202e"]))


@pytest.mark.parametrize("name", ["U" * 32, "Zoë", "李小龍", "👨\u200d👩\u200d👧", "Uri ✨", "O'Brien-Smith"])
def test_names_of_up_to_32_visible_characters_are_accepted(name: str) -> None:
    assert parse(named(name)).roster[1].name == name


def test_names_that_differ_only_in_spaces_clash() -> None:
    data = htt()
    data["players"] = [{"name": "Hedger", "aliases": ["Player 1"]}, {"name": "Uri", "aliases": ["player1"]}]
    assert refusal(tomli_w.dumps(data)) == "s.toml: players[1]: the name or alias 'player1' is already used by Hedger"


# ---------------------------------------------------------------- 8-bit controls echoed in refusals


@pytest.mark.parametrize("control", ["\x9b", "\x9d", "\x85", "\x80"])
def test_a_c1_control_such_as_the_8_bit_csi_is_escaped_when_a_refusal_echoes_it(control: str) -> None:
    # Issue 18: U+009B (a CSI to many terminals) was echoed raw in refusals.
    res = CliRunner().invoke(app, ["play", "hap-tac-toe", "--script", "-", "--seed", "1"], input=f"p1: black red circle {control}2J\n")
    assert res.exit_code == 0, res.output
    assert control not in res.output
    assert f"\\x{ord(control):02x}2J" in res.output


# ---------------------------------------------------------------- bidirectional controls echoed in refusals (issue 29, item 12)

BIDI_CONTROLS = [*map(chr, range(0x202A, 0x202F)), *map(chr, range(0x2066, 0x206A)), "\u200e", "\u200f", "\u061c"]


@pytest.mark.parametrize("control", BIDI_CONTROLS)
def test_a_bidi_control_such_as_the_right_to_left_override_is_escaped_when_a_refusal_echoes_it(control: str) -> None:
    # Shown raw, U+202E turned the rest of the refused line, and the reason quoting it, around on the host's screen.
    res = CliRunner().invoke(app, ["play", "hap-tac-toe", "--script", "-", "--seed", "1"], input=f"p1: black red circle {control}C3\n")
    assert res.exit_code == 0, res.output
    assert control not in res.output
    assert f"\\u{ord(control):04x}C3" in res.output


@pytest.mark.parametrize("control", BIDI_CONTROLS)
def test_a_bidi_control_is_escaped_in_the_repls_refusal_and_notes(control: str) -> None:
    import io

    from umpire.games.base import dm
    from umpire.repl.show import show
    from umpire.repl.terminal import Terminal, plain
    from umpire.session import Output, OutputKind

    out = io.StringIO()
    refused = Output(
        kind=OutputKind.REFUSAL, input=f"p1: gs {control}5", text=f"“{control}5” is not a card", audience=dm(0), names=("Hedger",)
    )
    show(Terminal(out, width=200, tty=False), [refused], ("Hedger",))
    escaped = f"\\u{ord(control):04x}"
    assert out.getvalue() == f"✗ [to Hedger, privately] p1: gs {escaped}5 — “{escaped}5” is not a card\n"
    assert plain(f"a{control}b\nc") == f"a{escaped}b\nc"  # every line the REPL shows goes through it
