"""A kit file's arithmetic and conditions: small whole-number expressions, read by simpleeval, never by `eval`.

A kit file is untrusted text, so an expression such as `coins - bid` or `lives <= 0` runs no code of the file's:
simpleeval walks Python's own syntax tree of it with its own evaluator, and this module narrows that further
before anything is evaluated. An expression is at most `MAX_CHARS` characters and `MAX_NODES` syntax nodes;
it may use only whole numbers, the names its place in the file offers, `+ - * // %`, comparisons, `and`,
`or`, `not`, `x if c else y`, and `min`, `max`, `abs`. So an evaluation takes a bounded number of steps
(no loops, no powers, no calls but those three) and its value is clamped to ±`LIMIT`.

>>> e = compile_expr("coins - bid", allowed={"coins", "bid"})
>>> e.value({"coins": 20, "bid": 7})
13
>>> compile_expr("coins ** 99", allowed={"coins"})
Traceback (most recent call last):
...
umpire.kit.expr.ExprError: “**” is not allowed (use + - * // % and comparisons)
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from simpleeval import InvalidExpression, SimpleEval

MAX_CHARS = 200
MAX_NODES = 60
LIMIT = 10**9


class ExprError(ValueError):
    """An expression a kit file cannot use; the message says what is wrong and what is allowed."""


def _floordiv(a: int, b: int) -> int:
    return 0 if b == 0 else a // b  # a division by zero is 0 (docs/writing-a-kit-game.md)


def _mod(a: int, b: int) -> int:
    return 0 if b == 0 else a % b


_OPERATORS: dict[type, Callable[..., Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: _floordiv,
    ast.Mod: _mod,
    ast.USub: operator.neg,
    ast.UAdd: operator.pos,
    ast.Not: operator.not_,
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}
_FUNCTIONS: dict[str, Callable[..., Any]] = {"min": min, "max": max, "abs": abs}
_NODES = (
    ast.Expression,
    ast.Expr,
    ast.BinOp,
    ast.UnaryOp,
    ast.BoolOp,
    ast.Compare,
    ast.IfExp,
    ast.Name,
    ast.Load,
    ast.Constant,
    ast.Call,
    ast.And,
    ast.Or,
    *_OPERATORS,
)
_SYMBOLS: dict[type[ast.AST], str] = {
    ast.Pow: "**",
    ast.Div: "/",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.BitXor: "^",
    ast.LShift: "<<",
    ast.RShift: ">>",
}


@dataclass(frozen=True)
class Expr:
    """A checked expression: its text and the names it reads."""

    text: str
    names: frozenset[str]
    _tree: Any = field(compare=False, repr=False)

    def value(self, names: Mapping[str, int]) -> int:
        """The expression's whole-number value with these names (True/False count as 1/0), clamped to ±LIMIT."""
        evaluator = SimpleEval(operators=_OPERATORS, functions=_FUNCTIONS, names=dict(names))
        try:
            got = evaluator.eval(self.text, previously_parsed=self._tree)
        except (InvalidExpression, TypeError, ValueError, ArithmeticError) as exc:  # checked away when read; said plainly
            raise ExprError(f"“{self.text}”: {exc}") from None
        if not isinstance(got, int):
            raise ExprError(f"“{self.text}” gave {got!r}, not a whole number")
        return max(-LIMIT, min(LIMIT, int(got)))

    def holds(self, names: Mapping[str, int]) -> bool:
        """Whether a condition holds (a value other than 0)."""
        return self.value(names) != 0


def compile_expr(text: Any, *, allowed: Collection[str]) -> Expr:
    """Check `text` as an expression over the names `allowed`; ExprError says what is wrong."""
    if isinstance(text, bool | int):
        text = str(int(text))
    if not isinstance(text, str):
        raise ExprError(f'expected an expression in quotes, e.g. "coins - bid", got {type(text).__name__}')
    if not text.strip():
        raise ExprError("the expression is empty")
    if len(text) > MAX_CHARS:
        raise ExprError(f"the expression is {len(text)} characters long; at most {MAX_CHARS}")
    evaluator = SimpleEval(operators=_OPERATORS, functions=_FUNCTIONS)
    try:
        tree = evaluator.parse(text.strip())
    except SyntaxError:
        raise ExprError(f'“{text}” is not an expression (e.g. "coins - bid" or "lives <= 0")') from None
    nodes = list(ast.walk(tree))
    if len(nodes) > MAX_NODES:
        raise ExprError(f"“{text}” is too long an expression ({len(nodes)} parts; at most {MAX_NODES})")
    names: set[str] = set()
    called = {id(n.func) for n in nodes if isinstance(n, ast.Call)}
    for node in nodes:
        if isinstance(node, ast.Name) and node.id in _FUNCTIONS and id(node) not in called:
            raise ExprError(f"“{text}”: {node.id} is a function: write it with its values, e.g. {node.id}(coins, 5)")
        _check_node(node, text, allowed, names)
    return Expr(text=text.strip(), names=frozenset(names), _tree=tree)


def _check_node(node: ast.AST, text: str, allowed: Collection[str], names: set[str]) -> None:
    if type(node) in _SYMBOLS:
        raise ExprError(f"“{_SYMBOLS[type(node)]}” is not allowed (use + - * // % and comparisons)")
    if not isinstance(node, _NODES):
        raise ExprError(
            f"“{text}” uses something a kit expression cannot: only whole numbers, names, + - * // %, comparisons, and/or/not, min/max/abs"
        )
    if isinstance(node, ast.Constant) and (not isinstance(node.value, int) or isinstance(node.value, bool)):
        raise ExprError(f"“{text}”: only whole numbers may be written in an expression, not {node.value!r}")
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCTIONS or node.keywords:
            raise ExprError(f"“{text}”: the only functions are min, max and abs")
        few = 1 if node.func.id == "abs" else 2
        if len(node.args) < few or (few == 1 and len(node.args) > 1) or any(isinstance(a, ast.Starred) for a in node.args):
            raise ExprError(f"“{text}”: abs takes one value, min and max two or more (e.g. min(coins, 5))")
        names.discard(node.func.id)
        return
    if isinstance(node, ast.Name) and node.id not in _FUNCTIONS:
        if node.id not in allowed:
            known = ", ".join(sorted(allowed)) or "none"
            raise ExprError(f"“{text}” names “{node.id}”, which is not known here (names known here: {known})")
        names.add(node.id)
