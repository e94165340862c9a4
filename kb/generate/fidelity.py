"""Corrections of the docs facts toward the real build, applied to the facts before conversion.

1. Family "common" pages: every operator of a family that has a `Common` page gets the union of the
   parameters any operator of the family documents there (docs pages lag one another: a parameter
   added to the family's common page shows on some pages only). Menus of a common parameter are
   the union of the menus documented for it across the family. Added entries: `addedFrom:
   "family-common-page"`.
2. `real-build.json`: type renames (the old name kept as an alias), renamed and missing parameters,
   menu entries and styles seen in networks exported from real builds (`addedFrom: "real-build"`,
   `styleSource: "real-build"`).
3. `real-build.json` `xyzTuplets`: the x/y/z float tuplets of the named types have the style the
   build reports (XYZW of three components on the camera, light and camera blend COMPs);
   `creationValues`: the value an operator's parameter has when it is created, where the build
   reports another default (`creationValue`, `creationValueSource: "real-build"`).
4. POP vector tuplets: the live POP dump reports every x/y/z float tuplet (`t`, `r`, `s`, `p`, `size`,
   `upvector`, ...) as an XYZW tuplet of three components; the few POP tuplets only inferred from
   their component names (`XYZ`) follow it (`styleSource: "inferred(live POP tuplets)"`).
"""
import copy


class FidelityError(Exception):
    pass


def _targets(rule, ops):
    if "types" in rule:
        missing = [t for t in rule["types"] if t not in ops]
        if missing:
            raise FidelityError("real-build.json names unknown operator types: " + ", ".join(missing))
        return [ops[t] for t in rule["types"]]
    found = [op for op in ops.values() if op["family"] in rule["families"]]
    if "withPage" in rule:
        found = [op for op in found if rule["withPage"] in (op.get("pages") or [])]
    return found


def _param(op, name):
    for p in op.get("parameters") or []:
        if p["name"] == name:
            return p
    return None


def _insert_after_page(op, entry):
    """Append at the end of its page (params are ordered by page later, stably)."""
    op["parameters"].append(entry)
    if entry.get("page") and entry["page"] not in op["pages"]:
        op["pages"].append(entry["page"])
    op.setdefault("parNames", [])
    op["parNames"].extend(entry.get("components") or [entry["name"]])


def _rule_params(rule, ops):
    """The parameter `rule["param"]` of each operator a rule reaches; one it names by type must have it."""
    for op in _targets(rule, ops):
        p = _param(op, rule["param"])
        if p is None:
            if "types" in rule:
                raise FidelityError(f"{op['optype']} has no parameter {rule['param']}")
            continue
        yield p


def merge_common_pages(fact_ops):
    by_family = {}
    for op in fact_ops:
        if "Common" in (op.get("pages") or []):
            by_family.setdefault(op["family"], []).append(op)
    added = 0
    for family, ops in by_family.items():
        union, menus = {}, {}
        for op in ops:
            for p in op["parameters"]:
                if p.get("page") != "Common":
                    continue
                union.setdefault(p["name"], p)
                for n, l in zip(p.get("menuNames") or [], p.get("menuLabels") or p.get("menuNames") or []):
                    menus.setdefault(p["name"], {}).setdefault(n, l)
        for op in ops:
            for name, p in union.items():
                mine = _param(op, name)
                if mine is None:
                    entry = {k: v for k, v in copy.deepcopy(p).items() if k not in ("defaultSource", "default", "componentDefaults")}
                    entry["addedFrom"] = "family-common-page"
                    entry["sources"] = ["family-common-page"]
                    _insert_after_page(op, entry)
                    mine = entry
                    added += 1
                if name in menus and mine.get("menuNames") is not None:
                    for n, l in menus[name].items():
                        if n not in mine["menuNames"]:
                            mine["menuNames"] = mine["menuNames"] + [n]
                            mine["menuLabels"] = (mine.get("menuLabels") or mine["menuNames"][:-1]) + [l]
    return added


def apply_real_build(fact_ops, rules, counts=None):
    """Applies the rules; `counts` (a dict) gets how many parameters each kind of rule touched."""
    counts = {} if counts is None else counts
    ops = {op["optype"]: op for op in fact_ops}
    for r in rules.get("renames", []):
        op = ops.get(r["from"])
        if op is None:
            raise FidelityError(f"real-build.json renames unknown type {r['from']}")
        op["optype"] = r["to"]
        op["aliases"] = sorted(set(op.get("aliases", [])) | {r["from"]})
        ops[r["to"]] = ops.pop(r["from"])
    for r in rules.get("renameParams", []):
        for op in _targets(r, ops):
            p = _param(op, r["from"])
            if p is None:
                raise FidelityError(f"{op['optype']} has no parameter {r['from']} to rename")
            p["name"] = r["to"]
            p["addedFrom"] = "real-build"
            op["parNames"] = [r["to"] if n == r["from"] else n for n in op.get("parNames") or []]
    for r in rules.get("addParams", []):
        source = None
        if "copy" in r:
            source = _param(ops[r["copy"]["type"]], r["copy"]["param"])
            if source is None:
                raise FidelityError(f"{r['copy']['type']} has no parameter {r['copy']['param']}")
        for op in _targets(r, ops):
            if source is not None:
                entry = {k: v for k, v in copy.deepcopy(source).items() if k not in ("defaultSource", "default")}
                if entry.get("page") not in (op.get("pages") or []):
                    entry["page"] = "Common" if "Common" in (op.get("pages") or []) else entry.get("page")
            else:
                entry = dict(r["param"])
                like = _param(op, r["like"]) if "like" in r else None
                if "like" in r and like is None:
                    raise FidelityError(f"{op['optype']} has no parameter {r['like']}")
                if like is not None:
                    entry.setdefault("page", like.get("page"))
                    if like.get("style"):
                        entry["style"] = like["style"]
                        entry["styleSource"] = f"inferred(like {r['like']})"
            if _param(op, entry["name"]) is not None:
                continue
            entry["addedFrom"] = "real-build"
            entry["sources"] = ["real-build"]
            _insert_after_page(op, entry)
            counts["real-build parameters added"] = counts.get("real-build parameters added", 0) + 1
    for r in rules.get("menus", []):
        for p in _rule_params(r, ops):
            names = list(p.get("menuNames") or [])
            labels = list(p.get("menuLabels") or names)
            for n in r["add"]:
                if n not in names:
                    names.append(n)
                    labels.append(n)
            p["menuNames"], p["menuLabels"] = names, labels
            if r.get("incomplete"):
                p["menuIncomplete"] = True
            counts["real-build menus completed"] = counts.get("real-build menus completed", 0) + 1
    for r in rules.get("styles", []):
        for p in _rule_params(r, ops):
            p["style"], p["styleSource"] = r["style"], "real-build"
            counts["real-build styles"] = counts.get("real-build styles", 0) + 1
    return list(ops.values())


def _is_xyz_floats(p):
    comps = p.get("components") or []
    return len(comps) == 3 and [c[-1] for c in comps] == ["x", "y", "z"] and all(c[:-1] == p["name"] for c in comps)


def pop_vector_tuplets(fact_ops):
    """POP x/y/z tuplets styled only from their component names take the style the live dump gives
    every such tuplet it reports (XYZW, three components). Refuses to run if the dump ever disagrees."""
    live = [p for op in fact_ops if op["family"] == "POP" for p in op.get("parameters") or []
            if _is_xyz_floats(p) and str(p.get("styleSource", "")).startswith("td-live") and p.get("style") in ("XYZ", "XYZW")]
    if not live or any(p["style"] != "XYZW" for p in live):
        raise FidelityError("the live POP dump no longer shows every x/y/z tuplet as XYZW: review pop_vector_tuplets")
    changed = 0
    for op in fact_ops:
        if op["family"] != "POP":
            continue
        for p in op.get("parameters") or []:
            if _is_xyz_floats(p) and p.get("style") == "XYZ" and str(p.get("styleSource", "")).startswith("inferred"):
                p["style"], p["styleSource"] = "XYZW", "inferred(live POP tuplets)"
                changed += 1
    return changed


# ASSUMPTION: a CHOP time-unit menu with no documented entries has TouchDesigner's usual time units.
CHOP_TIME_UNITS = ["samples", "frames", "seconds"]


def infer_unit_menus(fact_ops):
    """A CHOP's `*unit` menu documented without entries takes the entries documented for the same
    parameter name on another CHOP, or the time units. Marked `menuAssumed`: the docs do
    not say; a live dump replaces it. Without entries every value would be refused by tdsim."""
    documented = {}
    for op in fact_ops:
        for p in op.get("parameters") or []:
            if p["name"].endswith("unit") and p.get("menuNames"):
                documented.setdefault((op["family"], p["name"]), (p["menuNames"], p.get("menuLabels") or p["menuNames"]))
    inferred = 0
    for op in fact_ops:
        for p in op.get("parameters") or []:
            # CHOPs only: elsewhere the first entry of an inferred menu would become tdsim's assumed
            # default, and unit menus there (pixels, fraction...) change what an operator does.
            if op["family"] != "CHOP" or not p["name"].endswith("unit") or p.get("style") != "Menu" or p.get("menuNames"):
                continue
            found = documented.get((op["family"], p["name"]))
            if found is None and op["family"] == "CHOP":
                found = (CHOP_TIME_UNITS, ["Samples", "Frames", "Seconds"])
            if found is None:
                continue
            if p.get("defaultSource") == "td-live" and p.get("default") not in found[0]:
                continue  # the running build uses another entry: these are not its entries
            p["menuNames"], p["menuLabels"] = list(found[0]), list(found[1])
            p["menuAssumed"] = True
            inferred += 1
    return inferred


def xyz_tuplet_styles(fact_ops, rules):
    """Returns {rule label: tuplets restyled}."""
    ops = {op["optype"]: op for op in fact_ops}
    counts = {}
    for r in rules:
        changed = 0
        for t in r["types"]:
            if t not in ops:
                raise FidelityError(f"real-build.json names unknown operator type {t}")
            for p in ops[t].get("parameters") or []:
                if _is_xyz_floats(p) and p.get("style") != r["style"]:
                    p["style"], p["styleSource"] = r["style"], "real-build"
                    changed += 1
        counts[f"x/y/z tuplets of {', '.join(r['types'])} are {r['style']}"] = changed
    return counts


def apply_creation_values(fact_ops, rules):
    """Returns {rule label: parameters given a creation value}."""
    counts = {}
    for r in rules:
        n = 0
        for p in _rule_params(r, {op["optype"]: op for op in fact_ops}):
            p["creationValue"], p["creationValueSource"] = r["value"], "real-build"
            n += 1
        counts[f"creation value {r['value']!r} of {r['param']} on {', '.join(r['types'])}"] = n
    return counts
