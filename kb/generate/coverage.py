"""Per-family completeness of the generated data, as numbers and as a Markdown table."""

from facts_io import FAMILIES


def _pct(part, whole):
    return round(100.0 * part / whole, 1) if whole else 0.0


def family_coverage(ops):
    params = [p for op in ops for p in op["params"]]
    menus = [p for p in params if p["style"] in ("Menu", "StrMenu")]
    return {
        "operators": len(ops),
        "params": len(params),
        "summaryKnown": sum(1 for op in ops if op["summary"]),
        "inputsMaxKnown": sum(1 for op in ops if op["inputs"] and op["inputs"]["max"] is not None),
        "inputsMinKnown": sum(1 for op in ops if op["inputs"] and op["inputs"]["min"] is not None),
        "outputsKnown": sum(1 for op in ops if op["outputs"] is not None),
        "isGeneratorKnown": sum(1 for op in ops if op["isGenerator"] is not None),
        "pctStyleKnown": _pct(sum(1 for p in params if p["style"]), len(params)),
        "pctPageKnown": _pct(sum(1 for p in params if p["page"]), len(params)),
        "pctDefaultKnown": _pct(sum(1 for p in params if p["defaultSource"]), len(params)),
        "pctMenusWithEntries": _pct(sum(1 for p in menus if p.get("menuNames")), len(menus)),
        "paramsWithRange": sum(1 for p in params if p["min"] is not None or p["max"] is not None),
        "defaultsCurated": sum(1 for p in params if p["defaultSource"] == "curated"),
        "tuplets": sum(1 for p in params if p.get("components")),
    }


def coverage(ops_by_family):
    table = {f: family_coverage(ops_by_family[f]) for f in FAMILIES}
    table["ALL"] = family_coverage([op for f in FAMILIES for op in ops_by_family[f]])
    return table


COLUMNS = [
    ("operators", "ops"), ("params", "params"), ("summaryKnown", "summary"),
    ("inputsMaxKnown", "inputs max"), ("inputsMinKnown", "inputs min"), ("outputsKnown", "outputs"),
    ("isGeneratorKnown", "isGenerator"), ("pctStyleKnown", "style %"), ("pctPageKnown", "page %"),
    ("pctDefaultKnown", "default %"), ("pctMenusWithEntries", "menus w/ entries %"),
    ("paramsWithRange", "params w/ range"), ("defaultsCurated", "curated defaults"), ("tuplets", "tuplets"),
]


def markdown_table(table):
    lines = ["| family | " + " | ".join(label for _, label in COLUMNS) + " |",
             "|---" * (len(COLUMNS) + 1) + "|"]
    for family, row in table.items():
        lines.append("| " + family + " | " + " | ".join(str(row[key]) for key, _ in COLUMNS) + " |")
    return "\n".join(lines)


def source_counts(ops_by_family):
    """How many parameter entries take their style, default and range from each source tag."""
    counts = {"styleSource": {}, "defaultSource": {}, "rangeSource": {}}
    for f in FAMILIES:
        for op in ops_by_family[f]:
            for p in op["params"]:
                for key in counts:
                    tag = p.get(key) or "(none)"
                    counts[key][tag] = counts[key].get(tag, 0) + 1
    return counts


def sources_table(counts):
    lines = ["| field | source tag | parameter entries |", "|---|---|---|"]
    for key, by_tag in counts.items():
        for tag, n in sorted(by_tag.items(), key=lambda kv: -kv[1]):
            lines.append(f"| {key} | {tag} | {n} |")
    return "\n".join(lines)


def assumed_counts(ops_by_family):
    """Values not backed by a fact, by kind: parameter fields, operator fields, sequence block counts."""
    counts = {"style": 0, "default": 0, "range": 0, "menu": 0, "inputs": 0, "outputs": 0, "sequence block count": 0}
    params_with_any = 0
    for f in FAMILIES:
        for op in ops_by_family[f]:
            for p in op["params"]:
                for field in p.get("assumed", []):
                    counts[field] += 1
                params_with_any += 1 if p.get("assumed") else 0
            for field in op.get("assumed", []):
                counts[field] += 1
            for s in op.get("sequences", []):
                counts["sequence block count"] += 1 if s["defaultBlocksSource"] == "assumed" else 0
    return counts, params_with_any


def assumed_table(result):
    counts, params_with_any = result
    lines = ["| assumed value | count |", "|---|---|"]
    for field, n in counts.items():
        lines.append(f"| {field} | {n} |")
    lines.append(f"| all | {sum(counts.values())} (on {params_with_any} parameter entries, plus operator inputs/outputs and block counts) |")
    return "\n".join(lines)
