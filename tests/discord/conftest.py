"""Fixtures for the Discord bot's tests: the fake Discord of tests/fakediscord in its own thread, with its clock
frozen so that a test says exactly when each message is sent. Without discord.py installed (the `test` and
`discord` extras bring it) nothing here is collected."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import pytest

if importlib.util.find_spec("discord") is None:
    collect_ignore_glob = ["test_*.py"]
else:
    from tests.fakediscord import FakeDiscord

    from .support import T0

    @pytest.fixture
    def fake() -> Iterator[FakeDiscord]:
        """A fake Discord on 127.0.0.1 whose clock stands at T0 until the test moves it."""
        with FakeDiscord(clock_start=T0) as fake:
            yield fake
        assert not fake.internal_errors, "the fake Discord itself failed:\n" + "\n".join(fake.internal_errors)
