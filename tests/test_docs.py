"""The docs stay true: every scenario key of every game is documented, and every event kind a doc names exists."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

from umpire.games import registry
from umpire.session.events import EVENTS as SESSION_EVENTS

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


# ---------------------------------------------------------------- event kinds named in the docs (issue 29, item 15)

IDENT = r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*"
# Where a doc names an event kind as such: “a `match_over` event”, “`round_opened` events”, “the event `timed_out`”,
# “events `bet`, `folded` and `showdown`”, or its JSON: `"event": "timed_out"`.
_NAMED_KIND = re.compile(
    rf"`({IDENT})` events?\b"
    rf"|\bevent(?: kind)?s? ((?:`{IDENT}`(?:, | and | or )?)+)"
    rf"|\"event\": ?\"({IDENT})\""
)


def event_kinds_named(text: str) -> list[str]:
    """The event kinds a doc names as such (see `_NAMED_KIND`)."""
    out: list[str] = []
    for m in _NAMED_KIND.finditer(text):
        one, listed, json_kind = m.groups()
        out += [one] if one else [json_kind] if json_kind else re.findall(rf"`({IDENT})`", listed)
    return out


def test_the_event_kinds_finder_reads_each_way_a_doc_names_one() -> None:
    text = (
        "A time-out is a `timed_out` event; `bet` events follow. The events `paused`, `resumed` and `undone`;"
        ' the event kind `correction`; {"event": "dealt"}; a `host` post is no event.'
    )
    assert event_kinds_named(text) == ["timed_out", "bet", "paused", "resumed", "undone", "correction", "dealt"]


_WITH_FIELDS = re.compile(rf"`({IDENT})` events? with ((?:`{IDENT}`(?:, | and )?)+)")


def test_every_event_kind_a_doc_names_is_one_the_registry_knows() -> None:
    known = {cls.kind for cls in SESSION_EVENTS} | {cls.kind for game in registry().values() for cls in game.events}
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    named = {(path.relative_to(ROOT).as_posix(), kind) for path in docs for kind in event_kinds_named(path.read_text(encoding="utf-8"))}
    assert named, "no doc names an event kind: the finder reads nothing"
    unknown = sorted((where, kind) for where, kind in named if kind not in known)
    assert not unknown, f"docs name event kinds that do not exist: {unknown}"


def test_the_fields_a_doc_gives_an_event_kind_are_its_own() -> None:
    # “A reserve time-out is a `match_over` event with `loser` and `totals`”: the kind exists, but has no `loser`.
    classes = {cls.kind: cls for cls in SESSION_EVENTS} | {cls.kind: cls for game in registry().values() for cls in game.events}
    checked = 0
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for m in _WITH_FIELDS.finditer(path.read_text(encoding="utf-8").replace("\n", " ")):
            kind, listed = m.groups()
            if kind not in classes:
                continue  # an unknown kind: the test above names it
            own = {f.name for f in fields(classes[kind])}
            for name in re.findall(rf"`({IDENT})`", listed):
                assert name in own, f"{path.relative_to(ROOT)}: the `{kind}` event has no `{name}` (its fields: {sorted(own)})"
                checked += 1
    assert checked, "no doc gives an event's fields: the finder reads nothing"
