"""Hidden resources: what each player holds as their own secret while the match is on.

`[resources]` takes a resource as a number (`coins = 20`: everyone sees everyone's after each round) or as a table
(`coins = { start = 20, hidden = true }`). A hidden resource is told only to the player who holds it (their
`status`, their private note after each round, the refusal of a bid above it) and to the host; the result reveals
everyone's. So nothing public may be made from one before the end: no post's template names it (but the first
post may name its starting value, which is the file's, the same for everyone, and a standing line, which is the
result's), no resource everyone sees is computed from it, and who is out is not decided by it (the elimination is
public). Each of those is refused when the file is read, naming its line and key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from umpire.kit.rules import State
    from umpire.kit.schema import Kit, Reader

TABLE_KEYS = ("start", "hidden")
MOST = 1_000_000


def read_resources(r: Reader, raw: Any, names_ok: Any) -> tuple[dict[str, int], frozenset[str]]:
    """The starting values by name (the file's order) and the names of the hidden ones.

    `names_ok(key)` refuses a name that is not a resource's (the schema's rule for names)."""
    t = r.table(raw, ("resources",))
    if len(t) > 8:
        raise r.fail(("resources",), f"at most 8 resources, got {len(t)}")
    starts: dict[str, int] = {}
    hidden: set[str] = set()
    for key, value in t.items():
        names_ok(key)
        if not isinstance(value, dict):
            starts[key] = r.integer(t, key, ("resources",), low=0, high=MOST)
            continue
        path: tuple[str | int, ...] = ("resources", key)
        spec = r.table(value, path, TABLE_KEYS)
        if "start" not in spec:
            raise r.fail(path, f"missing start: expected {{ start = 20, hidden = true }} (start: a whole number from 0 to {MOST})")
        starts[key] = r.integer(spec, "start", path, low=0, high=MOST)
        flag = spec.get("hidden", False)
        if not isinstance(flag, bool):
            raise r.fail((*path, "hidden"), f"expected true or false, got {flag!r}")
        if flag:
            hidden.add(key)
    return starts, frozenset(hidden)


def check_flows(r: Reader, kit: Kit) -> None:
    """Refuse what would make a hidden value public before the end: a shown resource computed from a hidden one,
    or who is out decided by one; and a shown resource computed from a word the round does not reveal."""
    _check_unrevealed_words(r, kit)
    if not kit.hidden:
        return
    seen: set[int] = set()
    for one in kit.schedule:
        if one.index in seen:
            continue
        seen.add(one.index)
        for part, effects in (("picked", one.picked), ("each", one.each)):
            for key, e in effects.items():
                secret = sorted(e.names & kit.hidden)
                if key not in kit.hidden and secret:
                    raise r.fail(
                        ("rounds", one.index, part, key),
                        f"names {', '.join(secret)}, hidden from the other players, in {key}, which everyone sees after each "
                        f"round: it would tell them (compute {key} from what everyone sees, or hide {key} too)",
                    )
    if kit.eliminate is not None and kit.eliminate.names & kit.hidden:
        which = ", ".join(sorted(kit.eliminate.names & kit.hidden))
        raise r.fail(
            ("end", "eliminate"),
            f"names {which}, hidden from the other players: who is out is public, so it would tell them (name resources everyone sees)",
        )


def public_values(kit: Kit, names: tuple[str, ...], values: tuple[tuple[int, ...], ...]) -> dict[str, dict[str, int]]:
    """Everyone's resources that everyone may see, by resource, by player (the hidden ones left out)."""
    return {k: dict(zip(names, values[i], strict=True)) for i, k in enumerate(kit.resources) if k not in kit.hidden}


def ruling(kit: Kit) -> str:
    """What R-KIT-1 adds for the hidden resources ("" when none)."""
    if not kit.hidden:
        return ""
    which = " and ".join(k for k in kit.resources if k in kit.hidden)
    return (
        f"; hidden: {which}, of which each player is told only their own (their status, a private note after each "
        "round) until the result, which reveals everyone's"
    )


def changed(state: State, seat: int, name: str, by: int) -> State:
    """`state` with `seat`'s hidden `name` raised by `by`: the twin `umpire check game` plays to see that nothing
    public depends on it."""
    from umpire.core.evolve import replace

    k = list(state.kit.resources).index(name)
    values = [list(v) for v in state.values]
    values[k][seat] += by
    return replace(state, values=tuple(tuple(v) for v in values))


def said(values: Mapping[str, int]) -> str:
    """“coins 12 · gems 3”: a player's own hidden values, for them alone."""
    return " · ".join(f"{k} {v}" for k, v in values.items())


def _check_unrevealed_words(r: Reader, kit: Kit) -> None:
    """Refuse a resource everyone sees computed from a player's number (`bid`, `pick`) that its round keeps sealed:
    with `reveal = "nothing"` anyone's, with `reveal = "winner"` the others' (an `each` effect), since the change
    everyone sees after the round would tell them the number."""
    for one in {round_.index: round_ for round_ in kit.schedule}.values():
        sent = one.kind if one.kind == "bid" or one.numbers else ""
        if not sent or one.reveal == "all":
            continue
        parts = (("each", one.each),) if one.reveal == "winner" else (("picked", one.picked), ("each", one.each))
        for part, effects in parts:
            for key, e in effects.items():
                if sent in e.names and key not in kit.hidden:
                    whose = "a player's" if part == "each" else "the picked player's"
                    raise r.fail(
                        ("rounds", one.index, part, key),
                        f'names {sent}, which this round keeps sealed (reveal = "{one.reveal}"), in {key}, which everyone '
                        f"sees after each round: the change would tell them {whose} {sent} (hide {key}, or reveal the "
                        f"{sent}s)",
                    )
