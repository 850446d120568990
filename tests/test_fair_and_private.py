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
from umpire.scenario import load
from umpire.session import Session

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
    assert (header["seed"], header["seed_source"]) == ("5", "host")


def test_verify_says_whether_the_seed_was_drawn_secretly(cli, tmp_path: Path) -> None:
    j = tmp_path / "live.jsonl"
    assert cli("play", "choice-is-yours", "--script", "-", "--journal", str(j), input="").exit_code == 0
    report = cli("verify", str(j))
    assert "seed drawn at start" in report.stdout


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
    out = s.feed("copy p1")
    assert out[0].kind == "info" and out[0].text == dms_text_before(out)
    assert s.waiting_dms() == 0
    assert [e["kind"] for e in journal.read(tmp_path / "j.jsonl").entries][-1] == "delivered"


def dms_text_before(out) -> str:
    return out[0].text


def test_copy_name_with_nothing_waiting_is_refused() -> None:
    s = choice()
    (o,) = s.feed("copy p2")
    assert (o.kind, o.text) == ("refusal", "no private messages wait for Uri")


def test_delivered_marks_survive_a_resume(tmp_path: Path) -> None:
    s = choice(tmp_path / "j.jsonl")
    s.feed("start")
    s.feed("p1: gs 5")
    s.feed("p2: gs 3")
    s.feed("copy p1")
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
    assert dms(s, 0)[0] in o.view.chat


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
