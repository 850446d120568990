"""Fixtures for tests against the fake Discord. Without discord.py installed (it comes with the `test` and
`discord` extras) nothing here is collected."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import pytest

if importlib.util.find_spec("discord") is None:
    collect_ignore_glob = ["*.py"]
else:
    from .fake import FakeDiscord
    from .scene import Org, small_org

    @pytest.fixture
    def fake_discord() -> Iterator[FakeDiscord]:
        """A fake Discord serving from its own thread on 127.0.0.1 (stopped after the test)."""
        with FakeDiscord() as fake:
            yield fake
        assert not fake.internal_errors, "the fake Discord itself failed:\n" + "\n".join(fake.internal_errors)

    @pytest.fixture
    def org(fake_discord: FakeDiscord) -> Org:
        """The small server of scene.py, built in ``fake_discord``."""
        return small_org(fake_discord)
