"""Invariants of the bot's plain parts, over many cases: what it sends is split at 2,000 characters with the picture
on a post's last part and a nonce that is the same on a resend and different for every part; a message's game
time never runs backwards nor past now, and counts at the pause during one; waiting messages come out in the order
they count, each once; the journal's name of a Discord message reads back."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import example, given
from hypothesis import strategies as st

from umpire.core import chat
from umpire.discord.outbound import messages
from umpire.discord.recovery import parse_source, source
from umpire.discord.timing import Pending, Timeline, Waiting
from umpire.discord.wire import Incoming, id_ms, snowflake_at
from umpire.games.base import Post

lines = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300)
texts = st.lists(lines, min_size=1, max_size=30).map("\n".join)


@given(st.lists(st.tuples(texts, st.booleans()), min_size=1, max_size=4), st.text(min_size=1, max_size=20))
@example([("\n".join(["x" * 99] * 45), True), ("```\n" + "y\n" * 1500 + "```", False)], "post/7/0")
def test_what_is_sent_is_split_at_2000_characters_with_the_picture_last_and_a_nonce_per_part(
    posts: list[tuple[str, bool]], tag: str
) -> None:
    made = [Post(text=t, image=(lambda: b"\x89PNG") if pictured else None) for t, pictured in posts]
    out = messages(made, game="g", tag=tag, pictures=True)
    assert out == messages(made, game="g", tag=tag, pictures=True)  # a resend carries the same nonces
    assert all(len(m.text) <= chat.LIMIT for m in out)
    assert len({m.nonce for m in out}) == len(out) and all(m.nonce and len(m.nonce) <= 25 for m in out)
    i = 0
    for text, pictured in posts:
        parts = chat.split(text) if text else ([""] if pictured else [])
        mine = out[i : i + len(parts)]
        assert [m.text for m in mine] == parts
        assert [bool(m.files) for m in mine] == [pictured and k == len(parts) - 1 for k in range(len(parts))]
        i += len(parts)
    assert i == len(out)
    assert all(not m.files for m in messages(made, game="g", tag=tag, pictures=False))


@dataclass
class Clock:
    """The REPL's game clock, as the timeline reads it: held (`since` None) or running from `since`."""

    base: int = 0
    since: float | None = 0.0
    t: float = 0.0

    def monotonic(self) -> float:
        return self.t

    def now(self) -> int:
        return self.base if self.since is None else self.base + round((self.t - self.since) * 1000)


@given(st.lists(st.tuples(st.floats(0.001, 50), st.booleans()), min_size=1, max_size=12))
def test_a_messages_game_time_never_runs_backwards_nor_past_now_and_holds_in_a_pause(steps: list[tuple[float, bool]]) -> None:
    clock = Clock()
    timeline = Timeline(clock)
    held: list[tuple[float, float, int]] = []
    for dt, toggle in steps:
        clock.t += dt
        if toggle and clock.since is not None:  # pause: the game time stands
            clock.base, clock.since = clock.now(), None
            held.append((clock.t, float("inf"), clock.base))
        elif toggle:
            clock.since = clock.t
            held[-1] = (held[-1][0], clock.t, held[-1][2])
        timeline.follow()
    moments = [k * clock.t / 200 for k in range(201)]
    times = [timeline.at(m) for m in moments]
    assert times == sorted(times) and all(0 <= t <= clock.now() for t in times)
    for start, end, base in held:
        assert all(timeline.at(m) == base for m in moments if start <= m < end)


@given(st.lists(st.tuples(st.integers(0, 50), st.integers(1, 10**6)), max_size=40))
def test_waiting_messages_come_out_in_the_order_they_count_each_once(items: list[tuple[int, int]]) -> None:
    pending = Pending()
    added = {}
    for at, mid in items:
        msg = Incoming(id=mid, channel=1, author=2, bot=False, dm=True, content="x")
        if pending.add(Waiting(at=at, id=mid, seat=0, message=msg)):
            added[mid] = at
        else:
            assert mid in added
    out = []
    while (first := pending.first()) is not None:
        out.append(pending.pop())
        assert out[-1] is first
    assert [(w.at, w.id) for w in out] == sorted((at, mid) for mid, at in added.items())


@given(st.integers(1, 2**40), st.integers(1, 2**63 - 1), st.integers(1_420_070_400_000, 4_000_000_000_000))
def test_a_discord_message_named_in_the_journal_reads_back_and_ids_carry_their_time(channel: int, message: int, ms: int) -> None:
    assert parse_source(source(channel, message)) == (channel, message)
    assert id_ms(snowflake_at(ms)) == ms
    assert parse_source("discord:12/x") is None and parse_source("the host's word") is None
