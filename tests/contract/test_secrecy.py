"""Secrecy, checked by the contract for every game: a sealed submission reaches nobody else before its reveal.

A game declares what is secret: its table of moves marks the `sealed` ones (a Goofspiel play, a
bid, a deck, a pick…) and its events mark what `reveals` them. The check is one of
non-interference. Random games are played; at each sealed line that a player sent, a twin game is
played beside it in which that player sent a different legal line of the same move, and then
both are fed the same lines. Until an event that reveals it, everything the other players and the
public receive — posts, DMs, refusals, every event's JSON and the text of every picture — what
each of them may know (`knowledge`), and what each is answered when they ask for their own
`status` (R-READ-4) must be the same in both games: nothing they see may depend on the secret. The comparison ends at a reveal, or when the sealing player's own later
line is taken in one game and refused in the other (their own moves are theirs to give away).

The planted leaks prove it works: the example auction with its bid receipt posted publicly, or
sent to the wrong player, fails this check.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.contract.auction.events import BidSealed
from tests.contract.test_contract import GAME_KEYS, accepted_commands, draw_line, new_session, prefix, scenario_for
from umpire.core.errors import UmpireError
from umpire.games.base import PUBLIC, Event, Game, Move, dm
from umpire.scenario import Scenario
from umpire.session import Output, Session
from umpire.session.intake import classify

TWINS = settings(
    max_examples=8, deadline=None, suppress_health_check=list(HealthCheck), database=None, phases=(Phase.explicit, Phase.generate)
)
MANY_TWINS = settings(
    max_examples=8, deadline=None, suppress_health_check=list(HealthCheck), database=None, phases=(Phase.explicit, Phase.generate)
)
LINES = 80


class Leak(AssertionError):
    """What one seat or the public received differs with another player's secret."""


# ---------------------------------------------------------------- what others see


def sender(s: Session, line: str) -> int | None:
    """The seat a line comes from (None: the host, or a line that names no player)."""
    parsed = classify(line)
    if parsed.kind != "player" or parsed.name is None:
        return None
    player = s.scenario.roster.find(parsed.name)
    return None if player is None else player.seat


def sealed_move(s: Session, line: str) -> tuple[int, Move[Any]] | None:
    """The sender and the move of a line that is a sealed submission the game would take now, else None."""
    seat = sender(s, line)
    if seat is None:
        return None
    text = classify(line).text
    try:
        command = s.game.parse(s.state, seat, text, s.resolve)
        move = s.game.move_of(command)
    except (UmpireError, LookupError):
        return None
    return (seat, move) if move.sealed else None


def seen(out: Sequence[Output], secret_of: int, picture: Callable[[Output], str]) -> list[tuple[str, str, str, str]]:
    """Everything in `out` that anyone but the sealing player and the host receives: (audience, kind, text, JSON)."""
    shown = []
    for o in out:
        if o.audience.kind == "host" or o.audience.seat == secret_of or o.kind not in ("announce", "refusal"):
            continue
        event = json.dumps(o.event, sort_keys=True) if o.event is not None else ""
        shown.append((str(o.audience), str(o.kind), o.text + picture(o), event))
    return shown


def picture_text(o: Output) -> str:
    """A post's picture, as the digest of what it draws (the same pixels give the same digest)."""
    post = o.post
    if post is None or post.image is None:
        return ""
    return f"\n[picture {hashlib.sha256(post.image()).hexdigest()}]"


def reveals(out: Sequence[Output]) -> bool:
    """Whether an event in `out` makes sealed submissions public."""
    return any(o.source is not None and type(o.source).reveals for o in out)


def knowledge(s: Session, secret_of: int) -> list[Any]:
    """What the public and every other seat may know now."""
    seats: list[int | None] = [None, *(q for q in range(len(s.names)) if q != secret_of)]
    return [s.knowledge(q) for q in seats]


def asked(s: Session, secret_of: int) -> list[Output]:
    """Every other player asks for their own status (R-READ-4): what each is answered may not depend on the secret."""
    return [o for q in range(len(s.names)) if q != secret_of for o in feed(s, prefix(s.scenario, q) + "status")]


def taken(out: Sequence[Output]) -> bool:
    return not any(o.kind == "refusal" for o in out)


def feed(s: Session, line: str) -> list[Output]:
    return s.feed(line) + s.flush()


# ---------------------------------------------------------------- one twin


def alternatives(s: Session, seat: int, move: Move[Any], line: str, rng: random.Random) -> list[str]:
    """Other lines of the same sealed move that the same player could send now."""
    out = []
    for candidate in accepted_commands(s, rng):
        if candidate == line or sender(s, candidate) != seat:
            continue
        found = sealed_move(s, candidate)
        if found is not None and found[1].name == move.name:
            out.append(candidate)
    return sorted(set(out))


def check_twin(sc: Scenario, game: Game[Any, Any] | None, before: Sequence[str], line: str, alt: str, after: Sequence[str]) -> None:
    """Play `before`, then `line` in one game and `alt` in its twin, then `after` in both; raise Leak if anyone else sees a difference."""
    real, twin = session_of(sc, game), session_of(sc, game)
    for earlier in before:
        feed(real, earlier)
        feed(twin, earlier)
    p = sender(real, line)
    assert p is not None
    out_r, out_t = feed(real, line), feed(twin, alt)
    if not (taken(out_r) and taken(out_t)):
        return
    what = line
    for later in [*after, None]:
        if reveals(out_r) or reveals(out_t):
            return
        got_r, got_t = seen(out_r, p, picture_text), seen(out_t, p, picture_text)
        if got_r != got_t:
            diff = next(pair for pair in zip([*got_r, None], [*got_t, None], strict=False) if pair[0] != pair[1])
            raise Leak(f"{sc.game.key}: after “{line}” (twin: “{alt}”), “{what}” showed others different things:\n  {diff[0]}\n  {diff[1]}")
        if knowledge(real, p) != knowledge(twin, p):
            raise Leak(f"{sc.game.key}: after “{line}” (twin: “{alt}”), “{what}” left another seat or the public knowing different things")
        got_r, got_t = seen(asked(real, p), p, picture_text), seen(asked(twin, p), p, picture_text)
        if got_r != got_t:
            raise Leak(f"{sc.game.key}: after “{line}” (twin: “{alt}”), “{what}”: another player's status differs:\n  {got_r}\n  {got_t}")
        if later is None:
            return
        what, out_r, out_t = later, feed(real, later), feed(twin, later)
        if sender(real, later) == p and taken(out_r) != taken(out_t):
            return  # the sealing player's own move went differently: theirs to give away


def session_of(sc: Scenario, game: Game[Any, Any] | None) -> Session:
    s = new_session(sc, None)
    if game is not None:
        s.engine.game = game
    return s


def check_game(sc: Scenario, game: Game[Any, Any] | None, lines: Sequence[str], rng: random.Random) -> int:
    """Check every sealed line of a played game against a twin; returns how many twins were played."""
    s = session_of(sc, game)
    twins = 0
    for i, line in enumerate(lines):
        found = sealed_move(s, line)
        if found is not None:
            options = alternatives(s, found[0], found[1], line, rng)
            if options:
                check_twin(sc, game, lines[:i], line, rng.choice(options), lines[i + 1 :])
                twins += 1
        feed(s, line)
    return twins


# ---------------------------------------------------------------- the tests


def twin_games(key: str, profile: settings, lines: int) -> None:
    """Random games of `key`, every sealed line in them checked against a twin."""
    sc = scenario_for(key)
    played_twins: list[int] = []

    @profile
    @given(data=st.data())
    def random_game(data: st.DataObject) -> None:
        s = new_session(sc, None)
        taken_lines: list[str] = []
        for _ in range(lines):
            line = draw_line(data, s)
            if taken(feed(s, line)):
                taken_lines.append(line)
        rng = random.Random(data.draw(st.integers(0, 2**32), label="twins"))
        played_twins.append(check_game(sc, None, taken_lines, rng))

    random_game()
    assert any(played_twins) or not any(m.sealed for m in sc.game.moves), f"{key}: no sealed line was ever played to check"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_sealed_submission_reaches_nobody_else_before_its_reveal(key: str) -> None:
    twin_games(key, TWINS, LINES)


@pytest.mark.slow
@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_sealed_submission_reaches_nobody_else_before_its_reveal_over_long_games(key: str) -> None:
    twin_games(key, MANY_TWINS, 160)


def test_every_game_declares_its_secrets_and_what_reveals_them() -> None:
    for key in GAME_KEYS:
        game = scenario_for(key).game
        sealed = [m.name for m in game.moves if m.sealed]
        revealing = [e.kind for e in game.events if e.reveals]
        assert bool(sealed) == bool(revealing), f"{key}: sealed moves {sealed} but revealing events {revealing}"


AUCTION_LINES = ["start", "p1: bid 25", "p2: bid 30", "p3: pass"]


def leaky(change: Callable[[Event], Event]) -> Game[Any, Any]:
    """The auction with a planted leak: its events changed by `change` before the session sees them."""
    game = scenario_for("auction").game

    def apply(state: Any, command: Any, now: int) -> tuple[Any, list[Event]]:
        state, events = game.apply(state, command, now)
        return state, [change(e) for e in events]

    return dataclasses.replace(game, apply=apply)


def test_the_auction_as_written_keeps_its_bids_secret() -> None:
    sc = scenario_for("auction")
    check_twin(sc, None, AUCTION_LINES[:1], "p1: bid 25", "p1: bid 24", AUCTION_LINES[2:])


def test_a_planted_leak_a_sealed_bid_posted_publicly_fails_the_contract() -> None:
    sc = scenario_for("auction")
    game = leaky(lambda e: dataclasses.replace(e, audience=PUBLIC) if isinstance(e, BidSealed) else e)
    with pytest.raises(Leak, match="bid_sealed"):
        check_twin(sc, game, AUCTION_LINES[:1], "p1: bid 25", "p1: bid 24", AUCTION_LINES[2:])


def test_a_planted_leak_a_receipt_sent_to_the_wrong_player_fails_the_contract() -> None:
    sc = scenario_for("auction")
    game = leaky(lambda e: dataclasses.replace(e, audience=dm((e.audience.seat or 0) + 1)) if isinstance(e, BidSealed) else e)
    with pytest.raises(Leak, match="player:1"):
        check_twin(sc, game, AUCTION_LINES[:1], "p1: bid 25", "p1: bid 24", AUCTION_LINES[2:])


def test_a_planted_leak_a_status_answered_with_the_first_players_knowledge_fails_the_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    from umpire.session import play_events

    def told_all(e: Any, entry: Any, now: int) -> play_events.OwnStatus:
        known = e.game.knowledge(e.state, 0)  # the planted fault: seat 0's view, whoever asks
        return play_events.OwnStatus(
            t=now, audience=dm(entry.by), game=e.game.key, player=e.names[entry.by], asked=entry.text, knowledge=known
        )

    sc = scenario_for("auction")
    check_twin(sc, None, AUCTION_LINES[:1], "p1: bid 25", "p1: bid 24", AUCTION_LINES[2:])  # as written: no leak
    monkeypatch.setattr(play_events, "answer", told_all)
    with pytest.raises(Leak, match="another player's status differs"):
        check_twin(sc, None, AUCTION_LINES[:1], "p1: bid 25", "p1: bid 24", AUCTION_LINES[2:])


def test_a_planted_leak_found_by_the_random_games_too() -> None:
    sc = scenario_for("auction")
    game = leaky(lambda e: dataclasses.replace(e, audience=PUBLIC) if isinstance(e, BidSealed) else e)
    with pytest.raises(Leak):
        check_game(sc, game, AUCTION_LINES, random.Random(7))


# ---------------------------------------------------------------- a private hand named in public

# A Devil's Deal round up to the private pick, written a message a line (after tests/transcripts/devils-deal.script).
DEVILS_TO_THE_PICK = [
    "start",
    "p2: first p1",
    "p1: yes",
    "p1: G4 B4 G6 | R2 G3 G9 | B1 B5 G8 | aside B6 R8",
    "@ 1:30",
    "p1: discard B1 R2 G2 G3",
    "p2: take R8",
    "@ 1:50",
    "p2: yes",
    "p2: G3 G7 | B2 G8 | aside G4 G6",
    "p2: done",
    "p1: G5",
    "p1: discard G4",
    "p2: no",
]


def leaky_game(key: str, change: Callable[[Event], Event]) -> Game[Any, Any]:
    """A game with a planted leak: its events changed by `change` before the session sees them, whenever the rules act."""
    game = scenario_for(key).game

    def leak(rules: Callable[..., tuple[Any, list[Event]]]) -> Callable[..., tuple[Any, list[Event]]]:
        def judged(state: Any, *args: Any) -> tuple[Any, list[Event]]:
            state, events = rules(state, *args)
            return state, [change(e) for e in events]

        return judged

    return dataclasses.replace(game, apply=leak(game.apply), on_due=leak(game.on_due))


def test_devils_deal_as_written_keeps_a_private_pick_secret() -> None:
    check_twin(scenario_for("devils-deal"), None, DEVILS_TO_THE_PICK, "p1: pick B7 G8", "p1: pick B4 G9", ["p2: pick R8 R9", "p2: call"])


def test_a_planted_leak_a_private_pick_posted_publicly_fails_the_contract() -> None:
    # The host's note of a pick ("Hedger picks first B7, second G8 → …"), posted to everyone instead.
    game = leaky_game("devils-deal", lambda e: dataclasses.replace(e, audience=PUBLIC) if e.kind == "picked" else e)
    with pytest.raises(
        Leak,
        match=r"devils-deal: after “p1: pick B7 G8” \(twin: “p1: pick B4 G9”\).*\n.*'public', 'announce', 'Hedger picks first B7, second G8",
    ):
        check_twin(
            scenario_for("devils-deal"), game, DEVILS_TO_THE_PICK, "p1: pick B7 G8", "p1: pick B4 G9", ["p2: pick R8 R9", "p2: call"]
        )
