"""The test run itself: README's plain `pytest` is deterministic, the slow suite explores at random."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from tests.conftest import hypothesis_profile


def test_the_everyday_profile_is_deterministic_and_keeps_no_example_database() -> None:
    everyday = settings.get_profile("everyday")
    assert everyday.derandomize is True
    assert everyday.database is None
    assert everyday.max_examples <= 100


def test_the_exploration_profile_explores_at_random() -> None:
    assert settings.get_profile("exploration").derandomize is False


def test_cis_thorough_profile_runs_as_many_examples_the_same_on_every_run() -> None:
    thorough, exploration = settings.get_profile("thorough"), settings.get_profile("exploration")
    assert thorough.derandomize is True and thorough.database is None
    assert thorough.max_examples == exploration.max_examples


def test_ci_runs_the_slow_suite_with_the_thorough_profile() -> None:
    run = (Path(__file__).resolve().parents[2] / ".ci" / "run").read_text(encoding="utf-8")
    assert "UMPIRE_HYPOTHESIS_PROFILE=thorough .venv/bin/pytest -m slow" in run


@pytest.mark.parametrize(
    ("markexpr", "profile"),
    [("not slow", "everyday"), ("", "everyday"), ("slow", "exploration"), ("slow and not repl", "exploration")],
)
def test_the_slow_suite_explores_and_every_other_run_is_deterministic(markexpr: str, profile: str) -> None:
    assert hypothesis_profile(markexpr, env=None, option=None) == profile


def test_a_profile_named_in_the_environment_or_on_the_command_line_wins() -> None:
    assert hypothesis_profile("not slow", env="exploration", option=None) == "exploration"
    assert hypothesis_profile("slow", env="exploration", option="everyday") == "everyday"


def test_this_run_uses_the_profile_its_marker_expression_selects(pytestconfig: pytest.Config) -> None:
    expected = hypothesis_profile(
        pytestconfig.option.markexpr or "", os.environ.get("UMPIRE_HYPOTHESIS_PROFILE"), pytestconfig.getoption("hypothesis_profile")
    )
    assert settings.default == settings.get_profile(expected)


@pytest.mark.slow
def test_the_slow_suite_explores_at_random(pytestconfig: pytest.Config) -> None:
    # Runs only with `-m slow` (as CI runs it), where the marker expression picks the exploration profile.
    if os.environ.get("UMPIRE_HYPOTHESIS_PROFILE") or pytestconfig.getoption("hypothesis_profile"):
        pytest.skip("a profile was named explicitly for this run")
    assert settings.default == settings.get_profile("exploration")
    assert settings.default.derandomize is False
