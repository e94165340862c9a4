"""Parameter sequences as data: the block template of each sequence an operator has.

TouchDesigner repeats a block of parameters (`vec0name`, `vec0value` ... `vec7name`, `vec7value`) under
one sequence header (`vec`). The docs list only the blocks a fresh operator shows (block 0, sometimes
1), so the template is read from them: each block parameter's name without `<prefix><index>` is its
suffix. How many blocks a fresh operator has is not stated by any fact; the number of blocks the docs
list is taken and marked `assumed`. No fact gives a maximum.
"""
import re


def _suffix(prefix, name):
    m = re.match(re.escape(prefix) + r"(\d+)(.*)$", name)
    return (int(m.group(1)), m.group(2)) if m else (None, None)


def build_sequences(params):
    """The `sequences` list of an operator from its converted params (block params keep their place)."""
    sequences = []
    for header in params:
        if not header.get("isSequenceHeader"):
            continue
        prefix = header["name"]
        block = [p for p in params if p.get("sequence") == prefix]
        template, seen, highest = [], set(), -1
        for p in block:
            index, suffix = _suffix(prefix, p["name"])
            if index is None or suffix == "":
                continue
            highest = max(highest, index)
            if suffix in seen:
                continue
            seen.add(suffix)
            entry = {"suffix": suffix, "param": p["name"]}
            if p.get("components"):
                entry["componentSuffixes"] = [c[len(prefix) + len(str(index)):] for c in p["components"]]
            template.append(entry)
        if not template:
            continue
        # A block parameter a running build reported (live POP dump) shows its block exists on a fresh
        # operator; otherwise the count is an assumption.
        live = any(p.get("defaultSource") == "td-live" and not p.get("absentInLiveDump") for p in block)
        sequences.append({
            "name": prefix,
            "label": header.get("label"),
            "page": header.get("page"),
            "blockParams": template,
            # ASSUMPTION unless live: a fresh operator shows the blocks its docs page lists.
            "defaultBlocks": highest + 1,
            "defaultBlocksSource": "td-live" if live else "assumed",
            "minBlocks": None,
            "maxBlocks": None,
        })
        if header.get("templateAssumed"):
            # No fact gives this sequence's blocks: a name outside the template only warns.
            sequences[-1]["templateAssumed"] = True
    return sequences
