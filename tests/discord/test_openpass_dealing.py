"""A whole 13-player Open, Pass match through Discord, its dealing phase included: `deal pN` DMs each card to the
player and their `open`/`pass` is read from Discord directly, so the host types only the host's own lines (counted
keystroke by keystroke) and relays nothing, and the journal rules as `umpire play --script` does."""

from __future__ import annotations

import json
from pathlib import Path

from tests.fakediscord import FakeDiscord
from umpire.render import batch
from umpire.scenario import load
from umpire.session import Session, derive_salt
from umpire.session import entries as E

from .support import ROOT, SCRIPTS, Hosted, Table, entries_of, play, rulings, steps


def test_an_open_pass_match_with_its_dealing_phase_needs_only_the_hosts_own_keystrokes(fake: FakeDiscord, tmp_path: Path) -> None:
    lines = (SCRIPTS / "open-pass-match.script").read_text().splitlines()
    scenario = load(ROOT / "scenarios" / "open-pass-heaven-hell.toml")
    scripted = Session.create(scenario, journal_path=tmp_path / "script.jsonl", seed="2002", salt=derive_salt("2002"))
    printed = list(batch(scripted, lines, json_out=True))
    scripted.close()

    names = [p.name for p in scenario.roster]
    table = Table(fake, names, dm_seats=range(1, 13, 2))  # six players by DM, seven in private channels
    hosted = Session.create(scenario, journal_path=tmp_path / "bot.jsonl", seed="2002", salt=derive_salt("2002"))
    script = steps(lines, hosted)
    h = Hosted(fake, table, hosted, table.ids())
    h.run(lambda h: play(h, script), timeout=240)

    assert rulings(tmp_path / "bot.jsonl") == rulings(tmp_path / "script.jsonl")
    assert hosted.final() == json.loads(printed[-1])
    # The host's keystrokes are the host's own lines and nothing else: no player's line, no `copy NAME`.
    host_lines = [s.text for s in script if s.kind == "host"]
    assert h.keys == sum(len(line) + 1 for line in host_lines)
    assert not any(line.startswith(("copy", "sent")) for line in host_lines)
    deals = [line for line in host_lines if line.startswith("deal ")]
    assert len(deals) == 14 and h.keys < 200
    # Relaying by hand would have meant typing every player line and copying every DM out.
    relayed = sum(len(s.text) + len(f"p{s.seat + 1}: ") + 1 for s in script if s.kind == "player")
    assert relayed > 10 * h.keys
    # Each dealt card reached its player as a Discord message, journaled with its ID.
    entries = entries_of(tmp_path / "bot.jsonl")
    delivered = [e for e in entries if isinstance(e, E.Delivered)]
    made = {o.dm for o in Session.load(tmp_path / "bot.jsonl", reopen=False)[1] if o.dm is not None}
    assert {dm for e in delivered for dm in e.dms or ()} == made and len(made) > 300
    cards_to_jonas = [m.content for m in table.private_messages(6)]
    assert sum("open" in c and "pass" in c for c in cards_to_jonas) >= 10
    sent_ids = {str(m.id) for seat in range(13) for m in table.private_messages(seat)}
    assert all(e.receipts and set(e.receipts) <= sent_ids for e in delivered)
