"""A whole The Choice is Yours match played through Discord: the players are two fake users (one in a private
channel, one by DM), the host types only the host's own lines, and the journal's rulings, the refusals, the
scores and the result are those `umpire play --script` gives on the same lines."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from tests.fakediscord import FakeDiscord
from umpire.render import batch
from umpire.scenario import load
from umpire.session import Session, derive_salt
from umpire.session import entries as E

from .support import ROOT, SCRIPTS, Hosted, Table, entries_of, heard, play, rulings, steps

# Lines a player might send at any moment: status and reposts, claims that are wrong or not allowed now, plays out of turn.
EXTRA = itertools.cycle(
    [
        "p2: post shop",
        "p1: hap 123 4",
        "p2: expr 1 1+1+1+1 1",
        "p1: gs 0",
        "p2: buy 10",
        "p1: status",
        "p2: post status",
        "p2: igs 3",
        "p1: expr 2 9x9 9",
    ]
)


def match_lines() -> list[str]:
    """The whole-match Goofspiel transcript, with two more player lines after each clock line: over 200 player lines."""
    out: list[str] = []
    for line in (SCRIPTS / "choice-goofspiel.script").read_text().splitlines():
        out.append(line)
        if line.startswith("@"):
            out += [next(EXTRA), next(EXTRA)]
    return out


def test_a_choice_match_through_discord_is_ruled_as_the_script_is(fake: FakeDiscord, tmp_path: Path) -> None:
    lines = match_lines()
    assert sum(1 for line in lines if line.startswith(("p1:", "p2:"))) >= 200
    scenario = load(ROOT / "scenarios" / "choice-is-yours.toml")

    scripted = Session.create(scenario, journal_path=tmp_path / "script.jsonl", seed="9701", salt=derive_salt("9701"))
    printed = list(batch(scripted, lines, json_out=True))
    scripted.close()

    table = Table(fake, ["Hedger", "Uri"], dm_seats=(1,))
    hosted = Session.create(scenario, journal_path=tmp_path / "bot.jsonl", seed="9701", salt=derive_salt("9701"))
    script = steps(lines, hosted)
    h = Hosted(fake, table, hosted, table.ids())
    h.run(lambda h: play(h, script))

    ruled = rulings(tmp_path / "bot.jsonl")
    assert ruled == rulings(tmp_path / "script.jsonl")
    assert sum(1 for r in ruled if r[0] == "input" and r[2] is not None) > 100 and sum(1 for r in ruled if r[0] == "clock") > 50
    assert '"type":"final"' in printed[-1] and hosted.final() == json.loads(printed[-1])
    refused = [json.loads(line)["reason"] for line in printed if '"type":"refusal"' in line and '"audience":"player"' in line]
    assert len(refused) > 50 and [e.refused for e in heard(tmp_path / "bot.jsonl")] == refused
    # The host relayed nothing: every player's input came from Discord, and the host typed only the host's lines.
    entries = entries_of(tmp_path / "bot.jsonl")
    assert all(e.source is not None for e in entries if isinstance(e, E.Input) and e.by is not None)
    assert h.keys == sum(len(s.text) + 1 for s in script if s.kind == "host")
    # Every DM was delivered, journaled with the IDs of the Discord messages that carried it.
    delivered = [e for e in entries if isinstance(e, E.Delivered)]
    sent_ids = {str(m.id) for seat in (0, 1) for m in table.private_messages(seat)}
    assert delivered and all(e.receipts and set(e.receipts) <= sent_ids and e.via == "Discord" for e in delivered)
    assert hosted.waiting() == []
    made = {o.dm for o in Session.load(tmp_path / "bot.jsonl", reopen=False)[1] if o.dm is not None}
    assert {dm for e in delivered for dm in e.dms or ()} == made
    # The bot reads the match's typed result: nobody won two subgames, so its part of the toolbar says only that it is over.
    assert (
        h.bot is not None
        and hosted.game.outcome(hosted.state) == scripted.game.outcome(scripted.state)
        and not scripted.game.outcome(scripted.state).winners
    )
    assert h.bot.toolbar().endswith(" 🏁 over")
