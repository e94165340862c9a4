"""What makes TouchDesigner run Python, load code or write files, read from `exec_pars.json`.

The table (built from the operator facts by scripts/bridge-exec-table) names, per operator type,
the Execute-family DATs, the parameters naming a DAT whose text runs (callbacks, drag/drop scripts,
an Evaluate DAT's tables), the parameters whose value is evaluated as Python (an extension's object,
an Evaluate DAT's expression), the inputs whose cells are evaluated, the parameters that load code
and those naming a file TouchDesigner writes. A custom parameter of style Python is evaluated too.
"""

import ast
import json
import os

from . import config
from .errors import BridgeError

TABLE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "exec_pars.json")
_table = None


def table():
    global _table
    if _table is None:
        try:
            with open(TABLE_FILE, encoding="utf-8") as handle:
                _table = json.load(handle)
        except (OSError, ValueError) as exc:
            raise BridgeError("internal_error", "the bridge's exec table %s cannot be read (%s): stage the bridge "
                              "again with its .json files" % (TABLE_FILE, exc))
    return _table


def _matches(pattern, name):
    if "*" not in pattern:
        return pattern == name
    head, _, tail = pattern.partition("*")
    middle = name[len(head):len(name) - len(tail)] if len(name) > len(head) + len(tail) else ""
    return name.startswith(head) and name.endswith(tail) and middle.isdigit()


def _listed(section, optype, name):
    return any(_matches(p, name) for p in table()[section].get(optype, ()))


def is_execute_dat(node):
    return getattr(node, "OPType", None) in table()["execute_dats"]


def switches(node):
    """The parameters that turn an Execute-family DAT on."""
    return table()["execute_dats"].get(getattr(node, "OPType", None), [])


def par_kind(par):
    """Why writing this parameter matters: "dat" (names a DAT whose text runs), "python" (its value is
    evaluated as Python), "loads_code", "switch" (turns an Execute-family DAT on), "file_write", or None."""
    owner = par.owner
    optype, name = getattr(owner, "OPType", None), par.name
    if _listed("python_pars", optype, name) or _python_style(par):
        return "python"
    if _listed("dat_pars", optype, name):
        return "dat"
    if _listed("loads_code", optype, name):
        return "loads_code"
    if name in switches(owner):
        return "switch"
    if _listed("file_writes", optype, name):
        return "file_write"
    return None


def _par(node, name):
    try:
        par = getattr(node.par, name)
    except AttributeError:
        return None
    return par if getattr(par, "name", None) == name else None


def file_pars(node):
    """The parameters of node naming a file TouchDesigner writes."""
    names = table()["file_writes"].get(getattr(node, "OPType", None), ())
    return [p for p in (_par(node, n) for n in names) if p is not None]


def _named_op(owner, value):
    if hasattr(value, "path"):
        return value
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        return owner.op(value.strip())
    except Exception:
        return None


def _dats_named_in_python(owner, text):
    """DATs an extension expression names as `op('...')` (the DAT whose module it instantiates)."""
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError):
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if name == "op":
                target = _named_op(owner, node.args[0].value)
                if target is not None:
                    found.append(target)
    return found


def _pars_of(node, section):
    out = []
    for pattern in table()[section].get(getattr(node, "OPType", None), ()):
        if "*" in pattern:
            out.extend(p for p in node.pars() if _matches(pattern, p.name))
        else:
            par = _par(node, pattern)
            if par is not None:
                out.append(par)
    return out


def runs_of(node):
    """The DATs node makes TouchDesigner run: those its DAT parameters name, those its Python
    parameters name as op('...'), and its inputs that are evaluated."""
    found = []
    for par in _pars_of(node, "dat_pars"):
        try:
            target = _named_op(node, par.eval())
        except Exception:
            target = _named_op(node, par.val)
        if target is not None:
            found.append(target)
    for par in _pars_of(node, "python_pars"):
        text = par.expr if str(getattr(par.mode, "name", par.mode)).upper().endswith("EXPRESSION") else par.val
        found.extend(_dats_named_in_python(node, text if isinstance(text, str) else ""))
    for index in table()["code_inputs"].get(getattr(node, "OPType", None), ()):
        inputs = list(getattr(node, "inputs", []) or [])
        if index < len(inputs) and inputs[index] is not None:
            found.append(inputs[index])
    return found


def _walk(root):
    stack, seen = [root], 0
    while stack:
        node = stack.pop()
        seen += 1
        if seen > config.MAX_SCAN_NODES:
            raise BridgeError("exec_disabled", "the project holds more than %d operators, more than the bridge scans "
                              "to tell whether a DAT runs; with exec closed the DAT is taken to run"
                              % config.MAX_SCAN_NODES)
        yield node
        if getattr(node, "isCOMP", False):
            stack.extend(node.children)


def run_reason(dat, root):
    """Why TouchDesigner runs this DAT's text (a phrase), or None. Scans the project under `root`."""
    if is_execute_dat(dat):
        return "%s is an Execute-family DAT (%s), whose text TouchDesigner runs" % (dat.path, dat.OPType)
    for node in _walk(root):
        if any(getattr(target, "path", None) == dat.path for target in runs_of(node)):
            return "%s's text runs as code of %s (%s)" % (dat.path, node.path, node.OPType)
    return None


def _python_style(par):
    return getattr(par, "isPython", False) or par.style == "Python"


def holds_code(node, expressions=True):
    """The operators in node's tree that run code: Execute-family DATs, operators whose DAT, Python
    or code-loading parameters are set (a copy of them runs that code again), and with
    `expressions` every parameter in expression mode."""
    found = []
    for current in _walk(node):
        if is_execute_dat(current):
            found.append({"path": current.path, "why": current.OPType})
            continue
        for section, why in (("dat_pars", "names a DAT it runs"), ("python_pars", "evaluates Python"),
                             ("loads_code", "loads code")):
            for par in _pars_of(current, section):
                expr = par.expr if str(getattr(par.mode, "name", par.mode)).upper().endswith("EXPRESSION") else ""
                if expr or (isinstance(par.val, str) and par.val.strip()) or (par.val not in ("", None, False, 0)):
                    found.append({"path": current.path, "param": par.name, "why": why})
        for par in current.pars() if hasattr(current, "pars") else ():
            mode = str(getattr(par.mode, "name", par.mode)).upper()
            if expressions and mode.endswith("EXPRESSION") and (par.expr or ""):
                found.append({"path": current.path, "param": par.name, "why": "expression"})
            elif _python_style(par) and isinstance(par.val, str) and par.val.strip():
                found.append({"path": current.path, "param": par.name, "why": "evaluates Python"})
    return found
