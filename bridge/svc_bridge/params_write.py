"""Writing parameters with the checks TouchDesigner leaves to the caller, and their rollback.

A value is checked against the parameter before it is written: a menu gets one of its entries,
a number a number, a toggle a boolean. Every write first records the parameter's whole state
(mode, constant, expression, bind expression) in the journal.
"""

import math
import re

import td

from . import config, exec_guard, owned, sequences
from .errors import BridgeError
from .serialize import mode_name, mode_value, value_json

PAR_NAME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


def find_par(node, name):
    """The parameter named exactly `name`, or None: looked up by name (`op.par.<name>`, Par Class),
    not by a pattern search over every parameter of the operator."""
    if not isinstance(name, str) or not PAR_NAME_RE.match(name):
        return None
    try:
        par = getattr(node.par, name)
    except AttributeError:  # td.tdAttributeError is one: the operator has no such parameter
        return None
    return par if getattr(par, "name", None) == name else None


def require_par(node, name, field="parameters"):
    par = find_par(node, name)
    if par is None:
        raise BridgeError("unknown_param", "%s (%s) has no parameter %r" % (node.path, node.OPType, name),
                          path=node.path, param=name, field=field)
    return par


def find_group(node, name):
    if not isinstance(name, str) or not PAR_NAME_RE.match(name):
        return None
    for group in node.parGroups(name):
        if group.name == name:
            return group
    return None


def _bad(par, message, **extra):
    raise BridgeError("invalid_param_value", "%s.%s: %s" % (par.owner.path, par.name, message),
                      path=par.owner.path, param=par.name, **extra)


def coerce(par, value):
    """The value to assign, or invalid_param_value / invalid_menu_entry."""
    if par.isPulse or par.isMomentary:
        _bad(par, "a pulse or momentary parameter has no value to set; pulse it instead")
    if par.style == "StrMenu":
        if not isinstance(value, str):
            _bad(par, "expects a string")
        return value
    if par.isMenu:
        names = [str(n) for n in par.menuNames]
        if isinstance(value, str):
            if value not in names:
                raise BridgeError("invalid_menu_entry", "%s.%s has no menu entry %r; valid: %s"
                                  % (par.owner.path, par.name, value, ", ".join(names)),
                                  path=par.owner.path, param=par.name, valid=names)
            return value
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
            return names[value]
        raise BridgeError("invalid_menu_entry", "%s.%s expects one of: %s" % (par.owner.path, par.name, ", ".join(names)),
                          path=par.owner.path, param=par.name, valid=names)
    if par.isToggle:
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        _bad(par, "expects true or false")
    if par.isNumber:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            _bad(par, "expects a number")
        if par.isInt:
            if isinstance(value, float) and not value.is_integer():
                _bad(par, "expects a whole number")
            if abs(value) > config.MAX_INT_PARAM:
                raise BridgeError("number_out_of_range", "%s.%s takes whole numbers from %d to %d, not %s"
                                  % (par.owner.path, par.name, -config.MAX_INT_PARAM, config.MAX_INT_PARAM, value),
                                  path=par.owner.path, param=par.name, limit=config.MAX_INT_PARAM)
            return int(value)
        return float(value)
    if par.isString or par.isOP:
        if not isinstance(value, str):
            _bad(par, "expects a string")
        return value
    if isinstance(value, (dict, list)):
        _bad(par, "does not take a structured value")
    return value


def par_snapshot(par):
    """Everything needed to put a parameter back: mode, constant, expression, bind expression."""
    state = par_snapshot_plain(par)
    if state["mode"] == "bind":
        master = par.bindMaster
        # Writing a bind reference writes its master: keep the master's state too.
        if master is not None and hasattr(master, "owner"):
            state["master"] = par_snapshot_plain(master)
    return state


def par_snapshot_plain(par):
    return {"path": par.owner.path, "name": par.name, "mode": mode_name(par.mode), "val": par.val,
            "expr": par.expr or "", "bindExpr": par.bindExpr or "", "isDefault": bool(par.isDefault)}


def restore_par(state):
    from .live import require_op
    if "master" in state:
        restore_par(state["master"])
    # A read-only parameter is restored too: read-only bars the UI, not scripts (Par Class).
    par = require_par(require_op(state["path"]), state["name"])
    if state.get("isDefault") and state["mode"] == "constant" and not state["expr"] and not state["bindExpr"]:
        par.reset()  # back to the default itself (and its default mode), not a value that may have been clamped
        return
    if mode_name(par.mode) != "constant":
        par.mode = td.ParMode.CONSTANT
    if not (par.isPulse or par.isMomentary):
        par.val = state["val"]
    if (par.expr or "") != state["expr"]:
        par.expr = state["expr"]
    if (par.bindExpr or "") != state["bindExpr"]:
        par.bindExpr = state["bindExpr"]
    if state["mode"] == "export":
        return  # an export is owned by the exporting CHOP; it cannot be re-made from here
    if mode_name(par.mode) != state["mode"]:
        par.mode = mode_value(state["mode"])


def _writable(par):
    if par.readOnly:
        raise BridgeError("param_read_only", "%s.%s is read-only" % (par.owner.path, par.name),
                          path=par.owner.path, param=par.name)
    if mode_name(par.mode) == "export":
        raise BridgeError("param_exported", "%s.%s is driven by an export; change the exporting CHOP instead"
                          % (par.owner.path, par.name), path=par.owner.path, param=par.name)


def set_value(par, value, journal):
    _writable(par)
    seq = sequences.header_sequence(par)
    if seq is not None:
        set_blocks(par, seq, value, journal)
        return
    new = coerce(par, value)
    owned.check_bind(par)
    exec_guard.check_value(par, new)
    state = par_snapshot(par)
    journal.record("restore %s.%s" % (state["path"], state["name"]), lambda: restore_par(state))
    par.val = new


def _block_pars(seq, first):
    return [p for block in seq.blocks[first:] for group in block for p in group]


def set_blocks(par, seq, value, journal):
    """numBlocks = value, recorded so a rollback restores the count and the destroyed blocks (with
    their parameters' values)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != int(value) or value < 0:
        raise BridgeError("invalid_param_value", "%s.%s is a block count: %r is not a whole number of blocks"
                          % (par.owner.path, par.name, value), path=par.owner.path, param=par.name)
    count = int(value)
    limit = seq.maxBlocks
    if limit is not None and count > limit:
        raise BridgeError("invalid_param_value", "%s.%s takes at most %d blocks" % (par.owner.path, par.name, limit),
                          path=par.owner.path, param=par.name)
    before = seq.numBlocks
    if count == before:
        return
    # Last recorded runs first on rollback: the count comes back before the parameters it holds.
    for state in [par_snapshot_plain(p) for p in _block_pars(seq, count) if not (p.isPulse or p.isMomentary)]:
        journal.record("restore %s.%s" % (state["path"], state["name"]), lambda s=state: restore_par(s))
    path, name = par.owner.path, par.name

    def back():
        from .live import require_op
        getattr(require_op(path).seq, name).numBlocks = before
    journal.record("restore %s.%s blocks" % (path, name), back)
    seq.numBlocks = count


def set_parameters(node, parameters, journal):
    """Writes {name: value}; a list value on a tuplet name writes its components in order."""
    written = []
    for name, value in parameters.items():
        par = find_par(node, name)
        if par is None and isinstance(value, list):
            group = find_group(node, name)
            if group is not None:
                members = list(group.pars())
                if len(value) != len(members):
                    raise BridgeError("invalid_param_value", "%s.%s takes %d values, got %d"
                                      % (node.path, name, len(members), len(value)), path=node.path, param=name)
                for member, item in zip(members, value):
                    set_value(member, item, journal)
                    written.append(member.name)
                continue
        if par is None:
            require_par(node, name)
        set_value(par, value, journal)
        written.append(par.name)
    return written


def check_expression(expr, field="expr"):
    """An expression must at least be valid Python syntax before it reaches the project."""
    if not isinstance(expr, str) or expr.strip() == "":
        raise BridgeError("invalid_field", "'%s' must be a non-empty Python expression" % field, field=field)
    try:
        compile(expr, "<parameter expression>", "eval")
    except SyntaxError as exc:
        raise BridgeError("invalid_field", "'%s' is not a valid Python expression: %s" % (field, exc.msg), field=field)
    except ValueError as exc:  # a NUL byte
        raise BridgeError("invalid_field", "'%s' is not a valid Python expression: %s" % (field, exc), field=field)
    exec_guard.check_expression(expr, field)
    return expr


def reset_par(par, journal):
    """Constant mode at the default value; a bound parameter leaves its master alone."""
    _writable(par)
    if sequences.header_sequence(par) is not None:
        raise BridgeError("invalid_param_value", "%s.%s is a block count, which has no default to reset to: set it"
                          % (par.owner.path, par.name), path=par.owner.path, param=par.name)
    exec_guard.check_value(par, par.default)
    state = par_snapshot(par)
    journal.record("restore %s.%s" % (state["path"], state["name"]), lambda: restore_par(state))
    if mode_name(par.mode) != "constant":
        par.mode = td.ParMode.CONSTANT
    if not (par.isPulse or par.isMomentary):
        par.reset()
    return {"path": par.owner.path, "param": par.name, "value": value_json(par.val), "isDefault": bool(par.isDefault)}


def set_mode(par, mode, journal, expr=None, value=None, has_value=False):
    """Puts a parameter in constant, expression or bind mode."""
    if mode not in ("constant", "expression", "bind"):
        raise BridgeError("invalid_mode", "mode must be constant, expression or bind, not %r" % (mode,), field="mode")
    _writable(par)
    seq = sequences.header_sequence(par)
    if seq is not None:
        if mode != "constant":
            raise BridgeError("invalid_mode", "%s.%s is a block count: it takes a number, not an expression or bind"
                              % (par.owner.path, par.name), path=par.owner.path, param=par.name)
        if has_value:
            set_blocks(par, seq, value, journal)
        return {"path": par.owner.path, "param": par.name, "mode": "constant", "value": seq.numBlocks, "expr": "", "bindExpr": ""}
    if mode == "constant":
        new = coerce(par, value) if has_value else None
        if has_value:
            exec_guard.check_value(par, new)
    else:
        exec_guard.check_mode(par, mode, expr)  # the expression itself was checked with the operation
    state = par_snapshot(par)
    journal.record("restore %s.%s" % (state["path"], state["name"]), lambda: restore_par(state))
    if mode == "constant":
        if mode_name(par.mode) == "bind":
            par.mode = td.ParMode.CONSTANT  # leave the bind master alone
        if has_value:
            par.val = new
        par.mode = td.ParMode.CONSTANT
    elif mode == "expression":
        par.expr = expr
        par.mode = td.ParMode.EXPRESSION
    else:
        par.bindExpr = expr
        par.mode = td.ParMode.BIND
        owned.check_bind(par)  # the master is known once the bind is made; the journal puts it back
    return {"path": par.owner.path, "param": par.name, "mode": mode_name(par.mode),
            "value": value_json(par.val), "expr": par.expr or "", "bindExpr": par.bindExpr or ""}
