"""Devil's Deal's one-shot tools, for `umpire check hand`, `umpire check division` and `umpire solve division`.

Each takes plain values (the words the host typed; the `[rules]` of a Devil's Deal scenario the host
named, already checked, for its `hand_order` and `min_pile_cards`) and returns a `Ruling`: the lines
to print, the JSON for `--json` and the exit code. What cannot be read is refused with an UmpireError
whose reason is the message to print. Only the card and hand modules are loaded, and the division
reader (its patterns take a while to compile) only by the division tools, so the commands start quickly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from umpire.core.errors import UmpireError
from umpire.games.devilsdeal.cards import lookup, name, name_list, names, not_a_card
from umpire.games.devilsdeal.hands import DEFAULT_ORDER, HANDS, category_name, compare, describe, standing, why

if TYPE_CHECKING:
    from umpire.games.devilsdeal.divisions import Division


@dataclass(frozen=True, kw_only=True)
class Ruling:
    """What a tool found: the text lines to print, the same as JSON, and the exit code."""

    lines: tuple[str, ...]
    json: dict[str, Any]
    code: int


def _rules(rules: Mapping[str, Any] | None) -> tuple[tuple[str, ...], int]:
    """The hand order and the fewest cards a pile may hold: the defaults, or a scenario's `[rules]`."""
    if rules is None:
        return DEFAULT_ORDER, 1
    return tuple(rules["hand_order"]), int(rules["min_pile_cards"])


def _words(args: list[str]) -> list[str]:
    return " ".join(args).replace(",", " ").split()


def _read_cards(words: list[str], what: str) -> tuple[int, ...]:
    out = []
    for w in words:
        c = lookup(w)
        if c is None:
            raise UmpireError(f"{what}: {not_a_card(w)}")
        out.append(c)
    return tuple(out)


def _one_hand(words: list[str], what: str) -> tuple[int, int, int]:
    read = _read_cards(words, what)
    if len(read) != 3:
        raise UmpireError(f"{what}: a hand is three cards, e.g. R5 G5 B5 ({len(read)} given)")
    a, b, c = read
    if len({a, b, c}) != 3:
        twice = next(x for x in read if read.count(x) > 1)
        raise UmpireError(f"{what}: {name(twice)} is there twice; a hand cannot hold duplicates")
    return (a, b, c)


def _hand_json(cards: tuple[int, ...], order: tuple[str, ...]) -> dict[str, Any]:
    beats, ties, loses = standing(cards, order)
    cat = category_name(cards)
    return {
        "cards": name_list(cards),
        "hand": describe(cards),
        "category": cat,
        "category_rank": order.index(cat) + 1,
        "beats": beats,
        "ties": ties,
        "loses_to": loses,
    }


def check_hand(cards: list[str], vs: list[str] | None = None, rules: Mapping[str, Any] | None = None) -> Ruling:
    """Name a hand, rank it among the 2,925 hands, and (given `vs`) say which of two wins and why."""
    order, _ = _rules(rules)
    first = _one_hand(_words(cards), "the hand")
    second = None if vs is None else _one_hand(_words(vs), "--vs")
    result = None if second is None else compare(first, second, order)
    a = _hand_json(first, order)
    b = None if second is None else _hand_json(second, order)
    reason = None if second is None else why(first, second, order)
    winner = None if result is None else {1: "first", -1: "second", 0: "tie"}[result]
    lines = []
    for h in (a, b):
        if h is None:
            continue
        lines.append(f"{' '.join(h['cards'])}: {h['hand']} — {h['category']}, category {h['category_rank']} of 6")
        lines.append(f"  beats {h['beats']:,} of the other {HANDS - 1:,} hands, ties {h['ties']:,}, loses to {h['loses_to']:,}")
    if result is not None and b is not None:
        win = " ".join(a["cards"]) if result > 0 else " ".join(b["cards"])
        lines.append(f"→ {'a tie' if result == 0 else win + ' wins'}: {reason}")
    else:
        lines.append(f"  order (R-DD-4): {' > '.join(order)}")
    return Ruling(lines=tuple(lines), json={"hand": a, "vs": b, "winner": winner, "why": reason, "order": list(order)}, code=0)


def _offer(text: list[str]) -> tuple[int, ...]:
    offer = _read_cards(_words(text), "the cards offered")
    if not offer:
        raise UmpireError('the cards offered: none given (e.g. "G5 B3 R3 R7 B6 G1 G2 G8 B5 R2 B9 G6")')
    twice = [c for c in dict.fromkeys(offer) if offer.count(c) > 1]
    if twice:
        raise UmpireError(f"the cards offered: {name(twice[0])} is there twice; a refill's cards are all different")
    return offer


def _division_json(offer: tuple[int, ...], division: Division) -> dict[str, Any]:
    aside = division.set_aside(offer)
    kept = division.kept()
    return {
        "sum": division.total(),
        "piles": [name_list(p) for p in kept],
        "aside_pile": name_list(division.aside),
        "unused": name_list(c for c in aside if c not in division.aside),
        "taken": name_list(division.taken(offer)),
        "set_aside": name_list(aside),
        "submission": " | ".join([*(names(p) for p in kept), f"aside {names(division.aside)}"]),
    }


def check_division(offer: str, division: list[str], rules: Mapping[str, Any] | None = None) -> Ruling:
    """Whether `division` (one argument, or one pile an argument) is a valid division of the refill `offer`.

    One line: piles separated by “|”, or by commas when there is no “|”; a pile a line (one argument per
    pile): commas separate cards. A final “confirm” is accepted (it matters only in play, R-DD-10).
    Exit code 0: valid; 1: not valid.
    """
    from umpire.games.devilsdeal.divisions import Division, problems, read_submission

    _, min_pile = _rules(rules)
    cards = _offer([offer])
    try:
        sub = read_submission("\n".join(division))
    except UmpireError as exc:
        raise UmpireError(f"the division: {exc}") from None
    if not sub.segments:
        raise UmpireError('the division: none given (e.g. "B9 G5 | G8 B6 | aside G2 B5 R7")')
    d = Division.of(sub.segments)
    bad = problems(cards, d, min_pile)
    out: dict[str, Any] = {"valid": not bad, "cards": names(cards).split(), "problems": bad}
    if bad:
        out["division"] = d.text()
        lines = [
            f"✗ not a valid division of {names(cards)}:",
            f"  {d.text()}",
            *(f"  · {p}" for p in bad),
            "  (an earlier valid division stays in force; with none, every card is set aside at the deadline)",
        ]
        return Ruling(lines=tuple(lines), json=out, code=1)
    j = _division_json(cards, d)
    out.update(j)
    lines = [
        f"✓ a valid division of {names(cards)} (piles of {j['sum']}): {d.text()}",
        f"  takes {len(j['taken'])}: {' '.join(j['taken']) or 'none'}",
        f"  sets aside {len(j['set_aside'])}: {' '.join(j['set_aside'])} (the opponent may take one)",
    ]
    return Ruling(lines=tuple(lines), json=out, code=0)


def solve_division(offer: list[str], rules: Mapping[str, Any] | None = None) -> Ruling:
    """The best division of a refill's cards: the most cards taken (ties: the highest sum of the numbers
    taken, then the smallest pile sum), with a submission for it. Exit code 0, even when none takes a card."""
    from umpire.games.devilsdeal.divisions import best_division

    _, min_pile = _rules(rules)
    cards = _offer(offer)
    best = best_division(cards, min_pile)
    if best is None:
        line = f"No division of {names(cards)} takes any card: at least two piles of the same sum are needed."
        return Ruling(lines=(line,), json={"cards": names(cards).split(), "best": None}, code=0)
    j = _division_json(cards, best)
    lines = (
        f"Best division of {names(cards)}: takes {len(j['taken'])} of {len(cards)}",
        f"  piles of {j['sum']}: {' · '.join(' '.join(p) for p in j['piles'])}",
        f"  set aside: {' '.join(j['aside_pile'])}" + (f" · unused: {' '.join(j['unused'])}" if j["unused"] else ""),
        f"  as a submission: {j['submission']}",
    )
    return Ruling(lines=lines, json={"cards": names(cards).split(), "best": j}, code=0)
