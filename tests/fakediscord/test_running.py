"""The two ways to run the fake (its own thread, or the test's event loop), and a bot in another process
pointed at it by the launcher."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .client import Inbox, run, running_client
from .fake import FakeDiscord
from .launch import main as launch
from .scene import Org, small_org

ROOT = Path(__file__).resolve().parents[2]


def test_the_fake_also_runs_in_the_tests_own_event_loop() -> None:
    async def scenario() -> None:
        async with FakeDiscord() as fake:
            org = small_org(fake)
            async with running_client(fake, org.bot) as client:
                inbox = Inbox(client)
                fake.user_says(org.alice, org.alice_subs, "gs 2")
                (message,) = await inbox.wait_for(1)
                await message.channel.send("accepted")
                assert [m.content for m in await fake.until_sent(1)] == ["accepted"]
                with pytest.raises(RuntimeError, match="would block the fake's own event loop"):
                    fake.wait_for_sent(1)

    run(scenario())


def test_a_bot_in_another_process_reaches_the_fake_through_the_launcher(fake_discord: FakeDiscord, org: Org) -> None:
    env = os.environ | {"FAKEDISCORD_TOKEN": org.bot.token, "FAKEDISCORD_CHANNEL": str(org.game.id)}
    command = [sys.executable, "-m", "tests.fakediscord.launch", fake_discord.http_url, "tests.fakediscord.sample_bot"]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert [m.content for m in fake_discord.wait_for_sent(1, org.game, timeout=60)] == ["ready"]
        fake_discord.user_says(org.alice, org.game, f"hello <@{org.bob.id}>")
        fake_discord.wait_for_sent(2, org.game, timeout=30)
        fake_discord.user_says(org.alice, org.game, "quit")
        sent = fake_discord.wait_for_sent(3, org.game, timeout=30)
        output, _ = process.communicate(timeout=30)
        assert process.returncode == 0, output
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert [m.content for m in sent] == ["ready", f"echo: hello <@{org.bob.id}>", "bye"]
    assert sent[1].allowed_mentions == {"parse": []} and sent[1].mentions == []


def test_the_launcher_refuses_missing_arguments_and_a_url_that_is_not_http(capsys: pytest.CaptureFixture[str]) -> None:
    assert launch([]) == 2
    assert "expected the fake's URL and a module to run, got 0 argument(s)" in capsys.readouterr().err
    assert launch(["ws://127.0.0.1:1/gateway/", "umpire"]) == 2
    assert "starts with http://" in capsys.readouterr().err
