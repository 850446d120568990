"""The kit games' tests: the fake Discord of tests/fakediscord for the bot's match (as tests/discord has it)."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import pytest

if importlib.util.find_spec("discord") is not None:
    from tests.discord.support import T0
    from tests.fakediscord import FakeDiscord

    @pytest.fixture
    def fake() -> Iterator[FakeDiscord]:
        """A fake Discord on 127.0.0.1 whose clock stands at T0 until the test moves it."""
        with FakeDiscord(clock_start=T0) as fake:
            yield fake
        assert not fake.internal_errors, "the fake Discord itself failed:\n" + "\n".join(fake.internal_errors)
