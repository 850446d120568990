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

from umpire.session import Session, block_checks


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
    """Marks a line the engine cannot read (red, underlined) while it is typed, and says why (`problem`).

    In a pasted block only its first line is checked against the game as it is; each later line only
    for reading (the lines before it will have moved the game on when it is judged), and a line under a
    Discord header pasted in the same block not at all, as a line under a header entered on its own.
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        # Per state and speaker: (line, ahead) -> why it would be refused ("" if it would not).
        self._seen: tuple[object, object, dict[tuple[str, bool], str]] = (None, None, {})

    def lex_document(self, document: Document) -> Callable[[int], StyleAndTextTuples]:
        lines = document.lines
        why = self._reasons(lines)

        def get_line(i: int) -> StyleAndTextTuples:
            text = lines[i] if i < len(lines) else ""
            return [("class:unreadable", text)] if why(i) else [("", text)]

        return get_line

    def problem(self, text: str) -> str | None:
        """Why the typed line would be refused; for a block, the first of its lines marked, and which it is."""
        lines = text.split("\n")
        why = self._reasons(lines)
        for i in range(len(lines)):
            reason = why(i)
            if reason:
                return reason if len(lines) == 1 else f"line {i + 1}: {reason}"
        return None

    def _reasons(self, lines: list[str]) -> Callable[[int], str]:
        """For the lines of one buffer: why line i would be refused ("" if not), each line checked once per state."""
        s = self.session
        state, speaker, seen = self._seen
        if state is not s.state or speaker != s.speaker:  # a pasted block's lines are checked once, not at every redraw
            seen = {}
            self._seen = (s.state, s.speaker, seen)
        how = block_checks(s, lines) if len(lines) > 1 else ["now" if lines and lines[0].strip() else None]

        def why(i: int) -> str:
            if i >= len(lines) or how[i] is None:
                return ""
            key = (lines[i], how[i] == "ahead")
            reason = seen.get(key)
            if reason is None:
                reason = seen[key] = s.check(lines[i], allow_time=False, ahead=key[1]) or ""
            return reason

        return why
