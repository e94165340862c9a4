"""Every operator type of the running build, read for svc's knowledge base (`svc kb sync --live`).

A type is read by creating one operator of it in a scratch COMP, reading `pars()` (name, label, page,
style, default, menu names and labels, ranges, tuplet, sequence and block) and its connectors, and
destroying it: the format of kb/dump/td_dump_operators.py (`svc-td-dump` version 1), which
`svc kb import` merges; a test holds the two to the same output. Custom parameters are left out.
"""

import td

FAMILIES = ("TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP")


def _get(obj, name, default=None):
    """An attribute some builds may lack, without failing the whole read."""
    try:
        return getattr(obj, name)
    except Exception:
        return default


def _jsonable(value):
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if value == value and value not in (float("inf"), float("-inf")) else None
    return str(value)


def type_name(t):
    return t if isinstance(t, str) else _get(t, "__name__", str(t))


def par_entry(p):
    group = _get(p, "parGroup")
    size = _get(group, "size", 1) if group is not None else 1
    page = _get(p, "page")
    is_menu = bool(_get(p, "isMenu", False))
    seq = _get(p, "sequence")
    block = _get(p, "sequenceBlock")
    return {
        "name": p.name,
        "label": _jsonable(_get(p, "label")),
        "page": _jsonable(_get(page, "name")) if page is not None else None,
        "style": _jsonable(_get(p, "style")),
        "default": _jsonable(_get(p, "default")),
        "menuNames": [str(n) for n in (_get(p, "menuNames") or [])] if is_menu else None,
        "menuLabels": [str(n) for n in (_get(p, "menuLabels") or [])] if is_menu else None,
        "min": _jsonable(_get(p, "min")),
        "max": _jsonable(_get(p, "max")),
        "clampMin": _jsonable(_get(p, "clampMin")),
        "clampMax": _jsonable(_get(p, "clampMax")),
        "tupletName": _jsonable(_get(group, "name")) if group is not None and size and size > 1 else None,
        "vecIndex": _jsonable(_get(p, "vecIndex")),
        "readOnly": bool(_get(p, "readOnly", False)),
        "sequence": _jsonable(_get(seq, "name")) if seq is not None else None,
        "blockIndex": _jsonable(_get(block, "index")) if block is not None else None,
    }


def operator_entry(o, family):
    custom = set(id(p) for p in (_get(o, "customPars") or []))
    pars = [par_entry(p) for p in o.pars() if id(p) not in custom]
    return {
        "type": _get(o, "OPType") or _get(o, "opType") or type(o).__name__,
        "family": family,
        "label": _jsonable(_get(o, "label")),
        "minInputs": _jsonable(_get(o, "minInputs")),
        "maxInputs": _jsonable(_get(o, "maxInputs")),
        "isMultiInputs": _jsonable(_get(o, "isMultiInputs")),
        "isFilter": _jsonable(_get(o, "isFilter")),
        "inputConnectors": len(_get(o, "inputConnectors") or []),
        "outputConnectors": len(_get(o, "outputConnectors") or []),
        "pars": pars,
    }


def all_types():
    """[(family, type class or name)] in the order a sync reads them."""
    source = td.families
    return [(family, t) for family in FAMILIES for t in source.get(family, [])]


def build_info():
    return {"build": str(_get(td.app, "build", "unknown")), "version": str(_get(td.app, "version", "")),
            "product": str(_get(td.app, "product", "")), "osName": str(_get(td.app, "osName", ""))}
