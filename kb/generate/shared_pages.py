"""Parameter pages and sequences a family shares, completed where the docs pages lag one another.

TouchDesigner builds the pages of a family from one template (the docs' "COMP Instance Page",
"COMP Xform Page"...): an operator that has the page has all of it, whatever its own docs page
lists. Rules, from `real-build.json` (`sharedPages`, `sharedSequences`):

- `pages`: every operator of `family` showing one of `pages` gets the union of the parameters the
  family documents on that page (and the union of their menus); `addedFrom: "family-shared-page"`.
- `pageSet` with `toTypesWithPages`: the operators of `family` whose docs show all of
  `toTypesWithPages` (the 3D object COMPs: Xform, Pre-Xform, Render), or the first page of the set,
  have every page of `pageSet` in the build (instancing), taken from the family's operators that
  document them all; `addedFrom: "family-shared-page"`.
- `sharedSequences`: a sequence a GLSL-family operator's docs show without some of its block
  parameters takes the block template the same sequence has on another operator (`copyFrom`), or,
  for `unionWithinFamily`, every block parameter the same sequence has in the family;
  `addedFrom: "family-shared-sequence"`. A sequence whose template no fact gives is marked
  `templateAssumed` (svc check only warns about names outside it).
"""
import copy
import re

from fidelity import FidelityError, _param

SHARED_PAGE = "family-shared-page"
SHARED_SEQUENCE = "family-shared-sequence"


def _copy_entry(p, added_from):
    entry = {k: v for k, v in copy.deepcopy(p).items()
             if k not in ("defaultSource", "default", "componentDefaults", "onlyInOlderDocsSnapshot")}
    entry["addedFrom"] = added_from
    entry["sources"] = [added_from]
    return entry


def _add(op, entry):
    op["parameters"].append(entry)
    op.setdefault("parNames", [])
    op["parNames"].extend(entry.get("components") or [entry["name"]])


def _merge_menu(mine, documented):
    names = list(mine.get("menuNames") or [])
    labels = list(mine.get("menuLabels") or names)
    for n, label in zip(documented.get("menuNames") or [], documented.get("menuLabels") or documented.get("menuNames") or []):
        if n not in names:
            names.append(n)
            labels.append(label)
    if mine.get("menuNames") is not None:
        mine["menuNames"], mine["menuLabels"] = names, labels


def _page_union(members, page):
    union = {}
    for op in members:
        for p in op["parameters"]:
            if p.get("page") == page and not p.get("onlyInOlderDocsSnapshot"):
                union.setdefault(p["name"], p)
    return union


def _insert_pages(op, pages, before):
    """Put `pages` into the operator's page list before the first of `before` it has."""
    have = op.get("pages") or []
    new = [p for p in pages if p not in have]
    at = next((have.index(b) for b in before if b in have), len(have))
    op["pages"] = have[:at] + new + have[at:]


def merge_shared_pages(fact_ops, rules):
    """Returns {rule label: parameters added}."""
    counts = {}
    for rule in rules:
        family = rule["family"]
        members = [op for op in fact_ops if op["family"] == family]
        if "pageSet" in rule:
            pages = rule["pageSet"]
            def has_all(op, wanted):
                return all(pg in (op.get("pages") or []) for pg in wanted)
            sources = [op for op in members if has_all(op, pages)]
            if not sources:
                raise FidelityError(f"no {family} documents the pages {pages}")
            # The object COMPs, and those that document only part of the set (the Flow Emitter
            # COMP shows Instance and Instance 2, not Instance 3).
            targets = [op for op in members if not has_all(op, pages)
                       and (has_all(op, rule["toTypesWithPages"]) or pages[0] in (op.get("pages") or []))]
            added = 0
            for op in targets:
                _insert_pages(op, pages, rule.get("before", []))
                for page in pages:
                    for name, p in _page_union(sources, page).items():
                        if _param(op, name) is None:
                            _add(op, _copy_entry(p, SHARED_PAGE))
                            added += 1
            op_types = ", ".join(sorted(op["optype"] for op in targets))
            counts[f"{family} {' / '.join(pages)} pages on {op_types}"] = added
            continue
        added = 0
        for page in rule["pages"]:
            having = [op for op in members if page in (op.get("pages") or [])]
            union = _page_union(having, page)
            for op in having:
                for name, p in union.items():
                    mine = _param(op, name)
                    if mine is None:
                        _add(op, _copy_entry(p, SHARED_PAGE))
                        added += 1
                    else:
                        _merge_menu(mine, p)
        counts[f"{family} pages {', '.join(rule['pages'])}: union on every member"] = added
    return counts


def _blocks(op, sequence):
    return [p for p in op["parameters"] if p.get("sequence") == sequence]


def _suffix(sequence, name):
    m = re.match(re.escape(sequence) + r"0(.*)$", name)
    return m.group(1) if m else None


def _template_entry(p, from_seq, to_seq):
    entry = _copy_entry(p, SHARED_SEQUENCE)
    suffix = _suffix(from_seq, p["name"])
    entry["name"] = f"{to_seq}0{suffix}"
    if entry.get("components"):
        entry["components"] = [f"{to_seq}0{c[len(from_seq) + 1:]}" for c in entry["components"]]
    entry["sequence"], entry["blockIndex"] = to_seq, 0
    # Group links name the source operator's parameters: they do not carry over.
    entry.pop("groupMembers", None)
    entry.pop("inGroupOf", None)
    return entry


def _give_sequence(op, name, source_op, source_seq, rule):
    """Make `name` a sequence of `op` with `source_op`'s template of `source_seq`; returns params added."""
    template = [p for p in _blocks(source_op, source_seq) if p.get("blockIndex") == 0]
    if not template:
        raise FidelityError(f"{source_op['optype']} has no sequence {source_seq} to copy")
    added = 0
    header = _param(op, name)
    if header is None:
        source_header = _param(source_op, source_seq) or {}
        header = {"name": name, "label": rule.get("label") or source_header.get("label"),
                  "page": rule.get("page") or source_header.get("page"), "style": "Sequence",
                  "styleSource": "inferred(family-shared-sequence)"}
        header = _copy_entry(header, SHARED_SEQUENCE)
        _add(op, header)
        added += 1
    header["isSequenceHeader"] = True
    if rule.get("templateAssumed"):
        header["templateAssumed"] = True
    for p in template:
        entry = _template_entry(p, source_seq, name)
        existing = _param(op, entry["name"])
        if existing is not None:  # documented without its sequence: now a block of it
            existing["sequence"], existing["blockIndex"] = name, 0
            continue
        entry["page"] = header.get("page")
        _add(op, entry)
        added += 1
    return added


def merge_shared_sequences(fact_ops, rules):
    """Returns {rule label: parameters added}."""
    ops = {op["optype"]: op for op in fact_ops}
    counts = {}
    for rule in rules:
        if "unionWithinFamily" in rule:
            prefix = rule["unionWithinFamily"]
            added = 0
            for family in sorted({op["family"] for op in fact_ops}):
                members = [op for op in fact_ops if op["family"] == family and op["optype"].startswith(prefix)]
                for seq in rule["sequences"]:
                    having = [op for op in members if _blocks(op, seq)]
                    union = {}
                    for op in having:
                        for p in _blocks(op, seq):
                            if p.get("blockIndex") == 0:
                                union.setdefault(_suffix(seq, p["name"]), p)
                    for op in having:
                        for suffix, p in union.items():
                            if _param(op, f"{seq}0{suffix}") is None:
                                entry = _template_entry(p, seq, seq)
                                entry["page"] = (_param(op, seq) or {}).get("page") or entry.get("page")
                                _add(op, entry)
                                added += 1
            counts[f"sequences {', '.join(rule['sequences'])}: block template union within each family of {prefix}* operators"] = added
            continue
        src = rule["copyFrom"]
        if src["type"] not in ops:
            raise FidelityError(f"real-build.json copies a sequence from unknown type {src['type']}")
        added = 0
        for t in rule["types"]:
            if t not in ops:
                raise FidelityError(f"real-build.json names unknown operator type {t}")
            added += _give_sequence(ops[t], rule["header"], ops[src["type"]], src["sequence"], rule)
        counts[f"sequence {rule['header']} on {', '.join(rule['types'])} (template of {src['type']} {src['sequence']})"] = added
    return counts
