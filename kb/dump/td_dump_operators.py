"""Dump every operator type of a running TouchDesigner as JSON for `svc kb import`.

UNVERIFIED in real TouchDesigner until someone runs it there; the attribute names come from the Python
API docs (OP.minInputs/maxInputs/isMultiInputs, Par.parGroup/vecIndex/style/menuNames/min/max/clamp...).

How it works: it creates a scratch Base COMP, and for each type listed in `td.families` creates one
operator inside it, reads `op.pars()` and its connector counts, then destroys it. At the end the scratch
COMP is destroyed too. Creating some operators may touch devices (video/audio inputs); put type names
in SKIP_TYPES to leave them out.

In TouchDesigner: paste into a Text DAT and run it (right-click > Run Script), or send the file's text to
the bridge's exec route. The JSON goes to DUMP_PATH (default: svc_kb_dump.json in the project folder).
Standard library and `td` only.
"""
import json
import traceback

import td

DUMP_PATH = None  # None: <project folder>/svc_kb_dump.json
SKIP_TYPES = set()
SCRATCH_NAME = "svc_kb_dump_scratch"
FAMILIES = ("TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP")


def _get(obj, name, default=None):
    """Reads an attribute that some builds may lack, without failing the whole dump."""
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


def _type_name(t):
    return t if isinstance(t, str) else _get(t, "__name__", str(t))


def par_entry(p):
    """One scalar Par as the dump format describes it."""
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


def dump_operators(parent_comp=None, families=None):
    """Creates, reads and destroys one operator of every type; returns the dump as a dict."""
    parent_comp = parent_comp if parent_comp is not None else td.root
    old = parent_comp.op(SCRATCH_NAME)
    if old is not None:
        old.destroy()
    scratch = parent_comp.create(td.baseCOMP, SCRATCH_NAME)
    operators, failures = [], []
    source = families if families is not None else td.families
    try:
        for family in FAMILIES:
            for t in source.get(family, []):
                name = _type_name(t)
                if name in SKIP_TYPES:
                    continue
                created = None
                try:
                    created = scratch.create(t, "dump1")
                    operators.append(operator_entry(created, family))
                except Exception as e:  # one bad type must not stop the dump
                    failures.append({"type": name, "family": family, "error": "%s: %s" % (type(e).__name__, e)})
                finally:
                    if created is not None:
                        try:
                            created.destroy()
                        except Exception:
                            traceback.print_exc()
    finally:
        scratch.destroy()
    return {
        "format": "svc-td-dump",
        "version": 1,
        "build": str(_get(td.app, "build", "unknown")),
        "createdBy": "%s %s" % (_get(td.app, "product", "TouchDesigner"), _get(td.app, "version", "")),
        "operators": operators,
        "failures": failures,
    }


def main(path=None):
    path = path or DUMP_PATH or (str(_get(td.project, "folder", ".")) + "/svc_kb_dump.json")
    dump = dump_operators()
    with open(path, "w", encoding="utf-8") as f:
        json.dump(dump, f, indent=None, separators=(",", ":"))
    print("svc kb dump: %d operators, %d failures -> %s" % (len(dump["operators"]), len(dump["failures"]), path))
    return path


# Runs when executed as a script (a Text DAT's Run Script, the bridge's exec route, `python3 file`),
# not when imported as a module by tests.
if __name__ != "td_dump_operators":
    main()
