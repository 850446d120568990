"""The Discord bot: how long from a player's message reaching the (fake) gateway to its ruling posted back, and what
the bot costs `umpire play` at start-up.

**Round trip.** The REPL and the bot run in this process, as `umpire play … --discord` runs them (one event loop),
against the fake Discord of tests/fakediscord on 127.0.0.1 in a thread of its own. The 13 players of the bundled
Open, Pass game send 1,000 messages one after another (bids, changed bids, and one in ten refused); each is timed
from the moment the fake made it (and queued its MESSAGE_CREATE) to the moment the fake made the bot's answer —
the receipt DM or the refusal — both read from `time.perf_counter()` in this process (`Message.created_monotonic`).
Each message is sent once the previous answer is in, so this is the delay one player sees, not a throughput.
Everything real is in the path: discord.py's gateway and REST, the journal fsync'd for each input (the deliveries
Discord confirms are journaled once nothing is left to send, together). Target: p95 under 250 ms. A burst of 13
players at once is bench_burst.py's.

**Start-up.** `umpire play hap-tac-toe` (the REPL, then `quit`) timed whole, with discord.py installed and with it
made unimportable (as without the `discord` extra), interleaved round by round: the ratio says what having the
extra installed costs a host who does not use it (plain `play` never imports it). And for information, `umpire
play … --discord` from the start of the process to the bot live against the fake (set-up checked, gateway ready).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchlib import ROOT, Measure, Report, child_env, interleaved, measure, percentile, scratch_dir

sys.path.insert(0, str(ROOT))

REPEAT = (15, 5)
MESSAGES = 1000
TARGET_P95 = 0.250

PROBE = """
import atexit, importlib.abc, sys
if {block}:
    class NoDiscord(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == "discord" or name.startswith("discord."):
                raise ModuleNotFoundError(name, name=name)
    sys.meta_path.insert(0, NoDiscord())
from umpire.cli import main
sys.argv = ["umpire", "play", "hap-tac-toe", "--journal", {journal!r}]
main()
"""


def round_trips(count: int = MESSAGES) -> list[float]:
    """Seconds from each player message at the fake gateway to the bot's answer, over `count` messages."""
    from tests.discord.support import Hosted, Table
    from tests.fakediscord import FakeDiscord
    from umpire.scenario import load
    from umpire.session import Session

    scenario = load(ROOT / "scenarios" / "open-pass-heaven-hell.toml")
    names = [p.name for p in scenario.roster]
    out: list[float] = []
    with FakeDiscord() as fake, tempfile.TemporaryDirectory(prefix="umpire-bench-") as tmp:
        table = Table(fake, names, dm_seats=range(0, 13, 2))
        session = Session.create(scenario, journal_path=Path(tmp) / "bot.jsonl", seed="1", salt="0" * 32)
        hosted = Hosted(fake, table, session, table.ids())

        def play(h: Hosted) -> None:
            h.type("start")
            h.settle()
            for i in range(count):
                seat = i % 13
                text = "bid 9" if i % 10 == 9 else f"bid {i % 6 + 1} {(i + 2) % 6 + 1}"
                before = len(table.private_messages(seat))
                said = fake.user_says(table.users[seat], table.place(seat), text)
                answers = fake.wait_until(lambda s=seat, n=before: _more(table.private_messages(s), n), timeout=30, what="the answer")
                out.append(answers[before].created_monotonic - said.created_monotonic)
            h.settle()

        hosted.run(play, timeout=600)
    return out


def _more(messages: list, n: int) -> list | None:
    return messages if len(messages) > n else None


def plain_play(block: bool, tmp: Path) -> float:
    """Wall time of `umpire play hap-tac-toe` to its prompt and out again (`quit`), discord.py importable or not."""
    journal = tmp / f"j-{time.perf_counter_ns()}.jsonl"
    code = PROBE.format(block=block, journal=str(journal))
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", code], input=b"quit\n", capture_output=True, cwd=tmp, env=child_env(XDG_STATE_HOME=str(tmp)), check=False
    )
    dt = time.perf_counter() - t0
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.decode(errors="replace")[-500:])
    return dt


def discord_startup(repeat: int) -> list[float]:
    """Seconds from starting `umpire play … --discord` to the bot live (its commitment posted) against the fake."""
    from tests.discord.support import Table
    from tests.fakediscord import FakeDiscord

    out = []
    with FakeDiscord() as fake, scratch_dir() as tmp:
        table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
        ids = table.ids()
        (tmp / "discord.toml").write_text(
            f"[discord]\nserver = {ids.server}\nchannel = {ids.channel}\nhost = {ids.host}\n"
            f"[players.Hedger]\nuser = {ids.players[0].user}\nchannel = {ids.players[0].channel}\n[players.Uri]\nuser = {ids.players[1].user}\n"
        )
        env = child_env(UMPIRE_DISCORD_TOKEN=table.bot.token, XDG_STATE_HOME=str(tmp), PYTHONPATH=str(ROOT))
        for i in range(repeat):
            posted = len(table.public())
            t0 = time.perf_counter()
            proc = subprocess.Popen(
                [sys.executable, "-m", "tests.fakediscord.launch", fake.http_url, "umpire", "play", "choice-is-yours", "--discord"]
                + ["--ids", str(tmp / "discord.toml"), "--journal", str(tmp / f"j{i}.jsonl")],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                cwd=ROOT,
                env=env,
            )
            fake.wait_until(lambda n=posted: len(table.public()) > n, timeout=60, what="the commitment post")
            out.append(time.perf_counter() - t0)
            assert proc.stdin is not None
            proc.communicate(b"quit\n", timeout=60)
    return out


def run(repeat: int) -> Report:
    """The round trip over 1,000 messages; plain `play` start-up with and without discord.py; the bot's own start-up."""
    trips = sorted(round_trips())
    p50, p95 = percentile(trips, 50), percentile(trips, 95)
    measures: list[Measure] = [
        measure(
            "Discord: a player's message at the gateway to its ruling posted back (p90 column: see p95 in the notes)",
            trips,
            unit="ms",
            target=TARGET_P95,
            note=f"{len(trips)} messages, one after another; p50 {p50 * 1e3:.1f} ms, p95 {p95 * 1e3:.1f} ms",
        )
    ]
    with scratch_dir() as tmp:
        with_extra, without = interleaved([lambda: plain_play(False, tmp), lambda: plain_play(True, tmp)], repeat)
    measures.append(measure("`umpire play` start-up, discord.py made unimportable", without, unit="ms", note="to the prompt and `quit`"))
    measures.append(
        measure(
            "`umpire play` start-up, discord.py installed",
            with_extra,
            unit="ms",
            note="plain play never imports it",
            floor="`umpire play` start-up, discord.py made unimportable",
            ratio=1.05,
            paired=True,
        )
    )
    bot = discord_startup(max(3, repeat // 3))
    measures.append(
        measure("`umpire play … --discord` to the bot live (fake Discord)", bot, unit="ms", note="set-up checks, login, gateway ready")
    )
    ratio = sorted(a / b for a, b in zip(with_extra, without, strict=True))
    notes = [
        f"Round trip over {len(trips)} messages: p50 {p50 * 1e3:.1f} ms, p95 {p95 * 1e3:.1f} ms, max {trips[-1] * 1e3:.1f} ms "
        f"(target p95 < {TARGET_P95 * 1e3:.0f} ms).",
        f"Plain `umpire play` with discord.py installed over without it: median ratio {ratio[len(ratio) // 2]:.3f} ({len(ratio)} rounds).",
    ]
    return Report(measures=measures, notes=notes)


if __name__ == "__main__":
    os.chdir(ROOT)
    from run import main

    sys.exit(main(["--only", "discord", *sys.argv[1:]]))
