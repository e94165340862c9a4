"""Turns one operator's fact parameters into knowledge-base Param entries (see KB-SCHEMA.md)."""

# Flags from the facts that matter to checking and documentation; everything else stays in the facts.
CARRIED_FLAGS = ("onlyInOlderDocsSnapshot", "absentInLiveDump", "nameNotLowercase", "menuStyleConflict",
                 "templateAssumed")


def _member_facts(fact_params):
    """Defaults and styles a group header reports for its members (live POP dump)."""
    by_member = {}
    for p in fact_params:
        members = p.get("groupMembers") or []
        defaults = p.get("groupMemberDefaults") or []
        styles = p.get("groupMemberStyles") or []
        for i, member in enumerate(members):
            entry = by_member.setdefault(member, {})
            if i < len(defaults) and p.get("defaultSource"):
                entry["default"] = defaults[i]
                entry["defaultSource"] = p["defaultSource"]
            if i < len(styles) and styles[i]:
                entry["style"] = styles[i]
    return by_member


def _common_prefix(a, b):
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def looks_like_group_listing(p):
    """Some fact "menus" are really a parameter group's member names (`attr0name`, `attr0customname`):
    two items, the first the parameter itself, the second sharing its stem. The live dump confirms it:
    those parameters report menu defaults that are not in such lists."""
    names = p.get("menuNames") or []
    return len(names) == 2 and names[0] == p["name"] and _common_prefix(names[0], names[1]) >= 3


def convert_param(p, member_facts):
    out = {
        "name": p["name"],
        "label": p.get("label"),
        "page": p.get("page"),
        "style": p.get("style"),
    }
    if p.get("components"):
        out["components"] = list(p["components"])
    group_listing = looks_like_group_listing(p)
    if p.get("menuNames") is not None and not group_listing:
        out["menuNames"] = list(p["menuNames"])
        out["menuLabels"] = list(p.get("menuLabels") or p["menuNames"])
    default, source = None, None
    if p.get("components") and p.get("componentDefaults") is not None:
        default, source = list(p["componentDefaults"]), p.get("defaultSource")
    elif "default" in p and p.get("defaultSource"):
        default, source = p["default"], p["defaultSource"]
    member = member_facts.get(p["name"], {})
    if source is None and "defaultSource" in member and p.get("inGroupOf"):
        default, source = member["default"], member["defaultSource"]
    if out["style"] is None and p.get("inGroupOf") and member.get("style"):
        out["style"] = member["style"]
        out["styleSource"] = "td-live(group)"
    out["default"] = default
    out["defaultSource"] = source
    if p.get("menuIncomplete"):
        out["menuIncomplete"] = True
    if source == "td-live" and out.get("menuNames") is not None and out["style"] == "Menu" \
            and default not in out["menuNames"]:
        # The running build uses a menu entry the docs do not list: the documented menu is incomplete.
        out["menuIncomplete"] = True
    out["min"] = None
    out["max"] = None
    out["clampMin"] = None
    out["clampMax"] = None
    if p.get("readOnly"):
        out["readOnly"] = True
    if p.get("isSequenceHeader"):
        out["isSequenceHeader"] = True
    if "sequence" in p:
        out["sequence"] = p["sequence"]
        out["blockIndex"] = p["blockIndex"]
    if p.get("groupMembers"):
        out["groupMembers"] = list(p["groupMembers"])
    elif group_listing:
        out["groupMembers"] = list(p["menuNames"])
        out["groupFromMenuListing"] = True
    if p.get("inGroupOf"):
        out["inGroupOf"] = p["inGroupOf"]
    if "styleSource" not in out:
        out["styleSource"] = p.get("styleSource")
    if p.get("liveLabel"):
        out["liveLabel"] = p["liveLabel"]
    if p.get("addedFrom"):
        out["addedFrom"] = p["addedFrom"]
    if p.get("menuAssumed"):
        out["menuAssumed"] = True
    if p.get("menuFrom"):
        out["menuFrom"] = p["menuFrom"]
    if p.get("newerName"):
        out["newerName"] = p["newerName"]
    if "creationValue" in p:
        out["creationValue"] = p["creationValue"]
        out["creationValueSource"] = p["creationValueSource"]
    for flag in CARRIED_FLAGS:
        if p.get(flag):
            out[flag] = True
    return out


def convert_params(fact_op):
    """Params in page order (stable within a page); parameters without a page go last."""
    fact_params = fact_op.get("parameters") or []
    member_facts = _member_facts(fact_params)
    params = [convert_param(p, member_facts) for p in fact_params]
    pages = fact_op.get("pages") or []
    rank = {page: i for i, page in enumerate(pages)}
    order = {id(p): i for i, p in enumerate(params)}
    params.sort(key=lambda p: (rank.get(p["page"], len(pages)), order[id(p)]))
    return params


def scalar_names(params):
    """Every scalar Python name the operator exposes, in order."""
    names = []
    for p in params:
        names.extend(p["components"] if p.get("components") else [p["name"]])
    return names
