"""The safe subset of Python for SVC_BRIDGE_EXPRESSIONS=safe, checked on Python's own AST.

Parameter expressions run every frame and DAT text of Execute-family DATs and callbacks runs
on events: with exec closed they are the remaining way to run client-authored Python. In the
safe mode only this subset reaches the project. An expression may use constants, arithmetic,
comparisons, conditionals, subscripts and the names of SAFE_NAMES; attributes never start with
an underscore (no dunders) and never reach a module (`.module`, `mod`); calls go to a safe name
or to a method of SAFE_METHODS (reading values, not changing the project or running scripts).
A DAT's module may also define functions (TouchDesigner's callbacks), assign, branch and loop
over sequences, with names it binds itself; no imports, classes, `while`, `global`, `exec`.
"""

import ast

SAFE_NAMES = frozenset((
    "op", "ops", "parent", "me", "iop", "ipar", "absTime", "math", "tdu", "root", "project", "app",
    "abs", "min", "max", "round", "int", "float", "str", "bool", "len", "pow", "sum", "range",
    "True", "False", "None",
))

SAFE_METHODS = frozenset((
    "eval", "op", "ops", "parent", "chan", "chans", "cell", "cells", "row", "col", "findCell",
    "numChans", "numSamples", "numRows", "numCols", "inputs", "outputs",
    "lower", "upper", "strip", "startswith", "endswith", "split", "join", "replace",
    "get", "keys", "values", "items",
))

# JSON's literals, so that JSON kept in a DAT stays writable (as Python they are only names).
DATA_NAMES = frozenset(("true", "false", "null"))

# Attributes that import or run a DAT's text when read, or open an evaluator of strings.
FORBIDDEN_ATTRIBUTES = frozenset(("module", "mod", "evalExpression", "run", "ext", "extensions"))

_EXPRESSION_NODES = (
    ast.Expression, ast.Constant, ast.Name, ast.Load, ast.Attribute, ast.BinOp, ast.UnaryOp, ast.BoolOp,
    ast.Compare, ast.IfExp, ast.Subscript, ast.Slice, ast.Tuple, ast.List, ast.Dict, ast.Call, ast.keyword,
    ast.JoinedStr, ast.FormattedValue, ast.operator, ast.unaryop, ast.boolop, ast.cmpop,
)

_MODULE_NODES = _EXPRESSION_NODES + (
    ast.Module, ast.FunctionDef, ast.arguments, ast.arg, ast.Return, ast.Pass, ast.Expr, ast.Assign,
    ast.AugAssign, ast.If, ast.For, ast.Break, ast.Continue, ast.Store,
)


class Unsafe(Exception):
    """The text is outside the safe subset; the message says where and why."""


def _bound_names(tree):
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def _check(tree, allowed_nodes, names):
    for node in ast.walk(tree):
        where = "line %d: " % node.lineno if hasattr(node, "lineno") else ""
        if not isinstance(node, allowed_nodes):
            raise Unsafe("%s%s is not allowed in the safe mode" % (where, type(node).__name__))
        if isinstance(node, ast.Name) and node.id not in names:
            raise Unsafe("%sthe name %r is not one of the safe names" % (where, node.id))
        if isinstance(node, ast.Attribute) and (node.attr.startswith("_") or node.attr in FORBIDDEN_ATTRIBUTES):
            raise Unsafe("%sthe attribute %r is not allowed in the safe mode" % (where, node.attr))
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute):
                root = func.value
                if not (func.attr in SAFE_METHODS or (isinstance(root, ast.Name) and root.id in ("math", "tdu"))):
                    raise Unsafe("%sthe method %r is not one of the safe calls" % (where, func.attr))
            elif not isinstance(func, ast.Name):
                raise Unsafe("%sonly a safe name or a safe method may be called" % where)
        if isinstance(node, ast.FunctionDef) and (node.decorator_list or node.returns is not None):
            raise Unsafe("%sdecorators and annotations are not allowed in the safe mode" % where)
        if isinstance(node, ast.arguments) and (node.defaults or node.kw_defaults or node.vararg or node.kwarg):
            raise Unsafe("%sdefault values and *args/**kwargs are not allowed in the safe mode" % where)


def check_expression(text):
    """Raises Unsafe unless `text` is one Python expression of the safe subset (syntax already checked)."""
    _check(ast.parse(text, mode="eval"), _EXPRESSION_NODES, SAFE_NAMES)


def check_module(text):
    """Raises Unsafe unless `text`, when it is Python at all, is a module of the safe subset.

    Text that is not Python (GLSL, notes) cannot be run by TouchDesigner and passes: whatever
    runs DAT text needs it to parse. JSON passes as a constant expression.
    """
    try:
        tree = ast.parse(text, mode="exec")
    except (SyntaxError, ValueError):
        return
    _check(tree, _MODULE_NODES, SAFE_NAMES | DATA_NAMES | _bound_names(tree))
