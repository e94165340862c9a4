"""Builds knowledge-base Operator entries from the facts plus the curated overlay."""
import re

from build_params import convert_params, scalar_names
from build_sequences import build_sequences
from curated_values import CuratedValueError, apply_default, apply_style


class OverlayError(Exception):
    """The curated overlay names something the facts do not have: fix the overlay, never guess."""


def _derived_inputs(fact_op):
    """Max inputs from the live POP connectors or from the inputs the docs list; min only when max is 0."""
    live = fact_op.get("connectorsLive")
    documented = fact_op.get("inputsDocumented")
    max_inputs, max_source = None, None
    if live is not None:
        max_inputs, max_source = live["inputs"], "td-live-connectors"
    elif documented is not None:
        max_inputs, max_source = documented["count"], "docs-listed-inputs"
    min_inputs, min_source = (0, "derived") if max_inputs == 0 else (None, None)
    return {"min": min_inputs, "max": max_inputs}, {"min": min_source, "max": max_source}


def build_operator(fact_op, summaries):
    params = convert_params(fact_op)
    inputs, inputs_source = _derived_inputs(fact_op)
    live = fact_op.get("connectorsLive")
    docs = fact_op.get("docs") or {}
    documented = fact_op.get("inputsDocumented") or {}
    op = {
        "type": fact_op["optype"],
        "family": fact_op["family"],
        "label": fact_op["label"],
        "summary": summaries.get(fact_op["optype"]),
        "inputs": inputs,
        "inputsSource": inputs_source,
        "inputLabels": documented.get("labels"),
        "outputs": live["outputs"] if live else None,
        "outputsSource": "td-live-connectors" if live else None,
        "isGenerator": None,
        "namespace": docs.get("namespace") or "main",
        "pages": list(fact_op.get("pages") or []),
        "params": params,
    }
    if fact_op.get("aliases"):
        op["aliases"] = list(fact_op["aliases"])
    sequences = build_sequences(params)
    if sequences:
        op["sequences"] = sequences
    return op


def _targets(entry, ops_by_type, family_of):
    if "types" in entry:
        missing = [t for t in entry["types"] if t not in ops_by_type]
        if missing:
            raise OverlayError("curated entry names unknown operator types: " + ", ".join(missing))
        return [ops_by_type[t] for t in entry["types"]]
    families = entry["families"]
    return [op for t, op in ops_by_type.items() if family_of[t] in families]


def _find_param(op, name):
    for p in op["params"]:
        if p["name"] == name:
            return p
    return None


def _param_targets(entry, ops_by_type, family_of, name):
    """(op, param) pairs an overlay entry reaches; explicit types must have the parameter."""
    explicit = "types" in entry
    for op in _targets(entry, ops_by_type, family_of):
        p = _find_param(op, name)
        if p is None:
            if explicit:
                raise OverlayError(f"{op['type']} has no parameter {name}")
            continue
        yield op, p


def _check_status(entry):
    if entry.get("status") != "assumption":
        raise OverlayError("every curated entry must be marked status: assumption")


def apply_curated(ops_by_type, curated):
    family_of = {t: op["family"] for t, op in ops_by_type.items()}
    for entry in curated["inputs"]:
        _check_status(entry)
        for op in _targets(entry, ops_by_type, family_of):
            for key in ("min", "max"):
                if key in entry:
                    op["inputs"][key] = entry[key]
                    op["inputsSource"][key] = "curated"
    for entry in curated["outputs"]:
        for op in _targets(entry, ops_by_type, family_of):
            if op["outputs"] is None:
                op["outputs"], op["outputsSource"] = entry["outputs"], "curated"
    try:
        # Styles first: a corrected style decides which defaults are acceptable.
        for entry in curated.get("styles", []):
            _check_status(entry)
            for op, p in _param_targets(entry, ops_by_type, family_of, entry["param"]):
                apply_style(op["type"], p, entry["style"])
        for entry in curated["params"]:
            _check_status(entry)
            for op, p in _param_targets(entry, ops_by_type, family_of, entry["param"]):
                _apply_param_entry(op, p, entry)
        for entry in curated.get("defaults", []):
            _check_status(entry)
            for name, value in entry["values"].items():
                for op, p in _param_targets(entry, ops_by_type, family_of, name):
                    apply_default(op["type"], p, value)
    except CuratedValueError as e:
        raise OverlayError(str(e)) from None


def _apply_param_entry(op, p, entry):
    if "default" in entry:
        apply_default(op["type"], p, entry["default"])
    for key in ("min", "max", "clampMin", "clampMax"):
        if key in entry and p[key] is None:
            p[key] = entry[key]
            p.setdefault("rangeSource", "curated")


def mark_assumed(op):
    """`assumed` lists the values not backed by a fact (curated overlay, inferred menus): svc check
    only warns on their strength, and a merged live dump replaces them."""
    for p in op["params"]:
        assumed = []
        if p.get("styleSource") == "curated":
            assumed.append("style")
        if p.get("defaultSource") == "curated":
            assumed.append("default")
        if p.get("rangeSource") == "curated":
            assumed.append("range")
        if p.pop("menuAssumed", False):
            assumed.append("menu")
        if assumed:
            p["assumed"] = assumed
        else:
            p.pop("assumed", None)
    sources = op.get("inputsSource") or {}
    assumed = [k for k, key in (("inputs", "min"), ("inputs", "max")) if sources.get(key) == "curated"]
    if op.get("outputsSource") == "curated":
        assumed.append("outputs")
    if assumed:
        op["assumed"] = sorted(set(assumed))


def finish_inputs(op):
    """isGenerator follows min inputs; inputs collapses to null when nothing is known."""
    inputs = op["inputs"]
    if inputs["min"] is not None:
        op["isGenerator"] = inputs["min"] == 0
    if inputs["min"] is None and inputs["max"] is None:
        op["inputs"] = None
        op["inputsSource"] = None


_WORD = re.compile(r"[a-z0-9]+")


def index_entry(op, extra_keywords):
    """What search needs without opening a family file."""
    words = []
    for text in [op["label"], op["family"]] + list(extra_keywords):
        for w in _WORD.findall(text.lower()):
            if w not in words:
                words.append(w)
    entry = {"type": op["type"], "family": op["family"], "label": op["label"], "keywords": words}
    if op["summary"]:
        entry["common"] = True
    if op["namespace"] != "main":
        entry["namespace"] = op["namespace"]
    if op.get("aliases"):
        entry["aliases"] = list(op["aliases"])
    return entry


def check_names(op):
    """Scalar names must be unique per operator: lookups depend on it."""
    seen = set()
    dupes = []
    for name in scalar_names(op["params"]):
        if name in seen:
            dupes.append(name)
        seen.add(name)
    return dupes
