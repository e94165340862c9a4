"""What bridge/svc_bridge uses on TouchDesigner's objects, found with Python's ast module.

Every attribute the bridge reads, writes or calls (`x.name`, and `getattr`/`hasattr`/`setattr` with a
literal name) is sorted out as one of:
- a parameter name (`node.par.period`, `node.seq.vec`): the operator facts', not a class member;
- a member TouchDesigner documents (a member of a class or of the td/tdu modules in
  kb/data/python-classes.json, a class or enum name, an enum member);
- Python's own: a member of the builtin types or of a standard module the bridge imports, or a name
  the bridge defines itself (functions, classes, arguments, assigned names and attributes, __slots__);
- anything else: a use of TouchDesigner that its documentation does not show, which must be listed
  in bridge/td-unverified-uses.json with why the bridge relies on it and the live check that settles it.
"""

import ast
import builtins
import importlib
import json
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
BRIDGE = os.path.join(ROOT, "bridge", "svc_bridge")
FACTS = os.path.join(ROOT, "kb", "data", "python-classes.json")
UNVERIFIED = os.path.join(ROOT, "bridge", "td-unverified-uses.json")
TD_MODULES = ("td", "tdu")


def sources():
    for folder, _, files in os.walk(BRIDGE):
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as handle:
                    yield os.path.relpath(path, ROOT), ast.parse(handle.read(), path)


def _facts():
    with open(FACTS, encoding="utf-8") as handle:
        return json.load(handle)


def member_of(facts, class_name, member):
    """The member as documented on the class or a class it inherits from (the module td too), or None."""
    if class_name in facts["modules"]:
        return next((m for m in facts["modules"][class_name]["members"] if m["name"] == member), None)
    todo = [class_name]
    while todo:
        cls = facts["classes"].get(todo.pop())
        if cls is None:
            continue
        found = next((m for m in cls["members"] if m["name"] == member), None)
        if found is not None:
            return found
        todo.extend(cls.get("inherits") or [])
    return None


def typed_uses(trees):
    """Uses whose receiver's class is known from the chain (`td.project.x`, `td.ui.undo.x`): each with
    whether that class documents the member. The name alone does not settle these: `play` is documented
    on some class, not on Project."""
    facts = _facts()

    def class_of(expr):
        if isinstance(expr, ast.Name) and expr.id in TD_MODULES:
            return expr.id
        if isinstance(expr, ast.Attribute):
            owner = class_of(expr.value)
            member = member_of(facts, owner, expr.attr) if owner else None
            kind = member.get("type") if member else None
            return kind if kind in facts["classes"] else None
        return None

    found = {}
    for rel, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                owner = class_of(node.value)
                if owner is not None:
                    known = (member_of(facts, owner, node.attr) is not None
                             or (owner in TD_MODULES and (node.attr in facts["classes"] or node.attr in facts["enums"])))
                    found.setdefault((owner, node.attr, known), set()).add(rel)
    return found


def documented_names():
    facts = _facts()
    names = set(facts["classes"])
    for cls in facts["classes"].values():
        names.update(m["name"] for m in cls["members"])
    for module in facts["modules"].values():
        names.update(m["name"] for m in module["members"])
    for enum_name, enum in facts.get("enums", {}).items():
        names.add(enum_name)
        names.update(enum.get("values", ()))
    return names


# Instance attributes Python documents that dir() of a class does not show: a request handler's
# (http.server, BaseHTTPRequestHandler: rfile, wfile, command, path, headers, client_address,
# server, request_version; socketserver.BaseServer: server_address).
PYTHON_INSTANCE_ATTRIBUTES = {"rfile", "wfile", "command", "path", "headers", "client_address", "server",
                              "request_version", "server_address"}


def _python_names(imported):
    names = set(dir(builtins)) | PYTHON_INSTANCE_ATTRIBUTES
    for kind in (str, bytes, bytearray, dict, list, set, frozenset, tuple, int, float, bool, object, type,
                 BaseException, memoryview, range, slice):
        names.update(dir(kind))
    for module_name in imported:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        names.update(dir(module))
        for value in vars(module).values():
            if isinstance(value, type):
                names.update(dir(value))
    # the ast module's node fields (safe_python walks expressions)
    for value in vars(ast).values():
        if isinstance(value, type) and issubclass(value, ast.AST):
            names.update(getattr(value, "_fields", ()))
            names.update(getattr(value, "_attributes", ()))
    return names


def _literal_name(call):
    if (isinstance(call.func, ast.Name) and call.func.id in ("getattr", "hasattr", "setattr") and len(call.args) > 1
            and isinstance(call.args[1], ast.Constant) and isinstance(call.args[1].value, str)):
        return call.args[1].value
    return None


GETTERS = ("getattr", "hasattr", "setattr")


def _strings(node):
    """The string constants a literal tuple/list/set holds (one level: a tuple of pairs gives pairs)."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        out = []
        for element in node.elts:
            if isinstance(element, ast.Constant) and isinstance(element.value, str):
                out.append(element.value)
            elif isinstance(element, (ast.Tuple, ast.List)):
                out.append(tuple(e.value if isinstance(e, ast.Constant) else None for e in element.elts))
        return out
    return None


def _constants(trees):
    """Module-level names bound to literal tuples/lists of strings, in every module (FLAG_NAMES, BOUNDS)."""
    table = {}
    for _, tree in trees:
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                values = _strings(node.value)
                if values is not None:
                    table.setdefault(node.targets[0].id, []).extend(values)
    return table


def _wrappers(trees):
    """Functions that do getattr(first argument, second argument): `_get(node, "label")` reads `label`."""
    names = set()
    for _, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and len(node.args.args) >= 2:
                first, second = node.args.args[0].arg, node.args.args[1].arg
                for call in ast.walk(node):
                    if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "getattr"
                            and len(call.args) >= 2 and isinstance(call.args[0], ast.Name) and call.args[0].id == first
                            and isinstance(call.args[1], ast.Name) and call.args[1].id == second):
                        names.add(node.name)
    return names


def _loop_names(node, constants):
    """{target name: the strings it takes} of a for loop or comprehension over literal strings."""
    if isinstance(node.iter, ast.Name):
        values = constants.get(node.iter.id)
    elif isinstance(node.iter, ast.Attribute):
        values = constants.get(node.iter.attr)
    else:
        values = _strings(node.iter)
    if not values:
        return {}
    if isinstance(node.target, ast.Name):
        return {node.target.id: [v for v in values if isinstance(v, str)]}
    if isinstance(node.target, ast.Tuple):
        out = {}
        for index, element in enumerate(node.target.elts):
            if isinstance(element, ast.Name):
                out[element.id] = [v[index] for v in values if isinstance(v, tuple) and len(v) > index
                                   and isinstance(v[index], str)]
        return out
    return {}


def _is_par_collection(node):
    """`node.par`, `node.seq`: what is read from them is a parameter name, not a class member."""
    return isinstance(node, ast.Attribute) and node.attr in ("par", "seq", "parGroup")


def _dynamic_uses(trees):
    """Names read through getattr/hasattr/setattr with a loop variable over literal strings, or through a
    getattr wrapper with a literal name: {name: files}."""
    trees = list(trees)
    constants, wrappers, found = _constants(trees), _wrappers(trees), {}
    for rel, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in wrappers:
                if len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
                    found.setdefault(node.args[1].value, set()).add(rel)
            loops = [node] if isinstance(node, ast.For) else list(getattr(node, "generators", ()))
            for loop in loops:
                bound = _loop_names(loop, constants)
                if not bound:
                    continue
                for call in ast.walk(node):
                    if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in GETTERS
                            and len(call.args) >= 2 and isinstance(call.args[1], ast.Name) and call.args[1].id in bound
                            and not _is_par_collection(call.args[0])):
                        for name in bound[call.args[1].id]:
                            found.setdefault(name, set()).add(rel)
    return found


def scan(trees):
    """{name: sorted files} of every attribute used, the parameter names, and the names defined or imported."""
    trees = list(trees)
    used, params, defined, imported = {}, set(), set(), set()
    for name, files in _dynamic_uses(trees).items():
        used.setdefault(name, set()).update(files)
    for rel, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                receiver = node.value
                if isinstance(receiver, ast.Attribute) and receiver.attr in ("par", "seq", "parGroup"):
                    params.add(node.attr)
                    continue
                used.setdefault(node.attr, set()).add(rel)
                # an attribute the bridge sets on its own objects is its own; set on anything else it is a use
                if isinstance(node.ctx, ast.Store) and isinstance(receiver, ast.Name) and receiver.id in ("self", "cls"):
                    defined.add(node.attr)
            elif isinstance(node, ast.Call) and _literal_name(node) is not None:
                used.setdefault(_literal_name(node), set()).add(rel)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                defined.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                defined.add(node.id)
            elif isinstance(node, ast.arg):
                defined.add(node.arg)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] not in TD_MODULES:
                        imported.add(alias.name)
                        if alias.name == "os":
                            imported.add("os.path")
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module.split(".")[0] not in TD_MODULES:
                    imported.add(node.module)
                    for alias in node.names:
                        imported.add("%s.%s" % (node.module, alias.name))
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name) and target.id == "__slots__" and isinstance(node.value, (ast.Tuple, ast.List)):
                        defined.update(e.value for e in node.value.elts if isinstance(e, ast.Constant))
    return {k: sorted(v) for k, v in used.items()}, params, defined, imported


def undocumented(trees=None):
    """{name: files} of the uses neither documented nor Python's nor the bridge's own; a use on a
    receiver of known class (typed_uses) is named `Class.member` when that class does not document it."""
    trees = list(sources() if trees is None else trees)
    used, _, defined, imported = scan(trees)
    known = documented_names() | _python_names(sorted(imported)) | defined
    out = {name: files for name, files in sorted(used.items()) if name not in known}
    for (owner, member, documented), files in typed_uses(trees).items():
        if not documented:
            out.pop(member, None)
            out["%s.%s" % (owner, member)] = sorted(files)
    return dict(sorted(out.items()))


if __name__ == "__main__":
    sys.path[:0] = [os.path.join(ROOT, "bridge"), os.path.join(ROOT, "bridge", "sim")]
    for name, files in undocumented().items():
        print(name, files)
