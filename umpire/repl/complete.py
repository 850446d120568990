"""Tab completion and the live check that marks an unreadable line before Enter."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.lexers import Lexer

from umpire.core.errors import UmpireError
from umpire.session import HOST_WORDS, Session, unreadable


class UmpireCompleter(Completer):
    """Completes host commands, player names, and each game's words (pieces, squares…)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        line = document.current_line_before_cursor
        word = document.get_word_before_cursor(WORD=True)
        s = self.session
        game = s.scenario.game
        roster = s.scenario.roster
        if ":" not in line:
            before = line[: len(line) - len(word)].split()
            if not before:
                candidates = [f"{n}: " for n in roster.all_names()]
                candidates += list(HOST_WORDS)
                candidates += list(game.views(s.state, s.now))
                candidates += game.suggest(s.state, None, [])
            else:
                candidates = game.suggest(s.state, None, before)
            yield from _matching(candidates, word)
            return
        name, _, rest = line.partition(":")
        try:
            player = roster.find(name.strip())
        except UmpireError:
            return
        if player is None:
            return
        before = rest[: len(rest) - len(word)].split()
        yield from _matching(game.suggest(s.state, player.seat, before), word)


def _matching(candidates: Iterable[str], word: str) -> Iterable[Completion]:
    seen = set()
    w = word.casefold()
    for c in candidates:
        if c.casefold().startswith(w) and c not in seen:
            seen.add(c)
            yield Completion(c, start_position=-len(word))


class LiveCheck(Lexer):
    """Marks a line the engine cannot read (red, underlined) while it is typed."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def lex_document(self, document: Document) -> Callable[[int], StyleAndTextTuples]:
        lines = document.lines

        def get_line(i: int) -> StyleAndTextTuples:
            text = lines[i] if i < len(lines) else ""
            if text.strip() and unreadable(self.session, text, allow_time=False):
                return [("class:unreadable", text)]
            return [("", text)]

        return get_line
