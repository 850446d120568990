"""The seeds the tests host the bundled scenarios with.

Bundled scenarios carry no seed (a live game draws a secret one), so tests, transcripts and
benchmarks name theirs, as a host reproducing a game passes `--seed`; a scenario not listed here
is hosted with a seed named after it.
"""

from __future__ import annotations

import re

from umpire.scenario import Scenario

SEEDS = {
    "hap-tac-toe": "20261121",
    "when-stars-align": "1121",
    "choice-is-yours": "9701",
    "devils-deal": "3115",
    "open-pass-heaven-hell": "2002",
}


def test_seed(sc: Scenario) -> str:
    """The scenario's own seed if it sets one, else the tests' seed for the bundled scenario it came from."""
    if sc.seed is not None:
        return sc.seed
    m = re.search(r"([a-z0-9-]+)\.toml", sc.path)
    assert m, f"no test seed for {sc.path}"
    return SEEDS.get(m.group(1), f"{m.group(1)}-tests")  # a game added later: a seed named after its scenario


test_seed.__test__ = False  # type: ignore[attr-defined]  # not a pytest test
