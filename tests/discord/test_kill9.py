"""kill -9 at random moments of the 13-player Open, Pass match, each time resumed with `umpire resume --discord`: no
player's message is lost or taken twice, the rulings and the result are the script's, and every public post and
DM reaches Discord once, in order. `umpire` runs as the real program in its own process (through the fake
Discord's launcher), and is killed with SIGKILL: no cleanup of any kind."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.fakediscord import FakeDiscord
from umpire.discord.ids import TOKEN_ENV
from umpire.render import batch
from umpire.scenario import load
from umpire.session import Session, derive_salt
from umpire.session import entries as E

from .support import ROOT, SCRIPTS, Table, steps

KILLS = 12
VIEWS = ("bids", "cards", "trades", "status", "decks")


def match_lines() -> list[str]:
    """The Open, Pass transcript without its clock lines: round 3 is closed by the host instead of its 24 hours
    (the game clock of a program follows the real clock, which a test cannot move)."""
    out: list[str] = []
    for line in (SCRIPTS / "open-pass-match.script").read_text().splitlines():
        if line.startswith("@ 23:00:00"):
            out.append("close")
        elif not line.startswith("@"):
            out.append(line)
    return out


def read(path: Path) -> list[E.Entry]:
    """The journal's whole entries as they are now (a line being written is left out)."""
    out: list[E.Entry] = []
    try:
        raw = path.read_bytes().split(b"\n")
    except FileNotFoundError:
        return out
    for line in raw[1:]:
        try:
            data = json.loads(line)
        except ValueError:
            continue
        out.append(E.read(data, str(path)))
    return out


class Umpire:
    """The `umpire` program, hosting against the fake Discord: started, killed, resumed."""

    def __init__(self, fake: FakeDiscord, table: Table, tmp: Path) -> None:
        self.fake, self.table, self.tmp = fake, table, tmp
        self.journal = tmp / "match.journal.jsonl"
        self.ids = tmp / "discord.toml"
        ids = table.ids()
        players = "".join(f"[players.{p.name}]\nuser = {p.user}\n" + (f"channel = {p.channel}\n" if p.channel else "") for p in ids.players)
        self.ids.write_text(f"[discord]\nserver = {ids.server}\nchannel = {ids.channel}\nhost = {ids.host}\n{players}")
        self.env = dict(os.environ, **{TOKEN_ENV: table.bot.token, "XDG_STATE_HOME": str(tmp), "PYTHONPATH": str(ROOT)})
        self.proc: subprocess.Popen[bytes] | None = None
        self.runs = 0

    def start(self, *args: str) -> None:
        readies = self.fake.gateway.count("ready")
        self.runs += 1
        log = open(self.tmp / f"run-{self.runs}.out", "wb")  # noqa: SIM115 - the process writes to it until it dies
        command = [
            sys.executable,
            "-m",
            "tests.fakediscord.launch",
            self.fake.http_url,
            "umpire",
            *args,
            "--discord",
            "--ids",
            str(self.ids),
        ]
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT, env=self.env)
        log.close()
        self.wait(lambda: self.fake.gateway.count("ready") > readies and self.listening() == self.runs, "the bot to go live", 60)

    def listening(self) -> int:
        return sum(isinstance(e, E.Listening) for e in read(self.journal))

    def type(self, line: str) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(f"{line}\n".encode())
        self.proc.stdin.flush()

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)
        assert self.proc.returncode == -signal.SIGKILL

    def wait(self, condition: Any, what: str, timeout: float = 30.0) -> None:
        end = time.monotonic() + timeout
        while not condition():
            if self.proc is not None and self.proc.poll() is not None and self.proc.returncode != -signal.SIGKILL:
                raise AssertionError(f"umpire ended ({self.proc.returncode}):\n{(self.tmp / f'run-{self.runs}.out').read_text()[-3000:]}")
            if time.monotonic() > end:
                raise AssertionError(
                    f"gave up waiting for {what}:\n{(self.tmp / f'run-{self.runs}.out').read_text(errors='replace')[-3000:]}"
                )
            time.sleep(0.01)


def host_inputs(entries: list[E.Entry]) -> list[str]:
    return [e.text for e in entries if isinstance(e, E.Input) and e.by is None] + ["reveal" for e in entries if isinstance(e, E.Reveal)]


@pytest.fixture
def live_fake() -> Iterator[FakeDiscord]:
    """A fake Discord whose clock is the real one, as the program's is (its messages' IDs carry real times)."""
    with FakeDiscord() as fake:
        yield fake
    assert not fake.internal_errors, "\n".join(fake.internal_errors)


@pytest.mark.slow
def test_kill_9_at_random_moments_of_an_open_pass_match_loses_and_doubles_no_message(live_fake: FakeDiscord, tmp_path: Path) -> None:
    fake = live_fake
    lines = match_lines()
    scenario = load(ROOT / "scenarios" / "open-pass-heaven-hell.toml")
    scripted = Session.create(scenario, journal_path=tmp_path / "script.jsonl", seed="2002", salt=derive_salt("2002"))
    expected_out = list(batch(scripted, lines, json_out=True))
    scripted.close()
    script = [s for s in steps(lines, scripted) if not (s.kind == "host" and s.text.split()[0] in VIEWS)]

    table = Table(fake, [p.name for p in scenario.roster], dm_seats=range(0, 13, 2))
    umpire = Umpire(fake, table, tmp_path)
    umpire.start("play", "open-pass-heaven-hell", "--seed", "2002", "--salt", derive_salt("2002"), "--journal", str(umpire.journal))
    rng = random.Random(9)
    kill_at = set(rng.sample(range(len(script)), KILLS))
    said: list[tuple[int, int]] = []  # (seat, Discord message id) of every player message, in order
    typed: list[str] = []
    kills = 0  # a moment drawn among the lines players send on meanwhile is passed over
    i = 0
    while i < len(script):
        step = script[i]
        if step.kind == "host":
            typed.append(step.text)
            umpire.type(step.text)
        else:
            said.append((step.seat, fake.user_says(table.users[step.seat], table.place(step.seat), step.text).id))
        if i in kill_at:
            time.sleep(rng.uniform(0, 0.2))  # a random moment of judging, journaling, sending or confirming
            umpire.kill()
            kills += 1
            # Players go on meanwhile, answering what reached them (not a host's line that died with the process).
            while step.kind == "player" and i + 1 < len(script) and script[i + 1].kind == "player" and rng.random() < 0.6:
                i += 1
                nxt = script[i]
                said.append((nxt.seat, fake.user_says(table.users[nxt.seat], table.place(nxt.seat), nxt.text).id))
            umpire.start("resume", str(umpire.journal))
            if host_inputs(read(umpire.journal)) != typed:  # the host's line died with the process: typed again
                umpire.type(typed[-1])
        confirm(umpire, typed, said)
        i += 1
    umpire.wait(lambda: all_sent(umpire), "every DM to be confirmed", 60)
    umpire.type("quit")
    assert umpire.proc is not None and umpire.proc.wait(timeout=30) == 0

    entries = read(umpire.journal)
    sources = [e.source for e in entries if isinstance(e, E.Input | E.Heard) and e.source is not None]
    assert len(sources) == len(set(sources)) == len(said), "every player's message taken exactly once"
    assert [int(s.rsplit("/", 1)[1]) for s in sources] == [m for _, m in said], "in the order they were sent"
    replayed, _, _ = Session.load(umpire.journal, reopen=False)
    expected = json.loads(expected_out[-1])
    assert {k: replayed.final()[k] for k in ("players", "ranking", "ties", "over", "phase")} == {
        k: expected[k] for k in ("players", "ranking", "ties", "over", "phase")
    }
    ours = [(e.by, e.text) for e in entries if isinstance(e, E.Input)]
    assert ours == [(e.by, e.text) for e in read(tmp_path / "script.jsonl") if isinstance(e, E.Input)]
    assert kills >= KILLS // 2 and sum(isinstance(e, E.Listening) for e in entries) == kills + 1
    # What reached Discord: each public post once and in order (and the pause of the first resume), each DM once.
    want_public = [o.text for o in scripted_outputs(scenario, lines) if o.audience.public and not o.text.startswith("🧾")]
    got_public = [m.content for m in table.public() if not m.content.startswith(("⏸", "🧾"))]
    assert "\n".join(got_public) == "\n".join(want_public)
    for seat in range(13):
        want = [o.text for o in scripted_outputs(scenario, lines) if o.audience.seat == seat and o.dm is not None]
        got = [m.content for m in table.private_messages(seat) if not m.content.startswith("✗")]
        assert "\n".join(got) == "\n".join(want), table.names[seat]


def scripted_outputs(scenario: Any, lines: list[str]) -> list[Any]:
    s = Session.create(scenario, journal_path=None, seed="2002", salt=derive_salt("2002"))
    out = s.commitment_outputs()
    for line in lines:
        out += s.feed(line)
    return [o for o in out if o.kind == "announce" and o.text]


def confirm(umpire: Umpire, typed: list[str], said: list[tuple[int, int]]) -> None:
    """Wait until the journal took every message sent and every host line typed so far."""
    want = {m for _, m in said}

    def done() -> bool:
        entries = read(umpire.journal)
        got = {int(e.source.rsplit("/", 1)[1]) for e in entries if isinstance(e, E.Input | E.Heard) and e.source}
        return want <= got and host_inputs(entries) == typed

    umpire.wait(done, f"the journal to take {typed[-1:]} and {len(want)} messages")


def all_sent(umpire: Umpire) -> bool:
    replayed, _, _ = Session.load(umpire.journal, reopen=False)
    return replayed.waiting() == []
