"""Generates kb/data/ from the td-facts folder.

usage: python3 kb/generate/generate.py [FACTS_DIR] [--out KB_DATA_DIR]
FACTS_DIR defaults to ../shared/td-facts (relative to the current directory).
"""
import argparse
import copy
import os
import re
import sys

from build_classes import build_classes
from build_operators import apply_curated, build_operator, check_names, finish_inputs, index_entry, mark_assumed, OverlayError
from build_releases import build_releases
from coverage import assumed_counts, assumed_table, coverage, markdown_table, source_counts, sources_table
from facts_io import FAMILIES, read_facts, read_json, write_json, write_json_lines
from fidelity import (FidelityError, apply_creation_values, apply_real_build, infer_unit_menus, merge_common_pages,
                      pop_vector_tuplets, xyz_tuplet_styles)
from leniency import close_family_menus, newer_names
from shared_pages import merge_shared_pages, merge_shared_sequences

HERE = os.path.dirname(os.path.abspath(__file__))
KB_DIR = os.path.dirname(HERE)
INDEX_VERSION = 1


def corrected_facts(facts, rules=None):
    """The docs facts with the family common and shared pages merged and the real build's facts
    applied. `rules` (a dict) gets how many parameters each rule added, changed or closed."""
    rules = {} if rules is None else rules
    fact_ops = copy.deepcopy(facts["operators"])
    real = read_json(os.path.join(HERE, "real-build.json"))
    rules["family Common pages: union on every member"] = merge_common_pages(fact_ops)
    rules.update(merge_shared_pages(fact_ops, real.get("sharedPages", [])))
    rules.update(merge_shared_sequences(fact_ops, real.get("sharedSequences", [])))
    fact_ops = apply_real_build(fact_ops, real, rules)
    rules.update(xyz_tuplet_styles(fact_ops, real.get("xyzTuplets", [])))
    rules.update(apply_creation_values(fact_ops, real.get("creationValues", [])))
    rules["CHOP unit menus without entries: the family's or time units (assumed)"] = infer_unit_menus(fact_ops)
    rules["menus without entries closed from their family (default among the entries; assumed)"] = \
        close_family_menus(fact_ops)
    rules["POP x/y/z tuplets styled XYZW from the live dump"] = pop_vector_tuplets(fact_ops)
    older, named = newer_names(fact_ops)
    rules[f"names only in older docs ({older}, warned): newer spelling found"] = named
    return fact_ops


def rules_table(rules):
    lines = ["| rule | parameters |", "|---|---|"]
    lines += [f"| {name} | {count} |" for name, count in rules.items()]
    return "\n".join(lines)


def build_all(facts):
    curated = read_json(os.path.join(HERE, "curated.json"))
    summaries = read_json(os.path.join(HERE, "summaries.json"))["summaries"]
    keywords = read_json(os.path.join(HERE, "keywords.json"))["keywords"]
    ops_by_type = {}
    for fact_op in facts["corrected"]:
        op = build_operator(fact_op, summaries)
        if op["type"] in ops_by_type:
            raise OverlayError("duplicate operator type in facts: " + op["type"])
        ops_by_type[op["type"]] = op
    unknown = [t for t in list(summaries) + list(keywords) if t not in ops_by_type]
    if unknown:
        raise OverlayError("summaries/keywords name unknown operator types: " + ", ".join(unknown))
    apply_curated(ops_by_type, curated)
    problems = []
    for op in ops_by_type.values():
        finish_inputs(op)
        mark_assumed(op)
        dupes = check_names(op)
        if dupes:
            problems.append(f"{op['type']}: duplicate scalar names {dupes}")
    by_family = {f: sorted((op for op in ops_by_type.values() if op["family"] == f), key=lambda o: o["type"])
                 for f in FAMILIES}
    index = [index_entry(op, keywords.get(op["type"], [])) for f in FAMILIES for op in by_family[f]]
    index.sort(key=lambda e: e["type"])
    return by_family, index, problems


def check_against_stats(by_family, stats):
    for family in FAMILIES:
        want = stats["perFamily"][family]["operators"]
        got = len(by_family[family])
        if want != got:
            raise OverlayError(f"{family}: {got} operators generated, facts say {want}")


def write_readme_tables(tables):
    """Replace the generated tables in kb/README.md between their markers, if present."""
    path = os.path.join(KB_DIR, "README.md")
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as f:
        text = f.read()
    new = text
    for marker, table in tables.items():
        block = f"<!-- {marker}:start -->\n" + table + f"\n<!-- {marker}:end -->"
        new = re.sub(f"<!-- {marker}:start -->.*?<!-- {marker}:end -->", lambda _: block, new, flags=re.S)
    if new != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)


def main(argv):
    parser = argparse.ArgumentParser(description="Generate kb/data from td-facts")
    parser.add_argument("facts", nargs="?", default=os.path.join("..", "shared", "td-facts"))
    parser.add_argument("--out", default=os.path.join(KB_DIR, "data"))
    args = parser.parse_args(argv)
    if not os.path.exists(os.path.join(args.facts, "operators.json")):
        print(f"generate: no operators.json in {args.facts}", file=sys.stderr)
        return 2
    facts = read_facts(args.facts)
    rules = {}
    try:
        facts["corrected"] = corrected_facts(facts, rules)
        by_family, index, problems = build_all(facts)
        check_against_stats(by_family, facts["stats"])
    except (OverlayError, FidelityError) as e:
        print("generate: " + str(e), file=sys.stderr)
        return 1
    params = [p for f in FAMILIES for op in by_family[f] for p in op["params"]]
    rules["menus left without entries (svc check warns on any value set)"] = \
        sum(1 for p in params if p["style"] == "Menu" and not p.get("menuNames"))
    rules["incomplete menus (svc check warns on an entry it does not know)"] = \
        sum(1 for p in params if p.get("menuIncomplete"))
    for family in FAMILIES:
        write_json_lines(os.path.join(args.out, "operators", family + ".json"),
                         {"family": family}, "operators", by_family[family])
    write_json_lines(os.path.join(args.out, "index.json"), {"version": INDEX_VERSION}, "operators", index)
    write_json(os.path.join(args.out, "python-classes.json"), build_classes(facts["classes"]))
    write_json(os.path.join(args.out, "releases.json"), build_releases(facts["corrected"]))
    table = coverage(by_family)
    sources = source_counts(by_family)
    write_json(os.path.join(args.out, "coverage.json"), {"perFamily": table, "sources": sources})
    if os.path.abspath(args.out) == os.path.join(KB_DIR, "data"):
        write_readme_tables({"coverage": markdown_table(table), "sources": sources_table(sources),
                             "assumed": assumed_table(assumed_counts(by_family)), "rules": rules_table(rules)})
    for problem in problems:
        print("generate: warning: " + problem, file=sys.stderr)
    total = sum(len(v) for v in by_family.values())
    print(f"generate: {total} operators, {sum(t['params'] for f, t in table.items() if f != 'ALL')} params -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
