"""The Discord bot under a burst: 13 players send at once, and each waits for their answer.

Three processes, as in real play: the fake Discord of tests/fakediscord on 127.0.0.1 runs in this one (in a thread
of its own); an unmodified `umpire play open-pass-heaven-hell --discord` runs in another, its REPL reading the host's
lines from a pipe (`start`, then `quit`); the floor runs in a third: a bare discord.py client whose `on_message` sends
each message's text back where it came from (benchmarks/echo_bot.py). Both bots are started through the fake's
launcher, which points discord.py at the fake.

The 13 players of the bundled Open, Pass game each send a bid at the same moment (one in ten is refused), in their
private channel or by DM (every other player); the echo bot's 13 users, in a server of its own laid out the same,
send the same texts. Each message is timed from the moment the fake made it (and queued its MESSAGE_CREATE) to the
moment the fake made the answer, the first bot message in the same place after it; both moments are
`time.perf_counter()` in this process (`Message.created_monotonic`). The bursts alternate, one to umpire, one to the
echo bot, so a change in the machine's load hits both alike. Everything real is in umpire's path: discord.py's
gateway and REST, the journal made durable before anything is announced, the REPL showing every ruling.

Goal: umpire's p95 within 2x of the echo bot's, and umpire's p50 well under its own p95 (the first answers of a burst
go out before its last message is judged).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchlib import ROOT, Measure, Report, child_env, measure, percentile, scratch_dir

sys.path.insert(0, str(ROOT))

REPEAT = (30, 12)  # bursts to each bot: a full run, --quick
PLAYERS = 13
TARGET_P95_RATIO = 2.0


def bid(burst: int, seat: int) -> str:
    """What a player sends in a burst: a bid, or (one in ten) one that is refused."""
    k = burst * PLAYERS + seat
    return "bid 9" if k % 10 == 9 else f"bid {k % 6 + 1} {(k + 2) % 6 + 1}"


def one_burst(fake: Any, senders: list[tuple[Any, Any, Any]], texts: list[str]) -> list[float]:
    """All players send at once; seconds from each message to the first bot message in the same place after it."""
    before = [len(fake.messages(channel)) for _, _, channel in senders]
    said = [fake.user_says(user, place, text) for (user, place, _), text in zip(senders, texts, strict=True)]

    def answered() -> list[Any] | None:
        out = []
        for (_, _, channel), n, m in zip(senders, before, said, strict=True):
            reply = next((r for r in fake.messages(channel)[n:] if r.author.bot and r.id > m.id), None)
            if reply is None:
                return None
            out.append(reply)
        return out

    replies = fake.wait_until(answered, timeout=60, what="every answer of the burst")
    return [r.created_monotonic - m.created_monotonic for r, m in zip(replies, said, strict=True)]


def echo_table(fake: Any, names: list[str]) -> tuple[Any, Any, list[tuple[Any, Any, Any]]]:
    """The echo bot's server, laid out as umpire's: its app, a lobby channel, and each user's (user, where, channel)."""
    app = fake.add_bot("echo")
    owner = fake.add_user("echo-host")
    guild = fake.add_guild("ECHO", owner=owner)
    users = [fake.add_user(f"echo-{n.casefold()}") for n in names]
    for who in (*users, app):
        fake.add_member(guild, who)
    lobby = fake.add_text_channel(guild, "lobby")
    senders = []
    for seat, user in enumerate(users):
        if seat % 2 == 0:
            senders.append((user, app, fake.dm_channel(user, app)))
        else:
            channel = fake.add_text_channel(guild, f"echo-{seat}", private_to=[user, app])
            senders.append((user, channel, channel))
    return app, lobby, senders


def set_up_file(table: Any, path: Path) -> None:
    """The umpire bot's discord.toml for `table`."""
    ids = table.ids()
    lines = ["[discord]", f"server = {ids.server}", f"channel = {ids.channel}", f"host = {ids.host}"]
    for p in ids.players:
        lines += [f'[players."{p.name}"]', f"user = {p.user}"] + ([f"channel = {p.channel}"] if p.channel else [])
    path.write_text("\n".join(lines) + "\n")


def bursts(count: int) -> tuple[list[float], list[float]]:
    """`count` bursts of 13 messages to umpire's bot and as many to the echo bot, alternating; the latencies of each."""
    from tests.discord.support import Table
    from tests.fakediscord import FakeDiscord
    from umpire.scenario import load

    scenario = load(ROOT / "scenarios" / "open-pass-heaven-hell.toml")
    names = [p.name for p in scenario.roster]
    ours_out: list[float] = []
    theirs_out: list[float] = []
    with FakeDiscord() as fake, scratch_dir() as tmp:
        table = Table(fake, names, dm_seats=range(0, PLAYERS, 2))
        set_up_file(table, tmp / "discord.toml")
        echo, lobby, theirs = echo_table(fake, names)
        ours = [(table.users[s], table.place(s), table.channel_of(s)) for s in range(PLAYERS)]
        launch = [sys.executable, "-m", "tests.fakediscord.launch", fake.http_url]
        env = child_env(XDG_STATE_HOME=str(tmp), PYTHONPATH=str(ROOT), COLUMNS="120")
        umpire = subprocess.Popen(
            [*launch, "umpire", "play", str(ROOT / "scenarios" / "open-pass-heaven-hell.toml"), "--discord"]
            + ["--ids", str(tmp / "discord.toml"), "--journal", str(tmp / "bot.jsonl"), "--seed", "1"],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
            env={**env, "UMPIRE_DISCORD_TOKEN": table.bot.token},
        )
        floor = subprocess.Popen(
            [*launch, "benchmarks.echo_bot"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
            env={**env, "FAKEDISCORD_TOKEN": echo.token, "FAKEDISCORD_CHANNEL": str(lobby.id)},
        )
        assert umpire.stdin is not None
        try:
            fake.wait_until(lambda: table.public(), timeout=120, what="umpire's bot to post the commitment")
            fake.wait_until(lambda: fake.sent_messages(lobby), timeout=120, what="the echo bot to be ready")
            umpire.stdin.write(b"start\n")
            umpire.stdin.flush()
            fake.wait_until(lambda: len(table.public()) > 1, timeout=60, what="the match to start")
            one_burst(fake, ours, [bid(0, s) for s in range(PLAYERS)])  # a first burst to each, not counted
            one_burst(fake, theirs, [bid(0, s) for s in range(PLAYERS)])
            for b in range(1, count + 1):
                time.sleep(0.3)  # umpire journals what Discord confirmed, the REPL catches up: the next burst comes to a quiet bot
                ours_out.extend(one_burst(fake, ours, [bid(b, s) for s in range(PLAYERS)]))
                time.sleep(0.3)
                theirs_out.extend(one_burst(fake, theirs, [bid(b, s) for s in range(PLAYERS)]))
        finally:
            umpire.communicate(b"quit\n", timeout=60)
            floor.terminate()
            floor.wait(timeout=30)
        if umpire.returncode != 0:
            raise RuntimeError(f"umpire play --discord exited with {umpire.returncode}")
    return ours_out, theirs_out


def run(repeat: int) -> Report:
    """`repeat` bursts of 13 to each bot (at least 10); p50 and p95 of each, and umpire's p95 over the echo bot's."""
    ours, theirs = (sorted(x) for x in bursts(max(repeat, 10)))
    p50, p95 = percentile(ours, 50), percentile(ours, 95)
    e50, e95 = percentile(theirs, 50), percentile(theirs, 95)
    bursts_run = len(ours) // PLAYERS
    echo_name = "Discord burst: a bare discord.py echo bot, 13 users at once"
    measures: list[Measure] = [
        measure(echo_name, theirs, unit="ms", note=f"{bursts_run} bursts; p50 {e50 * 1e3:.1f} ms, p95 {e95 * 1e3:.1f} ms"),
        measure(
            "Discord burst: umpire's bot, 13 players at once",
            ours,
            unit="ms",
            note=f"{bursts_run} bursts; p50 {p50 * 1e3:.1f} ms, p95 {p95 * 1e3:.1f} ms",
            floor=echo_name,
        ),
    ]
    verdict = "meets" if p95 <= TARGET_P95_RATIO * e95 else "misses"
    notes = [
        f"Burst of {PLAYERS} x {bursts_run}: umpire p50 {p50 * 1e3:.1f} ms / p95 {p95 * 1e3:.1f} ms (max {ours[-1] * 1e3:.1f}); "
        f"echo bot p50 {e50 * 1e3:.1f} ms / p95 {e95 * 1e3:.1f} ms (max {theirs[-1] * 1e3:.1f}).",
        f"umpire's p95 over the echo bot's: {p95 / e95:.2f}x ({verdict} the goal of {TARGET_P95_RATIO:.0f}x); "
        f"umpire's p50 over its p95: {p50 / p95:.2f}.",
    ]
    return Report(measures=measures, notes=notes)


if __name__ == "__main__":
    os.chdir(ROOT)
    from run import main

    sys.exit(main(["--only", "burst", *sys.argv[1:]]))
