"""A kit game's posts: the file's `[posts]` templates, checked so that each names only what its post makes public.

A template is text with `{name}` where a value goes, or `{name noun}` for a number and its noun, singular
for one and plural otherwise: `{prize point}` is “1 point” or “7 points”, `{lives life/lives}` names both forms. Which names a post may use is fixed by what its event
holds and makes public: the round's opening knows the round and the items drawn for it, never anyone's bid; a
winner's line knows the winner's own bid only where the round reveals it. A template naming anything else is
refused when the file is read, naming the key and line. Values put in are made mention-safe and markdown-safe
(`chat.safe`); the template's own text keeps its markdown (so `**bold**` works) but never a mention.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from umpire.core import chat

if TYPE_CHECKING:
    from umpire.kit.schema import Fail, Kit, Round

_FIELD = re.compile(r"\{([^{}]*)\}")
_COUNTED = re.compile(r"(\S+) +([^\s{}/]+)(?:/([^\s{}/]+))?")  # `{prize point}`, `{lives life/lives}`
POSTS = ("start", "round", "closed", "picked", "nobody", "result", "standing")
DEFAULTS = {
    "start": "**{title} begins:** {rounds} rounds.",
    "round": "**Round {round} of {rounds}.** Send the host your {verb} privately (“{example}”) within {time}.",
    "closed": "**Round {round}:** {sent}.",
    "picked": "{player} is picked.",
    "nobody": "Nobody is picked in round {round}.",
    "result": "{winners} wins {title}.",
    "standing": "{resources}",
}
WHAT = {
    "start": "the match's first post",
    "round": "a round's opening",
    "closed": "a round's reveal",
    "picked": "the line for each player a round picks",
    "nobody": "the line when a round picks nobody",
    "result": "the result's headline",
    "standing": "each player's standing in the result",
}


def names_for(kit: Kit, post: str) -> set[str]:
    """The names a post's template may use: what its event makes public, in every round it can be posted in."""
    resources = set(kit.resources)
    common = {"round", "rounds"}
    per_round: list[set[str]] = []
    for r in kit.schedule:
        drawn = set(r.draws)
        if post == "round":
            per_round.append(common | drawn | {"time", "verb", "example"} | ({"pairs"} if r.resolve == "pairs" else set()))
        elif post == "closed":
            per_round.append(common | drawn | {"sent"})
        elif post == "picked":
            shown = {_word(r)} if r.reveal != "nothing" and _word(r) else set()
            per_round.append(common | drawn | {"player"} | shown | ({"votes"} if r.resolve in ("most", "fewest") else set()))
        elif post == "nobody":
            per_round.append(common | drawn)
    if post == "start":
        return {"title", "rounds", "players"} | resources
    if post == "result":
        return {"winners", "title"}
    if post == "standing":
        return {"resources"} | resources
    return set.intersection(*per_round) if per_round else set()


def _word(r: Round) -> str:
    """The name a round's own sealed value goes by in a picked player's line (none for a pick among words)."""
    return {"bid": "bid", "vote": "vote"}.get(r.kind, "pick")


def check_posts(kit: Kit, raw: Mapping[str, Any], fail: Fail) -> dict[str, str]:
    """The `[posts]` templates, each checked against the names its post may use; the defaults for the rest."""
    out = dict(DEFAULTS)
    for key, value in raw.items():
        path: tuple[str | int, ...] = ("posts", key)
        if key not in POSTS:
            raise fail(path, f"unknown post (expected one of {', '.join(POSTS)})")
        if not isinstance(value, str) or not value.strip() or len(value) > 600:
            raise fail(path, f"expected the post's text, 1 to 600 characters, got {value!r}")
        allowed = names_for(kit, key)
        stray = _FIELD.sub("", value)
        if "{" in stray or "}" in stray:
            raise fail(path, "a “{” or “}” that does not close a {name}")
        for inside in _FIELD.findall(value):
            name = _name(inside)
            if not _COUNTED.fullmatch(inside) and " " in inside.strip():
                raise fail(path, f"{{{inside}}}: expected {{name}} or {{name noun}} (“{{prize point}}”, “{{lives life/lives}}”)")
            if name in kit.hidden and name not in allowed:
                raise fail(
                    path,
                    f"names {{{name}}}, a hidden resource (each player's own secret until the result), and "
                    f"{WHAT[key]} is public (only the first post may name its starting value, and a standing line the result's)",
                )
            if name not in allowed:
                raise fail(
                    path,
                    f"names {{{name}}}, which {WHAT[key]} does not make public "
                    f"(it may name: {', '.join('{' + n + '}' for n in sorted(allowed))})",
                )
        out[key] = value
    return out


def fill(template: str, values: Mapping[str, object], *, plain: bool = False) -> str:
    """The template with its names filled in: values made safe, the template's own text made mention-safe.

    `plain`: values as they are (text the shared result's post makes safe as a whole: the summary, a standing)."""
    parts: list[str] = []
    last = 0
    for m in _FIELD.finditer(template):
        parts.append(chat.neutralise(template[last : m.start()]))
        counted = _COUNTED.fullmatch(m.group(1))
        value = values[_name(m.group(1))]  # check_posts let only names the post has through
        text = value.text if isinstance(value, Raw) else str(value) if plain else chat.safe(str(value))
        if counted:
            one, many = counted.group(2), counted.group(3) or counted.group(2) + "s"
            text += " " + chat.neutralise(one if str(value) in ("1", "-1") else many)
        parts.append(text)
        last = m.end()
    parts.append(chat.neutralise(template[last:]))
    return "".join(parts)


def _name(inside: str) -> str:
    """The value's name in a template's `{…}`: `prize` in `{prize}` and in `{prize point}`."""
    counted = _COUNTED.fullmatch(inside)
    return counted.group(1) if counted else inside


def named(template: str) -> set[str]:
    """The names a template puts values in for."""
    return {_name(inside) for inside in _FIELD.findall(template)}


class Raw:
    """A value already made safe by the engine (a list of names and numbers joined with its own marks)."""

    def __init__(self, text: str) -> None:
        self.text = text


def listing(values: Mapping[str, object], *, plain: bool = False, joint: str = " ") -> Raw:
    """“Hedger 5 · Uri 3” (`joint` between a name and its value), each made safe (`plain`: as they are)."""
    made = (lambda x: x) if plain else chat.safe
    return Raw(" · ".join(f"{made(k)}{joint}{made(str(v))}" for k, v in values.items()) or "none")


Lookup = Callable[[str], object]
