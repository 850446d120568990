"""Fair and private by default (issue 10): a secret seed for every live game, and every private
message queued in an outbox the host delivers with one command, journaled."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tests.seeds import SEEDS
from umpire.cli import app, journal_cmds, play  # noqa: F401 - registers the commands
from umpire.core import journal
from umpire.render import act
from umpire.scenario import load
from umpire.session import Session
from umpire.session.fairness import key_path

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def choice(journal_path: Path | None = None, seed: str | None = SEEDS["choice-is-yours"]) -> Session:
    return Session.create(load(SCENARIOS / "choice-is-yours.toml"), journal_path=journal_path, seed=seed, salt="0" * 32)


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Run `umpire ARGS…` in tmp_path."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input)

    return invoke


# ---------------------------------------------------------------- the secret seed


def test_no_bundled_scenario_carries_a_seed_a_player_could_read() -> None:
    for path in sorted(SCENARIOS.glob("*.toml")):
        assert load(path).seed is None, path.name


def test_a_live_game_without_a_seed_draws_a_fresh_128_bit_secret_one(tmp_path: Path) -> None:
    a = Session.create(load(SCENARIOS / "choice-is-yours.toml"), journal_path=tmp_path / "a.jsonl")
    b = Session.create(load(SCENARIOS / "choice-is-yours.toml"), journal_path=tmp_path / "b.jsonl")
    assert a.seed != b.seed and len(a.seed) == len(b.seed) == 32  # 16 bytes from the OS, as hex
    assert a.commitment_outputs()[0].text != b.commitment_outputs()[0].text
    assert journal.read(tmp_path / "a.jsonl").header["seed_source"] == "drawn"


def test_a_seed_given_by_the_host_is_recorded_as_such(tmp_path: Path) -> None:
    s = choice(tmp_path / "j.jsonl")
    assert s.seed_source == "host"
    assert journal.read(tmp_path / "j.jsonl").header["seed_source"] == "host"


def test_play_twice_commits_to_two_different_seeds(cli) -> None:
    first = cli("play", "choice-is-yours", "--script", "-", "--json", input="")
    second = cli("play", "choice-is-yours", "--script", "-", "--json", input="")
    c1, c2 = (json.loads(r.stdout.splitlines()[0])["sha256"] for r in (first, second))
    assert first.exit_code == second.exit_code == 0 and c1 != c2


def test_play_refuses_a_scenario_that_sets_a_seed_unless_the_host_says_so(cli, tmp_path: Path) -> None:
    text = (SCENARIOS / "hap-tac-toe.toml").read_text(encoding="utf-8").replace('title = "', 'seed = 5\ntitle = "', 1)
    path = tmp_path / "seeded.toml"
    path.write_text(text, encoding="utf-8")
    refused = cli("play", str(path), "--script", "-", input="")
    assert refused.exit_code == 2
    assert "seeded.toml sets seed = '5': anyone with this file can predict every shop, board and deal." in refused.stderr
    assert "--use-scenario-seed" in refused.stderr
    hosted = cli("play", str(path), "--use-scenario-seed", "--script", "-", "--json", "--journal", str(tmp_path / "j.jsonl"), input="")
    assert hosted.exit_code == 0
    header = journal.read(tmp_path / "j.jsonl").header
    assert header["seed_source"] == "host" and "seed" not in header
    assert json.loads(key_path(tmp_path / "j.jsonl").read_text(encoding="utf-8"))["seed"] == "5"


def test_verify_does_not_claim_a_drawn_seed_it_cannot_prove(cli, tmp_path: Path) -> None:
    j = tmp_path / "live.jsonl"
    assert cli("play", "choice-is-yours", "--script", "-", "--journal", str(j), input="").exit_code == 0
    report = cli("verify", str(j))
    assert "seed drawn at start" not in report.stdout
    assert (
        "? no players' entropy was mixed in, and the header's “seed_source: drawn” is the host's own record, which verify cannot prove"
        in report.stdout
    )


def test_the_seed_is_never_shown_before_reveal(tmp_path: Path) -> None:
    s = choice(tmp_path / "j.jsonl", seed=None)
    shown = []
    for line in ("status", "plays", "help", "rules", "commitment", "outbox", "start", "p1: gs 5", "status"):
        shown += [
            o.text + (o.view.chat if o.view else "") + " ".join(" ".join(r) for r in (o.view.rows if o.view else ())) for o in s.feed(line)
        ]
    assert s.seed not in "\n".join(shown)
    assert s.seed in "\n".join(o.text for o in s.feed("reveal anyway"))


def test_the_reveal_quotes_its_check_command_for_the_shell_and_for_discord() -> None:
    s = choice(seed="Uri's `revenge` @everyone")
    text = "\n".join(o.text for o in s.feed("reveal anyway"))
    assert "printf '%s' '00000000000000000000000000000000:Uri'\\''s `revenge` @\u200beveryone' | sha256sum" in text
    assert "@everyone" not in text


# ---------------------------------------------------------------- the outbox


def dms(s: Session, seat: int) -> list[str]:
    return [d.text for d in s.outbox.get(seat, [])]


def test_a_private_message_waits_in_its_players_outbox_and_copy_name_delivers_it(tmp_path: Path) -> None:
    s = choice(tmp_path / "j.jsonl")
    s.feed("start")
    s.feed("p1: gs 5")
    assert len(dms(s, 0)) == 1 and "5" in dms(s, 0)[0]
    assert dms(s, 1) == [] and s.waiting_dms() == 1
    out = act(s, s.feed("copy p1"))  # batch mode's copy: the script's host sends what it shows
    assert out[0].kind == "info" and out[0].text == dms_text_before(out)
    assert s.waiting_dms() == 0
    assert [e["kind"] for e in journal.read(tmp_path / "j.jsonl").entries][-1] == "delivered"


def dms_text_before(out) -> str:
    return out[0].text


def test_copy_name_with_nothing_waiting_is_refused() -> None:
    s = choice()
    (o,) = act(s, s.feed("copy p2"))
    assert (o.kind, o.text) == ("refusal", "no private messages wait for Uri")


def test_delivered_marks_survive_a_resume(tmp_path: Path) -> None:
    s = choice(tmp_path / "j.jsonl")
    s.feed("start")
    s.feed("p1: gs 5")
    s.feed("p2: gs 3")
    act(s, s.feed("copy p1"))
    assert s.writer is not None
    s.writer.close()
    again, _, _ = Session.load(tmp_path / "j.jsonl", reopen=False)
    assert dms(again, 0) == [] and len(dms(again, 1)) == 1


def test_undo_drops_the_private_messages_of_the_ruling_it_takes_back() -> None:
    s = choice()
    s.feed("start")
    s.feed("p1: gs 5")
    assert s.waiting_dms() == 1
    s.feed("undo")
    assert s.waiting_dms() == 0


def test_the_outbox_view_lists_each_players_waiting_messages_ready_to_paste() -> None:
    s = choice()
    s.feed("start")
    s.feed("p1: gs 5")
    (o,) = s.feed("outbox")
    assert o.view is not None and o.view.rows == (("Hedger", "1"),)
    assert o.view.chat == ""  # a DM is never chat text for the channel
    assert dms(s, 0)[0] in o.view.notes and "── DMs to Hedger (copy p1) ──" in o.view.notes


def test_json_names_the_player_a_private_event_is_for(cli) -> None:
    res = cli("play", "choice-is-yours", "--seed", "1", "--script", "-", "--json", input="start\np2: gs 4\n")
    events = [json.loads(x) for x in res.stdout.splitlines() if '"type":"event"' in x]
    private = [e for e in events if e["audience"] == "player"]
    assert private and all(e["to"] == "Uri" for e in private)
    assert all(e["audience"] in ("public", "host", "player") for e in events)


def test_the_post_that_ends_the_game_publishes_the_journals_hash_and_replay_repeats_it(tmp_path: Path) -> None:
    s = Session.create(load(SCENARIOS / "hap-tac-toe.toml"), journal_path=tmp_path / "j.jsonl", seed="3", salt="0" * 32)
    s.feed("p2: first p1")
    s.feed("start")
    out = s.feed("@ 7:00")  # Hedger's minute and whole reserve run out: the game is over
    assert s.game.is_over(s.state)
    posted = [o.event["final_hash"] for o in out if o.event and o.event["event"] == "final_hash"]
    assert posted == [journal.read(tmp_path / "j.jsonl").last_hash]
    assert s.writer is not None
    s.writer.close()
    _, replayed, _ = Session.load(tmp_path / "j.jsonl", reopen=False)
    assert [o.event["final_hash"] for o in replayed if o.event and o.event["event"] == "final_hash"] == posted


# ---------------------------------------------------------------- item 4: the secret seed cannot be read or chosen during play


def live(journal_path: Path | None = None, scenario: str = "choice-is-yours") -> Session:
    """A live game as `umpire play` hosts it: a drawn seed, waiting for the players' entropy; its commitment shown."""
    s = Session.create(load(SCENARIOS / f"{scenario}.toml"), journal_path=journal_path, player_entropy=True)
    s.commitment_outputs()
    return s


def refused(out) -> list[str]:
    return [o.text for o in out if o.kind == "refusal"]


def test_item_4_the_journal_and_its_key_file_are_readable_by_their_owner_only(tmp_path: Path) -> None:
    s = live(tmp_path / "j.jsonl")
    assert (tmp_path / "j.jsonl").stat().st_mode & 0o777 == 0o600
    assert key_path(tmp_path / "j.jsonl").stat().st_mode & 0o777 == 0o600
    assert s.writer is not None
    s.writer.close()


def test_item_4_the_seed_and_salt_are_not_in_the_journal_until_the_reveal_writes_them(tmp_path: Path) -> None:
    j = tmp_path / "j.jsonl"
    s = live(j)
    for line in ("entropy 17 lantern", "start", "p1: gs 5", "p2: gs 3"):
        assert not refused(s.feed(line)), line
    before = j.read_text(encoding="utf-8")
    assert s.seed not in before and s.salt not in before
    header = journal.read(j).header
    assert "seed" not in header and "salt" not in header and header["key_file"] == "j.jsonl.key"
    s.feed("reveal anyway")
    reveal = journal.read(j).entries[-1]
    assert (reveal["kind"], reveal["seed"], reveal["salt"]) == ("reveal", s.seed, s.salt)
    assert s.writer is not None
    s.writer.close()


def test_item_4_a_crashed_game_resumes_from_its_key_file_and_a_missing_one_is_named(cli, tmp_path: Path) -> None:
    j = tmp_path / "j.jsonl"
    s = live(j)
    for line in ("entropy 17 lantern", "start", "p1: gs 5"):
        s.feed(line)
    state = s.state
    assert s.writer is not None
    s.writer.close()  # as a crash leaves it: no reveal
    again, _, _ = Session.load(j, reopen=False)
    assert again.state == state and again.seed == s.seed and again.fair.entropy_words == ("17", "lantern")
    key_path(j).rename(tmp_path / "elsewhere.key")
    for command in ("resume", "replay", "verify"):
        res = cli(command, str(j))
        text = res.stderr + res.stdout
        assert f"it is kept in the key file {key_path(j)}, which is not there" in text, command
        assert "Traceback" not in text
    assert cli("resume", str(j)).exit_code == 2


def test_item_4_a_key_file_of_another_game_is_refused(cli, tmp_path: Path) -> None:
    a, b = live(tmp_path / "a.jsonl"), live(tmp_path / "b.jsonl")
    for s in (a, b):
        assert s.writer is not None
        s.writer.close()
    key_path(tmp_path / "a.jsonl").write_bytes(key_path(tmp_path / "b.jsonl").read_bytes())
    res = cli("replay", str(tmp_path / "a.jsonl"))
    assert res.exit_code == 2
    assert f"the key file {key_path(tmp_path / 'a.jsonl')} is not this journal's" in res.stderr


def test_item_4_a_revealed_journal_replays_and_verifies_on_its_own(cli, tmp_path: Path) -> None:
    j = tmp_path / "j.jsonl"
    s = live(j)
    for line in ("entropy 17 lantern", "start", "p1: gs 5", "p2: gs 3", "reveal anyway"):
        s.feed(line)
    assert s.writer is not None
    s.writer.close()
    key_path(j).unlink()
    assert cli("replay", str(j)).exit_code == 0
    report = json.loads(cli("verify", str(j), "--json").stdout)
    assert report["ok"] and report["seed_from"] == "reveal" and report["generated_items"] > 0


def test_item_4_an_old_journal_with_the_seed_in_its_header_still_replays_and_resumes(tmp_path: Path) -> None:
    j = tmp_path / "old.jsonl"
    s = choice(j)
    s.feed("start")
    s.feed("p1: gs 5")
    assert s.writer is not None
    s.writer.close()
    lines = j.read_bytes().split(b"\n")
    header = json.loads(lines[0])
    header.update(seed=s.seed, salt=s.salt)
    del header["key_file"], header["player_entropy"]
    lines[0] = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode()
    j.write_bytes(b"\n".join(lines))
    key_path(j).unlink()
    again, _, _ = Session.load(j, reopen=True)
    assert again.seed == s.seed and again.state == s.state
    assert not refused(again.feed("p2: gs 3"))
    assert again.writer is not None
    again.writer.close()


def test_item_4_a_live_game_takes_no_game_input_before_the_players_entropy(tmp_path: Path) -> None:
    j = tmp_path / "j.jsonl"
    s = live(j)
    before = j.read_bytes()
    for line in ("start", "p1: gs 5"):
        (text,) = refused(s.feed(line))
        assert text.startswith("the players' entropy is not in yet: this game's seed mixes the committed secret")
    assert j.read_bytes() == before  # a refusal changes nothing
    for line in ("help", "rules", "commitment", "status", "outbox", "help entropy"):
        assert not refused(s.feed(line)), line
    assert not refused(s.feed("entropy 17 lantern"))
    assert not refused(s.feed("start"))


def test_item_4_the_commitment_asks_the_players_for_their_entropy_only_when_the_game_waits_for_it() -> None:
    waiting = Session.create(load(SCENARIOS / "choice-is-yours.toml"), journal_path=None, player_entropy=True).commitment_outputs()
    assert [o.source.kind for o in waiting if o.source] == ["commitment", "entropy_wanted"]
    assert "each player: send one word or number" in waiting[1].text
    assert [o.source.kind for o in choice().commitment_outputs() if o.source] == ["commitment"]


def test_item_4_the_entropy_rebuilds_the_game_from_the_mixed_seed() -> None:
    from umpire.core.settings import Settings
    from umpire.core.streams import Streams
    from umpire.games.base import Setup
    from umpire.session.seed_words import mix

    s = live()
    s.feed("entropy 17 lantern")
    assert s.fair.game_seed == mix(s.seed, ["17", "lantern"])
    sc = s.scenario
    expected = s.game.start(Setup(roster=sc.roster, settings=Settings(sc.settings), streams=Streams(mix(s.seed, ["17", "lantern"]))))
    assert s.state == expected
    unmixed = s.game.start(Setup(roster=sc.roster, settings=Settings(sc.settings), streams=Streams(s.seed)))
    assert s.state != unmixed


@pytest.mark.parametrize(
    ("before", "line", "reason"),
    [
        (
            [],
            "entropy",
            "“entropy NAME=WORD, …”: type the word or number each player sent, e.g. “entropy p1=17 lantern, p2=maple”, "
            "or one word per player in the roster's order",
        ),
        (
            ["entropy 17 lantern"],
            "entropy 18 candle",
            "the players' entropy is in already (entry 1: Hedger “17”, Uri “lantern”); it is mixed in once and cannot change",
        ),
        (
            [],
            "entropy p1=" + "x" * 300 + ", p2=" + "y" * 201,
            "the players' words are 501 characters together; at most 500 (a word or a number from each player is enough)",
        ),
        ([], "entropy a\u202eb", "the entropy holds an invisible or control character"),
        (
            [],
            "entropy 17 lantern 4021",
            "3 words for 2 players: type one word per player in the roster's order (Hedger, Uri), or name whose each is, "
            "e.g. “entropy Hedger=apple, Uri=7” (a player who sent none: “Uri=”)",
        ),
        (
            [],
            "entropy Hedger=apple",
            "no word for Uri: name every player's word, and “Uri=” with nothing after it for a player who sent none",
        ),
        ([], "entropy Hedger=apple, Hedger=pear", "Hedger's word is given twice; give each player's once"),
        ([], "entropy Hedger=apple, Zed=pear", "there is no player called “Zed” (players: Hedger (p1/Player 1/Player1), Uri"),
        (
            [],
            "entropy Hedger=apple, pear, Uri=7",
            "“pear” names no player: give each player's word as “NAME=WORD”, separated by commas (a word cannot hold a comma "
            "here), e.g. “entropy Hedger=apple, Uri=7”",
        ),
        (
            [],
            "entropy Hedger=, Uri=",
            "no player's word is in: at least one is needed (a player who sent none is “NAME=” with nothing after it)",
        ),
    ],
    ids=["empty", "twice", "too long", "invisible", "too many", "one missing", "given twice", "no such player", "no name", "none"],
)
def test_item_4_entropy_refusals_name_what_is_wrong_and_change_nothing(tmp_path: Path, before: list[str], line: str, reason: str) -> None:
    j = tmp_path / "j.jsonl"
    s = live(j)
    for b in before:
        assert not refused(s.feed(b))
    on_disk, state = j.read_bytes(), s.state
    (text,) = refused(s.feed(line))
    assert text.startswith(reason)
    assert j.read_bytes() == on_disk and s.state is state


def test_item_4_entropy_before_the_commitment_was_shown_is_refused() -> None:
    s = Session.create(load(SCENARIOS / "choice-is-yours.toml"), journal_path=None, player_entropy=True)
    (text,) = refused(s.feed("entropy 17 lantern"))
    assert text.startswith("show and post the fairness commitment first (“commitment”)")
    s.feed("commitment")
    assert not refused(s.feed("entropy 17 lantern"))


def test_item_4_entropy_after_a_game_input_is_refused_where_it_is_optional() -> None:
    s = choice()
    s.commitment_outputs()
    s.feed("start")
    (text,) = refused(s.feed("entropy 17 lantern"))
    assert text == (
        "the game has begun (entry 1 was a ruling): the entropy must come before the first game input, "
        "since it changes everything the seed generates"
    )


def test_item_4_undo_never_takes_back_the_entropy() -> None:
    s = live()
    s.feed("entropy 17 lantern")
    (text,) = refused(s.feed("undo"))
    assert text == "there is nothing to undo" and s.fair.entropy_words == ("17", "lantern")


def test_item_4_seeded_scripts_do_not_wait_for_entropy_but_reproduce_a_game_that_mixed_it(cli, tmp_path: Path) -> None:
    j = tmp_path / "live.jsonl"
    s = Session.create(load(SCENARIOS / "choice-is-yours.toml"), journal_path=j, seed="77", salt="0" * 32, player_entropy=True)
    s.commitment_outputs()
    for line in ("entropy 17 lantern", "start", "p1: gs 5", "p2: gs 3"):
        s.feed(line)
    assert s.writer is not None
    s.writer.close()
    plain = cli("play", "choice-is-yours", "--seed", "77", "--script", "-", "--json", input="start\np1: gs 5\n")
    assert plain.exit_code == 0 and '"type":"refusal"' not in plain.stdout
    again = cli(
        "play", "choice-is-yours", "--seed", "77", "--script", "-", "--json", input="entropy 17 lantern\nstart\np1: gs 5\np2: gs 3\n"
    )
    assert json.loads(again.stdout.splitlines()[-1]) == {**s.final(), "type": "final"}


def test_item_4_umpire_play_waits_for_entropy_in_a_live_game_unless_the_scenario_says_not(cli, tmp_path: Path, monkeypatch) -> None:
    import umpire.repl

    hosted: list[tuple[Session, list[str]]] = []
    monkeypatch.setattr(umpire.repl, "run", lambda session, intro: hosted.append((session, intro)))
    assert cli("play", "choice-is-yours", "--journal", "a.jsonl").exit_code == 0
    assert cli("play", "choice-is-yours", "--journal", "b.jsonl", "--seed", "5").exit_code == 0
    off = tmp_path / "off.toml"
    off.write_text("player_entropy = false\n" + (SCENARIOS / "choice-is-yours.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert cli("play", str(off), "--journal", "c.jsonl").exit_code == 0
    assert [s.fair.required for s, _ in hosted] == [True, False, False]
    assert any("type “entropy NAME=WORD, …”" in line for line in hosted[0][1])
    assert [journal.read(tmp_path / f"{n}.jsonl").header["player_entropy"] for n in "abc"] == [True, False, False]
    for s, _ in hosted:
        assert s.writer is not None
        s.writer.close()


def test_item_4_player_entropy_must_be_true_or_false(cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('player_entropy = "yes"\n' + (SCENARIOS / "hap-tac-toe.toml").read_text(encoding="utf-8"), encoding="utf-8")
    res = cli("play", str(bad), "--script", "-", input="")
    assert res.exit_code == 2 and "player_entropy: expected true or false, got a string" in res.stderr


def test_item_4_the_reveal_posts_the_game_seed_the_entropy_made_with_its_check() -> None:
    import hashlib

    s = live()
    s.feed("entropy 17 lantern")
    out = s.feed("reveal anyway")
    game_seed = hashlib.sha256(f'umpire-mix/2|{s.seed}|["17","lantern"]'.encode()).hexdigest()
    (post,) = [o.text for o in out if o.source is not None and o.source.kind == "game_seed"]
    assert f"= `{game_seed}`" in post
    assert f"""printf '%s' 'umpire-mix/2|{s.seed}|["17","lantern"]' | sha256sum""" in post
    # before the reveal, nothing shown carries the game seed
    assert all(game_seed not in o.text for o in live().feed("entropy 17 lantern"))


def test_item_12_the_reveal_post_prints_the_whole_verify_command(tmp_path: Path) -> None:
    s = live(tmp_path / "j.jsonl")
    s.feed("entropy 17 lantern")
    assert s.writer is not None
    final = s.writer.last_hash
    text = "\n".join(o.text for o in s.feed("reveal anyway"))
    assert f"`umpire verify JOURNAL --commitment {journal.commitment(s.seed, s.salt)} --final-hash {final}`" in text
    assert "`umpire verify` on the journal" not in text
    s.writer.close()


# ---------------------------------------------------------------- lows


def test_low_use_scenario_seed_on_a_scenario_without_a_seed_is_refused(cli) -> None:
    res = cli("play", "hap-tac-toe", "--use-scenario-seed", "--script", "-", input="")
    assert res.exit_code == 2
    assert res.stderr == (
        "umpire: hap-tac-toe.toml sets no seed, so --use-scenario-seed has nothing to use. Leave it out to host with a fresh "
        "secret seed, or give --seed SEED to reproduce a game\n"
    )
    both = cli("play", "hap-tac-toe", "--use-scenario-seed", "--seed", "4", "--script", "-", input="")
    assert both.exit_code == 2 and both.stderr == "umpire: give --seed SEED or --use-scenario-seed, not both\n"


def test_low_resume_shows_the_commitment_as_information_and_copy_does_not_copy_it_again(tmp_path: Path, drive_repl) -> None:
    j = tmp_path / "j.jsonl"
    s = choice(j)
    s.commitment_outputs()
    s.feed("start")
    last_post = "(copy) " + "\n\n".join(s.last_public)
    assert s.writer is not None
    s.writer.close()
    resumed, loaded, steps = Session.stream(j)
    for _ in steps:
        pass
    resumed.reopen(loaded)
    out = drive_repl(resumed, "copy\r")
    sha = journal.commitment(resumed.seed, resumed.salt)
    # (the note is broken between words at the terminal's width: read as one line)
    assert f"The fairness commitment, posted when this game began (not a new post): `{sha}`" in " ".join(out.split())
    assert "🔒 Fairness commitment" not in out
    (copied,) = act(resumed, resumed.feed("copy"))
    assert copied.text == last_post and "Fairness commitment" not in copied.text


def test_low_the_journal_line_shows_the_resume_command_as_it_can_be_run(monkeypatch, tmp_path: Path) -> None:
    exe = tmp_path / "venv" / "bin" / "umpire"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    monkeypatch.setattr("sys.argv", [str(exe), "play"])
    monkeypatch.setenv("PATH", "/nonexistent")
    assert play.runnable() == str(exe)
    monkeypatch.setenv("PATH", str(exe.parent))
    assert play.runnable() == "umpire"
    monkeypatch.setattr("sys.argv", ["/somewhere/umpire/__main__.py"])
    assert play.runnable().endswith(" -m umpire")


def test_item_4_before_the_entropy_a_line_no_game_reads_is_refused_for_what_it_is(tmp_path: Path) -> None:
    j = tmp_path / "j.jsonl"
    s = live(j)
    before = j.read_bytes()
    (typo,) = refused(s.feed("statsu"))
    assert "did you mean “status”?" in typo
    (unknown,) = refused(s.feed("p1: foo"))
    assert unknown.startswith("not a command of this game")
    (readable,) = refused(s.feed("p1: gs 5"))
    assert readable.startswith("the players' entropy is not in yet") and readable.endswith("no game input is taken before that")
    assert j.read_bytes() == before
