"""The Discord bot: a front end on the session, beside the host's REPL and in the same event loop.

In: a message from a player, in their submission channel or their DMs with the bot, is that player's
message (`Session.submit`, no name prefix), counted at its Discord timestamp (timing.py), and so is
a tap on a button of a question asked of them (taps.py, buttons.py); messages from anyone else are
ignored and counted for the host. Out: every output goes where its audience says — public posts to
the game channel or their kind's own channel (channels.py; held for the host's key in review mode),
DMs to their player from the session's outbox, refusals back where the player wrote, host notes to
the REPL only. A DM
is journaled as delivered, and a public post as posted, only once Discord confirmed it, with its
message IDs. On start after a crash, what the bot missed is read from each channel's history and
judged in Discord's order before it goes live (recovery.py).

The REPL drives it: `attach` (its screen and game clock), `start`, `tick` (every clock tick and
before each host line), `route` (the outputs of what the host typed), `release` (the review key),
`toolbar`, `close`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from umpire.core import chat
from umpire.core.errors import UmpireError
from umpire.core.journal import commitment
from umpire.discord.buttons import Asked, Questions, asking
from umpire.discord.channels import Channels
from umpire.discord.ids import Ids
from umpire.discord.judging import Judge, short
from umpire.discord.link import Link
from umpire.discord.outbound import Job, Sender, messages
from umpire.discord.pacing import Pacing
from umpire.discord.recovery import Recovery, source
from umpire.discord.taps import Taps
from umpire.discord.timing import Clock, Commitment, Pending, Timeline, Waiting
from umpire.discord.wire import Incoming, Outgoing, Place, Refused, Transport, Unreachable, snowflake_at
from umpire.games.base import Post
from umpire.repl.companion import Screen
from umpire.session import Dm, DmStatus, Output, OutputKind, Session

VIA = "Discord"
SKEW_WARNING_MS = 2000


class StartFailed(Exception):
    """The bot could not go live (Discord refused or could not be reached); the message says why and what to do."""


Connect = Callable[[str, Callable[[str], None]], Transport]


def connect_discord(token: str, on_log: Callable[[str], None]) -> Transport:
    """The real transport: discord.py, imported only now."""
    from umpire.discord.transport import DiscordTransport

    return DiscordTransport(token, on_log=on_log)


class Bot:
    """One game's Discord bot."""

    def __init__(
        self,
        session: Session,
        ids: Ids,
        token: str,
        *,
        review: bool = False,
        recovery: Recovery | None = None,
        backlog: list[Output] | None = None,
        connect: Connect | None = None,
    ) -> None:
        """`recovery`: what the replay of a resumed journal found; `backlog`: outputs made since (the resume's pause)."""
        self.session, self.ids, self._token = session, ids, token
        self.backlog = list(backlog or [])
        self.review = review or ids.review
        self.recovery = recovery
        self._connect = connect or connect_discord
        self.lag = ids.allowance_ms
        self.tag = commitment(session.seed, session.salt)  # names the game in nonces
        self.pictures = session.scenario.pictures
        self.channels = Channels(ids.channel, session.game.channels, ids.channels)  # where each kind of public post goes
        if recovery is not None:
            self.channels.first_kinds.update((n, k) for n, k in recovery.first_kinds.items() if k in self.channels.by_kind)
        self.by_user = ids.by_user()
        session.know_users({p.seat: p.user for p in ids.players})  # a mention of a player, <@ID>, names them (R-READ-2)
        self.submission_channels = {p.channel for p in ids.players if p.channel is not None}
        self.dm_of: dict[int, int] = {}  # seat -> the DM channel with that player
        self.transport: Transport | None = None
        self.sender = Sender(None, self._tell)
        self.pending = Pending()
        self.held: list[tuple[int, Job]] = []  # review mode: public posts waiting for the host's key, with their entry
        self._public_count: dict[int, int] = {}  # entry -> its public posts (to know an undone entry's are all held)
        self.queued: set[tuple[int, int]] = set()  # DMs handed to the sender and not yet confirmed or dropped
        self.ignored = 0
        self.judged = 0
        self.taking = False  # messages are judged as they come (after the catch-up)
        self.live = False
        self.connected = False
        self.floor: int | None = None
        self.screen: Screen | None = None
        self.clock: Clock | None = None
        self.timeline: Timeline | None = None
        self._skew_told = False
        self._closed_told: set[int] = set()
        self.taps = Taps(self)  # buttons for small choices: the questions asked with them, and the taps on them
        self.questions = Questions(self.tag[:8], session.names, self.taps.disable, self.taps.answerable)
        for found in recovery.questions.latest.values() if recovery is not None else ():  # buttons perhaps live on Discord
            place = self.private(found.seat) if found.tag.startswith("dm/") else Place(channel=self.channels.of(found.kind))
            self.questions.restore(found, place)
        self.judge = Judge(self)  # what arrived, judged in the order it counts (judging.py)
        self.pacing = Pacing(self)  # a burst answered quickly: judged together, the REPL and the records after the replies
        self.commitment = Commitment()  # commit first, then collect (R-BOT-8)
        self.link = Link(self)  # the connection as it comes and goes; deadlines wait out an outage (R-BOT-7)

    # ------------------------------------------------------------ wiring

    def attach(self, screen: Screen, clock: Clock) -> None:
        """The REPL's screen, and its game clock (reading wall-clock seconds, so Discord's timestamps map onto it)."""
        self.screen, self.clock = screen, clock
        self.timeline = Timeline(clock)

    def _tell(self, text: str, problem: bool = False) -> None:
        if self.screen is not None:
            self.screen.say(text, problem)

    def private(self, seat: int) -> Place:
        """Where a player's private messages go: their submission channel, else their DMs."""
        p = self.ids.players[seat]
        return Place(channel=p.channel) if p.channel is not None else Place(user=p.user)

    # ------------------------------------------------------------ going live

    async def start(self) -> None:
        """Connect, catch up on what was missed (a resumed game), post what never reached the channel, and go live."""
        assert self.clock is not None
        transport = self._connect(self._token, lambda text: self._tell(text, True))
        self.transport = self.sender.transport = transport
        transport.on_tap = self.taps.answer
        from umpire.discord.wire import Rejected

        try:
            await transport.start(self._on_message, self.link.on_state)
            for p in self.ids.players:
                self.dm_of[p.seat] = await transport.dm_channel(p.user)
        except (Rejected, Unreachable, Refused) as exc:
            raise StartFailed(str(exc)) from exc
        self.connected = True
        went_live = snowflake_at(int(self.clock.monotonic() * 1000))
        earlier = self.recovery.floor if self.recovery is not None else None
        if self.recovery is not None:
            if not self.recovery.commitment_unposted:  # posted before (by the bot, or by hand in a run without it)
                self.commitment.id = self.recovery.commitment_id or 0
            if self.recovery.commitment_unposted:
                self.route(self.session.commitment_outputs())  # a post again once the REPL showed it to the host
            for n, i, o in self.recovery.posts():
                self._post(n, i, o, self.channels.of(self.recovery.kind(n, i)))
        self.route(self.backlog)
        if self.recovery is not None and self.recovery.hand_relayed:
            self._tell(
                "players' lines were entered by hand since the bot last listened: what was sent before the last of them is not read back"
            )
        caught = await self.link.catch_up(earlier) if earlier is not None else 0
        self.floor = earlier if earlier is not None else went_live
        self.taking = True
        self.judge.drain()
        self.session.listening(VIA, str(self.floor))
        self.live = True
        self.sender.start()
        self.pump()
        me = f"{len(self.ids.players)} players; public posts " + ("held until you press F2 (review)" if self.review else "posted at once")
        self._tell(
            f"🤖 Discord: live ({me})" + (f"; {caught} messages sent while umpire was away, judged in Discord's order" if caught else "")
        )
        if self.review and self.session.fair.waiting and self.commitment.id is None:
            self._tell("the players' words for the seed are taken once the fairness commitment is posted: press F2 to post it")

    # ------------------------------------------------------------ in

    def _on_message(self, m: Incoming) -> None:
        try:
            self._heard(m)
        except Exception as exc:  # a bug must never leave a message (or the game) waiting on something that will not come
            self._failed(f"a message from Discord ({m.id})", exc, "the bot goes on; if it was a player's, ask them to send it again")

    def _failed(self, what: str, exc: BaseException, then: str) -> None:
        """Tell the host that something of the bot's own failed, what it was, and what to do; the bot carries on."""
        detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        self._tell(f"⚠ umpire failed on {what} ({detail}): {then}", True)

    def _heard(self, m: Incoming) -> None:
        if m.bot or (self.transport is not None and m.author == self.transport.me):
            return
        p = self.by_user.get(m.author)
        if p is None or not (m.dm or m.channel == p.channel):
            if p is None and m.author != self.ids.host and (m.dm or m.channel in self.submission_channels):
                self.ignored += 1
            return
        if source(m.channel, m.id) in self.session.sources:
            return
        assert self.timeline is not None and self.clock is not None
        self._check_skew(m)
        if self.queue(Waiting(at=self.timeline.at(m.sent_ms / 1000), id=m.id, seat=p.seat, message=m)):
            self.sender.unblock(self.private(p.seat))
            self.sender.unblock(Place(user=p.user))

    def queue(self, w: Waiting) -> bool:
        """A player's message (or tap) to judge in its turn, with what arrives at the same moment (one flush for them
        all); False if it waits already."""
        if not self.pending.add(w):
            return False
        self.link.outage.missed += self.link.outage.on and w.asked is None  # a tap is counted as it arrives (taps.py)
        self.pacing.soon(self.judge.drain)
        return True

    def _check_skew(self, m: Incoming) -> None:
        assert self.clock is not None
        ahead = m.sent_ms - int(self.clock.monotonic() * 1000)
        if ahead > SKEW_WARNING_MS and not self._skew_told:
            self._skew_told = True
            self._tell(
                f"this computer's clock is about {ahead / 1000:.1f} s behind Discord's: deadlines and message times follow it, so set it "
                "right (turn on automatic time / NTP)",
                True,
            )

    def settled(self, now: int | None = None) -> int:
        """The game time every message sent before has reached umpire by, at the clock's `now`: the clock less the
        allowance (R-BOT-1), held where it stood when the connection was lost until what was missed is in (R-BOT-7), and
        at the moment of a tap whose acknowledgement Discord has not taken yet (taps.py)."""
        assert self.clock is not None
        return self.taps.hold(self.link.outage.settled((self.clock.now() if now is None else now) - self.lag))

    # ------------------------------------------------------------ the clock

    def tick(self, now: int) -> None:
        """The game clock reads `now`: judge what may be judged, apply each deadline once its allowance passed."""
        if not self.live:
            return
        assert self.timeline is not None
        self.timeline.follow()
        self.judge.drain()
        settled, due, first = self.settled(now), self.session.next_due(), self.pending.first()
        if (due is None or due > settled) and (first is None or first.at > settled):  # nothing is left to judge or apply first
            self._emit(self.session.advance(settled))

    def _emit(self, outs: list[Output]) -> None:
        if outs:
            self._show(outs)
            self.route(outs)

    def _show(self, outs: list[Output]) -> None:
        if self.screen is not None and outs:
            self.screen.show(outs)

    # ------------------------------------------------------------ out

    def route(self, outs: list[Output], reply: Place | None = None) -> None:
        """Send each output where its audience says (DMs from the outbox); host notes stay in the REPL."""
        skip_correction = any(self._withdraw_held(undid) for undid in _undone(outs))
        places: dict[int, int] = {}
        channels = iter(self.channels.routed(outs))
        questions = asking(outs)
        for j, o in enumerate(outs):
            if o.kind == OutputKind.ANNOUNCE and o.audience.public and o.text:
                n = o.n if o.n is not None else 0
                i = places[n] = places.get(n, -1) + 1
                channel = next(channels)
                if skip_correction and o.source is not None and o.source.kind in ("correction", "final_hash_withdrawn"):
                    continue
                self._public_count[n] = i + 1
                question = questions[j].question if j in questions else None
                asked = self.questions.ask(f"post/{n}/{i}", n, question, Place(channel=channel)) if question is not None else None
                self._post(n, i, o, channel, asked)
            elif o.kind in (OutputKind.REFUSAL, OutputKind.INFO) and o.audience.seat is not None:
                self._reply(o, o.audience.seat, reply or self.private(o.audience.seat))
            elif o.dm is not None and (seat := o.audience.seat) is not None and o.source is not None and o.source.question is not None:
                self.questions.ask(f"dm/{o.dm[0]}/{o.dm[1]}", o.dm[0], o.source.question, self.private(seat), to=seat)
        self.questions.review(self.session.state, _undone(outs))
        self.pump()

    def _post(self, n: int, i: int, o: Output, channel: int, asked: Asked | None = None) -> None:
        post = o.post or Post(text=o.text)
        heavy = self.pictures and post.image is not None
        tag = f"post/{n}/{i}"
        job = Job(
            place=Place(channel=channel),
            what=f"the public post of entry {n}",
            build=lambda: self._messages([post], tag, f"entry-{n}", asked),
            sent=lambda receipts: self._posted(n, i, receipts, asked),
            heavy=heavy,
        )
        if n == 0:
            self.commitment.posting(i)
        if self.review:
            self.held.append((n, job))
        else:
            self.sender.add(job)

    def _messages(self, posts: Sequence[Post], tag: str, name: str, asked: Asked | None) -> list[Outgoing]:
        """A job's Discord messages, with the buttons of the question it asks; their pictures label a name no font here
        can draw with its seat (see `messages`)."""
        players = self.session.scenario.roster.players
        return messages(
            posts, game=self.tag, tag=tag, pictures=self.pictures, name=name, buttons=self.questions.buttons(asked), players=players
        )

    def _posted(self, n: int, i: int, receipts: list[str], asked: Asked | None = None) -> None:
        self.questions.sent(asked, receipts)
        self.pacing.record(lambda: self.session.posted(n, [i], via=VIA, receipts=receipts), f"the public post of entry {n}")
        if n == 0 and self.commitment.confirmed(i, receipts) and self.session.fair.waiting:
            self._tell("🎲 the fairness commitment is posted: the players' words for the seed are taken from now")

    def _withdraw_held(self, undone: int) -> bool:
        """An undo took back entry `undone`: if none of its public posts went out (all held), they never will, nor the correction."""
        mine = [job for n, job in self.held if n == undone]
        if not mine or len(mine) != self._public_count.get(undone):
            return False
        self.held = [(n, job) for n, job in self.held if n != undone]
        self._tell(f"the {len(mine)} held post(s) of the ruling taken back are dropped, unposted; so is its correction")
        return True

    def release(self) -> int:
        """Review mode: post every held post, in order (the host's key); how many."""
        held, self.held = self.held, []
        for _, job in held:
            self.sender.add(job)
        if held:
            self._tell(f"posting {len(held)} held post{'s' if len(held) != 1 else ''}")
        return len(held)

    def _reply(self, o: Output, seat: int, place: Place) -> None:
        name = self.session.names[seat]
        if o.kind == OutputKind.REFUSAL:
            said = (o.input or "").removeprefix(f"{name}: ")
            text = f"✗ {chat.code(short(said))} — {o.text}" if said else f"✗ {o.text}"
        else:
            text = o.text
        self.sender.add(
            Job(
                place=place,
                what=f"the answer to {name}",
                build=lambda: [Outgoing(text=part) for part in chat.split(text)],
                sent=lambda receipts: None,
                closed=lambda exc: self._closed(seat, "an answer to their message"),
            )
        )

    def pump(self) -> None:
        """Hand every waiting DM not yet on its way to the sender."""
        if self.transport is None:
            return
        for d in self.session.waiting():
            if d.id not in self.queued:
                self.queued.add(d.id)
                self.sender.add(self._dm_job(d))

    def _dm_job(self, d: Dm) -> Job:
        name = self.session.names[d.seat]
        tag = f"dm/{d.id[0]}/{d.id[1]}"
        # Its question is looked up as it is built, not now: a drain routes the rulings it judged one after another,
        # and an earlier one's `pump` queues the DMs of the later ones before their `route` asks their questions.
        asked: list[Asked | None] = [None]

        def build() -> list[Outgoing]:
            asked[0] = self.questions.by_tag.get(tag)
            return self._messages(d.posts, tag, f"entry-{d.n}", asked[0])

        return Job(
            place=self.private(d.seat),
            what=f"the private message to {name} (entry {d.n})",
            build=build,
            sent=lambda receipts: self._delivered(d, receipts, asked[0]),
            wanted=lambda: self.session.dm_status(d.id) == DmStatus.WAITING,
            closed=lambda exc: self._closed(d.seat, "their private messages"),
            dropped=lambda: self.queued.discard(d.id),
            heavy=self.pictures and any(p.image is not None for p in d.posts),
        )

    def _delivered(self, d: Dm, receipts: list[str], asked: Asked | None = None) -> None:
        self.questions.sent(asked, receipts)
        self._closed_told.discard(d.seat)

        def record() -> list[Output]:
            self.queued.discard(d.id)
            try:
                return self.session.deliver(d.seat, [d.id], via=VIA, receipts=receipts)
            except UmpireError:
                return []  # marked sent meanwhile (the host copied it by hand): nothing more to record

        self.pacing.record(record, f"the private message to {self.session.names[d.seat]} (entry {d.n})")

    def _closed(self, seat: int, what: str) -> None:
        if seat in self._closed_told:
            return
        self._closed_told.add(seat)
        p = self.session.scenario.roster.players[seat]
        alias = p.aliases[0] if p.aliases else p.name
        self._tell(
            f"✉ Discord refused {what} to {p.name} (50007: {p.name} does not accept DMs from this bot). What waits stays in the "
            f"outbox: “copy {alias}” sends it by hand, or ask {p.name} to allow DMs from server members (server name → Privacy "
            f"Settings → Direct Messages); the bot tries again when {p.name} next writes",
            True,
        )

    # ------------------------------------------------------------ the host's view

    def toolbar(self) -> str | None:
        """The bot's part of the REPL's toolbar."""
        state = (
            "starting…" if not self.live else "reconnecting…" if not self.connected else "catching up…" if self.link.outage.on else "live"
        )
        parts = ["🤖 " + state + (" (deadlines wait)" if self.live and self.link.outage.on else "")]
        if self.held:
            parts.append(f"📝 {len(self.held)} held: F2 posts")
        sending = self.sender.pending()
        if sending:
            parts.append(f"↗ {sending} to send")
        if self.ignored:
            parts.append(f"{self.ignored} ignored")
        outcome = self.session.game.outcome(self.session.state)
        if outcome is not None:  # the match is over: who won, from its typed result (the seed is the host's to reveal)
            parts.append(f"🏁 {' and '.join(outcome.winners)} won" if outcome.winners else "🏁 over")
        return " ".join(parts)

    async def close(self, timeout: float = 5.0) -> None:
        """Leave: send what can be sent within `timeout`, then disconnect. Nothing unsent is lost: a resume sends it."""
        self.judge.rest = True
        self.judge.drain()  # what has arrived is judged before leaving, all of it at once (no answer is waited for any more)
        self.live = self.taking = False
        if self.held:
            self._tell(f"{len(self.held)} held post(s) not posted: they are posted when you resume with --discord", True)
        if self.transport is not None and not await self.sender.drain(timeout):
            self._tell(f"{self.sender.pending()} message(s) not sent yet: they go out when you resume with --discord", True)
        self.pacing.write_records()  # what Discord confirmed is journaled before leaving
        await self.sender.close()
        if self.transport is not None:
            await self.transport.close()


def _undone(outs: list[Output]) -> list[int]:
    """The entries the undos among `outs` took back."""
    return [int(getattr(o.source, "undid", -1)) for o in outs if o.source is not None and o.source.kind == "undone"]


def wall_clock() -> float:
    """The clock the game clock follows when the bot runs: wall-clock seconds, the scale of Discord's timestamps."""
    return time.time()
