"""Players can re-derive what was generated (issue 31, item 2): a player holding only the published report page,
once the seed is revealed, re-derives every shop, board, puzzle set, prize, deal and tie-break that was announced,
whatever sealed entries lie between (docs/journal.md, "Re-deriving generated items").

Whole live matches of every shipped game are played as `umpire play` hosts them (players' words mixed into the
seed, the seed revealed at the end), their report pages written, and `umpire verify PAGE` is checked to re-derive
as many generated items as the public posts announced, the same items; a generated item tampered with in the
published journal, with the chain made to hold again, fails naming its entry.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import pytest

from tests.testgames import scenario_path
from tests.transcript_support import TRANSCRIPTS
from umpire.core import redaction
from umpire.games import get, keys
from umpire.games.base import Event, no_rederivation
from umpire.games.choice.events import RoundStarted
from umpire.games.later import Later
from umpire.games.rederive import generated_kinds
from umpire.report import write
from umpire.report.embedded import journal_of_page
from umpire.scenario import Scenario, parse
from umpire.session import Session
from umpire.session.outputs import Output, OutputKind
from umpire.verify import AS_FAR_AS_IT_GOES, NOT_VERIFIED, VERIFIED, Report, check, verify

SEALED_RULES = "were not replayed by the rules: this is a published journal"


@dataclass
class Live:
    """A whole live match: its host's journal, its report page, and every generated item its posts announced."""

    key: str
    journal: Path
    page: Path
    public: list[Event]  # each generated item posted to everyone, once, in order
    private: list[Event]  # each generated item posted to less than everyone

    @property
    def commitment(self) -> str:
        return str(json.loads(self.journal.read_bytes().split(b"\n")[0])["commitment"])

    @property
    def final_hash(self) -> str:
        """The final hash the game posted when it ended: the one the reveal entry's line follows."""
        reveal = [e for e in entries(self.journal) if e["kind"] == "reveal"]
        return str(reveal[-1]["prev"])

    def published(self, tmp_path: Path) -> Path:
        """The journal the page embeds, as a file."""
        out = tmp_path / f"{self.key}.published.jsonl"
        out.write_bytes(journal_of_page(self.page) or b"")
        return out


def entries(path: Path) -> list[dict[str, Any]]:
    return [json.loads(raw) for raw in path.read_bytes().split(b"\n")[1:] if raw]


def scenario(name: str) -> Scenario:
    path = scenario_path(name)
    return parse(path.read_text(encoding="utf-8"), f"scenarios/{name}.toml")


class Host:
    """A live game as `umpire play` hosts it: a seed umpire draws (fixed here, so the test is the same every run),
    the commitment shown, each player's word for the seed mixed in before any game input."""

    def __init__(self, sc: Scenario, journal: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        draws = (f"{i:032x}" for i in itertools.count(0x5EED))
        with monkeypatch.context() as mp:  # the seed and salt umpire draws, and nothing after them
            mp.setattr("umpire.session.session.secrets.token_hex", lambda n: next(draws))
            self.s = Session.create(sc, journal_path=journal, player_entropy=True)
        self.outs: list[Output] = list(self.s.commitment_outputs())
        words = ", ".join(f"{p.aliases[0] if p.aliases else p.name}=word {p.seat}" for p in sc.roster)
        assert self.feed(f"entropy {words}")

    def feed(self, line: str) -> bool:
        """Feed a line (and end its message); whether it was taken."""
        got = self.s.feed(line) + self.s.flush()
        self.outs += got
        return not any(o.kind == OutputKind.REFUSAL for o in got)

    def done(self, key: str, tmp_path: Path) -> Live:
        assert self.s.game.is_over(self.s.state), f"{key}: the match did not end"
        assert self.feed("reveal")
        self.s.close()
        page = tmp_path / f"{key}.html"
        write(self.s.journal_path, page)
        shown = {id(o.source): o.source for o in self.outs if o.kind == OutputKind.ANNOUNCE and o.source is not None}
        items = [ev for ev in shown.values() if ev.is_generated]
        assert self.s.journal_path is not None
        return Live(
            key=key,
            journal=Path(self.s.journal_path),
            page=page,
            public=[ev for ev in items if ev.audience.public],
            private=[ev for ev in items if not ev.audience.public],
        )


def scripted(name: str, *extra: str) -> Callable[[Host], None]:
    """A bundled transcript's lines as the host types them (the seed differs, so a line may be refused), then `extra`."""

    def play(h: Host) -> None:
        for line in [*(TRANSCRIPTS / f"{name}.script").read_text(encoding="utf-8").split("\n"), *extra]:
            h.feed(line)

    return play


def typed(*lines: str) -> Callable[[Host], None]:
    """A kit game's match: the host's `start`, then `lines` as the players send them."""

    def play(h: Host) -> None:
        for line in ("start", *lines):
            h.feed(line)

    return play


def devils(h: Host) -> None:
    """A Death Match played from what each player may know: one refill a round each, the first two cards of their pool
    picked, every bet called or checked; when nobody can act, half a minute passes (a deadline acts)."""
    refilled: set[tuple[int, int]] = set()
    for _ in range(500):
        if h.s.game.is_over(h.s.state):
            return
        moved = False
        for seat in (0, 1):
            k = h.s.knowledge(seat)
            pool = [c for c in k["mine"]["pool"] if c != k.get("community")]
            tries = [] if (seat, k["round"]) in refilled else ["yes"]
            tries += [f"pick {pool[0]} {pool[1]}"] if len(pool) >= 2 else []
            for word in [*tries, "call", "check"]:
                if h.feed(f"p{seat + 1}: {word}"):
                    moved = True
                    if word == "yes":
                        refilled.add((seat, k["round"]))
                    break
        if not moved:
            t = h.s.now + 30_000
            h.feed(f"@ {t // 3_600_000}:{t // 60_000 % 60:02}:{t // 1000 % 60:02}")


MATCHES: dict[str, tuple[str, Callable[[Host], None]]] = {
    "choice-is-yours": ("choice-is-yours", scripted("choice-match")),
    "hap-tac-toe": ("hap-tac-toe", scripted("hap-tac-toe")),
    "when-stars-align": ("when-stars-align", scripted("when-stars-align")),
    "open-pass": ("open-pass-heaven-hell", scripted("open-pass-match", "@ 99:00:00")),  # time runs out for who has not played
    "devils-deal": ("devils-deal", devils),
    "number-auction": ("number-auction", scripted("number-auction")),  # the tests' own game, on the shared building blocks
    "kit-number-auction": ("kit/number-auction", typed(*(f"p{seat}: bid {(r + seat) % 4 + 1}" for r in range(5) for seat in range(1, 5)))),
    "kit-blind-auction": ("kit/blind-auction", typed(*(f"p{seat}: bid {(r + seat) % 4 + 1}" for r in range(5) for seat in range(1, 5)))),
    "kit-dilemma": (
        "kit/dilemma",
        typed(*(f"p{seat}: pick {'betray' if (r + seat) % 3 else 'cooperate'}" for r in range(5) for seat in range(1, 5))),
    ),
}


class Matches(Mapping[str, Live]):
    """Each match played and reported when a test first asks for it (so no one test pays for them all), then kept."""

    def __init__(self, folders: pytest.TempPathFactory) -> None:
        self.folders = folders
        self.made: dict[str, Live] = {}

    def __getitem__(self, key: str) -> Live:
        if key not in self.made:
            name, play = MATCHES[key]
            folder = self.folders.mktemp(key)
            with pytest.MonkeyPatch.context() as mp:
                h = Host(scenario(name), folder / f"{key}.jsonl", mp)
            if key == "devils-deal":
                assert h.feed("start") and h.feed("p2: first p1")
            play(h)
            self.made[key] = h.done(key, folder)
        return self.made[key]

    def __iter__(self) -> Iterator[str]:
        return iter(MATCHES)

    def __len__(self) -> int:
        return len(MATCHES)


@pytest.fixture(scope="module")
def matches(tmp_path_factory: pytest.TempPathFactory) -> Matches:
    return Matches(tmp_path_factory)


def payloads(items: list[Any]) -> Counter[str]:
    return Counter(json.dumps(x, sort_keys=True) for x in items)


@pytest.mark.parametrize("key", list(MATCHES))
def test_verify_of_a_live_matchs_page_re_derives_every_generated_item_its_public_posts_announced(matches: Matches, key: str) -> None:
    live = matches[key]
    rep = verify(live.page, posted=live.commitment, final_hash=live.final_hash)
    assert rep.ok, rep.lines()
    published = entries(live.published(Path(live.page.parent)))
    first_sealed = next(e["n"] for e in published if isinstance(e.get("sealed"), str))
    assert first_sealed < len(published) // 2, f"{key}: the rules stop early in this journal, yet…"
    in_clear = [item for e in published for item in e.get("generated", [])]
    # every item the public posts announced is in the page's journal, and verify re-derived each of them
    assert payloads(in_clear) == payloads([ev.payload() for ev in live.public])
    assert rep.generated == len(live.public)
    after = [item for e in published if e["n"] >= first_sealed for item in e.get("generated", [])]
    assert f"✓ {len(after)} generated items announced in entries {first_sealed}–{rep.last_entry} re-derived from the seed alone" in (
        "\n".join(rep.lines())
    )
    if key in ("choice-is-yours", "devils-deal", "open-pass", "number-auction", "kit-number-auction", "kit-dilemma"):
        assert after, f"{key}: no generated item after entry {first_sealed}: nothing was checked in the second mode"


def test_the_live_matches_announce_every_kind_of_public_item_their_games_generate(matches: Matches) -> None:
    kinds = {key: Counter(ev.kind for ev in live.public) for key, live in matches.items()}
    assert set(kinds["choice-is-yours"]) == {"round_started", "shop_opened", "gh_board", "expr_set"}
    assert kinds["choice-is-yours"]["round_started"] >= 40 and kinds["choice-is-yours"]["shop_opened"] == 15
    assert set(kinds["devils-deal"]) == {"pools_dealt", "devils_round_started", "refill_offered"}
    assert set(kinds["open-pass"]) == {"results"}  # the deals and pity cards went to one player or the host
    assert {ev.kind for ev in matches["open-pass"].private} == {"card_dealt", "round_record"}
    assert not kinds["hap-tac-toe"] and not kinds["when-stars-align"]  # games of pure skill draw nothing
    assert kinds["number-auction"]["number_auction_round"] == 5
    assert kinds["kit-number-auction"]["kit_round"] == 5 and kinds["kit-dilemma"]["kit_round"] == 5  # a file's game: its prizes, its pairs


@pytest.mark.parametrize("key", list(MATCHES))
def test_the_host_s_full_journal_still_replays_by_the_rules_and_gets_the_top_verdict(matches: Matches, key: str) -> None:
    live = matches[key]
    rep = check(live.journal, posted=live.commitment, final_hash=live.final_hash)
    assert rep.verdict == VERIFIED, rep.lines()
    assert rep.replayed == rep.entries and rep.generated == len(live.public) + len(live.private)


@pytest.mark.parametrize("key", list(MATCHES))
def test_a_page_s_verdict_leaves_open_only_the_rules_of_the_sealed_entries(matches: Matches, key: str) -> None:
    live = matches[key]
    rep = verify(live.page, posted=live.commitment, final_hash=live.final_hash)
    assert rep.verdict == AS_FAR_AS_IT_GOES
    assert len(rep.limits) == 1 and SEALED_RULES in rep.limits[0]
    assert "any generated item sealed in them (dealt to less than everyone)" in rep.limits[0]


# ---------------------------------------------------------------- tampering


def rechained(lines: list[bytes]) -> list[bytes]:
    """Every entry's `prev` made the hash of the line before again (the published form of each line is what is hashed)."""
    out = [lines[0]]
    for raw in lines[1:]:
        entry = json.loads(raw)
        prev_raw = out[-1]
        entry["prev"] = redaction.entry_hash(prev_raw, json.loads(prev_raw)) if len(out) > 1 else hashlib.sha256(prev_raw).hexdigest()
        out.append(redaction.compact(entry))
    return out


def tampered(live: Live, tmp_path: Path, kind_fields: set[str], change: Callable[[dict[str, Any]], None]) -> tuple[Report, int]:
    """The page's journal with the first item after the first sealed entry that has `kind_fields` changed, rechained."""
    published = live.published(tmp_path)
    lines = published.read_bytes().rstrip(b"\n").split(b"\n")
    parsed = [json.loads(raw) for raw in lines[1:]]
    first_sealed = next(e["n"] for e in parsed if isinstance(e.get("sealed"), str))
    at = next(
        i for i, e in enumerate(parsed, start=1) if e["n"] > first_sealed and any(kind_fields <= set(g) for g in e.get("generated", []))
    )
    entry = parsed[at - 1]
    change(next(g for g in entry["generated"] if kind_fields <= set(g)))
    lines[at] = redaction.compact(entry)
    published.write_bytes(b"\n".join(rechained(lines)) + b"\n")
    rep = check(published, posted=live.commitment)
    return rep, entry["n"]


def _swap_first_two(item: dict[str, Any], key: str) -> None:
    item[key][0], item[key][1] = item[key][1], item[key][0]


TAMPERS: list[tuple[str, set[str], Callable[[dict[str, Any]], None], str]] = [
    ("choice-is-yours", {"prize", "round"}, lambda g: g.update(prize=g["prize"] % 9 + 1), "the round_started records prize"),
    ("choice-is-yours", {"prize", "round"}, lambda g: g.update(round=g["round"] % 9 + 1), "the round_started records prize"),
    ("choice-is-yours", {"prices", "shop"}, lambda g: g["prices"].update({"1": 9}), "the shop_opened records prices"),
    ("choice-is-yours", {"tiles", "board"}, lambda g: _swap_first_two(g, "letters"), "the gh_board records letters"),
    (
        "choice-is-yours",
        {"puzzles", "expr_set"},
        lambda g: g["puzzles"][0].update(target=g["puzzles"][0]["target"] + 1),
        "the expr_set records puzzles",
    ),
    ("devils-deal", {"community"}, lambda g: g.update(community="R1" if g["community"] != "R1" else "R2"), "records community"),
    ("devils-deal", {"refill", "cards"}, lambda g: _swap_first_two(g, "cards"), "the refill_offered records cards"),
    ("open-pass", {"ranking", "ties"}, lambda g: _swap_first_two(g, "ranking"), "the results records ranking"),
    (
        "kit-number-auction",
        {"items", "round"},
        lambda g: g["items"].update(prize=g["items"]["prize"] % 10 + 1),
        "the kit_round records items",
    ),
    ("kit-dilemma", {"pairs", "round"}, lambda g: g.update(pairs=[g["pairs"][1], g["pairs"][0]]), "the kit_round records pairs"),
]


@pytest.mark.parametrize(
    ("key", "fields", "change", "says"), TAMPERS, ids=[f"{t[0]}-{'-'.join(sorted(t[1]))}-{i}" for i, t in enumerate(TAMPERS)]
)
def test_a_generated_item_tampered_with_past_the_first_sealed_entry_fails_verify_naming_its_entry(
    matches: Matches, tmp_path: Path, key: str, fields: set[str], change: Callable[[dict[str, Any]], None], says: str
) -> None:
    rep, n = tampered(matches[key], tmp_path, fields, change)
    assert rep.verdict == NOT_VERIFIED
    assert rep.chain_ok, "the chain was made to hold again: only the re-derivation can catch this"
    assert any(re.match(rf"entry {n}[:,]", p) and says in p for p in rep.problems), rep.problems


def test_an_item_the_game_never_makes_past_the_first_sealed_entry_fails_naming_its_entry(matches: Matches, tmp_path: Path) -> None:
    rep, n = tampered(matches["choice-is-yours"], tmp_path, {"prices", "shop"}, lambda g: g.update(bonus=1))
    assert rep.verdict == NOT_VERIFIED
    assert any(
        re.fullmatch(
            rf"entry {n}(, item \d+)?: a generated item this game does not make \(an item with the fields block, bonus, cycle, "
            r"prices, shop, shop_cycle, until is no kind of item this game generates\)",
            p,
        )
        for p in rep.problems
    ), rep.problems


def test_an_item_whose_public_facts_no_match_has_fails_naming_its_entry(matches: Matches, tmp_path: Path) -> None:
    rep, n = tampered(matches["choice-is-yours"], tmp_path, {"prize", "round"}, lambda g: g.update(round=10))
    assert any(
        re.fullmatch(
            rf"entry {n}(, item \d+)?: the round_started cannot come from the seed: its round is 10, where this item comes in rounds 1–9 only",
            p,
        )
        for p in rep.problems
    ), rep.problems


# ---------------------------------------------------------------- the game's seed, and what cannot be re-derived


def published_copy(journal: Path, out: Path, *, in_clear: Callable[[dict[str, Any]], bool] = lambda e: False) -> Path:
    """The journal as `umpire report` publishes it (each sealed payload its digest); an entry `in_clear` picks has its
    sealed generated items moved into the clear first (as a host who published them would), and the chain made to hold."""
    lines = journal.read_bytes().rstrip(b"\n").split(b"\n")
    out_lines = [lines[0]]
    for raw in lines[1:]:
        entry = json.loads(raw)
        sealed = entry.get("sealed")
        if isinstance(sealed, dict) and "generated" in sealed and in_clear(entry):
            entry = {k: v for k, v in entry.items() if k != "prev"}
            entry["generated"] = sealed.pop("generated")
            entry["prev"] = ""
        out_lines.append(redaction.compact(redaction.redacted(entry)))
    out.write_bytes(b"\n".join(rechained(out_lines)) + b"\n")
    return out


def test_words_mixed_in_after_the_first_sealed_entry_make_the_seed_the_items_after_them_are_re_derived_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A bot's game: each player's word is a sealed `heard` entry, so the rules stop at entry 1, before the words are mixed.
    draws = (f"{i:032x}" for i in itertools.count(7))
    monkeypatch.setattr("umpire.session.session.secrets.token_hex", lambda n: next(draws))
    s = Session.create(scenario("choice-is-yours"), journal_path=tmp_path / "bot.jsonl", player_entropy=True)
    monkeypatch.undo()
    s.commitment_outputs()
    s.submit(0, ["apple"], source="discord:1/1")
    s.submit(1, ["pear"], source="discord:1/2")
    for line in ["start", "@ 0:05", "p1: gs 5", "p2: gs 6", "@ 1:05", "p1: gs 9", "p2: gs 2", "@ 2:05", "reveal anyway"]:
        s.feed(line)
    s.close()
    assert s.journal_path is not None
    full = entries(Path(s.journal_path))
    assert [e["kind"] for e in full[:3]] == ["heard", "heard", "entropy"] and isinstance(full[0].get("sealed"), dict)
    rep = check(published_copy(Path(s.journal_path), tmp_path / "published.jsonl"))
    prizes = sum(len(e.get("generated", [])) for e in full)
    assert prizes == 3 and rep.ok, rep.lines()
    assert f"✓ {prizes} generated items announced in entries 1–{rep.last_entry} re-derived from the seed alone" in "\n".join(rep.lines())


def test_an_item_whose_draw_depends_on_a_sealed_move_is_named_as_not_re_derivable_with_why(matches: Matches, tmp_path: Path) -> None:
    live = matches["open-pass"]
    dealt = lambda e: any("card" in g and "opened" in g for g in e["sealed"]["generated"])
    rep = check(published_copy(live.journal, tmp_path / "op.jsonl", in_clear=dealt), posted=live.commitment)
    cards = [ev for ev in live.private if ev.kind == "card_dealt"]
    first = cards[0].payload()
    assert rep.ok and len(cards) > 5
    limit = next(text for text in rep.limits if "depend on a sealed input" in text)
    assert limit.startswith(f"{len(cards)} generated items in entries ")
    assert (
        f"(card_dealt): {first['player']}'s card 1 of {first['of']} comes from their dealer's shuffle of their deck, and the deck "
        "and the dealer are sealed moves"
    ) in limit
    assert limit.endswith(f"; and {len(cards) - 5} more")


def test_the_host_s_full_journal_re_derives_alone_as_it_replays_every_item_public_or_sealed(matches: Matches) -> None:
    from umpire.verify_rederive import Rederiving

    for key, live in matches.items():
        s = Session.stream(live.journal)[0]
        alone = Rederiving(s)
        for entry in entries(live.journal):
            opened = dict(entry, **{k: v for k, v in (entry.get("sealed") or {}).items() if k == "generated"})
            alone.step(opened)
        unprovable = sum(1 for ev in live.private if ev.kind == "card_dealt")
        assert not alone.bad, (key, alone.bad[:3])
        assert alone.items + len(alone.unprovable) == len(live.public) + len(live.private), key
        assert len(alone.unprovable) == unprovable, key


# ---------------------------------------------------------------- each game declares how its items are re-derived


@pytest.mark.parametrize("key", sorted(keys()))
def test_every_game_that_draws_declares_how_each_kind_of_generated_item_is_re_derived_and_each_kind_has_its_own_fields(
    key: str,
) -> None:
    game = get(key)
    assert game is not None
    kinds = generated_kinds(game.events)
    rederive = game.rederive.resolve() if isinstance(game.rederive, Later) else game.rederive
    assert (rederive is no_rederivation) == (not kinds), f"{key}: draws {[k.kind for k in kinds]} but its rederive is {rederive}"
    shapes = Counter(frozenset(k.json_keys.get(f.name, f.name) for f in fields(k) if f.name not in ("t", "audience")) for k in kinds)
    assert all(n == 1 for n in shapes.values()), f"{key}: two generated kinds have the same fields, so an item could be either"


def test_a_game_that_draws_nothing_re_derives_no_item_and_says_so() -> None:
    game = get("hap-tac-toe")
    assert game is not None
    with pytest.raises(LookupError, match="the game declares no re-derivation of a round_started item"):
        game.rederive(None, RoundStarted(t=0, block=1, round=1, prize=3, deadline=0))


def test_umpire_verify_of_the_page_alone_says_how_many_items_it_re_derived_past_the_first_sealed_entry(matches: Matches) -> None:
    from typer.testing import CliRunner

    from umpire.cli import app, journal_cmds  # noqa: F401 - registers the commands

    live = matches["choice-is-yours"]
    res = CliRunner().invoke(app, ["verify", str(live.page), "--commitment", live.commitment, "--final-hash", live.final_hash])
    assert res.exit_code == 0, res.output
    published = entries(live.published(live.page.parent))
    first = next(e["n"] for e in published if isinstance(e.get("sealed"), str))
    after = sum(len(e.get("generated", [])) for e in published if e["n"] >= first)
    assert f"✓ {after} generated items announced in entries {first}–{published[-1]['n']} re-derived from the seed alone" in res.stdout
    assert res.stdout.rstrip().endswith(AS_FAR_AS_IT_GOES)
