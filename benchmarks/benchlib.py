"""What the benchmark modules share: summaries, subprocess timing, a full Death Match script.

Not a test module: nothing here runs at import time.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import random
import re
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
import timeit
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

if TYPE_CHECKING:
    from umpire.scenario import Scenario
    from umpire.session import Session

ROOT = Path(__file__).resolve().parent.parent
PIECES_HAP = ("black red circle", "gray red square", "white red triangle")

# (game, transcript script): one whole match of each game.
GAMES: tuple[tuple[str, str], ...] = (
    ("Hap-Tac-Toe", "hap-tac-toe.script"),
    ("When Stars Align", "when-stars-align.script"),
    ("The Choice is Yours", "choice-match.script"),
    ("Open, Pass", "open-pass-match.script"),
    ("Devil's Deal", "devils-deal.script"),
)


class Measure(TypedDict):
    """One row of the results table. Times are in seconds; `unit` is how to print them.

    A row measured against a floor in the same run names it (`floor`, the floor row's name) and
    may have a `ratio` target: its median over the floor's. `paired`: its samples and the floor's
    were taken in the same rounds (interleaved), so the ratio is taken round by round.
    """

    name: str
    target: float | None  # seconds; None: informational, no target
    unit: str  # "ms" or "µs"
    samples: list[float]
    median: float
    p10: float
    p90: float
    max: float
    note: str
    floor: NotRequired[str]
    ratio: NotRequired[float]
    paired: NotRequired[bool]


class Report(TypedDict):
    """What each `bench_*.run(repeat)` returns."""

    measures: list[Measure]
    notes: list[str]


def measure(
    name: str,
    samples: Sequence[float],
    *,
    unit: str,
    target: float | None = None,
    note: str = "",
    floor: str | None = None,
    ratio: float | None = None,
    paired: bool = False,
) -> Measure:
    """Summarize samples (seconds): median, 10th and 90th percentiles (nearest rank) and max; with
    `floor`, the row it is measured against (and `ratio`, the most its median may be over the floor's)."""
    if not samples:
        raise ValueError(f"{name}: no samples")
    ordered = sorted(samples)
    m = Measure(
        name=name,
        target=target,
        unit=unit,
        samples=list(samples),
        median=statistics.median(ordered),
        p10=percentile(ordered, 10),
        p90=percentile(ordered, 90),
        max=ordered[-1],
        note=note,
    )
    if floor is not None:
        m["floor"] = floor
        m["paired"] = paired
        if ratio is not None:
            m["ratio"] = ratio
    return m


def percentile(ordered: Sequence[float], p: float) -> float:
    """The p-th percentile of sorted samples, nearest rank."""
    rank = max(0, min(len(ordered) - 1, -(-int(p * len(ordered)) // 100) - 1))
    return ordered[rank]


def ratio_ci(samples: Sequence[float], floor: Sequence[float], *, paired: bool, draws: int = 2000) -> tuple[float, float, float]:
    """The ratio of the medians (samples over floor) and its 95 % confidence interval, by the bootstrap:
    rounds resampled together when `paired` (the samples were taken interleaved), each side on its own otherwise.
    A fixed seed: the same samples always give the same interval."""
    rng = random.Random(20261126)
    point = statistics.median(samples) / statistics.median(floor)
    n, k = len(samples), len(floor)
    ratios = []
    for _ in range(draws):
        if paired and n == k:
            idx = [rng.randrange(n) for _ in range(n)]
            a, b = [samples[i] for i in idx], [floor[i] for i in idx]
        else:
            a = [samples[rng.randrange(n)] for _ in range(n)]
            b = [floor[rng.randrange(k)] for _ in range(k)]
        ratios.append(statistics.median(a) / statistics.median(b))
    ratios.sort()
    return point, ratios[int(0.025 * draws)], ratios[int(0.975 * draws) - 1]


def decided(samples: Sequence[float], floor: Sequence[float], ratio: float, *, paired: bool) -> bool:
    """Whether the 95 % interval of the ratio lies wholly on one side of `ratio` (a verdict more rounds would not flip)."""
    _, lo, hi = ratio_ci(samples, floor, paired=paired, draws=400)
    return hi <= ratio or lo > ratio


def until_decided(
    variants: Sequence[Callable[[], float]],
    against: Sequence[tuple[int, int, float]],
    *,
    least: int,
    most: int,
) -> list[list[float]]:
    """`interleaved` rounds of the variants, at least `least` and at most `most`, stopping as soon as every
    (variant, floor variant, ratio) in `against` has a verdict its confidence interval does not straddle."""
    for v in variants:
        v()
    out: list[list[float]] = [[] for _ in variants]
    for r in range(most):
        for samples, v in zip(out, variants, strict=True):
            samples.append(v())
        if r + 1 >= least and all(decided(out[i], out[j], ratio, paired=True) for i, j, ratio in against):
            break
    return out


def fmt(seconds: float, unit: str) -> str:
    """A time in the row's unit, with sensible precision."""
    scale = {"s": 1.0, "ms": 1e3, "µs": 1e6}[unit]
    v = seconds * scale
    if v >= 100:
        return f"{v:.0f} {unit}"
    if v >= 10:
        return f"{v:.1f} {unit}"
    return f"{v:.2f} {unit}"


def umpire_exe() -> str:
    """The `umpire` console script of the interpreter running the benchmarks (its virtualenv)."""
    beside = Path(sys.executable).parent / "umpire"
    if beside.exists():
        return str(beside)
    found = shutil.which("umpire")
    if found is None:
        raise SystemExit("no `umpire` console script: run the benchmarks with the project's virtualenv python")
    return found


@contextlib.contextmanager
def scratch_dir() -> Iterator[Path]:
    """A temporary directory on the default temp filesystem (journals are written here)."""
    with tempfile.TemporaryDirectory(prefix="umpire-bench-") as d:
        yield Path(d)


def child_env(*, bytecode_cache: Path | None = None, **extra: str) -> dict[str, str]:
    """The environment for a subprocess: the inherited one (PYTHONDONTWRITEBYTECODE=1 on these machines),
    or, with `bytecode_cache`, bytecode written to and read from that directory (PYTHONPYCACHEPREFIX).
    """
    env = dict(os.environ)
    env.setdefault("TERM", "xterm-256color")
    env.pop("PROMPT_TOOLKIT_NO_CPR", None)
    if bytecode_cache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(bytecode_cache)
    env.update(extra)
    return env


def run_once(argv: Sequence[str], *, env: dict[str, str] | None = None, cwd: Path | None = None, ok: Sequence[int] = (0,)) -> float:
    """Wall time of running `argv` to completion (output discarded); raises on an unexpected exit status."""
    t0 = time.perf_counter()
    proc = subprocess.run(argv, env=env, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    dt = time.perf_counter() - t0
    if proc.returncode not in ok:
        raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr.decode(errors='replace')[-500:]}")
    return dt


def time_command(
    argv: Sequence[str], repeat: int, *, env: dict[str, str] | None = None, cwd: Path | None = None, ok: Sequence[int] = (0,)
) -> list[float]:
    """Wall time of running `argv` to completion, `repeat` times after one warm-up run (output discarded)."""
    return interleaved([lambda: run_once(argv, env=env, cwd=cwd, ok=ok)], repeat)[0]


def interleaved(variants: Sequence[Callable[[], float]], repeat: int) -> list[list[float]]:
    """Run each variant (a function returning one sample) once as a warm-up, then `repeat` rounds of
    all of them in turn, so a change in the machine's load hits every variant alike."""
    for v in variants:
        v()
    out: list[list[float]] = [[] for _ in variants]
    for _ in range(repeat):
        for samples, v in zip(out, variants, strict=True):
            samples.append(v())
    return out


def per_call(stmt: str | Callable[[], Any], repeat: int, *, scope: dict[str, Any] | None = None, budget: float = 0.05) -> list[float]:
    """Seconds per execution of `stmt` (a statement string run in `scope`, or a callable): `repeat`
    samples, each the mean over as many executions as fit in about `budget` seconds. timeit's own loop
    (~10 ns an iteration) is included; a callable adds its call overhead, a statement string does not.
    """
    timer = timeit.Timer(stmt, globals=scope) if isinstance(stmt, str) else timeit.Timer(stmt)
    number, taken = timer.autorange()  # at least 0.2 s
    calls = max(1, int(number * budget / taken))
    return [t / calls for t in timer.repeat(repeat=repeat, number=calls)]


def load_scenario(name: str = "hap-tac-toe") -> Scenario:
    """A bundled scenario by name."""
    from umpire.scenario import load

    return load(ROOT / "scenarios" / f"{name}.toml")


@dataclass(frozen=True, kw_only=True)
class Line:
    """One line of a scripted Death Match, and what kind of input it is."""

    kind: str  # "first", "start", "place", "claim", "done"
    text: str


def dm_script(scenario: str = "hap-tac-toe", *, max_claims_per_turn: int = 2) -> list[Line]:
    """The lines of one complete, valid Death Match: the first player chosen, both games played to a
    full board, and after each placement a claim for (up to two) new line haps through the new square.

    The moves are fixed (no randomness), so every run replays the same game. Each line is checked by
    playing it in a session without a journal; a refusal is a bug here, not in umpire.
    """
    from umpire.games.haptactoe import rules
    from umpire.games.haptactoe.pieces import square_name
    from umpire.session import Session

    sc = load_scenario(scenario)
    session = Session.create(sc, journal_path=None, seed="20261121", salt="bench")
    state = session.state
    assert isinstance(state, rules.State)
    words = state.cfg.book.pieces.words
    claim_word = state.cfg.book.claim_word
    lines = [Line(kind="first", text="p2: first p1")]
    _feed(session, lines)
    # A stride coprime with 27 and 25 spreads the pieces and squares around the board.
    piece_order = [(7 * i + 3) % 27 for i in range(27)]
    square_order = [(7 * i + 12) % 25 for i in range(25)]
    for game in (1, 2):
        start = Line(kind="start", text="start")
        _feed(session, [start])
        lines.append(start)
        pieces = piece_order[game - 1 :] + piece_order[: game - 1]
        for k, square in enumerate(square_order):
            st = session.state
            assert isinstance(st, rules.State) and st.turn is not None
            who = f"p{st.turn.seat + 1}"
            place = Line(kind="place", text=f"{who}: {words(pieces[k])} {square_name(square)}")
            _feed(session, [place])
            lines.append(place)
            st = session.state
            assert isinstance(st, rules.State)
            new = [t for t in rules.line_haps(st) if square in t][:max_claims_per_turn]
            for t in new:
                claim = Line(kind="claim", text=f"{who}: {claim_word} {' '.join(square_name(s) for s in t)}")
                _feed(session, [claim])
                lines.append(claim)
            done = Line(kind="done", text=f"{who}: done")
            _feed(session, [done])
            lines.append(done)
    final = session.state
    assert isinstance(final, rules.State) and final.over, "the scripted Death Match did not finish"
    return lines


def _feed(session: Session, lines: Sequence[Line]) -> None:
    for line in lines:
        outs = session.feed(line.text)
        refused = [o for o in outs if o.kind == "refusal"]
        if refused:
            raise RuntimeError(f"benchmark script refused: {line.text!r}: {refused[0].text}")


def quiet_console() -> Any:
    """The REPL's terminal as a colour terminal of 120 columns, writing to memory."""
    import io

    from umpire.repl.terminal import Terminal

    return Terminal(io.StringIO(), width=120, tty=True, colour=True)


# ---------------------------------------------------------------- a terminal for the REPL

ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")
CPR_REQUEST = b"\x1b[6n"
CPR_ANSWER = b"\x1b[1;1R"


class Pty:
    """`umpire` in a pseudo-terminal, answering prompt_toolkit's cursor-position requests like a terminal.

    Text is searched with the escape sequences taken out, from where the last search matched.
    """

    def __init__(
        self, argv: Sequence[str], *, env: dict[str, str], cwd: Path, rows: int = 40, cols: int = 120, stderr: Path | None = None
    ) -> None:
        """Start `argv` on a new terminal of `rows` x `cols`; with `stderr`, its stderr goes to that file."""
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        err = slave if stderr is None else os.open(stderr, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            list(argv), stdin=slave, stdout=slave, stderr=err, env=env, cwd=cwd, start_new_session=True, close_fds=True
        )
        os.close(slave)
        if err != slave:
            os.close(err)
        self.buf = b""  # everything the terminal received
        self.plain = b""  # the same without escape sequences
        self.pos = 0  # where in `plain` the next search starts
        self._pending = b""
        self._tail = b""

    def _pump(self, timeout: float) -> bool:
        """Read what is there (waiting up to `timeout`); False once the terminal is closed."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the child closed the terminal
            return False
        if not data:
            return False
        if CPR_REQUEST in self._tail + data:
            os.write(self.master, CPR_ANSWER * (self._tail + data).count(CPR_REQUEST))
        self._tail = data[-3:]
        self.buf += data
        self._absorb(data)
        return True

    def _absorb(self, data: bytes) -> None:
        """Add `data` to `plain`, without escape sequences; an escape cut off at the end waits for the rest."""
        pending = self._pending + data
        keep = b""
        cut = pending.rfind(b"\x1b")
        if cut >= 0 and len(pending) - cut < 64 and not ANSI.match(pending, cut):
            pending, keep = pending[:cut], pending[cut:]
        self.plain += ANSI.sub(b"", pending)
        self._pending = keep

    def wait_for(self, token: bytes, timeout: float = 10.0) -> float:
        """perf_counter() when `token` is first seen after the last match; raises after `timeout`."""
        deadline = time.perf_counter() + timeout
        while True:
            at = self.plain.find(token, self.pos)
            if at >= 0:
                self.pos = at + len(token)
                return time.perf_counter()
            if time.perf_counter() > deadline:
                tail = self.plain[-400:].decode(errors="replace")
                raise TimeoutError(f"no {token!r} within {timeout} s; the terminal shows: …{tail}")
            if not self._pump(0.005):
                raise EOFError(f"umpire ended before {token!r} appeared: …{self.plain[-400:].decode(errors='replace')}")

    def drain(self, seconds: float) -> None:
        """Keep reading (and answering) for `seconds`."""
        end = time.perf_counter() + seconds
        while time.perf_counter() < end and self._pump(max(0.0, min(0.01, end - time.perf_counter()))):
            pass
        self.pos = len(self.plain)

    def send(self, data: bytes) -> float:
        """Type `data`; returns perf_counter() just before."""
        t = time.perf_counter()
        os.write(self.master, data)
        return t

    def close(self, timeout: float = 10.0) -> int:
        """Ctrl-D, then wait for the exit status (the process is killed if it does not leave)."""
        with contextlib.suppress(OSError):
            os.write(self.master, b"\x04")
        deadline = time.perf_counter() + timeout
        while self.proc.poll() is None and time.perf_counter() < deadline:
            if not self._pump(0.01):
                break
        try:
            code = self.proc.wait(timeout=max(0.1, deadline - time.perf_counter()))
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        os.close(self.master)
        return code


# A bare prompt_toolkit REPL, like umpire's without umpire: the floor for the first prompt and the
# round trip. It prints "echo LINE done" for each line, through patch_stdout(raw=True) as umpire does.
BARE_REPL = """
import asyncio
from prompt_toolkit import PromptSession
from prompt_toolkit.patch_stdout import patch_stdout

async def main():
    session = PromptSession("umpire> ")
    while True:
        try:
            text = await session.prompt_async()
        except EOFError:
            break
        print(f"echo {text} done")

with patch_stdout(raw=True):
    asyncio.run(main())
"""
