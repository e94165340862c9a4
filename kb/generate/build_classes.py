"""Python API classes and td/tdu module members, keyed by name for direct lookup."""

MEMBER_KEYS = ("name", "kind", "type", "readOnly", "signature", "returns", "section", "syntax")


def _member(m):
    return {k: m[k] for k in MEMBER_KEYS if k in m}


def build_classes(facts_classes):
    classes = {}
    for c in sorted(facts_classes["classes"], key=lambda c: c["name"]):
        inherits = c.get("inheritsDocumented") or c.get("inheritsDerived") or []
        entry = {
            "name": c["name"],
            "category": c["category"],
            "inherits": list(inherits),
            "inheritsSource": "docs" if c.get("inheritsDocumented") else ("derived" if inherits else None),
            "members": [_member(m) for m in c["members"]],
            "snapshot": (c.get("source") or {}).get("snapshot"),
        }
        older = c.get("membersOnlyInOlderSnapshot")
        if older:
            entry["membersOnlyInOlderSnapshot"] = [_member(m) for m in older]
        if c.get("callbacks"):
            entry["callbacks"] = [{"name": cb["name"], "signature": cb.get("signature")} for cb in c["callbacks"]]
        classes[c["name"]] = entry
    modules = {
        name: {"name": name, "members": [_member(m) for m in mod["members"]]}
        for name, mod in sorted(facts_classes["modules"].items())
    }
    for name, mod in facts_classes["modules"].items():
        for m, src in zip(modules[name]["members"], mod["members"]):
            if "callSignatures" in src:
                m["callSignatures"] = list(src["callSignatures"])
    enums = {
        name: {"values": list(e["values"]), "usedBy": list(e.get("usedBy") or []), "complete": False}
        for name, e in sorted(facts_classes["enums"].items())
    }
    contracts = {}
    for name, c in sorted(facts_classes["callbackContracts"].items()):
        contracts[name] = {k: v for k, v in c.items() if k != "sources"}
    return {
        "version": 1,
        "snapshots": dict(facts_classes["meta"].get("snapshots") or {}),
        "modules": modules,
        "classes": classes,
        "enums": enums,
        "callbackContracts": contracts,
    }
