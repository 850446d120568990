"""Tab completion and the live check that marks an unreadable line before Enter.

Both run at every keystroke, so neither builds a view or runs game analysis, and
neither may ever raise: a bug in a game's `suggest` or `parse` costs a completion,
never the session.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.lexers import Lexer

from umpire.session import Session


class UmpireCompleter(Completer):
    """Completes host commands, views, player names, and each game's words (pieces, squares…)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        try:
            candidates, word = self._candidates(document)
        except Exception:  # a bug in a game's suggestions must not reach the prompt
            return
        yield from _matching(candidates, word)

    def _candidates(self, document: Document) -> tuple[list[str], str]:
        line = document.current_line_before_cursor
        word = document.get_word_before_cursor(WORD=True)
        return self.session.complete(line, word), word


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
        self._seen: tuple[object, object, dict[str, bool]] = (None, None, {})  # per state and speaker: line -> unreadable

    def lex_document(self, document: Document) -> Callable[[int], StyleAndTextTuples]:
        lines = document.lines
        s = self.session
        state, speaker, seen = self._seen
        if state is not s.state or speaker != s.speaker:  # a pasted block's lines are checked once, not at every redraw
            seen = {}
            self._seen = (s.state, s.speaker, seen)

        def get_line(i: int) -> StyleAndTextTuples:
            text = lines[i] if i < len(lines) else ""
            bad = seen.get(text)
            if bad is None:
                bad = seen[text] = bool(text.strip() and s.check(text, allow_time=False))
            return [("class:unreadable", text)] if bad else [("", text)]

        return get_line
