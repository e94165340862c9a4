"""Less leniency: menus closed where the facts allow, and the newer spelling of names the current
documentation no longer has.

1. `close_family_menus`: a Menu documented without entries takes the entries the same parameter
   name is documented with on other operators of its family, when they all agree and the
   parameter's reported default (live dump or curated) is one of them: the default shows the
   entries are the same menu. Marked `menuAssumed` (svc check only warns on them). Parameters
   whose default is unknown are left open (their first entry would become tdsim's default).
2. `newer_names`: a parameter documented only in the older docs snapshot gets `newerName`, the
   current parameter of the same operator with the same label (the closest name if several), when
   there is one: svc check warns with it.
"""
from collections import defaultdict

from fidelity import _param


def _documented_menus(fact_ops):
    menus = defaultdict(set)
    labels = {}
    for op in fact_ops:
        for p in op.get("parameters") or []:
            if p.get("style") == "Menu" and p.get("menuNames") and not p.get("menuAssumed"):
                key = (op["family"], p["name"])
                menus[key].add(tuple(p["menuNames"]))
                labels[(key, tuple(p["menuNames"]))] = p.get("menuLabels") or p["menuNames"]
    return menus, labels


def close_family_menus(fact_ops):
    """Returns how many menus were closed."""
    menus, labels = _documented_menus(fact_ops)
    closed = 0
    for op in fact_ops:
        for p in op.get("parameters") or []:
            if p.get("style") != "Menu" or p.get("menuNames"):
                continue
            found = menus.get((op["family"], p["name"]))
            if not found or len(found) != 1:
                continue
            names = next(iter(found))
            if p.get("default") is None or p.get("default") not in names:
                continue
            p["menuNames"] = list(names)
            p["menuLabels"] = list(labels[((op["family"], p["name"]), names)])
            p["menuAssumed"] = True
            p["menuFrom"] = "family"
            closed += 1
    return closed


def _distance(a, b):
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def newer_names(fact_ops):
    """Returns (older-only parameters, how many got a newer name)."""
    older = named = 0
    for op in fact_ops:
        params = op.get("parameters") or []
        current = [p for p in params if not p.get("onlyInOlderDocsSnapshot")]
        for p in params:
            if not p.get("onlyInOlderDocsSnapshot"):
                continue
            older += 1
            label = (p.get("label") or "").strip().lower()
            if not label:
                continue
            same = [c for c in current if (c.get("label") or "").strip().lower() == label and c["name"] != p["name"]]
            if p.get("sequence"):
                # A block parameter's newer name is in the sequence that took its sequence's place
                # (the same header label: attributePOP's `mat` blocks became `matattr` blocks).
                header = (_param(op, p["sequence"]) or {}).get("label")
                heirs = [c for c in same if c.get("sequence") and (_param(op, c["sequence"]) or {}).get("label") == header]
                same = heirs or same
            same = [c["name"] for c in same]
            if same:
                p["newerName"] = min(same, key=lambda n: (_distance(p["name"], n), n))
                named += 1
    return older, named
