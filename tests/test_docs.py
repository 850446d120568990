"""The docs stay true: every scenario key of every game is documented."""

from __future__ import annotations

from pathlib import Path

from umpire.games import registry

ROOT = Path(__file__).resolve().parent.parent


SHIPPED = ("hap-tac-toe", "when-stars-align", "choice-is-yours", "open-pass", "devils-deal")


def settings_section(key: str, doc_path: str) -> str:
    """A game's `[rules]` section: in docs/scenarios.md for the games umpire ships, else in the game's own doc."""
    for path in (ROOT / "docs" / "scenarios.md", ROOT / doc_path):
        section = path.read_text(encoding="utf-8").split(f"## `[rules]` for `{key}`", 1)
        if len(section) == 2:
            return section[1].split("\n## ", 1)[0]
    raise AssertionError(f"no “## `[rules]` for `{key}`” section in docs/scenarios.md or {doc_path}")


def test_every_rules_key_of_every_game_is_in_the_scenario_doc() -> None:
    for key, game in registry().items():
        body = settings_section(key, game.doc)
        for setting in game.settings:
            assert f"| `{setting.key}` |" in body, f"{key}: rules.{setting.key} is not documented"


def test_every_game_doc_named_by_a_game_exists() -> None:
    for game in registry().values():
        assert (ROOT / game.doc).is_file(), game.doc


def test_readme_links_every_shipped_games_doc() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for key in SHIPPED:
        doc = registry()[key].doc
        assert f"({doc})" in readme, doc


def test_the_repository_stands_on_its_own_and_points_to_nothing_outside_it() -> None:
    # Every rule a host needs is stated in docs/ in the project's own words.
    outside = ("shared/", "RULES.md", "DESIGN.md", "seeds/")
    files = [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "umpire").rglob("*.py"), *(ROOT / "scenarios").glob("*.toml")]
    for path in files:
        text = path.read_text(encoding="utf-8")
        for word in outside:
            assert word not in text, f"{path.relative_to(ROOT)} points to {word}"


def test_every_bounded_setting_shows_its_bounds_in_the_scenario_doc() -> None:
    def num(x: float) -> str:
        return str(int(x)) if float(x).is_integer() else str(x)

    for key, game in registry().items():
        body = settings_section(key, game.doc)
        for s in game.settings:
            if s.minimum is None or s.maximum is None:
                continue
            row = next(line for line in body.split("\n") if line.startswith(f"| `{s.key}` |"))
            assert f"{num(s.minimum)}–{num(s.maximum)}" in row, f"{key}: rules.{s.key} should show {num(s.minimum)}–{num(s.maximum)}"
