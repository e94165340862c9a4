"""Reading operators and parameters into JSON-ready dicts.

One place decides how a live value looks on the wire, so topology, node detail, params and
the batch snapshots agree (a plan compares them field by field).
"""

import td

from .default_contents import keeps_contents
from .sequences import header_sequence

FLAG_NAMES = ("display", "render", "viewer", "bypass", "lock", "allowCooking")

_MODE_NAMES = (("CONSTANT", "constant"), ("EXPRESSION", "expression"), ("BIND", "bind"), ("EXPORT", "export"))


def mode_name(mode):
    for attr, name in _MODE_NAMES:
        if mode == getattr(td.ParMode, attr, object()):
            return name
    return str(mode).rpartition(".")[2].lower()


def mode_value(name):
    for attr, word in _MODE_NAMES:
        if word == name:
            return getattr(td.ParMode, attr)
    raise KeyError(name)


def value_json(value):
    """A parameter or method value as JSON: operators become their paths."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [value_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): value_json(v) for k, v in value.items()}
    path = getattr(value, "path", None)
    if isinstance(path, str) and hasattr(value, "OPType"):
        return path
    return str(value)


def text_lines(text):
    """errors()/warnings() give one string; the wire gets one entry per non-empty line."""
    return [line for line in str(text or "").splitlines() if line.strip()]


def flags_of(node):
    flags = {}
    for name in FLAG_NAMES:
        try:
            value = getattr(node, name)
        except Exception:  # a family without this flag
            continue
        if isinstance(value, bool):
            flags[name] = value
    return flags


def color_of(node):
    try:
        return [round(float(c), 6) for c in tuple(node.color)[:3]]
    except Exception:
        return None


def node_summary(node):
    return {
        "path": node.path,
        "name": node.name,
        "type": node.OPType,
        "family": str(node.family),
    }


def node_meta(node):
    """Everything a plan or an export needs about one node besides params and wires."""
    data = node_summary(node)
    data.update({
        "flags": flags_of(node),
        "tags": sorted(str(t) for t in node.tags),
        "comment": node.comment,
        "color": color_of(node),
        "position": {"x": node.nodeX, "y": node.nodeY},
    })
    if node.isCOMP:
        data["num_children"] = len(node.children)
        if keeps_contents(node):
            # Its children are TouchDesigner's (an Animation COMP's keyframe network): not svc's to plan or export.
            data["keeps_contents"] = True
    return data


def input_wires(node):
    """Wires into node, in input order: {source, source_output, target, target_input}."""
    wires = []
    for connector in node.inputConnectors:
        for other in connector.connections:
            wires.append({
                "source": other.owner.path,
                "source_output": other.index,
                "target": node.path,
                "target_input": connector.index,
            })
    return wires


def output_wires(node):
    wires = []
    for connector in node.outputConnectors:
        for other in connector.connections:
            wires.append({
                "source": node.path,
                "source_output": connector.index,
                "target": other.owner.path,
                "target_input": other.index,
            })
    return wires


def reported(par):
    """Is the parameter reported among a node's non-default ones? A sequence header always is: its
    value is the block count, whose default only the kb knows."""
    return header_sequence(par) is not None or not par.isDefault or mode_name(par.mode) != "constant"


def par_state(par, modes=True):
    seq = header_sequence(par)
    if seq is not None:
        # svc reads a sequence header as its block count (sequences.py).
        info = {"name": par.name, "value": seq.numBlocks, "isDefault": False, "style": par.style, "sequence": True}
        if modes:
            info.update({"mode": "constant", "expr": "", "bindExpr": ""})
        return info
    info = {
        "name": par.name,
        "value": value_json(par.val),
        "isDefault": bool(par.isDefault),
        "style": par.style,
    }
    if modes:
        info["mode"] = mode_name(par.mode)
        info["expr"] = par.expr or ""
        info["bindExpr"] = par.bindExpr or ""
    return info


def par_detail(par, modes=True):
    info = par_state(par, modes)
    info.update({
        "label": par.label,
        "page": par.page.name if par.page is not None else None,
        "default": value_json(par.default),
        "custom": bool(par.isCustom),
        "readOnly": bool(par.readOnly),
    })
    if par.isMenu:
        info["menuNames"] = [str(n) for n in par.menuNames]
    return info


def par_groups(page):
    """A page's custom parameters as (name, members), one entry per group: a tuplet is one entry."""
    seen = set()
    for par in page.pars:
        group = par.parGroup
        key = group.name if group is not None else par.name
        if key in seen:
            continue
        seen.add(key)
        yield key, (list(group.pars()) if group is not None else [par])


def custom_pages(node):
    """Custom pages and their parameters, grouped by parameter group (a tuplet is one entry)."""
    pages = []
    for page in node.customPages:
        groups = []
        for key, members in par_groups(page):
            first = members[0]
            entry = {
                "name": key,
                "style": first.style,
                "label": first.label,
                "size": len(members),
                **({"help": first.help} if first.help else {}),
                "pars": [p.name for p in members],
                "default": [value_json(p.default) for p in members] if len(members) > 1 else value_json(first.default),
            }
            if first.isNumber:
                entry.update({
                    "min": first.min, "max": first.max,
                    "clampMin": bool(first.clampMin), "clampMax": bool(first.clampMax),
                    "normMin": first.normMin, "normMax": first.normMax,
                })
            if first.isMenu or first.style in ("Menu", "StrMenu"):
                entry["menuNames"] = [str(n) for n in first.menuNames]
                entry["menuLabels"] = [str(n) for n in first.menuLabels]
            groups.append(entry)
        pages.append({"name": page.name, "pars": groups})
    return pages


def node_detail(node):
    data = node_meta(node)
    parent = node.parent()
    data["parent"] = parent.path if parent is not None else None
    data["inputs"] = input_wires(node)
    data["outputs"] = output_wires(node)
    data["errors"] = text_lines(node.errors())
    data["warnings"] = text_lines(node.warnings())
    data["non_default_params"] = [par_state(p) for p in node.pars() if reported(p)]
    data["custom_pages"] = custom_pages(node)
    if node.isDAT:
        data["text_length"] = len(node.text)
    if node.isTOP:
        data["resolution"] = [node.width, node.height]
    return data
