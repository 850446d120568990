"""Devil's Deal's surface for the host: the scenario and its settings, the rulings in force, help,
the views, the toolbar, completion, the final JSON and the chat text's safety."""

from __future__ import annotations

import json

import pytest

from tests.games import game
from umpire.core import chat
from umpire.core.settings import Settings
from umpire.games import registry
from umpire.games.devilsdeal.settings import SETTINGS
from umpire.render import text_lines
from umpire.scenario import ScenarioError

from .test_devils_support import ROOT, SCENARIO_FILE, at, best_line, new_session, ok, scenario, started, to_poker

GAME = game("devils-deal")

# ---------------------------------------------------------------- the scenario


def test_the_game_is_registered_and_the_bundled_scenario_reads_as_written() -> None:
    assert registry()["devils-deal"] is GAME
    sc = scenario()
    assert [p.name for p in sc.roster] == ["Hedger", "Uri"]
    assert sc.roster.resolve("p2").name == "Uri"
    assert sc.seed is None
    assert sc.settings == {s.key: s.default for s in SETTINGS}  # the bundled file spells out every default


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"hand_order": ["straight flush", "three of a kind", "straight", "flush", "pair"]},
            'rules.hand_order: expected the six categories once each, best first ("three of a kind", "straight flush", "straight", "flush", "pair", "high card"): missing "high card"',
        ),
        ({"starting_pool": 11}, "rules.starting_pool: expected at most pool_limit (10), got 11"),
        ({"pot_removed": 5}, "rules.pot_removed: expected at most the two antes (4), got 5"),
        ({"tie_ante_back": 2}, "rules.tie_ante_back: the pot holds 3 ante chips after pot_removed; 2 each does not fit"),
        ({"tied_round_starter": "random"}, 'rules.tied_round_starter: expected one of "stays", "switches", got \'random\' (a string)'),
        ({"advantage": "p3"}, "rules.advantage: there is no player called “p3” (players: Hedger (p1), Uri (p2))"),
        ({"break_seconds": 0}, "rules.break_seconds: expected a whole number from 1 to 86400, got 0"),
    ],
)
def test_a_bad_setting_is_refused_with_its_key(change: dict[str, object], message: str) -> None:
    with pytest.raises(ScenarioError) as exc:
        scenario(**change)
    assert str(exc.value) == f"scenarios/devils-deal.toml (changed by a test): {message}"


def test_the_scenario_file_carries_the_timing_table() -> None:
    text = SCENARIO_FILE.read_text(encoding="utf-8")
    for key in ("answer_seconds", "division_seconds", "take_seconds", "discard_seconds", "pick_seconds", "bet_seconds", "break_seconds"):
        assert f"| {key}" in text and f"\n{key} = " in text


# ---------------------------------------------------------------- rulings and help


def test_every_house_ruling_is_shown_with_the_key_that_carries_it() -> None:
    rulings = "\n".join(GAME.rulings(Settings(scenario().settings)))
    for ruling, keys in {
        "R-DD-1": ["tied_round_starter"],
        "R-DD-2": ["refill_cost"],
        "R-DD-3": ["min_pile_cards"],
        "R-DD-4": ["hand_order"],
        "R-DD-5": ["opening_bet", "min_raise"],
        "R-DD-6": ["fold_penalty"],
        "R-DD-7": ["tie_ante_back"],
        "R-DD-8": ["answer_seconds", "division_seconds", "take_seconds", "discard_seconds", "pick_seconds", "bet_seconds", "break_seconds"],
    }.items():
        line = next(r for r in rulings.split("\n") if r.startswith((f"{ruling}:", f"{ruling} ")))
        for key in keys:
            assert f"({key}" in line or f"{key} =" in line, f"{ruling} does not name {key}"
    for setting in SETTINGS:
        assert setting.key in rulings, f"{setting.key} is in force but not shown"
    for n in range(1, 19):
        assert f"R-DD-{n}:" in rulings, f"R-DD-{n} is not shown"


def test_every_ruling_shown_by_rules_is_explained_in_docs_rulings() -> None:
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    section = text[text.index("## Devil's Deal") :]
    for n in range(1, 19):
        assert f"| R-DD-{n} |" in section, f"R-DD-{n} is not in docs/rulings.md"


def test_the_game_doc_stands_on_its_own() -> None:
    doc = (ROOT / "docs" / "devils-deal.md").read_text(encoding="utf-8")
    for outside in ("shared/", "RULES.md", "seeds/"):
        assert outside not in doc
    assert "| what | who sees it | when it becomes public |" in doc


def test_a_changed_ruling_says_so() -> None:
    rulings = GAME.rulings(
        Settings(
            scenario(
                tied_round_starter="switches", hand_order=["straight flush", "three of a kind", "straight", "flush", "pair", "high card"]
            ).settings
        )
    )
    assert 'R-DD-1 changed: after a tied showdown the other player starts the next round (tied_round_starter = "switches").' in rulings
    assert any(r.startswith("R-DD-4: hands rank straight flush > three of a kind") for r in rulings)


def test_help_gives_every_command_an_example_that_is_read() -> None:
    s = started()
    ok(s, "p1: yes")  # Hedger divides a refill: the one-pile-a-line example is read as a message of his
    for item in GAME.help():
        assert item.example, item.syntax
        if item.who != "player":
            continue
        if "⏎" in item.example:  # a Discord message: its header, then its lines up to the empty line
            header, *lines = [part.strip() for part in item.example.split("⏎")]
            assert lines.pop() == "(empty line)"
            seat = s.scenario.roster.resolve(header.split(" — ")[0]).seat
            (text,) = GAME.message(s.state, seat, lines)
        else:
            name, _, text = item.example.partition(": ")
            seat = s.scenario.roster.resolve(name).seat
        GAME.parse(s.state, seat, text, lambda n: s.scenario.roster.resolve(n).seat)


# ---------------------------------------------------------------- views and the toolbar


def test_status_shows_the_host_the_real_pools_and_the_chat_the_public_ones() -> None:
    s = started()
    to_poker(s)
    ok(s, "p1: pick R5 G5", "p2: pick R1 B2", "p1: call", "p2: fold")
    view = s.game.view("status").build(s.state, s.now, [])
    assert view.rows[1][3] == "B5 G6 R9 (+2 gone unrevealed)"
    assert "**Uri** (3): `R1 B2 B5 G6 R9` — 2 of these were discarded unrevealed" in view.chat
    assert "R1 B2" not in view.rows[1][3]


def test_the_board_chat_shows_only_what_is_revealed() -> None:
    s = started()
    to_poker(s)
    ok(s, "p1: pick R5 G5", "p2: pick R1 B2", "p1: call", "p2: call")
    board = s.game.view("board").build(s.state, s.now, [])
    assert board.chat.split("\n") == ["🂠 Community card: `G6`", "**Hedger**: shown `R5` · bet 0", "**Uri**: shown `R1` · bet 0", "Pot: 5"]
    assert board.rows[0][2] == "R5 G5"  # the host's table has the private cards
    assert board.rows[0][3] == "pair of 5s"


def test_the_division_view_shows_the_best_division_to_the_host() -> None:
    s = started()
    ok(s, "p1: yes", "p1: G4 B4 | aside G8")
    view = s.game.view("division").build(s.state, s.now, [])
    assert view.notes == (
        "offered: G4 B4 G6 G3 B1 G9 R2 G8 R8 B5 B6 B2",
        "in force since 0:00: G4 B4 (8) · set aside: G8 (8) — takes 2",
        "best possible (host only — do not post): G4 B4 G6 (14) · R2 G3 G9 (14) · B1 B5 G8 (14) · set aside: B6 R8 (14) — takes 9",
    )


def test_the_toolbar_shows_the_decisions_clock_first_then_what_is_awaited() -> None:
    s = started()
    at(s, 7.5)
    bar = GAME.toolbar(s.state, s.now)
    assert bar.clock == "Hedger: refill? 0:13 left"
    assert bar.where == "round 1 · chips Hedger 30, Uri 30 · Devil's Deal"  # the clock says who decides what


def test_the_toolbar_clock_names_nobody_during_the_pick_and_is_empty_before_the_deal() -> None:
    s = new_session()
    assert GAME.toolbar(s.state, s.now).clock == ""
    s = started()
    to_poker(s)
    ok(s, "p1: pick R5 G5")
    bar = GAME.toolbar(s.state, s.now)
    assert bar.clock == "pick 1:30 left"
    assert bar.where.startswith("to pick: Uri · ")  # the toolbar is the host's


def test_r_read_4_a_player_may_ask_for_their_pool_privately() -> None:
    s = started()
    out = ok(s, "p1: pool")
    assert [(str(o.audience), o.text) for o in out] == [
        (
            "player:0",
            "📋 **Your status, Hedger** (for you alone)\nRound 1, Hedger starts: waiting for Hedger to answer “refill?”.\n"
            "Your pool (5): `G2 R5 G5 B6 B7` · 30 chips\nUri's pool (5): `R1 B2 B5 G6 R9` · 30 chips\nPot 0 · community card `G6`",
        )
    ]


# ---------------------------------------------------------------- completion


def test_completion_offers_what_the_step_wants() -> None:
    s = new_session()
    assert GAME.suggest(s.state, None, []) == ["start"]
    ok(s, "start")
    assert GAME.suggest(s.state, None, []) == ["first"]
    assert GAME.suggest(s.state, None, ["first"]) == ["Hedger", "Uri"]
    assert GAME.suggest(s.state, 1, ["first"]) == ["Hedger", "Uri", "me"]
    ok(s, "p2: first p1")
    assert GAME.suggest(s.state, 0, []) == ["yes", "no", "pool"]
    assert GAME.suggest(s.state, 1, []) == ["pool"]  # Uri is not asked yet
    ok(s, "p1: yes")
    assert GAME.suggest(s.state, 0, ["G4"])[:4] == ["aside", "unused", "|", "B4"]
    assert "done" in GAME.suggest(s.state, 0, [])
    ok(s, "p1: G4 B4 | aside G8", "p1: done")
    assert GAME.suggest(s.state, 1, [])[:5] == ["take", "none", "G6", "G3", "B1"]
    assert GAME.suggest(s.state, 1, ["take"])[:3] == ["G6", "G3", "B1"]


# ---------------------------------------------------------------- final JSON and chat safety


def test_the_final_json_has_every_player_the_round_and_each_public_card_event() -> None:
    s = started()
    ok(s, "p1: yes", "p1: G4 B4 | aside G8", "p1: done", "p2: take G9")
    final = s.final()
    assert final["type"] == "final" and final["game_key"] == "devils-deal"
    assert final["players"]["Hedger"]["chips"] == 25
    assert final["players"]["Hedger"]["pool"] == ["G2", "G4", "B4", "R5", "G5", "B6", "B7"]
    assert final["players"]["Uri"]["pool"][-1] == "G9"
    assert (final["round"], final["starting_player"], final["winner"], final["over"]) == (1, "Hedger", None, False)
    assert [(e["event"], e["player"]) for e in final["cards"]] == [
        ("dealt", "Hedger"),
        ("dealt", "Uri"),
        ("community", None),  # drawn at the start of round 1
        ("offered", "Hedger"),
        ("taken", "Hedger"),
        ("set aside", "Hedger"),
        ("free take", "Uri"),
    ]
    json.dumps(final)


def test_names_in_announcements_are_made_safe_for_discord() -> None:
    s = new_session()
    text = "\n".join(text_lines(ok(s, "start"), ("Hedger", "Uri")))
    assert "@everyone" not in text
    assert chat.safe("Uri") in text


def test_every_public_announcement_fits_one_discord_message() -> None:
    s = started()
    out = ok(s, "p1: yes")
    out += ok(s, f"p1: {best_line(s)}", "p1: done")
    for o in out:
        if o.kind == "announce" and str(o.audience) == "public":
            assert len(o.text) <= chat.LIMIT
            assert "||" not in o.text  # Discord spoiler syntax never appears by accident


def test_every_event_kind_has_exactly_one_renderer() -> None:
    assert set(GAME.events) == GAME.renderers.kinds()


def test_the_views_are_built_only_when_asked_and_not_listed_in_help() -> None:
    assert [v.name for v in GAME.views()] == ["status", "board", "division"]
    assert not any(h.syntax.split()[0] in ("status", "board", "division") for h in GAME.help())
