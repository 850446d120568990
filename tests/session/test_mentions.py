"""R-READ-2: a Discord mention names a player wherever a move names one: `@Uri` as pasted, `<@ID>` or `<@!ID>` as the bot
receives it (the front end tells the session each player's user ID)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.session.played import hosted as a_session
from umpire.session import Output, Session

HEDGER, URI = 1111, 2222  # the players' Discord user IDs in these tests


def hosted(script: str, journal: Path | None = None) -> Session:
    s = a_session(script, journal)
    s.know_users({0: HEDGER, 1: URI})
    return s


def said(outs: list[Output]) -> list[str]:
    return [o.text for o in outs]


CHOSE = "**Uri** chooses **Hedger** to move first in game 1 (and second in game 2)."


@pytest.mark.parametrize("mention", ["@Hedger", "@p1", "@hedger."])
def test_r_read_2_a_pasted_mention_names_the_player_who_moves_first(mention: str) -> None:
    s = hosted("hap-tac-toe.script")
    assert said(s.feed(f"p2: first {mention}")) == [CHOSE]


@pytest.mark.parametrize("mention", [f"<@{HEDGER}>", f"<@!{HEDGER}>"])
def test_r_read_2_a_mention_as_the_bot_receives_it_names_the_player(mention: str) -> None:
    s = hosted("hap-tac-toe.script")
    assert said(s.submit(1, [f"first {mention}"])) == [CHOSE]


def test_r_read_2_devils_deals_starter_is_named_by_a_mention() -> None:
    s = hosted("devils-deal.script")
    s.feed("start")
    (post, *_) = s.submit(1, [f"first <@{HEDGER}>"])
    assert post.text.startswith("**Uri** chooses **Hedger** to start round 1.")


@pytest.mark.parametrize("mention", ["@Uri", f"<@{URI}>", f"<@!{URI}>"])
def test_r_read_2_a_trade_is_offered_to_the_player_a_mention_names(mention: str) -> None:
    s = hosted("open-pass-match.script")
    s.feed("start")
    out = s.submit(0, [f"trade 1 for 2 with {mention}"])
    assert [str(o.audience) for o in out] == ["player:0", "player:1"]
    assert out[1].text.startswith("🤝 Trade 1: **Hedger** offers you `1` for your `2`.")


def test_r_read_2_the_host_may_name_a_player_by_a_mention_too() -> None:
    s = hosted("hap-tac-toe.script")
    assert said(s.feed("first @p1")) == [CHOSE]  # the host types it for the chooser


def test_r_read_2_a_mention_of_someone_who_is_not_a_player_is_refused_naming_it() -> None:
    s = hosted("hap-tac-toe.script")
    (out,) = s.submit(1, ["first <@999>"])
    assert (out.kind, out.input, out.text) == (
        "refusal",
        "Uri: first <@999>",
        "there is no player called “<@999>” (players: Hedger (p1), Uri (p2))",
    )
    (out,) = s.feed("p2: first @everyone")
    assert out.text == "there is no player called “@everyone” (players: Hedger (p1), Uri (p2))"


def test_r_read_2_the_journal_holds_the_name_so_it_replays_without_the_ids(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    s = hosted("hap-tac-toe.script", path)
    s.submit(1, [f"first <@!{HEDGER}>"], source="discord:1/2")
    s.close()
    replayed, _, _ = Session.load(path, reopen=False)  # knows no Discord ID
    assert replayed.state == s.state and replayed.state.first == 0
    assert replayed.history[-1].what == f"Uri: first <@!{HEDGER}>"  # the line as sent, for the host
