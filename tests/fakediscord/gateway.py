"""The fake's gateway: WebSocket connections, sessions with sequence numbers, IDENTIFY/READY, RESUME with
replay, RECONNECT, INVALID_SESSION, heartbeats and member chunks (Discord's gateway v10, JSON encoding,
optional zlib-stream transport compression).

A session outlives its connection: every dispatch is numbered and kept, so a RESUME after a dropped
connection replays exactly the dispatches after the client's last sequence number, then RESUMED."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .model import BotApp, Guild, Intent, iso

if TYPE_CHECKING:
    from collections.abc import Callable

    from .fake import FakeDiscord

# Opcodes (Discord's "Gateway Opcodes").
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, VOICE_STATE_UPDATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_GUILD_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11

_CLOSE = object()
_ABORT = object()


def _dumps(payload: dict[str, Any]) -> str:
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False)


class Connection:
    """One WebSocket. Frames go through a queue that any thread may feed; a writer task sends them in order."""

    def __init__(self, ws: web.WebSocketResponse, request: web.Request, loop: asyncio.AbstractEventLoop, *, compress: bool) -> None:
        self.ws = ws
        self.request = request
        self.path = request.path
        self.loop = loop
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.compressor = zlib.compressobj() if compress else None
        self.session: Session | None = None
        self.identified = False
        self.closed_by_fake = False
        self.received: list[dict[str, Any]] = []

    def send(self, frame: dict[str, Any] | str) -> None:
        text = frame if isinstance(frame, str) else _dumps(frame)
        self.loop.call_soon_threadsafe(self.queue.put_nowait, text)

    def close(self, code: int) -> None:
        """Close with ``code`` after the frames already queued."""
        self.loop.call_soon_threadsafe(self.queue.put_nowait, (_CLOSE, code))

    def abort(self) -> None:
        """Cut the TCP connection without a close frame (as a network failure does)."""
        self.loop.call_soon_threadsafe(self.queue.put_nowait, (_ABORT, None))

    async def write_frames(self) -> None:
        while True:
            item = await self.queue.get()
            if isinstance(item, tuple):
                kind, code = item
                self.closed_by_fake = True
                if kind is _CLOSE:
                    await self.ws.close(code=code)
                elif self.request.transport is not None:
                    self.request.transport.abort()
                return
            if self.compressor is None:
                await self.ws.send_str(item)
            else:
                data = self.compressor.compress(item.encode()) + self.compressor.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)


@dataclass(eq=False)
class Session:
    """A gateway session: its numbered dispatches are kept so that a RESUME can replay what was missed."""

    id: str
    bot: BotApp
    intents: int
    shard: list[int] | None
    seq: int = 0
    frames: list[tuple[int, str]] = field(default_factory=list)
    conn: Connection | None = None
    alive: bool = True

    def has(self, intent: int) -> bool:
        return bool(self.intents & intent)

    def dispatch(self, event: str, data: dict[str, Any]) -> int:
        self.seq += 1
        text = _dumps({"op": DISPATCH, "t": event, "s": self.seq, "d": data})
        self.frames.append((self.seq, text))
        if self.conn is not None:
            self.conn.send(text)
        return self.seq


class Gateway:
    """Every connection and session of the fake; ``events`` logs what happened, for tests to check."""

    def __init__(self, fake: FakeDiscord, *, heartbeat_interval_ms: int, compression: bool) -> None:
        self.fake = fake
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.compression = compression
        self.sessions: dict[str, Session] = {}
        self.connections: list[Connection] = []
        self.events: list[dict[str, Any]] = []
        self._open: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._open = asyncio.Event()
        self._open.set()

    def count(self, kind: str) -> int:
        """How many gateway events of a kind happened (identify, ready, resume, resumed, invalid_session, closed, ...)."""
        with self.fake._lock:
            return sum(1 for e in self.events if e["kind"] == kind)

    def _log(self, kind: str, **details: Any) -> None:
        self.events.append({"kind": kind, **details})
        self.fake._changed_locked()

    # -- control from tests -------------------------------------------------------------------------------

    def hold(self) -> None:
        assert self._loop is not None and self._open is not None, "the fake is not running"
        self._loop.call_soon_threadsafe(self._open.clear)

    def release(self) -> None:
        assert self._loop is not None and self._open is not None, "the fake is not running"
        self._loop.call_soon_threadsafe(self._open.set)

    def drop(self, *, code: int | None) -> int:
        """Drop every open connection (abort, or close with ``code``); sessions stay resumable. Returns how many."""
        with self.fake._lock:
            dropped = list(self.connections)
            for conn in dropped:
                self._detach(conn)
                conn.abort() if code is None else conn.close(code)
            self._log("dropped", count=len(dropped), code=code)
            return len(dropped)

    def request_reconnect(self) -> int:
        with self.fake._lock:
            live = [s for s in self.sessions.values() if s.conn is not None]
            for session in live:
                assert session.conn is not None
                session.conn.send({"op": RECONNECT, "d": None})
            self._log("reconnect_sent", count=len(live))
            return len(live)

    def invalidate(self, *, resumable: bool) -> int:
        with self.fake._lock:
            live = [s for s in self.sessions.values() if s.alive]
            for session in live:
                session.alive = resumable
                if session.conn is not None:
                    session.conn.send({"op": INVALID_SESSION, "d": resumable})
            self._log("invalidated", count=len(live), resumable=resumable)
            return len(live)

    # -- dispatch -----------------------------------------------------------------------------------------

    def live_sessions(self, bot: BotApp) -> list[Session]:
        return [s for s in self.sessions.values() if s.alive and s.bot is bot]

    def dispatch(self, bot: BotApp, event: str, build: Callable[[Session], dict[str, Any] | None]) -> None:
        """Send ``event`` to each live session of ``bot`` for which ``build`` gives a payload (call with the lock held)."""
        for session in self.live_sessions(bot):
            data = build(session)
            if data is not None:
                session.dispatch(event, data)

    # -- the WebSocket handler ------------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        assert self._open is not None
        self.fake._record_request(request.method, request.path, 101)
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        compress = self.compression and request.query.get("compress") == "zlib-stream"
        conn = Connection(ws, request, asyncio.get_running_loop(), compress=compress)
        with self.fake._lock:
            self.connections.append(conn)
            self._log("connected", path=request.path, query=dict(request.query), compressed=compress)
        writer = asyncio.create_task(conn.write_frames())
        try:
            await self._open.wait()
            if request.query.get("encoding", "json") != "json":
                conn.close(4002)  # the fake speaks JSON only (no ETF)
            elif request.query.get("v", "10") not in ("9", "10"):
                conn.close(4012)
            else:
                conn.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
                await self._read(conn)
        finally:
            await self._finish(conn, writer)
        return ws

    async def _read(self, conn: Connection) -> None:
        async for msg in conn.ws:
            if msg.type is not WSMsgType.TEXT:
                conn.close(4002)
                return
            try:
                payload = json.loads(msg.data)
                op = payload["op"]
            except (ValueError, KeyError, TypeError):
                conn.close(4002)
                return
            conn.received.append(payload)
            if not self._on_frame(conn, op, payload.get("d")):
                return

    async def _finish(self, conn: Connection, writer: asyncio.Task[None]) -> None:
        if not writer.done():
            # Let queued frames (a close frame especially) go out, unless the socket is already gone.
            if conn.ws.closed:
                writer.cancel()
            else:
                conn.close(1000)
        with contextlib.suppress(asyncio.CancelledError, TimeoutError, ConnectionError, RuntimeError):
            await asyncio.wait_for(writer, timeout=5)
        with self.fake._lock:
            code = conn.ws.close_code
            session = conn.session
            self._detach(conn)
            if session is not None and code in (1000, 1001) and conn.identified and not conn.closed_by_fake:
                # "When you close the connection with close code 1000 or 1001, your session will be invalidated."
                session.alive = False
            if conn in self.connections:
                self.connections.remove(conn)
            self._log("closed", path=conn.path, code=code, session=None if session is None else session.id)

    def _detach(self, conn: Connection) -> None:
        session = conn.session
        if session is not None and session.conn is conn:
            session.conn = None

    def _on_frame(self, conn: Connection, op: int, data: Any) -> bool:
        """Handle one frame from the client; False when the connection is being closed."""
        if op == HEARTBEAT:
            conn.send({"op": HEARTBEAT_ACK})
            return True
        if op == IDENTIFY:
            return self._identify(conn, data)
        if op == RESUME:
            return self._resume(conn, data)
        if not conn.identified:
            conn.close(4003)
            return False
        if op == REQUEST_GUILD_MEMBERS:
            self._member_chunks(conn, data or {})
            return True
        if op in (PRESENCE_UPDATE, VOICE_STATE_UPDATE):
            return True
        conn.close(4001)
        return False

    def _refuse(self, conn: Connection, code: int, why: str) -> bool:
        with self.fake._lock:
            self._log("refused", code=code, why=why)
        conn.close(code)
        return False

    def _identify(self, conn: Connection, data: Any) -> bool:
        if conn.identified:
            return self._refuse(conn, 4005, "second IDENTIFY")
        if not isinstance(data, dict):
            return self._refuse(conn, 4002, "IDENTIFY without a data object")
        with self.fake._lock:
            bot = self.fake._bot_by_token(data.get("token"))
            if bot is None:
                return self._refuse(conn, 4004, "unknown token")
            intents = data.get("intents")
            if not isinstance(intents, int) or intents & ~Intent.VALID:
                return self._refuse(conn, 4013, f"invalid intents {intents!r}")
            missing = intents & Intent.PRIVILEGED & ~bot.enabled_privileged_intents()
            if missing:
                return self._refuse(conn, 4014, f"privileged intents not enabled for the app: {missing}")
            session = Session(secrets.token_hex(16), bot, intents, data.get("shard"))
            self.sessions[session.id] = session
            session.conn = conn
            conn.session = session
            conn.identified = True
            self._log("identify", session=session.id, intents=intents, path=conn.path)
            session.dispatch("READY", self._ready(session))
            if session.has(Intent.GUILDS):
                for guild in self.fake._guilds_of(bot.user):
                    session.dispatch("GUILD_CREATE", self.guild_create(guild, session))
            self._log("ready", session=session.id)
        return True

    def _ready(self, session: Session) -> dict[str, Any]:
        user = session.bot.user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0, "email": None}
        data: dict[str, Any] = {
            "v": 10,
            "user": user,
            "guilds": [{"id": str(g.id), "unavailable": True} for g in self.fake._guilds_of(session.bot.user)],
            "session_id": session.id,
            "resume_gateway_url": self.fake.resume_gateway_url,
            "application": {"id": str(session.bot.id), "flags": session.bot.flags()},
        }
        if session.shard is not None:
            data["shard"] = session.shard
        return data

    def guild_create(self, guild: Guild, session: Session) -> dict[str, Any]:
        me = guild.members[session.bot.user.id]
        # Without GUILD_PRESENCES only the bot's own member comes with the guild (the rest by member chunks).
        members = list(guild.members.values()) if session.has(Intent.GUILD_PRESENCES) else [me]
        return guild.payload() | {
            "joined_at": iso(me.joined_at),
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "voice_states": [],
            "members": [m.payload() for m in members],
            "channels": [c.payload() for c in sorted(guild.channels.values(), key=lambda c: (c.position, c.id))],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def _resume(self, conn: Connection, data: Any) -> bool:
        if conn.identified:
            return self._refuse(conn, 4005, "RESUME on an identified connection")
        if not isinstance(data, dict):
            return self._refuse(conn, 4002, "RESUME without a data object")
        with self.fake._lock:
            bot = self.fake._bot_by_token(data.get("token"))
            if bot is None:
                return self._refuse(conn, 4004, "unknown token")
            session = self.sessions.get(str(data.get("session_id")))
            seq = data.get("seq")
            seq = 0 if seq is None else seq
            if session is None or not session.alive or session.bot is not bot or not isinstance(seq, int) or seq > session.seq:
                self._log("invalid_session", session=data.get("session_id"), seq=seq)
                conn.send({"op": INVALID_SESSION, "d": False})
                return True
            if session.conn is not None and session.conn is not conn:
                old = session.conn
                session.conn = None
                old.close(4000)
            missed = [text for s, text in session.frames if s > seq]
            for text in missed:
                conn.send(text)
            session.conn = conn
            conn.session = session
            conn.identified = True
            self._log("resume", session=session.id, seq=seq, replayed=len(missed), path=conn.path)
            session.dispatch("RESUMED", {})
            self._log("resumed", session=session.id)
        return True

    def _member_chunks(self, conn: Connection, data: dict[str, Any]) -> None:
        """GUILD_MEMBERS_CHUNK replies to REQUEST_GUILD_MEMBERS (up to 1,000 members a chunk)."""
        with self.fake._lock:
            session = conn.session
            assert session is not None
            guild = self.fake.guilds.get(int(data.get("guild_id", 0)))
            if guild is None or session.bot.user.id not in guild.members:
                return
            wanted = data.get("user_ids")
            if wanted is not None:
                ids = {int(i) for i in (wanted if isinstance(wanted, list) else [wanted])}
                members = [m for m in guild.members.values() if m.user.id in ids]
                not_found = sorted(ids - set(guild.members))
            else:
                query = str(data.get("query") or "").lower()
                limit = int(data.get("limit") or 0)
                if not query and not session.has(Intent.GUILD_MEMBERS):
                    members = []  # the whole list needs the GUILD_MEMBERS intent
                else:
                    members = [m for m in guild.members.values() if m.user.username.lower().startswith(query)]
                    members = members[:limit] if limit else members
                not_found = []
            chunks = [members[i : i + 1000] for i in range(0, len(members), 1000)] or [[]]
            for index, chunk in enumerate(chunks):
                payload: dict[str, Any] = {
                    "guild_id": str(guild.id),
                    "members": [m.payload() for m in chunk],
                    "chunk_index": index,
                    "chunk_count": len(chunks),
                }
                if not_found:
                    payload["not_found"] = [str(i) for i in not_found]
                if data.get("nonce"):
                    payload["nonce"] = data["nonce"]
                session.dispatch("GUILD_MEMBERS_CHUNK", payload)
