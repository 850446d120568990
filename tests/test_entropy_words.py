"""A seed no one can steer (issue 31, item 3): each player's word is bound to their seat, normalised, and
mixed in the roster's order, so however the host types the same words (in any order, case or spacing) the
game's seed is the same; the post shows each word beside its player; an older journal, whose `entropy`
entry holds the host's text as typed (umpire-mix/1), still replays and verifies as it did."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from umpire.cli import app, journal_cmds, play  # noqa: F401 - registers the commands
from umpire.core import journal
from umpire.scenario import Scenario, load
from umpire.session import OutputKind, Session
from umpire.session.fairness import mix as mix_1
from umpire.session.seed_words import canonical, mix, normalise

ROOT = Path(__file__).resolve().parent.parent
OLD = Path(__file__).resolve().parent / "journals" / "choice-mix1.jsonl"  # written by umpire before this change
SEED, SALT = "9701", "5a" * 16
OPEN_PASS = load(ROOT / "scenarios" / "open-pass-heaven-hell.toml")  # 13 players


def waiting(scenario: Scenario, journal_path: Path | None = None) -> Session:
    """A game waiting for the players' words, its commitment shown, with a known seed (so seeds can be compared)."""
    s = Session.create(scenario, journal_path=journal_path, seed=SEED, salt=SALT, player_entropy=True)
    s.commitment_outputs()
    return s


def seed_of(scenario: Scenario, line: str) -> str:
    s = waiting(scenario)
    refusals = [o.text for o in s.feed(line) if o.kind == OutputKind.REFUSAL]
    assert not refusals, (line, refusals)
    assert s.fair.game_seed is not None
    return s.fair.game_seed


def test_r_seed_words_in_the_rosters_order_are_one_word_each_and_a_phrase_is_named(choice: Scenario) -> None:
    s = waiting(choice)
    (refusal,) = [o.text for o in s.feed("entropy big apple 7") if o.kind == OutputKind.REFUSAL]
    assert refusal == (
        "3 words for 2 players: type one word per player in the roster's order (Hedger, Uri), or name whose each is, "
        "e.g. “entropy Hedger=apple, Uri=7” (a player who sent none: “Uri=”)"
    )
    assert s.fair.entropy is None
    assert not [o for o in s.feed("entropy Hedger=big apple, Uri=7") if o.kind == OutputKind.REFUSAL]


def test_r_seed_the_same_words_in_any_order_case_or_spacing_make_the_same_seed(choice: Scenario) -> None:
    forms = [
        "entropy Hedger=big apple, Uri=7",
        "entropy Uri=7, Hedger=big apple",
        "entropy uri = 7 ,hedger=  Big   APPLE  ",
        "entropy p2=7, Player 1=big\u00a0apple",
        "entropy Uri=7, Hedger=BIG APPLE,",
    ]
    seeds = {seed_of(choice, line) for line in forms}
    assert seeds == {mix(SEED, ["big apple", "7"])}
    assert hashlib.sha256(f'umpire-mix/2|{SEED}|["big apple","7"]'.encode()).hexdigest() in seeds
    # one word each, in the roster's order or named without commas
    plain = {seed_of(choice, line) for line in ("entropy Apple 7", "entropy p2=7 p1=APPLE", "entropy  APPLE   7 ")}
    assert plain == {mix(SEED, ["apple", "7"])}


def test_r_seed_each_word_is_bound_to_its_player(choice: Scenario) -> None:
    assert seed_of(choice, "entropy Hedger=apple, Uri=7") != seed_of(choice, "entropy Hedger=7, Uri=apple")
    assert seed_of(choice, "entropy apple 7") != seed_of(choice, "entropy 7 apple")


def test_r_seed_unicode_is_compared_as_written_in_nfc(choice: Scenario) -> None:
    composed, decomposed = "entropy Hedger=Zoë, Uri=ÉTÉ", "entropy Hedger=Zoe\u0308, Uri=E\u0301TE\u0301"
    assert seed_of(choice, composed) == seed_of(choice, decomposed) == mix(SEED, ["zoë", "été"])


WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éÉßü", min_size=1, max_size=8)


@given(
    words=st.lists(st.lists(WORD, min_size=1, max_size=3), min_size=13, max_size=13),
    order=st.permutations(range(13)),
    upper=st.lists(st.booleans(), min_size=13, max_size=13),
    gap=st.sampled_from([" ", "  ", "\t", " \u00a0"]),
)
def test_r_seed_thirteen_players_words_typed_in_any_order_case_and_spacing_make_one_seed(
    words: list[list[str]], order: list[int], upper: list[bool], gap: str
) -> None:
    names = [p.name for p in OPEN_PASS.roster]
    typed = [gap.join(w.upper() if up else w for w in word) for word, up in zip(words, upper, strict=True)]
    parts = [f"{names[seat]}{gap}={gap}{typed[seat]}" for seat in order]
    got = seed_of(OPEN_PASS, "entropy " + f",{gap}".join(parts))
    assert got == mix(SEED, [normalise(" ".join(w)) for w in words])


def test_r_seed_the_post_shows_each_word_beside_its_player_and_a_word_left_out(choice: Scenario, tmp_path: Path) -> None:
    j = tmp_path / "j.jsonl"
    s = waiting(choice, j)
    (post,) = [o for o in s.feed("entropy Uri=, Hedger=Big Apple") if o.kind == OutputKind.ANNOUNCE]
    assert post.audience.public
    assert post.text == (
        "🎲 The players' words for the seed are in:\n"
        "Hedger: `big apple`\n"
        "Uri: no word\n"
        "The game's seed is now SHA-256 of the committed secret and these words, in the roster's order (each in Unicode NFC, "
        "lower case, its spaces single); it is revealed at the end with the secret. Check that the word beside your name is yours."
    )
    assert post.event is not None and post.event["words"] == [{"player": "Hedger", "word": "big apple"}, {"player": "Uri", "word": None}]
    s.close()
    (entry,) = journal.read(j).entries
    assert {k: entry[k] for k in ("kind", "t", "words")} == {"kind": "entropy", "t": 0, "words": ["big apple", None]}
    assert "text" not in entry
    assert s.fair.game_seed == mix(SEED, ["big apple", None]) and canonical(["big apple", None]) == '["big apple",null]'


def test_r_seed_a_bots_words_in_any_order_make_the_seed_the_host_would_type(choice: Scenario) -> None:
    bot = waiting(choice)
    bot.submit(1, ["Maple"], source="discord:2/20")
    bot.submit(0, ["17  lantern"], source="discord:1/21")
    assert bot.fair.entropy_words == ("17 lantern", "maple")
    assert bot.fair.game_seed == seed_of(choice, "entropy Hedger=17 lantern, Uri=maple")


def test_r_seed_verify_names_each_players_word_and_the_reveal_shows_how_to_check_it(choice: Scenario, tmp_path: Path) -> None:
    j = tmp_path / "j.jsonl"
    s = waiting(choice, j)
    s.feed("entropy Hedger=big apple, Uri=7")
    out = s.feed("reveal anyway")
    s.close()
    (post,) = [o.text for o in out if o.source is not None and o.source.kind == "game_seed"]
    assert f"""printf '%s' 'umpire-mix/2|{SEED}|["big apple","7"]' | sha256sum""" in post
    assert f"= `{mix(SEED, ['big apple', '7'])}`" in post
    res = CliRunner().invoke(app, ["verify", str(j)])
    assert (
        "✓ the game's seed is SHA-256 of the committed seed and each player's word in its seat, Hedger “big apple”, Uri “7” "
        "(entry 1), mixed in before any game input\n"
    ) in res.stdout


def rewrite_entry_1(path: Path, **fields: object) -> None:
    """Replace the entropy entry's words (a host editing the journal by hand), the chain kept whole."""
    from umpire.core.redaction import entry_hash

    lines = path.read_bytes().rstrip(b"\n").split(b"\n")
    obj = json.loads(lines[1])
    obj.pop("words", None)
    obj.update(fields)
    obj["prev"] = obj.pop("prev")  # last, as umpire writes it
    lines[1] = json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode()
    for i in range(2, len(lines)):
        later = json.loads(lines[i])
        later["prev"] = entry_hash(lines[i - 1], json.loads(lines[i - 1]))
        lines[i] = json.dumps(later, ensure_ascii=False, separators=(",", ":")).encode()
    path.write_bytes(b"\n".join(lines) + b"\n")


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"words": ["Apple", "7"]}, "Hedger's word “Apple” is not as umpire mixes words in (“apple”: NFC, lower case, single spaces)"),
        ({"words": ["apple  pie", "7"]}, "Hedger's word “apple  pie” is not as umpire mixes words in (“apple pie”"),
        ({"words": ["apple"]}, "the entropy holds 1 words for 2 players: one per player, in seat order"),
        ({"words": [None, None]}, "no player's word is in: at least one is needed"),
        ({"words": ["", "7"]}, "Hedger's word is '', not a word"),
        ({"words": ["a\u202eb", "7"]}, "Hedger's word holds an invisible or control character"),
        ({}, "an entropy entry holds the players' words (“words”)"),
    ],
    ids=["case", "spacing", "a seat missing", "no word", "empty", "invisible", "neither words nor text"],
)
def test_r_seed_a_journal_whose_words_umpire_would_not_have_written_does_not_verify(
    choice: Scenario, tmp_path: Path, fields: dict[str, object], reason: str
) -> None:
    j = tmp_path / "j.jsonl"
    s = waiting(choice, j)
    s.feed("entropy apple 7")
    s.close()
    rewrite_entry_1(j, **fields)
    res = CliRunner().invoke(app, ["verify", str(j)])
    assert res.exit_code == 1, res.stdout
    assert f"✗ entry 1: the rules refuse this entry on replay ({reason}" in res.stdout


# ---------------------------------------------------------------- older journals: umpire-mix/1


def test_r_seed_an_older_journal_with_the_hosts_text_replays_byte_for_byte_as_it_did() -> None:
    assert json.loads(OLD.read_bytes().split(b"\n")[1])["text"] == "Apple 7"  # the host's text, as typed
    res = CliRunner().invoke(app, ["replay", str(OLD)])
    assert res.exit_code == 0
    assert res.stdout == OLD.with_suffix(".replay").read_text(encoding="utf-8")
    assert f"printf '%s' 'umpire-mix/1|{SEED}|Apple 7' | sha256sum" in res.stdout


def test_r_seed_an_older_journal_verifies_as_it_did_and_says_its_words_were_the_hosts_to_order(tmp_path: Path) -> None:
    res = CliRunner().invoke(app, ["verify", str(OLD)])
    assert res.exit_code == 0
    before = OLD.with_suffix(".verify").read_text(encoding="utf-8").splitlines()
    note = (
        "  note: these words were mixed as the host typed them (umpire-mix/1, a journal from before each word was bound to "
        "its player): their order and spelling were the host's to choose, so the host could pick among the seeds they make"
    )
    assert res.stdout.splitlines() == [*before[:-1], note, before[-1]]
    assert "✓ the game's seed is SHA-256 of the committed seed and the players' entropy “Apple 7” (entry 1)" in res.stdout


def test_r_seed_an_older_journal_resumes_from_the_seed_its_text_made(tmp_path: Path) -> None:
    j = tmp_path / "old.jsonl"
    j.write_bytes(OLD.read_bytes())
    s, _, _ = Session.load(j, reopen=True)
    try:
        assert (s.fair.entropy, s.fair.entropy_words) == ("Apple 7", None)
        assert s.fair.game_seed == mix_1(SEED, "Apple 7") == hashlib.sha256(f"umpire-mix/1|{SEED}|Apple 7".encode()).hexdigest()
    finally:
        s.close()
