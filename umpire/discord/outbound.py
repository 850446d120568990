"""Sending to Discord: one queue per place, in order, each job retried until Discord confirms it or it is no longer wanted.

A job is what one output becomes: a public post, a player's DM, a reply to a player (a refusal). Its
text is split at 2,000 characters (chat.split) and its pictures are attached to its last message. Every
message carries a nonce made from the game and the job, so a job sent again after a crash or a lost
answer gives back the message Discord already made instead of a second one (Discord keeps nonces a few
minutes). A job is confirmed (`sent` with Discord's message IDs) only once every message of it is.

Discord refusing a DM because the player's DMs are closed (50007) blocks that place until `unblock`:
the DM stays in the session's outbox and the host is told once. Any other refusal, or Discord out of
reach, is retried after a pause; the host is told once, and again when it works.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from umpire.core import chat
from umpire.core.players import Player
from umpire.discord.wire import Button, Outgoing, Place, Refused, Transport, Unreachable
from umpire.games.base import Post

RETRY_FIRST = 1.0  # seconds before the first retry of a refused or unreachable send
RETRY_MAX = 30.0


def nonce(game: str, tag: str) -> str:
    """A nonce for one Discord message of a game: the same job sent again gets the same one (25 characters, Discord's most)."""
    return hashlib.sha256(f"umpire|{game}|{tag}".encode()).hexdigest()[:25]


def messages(
    posts: Sequence[Post],
    *,
    game: str,
    tag: str,
    pictures: bool,
    name: str = "picture",
    buttons: tuple[Button, ...] = (),
    players: Sequence[Player] = (),
) -> list[Outgoing]:
    """The Discord messages of some posts: each post's text split at 2,000 characters, its picture on
    its last part (a name no font here can draw labelled with its seat: see `umpire.images.seats`);
    `buttons` on the very last message."""
    out: list[Outgoing] = []
    for p, post in enumerate(posts):
        parts = chat.split(post.text) if post.text else []
        image = None
        if pictures and post.image is not None:
            from umpire.images.seats import drawn  # with the picture: Pillow is loaded to draw it anyway

            image = drawn(post.image, players)
        files = ((f"{name}-{p + 1}.png", image),) if image is not None else ()
        if not parts and files:
            parts = [""]
        for c, part in enumerate(parts):
            last = c == len(parts) - 1
            out.append(Outgoing(text=part, files=files if last else (), nonce=nonce(game, f"{tag}/{p}/{c}")))
    if buttons and out:
        out[-1] = dataclasses.replace(out[-1], buttons=buttons)
    return out


@dataclass(eq=False)
class Job:
    """One thing to send to one place: built when its turn comes (pictures are drawn then, off the event loop)."""

    place: Place
    what: str  # how the host is told about it: "the post of entry 12", "Uri's DM (entry 12)"
    build: Callable[[], list[Outgoing]]
    sent: Callable[[list[str]], None]  # called with Discord's message IDs once every message is confirmed
    wanted: Callable[[], bool] = lambda: True  # False: drop it unsent (an undo withdrew it, the host sent it by hand)
    closed: Callable[[Refused], None] | None = None  # the player's DMs are closed (50007): the place waits for `unblock`
    dropped: Callable[[], None] = lambda: None  # called instead of `sent` when it was no longer wanted
    heavy: bool = False  # it draws pictures: built in a worker thread, not on the event loop
    receipts: list[str] = field(default_factory=list)
    built: list[Outgoing] | None = None


class Sender:
    """The queues of jobs, one per place, each worked through in order by its own task."""

    def __init__(self, transport: Transport | None, tell: Callable[[str, bool], None]) -> None:
        self.transport = transport  # set before `start`
        self.tell = tell  # (text, is_a_problem): a line for the host
        self._queues: dict[Place, deque[Job]] = {}
        self._wake: dict[Place, asyncio.Event] = {}
        self._tasks: dict[Place, asyncio.Task[None]] = {}
        self._blocked: set[Place] = set()
        self._troubled: set[Place] = set()  # places whose last try failed (the host was told)
        self.running = False
        self.idle: Callable[[], None] = lambda: None  # called when a job is done and nothing else is left to send

    def add(self, job: Job) -> None:
        """Queue a job behind the others for its place."""
        self._queues.setdefault(job.place, deque()).append(job)
        self._wake.setdefault(job.place, asyncio.Event()).set()
        if self.running and job.place not in self._tasks:
            self._tasks[job.place] = asyncio.create_task(self._work(job.place))

    def start(self) -> None:
        """Start working (the transport is connected)."""
        self.running = True
        for place in self._queues:
            if place not in self._tasks:
                self._tasks[place] = asyncio.create_task(self._work(place))

    def pending(self, place: Place | None = None) -> int:
        """Jobs not yet confirmed (at one place, or everywhere)."""
        if place is not None:
            return len(self._queues.get(place, ()))
        return sum(len(q) for q in self._queues.values())

    def blocked(self, place: Place) -> bool:
        return place in self._blocked

    def unblock(self, place: Place) -> None:
        """Try a place again (its player wrote, so their DMs may be open now)."""
        if place in self._blocked:
            self._blocked.discard(place)
            self._wake.setdefault(place, asyncio.Event()).set()

    async def drain(self, timeout: float) -> bool:
        """Wait until every queue is empty (False if `timeout` seconds passed first, or a place is blocked)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while any(q and p not in self._blocked for p, q in self._queues.items()):
            if loop.time() >= end:
                return False
            await asyncio.sleep(0.02)
        return not any(self._queues.values())

    async def close(self) -> None:
        self.running = False
        for task in self._tasks.values():
            task.cancel()
        for task in self._tasks.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()

    async def _work(self, place: Place) -> None:
        queue = self._queues[place]
        wake = self._wake[place]
        delay = RETRY_FIRST
        while True:
            if not queue or place in self._blocked:
                wake.clear()
                await wake.wait()
                continue
            job = queue[0]
            try:
                done = await self._try(job)
            except Refused as exc:
                if exc.dms_closed and job.closed is not None:
                    self._blocked.add(place)
                    self._then(job, job.closed, exc)
                    continue
                self._trouble(place, f"Discord refused {job.what} ({exc}); trying again")
            except Unreachable as exc:
                self._trouble(place, f"could not send {job.what}: {exc}; trying again")
            except Exception as exc:  # making it failed (a picture that cannot be drawn): the host is told, the rest goes on
                queue.popleft()
                self.tell(
                    f"⚠ umpire could not make {job.what} ({type(exc).__name__}: {exc}): it is not sent; send it by hand "
                    "(`copy`, or `copy NAME` for a player's), and the rest goes on",
                    True,
                )
                continue
            else:
                queue.popleft()
                delay = RETRY_FIRST
                if place in self._troubled:
                    self._troubled.discard(place)
                    self.tell(f"Discord: sending to {place} works again", False)
                if done:
                    self._then(job, job.sent, job.receipts)
                else:
                    self._then(job, job.dropped)
                if not self.pending():
                    self._then(job, self.idle)
                continue
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MAX)

    def _then(self, job: Job, step: Callable[..., None], *args: Any) -> None:
        """What follows a job (recording it, telling the host): a failure there is told, and never stops the queue."""
        try:
            step(*args)
        except Exception as exc:
            self.tell(f"⚠ umpire failed on what follows {job.what} ({type(exc).__name__}: {exc}); sending goes on", True)

    async def _try(self, job: Job) -> bool:
        """Send what of a job is not yet confirmed; False when it was no longer wanted before any of it went out
        (once a part has gone, the rest follows: the player has seen the start of it)."""
        if not job.receipts and not job.wanted():
            return False
        if job.built is None:
            job.built = await asyncio.to_thread(job.build) if job.heavy else job.build()
        assert self.transport is not None
        for out in job.built[len(job.receipts) :]:
            job.receipts.append(await self.transport.send(job.place, out))
        return True

    def _trouble(self, place: Place, text: str) -> None:
        if place not in self._troubled:
            self._troubled.add(place)
            self.tell(text, True)
