"""The safe Python of SVC_BRIDGE_EXPRESSIONS=safe: an allow-list grammar, checked on Python's own AST.

What may appear is listed, never what may not: literals, arithmetic, comparisons, `and`/`or`/`not`,
conditional expressions, tuples, lists, dicts and f-strings, over a fixed vocabulary read from
`safe_python.json` (the same file `svc check` can read). The checker types the expression as it
walks it: `me` is an OP, `op('x').par.speed` a Par, `.eval()` a value of any type. An attribute or
a method exists only when the table lists it for its receiver's type, as a documented member of
TouchDesigner's classes (attributes are only read: nothing here assigns), so a result of unknown
type takes no attribute, call or subscript at all. A module (`math`, `tdu`) is reached only
through its listed functions and constants and is never a value itself; names starting with an
underscore, lambdas, comprehensions, assignment expressions and `*`/`**` never parse as safe.

Bounded work: a power's exponent is a number literal of at most `limits.max_exponent`, and a
string or list is never repeated by `*`. Safe bounds what an expression can reach, not its every
cost: a long f-string width or a large `range` of a loop written by the project stays possible.

DAT text that TouchDesigner does not run (check_data_text) is data: text that is not Python passes,
and text that parses as Python may hold only expression statements of the same grammar, where a
name outside the vocabulary is inert data (`a, b` of a CSV row; JSON's `true`/`false`/`null`).
"""

import ast
import json
import os

TABLE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "safe_python.json")
_table = None


class Unsafe(Exception):
    """The text is outside the safe grammar; the message says where and why."""


def table():
    """The allow-list, read once. A bridge staged without its table refuses every expression in the
    safe mode (fail closed) instead of guessing."""
    global _table
    if _table is None:
        try:
            with open(TABLE_FILE, encoding="utf-8") as handle:
                _table = json.load(handle)
        except (OSError, ValueError) as exc:
            raise Unsafe("the safe-expression table %s cannot be read (%s): stage the bridge again with its .json "
                         "files" % (TABLE_FILE, exc))
    return _table


# Type names: OP, Par, ... (table "types"), "list:<item>", "module:<name>", "function:<result>",
# "shortcut:<name>", "method:<result>" (a member that may only be called).
def _list_item(kind):
    return kind[len("list:"):] if kind.startswith("list:") else None


class _Checker:
    def __init__(self, data_mode):
        self.t = table()
        self.data_mode = data_mode

    def fail(self, node, message):
        where = "col %d: " % (node.col_offset + 1) if hasattr(node, "col_offset") else ""
        if getattr(node, "lineno", 1) != 1:
            where = "line %d, %s" % (node.lineno, where)
        raise Unsafe(where + message)

    # -- values --------------------------------------------------------------------------------
    def value(self, node):
        """The type of an expression used as a value (a module, function or method is not one)."""
        kind = self.expr(node)
        if kind.startswith(("module:", "function:", "shortcut:", "method:")):
            self.fail(node, "%s is not a value in the safe mode: only its listed members may be used"
                      % _describe(node))
        return kind

    def expr(self, node):
        handler = getattr(self, "on_" + type(node).__name__, None)
        if handler is None:
            self.fail(node, "%s is not allowed in the safe mode" % _SYNTAX.get(type(node).__name__, type(node).__name__))
        return handler(node)

    def on_Constant(self, node):
        value = node.value
        if isinstance(value, bool):
            return "bool"
        if isinstance(value, (int, float)):
            return "number"
        if isinstance(value, str):
            return "str"
        return "value"  # None, bytes, complex, Ellipsis: inert

    def on_Name(self, node):
        name = node.id  # always a load: nothing that assigns a name parses as safe
        t = self.t
        if name.startswith("_"):
            self.fail(node, "the name %r is not allowed (names never start with an underscore)" % name)
        if name in t["modules"]:
            return "module:" + name
        if name in t["names"]:
            return t["names"][name]
        if name in t["functions"] or name in t["shortcuts"]:
            return "shortcut:" + name
        if name in t["data_names"] or self.data_mode:
            return "value"
        self.fail(node, "the name %r is not one of the safe names (%s)" % (name, ", ".join(sorted(
            set(t["names"]) | set(t["functions"]) | set(t["shortcuts"]) | set(t["modules"])))))

    def on_Attribute(self, node):
        attr = node.attr
        if attr.startswith("_"):
            self.fail(node, "the attribute %r is not allowed (attributes never start with an underscore)" % attr)
        receiver = self.expr(node.value)
        t = self.t
        if receiver.startswith("module:"):
            module = t["modules"][receiver[len("module:"):]]
            if attr in module["functions"]:
                return "function:" + module["functions"][attr]
            if attr in module["constants"]:
                return module["constants"][attr]
            self.fail(node, "%s.%s is not one of the safe members of %s (%s)" % (
                receiver[7:], attr, receiver[7:], ", ".join(sorted(set(module["functions"]) | set(module["constants"])))))
        if receiver.startswith("shortcut:"):
            name = receiver[len("shortcut:"):]
            if name in t["shortcuts"]:
                return t["shortcuts"][name]
            self.fail(node, "%s.%s: %s is only called in the safe mode" % (name, attr, name))
        member = self.member(receiver, attr)
        if member is None:
            spec = self.type_spec(receiver)
            if spec is not None and "any_attribute" in spec:
                return spec["any_attribute"]
            self.fail(node, "%r is not a safe member of %s%s" % (attr, _a(receiver), _members_hint(spec)))
        if member["kind"] == "attribute":
            return member["type"]
        return "method:" + member["type"]

    def type_spec(self, kind):
        if _list_item(kind) is not None:
            kind = "list"
        return self.t["types"].get(kind)

    def member(self, kind, name):
        spec = self.type_spec(kind)
        return None if spec is None else spec["members"].get(name)

    def on_Call(self, node):
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                self.fail(arg, "*arguments are not allowed in the safe mode")
            self.value(arg)
        for keyword in node.keywords:
            if keyword.arg is None:
                self.fail(keyword.value, "**arguments are not allowed in the safe mode")
            self.value(keyword.value)
        func = self.expr(node.func)
        if func.startswith("function:"):
            return func[len("function:"):]
        if func.startswith("method:"):
            return func[len("method:"):]
        if func.startswith("shortcut:"):
            name = func[len("shortcut:"):]
            if name in self.t["functions"]:
                return self.t["functions"][name]
        self.fail(node, "%s cannot be called in the safe mode: only the safe functions and the listed methods can"
                  % _describe(node.func))

    def on_Subscript(self, node):
        receiver = self.value(node.value)
        self.index(node.slice)
        item = _list_item(receiver)
        if item is not None:
            return item
        spec = self.t["types"].get(receiver)
        if spec is None or "subscript" not in spec:
            self.fail(node, "%s cannot be subscripted in the safe mode" % _a(receiver))
        return spec["subscript"]

    def index(self, node):
        if isinstance(node, ast.Slice):
            for part in (node.lower, node.upper, node.step):
                if part is not None:
                    self.value(part)
        else:
            self.value(node)

    def on_BinOp(self, node):
        left, right = self.value(node.left), self.value(node.right)
        op = type(node.op).__name__
        if op in ("MatMult", "LShift", "RShift"):
            self.fail(node, "the operator %s is not allowed in the safe mode" % _SYNTAX[op])
        if op == "Pow" and not _small_number(node.right, self.t["limits"]["max_exponent"]):
            self.fail(node, "a power's exponent must be a number literal of at most %d in the safe mode"
                      % self.t["limits"]["max_exponent"])
        if op == "Mult" and (left == "str" or right == "str" or _list_item(left) or _list_item(right)):
            self.fail(node, "repeating a string or list with * is not allowed in the safe mode")
        if left == right == "number":
            return "number"
        if op == "Add" and left == right == "str":
            return "str"
        if op == "Mod" and left == "str":
            return "str"
        return "value"

    def on_UnaryOp(self, node):
        kind = self.value(node.operand)
        return "bool" if isinstance(node.op, ast.Not) else ("number" if kind == "number" else "value")

    def on_BoolOp(self, node):
        kinds = set(self.value(v) for v in node.values)
        return kinds.pop() if len(kinds) == 1 else "value"

    def on_Compare(self, node):
        self.value(node.left)
        for comparator in node.comparators:
            self.value(comparator)
        return "bool"

    def on_IfExp(self, node):
        self.value(node.test)
        kinds = {self.value(node.body), self.value(node.orelse)}
        return kinds.pop() if len(kinds) == 1 else "value"

    def _items(self, node):
        kinds = set(self.value(e) for e in node.elts)
        return "list:" + (kinds.pop() if len(kinds) == 1 else "value")

    on_Tuple = on_List = _items

    def on_Dict(self, node):
        for key in node.keys:
            if key is None:
                self.fail(node, "**unpacking is not allowed in the safe mode")
            self.value(key)
        for value in node.values:
            self.value(value)
        return "value"

    def on_JoinedStr(self, node):
        for part in node.values:
            self.value(part)
        return "str"

    def on_FormattedValue(self, node):
        self.value(node.value)
        if node.format_spec is not None:
            self.value(node.format_spec)
        return "str"


def _small_number(node, limit):
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return (isinstance(node, ast.Constant) and isinstance(node.value, (int, float))
            and not isinstance(node.value, bool) and abs(node.value) <= limit)


_SYNTAX = {
    "Lambda": "lambda", "ListComp": "a list comprehension", "SetComp": "a set comprehension",
    "DictComp": "a dict comprehension", "GeneratorExp": "a generator expression", "NamedExpr": "an assignment (:=)",
    "Await": "await", "Yield": "yield", "YieldFrom": "yield", "Starred": "*unpacking", "Set": "a set",
    "MatMult": "@", "LShift": "<<", "RShift": ">>",
}


def _describe(node):
    try:
        text = ast.unparse(node)
    except Exception:
        text = type(node).__name__
    return "'%s'" % (text if len(text) <= 60 else text[:57] + "...")


def _a(kind):
    item = _list_item(kind)
    if item is not None:
        return "a list (of %s)" % item
    if kind.startswith(("function:", "method:")):
        return "a %s, which has no attributes" % kind.split(":")[0]
    return {"value": "a value of unknown type", "number": "a number", "bool": "a boolean", "str": "a string"}.get(
        kind, ("an %s" if kind[:1] in "AEIOU" else "a %s") % kind)


def _members_hint(spec):
    if not spec or not spec["members"]:
        return ""
    names = sorted(spec["members"])
    return " (its safe members: %s%s)" % (", ".join(names[:40]), ", ..." if len(names) > 40 else "")


def check_expression(text):
    """Raises Unsafe unless `text` is one expression of the safe grammar (syntax already checked)."""
    tree = ast.parse(text, mode="eval")
    _Checker(data_mode=False).value(tree.body)


def check_data_text(text):
    """Raises Unsafe unless `text` is data: not Python at all, or only expression statements of the
    safe grammar in which unknown names are inert. Each line and each tab-separated cell is held to
    the same rule, as an Evaluate DAT evaluates the cells of a table one by one."""
    checker = _Checker(data_mode=True)
    try:
        tree = ast.parse(text, mode="exec")
    except (SyntaxError, ValueError):
        tree = None
    if tree is not None:
        for statement in tree.body:
            if not isinstance(statement, ast.Expr):
                checker.fail(statement, "%s is a statement; in the safe mode a DAT holds data or safe expressions, "
                             "never code" % type(statement).__name__)
            checker.value(statement.value)
    for row, line in enumerate(text.splitlines(), 1):
        for column, cell in enumerate(line.split("\t") if "\t" in line else [line]):
            try:
                cell_tree = ast.parse(cell.strip(), mode="eval") if cell.strip() else None
            except (SyntaxError, ValueError):
                continue
            if cell_tree is not None:
                try:
                    checker.value(cell_tree.body)
                except Unsafe as exc:
                    raise Unsafe("row %d, cell %d: %s" % (row, column + 1, exc))
